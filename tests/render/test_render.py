"""Pixel checks that matter to players, and the size limits Discord imposes."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.render import BoardView, PlayerInfo, render_world
from bot.render.legend import PANEL_BG, swatch_centre
from bot.render.style import UNOWNED, player_style

from .conftest import decode

MAX_BYTES = 2 * 1024 * 1024


def test_png_is_small_enough_and_sized_for_discord(six_player_png, world):
    assert six_player_png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(six_player_png) < MAX_BYTES
    img = decode(six_player_png)
    assert img.width == world.size[0] and world.size[1] < img.height <= 1100


def test_webp_output(six_player_view):
    data = render_world(six_player_view, fmt="WEBP")
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    assert len(data) < MAX_BYTES
    assert Image.open(io.BytesIO(data)).size[0] == 1200


def test_each_territory_shows_its_owners_fill(six_player_view, six_player_png, world):
    img = decode(six_player_png)
    for name, (owner, _armies) in six_player_view.territories.items():
        p = six_player_view.players[owner]
        expected = player_style(p.colour, p.neutral).fill
        assert img.getpixel(world.territories[name].probe) == expected, name


def test_badges_carry_the_owner_colour(six_player_view, six_player_png, world):
    img = decode(six_player_png)
    r = world.badge_radius
    for name, (owner, _armies) in six_player_view.territories.items():
        x, y = world.territories[name].badge
        p = six_player_view.players[owner]
        colour = player_style(p.colour, p.neutral).colour
        # just above the number, still inside every badge shape
        assert img.getpixel((x, y - int(0.68 * r))) == colour, name


def test_legend_lists_every_player(six_player_view, six_player_png, world):
    img = decode(six_player_png)
    n = len(six_player_view.players)
    for i, p in enumerate(six_player_view.players):
        cx, cy = swatch_centre(i, n, img.width, world.size[1])
        assert img.getpixel((cx, cy - 6)) == player_style(p.colour, p.neutral).colour
        # the name is drawn right of the swatch
        row = img.crop((cx + 25, cy - 10, cx + 90, cy + 10))
        assert sum(1 for px in row.get_flattened_data() if px != PANEL_BG) > 40


def _two_player_view(**kw) -> BoardView:
    from bot.render.assets import world_assets

    names = list(world_assets().territories)
    terr = {t: ((i % 3) if i % 3 < 2 else 2, 3) for i, t in enumerate(names)}
    players = [
        PlayerInfo("Red", 0, 14, 42, 0, True),
        PlayerInfo("Blue", 1, 14, 42, 2, True),
        PlayerInfo("Neutral", 5, 14, 42, 0, True, neutral=True),
    ]
    return BoardView(territories=terr, players=players, turn=1, phase="Red — reinforce", **kw)


def test_neutral_is_grey_and_unknown_territories_are_unowned(world):
    view = _two_player_view()
    img = decode(render_world(view))
    grey = player_style(5, neutral=True).fill
    neutral_terr = next(t for t, (o, _a) in view.territories.items() if o == 2)
    assert img.getpixel(world.territories[neutral_terr].probe) == grey
    partial = BoardView(territories={"Alaska": (0, 1)}, players=view.players[:1], turn=2, phase="x")
    img = decode(render_world(partial))
    assert img.getpixel(world.territories["Peru"].probe) == UNOWNED


@pytest.mark.parametrize("captured", [True, False])
def test_arrows_including_across_the_date_line(world, captured):
    base = _two_player_view()
    with_arrows = _two_player_view(
        arrows=[("Kamchatka", "Alaska", captured), ("Brazil", "North Africa", captured)]
    )
    a, b = decode(render_world(base)), decode(render_world(with_arrows))
    w, h = world.size
    # the Alaska-Kamchatka arrow leaves the right edge and re-enters on the left
    y = max(world.territories["Kamchatka"].badge[1], world.territories["Alaska"].badge[1]) + 45
    right = a.crop((w - 12, y - 20, w, y + 20)), b.crop((w - 12, y - 20, w, y + 20))
    left = a.crop((0, y - 20, 12, y + 20)), b.crop((0, y - 20, 12, y + 20))
    assert right[0].tobytes() != right[1].tobytes()
    assert left[0].tobytes() != left[1].tobytes()


def test_highlight_star_is_drawn(world):
    plain = decode(render_world(_two_player_view()))
    starred = decode(render_world(_two_player_view(highlight=frozenset({"China"}))))
    x, y = world.territories["China"].badge
    r = world.badge_radius
    box = (x, y - 2 * r, x + 2 * r, y)
    assert plain.crop(box).tobytes() != starred.crop(box).tobytes()
