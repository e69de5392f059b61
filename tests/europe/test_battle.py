"""Battles: risk-europe.txt, Battles in Disputed Territories and the Reference Guide's
Resolving Disputed Territories. Dice are scripted: per rank, attacker's dice then defender's."""

from __future__ import annotations

from bot.engine.europe import crowns
from bot.engine.europe.battle import resolve_battle
from bot.engine.rng import ScriptedRng
from tests.europe.helpers import position, terr


def _fight(holdings, dice, tid="saxony", setup=None):
    st = position(holdings)
    if setup:
        setup(st)
    events: list = []
    rng = ScriptedRng(dice)
    resolve_battle(st, tid, rng, events)
    assert not rng._dice, "every scripted die is used"
    return st, events[-1]


def test_rank1_siege_two_dice_each_hits_on_3():
    """Rank 1: 2 dice per Siege Weapon, hits on 3+ (Orange rolls 1,2,3,5: two hits)."""
    st, ev = _fight({"saxony": (1, [2, 0, 0, 0], False, 0, [1, 0, 0, 2])}, [1, 2, 3, 5])
    assert ev["ranks"][0]["defender_lost"] == [2, 0, 0, 0]
    assert ev["result"] == "attacker" and terr(st, "saxony")["owner"] == 0


def test_rank2_archers_hit_on_5():
    """Rank 2: 1 die per Archer, hits on 5+."""
    st, ev = _fight({"saxony": (1, [0, 1, 0, 0], False, 0, [0, 2, 0, 0])}, [4, 5, 6])
    assert ev["ranks"][0]["rank"] == "archer volley"
    assert ev["result"] == "attacker"  # the 4 missed, the 5 and the 6 hit
    assert terr(st, "saxony")["units"] == [0, 1, 0, 0]


def test_rank3_cavalry_hit_on_3_simultaneously():
    """Rank 3: 1 die per Cavalry, hits on 3+; both sides' hits land together."""
    st, ev = _fight({"saxony": (1, [0, 0, 1, 0], False, 0, [0, 0, 1, 0])}, [3, 3])
    assert ev["result"] == "both_eliminated"
    assert terr(st, "saxony")["owner"] is None and crowns(st, 1) == 0
    assert "saxony" not in st["tiles"]  # simultaneous elimination: crowns go back


def test_rank4_general_attack_three_vs_two_ties_to_defender():
    """Rank 4: attacker up to 3 dice, defender up to 2, highest against highest, ties to the
    defender (example: 3,3,6 against 3,5: one loss each)."""
    st, ev = _fight(
        {"saxony": (1, [2, 0, 0, 0], False, 0, [3, 0, 0, 0])},
        [
            3,
            3,
            6,
            3,
            5,  # one each: 3 vs 2 left... 2 vs 1
            6,
            6,
            1,
        ],
    )
    first = ev["ranks"][0]
    assert first["attacker_lost"] == [1, 0, 0, 0] and first["defender_lost"] == [1, 0, 0, 0]
    assert ev["result"] == "attacker" and terr(st, "saxony")["units"] == [2, 0, 0, 0]


def test_defender_wins_ties_and_keeps_territory():
    st, ev = _fight({"saxony": (1, [1, 0, 0, 0], False, 0, [1, 0, 0, 0])}, [4, 4])
    assert ev["result"] == "defender" and terr(st, "saxony")["attacker"] is None
    assert terr(st, "saxony")["owner"] == 1


def test_ranked_order_repeats_until_one_side_is_gone():
    """Repeat ranks 1-4 until one army remains."""
    st, ev = _fight(
        {"saxony": (1, [1, 0, 1, 0], False, 0, [0, 0, 1, 0])},
        [
            1,
            1,  # cavalry: both miss
            5,
            3,
            4,  # general: 5 beats 4, the defender loses its Footman
            1,
            1,  # again from rank 1: cavalry miss
            2,
            6,
        ],
    )  # general: the attacker's last unit falls
    assert ev["result"] == "defender" and ev["repetitions"] == 2
    assert terr(st, "saxony")["units"] == [0, 0, 1, 0]


def test_owner_chooses_losses_by_standing_casualty_order():
    """The army owner selects the units to remove; default Footmen first, Siege last."""

    def prefer_archers(st):
        st["armies"][1]["standing"]["casualty_order"] = ["archers", "footmen", "cavalry", "siege"]

    st, ev = _fight(
        {"saxony": (1, [2, 2, 0, 0], False, 0, [1, 0, 0, 1])},
        [
            6,
            6,  # siege: two hits, the defender gives up its archers
            6,
            6,
            1,
            1,
        ],  # general: two Footmen fall
        setup=prefer_archers,
    )
    assert ev["ranks"][0]["defender_lost"] == [0, 2, 0, 0]


def test_castle_defender_rerolls_one_rank_per_repetition():
    """Castle Defense: the defender may re-roll all dice of one rank per repetition
    (example: six archers miss, the re-roll scores four hits)."""
    st, ev = _fight(
        {"saxony": (1, [0, 6, 0, 0], True, 0, [2, 2, 0, 0])},
        [
            5,
            6,  # attacker archers: two hits
            1,
            1,
            2,
            2,
            3,
            4,  # defender: no hits -> re-roll
            3,
            4,
            5,
            5,
            5,
            6,
        ],
    )  # four hits: attacker gone
    r = ev["ranks"][0]
    assert r["rerolled"] and r["attacker_lost"] == [2, 2, 0, 0]
    assert r["defender_lost"] == [0, 2, 0, 0]
    assert ev["result"] == "defender"


def test_no_reroll_without_castle_or_when_standing_choice_is_never():
    def never(st):
        st["armies"][1]["standing"]["castle_reroll"] = "never"

    st, ev = _fight({"saxony": (1, [0, 1, 0, 0], True, 0, [0, 1, 0, 0])}, [6, 1], setup=never)
    assert ev["result"] == "attacker" and not ev["ranks"][0]["rerolled"]


def test_city_castle_and_tile_change_hands_with_the_territory():
    """The winner takes the city and castle; crowns and the City Bonus Tile follow; no tax
    is collected for a city taken in battle."""
    st, ev = _fight(
        {"saxony": (1, [1, 0, 0, 0], True, 0, [0, 0, 0, 1])}, [5, 5]
    )  # the siege dice kill the lone Footman
    assert terr(st, "saxony")["owner"] == 0 and terr(st, "saxony")["castle"]
    assert crowns(st, 0) == 1 and crowns(st, 1) == 0
    assert st["tiles"]["saxony"] == st["serial"] and st["armies"][0]["coins"] == 0


def test_stockholm_raid_and_pillage_pays_four_for_a_won_attack():
    """Stockholm: collect four silver each time you attack and win the battle."""
    st, _ = _fight(
        {"sweden": (0, [1, 0, 0, 0]), "saxony": (1, [1, 0, 0, 0], False, 0, [1, 0, 0, 0])}, [6, 1]
    )
    assert st["armies"][0]["coins"] == 4
