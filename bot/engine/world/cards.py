"""Card sets: which three cards make a set, and what a hand can trade."""

from __future__ import annotations

from itertools import combinations

from bot.engine.world.board import WILD, WorldMap


def is_set(world: WorldMap, cards: tuple[int, ...]) -> bool:
    """Three alike, one of each, or any two plus a wild card."""
    if len(cards) != 3 or len(set(cards)) != 3:
        return False
    designs = [world.card_design(c) for c in cards]
    if WILD in designs:
        return True
    return len(set(designs)) in (1, 3)


def sets_in(world: WorldMap, hand: list[int]) -> list[tuple[int, ...]]:
    """Every distinct set the hand can trade, in a stable order."""
    return [combo for combo in combinations(sorted(hand), 3) if is_set(world, combo)]
