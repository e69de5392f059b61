"""Exact battle odds: every dice outcome enumerated, then a dynamic programme over armies."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product


@cache
def roll_outcomes(attacker_dice: int, defender_dice: int) -> dict[tuple[int, int], float]:
    """Probability of each (attacker losses, defender losses) for one roll."""
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for roll in product(range(1, 7), repeat=attacker_dice + defender_dice):
        attack = sorted(roll[:attacker_dice], reverse=True)
        defend = sorted(roll[attacker_dice:], reverse=True)
        a_loss = d_loss = 0
        for a, d in zip(attack, defend, strict=False):
            if a > d:
                d_loss += 1
            else:
                a_loss += 1
        counts[(a_loss, d_loss)] = counts.get((a_loss, d_loss), 0) + 1
        total += 1
    return {k: v / total for k, v in sorted(counts.items())}


@dataclass(frozen=True)
class Odds:
    attacking: int
    defending: int
    attacker_wins: float
    # Expected armies left of the ones that fought (the one staying behind not counted).
    expected_attackers_left: float
    expected_defenders_left: float

    def to_dict(self) -> dict[str, float | int]:
        return {
            "attacking": self.attacking,
            "defending": self.defending,
            "attacker_wins": self.attacker_wins,
            "defender_wins": 1.0 - self.attacker_wins,
            "expected_attackers_left": self.expected_attackers_left,
            "expected_defenders_left": self.expected_defenders_left,
        }


def battle_odds(attacking: int, defending: int, defend_dice: int = 2) -> Odds:
    """Odds that a territory holding `attacking` armies (one stays behind) takes one holding
    `defending`, both always rolling the most dice allowed, fighting until the target falls or
    the attacker is down to one army."""
    if attacking < 1 or defending < 1:
        raise ValueError("both sides need at least one army")
    fighters = attacking - 1
    if fighters == 0:
        return Odds(attacking, defending, 0.0, 0.0, float(defending))
    prob = [[0.0] * (defending + 1) for _ in range(fighters + 1)]
    prob[fighters][defending] = 1.0
    for total in range(fighters + defending, 1, -1):
        for a in range(max(1, total - defending), min(fighters, total - 1) + 1):
            d = total - a
            p = prob[a][d]
            if p == 0.0:
                continue
            outcomes = roll_outcomes(min(3, a), min(defend_dice, 2, d))
            for (a_loss, d_loss), q in outcomes.items():
                prob[a - a_loss][d - d_loss] += p * q
    wins = sum(prob[a][0] for a in range(1, fighters + 1))
    attackers_left = sum(a * prob[a][0] for a in range(1, fighters + 1))
    defenders_left = sum(d * prob[0][d] for d in range(1, defending + 1))
    return Odds(attacking, defending, wins, attackers_left, defenders_left)


@cache
def win_chance(attacking: int, defending: int) -> float:
    """Cached attacker win probability, for the computer player's quick decisions."""
    return battle_odds(attacking, defending).attacker_wins
