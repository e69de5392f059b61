"""Starting the Discord bot. Kept out of the engine: this is the only place discord is run."""

from __future__ import annotations

import logging

from bot.settings import Settings

log = logging.getLogger(__name__)


def run_bot(settings: Settings) -> int:
    import discord
    from discord.ext import commands

    intents = discord.Intents.default()
    bot = commands.Bot(command_prefix=commands.when_mentioned, intents=intents)

    @bot.event
    async def on_ready() -> None:
        log.info("logged in as %s", bot.user)

    assert settings.discord_token is not None
    bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    return 0
