"""Game families behind one small interface, so the service never imports an engine directly.

A family is a rules engine (world: the 42-territory classics; europe: Risk Europe) with
its serialisers, views and computer player. The service and the store only ever talk to
a `Family`; adding Risk Europe is one more `Family` subclass and one line in `_FAMILIES`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from bot.engine.errors import RuleError
from bot.engine.rng import Rng

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


class WorldFamily(Family):
    """The classic 42-territory rulesets (bot.engine.world)."""

    name = "world"

    @property
    def rulesets(self) -> Mapping[str, Any]:
        from bot.engine.world.rules import RULESETS

        return RULESETS

    def _options(self, ruleset: str, options: dict[str, Any] | None) -> Any:
        from bot.engine.world.rules import get_ruleset, with_options

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
        from bot.engine.world.rules import Options

        opts = self._options(ruleset, options)
        # The options travel inside the state's JSON: they must survive the round trip.
        Options.from_dict(opts.to_dict())

    def new_game(
        self, ruleset: str, names: list[str], seed: int, options: dict[str, Any] | None = None
    ) -> tuple[Any, list[Event]]:
        from bot.engine.world import engine

        return engine.new_game(ruleset, names, seed, self._options(ruleset, options))

    def _parse(self, action: dict[str, Any]) -> Any:
        from bot.engine.world.actions import action_from_dict

        try:
            return action_from_dict(action)
        except (TypeError, ValueError):
            # e.g. {"type": ["place"]}: the engine's parser assumes a hashable type.
            raise RuleError("That action is not in a form the game understands.") from None

    def apply(self, state: Any, action: dict[str, Any]) -> tuple[Any, list[Event]]:
        from bot.engine.world import engine

        return engine.apply(state, self._parse(action))

    def normalise_action(self, action: dict[str, Any]) -> dict[str, Any]:
        from bot.engine.world.actions import action_to_dict

        return action_to_dict(self._parse(action))

    def state_to_dict(self, state: Any) -> dict[str, Any]:
        from bot.engine.world.state import state_to_dict

        return state_to_dict(state)

    def state_from_dict(self, data: dict[str, Any]) -> Any:
        from bot.engine.world.state import state_from_dict

        if not isinstance(data, dict):
            raise RuleError("This saved game is damaged and cannot be read (not a record).")
        return state_from_dict(data)

    def view_for(self, state: Any, seat: int | None) -> dict[str, Any]:
        from bot.engine.world.views import view_for

        return view_for(state, seat)

    def public_event(self, event: Event) -> Event:
        from bot.engine.world.views import public_event

        return public_event(event)

    def to_act(self, state: Any) -> list[int]:
        from bot.engine.world import engine

        return engine.to_act(state)

    def is_over(self, state: Any) -> bool:
        from bot.engine.world import engine

        return engine.is_over(state)

    def winner(self, state: Any) -> int | None:
        return state.winner

    def choose_action(self, state: Any, seat: int, rng: Rng | None = None) -> dict[str, Any]:
        # The world AI is deterministic and takes no generator.
        from bot.ai import world as world_ai
        from bot.engine.world.actions import action_to_dict

        return action_to_dict(world_ai.choose_action(state, seat))


class EuropeFamily(Family):
    """Risk Europe (bot.engine.europe). Its actions name their `seat`; the service's
    "player" is mapped onto it."""

    name = "europe"

    @property
    def rulesets(self) -> Mapping[str, Any]:
        from bot.engine.europe import RULESETS

        return RULESETS

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
        from bot.engine.europe import new_game

        self.check_options(ruleset, options)
        return new_game(ruleset, names, seed), [{"type": "game_started", "ruleset": ruleset}]

    def _parse(self, action: dict[str, Any]) -> Any:
        from bot.engine.europe import action_from_dict

        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise RuleError("That action is not in a form the game understands.")
        record = dict(action)
        if "player" in record:
            record.setdefault("seat", record.pop("player"))
        return action_from_dict(record)

    def apply(self, state: Any, action: dict[str, Any]) -> tuple[Any, list[Event]]:
        from bot.engine.europe import apply

        return apply(state, self._parse(action))

    def normalise_action(self, action: dict[str, Any]) -> dict[str, Any]:
        from bot.engine.europe import action_to_dict

        return action_to_dict(self._parse(action))

    def state_to_dict(self, state: Any) -> dict[str, Any]:
        from bot.engine.europe import state_to_dict

        return state_to_dict(state)

    def state_from_dict(self, data: dict[str, Any]) -> Any:
        from bot.engine.europe import state_from_dict

        if not isinstance(data, dict):
            raise RuleError("This saved game is damaged and cannot be read (not a record).")
        return state_from_dict(data)

    def view_for(self, state: Any, seat: int | None) -> dict[str, Any]:
        from bot.engine.europe import view_for

        return view_for(state, seat)

    def public_event(self, event: Event) -> Event:
        from bot.engine.europe import public_event

        return public_event(event)

    def to_act(self, state: Any) -> list[int]:
        from bot.engine.europe import to_act

        return to_act(state)

    def is_over(self, state: Any) -> bool:
        from bot.engine.europe import is_over

        return is_over(state)

    def winner(self, state: Any) -> int | None:
        """The first winner (a shared or team win lists several; see the state's "winner")."""
        from bot.engine.europe import winner

        seats = winner(state)
        return seats[0] if seats else None

    def choose_action(self, state: Any, seat: int, rng: Rng | None = None) -> dict[str, Any]:
        from bot.ai.europe import choose_action
        from bot.engine.canonical import digest
        from bot.engine.europe import action_to_dict, state_to_dict
        from bot.engine.rng import seed_to_state

        # The Europe player draws some choices at random: seed it from the state so a
        # stored game's computer moves are the same on every replay.
        if rng is None:
            rng = Rng(seed_to_state(digest(state_to_dict(state)) + f":{seat}"))
        return action_to_dict(choose_action(state, seat, rng))


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
