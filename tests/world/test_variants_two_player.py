"""RISK for 2 players with a neutral army: 2016 (GAME 3) and the 1999 rules.

Rulebooks: risk-2016-secret-mission-classic-two-player-capital.txt, "GAME 3: RISK FOR 2
PLAYERS" (HOW TO PLAY 1-5, ATTACKING, WINNING); risk-1959-reprint-with-1999-two-player-and-
expert-variants.txt, "RISK FOR TWO PLAYERS" (Initial Placement 1-4, Attacking, Winning).
"""

import pytest

from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, EndTurn, Place, SetDefence
from bot.engine.world.engine import apply, new_game, to_act
from bot.engine.world.state import GAME_OVER, SETUP_PLACE

from .helpers import board

RULESETS = ["two-player-2016", "two-player-1999"]


def total(state, seat):
    return sum(state.armies[t] for t in state.territories_of(seat))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_three_piles_of_14_and_40_armies_each_jokers_out_then_back(ruleset):
    """2016 HOW TO PLAY 1-3 / 1999 Initial Placement 1-2: 40 armies each for you, your
    opponent and the neutral army; the wild cards removed, the 42 cards dealt in three piles
    of 14, one army on each; 2016 step 5 / 1999 step 4: wild cards back before play."""
    state, _ = new_game(ruleset, ["A", "B"], 5)
    assert [len(state.territories_of(s)) for s in range(3)] == [14, 14, 14]
    assert state.players[2].neutral
    assert [p.reserve for p in state.players] == [26, 26, 26]
    assert state.phase == SETUP_PLACE
    while state.phase == SETUP_PLACE:
        seat = to_act(state)[0]
        assert seat != 2
        own = state.territories_of(seat)[0]
        neutral = state.territories_of(2)[0]
        target = own if state.quota_own else neutral
        state, _ = apply(state, Place(seat, target, 1))
    assert [total(state, s) for s in range(3)] == [40, 40, 40]
    assert len(state.deck) == 44


def test_2016_two_own_armies_per_turn_then_one_neutral_at_a_time():
    """2016 HOW TO PLAY 4: take turns placing two troops onto one or two of your territories
    until your 40 are down; then take turns placing one neutral troop until the neutral 40
    are down."""
    state, _ = new_game("two-player-2016", ["A", "B"], 5)
    first = state.current
    assert (state.quota_own, state.quota_neutral) == (2, 0)
    with pytest.raises(RuleError, match="neutral armies"):
        apply(state, Place(first, state.territories_of(2)[0], 1))
    state, _ = apply(state, Place(first, state.territories_of(first)[0], 2))
    assert state.current != first
    # play both humans out: 13 placement turns each
    while state.players[0].reserve or state.players[1].reserve:
        seat = state.current
        state, _ = apply(state, Place(seat, state.territories_of(seat)[0], 2))
    assert (state.quota_own, state.quota_neutral) == (0, 1)
    with pytest.raises(RuleError, match="one neutral army"):
        apply(state, Place(state.current, state.territories_of(2)[0], 2))
    placers = []
    while state.phase == SETUP_PLACE:
        placers.append(state.current)
        state, _ = apply(state, Place(state.current, state.territories_of(2)[0], 1))
    assert len(placers) == 26
    assert all(a != b for a, b in zip(placers, placers[1:], strict=False))


def test_1999_each_placement_turn_is_two_own_and_one_neutral():
    """1999 Initial Placement 3: "On your turn, place 3 armies onto the board: 2 of your own
    and 1 that is neutral"; your opponent on their turn does the same."""
    state, _ = new_game("two-player-1999", ["A", "B"], 5)
    first = state.current
    assert (state.quota_own, state.quota_neutral) == (2, 1)
    state, _ = apply(state, Place(first, state.territories_of(first)[0], 2))
    assert state.current == first  # the neutral army is still due
    with pytest.raises(RuleError, match="neutral army now"):
        apply(state, Place(first, state.territories_of(first)[0], 1))
    state, _ = apply(state, Place(first, state.territories_of(2)[0], 1))
    assert state.current != first and (state.quota_own, state.quota_neutral) == (2, 1)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_neutral_territory_is_defended_by_the_other_player_with_their_defence_choice(ruleset):
    """2016 ATTACKING / 1999 Attacking: "Whenever you attack a neutral territory, your
    opponent rolls to defend that neutral territory" -- with Blue's standing choice."""
    state = board(
        ruleset,
        players=2,
        owners={"Alaska": 0, "Kamchatka": 2, "Peru": 1},
        armies={"Alaska": 5, "Kamchatka": 3},
        rest_owner=2,
        neutral=True,
    )
    state, _ = apply(state, SetDefence(1, 1))
    dice = ScriptedRng([6, 6, 6, 1])  # three attack dice, one defence die: nothing left over
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), dice)
    battle = next(e for e in events if e["type"] == "battle")
    assert battle["defender"] == 2 and battle["defender_dice"] == [1]
    assert new.armies["Kamchatka"] == 2
    state, _ = apply(state, SetDefence(1, 2))
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([1, 1, 1, 6, 6]))
    assert next(e for e in events if e["type"] == "battle")["defender_dice"] == [6, 6]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_neutral_army_never_acts_never_attacks_never_reinforces(ruleset):
    """2016 / 1999: the neutral army cannot attack and never receives reinforcements."""
    state = board(ruleset, players=2, owners={"Alaska": 0, "Peru": 1}, rest_owner=2, neutral=True)
    armies_before = total(state, 2)
    with pytest.raises(RuleError, match="neutral army never acts"):
        apply(state, EndTurn(2))
    for _ in range(4):
        state, _ = apply(state, EndTurn(state.current))
        assert state.current in (0, 1) and to_act(state) != [2]
        assert total(state, 2) == armies_before
        seat = state.current
        state, _ = apply(state, Place(seat, state.territories_of(seat)[0], state.pending))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_eliminating_the_opponent_wins_with_neutrals_still_on_the_board(ruleset):
    """2016 WINNING / 1999 Winning a): you do not have to eliminate the neutral army."""
    state = board(
        ruleset,
        players=2,
        owners={"Alaska": 0, "Kamchatka": 1},
        armies={"Alaska": 4},
        rest_owner=2,
        neutral=True,
    )
    new, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.phase == GAME_OVER and new.winner == 0 and new.territories_of(2)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_play_goes_on_after_the_neutral_army_is_gone(ruleset):
    """2016 WINNING / 1999 Winning b): if all neutral troops are eliminated, play continues
    until one player defeats the other."""
    state = board(
        ruleset,
        players=2,
        owners={"Alaska": 0, "Kamchatka": 2},
        armies={"Alaska": 4},
        rest_owner=1,
        neutral=True,
    )
    new, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert not new.territories_of(2) and new.winner is None and new.phase != GAME_OVER
