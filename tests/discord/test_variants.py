"""Layer 3: every world ruleset played from /risk new to a winner through raw payloads.

The computer player decides; each decision goes out as a person would send it (commands,
buttons, menus), and every message is checked for leaked cards, missions and headquarters.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.engine.world import legal
from bot.engine.world.rules import RULESETS
from bot.engine.world.state import GAME_OVER
from bot.engine.world.victory import mission_text
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import CHANNEL_ID, Call, Discord, Traffic, User, running_bot
from tests.discord.players import Table, public

# Seeds giving short games with the computer player (each checked to reach a winner).
SEEDS = {
    "classic-1959": 2,
    "classic-2016": 5,
    "secret-mission-2016": 23,
    "capital-2016": 14,
    "two-player-2016": 5,
    "two-player-1999": 5,
    "classic-1959-expert": 1,
    "classic-free-pick": 3,
    "allied-army-2p": 19,
}


async def open_game(d: Discord, ruleset: str, users: list[User], seed: int, **options) -> Call:
    await d.slash(users[0], "new", ruleset=ruleset, **options)
    for user in users[1:]:
        await d.slash(user, "join")
    calls = await d.slash(users[0], "start", seed=seed)
    post = [c for c in calls if c.is_followup][-1]
    assert not post.ephemeral, post.text
    return post


def players_for(ruleset: str) -> list[User]:
    return [ALICE, BOB] if RULESETS[ruleset].max_players == 2 else [ALICE, BOB, CAROL]


@pytest.mark.parametrize("ruleset", sorted(SEEDS))
async def test_every_ruleset_plays_to_a_winner(tmp_path: Path, ruleset: str) -> None:
    assert set(SEEDS) == set(RULESETS)
    async with running_bot(tmp_path / "risk.db") as d:
        users = players_for(ruleset)
        table = Table(d, users)
        table.latest = await open_game(d, ruleset, users, SEEDS[ruleset])
        game = await table.play_out()
        assert game.state.phase == GAME_OVER
        winner = game.user_at(game.state.winner)
        last = public(d.traffic)[-1]
        assert "wins" in last.text and f"<@{winner.user_id}>" in last.text
        # The neutral / Allied army is never mentioned: it is no Discord user.
        for call in public(d.traffic):
            assert "<@None>" not in call.text


async def test_capital_game_keeps_headquarters_secret_until_the_reveal(tmp_path: Path) -> None:
    traffic = Traffic()
    traffic.dm_closed.add(CAROL.id)
    async with running_bot(tmp_path / "risk.db", traffic) as d:
        users = [ALICE, BOB, CAROL]
        table = Table(d, users)
        table.latest = await open_game(d, "capital-2016", users, SEEDS["capital-2016"])
        while (await table.game()).state.phase != "choose_capital":
            await table.step()
        call = public(traffic)[-1]
        assert all(f"<@{u.id}>" in call.body["content"] for u in users), call.body
        assert "Choose headquarters" in call.buttons()
        # A spectator and an early second pick are refused, privately.
        stranger = User(1004, "Dave")
        reply = (await d.slash(stranger, "hq", territory="Alaska"))[-1]
        assert reply.ephemeral and "not playing" in reply.text
        seen = []
        while (await table.game()).state.phase == "choose_capital":
            start = len(traffic.calls)
            calls = await table.step()
            game = await table.game()
            picked = [c for c in calls if c.ephemeral and "Your headquarters" in c.text]
            assert picked, "the chooser is told their pick, privately"
            if game.state.phase == "choose_capital":
                progress = [c for c in traffic.calls[start:] if c in public(traffic)]
                assert progress and "has chosen (" in progress[-1].body["content"]
                seen.append(progress[-1].body["content"])
                chooser = next(
                    u
                    for u in users
                    if game.state.players[game.seat_of(u.id)].capital is not None
                    and u.name in progress[-1].body["content"]
                )
                again = (await d.slash(chooser, "hq", territory="Alaska"))[-1]
                assert again.ephemeral and "already chosen" in again.text
                status = (await d.slash(stranger, "status"))[-1]
                assert "🏰" not in status.text
        assert [line.split(" has chosen ")[1] for line in seen] == ["(1 of 3).", "(2 of 3)."]
        reveal = public(traffic)[-1]
        assert "Headquarters revealed" in reveal.text
        game = await table.game()
        for p in game.state.players:
            assert p.capital in reveal.text
        await table.play_out()
        hands = [c for c in traffic.calls if c.ephemeral and "Your headquarters" in c.text]
        assert hands


async def test_secret_missions_reach_only_their_owner(tmp_path: Path) -> None:
    traffic = Traffic()
    traffic.dm_closed.add(CAROL.id)
    async with running_bot(tmp_path / "risk.db", traffic) as d:
        users = [ALICE, BOB, CAROL]
        table = Table(d, users)
        table.latest = await open_game(
            d, "secret-mission-2016", users, SEEDS["secret-mission-2016"]
        )
        game = await table.game()
        texts = {
            game.user_at(s).user_id: mission_text(game.state, p.mission)
            for s, p in enumerate(game.state.players)
        }
        dms = [c for c in traffic.calls if traffic.is_dm(c) and c.status == 200]
        for uid in (ALICE.id, BOB.id):
            mine = [c for c in dms if traffic.dm_recipient(c) == uid and texts[uid] in c.text]
            assert mine, f"mission DMed to {uid}"
        # Carol's DMs are closed: she reads hers with /risk hand, privately.
        hand = (await d.slash(CAROL, "hand"))[-1]
        assert hand.ephemeral and texts[CAROL.id] in hand.text
        assert texts[ALICE.id] not in hand.text and texts[BOB.id] not in hand.text
        for call in public(traffic):
            assert not any(t in call.text for t in texts.values()), call.text
        game = await table.play_out()
        winner = game.user_at(game.state.winner).user_id
        last = public(traffic)[-1]
        assert texts[winner] in last.text
        assert not any(t in last.text for uid, t in texts.items() if uid != winner)


async def test_allied_army_is_commanded_by_the_other_player(tmp_path: Path) -> None:
    started = time.monotonic()
    async with running_bot(tmp_path / "risk.db") as d:
        users = [ALICE, BOB]
        table = Table(d, users)
        table.latest = await open_game(d, "allied-army-2p", users, SEEDS["allied-army-2p"])
        # Play to the first Allied hand-off.
        while (await table.game()).state.phase not in ("allied_place", "allied_attack"):
            await table.step()
        game = await table.game()
        state = game.state
        commander = table.user(game, state.acting)
        mover = table.user(game, state.current)
        call = public(d.traffic)[-1]
        assert f"<@{commander.id}>" in call.body["content"]
        assert "command the Allied Army" in call.body["content"]
        # Autocomplete offers the Allied Army's territories to its commander only.
        allied = state.neutral_seat()
        if state.phase == "allied_place":
            choices = await d.autocomplete(commander, "place", "territory", territory="")
            assert choices and all(state.owner[t] == allied for t in choices)
            assert await d.autocomplete(mover, "place", "territory", territory="") == []
        # The player whose turn it is may not give the Allied Army orders, nor may a stranger
        # press the commander's buttons.
        refused = (await d.slash(mover, "end", what="attack"))[-1]
        assert refused.ephemeral and f"{commander.name} is giving the Allied Army" in refused.text
        buttons = call.buttons()
        assert buttons, call.text
        label, custom_id = next(iter(buttons.items()))
        refused = (await d.press(mover, custom_id, call))[-1]
        assert refused.ephemeral and "Allied Army" in refused.text, label
        assert (await table.game()).version == game.version
        game = await table.play_out()
        assert game.state.phase == GAME_OVER
        assert table.counts.get("menu:Place", 0) > 0, table.counts
        assert table.counts.get("press:Stop", 0) > 0, table.counts
        allied_lines = [c for c in public(d.traffic) if "commands the Allied Army" in c.text]
        assert allied_lines
    assert time.monotonic() - started < 30


async def test_rule_options_are_checked_and_shown(discord_) -> None:
    d = discord_
    reply = (await d.slash(ALICE, "new", ruleset="classic-2016", hq_short=True))[-1]
    assert reply.ephemeral and "Capital RISK" in reply.text
    calls = await d.slash(ALICE, "new", ruleset="capital-2016", cards="plus_one", hq_short=True)
    assert not calls[0].ephemeral
    settings = (await d.slash(BOB, "settings"))[-1]
    assert settings.ephemeral and "4, 5, 6" in settings.text and "short game" in settings.text


async def test_two_player_rulesets_need_exactly_two(discord_) -> None:
    d = discord_
    await d.slash(ALICE, "new", ruleset="two-player-1999")
    await d.slash(BOB, "join")
    full = (await d.slash(CAROL, "join"))[-1]
    assert full.ephemeral and "full" in full.text
    calls = await d.slash(ALICE, "start", seed=SEEDS["two-player-1999"])
    game = await d.bot.service.game_in(CHANNEL_ID)
    state = game.state
    assert len(state.players) == 3 and state.players[2].neutral
    with pytest.raises(KeyError):
        game.user_at(2)  # the neutral seat has no Discord user, so it is never mentioned
    post = [c for c in calls if c.is_followup][-1]
    assert "Neutral" in post.text and "<@" in post.body["content"]
    # 1999 placement: two of your own, then one neutral, on the same placement turn.
    table = Table(d, [ALICE, BOB])
    while not (await table.game()).state.quota_neutral or (await table.game()).state.quota_own:
        await table.step()
    game = await table.game()
    state = game.state
    player = table.user(game, state.current)
    choices = await d.autocomplete(player, "place", "territory", territory="")
    neutral = state.neutral_seat()
    assert choices and all(state.owner[t] == neutral for t in choices)
    other = next(u for u in (ALICE, BOB) if u.id != player.id)
    refused = (await d.slash(other, "place", territory=choices[0]))[-1]
    assert refused.ephemeral and f"It is {player.name}'s turn" in refused.text
    calls = await d.slash(player, "place", territory=choices[0])
    assert (await table.game()).state.armies[choices[0]] == state.armies[choices[0]] + 1
    assert any("for the Neutral" in c.text for c in calls)


async def test_expert_flags_are_refused_where_the_rules_have_none(discord_) -> None:
    d = discord_
    await open_game(d, "classic-1959", [ALICE, BOB, CAROL], 2)
    game = await d.bot.service.game_in(CHANNEL_ID)
    table = Table(d, [ALICE, BOB, CAROL])
    while (await table.game()).state.phase != "attack":
        await table.step()
    game = await table.game()
    state = game.state
    user = table.user(game, state.current)
    source = legal.attack_sources(state, state.current)[0]
    target = legal.attack_targets(state, source)[0]
    reply = (await d.slash(user, "attack", source=source, target=target, commander=True))[-1]
    assert reply.ephemeral and "Commanders are not part of this game's rules." in reply.text
    assert (await table.game()).version == game.version
