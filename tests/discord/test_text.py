"""Narration and matching: pure functions behind the Discord layer."""

from __future__ import annotations

from bot.engine.world.board import world_map
from bot.narrate import private_lines, public_line, public_lines, reply_lines
from cogs.risk._autocomplete import filter_names, matches

NAMES = ["Alice", "Bob", "Carol"]
TERRITORIES = world_map().territories


def test_words_match_in_order():
    assert filter_names("e aus", TERRITORIES) == ["Eastern Australia"]
    assert matches("w eur", "Western Europe")
    assert not matches("eur w", "Western Europe")
    assert filter_names("", TERRITORIES) == sorted(TERRITORIES)[:25]


def test_prefix_matches_come_first_and_the_list_is_capped():
    found = filter_names("a", TERRITORIES)
    assert len(found) <= 25
    assert found[0].lower().startswith("a")


def test_a_drawn_card_is_a_count_in_public_and_a_name_in_private():
    card = 5
    event = {"type": "card_drawn", "player": 1, "private": {"card": card}}
    name = world_map().card_name(card)
    assert name not in (public_line(event, NAMES) or "")
    assert "Bob draws a card" in public_line(event, NAMES)
    assert private_lines([event], 1, NAMES) == [f"🃏 You drew **{name}**."]
    assert private_lines([event], 0, NAMES) == []


def test_eliminations_give_a_count_in_public():
    event = {
        "type": "eliminated",
        "player": 2,
        "by": 0,
        "cards_taken": 2,
        "private": {"cards": [1, 43]},
    }
    (line,) = public_lines([event], NAMES)
    assert "Carol is eliminated by Alice, taking 2 cards" in line
    assert "Wild" not in line
    assert "Wild card" in private_lines([event], 0, NAMES)[0]


def test_battles_show_the_dice():
    event = {
        "type": "battle",
        "player": 0,
        "defender": 1,
        "source": "Alaska",
        "target": "Kamchatka",
        "attacker_dice": [3, 6, 1],
        "defender_dice": [5, 2],
        "attacker_losses": 1,
        "defender_losses": 1,
    }
    line = public_line(event, NAMES)
    assert "6 3 1 vs 5 2" in line and "Alice −1" in line and "Bob −1" in line


def test_reinforcements_read_naturally():
    event = {"type": "turn_started", "player": 0, "turn": 3, "reinforcements": 1, "continents": []}
    assert public_line(event, NAMES) == "**Alice** receives 1 army."


async def test_board_attachment_is_dropped_when_too_big(monkeypatch):
    from cogs.risk import _board

    monkeypatch.setattr(_board, "board_png", lambda state: b"x" * 100)
    assert await _board.board_file(None, limit=50) is None  # type: ignore[arg-type]
    file = await _board.board_file(None, limit=500)  # type: ignore[arg-type]
    assert file is not None and file.filename == "board.png"


def test_secret_picks_and_missions_stay_private():
    chosen = {"type": "capital_chosen", "player": 1, "private": {"territory": "Peru"}}
    assert public_line(chosen, NAMES) == "🏰 Bob has chosen a headquarters."
    assert "Peru" in reply_lines([chosen], 1)[0] and reply_lines([chosen], 0) == []
    dealt = {"type": "mission_dealt", "player": 2, "private": {"mission": "AS+SA"}}
    assert "AS+SA" not in public_line(dealt, NAMES) and "Carol" in public_line(dealt, NAMES)
    assert private_lines([dealt], 2, NAMES)[0].endswith("**AS+SA**")
    won = {"type": "game_won", "player": 0, "turn": 9, "mission": "Conquer Asia."}
    assert public_line(won, NAMES).endswith("Mission: Conquer Asia.")


def test_capitals_are_revealed_with_the_game_s_word():
    event = {"type": "capitals_revealed", "capitals": {"0": "Peru", "1": "Ural"}}
    line = public_line(event, NAMES, hq="capital")
    assert line == "🏰 Capital revealed: Alice: **Peru** · Bob: **Ural**"


def test_allied_army_and_neutral_placements_read_as_orders():
    names = ["Alice", "Bob", "Allied Army"]
    turn = {"type": "allied_turn", "player": 1, "armies": 3}
    assert public_line(turn, names) == "🤝 Bob now commands the Allied Army: 3 armies to place."
    placed = {"type": "placed", "player": 2, "territory": "Peru", "armies": 3}
    assert public_line(placed, names, neutral={2}) == "➕ 3 armies for the Allied Army on Peru."
    done = {"type": "allied_done", "player": 1}
    assert public_line(done, names) == "🤝 Bob is done with the Allied Army."


def test_expert_dice_and_capital_loss():
    battle = {
        "type": "battle",
        "player": 0,
        "defender": 1,
        "source": "Peru",
        "target": "Brazil",
        "attacker_dice": [2, 4],
        "defender_dice": [4],
        "final_attacker_dice": [6, 4],
        "commander": {"die": 2},
        "attacker_losses": 0,
        "defender_losses": 1,
    }
    line = public_line(battle, NAMES)
    assert "4 2 → 6 4 vs 4" in line and "commander turns a 2 into a 6" in line
    lost = {
        "type": "eliminated",
        "player": 2,
        "by": 0,
        "cards_taken": 1,
        "reason": "capital",
        "territories": ["Peru", "Brazil"],
        "private": {"cards": [3]},
    }
    assert public_line(lost, NAMES) == (
        "💀 Carol has lost their capital and is out: Alice takes their 2 territories and 1 card."
    )
    roll = {"type": "roll_off", "rolls": {"0": 5, "2": 3}}
    assert public_line(roll, NAMES) == "🎲 Roll for who goes first: Alice 5, Carol 3."


def test_a_blitz_is_told_in_one_line():
    roll = {
        "type": "battle",
        "player": 0,
        "defender": 1,
        "source": "Peru",
        "target": "Brazil",
        "attacker_dice": [6, 5, 1],
        "defender_dice": [4, 2],
        "attacker_losses": 1,
        "defender_losses": 1,
    }
    lines = public_lines(
        [roll, roll, roll, {"type": "captured", "player": 0, "territory": "Brazil", "from": 1}],
        NAMES,
    )
    assert lines == [
        "⚔️ Peru → Brazil: 3 rolls · Alice −3, Bob −3",
        "🚩 Alice captures Brazil from Bob.",
    ]
    assert len(public_lines([roll, roll], NAMES)) == 2


async def test_the_board_is_drawn_off_the_event_loop(monkeypatch):
    import threading

    from cogs.risk import _board

    threads = []

    def png(state):
        threads.append(threading.current_thread())
        return b"png"

    monkeypatch.setattr(_board, "board_png", png)
    assert await _board.board_file(None) is not None  # type: ignore[arg-type]
    assert threads and threads[0] is not threading.main_thread()


def test_new_game_options_become_engine_overrides():
    import pytest

    from bot.engine.errors import RuleError
    from bot.engine.world.rules import get_ruleset, with_options
    from cogs.risk._options import overrides

    assert overrides() is None
    assert overrides(cards="plus_one", hq_short=True) == {
        "card_values": "plus_one",
        "hq_short": True,
    }
    assert overrides(fortify="free", army_cap=True) == {
        "fortify_path": "connected",
        "fortify_moves": None,
        "max_armies": 12,
    }
    # The engine, not the cog, refuses an option that means nothing for the ruleset.
    with pytest.raises(RuleError, match="Capital RISK"):
        with_options(get_ruleset("classic-2016"), **overrides(hq_short=True))
