"""`/risk new`'s rule options as the engine's option overrides.

Only the translation lives here; the service checks the result against the ruleset
(`Family.check_options`), so a bad combination is refused with the engine's own sentence.
"""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.engine.errors import RuleError

Choice = app_commands.Choice

CARD_CHOICES = [
    Choice(name="escalating (4, 6, 8, 10, 12, 15, +5)", value="escalating"),
    Choice(name="plus-one (4, 5, 6, ...)", value="plus_one"),
    Choice(name="fixed (4/6/8 alike, 10 mixed)", value="fixed"),
    Choice(name="no cards", value="none"),
]
FORTIFY_CHOICES = [
    Choice(name="one move, next door", value="adjacent"),
    Choice(name="one move, along your territories", value="connected"),
    Choice(name="any moves, along your territories", value="free"),
]
FORTIFY = {
    "adjacent": {"fortify_path": "adjacent", "fortify_moves": 1},
    "connected": {"fortify_path": "connected", "fortify_moves": 1},
    "free": {"fortify_path": "connected", "fortify_moves": None},
}
ARMY_CAP = 12


def overrides(
    *,
    cards: str | None = None,
    fortify: str | None = None,
    hq_short: bool | None = None,
    reroll: bool | None = None,
    commanders: bool | None = None,
    army_cap: bool | None = None,
) -> dict[str, Any] | None:
    """Engine option overrides for what the host chose (None: the ruleset as it is)."""
    out: dict[str, Any] = {}
    if cards is not None:
        out["card_values"] = cards
    if fortify is not None:
        if fortify not in FORTIFY:
            raise RuleError("Choose a fortify rule from the list.")
        out.update(FORTIFY[fortify])
    if hq_short is not None:
        out["hq_short"] = hq_short
    if reroll is not None:
        out["reroll_advantage"] = reroll
    if commanders is not None:
        out["commanders"] = commanders
    if army_cap is not None:
        out["max_armies"] = ARMY_CAP if army_cap else None
    return out or None
