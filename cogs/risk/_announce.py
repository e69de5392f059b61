"""What the channel and the players' DMs receive after an action.

The channel gets one message per turn (and per hand-off, e.g. to the Allied Army's
commander): its narration, the board, a ping for whoever is awaited and their buttons.
Secrets (cards, missions) go by DM; headquarters picks only in the chooser's private reply.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord
from discord.ext import commands

from bot.engine.world.state import (
    CAPITAL_BONUS,
    CHOOSE_CAPITAL,
    CLAIM,
    GAME_OVER,
    SETUP_PLACE,
    WorldState,
)
from bot.narrate import private_lines
from bot.service import Game, GameService
from cogs.risk import _format as fmt
from cogs.risk import _targets as targets
from cogs.risk._board import board_file
from cogs.risk._ui import next_view

log = logging.getLogger(__name__)

MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
Event = dict[str, Any]


def needs_post(old: WorldState, new: WorldState) -> bool:
    """A new channel message is due: the turn passed, someone else is awaited, or it is over."""
    if new.phase == GAME_OVER or new.turn != old.turn or new.current != old.current:
        return True
    if old.phase == CHOOSE_CAPITAL and new.phase == CHOOSE_CAPITAL:
        return False  # each secret pick gets a short progress line instead
    return targets.waiting(new) != targets.waiting(old)


def title_for(old: WorldState, new: WorldState) -> str:
    names = fmt.names(old)
    if new.phase == GAME_OVER:
        return "Game over"
    if old.phase in (CLAIM, SETUP_PLACE):
        return f"Setup · {names[old.current]}"
    if old.phase == CHOOSE_CAPITAL:
        return f"{fmt.hq_word(old).capitalize()} chosen"
    return f"Turn {old.turn} · {names[old.current]}"


def call_line(game: Game) -> str:
    """The ping at the top of a turn message: who is awaited, and for what."""
    state: WorldState = game.state
    waiting = targets.waiting(state)
    if state.phase == GAME_OVER:
        winner = state.winner if state.winner is not None else state.current
        return f"🏆 {fmt.mention(game, winner)} wins!"
    who = fmt.mentions(game, waiting)
    if state.phase == CHOOSE_CAPITAL:
        word = fmt.hq_word(state)
        return f"{who}: choose your {word} in secret with `/risk hq` or the button."
    if targets.commanding_allies(state):
        text = f"{who}, you command the Allied Army now."
    elif state.phase == CAPITAL_BONUS:
        text = f"{who}, place {state.pending} bonus armies on the fallen player's territories."
    else:
        text = f"{who}, it is your turn."
    hint = fmt.hint_line(state, waiting[0]) if len(waiting) == 1 else ""
    return f"{text} {hint}".strip()


async def post_turn(
    bot: commands.Bot,
    service: GameService,
    game: Game,
    lines: Sequence[str],
    title: str,
    *,
    interaction: discord.Interaction | None = None,
) -> None:
    """The channel's message for a turn or hand-off: narration, board, who is awaited."""
    state: WorldState = game.state
    embed = fmt.turn_embed(game, lines, title=title)
    waiting = targets.waiting(state)
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": MENTIONS}
    if state.phase != GAME_OVER:
        seat = waiting[0] if len(waiting) == 1 else None
        view = next_view(game.id, game.version, state, seat)
        if view is not None:
            kwargs["view"] = view
    limit = interaction.filesize_limit if interaction is not None else None
    file = await board_file(state, limit)
    if file is not None:
        embed.set_image(url=f"attachment://{file.filename}")
        kwargs["file"] = file
    content = call_line(game)
    if interaction is not None:
        message: Any = await interaction.followup.send(content, wait=True, **kwargs)
    else:
        channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        message = await channel.send(content, **kwargs)
    if state.phase != GAME_OVER:
        await service.remember_message(game.id, "turn", game.channel_id, message.id, replace=True)


async def post_progress(bot: commands.Bot, game: Game, seat: int) -> None:
    """A secret pick made: the channel learns who chose, never what."""
    state: WorldState = game.state
    humans = [p for p in state.players if not p.neutral and p.alive]
    chosen = sum(p.capital is not None for p in humans)
    name = state.players[seat].name
    await post_line(bot, game, f"🏰 {name} has chosen ({chosen} of {len(humans)}).")


async def post_line(bot: commands.Bot, game: Game, text: str) -> None:
    """A short public line in the game's channel, pinging nobody."""
    channel = bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
    await channel.send(text, allowed_mentions=discord.AllowedMentions.none())


async def dm_user(bot: commands.Bot, user_id: int, embed: discord.Embed) -> bool:
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        await channel.send(embed=embed)
    except discord.HTTPException as exc:
        log.info("DM to a player failed (%s)", getattr(exc, "code", exc))
        return False
    return True


async def deliver_secrets(
    bot: commands.Bot,
    service: GameService,
    game: Game,
    events: Sequence[Event],
    actor: int | None,
) -> tuple[list[str], list[str]]:
    """DM each seated player their new secrets (cards drawn or taken, missions).

    Returns what the actor's private reply should show, and lines for the channel (only that
    a DM failed, never what it held). A player whose DMs are closed reads them with
    `/risk hand`; the actor sees theirs in the reply.
    """
    state: WorldState = game.state
    names = fmt.names(state)
    shown: list[str] = []
    notes: list[str] = []
    for player in game.seats:
        if player.seat is None:
            continue
        secret = private_lines(events, player.seat, names, state)
        if not secret:
            continue
        text = "\n".join(secret) + f"\n(Your game in <#{game.channel_id}>.)"
        embed = discord.Embed(description=text, colour=fmt.colour_of(game, player.seat))
        sent = player.can_dm and await dm_user(bot, player.user_id, embed)
        if sent:
            if player.seat == actor:
                shown.append("✉️ Your new secrets are in your DMs.")
            continue
        if player.seat == actor:
            shown += secret
        if player.can_dm:  # just found out: remember, and say so once
            await service.set_can_dm(game.id, player.user_id, False)
            notes.append(
                f"✉️ I could not DM {player.name}; their secrets go in replies only they "
                "can see (`/risk hand`)."
            )
    return shown, notes
