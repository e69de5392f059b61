"""Round flow and winning: risk-europe.txt, How to Play (Round Overview), Winning the Game,
Player Elimination, Saved by the Crown, 2- and 3-Player Games, Team Gameplay."""

from __future__ import annotations

import pytest

from bot.engine.errors import RuleError
from bot.engine.europe import (
    BattleOrder,
    Bid,
    EndTurn,
    PlaceKingdom,
    StackCards,
    apply,
    to_act,
    view_for,
    winner,
)
from bot.engine.europe.board import board
from bot.engine.rng import ScriptedRng
from tests.europe.helpers import position, terr


def _placed(ruleset="europe", names=("a", "b", "c", "d"), seed=1):
    from bot.engine.europe import new_game

    st = new_game(ruleset, list(names), seed)
    for seat in range(len(names)):
        st, _ = apply(st, Bid(seat, 1 if seat == 0 else 0))
    while st["phase"] == "placement":
        seat = to_act(st)[0]
        city = next(c for c in board().gold_cities if st["territories"][c]["owner"] is None)
        n = 10 if ruleset in ("europe", "europe-missions") else 5
        st, _ = apply(st, PlaceKingdom(seat, city, None, n, 0))
    return st


def _last_turn(st):
    """End every remaining turn of the round."""
    while st["phase"] == "turn":
        st, _ = apply(st, EndTurn(to_act(st)[0]))
    return st


def test_stacks_are_secret_simultaneous_and_fixed():
    """Round Overview 1: each player secretly stacks two cards; they cannot be reordered."""
    st = _placed()
    assert sorted(to_act(st)) == [0, 1, 2, 3]
    st, ev = apply(st, StackCards(2, 4, 1))
    assert view_for(st, 0)["armies"][2]["stack"] is None
    assert view_for(st, 0)["armies"][2]["stacked"] is True
    assert view_for(st, 2)["armies"][2]["stack"] == [4, 1]
    assert view_for(st, None)["armies"][2]["hand"] == 6
    with pytest.raises(RuleError, match="not your turn"):
        apply(st, StackCards(2, 5, 6))
    with pytest.raises(RuleError, match="not in your hand"):
        apply(st, StackCards(1, 9, 1))


def test_turn_one_top_cards_turn_two_bottom_cards_in_turn_order():
    """Round Overview 2-3: turn 1 reveals top cards from the first player clockwise, turn 2
    the bottom cards in the same order."""
    st = _placed()
    for seat in range(4):
        st, _ = apply(st, StackCards(seat, 1 + seat, 5 + seat))
    assert st["turn"]["army"] == 0 and st["turn"]["card"] == 1
    seen = []
    while st["phase"] == "turn":
        seen.append((st["turn"]["army"], st["turn"]["card"]))
        st, _ = apply(st, EndTurn(to_act(st)[0]))
    assert seen == [(0, 1), (1, 2), (2, 3), (3, 4), (0, 5), (1, 6), (2, 7), (3, 8)]
    assert st["phase"] == "stack" and st["round"] == 2
    assert st["armies"][0]["discard"] == [1, 5]


def test_discards_return_at_start_of_every_fifth_round():
    """The eight cards return to hand at the start of every fifth round."""
    st = _placed()
    for _ in range(4):
        for seat in range(4):
            hand = st["armies"][seat]["hand"]
            st, _ = apply(st, StackCards(seat, hand[0], hand[1]))
        st = _last_turn(st)
        if st["phase"] == "battle_order":
            st, _ = apply(st, BattleOrder(st["first_player"]))
    assert st["round"] == 5 and st["armies"][0]["hand"] == list(range(1, 9))


def test_first_player_chooses_battle_order_default_listed():
    """Battles: the First Player Marker holder chooses the order; unlisted battles follow
    in the listed order."""
    st = position(
        {
            "saxony": (1, [1, 0, 0, 0], False, 0, [1, 0, 0, 0]),
            "france": (2, [1, 0, 0, 0], False, 0, [1, 0, 0, 0]),
            "bohemia": (0, [1, 0, 0, 0]),
            "burgundy": (0, [1, 0, 0, 0]),
        },
        card=4,
        turn_number=2,
        turn_pos=3,
        army=3,
    )
    st, _ = apply(st, EndTurn(3))
    assert st["phase"] == "battle_order" and to_act(st) == [0]
    assert st["battle_queue"] == ["saxony", "france"]
    with pytest.raises(RuleError):
        apply(st, BattleOrder(0, ("wales",)))
    st2, ev = apply(st, BattleOrder(0, ("saxony",)), ScriptedRng([6, 1, 6, 1]))
    assert [e["territory"] for e in ev if e["type"] == "battle"] == ["saxony", "france"]
    st2, ev = apply(st, BattleOrder(0, ("france",)), ScriptedRng([6, 1, 6, 1]))
    assert [e["territory"] for e in ev if e["type"] == "battle"] == ["france", "saxony"]


def _end_round(st):
    st, ev = apply(st, EndTurn(st["turn"]["army"]))
    return st, ev


def test_seven_crowns_at_round_end_wins():
    """Winning the Game: seven or more crowns at the end of a round."""
    cities = {c: (0, [1, 0, 0, 0]) for c in board().cities[:6]}
    cities["rome"] = (0, [1, 0, 0, 0])
    cities["saxony"] = (1, [1, 0, 0, 0])
    cities["france"] = (2, [1, 0, 0, 0])
    cities["turkey"] = (3, [1, 0, 0, 0])
    st = position(cities, card=4, turn_number=2, turn_pos=3, army=3)
    st, ev = _end_round(st)
    assert winner(st) == [0] and ev[-1]["type"] == "game_over"


def test_tie_broken_by_territories_then_coins_with_marker_worth_ten():
    """Ties at seven or more: most territories, then most coins; the First Player Marker
    counts as ten coins."""
    hold = {
        "england": (0, [1, 0, 0, 0]),
        "ireland": (0, [1, 0, 0, 0]),
        "sweden": (0, [1, 0, 0, 0]),
        "saxony": (0, [1, 0, 0, 0]),
        "france": (1, [1, 0, 0, 0]),
        "leon_castile": (1, [1, 0, 0, 0]),
        "algeria": (1, [1, 0, 0, 0]),
        "rome": (1, [1, 0, 0, 0]),
        "turkey": (2, [1, 0, 0, 0]),
        "rusland": (3, [1, 0, 0, 0]),
    }
    st = position(hold, card=4, turn_number=2, turn_pos=3, army=3)
    st["armies"][0]["crown_cards"] = 3  # 4 cities + 3 = 7
    st["armies"][1]["crown_cards"] = 2  # 3 cities, Rome double = 5 + 2 = 7
    st["armies"][1]["coins"] = 5
    st["first_player"] = 0  # 0 coins + 10 beats 5
    won, _ = _end_round(st)
    assert winner(won) == [0]
    st["first_player"] = 2
    won, _ = _end_round(st)
    assert winner(won) == [1]


def test_elimination_and_saved_by_the_crown():
    """A player with no city at round end is eliminated, unless a Crown Card saves them for
    one more round."""
    hold = {
        "saxony": (1, [1, 0, 0, 0]),
        "france": (2, [1, 0, 0, 0]),
        "turkey": (3, [1, 0, 0, 0]),
        "bohemia": (0, [2, 0, 0, 0]),
    }
    st = position(hold, card=4, turn_number=2, turn_pos=3, army=3)
    out, ev = _end_round(st)
    assert out["armies"][0]["eliminated"] and terr(out, "bohemia")["owner"] is None
    st["armies"][0]["crown_cards"] = 1
    out, ev = _end_round(st)
    assert not out["armies"][0]["eliminated"] and out["armies"][0]["grace_round"] == 1
    assert any(e["type"] == "saved_by_the_crown" for e in ev)
    assert out["first_player"] == 0


def test_mercenary_bid_is_paid_to_the_mercenary_army():
    """3-Player Variant 4: bid for the Mercenary Army after stacking; the winner pays the
    Mercenary Army and plays its turns from its shuffled deck."""
    st = _placed("europe-3p", ("a", "b", "c"))
    for seat in range(3):
        st, _ = apply(st, StackCards(seat, 1, 2))
    assert st["phase"] == "merc_bid"
    before = st["armies"][3]["coins"]
    st, _ = apply(st, Bid(0, 0))
    st, _ = apply(st, Bid(1, 3))
    st, _ = apply(st, Bid(2, 1))
    assert st["armies"][3]["coins"] == before + 3 and st["armies"][3]["controller"] == 1
    while st["turn"]["army"] != 3:
        st, _ = apply(st, EndTurn(to_act(st)[0]))
    assert to_act(st) == [1]
    assert view_for(st, 1)["armies"][3]["deck"] == 7


def test_two_player_first_player_picks_mercenary_bid_order():
    """2-Player Variant: two bids per round; the first player picks which army is bid first."""
    from bot.engine.europe import ChooseMercBidOrder

    st = _placed("europe-2p", ("a", "b"))
    for seat in range(2):
        st, _ = apply(st, StackCards(seat, 1, 2))
    assert st["phase"] == "merc_order" and to_act(st) == [st["first_player"]]
    st, _ = apply(st, ChooseMercBidOrder(st["first_player"], 3))
    assert st["merc_current"] == 3


def test_teams_end_after_four_passes_most_crown_cities_wins():
    """Team Gameplay: play until all 8 cards went through the hands 4 times (16 rounds); the
    team with the most crown city territories wins."""
    hold = {
        "england": (0, [1, 0, 0, 0]),
        "ireland": (2, [1, 0, 0, 0]),
        "sweden": (2, [1, 0, 0, 0]),
        "saxony": (1, [1, 0, 0, 0]),
        "rome": (3, [1, 0, 0, 0]),
    }
    st = position(hold, card=4, turn_number=2, turn_pos=3, army=3, ruleset="europe-teams")
    st["round"] = 15
    out, _ = _end_round(st)
    assert winner(out) is None
    st["round"] = 16
    out, _ = _end_round(st)
    assert winner(out) == [0, 2]
