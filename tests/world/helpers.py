"""Small builders for world-engine tests: a known board, scripted dice."""

from __future__ import annotations

from bot.engine.world.board import world_map
from bot.engine.world.engine import new_game
from bot.engine.world.rules import Options, get_ruleset
from bot.engine.world.state import ATTACK, WorldState


def board(
    ruleset: str = "classic-1959",
    players: int = 3,
    owners: dict[str, int] | None = None,
    armies: dict[str, int] | None = None,
    rest_owner: int = 2,
    phase: str = ATTACK,
    current: int = 0,
    options: Options | None = None,
) -> WorldState:
    """A running game where `owners` hold the named territories and `rest_owner` the rest."""
    names = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"][:players]
    opts = options or get_ruleset(ruleset).options
    state, _ = new_game("classic-1959", names, 7, options=None)
    state.ruleset = ruleset
    state.options = opts
    for t in world_map().territories:
        state.owner[t] = rest_owner
        state.armies[t] = 1
    for t, seat in (owners or {}).items():
        state.owner[t] = seat
    for t, n in (armies or {}).items():
        state.armies[t] = n
    state.phase = phase
    state.current = current
    state.pending = 0
    state.turn = 5
    for p in state.players:
        p.hand = []
    state.deck = list(range(world_map().card_count))
    state.discard = []
    return state


def card(territory: str) -> int:
    return world_map().territories.index(territory)


WILD_CARDS = (42, 43)
