"""Turning stored rows into `Game` records; anything unreadable raises with a readable reason."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from bot.engine.errors import RuleError
from bot.games import family_for
from bot.service.model import BROKEN, Game, Seat
from bot.store.records import GameRecord, PlayerRecord


def parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def dump_state(data: dict[str, Any]) -> str:
    """State JSON that keeps key order, so a stored state reads back exactly as it was.
    (The world engine also restores map order itself; an engine that iterates its dicts
    must never depend on how its state was stored.)"""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def parse_json(text: str | None, what: str) -> Any:
    """JSON from a column; RuleError naming the column if it is not valid JSON."""
    if text is None:
        raise RuleError(f"The saved {what} is missing.")
    try:
        return json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise RuleError(f"The saved {what} is not valid JSON ({exc}).") from None


def _seat(p: PlayerRecord, with_choices: bool) -> Seat:
    choices = parse_json(p.choices, "player choices") if with_choices else {}
    if not isinstance(choices, dict):
        raise RuleError("The saved player choices are not a record.")
    return Seat(p.user_id, p.name, p.seat, p.colour, p.can_dm, p.host, choices)


def game_from_record(record: GameRecord, *, with_state: bool = True) -> Game:
    """The game a row describes. With `with_state=False` (broken games) nothing is parsed
    that could fail, so a damaged game can still be listed and shown."""
    options: dict[str, Any] = {}
    state = None
    status = record.status
    parse = with_state and status != BROKEN
    if parse:
        family = family_for(record.ruleset)
        options = parse_json(record.options, "rule options")
        if not isinstance(options, dict):
            raise RuleError("The saved rule options are not a record.")
        if record.state is not None:
            if record.last_seq != record.version:
                raise RuleError(
                    f"The action log holds {record.last_seq} actions but the saved game is at "
                    f"version {record.version}."
                )
            state = family.state_from_dict(parse_json(record.state, "game state"))
    return Game(
        id=record.id,
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        ruleset=record.ruleset,
        options=options,
        seed=record.seed,
        status=status,
        version=record.version,
        state=state,
        seats=[_seat(p, parse) for p in record.players],
        created_at=parse_time(record.created_at),
        updated_at=parse_time(record.updated_at),
        broken_reason=record.broken_reason,
    )
