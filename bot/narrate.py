"""Events as sentences: the narration shown in Discord, kept free of Discord so it is testable.

Two doors, on purpose: `public_line` reads only an event's public part (it strips "private"
itself, so a careless caller cannot leak a card, a mission or a headquarters), and
`private_lines` / `reply_lines` are for one player's eyes only.

`neutral` names the seats of the neutral or Allied army: they never act themselves, so
armies placed for them are told as "for", not "by".
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from bot.engine.world.board import world_map
from bot.engine.world.state import WorldState
from bot.engine.world.victory import mission_text
from bot.engine.world.views import public_event

Event = dict[str, Any]


def dice(values: Sequence[int]) -> str:
    return " ".join(str(v) for v in sorted(values, reverse=True))


_PLURALS = {"army": "armies", "die": "dice", "territory": "territories"}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {_PLURALS.get(word, word + 's')}"


def card_names(cards: Iterable[int]) -> str:
    world = world_map()
    return ", ".join(world.card_name(c) for c in cards)


def _battle(e: Event, who: Any) -> str:
    a, d = e["attacker_losses"], e["defender_losses"]
    losses = []
    if a:
        losses.append(f"{who()} −{a}")
    if d:
        losses.append(f"{who('defender')} −{d}")
    rolled = dice(e["attacker_dice"])
    final = e.get("final_attacker_dice")
    if final is not None:
        rolled = f"{rolled} → {dice(final)}"
    extras = []
    if e.get("reroll"):
        r = e["reroll"]
        extras.append(f"card re-roll {r['die']}→{r['to']}")
    if e.get("commander"):
        extras.append(f"commander turns a {e['commander']['die']} into a 6")
    extra = f" ({'; '.join(extras)})" if extras else ""
    return (
        f"⚔️ {e['source']} → {e['target']}: 🎲 {rolled} vs "
        f"{dice(e['defender_dice'])}{extra} · {', '.join(losses)}"
    )


def _roll_off(e: Event, names: Sequence[str]) -> str:
    rolls = ", ".join(
        f"{names[int(s)] if int(s) < len(names) else '?'} {v}" for s, v in e["rolls"].items()
    )
    return f"🎲 Roll for who goes first: {rolls}."


def public_line(
    event: Event,
    names: Sequence[str],
    *,
    neutral: Collection[int] = (),
    hq: str = "headquarters",
) -> str | None:
    """One line for the channel, or None for events not worth a line there.

    `hq` is the word for a secret pick: "headquarters" (Capital RISK) or "capital" (expert).
    """
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
    if kind == "roll_off":
        return _roll_off(e, names)
    if kind == "mission_dealt":
        return f"🎯 {who()} receives a secret mission."
    if kind == "turn_started":
        bonus = f" (with {', '.join(e['continents'])})" if e.get("continents") else ""
        line = f"**{who()}** receives {_plural(e['reinforcements'], 'army')}{bonus}."
        if e.get("allied_reinforcements"):
            line += f" The Allied Army will get {e['allied_reinforcements']}."
        return line
    if kind == "claimed":
        return f"{who()} claims {e['territory']}."
    if kind == "allied_placed":
        count = len(e.get("territories", []))
        return (
            f"🤝 The Allied Army takes the {_plural(count, 'territory')} left, "
            f"{_plural(e['armies'], 'army')} in all."
        )
    if kind == "placed":
        if e.get("player") in neutral:
            return f"➕ {_plural(e['armies'], 'army')} for the {who()} on {e['territory']}."
        return f"{who()} places {_plural(e['armies'], 'army')} on {e['territory']}."
    if kind == "armies_lost":
        return f"{who()} loses {_plural(e['armies'], 'army')}: no territory has room for them."
    if kind == "choose_capitals":
        return f"🏰 Everyone now picks a {hq} in secret with `/risk hq`."
    if kind == "capital_chosen":
        return f"🏰 {who()} has chosen a {hq}."
    if kind == "capitals_revealed":
        shown = " · ".join(
            f"{names[int(s)] if int(s) < len(names) else '?'}: **{t}**"
            for s, t in e["capitals"].items()
        )
        return f"🏰 {hq.capitalize()} revealed: {shown}"
    if kind == "trade":
        # Card faces are left out: "Wild card" would match the other wild still in a hand.
        line = f"{who()} trades set #{e['set_number']} for {_plural(e['value'], 'army')}."
        if e.get("bonus_territory"):
            line += f" +{e['bonus_armies']} on {e['bonus_territory']}."
        return line
    if kind == "battle":
        return _battle(e, who)
    if kind == "captured":
        return f"🚩 {who()} captures {e['territory']} from {who('from')}."
    if kind == "moved_in":
        return f"{who()} moves {_plural(e['armies'], 'army')} into {e['target']}."
    if kind == "resigned":
        held = _plural(e["territories"], "territory")
        return f"🏳️ {who()} resigns; their {held} stand abandoned, defended but idle."
    if kind == "eliminated":
        if e.get("reason") == "capital":
            held = _plural(len(e.get("territories", [])), "territory")
            cards = f" and {_plural(e['cards_taken'], 'card')}" if e.get("cards_taken") else ""
            return (
                f"💀 {who()} has lost their capital and is out: {who('by')} takes their "
                f"{held}{cards}."
            )
        taken = f", taking {_plural(e['cards_taken'], 'card')}" if e.get("cards_taken") else ""
        return f"💀 {who()} is eliminated by {who('by')}{taken}."
    if kind == "attack_ended":
        return f"{who()} stops attacking."
    if kind == "allied_turn":
        armies = f": {_plural(e['armies'], 'army')} to place" if e.get("armies") else ""
        return f"🤝 {who()} now commands the Allied Army{armies}."
    if kind == "allied_done":
        return f"🤝 {who()} is done with the Allied Army."
    if kind == "fortified":
        return f"{who()} moves {_plural(e['armies'], 'army')} from {e['source']} to {e['target']}."
    if kind == "card_drawn":
        return f"🃏 {who()} draws a card."
    if kind == "deck_reshuffled":
        return f"The discards are shuffled into a new deck of {e['cards']}."
    if kind == "turn_ended":
        return None
    if kind == "game_won":
        line = f"🏆 **{who()} wins the game** on turn {e['turn']}!"
        if e.get("mission"):
            line += f" Mission: {e['mission']}"
        return line
    if kind == "defence_set":
        return f"{who()} will defend with at most {_plural(e['dice'], 'die')}."
    return None


# A run of at least this many rolls on one front (a blitz) is told as one line.
SUMMARY_AT = 3


def _same_front(a: Event, b: Event) -> bool:
    keys = ("player", "defender", "source", "target")
    return all(a.get(k) == b.get(k) for k in keys)


def _battle_runs(events: Iterable[Event]) -> list[Event | list[Event]]:
    """Events, with consecutive battles on the same front gathered into lists."""
    out: list[Event | list[Event]] = []
    for e in events:
        last = out[-1] if out else None
        if e.get("type") == "battle" and isinstance(last, list) and _same_front(last[-1], e):
            last.append(e)
        elif e.get("type") == "battle":
            out.append([e])
        else:
            out.append(e)
    return out


def _summary(run: list[Event], names: Sequence[str]) -> str:
    first = run[0]

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    a = sum(e["attacker_losses"] for e in run)
    d = sum(e["defender_losses"] for e in run)
    losses = [f"{name(first['player'])} −{a}"] if a else []
    if d:
        losses.append(f"{name(first['defender'])} −{d}")
    extras = []
    rerolls = sum(1 for e in run if e.get("reroll"))
    if rerolls:
        extras.append(_plural(rerolls, "card re-roll"))
    if any(e.get("commander") for e in run):
        extras.append("the commander's 6")
    extra = f" (with {' and '.join(extras)})" if extras else ""
    return f"⚔️ {first['source']} → {first['target']}: {len(run)} rolls{extra} · {', '.join(losses)}"


def public_lines(
    events: Iterable[Event],
    names: Sequence[str],
    *,
    neutral: Collection[int] = (),
    hq: str = "headquarters",
) -> list[str]:
    """The channel's lines for a list of events; a blitz's many rolls become one line."""
    lines: list[str] = []
    for item in _battle_runs(events):
        if isinstance(item, list) and len(item) >= SUMMARY_AT:
            lines.append(_summary([public_event(e) for e in item], names))
            continue
        for e in item if isinstance(item, list) else [item]:
            line = public_line(e, names, neutral=neutral, hq=hq)
            if line is not None:
                lines.append(line)
    return lines


def private_lines(
    events: Iterable[Event],
    seat: int,
    names: Sequence[str],
    state: WorldState | None = None,
) -> list[str]:
    """What only `seat` may read and should keep: cards drawn or taken, their mission.

    `state` words the mission (destroy missions name a player); without it the id is shown.
    """
    lines: list[str] = []
    for e in events:
        secret = e.get("private")
        if not secret:
            continue
        kind = e.get("type")
        if kind == "card_drawn" and e.get("player") == seat:
            lines.append(f"🃏 You drew **{card_names([secret['card']])}**.")
        elif kind == "eliminated" and e.get("by") == seat and secret.get("cards"):
            loser = names[e["player"]]
            lines.append(f"🃏 You took {loser}'s cards: **{card_names(secret['cards'])}**.")
        elif kind == "mission_dealt" and e.get("player") == seat:
            mission = secret["mission"]
            text = mission_text(state, mission) if state is not None else mission
            lines.append(f"🎯 Your secret mission: **{text}**")
    return lines


def reply_lines(events: Iterable[Event], seat: int, hq: str = "headquarters") -> list[str]:
    """Secrets for the actor's private reply only (not worth a DM): their headquarters."""
    lines: list[str] = []
    for e in events:
        if e.get("type") == "capital_chosen" and e.get("player") == seat:
            territory = (e.get("private") or {}).get("territory")
            lines.append(
                f"🏰 Your {hq}: **{territory}**. It stays secret until everyone has chosen."
            )
    return lines
