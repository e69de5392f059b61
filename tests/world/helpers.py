"""Small builders for world-engine tests: a known board, scripted dice."""

from __future__ import annotations

from bot.engine.world.board import world_map
from bot.engine.world.engine import new_game
from bot.engine.world.rules import Options, get_ruleset
from bot.engine.world.state import ATTACK, Player, WorldState


def board(
    ruleset: str = "classic-1959",
    players: int = 3,
    owners: dict[str, int] | None = None,
    armies: dict[str, int] | None = None,
    rest_owner: int = 2,
    phase: str = ATTACK,
    current: int = 0,
    options: Options | None = None,
    neutral: bool = False,
) -> WorldState:
    """A running game where `owners` hold the named territories and `rest_owner` the rest.

    With `neutral`, `players` humans are followed by the neutral / Allied army (its seat is
    `players`)."""
    names = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"][:players]
    opts = options or get_ruleset(ruleset).options
    seats = names if len(names) >= 3 else [*names, "Filler"][:3]
    state, _ = new_game("classic-1959", seats, 7, options=None)
    state.players = state.players[: len(names)]
    if neutral:
        state.players.append(Player(name="Neutral", neutral=True))
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


def cards_of(design: str, count: int = 3) -> list[int]:
    """The first `count` territory cards of one design ("infantry", "cavalry", "artillery")."""
    world = world_map()
    return [c for c in range(len(world.territories)) if world.card_design(c) == design][:count]


def drive(state: WorldState, choose, limit: int = 5000):
    """Apply `choose(state, seat)` for whoever is to act until `stop(state)` or the limit."""
    from bot.engine.world.engine import apply, to_act

    for _ in range(limit):
        seats = to_act(state)
        if not seats:
            return state
        state, _ = apply(state, choose(state, seats[0]))
    return state
