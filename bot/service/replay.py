"""Replay: a game is its seed plus its action log, so rebuilding it must give the stored state.

Pure (no database): the service hands in the rows. Used by `riskbot replay`, by tests, and
by the demo to re-narrate the part of a game played before a crash.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine.canonical import canonical_json, digest
from bot.engine.errors import RuleError
from bot.games import family_for
from bot.service.loading import parse_json
from bot.service.model import FINISHED, LOBBY
from bot.store.records import ActionRecord, GameRecord

log = logging.getLogger(__name__)

OnEvents = Callable[[Any, list[dict[str, Any]]], None]


@dataclass
class ReplayReport:
    """What a replay found. `damaged`: a row could not be read or replayed (the game is
    marked broken); `ok` is False for that and for a mere mismatch."""

    game_id: int
    status: str
    actions: int
    ok: bool
    damaged: bool = False
    problem: str | None = None
    digest: str | None = None
    state: Any = None

    def line(self) -> str:
        head = f"game {self.game_id} ({self.status}, {self.actions} actions): "
        if self.ok:
            return head + ("ok" if self.digest is None else f"ok digest={self.digest}")
        return head + ("BROKEN: " if self.damaged else "MISMATCH: ") + (self.problem or "")


def _damaged(record: GameRecord, count: int, problem: str) -> ReplayReport:
    return ReplayReport(record.id, record.status, count, ok=False, damaged=True, problem=problem)


def replay_record(
    record: GameRecord, actions: Sequence[ActionRecord], on_events: OnEvents | None = None
) -> ReplayReport:
    """Rebuild `record` from its seed and `actions` and compare with its stored state."""
    if record.status == LOBBY or (record.state is None and not actions):
        return ReplayReport(record.id, record.status, 0, ok=True)
    try:
        family = family_for(record.ruleset)
        options = parse_json(record.options, "rule options")
        seated = sorted((p for p in record.players if p.seat is not None), key=lambda p: p.seat)
        state, events = family.new_game(
            record.ruleset, [p.name for p in seated], record.seed, options or None
        )
    except RuleError as exc:
        return _damaged(record, 0, f"the game cannot be set up again: {exc.message}")
    if on_events is not None:
        on_events(state, events)
    for expected, row in enumerate(actions, start=1):
        if row.seq != expected:
            return _damaged(record, expected - 1, f"action {expected} is missing from the log")
        try:
            state, events = family.apply(state, parse_json(row.action, f"action {row.seq}"))
        except RuleError as exc:
            return _damaged(record, row.seq, f"action {row.seq} cannot be replayed: {exc.message}")
        except Exception as exc:
            log.exception("replay of game %d failed at action %d", record.id, row.seq)
            return _damaged(record, row.seq, f"action {row.seq} crashed the engine: {exc!r}")
        if on_events is not None:
            on_events(state, events)
    count = len(actions)
    rebuilt = family.state_to_dict(state)
    result = ReplayReport(
        record.id, record.status, count, ok=True, digest=digest(rebuilt), state=state
    )
    try:
        stored = parse_json(record.state, "game state")
    except RuleError as exc:
        return _damaged(record, count, exc.message)
    problems = []
    if count != record.version:
        problems.append(f"the log has {count} actions but the game is at version {record.version}")
    if canonical_json(rebuilt) != canonical_json(stored):
        keys = _differing_keys(rebuilt, stored)
        problems.append(f"the stored state differs from the replay (in {', '.join(keys)})")
    if family.is_over(state) != (record.status == FINISHED) and record.status != "broken":
        over = "over" if family.is_over(state) else "not over"
        problems.append(f"the replayed game is {over} but its status is {record.status}")
    if problems:
        result.ok = False
        result.problem = "; ".join(problems)
    return result


def _differing_keys(a: Any, b: Any) -> list[str]:
    if not isinstance(a, dict) or not isinstance(b, dict):
        return ["the whole record"]
    keys = sorted(set(a) | set(b), key=str)
    return [str(k) for k in keys if canonical_json(a.get(k)) != canonical_json(b.get(k))]
