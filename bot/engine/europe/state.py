"""The game state (a plain JSON-safe dict) and read helpers over it.

Layout, in short:
- armies[i]: players first (army i is seat i), then Mercenary Armies (seat None).
- territories[tid]: owner (controller, the defender when disputed), units [F, A, C, S],
  attacker and attacker_units when disputed, castle.
- tiles[tid]: turn serial at which the current holder got that city's Bonus Tile; a tile
  works once a later turn has started (risk-europe.txt, City Bonus Tiles).
- rng: the generator state; decks and stacks that are secret are hidden by views.py.
"""

from __future__ import annotations

import json
from typing import Any

from .board import BOX, board
from .rulesets import RULESETS, Ruleset

State = dict[str, Any]


def copy_state(state: State) -> State:
    """A deep copy; JSON round trip is the fastest deep copy for plain data."""
    return json.loads(json.dumps(state))


def state_to_dict(state: State) -> dict[str, Any]:
    return copy_state(state)


def state_from_dict(d: dict[str, Any]) -> State:
    return copy_state(d)


def ruleset_of(state: State) -> Ruleset:
    return RULESETS[state["ruleset"]]


def army_name(state: State, army: int | None) -> str:
    return "nobody" if army is None else state["armies"][army]["name"]


def is_merc(state: State, army: int) -> bool:
    return state["armies"][army]["seat"] is None


def controller(state: State, army: int) -> int | None:
    """The seat that gives this army's orders (a mercenary's bid winner)."""
    a = state["armies"][army]
    return a["seat"] if a["seat"] is not None else a.get("controller")


def alive(state: State, army: int) -> bool:
    return not state["armies"][army]["eliminated"]


def live_players(state: State) -> list[int]:
    return [
        i for i, a in enumerate(state["armies"]) if a["seat"] is not None and not a["eliminated"]
    ]


def live_mercs(state: State) -> list[int]:
    return [i for i, a in enumerate(state["armies"]) if a["seat"] is None and not a["eliminated"]]


def teammates(state: State, a: int, b: int) -> bool:
    """europe-teams: opposite seats (0 and 2, 1 and 3) play together."""
    return ruleset_of(state).teams and a != b and a % 2 == b % 2


def terr(state: State, tid: str) -> dict[str, Any]:
    try:
        return state["territories"][tid]
    except KeyError:
        raise_unknown(tid)
        raise


def raise_unknown(tid: str) -> None:
    from ..errors import RuleError

    raise RuleError(f"There is no territory called {tid!r} on the Risk Europe board.")


def disputed(state: State, tid: str) -> bool:
    return state["territories"][tid]["attacker"] is not None


def owner(state: State, tid: str) -> int | None:
    return state["territories"][tid]["owner"]


def holds(state: State, army: int, tid: str) -> bool:
    """Controlled and not in dispute: the army's own supply-line territory."""
    t = state["territories"][tid]
    return t["owner"] == army and t["attacker"] is None


def units_of(state: State, army: int, tid: str) -> list[int]:
    t = state["territories"][tid]
    if t["owner"] == army:
        return t["units"]
    if t["attacker"] == army:
        return t["attacker_units"]
    return [0, 0, 0, 0]


def participants(state: State, tid: str) -> list[int]:
    t = state["territories"][tid]
    return [a for a in (t["owner"], t["attacker"]) if a is not None]


def on_board(state: State, army: int) -> list[int]:
    total = [0, 0, 0, 0]
    for t in state["territories"].values():
        for who, units in ((t["owner"], t["units"]), (t["attacker"], t["attacker_units"])):
            if who == army:
                for i in range(4):
                    total[i] += units[i]
    return total


def in_reserve(state: State, army: int) -> list[int]:
    """Units still in the army's box (risk-europe.txt: never more than the box holds)."""
    placed = on_board(state, army)
    return [BOX[i] - placed[i] for i in range(4)]


def territories_of(state: State, army: int) -> list[str]:
    return [tid for tid, t in state["territories"].items() if t["owner"] == army]


def cities_of(state: State, army: int) -> list[str]:
    terrs = board().territories
    return [tid for tid in territories_of(state, army) if terrs[tid].city]


def castles_left(state: State) -> int:
    from .board import CASTLES_IN_BOX

    return CASTLES_IN_BOX - sum(1 for t in state["territories"].values() if t["castle"])


def completed_missions(state: State, army: int) -> list[dict[str, Any]]:
    return [m for m in state["armies"][army]["missions"] if m["completed_round"] is not None]


def crowns(state: State, army: int) -> int:
    """Cities held (Rome 2), bought Crown Cards and completed Kingdom Missions."""
    terrs = board().territories
    n = sum(terrs[tid].crowns for tid in cities_of(state, army))
    a = state["armies"][army]
    return n + a["crown_cards"] + len(completed_missions(state, army))


def tile_active(state: State, army: int, tid: str) -> bool:
    """The army holds this Gold City and its tile was gained before the current turn began."""
    return (
        owner(state, tid) == army
        and tid in state["tiles"]
        and state["tiles"][tid] < state["serial"]
    )


def mission_active(state: State, army: int, mission: str) -> bool:
    """Completed missions give their bonus from the start of the next round."""
    return any(
        m["id"] == mission
        and m["completed_round"] is not None
        and m["completed_round"] < state["round"]
        for m in state["armies"][army]["missions"]
    )


def supply_line(state: State, army: int, start: str) -> set[str]:
    """Undisputed territories of `army` connected to `start` by borders and sea-lines."""
    if not holds(state, army, start):
        return set()
    seen = {start}
    todo = [start]
    terrs = board().territories
    while todo:
        cur = todo.pop()
        for n in terrs[cur].neighbours:
            if n not in seen and holds(state, army, n):
                seen.add(n)
                todo.append(n)
    return seen


def rank_key(state: State, army: int) -> tuple[int, int, int]:
    """risk-europe.txt, Winning the Game: crowns, then territories, then coins
    (the First Player Marker counts as ten coins)."""
    a = state["armies"][army]
    coins = a["coins"] + (10 if state["first_player"] == army else 0)
    return (crowns(state, army), len(territories_of(state, army)), coins)
