"""Battles in disputed territories and Siege Assaults (risk-europe.txt, Battles in Disputed
Territories; Bonus Actions, Siege Assault).

Dice are drawn attacker first, then defender, rank by rank, so scripted dice read in order.
Nobody is asked mid-battle: casualties and the castle re-roll follow each army's standing
choices, which is what an asynchronous game needs.
"""

from __future__ import annotations

from typing import Any

from ..rng import Rng
from .board import TILE_STOCKHOLM, UNIT_KINDS, board
from .state import State, army_name, is_merc, owner, tile_active

# (unit index, dice per unit, hits on) for ranks 1-3.
RANKS: tuple[tuple[int, int, int], ...] = ((3, 2, 3), (1, 1, 5), (2, 1, 3))
RANK_NAMES = ("siege attack", "archer volley", "cavalry charge", "general attack")
DEFAULT_CASUALTY_ORDER = ("footmen", "archers", "cavalry", "siege")
REROLL_POLICIES = ("auto", "never")


def remove_casualties(state: State, army: int, units: list[int], hits: int) -> list[int]:
    """Remove `hits` units in the owner's standing casualty order; return what was lost."""
    order = state["armies"][army]["standing"]["casualty_order"]
    lost = [0, 0, 0, 0]
    for kind in order:
        i = UNIT_KINDS.index(kind)
        take = min(hits, units[i])
        units[i] -= take
        lost[i] += take
        hits -= take
    return lost


def _wants_reroll(state: State, defender: int, dice: list[int], hit_on: int) -> bool:
    """Standing castle re-roll choice for ranks 1-3: 'auto' re-rolls a rank whose misses are
    worse than the average roll would give (the one rank per repetition is spent when it pays
    most in expectation, since later ranks are not yet rolled); 'never' keeps every roll."""
    if state["armies"][defender]["standing"]["castle_reroll"] != "auto" or not dice:
        return False
    hits = sum(1 for d in dice if d >= hit_on)
    expected = len(dice) * (7 - hit_on) / 6
    return hits < expected


def _general_losses(att: list[int], dfd: list[int]) -> tuple[int, int]:
    """Compare highest to highest; ties go to the defender. Returns (att lost, def lost)."""
    a, d = sorted(att, reverse=True), sorted(dfd, reverse=True)
    att_lost = def_lost = 0
    for x, y in zip(a, d, strict=False):
        if x > y:
            def_lost += 1
        else:
            att_lost += 1
    return att_lost, def_lost


def resolve_battle(state: State, tid: str, rng: Rng, events: list[dict[str, Any]]) -> None:
    """Fight the Ranked Attack Order until one side (or both) is gone; mutates `state`."""
    t = state["territories"][tid]
    att, dfd = t["attacker"], t["owner"]
    au, du = t["attacker_units"], t["units"]
    castle = t["castle"]
    rounds = 0
    log: list[dict[str, Any]] = []
    while sum(au) and sum(du):
        rounds += 1
        reroll_left = castle
        for rank, (idx, per, hit_on) in enumerate(RANKS):
            if not (au[idx] or du[idx]):
                continue
            ad = rng.dice(au[idx] * per) if au[idx] else []
            dd = rng.dice(du[idx] * per) if du[idx] else []
            rerolled = False
            if reroll_left and _wants_reroll(state, dfd, dd, hit_on):
                dd = rng.dice(len(dd))
                reroll_left = False
                rerolled = True
            a_hits = sum(1 for x in ad if x >= hit_on)
            d_hits = sum(1 for x in dd if x >= hit_on)
            a_lost = remove_casualties(state, att, au, d_hits)
            d_lost = remove_casualties(state, dfd, du, a_hits)
            log.append(
                {
                    "rank": RANK_NAMES[rank],
                    "attacker_dice": ad,
                    "defender_dice": dd,
                    "rerolled": rerolled,
                    "attacker_lost": a_lost,
                    "defender_lost": d_lost,
                }
            )
            if not (sum(au) and sum(du)):
                break
        if not (sum(au) and sum(du)):
            break
        ad = rng.dice(min(3, sum(au)))
        dd = rng.dice(min(2, sum(du)))
        a_loss, d_loss = _general_losses(ad, dd)
        rerolled = False
        if (
            reroll_left
            and state["armies"][dfd]["standing"]["castle_reroll"] == "auto"
            and d_loss > a_loss
        ):
            dd = rng.dice(len(dd))
            a_loss, d_loss = _general_losses(ad, dd)
            rerolled = True
        a_lost = remove_casualties(state, att, au, a_loss)
        d_lost = remove_casualties(state, dfd, du, d_loss)
        log.append(
            {
                "rank": RANK_NAMES[3],
                "attacker_dice": ad,
                "defender_dice": dd,
                "rerolled": rerolled,
                "attacker_lost": a_lost,
                "defender_lost": d_lost,
            }
        )
    name = board().name(tid)
    if sum(au):
        result, winner = "attacker", att
        t["owner"], t["units"] = att, au
        gain_city(state, tid, att)
        if tile_active(state, att, TILE_STOCKHOLM) and not is_merc(state, att):
            # Stockholm, Raid & Pillage: 4 silver for winning an attack.
            state["armies"][att]["coins"] += 4
        for m in state["armies"][att]["missions"]:
            if m["completed_round"] is None:
                m["attacks_won"] = m.get("attacks_won", 0) + 1
    elif sum(du):
        result, winner = "defender", dfd
    else:
        result, winner = "both_eliminated", None
        t["owner"], t["units"] = None, [0, 0, 0, 0]
        state["tiles"].pop(tid, None)
    t["attacker"], t["attacker_units"] = None, [0, 0, 0, 0]
    events.append(
        {
            "type": "battle",
            "territory": tid,
            "attacker": att,
            "defender": dfd,
            "result": result,
            "winner": winner,
            "repetitions": rounds,
            "ranks": log,
            "text": f"Battle for {name}: {army_name(state, att)} attacked "
            f"{army_name(state, dfd)}; "
            + (
                f"{army_name(state, winner)} holds it."
                if winner is not None
                else "both armies fell and it is unclaimed."
            ),
        }
    )


def gain_city(state: State, tid: str, army: int) -> None:
    """A Gold City's tile follows the territory; it works from the next turn."""
    if board().territories[tid].gold:
        state["tiles"][tid] = state["serial"]


def siege_assault(
    state: State,
    army: int,
    source: str,
    target: str,
    dice_per: int,
    rng: Rng,
    events: list[dict[str, Any]],
) -> None:
    """Roll `dice_per` dice per Siege Weapon, 3+ hits, no defence dice; owner picks losses."""
    t = state["territories"][target]
    src = state["territories"][source]
    victim = owner(state, target)
    dice = rng.dice(src["units"][3] * dice_per)
    hits = sum(1 for d in dice if d >= 3)
    lost = remove_casualties(state, victim, t["units"], hits) if victim is not None else []
    emptied = not sum(t["units"])
    if emptied:
        t["owner"] = None
        state["tiles"].pop(target, None)
    events.append(
        {
            "type": "siege_assault",
            "army": army,
            "source": source,
            "target": target,
            "dice": dice,
            "hits": hits,
            "lost": lost,
            "emptied": emptied,
            "text": f"{army_name(state, army)} bombarded {board().name(target)}: "
            f"{hits} hit(s)" + ("; it is now unclaimed." if emptied else "."),
        }
    )
