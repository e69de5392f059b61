"""What the Discord layer stores beside the game: its messages, DM reachability, choices."""

from __future__ import annotations

import pytest

from bot.service import NotAllowed
from tests.service.conftest import ANN, BOB, DAN, started


async def test_messages_are_remembered_in_order_and_can_be_replaced(service):
    game = await started(service)
    await service.remember_message(game.id, "board", 100, 1)
    await service.remember_message(game.id, "board", 100, 2)
    await service.remember_message(game.id, "lobby", 100, 3)
    assert [m.message_id for m in await service.messages(game.id)] == [1, 2, 3]
    assert [m.message_id for m in await service.messages(game.id, "board")] == [1, 2]
    await service.remember_message(game.id, "board", 100, 4, replace=True)
    boards = await service.messages(game.id, "board")
    assert [(m.kind, m.channel_id, m.message_id) for m in boards] == [("board", 100, 4)]
    assert boards[0].created_at.tzinfo is not None


async def test_can_dm_and_choices_are_stored_per_player(service):
    game = await started(service)
    await service.set_can_dm(game.id, BOB.user_id, False)
    await service.set_choices(game.id, ANN.user_id, {"ping": "never"})
    game = await service.get(game.id)
    bob = next(s for s in game.seats if s.user_id == BOB.user_id)
    ann = next(s for s in game.seats if s.user_id == ANN.user_id)
    assert not bob.can_dm and ann.can_dm and ann.choices == {"ping": "never"}
    with pytest.raises(NotAllowed):
        await service.set_can_dm(game.id, DAN.user_id, False)
