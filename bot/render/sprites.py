"""Anti-aliased badge and star sprites, drawn 4x large once and cached."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from .style import INK, RGB

SS = 4  # supersampling factor


def _polygon(shape: str, c: float, r: float) -> list[tuple[float, float]] | None:
    def ring(n: int, start: float, rx: float = r, ry: float = r) -> list[tuple[float, float]]:
        return [
            (
                c + rx * math.cos(start + 2 * math.pi * k / n),
                c + ry * math.sin(start + 2 * math.pi * k / n),
            )
            for k in range(n)
        ]

    if shape == "square":
        s = r * 0.86
        return [(c - s, c - s), (c + s, c - s), (c + s, c + s), (c - s, c + s)]
    if shape == "diamond":
        return ring(4, -math.pi / 2, r * 1.12, r * 1.12)
    if shape == "hexagon":
        return ring(6, 0, r * 1.05, r * 0.95)
    if shape == "octagon":
        return ring(8, math.pi / 8, r * 1.0, r * 1.0)
    if shape == "shield":
        s = r * 0.9
        return [
            (c - s, c - s),
            (c + s, c - s),
            (c + s, c + s * 0.25),
            (c, c + r * 1.12),
            (c - s, c + s * 0.25),
        ]
    return None  # circle


@cache
def badge(shape: str, colour: RGB, radius: int, outline: int = 3) -> Image.Image:
    """RGBA badge of the given shape, filled with colour, with a dark rim."""
    size = 2 * radius + 6
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * SS / 2
    for r, fill in ((radius * SS, INK), ((radius - outline) * SS, colour)):
        poly = _polygon(shape, c, r)
        if poly is None:
            d.ellipse([c - r, c - r, c + r, c + r], fill=fill)
        else:
            d.polygon(poly, fill=fill)
    return big.reduce(SS)  # box filter: exact colours inside, smooth edges


@cache
def star(radius: int, colour: RGB = (255, 214, 10)) -> Image.Image:
    """Five-pointed star with a dark rim, for headquarters/capitals."""
    size = 2 * radius + 4
    big = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * SS / 2
    for r, fill in ((radius * SS, INK), ((radius - 2.5) * SS, colour)):
        pts = [
            (
                c + (r if k % 2 == 0 else r * 0.45) * math.cos(-math.pi / 2 + k * math.pi / 5),
                c + (r if k % 2 == 0 else r * 0.45) * math.sin(-math.pi / 2 + k * math.pi / 5),
            )
            for k in range(10)
        ]
        d.polygon(pts, fill=fill)
    return big.reduce(SS)  # box filter: exact colours inside, smooth edges
