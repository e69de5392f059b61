"""Setup, reinforcements, phases and the free move / maneuver."""

import pytest

from bot.engine.errors import RuleError
from bot.engine.world.actions import Claim, EndAttack, EndTurn, Fortify, Place
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply, new_game
from bot.engine.world.rules import get_ruleset
from bot.engine.world.state import CLAIM, FORTIFY, REINFORCE, SETUP_PLACE
from bot.engine.world.turns import reinforcements

from .helpers import board


def test_map_has_42_territories_6_continents_83_borders():
    world = world_map()
    assert len(world.territories) == 42
    assert world.bonus == {
        "North America": 5,
        "South America": 2,
        "Europe": 5,
        "Africa": 3,
        "Asia": 7,
        "Australia": 2,
    }
    assert sum(len(n) for n in world.neighbours.values()) == 2 * 83
    assert world.adjacent("Alaska", "Kamchatka")


def test_1959_setup_deals_one_army_on_every_territory_and_nothing_more():
    """risk-1959-original.txt, THE SET UP: all 42 cards dealt, one army per territory; the
    player left of the dealer starts."""
    state, events = new_game("classic-1959", ["A", "B", "C", "D"], 11)
    assert all(n == 1 for n in state.armies.values())
    counts = sorted(len(state.territories_of(s)) for s in range(4))
    assert counts == [10, 10, 11, 11]
    dealer = next(e["dealer"] for e in events if e["type"] == "territories_dealt")
    assert state.current == (dealer + 1) % 4
    assert state.phase == REINFORCE
    assert len(state.deck) == 44  # the two jokers go back in


@pytest.mark.parametrize("players", [2, 7])
def test_1959_refuses_wrong_player_counts(players):
    with pytest.raises(RuleError, match="3 to 6 players"):
        new_game("classic-1959", ["x"] * players, 1)


def test_2016_claim_then_place_one_at_a_time_first_placer_starts():
    """2016 Classic setup: 3 players take 35 each, claim in turn, then place one at a time;
    whoever placed the first troop takes the first turn."""
    state, _ = new_game("classic-2016", ["A", "B", "C"], 5)
    assert state.phase == CLAIM and all(p.reserve == 35 for p in state.players)
    first = state.current
    with pytest.raises(RuleError, match="Claim an empty territory first"):
        apply(state, Place(first, "Alaska", 1))
    world = world_map()
    for territory in world.territories:
        state, _ = apply(state, Claim(state.current, territory))
    assert state.phase == SETUP_PLACE
    with pytest.raises(RuleError, match="one army at a time"):
        apply(state, Place(state.current, state.territories_of(state.current)[0], 2))
    while state.phase == SETUP_PLACE:
        state, _ = apply(state, Place(state.current, state.territories_of(state.current)[0], 1))
    assert sum(state.armies.values()) == 105
    assert state.phase == REINFORCE and state.current == first and state.turn == 1


def test_claiming_a_taken_territory_is_refused():
    state, _ = new_game("classic-2016", ["A", "B", "C"], 5)
    state, _ = apply(state, Claim(state.current, "Alaska"))
    with pytest.raises(RuleError, match="already held"):
        apply(state, Claim(state.current, "Alaska"))


def test_reinforcements_territories_over_three_minimum_three_plus_continents():
    """(a): fourteen territories give four; at least three; continent bonuses add."""
    world = world_map()
    fourteen = list(world.territories[-14:])
    state = board(owners={t: 0 for t in fourteen})
    assert reinforcements(state, 0) == (4 + 2, ["Australia"])  # 14 // 3, plus Australia
    state = board(owners={"Alaska": 0})
    assert reinforcements(state, 0) == (3, [])
    australia = world.continents["Australia"]
    state = board(owners={t: 0 for t in australia})
    assert reinforcements(state, 0) == (5, ["Australia"])


def test_turn_passes_left_and_skips_nobody_alive():
    state = board(phase=FORTIFY)
    new, events = apply(state, EndTurn(0))
    assert new.current == 1 and new.phase == REINFORCE and new.turn == 6
    assert events[-1]["type"] == "turn_started"


def test_place_only_own_territories_and_not_more_than_due():
    state = board(phase=REINFORCE, owners={"Alaska": 0})
    state.pending = 3
    with pytest.raises(RuleError, match="is not yours"):
        apply(state, Place(0, "Kamchatka", 1))
    with pytest.raises(RuleError, match="only 3 armies"):
        apply(state, Place(0, "Alaska", 4))
    with pytest.raises(RuleError, match="Place your 3 armies"):
        apply(state, EndTurn(0))


def test_1959_free_move_is_to_one_adjacent_territory_and_ends_the_turn():
    """(g): armies from one territory to one adjacent territory, leaving one behind."""
    state = board(
        owners={"Argentina": 0, "Peru": 0, "Brazil": 0, "Venezuela": 0}, armies={"Argentina": 8}
    )
    with pytest.raises(RuleError, match="not next to"):
        apply(state, Fortify(0, "Argentina", "Venezuela", 3))
    with pytest.raises(RuleError, match="1 to 7 armies"):
        apply(state, Fortify(0, "Argentina", "Peru", 8))
    new, events = apply(state, Fortify(0, "Argentina", "Peru", 7))
    assert (new.armies["Argentina"], new.armies["Peru"]) == (1, 8)
    assert new.current == 1  # one move only: the turn is over


def test_2016_maneuver_follows_a_chain_of_own_territories():
    """2016 Maneuvering: 'Territories are considered connected if all of the territories in
    between them are also under your control'."""
    opts = get_ruleset("classic-2016").options
    state = board(
        ruleset="classic-2016",
        options=opts,
        owners={"Argentina": 0, "Peru": 0, "Venezuela": 0, "Central America": 0},
        armies={"Argentina": 5},
    )
    new, _ = apply(state, Fortify(0, "Argentina", "Central America", 4))
    assert new.armies["Central America"] == 5
    state.owner["Venezuela"] = 1
    with pytest.raises(RuleError, match="not connected"):
        apply(state, Fortify(0, "Argentina", "Central America", 4))


def test_end_attack_then_fortify_phase():
    state = board()
    new, _ = apply(state, EndAttack(0))
    assert new.phase == FORTIFY
    with pytest.raises(RuleError, match="attack phase is over"):
        from bot.engine.world.actions import Attack

        apply(new, Attack(0, "Alaska", "Kamchatka", 1))


def test_apply_never_changes_its_input():
    state = board(owners={"Alaska": 0}, armies={"Alaska": 5})
    before = state.clone()
    apply(state, EndTurn(0))
    assert state == before


@pytest.mark.parametrize(
    ("ruleset", "quota"), [("two-player-2016", (2, 0)), ("two-player-1999", (2, 1))]
)
def test_two_player_games_deal_three_piles_of_fourteen(ruleset, quota):
    """2016 RISK for 2 Players, How to play 2-3; 1999 Risk for Two Players, Initial Placement:
    three equal piles of 14, one army on each; 2 own armies (and, in 1999, 1 neutral) a turn."""
    state, _ = new_game(ruleset, ["A", "B"], 3)
    assert [len(state.territories_of(s)) for s in range(3)] == [14, 14, 14]
    assert state.players[2].neutral and state.phase == SETUP_PLACE
    assert (state.quota_own, state.quota_neutral) == quota
