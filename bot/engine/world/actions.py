"""Actions: small typed records, one per thing a player can do."""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields
from typing import Any, ClassVar

from bot.engine.errors import RuleError


@dataclass(frozen=True)
class Action:
    type: ClassVar[str] = ""
    player: int


@dataclass(frozen=True)
class Claim(Action):
    """Setup: take an empty territory with one army."""

    type: ClassVar[str] = "claim"
    territory: str


@dataclass(frozen=True)
class Place(Action):
    """Place armies from reinforcements (or one setup army) on a territory you hold."""

    type: ClassVar[str] = "place"
    territory: str
    armies: int = 1


@dataclass(frozen=True)
class Trade(Action):
    """Trade a set of three cards for armies."""

    type: ClassVar[str] = "trade"
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Attack(Action):
    """Roll one battle from `source` into `target`."""

    type: ClassVar[str] = "attack"
    source: str
    target: str
    dice: int = 3
    # Expert options, used only when they help this roll: a card re-roll, the commander's 6.
    reroll: bool = False
    commander: bool = False


@dataclass(frozen=True)
class Blitz(Action):
    """Attack with the most dice again and again until the target falls or the source is
    down to `stop_at` armies."""

    type: ClassVar[str] = "blitz"
    source: str
    target: str
    stop_at: int = 1
    reroll: bool = False
    commander: bool = False


@dataclass(frozen=True)
class Occupy(Action):
    """After a capture: how many armies move into the captured territory."""

    type: ClassVar[str] = "occupy"
    armies: int


@dataclass(frozen=True)
class EndAttack(Action):
    type: ClassVar[str] = "end_attack"


@dataclass(frozen=True)
class Fortify(Action):
    """The free move / maneuver at the end of the turn."""

    type: ClassVar[str] = "fortify"
    source: str
    target: str
    armies: int


@dataclass(frozen=True)
class EndTurn(Action):
    type: ClassVar[str] = "end_turn"


@dataclass(frozen=True)
class ChooseCapital(Action):
    """Secretly pick your headquarters / capital among your territories."""

    type: ClassVar[str] = "choose_capital"
    territory: str


@dataclass(frozen=True)
class Resign(Action):
    """Leave a running game for good (open at any time once setup is over)."""

    type: ClassVar[str] = "resign"


@dataclass(frozen=True)
class SetDefence(Action):
    """Standing choice, honoured whenever this player defends: roll at most `dice` dice."""

    type: ClassVar[str] = "set_defence"
    dice: int


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Claim,
        Place,
        Trade,
        Attack,
        Blitz,
        Occupy,
        EndAttack,
        Fortify,
        EndTurn,
        ChooseCapital,
        Resign,
        SetDefence,
    )
}


def action_to_dict(action: Action) -> dict[str, Any]:
    data = asdict(action)
    if isinstance(action, Trade):
        data["cards"] = list(action.cards)
    return {"type": action.type, **data}


_FIELD_TYPES = {
    "player": int,
    "territory": str,
    "armies": int,
    "source": str,
    "target": str,
    "dice": int,
    "stop_at": int,
    "cards": tuple,
    "reroll": bool,
    "commander": bool,
}


def action_from_dict(data: dict[str, Any]) -> Action:
    """Parse an action record; anything malformed raises RuleError."""
    if not isinstance(data, dict):
        raise RuleError("That action is not in a form the game understands.")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise RuleError("That action is not in a form the game understands.")
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise RuleError(f"Unknown action {data.get('type')!r}.")
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is not MISSING:
                continue
            raise RuleError(f"The {cls.type} action needs a {f.name}.")
        value = data[f.name]
        kind = _FIELD_TYPES[f.name]
        if kind is tuple:
            if not isinstance(value, list | tuple) or not all(
                isinstance(v, int) and not isinstance(v, bool) for v in value
            ):
                raise RuleError(f"The {cls.type} action's {f.name} must be a list of cards.")
            value = tuple(value)
        elif not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise RuleError(f"The {cls.type} action's {f.name} must be a {kind.__name__}.")
        values[f.name] = value
    extra = set(data) - {f.name for f in fields(cls)} - {"type"}
    if extra:
        raise RuleError(f"The {cls.type} action does not take {', '.join(sorted(extra))}.")
    return cls(**values)
