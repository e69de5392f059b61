"""The async game service: the only way anything reaches the database.

Every change to a game happens under that game's asyncio.Lock: load, apply, then commit the
new state together with the appended action in one transaction. Memory (the hot-game cache)
is updated only after the commit succeeded, so a failed commit changes nothing anywhere.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.service.model import ActResult, Game, MessageRef, PlayerRef


class GameService:
    """create / join / leave / start / cancel / act / load / list, all async."""

    @classmethod
    async def open(cls, path: str | Path) -> GameService:
        """Open (creating or upgrading) the SQLite database at `path`."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host: PlayerRef,
        ruleset: str,
        options: dict[str, Any] | None = None,
    ) -> Game:
        """Open a lobby in this channel with `host` as its first player."""
        raise NotImplementedError

    async def join(self, channel_id: int, player: PlayerRef) -> Game:
        """Join the lobby in this channel."""
        raise NotImplementedError

    async def leave(self, channel_id: int, user_id: int) -> Game:
        """Leave the lobby; a leaving host hands over to the next player (or closes it)."""
        raise NotImplementedError

    async def start(self, channel_id: int, user_id: int, *, seed: int | None = None) -> ActResult:
        """Host only: seat players in join order, deal, and return the setup events."""
        raise NotImplementedError

    async def cancel(self, channel_id: int, user_id: int, *, is_admin: bool = False) -> Game:
        """Host or admin: stop the lobby or running game here (kept as history)."""
        raise NotImplementedError

    async def act(
        self, channel_id: int, user_id: int, action: dict[str, Any], *, version: int
    ) -> ActResult:
        """Apply the user's action (without "player": the service fills in their seat)."""
        raise NotImplementedError

    async def act_as_seat(
        self, game_id: int, seat: int, action: dict[str, Any], *, version: int
    ) -> ActResult:
        """Apply an action for a seat directly (computer players, the demo)."""
        raise NotImplementedError

    async def game_in(self, channel_id: int) -> Game | None:
        """The lobby or running game in this channel, if any."""
        raise NotImplementedError

    async def get(self, game_id: int) -> Game:
        """Any game by id, whatever its status."""
        raise NotImplementedError

    async def games_for(self, user_id: int, *, include_closed: bool = False) -> list[Game]:
        """The user's lobby and running games (and finished/cancelled/broken ones if asked)."""
        raise NotImplementedError

    async def set_can_dm(self, game_id: int, user_id: int, can_dm: bool) -> None:
        """Remember whether DMs reach this player (False after a 50007 Forbidden)."""
        raise NotImplementedError

    async def set_choices(self, game_id: int, user_id: int, choices: dict[str, Any]) -> None:
        """Replace this player's standing UI choices (a small JSON object)."""
        raise NotImplementedError

    async def remember_message(
        self, game_id: int, kind: str, channel_id: int, message_id: int, *, replace: bool = False
    ) -> None:
        """Record a message posted for this game; `replace` forgets earlier ones of this kind."""
        raise NotImplementedError

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRef]:
        """Messages recorded for this game, oldest first."""
        raise NotImplementedError

    async def running_games(self) -> list[Game]:
        """Every running game (for re-registering views after a restart)."""
        raise NotImplementedError
