"""A computer player for the world rulesets: legal, sensible, fast and deterministic.

It reinforces the front of the continent it is going for, attacks when the exact odds
favour it, trades cards as soon as it can, and moves idle armies toward the front. It uses
no randomness of its own, so a game is still a pure function of its seed.
"""

from __future__ import annotations

from bot.engine.world import legal
from bot.engine.world.actions import (
    Action,
    Blitz,
    ChooseCapital,
    Claim,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Trade,
)
from bot.engine.world.board import WILD, world_map
from bot.engine.world.odds import win_chance
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ALLIED_PLACE,
    ATTACK,
    CAPITAL_BONUS,
    CHOOSE_CAPITAL,
    CLAIM,
    FORTIFY,
    OCCUPY,
    REINFORCE,
    SETUP_PLACE,
    WorldState,
)
from bot.engine.world.victory import CONTINENT_CODES

# Attack when the chance of taking the territory is at least this.
ATTACK_THRESHOLD = 0.6
CAPPED_THRESHOLD = 0.3


def choose_action(state: WorldState, seat: int) -> Action:
    """The action this player takes now."""
    phase = state.phase
    if phase == CLAIM:
        return Claim(seat, _best_claim(state, seat))
    if phase == SETUP_PLACE:
        if state.quota_own:
            return _place_up_to(state, seat, _front(state, seat), state.quota_own)
        return _place_up_to(state, seat, _neutral_block(state, seat), state.quota_neutral)
    if phase == CHOOSE_CAPITAL:
        return ChooseCapital(seat, _safest(state, seat))
    if phase == REINFORCE:
        sets = legal.tradeable_sets(state, seat)
        if sets and (legal.must_trade(state) or state.trade_context == "start"):
            return Trade(seat, _best_set(state, seat, sets))
        return _place_all(state, seat, _front(state, seat))
    if phase == CAPITAL_BONUS:
        zone = legal.placeable(state, seat)
        return _place_all(state, seat, max(zone, key=lambda t: _threat(state, seat, t)))
    if phase == ALLIED_PLACE:
        allied = state.neutral_seat()
        assert allied is not None
        return _place_all(state, seat, _front(state, allied, legal.placeable(state, allied)))
    if phase == OCCUPY:
        return Occupy(seat, _occupy_armies(state, legal.attacking_seat(state)))
    if phase in (ATTACK, ALLIED_ATTACK):
        army = legal.attacking_seat(state)
        attack = _best_attack(state, army)
        if attack is not None:
            source, target = attack
            expert = phase == ATTACK
            return Blitz(
                seat,
                source,
                target,
                stop_at=1,
                reroll=expert and state.options.reroll_advantage,
                commander=expert and state.options.commanders,
            )
        if phase == ALLIED_ATTACK or state.options.two_player == "allied":
            return EndAttack(seat)
        return _fortify_or_end(state, seat) or EndTurn(seat)
    if phase == FORTIFY:
        return _fortify_or_end(state, seat) or EndTurn(seat)
    raise ValueError(f"no decision to make in phase {phase}")


def _place_all(state: WorldState, seat: int, target: str) -> Place:
    return _place_up_to(state, seat, target, state.pending)


def _place_up_to(state: WorldState, seat: int, target: str, armies: int) -> Place:
    """Place `armies` on `target`, or as many as the army cap leaves room for."""
    cap = state.options.max_armies
    if cap is not None:
        armies = min(armies, cap - state.armies[target])
    return Place(seat, target, max(1, armies))


# --------------------------------------------------------------------------- scoring


def _continent_share(state: WorldState, seat: int) -> dict[str, float]:
    world = world_map()
    return {
        c: sum(state.owner[t] == seat for t in ts) / len(ts) for c, ts in world.continents.items()
    }


def _enemy_neighbours(state: WorldState, seat: int, territory: str) -> list[str]:
    return [n for n in world_map().neighbours[territory] if state.owner[n] not in (seat, None)]


def _mission_codes(state: WorldState, seat: int) -> list[str]:
    mission = state.players[seat].mission or ""
    return [CONTINENT_CODES[c] for c in mission.split("+") if c in CONTINENT_CODES]


def _goal_share(state: WorldState, seat: int) -> dict[str, float]:
    """How much each continent is worth going for: what we hold, more if the mission names it."""
    share = _continent_share(state, seat)
    for continent in _mission_codes(state, seat):
        share[continent] += 1.0
    return share


def _target_players(state: WorldState, seat: int) -> set[int]:
    mission = state.players[seat].mission or ""
    if mission.startswith("destroy:") and int(mission.split(":")[1]) != seat:
        return {int(mission.split(":")[1])}
    return set()


def _enemy_capitals(state: WorldState, seat: int) -> set[str]:
    if state.options.headquarters == "none" or state.phase == CHOOSE_CAPITAL:
        return set()
    return {
        p.capital
        for i, p in enumerate(state.players)
        if i != seat and p.capital is not None and state.owner[p.capital] != seat
    }


def _threat(state: WorldState, seat: int, territory: str) -> tuple[int, str]:
    return (sum(state.armies[n] for n in _enemy_neighbours(state, seat, territory)), territory)


def _safest(state: WorldState, seat: int) -> str:
    """A headquarters far from the enemy and well held."""
    return min(
        state.territories_of(seat),
        key=lambda t: (_threat(state, seat, t)[0] - state.armies[t], t),
    )


def _neutral_block(state: WorldState, seat: int) -> str:
    """Put a neutral army where it stands between the opponent and us."""
    neutral = state.neutral_seat()
    assert neutral is not None
    world = world_map()
    options = legal.placeable(state, neutral)

    def score(t: str) -> tuple[int, int, str]:
        ours = sum(state.owner[n] == seat for n in world.neighbours[t])
        theirs = sum(state.owner[n] not in (seat, neutral) for n in world.neighbours[t])
        return (theirs * 2 + ours, -state.armies[t], t)

    return max(options, key=score)


def _best_claim(state: WorldState, seat: int) -> str:
    world = world_map()
    share = _continent_share(state, seat)
    taken_by_others = {
        c: sum(state.owner[t] not in (seat, None) for t in ts) / len(ts)
        for c, ts in world.continents.items()
    }

    def score(t: str) -> tuple[float, int]:
        c = world.continent_of[t]
        small = 1.0 / len(world.continents[c])
        friends = sum(state.owner[n] == seat for n in world.neighbours[t])
        value = 2 * share[c] - taken_by_others[c] + small + 0.1 * friends
        return (value, -world.territories.index(t))

    return max(legal.claimable(state), key=score)


def _front(state: WorldState, seat: int, candidates: list[str] | None = None) -> str:
    """Where new armies do most good: a border territory in the continent we lead."""
    world = world_map()
    share = _goal_share(state, seat)
    placeable = candidates or legal.placeable(state, seat) or state.territories_of(seat)

    def score(t: str) -> tuple[float, int]:
        enemies = _enemy_neighbours(state, seat, t)
        if not enemies:
            return (-1000.0, -world.territories.index(t))
        threat = sum(state.armies[n] for n in enemies)
        weakest = min(state.armies[n] for n in enemies)
        focus = share[world.continent_of[t]]
        value = 3 * focus + 0.05 * threat - 0.02 * state.armies[t] + 1.0 / (1 + weakest)
        return (value, -world.territories.index(t))

    return max(placeable, key=score)


def _best_set(state: WorldState, seat: int, sets: list[tuple[int, ...]]) -> tuple[int, ...]:
    world = world_map()

    def score(cards: tuple[int, ...]) -> tuple[int, int, tuple[int, ...]]:
        wilds = sum(world.card_design(c) == WILD for c in cards)
        owned = sum(1 for c in cards if (t := world.card_territory(c)) and state.owner[t] == seat)
        return (-wilds, owned, tuple(-c for c in cards))

    return max(sets, key=score)


def _best_attack(state: WorldState, seat: int) -> tuple[str, str] | None:
    world = world_map()
    share = _goal_share(state, seat)
    targets = _target_players(state, seat)
    hqs = _enemy_capitals(state, seat)
    best: tuple[float, str, str] | None = None
    for source in legal.attack_sources(state, seat):
        for target in legal.attack_targets(state, source):
            chance = win_chance(state.armies[source], state.armies[target])
            # A stack at the army cap only wastes reinforcements: use it even at poorer odds.
            capped = state.options.max_armies is not None and (
                state.armies[source] >= state.options.max_armies - 1
            )
            if chance < (CAPPED_THRESHOLD if capped else ATTACK_THRESHOLD):
                continue
            continent = world.continent_of[target]
            defender = state.owner[target]
            holds_whole = defender is not None and all(
                state.owner[t] == defender for t in world.continents[continent]
            )
            few_left = defender is not None and len(state.territories_of(defender)) <= 2
            value = chance + share[continent] + 0.5 * holds_whole + 1.0 * few_left
            value += 1.0 * (defender in targets) + 2.0 * (target in hqs)
            key = (value, source, target)
            if best is None or key[0] > best[0]:
                best = key
    return None if best is None else (best[1], best[2])


def _occupy_armies(state: WorldState, seat: int) -> int:
    occ = state.occupy
    assert occ is not None
    if _enemy_neighbours(state, seat, occ["source"]):
        return max(occ["min"], (occ["min"] + occ["max"] + 1) // 2)
    return occ["max"]


def _fortify_or_end(state: WorldState, seat: int) -> Action | None:
    """Move the biggest idle stack toward the most threatened reachable border."""
    limit = state.options.fortify_moves
    if limit is not None and state.fortifies_done >= limit:
        return None
    interior = [
        t for t in legal.fortify_sources(state, seat) if not _enemy_neighbours(state, seat, t)
    ]
    for source in sorted(interior, key=lambda t: (-state.armies[t], t)):
        borders = [
            t for t in legal.fortify_targets(state, source) if _enemy_neighbours(state, seat, t)
        ]
        if state.options.max_armies is not None:
            borders = [t for t in borders if state.armies[t] < state.options.max_armies]
        if not borders:
            continue
        target = max(
            borders,
            key=lambda t: (
                sum(state.armies[n] for n in _enemy_neighbours(state, seat, t)) - state.armies[t],
                t,
            ),
        )
        armies = state.armies[source] - 1
        if state.options.max_armies is not None:
            armies = min(armies, state.options.max_armies - state.armies[target])
        return Fortify(seat, source, target, armies)
    return None
