"""Card trade modes on every classic ruleset, and classic free pick.

Rulebooks: card values "The first set traded in = 4 ... sixth = 15", then +5
(risk-2016-secret-mission-classic-two-player-capital.txt, TERRITORY CARDS); the fixed table
from shared/data/world/card_trading.json ("fixed_values_digital": 3 infantry 4, 3 cavalry 6,
3 artillery 8, one of each 10); classic free pick from
risk-classic-with-strategy-qa-and-allied-army-two-player.txt ("Details of play",
"Deploying Armies", "Fortifying Territories").
"""

import pytest

from bot.engine.errors import RuleError
from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, Claim, EndTurn, Fortify, Occupy, Place, Trade
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply, new_game
from bot.engine.world.legal import must_trade, tradeable_sets
from bot.engine.world.rules import RULESETS, get_ruleset, with_options
from bot.engine.world.state import CLAIM, FORTIFY, REINFORCE, SETUP_PLACE

from .helpers import WILD_CARDS, board, card, cards_of

ALL = sorted(RULESETS)


def trade_values(ruleset, mode, hands):
    opts = with_options(get_ruleset(ruleset), card_values=mode, territory_bonus=0)
    state = board(ruleset, phase=REINFORCE, options=opts)
    values = []
    for hand in hands:
        state.phase, state.trade_context = REINFORCE, "start"
        state.players[0].hand = list(hand)
        state, events = apply(state, Trade(0, tuple(hand)))
        values.append(events[0]["value"])
    return values


@pytest.mark.parametrize("ruleset", ALL)
def test_escalating_is_the_default_trade_mode(ruleset):
    """TERRITORY CARDS: 4, 6, 8, 10, 12, 15, then five more each: 20, 25."""
    if ruleset == "classic-1959-expert":
        assert get_ruleset(ruleset).options.card_values == "plus_one"
        return
    assert get_ruleset(ruleset).options.card_values == "escalating"
    hands = [cards_of("infantry", 3)] * 8
    assert trade_values(ruleset, "escalating", hands) == [4, 6, 8, 10, 12, 15, 20, 25]


@pytest.mark.parametrize("ruleset", ALL)
def test_fixed_values_by_set_type(ruleset):
    """card_trading.json fixed values: three infantry 4, three cavalry 6, three artillery 8,
    one of each 10, however many sets were traded before; a wild completes a set."""
    inf, cav, art = (cards_of(d, 3) for d in ("infantry", "cavalry", "artillery"))
    hands = [
        inf,
        cav,
        art,
        [inf[0], cav[0], art[0]],
        inf,
        [art[0], art[1], WILD_CARDS[0]],
        [inf[0], cav[0], WILD_CARDS[1]],
    ]
    assert trade_values(ruleset, "fixed", hands) == [4, 6, 8, 10, 4, 8, 10]


@pytest.mark.parametrize("ruleset", ALL)
def test_no_cards_mode_draws_none_and_trades_none(ruleset):
    """The no-cards option: a capture earns no card, nothing can be traded or forced."""
    opts = with_options(get_ruleset(ruleset), card_values="none")
    state = board(ruleset, owners={"Alaska": 0}, armies={"Alaska": 4}, rest_owner=1, options=opts)
    state, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    if state.occupy:
        state, _ = apply(state, Occupy(0, state.occupy["min"]))
    state.phase = FORTIFY
    state, _ = apply(state, EndTurn(0))
    assert state.players[0].hand == []
    state.players[1].hand = cards_of("infantry", 3) + cards_of("cavalry", 3)
    assert tradeable_sets(state, 1) == []
    with pytest.raises(RuleError, match="not used"):
        apply(state, Trade(1, tuple(cards_of("infantry", 3))))
    assert not must_trade(state) and state.phase == REINFORCE


def test_free_pick_six_players_start_with_20_and_claim_by_choice():
    """Details of play: 6 players 20 armies; players roll for who goes first, then claim any
    unoccupied territory one at a time, then place one army at a time."""
    state, events = new_game("classic-free-pick", [f"P{i}" for i in range(6)], 2)
    assert state.phase == CLAIM and all(p.reserve == 20 for p in state.players)
    assert any(e["type"] == "roll_off" for e in events)
    first = state.current
    state, _ = apply(state, Claim(first, "Siam"))
    with pytest.raises(RuleError, match="already held"):
        apply(state, Claim(state.current, "Siam"))
    for t in world_map().territories:
        if state.owner[t] is None:
            state, _ = apply(state, Claim(state.current, t))
    assert state.phase == SETUP_PLACE and state.quota_own == 1
    with pytest.raises(RuleError, match="one army at a time"):
        apply(state, Place(state.current, state.territories_of(state.current)[0], 2))


def test_free_pick_plus_two_on_a_traded_cards_territory():
    """Deploying Armies: if any card in the match depicts a territory the player occupies, he
    earns another two armies, placed immediately on that territory."""
    inf = cards_of("infantry", 3)
    home = world_map().territories[inf[1]]
    state = board("classic-free-pick", owners={home: 0}, phase=REINFORCE, rest_owner=1)
    state.players[0].hand = list(inf)
    before = state.armies[home]
    state, events = apply(state, Trade(0, tuple(inf)))
    assert events[0]["bonus_territory"] == home and state.armies[home] == before + 2
    assert card(home) == inf[1]


def test_free_pick_free_move_is_one_move_to_an_adjacent_territory():
    """Fortifying Territories: from one and only one territory to any one adjacent territory;
    then the turn ends."""
    state = board(
        "classic-free-pick",
        owners={"Alaska": 0, "Northwest Territory": 0, "Ontario": 0},
        armies={"Alaska": 5},
        rest_owner=1,
        phase=FORTIFY,
    )
    with pytest.raises(RuleError, match="not next to"):  # connected through NWT only
        apply(state, Fortify(0, "Alaska", "Ontario", 1))
    state, _ = apply(state, Fortify(0, "Alaska", "Northwest Territory", 2))
    assert state.current == 1


def test_options_that_mean_nothing_together_are_refused():
    """Missions and headquarters are 3-5 player games (2016 rulebook, Games 1 and 4); the
    short Capital game exists only with headquarters; unknown values are named."""
    import pytest

    from bot.engine.errors import RuleError
    from bot.engine.world.rules import get_ruleset, with_options

    with pytest.raises(RuleError, match="three or more players"):
        with_options(get_ruleset("allied-army-2p"), headquarters="expert")
    with pytest.raises(RuleError, match="three or more players"):
        with_options(get_ruleset("two-player-2016"), missions="us")
    with pytest.raises(RuleError, match="Capital RISK option"):
        with_options(get_ruleset("classic-2016"), hq_short=True)
    with pytest.raises(RuleError, match="must be one of"):
        with_options(get_ruleset("classic-2016"), card_values="banana")
