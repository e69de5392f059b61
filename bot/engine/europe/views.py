"""Per-seat views: hidden information stays with its owner.

Secret: order stacks until revealed, hands (they would give the stack away), bids until
revealed, uncompleted Crown Card missions, deck orders and the RNG state.
"""

from __future__ import annotations

from typing import Any

from .state import State, copy_state, crowns


def view_for(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (None: the public channel view)."""
    v = copy_state(state)
    v.pop("rng", None)
    v["crown_deck"] = len(state["crown_deck"])
    for i, a in enumerate(v["armies"]):
        mine = a["seat"] is not None and a["seat"] == seat
        a["crowns"] = crowns(state, i)
        a["deck"] = len(a["deck"])
        if not mine:
            a["hand"] = len(a["hand"])
            a["stacked"] = a["stack"] is not None
            a["stack"] = None
            a["bid_placed"] = a["bid"] is not None
            a["bid"] = None
            a["missions"] = [
                m if m["completed_round"] is not None else {"id": None, "secret": True}
                for m in a["missions"]
            ]
            a["standing"] = None
    turn = v.get("turn")
    if turn and turn.get("pending_mission") is not None:
        owner_seat = state["armies"][turn["army"]]["seat"]
        if owner_seat != seat:
            turn["pending_mission"] = len(turn["pending_mission"])
    return v


def public_event(event: dict[str, Any]) -> dict[str, Any]:
    """An event with its secret part removed, for channel narration and logs."""
    return {k: v for k, v in event.items() if k != "private"}
