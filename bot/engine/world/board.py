"""The classic 42-territory world map: territories, continents, borders and cards.

Loaded once from package data (a copy of shared/data/world/world_map.json).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

INFANTRY, CAVALRY, ARTILLERY, WILD = "infantry", "cavalry", "artillery", "wild"
DESIGNS = (INFANTRY, CAVALRY, ARTILLERY)


@dataclass(frozen=True)
class WorldMap:
    territories: tuple[str, ...]
    continent_of: dict[str, str]
    continents: dict[str, tuple[str, ...]]
    bonus: dict[str, int]
    neighbours: dict[str, frozenset[str]]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.neighbours[a]

    @property
    def card_count(self) -> int:
        """42 territory cards plus two wild cards."""
        return len(self.territories) + 2

    def card_territory(self, card: int) -> str | None:
        return self.territories[card] if card < len(self.territories) else None

    def card_design(self, card: int) -> str:
        """Design of a card. The printed assignment is not public; we deal the 42 territory
        cards 14/14/14 round-robin in map order (a reconstructed, balanced choice)."""
        if card >= len(self.territories):
            return WILD
        return DESIGNS[card % 3]

    def card_name(self, card: int) -> str:
        territory = self.card_territory(card)
        if territory is None:
            return "Wild card"
        return f"{territory} ({self.card_design(card)})"


@cache
def world_map() -> WorldMap:
    raw = json.loads(resources.files(__package__).joinpath("data/world_map.json").read_text())
    continents = {name: tuple(c["territories"]) for name, c in raw["continents"].items()}
    territories = tuple(t for ts in continents.values() for t in ts)
    neighbours = {t: frozenset(raw["adjacency"][t]) for t in territories}
    for t, ns in neighbours.items():
        for n in ns:
            if t not in neighbours[n]:
                raise ValueError(f"map border {t}-{n} is one-way")
    return WorldMap(
        territories=territories,
        continent_of={t: c for c, ts in continents.items() for t in ts},
        continents=continents,
        bonus={name: c["bonus"] for name, c in raw["continents"].items()},
        neighbours=neighbours,
    )
