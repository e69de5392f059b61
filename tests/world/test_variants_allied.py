"""Two Player Risk with the Allied Army.

Rulebook: risk-classic-with-strategy-qa-and-allied-army-two-player.txt, "Two Player Risk":
Preparation, Accumulation of Armies, Placing of Armies, The Attack, The Free Move, End of
Game, Summary of Procedure; "Deploying Armies" for what a player is entitled to.
"""

import pytest

from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import (
    Attack,
    Claim,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Trade,
)
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply, new_game, to_act
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ALLIED_PLACE,
    ATTACK,
    CLAIM,
    FORTIFY,
    GAME_OVER,
    REINFORCE,
    SETUP_PLACE,
)

from .helpers import board, cards_of

ALLIED = 2


def red_27():
    """27 territories for Red and no whole continent: 9 armies a turn."""
    world = world_map()
    take = {
        "North America": 8,
        "South America": 3,
        "Europe": 6,
        "Africa": 5,
        "Asia": 5,
        "Australia": 0,
    }
    return [t for c, n in take.items() for t in world.continents[c][:n]]


def allied_board(owners, armies=None, phase=REINFORCE, rest_owner=ALLIED, current=0):
    state = board(
        "allied-army-2p",
        players=2,
        owners=owners,
        armies=armies,
        rest_owner=rest_owner,
        phase=phase,
        current=current,
        neutral=True,
    )
    return state


def start_turn_of_red(state):
    """Let Blue end its turn so Red's turn begins with the engine's own bookkeeping."""
    state.current = 1
    state.phase = FORTIFY
    state, events = apply(state, EndTurn(1))
    assert state.current == 0 and state.phase == REINFORCE
    return state, events


def test_preparation_claim_14_each_then_2_allied_on_each_of_the_other_14():
    """Preparation: each takes 40 armies and alternately places 1 on an unoccupied territory
    until each has occupied 14; the remaining 14 get two Allied armies each (28); the rest
    of the players' armies are then placed alternately."""
    state, _ = new_game("allied-army-2p", ["A", "B"], 3)
    assert state.phase == CLAIM
    world = world_map()
    order = []
    for territory in world.territories[:28]:
        order.append(state.current)
        state, _ = apply(state, Claim(state.current, territory))
    assert all(a != b for a, b in zip(order, order[1:], strict=False))
    assert state.phase == SETUP_PLACE
    assert len(state.territories_of(ALLIED)) == 14
    assert all(state.armies[t] == 2 for t in state.territories_of(ALLIED))
    while state.phase == SETUP_PLACE:
        assert state.quota_own == 1
        seat = state.current
        state, _ = apply(state, Place(seat, state.territories_of(seat)[0], 1))
    for seat in (0, 1):
        assert sum(state.armies[t] for t in state.territories_of(seat)) == 40


def test_allied_army_gets_half_rounded_down():
    """Accumulation of Armies: "if a player obtains a total of 9 armies, the Allied Army is
    entitled to 4"."""
    owners = dict.fromkeys(red_27(), 0) | {"Indonesia": 1}
    state, events = start_turn_of_red(allied_board(owners))
    started = next(e for e in events if e["type"] == "turn_started")
    assert started["reinforcements"] == 9 and started["allied_reinforcements"] == 4


def test_allied_half_counts_the_card_sets_traded_at_the_start_of_the_turn():
    """Accumulation of Armies: the Allied Army gets half of "the number of armies he is
    entitled to"; Deploying Armies: that number is the sum of territories, continents and
    "the number of matched Risk card sets he can exchange". 9 + a first set of 4 = 13 -> 6."""
    owners = dict.fromkeys(red_27(), 0) | {"Indonesia": 1}
    state, _ = start_turn_of_red(allied_board(owners))
    hand = [c for c in cards_of("infantry", 14) if owners.get(world_map().territories[c]) != 0]
    state.players[0].hand = hand[:3]
    state, events = apply(state, Trade(0, tuple(hand[:3])))
    assert events[0]["value"] == 4 and "bonus_territory" not in events[0]
    assert state.pending == 13 and state.allied_pending == 6


def test_allied_half_includes_the_two_armies_for_a_card_showing_your_territory():
    """Deploying Armies, card sets: "he earns another two armies" for a card showing a
    territory he occupies: 9 + 4 + 2 = 15 -> 7."""
    owners = dict.fromkeys(red_27(), 0) | {"Indonesia": 1}
    state, _ = start_turn_of_red(allied_board(owners))
    hand = cards_of("infantry", 3)
    assert world_map().territories[hand[0]] in owners
    state.players[0].hand = hand
    state, events = apply(state, Trade(0, tuple(hand)))
    assert events[0]["bonus_armies"] == 2 and state.allied_pending == 7


def allied_turn_board():
    """Red to end its attacks; Allied Army in Kamchatka next to Red's Alaska and Blue's
    Yakutsk."""
    state = allied_board(
        {"Alaska": 0, "Northwest Territory": 0, "Yakutsk": 1, "Irkutsk": 1},
        armies={"Alaska": 3, "Northwest Territory": 5, "Kamchatka": 2, "Yakutsk": 3},
        phase=ATTACK,
    )
    state.allied_pending = 4
    return state


def test_after_the_players_attacks_the_opponent_places_the_allied_reinforcements():
    """Placing of Armies: after a player has placed and completed his attacks (but prior to
    his free move) the opposing player places the Allied armies in Allied territories."""
    state, _ = apply(allied_turn_board(), EndAttack(0))
    assert state.phase == ALLIED_PLACE and to_act(state) == [1] and state.pending == 4
    with pytest.raises(RuleError, match="not held by the Allied Army"):
        apply(state, Place(1, "Yakutsk", 4))
    with pytest.raises(RuleError, match="Blue is giving the Allied Army its orders"):
        apply(state, Place(0, "Kamchatka", 4))
    state, _ = apply(state, Place(1, "Kamchatka", 4))
    assert state.armies["Kamchatka"] == 6 and state.phase == ALLIED_ATTACK


def test_the_allied_commander_may_attack_only_the_moving_player_who_defends_himself():
    """The Attack, The Allied Army: the player who placed them may attack the other player's
    armies; "When a player is commanding Allied forces he may not attack his own
    territories." Red defends its own territory with its own dice."""
    state, _ = apply(allied_turn_board(), EndAttack(0))
    state, _ = apply(state, Place(1, "Kamchatka", 4))
    with pytest.raises(RuleError, match="only attack Red"):
        apply(state, Attack(1, "Kamchatka", "Yakutsk", 3))
    new, events = apply(state, Attack(1, "Kamchatka", "Alaska", 3), ScriptedRng([1, 1, 1, 6, 6]))
    battle = next(e for e in events if e["type"] == "battle")
    assert battle["player"] == ALLIED and battle["defender"] == 0
    assert new.armies["Kamchatka"] == 4


def test_allied_captures_draw_no_card_and_the_free_move_comes_after_them():
    """The Attack: "Allied forces do not pick up RISK cards"; The Free Move: after the
    second player stops attacking with the Allied Army, the first takes his free move; the
    Allied Army gets none."""
    state = allied_turn_board()
    with pytest.raises(RuleError, match="Allied Army moves before your free move"):
        apply(state, Fortify(0, "Northwest Territory", "Alaska", 1))
    state, _ = apply(state, EndAttack(0))
    state, _ = apply(state, Place(1, "Kamchatka", 4))
    state.armies["Alaska"] = 1
    state, _ = apply(state, Attack(1, "Kamchatka", "Alaska", 3), ScriptedRng([6, 6, 6, 1]))
    assert state.owner["Alaska"] == ALLIED
    if state.phase != ALLIED_ATTACK:  # choose how many move in
        state, _ = apply(state, Occupy(1, state.occupy["min"]))
    state, _ = apply(state, EndAttack(1))
    assert state.phase == FORTIFY and to_act(state) == [0]
    assert not state.conquered
    state, _ = apply(state, EndTurn(0))
    assert state.players[0].hand == [] and state.players[ALLIED].hand == []


def test_free_move_is_to_one_adjacent_territory():
    """Fortifying Territories (the traditional rules this game follows): from one territory
    to any one adjacent territory he also occupies."""
    state = allied_board(
        {"Alaska": 0, "Northwest Territory": 0, "Alberta": 0, "Peru": 1},
        armies={"Alaska": 5},
        phase=FORTIFY,
    )
    state.owner["Ontario"] = 0  # Alaska - Alberta - Ontario: connected, but not adjacent
    with pytest.raises(RuleError, match="not next to"):
        apply(state, Fortify(0, "Alaska", "Ontario", 1))
    state, _ = apply(state, Fortify(0, "Alaska", "Alberta", 4))
    assert state.current == 1


def test_attacking_the_allied_army_the_other_player_rolls_its_defence():
    """The Attack, The Players: "When a player attacks the Allied Army, the other player
    rolls the dice for the Army" (with his standing choice of dice)."""
    state = allied_turn_board()
    state.players[1].defend_dice = 1
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 2), ScriptedRng([6, 6, 1]))
    battle = next(e for e in events if e["type"] == "battle")
    assert battle["defender"] == ALLIED and battle["defender_dice"] == [1]


def test_the_allied_army_stops_growing_once_it_holds_no_territory():
    """End of Game: once the Allied Army loses all its territories it may no longer obtain
    additional armies and the game is played according to the traditional rules."""
    owners = {t: 0 for t in world_map().territories[:21]}
    state = allied_board(owners, rest_owner=1)
    state, events = start_turn_of_red(state)
    assert next(e for e in events if e["type"] == "turn_started")["allied_reinforcements"] == 0
    state, _ = apply(state, Place(0, state.territories_of(0)[0], state.pending))
    state, _ = apply(state, EndAttack(0))
    assert state.phase == FORTIFY


def test_the_game_ends_when_one_player_loses_all_territories_even_to_the_allied_army():
    """End of Game: "The game ends when one player loses all his territories." Here the
    Allied Army, commanded by Blue, takes Red's last one: Blue wins."""
    state = allied_board(
        {"Alaska": 0, "Yakutsk": 1},
        armies={"Alaska": 1, "Kamchatka": 6},
        phase=ATTACK,
    )
    state, _ = apply(state, EndAttack(0))
    state, _ = apply(state, Attack(1, "Kamchatka", "Alaska", 3), ScriptedRng([6, 6, 6, 1]))
    assert state.phase == GAME_OVER and state.winner == 1
