"""Discord without Discord: raw gateway payloads in, recorded HTTP out (see TESTING.md, layer 3).

Interactions are fed to `bot._connection.parse_interaction_create` exactly as the gateway
would; interaction responses and followups go through a recording `AsyncWebhookAdapter`, and
channel messages and DMs through a recording `HTTPClient.request`. Nothing is stubbed in the
bot itself: the real command tree, option parsing, dynamic items and error handler run.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import discord
from discord.webhook import async_ as webhook_async

from bot.discord_app import RiskBot

APP_ID = 900_000_000_000_000_001
BOT_ID = APP_ID
GUILD_ID = 910_000_000_000_000_001
CHANNEL_ID = 920_000_000_000_000_001
MANAGE_CHANNELS = 1 << 4
ALL_TEXT = (1 << 11) | (1 << 10) | (1 << 15) | (1 << 31)  # send, view, attach, use commands

_ids = itertools.count(930_000_000_000_000_001)


def snowflake() -> str:
    return str(next(_ids))


@dataclass
class Call:
    """One HTTP request the bot made."""

    method: str
    url: str
    json: dict[str, Any] | list[Any] | None
    files: list[str] = field(default_factory=list)
    status: int = 200

    @property
    def is_callback(self) -> bool:
        return self.url.endswith("/callback")

    @property
    def is_followup(self) -> bool:
        return "/webhooks/" in self.url

    @property
    def body(self) -> dict[str, Any]:
        """The message part: `data` of a callback, the JSON itself otherwise."""
        if not isinstance(self.json, dict):
            return {}
        if self.is_callback:
            return self.json.get("data") or {}
        return self.json

    @property
    def ephemeral(self) -> bool:
        return bool(self.body.get("flags", 0) & 64)

    @property
    def text(self) -> str:
        """Everything a reader would see: content, embeds, component labels."""
        return json.dumps(
            [self.body.get("content"), self.body.get("embeds"), self.body.get("components")],
            ensure_ascii=False,
        )

    def buttons(self) -> dict[str, str]:
        """label -> custom_id of every button and select on the message."""
        out = {}
        for row in self.body.get("components") or []:
            for item in row.get("components", []):
                if "custom_id" in item:
                    out[item.get("label") or item.get("placeholder") or ""] = item["custom_id"]
        return out

    def select_options(self) -> list[dict[str, Any]]:
        for row in self.body.get("components") or []:
            for item in row.get("components", []):
                if item.get("type") == 3:
                    return item["options"]
        return []


class FakeResponse:
    """Just enough of an aiohttp response for discord.HTTPException."""

    def __init__(self, status: int, reason: str) -> None:
        self.status = status
        self.reason = reason


def user_payload(user_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
    }


class Traffic:
    """Records requests and answers them like Discord would, closing DMs of chosen users."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[str, dict[str, Any]] = {}
        self.dm_closed: set[int] = set()
        self._dm_owner: dict[str, int] = {}

    def message_payload(self, channel_id: str, body: dict[str, Any]) -> dict[str, Any]:
        msg_id = snowflake()
        payload = {
            "id": msg_id,
            "channel_id": channel_id,
            "type": 0,
            "content": body.get("content") or "",
            "author": user_payload(BOT_ID, "riskbot") | {"bot": True},
            "attachments": [],
            "embeds": body.get("embeds") or [],
            "components": body.get("components") or [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": "2026-01-01T00:00:00+00:00",
            "edited_timestamp": None,
            "flags": body.get("flags", 0),
        }
        self.messages[msg_id] = payload
        return payload

    def record(self, method: str, url: str, body: Any, files: list[str]) -> Call:
        call = Call(method, url, body, files)
        self.calls.append(call)
        return call

    # discord.webhook.async_ adapter: interaction callbacks and followups
    def webhook_answer(self, call: Call) -> Any:
        if call.is_callback:
            return {"interaction": {"id": call.url.split("/")[-3], "type": 2}}
        if call.method == "DELETE":
            return None
        channel = str(CHANNEL_ID)
        return self.message_payload(channel, call.body)

    # discord.http.HTTPClient: channel messages, DMs, command sync
    def http_answer(self, call: Call) -> Any:
        url = call.url
        if url.endswith("/users/@me/channels"):
            assert isinstance(call.json, dict)
            dm_id = snowflake()
            user = int(call.json["recipient_id"])
            self._dm_owner[dm_id] = user
            return {"id": dm_id, "type": 1, "recipients": [user_payload(user, "someone")]}
        if call.method == "POST" and url.endswith("/messages"):
            channel_id = url.split("/")[-2]
            if self._dm_owner.get(channel_id) in self.dm_closed:
                call.status = 403
                raise discord.Forbidden(
                    FakeResponse(403, "Forbidden"),  # type: ignore[arg-type]
                    {"code": 50007, "message": "Cannot send messages to this user"},
                )
            return self.message_payload(channel_id, call.body)
        if call.method == "PUT" and "/commands" in url:
            assert isinstance(call.json, list)
            return [
                {**c, "id": snowflake(), "application_id": str(APP_ID), "version": "1"}
                for c in call.json
            ]
        return {}

    def is_dm(self, call: Call) -> bool:
        return call.url.split("/")[-2] in self._dm_owner

    def dm_recipient(self, call: Call) -> int | None:
        return self._dm_owner.get(call.url.split("/")[-2])


def _json_of(payload: Any, multipart: Any, form: Any) -> Any:
    if payload is not None:
        return payload
    for part in multipart or form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return None


class RecordingWebhookAdapter(webhook_async.AsyncWebhookAdapter):
    def __init__(self, traffic: Traffic) -> None:
        super().__init__()
        self.traffic = traffic

    async def request(self, route, session, *, payload=None, multipart=None, files=None, **kw):  # type: ignore[override]
        body = _json_of(payload, multipart, None)
        names = [f.filename or "" for f in files or []]
        call = self.traffic.record(route.method, route.url, body, names)
        return self.traffic.webhook_answer(call)


def install_http(bot: discord.Client, traffic: Traffic) -> None:
    async def request(route, *, files=None, form=None, **kwargs):  # type: ignore[no-untyped-def]
        body = _json_of(kwargs.get("json"), None, form)
        names = [f.filename or "" for f in files or []]
        call = traffic.record(route.method, route.url, body, names)
        return traffic.http_answer(call)

    bot.http.request = request  # type: ignore[method-assign]


@dataclass
class User:
    id: int
    name: str
    manage_channels: bool = False

    def member(self) -> dict[str, Any]:
        perms = ALL_TEXT | (MANAGE_CHANNELS if self.manage_channels else 0)
        return {
            "user": user_payload(self.id, self.name),
            "roles": [],
            "joined_at": "2025-01-01T00:00:00+00:00",
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(perms),
        }


def _option(name: str, value: Any, focused: str | None) -> dict[str, Any]:
    kind = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
    opt: dict[str, Any] = {"type": kind, "name": name, "value": value}
    if name == focused:
        opt["focused"] = True
    return opt


class Discord:
    """Drives one bot with raw interaction payloads and returns the requests each one caused."""

    def __init__(self, bot: RiskBot, traffic: Traffic) -> None:
        self.bot = bot
        self.traffic = traffic

    def _base(self, user: User, kind: int, data: dict[str, Any], *, guild: bool = True) -> dict:
        payload: dict[str, Any] = {
            "id": snowflake(),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"tok{snowflake()}",
            "version": 1,
            "data": data,
            "channel_id": str(CHANNEL_ID),
            "locale": "en-GB",
            "app_permissions": str(ALL_TEXT),
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if guild:
            payload["guild_id"] = str(GUILD_ID)
            payload["guild_locale"] = "en-GB"
            payload["member"] = user.member()
            payload["channel"] = {
                "id": str(CHANNEL_ID),
                "type": 0,
                "guild_id": str(GUILD_ID),
                "name": "risk",
                "position": 0,
                "permission_overwrites": [],
                "nsfw": False,
                "parent_id": None,
            }
        else:
            payload["user"] = user_payload(user.id, user.name)
            payload["channel"] = {
                "id": str(CHANNEL_ID),
                "type": 1,
                "recipients": [user_payload(user.id, user.name)],
            }
        return payload

    async def _deliver(self, payload: dict[str, Any]) -> list[Call]:
        start = len(self.traffic.calls)
        token = webhook_async.async_context.set(RecordingWebhookAdapter(self.traffic))
        try:
            self.bot._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
            await settle()
        finally:
            webhook_async.async_context.reset(token)
        return self.traffic.calls[start:]

    async def slash(
        self, user: User, sub: str, *, guild: bool = True, focused: str | None = None, **options
    ) -> list[Call]:
        opts = [_option(k, v, focused) for k, v in options.items() if v is not None]
        data = {
            "id": snowflake(),
            "name": "risk",
            "type": 1,
            "options": [{"type": 1, "name": sub, "options": opts}],
        }
        return await self._deliver(self._base(user, 4 if focused else 2, data, guild=guild))

    async def autocomplete(self, user: User, sub: str, focused: str, **options) -> list[str]:
        calls = await self.slash(user, sub, focused=focused, **options)
        assert calls and calls[-1].is_callback and calls[-1].json["type"] == 8, calls
        return [c["value"] for c in calls[-1].json["data"]["choices"]]

    async def press(self, user: User, custom_id: str, on: Call | None = None) -> list[Call]:
        """Press a button; `on` is the recorded message it sits on (any message if None)."""
        message = self._message_for(on)
        data = {"custom_id": custom_id, "component_type": 2}
        payload = self._base(user, 3, data)
        payload["message"] = message
        return await self._deliver(payload)

    async def select(self, user: User, custom_id: str, values: list[str], on: Call) -> list[Call]:
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        payload = self._base(user, 3, data)
        payload["message"] = self._message_for(on)
        return await self._deliver(payload)

    def _message_for(self, call: Call | None) -> dict[str, Any]:
        body = call.body if call is not None else {}
        return self.traffic.message_payload(str(CHANNEL_ID), body)


async def settle() -> None:
    """Wait for every task the dispatch spawned (command invokers, view dispatches)."""
    for _ in range(200):
        await asyncio.sleep(0)
        pending = [
            t
            for t in asyncio.all_tasks()
            if t is not asyncio.current_task()
            and not t.done()
            and (t.get_name().startswith(("CommandTree-invoker", "discord-ui")))
        ]
        if not pending:
            return
        await asyncio.wait(pending, timeout=10)
    raise AssertionError("interaction tasks did not finish")


@asynccontextmanager
async def running_bot(database: Path, traffic: Traffic | None = None) -> AsyncIterator[Discord]:
    """A RiskBot with every cog, its service open on `database`, logged in as nobody."""
    traffic = traffic or Traffic()
    bot = RiskBot(database, application_id=APP_ID)
    async with bot:
        install_http(bot, traffic)
        bot._connection.user = discord.ClientUser(
            state=bot._connection, data=user_payload(BOT_ID, "riskbot") | {"bot": True}
        )
        await bot.setup_hook()
        yield Discord(bot, traffic)
