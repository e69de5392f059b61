"""Computer player for Risk Europe: greedy, legal, fast, and deterministic given its RNG.

It claims cities first, attacks only with a clear edge, buys Crown Cards when it can, keeps
its money working, and plays a Mercenary Army it commands against everyone but itself.
Every action is checked against the engine before it is returned, so it is always legal.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import IO, Any

from bot.engine.canonical import digest
from bot.engine.errors import RuleError
from bot.engine.europe import (
    RULESETS,
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
    action_to_dict,
    apply,
    expand_sources,
    expand_targets,
    fortify_territories,
    is_over,
    maneuver_sources,
    maneuver_targets,
    movable,
    new_game,
    public_event,
    recruit_territories,
    siege_options,
    state_to_dict,
    tax_cities,
    to_act,
    winner,
)
from bot.engine.europe.actions import Action
from bot.engine.europe.board import COLORS, CROWN_CARD_COST, UNIT_COST, board, is_sea_line
from bot.engine.europe.orders import castle_cost, unit_costs
from bot.engine.europe.state import (
    State,
    castles_left,
    controller,
    crowns,
    in_reserve,
    live_mercs,
    on_board,
    ruleset_of,
    supply_line,
    teammates,
)
from bot.engine.rng import Rng, seed_to_state

ECONOMY = (1, 2, 3)
MOVEMENT = (4, 5, 6, 7, 8)


# ----------------------------------------------------------------------------- helpers


def _enemy(state: State, army: int, other: int | None) -> bool:
    """Someone this army may fight; a mercenary spares the seat commanding it."""
    if other is None or other == army or teammates(state, army, other):
        return False
    boss = controller(state, army) if state["armies"][army]["seat"] is None else None
    return not (boss is not None and other == boss)


def _threat(state: State, army: int, tid: str) -> int:
    """Enemy strength next to (or inside) a territory."""
    t = state["territories"][tid]
    score = 2 * sum(t["attacker_units"]) if t["attacker"] not in (None, army) else 0
    for n in board().territories[tid].neighbours:
        nt = state["territories"][n]
        if _enemy(state, army, nt["owner"]):
            score += sum(nt["units"])
    return score


def _value(tid: str) -> int:
    info = board().territories[tid]
    return 10 + 3 * info.tax + 8 * (info.crowns - 1) if info.city else 2


def _open_missions(state: State, army: int) -> set[str]:
    return {m["id"] for m in state["armies"][army]["missions"] if m["completed_round"] is None}


def _mission_have(state: State, army: int, mid: str) -> float:
    """Progress (0..1) towards a mission, as the engine counts it at a round's end."""
    key, need = board().missions[mid].check
    terrs = board().territories
    mine = [t for t, v in state["territories"].items() if v["owner"] == army]
    if key == "castles_controlled":
        have = sum(1 for t in mine if state["territories"][t]["castle"]) + 0.5
    elif key == "coins_held":
        have = state["armies"][army]["coins"]
    elif key == "attacks_won_since_kept":
        have = 1.0
    elif key == "territories_controlled":
        have = len(mine)
    elif key == "siege_weapons_on_board":
        have = on_board(state, army)[3] + 0.5
    elif key == "gold_crown_cities":
        have = sum(1 for t in mine if terrs[t].gold)
    elif key == "units_on_board":
        have = sum(on_board(state, army))
    else:
        owned = set(mine)
        have = sum(
            1 for a in owned for b in terrs[a].sea if b in owned and a < b and is_sea_line(a, b)
        )
    return min(1.0, have / need)


def _need(state: State, army: int) -> int:
    """Crowns still missing to win (large in team play, where crowns do not win)."""
    rules = ruleset_of(state)
    target = rules.crowns_to_win.get(len(state["players"]))
    if target is None:
        return 99
    return max(0, target - crowns(state, army))


def _leader(state: State, army: int) -> int | None:
    """The strongest rival player (by crowns), if any."""
    seat = controller(state, army)
    best: tuple[int, int] | None = None
    for i, a in enumerate(state["armies"]):
        if a["seat"] is None or a["eliminated"] or i == seat or not _enemy(state, army, i):
            continue
        key = (crowns(state, i), -i)
        if best is None or key > best:
            best = key
    return None if best is None else -best[1]


def _aggression(state: State, army: int) -> float:
    """How much edge an attack needs: less as rounds pass or the army's box runs empty."""
    edge = 1.25
    rnd = state["round"]
    if rnd >= 8:
        edge -= 0.1
    if rnd >= 16:
        edge -= 0.1
    if sum(in_reserve(state, army)) <= 10:
        edge -= 0.1
    return edge


def _pick(units: list[int], n: int, order: tuple[int, ...]) -> tuple[int, int, int, int]:
    take = [0, 0, 0, 0]
    for i in order:
        k = min(n, units[i])
        take[i] += k
        n -= k
    return (take[0], take[1], take[2], take[3])


def _legal(state: State, action: Action) -> bool:
    try:
        apply(state, action, Rng(0))
    except RuleError:
        return False
    return True


# ----------------------------------------------------------------------------- setup


def _placement(state: State, seat: int) -> Action:
    rules = ruleset_of(state)
    total = rules.footmen_per_city(len(state["players"]))
    terrs = board().territories
    best: tuple[float, Action] | None = None
    for city in board().gold_cities:
        if state["territories"][city]["owner"] is not None:
            continue
        free = [
            n
            for n in sorted(terrs[city].neighbours)
            if not terrs[n].city and state["territories"][n]["owner"] is None
        ]
        near_enemy = sum(
            1 for n in terrs[city].neighbours if state["territories"][n]["owner"] is not None
        )
        score = terrs[city].tax + 3 * (terrs[city].crowns - 1) + len(free) - 2 * near_enemy
        nb = max(
            free,
            key=lambda n: (
                sum(1 for m in terrs[n].neighbours if state["territories"][m]["owner"] is None),
                n,
            ),
            default=None,
        )
        action: Action = (
            PlaceKingdom(seat, city, nb, total - total * 2 // 5, total * 2 // 5)
            if nb
            else PlaceKingdom(seat, city, None, total, 0)
        )
        if best is None or score > best[0]:
            best = (score, action)
    assert best is not None
    return best[1]


def _stack(state: State, seat: int, rng: Rng) -> Action:
    a = state["armies"][seat]
    hand = list(a["hand"])
    econ = [c for c in hand if c in ECONOMY]
    move = [c for c in hand if c in MOVEMENT]
    rng.shuffle(econ)
    siege = on_board(state, seat)[3] > 0
    move.sort(key=lambda c: (0 if (c == 6 and siege) else 1 if c in (7, 8) else 2, c))
    if econ and move:
        e, m = econ[0], move[0]
        top, bottom = (e, m) if a["coins"] >= 8 else (m, e)
    else:
        pool = econ or move
        top, bottom = pool[0], pool[1]
    return StackCards(seat, top, bottom)


# ----------------------------------------------------------------------------- turns


def _best_expand(state: State, army: int, split: bool) -> tuple[float, Action | None]:
    seat = controller(state, army)
    assert seat is not None
    best: tuple[float, Action | None] = (0.0, None)
    aggression = _aggression(state, army)
    need = _need(state, army) if state["armies"][army]["seat"] is not None else 99
    leader = _leader(state, army)
    missions = _open_missions(state, army) if state["armies"][army]["seat"] is not None else set()
    for src in expand_sources(state, army):
        units = list(state["territories"][src]["units"])
        avail = movable(state, army, src, "expand")
        options: list[tuple[float, str, int, bool]] = []
        for tgt in expand_targets(state, army, src):
            t = state["territories"][tgt]
            if t["owner"] is None:
                need = 2 if board().territories[tgt].city else 1
                send = min(avail, max(need, avail // 2 if _threat(state, army, src) < 3 else need))
                v = _value(tgt) + 1
                if "realm" in missions or "sea_lanes" in missions:
                    v += 3
                if "gold_crowns" in missions and board().territories[tgt].gold:
                    v += 10
                options.append((v, tgt, send, False))
            elif _enemy(state, army, t["owner"]):
                edge = aggression + (0.35 if t["castle"] else 0.0)
                defence = sum(t["units"]) * edge + 1
                if avail >= defence:
                    v = _value(tgt) * 1.5 - sum(t["units"]) / 2
                    info = board().territories[tgt]
                    if info.city:
                        v += 8 * info.crowns
                        if need <= info.crowns:
                            v += 60
                        elif need <= info.crowns + 1:
                            v += 15
                        if t["owner"] == leader:
                            v += 6 + 4 * max(0, 3 - _need(state, t["owner"]))
                    if "conqueror" in missions:
                        v += 6
                    options.append((v, tgt, avail, bool(t["castle"])))
        options.sort(key=lambda o: (-o[0], o[1]))
        if not options:
            continue
        strong_first = (3, 2, 1, 0)
        if split and len(options) >= 2:
            (v1, t1, n1, c1), (v2, t2, n2, c2) = options[0], options[1]
            n1 = min(n1, avail)
            n2 = min(n2, avail - n1)
            if n2 > 0:
                u1 = _pick(units, n1, strong_first if c1 else (0, 1, 2, 3))
                rest = [units[i] - u1[i] for i in range(4)]
                u2 = _pick(rest, n2, strong_first if c2 else (0, 1, 2, 3))
                action: Action = SplitExpand(seat, src, ((t1, u1), (t2, u2)))
                if v1 + v2 > best[0]:
                    best = (v1 + v2, action)
                continue
        v, tgt, n, castle = options[0]
        u = _pick(
            units, n, strong_first if castle else (2, 1, 3, 0) if n == avail else (0, 1, 2, 3)
        )
        action = SplitExpand(seat, src, ((tgt, u),)) if split else Expand(seat, src, tgt, u)
        if v > best[0]:
            best = (v, action)
    return best


def _best_maneuver(state: State, army: int) -> tuple[float, Action | None]:
    seat = controller(state, army)
    assert seat is not None
    best: tuple[float, Action | None] = (0.0, None)
    for src in maneuver_sources(state, army):
        n = movable(state, army, src, "maneuver")
        here = _threat(state, army, src)
        for tgt in maneuver_targets(state, army, src):
            gain = _threat(state, army, tgt) - here
            t = state["territories"][tgt]
            if t["attacker"] is not None:
                gain += 5
            if gain <= 0:
                continue
            units = state["territories"][src]["units"]
            score = gain * n / 4
            if score > best[0]:
                best = (score, Maneuver(seat, src, tgt, _pick(units, n, (2, 1, 3, 0))))
    return best


def _spend(state: State, army: int) -> Action | None:
    seat = controller(state, army)
    assert seat is not None
    a = state["armies"][army]
    coins = a["coins"]
    rules = ruleset_of(state)
    crown = (
        a["seat"] is not None
        and rules.crown_cards_for_sale
        and a["crown_bought_round"] != state["round"]
        and state["crown_cards_left"] > 0
        and coins >= CROWN_CARD_COST
    )
    if crown:
        coins -= CROWN_CARD_COST
    places = recruit_territories(state, army)
    castles: tuple[str, ...] = ()
    if not places:
        own = [
            t
            for t in board().order
            if state["territories"][t]["owner"] == army
            and state["territories"][t]["attacker"] is None
        ]
        if own and castles_left(state) and coins >= castle_cost(state, army):
            castles = (max(own, key=lambda t: (sum(state["territories"][t]["units"]), t)),)
            coins -= castle_cost(state, army)
            places = list(castles)
    if not places:
        return Spend(seat, (), castles, crown) if (crown or castles) else None
    places.sort(key=lambda t: (-_threat(state, army, t), t))
    reserve = in_reserve(state, army)
    costs = unit_costs(state, army)
    buy = [0, 0, 0, 0]
    if coins >= UNIT_COST[3] + 4 and not on_board(state, army)[3] and reserve[3]:
        buy[3] = 1
        coins -= costs[3]
    cav = min(reserve[2], (coins // 3) // costs[2])
    buy[2] = cav
    coins -= cav * costs[2]
    foot = min(reserve[0], coins // costs[0])
    buy[0] = foot
    coins -= foot * costs[0]
    arch = min(reserve[1], coins // costs[1])
    buy[1] = arch
    kinds = ("footmen", "archers", "cavalry", "siege")
    recruits: list[tuple[str, str, int]] = []
    spots = places[:2] if len(places) > 1 else places
    for i, kind in enumerate(kinds):
        if not buy[i]:
            continue
        if len(spots) == 2 and buy[i] > 1:
            first = (buy[i] + 1) // 2
            recruits.append((spots[0], kind, first))
            recruits.append((spots[1], kind, buy[i] - first))
        else:
            recruits.append((spots[0], kind, buy[i]))
    if not recruits and not crown and not castles:
        return None
    return Spend(seat, tuple(recruits), castles, crown)


def _turn(state: State, seat: int, rng: Rng) -> Action:
    turn = state["turn"]
    army = turn["army"]
    if turn["pending_mission"] is not None:
        return KeepMission(
            seat,
            max(sorted(turn["pending_mission"]), key=lambda m: _mission_have(state, army, m)),
        )
    card = board().cards[turn["card"]]
    candidates: list[Action] = []
    if not turn["bonus_done"] and not turn["free_maneuver"]:
        if card.bonus == "fortify":
            spots = fortify_territories(state, army)
            if spots:
                candidates.append(
                    Fortify(seat, max(spots, key=lambda t: (_threat(state, army, t), t)))
                )
        elif card.bonus == "siege_assault":
            opts = siege_options(state, army)
            if opts:
                s, t = max(
                    opts, key=lambda o: (_value(o[1]) + sum(state["territories"][o[1]]["units"]), o)
                )
                candidates.append(SiegeAssault(seat, s, t))
    if turn["free_maneuver"]:
        _, m = _best_maneuver(state, army)
        if m is not None:
            candidates.append(m)
    elif not turn["order_done"]:
        if "tax" in card.orders:
            coins = state["armies"][army]["coins"]
            spend = _spend(state, army) if coins >= 6 else None
            cities = tax_cities(state, army)
            if spend is not None and (coins >= 10 or not cities):
                candidates.append(spend)
            if cities:
                best_city = max(cities, key=lambda c: (len(supply_line(state, army, c)), c))
                candidates.append(Tax(seat, best_city))
            if spend is not None:
                candidates.append(spend)
        else:
            split = "split_expand" in card.orders
            ve, e = _best_expand(state, army, split)
            vm, m = _best_maneuver(state, army)
            if e is not None and ve >= vm:
                candidates.append(e)
            if m is not None:
                candidates.append(m)
            if e is not None:
                candidates.append(e)
    for action in candidates:
        if _legal(state, action):
            return action
    return EndTurn(seat)


# ----------------------------------------------------------------------------- entry


def choose_action(state: State, seat: int, rng: Rng) -> Action:
    """A legal, sensible action for `seat` (which must be in `to_act(state)`)."""
    phase = state["phase"]
    a = state["armies"][seat]
    if phase == "setup_bid":
        return Bid(seat, rng.below(min(a["coins"], 3) + 1))
    if phase == "merc_bid":
        leader = max(
            crowns(state, p)
            for p in range(len(state["players"]))
            if not state["armies"][p]["eliminated"]
        )
        worth = 2 + (2 if crowns(state, seat) < leader else 0)
        return Bid(seat, min(a["coins"], rng.below(worth + 1)))
    if phase == "merc_order":
        return ChooseMercBidOrder(seat, live_mercs(state)[0])
    if phase == "placement":
        return _placement(state, seat)
    if phase == "stack":
        return _stack(state, seat, rng)
    if phase == "battle_order":
        return BattleOrder(seat, ())
    if phase == "turn":
        return _turn(state, seat, rng)
    raise RuleError("There is nothing to decide now.")


@dataclass
class DemoResult:
    lines: list[str] = field(default_factory=list)
    winner: str = ""
    turns: int = 0
    actions: int = 0
    digest: str = ""
    log: IO[str] | None = None


def run_demo(
    ruleset: str, seed: int, players: int | None = None, log: IO[str] | None = None
) -> DemoResult:
    """Play a whole game with computer players; same arguments give the same result."""
    rules = RULESETS.get(ruleset)
    if rules is None:
        raise RuleError(f"There is no Risk Europe ruleset called {ruleset!r}.")
    n = players if players is not None else rules.default_players
    names = list(COLORS[:n])
    state = new_game(ruleset, names, seed)
    rng = Rng(seed_to_state(seed) ^ 0x5EED_A1A1_5EED_A1A1)
    result = DemoResult(log=log)
    current: list[str] = []
    guard = 0

    def emit(events: list[dict[str, Any]]) -> None:
        nonlocal current
        for ev in events:
            if log is not None:
                log.write(json.dumps(public_event(ev), sort_keys=True) + "\n")
            kind = ev["type"]
            if kind == "card_revealed":
                flush()
                result.turns += 1
                current = [f"R{ev['round']}.{ev['turn']} {ev['text']}"]
            elif kind in (
                "battle",
                "round_ended",
                "game_over",
                "eliminated",
                "saved_by_the_crown",
                "mission_completed",
                "bids_revealed",
            ):
                flush()
                result.lines.append(ev["text"])
            elif kind == "round_started":
                flush()
            elif "text" in ev and current and kind not in ("cards_stacked", "bid_placed"):
                current.append(ev["text"])

    def flush() -> None:
        nonlocal current
        if current:
            result.lines.append(" ".join(current))
            current = []

    while not is_over(state):
        guard += 1
        if guard > 20000:
            raise RuntimeError("demo game did not finish")
        for seat in to_act(state):
            if seat not in to_act(state):
                continue
            action = choose_action(state, seat, rng)
            if log is not None:
                log.write(
                    json.dumps({"type": "action", "action": action_to_dict(action)}, sort_keys=True)
                    + "\n"
                )
            state, events = apply(state, action)
            result.actions += 1
            emit(events)
            if is_over(state):
                break
    flush()
    won = winner(state) or []
    result.winner = "+".join(names[w] for w in won) if won else "nobody"
    result.digest = digest(state_to_dict(state))
    return result
