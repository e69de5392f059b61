"""Plays the computer player's choices through Discord, as people would, and checks secrets.

Every request the bot makes is attributed to who can read it: the channel (public answers
and channel messages), one user (their ephemeral replies, their DMs). After each step the
secrets of the moment (cards in hands, missions, headquarters not yet revealed) are checked
against everything each reader was shown in that step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.ai.world import choose_action
from bot.engine.world import engine
from bot.engine.world.actions import (
    Attack,
    Blitz,
    ChooseCapital,
    Claim,
    EndAttack,
    EndTurn,
    Fortify,
    Occupy,
    Place,
    Trade,
)
from bot.engine.world.board import world_map
from bot.engine.world.state import CHOOSE_CAPITAL, GAME_OVER, WorldState
from bot.engine.world.victory import mission_text
from cogs.risk._cog import default_armies
from cogs.risk._targets import last_attack
from cogs.risk._ui import place_label
from tests.discord.harness import CHANNEL_ID, Call, Discord, Traffic, User

EVERYONE = 0


def reader(traffic: Traffic, call: Call, user: User) -> int | None:
    """Who sees `call`, made while serving `user`: EVERYONE, a user id, or None (no content)."""
    if call.method != "POST" or call.url.endswith("/users/@me/channels"):
        return None
    if traffic.is_dm(call):
        return traffic.dm_recipient(call)
    if call.is_callback or call.is_followup:
        if not call.body or call.json.get("type") == 5:
            return None
        return user.id if call.ephemeral else EVERYONE
    if f"/channels/{CHANNEL_ID}/messages" in call.url:
        return EVERYONE
    return None


@dataclass
class Secret:
    text: str
    owner: int  # user id
    what: str
    # Others who may know it: a card's holder before the step, or the actor who drew it and
    # lost it in the same step (an elimination at the end of their own turn).
    also: set[int] = field(default_factory=set)


def secrets_of(game, before: WorldState, actor: int) -> list[Secret]:
    """What only one player may know right now."""
    state: WorldState = game.state
    world = world_map()
    held_before = {
        c: game.user_at(s).user_id
        for s, p in enumerate(before.players)
        if not p.neutral
        for c in p.hand
    }
    out: list[Secret] = []
    for seat, p in enumerate(state.players):
        if p.neutral:
            continue
        uid = game.user_at(seat).user_id
        for c in p.hand:
            name = world.card_name(c)
            if name != "Wild card":  # two wild cards share a name
                also = {actor, held_before.get(c, uid)}
                out.append(Secret(name, uid, "card", also))
        # The winner's mission is shown with the win; the others' stay secret.
        if p.mission is not None and seat != state.winner:
            out.append(Secret(mission_text(state, p.mission), uid, "mission"))
        if p.capital is not None and state.phase == CHOOSE_CAPITAL:
            out.append(Secret(p.capital, uid, "headquarters"))
    return out


@dataclass
class Table:
    d: Discord
    users: list[User]
    latest: Call | None = None  # the newest message with game buttons
    counts: dict[str, int] = field(default_factory=dict)
    game_id: int | None = None
    steps: int = 0

    def count(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1

    async def game(self):
        if self.game_id is None:
            self.game_id = (await self.d.bot.service.game_in(CHANNEL_ID)).id
        return await self.d.bot.service.get(self.game_id)

    def user(self, game, seat: int) -> User:
        uid = game.user_at(seat).user_id
        return next(u for u in self.users if u.id == uid)

    def button(self, label: str) -> str | None:
        return self.latest.buttons().get(label) if self.latest else None

    async def press_or(self, user: User, label: str, sub: str, **options) -> list[Call]:
        custom_id = self.button(label)
        if custom_id is not None:
            self.count(f"press:{label.split()[0]}")
            return await self.d.press(user, custom_id, self.latest)
        self.count(f"slash:{sub}")
        return await self.d.slash(user, sub, **options)

    async def pick(self, user: User, label: str, value: str) -> list[Call] | None:
        """Press the button opening a territory menu, then pick `value` from it."""
        custom_id = self.button(label)
        if custom_id is None:
            return None
        calls = await self.d.press(user, custom_id, self.latest)
        menu = calls[-1]
        assert menu.ephemeral, menu.text
        values = [o["value"] for o in menu.select_options()]
        if value not in values:
            return None
        self.count(f"menu:{label.split()[0]}")
        select_id = next(iter(menu.buttons().values()))
        return calls + await self.d.select(user, select_id, [value], menu)

    async def step(self) -> list[Call]:
        game = await self.game()
        state: WorldState = game.state
        seat = engine.to_act(state)[0]
        user = self.user(game, seat)
        action = choose_action(state, seat)
        calls = await self.send(user, state, seat, action)
        self.check(calls, user)
        after = await self.game()
        assert after.version > game.version, [c.text for c in calls]
        self.check_secrets(calls, user, after, state)
        for call in calls:
            if call.buttons() and reader(self.d.traffic, call, user) is not None:
                self.latest = call
        self.steps += 1
        return calls

    async def send(self, user: User, state: WorldState, seat: int, action) -> list[Call]:
        d = self.d
        if isinstance(action, Claim):
            return await d.slash(user, "claim", territory=action.territory)
        if isinstance(action, ChooseCapital):
            picked = None
            if self.counts.get("menu:Choose", 0) <= self.counts.get("slash:hq", 0):
                picked = await self.pick(user, "Choose headquarters", action.territory)
            if picked is not None:
                return picked
            self.count("slash:hq")
            return await d.slash(user, "hq", territory=action.territory)
        if isinstance(action, Place):
            if action.armies == default_armies(state, action.territory):
                picked = await self.pick(user, place_label(state), action.territory)
                if picked is not None:
                    return picked
            self.count("slash:place")
            return await d.slash(user, "place", territory=action.territory, armies=action.armies)
        if isinstance(action, Trade):
            return await self.trade(user, action)
        if isinstance(action, Attack):
            return await d.slash(
                user, "attack", source=action.source, target=action.target, dice=action.dice
            )
        if isinstance(action, Blitz):
            again = last_attack(state, seat) == (action.source, action.target)
            expert = {"reroll": action.reroll or None, "commander": action.commander or None}
            if again and not (action.reroll or action.commander):
                return await self.press_or(
                    user,
                    f"Blitz {action.target}",
                    "blitz",
                    source=action.source,
                    target=action.target,
                )
            self.count("slash:blitz")
            return await d.slash(
                user, "blitz", source=action.source, target=action.target, stop_at=1, **expert
            )
        if isinstance(action, Occupy):
            occ = state.occupy
            label = f"Move all ({action.armies})" if action.armies == occ["max"] else "-"
            if action.armies == occ["min"]:
                label = f"Move {action.armies}"
            return await self.press_or(user, label, "move", armies=action.armies)
        if isinstance(action, Fortify):
            return await d.slash(
                user, "fortify", source=action.source, target=action.target, armies=action.armies
            )
        if isinstance(action, EndAttack):
            return await self.press_or(user, "Stop attacking", "end", what="attack")
        if isinstance(action, EndTurn):
            return await self.press_or(user, "End turn", "end", what="turn")
        raise AssertionError(f"unexpected action {action}")

    async def trade(self, user: User, action: Trade) -> list[Call]:
        calls = await self.press_or(user, "Trade cards", "trade")
        menu = calls[-1]
        assert menu.ephemeral and menu.select_options(), menu.text
        value = "-".join(str(c) for c in sorted(action.cards))
        custom_id = next(iter(menu.buttons().values()))
        return calls + await self.d.select(user, custom_id, [value], menu)

    def check(self, calls: list[Call], user: User) -> None:
        for call in calls:
            assert "went wrong" not in call.text, call.text
        answers = [c for c in calls if c.is_callback]
        assert answers, "every interaction is answered"
        for answer in answers:
            if answer.json["type"] in (4, 5):
                assert answer.json["data"]["flags"] & 64, answer.json

    def check_secrets(self, calls: list[Call], user: User, game, before: WorldState) -> None:
        secrets = secrets_of(game, before, user.id)
        for call in calls:
            seen_by = reader(self.d.traffic, call, user)
            if seen_by is None:
                continue
            for secret in secrets:
                if seen_by != secret.owner and seen_by not in secret.also:
                    assert secret.text not in call.text, (
                        f"{secret.what} {secret.text!r} of {secret.owner} shown to "
                        f"{'the channel' if seen_by == EVERYONE else seen_by}: {call.text}"
                    )

    async def play_out(self, limit: int = 3000) -> object:
        while True:
            game = await self.game()
            if game.status != "running" or game.state.phase == GAME_OVER:
                return game
            await self.step()
            assert self.steps < limit


def public(traffic: Traffic) -> list[Call]:
    return [
        c
        for c in traffic.calls
        if c.method == "POST"
        and not traffic.is_dm(c)
        and (
            (c.is_callback or c.is_followup)
            and c.body
            and not c.ephemeral
            or f"/channels/{CHANNEL_ID}/messages" in c.url
        )
    ]
