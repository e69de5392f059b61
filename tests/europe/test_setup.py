"""Setup rules: risk-europe.txt, Let's Play / Game Setup, Steps for Kingdom Placement,
2- and 3-Player Games, Team Gameplay."""

from __future__ import annotations

import pytest

from bot.engine.errors import RuleError
from bot.engine.europe import (
    RULESETS,
    Bid,
    PlaceKingdom,
    apply,
    crowns,
    new_game,
    to_act,
    view_for,
)
from bot.engine.europe.board import board
from bot.engine.rng import ScriptedRng


def _bid_all(st, amounts, rng=None):
    for seat, amount in enumerate(amounts):
        st, ev = apply(st, Bid(seat, amount), rng)
    return st, ev


def test_rulesets_have_interface_fields():
    for name, r in RULESETS.items():
        assert r.name == name and r.source == "risk-europe.txt" and r.description
        assert r.min_players <= r.default_players <= r.max_players


def test_player_count_is_checked_with_a_sentence():
    with pytest.raises(RuleError, match="played by 4 players"):
        new_game("europe", ["a", "b"], 1)
    with pytest.raises(RuleError, match="2 to 4"):
        new_game("europe-missions", ["a"], 1)


def test_starting_kit_five_coins_one_castle_each():
    """Setup 2: five silver coins, one crown, one castle each."""
    st = new_game("europe", ["a", "b", "c", "d"], 1)
    assert [a["coins"] for a in st["armies"]] == [5, 5, 5, 5]
    assert sorted(to_act(st)) == [0, 1, 2, 3]


def test_bid_only_winner_pays_and_bids_are_secret():
    """Setup 3: highest bidder pays and takes the First Player Marker; others keep coins."""
    st = new_game("europe", ["a", "b", "c", "d"], 1)
    st, ev = apply(st, Bid(0, 3))
    assert view_for(st, 1)["armies"][0]["bid"] is None
    assert view_for(st, 0)["armies"][0]["bid"] == 3
    assert "private" in ev[0]
    st, _ = apply(st, Bid(1, 1))
    st, _ = apply(st, Bid(2, 0))
    st, ev = apply(st, Bid(3, 2))
    assert st["first_player"] == 0
    assert [a["coins"] for a in st["armies"]] == [2, 5, 5, 5]
    assert ev[-1]["type"] == "bids_revealed" or any(e["type"] == "bids_revealed" for e in ev)
    assert to_act(st) == [0] and st["phase"] == "placement"


def test_bid_more_than_coins_is_refused():
    st = new_game("europe", ["a", "b", "c", "d"], 1)
    with pytest.raises(RuleError):
        apply(st, Bid(0, 6))


def test_tied_bid_rolls_dice_highest_wins():
    """Setup 3 note: in case of a tied bid, roll dice; highest roll wins."""
    st = new_game("europe", ["a", "b", "c", "d"], 1)
    rng = ScriptedRng([4, 4, 2, 6])  # seats 1 and 3 tie at 2; roll 4/4, then 2/6
    st, _ = apply(st, Bid(0, 0), rng)
    st, _ = apply(st, Bid(1, 2), rng)
    st, _ = apply(st, Bid(2, 1), rng)
    st, _ = apply(st, Bid(3, 2), rng)
    assert st["first_player"] == 3
    assert st["armies"][3]["coins"] == 3 and st["armies"][1]["coins"] == 5


def test_kingdom_placement_collects_tax_crown_castle_tile():
    """Steps for Kingdom Placement: gold city, crown, castle, tax value, 10 Footmen split
    between the city and one adjacent non-city territory (Berlin example: 4 coins)."""
    st = new_game("europe", ["a", "b", "c", "d"], 1)
    st, _ = _bid_all(st, [1, 0, 0, 0])
    st, _ = apply(st, PlaceKingdom(0, "saxony", "bohemia", 5, 5))
    t = st["territories"]
    assert t["saxony"]["owner"] == 0 and t["saxony"]["castle"] and t["saxony"]["units"][0] == 5
    assert t["bohemia"]["owner"] == 0 and t["bohemia"]["units"][0] == 5
    assert st["armies"][0]["coins"] == 4 + 4
    assert "saxony" in st["tiles"] and crowns(st, 0) == 1
    assert to_act(st) == [1]


def test_placement_restrictions():
    st = new_game("europe", ["a", "b", "c", "d"], 1)
    st, _ = _bid_all(st, [1, 0, 0, 0])
    with pytest.raises(RuleError, match="Gold Crown"):
        apply(st, PlaceKingdom(0, "poland", None, 10, 0))  # Warsaw is black
    with pytest.raises(RuleError, match="non-city"):
        apply(st, PlaceKingdom(0, "rusland", "poland", 5, 5))
    with pytest.raises(RuleError, match="adjacent"):
        apply(st, PlaceKingdom(0, "saxony", "wales", 5, 5))
    with pytest.raises(RuleError, match="exactly 10"):
        apply(st, PlaceKingdom(0, "saxony", "bohemia", 5, 4))
    st, _ = apply(st, PlaceKingdom(0, "saxony", "bohemia", 5, 5))
    with pytest.raises(RuleError, match="already taken"):
        apply(st, PlaceKingdom(1, "saxony", "lorraine", 5, 5))


def test_rome_counts_two_crowns():
    """City Bonus Tiles, Rome: Seat of Power; Placement step 2: second space for Rome."""
    st = new_game("europe", ["a", "b", "c", "d"], 1)
    st, _ = _bid_all(st, [1, 0, 0, 0])
    st, _ = apply(st, PlaceKingdom(0, "rome", "lombardy", 6, 4))
    assert crowns(st, 0) == 2


def test_three_player_mercenary_setup_and_draft():
    """3-Player Variant: the mercenary gets two random gold cities (castle only in the first),
    10 Footmen and a crown each, 5 coins plus their tax; players draft two cities with 5
    Footmen each, castle only in the first; the mercenary goes last."""
    st = new_game("europe-3p", ["a", "b", "c"], 3)
    merc = st["armies"][3]
    assert merc["seat"] is None
    held = [tid for tid, t in st["territories"].items() if t["owner"] == 3]
    assert len(held) == 2 and all(board().territories[t].gold for t in held)
    assert sum(st["territories"][t]["castle"] for t in held) == 1
    assert all(st["territories"][t]["units"] == [10, 0, 0, 0] for t in held)
    assert merc["coins"] == 5 + sum(board().territories[t].tax for t in held)
    st, _ = _bid_all(st, [0, 2, 0])
    assert st["first_player"] == 1
    assert st["placement"]["order"] == [1, 2, 0, 1, 2, 0]
    assert st["ring"][-1] == 3 and st["ring"][0] == 1
    free = [c for c in board().gold_cities if st["territories"][c]["owner"] is None]
    for k, seat in enumerate(st["placement"]["order"]):
        city = free[k]
        with pytest.raises(RuleError, match="exactly 5"):
            apply(st, PlaceKingdom(seat, city, None, 10, 0))
        st, _ = apply(st, PlaceKingdom(seat, city, None, 5, 0))
        assert st["territories"][city]["castle"] == (k < 3)
    assert st["phase"] == "stack"


def test_two_player_mercenaries_and_three_city_draft():
    """2-Player Variant: two mercenaries with one random gold city each (castle, crown, 10
    Footmen); players draft three cities, castles in the first two; mercenaries sit between
    the players."""
    st = new_game("europe-2p", ["a", "b"], 5)
    for m in (2, 3):
        held = [tid for tid, t in st["territories"].items() if t["owner"] == m]
        assert len(held) == 1 and st["territories"][held[0]]["castle"]
    st, _ = _bid_all(st, [1, 0])
    assert st["ring"] == [0, 2, 1, 3]
    assert st["placement"]["order"] == [0, 1] * 3
    free = [c for c in board().gold_cities if st["territories"][c]["owner"] is None]
    for k, seat in enumerate(st["placement"]["order"]):
        st, _ = apply(st, PlaceKingdom(seat, free[k], None, 5, 0))
        assert st["territories"][free[k]]["castle"] == (k < 4)


def test_teams_draft_two_cities():
    """Team Gameplay: draft two starting cities each with 5 Footmen, castle in the first."""
    st = new_game("europe-teams", ["a", "b", "c", "d"], 5)
    st, _ = _bid_all(st, [1, 0, 0, 0])
    assert len(st["placement"]["order"]) == 8
    assert len(st["armies"]) == 4
