"""How games are won: last player standing, secret missions, headquarters."""

from __future__ import annotations

from bot.engine.rng import Rng
from bot.engine.world.board import world_map
from bot.engine.world.common import Event
from bot.engine.world.state import CHOOSE_CAPITAL, GAME_OVER, WorldState

CONTINENT_CODES = {
    "NA": "North America",
    "SA": "South America",
    "EU": "Europe",
    "AF": "Africa",
    "AS": "Asia",
    "AU": "Australia",
}

# The 12-card US list (shared/data/world/missions.json); "european" adds the two
# Europe-plus-a-third-continent cards of the 14-card list.
US_MISSIONS = ["AS+SA", "AS+AF", "NA+AF", "NA+AU", "18x2", "24"]
EUROPEAN_EXTRA = ["EU+SA+1", "EU+AU+1"]


def mission_text(state: WorldState, mission: str) -> str:
    """The card's wording, naming the colour for destroy missions."""
    if mission.startswith("destroy:"):
        target = int(mission.split(":")[1])
        return (
            f"Destroy all of {state.players[target].name}'s troops. If they are yours, "
            "occupy 24 territories of your choice."
        )
    if mission == "24":
        return "Occupy 24 territories of your choice."
    if mission == "18x2":
        return "Occupy 18 territories of your choice with at least 2 armies each."
    codes = mission.split("+")
    names = [CONTINENT_CODES[c] for c in codes if c != "1"]
    third = " and a third continent of your choice" if "1" in codes else ""
    return f"Conquer {' and '.join(names)}{third}."


def deal_missions(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Shuffle the mission cards (destroy cards only for colours in play) and deal one each."""
    deck = list(US_MISSIONS)
    if state.options.missions == "european":
        deck += EUROPEAN_EXTRA
    deck += [f"destroy:{seat}" for seat in range(len(state.players))]
    rng.shuffle(deck)
    for seat, player in enumerate(state.players):
        player.mission = deck.pop()
        events.append(
            {"type": "mission_dealt", "player": seat, "private": {"mission": player.mission}}
        )


def mission_complete(state: WorldState, seat: int) -> bool:
    mission = state.players[seat].mission
    if mission is None:
        return False
    world = world_map()
    held = state.territories_of(seat)
    if mission.startswith("destroy:"):
        target = int(mission.split(":")[1])
        victim = state.players[target]
        if target != seat and not victim.resigned:
            # 2016 rules: done even when someone else removes the last of those troops.
            return not victim.alive
        # Your own colour, or one that left the game rather than being destroyed.
        mission = "24"
    if mission == "24":
        return len(held) >= 24
    if mission == "18x2":
        return sum(1 for t in held if state.armies[t] >= 2) >= 18
    owned = set(held)
    complete = [c for c, ts in world.continents.items() if owned.issuperset(ts)]
    codes = mission.split("+")
    named = [CONTINENT_CODES[c] for c in codes if c != "1"]
    if not all(c in complete for c in named):
        return False
    return "1" not in codes or len(complete) > len(named)


def hq_needed(state: WorldState, seat: int) -> int:
    """Opposing headquarters `seat` must hold for a Capital RISK win: all of them, or in the
    shorter game 2 with 4 players and 3 with 5."""
    humans = sum(1 for p in state.players if not p.neutral)
    opposing = sum(
        1 for i, p in enumerate(state.players) if i != seat and not p.neutral and p.capital
    )
    if state.options.hq_short and humans in (4, 5):
        return min(opposing, humans - 2)
    return opposing


def hq_card_holder(state: WorldState, hq_seat: int) -> int:
    """Who holds `hq_seat`'s headquarters card: the last opponent to capture that HQ, or its
    owner while nobody has."""
    return state.hq_cards.get(str(hq_seat), hq_seat)


def holds_headquarters(state: WorldState, seat: int) -> bool:
    """Capital RISK win: the cards of all (or, shorter game, enough) opposing headquarters,
    while still in control of your own headquarters territory."""
    own = state.players[seat].capital
    if own is None or state.owner[own] != seat:
        return False
    taken = sum(
        1
        for i, p in enumerate(state.players)
        if i != seat and p.capital is not None and hq_card_holder(state, i) == seat
    )
    return taken >= hq_needed(state, seat)


def find_winner(state: WorldState, first: int) -> int | None:
    """Who has won now, if anyone; `first` (the seat that just acted) is checked first."""
    alive = state.alive_seats()
    if len(alive) == 1:
        return alive[0]
    n = len(state.players)
    order = [(first + i) % n for i in range(n)]
    candidates = [s for s in order if s in alive]
    if state.options.missions != "none":
        for seat in candidates:
            if mission_complete(state, seat):
                return seat
    if state.options.headquarters == "2016" and state.phase != CHOOSE_CAPITAL:
        for seat in candidates:
            if holds_headquarters(state, seat):
                return seat
    return None


def declare_winner(state: WorldState, seat: int, events: list[Event]) -> None:
    state.winner = seat
    state.phase = GAME_OVER
    state.occupy = None
    state.actor = None
    event: Event = {"type": "game_won", "player": seat, "turn": state.turn}
    mission = state.players[seat].mission
    if mission is not None:
        event["mission"] = mission_text(state, mission)
    events.append(event)
