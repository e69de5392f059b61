"""Small pieces of wording shared by every engine and the layers above them."""

from __future__ import annotations


def players_text(low: int, high: int) -> str:
    """'2 players' or '3 to 5 players', for sentences about who may play."""
    return f"{low} players" if low == high else f"{low} to {high} players"
