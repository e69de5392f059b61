"""Stored state JSON must bring back the very same state, key order included."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.canonical import digest
from bot.engine.world.rules import RULESETS
from bot.games import WorldFamily, all_rulesets, family_for
from bot.service.loading import dump_state
from tests.service.conftest import play, started

FAMILY = WorldFamily()


@settings(max_examples=15, deadline=None)
@given(
    ruleset=st.sampled_from(sorted(FAMILY.rulesets)),
    seed=st.integers(min_value=-(2**63), max_value=2**63 - 1),
    steps=st.integers(min_value=0, max_value=150),
)
def test_state_json_round_trip_is_exact(ruleset, seed, steps):
    players = RULESETS[ruleset].default_players
    state, _ = FAMILY.new_game(ruleset, ["A", "B", "C", "D"][:players], seed)
    for _ in range(steps):
        if FAMILY.is_over(state):
            break
        seat = FAMILY.to_act(state)[0]
        state, _ = FAMILY.apply(state, FAMILY.choose_action(state, seat))
    data = FAMILY.state_to_dict(state)
    back = FAMILY.state_from_dict(json.loads(dump_state(data)))
    again = FAMILY.state_to_dict(back)
    assert again == data
    # The engine iterates these dicts: their order is part of the state.
    assert list(back.owner) == list(state.owner) and list(back.armies) == list(state.armies)
    assert dump_state(again) == dump_state(data)


async def test_a_cold_loaded_game_plays_on_exactly_like_a_hot_one(service):
    """Two games with one seed: one stays in memory, the other is reloaded from its JSON
    halfway. Both must end in the same state (the computer player reads dict order)."""
    hot = await play(service, await started(service, channel=1), 80, channel=1)
    cold = await play(service, await started(service, channel=2), 40, channel=2)
    service._cache.clear()
    cold = await play(service, await service.get(cold.id), 40, channel=2)
    assert digest(hot.family.state_to_dict(hot.state)) == digest(
        cold.family.state_to_dict(cold.state)
    )


def test_the_family_registry():
    assert set(all_rulesets()) >= set(RULESETS)
    assert family_for("classic-1959").name == "world"
    assert FAMILY.player_range("classic-2016") == (3, 5)
