"""What the renderer needs to know about a game: plain data, decoupled from the engine."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class PlayerInfo:
    """One seat. `colour` is a palette index 0..5 (see style.PLAYER_COLOURS)."""

    name: str
    colour: int
    territories: int
    armies: int
    cards: int
    alive: bool = True
    neutral: bool = False


@dataclass(frozen=True)
class BoardView:
    """A snapshot of the board for one picture.

    territories: territory name -> (owner index into `players` or None, armies).
    arrows: last turn's attacks as (from, to, captured).
    highlight: territories marked with a star (headquarters, capitals).
    """

    territories: dict[str, tuple[int | None, int]]
    players: list[PlayerInfo]
    turn: int
    phase: str
    arrows: list[tuple[str, str, bool]] | tuple = ()
    title: str = ""
    highlight: frozenset[str] = field(default_factory=frozenset)
