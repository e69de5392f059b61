"""Soak test for the world engine: many random games with random legal moves and random rule
options, checking the invariants after every action and the replay at the end.

Slower than the test suite on purpose (minutes); run it after engine changes:
    python tools/soak_world.py GAMES [FIRST_SEED]
Any "ILLEGAL?" line means a legal-move helper offered something the engine refused.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from bot.ai.world import choose_action
from bot.engine.errors import RuleError
from bot.engine.world import legal
from bot.engine.world.actions import (
    Action,
    Attack,
    Blitz,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Resign,
    Trade,
    action_from_dict,
    action_to_dict,
)
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply, new_game, to_act
from bot.engine.world.rules import RULESETS, get_ruleset, with_options
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ATTACK,
    FORTIFY,
    GAME_OVER,
    OCCUPY,
    REINFORCE,
    WorldState,
    state_from_dict,
    state_to_dict,
)

SETUP_PHASES = ("claim", "setup_place", "choose_capital")


def room(state: WorldState, territory: str) -> int:
    cap = state.options.max_armies
    return 10**6 if cap is None else cap - state.armies[territory]


def random_attack(state: WorldState, seat: int, r: random.Random) -> Action | None:
    sources = legal.attack_sources(state, legal.army_of(state, seat))
    if not sources or r.random() > 0.85:
        return None
    source = r.choice(sources)
    target = r.choice(legal.attack_targets(state, source))
    flags: dict[str, bool] = {}
    if state.phase == ATTACK:
        flags["reroll"] = state.options.reroll_advantage and r.random() < 0.5
        flags["commander"] = state.options.commanders and r.random() < 0.5
    if r.random() < 0.3:
        return Blitz(seat, source, target, r.randint(1, state.armies[source] - 1), **flags)
    dice = r.randint(1, legal.max_attack_dice(state, source))
    return Attack(seat, source, target, dice, **flags)


def random_fortify(state: WorldState, seat: int, r: random.Random) -> Action | None:
    movers = legal.fortify_sources(state, seat)
    if not movers or r.random() < 0.5:
        return None
    source = r.choice(movers)
    target = r.choice(legal.fortify_targets(state, source))
    most = min(state.armies[source] - 1, room(state, target))
    return Fortify(seat, source, target, r.randint(1, most)) if most >= 1 else None


def random_action(state: WorldState, seat: int, r: random.Random) -> Action:
    phase = state.phase
    if phase == REINFORCE:
        sets = legal.tradeable_sets(state, seat)
        wants = state.trade_context == "start" and r.random() < 0.5
        if sets and (legal.must_trade(state) or wants):
            return Trade(seat, r.choice(sets))
        where = r.choice(legal.placement_targets(state, seat))
        return Place(seat, where, r.randint(1, min(state.pending, room(state, where))))
    if phase == OCCUPY:
        occ = state.occupy
        assert occ is not None
        return Occupy(seat, r.randint(occ["min"], occ["max"]))
    if phase in (ATTACK, ALLIED_ATTACK):
        attack = random_attack(state, seat, r)
        if attack is not None:
            return attack
        if phase == ALLIED_ATTACK or state.options.two_player == "allied":
            return EndAttack(seat)
        return EndTurn(seat) if r.random() < 0.5 else EndAttack(seat)
    if phase == FORTIFY:
        return random_fortify(state, seat, r) or EndTurn(seat)
    return choose_action(state, seat)


def random_options(r: random.Random, name: str) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if r.random() < 0.4:
        extra["card_values"] = r.choice(["escalating", "plus_one", "fixed", "none"])
    if r.random() < 0.2:
        extra["max_armies"] = 12
    if r.random() < 0.2:
        extra.update(fortify_path="connected", fortify_moves=None)
    if get_ruleset(name).options.two_player == "none" and r.random() < 0.2:
        extra["headquarters"] = "expert"
    return extra


def check(state: WorldState, label: tuple[Any, ...]) -> None:
    world = world_map()
    for t in world.territories:
        if state.owner[t] is not None:
            assert state.armies[t] >= 1, (*label, t)
            assert room(state, t) >= 0, (*label, t)
    if state.phase not in SETUP_PHASES:
        cards = [*state.deck, *state.discard, *state.set_aside]
        cards += [c for p in state.players for c in p.hand]
        assert sorted(cards) == list(range(world.card_count)), label


def soak(seed: int) -> bool:
    """One random game; False if a legal-move helper offered an illegal action."""
    r = random.Random(seed)
    name = r.choice(sorted(RULESETS))
    rules = get_ruleset(name)
    extra = random_options(r, name)
    opts = with_options(rules, **extra) if extra else None
    players = r.randint(rules.min_players, rules.max_players)
    state, _ = new_game(name, [f"P{i}" for i in range(players)], seed, opts)
    start, log = state.clone(), []
    for step in range(3000):
        if state.phase == GAME_OVER:
            break
        action = random_action(state, to_act(state)[0], r)
        if state.phase not in SETUP_PHASES and r.random() < 0.002:
            action = Resign(r.choice(state.alive_seats()))
        try:
            state, _ = apply(state, action)
        except RuleError as exc:
            print("ILLEGAL?", name, extra, seed, step, action, exc.message)
            return False
        log.append(action_to_dict(action))
        check(state, (name, seed, step))
    replayed = start
    for record in log:
        replayed, _ = apply(replayed, action_from_dict(json.loads(json.dumps(record))))
    assert state_to_dict(replayed) == state_to_dict(state), (name, seed)
    assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state
    return True


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    bad = sum(not soak(seed) for seed in range(first, first + games))
    print(f"{games} games, {bad} with an illegal offer")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
