"""Embeds and short texts: built to read well on a phone (short lines, player colours)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import discord

from bot.engine.world import legal
from bot.engine.world.board import world_map
from bot.engine.world.rules import RULESETS, Options
from bot.engine.world.state import (
    ALLIED_PLACE,
    CAPITAL_BONUS,
    CHOOSE_CAPITAL,
    GAME_OVER,
    OCCUPY,
    PHASE_NAMES,
    REINFORCE,
    SETUP_PLACE,
    WorldState,
)
from bot.engine.world.victory import mission_text
from bot.narrate import public_lines
from bot.service import Game
from cogs.risk import _targets as targets

# Player colours (the service hands out an index into this palette);
# emoji squares stand for the players in text.
PALETTE = (0xE74C3C, 0x3498DB, 0x2ECC71, 0xF1C40F, 0x9B59B6, 0xE67E22)
MARKS = ("🟥", "🟦", "🟩", "🟨", "🟪", "🟧")
NEUTRAL = 0x95A5A6
NEUTRAL_MARK = "⬜"
EMPTY_MARK = "▫️"


# What to type for each kind of step (buttons cover the rest).
HINTS = {
    "claim": "`/risk claim`",
    "place": "`/risk place`",
    "trade": "`/risk trade`",
    "occupy": "`/risk move`",
    "attack": "`/risk attack`",
    "blitz": "`/risk blitz`",
    "end_attack": "`/risk end`",
    "fortify": "`/risk fortify`",
    "end_turn": "`/risk end`",
    "choose_capital": "`/risk hq`",
}


def is_neutral(state: WorldState | None, seat: int | None) -> bool:
    """The neutral / Allied army of a two-player game: a seat with no Discord user."""
    return (
        state is not None
        and seat is not None
        and 0 <= seat < len(state.players)
        and state.players[seat].neutral
    )


def colour_of(game: Game, seat: int | None) -> int:
    if seat is None or is_neutral(game.state, seat):
        return NEUTRAL
    try:
        colour = game.user_at(seat).colour
    except KeyError:
        colour = None
    index = colour if isinstance(colour, int) else seat
    return PALETTE[index % len(PALETTE)]


def mark(seat: int | None, state: WorldState | None = None) -> str:
    if seat is None:
        return EMPTY_MARK
    if is_neutral(state, seat):
        return NEUTRAL_MARK
    return MARKS[seat % len(MARKS)]


def mention(game: Game, seat: int) -> str:
    """A ping for a seated user; the neutral army (no user) is only named, never mentioned."""
    try:
        return f"<@{game.user_at(seat).user_id}>"
    except KeyError:
        return game.state.players[seat].name if game.state is not None else "?"


def mentions(game: Game, seats: Sequence[int]) -> str:
    return " ".join(mention(game, s) for s in seats)


def names(state: WorldState) -> list[str]:
    return [p.name for p in state.players]


def neutral_seats(state: WorldState) -> set[int]:
    return {i for i, p in enumerate(state.players) if p.neutral}


def hq_word(state: WorldState) -> str:
    return "capital" if state.options.headquarters == "expert" else "headquarters"


def lines_for(state: WorldState, events: Sequence[dict[str, Any]]) -> list[str]:
    """The channel's narration of `events`, worded for this game."""
    return public_lines(events, names(state), neutral=neutral_seats(state), hq=hq_word(state))


def revealed_capitals(state: WorldState) -> dict[str, int]:
    """Headquarters territory -> seat, once everyone has chosen (nothing before)."""
    if state.phase == CHOOSE_CAPITAL:
        return {}
    return {p.capital: i for i, p in enumerate(state.players) if p.capital is not None}


def now_line(state: WorldState) -> str:
    """Who the game waits for and doing what, e.g. "🟦 Bob: attacking with the Allied Army"."""
    waiting = targets.waiting(state)
    if not waiting:
        return PHASE_NAMES[GAME_OVER]
    who = ", ".join(f"{mark(s, state)} {state.players[s].name}" for s in waiting)
    return f"{who}: {PHASE_NAMES.get(state.phase, state.phase)}"


def ruleset_label(name: str) -> str:
    r = RULESETS[name]
    return f"{name} ({r.min_players}-{r.max_players} players)"


def hint_line(state: WorldState, seat: int) -> str:
    steps = targets.steps(state, seat)
    typed = dict.fromkeys(HINTS[s] for s in steps if s in HINTS)
    return "Next: " + ", ".join(typed) if typed else ""


def clip(lines: Sequence[str], limit: int = 3800) -> str:
    """Join lines, dropping the oldest when too long for an embed description."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if size > limit:
            out.append("…")
            break
        out.append(line)
    return "\n".join(reversed(out))


def add_text_board(embed: discord.Embed, state: WorldState) -> None:
    """The board as one field per continent: a square per owner, then the armies."""
    world = world_map()
    capitals = revealed_capitals(state)
    for continent, territories in world.continents.items():
        rows = []
        for t in territories:
            hq = " 🏰" if t in capitals else ""
            rows.append(f"{mark(state.owner[t], state)} {state.armies[t]} {t}{hq}")
        embed.add_field(
            name=f"{continent} (+{world.bonus[continent]})", value="\n".join(rows), inline=True
        )


def add_players(embed: discord.Embed, game: Game, state: WorldState) -> None:
    rows = []
    for seat, p in enumerate(state.players):
        held = state.territories_of(seat)
        armies = sum(state.armies[t] for t in held)
        if p.neutral:
            rows.append(f"{mark(seat, state)} {p.name} {len(held)} terr. · {armies} armies")
        elif p.alive:
            rows.append(
                f"{mark(seat, state)} **{p.name}** {len(held)} terr. · {armies} armies · "
                f"{len(p.hand)} card{'' if len(p.hand) == 1 else 's'}"
            )
        else:
            rows.append(f"{mark(seat, state)} ~~{p.name}~~ out")
    embed.add_field(name="Players", value="\n".join(rows), inline=False)


def turn_embed(game: Game, lines: Sequence[str], *, title: str) -> discord.Embed:
    """The channel's message for a turn: its narration, whose turn is next, the board."""
    state: WorldState = game.state
    waiting = targets.waiting(state)
    acting = waiting[0] if len(waiting) == 1 else None
    embed = discord.Embed(
        title=title, description=clip(lines) or None, colour=colour_of(game, acting)
    )
    if waiting:
        embed.add_field(name="Now", value=now_line(state), inline=False)
    add_players(embed, game, state)
    add_text_board(embed, state)
    return embed


def action_embed(
    game: Game, seat: int, lines: Sequence[str], private: Sequence[str]
) -> discord.Embed:
    """The actor's own reply: what just happened, their secrets, what they can do next."""
    state: WorldState = game.state
    body = list(lines) or ["Done."]
    if private:
        body += ["", *private]
    embed = discord.Embed(description=clip(body), colour=colour_of(game, seat))
    footer = []
    awaited = seat in targets.waiting(state)
    if state.phase in PLACING and awaited and state.pending:
        footer.append(f"{state.pending} armies to place{PLACING[state.phase]}")
    if state.phase == SETUP_PLACE and awaited and state.quota_neutral:
        footer.append(f"{state.quota_neutral} neutral army to place on a neutral territory")
    if state.phase == OCCUPY and state.occupy and awaited:
        occ = state.occupy
        footer.append(f"move {occ['min']}-{occ['max']} into {occ['target']}")
    hint = hint_line(state, seat)
    if hint:
        footer.append(hint)
    if footer:
        embed.add_field(name="Your move", value="\n".join(footer), inline=False)
    return embed


def status_embed(game: Game, since: datetime | None) -> discord.Embed:
    state: WorldState = game.state
    waiting = targets.waiting(state)
    acting = waiting[0] if len(waiting) == 1 else None
    embed = discord.Embed(
        title=f"{game.ruleset} · turn {state.turn}", colour=colour_of(game, acting)
    )
    lines = []
    if acting is not None:
        name = state.players[acting].name
        doing = PHASE_NAMES.get(state.phase, state.phase)
        lines.append(f"{mark(acting, state)} **{name}** is {doing}.")
    elif waiting:
        lines.append(f"Now: {now_line(state)}.")
    if waiting:
        if state.phase in PLACING and state.pending:
            lines.append(f"{state.pending} armies still to place.")
        if state.phase == CHOOSE_CAPITAL:
            humans = [p for p in state.players if not p.neutral and p.alive]
            chosen = sum(p.capital is not None for p in humans)
            lines.append(f"{chosen} of {len(humans)} have chosen a {hq_word(state)}.")
    elif state.winner is not None:
        lines.append(f"🏆 {state.players[state.winner].name} won.")
    if state.options.card_values != "none":
        lines.append(f"Sets traded: {state.sets_traded}; cards in the deck: {len(state.deck)}.")
    if since is not None:
        lines.append(f"Turn began {discord.utils.format_dt(since, 'R')}.")
    embed.description = "\n".join(lines)
    add_players(embed, game, state)
    add_text_board(embed, state)
    return embed


def hand_embed(game: Game, seat: int) -> discord.Embed:
    """Everything secret a player holds: cards, mission, headquarters (only they see it)."""
    state: WorldState = game.state
    player = state.players[seat]
    world = world_map()
    lines: list[str] = []
    if state.options.card_values != "none":
        hand = sorted(player.hand)
        lines += [f"• {world.card_name(c)}" for c in hand] or ["You hold no cards."]
        sets = legal.tradeable_sets(state, seat)
        if sets:
            lines.append(f"You can trade {len(sets)} different set(s) with `/risk trade`.")
    if player.mission is not None:
        lines += ["", f"🎯 **Mission:** {mission_text(state, player.mission)}"]
    if player.capital is not None:
        lines += ["", f"🏰 **Your {hq_word(state)}:** {player.capital}"]
    elif state.phase == CHOOSE_CAPITAL:
        lines += ["", f"🏰 Choose your {hq_word(state)} with `/risk hq`."]
    title = "Your cards" if player.mission is None and player.capital is None else "Your hand"
    return discord.Embed(
        title=title,
        description="\n".join(lines).strip() or "Nothing secret.",
        colour=colour_of(game, seat),
    )


def options_lines(options: Options) -> list[str]:
    cards = {
        "escalating": "sets worth 4, 6, 8, 10, 12, 15, then +5",
        "plus_one": "sets worth 4, 5, 6, ... (+1 each)",
        "fixed": "sets worth 4/6/8 (three alike) or 10 (one of each)",
        "none": "no cards",
    }[options.card_values]
    setup = {
        "deal": "territories dealt, one army on each",
        "claim": "claim territories, then place armies one by one",
        "deal_place": "territories dealt, then place armies one by one",
    }[options.setup]
    moves = "any number of" if options.fortify_moves is None else f"{options.fortify_moves}"
    path = "next door" if options.fortify_path == "adjacent" else "along your own territories"
    lines = [
        f"Players: {options.min_players}-{options.max_players}",
        f"Setup: {setup}",
        f"Cards: {cards}",
        f"Fortify: {moves} move(s) {path}",
    ]
    if options.territory_bonus:
        lines.append(f"Card bonus: +{options.territory_bonus} on a traded territory you hold")
    if options.forced_trade_at:
        lines.append(f"A trade is forced at {options.forced_trade_at} cards")
    if options.max_armies:
        lines.append(f"At most {options.max_armies} armies per territory")
    two = {
        "2016": "neutral army: place your own armies first, then one neutral a turn",
        "1999": "neutral army: each placement turn, 2 of yours and 1 neutral",
        "allied": "the Allied Army, commanded by whoever is not moving",
    }
    if options.two_player in two:
        lines.append(f"Two players: {two[options.two_player]}")
    if options.missions != "none":
        lines.append("Victory: complete your secret mission")
    if options.headquarters == "2016":
        short = " (short game)" if options.hq_short else ""
        lines.append(f"Victory: take the opposing headquarters and keep your own{short}")
    elif options.headquarters == "expert":
        lines.append("Capitals: lose yours at the end of your turn and you are out")
    if options.reroll_advantage:
        lines.append("Card re-roll: attack with `reroll` holding a card of either territory")
    if options.commanders:
        lines.append("Commander: once a turn, attack with `commander` to turn a die into a 6")
    return lines


def rules_embed(ruleset: str, options: Options) -> discord.Embed:
    r = RULESETS[ruleset]
    embed = discord.Embed(title=ruleset, description=r.description, colour=NEUTRAL)
    embed.add_field(name="Options", value="\n".join(options_lines(options)), inline=False)
    embed.set_footer(text=f"Rulebook: {r.source}")
    return embed


def lobby_embed(game: Game, note: str) -> discord.Embed:
    r = RULESETS.get(game.ruleset)
    count = f"{len(game.seats)}/{r.max_players}" if r else str(len(game.seats))
    players = "\n".join(f"• {s.name}{' (host)' if s.host else ''}" for s in game.seats)
    embed = discord.Embed(title=f"New game: {game.ruleset}", description=note, colour=NEUTRAL)
    embed.add_field(name=f"Players {count}", value=players or "nobody yet", inline=False)
    embed.set_footer(text="/risk join to sit down · the host starts with /risk start")
    return embed


HELP = """\
**Lobby** `/risk new` (ruleset, card mode, expert options) · `join` · `leave` · \
`start` (host) · `cancel` · `settings`
**Setup** `/risk claim` a territory · `place` armies (neutral ones too in two-player games) · \
`hq` to pick your headquarters in secret
**Your turn** `place` armies · `trade` cards · `attack` or `blitz` · `move` after a capture · \
`fortify` · `end`
**Allied Army** (two players) when it is your call: `place` on Allied territories, \
`attack`/`blitz` from them, `end` to finish its attacks
**Any time** `defend` (1 or 2 dice when attacked) · `resign` (leave for good) · \
`status` · `hand` · `odds` · `rules`
Buttons under each message offer the likely next step. Your cards, mission and \
headquarters come by DM or in replies only you can see; the channel never sees them."""


# Phases where the awaited seat places armies, and what they are for.
PLACING = {
    REINFORCE: "",
    ALLIED_PLACE: " on Allied territories",
    CAPITAL_BONUS: " on the fallen player's former territories",
}


def help_embed() -> discord.Embed:
    return discord.Embed(title="Risk: how to play here", description=HELP, colour=NEUTRAL)


def now() -> datetime:
    return datetime.now(UTC)
