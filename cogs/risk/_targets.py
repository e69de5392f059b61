"""What a seat may pick now: territories for autocomplete, and the kinds of next step.

Everything is read from the engine (`legal`, `engine.to_act`); this module only adapts it to
what the cogs hold (a seat that may be None for spectators, the command's namespace). No
rule is decided here: the engine refuses whatever is illegal with its own sentence.
"""

from __future__ import annotations

from bot.engine.world import engine, legal
from bot.engine.world.state import (
    CHOOSE_CAPITAL,
    WorldState,
)


def waiting(state: WorldState) -> list[int]:
    """Seats the game waits for (several while headquarters are chosen)."""
    return engine.to_act(state)


def commanding_allies(state: WorldState) -> bool:
    """True while the non-current player gives the Allied Army its orders."""
    return legal.commanding_allies(state)


def army_of(state: WorldState, seat: int | None) -> int | None:
    """The army `seat` gives orders to now: the Allied Army while commanding it, else its own."""
    return None if seat is None else legal.army_of(state, seat)


def steps(state: WorldState, seat: int | None) -> list[str]:
    """Kinds of action open to `seat` now, most likely first (drives buttons and hints)."""
    return [] if seat is None else legal.next_steps(state, seat)


def claimable(state: WorldState, seat: int | None) -> list[str]:
    return legal.claimable(state)


def placeable(state: WorldState, seat: int | None) -> list[str]:
    """Where `seat` may put armies now, neutral territories included when that is due."""
    return [] if seat is None else legal.placement_targets(state, seat)


def attack_targets(state: WorldState, source: str) -> list[str]:
    """Territories `source` may attack; the Allied Army attacks only the current player."""
    return legal.attack_targets(state, source)


def attack_sources(state: WorldState, seat: int | None) -> list[str]:
    return [] if seat is None else legal.attack_sources(state, legal.army_of(state, seat))


def fortify_sources(state: WorldState, seat: int | None) -> list[str]:
    return [] if seat is None else legal.fortify_sources(state, seat)


def fortify_targets(state: WorldState, seat: int | None, source: str | None) -> list[str]:
    if seat is None:
        return []
    if source in state.owner and state.owner[source] == seat:
        return legal.fortify_targets(state, source)
    return state.territories_of(seat)


def headquarters(state: WorldState, seat: int | None) -> list[str]:
    """Territories `seat` may still pick as headquarters."""
    if seat is None or state.phase != CHOOSE_CAPITAL or seat not in waiting(state):
        return []
    return state.territories_of(seat)


def last_attack(state: WorldState, seat: int) -> tuple[str, str] | None:
    """The attack just made, if `seat` can make it again (Attack again / Blitz buttons)."""
    if not state.attacks or "attack" not in steps(state, seat):
        return None
    source, target = state.attacks[-1][0], state.attacks[-1][1]
    if source in attack_sources(state, seat) and target in attack_targets(state, source):
        return source, target
    return None
