"""Replay and damage: seed + log rebuild the stored state; a damaged game breaks alone."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.cli import main
from bot.service import BROKEN, RUNNING, GameBroken
from tests.service.conftest import CHANNEL, play, started


async def run_cli(argv: list[str]) -> int:
    """The riskbot command, in a thread: it runs its own event loop."""
    return await asyncio.to_thread(main, argv)


def raw(service) -> sqlite3.Connection:
    """A plain sqlite3 connection to the same file: the service is bypassed entirely."""
    return sqlite3.connect(service.store.path, isolation_level=None)


async def test_replay_rebuilds_the_stored_state_exactly(service, capsys):
    game = await play(service, await started(service), 60)
    report = await service.replay(game.id)
    assert report.ok and report.actions == 60 and not report.damaged
    seen = []
    await service.replay(game.id, on_events=lambda state, events: seen.append(len(events)))
    assert len(seen) == 61  # the setup, then every action
    assert await run_cli(["replay", "--db", str(service.store.path)]) == 0
    assert f"game {game.id} (running, 60 actions): ok digest=" in capsys.readouterr().out


async def test_replay_detects_a_tampered_state(service, capsys):
    game = await play(service, await started(service), 30)
    with raw(service) as db:
        state = db.execute("SELECT state FROM games WHERE id = ?", (game.id,)).fetchone()[0]
        data = json.loads(state)
        data["armies"]["Alaska"] += 5
        tampered = json.dumps(data)
        db.execute("UPDATE games SET state = ? WHERE id = ?", (tampered, game.id))
    report = await service.replay(game.id)
    assert not report.ok and not report.damaged
    assert "stored state differs from the replay (in armies)" in (report.problem or "")
    assert await run_cli(["replay", "--db", str(service.store.path), "--game", str(game.id)]) == 1
    assert "MISMATCH" in capsys.readouterr().out


async def test_a_corrupt_state_row_breaks_only_its_own_game(service):
    bad = await play(service, await started(service, channel=1), 5, channel=1)
    good = await play(service, await started(service, channel=2), 5, channel=2)
    with raw(service) as db:
        db.execute("UPDATE games SET state = '{\"players\": [' WHERE id = ?", (bad.id,))
    service._cache.clear()  # as after a restart
    loaded = await service.get(bad.id)
    assert loaded.status == BROKEN and "not valid JSON" in (loaded.broken_reason or "")
    with pytest.raises(GameBroken, match="damaged"):
        await service.act_as_seat(bad.id, 0, {"type": "end_turn"}, version=5)
    # The other game carries on, and the broken one's channel is free again.
    good = await play(service, good, 5, channel=2)
    assert good.version == 10 and good.status == RUNNING
    assert await service.game_in(1) is None
    assert [g.id for g in await service.running_games()] == [good.id]


async def test_a_state_that_parses_but_is_not_a_game_breaks_it(service):
    game = await started(service)
    with raw(service) as db:
        db.execute("UPDATE games SET state = '{\"players\": 3}' WHERE id = ?", (game.id,))
    service._cache.clear()
    assert (await service.game_in(CHANNEL)) is not None  # found, then found damaged
    assert (await service.get(game.id)).status == BROKEN
    assert "damaged" in ((await service.get(game.id)).broken_reason or "")


async def test_an_unknown_action_in_the_log_marks_the_game_broken(service, capsys):
    bad = await play(service, await started(service, channel=1), 8, channel=1)
    good = await play(service, await started(service, channel=2), 8, channel=2)
    with raw(service) as db:
        db.execute("DROP TRIGGER actions_no_update")
        db.execute(
            'UPDATE actions SET action = \'{"type":"nuke","player":0}\' '
            "WHERE game_id = ? AND seq = 4",
            (bad.id,),
        )
    assert await run_cli(["replay", "--db", str(service.store.path)]) == 1
    out = capsys.readouterr().out
    assert f"game {bad.id} (running, 4 actions): BROKEN: action 4 cannot be replayed: " in out
    assert "Unknown action 'nuke'." in out
    assert f"game {good.id} (running, 8 actions): ok" in out
    service._cache.clear()
    assert (await service.get(bad.id)).status == BROKEN
    assert (await play(service, good, 2, channel=2)).version == 10


async def test_a_log_that_lost_an_action_is_noticed_on_load(service):
    game = await play(service, await started(service), 3)
    with raw(service) as db:
        db.execute("UPDATE games SET version = 7 WHERE id = ?", (game.id,))
    service._cache.clear()
    broken = await service.get(game.id)
    assert broken.status == BROKEN
    assert broken.broken_reason == (
        "The action log holds 3 actions but the saved game is at version 7."
    )


async def test_replay_of_a_missing_database_or_game(tmp_path, capsys, service):
    assert await run_cli(["replay", "--db", str(tmp_path / "nope.db")]) == 2
    assert "There is no database" in capsys.readouterr().err
    assert await run_cli(["replay", "--db", str(service.store.path), "--game", "999"]) == 2
    assert "There is no game number 999." in capsys.readouterr().err
