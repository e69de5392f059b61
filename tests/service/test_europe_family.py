"""Risk Europe through the same service: stored action by action, replayed exactly."""

from __future__ import annotations

from bot.games import family_for
from bot.service import PlayerRef

CHANNEL = 77


async def test_a_europe_game_plays_through_the_service_and_replays(service):
    assert family_for("europe-2p").name == "europe"
    host = PlayerRef(1, "Red")
    await service.create(1, CHANNEL, host, "europe-2p")
    await service.join(CHANNEL, PlayerRef(2, "Blue"))
    game = (await service.start(CHANNEL, 1, seed=3)).game
    for _ in range(120):
        if game.status != "running":
            break
        seat = game.to_act[0]
        action = game.family.choose_action(game.state, seat)
        action.pop("seat", None)
        user = game.user_at(seat).user_id
        game = (await service.act(CHANNEL, user, action, version=game.version)).game
    assert game.version > 20
    report = await service.replay(game.id)
    assert report.ok, report.line()


async def test_europe_refuses_options(service):
    import pytest

    from bot.engine.errors import RuleError

    with pytest.raises(RuleError, match="no extra options"):
        await service.create(1, CHANNEL, PlayerRef(1, "Red"), "europe", {"x": 1})


async def test_a_europe_action_cannot_name_another_seat(service):
    import pytest

    from bot.engine.errors import RuleError

    await service.create(1, CHANNEL, PlayerRef(1, "Red"), "europe-2p")
    await service.join(CHANNEL, PlayerRef(2, "Blue"))
    game = (await service.start(CHANNEL, 1, seed=3)).game
    bid = {"type": "bid", "amount": 0, "seat": 1}
    result = await service.act(CHANNEL, 1, bid, version=game.version)
    assert result.game.state["armies"][0]["bid"] == 0  # recorded for Red, the one acting
    assert result.game.state["armies"][1]["bid"] is None
    with pytest.raises(RuleError):
        await service.act(CHANNEL, 1, bid, version=result.game.version)  # Red already bid
