"""Acting: versions, the per-game lock, commit-then-memory, finishing a game."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.canonical import digest
from bot.engine.errors import RuleError
from bot.service import FINISHED, GameService, NotAllowed, ServiceError, StaleAction
from bot.service.errors import MOVED_ON
from tests.service.conftest import ANN, CHANNEL, ai_action, play, started


async def action_count(service: GameService, game_id: int) -> int:
    return len(await service.store.actions(game_id))


async def test_an_action_is_committed_with_its_state(service, tmp_path):
    game = await started(service)
    seat, action = ai_action(game)
    result = await service.act(CHANNEL, game.user_at(seat).user_id, action, version=0)
    assert result.game.version == 1 and result.events
    [row] = await service.store.actions(game.id)
    assert row.seq == 1 and row.actor == game.user_at(seat).user_id and row.seat == seat
    # A second service on the same file (a restart) sees exactly the committed state.
    other = await GameService.open(service.store.path)
    try:
        cold = await other.get(game.id)
        fam = cold.family
        assert digest(fam.state_to_dict(cold.state)) == digest(fam.state_to_dict(result.game.state))
        assert cold.version == 1
    finally:
        await other.close()


async def test_the_service_fills_in_the_players_seat(service):
    game = await started(service)
    seat, action = ai_action(game)
    user = game.user_at(seat).user_id
    # A "player" naming somebody else is overridden by the user's own seat.
    result = await service.act(CHANNEL, user, {**action, "player": (seat + 1) % 3}, version=0)
    [row] = await service.store.actions(game.id)
    assert f'"player":{seat}' in row.action and result.game.version == 1


async def test_a_stale_or_duplicate_submission_changes_nothing(service):
    game = await started(service)
    seat, action = ai_action(game)
    user = game.user_at(seat).user_id
    await service.act(CHANNEL, user, action, version=0)
    for version in (0, 5, -1):
        with pytest.raises(StaleAction) as err:
            await service.act(CHANNEL, user, action, version=version)
        assert err.value.message == MOVED_ON
    assert (await service.get(game.id)).version == 1
    assert await action_count(service, game.id) == 1


async def test_two_simultaneous_acts_on_the_same_version_exactly_one_wins(service):
    game = await started(service)
    seat, action = ai_action(game)
    user = game.user_at(seat).user_id
    results = await asyncio.gather(
        *(service.act(CHANNEL, user, action, version=0) for _ in range(5)),
        return_exceptions=True,
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, BaseException)]
    assert len(wins) == 1 and len(losses) == 4
    assert all(isinstance(e, StaleAction) for e in losses)
    assert await action_count(service, game.id) == 1


async def test_two_processes_cannot_both_commit_the_same_version(service):
    """A second service on the same file stands in for a second process: its in-process
    lock does not help, the version check in the UPDATE does."""
    game = await started(service)
    other = await GameService.open(service.store.path)
    try:
        await other.get(game.id)  # warm its cache at version 0
        seat, action = ai_action(game)
        user = game.user_at(seat).user_id
        await service.act(CHANNEL, user, action, version=0)
        with pytest.raises(StaleAction):
            await other.act(CHANNEL, user, action, version=0)
        assert await action_count(service, game.id) == 1
        # Its stale copy was dropped: it now sees version 1 and can go on.
        fresh = await other.get(game.id)
        assert fresh.version == 1
        await play(other, fresh, 1)
    finally:
        await other.close()


async def test_an_illegal_action_is_a_rule_error_and_changes_nothing(service):
    game = await started(service)
    seat = game.to_act[0]
    user = game.user_at(seat).user_id
    before = digest(game.family.state_to_dict(game.state))
    with pytest.raises(RuleError):
        await service.act(CHANNEL, user, {"type": "fortify", "source": "x"}, version=0)
    with pytest.raises(RuleError, match="Unknown action"):
        await service.act(CHANNEL, user, {"type": "nuke"}, version=0)
    for malformed in ({"type": ["place"]}, {"type": "place", "territory": 5}, ["end_turn"]):
        with pytest.raises(RuleError, match="form the game understands|must be a"):
            await service.act(CHANNEL, user, malformed, version=0)  # type: ignore[arg-type]
    other = game.user_at((seat + 1) % 3).user_id
    _, action = ai_action(game)
    with pytest.raises(RuleError, match="turn, not yours"):
        await service.act(CHANNEL, other, action, version=0)
    after = await service.get(game.id)
    assert after.version == 0 and digest(after.family.state_to_dict(after.state)) == before
    assert await action_count(service, game.id) == 0


async def test_a_failed_commit_changes_nothing_in_memory_either(service, monkeypatch):
    game = await started(service)
    seat, action = ai_action(game)
    user = game.user_at(seat).user_id
    real = service.store.commit_action

    async def broken_disk(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(service.store, "commit_action", broken_disk)
    with pytest.raises(ServiceError, match="could not be saved"):
        await service.act(CHANNEL, user, action, version=0)
    after = await service.get(game.id)
    assert after.version == 0
    assert after.family.state_to_dict(after.state) == game.family.state_to_dict(game.state)
    monkeypatch.setattr(service.store, "commit_action", real)
    assert (await service.act(CHANNEL, user, action, version=0)).game.version == 1


async def test_a_game_played_to_the_end_is_finished_and_frees_the_channel(service):
    game = await started(service, seed=3)
    game = await play(service, game, 5000)
    assert game.status == FINISHED and game.family.winner(game.state) is not None
    assert await service.game_in(CHANNEL) is None
    assert (await service.get(game.id)).status == FINISHED
    with pytest.raises(NotAllowed, match="over"):
        await service.act_as_seat(game.id, 0, {"type": "end_turn"}, version=game.version)
    await service.create(1, CHANNEL, ANN, "classic-1959")
    report = await service.replay(game.id)
    assert report.ok, report.problem
    assert report.actions == game.version


async def test_running_games_come_back_after_a_restart(service):
    one = await started(service, channel=1)
    two = await started(service, channel=2)
    await service.cancel(2, ANN.user_id)
    three = await started(service, channel=3)
    three = await play(service, three, 10, channel=3)
    other = await GameService.open(service.store.path)
    try:
        games = await other.running_games()
        assert [g.id for g in games] == [one.id, three.id]
        assert games[1].version == 10 and two.id not in [g.id for g in games]
    finally:
        await other.close()


async def test_a_slow_read_does_not_put_an_older_copy_into_the_cache(service, monkeypatch):
    """A `get` that read the row before an action committed must not cache what it read."""
    game = await started(service)
    seat, action = ai_action(game)
    user = game.user_at(seat).user_id
    real_get = service.store.get_game
    read_done = asyncio.Event()
    release = asyncio.Event()

    async def slow_get(game_id):
        record = await real_get(game_id)
        read_done.set()
        await release.wait()
        return record

    service._cache.clear()
    monkeypatch.setattr(service.store, "get_game", slow_get)
    reader = asyncio.create_task(service.get(game.id))
    await read_done.wait()
    monkeypatch.setattr(service.store, "get_game", real_get)
    acted = await service.act(CHANNEL, user, action, version=0)
    release.set()
    assert (await reader).version == 0  # what it read, at the time it read it
    assert (await service.get(game.id)).version == acted.game.version == 1
    seat, action = ai_action(acted.game)
    await service.act(CHANNEL, acted.game.user_at(seat).user_id, action, version=1)
