"""The King's Orders and bonus actions (risk-europe.txt, The King's Orders Cards; Bonus
Actions; Spending Coins; City Bonus Tiles).

Each function checks the rules, then changes the (already copied) state and appends events.
A RuleError may leave the copy half changed; `apply` throws that copy away.
"""

from __future__ import annotations

from typing import Any

from ..errors import RuleError
from ..rng import Rng
from .actions import Units
from .battle import gain_city, siege_assault
from .board import (
    ARCHERS,
    CASTLE_COST,
    CAVALRY,
    CROWN_CARD_COST,
    FOOTMEN,
    SIEGE,
    TILE_BERLIN,
    TILE_CONSTANTINOPLE,
    TILE_KIEV,
    TILE_LONDON,
    TILE_MADRID,
    TILE_PARIS,
    UNIT_COST,
    UNIT_KINDS,
    UNIT_NAMES,
    board,
    is_sea_line,
)
from .state import (
    State,
    army_name,
    castles_left,
    disputed,
    holds,
    in_reserve,
    is_merc,
    mission_active,
    owner,
    ruleset_of,
    supply_line,
    teammates,
    terr,
    tile_active,
    units_of,
)

Events = list[dict[str, Any]]


def _name(tid: str) -> str:
    return board().name(tid)


def _check_units(units: Units) -> None:
    if len(units) != 4 or any(n < 0 for n in units):
        raise RuleError("Unit counts must be whole numbers of zero or more.")
    if not sum(units):
        raise RuleError("Choose at least one army unit to move.")


def _must_leave(state: State, army: int, source: str) -> int:
    """Units that must stay behind when expanding out of `source`."""
    t = state["territories"][source]
    if t["attacker"] is not None:
        # Only the defender may expand out, leaving as many units as the attacker has there.
        return max(1, sum(t["attacker_units"]))
    return 1


def expand_source_check(state: State, army: int, source: str) -> None:
    t = terr(state, source)
    if t["attacker"] == army:
        raise RuleError(f"{_name(source)} is disputed; only the defender may expand out of it.")
    if t["owner"] != army:
        raise RuleError(f"You do not control {_name(source)}.")


def expand_target_check(state: State, army: int, source: str, target: str, units: Units) -> None:
    """risk-europe.txt, Expanding Your Kingdom: notes and restrictions."""
    tt = terr(state, target)
    if target not in board().territories[source].neighbours:
        raise RuleError(f"{_name(target)} is not adjacent to {_name(source)}.")
    if tt["attacker"] is not None:
        if army in (tt["owner"], tt["attacker"]):
            raise RuleError(
                f"{_name(target)} is already in dispute; use a maneuver order to "
                "send more units there."
            )
        raise RuleError(f"{_name(target)} is disputed; a third army may not enter it.")
    if tt["owner"] == army:
        raise RuleError(
            f"You already control {_name(target)}; use a maneuver order to move units there."
        )
    if tt["owner"] is not None and teammates(state, army, tt["owner"]):
        raise RuleError(
            f"{_name(target)} belongs to your teammate; teammates may not enter "
            "each other's territories."
        )
    if tt["owner"] is not None and tt["castle"] and not units[SIEGE]:
        raise RuleError(
            f"{_name(target)} has a castle; your expanding army needs a Siege Weapon to attack it."
        )


def _move_in(state: State, army: int, target: str, units: Units, events: Events) -> None:
    """Units arrive in an unclaimed or enemy territory."""
    tt = state["territories"][target]
    if tt["owner"] is None:
        tt["owner"] = army
        tt["units"] = list(units)
        events.append(
            {
                "type": "claim",
                "army": army,
                "territory": target,
                "text": f"{army_name(state, army)} claimed {_name(target)}.",
            }
        )
        info = board().territories[target]
        if info.city:
            # Claiming an unclaimed city: crown from the reserve, its tax value once, its tile.
            state["armies"][army]["coins"] += info.tax
            gain_city(state, target, army)
            events.append(
                {
                    "type": "city_claimed",
                    "army": army,
                    "territory": target,
                    "coins": info.tax,
                    "crowns": info.crowns,
                    "text": f"{army_name(state, army)} placed a crown on {info.city} "
                    f"and collected {info.tax} coins.",
                }
            )
    else:
        tt["attacker"] = army
        tt["attacker_units"] = list(units)
        events.append(
            {
                "type": "attack",
                "army": army,
                "territory": target,
                "defender": tt["owner"],
                "text": f"{army_name(state, army)} attacked {_name(target)} held by "
                f"{army_name(state, tt['owner'])}.",
            }
        )


def _take_out(units: list[int], moving: Units, where: str) -> None:
    for i in range(4):
        if moving[i] > units[i]:
            raise RuleError(f"There are not that many {UNIT_NAMES[UNIT_KINDS[i]]} in {where}.")
        units[i] -= moving[i]


def expand(
    state: State, army: int, source: str, moves: list[tuple[str, Units]], events: Events
) -> None:
    """Expand (one target) or Split Expand (up to two adjacent targets)."""
    expand_source_check(state, army, source)
    targets = [t for t, _ in moves]
    if len(set(targets)) != len(targets):
        raise RuleError("A split expand must go into two different territories.")
    total = [0, 0, 0, 0]
    for target, units in moves:
        _check_units(units)
        expand_target_check(state, army, source, target, units)
        for i in range(4):
            total[i] += units[i]
    src = state["territories"][source]
    leave = _must_leave(state, army, source)
    if sum(src["units"]) - sum(total) < leave:
        raise RuleError(f"You must leave at least {leave} unit(s) behind in {_name(source)}.")
    _take_out(src["units"], tuple(total), _name(source))  # type: ignore[arg-type]
    for target, units in moves:
        events.append(
            {
                "type": "expand",
                "army": army,
                "source": source,
                "target": target,
                "units": list(units),
                "text": f"{army_name(state, army)} expanded {sum(units)} unit(s) from "
                f"{_name(source)} into {_name(target)}.",
            }
        )
        _move_in(state, army, target, units, events)


def maneuver_reach(state: State, army: int, source: str) -> dict[str, int]:
    """Territories a maneuver from `source` may end in, with their distance: through own
    undisputed territories only, stopping on entering a disputed one."""
    reach = 3 if mission_active(state, army, "realm") else 2
    dist = {source: 0}
    frontier = [source]
    terrs = board().territories
    for step in range(1, reach + 1):
        nxt = []
        for cur in frontier:
            for n in terrs[cur].neighbours:
                if n in dist:
                    continue
                t = state["territories"][n]
                if holds(state, army, n):
                    dist[n] = step
                    nxt.append(n)
                elif t["attacker"] is not None and army in (t["owner"], t["attacker"]):
                    dist[n] = step  # enter a battle and stop there
        frontier = nxt
    dist.pop(source)
    return dist


def maneuver(
    state: State, army: int, source: str, target: str, units: Units, events: Events
) -> None:
    """Maneuver: up to two territories away through your own supply lines."""
    _check_units(units)
    src = terr(state, source)
    terr(state, target)
    if src["attacker"] is not None and army in (src["owner"], src["attacker"]):
        raise RuleError(f"{_name(source)} is disputed; army units may not retreat from a battle.")
    if src["owner"] != army:
        raise RuleError(f"You do not control {_name(source)}.")
    if target not in maneuver_reach(state, army, source):
        raise RuleError(
            f"{_name(target)} is not within reach of a maneuver from "
            f"{_name(source)} through your own territories."
        )
    info = board().territories[source]
    keep = 1 if (info.city or src["castle"]) else 0
    if sum(src["units"]) - sum(units) < keep:
        raise RuleError(
            f"You must leave one unit behind in {_name(source)} because it holds a city or castle."
        )
    _take_out(src["units"], units, _name(source))
    dest = units_of(state, army, target)
    for i in range(4):
        dest[i] += units[i]
    emptied = not sum(src["units"])
    if emptied:
        src["owner"] = None
    events.append(
        {
            "type": "maneuver",
            "army": army,
            "source": source,
            "target": target,
            "units": list(units),
            "left_empty": emptied,
            "text": f"{army_name(state, army)} maneuvered {sum(units)} unit(s) from "
            f"{_name(source)} to {_name(target)}.",
        }
    )


def _add_free(state: State, army: int, tid: str, kind: int, n: int) -> int:
    """Free units from bonuses, as many as the army's box still holds."""
    n = min(n, in_reserve(state, army)[kind])
    units_of(state, army, tid)[kind] += n
    return n


def tax(state: State, army: int, city: str, events: Events) -> None:
    """Tax a city and everything linked to it by supply lines; disputed territories pay
    nothing and break the line; connected London, Paris, Madrid bonuses fire together."""
    terr(state, city)
    info = board().territories[city]
    if not info.city:
        raise RuleError(f"{_name(city)} has no city to tax.")
    if owner(state, city) != army:
        raise RuleError(f"You do not control {info.city}.")
    if disputed(state, city):
        raise RuleError(f"{info.city} is disputed and pays no tax; choose another city.")
    line = supply_line(state, army, city)
    terrs = board().territories
    coins = sum(terrs[t].tax if terrs[t].city else 1 for t in line)
    if mission_active(state, army, "treasury"):
        coins += 2
    state["armies"][army]["coins"] += coins
    events.append(
        {
            "type": "tax",
            "army": army,
            "city": city,
            "territories": sorted(line),
            "coins": coins,
            "text": f"{army_name(state, army)} taxed {info.city} and its supply line "
            f"for {coins} coins.",
        }
    )
    bonuses = (
        (TILE_LONDON, ((ARCHERS, 2),)),
        (TILE_PARIS, ((CAVALRY, 1), (FOOTMEN, 1))),
        (TILE_MADRID, ((FOOTMEN, 4),)),
    )
    for tile, gifts in bonuses:
        if tile in line and tile_active(state, army, tile):
            added = [0, 0, 0, 0]
            for kind, n in gifts:
                added[kind] += _add_free(state, army, tile, kind, n)
            events.append(
                {
                    "type": "tax_bonus",
                    "army": army,
                    "territory": tile,
                    "units": added,
                    "tile": board().tiles[tile],
                    "text": f"{board().tiles[tile]}: {sum(added)} free unit(s) in "
                    f"{terrs[tile].city}.",
                }
            )


def recruit_territories(state: State, army: int) -> list[str]:
    """Own undisputed city or castle territories; with Kiev's tile also non-city
    territories on Kiev's supply line."""
    terrs = board().territories
    out = [
        tid
        for tid, t in state["territories"].items()
        if holds(state, army, tid) and (terrs[tid].city or t["castle"])
    ]
    if tile_active(state, army, TILE_KIEV) and holds(state, army, TILE_KIEV):
        out += [
            tid
            for tid in supply_line(state, army, TILE_KIEV)
            if tid not in out and not terrs[tid].city
        ]
    return sorted(out, key=board().order.index)


def castle_cost(state: State, army: int) -> int:
    cost = CASTLE_COST
    if tile_active(state, army, TILE_BERLIN):
        cost -= 3
    if mission_active(state, army, "fortress"):
        cost -= 4
    return cost


def unit_costs(state: State, army: int) -> list[int]:
    costs = list(UNIT_COST)
    if mission_active(state, army, "conqueror"):
        costs[CAVALRY] = 2
    return costs


def spend(
    state: State,
    army: int,
    recruits: tuple[tuple[str, str, int], ...],
    castles: tuple[str, ...],
    crown_card: bool,
    events: Events,
) -> None:
    """Spend: castles first (a new castle lets you recruit there), then units, then a crown."""
    a = state["armies"][army]
    rules = ruleset_of(state)
    cost = 0
    if len(set(castles)) != len(castles):
        raise RuleError("You may not build more than one castle in a territory.")
    for tid in castles:
        t = terr(state, tid)
        if t["owner"] != army:
            raise RuleError(f"You do not control {_name(tid)}.")
        if t["attacker"] is not None:
            raise RuleError(f"{_name(tid)} is disputed; you cannot build a castle there.")
        if t["castle"]:
            raise RuleError(f"{_name(tid)} already has a castle.")
    if len(castles) > castles_left(state):
        raise RuleError("There are not enough castles left in the reserve.")
    cost += castle_cost(state, army) * len(castles)
    for tid in castles:
        state["territories"][tid]["castle"] = True
    allowed = set(recruit_territories(state, army))
    wanted = [0, 0, 0, 0]
    costs = unit_costs(state, army)
    for tid, kind, n in recruits:
        terr(state, tid)
        if kind not in UNIT_KINDS:
            raise RuleError(
                f"{kind!r} is not a unit type; choose footmen, archers, cavalry or siege."
            )
        if n <= 0:
            raise RuleError("Recruit at least one unit of each kind you list.")
        if tid not in allowed:
            if disputed(state, tid) and owner(state, tid) == army:
                raise RuleError(
                    f"{_name(tid)} is disputed; purchased units cannot be placed there."
                )
            raise RuleError(
                f"You can only place new units in your own city or castle "
                f"territories, and {_name(tid)} is not one."
            )
        wanted[UNIT_KINDS.index(kind)] += n
    reserve = in_reserve(state, army)
    for i, kind in enumerate(UNIT_KINDS):
        if wanted[i] > reserve[i]:
            raise RuleError(f"Your army reserve has only {reserve[i]} {UNIT_NAMES[kind]} left.")
    free_footmen = 2 if mission_active(state, army, "host") else 0
    unit_cost = sum(wanted[i] * costs[i] for i in range(4)) - min(free_footmen, wanted[FOOTMEN])
    cost += unit_cost
    if crown_card:
        if is_merc(state, army):
            raise RuleError("A Mercenary Army cannot buy Crown Cards.")
        if not rules.crown_cards_for_sale:
            raise RuleError("Crown Cards cannot be bought in this game.")
        if a["crown_bought_round"] == state["round"]:
            raise RuleError("You may buy only one Crown Card per round.")
        if state["crown_cards_left"] <= 0:
            raise RuleError("All eight Crown Cards have been bought.")
        cost += CROWN_CARD_COST
    if cost > a["coins"]:
        raise RuleError(f"That costs {cost} coins and you have {a['coins']}.")
    a["coins"] -= cost
    for tid, kind, n in recruits:
        units_of(state, army, tid)[UNIT_KINDS.index(kind)] += n
    escorts = 0
    if tile_active(state, army, TILE_CONSTANTINOPLE):
        # Siege Escort: four free Footmen with every Siege Weapon recruited.
        for tid, kind, n in recruits:
            if kind == "siege":
                escorts += _add_free(state, army, tid, FOOTMEN, 4 * n)
    if crown_card:
        a["crown_cards"] += 1
        a["crown_bought_round"] = state["round"]
        state["crown_cards_left"] -= 1
    events.append(
        {
            "type": "spend",
            "army": army,
            "coins": cost,
            "recruits": [list(r) for r in recruits],
            "castles": list(castles),
            "crown_card": crown_card,
            "escort_footmen": escorts,
            "text": f"{army_name(state, army)} spent {cost} coins"
            + (f", built castle(s) in {', '.join(map(_name, castles))}" if castles else "")
            + (f", recruited {sum(n for _, _, n in recruits)} unit(s)" if recruits else "")
            + (", bought a Crown Card" if crown_card else "")
            + ".",
        }
    )


def fortify(state: State, army: int, tid: str, events: Events) -> None:
    """Three Footmen in a city territory, four in a castle territory; a disputed one only
    for its defender."""
    t = terr(state, tid)
    info = board().territories[tid]
    if t["owner"] != army:
        if t["attacker"] == army:
            raise RuleError(f"{_name(tid)} is disputed; only the defender may fortify it.")
        raise RuleError(f"You do not control {_name(tid)}.")
    if not (info.city or t["castle"]):
        raise RuleError(f"{_name(tid)} has neither a city nor a castle to fortify.")
    n = 4 if t["castle"] else 3
    if mission_active(state, army, "gold_crowns"):
        n += 1
    added = _add_free(state, army, tid, FOOTMEN, n)
    events.append(
        {
            "type": "fortify",
            "army": army,
            "territory": tid,
            "footmen": added,
            "text": f"{army_name(state, army)} fortified {_name(tid)} with {added} Footmen.",
        }
    )


def siege_targets(state: State, army: int, source: str) -> list[str]:
    if not holds(state, army, source) or not state["territories"][source]["units"][SIEGE]:
        return []
    across_sea = mission_active(state, army, "sea_lanes")
    out = []
    for n in sorted(board().territories[source].neighbours, key=board().order.index):
        t = state["territories"][n]
        if t["owner"] is None or t["owner"] == army or t["attacker"] is not None:
            continue
        if teammates(state, army, t["owner"]):
            continue
        if is_sea_line(source, n) and not across_sea:
            continue
        out.append(n)
    return out


def siege(state: State, army: int, source: str, target: str, rng: Rng, events: Events) -> None:
    """Siege Assault: adjacent by land, never from or into a disputed territory."""
    s, t = terr(state, source), terr(state, target)
    if s["owner"] != army:
        raise RuleError(f"You do not control {_name(source)}.")
    if s["attacker"] is not None:
        raise RuleError(f"{_name(source)} is disputed; Siege Weapons may not attack from it.")
    if not s["units"][SIEGE]:
        raise RuleError(f"There are no Siege Weapons in {_name(source)}.")
    if target not in board().territories[source].neighbours:
        raise RuleError(f"{_name(target)} is not adjacent to {_name(source)}.")
    if t["attacker"] is not None:
        raise RuleError(f"{_name(target)} is disputed; Siege Weapons may not attack into it.")
    if t["owner"] is None or t["owner"] == army or teammates(state, army, t["owner"]):
        raise RuleError(f"{_name(target)} is not an enemy territory.")
    if target not in siege_targets(state, army, source):
        raise RuleError("Siege Assaults may not be used across sea-lines.")
    per = 3 if mission_active(state, army, "siege_train") else 2
    siege_assault(state, army, source, target, per, rng, events)
