"""Map layer: one palette swap colours every territory, then arrows, names and badges."""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from .assets import WorldAssets, font
from .sprites import badge, star
from .style import INK, PAPER, RGB, UNOWNED_STYLE, Style

FIXED_COLOURS: dict[str, RGB] = {
    "sea": (163, 196, 217),
    "shallow": (184, 212, 229),
    "unclaimed": (206, 202, 192),
    "coast": (52, 64, 78),
    "border": (40, 40, 44),
    "continent_border": (10, 10, 12),
    "route": (40, 62, 86),
    "edge": (30, 40, 52),
}


@cache
def _fixed_palette(index_items: tuple[tuple[str, int], ...]) -> bytes:
    pal = bytearray(768)
    for key, i in index_items:
        if key in FIXED_COLOURS:
            pal[3 * i : 3 * i + 3] = bytes(FIXED_COLOURS[key])
    return bytes(pal)


def territory_palette(world: WorldAssets, styles: dict[str, Style]) -> bytes:
    """Palette for board.png: entry label + stride*family is a territory's fill or hatch."""
    idx = world.index
    pal = bytearray(_fixed_palette(tuple(sorted(idx.items()))))
    stride = idx["stride"]
    for name, terr in world.territories.items():
        st = styles.get(name, UNOWNED_STYLE)
        for fam in range(idx["families"]):
            rgb = st.hatch if fam in st.families else st.fill
            i = terr.label + stride * fam
            pal[3 * i : 3 * i + 3] = bytes(rgb)
    return bytes(pal)


def fill_map(world: WorldAssets, styles: dict[str, Style]) -> Image.Image:
    board = world.board.copy()
    board.putpalette(territory_palette(world, styles))
    return board.convert("RGB")


@cache
def _name_tile(text: str, box: tuple[int, int, int, int]) -> Image.Image:
    w, h = box[2] - box[0], box[3] - box[1]
    tile = Image.new("RGBA", (w + 4, h + 4), (0, 0, 0, 0))
    ImageDraw.Draw(tile).text(
        ((w + 4) / 2, (h + 4) / 2),
        text,
        font=font(13),
        fill=INK,
        anchor="mm",
        stroke_width=2,
        stroke_fill=(255, 255, 255, 215),
    )
    return tile


def draw_names(img: Image.Image, world: WorldAssets) -> None:
    for t in world.territories.values():
        tile = _name_tile(t.short, t.name_box)
        img.paste(tile, (t.name_box[0] - 2, t.name_box[1] - 2), tile)


# Widest number each badge shape holds, as a fraction of the badge radius.
TEXT_ROOM = {
    "circle": 1.55,
    "square": 1.5,
    "diamond": 1.2,
    "hexagon": 1.55,
    "shield": 1.4,
    "octagon": 1.55,
}


@cache
def _number_font(text: str, shape: str, radius: int):
    """Largest Lato Black size (up to 30) whose rendering of text fits inside the badge."""
    room = TEXT_ROOM.get(shape, 1.5) * radius
    for size in range(30, 11, -1):
        f = font(size, "Black")
        if f.getlength(text) <= room:
            return f
    return font(12, "Black")


@lru_cache(maxsize=4096)
def _army_badge(shape: str, colour: RGB, ink: RGB, text: str, r: int) -> Image.Image:
    """Badge sprite with its army count baked in (counts repeat from turn to turn)."""
    sprite = badge(shape, colour, r).copy()
    halo = PAPER if ink == INK else INK
    dy = -2 if shape == "shield" else 1
    c = sprite.width / 2
    ImageDraw.Draw(sprite).text(
        (c, c + dy),
        text,
        font=_number_font(text, shape, r),
        fill=ink,
        anchor="mm",
        stroke_width=1,
        stroke_fill=halo,
    )
    return sprite


def draw_badges(
    img: Image.Image,
    world: WorldAssets,
    armies: dict[str, int],
    styles: dict[str, Style],
    highlight: frozenset[str],
) -> None:
    r = world.badge_radius
    for name, t in world.territories.items():
        st = styles.get(name, UNOWNED_STYLE)
        colour = st.colour if st is not UNOWNED_STYLE else PAPER
        sprite = _army_badge(st.shape, colour, st.text, str(armies.get(name, 0)), r)
        x, y = t.badge
        img.paste(sprite, (x - sprite.width // 2, y - sprite.height // 2), sprite)
        if name in highlight:
            s = star(11)
            img.paste(s, (x + r - s.width // 2 - 2, y - r - s.height // 2 + 2), s)


def _arrow(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: RGB,
    head: bool,
    dashed: bool,
) -> None:
    """Outlined thick arrow from a to b (b is the tip)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    hl, hw = 20.0, 13.0
    end = (b[0] - ux * hl * 0.8, b[1] - uy * hl * 0.8) if head else b
    segs = [(a, end)]
    if dashed:
        segs, t, total = [], 0.0, math.hypot(end[0] - a[0], end[1] - a[1])
        while t < total:
            t2 = min(t + 14, total)
            segs.append(((a[0] + ux * t, a[1] + uy * t), (a[0] + ux * t2, a[1] + uy * t2)))
            t = t2 + 8
    for width, fill in ((11, INK), (6, colour)):
        for p, q in segs:
            draw.line([p, q], fill=fill, width=width)
    if head:
        px, py = -uy, ux
        base = (b[0] - ux * hl, b[1] - uy * hl)
        tri = [b, (base[0] + px * hw, base[1] + py * hw), (base[0] - px * hw, base[1] - py * hw)]
        draw.polygon(tri, fill=colour, outline=INK, width=3)


def draw_arrows(img: Image.Image, world: WorldAssets, arrows, styles: dict[str, Style]) -> None:
    """Last turn's attacks: solid in the attacker's colour if captured, dashed white if not."""
    draw = ImageDraw.Draw(img)
    r = world.badge_radius
    w = world.size[0]
    for src, dst, captured in arrows:
        if src not in world.territories or dst not in world.territories or src == dst:
            continue
        a, b = world.territories[src].badge, world.territories[dst].badge
        colour = styles[src].colour if captured and src in styles else PAPER
        if frozenset((src, dst)) in world.wrap_edges:
            # leave through one map edge, come back through the other (as the sea line does)
            edge_y = max(a[1], b[1]) + 45
            out_x, in_x = (w + 6, -6) if a[0] > b[0] else (-6, w + 6)
            _arrow(
                draw, _trim(a, (out_x, edge_y), r + 2), (out_x, edge_y), colour, False, not captured
            )
            _arrow(
                draw, (in_x, edge_y), _trim(b, (in_x, edge_y), r + 2), colour, True, not captured
            )
        else:
            _arrow(draw, _trim(a, b, r + 2), _trim(b, a, r + 2), colour, True, not captured)


def _trim(p: tuple[float, float], toward: tuple[float, float], d: float) -> tuple[float, float]:
    dx, dy = toward[0] - p[0], toward[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    return (p[0] + dx / n * d, p[1] + dy / n * d)
