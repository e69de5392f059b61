"""The Risk Europe board, card deck and fixed numbers, loaded once from package data.

Everything here is immutable game data; the mutable game lives in the state dict.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

UNIT_KINDS: tuple[str, ...] = ("footmen", "archers", "cavalry", "siege")
"""Index order of every unit vector [footmen, archers, cavalry, siege weapons]."""
FOOTMEN, ARCHERS, CAVALRY, SIEGE = 0, 1, 2, 3
UNIT_NAMES = {
    "footmen": "Footmen",
    "archers": "Archers",
    "cavalry": "Cavalry",
    "siege": "Siege Weapons",
}
# risk-europe.txt, Contents: "4 armies with 35 Footmen, 12 Archers, 12 Cavalry, 4 Siege Weapons".
BOX: tuple[int, int, int, int] = (35, 12, 12, 4)
# risk-europe.txt, Spending Coins: footman 1, archer 2, cavalry 3, siege 10, castle 12, crown 10.
UNIT_COST: tuple[int, int, int, int] = (1, 2, 3, 10)
CASTLE_COST = 12
CROWN_CARD_COST = 10
CASTLES_IN_BOX = 8
CROWN_CARDS_IN_BOX = 8
STARTING_COINS = 5
COLORS: tuple[str, ...] = ("Red", "Blue", "Green", "Yellow")

ORDERS = ("expand", "split_expand", "maneuver", "tax", "spend")
BONUSES = ("king_me", "fortify", "siege_assault")
_ORDER_KEYS = {
    "Tax": "tax",
    "Spend": "spend",
    "Expand": "expand",
    "Split Expand": "split_expand",
    "Maneuver": "maneuver",
}
_BONUS_KEYS = {"King Me": "king_me", "Fortify": "fortify", "Siege Assault": "siege_assault"}

# City Bonus Tiles (risk-europe.txt, City Bonus Tiles), keyed by the city's territory.
TILE_STOCKHOLM = "sweden"
TILE_BERLIN = "saxony"
TILE_CONSTANTINOPLE = "turkey"
TILE_KIEV = "rusland"
TILE_LONDON = "england"
TILE_PARIS = "france"
TILE_MADRID = "leon_castile"
TILE_ROME = "rome"


@dataclass(frozen=True)
class Card:
    number: int
    orders: tuple[str, str]
    bonus: str | None


@dataclass(frozen=True)
class Territory:
    id: str
    name: str
    city: str | None
    gold: bool
    tax: int
    crowns: int
    land: frozenset[str]
    sea: frozenset[str]

    @property
    def neighbours(self) -> frozenset[str]:
        return self.land | self.sea


@dataclass(frozen=True)
class Mission:
    id: str
    mission: str
    check: tuple[str, int]
    bonus: str


@dataclass(frozen=True)
class Board:
    territories: dict[str, Territory]
    order: tuple[str, ...]
    cards: dict[int, Card]
    missions: dict[str, Mission]
    tiles: dict[str, str]

    @property
    def cities(self) -> list[str]:
        return [t for t in self.order if self.territories[t].city]

    @property
    def gold_cities(self) -> list[str]:
        return [t for t in self.order if self.territories[t].gold]

    def name(self, tid: str) -> str:
        t = self.territories[tid]
        return f"{t.name} ({t.city})" if t.city else t.name


def _load(name: str) -> dict:
    return json.loads(resources.files("bot.engine.europe").joinpath("data", name).read_text())


@lru_cache(maxsize=1)
def board() -> Board:
    """The one shared board (map, deck, tiles, missions)."""
    raw = _load("europe_map.json")
    terrs: dict[str, Territory] = {}
    for t in raw["territories"]:
        c = t["city"]
        terrs[t["id"]] = Territory(
            id=t["id"],
            name=t["name"],
            city=c["name"] if c else None,
            gold=bool(c and c["crown"] == "gold"),
            tax=int(t["tax_value"]),
            crowns=int(c.get("crowns", 1)) if c else 0,
            land=frozenset(t["adjacent_land"]),
            sea=frozenset(t["adjacent_sea"]),
        )
    cards_raw = _load("europe_cards.json")
    cards = {
        c["card"]: Card(
            c["card"],
            tuple(_ORDER_KEYS[o] for o in c["orders"]),  # type: ignore[arg-type]
            _BONUS_KEYS[c["bonus"]] if c["bonus"] else None,
        )
        for c in cards_raw["kings_orders_deck"]["cards"]
    }
    tiles = {
        _tile_territory(t["city"], terrs): t["name"] for t in cards_raw["city_bonus_tiles"]["tiles"]
    }
    missions = {}
    for m in _load("crown_missions.reconstructed.json")["cards"]:
        ((key, value),) = m["check"].items()
        missions[m["id"]] = Mission(m["id"], m["mission"], (key, int(value)), m["bonus"])
    return Board(terrs, tuple(t["id"] for t in raw["territories"]), cards, missions, tiles)


def _tile_territory(city: str, terrs: dict[str, Territory]) -> str:
    for t in terrs.values():
        if t.city == city:
            return t.id
    raise KeyError(city)


def is_sea_line(a: str, b: str) -> bool:
    return b in board().territories[a].sea
