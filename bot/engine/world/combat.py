"""Battles: dice, expert re-rolls and commanders, captures, moving in, eliminations."""

from __future__ import annotations

from bot.engine.errors import RuleError
from bot.engine.rng import Rng
from bot.engine.world.actions import Attack, Blitz, Occupy
from bot.engine.world.board import world_map
from bot.engine.world.common import Event, cap_room, check_own, check_territory, require
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ATTACK,
    OCCUPY,
    REINFORCE,
    WorldState,
)
from bot.engine.world.victory import declare_winner, find_winner


def max_attack_dice(state: WorldState, source: str) -> int:
    return max(0, min(3, state.armies[source] - 1))


def defending_player(state: WorldState, target: str) -> int:
    """Who rolls for `target`: its owner, or for the neutral / Allied Army of a two-player
    game the other player (abandoned lands roll for themselves, as many dice as allowed)."""
    owner = state.owner[target]
    assert owner is not None
    if not state.players[owner].neutral or state.options.two_player == "none":
        return owner
    attacker = state.current
    return next(i for i, p in enumerate(state.players) if not p.neutral and i != attacker)


def defence_dice(state: WorldState, target: str) -> int:
    chooser = state.players[defending_player(state, target)]
    return min(chooser.defend_dice, state.armies[target], 2)


def attacking_seat(state: WorldState) -> int:
    """The army attacking now: the current player's, or the Allied Army in its phase."""
    if state.phase == ALLIED_ATTACK or (state.phase == OCCUPY and state.actor is not None):
        seat = state.neutral_seat()
        assert seat is not None
        return seat
    return state.current


def check_attack(state: WorldState, source: str, target: str) -> int:
    """Raise unless attacking `target` from `source` is legal now; return the attacking seat."""
    world = world_map()
    if state.phase == OCCUPY:
        raise RuleError("First choose how many armies move into the territory you captured.")
    if state.phase == REINFORCE:
        raise RuleError(f"Place your {state.pending} armies before attacking.")
    require(state.phase in (ATTACK, ALLIED_ATTACK), "The attack phase is over for this turn.")
    seat = attacking_seat(state)
    if state.phase == ALLIED_ATTACK:
        check_territory(source)
        require(state.owner[source] == seat, f"{source} is not held by the Allied Army.")
    else:
        check_own(state, seat, source)
    check_territory(target)
    if state.owner[target] == seat:
        raise RuleError(f"{target} is already yours; attack a territory held by an opponent.")
    if state.phase == ALLIED_ATTACK and state.owner[target] != state.current:
        raise RuleError(
            f"The Allied Army may only attack {state.players[state.current].name}'s territories."
        )
    if not world.adjacent(source, target):
        raise RuleError(f"{source} does not border {target}.")
    if state.armies[source] < 2:
        raise RuleError(
            f"{source} has only {state.armies[source]} army; you need at least 2 to attack."
        )
    return seat


def _losses(attack: list[int], defend: list[int]) -> tuple[int, int]:
    a_loss = d_loss = 0
    pairs = zip(sorted(attack, reverse=True), sorted(defend, reverse=True), strict=False)
    for a_die, d_die in pairs:
        if a_die > d_die:
            d_loss += 1
        else:
            a_loss += 1
    return a_loss, d_loss


def _reroll_card(state: WorldState, player: int, source: str, target: str) -> int | None:
    """A card in hand showing either territory (expert: advantage when attacking)."""
    world = world_map()
    for c in sorted(state.players[player].hand):
        if world.card_territory(c) in (source, target):
            return c
    return None


def _improve(
    state: WorldState,
    player: int,
    source: str,
    target: str,
    roll: list[int],
    defend: list[int],
    use_reroll: bool,
    use_commander: bool,
    rng: Rng,
    event: Event,
) -> list[int]:
    """Apply the expert options the attacker asked for, only where they help this roll."""
    roll = list(roll)
    compared = min(len(roll), len(defend))
    if use_reroll and state.options.reroll_advantage:
        card = _reroll_card(state, player, source, target)
        ranked = sorted(range(len(roll)), key=lambda i: -roll[i])[:compared]
        top_defence = sorted(defend, reverse=True)
        losing = [i for rank, i in enumerate(ranked) if roll[i] <= top_defence[rank]]
        if card is not None and losing:
            index = min(losing, key=lambda i: (roll[i], i))
            new_die = rng.die()
            event["reroll"] = {"die": roll[index], "to": new_die}
            event["private"] = {"reroll_card": card}  # a card in hand stays secret
            roll[index] = new_die
    if use_commander and state.options.commanders and not state.commander_used:
        base = _losses(roll, defend)
        best: tuple[int, int] | None = None
        for i in range(len(roll)):
            trial = roll[:i] + [6] + roll[i + 1 :]
            a_loss, d_loss = _losses(trial, defend)
            gain = (d_loss - a_loss) - (base[1] - base[0])
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, i)
        if best is not None:
            event["commander"] = {"die": roll[best[1]]}
            roll[best[1]] = 6
            state.commander_used = True
    return roll


def battle(
    state: WorldState,
    player: int,
    seat: int,
    source: str,
    target: str,
    dice: int,
    rng: Rng,
    events: list[Event],
    reroll: bool = False,
    commander: bool = False,
) -> bool:
    """One roll; `seat` is the attacking army, `player` who gives the orders.
    Returns True if the target fell."""
    defender = state.owner[target]
    assert defender is not None
    attacker_roll = [rng.die() for _ in range(dice)]
    defender_roll = [rng.die() for _ in range(defence_dice(state, target))]
    event: Event = {
        "type": "battle",
        "player": seat,
        "defender": defender,
        "source": source,
        "target": target,
        "attacker_dice": attacker_roll,
        "defender_dice": defender_roll,
    }
    final = _improve(
        state, player, source, target, attacker_roll, defender_roll, reroll, commander, rng, event
    )
    if final != attacker_roll:
        event["final_attacker_dice"] = final
    a_loss, d_loss = _losses(final, defender_roll)
    state.armies[source] -= a_loss
    state.armies[target] -= d_loss
    event["attacker_losses"] = a_loss
    event["defender_losses"] = d_loss
    events.append(event)
    if state.armies[target] == 0:
        capture(state, seat, source, target, dice, events)
        return True
    return False


def capture(
    state: WorldState, seat: int, source: str, target: str, dice: int, events: list[Event]
) -> None:
    defender = state.owner[target]
    assert defender is not None
    state.owner[target] = seat
    if not state.players[seat].neutral:
        state.conquered = True
    state.attacks.append([source, target, True])
    events.append({"type": "captured", "player": seat, "territory": target, "from": defender})
    if state.options.headquarters == "2016":
        take_hq_card(state, seat, target, events)
    if not state.territories_of(defender):
        eliminate(state, seat, defender, events)
    # Move in at least as many armies as dice rolled in the last throw (the 2016 wording,
    # "keep all the troops that survived", comes to the same: a capturing roll costs none).
    # The minimum moves at once so no territory is ever empty; the player may add more.
    most = state.armies[source] - 1
    least = min(dice, most)
    room = cap_room(state, target)
    if room is not None:
        most = min(most, max(room, least))
    state.armies[source] -= least
    state.armies[target] += least
    state.occupy = {
        "source": source,
        "target": target,
        "min": least,
        "max": most,
        "then": state.phase,
    }
    state.phase = OCCUPY
    winner = find_winner(state, state.acting)
    if winner is not None:
        declare_winner(state, winner, events)
    elif least == most:
        move_in(state, least, events)


def take_hq_card(state: WorldState, seat: int, target: str, events: list[Event]) -> None:
    """Capital RISK: capturing an opposing headquarters wins its card, from whoever holds it.
    Retaking your own headquarters does not bring your card back (the rulebook gives the
    card only for capturing an *opposing* headquarters)."""
    for i, p in enumerate(state.players):
        if p.capital != target or i == seat:
            continue
        before = state.hq_cards.get(str(i), i)
        state.hq_cards[str(i)] = seat
        events.append(
            {"type": "hq_card_taken", "player": seat, "headquarters_of": i, "from": before}
        )


def move_in(state: WorldState, armies: int, events: list[Event]) -> None:
    """Settle the capture with `armies` in the new territory in all (the minimum is there)."""
    occ = state.occupy
    assert occ is not None
    extra = armies - occ["min"]
    state.armies[occ["source"]] -= extra
    state.armies[occ["target"]] += extra
    events.append(
        {
            "type": "moved_in",
            "player": state.owner[occ["target"]],
            "source": occ["source"],
            "target": occ["target"],
            "armies": armies,
        }
    )
    state.occupy = None
    state.phase = occ["then"]
    hand = state.players[state.current].hand
    if state.phase == ATTACK and len(hand) >= 6 and state.options.card_values != "none":
        # An elimination brought the hand to six or more: trade down to four now.
        state.phase = REINFORCE
        state.trade_context = "conquest"


def eliminate(state: WorldState, seat: int, defender: int, events: list[Event]) -> None:
    """The defender has no territory left; the eliminator takes their cards."""
    loser = state.players[defender]
    loser.alive = False
    taken = loser.hand
    loser.hand = []
    if state.players[seat].neutral:
        state.discard.extend(taken)  # the Allied Army draws no cards
    else:
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


def note_attack(state: WorldState, source: str, target: str) -> None:
    if not state.attacks or state.attacks[-1][:2] != [source, target]:
        state.attacks.append([source, target, False])


def attack(state: WorldState, a: Attack, rng: Rng, events: list[Event]) -> None:
    seat = check_attack(state, a.source, a.target)
    most = max_attack_dice(state, a.source)
    if not 1 <= a.dice <= most:
        raise RuleError(
            f"With {state.armies[a.source]} armies in {a.source} you can roll 1 to {most} dice."
        )
    _check_expert(state, a.reroll, a.commander)
    captured = battle(
        state, a.player, seat, a.source, a.target, a.dice, rng, events, a.reroll, a.commander
    )
    if not captured:
        note_attack(state, a.source, a.target)


def _check_expert(state: WorldState, reroll: bool, commander: bool) -> None:
    if reroll and not state.options.reroll_advantage:
        raise RuleError("Card re-rolls are not part of this game's rules.")
    if commander and not state.options.commanders:
        raise RuleError("Commanders are not part of this game's rules.")
    if state.phase == ALLIED_ATTACK and (reroll or commander):
        raise RuleError("The Allied Army has no cards and no commander.")


def blitz(state: WorldState, a: Blitz, rng: Rng, events: list[Event]) -> None:
    seat = check_attack(state, a.source, a.target)
    _check_expert(state, a.reroll, a.commander)
    stop_at = max(1, a.stop_at)
    if state.armies[a.source] <= stop_at:
        raise RuleError(
            f"{a.source} has {state.armies[a.source]} armies, already at your stop level of "
            f"{stop_at}."
        )
    while state.armies[a.source] > stop_at:
        dice = max_attack_dice(state, a.source)
        if battle(
            state, a.player, seat, a.source, a.target, dice, rng, events, a.reroll, a.commander
        ):
            return
    note_attack(state, a.source, a.target)


def occupy(state: WorldState, a: Occupy, rng: Rng, events: list[Event]) -> None:
    require(
        state.phase == OCCUPY and state.occupy is not None,
        "There is no captured territory waiting for armies.",
    )
    occ = state.occupy
    assert occ is not None
    if not occ["min"] <= a.armies <= occ["max"]:
        raise RuleError(f"Move between {occ['min']} and {occ['max']} armies into {occ['target']}.")
    move_in(state, a.armies, events)
