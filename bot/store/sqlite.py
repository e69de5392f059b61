"""The SQLite store (aiosqlite): one file, WAL, foreign keys on, one transaction per change.

Two connections: writes go through one, serialised by an asyncio.Lock so that the
statements of one transaction never interleave with another's; reads use the other and see
only committed data (WAL lets them run while a write is in progress).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.migrations import MIGRATIONS, SCHEMA_VERSION
from bot.store.records import (
    ActionRecord,
    ChannelBusy,
    GameRecord,
    MessageRecord,
    NewPlayer,
    PlayerRecord,
    SchemaTooNew,
    StoreError,
)

log = logging.getLogger(__name__)

OPEN_STATUSES = ("lobby", "running")
_GAME_COLUMNS = (
    "id, guild_id, channel_id, family, ruleset, options, seed, status, state, version, "
    "created_at, updated_at, broken_reason, "
    "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE actions.game_id = games.id) AS last_seq"
)


def now() -> str:
    """UTC timestamps as ISO 8601 text: sortable, portable, readable in a SQL shell."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _marks(values: Sequence[Any]) -> str:
    return ", ".join("?" for _ in values)


async def _connect(path: Path) -> aiosqlite.Connection:
    # isolation_level=None: we issue BEGIN/COMMIT ourselves.
    conn = await aiosqlite.connect(path, isolation_level=None)
    await conn.execute("PRAGMA busy_timeout = 5000")
    await conn.execute("PRAGMA foreign_keys = ON")
    # WAL + NORMAL: a commit is durable against a process crash (SIGKILL) without an fsync per
    # action; only a power cut may lose the last few commits, never corrupt the file.
    await conn.execute("PRAGMA synchronous = NORMAL")
    return conn


class SqliteStore:
    """The `Store` for one SQLite file."""

    def __init__(self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection):
        self.path = path
        self._writer = writer
        self._reader = reader
        self._write_lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open the file (creating its folder), upgrade the schema, or refuse a newer one."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = await _connect(path)
        try:
            mode = await _scalar(writer, "PRAGMA journal_mode = WAL")
            if str(mode).lower() != "wal":
                raise StoreError(f"Could not switch {path} to WAL mode (got {mode}).")
            await _migrate(writer, path)
            reader = await _connect(path)
        except BaseException:
            await writer.close()
            raise
        return cls(path, writer, reader)

    async def close(self) -> None:
        async with self._write_lock, self._read_lock:
            await self._reader.close()
            await self._writer.close()

    # ------------------------------------------------------------------ transactions

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await self._writer.execute("BEGIN IMMEDIATE")
            try:
                yield self._writer
            except BaseException:
                await self._writer.execute("ROLLBACK")
                raise
            await self._writer.execute("COMMIT")

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[aiosqlite.Connection]:
        """A read transaction: every SELECT inside sees the same committed snapshot."""
        async with self._read_lock:
            await self._reader.execute("BEGIN")
            try:
                yield self._reader
            finally:
                await self._reader.execute("COMMIT")

    # ------------------------------------------------------------------ games

    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        family: str,
        ruleset: str,
        options: str,
        seed: int,
        host: NewPlayer,
    ) -> int:
        stamp = now()
        try:
            async with self._write() as db:
                cur = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, family, ruleset, options, seed, "
                    "status, state, version, created_at, updated_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, 'lobby', NULL, 0, ?, ?)",
                    (guild_id, channel_id, family, ruleset, options, seed, stamp, stamp),
                )
                game_id = cur.lastrowid
                assert game_id is not None
                await _insert_player(db, game_id, host, 1)
        except sqlite3.IntegrityError as exc:
            if "games.channel_id" in str(exc):
                raise ChannelBusy("There is already a game in this channel.") from exc
            raise
        return game_id

    async def get_game(self, game_id: int) -> GameRecord | None:
        async with self._read() as db:
            games = await _games(db, "WHERE id = ?", (game_id,))
        return games[0] if games else None

    async def game_ids(self) -> list[int]:
        async with self._read() as db:
            return [row[0] for row in await db.execute_fetchall("SELECT id FROM games ORDER BY id")]

    async def open_game_id(self, channel_id: int) -> int | None:
        async with self._read() as db:
            return await _scalar(
                db,
                f"SELECT id FROM games WHERE channel_id = ? AND status IN {OPEN_STATUSES}",
                (channel_id,),
            )

    async def games_of_user(self, user_id: int, statuses: Sequence[str] | None) -> list[GameRecord]:
        where = "WHERE id IN (SELECT game_id FROM players WHERE user_id = ?)"
        params: tuple[Any, ...] = (user_id,)
        if statuses is not None:
            where += f" AND status IN ({_marks(statuses)})"
            params += tuple(statuses)
        async with self._read() as db:
            return await _games(db, where + " ORDER BY id DESC", params)

    async def games_with_status(self, statuses: Sequence[str]) -> list[GameRecord]:
        async with self._read() as db:
            return await _games(
                db, f"WHERE status IN ({_marks(statuses)}) ORDER BY id", tuple(statuses)
            )

    async def start_game(
        self,
        game_id: int,
        seed: int,
        state: str,
        status: str,
        seats: Sequence[tuple[int, int, int]],
    ) -> bool:
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET status = ?, seed = ?, state = ?, version = 0, updated_at = ? "
                "WHERE id = ? AND status = 'lobby'",
                (status, seed, state, now(), game_id),
            )
            if cur.rowcount != 1:
                return False
            await db.executemany(
                "UPDATE players SET seat = ?, colour = ? WHERE game_id = ? AND user_id = ?",
                [(seat, colour, game_id, user) for user, seat, colour in seats],
            )
        return True

    async def commit_action(
        self,
        game_id: int,
        expected_version: int,
        actor: int | None,
        seat: int,
        action: str,
        state: str,
        status: str,
    ) -> bool:
        stamp = now()
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET state = ?, version = version + 1, status = ?, updated_at = ? "
                "WHERE id = ? AND version = ? AND status = 'running'",
                (state, status, stamp, game_id, expected_version),
            )
            if cur.rowcount != 1:
                return False
            await db.execute(
                "INSERT INTO actions (game_id, seq, actor, seat, action, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, actor, seat, action, stamp),
            )
        return True

    async def set_status(
        self,
        game_id: int,
        status: str,
        *,
        only_from: Sequence[str],
        reason: str | None = None,
    ) -> bool:
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET status = ?, broken_reason = COALESCE(?, broken_reason), "
                f"updated_at = ? WHERE id = ? AND status IN ({_marks(only_from)})",
                (status, reason, now(), game_id, *only_from),
            )
            return cur.rowcount == 1

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self._read() as db:
            rows = await db.execute_fetchall(
                "SELECT game_id, seq, actor, seat, action, created_at FROM actions "
                "WHERE game_id = ? ORDER BY seq",
                (game_id,),
            )
        return [ActionRecord(*row) for row in rows]

    # ------------------------------------------------------------------ players

    async def add_player(self, game_id: int, player: NewPlayer) -> bool:
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby'",
                (now(), game_id),
            )
            if cur.rowcount != 1:
                return False
            joined = await _scalar(
                db, "SELECT COALESCE(MAX(joined), 0) + 1 FROM players WHERE game_id = ?", (game_id,)
            )
            await _insert_player(db, game_id, player, joined)
        return True

    async def remove_player(self, game_id: int, user_id: int, new_host: int | None) -> bool:
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby'",
                (now(), game_id),
            )
            if cur.rowcount != 1:
                return False
            await db.execute(
                "DELETE FROM players WHERE game_id = ? AND user_id = ?", (game_id, user_id)
            )
            if new_host is not None:
                await db.execute(
                    "UPDATE players SET host = 1 WHERE game_id = ? AND user_id = ?",
                    (game_id, new_host),
                )
        return True

    async def update_player(
        self,
        game_id: int,
        user_id: int,
        *,
        can_dm: bool | None = None,
        choices: str | None = None,
    ) -> bool:
        async with self._write() as db:
            cur = await db.execute(
                "UPDATE players SET can_dm = COALESCE(?, can_dm), choices = COALESCE(?, choices) "
                "WHERE game_id = ? AND user_id = ?",
                (None if can_dm is None else int(can_dm), choices, game_id, user_id),
            )
            return cur.rowcount == 1

    # ------------------------------------------------------------------ messages

    async def add_message(
        self, game_id: int, kind: str, channel_id: int, message_id: int, replace: bool
    ) -> None:
        async with self._write() as db:
            if replace:
                await db.execute(
                    "DELETE FROM messages WHERE game_id = ? AND kind = ?", (game_id, kind)
                )
            await db.execute(
                "INSERT INTO messages (game_id, kind, channel_id, message_id, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, kind, channel_id, message_id, now()),
            )

    async def messages(self, game_id: int, kind: str | None) -> list[MessageRecord]:
        sql = "SELECT game_id, kind, channel_id, message_id, created_at FROM messages "
        sql += "WHERE game_id = ?" + ("" if kind is None else " AND kind = ?") + " ORDER BY id"
        params = (game_id,) if kind is None else (game_id, kind)
        async with self._read() as db:
            rows = await db.execute_fetchall(sql, params)
        return [MessageRecord(*row) for row in rows]


# ---------------------------------------------------------------------- helpers


async def _scalar(db: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> Any:
    async with db.execute(sql, tuple(params)) as cur:
        row = await cur.fetchone()
    return None if row is None else row[0]


async def _insert_player(
    db: aiosqlite.Connection, game_id: int, player: NewPlayer, joined: int
) -> None:
    await db.execute(
        "INSERT INTO players (game_id, user_id, name, joined, can_dm, host) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, player.user_id, player.name, joined, int(player.can_dm), int(player.host)),
    )


async def _games(db: aiosqlite.Connection, where: str, params: tuple[Any, ...]) -> list[GameRecord]:
    rows = list(await db.execute_fetchall(f"SELECT {_GAME_COLUMNS} FROM games {where}", params))
    if not rows:
        return []
    ids = [row[0] for row in rows]
    players: dict[int, list[PlayerRecord]] = {i: [] for i in ids}
    for row in await db.execute_fetchall(
        "SELECT game_id, user_id, name, joined, seat, colour, can_dm, host, choices "
        f"FROM players WHERE game_id IN ({_marks(ids)}) ORDER BY game_id, joined",
        ids,
    ):
        game_id, user_id, name, joined, seat, colour, can_dm, host, choices = row
        players[game_id].append(
            PlayerRecord(user_id, name, joined, seat, colour, bool(can_dm), bool(host), choices)
        )
    return [GameRecord(*row[:13], players=tuple(players[row[0]]), last_seq=row[13]) for row in rows]


async def _migrate(db: aiosqlite.Connection, path: Path) -> None:
    """Apply the migrations this file lacks, each in its own transaction."""
    current = await _scalar(db, "PRAGMA user_version")
    if current > SCHEMA_VERSION:
        raise SchemaTooNew(
            f"The database {path} has schema version {current}, but this riskbot only knows "
            f"up to {SCHEMA_VERSION}: it was written by a newer riskbot. Upgrade riskbot, or "
            "point RISKBOT_DB at another file."
        )
    for number in range(current + 1, SCHEMA_VERSION + 1):
        await db.execute("BEGIN IMMEDIATE")
        try:
            for statement in MIGRATIONS[number - 1]:
                await db.execute(statement)
            # PRAGMA takes no parameters; `number` is our own int.
            await db.execute(f"PRAGMA user_version = {int(number)}")
        except BaseException:
            await db.execute("ROLLBACK")
            raise
        await db.execute("COMMIT")
        log.info("database %s upgraded to schema version %d", path, number)
