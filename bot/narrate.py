"""Events as sentences: the narration shown in Discord, kept free of Discord so it is testable.

Two doors, on purpose: `public_line` reads only an event's public part (it strips "private"
itself, so a careless caller cannot leak a card), and `private_lines` is for one player's DM.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.engine.world.board import world_map
from bot.engine.world.views import public_event

Event = dict[str, Any]


def dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in sorted(values, reverse=True))


_PLURALS = {"army": "armies", "die": "dice"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {_PLURALS.get(word, word + 's')}"


def card_names(cards: Iterable[int]) -> str:
    world = world_map()
    return ", ".join(world.card_name(c) for c in cards)


def public_line(event: Event, names: Sequence[str]) -> str | None:
    """One line for the channel, or None for events not worth a line there."""
    e = public_event(event)
    kind = e.get("type")

    def who(key: str = "player") -> str:
        seat = e.get(key)
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    if kind == "game_started":
        return f"A game of {e['ruleset']} begins: {', '.join(e['players'])}."
    if kind == "territories_dealt":
        return "The territories are dealt, one army on each."
    if kind == "setup_claim":
        return f"{who('first')} claims first; {e['armies_each']} armies each."
    if kind == "turn_started":
        bonus = f" (with {', '.join(e['continents'])})" if e.get("continents") else ""
        return f"**{who()}** receives {_plural(e['reinforcements'], 'army')}{bonus}."
    if kind == "claimed":
        return f"{who()} claims {e['territory']}."
    if kind == "placed":
        return f"{who()} places {_plural(e['armies'], 'army')} on {e['territory']}."
    if kind == "trade":
        # Card faces are left out: "Wild card" would match the other wild still in a hand.
        line = f"{who()} trades set #{e['set_number']} for {_plural(e['value'], 'army')}."
        if e.get("bonus_territory"):
            line += f" +{e['bonus_armies']} on {e['bonus_territory']}."
        return line
    if kind == "battle":
        a, d = e["attacker_losses"], e["defender_losses"]
        losses = []
        if a:
            losses.append(f"{who()} −{a}")
        if d:
            losses.append(f"{who('defender')} −{d}")
        return (
            f"⚔️ {e['source']} → {e['target']}: 🎲 {dice(e['attacker_dice'])} vs "
            f"{dice(e['defender_dice'])} · {', '.join(losses)}"
        )
    if kind == "captured":
        return f"🚩 {who()} captures {e['territory']} from {who('from')}."
    if kind == "moved_in":
        return f"{who()} moves {_plural(e['armies'], 'army')} into {e['target']}."
    if kind == "eliminated":
        taken = f", taking {_plural(e['cards_taken'], 'card')}" if e.get("cards_taken") else ""
        return f"💀 {who()} is eliminated by {who('by')}{taken}."
    if kind == "attack_ended":
        return f"{who()} stops attacking."
    if kind == "fortified":
        return f"{who()} moves {_plural(e['armies'], 'army')} from {e['source']} to {e['target']}."
    if kind == "card_drawn":
        return f"🃏 {who()} draws a card."
    if kind == "deck_reshuffled":
        return f"The discards are shuffled into a new deck of {e['cards']}."
    if kind == "turn_ended":
        return None
    if kind == "game_won":
        return f"🏆 **{who()} wins the game** on turn {e['turn']}!"
    if kind == "defence_set":
        return f"{who()} will defend with at most {_plural(e['dice'], 'die')}."
    return None


def public_lines(events: Iterable[Event], names: Sequence[str]) -> list[str]:
    return [line for e in events if (line := public_line(e, names)) is not None]


def private_lines(events: Iterable[Event], seat: int, names: Sequence[str]) -> list[str]:
    """What only `seat` may read: the faces of cards they drew or took."""
    lines: list[str] = []
    for e in events:
        secret = e.get("private")
        if not secret:
            continue
        if e.get("type") == "card_drawn" and e.get("player") == seat:
            lines.append(f"🃏 You drew **{card_names([secret['card']])}**.")
        elif e.get("type") == "eliminated" and e.get("by") == seat and secret.get("cards"):
            loser = names[e["player"]]
            lines.append(f"🃏 You took {loser}'s cards: **{card_names(secret['cards'])}**.")
    return lines
