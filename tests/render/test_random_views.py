"""Any well-formed BoardView renders, whatever the numbers, names and arrows."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.render import BoardView, PlayerInfo, render_world
from bot.render.assets import world_assets

from .conftest import decode

NAMES = list(world_assets().territories)


@st.composite
def board_views(draw) -> BoardView:
    n = draw(st.integers(min_value=1, max_value=7))
    players = [
        PlayerInfo(
            name=draw(st.text(min_size=1, max_size=40)),
            colour=draw(st.integers(min_value=0, max_value=5)),
            territories=draw(st.integers(0, 42)),
            armies=draw(st.integers(0, 100_000)),
            cards=draw(st.integers(0, 12)),
            alive=draw(st.booleans()),
            neutral=draw(st.booleans()),
        )
        for _ in range(n)
    ]
    owner = st.one_of(st.none(), st.integers(0, n - 1))
    terr = draw(st.dictionaries(st.sampled_from(NAMES), st.tuples(owner, st.integers(0, 99_999))))
    arrows = draw(
        st.lists(
            st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.booleans()), max_size=8
        )
    )
    return BoardView(
        territories=terr,
        players=players,
        turn=draw(st.integers(0, 10_000)),
        phase=draw(st.text(max_size=80)),
        arrows=arrows,
        title=draw(st.text(max_size=40)),
        highlight=frozenset(draw(st.lists(st.sampled_from(NAMES), max_size=5))),
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board_views())
def test_random_views_render(view):
    data = render_world(view)
    assert len(data) < 2 * 1024 * 1024
    img = decode(data)
    assert img.width == 1200
