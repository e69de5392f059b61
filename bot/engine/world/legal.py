"""What is legal now: the one source of truth for autocomplete and the computer player."""

from __future__ import annotations

from bot.engine.world import cards as card_rules
from bot.engine.world.board import world_map
from bot.engine.world.combat import attacking_seat, defence_dice, max_attack_dice
from bot.engine.world.state import (
    ATTACK,
    CLAIM,
    FORTIFY,
    OCCUPY,
    REINFORCE,
    SETUP_PLACE,
    WorldState,
)
from bot.engine.world.turns import fortify_targets, must_trade, placeable

__all__ = [
    "attack_sources",
    "attacking_seat",
    "attack_targets",
    "claimable",
    "defence_dice",
    "fortify_sources",
    "fortify_targets",
    "max_attack_dice",
    "must_trade",
    "next_steps",
    "placeable",
    "tradeable_sets",
]


def claimable(state: WorldState) -> list[str]:
    return [t for t, o in state.owner.items() if o is None]


def attack_targets(state: WorldState, source: str) -> list[str]:
    seat = state.owner.get(source)
    if seat is None:
        return []
    return sorted(n for n in world_map().neighbours[source] if state.owner[n] != seat)


def attack_sources(state: WorldState, seat: int) -> list[str]:
    """Your territories with at least 2 armies next to an opponent."""
    return [
        t for t in state.territories_of(seat) if state.armies[t] >= 2 and attack_targets(state, t)
    ]


def fortify_sources(state: WorldState, seat: int) -> list[str]:
    return [
        t for t in state.territories_of(seat) if state.armies[t] >= 2 and fortify_targets(state, t)
    ]


def tradeable_sets(state: WorldState, seat: int) -> list[tuple[int, ...]]:
    if state.options.card_values == "none":
        return []
    return card_rules.sets_in(world_map(), state.players[seat].hand)


def next_steps(state: WorldState, seat: int) -> list[str]:
    """Kinds of action open to `seat` now, most likely first (drives buttons and the AI)."""
    if seat != state.current or not state.players[seat].alive:
        return []
    phase = state.phase
    if phase == CLAIM:
        return ["claim"]
    if phase == SETUP_PLACE:
        return ["place"]
    if phase == REINFORCE:
        if must_trade(state):
            return ["trade"]
        steps = ["place"]
        if state.trade_context == "start" and tradeable_sets(state, seat):
            steps.append("trade")
        return steps
    if phase == OCCUPY:
        return ["occupy"]
    if phase == ATTACK:
        steps = ["attack", "blitz"] if attack_sources(state, seat) else []
        return [*steps, "end_attack", "fortify", "end_turn"]
    if phase == FORTIFY:
        return ["fortify", "end_turn"]
    return []
