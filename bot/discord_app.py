"""The Discord bot: dependencies come in through the constructor, async set-up in setup_hook.

This is the only place a Discord connection is made. The token is read from the settings at
the last moment and never logged.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import discord
from discord.ext import commands

from bot.service import GameService
from bot.settings import Settings

log = logging.getLogger(__name__)


class RiskBot(commands.Bot):
    """A bot hosting Risk games; `service` is opened in setup_hook unless one is given."""

    def __init__(
        self,
        database: Path | str,
        *,
        dev_guild_id: int | None = None,
        turn_hours: float = 0,
        service: GameService | None = None,
        sync_commands: bool = True,
        **kwargs: object,
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **kwargs,  # type: ignore[arg-type]
        )
        self.database = Path(database)
        self.dev_guild_id = dev_guild_id
        self.turn_hours = turn_hours
        self.service: GameService | None = service
        self.sync_commands = sync_commands

    async def setup_hook(self) -> None:
        from cogs import EXTENSIONS

        if self.service is None:
            self.database.parent.mkdir(parents=True, exist_ok=True)
            self.service = await GameService.open(self.database)
        for name in EXTENSIONS:
            await self.load_extension(name)
        if self.sync_commands:
            await self._sync()

    async def _sync(self) -> None:
        if self.dev_guild_id:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d application commands", len(synced))

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s)", self.user, self.user.id if self.user else "?")

    async def close(self) -> None:
        try:
            if self.service is not None:
                await self.service.close()
                self.service = None
        finally:
            await super().close()


def run_bot(settings: Settings) -> int:
    """Run until stopped; a token Discord refuses ends with one sentence, not a traceback."""
    assert settings.discord_token is not None
    bot = RiskBot(
        settings.database, dev_guild_id=settings.dev_guild_id, turn_hours=settings.turn_hours
    )
    try:
        bot.run(settings.discord_token.get_secret_value(), log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN; copy the bot token again from the "
            "Developer Portal (Bot > Reset Token).",
            file=sys.stderr,
        )
        return 2
    return 0
