"""Service benchmark: N games in one process acting concurrently through the GameService.

    PYTHONPATH=. python benchmarks/service_bench.py [--games 1000] [--actions 20]
        [--concurrency 50] [--rate 200] [--seconds 5] [--db FILE]

Two loads: saturation (every game acting at once, for throughput) and a steady arrival rate
(for latency). For each: actions/s, p50/p99 of the commit (store call, including waiting for
the writer) and of a whole `act` call (game lock, apply, commit), the
cold-load time of one game, and memory per idle game. Not a test: the numbers depend on the
machine.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import GameService, PlayerRef


def rss_mb() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def setup(service: GameService, games: int) -> list[int]:
    ids = []
    for g in range(games):
        channel = 10_000 + g
        base = 1_000_000 + 10 * g
        await service.create(1, channel, PlayerRef(base, "Ann"), "classic-2016")
        await service.join(channel, PlayerRef(base + 1, "Bob"))
        await service.join(channel, PlayerRef(base + 2, "Cat"))
        ids.append((await service.start(channel, base, seed=g)).game.id)
    return ids


async def run(args: argparse.Namespace, path: Path) -> None:
    service = await GameService.open(path)
    commit_times: list[float] = []
    real_commit = service.store.commit_action

    async def timed_commit(*a, **kw):  # type: ignore[no-untyped-def]
        t = time.perf_counter()
        try:
            return await real_commit(*a, **kw)
        finally:
            commit_times.append(time.perf_counter() - t)

    service.store.commit_action = timed_commit  # type: ignore[method-assign]

    t = time.perf_counter()
    ids = await setup(service, args.games)
    print(f"created and started {len(ids)} games in {time.perf_counter() - t:.1f} s")

    ms = 1000

    def report(label: str, acts: list[float], commits: list[float], elapsed: float) -> None:
        print(f"{label}: {len(acts)} actions in {elapsed:.1f} s = {len(acts) / elapsed:.0f}/s")
        for name, values in (("commit transaction", commits), ("whole act call", acts)):
            print(
                f"  {name:<18}: p50 {pct(values, 50) * ms:6.2f} ms, "
                f"p99 {pct(values, 99) * ms:6.2f} ms, max {max(values) * ms:6.2f} ms"
            )

    async def one_action(game_id: int, acts: list[float]) -> bool:
        game = await service.get(game_id)
        if game.status != "running":
            return False
        seat = game.to_act[0]
        action = game.family.choose_action(game.state, seat)
        t0 = time.perf_counter()
        await service.act_as_seat(game_id, seat, action, version=game.version)
        acts.append(time.perf_counter() - t0)
        return True

    # 1. Saturation: every game plays at once, `concurrency` acts in flight.
    acts: list[float] = []
    gate = asyncio.Semaphore(args.concurrency)

    async def player(game_id: int) -> None:
        for _ in range(args.actions):
            async with gate:
                if not await one_action(game_id, acts):
                    return

    commit_times.clear()
    t = time.perf_counter()
    await asyncio.gather(*(player(i) for i in ids))
    report(
        f"saturated, {args.games} games, {args.concurrency} in flight",
        acts,
        commit_times,
        time.perf_counter() - t,
    )

    # 2. A steady load: actions arrive at `rate` per second, spread over all the games.
    acts = []
    commit_times.clear()
    tasks = []
    t = time.perf_counter()
    for n in range(args.rate * args.seconds):
        await asyncio.sleep(max(0.0, t + n / args.rate - time.perf_counter()))
        tasks.append(asyncio.create_task(one_action(ids[n % len(ids)], acts)))
    await asyncio.gather(*tasks)
    report(f"steady {args.rate} actions/s", acts, commit_times, time.perf_counter() - t)

    # Cold load: a fresh service (empty cache) reading one game; and a replay for comparison.
    await service.close()
    cold = await GameService.open(path)
    loads = []
    for game_id in ids[:50]:
        t0 = time.perf_counter()
        await cold.get(game_id)
        loads.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    report = await cold.replay(ids[0])
    replay_ms = (time.perf_counter() - t0) * ms
    print(
        f"cold load of one game: median {statistics.median(loads) * ms:.2f} ms "
        f"(replaying its {report.actions} actions instead: {replay_ms:.1f} ms)"
    )
    await cold.close()

    # Memory: a fresh service holding every game in memory (as after running_games()).
    gc.collect()
    before = rss_mb()
    idle = await GameService.open(path)
    running = await idle.running_games()
    gc.collect()
    after = rss_mb()
    per_game_kb = (after - before) * 1024 / max(1, len(running))
    print(
        f"memory: {len(running)} idle games loaded: +{after - before:.1f} MB "
        f"({per_game_kb:.0f} KB per game); process RSS {after:.0f} MB"
    )
    await idle.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--actions", type=int, default=20, help="actions per game")
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--rate", type=int, default=200, help="steady load, actions/s")
    parser.add_argument("--seconds", type=int, default=5, help="length of the steady load")
    parser.add_argument("--db", help="database file (default: a temporary one)")
    args = parser.parse_args()
    if args.db:
        asyncio.run(run(args, Path(args.db)))
        return
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(run(args, Path(tmp) / "bench.db"))


if __name__ == "__main__":
    main()
