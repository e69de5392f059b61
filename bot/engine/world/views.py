"""Hidden information as a view: what one player (or the channel) may see."""

from __future__ import annotations

from typing import Any

from bot.engine.world.state import CHOOSE_CAPITAL, GAME_OVER, WorldState, state_to_dict


def view_for(state: WorldState, seat: int | None) -> dict[str, Any]:
    """The state as `seat` may see it; None is the public view for the channel.

    Hidden: other players' cards (only counts), other players' secret missions until the
    game is over, headquarters / capitals picked by others until all are revealed, the deck
    order, and the dice generator (it would predict every future roll).
    """
    data = state_to_dict(state)
    del data["rng"]
    data["deck"] = len(state.deck)
    over = state.phase == GAME_OVER
    picking = state.phase == CHOOSE_CAPITAL
    for i, player in enumerate(data["players"]):
        player["cards"] = len(player["hand"])
        if i != seat:
            del player["hand"]
            if not over:
                player["mission"] = None
            if picking:
                player["capital"] = None
    return data


def public_event(event: dict[str, Any]) -> dict[str, Any]:
    """An event with its private part removed, fit for the channel."""
    return {k: v for k, v in event.items() if k != "private"}
