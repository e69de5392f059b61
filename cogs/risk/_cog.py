"""The /risk commands: parse, check who may act, call the service, format. No rules here."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.errors import RuleError
from bot.engine.world import legal
from bot.engine.world.odds import battle_odds
from bot.engine.world.rules import RULESETS, get_ruleset, with_options
from bot.engine.world.state import ATTACK, CLAIM, GAME_OVER, SETUP_PLACE, WorldState
from bot.narrate import private_lines, public_lines
from bot.service import RUNNING, ActResult, Game, GameService, PlayerRef
from cogs.risk import _checks as checks
from cogs.risk import _format as fmt
from cogs.risk._autocomplete import filter_names
from cogs.risk._board import board_file
from cogs.risk._ui import join_view, last_attack, next_view, trade_menu

log = logging.getLogger(__name__)

Choice = app_commands.Choice
DEFAULT_RULESET = "classic-2016" if "classic-2016" in RULESETS else next(iter(RULESETS))
RULESET_CHOICES = [Choice(name=fmt.ruleset_label(n), value=n) for n in RULESETS][:25]
CARD_CHOICES = [
    Choice(name="escalating (4, 6, 8, 10 ...)", value="escalating"),
    Choice(name="fixed (4/6/8/10 by set)", value="fixed"),
    Choice(name="no cards", value="none"),
]
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
Names = Callable[[WorldState, int | None, app_commands.Namespace], list[str]]


# --------------------------------------------------------------------------- autocomplete


def _mine(state: WorldState, seat: int | None) -> list[str]:
    return [] if seat is None else state.territories_of(seat)


def _claimable(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    return legal.claimable(state)


def _placeable(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    return [] if seat is None else legal.placeable(state, seat)


def _attack_from(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    return [] if seat is None else legal.attack_sources(state, seat)


def _attack_to(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    source = getattr(ns, "source", None)
    if source in state.owner and state.owner[source] == seat:
        return legal.attack_targets(state, source)
    found = {t for s in _attack_from(state, seat, ns) for t in legal.attack_targets(state, s)}
    return sorted(found)


def _fortify_from(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    return [] if seat is None else legal.fortify_sources(state, seat)


def _fortify_to(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    source = getattr(ns, "source", None)
    if source in state.owner and state.owner[source] == seat:
        return legal.fortify_targets(state, source)
    return _mine(state, seat)


def _odds_from(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    return sorted(t for t in state.owner if state.armies[t] >= 2 and legal.attack_targets(state, t))


def _odds_to(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    source = getattr(ns, "source", None)
    if source in state.owner:
        return legal.attack_targets(state, source)
    return sorted(state.owner)


class RiskCog(commands.Cog, name="Risk"):
    """World Risk, one game per channel."""

    risk = app_commands.Group(
        name="risk", description="Play Risk in this channel.", guild_only=True
    )

    def __init__(self, bot: commands.Bot, service: GameService) -> None:
        self.bot = bot
        self.service = service
        # Channel narration of each game's turn so far (flushed into the turn's message).
        self._turn_lines: dict[int, list[str]] = {}

    # ----------------------------------------------------------------------- autocomplete

    async def _complete(
        self, interaction: discord.Interaction, current: str, names: Names
    ) -> list[Choice[str]]:
        if interaction.channel_id is None:
            return []
        game = await self.service.game_in(interaction.channel_id)
        if game is None or game.status != RUNNING or game.state is None:
            return []
        seat = game.seat_of(interaction.user.id)
        found = filter_names(current, names(game.state, seat, interaction.namespace))
        return [Choice(name=n, value=n) for n in found]

    async def ac_claim(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _claimable)

    async def ac_place(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _placeable)

    async def ac_attack_from(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _attack_from)

    async def ac_attack_to(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _attack_to)

    async def ac_fortify_from(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _fortify_from)

    async def ac_fortify_to(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _fortify_to)

    async def ac_odds_from(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _odds_from)

    async def ac_odds_to(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _odds_to)

    # ----------------------------------------------------------------------- lobby

    @risk.command(name="new", description="Open a game in this channel.")
    @app_commands.describe(ruleset="Which rules to play", cards="How card sets are valued")
    @app_commands.choices(ruleset=RULESET_CHOICES, cards=CARD_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str = DEFAULT_RULESET,
        cards: str | None = None,
    ) -> None:
        checks.in_guild(interaction)
        options = {"card_values": cards} if cards else None
        game = await self.service.create(
            interaction.guild_id,  # type: ignore[arg-type]
            interaction.channel_id,  # type: ignore[arg-type]
            PlayerRef(interaction.user.id, interaction.user.display_name),
            ruleset,
            options,
        )
        note = f"{interaction.user.mention} opened a game of **{fmt.ruleset_label(ruleset)}**."
        await interaction.response.send_message(
            embed=fmt.lobby_embed(game, note), view=join_view(game.id), allowed_mentions=MENTIONS
        )
        await self._welcome(interaction, game)

    @risk.command(name="join", description="Take a seat in the game opening here.")
    async def join(self, interaction: discord.Interaction) -> None:
        await self._join(interaction)

    async def _join(self, interaction: discord.Interaction) -> None:
        checks.in_guild(interaction)
        user = interaction.user
        game = await self.service.join(
            interaction.channel_id,  # type: ignore[arg-type]
            PlayerRef(user.id, user.display_name),
        )
        await interaction.response.send_message(
            embed=fmt.lobby_embed(game, f"{user.mention} joins."), allowed_mentions=MENTIONS
        )
        await self._welcome(interaction, game)

    async def _welcome(self, interaction: discord.Interaction, game: Game) -> None:
        """Check now that DMs reach the player, so secrets are never lost later."""
        text = (
            "Welcome to Risk! Your cards and other secrets will come here. "
            f"(Game in <#{game.channel_id}>.)"
        )
        if await self._dm_user(interaction.user.id, discord.Embed(description=text)):
            return
        await self.service.set_can_dm(game.id, interaction.user.id, False)
        await interaction.followup.send(
            "I cannot send you direct messages, so your cards will come in replies only you "
            "can see. Open DMs from server members to get them privately by DM.",
            ephemeral=True,
        )

    @risk.command(name="leave", description="Give up your seat before the game starts.")
    async def leave(self, interaction: discord.Interaction) -> None:
        checks.in_guild(interaction)
        game = await self.service.leave(interaction.channel_id, interaction.user.id)  # type: ignore[arg-type]
        await interaction.response.send_message(
            embed=fmt.lobby_embed(game, f"{interaction.user.mention} leaves."),
            allowed_mentions=MENTIONS,
        )

    @risk.command(name="start", description="Host: deal and begin.")
    @app_commands.describe(seed="Replay a known game: the same seed deals the same dice")
    async def start(self, interaction: discord.Interaction, seed: int | None = None) -> None:
        game = await checks.game_here(self.service, interaction)
        if game.status != "lobby":
            raise RuleError("This game has already started; `/risk status` shows where it is.")
        await interaction.response.defer(thinking=True)
        result = await self.service.start(
            interaction.channel_id,  # type: ignore[arg-type]
            interaction.user.id,
            seed=seed,
        )
        game = result.game
        lines = public_lines(result.events, fmt.names(game.state))
        self._turn_lines[game.id] = []
        await self._post_turn(game, lines, "The game begins", interaction=interaction)

    @risk.command(name="cancel", description="Host or channel manager: stop the game here.")
    async def cancel(self, interaction: discord.Interaction) -> None:
        await checks.game_here(self.service, interaction)
        perms = interaction.permissions
        game = await self.service.cancel(
            interaction.channel_id,  # type: ignore[arg-type]
            interaction.user.id,
            is_admin=bool(perms and perms.manage_channels),
        )
        self._turn_lines.pop(game.id, None)
        await interaction.response.send_message(
            f"The game of {game.ruleset} in this channel is cancelled by "
            f"{interaction.user.display_name}."
        )

    @risk.command(name="settings", description="The rules and options of the game here.")
    async def settings(self, interaction: discord.Interaction) -> None:
        game = await checks.game_here(self.service, interaction)
        if game.state is not None:
            options = game.state.options
        else:
            options = with_options(get_ruleset(game.ruleset), **(game.options or {}))
        await interaction.response.send_message(
            embed=fmt.rules_embed(game.ruleset, options), ephemeral=True
        )

    # ----------------------------------------------------------------------- turn

    @risk.command(name="claim", description="Setup: claim an empty territory.")
    @app_commands.autocomplete(territory=ac_claim)
    async def claim(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "claim", "territory": territory})

    @risk.command(name="place", description="Place armies on one of your territories.")
    @app_commands.describe(armies="How many (default: all you have left)")
    @app_commands.autocomplete(territory=ac_place)
    async def place(
        self, interaction: discord.Interaction, territory: str, armies: int | None = None
    ) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        state = game.state
        if armies is None:
            armies = 1 if state.phase in (CLAIM, SETUP_PLACE) else max(1, state.pending)
        action = {"type": "place", "territory": territory, "armies": armies}
        await self._act(interaction, action, game=game)

    @risk.command(name="trade", description="Trade a set of cards for armies.")
    async def trade(self, interaction: discord.Interaction) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        await self._trade_menu(interaction, game, seat)

    async def _trade_menu(self, interaction: discord.Interaction, game: Game, seat: int) -> None:
        checks.whose_turn(game, seat)
        if "trade" not in legal.next_steps(game.state, seat):
            raise RuleError("You have no set of cards to trade right now.")
        await interaction.response.send_message(
            "Which set?", view=trade_menu(game.id, game.version, game.state, seat), ephemeral=True
        )

    async def pick_trade(
        self, interaction: discord.Interaction, game_id: int, version: int, values: list[str]
    ) -> None:
        try:
            game = await self.service.get(game_id)
            checks.running(game)
            seat = checks.seated(game, interaction.user.id)
            if version != game.version:
                raise RuleError(checks.MOVED_ON)
            if not values or values[0] == "-":
                raise RuleError("Choose a set of three cards.")
            cards = [int(c) for c in values[0].split("-")]
            await self._act(interaction, {"type": "trade", "cards": cards}, game=game, seat=seat)
        except Exception as exc:  # buttons do not go through the tree's handler
            from cogs.errors import report

            await report(interaction, exc)

    @risk.command(name="attack", description="Attack a neighbouring territory (one roll).")
    @app_commands.describe(
        source="Your territory attacking", target="The territory attacked", dice="1 to 3"
    )
    @app_commands.autocomplete(source=ac_attack_from, target=ac_attack_to)
    async def attack(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        dice: app_commands.Range[int, 1, 3] | None = None,
    ) -> None:
        game, _ = await checks.player_here(self.service, interaction)
        if dice is None:
            dice = (
                max(1, legal.max_attack_dice(game.state, source))
                if source in game.state.owner
                else 3
            )
        action = {"type": "attack", "source": source, "target": target, "dice": dice}
        await self._act(interaction, action, game=game)

    @risk.command(name="blitz", description="Attack again and again until it falls or you stop.")
    @app_commands.describe(stop_at="Stop when your territory is down to this many armies")
    @app_commands.autocomplete(source=ac_attack_from, target=ac_attack_to)
    async def blitz(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        stop_at: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        action = {"type": "blitz", "source": source, "target": target, "stop_at": stop_at}
        await self._act(interaction, action)

    @risk.command(name="move", description="After a capture: how many armies move in.")
    async def move(self, interaction: discord.Interaction, armies: int) -> None:
        await self._act(interaction, {"type": "occupy", "armies": armies})

    @risk.command(name="fortify", description="Move armies between your territories.")
    @app_commands.autocomplete(source=ac_fortify_from, target=ac_fortify_to)
    async def fortify(
        self, interaction: discord.Interaction, source: str, target: str, armies: int
    ) -> None:
        action = {"type": "fortify", "source": source, "target": target, "armies": armies}
        await self._act(interaction, action)

    @risk.command(name="end", description="Stop attacking, or end your turn.")
    @app_commands.describe(what="Default: stop attacking while attacking, else end the turn")
    @app_commands.choices(
        what=[Choice(name="stop attacking", value="attack"), Choice(name="end turn", value="turn")]
    )
    async def end(self, interaction: discord.Interaction, what: str | None = None) -> None:
        game, _ = await checks.player_here(self.service, interaction)
        if what is None:
            what = "attack" if game.state.phase == ATTACK else "turn"
        kind = "end_attack" if what == "attack" else "end_turn"
        await self._act(interaction, {"type": kind}, game=game)

    @risk.command(name="defend", description="Standing choice: defend with at most 1 or 2 dice.")
    @app_commands.choices(dice=[Choice(name="1 die", value=1), Choice(name="2 dice", value=2)])
    async def defend(self, interaction: discord.Interaction, dice: int) -> None:
        game, _ = await checks.player_here(self.service, interaction)
        await self.service.act(
            game.channel_id,
            interaction.user.id,
            {"type": "set_defence", "dice": dice},
            version=game.version,
        )
        await interaction.response.send_message(
            f"When attacked you will roll at most {dice} {'die' if dice == 1 else 'dice'}.",
            ephemeral=True,
        )

    # ----------------------------------------------------------------------- info

    @risk.command(name="status", description="The board, whose turn it is, cards held.")
    async def status(self, interaction: discord.Interaction) -> None:
        game = await checks.game_here(self.service, interaction)
        if game.state is None:
            note = f"Waiting for players; {game.host.name} starts with `/risk start`."
            await interaction.response.send_message(
                embed=fmt.lobby_embed(game, note), ephemeral=True
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        turns = await self.service.messages(game.id, "turn")
        since = turns[-1].created_at if turns else game.updated_at
        embed = fmt.status_embed(game, since)
        file = board_file(game.state, interaction.filesize_limit)
        if file is not None:
            embed.set_image(url=f"attachment://{file.filename}")
        kwargs: dict[str, Any] = {"file": file} if file is not None else {}
        await interaction.followup.send(embed=embed, ephemeral=True, **kwargs)

    @risk.command(name="hand", description="Your cards (only you see them).")
    async def hand(self, interaction: discord.Interaction) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        await interaction.response.send_message(embed=fmt.hand_embed(game, seat), ephemeral=True)

    @risk.command(name="odds", description="Exact odds of taking a territory by blitz.")
    @app_commands.autocomplete(source=ac_odds_from, target=ac_odds_to)
    async def odds(self, interaction: discord.Interaction, source: str, target: str) -> None:
        game = await checks.game_here(self.service, interaction)
        checks.running(game)
        state: WorldState = game.state
        if source not in state.owner or target not in state.owner:
            raise RuleError("Pick two territories from the list.")
        if target not in legal.attack_targets(state, source):
            raise RuleError(f"{source} cannot attack {target}: they must border, other owners.")
        defender = state.owner[target]
        defend = state.players[defender].defend_dice if defender is not None else 2
        o = battle_odds(state.armies[source], state.armies[target], defend)
        text = (
            f"**{source}** ({state.armies[source]}) → **{target}** ({state.armies[target]})\n"
            f"Taken {o.attacker_wins:.1%} of the time.\n"
            f"Expected left: {o.expected_attackers_left:.1f} attacking (+1 behind), "
            f"{o.expected_defenders_left:.1f} defending."
        )
        await interaction.response.send_message(text, ephemeral=True)

    @risk.command(name="rules", description="A ruleset's options in short.")
    @app_commands.choices(ruleset=RULESET_CHOICES)
    async def rules(self, interaction: discord.Interaction, ruleset: str | None = None) -> None:
        options = None
        if ruleset is None and interaction.channel_id is not None:
            game = await self.service.game_in(interaction.channel_id)
            if game is not None and game.ruleset in RULESETS:
                ruleset = game.ruleset
                options = game.state.options if game.state is not None else None
        ruleset = ruleset or DEFAULT_RULESET
        options = options or get_ruleset(ruleset).options
        await interaction.response.send_message(
            embed=fmt.rules_embed(ruleset, options), ephemeral=True
        )

    @risk.command(name="help", description="How to play Risk here.")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=fmt.help_embed(), ephemeral=True)

    # ----------------------------------------------------------------------- buttons

    async def press(
        self, interaction: discord.Interaction, game_id: int, version: int, step: str
    ) -> None:
        """A StepButton was pressed; errors are answered here (no tree handler for items)."""
        try:
            await self._press(interaction, game_id, version, step)
        except Exception as exc:
            from cogs.errors import report

            await report(interaction, exc)

    async def _press(
        self, interaction: discord.Interaction, game_id: int, version: int, step: str
    ) -> None:
        if step == "join":
            await self._join(interaction)
            return
        game = await self.service.get(game_id)
        checks.running(game)
        if step == "hand":
            seat = checks.seated(game, interaction.user.id)
            await interaction.response.send_message(
                embed=fmt.hand_embed(game, seat), ephemeral=True
            )
            return
        seat = game.seat_of(interaction.user.id)
        checks.whose_turn(game, seat)
        assert seat is not None
        if version != game.version:
            raise RuleError(checks.MOVED_ON)
        if step == "trade":
            await self._trade_menu(interaction, game, seat)
            return
        await self._act(
            interaction, self._step_action(game.state, seat, step), game=game, seat=seat
        )

    @staticmethod
    def _step_action(state: WorldState, seat: int, step: str) -> dict[str, Any]:
        if step in ("move_min", "move_max"):
            if state.occupy is None:
                raise RuleError("There is no captured territory waiting for armies.")
            return {
                "type": "occupy",
                "armies": state.occupy["min" if step == "move_min" else "max"],
            }
        if step in ("attack", "blitz"):
            again = last_attack(state, seat)
            if again is None:
                raise RuleError("That attack cannot be made again; use `/risk attack`.")
            source, target = again
            if step == "blitz":
                return {"type": "blitz", "source": source, "target": target, "stop_at": 1}
            dice = legal.max_attack_dice(state, source)
            return {"type": "attack", "source": source, "target": target, "dice": dice}
        if step in ("end_attack", "end_turn"):
            return {"type": step}
        raise RuleError("That button no longer does anything.")

    # ----------------------------------------------------------------------- acting

    async def _act(
        self,
        interaction: discord.Interaction,
        action: dict[str, Any],
        *,
        game: Game | None = None,
        seat: int | None = None,
    ) -> None:
        """Defer, apply through the service, answer the actor, narrate to the channel."""
        if game is None or seat is None:
            game, seat = await checks.player_here(self.service, interaction)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.act(
            game.channel_id, interaction.user.id, action, version=game.version
        )
        await self._after(interaction, game, seat, result)

    async def _after(
        self, interaction: discord.Interaction, before: Game, seat: int, result: ActResult
    ) -> None:
        game, state = result.game, result.game.state
        names = fmt.names(state)
        lines = public_lines(result.events, names)
        secret = private_lines(result.events, seat, names)
        shown_secret: list[str] = []
        if secret:
            embed = discord.Embed(description="\n".join(secret), colour=fmt.colour_of(game, seat))
            if await self._dm_seat(game, seat, embed):
                shown_secret = ["🃏 Your new cards are in your DMs."]
            else:
                shown_secret = secret
        mine = seat == state.current and state.phase != GAME_OVER
        await interaction.followup.send(
            embed=fmt.action_embed(game, seat, lines, shown_secret),
            view=next_view(game.id, game.version, state, seat if mine else None, hand=False)
            or discord.utils.MISSING,
            ephemeral=True,
        )
        turn_lines = self._turn_lines.setdefault(game.id, [])
        turn_lines.extend(lines)
        old = before.state
        if state.phase == GAME_OVER or state.current != old.current or state.turn != old.turn:
            if old.phase in (CLAIM, SETUP_PLACE):
                title = f"Setup · {names[old.current]}"
            else:
                title = f"Turn {old.turn} · {names[old.current]}"
            if state.phase == GAME_OVER:
                title = "Game over"
            self._turn_lines[game.id] = []
            await self._post_turn(game, turn_lines, title)

    async def _post_turn(
        self,
        game: Game,
        lines: list[str],
        title: str,
        *,
        interaction: discord.Interaction | None = None,
    ) -> None:
        """The channel's one message per turn: narration, board, who is next (mentioned)."""
        state: WorldState = game.state
        embed = fmt.turn_embed(game, lines, title=title)
        if state.phase == GAME_OVER:
            winner = state.winner if state.winner is not None else state.current
            content = f"🏆 {fmt.mention(game, winner)} wins!"
            view = None
        else:
            content = f"{fmt.mention(game, state.current)}, it is your turn."
            hint = fmt.hint_line(state, state.current)
            if hint:
                content += f" {hint}"
            view = next_view(game.id, game.version, state, state.current)
        kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": MENTIONS}
        if view is not None:
            kwargs["view"] = view
        limit = interaction.filesize_limit if interaction is not None else None
        file = board_file(state, limit)
        if file is not None:
            embed.set_image(url=f"attachment://{file.filename}")
            kwargs["file"] = file
        if interaction is not None:
            message: Any = await interaction.followup.send(content, wait=True, **kwargs)
        else:
            channel = self.bot.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            message = await channel.send(content, **kwargs)
        if state.phase != GAME_OVER:
            await self.service.remember_message(
                game.id, "turn", game.channel_id, message.id, replace=True
            )

    # ----------------------------------------------------------------------- private

    async def _dm_user(self, user_id: int, embed: discord.Embed) -> bool:
        try:
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(embed=embed)
        except discord.HTTPException as exc:
            log.info("DM to a player failed (%s)", getattr(exc, "code", exc))
            return False
        return True

    async def _dm_seat(self, game: Game, seat: int, embed: discord.Embed) -> bool:
        """DM a seated player; on failure remember it and tell the channel only that it failed."""
        player = game.user_at(seat)
        if not player.can_dm:
            return False
        embed.description = f"{embed.description}\n(Your game in <#{game.channel_id}>.)"
        if await self._dm_user(player.user_id, embed):
            return True
        await self.service.set_can_dm(game.id, player.user_id, False)
        self._turn_lines.setdefault(game.id, []).append(
            f"✉️ I could not DM {player.name}; their secrets go in replies only they can see."
        )
        return False
