"""The async game service: the only way anything reaches the database.

Every change to a game happens under that game's asyncio.Lock: load, apply, then commit the
new state together with the appended action in one transaction. Memory (the hot-game cache)
is updated only after the commit succeeded, so a failed commit changes nothing anywhere.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.engine.canonical import canonical_json
from bot.engine.errors import RuleError
from bot.engine.wording import players_text
from bot.games import family_for
from bot.service import errors as msg
from bot.service.errors import GameBroken, NoGame, NotAllowed, ServiceError, StaleAction
from bot.service.loading import dump_state, game_from_record, parse_time
from bot.service.model import (
    BROKEN,
    CANCELLED,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    RUNNING,
    ActResult,
    Game,
    MessageRef,
    PlayerRef,
)
from bot.service.replay import ReplayReport, replay_record
from bot.store import ChannelBusy, GameRecord, NewPlayer, SqliteStore, Store

log = logging.getLogger(__name__)

# Seeds are stored in a signed 64-bit column.
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1
# Hot games kept parsed in memory; a cold one costs one read and one JSON parse.
CACHE_SIZE = 5000
SAVE_FAILED = "The game could not be saved, so nothing changed; please try again in a moment."
INTERNAL = "Something went wrong with that action; the game is unchanged and the error is logged."


class GameService:
    """create / join / leave / start / cancel / act / load / list, all async."""

    def __init__(self, store: Store, cache_size: int = CACHE_SIZE) -> None:
        self.store = store
        self._cache: OrderedDict[int, Game] = OrderedDict()
        # Bumped by every change to a game: a read that started before a change must not put
        # its older copy into the cache after the change landed.
        self._epoch: dict[int, int] = {}
        self._cache_size = cache_size
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    @classmethod
    async def open(cls, path: str | Path) -> GameService:
        """Open (creating or upgrading) the SQLite database at `path`."""
        return cls(await SqliteStore.open(path))

    async def close(self) -> None:
        await self.store.close()

    # ------------------------------------------------------------------ lobby

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host: PlayerRef,
        ruleset: str,
        options: dict[str, Any] | None = None,
    ) -> Game:
        """Open a lobby in this channel with `host` as its first player."""
        family = family_for(ruleset)
        family.check_options(ruleset, options)
        if await self.store.open_game_id(channel_id) is not None:
            raise ServiceError(msg.ALREADY_A_GAME)
        try:
            game_id = await self.store.create_game(
                guild_id,
                channel_id,
                family.name,
                ruleset,
                canonical_json(options or {}),
                secrets.randbits(53),
                NewPlayer(host.user_id, host.name, host.can_dm, host=True),
            )
        except ChannelBusy:
            # Another create won the race; the partial unique index had the last word.
            raise ServiceError(msg.ALREADY_A_GAME) from None
        return await self._reload(game_id)

    async def join(self, channel_id: int, player: PlayerRef) -> Game:
        """Join the lobby in this channel."""
        game_id = await self._open_game_id(channel_id)
        async with self._lock(game_id):
            game = await self._load(game_id)
            if game.status != LOBBY:
                raise NotAllowed("This game has already started; you can join the next one.")
            if game.has_player(player.user_id):
                raise NotAllowed("You are already in this game.")
            low, high = game.family.player_range(game.ruleset, game.options)
            if len(game.seats) >= high:
                raise NotAllowed(
                    f"This game is full: {game.ruleset} is for {players_text(low, high)}."
                )
            new = NewPlayer(player.user_id, player.name, player.can_dm, host=False)
            if not await self.store.add_player(game_id, new):
                raise StaleAction(msg.MOVED_ON)
            return await self._reload(game_id)

    async def leave(self, channel_id: int, user_id: int) -> Game:
        """Leave the lobby; a leaving host hands over to the next player (or closes it)."""
        game_id = await self._open_game_id(channel_id)
        async with self._lock(game_id):
            game = await self._load(game_id)
            if not game.has_player(user_id):
                raise NotAllowed("You are not in this game.")
            if game.status != LOBBY:
                raise NotAllowed(
                    "The game has started, so you cannot leave it; the host can cancel it."
                )
            others = [s for s in game.seats if s.user_id != user_id]
            if not others:
                await self.store.set_status(game_id, CANCELLED, only_from=(LOBBY,))
                return await self._reload(game_id)
            new_host = others[0].user_id if game.host.user_id == user_id else None
            if not await self.store.remove_player(game_id, user_id, new_host):
                raise StaleAction(msg.MOVED_ON)
            return await self._reload(game_id)

    async def start(self, channel_id: int, user_id: int, *, seed: int | None = None) -> ActResult:
        """Host only: seat players in join order, deal, and return the setup events."""
        game_id = await self._open_game_id(channel_id)
        async with self._lock(game_id):
            game = await self._load(game_id)
            if game.status != LOBBY:
                raise NotAllowed("This game has already started.")
            if game.host.user_id != user_id:
                raise NotAllowed(msg.ONLY_HOST_STARTS)
            low, high = game.family.player_range(game.ruleset, game.options)
            if not low <= len(game.seats) <= high:
                joined = len(game.seats)
                raise NotAllowed(
                    f"{game.ruleset} needs {players_text(low, high)}; "
                    f"{joined} {'has' if joined == 1 else 'have'} joined so far."
                )
            if seed is None:
                seed = game.seed
            elif not SEED_MIN <= seed <= SEED_MAX:
                raise ServiceError("The seed must be a whole number that fits in 64 bits.")
            names = [s.name for s in game.seats]
            state, events = game.family.new_game(game.ruleset, names, seed, game.options)
            status = FINISHED if game.family.is_over(state) else RUNNING
            seats = [(s.user_id, i, i) for i, s in enumerate(game.seats)]
            state_json = dump_state(game.family.state_to_dict(state))
            if not await self.store.start_game(game_id, seed, state_json, status, seats):
                raise StaleAction(msg.MOVED_ON)
            return ActResult(await self._reload(game_id), events)

    async def cancel(self, channel_id: int, user_id: int, *, is_admin: bool = False) -> Game:
        """Host or admin: stop the lobby or running game here (kept as history)."""
        game_id = await self._open_game_id(channel_id)
        async with self._lock(game_id):
            game = await self._load(game_id)
            if not is_admin and game.host.user_id != user_id:
                raise NotAllowed("Only the host or a server admin can cancel this game.")
            if not await self.store.set_status(game_id, CANCELLED, only_from=OPEN_STATUSES):
                raise StaleAction("This game is already over.")
            return await self._reload(game_id)

    # ------------------------------------------------------------------ play

    async def act(
        self, channel_id: int, user_id: int, action: dict[str, Any], *, version: int
    ) -> ActResult:
        """Apply the user's action (without "player": the service fills in their seat).

        `version` is the game's version the user saw (from the message or button they used);
        anything else is a stale or duplicate submission and changes nothing. The events may
        carry private parts (a drawn card): pass them through `game.family.public_event`
        before showing them in a channel.
        """
        game_id = await self._open_game_id(channel_id)
        game = await self.get(game_id)
        seat = game.seat_of(user_id)
        if seat is None:
            if game.status == LOBBY and game.has_player(user_id):
                raise NotAllowed("The game has not started yet; the host starts it.")
            raise NotAllowed(msg.NOT_SEATED)
        return await self._apply(game_id, seat, action, version, actor=user_id)

    async def act_as_seat(
        self, game_id: int, seat: int, action: dict[str, Any], *, version: int
    ) -> ActResult:
        """Apply an action for a seat directly (computer players, the demo)."""
        return await self._apply(game_id, seat, action, version, actor=None)

    async def _apply(
        self, game_id: int, seat: int, action: dict[str, Any], version: int, actor: int | None
    ) -> ActResult:
        async with self._lock(game_id):
            game = await self._load(game_id)
            if game.status == LOBBY:
                raise NotAllowed("The game has not started yet; the host starts it.")
            if game.status == CANCELLED:
                raise NotAllowed("This game was cancelled.")
            if game.status != RUNNING:
                raise NotAllowed("This game is over.")
            if version != game.version:
                raise StaleAction(msg.MOVED_ON)
            if not isinstance(action, dict):
                raise RuleError("That action is not in a form the game understands.")
            family = game.family
            record = family.normalise_action({**action, "player": seat})
            try:
                state, events = family.apply(game.state, record)
                state_json = dump_state(family.state_to_dict(state))
            except RuleError:
                raise
            except Exception:
                log.exception("engine failed on game %d action %r", game_id, record)
                raise ServiceError(INTERNAL) from None
            status = FINISHED if family.is_over(state) else RUNNING
            try:
                saved = await self.store.commit_action(
                    game_id, version, actor, seat, canonical_json(record), state_json, status
                )
            except Exception:
                log.exception("commit failed on game %d", game_id)
                self._forget(game_id)
                raise ServiceError(SAVE_FAILED) from None
            if not saved:
                # Another process moved the game on: our copy is stale.
                self._forget(game_id)
                raise StaleAction(msg.MOVED_ON)
            # Only now, with the commit done, does memory change.
            new = replace(
                game, state=state, status=status, version=version + 1, updated_at=datetime.now(UTC)
            )
            self._remember(new)
            return ActResult(new, events)

    # ------------------------------------------------------------------ reading

    async def game_in(self, channel_id: int) -> Game | None:
        """The lobby or running game in this channel, if any."""
        game_id = await self.store.open_game_id(channel_id)
        return None if game_id is None else await self.get(game_id)

    async def get(self, game_id: int) -> Game:
        """Any game by id, whatever its status (a damaged one comes back as broken)."""
        cached = self._cache.get(game_id)
        if cached is not None:
            self._cache.move_to_end(game_id)
            return cached
        epochs = {game_id: self._epoch.get(game_id, 0)}
        record = await self.store.get_game(game_id)
        if record is None:
            raise NoGame(f"There is no game number {game_id}.")
        return await self._from_record(record, epochs)

    async def games_for(self, user_id: int, *, include_closed: bool = False) -> list[Game]:
        """The user's lobby and running games, newest first (all of them if asked)."""
        statuses = None if include_closed else OPEN_STATUSES
        epochs = dict(self._epoch)
        records = await self.store.games_of_user(user_id, statuses)
        return [await self._from_record(r, epochs) for r in records]

    async def running_games(self) -> list[Game]:
        """Every running game (for re-registering views after a restart); damaged ones are
        marked broken and left out."""
        epochs = dict(self._epoch)
        records = await self.store.games_with_status((RUNNING,))
        games = [await self._from_record(r, epochs) for r in records]
        return [g for g in games if g.status == RUNNING]

    # ------------------------------------------------------------------ players and messages

    async def set_can_dm(self, game_id: int, user_id: int, can_dm: bool) -> None:
        """Remember whether DMs reach this player (False after a 50007 Forbidden)."""
        async with self._lock(game_id):
            if not await self.store.update_player(game_id, user_id, can_dm=can_dm):
                raise NotAllowed(msg.NOT_SEATED)
            self._forget(game_id)

    async def set_choices(self, game_id: int, user_id: int, choices: dict[str, Any]) -> None:
        """Replace this player's standing UI choices (a small JSON object)."""
        if not isinstance(choices, dict):
            raise ServiceError("Choices must be given as name: value pairs.")
        async with self._lock(game_id):
            if not await self.store.update_player(
                game_id, user_id, choices=canonical_json(choices)
            ):
                raise NotAllowed(msg.NOT_SEATED)
            self._forget(game_id)

    async def remember_message(
        self, game_id: int, kind: str, channel_id: int, message_id: int, *, replace: bool = False
    ) -> None:
        """Record a message posted for this game; `replace` forgets earlier ones of this kind."""
        await self.store.add_message(game_id, kind, channel_id, message_id, replace)

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRef]:
        """Messages recorded for this game, oldest first."""
        return [
            MessageRef(m.game_id, m.kind, m.channel_id, m.message_id, parse_time(m.created_at))
            for m in await self.store.messages(game_id, kind)
        ]

    # ------------------------------------------------------------------ replay

    async def replay(
        self,
        game_id: int,
        *,
        on_events: Callable[[Any, list[dict[str, Any]]], None] | None = None,
    ) -> ReplayReport:
        """Rebuild the game from seed + action log and compare with the stored state.

        A row that cannot be read or an action the engine refuses marks the game broken; a
        state that merely differs is reported, not marked (it may be an engine change).
        `on_events(state, events)` sees every step, starting with the setup.
        """
        async with self._lock(game_id):
            record = await self.store.get_game(game_id)
            if record is None:
                raise NoGame(f"There is no game number {game_id}.")
            report = replay_record(record, await self.store.actions(game_id), on_events)
            if report.damaged:
                await self._mark_broken(game_id, report.problem or "damaged")
            return report

    # ------------------------------------------------------------------ internals

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    async def _open_game_id(self, channel_id: int) -> int:
        game_id = await self.store.open_game_id(channel_id)
        if game_id is None:
            raise NoGame(msg.NO_GAME_HERE)
        return game_id

    async def _load(self, game_id: int) -> Game:
        """The game, from the cache or the database; GameBroken if it cannot be read."""
        game = await self.get(game_id)
        if game.status == BROKEN:
            raise GameBroken(
                "This game's saved record is damaged, so it has been stopped "
                f"({game.broken_reason}). Start a new one with /risk new."
            )
        return game

    async def _reload(self, game_id: int) -> Game:
        self._forget(game_id)
        return await self.get(game_id)

    async def _from_record(self, record: GameRecord, epochs: dict[int, int]) -> Game:
        """The game a freshly read row describes; cached only if nothing changed it since
        `epochs` was taken (just before the read)."""
        cached = self._cache.get(record.id)
        if (
            cached is not None
            and cached.version == record.version
            and cached.status == record.status
            and len(cached.seats) == len(record.players)
        ):
            return cached
        try:
            game = game_from_record(record)
        except (RuleError, ValueError, TypeError, KeyError) as exc:
            reason = exc.message if isinstance(exc, RuleError) else f"{type(exc).__name__}: {exc}"
            log.exception("game %d cannot be loaded; marking it broken", record.id)
            await self._mark_broken(record.id, reason)
            record = await self.store.get_game(record.id) or record
            return game_from_record(record, with_state=False)
        if game.status != BROKEN and self._epoch.get(record.id, 0) == epochs.get(record.id, 0):
            self._put(game)
        return game

    async def _mark_broken(self, game_id: int, reason: str) -> None:
        self._forget(game_id)
        await self.store.set_status(
            game_id, BROKEN, only_from=(LOBBY, RUNNING, FINISHED, CANCELLED, BROKEN), reason=reason
        )

    def _remember(self, game: Game) -> None:
        """Cache a game this service has just changed (after its commit)."""
        self._epoch[game.id] = self._epoch.get(game.id, 0) + 1
        self._put(game)

    def _put(self, game: Game) -> None:
        self._cache[game.id] = game
        self._cache.move_to_end(game.id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def _forget(self, game_id: int) -> None:
        self._epoch[game_id] = self._epoch.get(game_id, 0) + 1
        self._cache.pop(game_id, None)
