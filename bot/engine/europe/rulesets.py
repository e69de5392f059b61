"""Named Risk Europe rulesets: the basic game and the rulebook's variants."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Ruleset:
    name: str
    description: str
    min_players: int
    max_players: int
    default_players: int
    source: str = "risk-europe.txt"
    missions: bool = False
    """Kingdom Missions: Crown Cards come from King Me and are not bought."""
    crown_cards_for_sale: bool = True
    teams: bool = False
    crowns_to_win: dict[int, int] = field(default_factory=dict)
    """Crowns needed to win by player count (None in team play)."""
    round_limit: int = 40
    """House safety net so every game ends: at the end of this round the best ranked player wins."""

    def mercenaries(self, players: int) -> int:
        """risk-europe.txt, 2- and 3-Player Games: one mercenary army for 3, two for 2."""
        return 0 if self.teams else 4 - players

    def draft_cities(self, players: int) -> int:
        """Starting cities per player: 1 (basic), 2 (3 players, teams), 3 (2 players)."""
        if self.teams or players == 3:
            return 2
        return 3 if players == 2 else 1

    def castle_cities(self, players: int) -> int:
        """How many of the drafted cities get a castle."""
        return 2 if players == 2 and not self.teams else 1

    def footmen_per_city(self, players: int) -> int:
        return 10 if self.draft_cities(players) == 1 else 5


_WIN = {4: 7, 3: 8, 2: 10}

RULESETS: dict[str, Ruleset] = {
    r.name: r
    for r in (
        Ruleset(
            "europe",
            "Risk Europe basic game for 4 kings: 7 crowns at a round's end wins.",
            4,
            4,
            4,
            crowns_to_win=_WIN,
        ),
        Ruleset(
            "europe-missions",
            "Risk Europe with secret Kingdom Missions on the Crown Cards (house texts).",
            2,
            4,
            4,
            missions=True,
            crown_cards_for_sale=False,
            crowns_to_win=_WIN,
        ),
        Ruleset(
            "europe-3p",
            "Risk Europe for 3 kings and a Mercenary Army bid for each round: 8 crowns wins.",
            3,
            3,
            3,
            crowns_to_win=_WIN,
        ),
        Ruleset(
            "europe-2p",
            "Risk Europe for 2 kings and two Mercenary Armies: 10 crowns wins.",
            2,
            2,
            2,
            crowns_to_win=_WIN,
        ),
        Ruleset(
            "europe-teams",
            "Risk Europe in two teams of opposite seats: most crown cities "
            "after four passes through the decks wins.",
            4,
            4,
            4,
            crown_cards_for_sale=False,
            teams=True,
            round_limit=16,
        ),
    )
}
