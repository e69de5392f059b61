"""RULE VARIATIONS FOR RISK EXPERTS, each on its own and all together (classic-1959-expert).

Rulebook: risk-1959-reprint-with-1999-two-player-and-expert-variants.txt, "RULE VARIATIONS
FOR RISK EXPERTS": The value of matched Risk card sets; Fortifying your position; Armies per
territory; Advantage when attacking; Commanders; Capitals.
"""

import pytest

from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, EndTurn, Fortify, Occupy, Place, Trade
from bot.engine.world.engine import apply
from bot.engine.world.rules import RULESETS, get_ruleset, with_options
from bot.engine.world.state import (
    ATTACK,
    CAPITAL_BONUS,
    FORTIFY,
    GAME_OVER,
    REINFORCE,
)

from .helpers import board, card, cards_of

EXPERT = "classic-1959-expert"
CLASSIC = [
    name
    for name, r in RULESETS.items()
    if r.options.two_player == "none" and r.options.missions == "none"
]


def test_the_expert_ruleset_turns_every_variation_on():
    """ "Feel free to use any or all of these rule variations": classic-1959-expert uses all."""
    o = get_ruleset(EXPERT).options
    assert (o.card_values, o.fortify_path, o.fortify_moves, o.max_armies) == (
        "plus_one",
        "connected",
        None,
        12,
    )
    assert o.reroll_advantage and o.commanders and o.headquarters == "expert"


def test_set_values_rise_by_one_through_real_trades():
    """The value of matched Risk card sets: first 4, second 5, third 6, and so on."""
    state = board(EXPERT, phase=REINFORCE)
    values = []
    for n in range(4):
        state.phase = REINFORCE
        state.trade_context = "start"
        state.players[0].hand = cards_of(("infantry", "cavalry", "artillery")[n % 3], 3)
        state, events = apply(state, Trade(0, tuple(state.players[0].hand)))
        values.append(events[0]["value"])
    assert values == [4, 5, 6, 7]


def test_fortify_as_many_moves_as_you_like_along_a_connected_path():
    """Fortifying your position: move armies from one or more territories to any number of
    others, but only through territories you occupy (a continuous path)."""
    state = board(
        EXPERT,
        owners={"Alaska": 0, "Northwest Territory": 0, "Alberta": 0, "Ontario": 0, "Peru": 0},
        armies={"Alaska": 5, "Ontario": 4},
        rest_owner=1,
        phase=FORTIFY,
    )
    state, _ = apply(state, Fortify(0, "Alaska", "Alberta", 2))
    state, _ = apply(state, Fortify(0, "Ontario", "Alaska", 3))
    state, _ = apply(state, Fortify(0, "Alaska", "Northwest Territory", 1))
    assert state.current == 0 and state.phase == FORTIFY
    with pytest.raises(RuleError, match="not connected"):
        apply(state, Fortify(0, "Alaska", "Peru", 1))
    state, _ = apply(state, EndTurn(0))
    assert state.current == 1


def test_fortify_variation_alone_on_another_classic_ruleset():
    """Each variation is an option of its own (here: free fortifying on classic-1959)."""
    opts = with_options(get_ruleset("classic-1959"), fortify_path="connected", fortify_moves=None)
    state = board(
        "classic-1959",
        owners={"Alaska": 0, "Northwest Territory": 0, "Alberta": 0},
        armies={"Alaska": 5},
        rest_owner=1,
        phase=FORTIFY,
        options=opts,
    )
    state, _ = apply(state, Fortify(0, "Alaska", "Alberta", 1))
    state, _ = apply(state, Fortify(0, "Alaska", "Alberta", 1))
    assert state.current == 0 and state.armies["Alberta"] == 3


def test_at_most_12_armies_on_a_territory_and_armies_without_room_are_lost():
    """Armies per territory: not more than 12 on a territory; "If, because of this rule, you
    are unable to place some armies, you lose those armies." """
    state = board(
        EXPERT,
        owners={"Alaska": 0, "Peru": 0},
        armies={"Alaska": 12, "Peru": 11},
        rest_owner=1,
        phase=REINFORCE,
    )
    state.pending = 5
    with pytest.raises(RuleError, match="at most 12"):
        apply(state, Place(0, "Peru", 2))
    with pytest.raises(RuleError, match="at most 12|only 0"):
        apply(state, Place(0, "Alaska", 1))
    state, events = apply(state, Place(0, "Peru", 1))
    assert state.armies["Peru"] == 12 and state.pending == 0 and state.phase == ATTACK
    assert any(e["type"] == "armies_lost" and e["armies"] == 4 for e in events)


def test_the_cap_also_limits_the_free_move_and_the_move_after_a_capture():
    """Armies per territory applies "during the game": moves included."""
    state = board(
        EXPERT,
        owners={"Alaska": 0, "Northwest Territory": 0},
        armies={"Alaska": 12, "Northwest Territory": 11},
        rest_owner=1,
        phase=FORTIFY,
    )
    with pytest.raises(RuleError, match="only 1 more"):
        apply(state, Fortify(0, "Alaska", "Northwest Territory", 2))
    state.phase = ATTACK
    state.armies["Northwest Territory"] = 1
    state.armies["Alaska"] = 12
    state.armies["Kamchatka"] = 1
    state, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert state.occupy["max"] == 11  # all but one may move; 11 <= 12


def reroll_board(**kwargs):
    state = board(
        EXPERT,
        owners={"Alaska": 0, "Kamchatka": 1},
        armies={"Alaska": 4, "Kamchatka": 3},
        rest_owner=2,
        **kwargs,
    )
    return state


def test_card_advantage_rerolls_the_lowest_losing_die():
    """Advantage when attacking: with a card showing the territory you attack from (or the
    one you attack) you may re-roll one die; async play: the engine re-rolls the lowest die
    that is losing. 5,2,1 vs 4,3: the 2 loses, is re-rolled to a 6: the defender loses 2."""
    state = reroll_board()
    state.players[0].hand = [card("Alaska")]
    new, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", 3, reroll=True), ScriptedRng([5, 2, 1, 4, 3, 6])
    )
    battle = events[0]
    assert battle["reroll"] == {"die": 2, "to": 6}
    assert battle["private"] == {"reroll_card": card("Alaska")}  # the card stays secret
    assert battle["final_attacker_dice"] == [5, 6, 1]
    assert new.armies["Kamchatka"] == 1 and new.armies["Alaska"] == 4
    assert new.players[0].hand == [card("Alaska")]  # b) the card goes back into the hand


def test_card_advantage_works_with_the_target_card_too_but_not_without_a_card():
    """Advantage when attacking: "either the territory you're attacking from or the
    territory you're attacking"; no card, no re-roll."""
    state = reroll_board()
    state.players[0].hand = [card("Kamchatka")]
    _, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", 3, reroll=True), ScriptedRng([5, 2, 1, 4, 3, 6])
    )
    assert events[0]["private"]["reroll_card"] == card("Kamchatka")
    state.players[0].hand = [card("Peru")]
    new, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", 3, reroll=True), ScriptedRng([5, 2, 1, 4, 3])
    )
    assert "reroll" not in events[0] and new.armies["Alaska"] == 3


def test_one_card_per_battle_and_never_for_the_defender():
    """Advantage when attacking a) one card per battle; c) not when defending: Blue's card
    for Kamchatka does not help Blue's defence."""
    state = reroll_board()
    state.players[0].hand = [card("Alaska"), card("Kamchatka")]
    state.players[1].hand = [card("Kamchatka")]
    _, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", 3, reroll=True), ScriptedRng([2, 2, 1, 4, 3, 1])
    )
    assert events[0]["final_attacker_dice"] == [1, 2, 1]  # one re-roll only
    _, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 1, 1, 1]))
    assert "reroll" not in events[0] and events[0]["defender_dice"] == [1, 1]


def test_commander_turns_one_die_to_six_once_per_turn_only_when_it_helps():
    """Commanders: once per turn, while attacking, change one die you rolled to a 6."""
    state = reroll_board()
    state.armies["Kamchatka"] = 6
    state.armies["Alaska"] = 8
    # a roll that already wins everything: the commander is kept for later
    state, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", 3, commander=True), ScriptedRng([6, 6, 6, 1, 1])
    )
    assert "commander" not in events[0] and not state.commander_used
    state, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", 3, commander=True), ScriptedRng([3, 2, 1, 4, 4])
    )
    assert events[0]["commander"] == {"die": 3} and events[0]["defender_losses"] == 1
    assert state.commander_used
    state, events = apply(
        state, Attack(0, "Alaska", "Kamchatka", 3, commander=True), ScriptedRng([3, 2, 1, 4, 4])
    )
    assert "commander" not in events[0] and events[0]["attacker_losses"] == 2
    state.phase = FORTIFY
    state, _ = apply(state, EndTurn(0))
    assert not state.commander_used  # a new turn, a new commander


@pytest.mark.parametrize("ruleset", CLASSIC)
def test_reroll_and_commander_are_refused_where_the_option_is_off(ruleset):
    if get_ruleset(ruleset).options.commanders:
        pytest.skip("expert ruleset")
    state = board(ruleset, owners={"Alaska": 0}, armies={"Alaska": 4}, rest_owner=1)
    with pytest.raises(RuleError, match="not part of this game"):
        apply(state, Attack(0, "Alaska", "Kamchatka", 3, commander=True))
    with pytest.raises(RuleError, match="not part of this game"):
        apply(state, Attack(0, "Alaska", "Kamchatka", 3, reroll=True))
    opts = with_options(get_ruleset(ruleset), commanders=True, reroll_advantage=True)
    state.options = opts
    state.players[0].hand = [card("Alaska")]
    state.armies["Kamchatka"] = 3
    _, events = apply(
        state,
        Attack(0, "Alaska", "Kamchatka", 3, commander=True, reroll=True),
        ScriptedRng([1, 1, 1, 5, 5, 2]),
    )
    assert "commander" in events[0] and "reroll" in events[0]


def capitals_board():
    state = board(
        EXPERT,
        owners={"Alaska": 0, "Kamchatka": 1, "Peru": 1, "Brazil": 1, "Yakutsk": 1},
        armies={"Alaska": 5, "Yakutsk": 4, "Peru": 3},
        rest_owner=2,
    )
    for p, capital in zip(state.players, ["Alaska", "Kamchatka", "Siam"], strict=True):
        p.capital = capital
    return state


def test_losing_your_capital_only_counts_at_the_end_of_your_own_turn():
    """Capitals: a player is eliminated if AT THE END OF THEIR TURN they do not control their
    capital. Blue loses Kamchatka on Red's turn and retakes it on its own: still in."""
    state = capitals_board()
    state, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    state, _ = apply(state, Occupy(0, 3))
    state, _ = apply(state, EndTurn(0))
    assert state.players[1].alive and state.current == 1
    state.phase = ATTACK
    state.pending = 0
    state.armies["Kamchatka"] = 1
    state, _ = apply(state, Attack(1, "Yakutsk", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    state, _ = apply(state, EndTurn(1))
    assert state.players[1].alive


def test_a_player_without_their_capital_at_turn_end_is_out_and_the_holder_gets_the_land():
    """Capitals: all their armies are removed; the opponent who occupied their capital
    places one army in each vacated territory plus a bonus of five more among them."""
    state = capitals_board()
    state, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    state, _ = apply(state, Occupy(0, 3))
    state, _ = apply(state, EndTurn(0))
    state.phase = FORTIFY
    state.pending = 0
    state, events = apply(state, EndTurn(1))
    assert not state.players[1].alive
    gone = next(e for e in events if e["type"] == "eliminated")
    assert gone["reason"] == "capital" and gone["by"] == 0
    for t in ("Peru", "Brazil", "Yakutsk"):
        assert state.owner[t] == 0 and state.armies[t] == 1
    assert state.phase == CAPITAL_BONUS and state.acting == 0 and state.pending == 5
    with pytest.raises(RuleError, match="former territories"):
        apply(state, Place(0, "Alaska", 5))
    state, _ = apply(state, Place(0, "Peru", 5))
    assert state.armies["Peru"] == 6 and state.current == 2


def test_the_game_ends_when_one_player_alone_holds_their_capital():
    """Capitals: "The game ends when only one player is left who controls their capital."
    Two players left; Red's capital falls to Green, and at the end of Red's turn Red is out."""
    state = capitals_board()
    state.players[1].alive = False
    for t in ("Kamchatka", "Peru", "Brazil", "Yakutsk"):
        state.owner[t] = 2
    state.owner["Alaska"] = 2
    state.phase = FORTIFY
    state.owner["Alberta"] = 0
    state, _ = apply(state, EndTurn(0))
    assert state.phase == GAME_OVER and state.winner == 2


def test_allied_reinforcements_with_no_room_under_the_cap_are_lost():
    """Expert 'Armies per territory' with the Allied Army: 'If, because of this rule, you are
    unable to place some armies, you lose those armies' - the Allied Army's too, at once."""
    from bot.engine.world.actions import EndAttack
    from bot.engine.world.rules import get_ruleset, with_options
    from bot.engine.world.state import ALLIED_ATTACK

    from .helpers import board

    opts = with_options(get_ruleset("allied-army-2p"), max_armies=12)
    state = board(
        ruleset="allied-army-2p",
        players=2,
        neutral=True,
        options=opts,
        owners={"Alaska": 0, "Kamchatka": 2},
        armies={"Kamchatka": 12},
        rest_owner=1,
    )
    state.allied_pending = 3
    new, events = apply(state, EndAttack(0))
    assert new.phase == ALLIED_ATTACK and new.pending == 0
    assert {"type": "armies_lost", "player": 2, "armies": 3} in events
