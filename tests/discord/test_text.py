"""Narration and matching: pure functions behind the Discord layer."""

from __future__ import annotations

from bot.engine.world.board import world_map
from bot.narrate import private_lines, public_line, public_lines
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
