"""Engine speed: time per 100 turns of a 4-player classic-2016 game, and exact odds 200 v 200.

Run: python benchmarks/engine_bench.py [--games N]
Engine time counts `apply` only; the computer player's thinking is reported apart.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.ai.world import choose_action
from bot.engine.world import engine
from bot.engine.world.odds import battle_odds
from bot.engine.world.state import state_to_dict


def play(seed: int) -> tuple[int, float, float, int]:
    """One AI game: (turns, seconds in apply, seconds in the AI, actions)."""
    state, _ = engine.new_game("classic-2016", ["Red", "Blue", "Green", "Yellow"], seed)
    apply_time = ai_time = 0.0
    actions = 0
    while not engine.is_over(state):
        seat = engine.to_act(state)[0]
        t0 = time.perf_counter()
        action = choose_action(state, seat)
        t1 = time.perf_counter()
        state, _ = engine.apply(state, action)
        t2 = time.perf_counter()
        ai_time += t1 - t0
        apply_time += t2 - t1
        actions += 1
    return state.turn, apply_time, ai_time, actions


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    turns = apply_s = ai_s = actions = 0
    for seed in range(args.games):
        t, a, b, n = play(seed)
        turns, apply_s, ai_s, actions = turns + t, apply_s + a, ai_s + b, actions + n
    print(f"{args.games} games, {turns} turns, {actions} actions")
    print(
        f"engine apply: {apply_s / turns * 100 * 1000:.1f} ms per 100 turns "
        f"({apply_s / actions * 1e6:.0f} us per action)"
    )
    print(f"computer player: {ai_s / turns * 100 * 1000:.1f} ms per 100 turns")
    state, _ = engine.new_game("classic-2016", ["Red", "Blue", "Green"], 1)
    t0 = time.perf_counter()
    for _ in range(200):
        state_to_dict(state)
    print(f"state_to_dict: {(time.perf_counter() - t0) / 200 * 1e6:.0f} us")
    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        odds = battle_odds(200, 200)
        runs.append(time.perf_counter() - t0)
    print(
        f"odds 200 v 200: {statistics.median(runs) * 1000:.1f} ms "
        f"(attacker wins {odds.attacker_wins:.4f})"
    )


if __name__ == "__main__":
    main()
