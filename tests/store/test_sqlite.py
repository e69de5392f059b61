"""The SQLite store: schema, migrations, and the rules the database itself enforces."""

from __future__ import annotations

import sqlite3

import pytest

from bot.store import NewPlayer, SchemaTooNew, SqliteStore
from bot.store.migrations import SCHEMA_VERSION

HOST = NewPlayer(1, "Ann", can_dm=True, host=True)


@pytest.fixture
async def store(tmp_path):
    s = await SqliteStore.open(tmp_path / "nested" / "folder" / "riskbot.db")
    yield s
    await s.close()


def raw(store: SqliteStore) -> sqlite3.Connection:
    return sqlite3.connect(store.path, isolation_level=None)


async def test_a_new_file_gets_the_schema_in_wal_mode(store):
    assert store.path.is_file()
    with raw(store) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"games", "players", "actions", "messages"} <= tables
    foreign_keys = await store._writer.execute_fetchall("PRAGMA foreign_keys")
    assert list(foreign_keys) == [(1,)]


async def test_opening_again_keeps_the_data_and_migrates_nothing(tmp_path):
    path = tmp_path / "riskbot.db"
    first = await SqliteStore.open(path)
    game_id = await first.create_game(1, 10, "world", "classic-2016", "{}", 5, HOST)
    await first.close()
    again = await SqliteStore.open(path)
    try:
        record = await again.get_game(game_id)
        assert record is not None and record.players[0].name == "Ann"
    finally:
        await again.close()


async def test_a_database_from_a_newer_riskbot_is_refused(tmp_path):
    path = tmp_path / "new.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew) as err:
        await SqliteStore.open(path)
    assert "newer riskbot" in err.value.message and str(path) in err.value.message
    with sqlite3.connect(path) as db:  # and it was left alone
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


def _insert_game(db: sqlite3.Connection, channel: int, status: str) -> None:
    db.execute(
        "INSERT INTO games (guild_id, channel_id, family, ruleset, seed, status, "
        "created_at, updated_at) VALUES (1, ?, 'world', 'classic-2016', 1, ?, 'now', 'now')",
        (channel, status),
    )


async def test_one_open_game_per_channel_is_enforced_by_the_database(store):
    """Raw SQL, no service code: the partial unique index alone refuses the second game."""
    with raw(store) as db:
        _insert_game(db, 10, "finished")
        _insert_game(db, 10, "cancelled")
        _insert_game(db, 10, "broken")
        _insert_game(db, 10, "lobby")
        for status in ("lobby", "running"):
            with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
                _insert_game(db, 10, status)
        _insert_game(db, 11, "running")
        db.execute("UPDATE games SET status = 'finished' WHERE channel_id = 10")
        _insert_game(db, 10, "running")


async def test_the_store_reports_a_busy_channel(store):
    from bot.store import ChannelBusy

    await store.create_game(1, 10, "world", "classic-2016", "{}", 5, HOST)
    with pytest.raises(ChannelBusy):
        await store.create_game(1, 10, "world", "classic-2016", "{}", 5, HOST)
    with raw(store) as db:
        assert db.execute("SELECT count(*) FROM players").fetchone()[0] == 1


async def test_the_action_log_is_append_only_and_versions_are_checked(store):
    game_id = await store.create_game(1, 10, "world", "classic-2016", "{}", 5, HOST)
    assert await store.start_game(game_id, 5, "{}", "running", [(1, 0, 0)])
    assert not await store.start_game(game_id, 5, "{}", "running", [(1, 0, 0)])
    assert await store.commit_action(game_id, 0, 1, 0, '{"a":1}', '{"s":1}', "running")
    assert not await store.commit_action(game_id, 0, 1, 0, '{"a":2}', '{"s":2}', "running")
    record = await store.get_game(game_id)
    assert record is not None and (record.version, record.last_seq, record.state) == (
        1,
        1,
        '{"s":1}',
    )
    with raw(store) as db:
        for sql in ("UPDATE actions SET action = 'x'", "DELETE FROM actions"):
            with pytest.raises(sqlite3.IntegrityError, match="append-only"):
                db.execute(sql)
    assert [a.action for a in await store.actions(game_id)] == ['{"a":1}']


async def test_players_and_actions_need_their_game(store):
    with raw(store) as db:
        db.execute("PRAGMA foreign_keys = ON")
        with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
            db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, created_at) "
                "VALUES (999, 1, 0, '{}', 'now')"
            )


async def test_a_later_migration_upgrades_an_existing_file_in_one_transaction(
    tmp_path, monkeypatch
):
    from bot.store import sqlite as sqlite_store
    from bot.store.migrations import MIGRATIONS

    path = tmp_path / "riskbot.db"
    await (await SqliteStore.open(path)).close()
    broken = [*MIGRATIONS, ["CREATE TABLE deadlines (game_id INTEGER)", "THIS IS NOT SQL"]]
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", broken)
    monkeypatch.setattr(sqlite_store, "SCHEMA_VERSION", len(broken))
    with pytest.raises(sqlite3.OperationalError):
        await SqliteStore.open(path)
    with sqlite3.connect(path) as db:  # nothing of the failed migration is left
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'deadlines'").fetchall()
    fixed = [*MIGRATIONS, ["CREATE TABLE deadlines (game_id INTEGER)"]]
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", fixed)
    await (await SqliteStore.open(path)).close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert db.execute("SELECT 1 FROM sqlite_master WHERE name = 'deadlines'").fetchall()
