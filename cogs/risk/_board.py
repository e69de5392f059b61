"""The board picture attached to channel messages: the one place to switch renderers.

Rendering is CPU work (30-100 ms): it runs in a worker thread so the bot keeps answering
other interactions meanwhile. States are never changed after an action, so sharing one
with the thread is safe.
"""

from __future__ import annotations

import asyncio
import io

import discord

from bot.engine.world.state import WorldState
from bot.render.board import render_state

FILENAME = "board.png"


def board_png(state: WorldState) -> bytes | None:
    """PNG bytes of the board (None falls back to the text board)."""
    return render_state(state)


# Without an interaction to ask (channel messages), the smallest limit a server can have.
DEFAULT_LIMIT = 10 * 1024 * 1024


async def board_file(state: WorldState, limit: int | None = None) -> discord.File | None:
    """The board as an attachment, or None (text board only) if none or too big to send."""
    png = await asyncio.to_thread(board_png, state)
    if png is None or len(png) > (limit or DEFAULT_LIMIT):
        return None
    return discord.File(io.BytesIO(png), filename=FILENAME)
