"""Battles: dice comparison, dice limits, captures (risk-1959-original.txt (c), (e), (f))."""

from itertools import product

import pytest

from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, Blitz, Occupy
from bot.engine.world.engine import apply
from bot.engine.world.state import ATTACK, OCCUPY

from .helpers import board

# The twelve examples printed in risk-1959-original.txt, "(c). HOW TO ATTACK".
EXAMPLES = [
    ((5, 4, 3), (6, 3), 1, 1),
    ((4, 1, 1), (4, 1), 2, 0),
    ((6, 6, 1), (5, 1), 0, 2),
    ((3, 3, 1), (4,), 1, 0),
    ((4, 2, 1), (3,), 0, 1),
    ((6,), (5, 4), 0, 1),
    ((4, 3), (3, 2), 0, 2),
    ((4,), (6, 1), 1, 0),
    ((3, 2), (3, 3), 2, 0),
    ((6, 1), (5, 2), 1, 1),
    ((5, 4), (4,), 0, 1),
    ((5, 2), (5,), 1, 0),
]


@pytest.mark.parametrize(("attack", "defend", "a_loss", "d_loss"), EXAMPLES)
def test_rulebook_dice_examples(attack, defend, a_loss, d_loss):
    state = board(owners={"Alaska": 0}, armies={"Alaska": 10, "Kamchatka": 10})
    state.players[2].defend_dice = len(defend)
    new, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", len(attack)), ScriptedRng([*attack, *defend])
    )
    battle = events[0]
    assert battle["attacker_dice"] == list(attack)
    assert battle["defender_dice"] == list(defend)
    assert (battle["attacker_losses"], battle["defender_losses"]) == (a_loss, d_loss)
    assert new.armies["Alaska"] == 10 - a_loss
    assert new.armies["Kamchatka"] == 10 - d_loss


def test_three_against_two_enumerated_matches_known_counts():
    """TESTING.md: of 7776 rolls, defender loses 2 in 2890, each 1 in 2611, attacker 2 in 2275."""
    counts = {(0, 2): 0, (1, 1): 0, (2, 0): 0}
    for roll in product(range(1, 7), repeat=5):
        state = board(owners={"Alaska": 0}, armies={"Alaska": 10, "Kamchatka": 10})
        _, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng(list(roll)))
        counts[(events[0]["attacker_losses"], events[0]["defender_losses"])] += 1
    assert counts == {(0, 2): 2890, (1, 1): 2611, (2, 0): 2275}


def test_attacker_needs_one_more_army_than_dice():
    """(c): 'An attacker must have at least one more army than the number of dice'."""
    state = board(owners={"Alaska": 0}, armies={"Alaska": 3})
    with pytest.raises(RuleError, match="1 to 2 dice"):
        apply(state, Attack(0, "Alaska", "Kamchatka", 3))


def test_one_army_cannot_attack():
    state = board(owners={"Alaska": 0}, armies={"Alaska": 1})
    with pytest.raises(RuleError, match="Alaska has only 1 army; you need at least 2 to attack"):
        apply(state, Attack(0, "Alaska", "Kamchatka", 1))


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Attack(0, "Alaska", "Brazil", 1), "does not border"),
        (Attack(0, "Kamchatka", "Alaska", 1), "is not yours"),
        (Attack(0, "Alaska", "Alberta", 1), "already yours"),
        (Attack(1, "Alaska", "Kamchatka", 1), "Red's turn"),
        (Attack(0, "Atlantis", "Kamchatka", 1), "no territory called"),
    ],
)
def test_illegal_attacks_explain_themselves(action, message):
    state = board(owners={"Alaska": 0, "Alberta": 0}, armies={"Alaska": 5})
    with pytest.raises(RuleError, match=message):
        apply(state, action)


def test_defender_rolls_at_most_his_armies_and_standing_choice():
    """(c): a defender with one army rolls one die; the standing choice caps it at 1 too."""
    state = board(owners={"Alaska": 0}, armies={"Alaska": 5, "Kamchatka": 1})
    _, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([1, 1, 1, 6]))
    assert len(events[0]["defender_dice"]) == 1
    state = board(owners={"Alaska": 0}, armies={"Alaska": 5, "Kamchatka": 5})
    state.players[2].defend_dice = 1
    _, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([1, 1, 1, 6]))
    assert len(events[0]["defender_dice"]) == 1


def test_capture_moves_in_at_least_the_dice_rolled():
    """(f): 'He must move into that territory ... at least as many armies as the number of
    dice he rolled on his last throw', always leaving one behind."""
    state = board(owners={"Alaska": 0}, armies={"Alaska": 6, "Kamchatka": 1})
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 5, 4, 1]))
    assert new.owner["Kamchatka"] == 0
    assert new.phase == OCCUPY
    assert new.occupy == {
        "source": "Alaska",
        "target": "Kamchatka",
        "min": 3,
        "max": 5,
        "then": ATTACK,
    }
    assert new.armies["Kamchatka"] == 3  # the minimum is in at once: never an empty territory
    with pytest.raises(RuleError, match="between 3 and 5"):
        apply(new, Occupy(0, 2))
    with pytest.raises(RuleError, match="choose how many armies"):
        apply(new, Attack(0, "Alaska", "Kamchatka", 1))
    done, _ = apply(new, Occupy(0, 4))
    assert (done.armies["Alaska"], done.armies["Kamchatka"]) == (2, 4)
    assert done.phase == ATTACK


def test_capture_with_no_choice_moves_automatically():
    state = board(owners={"Alaska": 0}, armies={"Alaska": 2, "Kamchatka": 1})
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 1), ScriptedRng([6, 1]))
    assert new.phase == ATTACK
    assert (new.armies["Alaska"], new.armies["Kamchatka"]) == (1, 1)
    assert [e["type"] for e in events] == ["battle", "captured", "moved_in"]


def test_blitz_stops_at_threshold_and_keeps_every_roll():
    state = board(owners={"Alaska": 0}, armies={"Alaska": 10, "Kamchatka": 20})
    # every roll: attacker 1,1,1 vs defender 6,6 -> attacker loses 2 a roll
    new, events = apply(
        state, Blitz(0, "Alaska", "Kamchatka", stop_at=4), ScriptedRng([1, 1, 1, 6, 6] * 10)
    )
    assert new.armies["Alaska"] == 4
    assert len(events) == 3
    assert all(e["type"] == "battle" for e in events)


def test_blitz_until_capture():
    state = board(owners={"Alaska": 0}, armies={"Alaska": 10, "Kamchatka": 3})
    new, events = apply(
        state, Blitz(0, "Alaska", "Kamchatka"), ScriptedRng([6, 6, 6, 1, 1, 6, 6, 6, 1])
    )
    assert new.owner["Kamchatka"] == 0
    assert [e["type"] for e in events][:3] == ["battle", "battle", "captured"]
