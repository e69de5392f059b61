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
from bot.engine.world.state import CHOOSE_CAPITAL, OCCUPY, SETUP_PLACE, WorldState
from cogs.risk import _targets as targets
from cogs.risk._targets import last_attack

if TYPE_CHECKING:
    from cogs.risk._cog import RiskCog

STEP_ID = re.compile(r"risk:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<step>[a-z_]+)")
TRADE_ID = re.compile(r"risk-trade:(?P<game>[0-9]+):(?P<version>[0-9]+)")
PICK_ID = re.compile(r"risk-pick:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<kind>[a-z]+)")
# Discord's limit on select options: a longer list is left to the command's autocomplete.
MENU_LIMIT = 25

__all__ = [
    "PickSelect",
    "StepButton",
    "TradeSelect",
    "join_view",
    "last_attack",
    "next_view",
    "pick_menu",
    "step_buttons",
    "trade_menu",
]


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


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=PICK_ID):
    """A private menu of territories: a headquarters to pick, or where to place armies."""

    def __init__(
        self,
        game_id: int,
        version: int,
        kind: str,
        options: list[discord.SelectOption] | None = None,
        placeholder: str = "Choose a territory",
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"risk-pick:{game_id}:{version}:{kind}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.game_id = game_id
        self.version = version
        self.kind = kind

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> PickSelect:
        select = cls(int(match["game"]), int(match["version"]), match["kind"])
        select.item = item
        return select

    async def callback(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        values: list[Any] = list(self.item.values)
        await _cog(interaction).pick(interaction, self.game_id, self.version, self.kind, values)


def pick_choices(state: WorldState, seat: int, kind: str) -> list[str]:
    """The territories a pick menu offers (empty when none, or too many for a menu)."""
    names = targets.headquarters(state, seat) if kind == "hq" else targets.placeable(state, seat)
    return sorted(names) if len(names) <= MENU_LIMIT else []


def pick_menu(
    game_id: int, version: int, state: WorldState, seat: int, kind: str
) -> discord.ui.View | None:
    names = pick_choices(state, seat, kind)
    if not names:
        return None
    options = [
        discord.SelectOption(label=t, value=t, description=f"{state.armies[t]} armies")
        for t in names
    ]
    placeholder = "Your headquarters" if kind == "hq" else "Where to place"
    view = discord.ui.View(timeout=None)
    view.add_item(PickSelect(game_id, version, kind, options, placeholder))
    return view


def place_label(state: WorldState) -> str:
    """The Place button's label: how many go down with one pick."""
    if state.phase == SETUP_PLACE:
        return "Place" if state.quota_own else "Place neutral"
    return f"Place {state.pending}"


def step_buttons(state: WorldState, seat: int) -> list[tuple[str, str, discord.ButtonStyle]]:
    """(step, label, style) for the likely next steps of `seat`, derived from its steps."""
    steps = targets.steps(state, seat)
    out: list[tuple[str, str, discord.ButtonStyle]] = []
    red, blue, grey = (
        discord.ButtonStyle.danger,
        discord.ButtonStyle.primary,
        discord.ButtonStyle.secondary,
    )
    if "choose_capital" in steps:
        out.append(("hq", "Choose headquarters", blue))
    if "place" in steps and pick_choices(state, seat, "place"):
        out.append(("place", place_label(state), blue))
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
    """Buttons for the seat to act, plus "My hand" for anyone seated; None if empty.

    During the secret headquarters pick several seats are awaited: give `seat` None and
    the one "Choose headquarters" button serves them all (each gets their own menu).
    """
    view = discord.ui.View(timeout=None)
    if state is not None and seat is not None:
        for step, label, style in step_buttons(state, seat):
            view.add_item(StepButton(game_id, version, step, label[:80], style))
    elif state is not None and targets.waiting(state) and state.phase == CHOOSE_CAPITAL:
        view.add_item(StepButton(game_id, version, "hq", "Choose headquarters"))
    opts = state.options if state is not None else None
    if (
        hand
        and opts is not None
        and (opts.card_values != "none" or opts.missions != "none" or opts.headquarters != "none")
    ):
        view.add_item(StepButton(game_id, version, "hand", "My hand"))
    return view if view.children else None


def join_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(StepButton(game_id, 0, "join", "Join", discord.ButtonStyle.success))
    return view
