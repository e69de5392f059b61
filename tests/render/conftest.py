"""Shared helpers for the world board renderer tests."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.render import render_world
from bot.render.assets import world_assets
from bot.render.sample import sample_view


def decode(data: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(data))
    img.load()
    return img.convert("RGB")


@pytest.fixture(scope="session")
def world():
    return world_assets()


@pytest.fixture(scope="session")
def six_player_view():
    return sample_view(6, seed=5)


@pytest.fixture(scope="session")
def six_player_png(six_player_view) -> bytes:
    return render_world(six_player_view)
