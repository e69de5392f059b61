"""A turn: reinforcements and cards, the end of attacks, the free move, passing the dice."""

from __future__ import annotations

from bot.engine.errors import RuleError
from bot.engine.rng import Rng
from bot.engine.world import cards as card_rules
from bot.engine.world.actions import EndAttack, EndTurn, Fortify, Place, Resign, Trade
from bot.engine.world.board import world_map
from bot.engine.world.common import Event, cap_room, check_own, next_player, opponent_of, require
from bot.engine.world.rules import set_value
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
    Player,
    WorldState,
)
from bot.engine.world.victory import declare_winner

CAPITAL_BONUS_ARMIES = 5


def reinforcements(state: WorldState, seat: int) -> tuple[int, list[str]]:
    """Armies due at the start of a turn: territories // 3 (at least 3) plus continents."""
    world = world_map()
    held = state.territories_of(seat)
    owned = set(held)
    continents = [c for c, ts in world.continents.items() if owned.issuperset(ts)]
    total = max(3, len(held) // 3) + sum(world.bonus[c] for c in continents)
    return total, continents


def begin_turn(state: WorldState, events: list[Event]) -> None:
    state.turn += 1
    state.phase = REINFORCE
    state.trade_context = "start"
    state.conquered = False
    state.occupy = None
    state.actor = None
    state.fortifies_done = 0
    state.commander_used = False
    state.end_after_allied = False
    state.attacks = []
    total, continents = reinforcements(state, state.current)
    state.pending = total
    event: Event = {
        "type": "turn_started",
        "player": state.current,
        "turn": state.turn,
        "reinforcements": total,
        "continents": continents,
    }
    state.turn_income = total
    if state.options.two_player == "allied":
        _allied_share(state)
        event["allied_reinforcements"] = state.allied_pending
    events.append(event)
    settle_pending(state, events)


def _allied_share(state: WorldState) -> None:
    """The Allied Army gets half (rounded down) of the armies the player is entitled to at
    the start of the turn, card sets included, while it holds any territory."""
    allied = state.neutral_seat()
    held = allied is not None and bool(state.territories_of(allied))
    state.allied_pending = state.turn_income // 2 if held else 0


def must_trade(state: WorldState) -> bool:
    """Whether the current player has to trade a set before doing anything else."""
    if state.phase != REINFORCE or state.options.card_values == "none":
        return False
    hand = len(state.players[state.current].hand)
    if state.trade_context == "conquest":
        return hand > 4
    return hand >= state.options.forced_trade_at


def placeable(state: WorldState, seat: int) -> list[str]:
    """Territories of `seat` that can take another army now (the 12-army cap leaves some out)."""
    if state.phase == CAPITAL_BONUS:
        candidates = list(state.bonus_zone)
    else:
        candidates = state.territories_of(seat)
    return [t for t in candidates if cap_room(state, t) != 0]


def settle_pending(state: WorldState, events: list[Event]) -> None:
    """Move on once nothing is left to place; under the 12-army cap, armies with no room
    anywhere are lost (expert rules)."""
    if state.phase not in (REINFORCE, ALLIED_PLACE, CAPITAL_BONUS):
        return
    seat = state.neutral_seat() if state.phase == ALLIED_PLACE else state.acting
    assert seat is not None
    capped = state.options.max_armies is not None
    if capped and state.pending > 0 and not placeable(state, seat) and not must_trade(state):
        events.append({"type": "armies_lost", "player": seat, "armies": state.pending})
        state.pending = 0
    if state.pending > 0 or must_trade(state):
        return
    if state.phase == REINFORCE:
        state.phase = ATTACK
    elif state.phase == ALLIED_PLACE:
        state.phase = ALLIED_ATTACK
    else:
        state.bonus_zone = []
        state.actor = None
        pass_turn(state, events)


def place(state: WorldState, a: Place, rng: Rng, events: list[Event]) -> None:
    require(
        state.phase in (REINFORCE, ALLIED_PLACE, CAPITAL_BONUS),
        "You have no armies to place right now.",
    )
    if state.phase == ALLIED_PLACE:
        allied = state.neutral_seat()
        require(
            state.owner.get(a.territory) == allied, f"{a.territory} is not held by the Allied Army."
        )
    elif state.phase == CAPITAL_BONUS:
        require(
            a.territory in state.bonus_zone,
            f"Place these armies on the fallen player's former territories, not {a.territory}.",
        )
    else:
        check_own(state, a.player, a.territory)
    if must_trade(state):
        hand = len(state.players[a.player].hand)
        raise RuleError(f"You hold {hand} cards: trade a set before placing armies.")
    require(a.armies >= 1, "Place at least one army.")
    if a.armies > state.pending:
        raise RuleError(f"You have only {state.pending} armies left to place.")
    room = cap_room(state, a.territory)
    if room is not None and a.armies > room:
        raise RuleError(
            f"{a.territory} can take only {room} more armies "
            f"(at most {state.options.max_armies} on a territory)."
        )
    state.armies[a.territory] += a.armies
    state.pending -= a.armies
    events.append(
        {
            "type": "placed",
            "player": state.owner[a.territory],
            "territory": a.territory,
            "armies": a.armies,
        }
    )
    settle_pending(state, events)


def trade(state: WorldState, a: Trade, rng: Rng, events: list[Event]) -> None:
    world = world_map()
    require(state.options.card_values != "none", "Cards are not used in this game.")
    if state.phase != REINFORCE:
        raise RuleError("You can trade cards only at the start of your turn.")
    player = state.players[a.player]
    if state.trade_context == "conquest" and len(player.hand) <= 4:
        raise RuleError("You are down to 4 cards or fewer; stop trading and place your armies.")
    require(all(c in player.hand for c in a.cards), "You do not hold those cards.")
    require(
        not set(a.cards) & set(state.set_aside),
        "A Headquarters card can never be part of a set.",
    )
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
                room = cap_room(state, territory)
                bonus = state.options.territory_bonus
                if room is not None:
                    bonus = min(room, bonus)
                state.armies[territory] += bonus
                event["bonus_territory"] = territory
                event["bonus_armies"] = bonus
                break
    if state.options.two_player == "allied" and state.trade_context == "start":
        state.turn_income += value + event.get("bonus_armies", 0)
        _allied_share(state)
        event["allied_reinforcements"] = state.allied_pending
    events.append(event)
    settle_pending(state, events)


def _start_allied(state: WorldState, events: list[Event]) -> bool:
    """Hand the Allied Army to the other player before the free move. False if not used."""
    allied = state.neutral_seat()
    if state.options.two_player != "allied" or allied is None or not state.territories_of(allied):
        return False
    state.actor = opponent_of(state, state.current)
    state.pending = state.allied_pending
    state.allied_pending = 0
    state.phase = ALLIED_PLACE if state.pending else ALLIED_ATTACK
    events.append({"type": "allied_turn", "player": state.actor, "armies": state.pending})
    settle_pending(state, events)  # under the army cap there may be no room at all
    return True


def end_attack(state: WorldState, a: EndAttack, rng: Rng, events: list[Event]) -> None:
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    if state.phase == ALLIED_ATTACK:
        state.actor = None
        events.append({"type": "allied_done", "player": a.player})
        if state.end_after_allied:
            end_turn(state, rng, events)
        else:
            state.phase = FORTIFY
        return
    require(state.phase == ATTACK, "You are not attacking right now.")
    events.append({"type": "attack_ended", "player": a.player})
    if not _start_allied(state, events):
        state.phase = FORTIFY


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


def fortify(state: WorldState, a: Fortify, rng: Rng, events: list[Event]) -> None:
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    if state.phase == ATTACK and state.options.two_player == "allied":
        raise RuleError("Stop attacking first: the Allied Army moves before your free move.")
    require(state.phase in (ATTACK, FORTIFY), "You can move armies only at the end of your turn.")
    check_own(state, a.player, a.source)
    check_own(state, a.player, a.target)
    require(a.source != a.target, "Pick two different territories.")
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
    room = cap_room(state, a.target)
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
        end_turn(state, rng, events)


ABANDONED = "Abandoned lands"


def _abandoned_seat(state: WorldState) -> int:
    """The idle army that keeps a resigned player's territories (added the first time)."""
    for seat, p in enumerate(state.players):
        if p.neutral:
            return seat
    state.players.append(Player(name=ABANDONED, neutral=True))
    return len(state.players) - 1


def resign(state: WorldState, a: Resign, rng: Rng, events: list[Event]) -> None:
    """A player leaves: out of the game, cards to the discard pile, territories kept (armies
    and all) by an idle army that never attacks nor grows. If it was their move, play goes
    on with the next player."""
    require(
        state.phase not in (CLAIM, SETUP_PLACE),
        "You can resign once the board is set up; until then the host can cancel the game.",
    )
    player = state.players[a.player]
    player.alive = False
    player.resigned = True
    state.discard.extend(player.hand)
    player.hand = []
    held = state.territories_of(a.player)
    if held and len(state.alive_seats()) > 1:
        keeper = _abandoned_seat(state)
        for t in held:
            state.owner[t] = keeper
    events.append({"type": "resigned", "player": a.player, "territories": len(held)})
    if len(state.alive_seats()) <= 1:
        return  # apply declares the last player standing the winner
    if state.phase == CHOOSE_CAPITAL:
        from bot.engine.world.setup import reveal_if_ready

        reveal_if_ready(state, rng, events)
    elif a.player in (state.current, state.actor):
        if a.player == state.current:
            events.append({"type": "turn_ended", "player": a.player, "turn": state.turn})
            state.last_attacks = state.attacks
        state.actor = None
        state.occupy = None
        state.bonus_zone = []
        pass_turn(state, events)


def end_turn_action(state: WorldState, a: EndTurn, rng: Rng, events: list[Event]) -> None:
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    if state.phase == REINFORCE:
        raise RuleError(f"Place your {state.pending} armies before ending your turn.")
    require(state.phase in (ATTACK, FORTIFY, ALLIED_ATTACK), "You cannot end your turn right now.")
    if state.phase == ALLIED_ATTACK:
        raise RuleError("Finish the Allied Army's attacks with end attack.")
    if state.phase == ATTACK and _start_allied(state, events):
        state.end_after_allied = True
        return
    end_turn(state, rng, events)


def end_turn(state: WorldState, rng: Rng, events: list[Event]) -> None:
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
    if state.options.headquarters == "expert" and _capital_falls(state, events):
        return
    pass_turn(state, events)


def pass_turn(state: WorldState, events: list[Event]) -> None:
    if state.winner is not None:
        return
    state.current = next_player(state, state.current)
    begin_turn(state, events)


def _capital_falls(state: WorldState, events: list[Event]) -> bool:
    """Expert capitals: a player not holding their capital at the end of their own turn is
    out; whoever holds it puts one army on each vacated territory and 5 more among them.
    Returns True when that placement now waits for the capital's holder."""
    seat = state.current
    player = state.players[seat]
    capital = player.capital
    if capital is None or state.owner[capital] == seat:
        return False
    holder = state.owner[capital]
    assert holder is not None
    vacated = state.territories_of(seat)
    removed = sum(state.armies[t] for t in vacated)
    for t in vacated:
        state.owner[t] = holder
        state.armies[t] = 1
    player.alive = False
    state.players[holder].hand.extend(player.hand)
    taken = player.hand
    player.hand = []
    events.append(
        {
            "type": "eliminated",
            "player": seat,
            "by": holder,
            "cards_taken": len(taken),
            "reason": "capital",
            "territories": vacated,
            "armies_removed": removed,
            "private": {"cards": taken},
        }
    )
    alive = state.alive_seats()
    if len(alive) == 1:
        declare_winner(state, alive[0], events)
        return True
    if not vacated:
        return False
    state.phase = CAPITAL_BONUS
    state.actor = holder
    state.pending = CAPITAL_BONUS_ARMIES
    state.bonus_zone = vacated
    settle_pending(state, events)
    return True
