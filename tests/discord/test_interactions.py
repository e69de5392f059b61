"""Layer 3, one behaviour each: refusals, buttons, autocomplete, errors, sync, restart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.discord.conftest import ALICE, BOB, CAROL, MOD
from tests.discord.harness import CHANNEL_ID, Call, Discord, User, running_bot

DAVE = User(1004, "Dave")


async def lobby(d: Discord, seed: int = 2) -> list[Call]:
    await d.slash(ALICE, "new", ruleset="classic-1959")
    await d.slash(BOB, "join")
    await d.slash(CAROL, "join")
    return await d.slash(ALICE, "start", seed=seed)


def only_reply(calls: list[Call]) -> Call:
    replies = [c for c in calls if c.is_callback or c.is_followup]
    assert replies, calls
    return replies[-1]


async def current(d: Discord) -> tuple[User, object]:
    game = await d.bot.service.game_in(CHANNEL_ID)
    uid = game.user_at(game.state.current).user_id
    return {u.id: u for u in (ALICE, BOB, CAROL)}[uid], game


@pytest.mark.parametrize(
    ("sub", "options", "expected"),
    [
        ("attack", {"source": "Alaska", "target": "Kamchatka"}, "no game in this channel"),
        ("hand", {}, "no game in this channel"),
        ("status", {}, "no game in this channel"),
        ("start", {}, "no game in this channel"),
    ],
)
async def test_commands_outside_a_game_say_what_to_do(discord_, sub, options, expected):
    reply = only_reply(await discord_.slash(ALICE, sub, **options))
    assert reply.ephemeral and expected in reply.text and "/risk new" in reply.text


async def test_commands_in_direct_messages_are_refused(discord_):
    reply = only_reply(await discord_.slash(ALICE, "new", guild=False))
    assert reply.ephemeral and "server channel" in reply.text


async def test_lobby_refusals(discord_):
    await discord_.slash(ALICE, "new", ruleset="classic-1959")
    reply = only_reply(await discord_.slash(BOB, "new"))
    assert reply.ephemeral and "already a game" in reply.text
    reply = only_reply(await discord_.slash(BOB, "place", territory="Alaska"))
    assert reply.ephemeral and "has not started" in reply.text
    reply = only_reply(await discord_.slash(ALICE, "start"))
    assert reply.ephemeral and "needs 3 to 6 players" in reply.text


async def test_spectators_and_wrong_turns_are_told_ephemerally(discord_):
    await lobby(discord_)
    reply = only_reply(await discord_.slash(DAVE, "place", territory="Alaska", armies=1))
    assert reply.ephemeral and "not playing" in reply.text
    player, game = await current(discord_)
    other = next(u for u in (ALICE, BOB, CAROL) if u.id != player.id)
    name = game.state.players[game.state.current].name
    reply = only_reply(await discord_.slash(other, "end"))
    assert reply.ephemeral and f"It is {name}'s turn" in reply.text
    reply = only_reply(await discord_.slash(player, "attack", source="Alaska", target="Kamchatka"))
    assert reply.ephemeral and "Place your" in reply.text


async def test_only_the_player_to_act_may_press_and_old_buttons_have_moved_on(discord_):
    await lobby(discord_)
    player, game = await current(discord_)
    mine = game.state.territories_of(game.state.current)[0]
    calls = await discord_.slash(player, "place", territory=mine, armies=game.state.pending)
    reply = only_reply(calls)
    assert reply.ephemeral and "End turn" in reply.buttons()
    end = reply.buttons()["End turn"]
    other = next(u for u in (ALICE, BOB, CAROL) if u.id != player.id)
    refused = only_reply(await discord_.press(other, end, reply))
    assert refused.ephemeral and f"It is {player.name}'s turn" in refused.text
    # The player acts by command instead: the button's state is now older than the game.
    await discord_.slash(player, "defend", dice=1)
    moved = only_reply(await discord_.press(player, end, reply))
    assert moved.ephemeral and "moved on" in moved.text


async def test_buttons_keep_working_after_a_restart(db: Path):
    async with running_bot(db) as d:
        await lobby(d)
        player, game = await current(d)
        mine = game.state.territories_of(game.state.current)[0]
        reply = only_reply(
            await d.slash(player, "place", territory=mine, armies=game.state.pending)
        )
        end = reply.buttons()["End turn"]
        traffic = d.traffic
    async with running_bot(db, traffic) as d:
        calls = await d.press(player, end, reply)
        assert calls[0].json["type"] == 5 and calls[0].ephemeral
        channel = [c for c in calls if f"/channels/{CHANNEL_ID}/messages" in c.url]
        assert channel and "it is your turn" in channel[0].body["content"]
        # The turn's narration from before the restart is rebuilt from the action log.
        assert f"on {mine}." in json.dumps(channel[0].body["embeds"])
        after = await d.bot.service.game_in(CHANNEL_ID)
        assert after.state.current != game.state.current


async def test_territory_autocomplete_matches_words_and_legal_moves(discord_):
    await lobby(discord_)
    player, game = await current(discord_)
    state = game.state
    seat = state.current
    choices = await discord_.autocomplete(player, "place", "territory", territory="")
    assert 0 < len(choices) <= 25
    assert set(choices) <= set(state.territories_of(seat))
    if "Eastern Australia" in state.territories_of(seat):
        assert await discord_.autocomplete(player, "place", "territory", territory="e aus") == [
            "Eastern Australia"
        ]
    # Targets follow the chosen source: only its enemy neighbours.
    source = next(t for t in state.territories_of(seat))
    targets = await discord_.autocomplete(player, "attack", "target", source=source, target="")
    assert all(state.owner[t] != seat for t in targets)
    # Spectators get nothing to pick.
    assert await discord_.autocomplete(DAVE, "place", "territory", territory="") == []


async def test_unexpected_errors_after_defer_reach_the_user_with_an_id(discord_, monkeypatch):
    await lobby(discord_)
    player, game = await current(discord_)

    async def broken(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(discord_.bot.service, "act", broken)
    calls = await discord_.slash(player, "end")
    assert calls[0].json["type"] == 5
    reply = only_reply(calls)
    assert reply.is_followup and reply.ephemeral
    assert "Sorry" in reply.text and "error " in reply.text
    assert "database on fire" not in reply.text


async def test_cancel_is_for_the_host_or_channel_managers(discord_):
    await lobby(discord_)
    reply = only_reply(await discord_.slash(BOB, "cancel"))
    assert reply.ephemeral and "Only the host" in reply.text
    reply = only_reply(await discord_.slash(MOD, "cancel"))
    assert not reply.ephemeral and "cancelled" in reply.text
    assert await discord_.bot.service.game_in(CHANNEL_ID) is None


async def test_info_commands_answer_privately(discord_):
    await lobby(discord_)
    player, game = await current(discord_)
    for sub in ("status", "hand", "rules", "help", "settings"):
        reply = only_reply(await discord_.slash(player, sub))
        assert reply.ephemeral, sub
    status = only_reply(await discord_.slash(BOB, "status"))
    assert "is reinforcing" in status.text and "Turn began" in status.text
    seat = game.state.current
    source = next(
        t
        for t in game.state.territories_of(seat)
        for n in sorted(game.state.owner)
        if game.state.owner[n] != seat
    )
    reply = only_reply(await discord_.slash(player, "odds", source=source, target=source))
    assert reply.ephemeral


async def test_commands_sync_as_one_guild_only_group(discord_):
    puts = [c for c in discord_.traffic.calls if c.method == "PUT" and "/commands" in c.url]
    assert puts
    (group,) = puts[-1].json
    assert group["name"] == "risk" and len(group["options"]) <= 25
    names = {o["name"] for o in group["options"]}
    assert {"new", "join", "start", "claim", "place", "attack", "blitz", "move"} <= names
    assert {"fortify", "end", "defend", "status", "hand", "odds", "rules", "help"} <= names
    assert group.get("dm_permission") is False or group.get("contexts") == [0]


async def test_turn_messages_attach_the_board_once_a_renderer_exists(discord_, monkeypatch):
    from cogs.risk import _board

    monkeypatch.setattr(_board, "board_png", lambda state: b"\x89PNG fake")
    calls = await lobby(discord_)
    post = [c for c in calls if c.is_followup][-1]
    assert post.files == ["board.png"]
    assert post.body["embeds"][0]["image"]["url"] == "attachment://board.png"


async def test_resigning_out_of_turn_and_on_your_turn(discord_):
    await lobby(discord_)
    player, game = await current(discord_)
    users = {u.id: u for u in (ALICE, BOB, CAROL)}
    other = next(u for uid, u in users.items() if uid != player.id)
    kept = only_reply(await discord_.slash(other, "resign", confirm=False))
    assert kept.ephemeral and "still in the game" in kept.text
    calls = await discord_.slash(other, "resign", confirm=True)
    assert only_reply(calls).ephemeral
    channel = [c for c in calls if f"/channels/{CHANNEL_ID}/messages" in c.url]
    assert channel and f"{other.name} resigns" in channel[0].body["content"]
    after = await discord_.bot.service.game_in(CHANNEL_ID)
    assert after.state.current == game.state.current  # the player to act goes on
    refused = only_reply(await discord_.slash(other, "defend", dice=1))
    assert refused.ephemeral and "eliminated" in refused.text
    # The player to act resigns too: the last one left wins, and the channel says so.
    calls = await discord_.slash(player, "resign", confirm=True)
    final = await discord_.bot.service.get(game.id)
    assert final.status == "finished"
    posted = [c for c in calls if f"/channels/{CHANNEL_ID}/messages" in c.url]
    assert posted and "wins" in json.dumps(posted[-1].body)


async def test_a_player_past_the_turn_limit_gets_a_computer_stand_in(discord_):
    from datetime import UTC, datetime, timedelta

    await lobby(discord_)
    player, game = await current(discord_)
    cog = discord_.bot.get_cog("Risk")
    cog.turn_hours = 24
    soon = datetime.now(UTC) + timedelta(hours=23)
    assert await cog.expire_turns(soon) == 0  # not late yet: nothing moves
    before = len(discord_.traffic.calls)
    late = datetime.now(UTC) + timedelta(hours=25)
    assert await cog.expire_turns(late) == 1
    after = await discord_.bot.service.game_in(CHANNEL_ID)
    assert after.state.current != game.state.current and after.version > game.version
    posted = [
        c for c in discord_.traffic.calls[before:] if f"/channels/{CHANNEL_ID}/messages" in c.url
    ]
    assert posted and f"Time ran out for {player.name}" in json.dumps(posted[-1].body)
    # Whoever is to act now has a fresh clock.
    assert await cog.expire_turns(late - timedelta(hours=1)) == 0
