"""What a seat may pick now: territories for autocomplete, and the kinds of next step.

Everything is read from the engine (`legal`, `engine.to_act`). `legal.next_steps` knows only
the current player's phases, so the phases where someone else is awaited (secret
headquarters, Allied Army orders, the capital bonus) are mapped here onto the same step
names, from who the engine says it waits for. No rule is decided here: the engine refuses
whatever is illegal with its own sentence.
"""

from __future__ import annotations

from bot.engine.world import engine, legal
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ALLIED_PLACE,
    CAPITAL_BONUS,
    CHOOSE_CAPITAL,
    OCCUPY,
    SETUP_PLACE,
    WorldState,
)


def waiting(state: WorldState) -> list[int]:
    """Seats the game waits for (several while headquarters are chosen)."""
    return engine.to_act(state)


def commanding_allies(state: WorldState) -> bool:
    """True while the non-current player gives the Allied Army its orders."""
    return state.phase in (ALLIED_PLACE, ALLIED_ATTACK) or (
        state.phase == OCCUPY and state.actor is not None and state.neutral_seat() is not None
    )


def army_of(state: WorldState, seat: int | None) -> int | None:
    """The army `seat` gives orders to now: the Allied Army while commanding it, else its own."""
    if seat is None:
        return None
    if commanding_allies(state) and seat == state.acting:
        return state.neutral_seat()
    return seat


def steps(state: WorldState, seat: int | None) -> list[str]:
    """Kinds of action open to `seat` now, most likely first (drives buttons and hints)."""
    if seat is None or seat not in waiting(state):
        return []
    found = legal.next_steps(state, seat)
    if found:
        return found
    phase = state.phase
    if phase == CHOOSE_CAPITAL:
        return ["choose_capital"]
    if phase in (ALLIED_PLACE, CAPITAL_BONUS):
        return ["place"]
    if phase == OCCUPY:
        return ["occupy"]
    if phase == ALLIED_ATTACK:
        return [*(["attack", "blitz"] if attack_sources(state, seat) else []), "end_attack"]
    return []


def claimable(state: WorldState, seat: int | None) -> list[str]:
    return legal.claimable(state)


def placeable(state: WorldState, seat: int | None) -> list[str]:
    """Where `seat` may put armies now, neutral territories included when that is due."""
    if seat is None:
        return []
    if state.phase == SETUP_PLACE:
        found = legal.placeable(state, seat) if state.quota_own or seat != state.current else []
        neutral = state.neutral_seat()
        if neutral is not None and state.quota_neutral and seat == state.current:
            found += legal.placeable(state, neutral)
        return found
    if state.phase in (ALLIED_PLACE, CAPITAL_BONUS) and seat != state.acting:
        return []
    army = army_of(state, seat)
    return [] if army is None else legal.placeable(state, army)


def attack_targets(state: WorldState, source: str) -> list[str]:
    """Territories `source` may attack; the Allied Army attacks only the current player."""
    found = legal.attack_targets(state, source)
    if commanding_allies(state) and state.owner.get(source) == state.neutral_seat():
        found = [t for t in found if state.owner[t] == state.current]
    return found


def attack_sources(state: WorldState, seat: int | None) -> list[str]:
    army = army_of(state, seat)
    if army is None:
        return []
    return [t for t in legal.attack_sources(state, army) if attack_targets(state, t)]


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
