"""Rows as the store hands them to the service, and the `Store` interface a backend provides.

JSON columns (options, state, action, choices) stay text here: the service parses them, so a
damaged row is noticed in one place and marks only its own game broken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol


class StoreError(Exception):
    """The database cannot be used. `message` is a sentence for the operator."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SchemaTooNew(StoreError):
    """The database was written by a newer riskbot than this one."""


class ChannelBusy(StoreError):
    """The channel already has a lobby or running game (the unique index said so)."""


@dataclass(frozen=True)
class NewPlayer:
    user_id: int
    name: str
    can_dm: bool
    host: bool


@dataclass(frozen=True)
class PlayerRecord:
    user_id: int
    name: str
    joined: int
    seat: int | None
    colour: int | None
    can_dm: bool
    host: bool
    choices: str


@dataclass(frozen=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    family: str
    ruleset: str
    options: str
    seed: int
    status: str
    state: str | None
    version: int
    created_at: str
    updated_at: str
    broken_reason: str | None
    players: tuple[PlayerRecord, ...]
    # Highest sequence number in the action log (0 if none): must equal `version`.
    last_seq: int


@dataclass(frozen=True)
class ActionRecord:
    game_id: int
    seq: int
    actor: int | None
    seat: int
    action: str
    created_at: str


@dataclass(frozen=True)
class MessageRecord:
    game_id: int
    kind: str
    channel_id: int
    message_id: int
    created_at: str


class Store(Protocol):
    """What the service needs from a database. SQLite now; PostgreSQL can follow (docs/postgres.md).

    Every write method is one transaction. Conditional writes (`expected_version`,
    `only_from`) return False when the row was not in the expected state, so two writers
    can never both win.
    """

    async def close(self) -> None: ...

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
        """Insert a lobby and its host; ChannelBusy if the channel has an open game."""
        ...

    async def get_game(self, game_id: int) -> GameRecord | None: ...

    async def game_ids(self) -> list[int]:
        """Every game's id, oldest first."""
        ...

    async def open_game_id(self, channel_id: int) -> int | None:
        """The id of the lobby or running game in this channel."""
        ...

    async def games_of_user(
        self, user_id: int, statuses: Sequence[str] | None
    ) -> list[GameRecord]: ...

    async def games_with_status(self, statuses: Sequence[str]) -> list[GameRecord]: ...

    async def add_player(self, game_id: int, player: NewPlayer) -> bool:
        """False unless the game is still a lobby."""
        ...

    async def remove_player(self, game_id: int, user_id: int, new_host: int | None) -> bool: ...

    async def start_game(
        self,
        game_id: int,
        seed: int,
        state: str,
        status: str,
        seats: Sequence[tuple[int, int, int]],
    ) -> bool:
        """Lobby -> `status` with the first state; seats are (user_id, seat, colour)."""
        ...

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
        """Append action number expected_version+1 and store the new state, or do nothing."""
        ...

    async def set_status(
        self,
        game_id: int,
        status: str,
        *,
        only_from: Sequence[str],
        reason: str | None = None,
    ) -> bool: ...

    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    async def update_player(
        self,
        game_id: int,
        user_id: int,
        *,
        can_dm: bool | None = None,
        choices: str | None = None,
    ) -> bool: ...

    async def add_message(
        self, game_id: int, kind: str, channel_id: int, message_id: int, replace: bool
    ) -> None: ...

    async def messages(self, game_id: int, kind: str | None) -> list[MessageRecord]: ...
