"""The world engine: `new_game` and `apply(state, action) -> (new_state, events)`.

Pure and deterministic: no I/O, the dice come from the seeded generator kept in the state,
and `apply` never changes the state it is given. Every illegal action raises RuleError with
a sentence a player understands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine.errors import RuleError
from bot.engine.rng import Rng, seed_to_state
from bot.engine.world import cards as card_rules
from bot.engine.world.actions import (
    Action,
    Attack,
    Blitz,
    Claim,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    SetDefence,
    Trade,
)
from bot.engine.world.board import world_map
from bot.engine.world.rules import Options, get_ruleset, set_value
from bot.engine.world.state import (
    ATTACK,
    CLAIM,
    FORTIFY,
    GAME_OVER,
    OCCUPY,
    REINFORCE,
    SETUP_PLACE,
    Player,
    WorldState,
)

Event = dict[str, Any]


def new_game(
    ruleset: str,
    player_names: list[str],
    seed: int | str,
    options: Options | None = None,
) -> tuple[WorldState, list[Event]]:
    """Seat the players and run the setup the ruleset prescribes, up to the first choice."""
    rules = get_ruleset(ruleset)
    opts = options or rules.options
    n = len(player_names)
    if not opts.min_players <= n <= opts.max_players:
        raise RuleError(
            f"{rules.name} is for {opts.min_players} to {opts.max_players} players, not {n}."
        )
    world = world_map()
    rng = Rng(seed_to_state(seed))
    state = WorldState(
        ruleset=rules.name,
        options=opts,
        players=[Player(name=name) for name in player_names],
        rng=0,
        owner={t: None for t in world.territories},
        armies={t: 0 for t in world.territories},
    )
    events: list[Event] = [{"type": "game_started", "ruleset": rules.name, "players": player_names}]
    if opts.setup == "claim":
        _setup_claim(state, rng, events)
    else:
        _setup_deal(state, rng, events)
    state.rng = rng.state
    return state, events


def _starting_armies(state: WorldState) -> int:
    n = len(state.players)
    try:
        return state.options.starting_armies[n]
    except KeyError:
        raise RuleError(f"This ruleset has no starting armies for {n} players.") from None


def _roll_off(rng: Rng, n: int, events: list[Event]) -> int:
    """Each player rolls one die; the highest goes first, ties roll again."""
    contenders = list(range(n))
    while True:
        rolls = {seat: rng.die() for seat in contenders}
        events.append({"type": "roll_off", "rolls": {str(k): v for k, v in rolls.items()}})
        best = max(rolls.values())
        contenders = [seat for seat, r in rolls.items() if r == best]
        if len(contenders) == 1:
            return contenders[0]


def _setup_claim(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """2016 Classic: highest roller claims first, then everyone claims in turn."""
    reserve = _starting_armies(state)
    for p in state.players:
        p.reserve = reserve
    first = _roll_off(rng, len(state.players), events)
    state.first_player = state.current = first
    state.phase = CLAIM
    events.append({"type": "setup_claim", "first": first, "armies_each": reserve})


def _setup_deal(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Deal the 42 territory cards; each player puts one army on each territory dealt."""
    world = world_map()
    n = len(state.players)
    dealt = list(range(len(world.territories)))
    rng.shuffle(dealt)
    dealer = rng.below(n)
    for i, card in enumerate(dealt):
        seat = (dealer + 1 + i) % n
        territory = world.territories[card]
        state.owner[territory] = seat
        state.armies[territory] = 1
    events.append({"type": "territories_dealt", "dealer": dealer})
    state.first_player = (dealer + 1) % n
    if state.options.setup == "deal_place":
        reserve = _starting_armies(state)
        for seat, p in enumerate(state.players):
            p.reserve = reserve - len(state.territories_of(seat))
        state.current = state.first_player
        state.phase = SETUP_PLACE
        _skip_empty_reserves(state)
        if state.phase == SETUP_PLACE:
            return
    _start_play(state, rng, events)


def _start_play(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Shuffle the full deck (with the wild cards) and begin the first turn."""
    state.deck = list(range(world_map().card_count))
    rng.shuffle(state.deck)
    state.current = state.first_player
    _begin_turn(state, events)


def _skip_empty_reserves(state: WorldState) -> None:
    """During setup placement, pass over players who have placed everything."""
    n = len(state.players)
    for _ in range(n):
        if state.players[state.current].reserve > 0:
            return
        state.current = (state.current + 1) % n
    state.phase = "setup_done"


# --------------------------------------------------------------------------- turns


def reinforcements(state: WorldState, seat: int) -> tuple[int, list[str]]:
    """Armies due at the start of a turn: territories // 3 (at least 3) plus continents."""
    world = world_map()
    held = state.territories_of(seat)
    owned = set(held)
    continents = [c for c, ts in world.continents.items() if owned.issuperset(ts)]
    total = max(3, len(held) // 3) + sum(world.bonus[c] for c in continents)
    return total, continents


def _begin_turn(state: WorldState, events: list[Event]) -> None:
    state.turn += 1
    state.phase = REINFORCE
    state.trade_context = "start"
    state.conquered = False
    state.occupy = None
    state.fortifies_done = 0
    state.attacks = []
    total, continents = reinforcements(state, state.current)
    state.pending = total
    events.append(
        {
            "type": "turn_started",
            "player": state.current,
            "turn": state.turn,
            "reinforcements": total,
            "continents": continents,
        }
    )


def _next_seat(state: WorldState) -> int:
    n = len(state.players)
    seat = state.current
    for _ in range(n):
        seat = (seat + 1) % n
        if state.players[seat].alive:
            return seat
    return state.current


def _end_turn(state: WorldState, rng: Rng, events: list[Event]) -> None:
    """Draw the turn's card if a territory was captured, then pass to the next player."""
    player = state.players[state.current]
    if state.conquered and state.options.card_values != "none":
        if not state.deck and state.discard:
            state.deck = state.discard
            state.discard = []
            rng.shuffle(state.deck)
            events.append({"type": "deck_reshuffled", "cards": len(state.deck)})
        if state.deck:
            card = state.deck.pop()
            player.hand.append(card)
            events.append(
                {"type": "card_drawn", "player": state.current, "private": {"card": card}}
            )
    events.append({"type": "turn_ended", "player": state.current, "turn": state.turn})
    state.last_attacks = state.attacks
    state.current = _next_seat(state)
    _begin_turn(state, events)


# --------------------------------------------------------------------------- checks


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise RuleError(message)


def _territory(name: str) -> str:
    if name not in world_map().neighbours:
        raise RuleError(f"There is no territory called {name!r}.")
    return name


def _own(state: WorldState, seat: int, territory: str) -> None:
    _territory(territory)
    owner = state.owner[territory]
    if owner != seat:
        whose = "nobody" if owner is None else state.players[owner].name
        raise RuleError(f"{territory} is not yours; it belongs to {whose}.")


def must_trade(state: WorldState) -> bool:
    """Whether the current player has to trade a set before doing anything else."""
    if state.phase != REINFORCE or state.options.card_values == "none":
        return False
    hand = len(state.players[state.current].hand)
    if state.trade_context == "conquest":
        return hand > 4
    return hand >= state.options.forced_trade_at


def _cap_room(state: WorldState, territory: str) -> int | None:
    cap = state.options.max_armies
    return None if cap is None else max(0, cap - state.armies[territory])


# --------------------------------------------------------------------------- actions


def _claim(state: WorldState, a: Claim, rng: Rng, events: list[Event]) -> None:
    _require(state.phase == CLAIM, "Every territory has been claimed already.")
    _territory(a.territory)
    owner = state.owner[a.territory]
    if owner is not None:
        raise RuleError(
            f"{a.territory} is already held by {state.players[owner].name}; pick an empty one."
        )
    player = state.players[a.player]
    state.owner[a.territory] = a.player
    state.armies[a.territory] = 1
    player.reserve -= 1
    events.append({"type": "claimed", "player": a.player, "territory": a.territory})
    state.current = (state.current + 1) % len(state.players)
    if all(o is not None for o in state.owner.values()):
        state.phase = SETUP_PLACE
        _skip_empty_reserves(state)
        if state.phase != SETUP_PLACE:
            _start_play(state, rng, events)


def _place(state: WorldState, a: Place, rng: Rng, events: list[Event]) -> None:
    _require(
        state.phase != CLAIM, "Claim an empty territory first; placing starts once all are taken."
    )
    _own(state, a.player, a.territory)
    room = _cap_room(state, a.territory)
    if state.phase == SETUP_PLACE:
        _require(a.armies == 1, "During setup you place one army at a time.")
        _require(room != 0, f"{a.territory} already holds the most armies allowed.")
        state.armies[a.territory] += 1
        state.players[a.player].reserve -= 1
        events.append({"type": "placed", "player": a.player, "territory": a.territory, "armies": 1})
        state.current = (state.current + 1) % len(state.players)
        _skip_empty_reserves(state)
        if state.phase != SETUP_PLACE:
            _start_play(state, rng, events)
        return
    _require(state.phase == REINFORCE, "You have no armies to place right now.")
    if must_trade(state):
        hand = len(state.players[a.player].hand)
        raise RuleError(f"You hold {hand} cards: trade a set before placing armies.")
    _require(a.armies >= 1, "Place at least one army.")
    if a.armies > state.pending:
        raise RuleError(f"You have only {state.pending} armies left to place.")
    if room is not None and a.armies > room:
        raise RuleError(
            f"{a.territory} can take only {room} more armies "
            f"(at most {state.options.max_armies} on a territory)."
        )
    state.armies[a.territory] += a.armies
    state.pending -= a.armies
    events.append(
        {"type": "placed", "player": a.player, "territory": a.territory, "armies": a.armies}
    )
    if state.pending == 0:
        _finish_reinforce(state, events)


def _finish_reinforce(state: WorldState, events: list[Event]) -> None:
    """All armies are down: on to attacking (or back to it after a conquest trade)."""
    state.phase = ATTACK


def placeable(state: WorldState, seat: int) -> list[str]:
    """Territories that can take another army now (the 12-army cap leaves some out)."""
    cap = state.options.max_armies
    return [t for t in state.territories_of(seat) if cap is None or state.armies[t] < cap]


def _trade(state: WorldState, a: Trade, rng: Rng, events: list[Event]) -> None:
    world = world_map()
    _require(state.options.card_values != "none", "Cards are not used in this game.")
    if state.phase != REINFORCE:
        raise RuleError("You can trade cards only at the start of your turn.")
    player = state.players[a.player]
    if state.trade_context == "conquest" and len(player.hand) <= 4:
        raise RuleError("You are down to 4 cards or fewer; stop trading and place your armies.")
    missing = [c for c in a.cards if c not in player.hand]
    _require(not missing, "You do not hold those cards.")
    if not card_rules.is_set(world, a.cards):
        raise RuleError(
            "Those cards are not a set: trade three alike, one of each, or two plus a wild card."
        )
    designs = tuple(world.card_design(c) for c in a.cards)
    state.sets_traded += 1
    value = set_value(state.sets_traded, state.options.card_values, designs)
    for c in a.cards:
        player.hand.remove(c)
        state.discard.append(c)
    state.pending += value
    event: Event = {
        "type": "trade",
        "player": a.player,
        "cards": list(a.cards),
        "value": value,
        "set_number": state.sets_traded,
    }
    if state.options.territory_bonus:
        for c in a.cards:
            territory = world.card_territory(c)
            if territory is not None and state.owner[territory] == a.player:
                room = _cap_room(state, territory)
                bonus = (
                    state.options.territory_bonus
                    if room is None
                    else min(room, state.options.territory_bonus)
                )
                state.armies[territory] += bonus
                event["bonus_territory"] = territory
                event["bonus_armies"] = bonus
                break
    events.append(event)
    if state.pending == 0 and not must_trade(state):
        _finish_reinforce(state, events)


def max_attack_dice(state: WorldState, source: str) -> int:
    return max(0, min(3, state.armies[source] - 1))


def defence_dice(state: WorldState, target: str) -> int:
    owner = state.owner[target]
    assert owner is not None
    return min(state.players[owner].defend_dice, state.armies[target], 2)


def _check_attack(state: WorldState, seat: int, source: str, target: str) -> None:
    world = world_map()
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    if state.phase == REINFORCE:
        raise RuleError(f"Place your {state.pending} armies before attacking.")
    _require(state.phase == ATTACK, "The attack phase is over for this turn.")
    _own(state, seat, source)
    _territory(target)
    if state.owner[target] == seat:
        raise RuleError(f"{target} is already yours; attack a territory held by an opponent.")
    if not world.adjacent(source, target):
        raise RuleError(f"{source} does not border {target}.")
    if state.armies[source] < 2:
        raise RuleError(
            f"{source} has only {state.armies[source]} army; you need at least 2 to attack."
        )


def _battle(
    state: WorldState, seat: int, source: str, target: str, dice: int, rng: Rng, events: list[Event]
) -> bool:
    """One roll. Returns True if the target fell."""
    defender = state.owner[target]
    assert defender is not None
    d_dice = defence_dice(state, target)
    attacker_roll = [rng.die() for _ in range(dice)]
    defender_roll = [rng.die() for _ in range(d_dice)]
    a_loss = d_loss = 0
    for a_die, d_die in zip(
        sorted(attacker_roll, reverse=True), sorted(defender_roll, reverse=True), strict=False
    ):
        if a_die > d_die:
            d_loss += 1
        else:
            a_loss += 1
    state.armies[source] -= a_loss
    state.armies[target] -= d_loss
    captured = state.armies[target] == 0
    events.append(
        {
            "type": "battle",
            "player": seat,
            "defender": defender,
            "source": source,
            "target": target,
            "attacker_dice": attacker_roll,
            "defender_dice": defender_roll,
            "attacker_losses": a_loss,
            "defender_losses": d_loss,
        }
    )
    if captured:
        _capture(state, seat, source, target, dice, rng, events)
    return captured


def _capture(
    state: WorldState, seat: int, source: str, target: str, dice: int, rng: Rng, events: list[Event]
) -> None:
    defender = state.owner[target]
    assert defender is not None
    state.owner[target] = seat
    state.conquered = True
    state.attacks.append([source, target, True])
    events.append({"type": "captured", "player": seat, "territory": target, "from": defender})
    if not state.territories_of(defender):
        _eliminate(state, seat, defender, events)
    # Move in at least as many armies as dice rolled in the last throw (the 2016 wording,
    # "keep all the troops that survived", comes to the same: a capturing roll costs none).
    # The minimum moves at once so no territory is ever empty; the player may add more.
    most = state.armies[source] - 1
    least = min(dice, most)
    room = _cap_room(state, target)
    if room is not None:
        most = min(most, max(room, least))
    state.armies[source] -= least
    state.armies[target] += least
    state.occupy = {"source": source, "target": target, "min": least, "max": most}
    state.phase = OCCUPY
    if least == most or state.winner is not None:
        _move_in(state, least, events)


def _move_in(state: WorldState, armies: int, events: list[Event]) -> None:
    """Settle the capture with `armies` in the new territory in all (the minimum is there)."""
    occ = state.occupy
    assert occ is not None
    extra = armies - occ["min"]
    state.armies[occ["source"]] -= extra
    state.armies[occ["target"]] += extra
    events.append(
        {
            "type": "moved_in",
            "player": state.current,
            "source": occ["source"],
            "target": occ["target"],
            "armies": armies,
        }
    )
    state.occupy = None
    if state.winner is not None:
        state.phase = GAME_OVER
    elif len(state.players[state.current].hand) >= 6 and state.options.card_values != "none":
        # An elimination brought the hand to six or more: trade down to four now.
        state.phase = REINFORCE
        state.trade_context = "conquest"
    else:
        state.phase = ATTACK


def _eliminate(state: WorldState, seat: int, defender: int, events: list[Event]) -> None:
    loser = state.players[defender]
    loser.alive = False
    taken = loser.hand
    loser.hand = []
    state.players[seat].hand.extend(taken)
    events.append(
        {
            "type": "eliminated",
            "player": defender,
            "by": seat,
            "cards_taken": len(taken),
            "private": {"cards": taken},
        }
    )
    _check_victory(state, events)


def _check_victory(state: WorldState, events: list[Event]) -> None:
    alive = state.alive_seats()
    if len(alive) == 1:
        state.winner = alive[0]
        events.append({"type": "game_won", "player": alive[0], "turn": state.turn})


def _attack(state: WorldState, a: Attack, rng: Rng, events: list[Event]) -> None:
    _check_attack(state, a.player, a.source, a.target)
    most = max_attack_dice(state, a.source)
    if not 1 <= a.dice <= most:
        raise RuleError(
            f"With {state.armies[a.source]} armies in {a.source} you can roll 1 to {most} dice."
        )
    captured = _battle(state, a.player, a.source, a.target, a.dice, rng, events)
    if not captured:
        _note_attack(state, a.source, a.target)


def _note_attack(state: WorldState, source: str, target: str) -> None:
    if not state.attacks or state.attacks[-1][:2] != [source, target]:
        state.attacks.append([source, target, False])


def _blitz(state: WorldState, a: Blitz, rng: Rng, events: list[Event]) -> None:
    _check_attack(state, a.player, a.source, a.target)
    stop_at = max(1, a.stop_at)
    if state.armies[a.source] <= stop_at:
        raise RuleError(
            f"{a.source} has {state.armies[a.source]} armies, already at your stop level of "
            f"{stop_at}."
        )
    while state.armies[a.source] > stop_at:
        if _battle(
            state, a.player, a.source, a.target, max_attack_dice(state, a.source), rng, events
        ):
            return
    _note_attack(state, a.source, a.target)


def _occupy(state: WorldState, a: Occupy, rng: Rng, events: list[Event]) -> None:
    _require(
        state.phase == OCCUPY and state.occupy is not None,
        "There is no captured territory waiting for armies.",
    )
    occ = state.occupy
    assert occ is not None
    if not occ["min"] <= a.armies <= occ["max"]:
        raise RuleError(f"Move between {occ['min']} and {occ['max']} armies into {occ['target']}.")
    _move_in(state, a.armies, events)


def _end_attack(state: WorldState, a: EndAttack, rng: Rng, events: list[Event]) -> None:
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    _require(state.phase == ATTACK, "You are not attacking right now.")
    state.phase = FORTIFY
    events.append({"type": "attack_ended", "player": a.player})


def fortify_targets(state: WorldState, source: str) -> list[str]:
    """Where armies in `source` may move: next door, or anywhere along your own chain."""
    world = world_map()
    seat = state.owner[source]
    if state.options.fortify_path == "adjacent":
        return sorted(n for n in world.neighbours[source] if state.owner[n] == seat)
    seen = {source}
    frontier = [source]
    while frontier:
        here = frontier.pop()
        for n in world.neighbours[here]:
            if n not in seen and state.owner[n] == seat:
                seen.add(n)
                frontier.append(n)
    seen.discard(source)
    return sorted(seen)


def _fortify(state: WorldState, a: Fortify, rng: Rng, events: list[Event]) -> None:
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    _require(state.phase in (ATTACK, FORTIFY), "You can move armies only at the end of your turn.")
    _own(state, a.player, a.source)
    _own(state, a.player, a.target)
    _require(a.source != a.target, "Pick two different territories.")
    if a.target not in fortify_targets(state, a.source):
        how = (
            "next to"
            if state.options.fortify_path == "adjacent"
            else "connected through your territories to"
        )
        raise RuleError(f"{a.target} is not {how} {a.source}.")
    if not 1 <= a.armies <= state.armies[a.source] - 1:
        raise RuleError(
            f"You can move 1 to {state.armies[a.source] - 1} armies from {a.source}; "
            "one must stay behind."
        )
    room = _cap_room(state, a.target)
    if room is not None and a.armies > room:
        raise RuleError(f"{a.target} can take only {room} more armies.")
    state.phase = FORTIFY
    state.armies[a.source] -= a.armies
    state.armies[a.target] += a.armies
    state.fortifies_done += 1
    events.append(
        {
            "type": "fortified",
            "player": a.player,
            "source": a.source,
            "target": a.target,
            "armies": a.armies,
        }
    )
    limit = state.options.fortify_moves
    if limit is not None and state.fortifies_done >= limit:
        _end_turn(state, rng, events)


def _end_turn_action(state: WorldState, a: EndTurn, rng: Rng, events: list[Event]) -> None:
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    if state.phase == REINFORCE:
        raise RuleError(f"Place your {state.pending} armies before ending your turn.")
    _require(state.phase in (ATTACK, FORTIFY), "You cannot end your turn right now.")
    _end_turn(state, rng, events)


def _set_defence(state: WorldState, a: SetDefence, rng: Rng, events: list[Event]) -> None:
    _require(a.dice in (1, 2), "Defend with 1 or 2 dice.")
    state.players[a.player].defend_dice = a.dice
    events.append({"type": "defence_set", "player": a.player, "dice": a.dice})


Handler = Callable[[WorldState, Any, Rng, list[Event]], None]
_HANDLERS: dict[type[Action], Handler] = {
    Claim: _claim,
    Place: _place,
    Trade: _trade,
    Attack: _attack,
    Blitz: _blitz,
    Occupy: _occupy,
    EndAttack: _end_attack,
    Fortify: _fortify,
    EndTurn: _end_turn_action,
    SetDefence: _set_defence,
}

# Actions a player may take outside their own turn.
_ANY_TIME = (SetDefence,)


def apply(
    state: WorldState, action: Action, rng: Rng | None = None
) -> tuple[WorldState, list[Event]]:
    """Apply one action to a copy of `state`; return the new state and what happened.

    `rng` replaces the state's generator (tests pass scripted dice); the state's own
    generator state is still advanced only when it is used.
    """
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError("That is not something you can do in this game.")
    if not 0 <= action.player < len(state.players):
        raise RuleError("You are not playing in this game.")
    if state.phase == GAME_OVER:
        raise RuleError("This game is over.")
    if not isinstance(action, _ANY_TIME):
        if not state.players[action.player].alive:
            raise RuleError("You have been eliminated from this game.")
        if action.player != state.current:
            raise RuleError(f"It is {state.players[state.current].name}'s turn, not yours.")
    new = state.clone()
    own_rng = rng is None
    generator = Rng(new.rng) if rng is None else rng
    events: list[Event] = []
    handler(new, action, generator, events)
    if own_rng:
        new.rng = generator.state
    return new, events


def to_act(state: WorldState) -> list[int]:
    """Seats the game is waiting for."""
    return [] if state.phase == GAME_OVER else [state.current]


def is_over(state: WorldState) -> bool:
    return state.phase == GAME_OVER
