"""Resigning from a running game. No rulebook covers it (they assume everyone stays at the
table); an asynchronous game needs it. House rule: the player is out, their cards go to the
discard pile, and their territories stay, armies and all, with an idle "abandoned" army
that never attacks nor grows and rolls its own defence."""

import pytest

from bot.ai.world import choose_action
from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, ChooseCapital, Resign
from bot.engine.world.engine import apply, new_game, to_act
from bot.engine.world.rules import get_ruleset
from bot.engine.world.state import CHOOSE_CAPITAL, GAME_OVER, REINFORCE
from bot.engine.world.victory import mission_complete

from .helpers import board


def test_resigning_out_of_turn_leaves_an_idle_army_behind():
    state = board(owners={"Alaska": 0, "Kamchatka": 1}, armies={"Alaska": 5, "Kamchatka": 4})
    state.players[1].hand = [3, 4]
    new, events = apply(state, Resign(1))
    assert not new.players[1].alive and new.players[1].resigned
    keeper = len(new.players) - 1
    assert new.players[keeper].neutral and new.players[keeper].name == "Abandoned lands"
    assert new.owner["Kamchatka"] == keeper and new.armies["Kamchatka"] == 4
    assert new.discard[-2:] == [3, 4] and new.players[1].hand == []
    assert events == [{"type": "resigned", "player": 1, "territories": 1}]
    assert new.current == 0 and new.phase == state.phase  # Red's turn goes on
    # The abandoned army defends with as many dice as it may, by itself.
    _, battle = apply(new, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1, 1]))
    assert len(battle[0]["defender_dice"]) == 2
    with pytest.raises(RuleError, match="eliminated"):
        apply(new, Resign(1))


def test_resigning_on_your_own_turn_passes_it_on_without_a_card():
    state = board(owners={"Alaska": 0}, armies={"Alaska": 5})
    state.conquered = True
    new, events = apply(state, Resign(0))
    assert new.current == 1 and new.phase == REINFORCE
    assert [e["type"] for e in events][:3] == ["resigned", "turn_ended", "turn_started"]
    assert not any(e["type"] == "card_drawn" for e in events)


def test_the_last_player_left_wins():
    state = board(players=3)
    state, _ = apply(state, Resign(2))
    assert state.phase != GAME_OVER
    state, events = apply(state, Resign(1))
    assert state.phase == GAME_OVER and state.winner == 0
    assert events[-1]["type"] == "game_won"


def test_no_resigning_during_setup():
    state, _ = new_game("classic-2016", ["A", "B", "C"], 1)
    with pytest.raises(RuleError, match="once the board is set up"):
        apply(state, Resign(1))


def test_a_destroy_mission_against_a_player_who_resigned_becomes_occupy_24():
    """Secret Mission cards: 'Destroy all of X's troops'; leaving is not being destroyed by
    anyone, so the card falls back to its other line: occupy 24 territories."""
    state = board(ruleset="secret-mission-2016", options=get_ruleset("secret-mission-2016").options)
    state.players[0].mission = "destroy:1"
    state, _ = apply(state, Resign(1))
    assert not mission_complete(state, 0)
    assert state.phase != GAME_OVER


def test_resigning_while_headquarters_are_chosen_reveals_the_rest():
    state, _ = new_game("capital-2016", ["A", "B", "C"], 4)
    while state.phase != CHOOSE_CAPITAL:
        state, _ = apply(state, choose_action(state, to_act(state)[0]))
    state, _ = apply(state, ChooseCapital(0, state.territories_of(0)[0]))
    state, _ = apply(state, ChooseCapital(1, state.territories_of(1)[0]))
    state, events = apply(state, Resign(2))
    assert any(e["type"] == "capitals_revealed" for e in events)
    assert state.phase == REINFORCE
    assert state.players[2].capital is None
