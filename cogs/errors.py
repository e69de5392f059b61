"""One error handler for slash commands, buttons and menus.

Priority: a sentence meant for the user (RuleError, ServiceError) is shown as is, ephemerally;
anything else is logged with a short id and the user gets an apology carrying that id. Works
before and after `defer()`: once the response is done the answer goes through the followup.
"""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.errors import RuleError
from bot.service import ServiceError

log = logging.getLogger(__name__)


def user_message(error: BaseException) -> str | None:
    """The sentence to show for an expected error, None for a bug."""
    if isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError):
        error = error.__cause__ or getattr(error, "original", error)
    if isinstance(error, RuleError | ServiceError):
        return error.message
    if isinstance(error, app_commands.NoPrivateMessage):
        return "Risk is played in a server channel, not in direct messages."
    if isinstance(error, app_commands.MissingPermissions | app_commands.CheckFailure):
        return str(error) or "You cannot use this command here."
    return None


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """Answer once, whether or not the interaction was already responded to or deferred."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error message to the user")


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    text = user_message(error)
    if text is None:
        error_id = secrets.token_hex(4)
        original = getattr(error, "original", error)
        log.error(
            "unexpected error %s in %s",
            error_id,
            interaction.command.qualified_name if interaction.command else interaction.data,
            exc_info=original,
        )
        text = f"Sorry, something went wrong on my side (error {error_id})."
    await send_ephemeral(interaction, text)


async def on_tree_error(
    interaction: discord.Interaction, error: app_commands.AppCommandError
) -> None:
    await report(interaction, error)


async def setup(bot: commands.Bot) -> None:
    bot.tree.on_error = on_tree_error  # type: ignore[method-assign]


async def teardown(bot: commands.Bot) -> None:
    bot.tree.on_error = app_commands.CommandTree.on_error.__get__(bot.tree)  # type: ignore[method-assign]
