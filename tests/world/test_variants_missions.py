"""Secret Mission RISK (2016): dealing, completing and winning missions.

Rulebook: risk-2016-secret-mission-classic-two-player-capital.txt, "GAME 1: Secret Mission
RISK", "ELIMINATING AN OPPONENT" and "WINNING"; card list: shared/data/world/missions.json
("us_1993_parker_brothers_12_card_list").
"""

import json
from pathlib import Path

import pytest

from bot.engine.rng import ScriptedRng
from bot.engine.world.actions import Attack, Place
from bot.engine.world.board import world_map
from bot.engine.world.engine import apply, new_game
from bot.engine.world.state import GAME_OVER, REINFORCE, SETUP_PLACE
from bot.engine.world.victory import US_MISSIONS, mission_complete
from bot.engine.world.views import public_event, view_for

from .helpers import board

MISSIONS_JSON = Path("/work/shared/data/world/missions.json")
ASIA = world_map().continents["Asia"]


def mission_board(missions, owners=None, armies=None, rest_owner=1, players=3, phase=None):
    kwargs = {"phase": phase} if phase else {}
    state = board(
        "secret-mission-2016",
        players=players,
        owners=owners,
        armies=armies,
        rest_owner=rest_owner,
        **kwargs,
    )
    for player, mission in zip(state.players, missions, strict=True):
        player.mission = mission
    return state


def test_the_engine_deck_is_the_12_card_us_list():
    """missions.json, us_1993_parker_brothers_12_card_list: six missions plus one destroy card
    per colour (the 2016 box also holds 12 Secret Mission cards, "RISK CARDS")."""
    if not MISSIONS_JSON.exists():
        pytest.skip("shared data not mounted")
    data = json.loads(MISSIONS_JSON.read_text())["us_1993_parker_brothers_12_card_list"]
    listed = [m["id"] for m in data["missions"] if m["id"] != "destroy_C"]
    assert sorted(listed) == sorted(US_MISSIONS)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_player_is_dealt_one_mission_and_destroy_cards_only_name_colours_in_play(players):
    """GAME 1 SETUP 2-3: the General removes the Secret Mission cards of colours not chosen,
    then deals one card facedown to each player."""
    seen = set()
    for seed in range(40):
        state, events = new_game("secret-mission-2016", [f"P{i}" for i in range(players)], seed)
        missions = [p.mission for p in state.players]
        assert len(set(missions)) == players  # each card dealt once
        for m in missions:
            assert m in US_MISSIONS or (
                m.startswith("destroy:") and 0 <= int(m.split(":")[1]) < players
            )
        dealt = [e for e in events if e["type"] == "mission_dealt"]
        assert [e["private"]["mission"] for e in dealt] == missions
        assert all("mission" not in public_event(e) for e in dealt)
        seen.update(missions)
    assert seen == set(US_MISSIONS) | {f"destroy:{s}" for s in range(players)}


def test_setup_deals_territories_then_places_one_at_a_time():
    """GAME 1 SETUP 4-6: all territory cards dealt, one Infantry on each, then one additional
    Infantry at a time until the 35 (3 players) are down."""
    state, _ = new_game("secret-mission-2016", ["A", "B", "C"], 3)
    assert state.phase == SETUP_PLACE
    assert sorted(len(state.territories_of(s)) for s in range(3)) == [14, 14, 14]
    assert all(p.reserve == 35 - 14 for p in state.players)
    assert state.quota_own == 1


def test_mission_hidden_from_other_seats_and_the_public_until_the_game_ends():
    """GAME 1: "a secret mission... that only you know about"; WINNING: the winner reveals
    the card to prove it."""
    state, _ = new_game("secret-mission-2016", ["A", "B", "C"], 8)
    for seat in range(3):
        view = view_for(state, seat)
        for other, player in enumerate(view["players"]):
            if other == seat:
                assert player["mission"] == state.players[seat].mission
            else:
                assert player["mission"] is None
    public = view_for(state, None)
    assert all(p["mission"] is None for p in public["players"])
    state.phase = GAME_OVER
    public = view_for(state, None)
    assert [p["mission"] for p in public["players"]] == [p.mission for p in state.players]


def test_destroy_mission_completed_by_another_players_hand_wins():
    """WINNING, Important note: if your mission is to destroy yellow and another player
    removes the final yellow troop, that player has helped you complete your mission."""
    state = mission_board(
        ["AS+SA", "destroy:2", "NA+AU"],
        owners={"Alaska": 0, "Kamchatka": 2},
        armies={"Alaska": 4, "Kamchatka": 1},
    )
    new, events = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert not new.players[2].alive
    assert new.phase == GAME_OVER and new.winner == 1
    won = next(e for e in events if e["type"] == "game_won")
    assert "Green" in won["mission"]


def test_eliminating_your_own_target_wins_at_once():
    """ELIMINATING AN OPPONENT: "Of course, if your secret mission was to eliminate that
    opponent, you win the game" -- at once, before moving in or anything else."""
    state = mission_board(
        ["destroy:2", "24", "NA+AU"],
        owners={"Alaska": 0, "Kamchatka": 2},
        armies={"Alaska": 9, "Kamchatka": 1},
    )
    new, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.phase == GAME_OVER and new.winner == 0 and new.occupy is None


def test_when_one_capture_completes_two_missions_the_player_who_made_it_wins():
    """WINNING: the first to complete a mission wins; ELIMINATING AN OPPONENT: the eliminator
    whose mission that was wins. Here Red's capture takes its 24th territory and wipes out
    Green, Blue's target: Red completed first (missions.json, destroy_colour_rule_variants,
    German tie-break, agrees)."""
    world = world_map()
    reds = [t for t in world.territories if t not in ("Kamchatka", "Alaska")][:23]
    owners = {t: 0 for t in reds} | {"Alaska": 0, "Kamchatka": 2}
    state = mission_board(["24", "destroy:2", "NA+AU"], owners=owners, armies={"Alaska": 4})
    state.owner[reds[-1]] = 1  # Red holds 23 before the capture
    assert len(state.territories_of(0)) == 23
    new, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.winner == 0


def test_destroy_your_own_colour_means_occupy_24():
    """missions.json (US list): "Destroy all <C> troops. If yours are the <C> troops, then:
    Occupy 24 territories of your choice." """
    world = world_map()
    reds = [t for t in world.territories if t != "Kamchatka"][:23]
    state = mission_board(
        ["destroy:0", "AS+SA", "NA+AU"],
        owners={t: 0 for t in reds} | {"Kamchatka": 2},
        armies={"Alaska": 4},
        rest_owner=1,
    )
    assert "Alaska" in reds and len(state.territories_of(0)) == 23
    assert not mission_complete(state, 0)
    new, _ = apply(state, Attack(0, "Alaska", "Kamchatka", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.winner == 0


def test_18_territories_with_two_armies_completes_on_a_placement():
    """A mission can be completed at any moment; the engine checks after every action, here
    after placing reinforcements (missions.json: "18 territories ... at least 2 armies")."""
    world = world_map()
    reds = list(world.territories[:20])
    armies = {t: 2 for t in reds[:17]}
    state = mission_board(
        ["18x2", "AS+SA", "NA+AU"], owners={t: 0 for t in reds}, armies=armies, phase=REINFORCE
    )
    state.pending = 3
    assert not mission_complete(state, 0)
    new, _ = apply(state, Place(0, reds[17], 1))
    assert new.winner == 0 and new.phase == GAME_OVER


def test_two_continent_mission_completes_on_the_capture_of_the_last_territory():
    """missions.json: "Conquer the continents of Asia and Africa." Checked the moment the
    last territory falls, before moving in."""
    world = world_map()
    africa = world.continents["Africa"]
    owners = {t: 0 for t in (*ASIA, *africa)}
    owners["Siam"] = 1
    state = mission_board(
        ["AS+AF", "NA+AU", "24"], owners=owners, armies={"India": 5}, rest_owner=2
    )
    new, _ = apply(state, Attack(0, "India", "Siam", 3), ScriptedRng([6, 6, 6, 1]))
    assert new.winner == 0 and new.phase == GAME_OVER


def test_first_turn_goes_to_the_highest_roll_once_setup_is_over():
    """GAME 1 SETUP 8: "Each player rolls one die, and whoever rolls the highest number goes
    first" -- a roll after the placement, not the first placer."""
    from bot.ai.world import choose_action
    from bot.engine.world.engine import to_act

    state, _ = new_game("secret-mission-2016", ["A", "B", "C"], 6)
    while state.phase == SETUP_PLACE:
        state, events = apply(state, choose_action(state, to_act(state)[0]))
    rolls = [e for e in events if e["type"] == "roll_off"]
    assert rolls and state.phase == REINFORCE
    final = {int(k): v for k, v in rolls[-1]["rolls"].items()}
    assert state.current == max(final, key=final.get)
