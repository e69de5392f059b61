"""The engine -> picture adapter over every turn of real demo games (issue 6: render every
state of a demo game without error; anchors show the owner's colour)."""

from __future__ import annotations

import pytest

from bot.demo import run_world_demo
from bot.engine.world.state import CHOOSE_CAPITAL
from bot.render.board import board_view, render_state
from bot.render.style import player_style

from .conftest import decode


@pytest.mark.parametrize(("ruleset", "seed"), [("classic-2016", 3), ("allied-army-2p", 2)])
def test_every_turn_of_a_demo_renders_with_owner_colours(ruleset, seed, world):
    states = []
    run_world_demo(ruleset, seed, on_state=states.append)
    assert len(states) > 5
    for state in states[:: max(1, len(states) // 6)] + [states[-1]]:
        assert len(render_state(state)) < 2 * 1024 * 1024
        state.attacks = state.last_attacks = []  # arrows may cross a probe point
        img = decode(render_state(state))
        for name, owner in state.owner.items():
            player = state.players[owner]
            fill = player_style(owner, player.neutral).fill
            assert img.getpixel(world.territories[name].probe) == fill, (state.turn, name)


def test_public_board_hides_headquarters_until_revealed_and_counts_cards():
    from bot.engine.world import engine
    from bot.engine.world.actions import ChooseCapital

    state, _ = engine.new_game("capital-2016", ["A", "B", "C"], 4)
    while state.phase != CHOOSE_CAPITAL:
        from bot.ai.world import choose_action

        state, _ = engine.apply(state, choose_action(state, engine.to_act(state)[0]))
    first = state.territories_of(0)[0]
    state, _ = engine.apply(state, ChooseCapital(0, first))
    assert board_view(state).highlight == frozenset()  # picked, but secret until all have
    for seat in (1, 2):
        state, _ = engine.apply(state, ChooseCapital(seat, state.territories_of(seat)[0]))
    view = board_view(state)
    assert first in view.highlight and len(view.highlight) == 3
    state.players[1].hand = [1, 2]
    assert board_view(state).players[1].cards == 2
