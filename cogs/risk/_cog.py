"""The /risk commands: parse, check who may act, call the service, format. No rules here."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.engine.errors import RuleError
from bot.engine.world import legal
from bot.engine.world.odds import battle_odds
from bot.engine.world.rules import RULESETS, get_ruleset, with_options
from bot.engine.world.state import (
    ALLIED_ATTACK,
    ATTACK,
    CHOOSE_CAPITAL,
    CLAIM,
    SETUP_PLACE,
    WorldState,
)
from bot.narrate import reply_lines
from bot.service import RUNNING, ActResult, Game, GameService, PlayerRef, ServiceError
from cogs.risk import _announce as announce
from cogs.risk import _checks as checks
from cogs.risk import _format as fmt
from cogs.risk import _options as options
from cogs.risk import _targets as targets
from cogs.risk._autocomplete import filter_names
from cogs.risk._board import board_file
from cogs.risk._ui import join_view, next_view, pick_menu, trade_menu

log = logging.getLogger(__name__)

# How often the turn clock looks for games past their time limit.
CLOCK_MINUTES = 5
# Safety net for one stand-in turn (a real turn takes a few dozen actions).
MAX_STAND_IN_ACTIONS = 500

Choice = app_commands.Choice
DEFAULT_RULESET = "classic-2016" if "classic-2016" in RULESETS else next(iter(RULESETS))
RULESET_CHOICES = [Choice(name=fmt.ruleset_label(n), value=n) for n in RULESETS][:25]
MENTIONS = announce.MENTIONS
Names = Callable[[WorldState, int | None, app_commands.Namespace], list[str]]


def _source(ns: app_commands.Namespace) -> str | None:
    return getattr(ns, "source", None)


def _attack_to(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    source = _source(ns)
    if source in targets.attack_sources(state, seat):
        return targets.attack_targets(state, source)  # type: ignore[arg-type]
    found = {
        t for s in targets.attack_sources(state, seat) for t in targets.attack_targets(state, s)
    }
    return sorted(found)


def _odds_from(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    return sorted(t for t in state.owner if state.armies[t] >= 2 and legal.attack_targets(state, t))


def _odds_to(state: WorldState, seat: int | None, ns: app_commands.Namespace) -> list[str]:
    source = _source(ns)
    if source in state.owner:
        return legal.attack_targets(state, source)  # type: ignore[arg-type]
    return sorted(state.owner)


def default_armies(state: WorldState, territory: str) -> int:
    """What `/risk place` without a number places: all that may go down there now."""
    if state.phase == CLAIM:
        return 1
    if state.phase == SETUP_PLACE:
        owner = state.owner.get(territory)
        neutral = fmt.is_neutral(state, owner)
        return max(1, state.quota_neutral if neutral else state.quota_own)
    return max(1, state.pending)


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
        self.turn_hours: float = getattr(bot, "turn_hours", 0) or 0

    async def cog_load(self) -> None:
        if self.turn_hours > 0:
            self._clock.start()

    async def cog_unload(self) -> None:
        self._clock.cancel()

    @tasks.loop(minutes=CLOCK_MINUTES)
    async def _clock(self) -> None:
        try:
            await self.expire_turns(datetime.now(UTC))
        except Exception:
            log.exception("turn clock failed")

    async def expire_turns(self, now: datetime) -> int:
        """Play, with the computer player, for whoever has kept a game waiting longer than
        the turn limit, until the game waits for someone else. Returns games moved on."""
        limit = timedelta(hours=self.turn_hours)
        moved = 0
        for game in await self.service.running_games():
            if game.family.name != "world" or now - game.updated_at < limit:
                continue
            try:
                await self._play_for_the_late(game)
                moved += 1
            except (RuleError, ServiceError):
                log.exception("could not play the late turn of game %d", game.id)
        return moved

    async def _play_for_the_late(self, game: Game) -> None:
        before = game
        late = list(game.to_act)
        names = ", ".join(game.state.players[s].name for s in late)
        events: list[dict[str, Any]] = []
        for seat in late:
            for _ in range(MAX_STAND_IN_ACTIONS):
                if game.status != RUNNING or seat not in game.to_act:
                    break
                action = game.family.choose_action(game.state, seat)
                action.pop("player", None)
                result = await self.service.act_as_seat(game.id, seat, action, version=game.version)
                game = result.game
                events += result.events
        _, notes = await announce.deliver_secrets(self.bot, self.service, game, events, None)
        if game.id not in self._turn_lines:
            self._turn_lines[game.id] = await self._recover_turn_lines(before)
        lines = self._turn_lines.pop(game.id)
        lines.append(f"⏰ Time ran out for {names}; the computer played for them this time.")
        lines += fmt.lines_for(game.state, events) + notes
        self._turn_lines[game.id] = []
        title = announce.title_for(before.state, game.state)
        await announce.post_turn(self.bot, self.service, game, lines, title)

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
        return await self._complete(i, current, lambda s, seat, ns: targets.claimable(s, seat))

    async def ac_place(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, lambda s, seat, ns: targets.placeable(s, seat))

    async def ac_hq(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, lambda s, seat, ns: targets.headquarters(s, seat))

    async def ac_attack_from(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, lambda s, seat, ns: targets.attack_sources(s, seat))

    async def ac_attack_to(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _attack_to)

    async def ac_fortify_from(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(
            i, current, lambda s, seat, ns: targets.fortify_sources(s, seat)
        )

    async def ac_fortify_to(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(
            i, current, lambda s, seat, ns: targets.fortify_targets(s, seat, _source(ns))
        )

    async def ac_odds_from(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _odds_from)

    async def ac_odds_to(self, i: discord.Interaction, current: str) -> list[Choice[str]]:
        return await self._complete(i, current, _odds_to)

    # ----------------------------------------------------------------------- lobby

    @risk.command(name="new", description="Open a game in this channel.")
    @app_commands.describe(
        ruleset="Which rules to play (two-player rulesets need exactly 2 players)",
        cards="How card sets are valued",
        fortify="The free move at the end of a turn",
        hq_short="Capital RISK: a shorter game, fewer headquarters to take with 4-5 players",
        reroll="Expert: re-roll an attack die with a card showing either territory",
        commanders="Expert: once a turn, turn an attack die into a 6",
        army_cap="Expert: at most 12 armies on a territory",
    )
    @app_commands.choices(
        ruleset=RULESET_CHOICES, cards=options.CARD_CHOICES, fortify=options.FORTIFY_CHOICES
    )
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str = DEFAULT_RULESET,
        cards: str | None = None,
        fortify: str | None = None,
        hq_short: bool | None = None,
        reroll: bool | None = None,
        commanders: bool | None = None,
        army_cap: bool | None = None,
    ) -> None:
        checks.in_guild(interaction)
        chosen = options.overrides(
            cards=cards,
            fortify=fortify,
            hq_short=hq_short,
            reroll=reroll,
            commanders=commanders,
            army_cap=army_cap,
        )
        game = await self.service.create(
            interaction.guild_id,  # type: ignore[arg-type]
            interaction.channel_id,  # type: ignore[arg-type]
            PlayerRef(interaction.user.id, interaction.user.display_name),
            ruleset,
            chosen,
        )
        note = f"{interaction.user.mention} opened a game of **{fmt.ruleset_label(ruleset)}**."
        if chosen:
            note += " `/risk settings` shows the options chosen."
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
            "Welcome to Risk! Your cards, missions and other secrets will come here. "
            f"(Game in <#{game.channel_id}>.)"
        )
        if await announce.dm_user(self.bot, interaction.user.id, discord.Embed(description=text)):
            return
        await self.service.set_can_dm(game.id, interaction.user.id, False)
        await interaction.followup.send(
            "I cannot send you direct messages, so your secrets will come in replies only you "
            "can see (and `/risk hand`). Open DMs from server members to get them by DM.",
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
        state: WorldState = game.state
        lines = fmt.lines_for(state, result.events)
        _, notes = await announce.deliver_secrets(self.bot, self.service, game, result.events, None)
        self._turn_lines[game.id] = []
        await announce.post_turn(
            self.bot, self.service, game, lines + notes, "The game begins", interaction=interaction
        )

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
            opts = game.state.options
        else:
            opts = with_options(get_ruleset(game.ruleset), **(game.options or {}))
        await interaction.response.send_message(
            embed=fmt.rules_embed(game.ruleset, opts), ephemeral=True
        )

    # ----------------------------------------------------------------------- turn

    @risk.command(name="claim", description="Setup: claim an empty territory.")
    @app_commands.autocomplete(territory=ac_claim)
    async def claim(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "claim", "territory": territory})

    @risk.command(name="hq", description="Pick your headquarters / capital in secret.")
    @app_commands.describe(territory="One of your territories; the others learn it at the reveal")
    @app_commands.autocomplete(territory=ac_hq)
    async def hq(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, {"type": "choose_capital", "territory": territory})

    @risk.command(name="place", description="Place armies (yours, neutral or Allied ones).")
    @app_commands.describe(armies="How many (default: all that may go there now)")
    @app_commands.autocomplete(territory=ac_place)
    async def place(
        self, interaction: discord.Interaction, territory: str, armies: int | None = None
    ) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        if armies is None:
            armies = default_armies(game.state, territory)
        action = {"type": "place", "territory": territory, "armies": armies}
        await self._act(interaction, action, game=game, seat=seat)

    @risk.command(name="trade", description="Trade a set of cards for armies.")
    async def trade(self, interaction: discord.Interaction) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        await self._trade_menu(interaction, game, seat)

    async def _trade_menu(self, interaction: discord.Interaction, game: Game, seat: int) -> None:
        checks.awaited(game, seat)
        if "trade" not in targets.steps(game.state, seat):
            raise RuleError("You have no set of cards to trade right now.")
        await interaction.response.send_message(
            "Which set?", view=trade_menu(game.id, game.version, game.state, seat), ephemeral=True
        )

    @staticmethod
    def _expert(reroll: bool | None, commander: bool | None) -> dict[str, bool]:
        """Only the flags asked for: the engine says if the rules allow them."""
        return {k: v for k, v in (("reroll", reroll), ("commander", commander)) if v is not None}

    @risk.command(name="attack", description="Attack a neighbouring territory (one roll).")
    @app_commands.describe(
        source="Your territory attacking (Allied when you command the Allied Army)",
        target="The territory attacked",
        dice="1 to 3",
        reroll="Expert rules: re-roll a losing die with a card showing either territory",
        commander="Expert rules: once a turn, turn a die into a 6",
    )
    @app_commands.autocomplete(source=ac_attack_from, target=ac_attack_to)
    async def attack(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        dice: app_commands.Range[int, 1, 3] | None = None,
        reroll: bool | None = None,
        commander: bool | None = None,
    ) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        if dice is None:
            dice = (
                max(1, legal.max_attack_dice(game.state, source))
                if source in game.state.owner
                else 3
            )
        action = {"type": "attack", "source": source, "target": target, "dice": dice}
        action |= self._expert(reroll, commander)
        await self._act(interaction, action, game=game, seat=seat)

    @risk.command(name="blitz", description="Attack again and again until it falls or you stop.")
    @app_commands.describe(
        stop_at="Stop when your territory is down to this many armies",
        reroll="Expert rules: use card re-rolls where they help",
        commander="Expert rules: use your commander's 6 where it helps",
    )
    @app_commands.autocomplete(source=ac_attack_from, target=ac_attack_to)
    async def blitz(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        stop_at: app_commands.Range[int, 1, 1000] = 1,
        reroll: bool | None = None,
        commander: bool | None = None,
    ) -> None:
        action = {"type": "blitz", "source": source, "target": target, "stop_at": stop_at}
        action |= self._expert(reroll, commander)
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

    @risk.command(
        name="end", description="Stop attacking (yours or the Allied Army's), or end your turn."
    )
    @app_commands.describe(what="Default: stop attacking while attacking, else end the turn")
    @app_commands.choices(
        what=[Choice(name="stop attacking", value="attack"), Choice(name="end turn", value="turn")]
    )
    async def end(self, interaction: discord.Interaction, what: str | None = None) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        if what is None:
            what = "attack" if game.state.phase in (ATTACK, ALLIED_ATTACK) else "turn"
        kind = "end_attack" if what == "attack" else "end_turn"
        await self._act(interaction, {"type": kind}, game=game, seat=seat)

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

    @risk.command(name="resign", description="Leave this running game for good.")
    @app_commands.describe(confirm="True to leave; your territories stay, held by nobody")
    async def resign(self, interaction: discord.Interaction, confirm: bool) -> None:
        game, seat = await checks.player_here(self.service, interaction)
        if not confirm:
            await interaction.response.send_message(
                "Nothing changed: you are still in the game.", ephemeral=True
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.act(
            game.channel_id, interaction.user.id, {"type": "resign"}, version=game.version
        )
        await self._after(interaction, game, seat, result)
        if not announce.needs_post(game.state, result.game.state):
            # Out of turn: the channel hears it now, not only in the turn's summary.
            lines = fmt.lines_for(result.game.state, result.events)
            await announce.post_line(self.bot, result.game, "\n".join(lines))

    # ----------------------------------------------------------------------- info

    @risk.command(name="status", description="The board, who is to act, cards held.")
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
        file = await board_file(game.state, interaction.filesize_limit)
        if file is not None:
            embed.set_image(url=f"attachment://{file.filename}")
        kwargs: dict[str, Any] = {"file": file} if file is not None else {}
        await interaction.followup.send(embed=embed, ephemeral=True, **kwargs)

    @risk.command(name="hand", description="Your cards, mission and headquarters (only you see).")
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
        opts = None
        if ruleset is None and interaction.channel_id is not None:
            game = await self.service.game_in(interaction.channel_id)
            if game is not None and game.ruleset in RULESETS:
                ruleset = game.ruleset
                opts = game.state.options if game.state is not None else None
        ruleset = ruleset or DEFAULT_RULESET
        opts = opts or get_ruleset(ruleset).options
        await interaction.response.send_message(
            embed=fmt.rules_embed(ruleset, opts), ephemeral=True
        )

    @risk.command(name="help", description="How to play Risk here.")
    async def help(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(embed=fmt.help_embed(), ephemeral=True)

    # ----------------------------------------------------------------------- buttons, menus

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
        checks.awaited(game, seat)
        assert seat is not None
        if step in ("hq", "place"):
            # Opening a menu is no action: the menu carries the version it was drawn for.
            await self._pick_menu(interaction, game, seat, step)
            return
        if version != game.version:
            raise RuleError(checks.MOVED_ON)
        if step == "trade":
            await self._trade_menu(interaction, game, seat)
            return
        await self._act(
            interaction, self._step_action(game.state, seat, step), game=game, seat=seat
        )

    async def _pick_menu(
        self, interaction: discord.Interaction, game: Game, seat: int, kind: str
    ) -> None:
        view = pick_menu(game.id, game.version, game.state, seat, kind)
        if view is None:
            command = "`/risk hq`" if kind == "hq" else "`/risk place`"
            raise RuleError(f"Nothing to pick from a menu right now; use {command}.")
        text = (
            f"Which territory is your {fmt.hq_word(game.state)}? Only you see this."
            if kind == "hq"
            else "Where do they go?"
        )
        await interaction.response.send_message(text, view=view, ephemeral=True)

    async def pick(
        self,
        interaction: discord.Interaction,
        game_id: int,
        version: int,
        kind: str,
        values: list[str],
    ) -> None:
        """A territory picked from a PickSelect menu."""
        try:
            game = await self.service.get(game_id)
            checks.running(game)
            seat = checks.seated(game, interaction.user.id)
            if version != game.version and not (
                kind == "hq" and game.state.phase == CHOOSE_CAPITAL
            ):
                raise RuleError(checks.MOVED_ON)
            if not values or values[0] == "-":
                raise RuleError("Choose a territory.")
            territory = values[0]
            if kind == "hq":
                action = {"type": "choose_capital", "territory": territory}
            else:
                armies = default_armies(game.state, territory)
                action = {"type": "place", "territory": territory, "armies": armies}
            await self._act(interaction, action, game=game, seat=seat)
        except Exception as exc:  # menus do not go through the tree's handler
            from cogs.errors import report

            await report(interaction, exc)

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
        except Exception as exc:  # menus do not go through the tree's handler
            from cogs.errors import report

            await report(interaction, exc)

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
            again = targets.last_attack(state, seat)
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
        checks.awaited(game, seat)
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.service.act(
            game.channel_id, interaction.user.id, action, version=game.version
        )
        await self._after(interaction, game, seat, result)

    async def _recover_turn_lines(self, before: Game) -> list[str]:
        """After a restart: the narration of the turn up to `before`, rebuilt by replaying
        the log (events are not stored, the actions that made them are)."""
        posted: list[str] = []
        previous: list[WorldState] = []  # the state before each step (none before setup)
        steps = 0

        def step(state: WorldState, events: list[dict[str, Any]]) -> None:
            nonlocal steps
            steps += 1
            if steps > before.version + 1:
                return  # actions after `before` are narrated by the caller
            if previous:
                posted.extend(fmt.lines_for(state, events))
                if announce.needs_post(previous[0], state):
                    posted.clear()
            previous[:] = [state]

        await self.service.replay(before.id, on_events=step)
        return posted

    async def _after(
        self, interaction: discord.Interaction, before: Game, seat: int, result: ActResult
    ) -> None:
        game, state = result.game, result.game.state
        lines = fmt.lines_for(state, result.events)
        shown, notes = await announce.deliver_secrets(
            self.bot, self.service, game, result.events, seat
        )
        shown = reply_lines(result.events, seat, fmt.hq_word(state)) + shown
        awaited = seat in targets.waiting(state)
        await interaction.followup.send(
            embed=fmt.action_embed(game, seat, lines, shown),
            view=next_view(game.id, game.version, state, seat if awaited else None, hand=False)
            or discord.utils.MISSING,
            ephemeral=True,
        )
        old = before.state
        picked = any(e["type"] == "capital_chosen" for e in result.events)
        if picked and state.phase == CHOOSE_CAPITAL:
            await announce.post_progress(self.bot, game, seat)
            return
        if game.id not in self._turn_lines:
            self._turn_lines[game.id] = await self._recover_turn_lines(before)
        turn_lines = self._turn_lines[game.id]
        turn_lines.extend(lines + notes)
        if announce.needs_post(old, state):
            self._turn_lines[game.id] = []
            await announce.post_turn(
                self.bot, self.service, game, turn_lines, announce.title_for(old, state)
            )
