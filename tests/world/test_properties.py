"""Invariants over random legal play (hypothesis): TESTING.md layer 1."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.ai.world import choose_action
from bot.engine.canonical import digest
from bot.engine.world import legal
from bot.engine.world.actions import (
    Attack,
    Blitz,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Trade,
    action_from_dict,
    action_to_dict,
)
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply, new_game, to_act
from bot.engine.world.rules import RULESETS
from bot.engine.world.state import (
    ATTACK,
    FORTIFY,
    OCCUPY,
    REINFORCE,
    state_from_dict,
    state_to_dict,
)


def room(state, territory):
    cap = state.options.max_armies
    return 10**6 if cap is None else cap - state.armies[territory]


def random_action(state, seat, data):
    """A random legal action, drawn from the legal-move helpers (the AI for setup)."""
    phase = state.phase
    if phase == REINFORCE:
        sets = legal.tradeable_sets(state, seat)
        if sets and (legal.must_trade(state) or data.draw(st.booleans())):
            return Trade(seat, data.draw(st.sampled_from(sets)))
        where = data.draw(st.sampled_from(legal.placeable(state, seat)))
        return Place(seat, where, data.draw(st.integers(1, min(state.pending, room(state, where)))))
    if phase == OCCUPY:
        occ = state.occupy
        return Occupy(seat, data.draw(st.integers(occ["min"], occ["max"])))
    if phase in (ATTACK, FORTIFY):
        sources = legal.attack_sources(state, seat) if phase == ATTACK else []
        roll = data.draw(st.integers(0, 9))
        if sources and roll < 7:
            source = data.draw(st.sampled_from(sources))
            target = data.draw(st.sampled_from(legal.attack_targets(state, source)))
            if roll < 2:
                stop = data.draw(st.integers(1, state.armies[source] - 1))
                return Blitz(seat, source, target, stop)
            return Attack(
                seat,
                source,
                target,
                data.draw(st.integers(1, legal.max_attack_dice(state, source))),
            )
        movers = legal.fortify_sources(state, seat)
        allied_first = phase == ATTACK and state.options.two_player == "allied"
        if movers and roll == 7 and not allied_first:
            source = data.draw(st.sampled_from(movers))
            target = data.draw(st.sampled_from(legal.fortify_targets(state, source)))
            most = min(state.armies[source] - 1, room(state, target))
            if most >= 1:
                return Fortify(seat, source, target, data.draw(st.integers(1, most)))
        return EndTurn(seat) if roll == 9 or phase == FORTIFY else EndAttack(seat)
    return choose_action(state, seat)


def check_invariants(state):
    world = world_map()
    for t in world.territories:
        if state.owner[t] is not None:
            assert state.armies[t] >= 1, f"{t} holds no army"
            assert state.players[state.owner[t]].alive
    cards = list(state.deck) + list(state.discard) + list(state.set_aside)
    for p in state.players:
        cards += p.hand
    setup = ("claim", "setup_place", "choose_capital")
    assert sorted(cards) == list(range(world.card_count)) or state.phase in setup
    data = state_to_dict(state)
    assert state_from_dict(json.loads(json.dumps(data))) == state


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ruleset=st.sampled_from(sorted(RULESETS)), seed=st.integers(0, 2**32), data=st.data())
def test_random_play_keeps_invariants_and_replays(ruleset, seed, data):
    players = RULESETS[ruleset].default_players
    state, _ = new_game(ruleset, ["A", "B", "C", "D", "E"][:players], seed)
    start = state.clone()
    log = []
    for _ in range(data.draw(st.integers(50, 400))):
        if state.phase == "game_over":
            break
        seat = to_act(state)[0]
        action = random_action(state, seat, data)
        before = sum(state.armies.values())
        new, events = apply(state, action)
        battles = [e for e in events if e["type"] == "battle"]
        placed = sum(e["armies"] for e in events if e["type"] == "placed")
        bonus = sum(e.get("bonus_armies", 0) for e in events if e["type"] == "trade")
        placed += sum(1 for e in events if e["type"] == "claimed")
        placed += sum(e["armies"] for e in events if e["type"] == "allied_placed")
        placed -= sum(e["armies"] for e in events if e["type"] == "armies_lost")
        for e in events:
            if e.get("reason") == "capital":  # expert capitals: armies swapped for one each
                placed += len(e["territories"]) - e["armies_removed"]
        lost = sum(e["attacker_losses"] + e["defender_losses"] for e in battles)
        assert sum(new.armies.values()) == before - lost + placed + bonus
        for e in battles:
            assert e["attacker_losses"] + e["defender_losses"] == min(
                len(e["attacker_dice"]), len(e["defender_dice"])
            )
        log.append(action_to_dict(action))
        state = new
        check_invariants(state)
    replayed = start
    for record in log:
        replayed, _ = apply(replayed, action_from_dict(json.loads(json.dumps(record))))
    assert digest(state_to_dict(replayed)) == digest(state_to_dict(state))
