"""Game families behind one small interface, so the service never imports an engine directly.

A family is a rules engine (world: the 42-territory classics; europe: Risk Europe) with
its serialisers, views and computer player. The service and the store only ever talk to
a `Family`; each engine is one `EngineFamily` subclass and one line in `_FAMILIES`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from types import ModuleType
from typing import Any

import bot.engine.europe as europe_engine
import bot.engine.world as world_engine
from bot.ai import europe as europe_ai
from bot.ai import world as world_ai
from bot.engine.canonical import digest
from bot.engine.errors import RuleError
from bot.engine.rng import Rng, seed_to_state
from bot.engine.world.rules import Options, get_ruleset, with_options

Event = dict[str, Any]


class Family(ABC):
    """One rules engine as the service sees it. States are the engine's own objects."""

    name: str

    @property
    @abstractmethod
    def rulesets(self) -> Mapping[str, Any]:
        """Ruleset name -> the engine's ruleset record."""

    @abstractmethod
    def player_range(self, ruleset: str, options: dict[str, Any] | None = None) -> tuple[int, int]:
        """Fewest and most players this ruleset (with these option overrides) allows."""

    @abstractmethod
    def check_options(self, ruleset: str, options: dict[str, Any] | None) -> None:
        """Raise RuleError with a sentence if the option overrides are not valid."""

    @abstractmethod
    def new_game(
        self, ruleset: str, names: list[str], seed: int, options: dict[str, Any] | None = None
    ) -> tuple[Any, list[Event]]:
        """The state after setup and the setup events."""

    @abstractmethod
    def apply(self, state: Any, action: dict[str, Any]) -> tuple[Any, list[Event]]:
        """Parse an action record (with its "player") and apply it; RuleError if illegal."""

    @abstractmethod
    def normalise_action(self, action: dict[str, Any]) -> dict[str, Any]:
        """The canonical record of an action (defaults filled in); RuleError if malformed."""

    @abstractmethod
    def state_to_dict(self, state: Any) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_dict(self, data: dict[str, Any]) -> Any:
        """RuleError with a readable reason if the record is damaged."""

    @abstractmethod
    def view_for(self, state: Any, seat: int | None) -> dict[str, Any]:
        """What `seat` may see; None is the channel's public view."""

    @abstractmethod
    def public_event(self, event: Event) -> Event:
        """The event without anything secret, fit for the channel."""

    @abstractmethod
    def to_act(self, state: Any) -> list[int]:
        """Seats the game is waiting for (several during simultaneous steps)."""

    @abstractmethod
    def is_over(self, state: Any) -> bool: ...

    @abstractmethod
    def winner(self, state: Any) -> int | None: ...

    @abstractmethod
    def choose_action(self, state: Any, seat: int, rng: Rng | None = None) -> dict[str, Any]:
        """The computer player's action record for `seat`."""


class EngineFamily(Family):
    """A family whose engine package exposes the common module API (`apply`, `to_act`,
    `is_over`, `view_for`, `public_event`, `state_to_dict`, `state_from_dict`,
    `action_to_dict`, `action_from_dict`, `RULESETS`)."""

    engine: ModuleType

    @property
    def rulesets(self) -> Mapping[str, Any]:
        return self.engine.RULESETS

    def _record(self, action: dict[str, Any]) -> dict[str, Any]:
        """The action record in the engine's own spelling."""
        return action

    def _parse(self, action: dict[str, Any]) -> Any:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleError("That action is not in a form the game understands.")
        return self.engine.action_from_dict(self._record(action))

    def apply(self, state: Any, action: dict[str, Any]) -> tuple[Any, list[Event]]:
        return self.engine.apply(state, self._parse(action))

    def normalise_action(self, action: dict[str, Any]) -> dict[str, Any]:
        return self.engine.action_to_dict(self._parse(action))

    def state_to_dict(self, state: Any) -> dict[str, Any]:
        return self.engine.state_to_dict(state)

    def state_from_dict(self, data: dict[str, Any]) -> Any:
        if not isinstance(data, dict):
            raise RuleError("This saved game is damaged and cannot be read (not a record).")
        return self.engine.state_from_dict(data)

    def view_for(self, state: Any, seat: int | None) -> dict[str, Any]:
        return self.engine.view_for(state, seat)

    def public_event(self, event: Event) -> Event:
        return self.engine.public_event(event)

    def to_act(self, state: Any) -> list[int]:
        return self.engine.to_act(state)

    def is_over(self, state: Any) -> bool:
        return self.engine.is_over(state)


class WorldFamily(EngineFamily):
    """The classic 42-territory rulesets (bot.engine.world)."""

    name = "world"
    engine = world_engine

    def _options(self, ruleset: str, options: dict[str, Any] | None) -> Options:
        rules = get_ruleset(ruleset)
        if not options:
            return rules.options
        if not isinstance(options, dict):
            raise RuleError("Rule options must be given as name: value pairs.")
        return with_options(rules, **options)

    def player_range(self, ruleset: str, options: dict[str, Any] | None = None) -> tuple[int, int]:
        opts = self._options(ruleset, options)
        return opts.min_players, opts.max_players

    def check_options(self, ruleset: str, options: dict[str, Any] | None) -> None:
        opts = self._options(ruleset, options)
        # The options travel inside the state's JSON: they must survive the round trip.
        Options.from_dict(opts.to_dict())

    def new_game(
        self, ruleset: str, names: list[str], seed: int, options: dict[str, Any] | None = None
    ) -> tuple[Any, list[Event]]:
        return world_engine.new_game(ruleset, names, seed, self._options(ruleset, options))

    def winner(self, state: Any) -> int | None:
        return state.winner

    def choose_action(self, state: Any, seat: int, rng: Rng | None = None) -> dict[str, Any]:
        # The world computer player is deterministic and takes no generator.
        return world_engine.action_to_dict(world_ai.choose_action(state, seat))


class EuropeFamily(EngineFamily):
    """Risk Europe (bot.engine.europe). Its actions name their `seat`; the service's
    "player" is mapped onto it."""

    name = "europe"
    engine = europe_engine

    def _ruleset(self, ruleset: str) -> Any:
        rules = self.rulesets.get(ruleset)
        if rules is None:
            raise RuleError(f"There is no Risk Europe ruleset called {ruleset!r}.")
        return rules

    def player_range(self, ruleset: str, options: dict[str, Any] | None = None) -> tuple[int, int]:
        rules = self._ruleset(ruleset)
        return rules.min_players, rules.max_players

    def check_options(self, ruleset: str, options: dict[str, Any] | None) -> None:
        self._ruleset(ruleset)
        if options:
            raise RuleError("Risk Europe rulesets take no extra options.")

    def new_game(
        self, ruleset: str, names: list[str], seed: int, options: dict[str, Any] | None = None
    ) -> tuple[Any, list[Event]]:
        self.check_options(ruleset, options)
        state = europe_engine.new_game(ruleset, names, seed)
        return state, [{"type": "game_started", "ruleset": ruleset}]

    def _record(self, action: dict[str, Any]) -> dict[str, Any]:
        record = dict(action)
        if "player" in record:
            # The service's "player" is the seat of whoever acts: it wins over any "seat"
            # written into the action, so nobody can act for someone else.
            record["seat"] = record.pop("player")
        return record

    def winner(self, state: Any) -> int | None:
        """The first winner (a shared or team win lists several; see the state's "winner")."""
        seats = europe_engine.winner(state)
        return seats[0] if seats else None

    def choose_action(self, state: Any, seat: int, rng: Rng | None = None) -> dict[str, Any]:
        # The Europe player draws some choices at random: seed it from the state so a
        # stored game's computer moves are the same on every replay.
        if rng is None:
            key = digest(europe_engine.state_to_dict(state)) + f":{seat}"
            rng = Rng(seed_to_state(key))
        return europe_engine.action_to_dict(europe_ai.choose_action(state, seat, rng))


_FAMILIES: dict[str, Family] = {f.name: f for f in (WorldFamily(), EuropeFamily())}


def families() -> dict[str, Family]:
    """Every registered family by name."""
    return dict(_FAMILIES)


def all_rulesets() -> dict[str, Family]:
    """Every ruleset name -> its family (for autocomplete and help)."""
    return {name: fam for fam in _FAMILIES.values() for name in fam.rulesets}


def family_for(ruleset: str) -> Family:
    """The family that plays `ruleset`; RuleError naming the choices if there is none."""
    for fam in _FAMILIES.values():
        if ruleset in fam.rulesets:
            return fam
    names = ", ".join(sorted(all_rulesets()))
    raise RuleError(f"There is no ruleset called {ruleset!r}; choose one of: {names}.")
