"""Builders for hand-made Risk Europe positions used by the rule tests."""

from __future__ import annotations

from typing import Any

from bot.engine.europe import new_game
from bot.engine.europe.board import board

F, A, C, S = 0, 1, 2, 3


def units(f: int = 0, a: int = 0, c: int = 0, s: int = 0) -> tuple[int, int, int, int]:
    return (f, a, c, s)


def position(
    holdings: dict[str, Any],
    card: int = 4,
    army: int = 0,
    ruleset: str = "europe",
    players: int = 4,
    turn_number: int = 1,
    turn_pos: int = 0,
) -> dict[str, Any]:
    """A game in round 1 at `army`'s turn with `card` revealed and the given board.

    holdings: tid -> (owner, [F, A, C, S]) or (owner, units, castle) or
    (owner, units, castle, attacker, attacker_units).
    """
    names = ["Red", "Blue", "Green", "Yellow"][:players]
    st = new_game(ruleset, names, 7)
    for t in st["territories"].values():
        t.update(
            owner=None, units=[0, 0, 0, 0], attacker=None, attacker_units=[0, 0, 0, 0], castle=False
        )
    st["tiles"] = {}
    for tid, h in holdings.items():
        t = st["territories"][tid]
        t["owner"], t["units"] = h[0], list(h[1])
        if len(h) > 2:
            t["castle"] = h[2]
        if len(h) > 3:
            t["attacker"], t["attacker_units"] = h[3], list(h[4])
        if board().territories[tid].gold and h[0] is not None:
            st["tiles"][tid] = 0
    n_armies = len(st["armies"])
    st["ring"] = list(range(n_armies))
    st["first_player"] = 0
    st["round"] = 1
    st["serial"] = 1
    st["phase"] = "turn"
    st["turn_order"] = list(range(n_armies))
    st["turn_number"], st["turn_pos"] = turn_number, turn_pos
    for i, a in enumerate(st["armies"]):
        if a["seat"] is not None:
            a["hand"] = [c for c in range(1, 9) if c not in (card, 8 if card != 8 else 7)]
            a["stack"] = (
                [card, 8 if card != 8 else 7] if turn_number == 1 else [8 if card != 8 else 7, card]
            )
        else:
            a["controller"] = 0
            a["deck"] = [card] + [c for c in range(1, 9) if c != card]
        a["coins"] = 0
        del i
    c = board().cards[card]
    st["turn"] = {
        "army": army,
        "card": card,
        "order_done": False,
        "bonus_done": c.bonus in (None, "king_me"),
        "free_maneuver": False,
        "pending_mission": None,
    }
    return st


def terr(st: dict[str, Any], tid: str) -> dict[str, Any]:
    return st["territories"][tid]
