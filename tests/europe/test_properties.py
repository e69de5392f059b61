"""Invariants under random legal play (hypothesis): risk-europe.txt, Contents (units never
exceed each army's box), Spending Coins (coins never negative), Battles in Disputed
Territories (only two players in a disputed territory), plus JSON round trips, action
round trips, replay of seed + action log, and secrets kept out of other seats' views."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine.europe import (
    RULESETS,
    action_from_dict,
    action_to_dict,
    apply,
    is_over,
    legal_actions,
    new_game,
    state_from_dict,
    state_to_dict,
    to_act,
    view_for,
)
from bot.engine.europe.board import BOX, board
from bot.engine.europe.state import on_board
from bot.engine.rng import Rng

MODES = sorted(RULESETS)


def _check_invariants(s):
    for i, a in enumerate(s["armies"]):
        assert a["coins"] >= 0
        placed = on_board(s, i)
        assert all(placed[k] <= BOX[k] for k in range(4))
    castles = 0
    for tid, t in s["territories"].items():
        castles += t["castle"]
        holders = [x for x in (t["owner"], t["attacker"]) if x is not None]
        assert len(set(holders)) == len(holders)
        if t["attacker"] is not None:
            assert t["owner"] is not None and len(holders) == 2
            assert sum(t["attacker_units"]) > 0
        if t["owner"] is None:
            assert sum(t["units"]) == 0 and tid not in s["tiles"]
        assert all(n >= 0 for n in t["units"] + t["attacker_units"])
    assert castles <= 8


def _random_game(mode: str, seed: int, steps: int):
    names = ["Red", "Blue", "Green", "Yellow"][: RULESETS[mode].default_players]
    s = new_game(mode, names, seed)
    pick = Rng(seed * 7 + 1)
    log = []
    for _ in range(steps):
        if is_over(s):
            break
        seat = to_act(s)[0]
        action = pick.choice(legal_actions(s, seat))
        s, _ = apply(s, action)
        log.append(action_to_dict(action))
        _check_invariants(s)
    return names, s, log


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**32), steps=st.integers(1, 400))
def test_invariants_round_trip_and_replay(mode, seed, steps):
    names, s, log = _random_game(mode, seed, steps)
    assert state_from_dict(json.loads(json.dumps(state_to_dict(s)))) == s
    replay = new_game(mode, names, seed)
    for d in log:
        replay, _ = apply(replay, action_from_dict(json.loads(json.dumps(d))))
    assert replay == s


@settings(max_examples=15, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**32), steps=st.integers(1, 300))
def test_views_hide_other_seats_secrets(mode, seed, steps):
    _, s, _ = _random_game(mode, seed, steps)
    public = view_for(s, None)
    assert "rng" not in public
    text = json.dumps(public)
    assert '"rng"' not in text
    for i, a in enumerate(public["armies"]):
        assert a["stack"] is None and a["bid"] is None and isinstance(a["deck"], int)
        assert all(m.get("completed_round") is not None or m["id"] is None for m in a["missions"])
        if s["armies"][i]["seat"] is not None:
            mine = view_for(s, i)["armies"][i]
            assert mine["stack"] == s["armies"][i]["stack"]
    assert isinstance(public["crown_deck"], int)


@settings(max_examples=30, deadline=None)
@given(mode=st.sampled_from(MODES), seed=st.integers(0, 2**32), steps=st.integers(1, 200))
def test_apply_never_mutates_its_input(mode, seed, steps):
    _, s, _ = _random_game(mode, seed, steps)
    if is_over(s):
        return
    before = json.dumps(s, sort_keys=True)
    seat = to_act(s)[0]
    for action in legal_actions(s, seat)[:5]:
        apply(s, action)
    assert json.dumps(s, sort_keys=True) == before


def test_board_matches_the_rulebook_counts():
    """The Gameboard: 49 territories, 15 cities, 8 gold and 7 black; borders are mutual."""
    b = board()
    assert len(b.territories) == 49 and len(b.cities) == 15 and len(b.gold_cities) == 8
    for t in b.territories.values():
        for n in t.land:
            assert t.id in b.territories[n].land
        for n in t.sea:
            assert t.id in b.territories[n].sea
    assert sum(len(t.sea) for t in b.territories.values()) == 2 * 19
    assert set(b.tiles) == set(b.gold_cities)


def test_action_from_dict_rejects_unknown_and_malformed():
    import pytest

    from bot.engine.errors import RuleError

    for bad in (
        {"type": "nope", "seat": 0},
        {"type": "tax"},
        {"type": "expand", "seat": 0},
        {"type": "expand", "seat": 0, "source": "a", "target": "b", "units": {"dragons": 1}},
        "tax",
        None,
    ):
        with pytest.raises(RuleError):
            action_from_dict(bad)
