"""Packaged board assets, loaded once per process (nothing here reads /work/shared)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from PIL import Image, ImageFont

_PKG = "bot.render"


def _path(name: str):
    return resources.files(_PKG).joinpath("assets", "world", name)


@dataclass(frozen=True)
class Territory:
    name: str
    label: int  # value in territories.png (1..42)
    short: str
    badge: tuple[int, int]
    name_box: tuple[int, int, int, int]
    bbox: tuple[int, int, int, int]
    probe: tuple[int, int]  # a plain-fill pixel, clear of badge and name
    continent: str


@dataclass(frozen=True)
class WorldAssets:
    size: tuple[int, int]
    board: Image.Image  # mode P, palette replaced per render
    index: dict[str, int]
    territories: dict[str, Territory]
    continents: dict[str, dict]
    wrap_edges: frozenset[frozenset[str]]
    badge_radius: int


@cache
def world_assets() -> WorldAssets:
    meta = json.loads(_path("world.json").read_text(encoding="utf-8"))
    with _path("board.png").open("rb") as fh:
        board = Image.open(fh)
        board.load()
    cont_of = {t: c for c, v in meta["continents"].items() for t in v["territories"]}
    terrs = {
        t["name"]: Territory(
            t["name"],
            t["label"],
            t["short"],
            tuple(t["badge"]),
            tuple(t["name_box"]),
            tuple(t["bbox"]),
            tuple(t["probe"]),
            cont_of[t["name"]],
        )
        for t in meta["territories"]
    }
    return WorldAssets(
        size=tuple(meta["size"]),
        board=board,
        index=meta["index"],
        territories=terrs,
        continents=meta["continents"],
        wrap_edges=frozenset(frozenset(e) for e in meta["wrap_edges"]),
        badge_radius=meta["badge_radius"],
    )


@cache
def font(size: int, weight: str = "Bold") -> ImageFont.FreeTypeFont:
    """Lato (SIL OFL 1.1, see assets/world/OFL.txt), never a system font; BASIC layout
    because raqm can fail on odd user text and Latin needs no shaping."""
    with _path(f"Lato-{weight}.ttf").open("rb") as fh:
        return ImageFont.truetype(fh, size, layout_engine=ImageFont.Layout.BASIC)
