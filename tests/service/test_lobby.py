"""Lobby: create, join, leave, start, cancel, and the sentences users see."""

from __future__ import annotations

import pytest

from bot.engine.errors import RuleError
from bot.service import CANCELLED, LOBBY, RUNNING, NoGame, NotAllowed, PlayerRef, ServiceError
from bot.service.errors import ALREADY_A_GAME, NO_GAME_HERE, NOT_SEATED, ONLY_HOST_STARTS
from tests.service.conftest import ANN, BOB, CAT, CHANNEL, DAN, GUILD, started


async def test_a_lobby_fills_in_join_order_and_starts_with_seats_and_colours(service):
    game = await service.create(GUILD, CHANNEL, ANN, "classic-2016")
    assert game.status == LOBBY and game.state is None and game.host.user_id == ANN.user_id
    for p in (BOB, CAT, DAN):
        game = await service.join(CHANNEL, p)
    result = await service.start(CHANNEL, ANN.user_id, seed=42)
    game = result.game
    assert game.status == RUNNING and game.version == 0 and game.seed == 42
    assert [(s.name, s.seat, s.colour) for s in game.seats] == [
        ("Ann", 0, 0),
        ("Bob", 1, 1),
        ("Cat", 2, 2),
        ("Dan", 3, 3),
    ]
    assert [p.name for p in game.state.players] == ["Ann", "Bob", "Cat", "Dan"]
    assert result.events[0]["type"] == "game_started"
    assert game.seat_of(CAT.user_id) == 2 and game.user_at(3).user_id == DAN.user_id
    assert await service.game_in(CHANNEL) == game


async def test_a_start_without_a_seed_uses_a_stored_random_one(service):
    await service.create(GUILD, CHANNEL, ANN, "classic-2016")
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAT)
    game = (await service.start(CHANNEL, ANN.user_id)).game
    assert isinstance(game.seed, int)
    reopened = await service.store.get_game(game.id)
    assert reopened is not None and reopened.seed == game.seed


async def test_one_game_per_channel_and_a_new_one_after_cancel(service):
    await service.create(GUILD, CHANNEL, ANN, "classic-2016")
    with pytest.raises(ServiceError) as err:
        await service.create(GUILD, CHANNEL, BOB, "classic-1959")
    assert err.value.message == ALREADY_A_GAME
    other = await service.create(GUILD, CHANNEL + 1, BOB, "classic-1959")
    assert other.channel_id == CHANNEL + 1
    cancelled = await service.cancel(CHANNEL, ANN.user_id)
    assert cancelled.status == CANCELLED
    assert await service.game_in(CHANNEL) is None
    again = await service.create(GUILD, CHANNEL, BOB, "classic-1959")
    assert again.id != cancelled.id
    # Finished and cancelled games are kept as history.
    assert (await service.get(cancelled.id)).status == CANCELLED


async def test_no_game_here(service):
    for call in (
        service.join(CHANNEL, BOB),
        service.leave(CHANNEL, BOB.user_id),
        service.start(CHANNEL, BOB.user_id),
        service.cancel(CHANNEL, BOB.user_id),
        service.act(CHANNEL, BOB.user_id, {"type": "end_turn"}, version=0),
    ):
        with pytest.raises(NoGame) as err:
            await call
        assert err.value.message == NO_GAME_HERE


async def test_join_refusals_name_the_reason(service):
    await service.create(GUILD, CHANNEL, ANN, "classic-2016")
    with pytest.raises(NotAllowed, match="already in this game"):
        await service.join(CHANNEL, ANN)
    for i in range(4):
        await service.join(CHANNEL, PlayerRef(50 + i, f"P{i}"))
    with pytest.raises(NotAllowed) as err:
        await service.join(CHANNEL, PlayerRef(99, "Late"))
    assert err.value.message == "This game is full: classic-2016 is for 3 to 5 players."


async def test_only_the_host_starts_and_only_with_enough_players(service):
    await service.create(GUILD, CHANNEL, ANN, "classic-2016")
    await service.join(CHANNEL, BOB)
    with pytest.raises(NotAllowed) as err:
        await service.start(CHANNEL, BOB.user_id)
    assert err.value.message == ONLY_HOST_STARTS
    with pytest.raises(NotAllowed) as err:
        await service.start(CHANNEL, ANN.user_id)
    assert err.value.message == "classic-2016 needs 3 to 5 players; 2 have joined so far."
    await service.join(CHANNEL, CAT)
    await service.start(CHANNEL, ANN.user_id)
    with pytest.raises(NotAllowed, match="already started"):
        await service.start(CHANNEL, ANN.user_id)
    with pytest.raises(NotAllowed, match="already started"):
        await service.join(CHANNEL, DAN)


async def test_a_leaving_host_hands_over_and_the_last_one_out_closes_the_lobby(service):
    await service.create(GUILD, CHANNEL, ANN, "classic-2016")
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAT)
    game = await service.leave(CHANNEL, ANN.user_id)
    assert [s.name for s in game.seats] == ["Bob", "Cat"] and game.host.user_id == BOB.user_id
    with pytest.raises(NotAllowed, match="not in this game"):
        await service.leave(CHANNEL, ANN.user_id)
    await service.leave(CHANNEL, CAT.user_id)
    closed = await service.leave(CHANNEL, BOB.user_id)
    assert closed.status == CANCELLED and await service.game_in(CHANNEL) is None


async def test_leaving_a_running_game_is_refused(service):
    await started(service)
    with pytest.raises(NotAllowed, match="cannot leave"):
        await service.leave(CHANNEL, BOB.user_id)


async def test_cancel_is_for_the_host_or_an_admin(service):
    game = await started(service)
    with pytest.raises(NotAllowed, match="host or a server admin"):
        await service.cancel(CHANNEL, BOB.user_id)
    cancelled = await service.cancel(CHANNEL, DAN.user_id, is_admin=True)
    assert cancelled.status == CANCELLED and cancelled.id == game.id
    with pytest.raises(NotAllowed, match="This game was cancelled."):
        await service.act_as_seat(game.id, 0, {"type": "end_turn"}, version=0)


async def test_acting_in_a_lobby_or_unseated(service):
    await service.create(GUILD, CHANNEL, ANN, "classic-2016")
    with pytest.raises(NotAllowed, match="not started yet"):
        await service.act(CHANNEL, ANN.user_id, {"type": "end_turn"}, version=0)
    with pytest.raises(NotAllowed) as err:
        await service.act(CHANNEL, DAN.user_id, {"type": "end_turn"}, version=0)
    assert err.value.message == NOT_SEATED


async def test_unknown_ruleset_and_bad_options_are_rule_errors(service):
    with pytest.raises(RuleError, match="no ruleset called"):
        await service.create(GUILD, CHANNEL, ANN, "monopoly")
    with pytest.raises(RuleError, match="Unknown rule option"):
        await service.create(GUILD, CHANNEL, ANN, "classic-2016", {"dragons": 3})
    game = await service.create(GUILD, CHANNEL, ANN, "classic-2016", {"fortify_moves": None})
    assert game.options == {"fortify_moves": None}


async def test_options_reach_the_engine(service):
    await service.create(GUILD, CHANNEL, ANN, "classic-1959", {"max_players": 3})
    await service.join(CHANNEL, BOB)
    await service.join(CHANNEL, CAT)
    with pytest.raises(NotAllowed, match="full: classic-1959 is for 3 players"):
        await service.join(CHANNEL, DAN)
    game = (await service.start(CHANNEL, ANN.user_id, seed=1)).game
    assert game.state.options.max_players == 3


async def test_games_for_a_user(service):
    first = await started(service)
    await service.create(GUILD, CHANNEL + 1, BOB, "classic-1959")
    assert [g.id for g in await service.games_for(BOB.user_id)] == [first.id + 1, first.id]
    assert [g.id for g in await service.games_for(ANN.user_id)] == [first.id]
    await service.cancel(CHANNEL, ANN.user_id)
    assert await service.games_for(ANN.user_id) == []
    assert len(await service.games_for(ANN.user_id, include_closed=True)) == 1
    assert await service.games_for(DAN.user_id) == []
