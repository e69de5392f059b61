"""Persistence: the `Store` interface and its SQLite implementation."""

from bot.store.records import (
    ActionRecord,
    ChannelBusy,
    GameRecord,
    MessageRecord,
    NewPlayer,
    PlayerRecord,
    SchemaTooNew,
    Store,
    StoreError,
)
from bot.store.sqlite import SqliteStore

__all__ = [
    "ActionRecord",
    "ChannelBusy",
    "GameRecord",
    "MessageRecord",
    "NewPlayer",
    "PlayerRecord",
    "SchemaTooNew",
    "SqliteStore",
    "Store",
    "StoreError",
]
