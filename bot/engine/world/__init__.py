"""The classic 42-territory world engine: every classic ruleset as options on one engine.

The same module-level API as `bot.engine.europe`, so the service treats both alike.
"""

from bot.engine.world.actions import action_from_dict, action_to_dict
from bot.engine.world.engine import apply, is_over, new_game, to_act
from bot.engine.world.rules import RULESETS
from bot.engine.world.state import state_from_dict, state_to_dict
from bot.engine.world.views import public_event, view_for

__all__ = [
    "RULESETS",
    "action_from_dict",
    "action_to_dict",
    "apply",
    "is_over",
    "new_game",
    "public_event",
    "state_from_dict",
    "state_to_dict",
    "to_act",
    "view_for",
]
