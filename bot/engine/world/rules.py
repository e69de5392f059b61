"""Rulesets as named sets of options: one engine, the editions differ only in data."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Literal, get_args

from bot.engine.errors import RuleError
from bot.engine.wording import players_text

Setup = Literal["deal", "claim", "deal_place"]
CardValues = Literal["escalating", "plus_one", "fixed", "none"]
FortifyPath = Literal["adjacent", "connected"]
# Two-player games: a neutral army placed by the players ("2016": own armies first, then the
# neutral ones; "1999": two own and one neutral per placement turn) or the Allied Army.
TwoPlayer = Literal["none", "2016", "1999", "allied"]
Missions = Literal["none", "us", "european"]
# "2016": Capital RISK headquarters; "expert": the 1959 reprint's capitals variation.
Headquarters = Literal["none", "2016", "expert"]
FirstTurn = Literal["setup", "roll"]


_CHOICES: dict[str, Any] = {
    "setup": Setup,
    "card_values": CardValues,
    "fortify_path": FortifyPath,
    "two_player": TwoPlayer,
    "missions": Missions,
    "headquarters": Headquarters,
    "first_turn": FirstTurn,
}


@dataclass(frozen=True)
class Options:
    """Every way the classic editions differ. Stored in each game's state."""

    min_players: int = 3
    max_players: int = 6
    # "deal": cards dealt, one army on each dealt territory, nothing more (1959).
    # "claim": claim empty territories one at a time, then place one army at a time (2016).
    # "deal_place": cards dealt, then the rest placed one army at a time.
    setup: Setup = "claim"
    # Starting armies by player count (ignored by the "deal" setup).
    starting_armies: dict[int, int] = field(default_factory=lambda: {3: 35, 4: 30, 5: 25, 6: 20})
    card_values: CardValues = "escalating"
    # Extra armies placed on a traded card's territory that you occupy (once per trade).
    territory_bonus: int = 0
    # Cards held at the start of a turn that force a trade.
    forced_trade_at: int = 5
    fortify_path: FortifyPath = "adjacent"
    # Fortify moves allowed at the end of a turn (None: as many as you like).
    fortify_moves: int | None = 1
    # Most armies one territory may hold (None: no limit).
    max_armies: int | None = None
    two_player: TwoPlayer = "none"
    missions: Missions = "none"
    headquarters: Headquarters = "none"
    # Capital RISK's shorter game: 2 opposing HQs with 4 players, 3 with 5.
    hq_short: bool = False
    # Expert: re-roll one attack die per battle with a card showing either territory.
    reroll_advantage: bool = False
    # Expert: once per turn, turn one attack die to a 6.
    commanders: bool = False
    # Who takes the first turn: as the setup says, or a fresh roll once setup is over.
    first_turn: FirstTurn = "setup"

    def __post_init__(self) -> None:
        """Refuse values the engine does not know and combinations that mean nothing."""
        for name, kind in _CHOICES.items():
            value = getattr(self, name)
            if value not in get_args(kind):
                allowed = ", ".join(get_args(kind))
                raise RuleError(f"The {name} option must be one of: {allowed} (not {value!r}).")
        for name in ("max_armies", "fortify_moves"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or value < 1):
                raise RuleError(f"The {name} option must be a positive number or none.")
        if self.max_armies is not None and self.max_armies < 4:
            raise RuleError("A territory must be allowed at least 4 armies, or attacks stall.")
        if self.two_player != "none" and (self.headquarters != "none" or self.missions != "none"):
            raise RuleError("Missions, headquarters and capitals need three or more players.")
        if self.hq_short and self.headquarters != "2016":
            raise RuleError("The short game is a Capital RISK option: choose capital-2016.")
        if not 2 <= self.min_players <= self.max_players <= 6:
            raise RuleError("Player counts must lie between 2 and 6.")

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["starting_armies"] = {str(k): v for k, v in self.starting_armies.items()}
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Options:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RuleError(f"Unknown rule option: {', '.join(sorted(unknown))}.")
        values = dict(data)
        if "starting_armies" in values:
            values["starting_armies"] = {int(k): v for k, v in values["starting_armies"].items()}
        return cls(**values)


@dataclass(frozen=True)
class Ruleset:
    name: str
    description: str
    source: str
    options: Options
    default_players: int = 4

    @property
    def min_players(self) -> int:
        return self.options.min_players

    @property
    def max_players(self) -> int:
        return self.options.max_players


CLASSIC_1959 = Ruleset(
    name="classic-1959",
    description="The 1959 original: territories dealt, one army each, adjacent free move.",
    source="risk-1959-original.txt",
    options=Options(min_players=3, max_players=6, setup="deal", fortify_path="adjacent"),
)

CLASSIC_2016 = Ruleset(
    name="classic-2016",
    description="2016 Classic RISK: claim territories, +2 card bonus, maneuver along your chain.",
    source="risk-2016-secret-mission-classic-two-player-capital.txt",
    options=Options(
        min_players=3,
        max_players=5,
        setup="claim",
        starting_armies={3: 35, 4: 30, 5: 25},
        territory_bonus=2,
        fortify_path="connected",
    ),
)


def _two_player(base: Options, mode: TwoPlayer) -> Options:
    """Two players against each other, with a neutral or Allied army; 40 armies each."""
    return replace(base, min_players=2, max_players=2, two_player=mode, starting_armies={2: 40})


SECRET_MISSION_2016 = Ruleset(
    name="secret-mission-2016",
    description="2016 Secret Mission RISK: territories dealt, first to complete a secret mission.",
    source="risk-2016-secret-mission-classic-two-player-capital.txt",
    options=replace(CLASSIC_2016.options, setup="deal_place", missions="us", first_turn="roll"),
)

CAPITAL_2016 = Ruleset(
    name="capital-2016",
    description="2016 Capital RISK: secret headquarters; take every opposing HQ, keep your own.",
    source="risk-2016-secret-mission-classic-two-player-capital.txt",
    options=replace(CLASSIC_2016.options, headquarters="2016"),
)

TWO_PLAYER_2016 = Ruleset(
    name="two-player-2016",
    description="2016 RISK for 2 players: a neutral army buffers you; place 2 of yours a turn.",
    source="risk-2016-secret-mission-classic-two-player-capital.txt",
    options=replace(_two_player(CLASSIC_2016.options, "2016"), setup="deal"),
    default_players=2,
)

TWO_PLAYER_1999 = Ruleset(
    name="two-player-1999",
    description="1999 anniversary two-player rules: each placement turn 2 of yours, 1 neutral.",
    source="risk-1959-reprint-with-1999-two-player-and-expert-variants.txt",
    options=_two_player(CLASSIC_1959.options, "1999"),
    default_players=2,
)

CLASSIC_1959_EXPERT = Ruleset(
    name="classic-1959-expert",
    description="1959 reprint with every expert variation: +1 sets, free fortify, 12-army cap, "
    "card re-rolls, commanders, capitals.",
    source="risk-1959-reprint-with-1999-two-player-and-expert-variants.txt",
    options=replace(
        CLASSIC_1959.options,
        card_values="plus_one",
        fortify_path="connected",
        fortify_moves=None,
        max_armies=12,
        reroll_advantage=True,
        commanders=True,
        headquarters="expert",
    ),
)

CLASSIC_FREE_PICK = Ruleset(
    name="classic-free-pick",
    description="Classic rules: pick territories in turn, +2 card bonus, adjacent free move.",
    source="risk-classic-with-strategy-qa-and-allied-army-two-player.txt",
    options=Options(
        min_players=3,
        max_players=6,
        setup="claim",
        starting_armies={3: 35, 4: 30, 5: 25, 6: 20},
        territory_bonus=2,
        fortify_path="adjacent",
    ),
)

ALLIED_ARMY_2P = Ruleset(
    name="allied-army-2p",
    description="Two-player classic with the Allied Army, commanded by whoever is not moving.",
    source="risk-classic-with-strategy-qa-and-allied-army-two-player.txt",
    options=_two_player(CLASSIC_FREE_PICK.options, "allied"),
    default_players=2,
)

RULESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        CLASSIC_1959,
        CLASSIC_2016,
        SECRET_MISSION_2016,
        CAPITAL_2016,
        TWO_PLAYER_2016,
        TWO_PLAYER_1999,
        CLASSIC_1959_EXPERT,
        CLASSIC_FREE_PICK,
        ALLIED_ARMY_2P,
    )
}


def check_player_count(name: str, low: int, high: int, count: int) -> None:
    if not low <= count <= high:
        raise RuleError(f"{name} is for {players_text(low, high)}, not {count}.")


def get_ruleset(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        names = ", ".join(sorted(RULESETS))
        raise RuleError(f"There is no ruleset called {name!r}; choose one of: {names}.") from None


def with_options(ruleset: Ruleset, **overrides: Any) -> Options:
    """The ruleset's options with some replaced (e.g. a card trade mode)."""
    try:
        return replace(ruleset.options, **overrides)
    except TypeError as exc:
        raise RuleError(f"Unknown rule option for {ruleset.name}: {exc}.") from None


def set_value(set_number: int, mode: CardValues, designs: tuple[str, str, str]) -> int:
    """Armies for the `set_number`-th set traded in the game (counted across all players)."""
    if mode == "plus_one":
        return set_number + 3
    if mode == "fixed":
        # Fixed by set type: three alike 4/6/8 by design, one of each 10. Wild cards stand in
        # for whatever completes the set: two alike plus a wild is three alike; otherwise 10.
        real = [d for d in designs if d != "wild"]
        if len(real) >= 2 and len(set(real)) == 1:
            return {"infantry": 4, "cavalry": 6, "artillery": 8}[real[0]]
        return 10
    if mode == "none":
        raise RuleError("Cards are not used in this game.")
    table = (4, 6, 8, 10, 12, 15)
    if set_number <= len(table):
        return table[set_number - 1]
    return 15 + 5 * (set_number - 6)
