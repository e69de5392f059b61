"""From a world game state to the picture: the engine -> BoardView adapter.

Only public information goes into the picture: card counts, never faces; headquarters
only once everyone has chosen.
"""

from __future__ import annotations

from bot.engine.world.state import CHOOSE_CAPITAL, GAME_OVER, PHASE_NAMES, WorldState
from bot.render.renderer import render_world
from bot.render.world import BoardView, PlayerInfo


def phase_text(state: WorldState) -> str:
    if state.phase == GAME_OVER and state.winner is not None:
        return f"{state.players[state.winner].name} wins"
    who = state.players[state.acting].name
    return f"{who} — {PHASE_NAMES.get(state.phase, state.phase)}"


def board_view(state: WorldState, title: str | None = None) -> BoardView:
    """The public board: owners, armies, players' totals, this or the last turn's attacks."""
    players = []
    for seat, p in enumerate(state.players):
        held = state.territories_of(seat)
        players.append(
            PlayerInfo(
                name=p.name,
                colour=seat,
                territories=len(held),
                armies=sum(state.armies[t] for t in held),
                cards=len(p.hand),
                alive=p.alive or p.neutral,
                neutral=p.neutral,
            )
        )
    capitals: frozenset[str] = frozenset()
    if state.phase != CHOOSE_CAPITAL:
        capitals = frozenset(p.capital for p in state.players if p.capital and p.alive)
    attacks = state.attacks or state.last_attacks
    return BoardView(
        territories={t: (o, state.armies[t]) for t, o in state.owner.items()},
        players=players,
        turn=state.turn,
        phase=phase_text(state),
        arrows=[(a[0], a[1], bool(a[2])) for a in attacks],
        title=title if title is not None else state.ruleset,
        highlight=capitals,
    )


def render_state(state: WorldState, fmt: str = "PNG") -> bytes:
    """The board image of a world game, as PNG (or WEBP) bytes."""
    return render_world(board_view(state), fmt)
