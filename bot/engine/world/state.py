"""World game state: plain data that round-trips through JSON unchanged."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from bot.engine.errors import RuleError
from bot.engine.world.board import world_map
from bot.engine.world.rules import Options

# Phases of a game, in the order a turn goes through them.
CLAIM = "claim"  # setup: claim an empty territory
SETUP_PLACE = "setup_place"  # setup: place one army on a territory you hold
REINFORCE = "reinforce"  # trade cards and place reinforcements
ATTACK = "attack"
OCCUPY = "occupy"  # after a capture: choose how many armies move in
FORTIFY = "fortify"
GAME_OVER = "game_over"
CHOOSE_CAPITAL = "choose_capital"  # after setup: everyone secretly picks an HQ / capital
ALLIED_PLACE = "allied_place"  # the opponent places the Allied Army's reinforcements
ALLIED_ATTACK = "allied_attack"  # the opponent attacks with the Allied Army
CAPITAL_BONUS = "capital_bonus"  # expert capitals: place 5 on a fallen player's territories

# What the awaited player is doing, in words (status lines, the board's legend).
PHASE_NAMES = {
    CLAIM: "claiming territories",
    SETUP_PLACE: "placing starting armies",
    REINFORCE: "reinforcing",
    ATTACK: "attacking",
    OCCUPY: "moving into a captured territory",
    FORTIFY: "fortifying",
    GAME_OVER: "game over",
    CHOOSE_CAPITAL: "choosing a headquarters in secret",
    ALLIED_PLACE: "placing the Allied Army's reinforcements",
    ALLIED_ATTACK: "attacking with the Allied Army",
    CAPITAL_BONUS: "placing the capital bonus",
}


@dataclass
class Player:
    name: str
    alive: bool = True
    hand: list[int] = field(default_factory=list)
    # Armies still to place during setup.
    reserve: int = 0
    # Standing choice used when this player defends: the most dice (1 or 2) they roll.
    defend_dice: int = 2
    # The neutral army of two-player games (never takes a turn; defended by the other player).
    neutral: bool = False
    # Secret mission id (secret from the others until the game ends).
    mission: str | None = None
    # Headquarters / capital territory (secret until everyone has chosen).
    capital: str | None = None
    # Left the game: out, their territories held by an idle "abandoned" army.
    resigned: bool = False


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
    # The seat whose input is awaited when it is not the current player (Allied Army
    # commander, expert-capital bonus placement).
    actor: int | None = None
    # Setup placement: armies of one's own and neutral ones still due this placement turn.
    quota_own: int = 0
    quota_neutral: int = 0
    # Allied Army reinforcements due this turn, and whether the turn ends after its attacks.
    allied_pending: int = 0
    # Armies the current player drew at the start of this turn (territories, continents and
    # the sets traded then): the Allied Army gets half of it.
    turn_income: int = 0
    # Capital RISK: who holds each headquarters card, by the seat whose HQ it is ("0": 2).
    hq_cards: dict[str, int] = field(default_factory=dict)
    end_after_allied: bool = False
    # Expert commanders: used this turn.
    commander_used: bool = False
    # Territories the CAPITAL_BONUS placement may use.
    bonus_zone: list[str] = field(default_factory=list)
    # Cards out of play (Capital RISK headquarters cards).
    set_aside: list[int] = field(default_factory=list)

    def clone(self) -> WorldState:
        return state_from_dict(state_to_dict(self))

    def territories_of(self, seat: int) -> list[str]:
        return [t for t, o in self.owner.items() if o == seat]

    def alive_seats(self) -> list[int]:
        """Seats still playing (the neutral army is not a player)."""
        return [i for i, p in enumerate(self.players) if p.alive and not p.neutral]

    def neutral_seat(self) -> int | None:
        return next((i for i, p in enumerate(self.players) if p.neutral), None)

    @property
    def acting(self) -> int:
        """The seat whose input is awaited (for simultaneous choices, see engine.to_act)."""
        return self.current if self.actor is None else self.actor


def state_to_dict(state: WorldState) -> dict[str, Any]:
    data = {f.name: getattr(state, f.name) for f in fields(state)}
    data["options"] = state.options.to_dict()
    data["players"] = [asdict(p) for p in state.players]
    data["owner"] = dict(state.owner)
    data["armies"] = dict(state.armies)
    data["hq_cards"] = dict(state.hq_cards)
    for key in ("deck", "discard", "bonus_zone", "set_aside"):
        data[key] = list(getattr(state, key))
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
        # Map order, whatever order the record had: play must not depend on how it was stored.
        territories = world_map().territories
        values["owner"] = {t: data["owner"][t] for t in territories}
        values["armies"] = {t: data["armies"][t] for t in territories}
        for key in ("deck", "discard", "bonus_zone", "set_aside"):
            values[key] = list(data.get(key, []))
        values["occupy"] = dict(data["occupy"]) if data.get("occupy") else None
        values["hq_cards"] = {str(k): int(v) for k, v in data.get("hq_cards", {}).items()}
        values["attacks"] = [list(a) for a in data.get("attacks", [])]
        values["last_attacks"] = [list(a) for a in data.get("last_attacks", [])]
        return WorldState(**values)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RuleError(f"This saved game is damaged and cannot be read ({exc}).") from exc
