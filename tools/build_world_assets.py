"""Build the world board assets in bot/render/assets/world/ from real geography.

Run once (outputs are committed):  python tools/build_world_assets.py [--data DIR]
Needs the `maptools` extra (geopandas<1 ships Natural Earth 110m countries, shapely,
numpy, font-lato). Nothing here is imported at run time.
"""

from __future__ import annotations

import argparse
import json
import shutil
import warnings
from pathlib import Path

import numpy as np
import shapely
from PIL import Image, ImageDraw, ImageFont
from shapely import affinity
from world_assets.labels import badge_seed, place_name, relax
from world_assets.projection import Lens, Projection
from world_assets.raster import (
    BORDER,
    COAST,
    CONT_BORDER,
    EDGE,
    NEIGHBOURS,
    ROUTE,
    SEA,
    SHALLOW,
    UNCLAIMED,
    dilate,
    distance_inside,
    draw_dashed,
    pattern_families,
    rasterize_polygons,
    shift,
)
from world_assets.regions import (
    COUNTRY_TO_TERRITORIES,
    DROPPED,
    EXTRA_SEEDS,
    ISLAND_SCALES,
    NO_TERRITORY,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bot" / "render" / "assets" / "world"
PROJ = Projection(
    width=1200,
    lon0=-169.0,
    lat_top=78.0,
    lat_bottom=-56.0,
    lenses=(Lens(lon=14.0, lat=52.0, radius=0.30, gain=1.0, aspect=1.3),),
)
BADGE_R = 24  # the renderer reads it back from world.json
NAME_SIZE = 13
SHORT_NAMES = {
    "Northwest Territory": "NW Territory",
    "Western United States": "Western US",
    "Eastern United States": "Eastern US",
    "Northern Europe": "N. Europe",
    "Western Europe": "W. Europe",
    "Southern Europe": "S. Europe",
    "Western Australia": "W. Australia",
    "Eastern Australia": "E. Australia",
    "Central America": "Central Am.",
}
UNCLAIMED_LABEL = 255


def load_countries():
    import geopandas as gpd

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return gpd.read_file(gpd.datasets.get_path("naturalearth_lowres"))


def island_factor(lat: float, lon: float) -> tuple[float, tuple[float, float] | None]:
    for (la0, la1, lo0, lo1), factor, origin in ISLAND_SCALES:
        if la0 <= lat <= la1 and lo0 <= lon <= lo1:
            return factor, origin
    return 1.0, None


def project_part(poly) -> np.ndarray:
    """One lon/lat polygon -> pixel ring, wrapped, densified and (islands) enlarged."""
    c = poly.centroid
    lon_shift = 360.0 if c.x < PROJ.lon0 else 0.0
    dense = shapely.segmentize(poly, 0.5)
    ring = np.asarray(dense.exterior.coords)
    px = PROJ.to_px(ring[:, 0] + lon_shift, ring[:, 1], wrap=False)
    factor, origin = island_factor(c.y, c.x)
    if factor != 1.0:
        shape = shapely.Polygon(px)
        if origin is None:
            o = shape.centroid
        else:
            o = shapely.Point(PROJ.to_px([origin[1]], [origin[0]])[0])
        px = np.asarray(affinity.scale(shape, factor, factor, origin=o).exterior.coords)
    return px


def build_labels(world: dict, anchors: dict) -> tuple[np.ndarray, list[str]]:
    """Label array: 0 sea, 1..42 territory index + 1, 255 land outside every territory."""
    names = [t for c in world["continents"].values() for t in c["territories"]]
    index = {n: i + 1 for i, n in enumerate(names)}
    size = (PROJ.width, PROJ.height)
    df = load_countries()
    df = df[~df["name"].isin(DROPPED)]
    df = df.assign(area=df.geometry.area).sort_values("area", ascending=False)
    polys, country_ids, missing = [], {}, []
    for cid, (name, geom) in enumerate(zip(df["name"], df.geometry, strict=True), start=1):
        if name not in COUNTRY_TO_TERRITORIES and name not in NO_TERRITORY:
            missing.append(name)
            continue
        country_ids[cid] = name
        for part in getattr(geom, "geoms", [geom]):
            c = part.centroid
            if name == "United States of America" and c.y < 30 and c.x < -140:
                continue  # Hawaii
            polys.append((project_part(part), cid))
    if missing:
        print("unmapped countries (left as sea):", missing)
    cids = rasterize_polygons(size, polys)
    label = np.zeros(cids.shape, dtype=np.uint8)
    yy, xx = np.mgrid[0 : size[1], 0 : size[0]]
    for cid, name in country_ids.items():
        sel = cids == cid
        if name in NO_TERRITORY:
            label[sel] = UNCLAIMED_LABEL
            continue
        cands = COUNTRY_TO_TERRITORIES[name]
        if len(cands) == 1:
            label[sel] = index[cands[0]]
            continue
        seeds, owners = [], []
        for t in cands:
            a = anchors[t]
            for lat, lon in [(a["lat"], a["lon"]), *EXTRA_SEEDS.get(t, [])]:
                seeds.append(PROJ.to_px([lon], [lat])[0])
                owners.append(index[t])
        seeds_a = np.array(seeds)
        px, py = xx[sel], yy[sel]
        d = (px[:, None] - seeds_a[None, :, 0]) ** 2 + (py[:, None] - seeds_a[None, :, 1]) ** 2
        label[sel] = np.array(owners, dtype=np.uint8)[np.argmin(d, axis=1)]
    return label, names


def touching_pairs(label: np.ndarray) -> set[tuple[int, int]]:
    pairs: set[tuple[int, int]] = set()
    for dy, dx in ((0, 1), (1, 0)):
        other = shift(label, dy, dx, 0)
        m = (label != other) & (label > 0) & (other > 0) & (label < 255) & (other < 255)
        for a, b in set(zip(label[m].tolist(), other[m].tolist(), strict=True)):
            pairs.add((min(a, b), max(a, b)))
    return pairs


def place_badges(label: np.ndarray, names: list[str], font) -> dict:
    size = (PROJ.width, PROJ.height)
    seeds = {}
    for i, n in enumerate(names, start=1):
        mask = label == i
        ys, xs = np.nonzero(mask)
        pad = 40
        y0, y1 = max(ys.min() - pad, 0), min(ys.max() + pad, size[1])
        x0, x1 = max(xs.min() - pad, 0), min(xs.max() + pad, size[0])
        x, y = badge_seed(mask[y0:y1, x0:x1], BADGE_R + 3 - 0)
        seeds[n] = (x + x0, y + y0)
    badges = relax(seeds, 2 * BADGE_R + 5, size, BADGE_R + 3)
    taken = [(x - BADGE_R, y - BADGE_R, x + BADGE_R, y + BADGE_R) for x, y in badges.values()]
    boxes = {}
    order = sorted(names, key=lambda n: int((label == names.index(n) + 1).sum()))
    for n in order:
        text = SHORT_NAMES.get(n, n)
        left, _t, right, _b = font.getbbox(text)
        box = place_name(
            badges[n],
            (right - left + 4, NAME_SIZE + 4),
            BADGE_R,
            taken,
            size,
            label,
            names.index(n) + 1,
        )
        taken.append(box)
        boxes[n] = [round(v) for v in box]
    return {"badges": badges, "names": boxes}


def board_indices(
    label: np.ndarray, names: list[str], world: dict, routes: np.ndarray
) -> np.ndarray:
    """Palette-index image: territory+pattern family, sea, coast, borders, routes."""
    h, w = label.shape
    cont_of = np.zeros(256, dtype=np.int16)
    for ci, c in enumerate(world["continents"].values(), start=1):
        for t in c["territories"]:
            cont_of[names.index(t) + 1] = ci
    cont_of[UNCLAIMED_LABEL] = 99
    land = label > 0
    sea = ~land
    terr = land & (label != UNCLAIMED_LABEL)
    fam = pattern_families(h, w)
    idx = np.full((h, w), SEA, dtype=np.uint8)
    idx[dilate(land, 6) & sea] = SHALLOW
    idx[land] = UNCLAIMED
    idx[terr] = (label[terr].astype(np.int32) + 43 * fam[terr]).astype(np.uint8)
    border = np.zeros_like(land)
    cont_border = np.zeros_like(land)
    cont = cont_of[label]
    for dy, dx in NEIGHBOURS:
        other = shift(label, dy, dx, 0)
        diff = land & (other > 0) & (other != label)
        border |= diff
        cont_border |= diff & (cont != shift(cont, dy, dx, 0))
    coast = land & dilate(sea, 1)
    idx[border] = BORDER
    idx[dilate(cont_border, 1) & land] = CONT_BORDER
    idx[coast] = COAST
    idx[routes & sea] = ROUTE
    idx[[0, 1, -2, -1], :] = EDGE
    idx[:, [0, 1, -2, -1]] = EDGE
    return idx


def draw_routes(
    label: np.ndarray, names: list[str], world: dict, centres: dict, wrap: list[tuple[str, str]]
) -> tuple[np.ndarray, list]:
    touching = touching_pairs(label)
    w, h = PROJ.width, PROJ.height
    canvas = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(canvas)
    sea_lines = []
    game_pairs = set()
    for a, ns in world["adjacency"].items():
        for b in ns:
            ia, ib = names.index(a) + 1, names.index(b) + 1
            pair = (min(ia, ib), max(ia, ib))
            game_pairs.add(pair)
            if a > b or pair in touching:
                continue
            pa, pb = centres[a], centres[b]
            if (a, b) in wrap or (b, a) in wrap:
                # cross the map edge south of both badges, over the Bering Sea
                left, right = (pa, pb) if pa[0] < pb[0] else (pb, pa)
                edge_y = max(left[1], right[1]) + 45
                draw_dashed(draw, right, (w, edge_y), 3)
                draw_dashed(draw, (0, edge_y), left, 3)
                sea_lines.append([a, b, True])
            else:
                draw_dashed(draw, pa, pb, 3)
                sea_lines.append([a, b, False])
    false_borders = [(names[a - 1], names[b - 1]) for a, b in touching - game_pairs]
    if false_borders:
        print("touching on the map but not adjacent in the game:", false_borders)
    return np.array(canvas) > 0, sea_lines


def preview_palette(names: list[str], world: dict) -> list[int]:
    tints = [
        (214, 190, 150),
        (190, 214, 150),
        (160, 190, 220),
        (230, 200, 120),
        (200, 170, 200),
        (220, 160, 140),
    ]
    pal = [0] * 768
    for ci, c in enumerate(world["continents"].values()):
        for t in c["territories"]:
            for fam in range(5):
                i = names.index(t) + 1 + 43 * fam
                shade = 0.92 if fam else 1.0
                pal[3 * i : 3 * i + 3] = [int(v * shade) for v in tints[ci]]
    fixed = {
        SEA: (168, 198, 216),
        SHALLOW: (184, 212, 226),
        UNCLAIMED: (200, 196, 186),
        COAST: (70, 80, 90),
        BORDER: (90, 90, 90),
        CONT_BORDER: (40, 40, 40),
        ROUTE: (70, 90, 110),
        EDGE: (40, 50, 60),
    }
    for i, rgb in fixed.items():
        pal[3 * i : 3 * i + 3] = list(rgb)
    return pal


def _around(v: int) -> slice:
    """Pixels a badge at v covers, plus a small margin."""
    return slice(max(v - BADGE_R - 3, 0), v + BADGE_R + 4)


def probe_points(label: np.ndarray, names: list[str], placed: dict, idx: np.ndarray) -> dict:
    """A plain-fill pixel per territory, clear of badges and names, for tests."""
    h, w = label.shape
    blocked = np.zeros((h, w), dtype=bool)
    for x, y in placed["badges"].values():
        blocked[_around(y), _around(x)] = True
    for x0, y0, x1, y1 in placed["names"].values():
        blocked[max(y0 - 2, 0) : y1 + 2, max(x0 - 2, 0) : x1 + 2] = True
    out = {}
    for i, n in enumerate(names, start=1):
        ok = (idx == i) & ~blocked
        if not ok.any():  # tiny island: only keep clear of the badge
            x, y = placed["badges"][n]
            ok = idx == i
            ok[_around(y), _around(x)] = False
        dist = distance_inside(label == i).astype(float)
        dist[~ok] = -1
        y, x = np.unravel_index(int(np.argmax(dist)), dist.shape)
        assert dist[y, x] > 0, n
        out[n] = [int(x), int(y)]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    # The team's shared data sits beside the repository: ../shared/data/world.
    shared = Path(__file__).resolve().parents[2] / "shared" / "data" / "world"
    ap.add_argument("--data", type=Path, default=shared)
    args = ap.parse_args()
    world = json.loads((args.data / "world_map.json").read_text())
    anchor_doc = json.loads((args.data / "anchors.json").read_text())
    anchors = anchor_doc["territories"]
    wrap = [(e["a"], e["b"]) for e in anchor_doc.get("wrap_edges", [])]

    import font_lato

    font_dir = Path(font_lato.__file__).parent / "files"
    OUT.mkdir(parents=True, exist_ok=True)
    for f in ("Lato-Bold.ttf", "Lato-Black.ttf", "OFL.txt"):
        shutil.copy(font_dir / f, OUT / f)
    name_font = ImageFont.truetype(str(font_dir / "Lato-Bold.ttf"), NAME_SIZE)

    label, names = build_labels(world, anchors)
    placed = place_badges(label, names, name_font)
    routes, sea_lines = draw_routes(label, names, world, placed["badges"], wrap)
    idx = board_indices(label, names, world, routes)
    board = Image.fromarray(idx, mode="P")
    board.putpalette(preview_palette(names, world))
    board.save(OUT / "board.png", optimize=True)
    Image.fromarray(label, mode="L").save(OUT / "territories.png", optimize=True)

    bboxes = {}
    for i, n in enumerate(names, start=1):
        ys, xs = np.nonzero(label == i)
        bboxes[n] = [int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1]
    meta = {
        "about": "Generated by tools/build_world_assets.py from Natural Earth 110m countries "
        "(public domain) and the project's world_map.json/anchors.json. Do not edit.",
        "size": [PROJ.width, PROJ.height],
        "projection": {
            "kind": "miller+europe-lens",
            "lon0": PROJ.lon0,
            "lat_top": PROJ.lat_top,
            "lat_bottom": PROJ.lat_bottom,
        },
        "badge_radius": BADGE_R,
        "index": {
            "families": 5,
            "stride": 43,
            "sea": SEA,
            "shallow": SHALLOW,
            "unclaimed": UNCLAIMED,
            "coast": COAST,
            "border": BORDER,
            "continent_border": CONT_BORDER,
            "route": ROUTE,
            "edge": EDGE,
        },
        "continents": {
            c: {"bonus": v["bonus"], "territories": v["territories"]}
            for c, v in world["continents"].items()
        },
        "territories": [
            {
                "name": n,
                "label": i,
                "short": SHORT_NAMES.get(n, n),
                "badge": list(placed["badges"][n]),
                "name_box": placed["names"][n],
                "bbox": bboxes[n],
                "probe": p,
                "anchor": [
                    round(float(v)) for v in PROJ.to_px([anchors[n]["lon"]], [anchors[n]["lat"]])[0]
                ],
            }
            for (i, n), p in zip(
                enumerate(names, start=1),
                probe_points(label, names, placed, idx).values(),
                strict=True,
            )
        ],
        "adjacency": world["adjacency"],
        "sea_lines": sea_lines,
        "wrap_edges": [list(p) for p in wrap],
    }
    (OUT / "world.json").write_text(json.dumps(meta, indent=1, ensure_ascii=False) + "\n")
    for f in sorted(OUT.iterdir()):
        print(f"{f.name}: {f.stat().st_size} bytes")


if __name__ == "__main__":
    main()
