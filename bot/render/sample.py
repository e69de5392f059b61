"""Deterministic sample BoardViews for the benchmark, tests and eyeballing."""

from __future__ import annotations

import random

from .assets import world_assets
from .world import BoardView, PlayerInfo

NAMES = ["Ada", "Bartholomew the Bold", "Chen", "Dolores", "Émile", "Farah"]


def sample_view(n_players: int = 6, seed: int = 1, neutral: bool = False) -> BoardView:
    rng = random.Random(seed)
    world = world_assets()
    terr_names = list(world.territories)
    seats = n_players + (1 if neutral else 0)
    owners = {t: rng.randrange(seats) for t in terr_names}
    # give player 0 all of Australia and player 1 South America, to show holders
    for t in world.continents["Australia"]["territories"]:
        owners[t] = 0
    for t in world.continents["South America"]["territories"]:
        owners[t] = 1 % seats
    counts = [1, 1, 2, 3, 5, 8, 12, 25, 99, 140]
    territories = {t: (owners[t], rng.choice(counts)) for t in terr_names}
    players = []
    for i in range(seats):
        mine = [t for t in terr_names if owners[t] == i]
        players.append(
            PlayerInfo(
                name="Neutral" if i == n_players else NAMES[i % len(NAMES)],
                colour=i % 6,
                territories=len(mine),
                armies=sum(territories[t][1] for t in mine),
                cards=rng.randrange(6),
                alive=bool(mine),
                neutral=i == n_players,
            )
        )
    arrows = [
        ("Kamchatka", "Alaska", True),
        ("Brazil", "North Africa", False),
        ("Ukraine", "Southern Europe", True),
        ("Siam", "Indonesia", True),
    ]
    return BoardView(
        territories=territories,
        players=players,
        turn=17,
        phase=f"{players[0].name} — attack",
        arrows=arrows,
        title="Classic · 2016 rules",
        highlight=frozenset({"Egypt", "Quebec", "China"}),
    )
