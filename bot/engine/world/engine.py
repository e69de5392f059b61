"""The world engine: `new_game` and `apply(state, action) -> (new_state, events)`.

Pure and deterministic: no I/O, the dice come from the seeded generator kept in the state,
and `apply` never changes the state it is given. Every illegal action raises RuleError with
a sentence a player understands. The rules themselves live in setup, turns, combat and
victory; this module dispatches and guards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.errors import RuleError
from bot.engine.rng import Rng, seed_to_state
from bot.engine.world import combat, setup, turns
from bot.engine.world.actions import (
    Action,
    Attack,
    Blitz,
    ChooseCapital,
    Claim,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Resign,
    SetDefence,
    Trade,
)
from bot.engine.world.board import world_map
from bot.engine.world.common import Event, require
from bot.engine.world.rules import Options, check_player_count, get_ruleset
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ALLIED_PLACE,
    CAPITAL_BONUS,
    CHOOSE_CAPITAL,
    GAME_OVER,
    OCCUPY,
    SETUP_PLACE,
    Player,
    WorldState,
)
from bot.engine.world.victory import declare_winner, find_winner

__all__ = ["apply", "is_over", "new_game", "to_act"]

NEUTRAL_NAMES = {"allied": "Allied Army", "2016": "Neutral", "1999": "Neutral"}


def new_game(
    ruleset: str,
    player_names: list[str],
    seed: int | str,
    options: Options | None = None,
) -> tuple[WorldState, list[Event]]:
    """Seat the players and run the setup the ruleset prescribes, up to the first choice."""
    rules = get_ruleset(ruleset)
    opts = options or rules.options
    check_player_count(rules.name, opts.min_players, opts.max_players, len(player_names))
    players = [Player(name=name) for name in player_names]
    if opts.two_player != "none":
        players.append(Player(name=NEUTRAL_NAMES[opts.two_player], neutral=True))
    world = world_map()
    rng = Rng(seed_to_state(seed))
    state = WorldState(
        ruleset=rules.name,
        options=opts,
        players=players,
        rng=0,
        owner={t: None for t in world.territories},
        armies={t: 0 for t in world.territories},
    )
    events: list[Event] = [{"type": "game_started", "ruleset": rules.name, "players": player_names}]
    setup.run_setup(state, rng, events)
    state.rng = rng.state
    return state, events


def _place(state: WorldState, a: Place, rng: Rng, events: list[Event]) -> None:
    require(
        state.phase != "claim", "Claim an empty territory first; placing starts once all are taken."
    )
    if state.phase == SETUP_PLACE:
        setup.setup_place(state, a, rng, events)
    else:
        turns.place(state, a, rng, events)


def _set_defence(state: WorldState, a: SetDefence, rng: Rng, events: list[Event]) -> None:
    require(a.dice in (1, 2), "Defend with 1 or 2 dice.")
    state.players[a.player].defend_dice = a.dice
    events.append({"type": "defence_set", "player": a.player, "dice": a.dice})


Handler = Callable[[WorldState, Any, Rng, list[Event]], None]
_HANDLERS: dict[type[Action], Handler] = {
    Claim: setup.claim,
    Place: _place,
    ChooseCapital: setup.choose_capital,
    Trade: turns.trade,
    Attack: combat.attack,
    Blitz: combat.blitz,
    Occupy: combat.occupy,
    EndAttack: turns.end_attack,
    Fortify: turns.fortify,
    EndTurn: turns.end_turn_action,
    SetDefence: _set_defence,
    Resign: turns.resign,
}


def to_act(state: WorldState) -> list[int]:
    """Seats the game is waiting for (several while headquarters are picked in secret)."""
    if state.phase == GAME_OVER:
        return []
    if state.phase == CHOOSE_CAPITAL:
        return setup.waiting_for_capital(state)
    return [state.acting]


def _check_turn(state: WorldState, action: Action) -> None:
    player = state.players[action.player]
    if player.neutral:
        raise RuleError("The neutral army never acts on its own.")
    if not player.alive:
        raise RuleError("You have been eliminated from this game.")
    if isinstance(action, SetDefence | Resign):
        return  # a standing choice, or leaving: open at any time
    waiting = to_act(state)
    if action.player in waiting:
        return
    if state.phase == CHOOSE_CAPITAL:
        raise RuleError("You have already chosen; the others are still choosing.")
    name = state.players[waiting[0]].name
    if state.phase in (ALLIED_PLACE, ALLIED_ATTACK) or (state.phase == OCCUPY and state.actor):
        raise RuleError(f"{name} is giving the Allied Army its orders now, not you.")
    if state.phase == CAPITAL_BONUS:
        raise RuleError(f"{name} is placing the armies won with a capital now, not you.")
    raise RuleError(f"It is {name}'s turn, not yours.")


def apply(
    state: WorldState, action: Action, rng: Rng | None = None
) -> tuple[WorldState, list[Event]]:
    """Apply one action to a copy of `state`; return the new state and what happened.

    `rng` replaces the state's generator (tests pass scripted dice); then the state's own
    generator is left as it was.
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError("That is not something you can do in this game.")
    if not 0 <= action.player < len(state.players):
        raise RuleError("You are not playing in this game.")
    if state.phase == GAME_OVER:
        raise RuleError("This game is over.")
    _check_turn(state, action)
    new = state.clone()
    generator = Rng(new.rng) if rng is None else rng
    events: list[Event] = []
    handler(new, action, generator, events)
    if new.phase != GAME_OVER and new.phase != CHOOSE_CAPITAL:
        winner = find_winner(new, action.player)
        if winner is not None:
            declare_winner(new, winner, events)
    if rng is None:
        new.rng = generator.state
    return new, events


def is_over(state: WorldState) -> bool:
    return state.phase == GAME_OVER
