"""Small checks and helpers shared by the engine's modules."""

from __future__ import annotations

from typing import Any

from bot.engine.errors import RuleError
from bot.engine.rng import Rng
from bot.engine.world.board import world_map
from bot.engine.world.state import WorldState

Event = dict[str, Any]


def require(condition: bool, message: str) -> None:
    if not condition:
        raise RuleError(message)


def check_territory(name: str) -> str:
    if name not in world_map().neighbours:
        raise RuleError(f"There is no territory called {name!r}.")
    return name


def check_own(state: WorldState, seat: int, territory: str) -> None:
    check_territory(territory)
    owner = state.owner[territory]
    if owner != seat:
        whose = "nobody" if owner is None else state.players[owner].name
        raise RuleError(f"{territory} is not yours; it belongs to {whose}.")


def cap_room(state: WorldState, territory: str) -> int | None:
    """Armies `territory` can still take under the 12-army cap (None: no cap)."""
    cap = state.options.max_armies
    return None if cap is None else max(0, cap - state.armies[territory])


def next_player(state: WorldState, seat: int) -> int:
    """The next seat to the left that is still playing (the neutral army never plays)."""
    n = len(state.players)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        player = state.players[candidate]
        if player.alive and not player.neutral:
            return candidate
    return seat


def roll_off(rng: Rng, seats: list[int], events: list[Event]) -> int:
    """Each player rolls one die; the highest wins, ties roll again."""
    contenders = list(seats)
    while True:
        rolls = {seat: rng.die() for seat in contenders}
        events.append({"type": "roll_off", "rolls": {str(k): v for k, v in rolls.items()}})
        best = max(rolls.values())
        contenders = [seat for seat, r in rolls.items() if r == best]
        if len(contenders) == 1:
            return contenders[0]


def opponent_of(state: WorldState, seat: int) -> int:
    """In a two-player game, the other player (not the neutral army)."""
    return next(i for i, p in enumerate(state.players) if not p.neutral and i != seat)
