"""The computer player: every mode plays to the end with the AI making every decision,
deterministically, and quickly."""

from __future__ import annotations

import io
import json
import time

import pytest

from bot.ai.europe import choose_action, run_demo
from bot.engine.europe import RULESETS, apply, is_over, new_game, to_act
from bot.engine.rng import Rng


@pytest.mark.parametrize("mode", sorted(RULESETS))
def test_demo_plays_to_the_end_deterministically(mode):
    log = io.StringIO()
    t0 = time.perf_counter()
    a = run_demo(mode, 11, log=log)
    elapsed = time.perf_counter() - t0
    b = run_demo(mode, 11)
    assert a.lines == b.lines and a.digest == b.digest and a.winner == b.winner
    assert a.winner and a.turns > 0 and a.actions > a.turns
    assert len(a.digest) == 64
    assert elapsed < 5
    lines = log.getvalue().splitlines()
    assert lines and all("type" in json.loads(x) for x in lines)
    assert all('"private"' not in x for x in lines)


@pytest.mark.parametrize("mode", sorted(RULESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ai_finishes_several_seeds(mode, seed):
    assert run_demo(mode, seed).winner


def test_different_seeds_give_different_games():
    assert run_demo("europe", 1).digest != run_demo("europe", 2).digest


def test_missions_mode_with_three_players_uses_a_mercenary():
    result = run_demo("europe-missions", 4, players=3)
    assert result.winner


def test_choose_action_is_always_legal_for_every_waiting_seat():
    state = new_game("europe-3p", ["Red", "Blue", "Green"], 9)
    rng = Rng(3)
    steps = 0
    while not is_over(state) and steps < 3000:
        for seat in to_act(state):
            if seat in to_act(state):
                state, _ = apply(state, choose_action(state, seat, rng))
                steps += 1
    assert is_over(state)


@pytest.mark.parametrize("mode", sorted(m for m, r in RULESETS.items() if not r.teams))
def test_ai_games_end_by_crowns_or_elimination_not_the_round_limit(mode):
    """The computer player goes for crowns: fixed seeds finish well before the safety net."""
    for seed in (1, 5, 7, 12):
        result = run_demo(mode, seed)
        assert not any("round limit" in line for line in result.lines), (mode, seed)
        rounds = [line for line in result.lines if line.startswith("Round ")]
        assert len(rounds) < RULESETS[mode].round_limit - 5, (mode, seed, len(rounds))
