"""Fixtures for the Discord tests: a bot on a fresh database, and four users."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord.harness import Discord, User, running_bot

ALICE = User(1001, "Alice")
BOB = User(1002, "Bob")
CAROL = User(1003, "Carol")
MOD = User(1009, "Mod", manage_channels=True)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "risk.db"


@pytest.fixture
async def discord_(db: Path) -> AsyncIterator[Discord]:
    async with running_bot(db) as d:
        yield d
