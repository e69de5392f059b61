"""Every ruleset played to a finish by the computer player, with hidden information and
the JSON round trip checked at every step."""

import json

import pytest

from bot.ai.world import choose_action
from bot.demo import player_names, run_world_demo, world_players
from bot.engine.world.engine import apply, new_game, to_act
from bot.engine.world.rules import RULESETS
from bot.engine.world.state import CHOOSE_CAPITAL, GAME_OVER, state_from_dict, state_to_dict
from bot.engine.world.views import public_event, view_for

PRIVATE_KEYS = ("private",)


def check_views(state):
    over = state.phase == GAME_OVER
    public = view_for(state, None)
    assert "rng" not in public and isinstance(public["deck"], int)
    for p in public["players"]:
        assert "hand" not in p
        if not over:
            assert p["mission"] is None
        if state.phase == CHOOSE_CAPITAL:
            assert p["capital"] is None
    json.dumps(public)
    for seat in range(len(state.players)):
        view = view_for(state, seat)
        assert "rng" not in view and isinstance(view["deck"], int)
        for other, p in enumerate(view["players"]):
            if other == seat:
                assert p["hand"] == state.players[seat].hand
                assert p["mission"] == state.players[seat].mission
                continue
            assert "hand" not in p and p["cards"] == len(state.players[other].hand)
            if not over:
                assert p["mission"] is None
            if state.phase == CHOOSE_CAPITAL:
                assert p["capital"] is None


def check_events(events):
    for e in events:
        public = public_event(e)
        assert "private" not in public
        json.dumps(public)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_ai_game_to_the_end_with_views_and_round_trip_at_every_step(ruleset):
    names = player_names(world_players(ruleset, None))
    state, events = new_game(ruleset, names, 21)
    check_events(events)
    for _ in range(20000):
        check_views(state)
        record = json.loads(json.dumps(state_to_dict(state)))
        assert state_from_dict(record) == state
        if state.phase == GAME_OVER:
            break
        seat = to_act(state)[0]
        state, events = apply(state, choose_action(state, seat))
        check_events(events)
    assert state.phase == GAME_OVER and state.winner is not None
    assert not state.players[state.winner].neutral and state.players[state.winner].alive


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("seed", [4, 5, 6])
def test_more_seeds_finish(ruleset, seed):
    result = run_world_demo(ruleset, seed)
    assert result.winner and result.turns > 0
