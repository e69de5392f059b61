"""Text as cached sprites: FreeType rasterising is the slowest part of a render, and the
same strings (army counts, names, headers) come back every turn."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from .assets import font
from .style import RGB


@lru_cache(maxsize=8192)
def text_sprite(
    text: str,
    size: int,
    weight: str,
    fill: RGB,
    anchor: str = "mm",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> tuple[Image.Image, tuple[int, int]]:
    """RGBA image of text and its offset from the anchor point."""
    f = font(size, weight)
    left, top, right, bottom = f.getbbox(text, anchor=anchor, stroke_width=stroke)
    img = Image.new("RGBA", (max(right - left, 1), max(bottom - top, 1)), (*fill, 0))
    ImageDraw.Draw(img).text(
        (-left, -top),
        text,
        font=f,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=stroke_fill,
    )
    return img, (left, top)


def paste_text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    weight: str = "Bold",
    fill: RGB = (0, 0, 0),
    anchor: str = "mm",
    stroke: int = 0,
    stroke_fill: RGB | None = None,
) -> int:
    """Draw text at xy like ImageDraw.text; returns the drawn width."""
    sprite, (dx, dy) = text_sprite(text, size, weight, fill, anchor, stroke, stroke_fill)
    img.paste(sprite, (round(xy[0]) + dx, round(xy[1]) + dy), sprite)
    return sprite.width
