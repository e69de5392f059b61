"""Layer 3: a whole game of three players from /risk new to a winner, every step a raw payload.

The computer player decides; each decision is sent the way a person would: a slash command,
or a press of the button the bot offered. Every request the bot makes is checked: actions
are answered ephemerally, nothing secret ever reaches the channel, drawn cards reach their
owner privately, and a restart in the middle changes nothing for the players.
"""

from __future__ import annotations

import time
from pathlib import Path

from bot.ai.world import choose_action
from bot.engine.world.actions import (
    Attack,
    Blitz,
    Claim,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Trade,
)
from bot.engine.world.board import world_map
from bot.engine.world.state import GAME_OVER
from cogs.risk._ui import last_attack
from tests.discord.conftest import ALICE, BOB, CAROL
from tests.discord.harness import CHANNEL_ID, Call, Discord, Traffic, User, running_bot

SEED = 2
RESTART_AFTER = 60  # steps


def is_public(traffic: Traffic, call: Call) -> bool:
    """Seen by the whole channel: a non-ephemeral answer or a channel message (not a DM)."""
    if call.method != "POST" or call.url.endswith("/users/@me/channels"):
        return False
    if call.is_callback or call.is_followup:
        return bool(call.body) and not call.ephemeral
    return f"/channels/{CHANNEL_ID}/messages" in call.url


def secrets_now(game) -> dict[str, int]:
    """Card name -> seat, for every card held in any hand."""
    world = world_map()
    return {world.card_name(c): seat for seat, p in enumerate(game.state.players) for c in p.hand}


def assert_no_leak(traffic: Traffic, calls: list[Call], secrets: dict[str, int]) -> None:
    for call in calls:
        if is_public(traffic, call):
            for name in secrets:
                assert name not in call.text, f"{name} leaked in a channel message: {call.text}"


def assert_no_error(calls: list[Call]) -> None:
    for call in calls:
        assert "went wrong" not in call.text, call.text


class Table:
    """Plays the computer player's choice through Discord and checks each step."""

    def __init__(self, d: Discord, users: list[User]) -> None:
        self.d = d
        self.users = {u.id: u for u in users}
        self.latest: Call | None = None  # the newest message with game buttons
        self.presses = 0
        self.slashes = 0
        self.game_id: int | None = None

    async def game(self):
        if self.game_id is None:
            self.game_id = (await self.d.bot.service.game_in(CHANNEL_ID)).id
        return await self.d.bot.service.get(self.game_id)

    def button(self, label: str) -> str | None:
        return self.latest.buttons().get(label) if self.latest else None

    async def press_or(self, user: User, label: str, sub: str, **options) -> list[Call]:
        custom_id = self.button(label)
        if custom_id is not None:
            self.presses += 1
            return await self.d.press(user, custom_id, self.latest)
        self.slashes += 1
        return await self.d.slash(user, sub, **options)

    async def step(self) -> list[Call]:
        game = await self.game()
        state = game.state
        seat = state.current
        user = self.users[game.user_at(seat).user_id]
        action = choose_action(state, seat)
        if isinstance(action, Claim):
            calls = await self.d.slash(user, "claim", territory=action.territory)
        elif isinstance(action, Place):
            calls = await self.d.slash(
                user, "place", territory=action.territory, armies=action.armies
            )
        elif isinstance(action, Trade):
            calls = await self.trade(user, action)
        elif isinstance(action, Attack):
            calls = await self.d.slash(
                user, "attack", source=action.source, target=action.target, dice=action.dice
            )
        elif isinstance(action, Blitz):
            again = last_attack(state, seat) == (action.source, action.target)
            label = f"Blitz {action.target}" if again else "-"
            calls = await self.press_or(
                user, label, "blitz", source=action.source, target=action.target, stop_at=1
            )
        elif isinstance(action, Occupy):
            occ = state.occupy
            label = f"Move all ({action.armies})" if action.armies == occ["max"] else "-"
            if action.armies == occ["min"]:
                label = f"Move {action.armies}"
            calls = await self.press_or(user, label, "move", armies=action.armies)
        elif isinstance(action, Fortify):
            calls = await self.d.slash(
                user,
                "fortify",
                source=action.source,
                target=action.target,
                armies=action.armies,
            )
        elif isinstance(action, EndTurn | EndAttack):
            calls = await self.press_or(user, "End turn", "end", what="turn")
        else:
            raise AssertionError(f"unexpected action {action}")
        self.check_step(calls, user)
        after = await self.game()
        assert after.version > game.version, [c.text for c in calls]
        assert_no_leak(self.d.traffic, calls, secrets_now(after))
        for call in calls:
            if call.buttons():
                self.latest = call
        return calls

    async def trade(self, user: User, action: Trade) -> list[Call]:
        calls = await self.press_or(user, "Trade cards", "trade")
        menu = calls[-1]
        assert menu.ephemeral and menu.select_options(), menu.text
        value = "-".join(str(c) for c in sorted(action.cards))
        assert value in [o["value"] for o in menu.select_options()]
        custom_id = next(iter(menu.buttons().values()))
        return calls + await self.d.select(user, custom_id, [value], menu)

    def check_step(self, calls: list[Call], user: User) -> None:
        assert_no_error(calls)
        answers = [c for c in calls if c.is_callback]
        assert answers, "every interaction is answered"
        first = answers[-1].json
        # Actions are deferred ephemerally (type 5, flags 64) or answered ephemerally.
        assert first["type"] in (4, 5), first
        assert first["data"]["flags"] & 64, first


async def test_three_players_play_to_a_winner_with_a_restart(tmp_path: Path) -> None:
    started = time.monotonic()
    db = tmp_path / "risk.db"
    traffic = Traffic()
    traffic.dm_closed.add(CAROL.id)  # Carol's DMs are closed from the start
    users = [ALICE, BOB, CAROL]
    steps = 0
    async with running_bot(db, traffic) as d:
        calls = await d.slash(ALICE, "new", ruleset="classic-1959")
        assert calls[0].is_callback and not calls[0].ephemeral
        assert "Join" in calls[0].buttons()
        await d.press(BOB, calls[0].buttons()["Join"], calls[0])
        joined = await d.slash(CAROL, "join")
        told = [c for c in joined if c.is_followup]
        assert told and told[0].ephemeral and "direct messages" in told[0].text
        early = await d.slash(BOB, "start")
        assert early[-1].ephemeral and "Only the host" in early[-1].text

        calls = await d.slash(ALICE, "start", seed=SEED)
        post = [c for c in calls if c.is_followup][0]
        assert not post.ephemeral and "it is your turn" in post.body["content"]
        # Bob closes his DMs after joining: the first card he draws cannot be DMed.
        traffic.dm_closed.add(BOB.id)
        table = Table(d, users)
        table.latest = post
        while steps < RESTART_AFTER:
            await table.step()
            steps += 1
        stale = table.latest
        version_before = (await table.game()).version

    async with running_bot(db, traffic) as d:
        table.d = d
        assert (await table.game()).version == version_before
        # The buttons drawn before the restart still work.
        while True:
            game = await table.game()
            if game is None or game.state.phase == GAME_OVER or game.status != "running":
                break
            await table.step()
            steps += 1
            assert steps < 2000
        finished = await d.bot.service.get(game.id)
        assert finished.state.phase == GAME_OVER
        winner = finished.state.winner
        last = [c for c in traffic.calls if is_public(traffic, c)][-1]
        assert "wins" in last.text and f"<@{finished.user_at(winner).user_id}>" in last.text

        # A button pressed once the game is over says so, to that player only.
        if stale and stale.buttons():
            custom_id = next(iter(stale.buttons().values()))
            calls = await d.press(ALICE, custom_id, stale)
            assert calls[-1].ephemeral and "over" in calls[-1].text

    assert table.presses > 10 and table.slashes > 10
    # Private delivery: Alice got drawn cards by DM, Bob's DM failure was told to the channel.
    dms = [
        c for c in traffic.calls if traffic.is_dm(c) and c.status == 200 and "You drew" in c.text
    ]
    assert any(traffic.dm_recipient(c) == ALICE.id for c in dms)
    assert not any(traffic.dm_recipient(c) in (BOB.id, CAROL.id) for c in dms)
    public = [c for c in traffic.calls if is_public(traffic, c)]
    assert any("could not DM Bob" in c.text for c in public)
    assert not any("could not DM Carol" in c.text for c in public)
    # Carol's drawn cards came in replies only she could see.
    carol = [c for c in traffic.calls if c.ephemeral and "You drew" in c.text]
    assert carol
    print(f"{steps} steps, {len(traffic.calls)} requests in {time.monotonic() - started:.1f}s")


async def test_claim_setup_of_classic_2016_through_commands(tmp_path: Path) -> None:
    """Claiming and placing one army at a time: every step a command, each a mention."""
    async with running_bot(tmp_path / "risk.db") as d:
        await d.slash(ALICE, "new", ruleset="classic-2016")
        await d.slash(BOB, "join")
        await d.slash(CAROL, "join")
        await d.slash(ALICE, "start", seed=5)
        table = Table(d, [ALICE, BOB, CAROL])
        mentions = 0
        while (await table.game()).state.phase in ("claim", "setup_place"):
            calls = await table.step()
            mentions += sum(
                "it is your turn" in (c.body.get("content") or "")
                for c in calls
                if is_public(d.traffic, c)
            )
        state = (await table.game()).state
        assert all(owner is not None for owner in state.owner.values())
        assert sum(state.armies.values()) == 3 * 35
        assert mentions >= 42 + 63
