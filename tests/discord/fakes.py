"""Small hand-written fakes for cog unit tests (TESTING.md, layer 2).

They behave like the real objects where the cog relies on it: a second response raises
discord.InteractionResponded, and a followup is only possible after a response.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands


@dataclass
class FakeUser:
    id: int
    display_name: str

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass
class Sent:
    kind: str  # "message", "defer", "followup"
    content: str | None = None
    ephemeral: bool = False
    kwargs: dict[str, Any] = field(default_factory=dict)


class FakeResponse:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._interaction = interaction
        self._done = False

    def is_done(self) -> bool:
        return self._done

    def _respond(self) -> None:
        if self._done:
            raise discord.InteractionResponded(self._interaction)  # type: ignore[arg-type]
        self._done = True

    async def send_message(self, content: str | None = None, *, ephemeral: bool = False, **kw):
        self._respond()
        self._interaction.sent.append(Sent("message", content, ephemeral, kw))

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self._respond()
        self._interaction.sent.append(Sent("defer", None, ephemeral, {"thinking": thinking}))


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self._interaction = interaction

    async def send(self, content: str | None = None, *, ephemeral: bool = False, **kw):
        assert self._interaction.response.is_done(), "followup before any response"
        self._interaction.sent.append(Sent("followup", content, ephemeral, kw))


class FakeInteraction:
    def __init__(
        self,
        user: FakeUser,
        *,
        guild_id: int | None = 1,
        channel_id: int | None = 2,
        manage_channels: bool = False,
    ) -> None:
        self.user = user
        self.guild_id = guild_id
        self.channel_id = channel_id
        self.permissions = discord.Permissions(manage_channels=manage_channels)
        self.namespace = app_commands.Namespace.__new__(app_commands.Namespace)
        self.command = None
        self.data: dict[str, Any] = {}
        self.sent: list[Sent] = []
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)
