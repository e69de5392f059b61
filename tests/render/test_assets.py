"""The committed board assets match the game data and leave room for every badge."""

from __future__ import annotations

import json
import math
from importlib import resources

from PIL import Image

from bot.render.assets import world_assets


def _engine_map() -> dict:
    path = resources.files("bot.engine").joinpath("world/data/world_map.json")
    return json.loads(path.read_text(encoding="utf-8"))


def test_territory_names_match_the_engine_map(world):
    assert set(world.territories) == set(_engine_map()["adjacency"])
    assert len(world.territories) == 42


def test_continents_and_bonuses_match(world):
    engine = _engine_map()["continents"]
    assert {c: v["bonus"] for c, v in world.continents.items()} == {
        c: v["bonus"] for c, v in engine.items()
    }


def test_every_territory_has_pixels_and_its_probe_lies_inside(world):
    labels = Image.open(resources.files("bot.render").joinpath("assets/world/territories.png"))
    assert labels.size == world.size
    for t in world.territories.values():
        assert labels.getpixel(t.probe) == t.label, t.name
        x0, y0, x1, y1 = t.bbox
        assert 0 <= x0 < x1 <= world.size[0] and 0 <= y0 < y1 <= world.size[1]


def test_badges_do_not_overlap_and_stay_on_the_map(world):
    r = world.badge_radius
    pts = [t.badge for t in world.territories.values()]
    for i, (ax, ay) in enumerate(pts):
        assert r <= ax <= world.size[0] - r and r <= ay <= world.size[1] - r
        for bx, by in pts[i + 1 :]:
            assert math.hypot(ax - bx, ay - by) >= 2 * r, ((ax, ay), (bx, by))


def test_assets_are_cached():
    assert world_assets() is world_assets()
