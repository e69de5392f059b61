"""Exact odds against published numbers (shared/data/world/SOURCES.md section 2)."""

import time

from bot.engine.world.odds import battle_odds, roll_outcomes


def test_single_roll_probabilities():
    assert roll_outcomes(3, 2) == {(0, 2): 2890 / 7776, (1, 1): 2611 / 7776, (2, 0): 2275 / 7776}
    assert roll_outcomes(1, 1) == {(0, 1): 15 / 36, (1, 0): 21 / 36}
    assert roll_outcomes(2, 2)[(0, 2)] == 295 / 1296


def test_battle_table_matches_published_values():
    # 10 attackers vs 10 defenders (territory holds 10, 9 fight) = 0.47993525647768026
    assert abs(battle_odds(10, 10).attacker_wins - 0.47993525647768026) < 1e-12
    assert abs(battle_odds(2, 1).attacker_wins - 15 / 36) < 1e-12


def test_two_hundred_each_is_fast_and_sane():
    start = time.perf_counter()
    odds = battle_odds(200, 200)
    assert time.perf_counter() - start < 1.0
    assert 0.85 < odds.attacker_wins < 0.95
    assert odds.expected_defenders_left > 0
