"""Legal-move helpers for the computer player and Discord autocomplete.

Movement orders have too many unit splits to list; `legal_actions` gives one representative
per source and target (moving as many units as allowed) and `movable` tells the range.
"""

from __future__ import annotations

from .actions import (
    Action,
    BattleOrder,
    Bid,
    ChooseMercBidOrder,
    EndTurn,
    Expand,
    Fortify,
    KeepMission,
    Maneuver,
    PlaceKingdom,
    SiegeAssault,
    Spend,
    SplitExpand,
    StackCards,
    Tax,
)
from .board import SIEGE, board
from .engine import to_act
from .orders import maneuver_reach, recruit_territories, siege_targets
from .state import State, disputed, holds, live_mercs, ruleset_of, teammates

__all__ = [
    "acting_army",
    "expand_sources",
    "expand_targets",
    "movable",
    "maneuver_sources",
    "maneuver_targets",
    "tax_cities",
    "recruit_territories",
    "fortify_territories",
    "siege_options",
    "placement_options",
    "legal_actions",
]


def acting_army(state: State, seat: int) -> int | None:
    """The army `seat` gives orders to right now (its own, or a mercenary it commands)."""
    if state["phase"] == "turn" and seat in to_act(state):
        return state["turn"]["army"]
    return None


def _leave(state: State, army: int, tid: str, kind: str) -> int:
    t = state["territories"][tid]
    if kind == "expand":
        return max(1, sum(t["attacker_units"])) if t["attacker"] is not None else 1
    return 1 if (board().territories[tid].city or t["castle"]) else 0


def movable(state: State, army: int, source: str, kind: str = "expand") -> int:
    """How many units may leave `source` with an expand or a maneuver order."""
    t = state["territories"][source]
    if t["owner"] != army or (kind == "maneuver" and t["attacker"] is not None):
        return 0
    return max(0, sum(t["units"]) - _leave(state, army, source, kind))


def expand_targets(state: State, army: int, source: str, with_siege: bool = True) -> list[str]:
    """Adjacent unclaimed or enemy, undisputed territories (castles need a Siege Weapon)."""
    if state["territories"][source]["owner"] != army:
        return []
    out = []
    for n in sorted(board().territories[source].neighbours, key=board().order.index):
        t = state["territories"][n]
        if t["attacker"] is not None or t["owner"] == army:
            continue
        if t["owner"] is not None and (
            teammates(state, army, t["owner"]) or (t["castle"] and not with_siege)
        ):
            continue
        out.append(n)
    return out


def expand_sources(state: State, army: int) -> list[str]:
    return [
        tid
        for tid in board().order
        if movable(state, army, tid, "expand") > 0 and expand_targets(state, army, tid)
    ]


def maneuver_sources(state: State, army: int) -> list[str]:
    return [
        tid
        for tid in board().order
        if movable(state, army, tid, "maneuver") > 0 and maneuver_reach(state, army, tid)
    ]


def maneuver_targets(state: State, army: int, source: str) -> list[str]:
    if movable(state, army, source, "maneuver") <= 0:
        return []
    reach = maneuver_reach(state, army, source)
    return sorted(reach, key=board().order.index)


def tax_cities(state: State, army: int) -> list[str]:
    return [tid for tid in board().cities if holds(state, army, tid)]


def fortify_territories(state: State, army: int) -> list[str]:
    return [
        tid
        for tid in board().order
        if state["territories"][tid]["owner"] == army
        and (board().territories[tid].city or state["territories"][tid]["castle"])
    ]


def siege_options(state: State, army: int) -> list[tuple[str, str]]:
    return [(s, t) for s in board().order for t in siege_targets(state, army, s)]


def placement_options(state: State) -> list[str]:
    return [tid for tid in board().gold_cities if state["territories"][tid]["owner"] is None]


def _pick_units(state: State, army: int, source: str, n: int, siege_first: bool) -> tuple:
    """n units from `source`, taking a Siege Weapon first when asked (castle attacks)."""
    have = list(state["territories"][source]["units"])
    take = [0, 0, 0, 0]
    order = [SIEGE, 0, 1, 2] if siege_first else [0, 1, 2, SIEGE]
    for i in order:
        k = min(n, have[i])
        take[i] += k
        n -= k
    return tuple(take)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Concrete legal actions for `seat` now (movement: one per source/target, max units)."""
    if seat not in to_act(state):
        return []
    phase = state["phase"]
    a = state["armies"][seat]
    if phase in ("setup_bid", "merc_bid"):
        return [Bid(seat, x) for x in range(a["coins"] + 1)]
    if phase == "stack":
        return [StackCards(seat, x, y) for x in a["hand"] for y in a["hand"] if x != y]
    if phase == "merc_order":
        return [ChooseMercBidOrder(seat, m) for m in live_mercs(state)]
    if phase == "battle_order":
        return [BattleOrder(seat, ())]
    if phase == "placement":
        n = len(state["players"])
        rules = ruleset_of(state)
        total = rules.footmen_per_city(n)
        out: list[Action] = []
        for city in placement_options(state):
            out.append(PlaceKingdom(seat, city, None, total, 0))
            for nb in sorted(board().territories[city].neighbours):
                if not board().territories[nb].city and state["territories"][nb]["owner"] is None:
                    out.append(PlaceKingdom(seat, city, nb, total - total // 2, total // 2))
        return out
    if phase != "turn":
        return []
    turn = state["turn"]
    army = turn["army"]
    if turn["pending_mission"] is not None:
        return [KeepMission(seat, m) for m in turn["pending_mission"]]
    card = board().cards[turn["card"]]
    out = [EndTurn(seat)]
    if not turn["bonus_done"]:
        if card.bonus == "fortify":
            out += [Fortify(seat, t) for t in fortify_territories(state, army)]
        elif card.bonus == "siege_assault":
            out += [SiegeAssault(seat, s, t) for s, t in siege_options(state, army)]
    can_order = not turn["order_done"]
    if turn["free_maneuver"] or (can_order and "maneuver" in card.orders):
        for s in maneuver_sources(state, army):
            n = movable(state, army, s, "maneuver")
            for t in maneuver_targets(state, army, s):
                out.append(Maneuver(seat, s, t, _pick_units(state, army, s, n, False)))
    if not can_order:
        return out
    if "expand" in card.orders or "split_expand" in card.orders:
        for s in expand_sources(state, army):
            n = movable(state, army, s, "expand")
            for t in expand_targets(state, army, s):
                castle = (
                    state["territories"][t]["castle"]
                    and state["territories"][t]["owner"] is not None
                )
                units = _pick_units(state, army, s, n, castle)
                if castle and not units[SIEGE]:
                    continue
                if "expand" in card.orders:
                    out.append(Expand(seat, s, t, units))
                else:
                    out.append(SplitExpand(seat, s, ((t, units),)))
    if "tax" in card.orders:
        out += [Tax(seat, c) for c in tax_cities(state, army) if not disputed(state, c)]
    if "spend" in card.orders:
        out.append(Spend(seat))
    return out
