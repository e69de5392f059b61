"""`riskbot demo`: computer players play a whole game locally, one short line per turn."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TextIO

from bot.ai import world as world_ai
from bot.engine.canonical import digest
from bot.engine.world import engine as world_engine
from bot.engine.world.rules import RULESETS as WORLD_RULESETS
from bot.engine.world.rules import Options, check_player_count, get_ruleset, with_options
from bot.engine.world.state import WorldState, state_to_dict

COLOUR_NAMES = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"]

# Safety net far beyond any real game: a demo that has not ended by then is a bug.
MAX_ACTIONS = 200_000


@dataclass
class DemoResult:
    lines: list[str] = field(default_factory=list)
    winner: str = ""
    turns: int = 0
    actions: int = 0
    digest: str = ""

    @property
    def final_line(self) -> str:
        return (
            f"winner={self.winner} turns={self.turns} actions={self.actions} digest={self.digest}"
        )


def player_names(count: int) -> list[str]:
    return COLOUR_NAMES[:count]


def world_players(ruleset: str, players: int | None) -> int:
    rules = get_ruleset(ruleset)
    count = rules.default_players if players is None else players
    check_player_count(ruleset, rules.min_players, rules.max_players, count)
    return count


class TurnNarrator:
    """Folds a turn's events into one short line."""

    def __init__(self) -> None:
        self.reset(None, 0, 0)

    def reset(self, player: int | None, turn: int, reinforcements: int) -> None:
        self.player = player
        self.turn = turn
        self.reinforcements = reinforcements
        self.battles = 0
        self.captured: list[str] = []
        self.traded: list[int] = []
        self.eliminated: list[int] = []

    def feed(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "battle":
            self.battles += 1
        elif kind == "captured":
            self.captured.append(event["territory"])
        elif kind == "trade":
            self.traded.append(event["value"])
        elif kind == "eliminated":
            self.eliminated.append(event["player"])

    def line(self, state: WorldState) -> str | None:
        if self.player is None:
            return None
        seat = self.player
        held = state.territories_of(seat)
        parts = [f"turn {self.turn:>3} {state.players[seat].name:<6} +{self.reinforcements}"]
        if self.traded:
            parts.append("cards " + "+".join(map(str, self.traded)))
        parts.append(f"{self.battles} battles")
        if self.captured:
            parts.append("took " + ", ".join(self.captured))
        parts.extend(f"eliminated {state.players[s].name}" for s in self.eliminated)
        parts.append(f"holds {len(held)} territories, {sum(state.armies[t] for t in held)} armies")
        return "; ".join(parts)


class DemoRecorder:
    """Turns the events of a game into the demo's lines, JSON Lines log and result."""

    def __init__(self, log: TextIO | None = None) -> None:
        self.log = log
        self.narrator = TurnNarrator()
        self.result = DemoResult()

    def record(self, state: WorldState, new_events: list[dict[str, Any]]) -> None:
        """Feed the events one step produced; `state` is the state after that step."""
        for event in new_events:
            if self.log is not None:
                self.log.write(json.dumps(event, sort_keys=True) + "\n")
            if event["type"] == "turn_started":
                line = self.narrator.line(state)
                if line:
                    self.result.lines.append(line)
                self.narrator.reset(event["player"], event["turn"], event["reinforcements"])
            else:
                self.narrator.feed(event)

    def record_action(self, state: WorldState, new_events: list[dict[str, Any]]) -> None:
        self.result.actions += 1
        self.record(state, new_events)

    def check_limit(self) -> None:
        if self.result.actions >= MAX_ACTIONS:
            raise RuntimeError(f"demo did not finish within {MAX_ACTIONS} actions")

    def finish(self, state: WorldState) -> DemoResult:
        last = self.narrator.line(state)
        if last:
            self.result.lines.append(last)
        assert state.winner is not None
        self.result.winner = state.players[state.winner].name
        self.result.turns = state.turn
        self.result.digest = digest(state_to_dict(state))
        return self.result


def world_options(ruleset: str, overrides: dict[str, Any] | None) -> Options | None:
    """The ruleset's options with `overrides` (e.g. {"card_values": "fixed"}) applied."""
    return with_options(get_ruleset(ruleset), **overrides) if overrides else None


def run_world_demo(
    ruleset: str,
    seed: int,
    players: int | None = None,
    log: TextIO | None = None,
    on_state: Callable[[WorldState], None] | None = None,
    options: dict[str, Any] | None = None,
) -> DemoResult:
    """Play one world game between computer players."""
    names = player_names(world_players(ruleset, players))
    opts = world_options(ruleset, options)
    state, events = world_engine.new_game(ruleset, names, seed, opts)
    recorder = DemoRecorder(log)
    recorder.record(state, events)
    while not world_engine.is_over(state):
        recorder.check_limit()
        seat = world_engine.to_act(state)[0]
        action = world_ai.choose_action(state, seat)
        state, events = world_engine.apply(state, action)
        recorder.record_action(state, events)
        if on_state is not None and (
            world_engine.is_over(state) or any(e["type"] == "turn_ended" for e in events)
        ):
            on_state(state)
    return recorder.finish(state)


def list_rulesets() -> list[str]:
    """One line per ruleset of every family: name, player counts, summary, rulebook."""
    from bot.engine.europe import RULESETS as EUROPE_RULESETS

    lines = []
    for rules in [*WORLD_RULESETS.values(), *EUROPE_RULESETS.values()]:
        count = f"{rules.min_players}-{rules.max_players}"
        if rules.min_players == rules.max_players:
            count = str(rules.min_players)
        lines.append(f"{rules.name:<20} {count:>3} players  {rules.description}  [{rules.source}]")
    return lines


def run_europe_demo(
    ruleset: str, seed: int, players: int | None = None, log: TextIO | None = None
) -> DemoResult:
    """Play one Risk Europe game between computer players."""
    from bot.ai.europe import run_demo

    played = run_demo(ruleset, seed, players, log)
    return DemoResult(
        lines=list(played.lines),
        winner=played.winner,
        turns=played.turns,
        actions=played.actions,
        digest=played.digest,
    )


def is_europe(ruleset: str) -> bool:
    from bot.engine.europe import RULESETS as EUROPE_RULESETS

    return ruleset in EUROPE_RULESETS
