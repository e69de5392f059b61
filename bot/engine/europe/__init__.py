"""Risk Europe rules engine: pure, deterministic, seeded; JSON state, typed actions, events.

No I/O here: the Discord layer calls `new_game`, `apply`, `view_for`, `to_act`, `winner`.
"""

from .actions import (
    ACTION_TYPES,
    Action,
    BattleOrder,
    Bid,
    ChooseMercBidOrder,
    EndTurn,
    Expand,
    Fortify,
    KeepMission,
    Maneuver,
    PlaceKingdom,
    SetStandingChoices,
    SiegeAssault,
    Spend,
    SplitExpand,
    StackCards,
    Tax,
    action_from_dict,
    action_to_dict,
)
from .engine import apply, is_over, new_game, to_act, winner
from .legal import (
    acting_army,
    expand_sources,
    expand_targets,
    fortify_territories,
    legal_actions,
    maneuver_sources,
    maneuver_targets,
    movable,
    placement_options,
    recruit_territories,
    siege_options,
    tax_cities,
)
from .rulesets import RULESETS, Ruleset
from .state import crowns, state_from_dict, state_to_dict
from .views import public_event, view_for

__all__ = [
    "ACTION_TYPES", "Action", "BattleOrder", "Bid", "ChooseMercBidOrder", "EndTurn", "Expand",
    "Fortify", "KeepMission", "Maneuver", "PlaceKingdom", "RULESETS", "Ruleset",
    "SetStandingChoices", "SiegeAssault", "Spend", "SplitExpand", "StackCards", "Tax",
    "acting_army", "action_from_dict", "action_to_dict", "apply", "crowns", "expand_sources",
    "expand_targets", "fortify_territories", "is_over", "legal_actions", "maneuver_sources",
    "maneuver_targets", "movable", "new_game", "placement_options", "public_event",
    "recruit_territories", "siege_options", "state_from_dict", "state_to_dict", "tax_cities",
    "to_act", "view_for", "winner",
]
