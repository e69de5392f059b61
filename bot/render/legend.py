"""Legend panel under the map: turn and phase, players with counts, continent bonuses."""

from __future__ import annotations

import math
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from . import layout as L
from .assets import WorldAssets, font
from .sprites import badge
from .style import INK, Style
from .text import paste_text

PANEL_BG = (238, 234, 224)
MUTED = (96, 96, 104)
SWATCH_R = 14
SHORT_CONTINENT = {"North America": "N. America", "South America": "S. America"}


def panel_height(n_players: int) -> int:
    rows = max(1, math.ceil(n_players / L.PLAYER_COLS))
    return L.HEADER_H + 22 + rows * L.PLAYER_ROW_H + L.CONTINENT_ROW_H + 2 * L.PAD


def player_cell(i: int, n_players: int, width: int, top: int) -> tuple[int, int, int, int]:
    """Box of player i's row (column-major, so the order reads down then across)."""
    col_w = (width - 2 * L.PAD) // L.PLAYER_COLS
    col, row = divmod(i, max(1, math.ceil(n_players / L.PLAYER_COLS)))
    x0 = L.PAD + col * col_w
    y0 = top + L.HEADER_H + 22 + row * L.PLAYER_ROW_H
    return (x0, y0, x0 + col_w - 12, y0 + L.PLAYER_ROW_H)


def swatch_centre(i: int, n_players: int, width: int, top: int) -> tuple[int, int]:
    """Centre of player i's badge-shaped colour swatch."""
    x0, y0, _x1, y1 = player_cell(i, n_players, width, top)
    return x0 + SWATCH_R + 3, (y0 + y1) // 2


@cache
def static_panel(width: int, n_players: int, world_id: int) -> Image.Image:
    """The parts that never change for a given player count: background, headers."""
    from .assets import world_assets

    world = world_assets()
    h = panel_height(n_players)
    img = Image.new("RGB", (width, h), PANEL_BG)
    d = ImageDraw.Draw(img)
    d.line([(0, 0), (width, 0)], fill=INK, width=3)
    cols = min(L.PLAYER_COLS, max(1, n_players))
    for c in range(cols):
        x0, y0, x1, _ = player_cell(c * math.ceil(n_players / cols), n_players, width, 0)
        for k, label in enumerate(("terr", "armies", "cards")):
            cx = x1 - (2 - k) * L.STAT_W - L.STAT_W / 2
            d.text((cx, y0 - 4), label, font=font(18), fill=MUTED, anchor="md")
    _continent_row(d, world, width, h, None)
    return img


def _continent_row(
    d: ImageDraw.ImageDraw, world: WorldAssets, width: int, h: int, holders: dict[str, Style] | None
) -> None:
    names = list(world.continents)
    cell = (width - 2 * L.PAD) / len(names)
    y = h - L.PAD - L.CONTINENT_ROW_H / 2
    for k, c in enumerate(names):
        x = L.PAD + k * cell
        if holders is None:
            d.text(
                (x + 30, y),
                f"{SHORT_CONTINENT.get(c, c)} +{world.continents[c]['bonus']}",
                font=font(20),
                fill=INK,
                anchor="lm",
            )
            d.rounded_rectangle([x + 2, y - 11, x + 24, y + 11], radius=4, outline=MUTED, width=2)
        elif c in holders:
            st = holders[c]
            d.rounded_rectangle(
                [x + 2, y - 11, x + 24, y + 11], radius=4, fill=st.colour, outline=INK, width=2
            )


def draw_panel(
    img: Image.Image,
    world: WorldAssets,
    top: int,
    view,
    styles: list[Style],
    holders: dict[str, Style],
) -> None:
    width = img.width
    panel = static_panel(width, len(view.players), id(world))
    img.paste(panel, (0, top))
    d = ImageDraw.Draw(img)
    head_y = top + L.PAD + 14
    x = L.PAD + paste_text(img, (L.PAD, head_y), f"Turn {view.turn}", 30, "Black", INK, "lm")
    title_w = 0
    if view.title:
        title = _fit(view.title, font(20), width // 3)
        title_w = paste_text(img, (width - L.PAD, head_y), title, 20, "Bold", MUTED, "rm")
    phase = _fit(view.phase, font(28), width - 2 * L.PAD - x - 16 - title_w - 20)
    paste_text(img, (x + 16, head_y), phase, 28, "Bold", INK, "lm")
    for i, (p, st) in enumerate(zip(view.players, styles, strict=True)):
        x0, y0, x1, y1 = player_cell(i, len(view.players), width, top)
        cy = (y0 + y1) // 2
        sprite = badge(st.shape, st.colour, SWATCH_R, 2)
        sx, sy = swatch_centre(i, len(view.players), width, top)
        img.paste(sprite, (sx - sprite.width // 2, sy - sprite.height // 2), sprite)
        colour = INK if p.alive else MUTED
        name = _fit(p.name, font(24), x1 - 3 * L.STAT_W - x0 - 44)
        tw = paste_text(img, (x0 + 40, cy), name, 24, "Bold", colour, "lm")
        if not p.alive:
            d.line([(x0 + 38, cy), (x0 + 42 + tw, cy)], fill=MUTED, width=3)
        for k, v in enumerate((p.territories, p.armies, p.cards)):
            cx = x1 - (2 - k) * L.STAT_W - L.STAT_W / 2
            paste_text(img, (cx, cy), str(v), 24, "Black", colour, "mm")
    _continent_row(d, world, width, img.height, holders)


@lru_cache(maxsize=1024)
def _fit(text: str, f, width: float) -> str:
    """text on one line (control characters dropped), cut with an ellipsis to fit width."""
    text = "".join(ch if ch.isprintable() else " " for ch in text).strip()
    if f.getlength(text) <= width:
        return text
    while text and f.getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"
