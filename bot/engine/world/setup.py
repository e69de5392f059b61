"""Setting up a game: dealing or claiming territories, placing starting armies, picking
headquarters, and deciding who goes first."""

from __future__ import annotations

from bot.engine.errors import RuleError
from bot.engine.rng import Rng
from bot.engine.world.actions import ChooseCapital, Claim, Place
from bot.engine.world.board import world_map
from bot.engine.world.common import Event, cap_room, check_territory, require, roll_off
from bot.engine.world.state import CHOOSE_CAPITAL, CLAIM, SETUP_PLACE, WorldState
from bot.engine.world.turns import begin_turn
from bot.engine.world.victory import deal_missions

# Two-player games: armies each side and the neutral army start with, and Allied armies on
# each territory nobody claimed.
TWO_PLAYER_ARMIES = 40
ALLIED_PER_TERRITORY = 2
ALLIED_CLAIMS_EACH = 14


def starting_armies(state: WorldState) -> int:
    humans = sum(1 for p in state.players if not p.neutral)
    try:
        return state.options.starting_armies[humans]
    except KeyError:
        raise RuleError(f"This ruleset has no starting armies for {humans} players.") from None


def humans(state: WorldState) -> list[int]:
    return [i for i, p in enumerate(state.players) if not p.neutral]


def run_setup(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Everything before the first choice a player has to make."""
    opts = state.options
    if opts.missions != "none":
        deal_missions(state, rng, events)
    if opts.setup == "claim":
        reserve = starting_armies(state)
        for seat in humans(state):
            state.players[seat].reserve = reserve
        first = roll_off(rng, humans(state), events)
        state.first_player = state.current = first
        state.phase = CLAIM
        events.append({"type": "setup_claim", "first": first, "armies_each": reserve})
        return
    _deal(state, rng, events)
    if opts.setup == "deal_place" or opts.two_player in ("2016", "1999"):
        reserve = starting_armies(state)
        for seat, player in enumerate(state.players):
            player.reserve = reserve - len(state.territories_of(seat))
        state.current = state.first_player
        state.phase = SETUP_PLACE
        _next_placement(state, rng, events, advance=False)
        return
    finish_setup(state, rng, events)


def _deal(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Deal the 42 territory cards (three piles of 14 with a neutral army); one army each."""
    world = world_map()
    seats = list(range(len(state.players)))
    dealt = list(range(len(world.territories)))
    rng.shuffle(dealt)
    dealer = rng.below(len(seats))
    for i, card in enumerate(dealt):
        territory = world.territories[card]
        state.owner[territory] = seats[(dealer + 1 + i) % len(seats)]
        state.armies[territory] = 1
    events.append({"type": "territories_dealt", "dealer": dealer})
    first = (dealer + 1) % len(seats)
    while state.players[first].neutral:
        first = (first + 1) % len(seats)
    state.first_player = first


def _quota(state: WorldState, seat: int) -> tuple[int, int]:
    """Armies of one's own and neutral ones a player places on one placement turn."""
    me = state.players[seat]
    neutral = state.neutral_seat()
    spare = state.players[neutral].reserve if neutral is not None else 0
    mode = state.options.two_player
    if mode == "1999":
        return min(2, me.reserve), min(1, spare)
    if mode == "2016":
        if any(state.players[s].reserve for s in humans(state)):
            return min(2, me.reserve), 0
        return 0, min(1, spare)
    return min(1, me.reserve), 0


def _next_placement(state: WorldState, rng: Rng, events: list[Event], advance: bool) -> None:
    """Give the next player with something to place their placement turn, or end setup."""
    seats = humans(state)
    for step in range(len(seats) + 1):
        if advance or step:
            state.current = seats[(seats.index(state.current) + 1) % len(seats)]
        state.quota_own, state.quota_neutral = _quota(state, state.current)
        if state.quota_own or state.quota_neutral:
            return
        advance = True
    finish_setup(state, rng, events)


def claim(state: WorldState, a: Claim, rng: Rng, events: list[Event]) -> None:
    require(state.phase == CLAIM, "Every territory has been claimed already.")
    check_territory(a.territory)
    owner = state.owner[a.territory]
    if owner is not None:
        raise RuleError(
            f"{a.territory} is already held by {state.players[owner].name}; pick an empty one."
        )
    state.owner[a.territory] = a.player
    state.armies[a.territory] = 1
    state.players[a.player].reserve -= 1
    events.append({"type": "claimed", "player": a.player, "territory": a.territory})
    seats = humans(state)
    state.current = seats[(seats.index(state.current) + 1) % len(seats)]
    empty = [t for t, o in state.owner.items() if o is None]
    allied = state.neutral_seat()
    if allied is not None and all(
        len(state.territories_of(s)) >= ALLIED_CLAIMS_EACH for s in seats
    ):
        for t in empty:
            state.owner[t] = allied
            state.armies[t] = ALLIED_PER_TERRITORY
        events.append(
            {
                "type": "allied_placed",
                "territories": empty,
                "armies": ALLIED_PER_TERRITORY * len(empty),
            }
        )
        empty = []
    if not empty:
        state.phase = SETUP_PLACE
        _next_placement(state, rng, events, advance=False)


def setup_place(state: WorldState, a: Place, rng: Rng, events: list[Event]) -> None:
    """One placement turn's armies: one's own (or two in two-player games) and neutral ones."""
    check_territory(a.territory)
    owner = state.owner[a.territory]
    neutral = owner is not None and state.players[owner].neutral
    if owner != a.player and not neutral:
        whose = "nobody" if owner is None else state.players[owner].name
        raise RuleError(f"{a.territory} is not yours; it belongs to {whose}.")
    if neutral:
        require(state.quota_neutral > 0, "You have no neutral armies to place this turn.")
        limit = state.quota_neutral
    else:
        require(state.quota_own > 0, "Place your neutral army now, on a neutral territory.")
        limit = state.quota_own
    if not 1 <= a.armies <= limit:
        kind = "neutral " if neutral else ""
        if limit == 1:
            raise RuleError(f"Place one {kind}army at a time now.")
        raise RuleError(f"Place 1 to {limit} {kind}armies now.")
    room = cap_room(state, a.territory)
    if room is not None and a.armies > room:
        raise RuleError(f"{a.territory} can take only {room} more armies.")
    assert owner is not None
    state.armies[a.territory] += a.armies
    state.players[owner].reserve -= a.armies
    if neutral:
        state.quota_neutral -= a.armies
    else:
        state.quota_own -= a.armies
    events.append({"type": "placed", "player": owner, "territory": a.territory, "armies": a.armies})
    if not state.quota_own and not state.quota_neutral:
        _next_placement(state, rng, events, advance=True)


def finish_setup(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Board ready: headquarters next if the rules have them, otherwise the first turn."""
    state.quota_own = state.quota_neutral = 0
    if state.options.headquarters != "none":
        state.phase = CHOOSE_CAPITAL
        events.append({"type": "choose_capitals"})
        return
    start_play(state, rng, events)


def start_play(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Shuffle the full deck (with the wild cards) and begin the first turn."""
    world = world_map()
    set_aside = set(state.set_aside)
    state.deck = [c for c in range(world.card_count) if c not in set_aside]
    rng.shuffle(state.deck)
    if state.options.first_turn == "roll":
        state.first_player = roll_off(rng, humans(state), events)
    state.current = state.first_player
    begin_turn(state, events)


def choose_capital(state: WorldState, a: ChooseCapital, rng: Rng, events: list[Event]) -> None:
    require(state.phase == CHOOSE_CAPITAL, "Headquarters are chosen once, right after setup.")
    check_territory(a.territory)
    if state.owner[a.territory] != a.player:
        raise RuleError(f"{a.territory} is not yours; pick one of your own territories.")
    player = state.players[a.player]
    require(player.capital is None, "You have already chosen; it is revealed once all have.")
    player.capital = a.territory
    events.append(
        {"type": "capital_chosen", "player": a.player, "private": {"territory": a.territory}}
    )
    reveal_if_ready(state, rng, events)


def reveal_if_ready(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Once every player still in has chosen, all headquarters are shown and play begins."""
    if waiting_for_capital(state):
        return
    reveal = {str(i): p.capital for i, p in enumerate(state.players) if p.capital is not None}
    events.append({"type": "capitals_revealed", "capitals": reveal})
    if state.options.headquarters == "2016":
        world = world_map()
        state.set_aside = sorted(world.territories.index(t) for t in reveal.values() if t)
        # Each player starts with their own HQ card in front of them.
        state.hq_cards = {seat: int(seat) for seat in reveal}
    start_play(state, rng, events)


def waiting_for_capital(state: WorldState) -> list[int]:
    return [
        i for i, p in enumerate(state.players) if not p.neutral and p.alive and p.capital is None
    ]
