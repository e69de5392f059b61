"""Embeds and short texts: built to read well on a phone (short lines, player colours)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import discord

from bot.engine.world import legal
from bot.engine.world.board import world_map
from bot.engine.world.rules import RULESETS, Options
from bot.engine.world.state import (
    ATTACK,
    CLAIM,
    FORTIFY,
    GAME_OVER,
    OCCUPY,
    REINFORCE,
    SETUP_PLACE,
    WorldState,
)
from bot.service import Game

# Player colours (the service hands out an index into this palette);
# emoji squares stand for the players in text.
PALETTE = (0xE74C3C, 0x3498DB, 0x2ECC71, 0xF1C40F, 0x9B59B6, 0xE67E22)
MARKS = ("🟥", "🟦", "🟩", "🟨", "🟪", "🟧")
NEUTRAL = 0x95A5A6

PHASES = {
    CLAIM: "claiming territories",
    SETUP_PLACE: "placing starting armies",
    REINFORCE: "reinforcing",
    ATTACK: "attacking",
    OCCUPY: "moving into a captured territory",
    FORTIFY: "fortifying",
    GAME_OVER: "game over",
}

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
}


def colour_of(game: Game, seat: int | None) -> int:
    if seat is None:
        return NEUTRAL
    try:
        colour = game.user_at(seat).colour
    except KeyError:
        colour = None
    index = colour if isinstance(colour, int) else seat
    return PALETTE[index % len(PALETTE)]


def mark(seat: int) -> str:
    return MARKS[seat % len(MARKS)]


def mention(game: Game, seat: int) -> str:
    return f"<@{game.user_at(seat).user_id}>"


def names(state: WorldState) -> list[str]:
    return [p.name for p in state.players]


def ruleset_label(name: str) -> str:
    r = RULESETS[name]
    return f"{name} ({r.min_players}-{r.max_players} players)"


def hint_line(state: WorldState, seat: int) -> str:
    steps = legal.next_steps(state, seat)
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
    for continent, territories in world.continents.items():
        rows = []
        for t in territories:
            owner = state.owner[t]
            square = "⬜" if owner is None else mark(owner)
            rows.append(f"{square} {state.armies[t]} {t}")
        embed.add_field(
            name=f"{continent} (+{world.bonus[continent]})", value="\n".join(rows), inline=True
        )


def add_players(embed: discord.Embed, game: Game, state: WorldState) -> None:
    rows = []
    for seat, p in enumerate(state.players):
        held = state.territories_of(seat)
        armies = sum(state.armies[t] for t in held)
        if p.alive:
            rows.append(
                f"{mark(seat)} **{p.name}** {len(held)} terr. · {armies} armies · "
                f"{len(p.hand)} cards"
            )
        else:
            rows.append(f"{mark(seat)} ~~{p.name}~~ out")
    embed.add_field(name="Players", value="\n".join(rows), inline=False)


def turn_embed(game: Game, lines: Sequence[str], *, title: str) -> discord.Embed:
    """The channel's message for a turn: its narration, whose turn is next, the board."""
    state: WorldState = game.state
    acting = None if state.phase == GAME_OVER else state.current
    embed = discord.Embed(
        title=title, description=clip(lines) or None, colour=colour_of(game, acting)
    )
    if acting is not None:
        embed.add_field(
            name="Now",
            value=f"{mark(acting)} {state.players[acting].name}: {PHASES[state.phase]}",
            inline=False,
        )
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
    if state.phase == REINFORCE and state.current == seat and state.pending:
        footer.append(f"{state.pending} armies to place")
    if state.phase == OCCUPY and state.occupy and state.current == seat:
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
    acting = None if state.phase == GAME_OVER else state.current
    embed = discord.Embed(
        title=f"{game.ruleset} · turn {state.turn}", colour=colour_of(game, acting)
    )
    lines = []
    if acting is not None:
        lines.append(f"{mark(acting)} **{state.players[acting].name}** is {PHASES[state.phase]}.")
        if state.phase == REINFORCE and state.pending:
            lines.append(f"{state.pending} armies still to place.")
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
    state: WorldState = game.state
    world = world_map()
    hand = sorted(state.players[seat].hand)
    lines = [f"• {world.card_name(c)}" for c in hand] or ["You hold no cards."]
    sets = legal.tradeable_sets(state, seat)
    if sets:
        lines.append(f"\nYou can trade {len(sets)} different set(s) with `/risk trade`.")
    return discord.Embed(
        title="Your cards", description="\n".join(lines), colour=colour_of(game, seat)
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
**Lobby** `/risk new` · `join` · `leave` · `start` (host) · `cancel` · `settings`
**Setup** `/risk claim` a territory
**Your turn** `place` armies · `trade` cards · `attack` or `blitz` · `move` after a capture · \
`fortify` · `end`
**Any time** `defend` (1 or 2 dice when attacked) · `status` · `hand` · `odds` · `rules`
Buttons under each message offer the likely next step. Your cards and the cards you draw \
come by DM (or in replies only you can see if your DMs are closed)."""


def help_embed() -> discord.Embed:
    return discord.Embed(title="Risk: how to play here", description=HELP, colour=NEUTRAL)


def now() -> datetime:
    return datetime.now(UTC)
