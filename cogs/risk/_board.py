"""The board picture attached to channel messages: the one place to switch renderers."""

from __future__ import annotations

import io

import discord

from bot.engine.world.state import WorldState

FILENAME = "board.png"


def board_png(state: WorldState) -> bytes | None:
    """PNG bytes of the board, or None while no renderer is merged (the text board is used).

    When the renderer lands this becomes `return render_world(state)`.
    """
    return None


def board_file(state: WorldState) -> discord.File | None:
    png = board_png(state)
    return None if png is None else discord.File(io.BytesIO(png), filename=FILENAME)
