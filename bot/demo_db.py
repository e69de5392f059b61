"""`riskbot demo --db FILE`: the demo stored through the game service, action by action.

Killed at any moment and run again with the same arguments, it finds its unfinished game in
the database and carries on. The lines of the part played before the crash are re-derived
by replaying the stored log, so the output is the same as an uninterrupted run's.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from bot.demo import DemoRecorder, DemoResult, player_names, world_players
from bot.engine.canonical import canonical_json
from bot.service import LOBBY, RUNNING, Game, GameService, PlayerRef

DEMO_GUILD = 0


def demo_channel(
    ruleset: str, players: int, seed: int, options: dict[str, Any] | None = None
) -> int:
    """The made-up channel a demo game lives in: the same arguments find the same game."""
    extra = f":{canonical_json(options)}" if options else ""
    key = f"demo:{ruleset}:{players}:{seed}{extra}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:7], "big")


async def _start_or_resume(
    service: GameService,
    channel: int,
    ruleset: str,
    names: list[str],
    seed: int,
    options: dict[str, Any] | None,
) -> Game:
    """The running demo game in `channel`, creating, filling and starting it as needed."""
    refs = [PlayerRef(user_id=i + 1, name=name) for i, name in enumerate(names)]
    game = await service.game_in(channel)
    if game is None:
        game = await service.create(DEMO_GUILD, channel, refs[0], ruleset, options)
    if game.status == LOBBY:
        for ref in refs:
            if not game.has_player(ref.user_id):
                game = await service.join(channel, ref)
        game = (await service.start(channel, refs[0].user_id, seed=seed)).game
    return game


async def run_world_demo_db(
    ruleset: str,
    seed: int,
    players: int | None,
    log: TextIO | None,
    db: str | Path,
    options: dict[str, Any] | None = None,
    on_state: Callable[[Any], None] | None = None,
) -> DemoResult:
    """Play (or resume) one world demo game stored in `db`."""
    names = player_names(world_players(ruleset, players))
    recorder = DemoRecorder(log)
    service = await GameService.open(db)
    try:
        channel = demo_channel(ruleset, len(names), seed, options)
        game = await _start_or_resume(service, channel, ruleset, names, seed, options)
        first = [True]

        def narrate(state: object, events: list[dict]) -> None:
            if first[0]:
                first[0] = False
                recorder.record(state, events)  # type: ignore[arg-type]
            else:
                recorder.record_action(state, events)  # type: ignore[arg-type]

        report = await service.replay(game.id, on_events=narrate)
        if not report.ok:
            raise RuntimeError(f"the stored demo game does not replay: {report.problem}")
        game = await service.get(game.id)
        while game.status == RUNNING:
            recorder.check_limit()
            seat = game.to_act[0]
            action = game.family.choose_action(game.state, seat)
            result = await service.act_as_seat(game.id, seat, action, version=game.version)
            game = result.game
            recorder.record_action(game.state, result.events)
            if on_state is not None and (
                game.status != RUNNING or any(e["type"] == "turn_ended" for e in result.events)
            ):
                on_state(game.state)
        return recorder.finish(game.state)
    finally:
        await service.close()
