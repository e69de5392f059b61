"""World game state: plain data that round-trips through JSON unchanged."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from bot.engine.errors import RuleError
from bot.engine.world.rules import Options

# Phases of a game, in the order a turn goes through them.
CLAIM = "claim"  # setup: claim an empty territory
SETUP_PLACE = "setup_place"  # setup: place one army on a territory you hold
REINFORCE = "reinforce"  # trade cards and place reinforcements
ATTACK = "attack"
OCCUPY = "occupy"  # after a capture: choose how many armies move in
FORTIFY = "fortify"
GAME_OVER = "game_over"


@dataclass
class Player:
    name: str
    alive: bool = True
    hand: list[int] = field(default_factory=list)
    # Armies still to place during setup.
    reserve: int = 0
    # Standing choice used when this player defends: the most dice (1 or 2) they roll.
    defend_dice: int = 2


@dataclass
class WorldState:
    ruleset: str
    options: Options
    players: list[Player]
    rng: int
    owner: dict[str, int | None]
    armies: dict[str, int]
    deck: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    sets_traded: int = 0
    current: int = 0
    first_player: int = 0
    turn: int = 0
    phase: str = CLAIM
    # Armies the current player must still place this phase.
    pending: int = 0
    # "start": the trade at the start of a turn; "conquest": forced after an elimination.
    trade_context: str = "start"
    conquered: bool = False
    # After a capture: {"source", "target", "min"}.
    occupy: dict[str, Any] | None = None
    fortifies_done: int = 0
    winner: int | None = None
    # Attacks of the turn under way and of the last finished turn: [source, target, captured].
    attacks: list[list[Any]] = field(default_factory=list)
    last_attacks: list[list[Any]] = field(default_factory=list)

    def clone(self) -> WorldState:
        return state_from_dict(state_to_dict(self))

    def territories_of(self, seat: int) -> list[str]:
        return [t for t, o in self.owner.items() if o == seat]

    def alive_seats(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.alive]


def state_to_dict(state: WorldState) -> dict[str, Any]:
    data = {f.name: getattr(state, f.name) for f in fields(state)}
    data["options"] = state.options.to_dict()
    data["players"] = [asdict(p) for p in state.players]
    data["owner"] = dict(state.owner)
    data["armies"] = dict(state.armies)
    data["deck"] = list(state.deck)
    data["discard"] = list(state.discard)
    data["occupy"] = dict(state.occupy) if state.occupy else None
    data["attacks"] = [list(a) for a in state.attacks]
    data["last_attacks"] = [list(a) for a in state.last_attacks]
    return data


def state_from_dict(data: dict[str, Any]) -> WorldState:
    """Rebuild a state; a malformed record raises RuleError with a readable reason."""
    try:
        values = dict(data)
        values["options"] = Options.from_dict(data["options"])
        values["players"] = [Player(**{**p, "hand": list(p["hand"])}) for p in data["players"]]
        values["owner"] = dict(data["owner"])
        values["armies"] = dict(data["armies"])
        for key in ("deck", "discard"):
            values[key] = list(data[key])
        values["occupy"] = dict(data["occupy"]) if data.get("occupy") else None
        values["attacks"] = [list(a) for a in data.get("attacks", [])]
        values["last_attacks"] = [list(a) for a in data.get("last_attacks", [])]
        return WorldState(**values)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RuleError(f"This saved game is damaged and cannot be read ({exc}).") from exc
