"""Typed player actions and their JSON form.

Unit counts travel as {"footmen": n, "archers": n, "cavalry": n, "siege": n} (missing kinds
are 0) so a Discord command or a log line reads naturally.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..errors import RuleError
from .board import UNIT_KINDS

Units = tuple[int, int, int, int]


def units_to_dict(units: Units) -> dict[str, int]:
    return {k: n for k, n in zip(UNIT_KINDS, units, strict=True) if n}


def units_from_dict(d: Any) -> Units:
    if not isinstance(d, dict) or any(k not in UNIT_KINDS for k in d):
        raise RuleError("Units must name footmen, archers, cavalry or siege with a count.")
    vals = [d.get(k, 0) for k in UNIT_KINDS]
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in vals):
        raise RuleError("Unit counts must be whole numbers of zero or more.")
    return (vals[0], vals[1], vals[2], vals[3])


@dataclass(frozen=True)
class Bid:
    """Secret bid: for first player at setup, for a Mercenary Army each round."""

    seat: int
    amount: int
    type: str = field(default="bid", init=False)


@dataclass(frozen=True)
class PlaceKingdom:
    """Kingdom placement: a Gold Crown City and footmen split with one adjacent non-city."""

    seat: int
    city: str
    neighbour: str | None
    city_footmen: int
    neighbour_footmen: int
    type: str = field(default="place_kingdom", init=False)


@dataclass(frozen=True)
class StackCards:
    """Two King's Orders cards face down: top for turn 1, bottom for turn 2."""

    seat: int
    top: int
    bottom: int
    type: str = field(default="stack_cards", init=False)


@dataclass(frozen=True)
class ChooseMercBidOrder:
    """2 players: the first player picks which Mercenary Army is bid on first."""

    seat: int
    army: int
    type: str = field(default="merc_bid_order", init=False)


@dataclass(frozen=True)
class Expand:
    seat: int
    source: str
    target: str
    units: Units
    type: str = field(default="expand", init=False)


@dataclass(frozen=True)
class SplitExpand:
    seat: int
    source: str
    moves: tuple[tuple[str, Units], ...]
    type: str = field(default="split_expand", init=False)


@dataclass(frozen=True)
class Maneuver:
    seat: int
    source: str
    target: str
    units: Units
    type: str = field(default="maneuver", init=False)


@dataclass(frozen=True)
class Tax:
    seat: int
    city: str
    type: str = field(default="tax", init=False)


@dataclass(frozen=True)
class Spend:
    """Recruit (territory, kind, count) items, build castles, buy a Crown Card."""

    seat: int
    recruits: tuple[tuple[str, str, int], ...] = ()
    castles: tuple[str, ...] = ()
    crown_card: bool = False
    type: str = field(default="spend", init=False)


@dataclass(frozen=True)
class Fortify:
    seat: int
    territory: str
    type: str = field(default="fortify", init=False)


@dataclass(frozen=True)
class SiegeAssault:
    seat: int
    source: str
    target: str
    type: str = field(default="siege_assault", init=False)


@dataclass(frozen=True)
class KeepMission:
    seat: int
    mission: str
    type: str = field(default="keep_mission", init=False)


@dataclass(frozen=True)
class EndTurn:
    """Finish the turn, giving up whatever is left on the card."""

    seat: int
    type: str = field(default="end_turn", init=False)


@dataclass(frozen=True)
class BattleOrder:
    """The First Player Marker holder's battle order; unlisted battles follow in board order."""

    seat: int
    territories: tuple[str, ...] = ()
    type: str = field(default="battle_order", init=False)


@dataclass(frozen=True)
class SetStandingChoices:
    """Choices used when the player is not asked: casualty order and castle re-roll policy."""

    seat: int
    casualty_order: tuple[str, ...] = ("footmen", "archers", "cavalry", "siege")
    castle_reroll: str = "auto"
    type: str = field(default="standing_choices", init=False)


Action = (
    Bid
    | PlaceKingdom
    | StackCards
    | ChooseMercBidOrder
    | Expand
    | SplitExpand
    | Maneuver
    | Tax
    | Spend
    | Fortify
    | SiegeAssault
    | KeepMission
    | EndTurn
    | BattleOrder
    | SetStandingChoices
)
ACTION_TYPES: dict[str, type] = {
    cls.__dataclass_fields__["type"].default: cls  # type: ignore[attr-defined]
    for cls in (
        Bid,
        PlaceKingdom,
        StackCards,
        ChooseMercBidOrder,
        Expand,
        SplitExpand,
        Maneuver,
        Tax,
        Spend,
        Fortify,
        SiegeAssault,
        KeepMission,
        EndTurn,
        BattleOrder,
        SetStandingChoices,
    )
}


def action_to_dict(action: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": action.type}
    for f in fields(action):  # type: ignore[arg-type]
        if f.name == "type":
            continue
        v = getattr(action, f.name)
        if f.name == "units":
            v = units_to_dict(v)
        elif f.name == "moves":
            v = [{"target": t, "units": units_to_dict(u)} for t, u in v]
        elif f.name == "recruits":
            v = [{"territory": t, "kind": k, "count": n} for t, k, n in v]
        elif isinstance(v, tuple):
            v = list(v)
        out[f.name] = v
    return out


def _str(d: dict, key: str, optional: bool = False) -> Any:
    v = d.get(key)
    if v is None and optional:
        return None
    if not isinstance(v, str):
        raise RuleError(f"The action needs a text field '{key}'.")
    return v


def _int(d: dict, key: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise RuleError(f"The action needs a whole number '{key}'.")
    return v


def _list(d: dict, key: str) -> list:
    v = d.get(key, [])
    if not isinstance(v, list):
        raise RuleError(f"The action field '{key}' must be a list.")
    return v


def action_from_dict(d: Any) -> Action:
    """Parse and shape-check an action; rules are checked later by `apply`."""
    if not isinstance(d, dict) or d.get("type") not in ACTION_TYPES:
        raise RuleError("That is not a Risk Europe action.")
    t = d["type"]
    try:
        seat = _int(d, "seat")
        if t == "bid":
            return Bid(seat, _int(d, "amount"))
        if t == "place_kingdom":
            return PlaceKingdom(
                seat,
                _str(d, "city"),
                _str(d, "neighbour", True),
                _int(d, "city_footmen"),
                d.get("neighbour_footmen", 0) or 0,
            )
        if t == "stack_cards":
            return StackCards(seat, _int(d, "top"), _int(d, "bottom"))
        if t == "merc_bid_order":
            return ChooseMercBidOrder(seat, _int(d, "army"))
        if t in ("expand", "maneuver"):
            cls = Expand if t == "expand" else Maneuver
            return cls(seat, _str(d, "source"), _str(d, "target"), units_from_dict(d.get("units")))
        if t == "split_expand":
            moves = tuple(
                (_str(m, "target"), units_from_dict(m.get("units"))) for m in _list(d, "moves")
            )
            return SplitExpand(seat, _str(d, "source"), moves)
        if t == "tax":
            return Tax(seat, _str(d, "city"))
        if t == "spend":
            recruits = tuple(
                (_str(r, "territory"), _str(r, "kind"), _int(r, "count"))
                for r in _list(d, "recruits")
            )
            castles = tuple(_list(d, "castles"))
            if not all(isinstance(c, str) for c in castles):
                raise RuleError("Castles must be territory names.")
            return Spend(seat, recruits, castles, bool(d.get("crown_card", False)))
        if t == "fortify":
            return Fortify(seat, _str(d, "territory"))
        if t == "siege_assault":
            return SiegeAssault(seat, _str(d, "source"), _str(d, "target"))
        if t == "keep_mission":
            return KeepMission(seat, _str(d, "mission"))
        if t == "end_turn":
            return EndTurn(seat)
        if t == "battle_order":
            terrs = tuple(_list(d, "territories"))
            if not all(isinstance(x, str) for x in terrs):
                raise RuleError("The battle order must list territory names.")
            return BattleOrder(seat, terrs)
        order = tuple(_list(d, "casualty_order")) or ("footmen", "archers", "cavalry", "siege")
        return SetStandingChoices(seat, order, _str(d, "castle_reroll", True) or "auto")
    except (AttributeError, TypeError) as exc:
        raise RuleError("That action is malformed.") from exc
