"""Persistent buttons and menus.

Every item is a `discord.ui.DynamicItem`: its custom id carries the game id, the state
version it was drawn for and the step, so after a restart discord.py rebuilds the item from
the id alone (`bot.add_dynamic_items`) and the cog decides what the press means. A press on
a message from an older version is answered with "the game has moved on".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.world import legal
from bot.engine.world.board import world_map
from bot.engine.world.state import ATTACK, OCCUPY, WorldState

if TYPE_CHECKING:
    from cogs.risk._cog import RiskCog

STEP_ID = re.compile(r"risk:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<step>[a-z_]+)")
TRADE_ID = re.compile(r"risk-trade:(?P<game>[0-9]+):(?P<version>[0-9]+)")


def _cog(interaction: discord.Interaction) -> RiskCog:
    cog = interaction.client.get_cog("Risk")  # type: ignore[attr-defined]
    if cog is None:
        raise RuntimeError("the Risk cog is not loaded")
    return cog


class StepButton(discord.ui.DynamicItem[discord.ui.Button], template=STEP_ID):
    """One next step of a game (Attack again, End turn, Move all, ...)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        step: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label or step, style=style, custom_id=f"risk:{game_id}:{version}:{step}"
            )
        )
        self.game_id = game_id
        self.version = version
        self.step = step

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> StepButton:
        return cls(
            int(match["game"]), int(match["version"]), match["step"], item.label or "", item.style
        )

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        await _cog(interaction).press(interaction, self.game_id, self.version, self.step)


class TradeSelect(discord.ui.DynamicItem[discord.ui.Select], template=TRADE_ID):
    """A menu of the sets the player can trade now (sent only to them)."""

    def __init__(
        self, game_id: int, version: int, options: list[discord.SelectOption] | None = None
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"risk-trade:{game_id}:{version}",
                placeholder="Choose a set to trade",
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> TradeSelect:
        select = cls(int(match["game"]), int(match["version"]))
        select.item = item
        return select

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        values: list[Any] = list(self.item.values)
        await _cog(interaction).pick_trade(interaction, self.game_id, self.version, values)


def trade_menu(game_id: int, version: int, state: WorldState, seat: int) -> discord.ui.View:
    world = world_map()
    options = [
        discord.SelectOption(
            label=" + ".join(world.card_name(c) for c in cards)[:100],
            value="-".join(str(c) for c in cards),
        )
        for cards in legal.tradeable_sets(state, seat)[:25]
    ]
    view = discord.ui.View(timeout=None)
    view.add_item(TradeSelect(game_id, version, options))
    return view


def last_attack(state: WorldState, seat: int) -> tuple[str, str] | None:
    """The attack just made, if it can be made again (for Attack again / Blitz buttons)."""
    if state.phase != ATTACK or not state.attacks:
        return None
    source, target = state.attacks[-1][0], state.attacks[-1][1]
    if source in legal.attack_sources(state, seat) and target in legal.attack_targets(
        state, source
    ):
        return source, target
    return None


def step_buttons(state: WorldState, seat: int) -> list[tuple[str, str, discord.ButtonStyle]]:
    """(step, label, style) for the likely next steps of `seat`, derived from next_steps."""
    steps = legal.next_steps(state, seat)
    out: list[tuple[str, str, discord.ButtonStyle]] = []
    red, blue, grey = (
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
        discord.ButtonStyle.secondary,
    )
    if "trade" in steps:
        out.append(("trade", "Trade cards", blue))
    if state.phase == OCCUPY and state.occupy:
        occ = state.occupy
        out.append(("move_min", f"Move {occ['min']}", blue))
        if occ["max"] > occ["min"]:
            out.append(("move_max", f"Move all ({occ['max']})", blue))
    again = last_attack(state, seat) if "attack" in steps else None
    if again:
        out.append(("attack", f"Attack {again[1]} again", red))
        out.append(("blitz", f"Blitz {again[1]}", red))
    if "end_attack" in steps:
        out.append(("end_attack", "Stop attacking", grey))
    if "end_turn" in steps:
        out.append(("end_turn", "End turn", grey))
    return out


def next_view(
    game_id: int, version: int, state: WorldState | None, seat: int | None, *, hand: bool = True
) -> discord.ui.View | None:
    """Buttons for the seat to act, plus "My cards" for anyone seated; None if empty."""
    view = discord.ui.View(timeout=None)
    if state is not None and seat is not None:
        for step, label, style in step_buttons(state, seat):
            view.add_item(StepButton(game_id, version, step, label[:80], style))
    if hand and state is not None and state.options.card_values != "none":
        view.add_item(StepButton(game_id, version, "hand", "My cards"))
    return view if view.children else None


def join_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(StepButton(game_id, 0, "join", "Join", discord.ButtonStyle.success))
    return view
