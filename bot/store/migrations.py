"""Numbered schema migrations. `PRAGMA user_version` holds how many have been applied.

Append new migrations to MIGRATIONS; never edit one that has shipped. The SQL sticks to
what PostgreSQL also accepts, except where noted (see docs/postgres.md).
"""

from __future__ import annotations

OPEN = "('lobby', 'running')"

MIGRATION_1 = [
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        family TEXT NOT NULL,
        ruleset TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        status TEXT NOT NULL
            CHECK (status IN ('lobby', 'running', 'finished', 'cancelled', 'broken')),
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        broken_reason TEXT
    )
    """,
    # One lobby or running game per channel, enforced by the database itself.
    f"CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN {OPEN}",
    "CREATE INDEX games_by_status ON games (status)",
    """
    CREATE TABLE players (
        game_id INTEGER NOT NULL REFERENCES games (id),
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined INTEGER NOT NULL,
        seat INTEGER,
        colour INTEGER,
        can_dm INTEGER NOT NULL DEFAULT 1,
        host INTEGER NOT NULL DEFAULT 0,
        choices TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (game_id, user_id),
        UNIQUE (game_id, joined),
        UNIQUE (game_id, seat)
    )
    """,
    "CREATE INDEX players_by_user ON players (user_id)",
    """
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games (id),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        actor INTEGER,
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
    # The log is append-only: a game is its seed plus this log.
    """
    CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
    BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END
    """,
    """
    CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
    BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END
    """,
    """
    CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id),
        kind TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        created_at TEXT NOT NULL
    )
    """,
    "CREATE INDEX messages_by_game ON messages (game_id, kind)",
]

MIGRATIONS: list[list[str]] = [MIGRATION_1]
SCHEMA_VERSION = len(MIGRATIONS)
