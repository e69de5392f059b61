"""World board image for Discord: packaged map assets and a fast Pillow renderer."""

from .renderer import render_image, render_world
from .world import BoardView, PlayerInfo

__all__ = ["BoardView", "PlayerInfo", "render_image", "render_world"]
