"""Raster steps: countries -> territory label array, borders, patterns, sea routes."""

from __future__ import annotations

import numpy as np
from PIL import Image, ImageDraw

# Index layout of board.png (a palette image the renderer recolours with one LUT).
N_FAMILIES = 5  # 0 plain, 1 "/" stripes, 2 "\" stripes, 3 dots, 4 horizontal dashes
SEA, SHALLOW, UNCLAIMED, COAST, BORDER, CONT_BORDER, ROUTE, EDGE = range(230, 238)


def shift(a: np.ndarray, dy: int, dx: int, fill: int | bool) -> np.ndarray:
    """a shifted by (dy, dx) with the uncovered band set to fill."""
    out = np.full_like(a, fill)
    h, w = a.shape
    ys, yd = (slice(0, h - dy), slice(dy, h)) if dy >= 0 else (slice(-dy, h), slice(0, h + dy))
    xs, xd = (slice(0, w - dx), slice(dx, w)) if dx >= 0 else (slice(-dx, w), slice(0, w + dx))
    out[yd, xd] = a[ys, xs]
    return out


NEIGHBOURS = ((0, 1), (0, -1), (1, 0), (-1, 0))


def dilate(mask: np.ndarray, steps: int = 1) -> np.ndarray:
    for _ in range(steps):
        grown = mask.copy()
        for dy, dx in NEIGHBOURS:
            grown |= shift(mask, dy, dx, False)
        mask = grown
    return mask


def distance_inside(mask: np.ndarray, limit: int = 200) -> np.ndarray:
    """Chessboard distance of each True pixel to the nearest False pixel (by erosion)."""
    dist = np.zeros(mask.shape, dtype=np.int32)
    cur = mask.copy()
    for i in range(1, limit):
        if not cur.any():
            break
        dist[cur] = i
        nxt = cur.copy()
        for dy, dx in (*NEIGHBOURS, (1, 1), (1, -1), (-1, 1), (-1, -1)):
            nxt &= shift(cur, dy, dx, False)
        cur = nxt
    return dist


def pattern_families(h: int, w: int) -> np.ndarray:
    """Per-pixel pattern family (0..4); a player's hatching is a union of families."""
    y, x = np.mgrid[0:h, 0:w]
    fam = np.zeros((h, w), dtype=np.uint8)
    hline = (y % 10 == 5) | (y % 10 == 6)
    dots = np.isin(x % 10, (4, 5)) & np.isin(y % 10, (9, 0))
    back = (x - y) % 10 < 2
    fwd = (x + y) % 10 < 2
    for family, m in ((4, hline), (3, dots), (2, back), (1, fwd)):
        fam[m] = family
    return fam


def rasterize_polygons(size: tuple[int, int], polys: list[tuple[np.ndarray, int]]) -> np.ndarray:
    """Fill each pixel polygon (exterior ring, value) in order; later ones win."""
    img = Image.new("I", size, 0)
    draw = ImageDraw.Draw(img)
    for ring, value in polys:
        draw.polygon([tuple(p) for p in ring], fill=value, outline=value)
    return np.array(img, dtype=np.int32)


def draw_dashed(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    width: int,
    dash: float = 9.0,
    gap: float = 7.0,
) -> None:
    (x0, y0), (x1, y1) = a, b
    length = float(np.hypot(x1 - x0, y1 - y0))
    t = 0.0
    while t < length:
        t2 = min(t + dash, length)
        p = (x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length)
        q = (x0 + (x1 - x0) * t2 / length, y0 + (y1 - y0) * t2 / length)
        draw.line([p, q], fill=255, width=width)
        t = t2 + gap
