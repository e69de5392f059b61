"""Cards: sets, values, forced trades, the +2 bonus, elimination transfer and reshuffle."""

import pytest

from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, EndTurn, Occupy, Place, Trade
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply
from bot.engine.world.rules import get_ruleset, set_value, with_options
from bot.engine.world.state import ATTACK, REINFORCE

from .helpers import WILD_CARDS, board, card


def test_escalating_set_values():
    """risk-1959-original.txt (h): 4, 6, 8, 10, 12, 15, 20, 25, then +5: the 12th is 45."""
    values = [set_value(n, "escalating", ("infantry",) * 3) for n in range(1, 13)]
    assert values == [4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 45]


def test_expert_plus_one_values():
    """1959 reprint, Rules Variations for Experts: 4, 5, 6, ..."""
    assert [set_value(n, "plus_one", ("wild",) * 3) for n in range(1, 6)] == [4, 5, 6, 7, 8]


def test_fixed_values_by_set_type():
    assert set_value(9, "fixed", ("infantry",) * 3) == 4
    assert set_value(1, "fixed", ("cavalry",) * 3) == 6
    assert set_value(1, "fixed", ("artillery", "artillery", "wild")) == 8
    assert set_value(1, "fixed", ("infantry", "cavalry", "artillery")) == 10
    assert set_value(1, "fixed", ("infantry", "cavalry", "wild")) == 10


def _alike(design_index: int, count: int = 3) -> list[int]:
    world = world_map()
    return [
        c
        for c in range(42)
        if world.card_design(c) == ("infantry", "cavalry", "artillery")[design_index]
    ][:count]


def test_sets_are_three_alike_one_of_each_or_two_and_a_wild():
    """(h): three horsemen, three cannons, three foot soldiers, one of each, two plus a joker."""
    state = board(phase=REINFORCE)
    state.pending = 3
    inf = _alike(0)
    mixed = [_alike(0, 1)[0], _alike(1, 1)[0], _alike(2, 1)[0]]
    bad = [_alike(0, 2)[0], _alike(0, 2)[1], _alike(1, 1)[0]]
    wild = [_alike(0, 1)[0], _alike(1, 1)[0], WILD_CARDS[0]]
    for good in (inf, mixed, wild):
        state.players[0].hand = list(good)
        new, events = apply(state, Trade(0, tuple(good)))
        assert events[0]["value"] == 4 and new.pending == 7
    state.players[0].hand = list(bad)
    with pytest.raises(RuleError, match="not a set"):
        apply(state, Trade(0, tuple(bad)))


def test_set_count_is_global_across_players():
    """(h): a player's first set after three others were traded is worth 10."""
    state = board(phase=REINFORCE)
    state.pending = 3
    state.sets_traded = 3
    state.players[0].hand = _alike(0)
    new, events = apply(state, Trade(0, tuple(_alike(0))))
    assert events[0]["value"] == 10 and events[0]["set_number"] == 4
    assert new.discard == _alike(0)


def test_five_cards_force_a_trade_before_placing():
    """(h): 'must turn in a set of three cards at the start of any turn on which he holds five'."""
    state = board(phase=REINFORCE, owners={"Alaska": 0})
    state.pending = 3
    state.players[0].hand = _alike(0, 5)
    with pytest.raises(RuleError, match="trade a set before placing"):
        apply(state, Place(0, "Alaska", 3))
    new, _ = apply(state, Trade(0, tuple(_alike(0, 3))))
    new, _ = apply(new, Place(0, "Alaska", new.pending))
    assert new.phase == ATTACK


def test_no_territory_bonus_in_1959():
    """1959: the territories on the cards are ignored when trading."""
    state = board(phase=REINFORCE, owners={"Alaska": 0})
    state.pending = 3
    cards = (card("Alaska"), _alike(1, 1)[0], _alike(2, 1)[0])
    state.players[0].hand = list(cards)
    new, events = apply(state, Trade(0, cards))
    assert "bonus_territory" not in events[0]
    assert new.armies["Alaska"] == 1


def test_2016_bonus_two_armies_on_owned_card_territory_once_per_trade():
    """2016 Classic, Occupied Territories Bonus: +2 placed on that territory."""
    world = world_map()
    inf_owned = _alike(0, 3)
    owned = [world.territories[c] for c in inf_owned]
    state = board(
        ruleset="classic-2016",
        phase=REINFORCE,
        owners={t: 0 for t in owned},
        options=get_ruleset("classic-2016").options,
    )
    state.pending = 3
    state.players[0].hand = inf_owned
    new, events = apply(state, Trade(0, tuple(inf_owned)))
    assert events[0]["bonus_territory"] == owned[0]
    assert new.armies[owned[0]] == 3
    assert new.armies[owned[1]] == 1 and new.armies[owned[2]] == 1
    assert new.pending == 7


def test_elimination_takes_cards_and_forces_trade_down_to_four():
    """(i): the eliminator receives the loser's cards; with six or more he trades to four or
    fewer at once, places the armies, and may go on attacking."""
    state = board(owners={"Alaska": 0, "Kamchatka": 1}, armies={"Alaska": 5, "Kamchatka": 1})
    state.players[0].hand = _alike(0, 3)
    state.players[1].hand = _alike(1, 3)
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert not new.players[1].alive
    assert sorted(new.players[0].hand) == sorted(_alike(0, 3) + _alike(1, 3))
    assert any(e["type"] == "eliminated" and e["cards_taken"] == 3 for e in events)
    new, _ = apply(new, Occupy(0, 3))
    assert new.phase == REINFORCE and new.trade_context == "conquest"
    with pytest.raises(RuleError, match="trade a set"):
        apply(new, Place(0, "Alaska", 1))
    with pytest.raises(RuleError, match="before attacking"):
        apply(new, Attack(0, "Alaska", "Alberta", 1))
    new, _ = apply(new, Trade(0, tuple(_alike(1, 3))))
    assert len(new.players[0].hand) == 3
    with pytest.raises(RuleError, match="stop trading"):
        apply(new, Trade(0, tuple(_alike(0, 3))))
    new, _ = apply(new, Place(0, "Alaska", 4))
    assert new.phase == ATTACK


def test_one_card_per_turn_only_after_a_capture_and_deck_reshuffles():
    """(h): one card per turn with a capture; an empty draw pile is refilled from discards."""
    state = board(owners={"Alaska": 0}, armies={"Alaska": 5, "Kamchatka": 1})
    new, events = apply(state, EndTurn(0))
    assert new.players[0].hand == []
    state.deck = []
    state.discard = [5, 6, 7]
    new, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    new, _ = apply(new, Occupy(0, 3))
    new, _ = apply(new, Attack(0, "Kamchatka", "Yakutsk", 2), ScriptedRng([6, 6, 1]))
    assert new.phase == ATTACK  # 2 dice, 3 armies: exactly 2 move in, no choice to make
    new, events = apply(new, EndTurn(0))
    types = [e["type"] for e in events]
    assert "deck_reshuffled" in types
    assert types.count("card_drawn") == 1
    assert len(new.players[0].hand) == 1
    assert len(new.deck) == 2 and new.discard == []


def test_no_cards_mode_draws_nothing():
    opts = with_options(get_ruleset("classic-2016"), card_values="none")
    state = board(owners={"Alaska": 0}, armies={"Alaska": 5, "Kamchatka": 1}, options=opts)
    new, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    new, _ = apply(new, Occupy(0, 3))
    new, _ = apply(new, EndTurn(0))
    assert new.players[0].hand == []
