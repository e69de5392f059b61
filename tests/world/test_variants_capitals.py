"""Capital RISK (2016): secret headquarters, HQ cards, winning.

Rulebook: risk-2016-secret-mission-classic-two-player-capital.txt, "GAME 4: CAPITAL RISK"
(HOW TO PLAY 1-2, the three exceptions, WINNING and the shorter game).
"""

import pytest

from bot.ai.world import choose_action
from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, ChooseCapital, Trade
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply, new_game, to_act
from bot.engine.world.rules import get_ruleset, with_options
from bot.engine.world.state import ATTACK, CHOOSE_CAPITAL, GAME_OVER, REINFORCE
from bot.engine.world.views import public_event, view_for

from .helpers import board, card


def at_hq_choice(players=3, seed=4):
    state, _ = new_game("capital-2016", [f"P{i}" for i in range(players)], seed)
    while state.phase != CHOOSE_CAPITAL:
        seat = to_act(state)[0]
        state, _ = apply(state, choose_action(state, seat))
    return state


def hq_board(capitals, owners, armies=None, players=3, rest_owner=2, options=None):
    state = board(
        "capital-2016",
        players=players,
        owners=owners,
        armies=armies,
        rest_owner=rest_owner,
        options=options,
    )
    for player, hq in zip(state.players, capitals, strict=True):
        player.capital = hq
    state.hq_cards = {str(i): i for i in range(players)}
    return state


def test_headquarters_are_picked_after_deployment_by_everyone_at_once():
    """HOW TO PLAY 1: after deploying your troops as in Classic RISK, select one of your
    territories as Headquarters."""
    state = at_hq_choice()
    assert all(p.reserve == 0 for p in state.players)
    assert to_act(state) == [0, 1, 2]


def test_hq_pick_is_secret_until_all_have_chosen_then_revealed_together():
    """HOW TO PLAY 1-2: choose "but don't tell anybody", place the card facedown; after
    everyone has selected, all turn their cards faceup."""
    state = at_hq_choice()
    mine = state.territories_of(1)[0]
    state, events = apply(state, ChooseCapital(1, mine))
    assert all(mine not in str(public_event(e)) for e in events)
    assert view_for(state, 1)["players"][1]["capital"] == mine
    for seat in (0, 2, None):
        assert view_for(state, seat)["players"][1]["capital"] is None
    assert to_act(state) == [0, 2]
    with pytest.raises(RuleError, match="already chosen"):
        apply(state, ChooseCapital(1, state.territories_of(1)[1]))
    state, _ = apply(state, ChooseCapital(0, state.territories_of(0)[0]))
    state, events = apply(state, ChooseCapital(2, state.territories_of(2)[0]))
    reveal = next(e for e in events if e["type"] == "capitals_revealed")
    assert reveal["capitals"]["1"] == mine
    assert state.phase == REINFORCE
    assert view_for(state, None)["players"][1]["capital"] == mine


def test_hq_must_be_one_of_your_own_territories():
    """HOW TO PLAY 1: "select one of the territories you've claimed"."""
    state = at_hq_choice()
    with pytest.raises(RuleError, match="not yours"):
        apply(state, ChooseCapital(0, state.territories_of(1)[0]))


def test_hq_cards_leave_the_deck_and_can_never_be_traded():
    """HOW TO PLAY 1: the HQ's territory card is placed in front of you; exceptions: "You may
    not use a Headquarters card as part of a matched set of cards"."""
    state = at_hq_choice()
    hqs = [state.territories_of(s)[0] for s in range(3)]
    for seat, hq in enumerate(hqs):
        state, _ = apply(state, ChooseCapital(seat, hq))
    world = world_map()
    hq_card_ids = {world.territories.index(t) for t in hqs}
    assert len(state.deck) == 44 - 3 and not hq_card_ids & set(state.deck)
    assert sorted(state.set_aside) == sorted(hq_card_ids)
    seat = state.current
    state.players[seat].hand = [*sorted(hq_card_ids)]
    with pytest.raises(RuleError, match="Headquarters card"):
        apply(state, Trade(seat, tuple(sorted(hq_card_ids))))


def test_capturing_an_opposing_hq_takes_its_card_and_does_not_eliminate_its_owner():
    """Exceptions: capture an opposing HQ, place the card you've won faceup in front of you;
    if your HQ is captured you are not eliminated: give your card to that opponent."""
    state = hq_board(
        ["Alaska", "Peru", "Siam"],
        owners={"Alaska": 0, "Kamchatka": 1, "Peru": 1},
        armies={"Alaska": 4},
    )
    state.players[1].capital = "Kamchatka"
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.hq_cards["1"] == 0
    assert any(e["type"] == "hq_card_taken" and e["headquarters_of"] == 1 for e in events)
    assert new.players[1].alive and new.winner is None


def test_win_by_holding_every_opposing_hq_while_controlling_your_own():
    """WINNING: be the first to capture all opposing Headquarters while still in control of
    your own. Checked the moment the last one falls."""
    state = hq_board(
        ["Alaska", "Kamchatka", "Siam"],
        owners={"Alaska": 0, "Kamchatka": 1, "India": 0},
        armies={"Alaska": 4, "India": 4},
    )
    state, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert state.winner is None
    state.phase = ATTACK
    state.occupy = None
    state, _ = apply(state, Attack(0, "India", "Siam", 3), ScriptedRng([6, 6, 6, 1]))
    assert state.phase == GAME_OVER and state.winner == 0


def test_no_win_without_your_own_hq():
    """WINNING: "(while still in control of your own Headquarters)"."""
    state = hq_board(
        ["Alaska", "Kamchatka", "Siam"],
        owners={"Alaska": 1, "Kamchatka": 1, "India": 0},
        armies={"India": 4},
    )
    state.hq_cards = {"0": 1, "1": 0, "2": 2}
    state.players[0].capital = "Alaska"
    new, _ = apply(state, Attack(0, "India", "Siam", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.winner is None and new.hq_cards["2"] == 0


def test_a_captured_hq_card_stays_won_when_its_owner_retakes_the_territory():
    """Exceptions: the card goes to whoever captures an *opposing* HQ; nothing gives it back
    when the owner retakes their own territory, and WINNING asks you to have captured all
    opposing HQs, controlling (holding) only your own. So Red, holding Blue's card, wins on
    taking Green's HQ even though Blue stands on its HQ again."""
    state = hq_board(
        ["Alaska", "Kamchatka", "Siam"],
        owners={"Alaska": 0, "Kamchatka": 1, "India": 0, "Yakutsk": 1},
        armies={"Alaska": 4, "India": 4, "Yakutsk": 6},
    )
    state.hq_cards = {"0": 0, "1": 0, "2": 2}  # Red captured Kamchatka earlier
    state.current = 1
    state.owner["Kamchatka"] = 0
    state, _ = apply(state, Attack(1, "Yakutsk", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert state.owner["Kamchatka"] == 1 and state.hq_cards["1"] == 0
    state.phase, state.occupy, state.current = ATTACK, None, 0
    state, _ = apply(state, Attack(0, "India", "Siam", 3), ScriptedRng([6, 6, 6, 1]))
    assert state.winner == 0


def test_a_third_player_capturing_an_hq_takes_its_card_from_the_previous_capturer():
    """Exceptions: "If you capture an opposing Headquarters, place the Headquarters card
    you've won faceup in front of you" -- whoever holds it."""
    state = hq_board(
        ["Alaska", "Kamchatka", "Siam"],
        owners={"Kamchatka": 0, "Irkutsk": 2},
        armies={"Irkutsk": 5},
        rest_owner=2,
    )
    state.owner["Alaska"] = 0
    state.hq_cards = {"0": 0, "1": 0, "2": 2}
    state.current = 2
    new, _ = apply(state, Attack(2, "Irkutsk", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.hq_cards["1"] == 2


@pytest.mark.parametrize(("players", "needed"), [(4, 2), (5, 3)])
def test_shorter_game_needs_2_hqs_with_4_players_and_3_with_5(players, needed):
    """WINNING, "If you wish, you can shorten the game even further": 4 players capture any 2
    opposing HQs, 5 players any 3, while controlling your own."""
    hqs = ["Alaska", "Kamchatka", "Siam", "Peru", "Egypt"][:players]
    short = with_options(get_ruleset("capital-2016"), hq_short=True)
    for opts, wins in ((short, True), (None, False)):
        state = hq_board(hqs, owners={"Alaska": 0}, players=players, rest_owner=1, options=opts)
        state.hq_cards = {str(i): i for i in range(players)}
        for i in range(1, needed):
            state.hq_cards[str(i)] = 0
        state.owner["India"] = 0
        state.armies["India"] = 4
        target = hqs[needed]
        if target == "Siam":
            source = "India"
        else:
            source = {"Peru": "Brazil", "Egypt": "North Africa"}[target]
            state.owner[source] = 0
            state.armies[source] = 4
        state.owner[target] = players - 1
        new, _ = apply(state, Attack(0, source, target, 3), ScriptedRng([6, 6, 6, 1]))
        assert (new.winner == 0) is wins


def test_capital_card_ids_match_the_helper():
    assert card("Alaska") == world_map().territories.index("Alaska")
