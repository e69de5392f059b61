"""King's Orders and bonus actions: risk-europe.txt, The King's Orders Cards, Bonus Actions,
Spending Coins, City Bonus Tiles, Collecting Crowns."""

from __future__ import annotations

import pytest

from bot.engine.errors import RuleError
from bot.engine.europe import (
    EndTurn,
    Expand,
    Fortify,
    KeepMission,
    Maneuver,
    SiegeAssault,
    Spend,
    SplitExpand,
    Tax,
    apply,
    crowns,
    view_for,
)
from bot.engine.rng import ScriptedRng
from tests.europe.helpers import position, terr, units

EXPAND_FORTIFY, EXPAND_SIEGE, SPLIT, TAX_SPEND, TAX_KING = 4, 6, 7, 1, 3


def test_expand_must_leave_one_unit_behind():
    """Expand: you must leave at least one army unit behind in the original territory."""
    st = position({"bohemia": (0, [3, 0, 0, 0])}, EXPAND_FORTIFY)
    with pytest.raises(RuleError, match="leave at least 1"):
        apply(st, Expand(0, "bohemia", "bavaria", units(3)))
    st, _ = apply(st, Expand(0, "bohemia", "bavaria", units(2)))
    assert terr(st, "bavaria")["owner"] == 0 and terr(st, "bohemia")["units"][0] == 1


def test_expand_into_unclaimed_city_claims_crown_tax_and_tile():
    """Collecting Crowns 1: claim an unclaimed city: crown, its tax value once, gold tile."""
    st = position({"bohemia": (0, [5, 0, 0, 0])}, EXPAND_FORTIFY)
    st, ev = apply(st, Expand(0, "bohemia", "saxony", units(2)))
    assert st["armies"][0]["coins"] == 4 and crowns(st, 0) == 1
    assert "saxony" in st["tiles"]
    assert any(e["type"] == "city_claimed" for e in ev)


def test_expand_into_own_or_disputed_territory_is_a_maneuver():
    """Expanding notes: you may not expand into a territory in dispute or under your control."""
    st = position(
        {
            "bohemia": (0, [5, 0, 0, 0]),
            "bavaria": (0, [1, 0, 0, 0]),
            "saxony": (1, [2, 0, 0, 0], False, 0, [2, 0, 0, 0]),
        },
        EXPAND_FORTIFY,
    )
    with pytest.raises(RuleError, match="maneuver"):
        apply(st, Expand(0, "bohemia", "bavaria", units(1)))
    with pytest.raises(RuleError, match="maneuver"):
        apply(st, Expand(0, "bohemia", "saxony", units(1)))


def test_third_player_may_not_enter_disputed_territory():
    """A third player's army may not enter a disputed territory for any reason."""
    st = position(
        {"bohemia": (0, [5, 0, 0, 0]), "saxony": (1, [2, 0, 0, 0], False, 2, [2, 0, 0, 0])},
        EXPAND_FORTIFY,
    )
    with pytest.raises(RuleError, match="third army"):
        apply(st, Expand(0, "bohemia", "saxony", units(1)))
    with pytest.raises(RuleError):
        apply(st, Maneuver(0, "bohemia", "saxony", units(1)))


def test_only_defender_expands_out_of_dispute_leaving_attackers_number():
    """Only the defending player may expand out of a disputed territory, leaving as many
    units as the attacker has there."""
    st = position({"saxony": (0, [6, 0, 0, 0], False, 1, [3, 0, 0, 0])}, EXPAND_FORTIFY)
    with pytest.raises(RuleError, match="leave at least 3"):
        apply(st, Expand(0, "saxony", "bohemia", units(4)))
    st2, _ = apply(st, Expand(0, "saxony", "bohemia", units(3)))
    assert terr(st2, "saxony")["units"][0] == 3
    st = position({"saxony": (1, [6, 0, 0, 0], False, 0, [3, 0, 0, 0])}, EXPAND_FORTIFY)
    with pytest.raises(RuleError, match="only the defender may expand out of it"):
        apply(st, Expand(0, "saxony", "bohemia", units(1)))


def test_castle_needs_siege_weapon_to_attack():
    """An opponent's castle territory needs a Siege Weapon in the expanding army."""
    st = position({"bohemia": (0, [5, 0, 0, 1]), "saxony": (1, [2, 0, 0, 0], True)}, EXPAND_FORTIFY)
    with pytest.raises(RuleError, match="Siege Weapon"):
        apply(st, Expand(0, "bohemia", "saxony", units(3)))
    st, ev = apply(st, Expand(0, "bohemia", "saxony", units(2, s=1)))
    assert terr(st, "saxony")["attacker"] == 0 and terr(st, "saxony")["owner"] == 1
    assert crowns(st, 1) == 1  # the defender keeps the city until the battle


def test_split_expand_two_adjacent_targets():
    """Split Expand: up to two adjacent territories, one unit left behind."""
    st = position({"bohemia": (0, [5, 0, 0, 0])}, SPLIT)
    with pytest.raises(RuleError, match="not adjacent"):
        apply(st, SplitExpand(0, "bohemia", (("bavaria", units(1)), ("wales", units(1)))))
    with pytest.raises(RuleError, match="Expand"):
        apply(st, Expand(0, "bohemia", "bavaria", units(1)))  # card says Split Expand
    st, _ = apply(st, SplitExpand(0, "bohemia", (("bavaria", units(2)), ("highlands", units(2)))))
    assert terr(st, "bavaria")["owner"] == terr(st, "highlands")["owner"] == 0
    assert terr(st, "bohemia")["units"] == [1, 0, 0, 0]


def test_maneuver_two_territories_through_own_land():
    """Maneuver: up to two territories away through territories under your control."""
    st = position(
        {
            "bohemia": (0, [5, 0, 0, 0]),
            "bavaria": (0, [1, 0, 0, 0]),
            "lombardy": (0, [1, 0, 0, 0]),
            "rome": (0, [1, 0, 0, 0]),
        },
        EXPAND_FORTIFY,
    )
    with pytest.raises(RuleError, match="not within reach"):
        apply(st, Maneuver(0, "bohemia", "rome", units(1)))  # three away
    st, _ = apply(st, Maneuver(0, "bohemia", "lombardy", units(5)))
    # Non-city territories may be emptied: Bohemia is now unclaimed.
    assert terr(st, "bohemia")["owner"] is None and terr(st, "lombardy")["units"][0] == 6


def test_maneuver_stops_at_disputed_and_never_leaves_one():
    """Units stop on entering a disputed territory; no retreat out of one; a city or castle
    territory keeps one unit."""
    st = position(
        {
            "bohemia": (0, [5, 0, 0, 0]),
            "bavaria": (0, [1, 0, 0, 0], False, 1, [1, 0, 0, 0]),
            "lombardy": (0, [1, 0, 0, 0]),
            "saxony": (0, [3, 0, 0, 0]),
        },
        EXPAND_FORTIFY,
    )
    with pytest.raises(RuleError, match="not within reach"):
        apply(st, Maneuver(0, "bohemia", "lombardy", units(1)))  # through disputed Bavaria
    with pytest.raises(RuleError, match="retreat"):
        apply(st, Maneuver(0, "bavaria", "bohemia", units(1)))
    with pytest.raises(RuleError, match="leave one unit"):
        apply(st, Maneuver(0, "saxony", "bohemia", units(3)))
    st, _ = apply(st, Maneuver(0, "bohemia", "bavaria", units(4)))
    assert terr(st, "bavaria")["units"][0] == 5


def test_tax_follows_supply_line_and_disputes_break_it():
    """Tax: the chosen city plus all connected cities (their tax value) and non-city
    territories (1 each); disputed territories pay nothing and break the line."""
    st = position(
        {
            "saxony": (0, [1, 0, 0, 0]),
            "bohemia": (0, [1, 0, 0, 0]),
            "poland": (0, [1, 0, 0, 0]),
            "bavaria": (0, [1, 0, 0, 0]),
            "franconia": (0, [1, 0, 0, 0], False, 1, [1, 0, 0, 0]),
        },
        TAX_SPEND,
    )
    st2, ev = apply(st, Tax(0, "saxony"))
    # Berlin 4 + Bohemia 1 + Warsaw 2 + Bavaria 1; disputed Franconia pays nothing.
    assert st2["armies"][0]["coins"] == 8
    st = position(
        {
            "saxony": (0, [1, 0, 0, 0]),
            "bohemia": (0, [1, 0, 0, 0], False, 1, [1, 0, 0, 0]),
            "poland": (0, [1, 0, 0, 0]),
        },
        TAX_SPEND,
    )
    st2, _ = apply(st, Tax(0, "saxony"))
    assert st2["armies"][0]["coins"] == 4  # Bohemia's dispute cuts Warsaw off


def test_tax_bonuses_of_connected_gold_cities_fire_together():
    """London: 2 Archers; Paris: 1 Cavalry + 1 Footman; all connected bonuses fire together."""
    st = position(
        {
            "england": (0, [1, 0, 0, 0]),
            "normandy": (0, [1, 0, 0, 0]),
            "france": (0, [1, 0, 0, 0]),
            "leon_castile": (0, [1, 0, 0, 0]),
        },
        TAX_SPEND,
    )
    st, ev = apply(st, Tax(0, "england"))
    assert terr(st, "england")["units"] == [1, 2, 0, 0]
    assert terr(st, "france")["units"] == [2, 0, 1, 0]
    assert terr(st, "leon_castile")["units"] == [1, 0, 0, 0]  # Madrid not connected
    assert st["armies"][0]["coins"] == 3 + 1 + 3


def test_tile_gained_this_turn_waits_for_next_turn():
    """City Bonus Tiles: a taken-over tile's bonus is available at the start of the next
    turn."""
    st = position({"england": (0, [1, 0, 0, 0])}, TAX_SPEND)
    st["tiles"]["england"] = st["serial"]
    st, _ = apply(st, Tax(0, "england"))
    assert terr(st, "england")["units"] == [1, 0, 0, 0]


def test_spend_prices_places_and_limits():
    """Spending Coins: footman 1, archer 2, cavalry 3, siege 10; only into own undisputed
    city or castle territories; never more than the army reserve."""
    st = position(
        {
            "saxony": (0, [1, 0, 0, 0]),
            "bohemia": (0, [1, 0, 0, 0]),
            "poland": (0, [1, 0, 0, 0], False, 1, [1, 0, 0, 0]),
        },
        TAX_SPEND,
    )
    st["armies"][0]["coins"] = 16
    with pytest.raises(RuleError, match="not one"):
        apply(st, Spend(0, (("bohemia", "footmen", 1),)))
    with pytest.raises(RuleError, match="disputed"):
        apply(st, Spend(0, (("poland", "footmen", 1),)))
    with pytest.raises(RuleError, match="costs 17"):
        apply(
            st,
            Spend(0, (("saxony", "siege", 1), ("saxony", "cavalry", 1), ("saxony", "archers", 2))),
        )
    st2, _ = apply(
        st,
        Spend(
            0,
            (
                ("saxony", "siege", 1),
                ("saxony", "cavalry", 1),
                ("saxony", "archers", 1),
                ("saxony", "footmen", 1),
            ),
        ),
    )
    assert st2["armies"][0]["coins"] == 0 and terr(st2, "saxony")["units"] == [2, 1, 1, 1]
    st["armies"][0]["coins"] = 100
    with pytest.raises(RuleError, match="only 32 Footmen"):
        apply(st, Spend(0, (("saxony", "footmen", 35),)))


def test_castle_costs_12_enables_recruiting_and_berlin_discount():
    """Build Castles: 12 coins, recruit into the new castle territory; Berlin: castles cost
    three fewer coins."""
    st = position({"bohemia": (0, [1, 0, 0, 0]), "poland": (0, [1, 0, 0, 0])}, TAX_SPEND)
    st["armies"][0]["coins"] = 13
    st2, _ = apply(st, Spend(0, (("bohemia", "footmen", 1),), ("bohemia",)))
    assert terr(st2, "bohemia")["castle"] and st2["armies"][0]["coins"] == 0
    st = position({"saxony": (0, [1, 0, 0, 0]), "bohemia": (0, [1, 0, 0, 0])}, TAX_SPEND)
    st["armies"][0]["coins"] = 9
    st2, _ = apply(st, Spend(0, (), ("bohemia",)))
    assert st2["armies"][0]["coins"] == 0


def test_crown_card_ten_coins_once_per_round():
    """Purchase Crown Cards: 10 coins, one per player per round, eight in the game."""
    st = position({"saxony": (0, [1, 0, 0, 0])}, TAX_SPEND)
    st["armies"][0]["coins"] = 25
    st, _ = apply(st, Spend(0, crown_card=True))
    assert crowns(st, 0) == 2 and st["crown_cards_left"] == 7
    again = position({"saxony": (0, [1, 0, 0, 0])}, TAX_SPEND)
    again["armies"][0].update(coins=25, crown_bought_round=1)
    with pytest.raises(RuleError, match="one Crown Card per round"):
        apply(again, Spend(0, crown_card=True))


def test_crown_cards_not_sold_with_missions():
    """Kingdom Missions: players can no longer purchase Crown Cards."""
    st = position({"saxony": (0, [1, 0, 0, 0])}, TAX_SPEND, ruleset="europe-missions")
    st["armies"][0]["coins"] = 25
    with pytest.raises(RuleError, match="cannot be bought"):
        apply(st, Spend(0, crown_card=True))


def test_constantinople_escort_and_kiev_recruitment():
    """Constantinople: four free Footmen with each Siege Weapon; Kiev: recruit into non-city
    territories on Kiev's supply line."""
    st = position(
        {"turkey": (0, [1, 0, 0, 0]), "rusland": (0, [1, 0, 0, 0]), "galicia": (0, [1, 0, 0, 0])},
        TAX_SPEND,
    )
    st["armies"][0]["coins"] = 11
    st, _ = apply(st, Spend(0, (("turkey", "siege", 1), ("galicia", "footmen", 1))))
    assert terr(st, "turkey")["units"] == [5, 0, 0, 1]
    assert terr(st, "galicia")["units"] == [2, 0, 0, 0]


def test_fortify_three_in_city_four_in_castle_defender_only():
    """Fortify: three Footmen in a city, four in a castle territory; in a disputed one only
    the defending player."""
    st = position(
        {
            "saxony": (0, [1, 0, 0, 0]),
            "bohemia": (0, [1, 0, 0, 0], True),
            "poland": (1, [1, 0, 0, 0], False, 0, [1, 0, 0, 0]),
        },
        EXPAND_FORTIFY,
    )
    s2, _ = apply(st, Fortify(0, "saxony"))
    assert terr(s2, "saxony")["units"][0] == 4
    s2, _ = apply(st, Fortify(0, "bohemia"))
    assert terr(s2, "bohemia")["units"][0] == 5
    with pytest.raises(RuleError, match="only the defender"):
        apply(st, Fortify(0, "poland"))
    with pytest.raises(RuleError, match="already used"):
        apply(s2, Fortify(0, "saxony"))


def test_bonus_before_or_after_order_then_turn_passes():
    """Bonus actions may be used before or after the order; the turn then passes."""
    st = position({"france": (0, [3, 0, 0, 0])}, EXPAND_FORTIFY)
    st, _ = apply(st, Expand(0, "france", "burgundy", units(1)))
    assert st["turn"]["army"] == 0
    st, _ = apply(st, Fortify(0, "france"))
    assert st["turn"]["army"] == 1


def test_berlin_free_maneuver_after_expand():
    """Berlin, Advanced Mobility: after an expand, a free maneuver once all else is done."""
    st = position({"saxony": (0, [4, 0, 0, 0]), "denmark": (0, [1, 0, 0, 0])}, SPLIT)
    st, _ = apply(st, SplitExpand(0, "saxony", (("bohemia", units(1)),)))
    assert st["turn"]["army"] == 0 and st["turn"]["free_maneuver"]
    st, ev = apply(st, Maneuver(0, "saxony", "bohemia", units(1)))
    assert terr(st, "bohemia")["units"][0] == 2 and st["turn"]["army"] == 1


def test_siege_assault_two_dice_per_weapon_hits_on_three():
    """Siege Assault: two dice per Siege Weapon, 3+ hits, no defence; owner picks losses."""
    st = position({"bohemia": (0, [1, 0, 0, 2]), "saxony": (1, [3, 2, 0, 0])}, EXPAND_SIEGE)
    st["armies"][1]["standing"]["casualty_order"] = ["archers", "footmen", "cavalry", "siege"]
    st, ev = apply(st, SiegeAssault(0, "bohemia", "saxony"), ScriptedRng([3, 2, 6, 1]))
    assert terr(st, "saxony")["units"] == [3, 0, 0, 0]
    assert ev[0]["hits"] == 2


def test_siege_assault_not_across_sea_or_into_dispute():
    st = position(
        {
            "lorraine": (0, [1, 0, 0, 1]),
            "england": (1, [3, 0, 0, 0]),
            "saxony": (1, [1, 0, 0, 0], False, 2, [1, 0, 0, 0]),
        },
        EXPAND_SIEGE,
    )
    with pytest.raises(RuleError, match="sea-lines"):
        apply(st, SiegeAssault(0, "lorraine", "england"))
    with pytest.raises(RuleError, match="disputed"):
        apply(st, SiegeAssault(0, "lorraine", "saxony"))


def test_siege_bonus_ignored_without_siege_weapons():
    """If you control no Siege Weapons when the card is revealed, ignore Siege Assault."""
    st = position({"saxony": (0, [3, 0, 0, 0])}, TAX_SPEND)
    st["armies"][0]["stack"] = [1, EXPAND_SIEGE]
    st, _ = apply(st, EndTurn(0))
    for seat in (1, 2, 3):
        st, _ = apply(st, EndTurn(seat))
    assert st["turn"]["card"] == EXPAND_SIEGE and st["turn"]["bonus_done"]


def test_king_me_takes_marker_and_missions_draw_two_keep_one():
    """King Me: take the First Player Marker; with Kingdom Missions draw two Crown Cards,
    keep one secretly, return the other to the bottom."""
    st = position({"saxony": (1, [3, 0, 0, 0])}, TAX_KING, ruleset="europe-missions")
    st["armies"][1]["stack"] = [TAX_KING, 8]
    st, _ = apply(st, EndTurn(0))
    assert st["first_player"] == 1
    drawn = st["turn"]["pending_mission"]
    assert len(drawn) == 2 and st["crown_deck"] == st["crown_deck"][:6]
    assert view_for(st, 0)["turn"]["pending_mission"] == 2
    with pytest.raises(RuleError, match="keep first"):
        apply(st, Tax(1, "saxony"))
    st, ev = apply(st, KeepMission(1, drawn[1]))
    assert st["crown_deck"][-1] == drawn[0]
    assert view_for(st, 0)["armies"][1]["missions"][0]["id"] is None
    assert view_for(st, 1)["armies"][1]["missions"][0]["id"] == drawn[1]
    assert ev[0]["private"]["mission"] == drawn[1]


def test_teammates_cannot_enter_each_other():
    """Team Gameplay: players may not expand or maneuver into a teammate's territories."""
    st = position(
        {"saxony": (0, [3, 0, 0, 0]), "bohemia": (2, [1, 0, 0, 0])},
        EXPAND_FORTIFY,
        ruleset="europe-teams",
    )
    with pytest.raises(RuleError, match="teammate"):
        apply(st, Expand(0, "saxony", "bohemia", units(1)))


def test_wrong_seat_and_wrong_order_refused():
    st = position({"saxony": (0, [3, 0, 0, 0])}, EXPAND_FORTIFY)
    with pytest.raises(RuleError, match="not your turn"):
        apply(st, Expand(1, "saxony", "bohemia", units(1)))
    with pytest.raises(RuleError, match="not tax"):
        apply(st, Tax(0, "saxony"))
