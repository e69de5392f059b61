"""Who may do what, each refusal one sentence saying what to do instead."""

from __future__ import annotations

import discord

from bot.engine.errors import RuleError
from bot.engine.world.state import ALLIED_ATTACK, ALLIED_PLACE, CHOOSE_CAPITAL
from bot.service import LOBBY, RUNNING, Game, GameService

NOT_IN_SERVER = "Risk is played in a server channel, not in direct messages."
NO_GAME = "There is no game in this channel; start one with `/risk new`."
IN_LOBBY = "The game has not started yet; the host starts it with `/risk start`."
NOT_SEATED = "You are not playing in this game; watch, or join the next one with `/risk join`."
MOVED_ON = "The game has moved on since this message; use the newest one or `/risk status`."


def in_guild(interaction: discord.Interaction) -> None:
    """discord.py does not enforce guild_only itself (Discord's client does): check it here."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise RuleError(NOT_IN_SERVER)


async def game_here(service: GameService, interaction: discord.Interaction) -> Game:
    in_guild(interaction)
    game = await service.game_in(interaction.channel_id)  # type: ignore[arg-type]
    if game is None:
        raise RuleError(NO_GAME)
    return game


def running(game: Game) -> None:
    if game.status == LOBBY:
        raise RuleError(IN_LOBBY)
    if game.status != RUNNING or game.state is None:
        raise RuleError("This game is over; start a new one with `/risk new`.")


def seated(game: Game, user_id: int) -> int:
    seat = game.seat_of(user_id)
    if seat is None:
        raise RuleError(NOT_SEATED)
    return seat


async def player_here(service: GameService, interaction: discord.Interaction) -> tuple[Game, int]:
    """The running game in this channel and the caller's seat, or a refusal."""
    game = await game_here(service, interaction)
    running(game)
    return game, seated(game, interaction.user.id)


def awaited(game: Game, seat: int | None) -> None:
    """Refuse unless the game waits for `seat` (the engine's `to_act`, not just `current`)."""
    state = game.state
    waiting = game.to_act
    if seat is not None and seat in waiting:
        return
    if state.phase == CHOOSE_CAPITAL:
        if seat is not None and seat not in waiting:
            raise RuleError("You have already chosen; the others are still choosing.")
        raise RuleError("The players are choosing their headquarters.")
    if not waiting:
        raise RuleError("This game is over.")
    name = state.players[waiting[0]].name
    if state.phase in (ALLIED_PLACE, ALLIED_ATTACK):
        raise RuleError(f"{name} is giving the Allied Army its orders.")
    raise RuleError(f"It is {name}'s turn.")
