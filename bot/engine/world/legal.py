"""What is legal now: the one source of truth for autocomplete, buttons and the computer player.

Everything here is asked from a seat's point of view: the seat the engine waits for may not
be the current player (the Allied Army's commander, the capital's holder, everyone while
headquarters are chosen).
"""

from __future__ import annotations

from bot.engine.world import cards as card_rules
from bot.engine.world.board import world_map
from bot.engine.world.combat import attacking_seat, defence_dice, max_attack_dice
from bot.engine.world.engine import to_act
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ALLIED_PLACE,
    ATTACK,
    CAPITAL_BONUS,
    CHOOSE_CAPITAL,
    CLAIM,
    FORTIFY,
    OCCUPY,
    REINFORCE,
    SETUP_PLACE,
    WorldState,
)
from bot.engine.world.turns import fortify_targets, must_trade, placeable

__all__ = [
    "army_of",
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
    "placement_targets",
    "tradeable_sets",
]


def claimable(state: WorldState) -> list[str]:
    return [t for t, o in state.owner.items() if o is None]


def commanding_allies(state: WorldState) -> bool:
    """True while the other player gives the Allied Army its orders."""
    return state.actor is not None and state.phase in (ALLIED_PLACE, ALLIED_ATTACK, OCCUPY)


def army_of(state: WorldState, seat: int) -> int:
    """The army `seat` gives orders to now: the Allied Army while commanding it, else its own."""
    allied = state.neutral_seat()
    if allied is not None and seat == state.actor and commanding_allies(state):
        return allied
    return seat


def attack_targets(state: WorldState, source: str) -> list[str]:
    """Territories `source` may attack; the Allied Army attacks only the current player."""
    seat = state.owner.get(source)
    if seat is None:
        return []
    targets = [n for n in world_map().neighbours[source] if state.owner[n] != seat]
    if state.players[seat].neutral and commanding_allies(state):
        targets = [t for t in targets if state.owner[t] == state.current]
    return sorted(targets)


def attack_sources(state: WorldState, army: int) -> list[str]:
    """Territories of `army` with at least 2 armies next to something it may attack."""
    return [
        t for t in state.territories_of(army) if state.armies[t] >= 2 and attack_targets(state, t)
    ]


def fortify_sources(state: WorldState, seat: int) -> list[str]:
    return [
        t for t in state.territories_of(seat) if state.armies[t] >= 2 and fortify_targets(state, t)
    ]


def tradeable_sets(state: WorldState, seat: int) -> list[tuple[int, ...]]:
    if state.options.card_values == "none":
        return []
    hand = [c for c in state.players[seat].hand if c not in state.set_aside]
    return card_rules.sets_in(world_map(), hand)


def placement_targets(state: WorldState, seat: int) -> list[str]:
    """Where `seat` may put armies now: its own, a neutral territory when a setup turn owes a
    neutral army, the Allied Army's when commanding it, a fallen player's for the capital
    bonus."""
    if seat not in to_act(state):
        return []
    if state.phase == SETUP_PLACE:
        found = placeable(state, seat) if state.quota_own else []
        neutral = state.neutral_seat()
        if neutral is not None and state.quota_neutral:
            found += placeable(state, neutral)
        return found
    if state.phase in (REINFORCE, ALLIED_PLACE, CAPITAL_BONUS):
        return placeable(state, army_of(state, seat))
    return []


def next_steps(state: WorldState, seat: int) -> list[str]:
    """Kinds of action open to `seat` now, most likely first (drives buttons and the AI)."""
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == CLAIM:
        return ["claim"]
    if phase == CHOOSE_CAPITAL:
        return ["choose_capital"]
    if phase in (SETUP_PLACE, ALLIED_PLACE, CAPITAL_BONUS):
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
    attacks = ["attack", "blitz"] if attack_sources(state, army_of(state, seat)) else []
    if phase == ALLIED_ATTACK:
        return [*attacks, "end_attack"]
    if phase == ATTACK:
        allied_first = state.options.two_player == "allied"
        return [*attacks, "end_attack", *([] if allied_first else ["fortify"]), "end_turn"]
    if phase == FORTIFY:
        return ["fortify", "end_turn"]
    return []
