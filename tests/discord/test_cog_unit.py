"""Layer 2: the cog's callbacks called directly with a small fake interaction."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from unittest.mock import MagicMock

import discord
import pytest
from discord.ext import commands

from bot.engine.errors import RuleError
from bot.service import GameService, PlayerRef
from cogs.errors import report
from cogs.risk._cog import RiskCog
from tests.discord.fakes import FakeInteraction, FakeUser

ALICE, BOB, CAROL = FakeUser(11, "Alice"), FakeUser(12, "Bob"), FakeUser(13, "Carol")


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[GameService]:
    service = await GameService.open(tmp_path / "unit.db")
    yield service
    await service.close()


@pytest.fixture
def cog(service: GameService) -> RiskCog:
    return RiskCog(MagicMock(spec=commands.Bot), service)


async def started(service: GameService) -> None:
    await service.create(1, 2, PlayerRef(ALICE.id, "Alice"), "classic-1959")
    await service.join(2, PlayerRef(BOB.id, "Bob"))
    await service.join(2, PlayerRef(CAROL.id, "Carol"))
    await service.start(2, ALICE.id, seed=2)


def user_to_act(game) -> FakeUser:
    return {u.id: u for u in (ALICE, BOB, CAROL)}[game.user_at(game.state.current).user_id]


async def test_attack_outside_a_game_refuses_in_one_sentence(cog):
    interaction = FakeInteraction(ALICE)
    with pytest.raises(RuleError, match="no game in this channel"):
        await cog.attack.callback(cog, interaction, "Alaska", "Kamchatka", None)
    assert interaction.sent == []


async def test_commands_check_the_guild_themselves(cog):
    interaction = FakeInteraction(ALICE, guild_id=None)
    with pytest.raises(RuleError, match="server channel"):
        await cog.new.callback(cog, interaction, "classic-1959", None)


async def test_place_defers_privately_and_answers_through_the_followup(cog, service):
    await started(service)
    game = await service.game_in(2)
    user = user_to_act(game)
    territory = game.state.territories_of(game.state.current)[0]
    interaction = FakeInteraction(user)
    await cog.place.callback(cog, interaction, territory, 1)
    defer, reply = interaction.sent
    assert defer.kind == "defer" and defer.ephemeral and defer.kwargs["thinking"]
    assert reply.kind == "followup" and reply.ephemeral
    embed: discord.Embed = reply.kwargs["embed"]
    assert territory in (embed.description or "")
    after = await service.game_in(2)
    assert after.state.armies[territory] == 2 and after.version == game.version + 1


async def test_a_second_response_raises_like_discord(cog):
    interaction = FakeInteraction(ALICE)
    await interaction.response.defer(ephemeral=True)
    with pytest.raises(discord.InteractionResponded):
        await interaction.response.send_message("again")


async def test_errors_after_a_defer_go_through_the_followup():
    interaction = FakeInteraction(ALICE)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await report(interaction, RuleError("Alaska does not border Brazil."))  # type: ignore[arg-type]
    sent = interaction.sent[-1]
    assert sent.kind == "followup" and sent.ephemeral
    assert sent.content == "Alaska does not border Brazil."


async def test_unexpected_errors_are_apologised_for_with_an_id(caplog):
    interaction = FakeInteraction(ALICE)
    await report(interaction, ValueError("secret internals"))  # type: ignore[arg-type]
    sent = interaction.sent[-1]
    assert sent.kind == "message" and sent.ephemeral
    assert "secret internals" not in sent.content and "error " in sent.content
    error_id = sent.content.split("error ")[1].rstrip(").")
    assert error_id in caplog.text


async def test_trade_without_a_set_says_so(cog, service):
    await started(service)
    game = await service.game_in(2)
    with pytest.raises(RuleError, match="no set of cards"):
        await cog.trade.callback(cog, FakeInteraction(user_to_act(game)))
