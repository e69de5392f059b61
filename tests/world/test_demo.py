"""The demo plays whole games; the same arguments give the same output."""

import json

import pytest

from bot.cli import main
from bot.demo import run_world_demo
from bot.engine.world.rules import RULESETS


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_demo_finishes_with_a_winner(ruleset, seed):
    result = run_world_demo(ruleset, seed)
    assert result.winner and result.turns > 0 and len(result.digest) == 64


def test_demo_output_is_byte_identical_for_the_same_arguments(capsys, tmp_path):
    outputs = []
    for i in range(2):
        log = tmp_path / f"log{i}.jsonl"
        assert main(["demo", "--seed", "9", "--players", "4", "--log", str(log)]) == 0
        outputs.append((capsys.readouterr().out, log.read_bytes()))
    assert outputs[0] == outputs[1]
    final = outputs[0][0].strip().splitlines()[-1]
    assert final.startswith("winner=") and " turns=" in final and " digest=" in final
    events = [json.loads(line) for line in outputs[0][1].splitlines()]
    assert all("type" in e for e in events)
    battle = next(e for e in events if e["type"] == "battle")
    assert {"attacker_dice", "defender_dice", "attacker_losses", "defender_losses"} <= set(battle)
    trade = next(e for e in events if e["type"] == "trade")
    assert {"value", "set_number"} <= set(trade)


def test_demo_refuses_a_player_count_the_ruleset_does_not_allow(capsys):
    assert main(["demo", "--ruleset", "classic-2016", "--players", "6"]) == 2
    assert "3 to 5 players" in capsys.readouterr().err


def test_demo_list_names_every_ruleset(capsys):
    assert main(["demo", "--list"]) == 0
    out = capsys.readouterr().out
    for name in RULESETS:
        assert name in out


def test_odds_json(capsys):
    assert main(["odds", "11", "10", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert abs(data["attacker_wins"] - 0.5675928721) < 1e-9


def test_run_without_token_exits_with_a_sentence(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    assert "riskbot demo" in capsys.readouterr().err


def test_run_with_a_refused_token_exits_with_a_sentence(capsys, monkeypatch, tmp_path):
    import discord

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("RISKBOT_DB", str(tmp_path / "x.db"))

    def refuse(self, token, **kwargs):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "run", refuse)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "Discord refused the token" in err and "not-a-real-token" not in err


def test_run_with_a_bad_setting_names_it(capsys, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RISKBOT_TURN_HOURS", "-3")
    assert main(["run"]) == 2
    assert "RISKBOT_TURN_HOURS" in capsys.readouterr().err
