"""What the service hands out: plain records the Discord layer reads (treat them as read-only)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.games import Family, family_for

# Game statuses. "cancelled" is a game stopped by its host or an admin; it is kept as history.
LOBBY = "lobby"
RUNNING = "running"
FINISHED = "finished"
BROKEN = "broken"
CANCELLED = "cancelled"
OPEN_STATUSES = (LOBBY, RUNNING)


@dataclass(frozen=True)
class PlayerRef:
    """A Discord user as the cog knows them when they create or join a game."""

    user_id: int
    name: str
    can_dm: bool = True


@dataclass
class Seat:
    """One player of a game. `seat` and `colour` are None until the game starts."""

    user_id: int
    name: str
    seat: int | None
    colour: int | None
    can_dm: bool
    host: bool
    # Standing choices the UI keeps for this player (e.g. notification preferences).
    choices: dict[str, Any] = field(default_factory=dict)


@dataclass
class Game:
    """A game as stored: lobby, running, finished, cancelled or broken.

    `state` is the engine's state object (None in the lobby and when broken). `version`
    counts the actions applied since the start; every action must name the version it was
    made against.
    """

    id: int
    guild_id: int
    channel_id: int
    ruleset: str
    options: dict[str, Any]
    seed: int
    status: str
    version: int
    state: Any
    seats: list[Seat]
    created_at: datetime
    updated_at: datetime
    broken_reason: str | None = None

    @property
    def family(self) -> Family:
        return family_for(self.ruleset)

    @property
    def host(self) -> Seat:
        return next(s for s in self.seats if s.host)

    def seat_of(self, user_id: int) -> int | None:
        """The seat of this user once the game has started (None if not seated)."""
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    def has_player(self, user_id: int) -> bool:
        return any(s.user_id == user_id for s in self.seats)

    def user_at(self, seat: int) -> Seat:
        for s in self.seats:
            if s.seat == seat:
                return s
        raise KeyError(f"no player at seat {seat}")

    @property
    def to_act(self) -> list[int]:
        """Seats the game waits for (empty unless running)."""
        if self.status != RUNNING or self.state is None:
            return []
        return self.family.to_act(self.state)


@dataclass
class ActResult:
    """The game after an action, and the events the engine reported for it."""

    game: Game
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class MessageRef:
    """A Discord message the bot posted for a game, so it can find it again after a restart."""

    game_id: int
    kind: str
    channel_id: int
    message_id: int
    created_at: datetime
