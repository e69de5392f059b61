"""The game flow: setup, rounds of two turns, battles, end of round (risk-europe.txt,
Let's Play / Game Setup, How to Play, Winning the Game, 2- and 3-Player Games, Team Gameplay,
Kingdom Missions).

`apply` is pure: it copies the state, applies one action and returns the copy and events.
"""

from __future__ import annotations

from typing import Any

from ..errors import RuleError
from ..rng import Rng, seed_to_state
from ..wording import players_text
from . import orders
from .actions import (
    Action,
    BattleOrder,
    Bid,
    ChooseMercBidOrder,
    EndTurn,
    Expand,
    Fortify,
    KeepMission,
    Maneuver,
    PlaceKingdom,
    SetStandingChoices,
    SiegeAssault,
    Spend,
    SplitExpand,
    StackCards,
    Tax,
)
from .battle import DEFAULT_CASUALTY_ORDER, REROLL_POLICIES, resolve_battle
from .board import (
    BOX,
    COLORS,
    CROWN_CARDS_IN_BOX,
    STARTING_COINS,
    UNIT_KINDS,
    board,
    is_sea_line,
)
from .rulesets import RULESETS
from .state import (
    State,
    army_name,
    cities_of,
    completed_missions,
    controller,
    copy_state,
    crowns,
    live_mercs,
    live_players,
    on_board,
    rank_key,
    ruleset_of,
    territories_of,
)

Events = list[dict[str, Any]]
HAND = list(range(1, 9))


def _new_army(name: str, color: str, seat: int | None) -> dict[str, Any]:
    return {
        "name": name,
        "color": color,
        "seat": seat,
        "coins": STARTING_COINS,
        "hand": list(HAND),
        "stack": None,
        "discard": [],
        "deck": [],
        "crown_cards": 0,
        "missions": [],
        "eliminated": False,
        "grace_round": None,
        "crown_bought_round": 0,
        "bid": None,
        "controller": None,
        "standing": {"casualty_order": list(DEFAULT_CASUALTY_ORDER), "castle_reroll": "auto"},
    }


def new_game(ruleset: str, player_names: list[str], seed: int) -> State:
    """A fresh game waiting for the secret first-player bids."""
    if ruleset not in RULESETS:
        raise RuleError(
            f"There is no Risk Europe ruleset called {ruleset!r}; choose one of "
            f"{', '.join(RULESETS)}."
        )
    rules = RULESETS[ruleset]
    n = len(player_names)
    if not rules.min_players <= n <= rules.max_players:
        span = players_text(rules.min_players, rules.max_players)
        raise RuleError(f"{ruleset} is played by {span}, not {n}.")
    rng = Rng(seed_to_state(seed))
    armies = [_new_army(name, COLORS[i], i) for i, name in enumerate(player_names)]
    for i in range(rules.mercenaries(n)):
        merc = _new_army(f"Mercenary {COLORS[n + i]}", COLORS[n + i], None)
        merc["hand"] = []
        deck = list(HAND)
        rng.shuffle(deck)
        merc["deck"] = deck
        armies.append(merc)
    state: State = {
        "ruleset": ruleset,
        "players": list(player_names),
        "round": 0,
        "phase": "setup_bid",
        "serial": 0,
        "rng": 0,
        "armies": armies,
        "territories": {
            tid: {
                "owner": None,
                "units": [0, 0, 0, 0],
                "attacker": None,
                "attacker_units": [0, 0, 0, 0],
                "castle": False,
            }
            for tid in board().order
        },
        "tiles": {},
        "first_player": None,
        "ring": [],
        "crown_cards_left": CROWN_CARDS_IN_BOX,
        "crown_deck": [],
        "placement": {"order": [], "pos": 0},
        "merc_queue": [],
        "merc_current": None,
        "turn_order": [],
        "turn_number": 0,
        "turn_pos": 0,
        "turn": None,
        "battle_queue": [],
        "winner": None,
        "end_reason": None,
        "battles_fought": 0,
    }
    if rules.missions:
        deck = sorted(board().missions)
        rng.shuffle(deck)
        state["crown_deck"] = deck
    _place_mercenaries(state, rng)
    state["rng"] = rng.state
    return state


def _place_mercenaries(state: State, rng: Rng) -> None:
    """3 players: the mercenary gets two random Gold Cities (start with castle, outpost);
    2 players: each mercenary gets one with a castle. 10 Footmen and a crown in each."""
    mercs = [i for i, a in enumerate(state["armies"]) if a["seat"] is None]
    if not mercs:
        return
    gold = list(board().gold_cities)
    rng.shuffle(gold)
    per = 2 if len(mercs) == 1 else 1
    for m in mercs:
        for k in range(per):
            tid = gold.pop()
            t = state["territories"][tid]
            t["owner"], t["units"], t["castle"] = m, [10, 0, 0, 0], k == 0
            state["tiles"][tid] = 0
            state["armies"][m]["coins"] += board().territories[tid].tax


# ----------------------------------------------------------------------------- flow


def to_act(state: State) -> list[int]:
    """Seats whose input the game waits for now (several in simultaneous steps)."""
    phase = state["phase"]
    if phase in ("setup_bid", "merc_bid"):
        return [p for p in live_players(state) if state["armies"][p]["bid"] is None]
    if phase == "stack":
        return [p for p in live_players(state) if state["armies"][p]["stack"] is None]
    if phase == "placement":
        return [state["placement"]["order"][state["placement"]["pos"]]]
    if phase in ("merc_order", "battle_order"):
        return [state["first_player"]]
    if phase == "turn":
        seat = controller(state, state["turn"]["army"])
        return [] if seat is None else [seat]
    return []


def is_over(state: State) -> bool:
    return state["phase"] == "over"


def winner(state: State) -> list[int] | None:
    return list(state["winner"]) if state["phase"] == "over" else None


def apply(state: State, action: Action, rng: Rng | None = None) -> tuple[State, Events]:
    """Apply one action to a copy of `state`; raise RuleError if it is not allowed."""
    if state["phase"] == "over":
        raise RuleError("The game is over.")
    new = copy_state(state)
    r = rng if rng is not None else Rng(new["rng"])
    events: Events = []
    seat = action.seat
    if not isinstance(seat, int) or not 0 <= seat < len(new["players"]):
        raise RuleError("That seat is not in this game.")
    if isinstance(action, SetStandingChoices):
        _standing(new, action, events)
    else:
        if seat not in to_act(new):
            if new["armies"][seat]["eliminated"]:
                raise RuleError("You have been eliminated from this game.")
            raise RuleError("It is not your turn to do that.")
        _dispatch(new, action, r, events)
    new["rng"] = r.state
    return new, events


def _standing(state: State, a: SetStandingChoices, events: Events) -> None:
    order = list(a.casualty_order)
    if sorted(order) != sorted(UNIT_KINDS):
        raise RuleError(
            "The casualty order must list footmen, archers, cavalry and siege once each."
        )
    if a.castle_reroll not in REROLL_POLICIES:
        raise RuleError("The castle re-roll choice must be 'auto' or 'never'.")
    state["armies"][a.seat]["standing"] = {
        "casualty_order": order,
        "castle_reroll": a.castle_reroll,
    }
    events.append(
        {
            "type": "standing_choices",
            "player": a.seat,
            "private": {"casualty_order": order, "castle_reroll": a.castle_reroll},
        }
    )


def _dispatch(state: State, action: Action, rng: Rng, events: Events) -> None:
    phase = state["phase"]
    if phase in ("setup_bid", "merc_bid"):
        if not isinstance(action, Bid):
            raise RuleError("Place your secret bid first.")
        _bid(state, action, rng, events)
    elif phase == "placement":
        if not isinstance(action, PlaceKingdom):
            raise RuleError("Place your kingdom first.")
        _place(state, action, rng, events)
    elif phase == "stack":
        if not isinstance(action, StackCards):
            raise RuleError("Choose and stack your two King's Orders cards first.")
        _stack(state, action, rng, events)
    elif phase == "merc_order":
        if not isinstance(action, ChooseMercBidOrder):
            raise RuleError("Choose which Mercenary Army is bid on first.")
        mercs = live_mercs(state)
        if action.army not in mercs:
            raise RuleError("That is not a Mercenary Army still in the game.")
        state["merc_queue"] = [action.army] + [m for m in mercs if m != action.army]
        _next_merc_bid(state, rng, events)
    elif phase == "battle_order":
        if not isinstance(action, BattleOrder):
            raise RuleError("Choose the order of this round's battles first.")
        _battle_order(state, list(action.territories), rng, events)
    elif phase == "turn":
        _turn_action(state, action, rng, events)


# ----------------------------------------------------------------------------- bids


def _bid(state: State, a: Bid, rng: Rng, events: Events) -> None:
    army = state["armies"][a.seat]
    if a.amount < 0 or a.amount > army["coins"]:
        raise RuleError(f"Bid between 0 and your {army['coins']} coins.")
    army["bid"] = a.amount
    events.append(
        {
            "type": "bid_placed",
            "player": a.seat,
            "private": {"amount": a.amount},
            "text": f"{army['name']} placed a secret bid.",
        }
    )
    if to_act(state):
        return
    bids = {p: state["armies"][p]["bid"] for p in live_players(state)}
    top = max(bids.values())
    tied = [p for p, b in bids.items() if b == top]
    rolls: list[dict[str, int]] = []
    while len(tied) > 1:
        # risk-europe.txt, Setup 3: ties are settled by dice, highest roll wins.
        roll = {p: rng.die() for p in tied}
        rolls.append({str(p): v for p, v in roll.items()})
        best = max(roll.values())
        tied = [p for p in tied if roll[p] == best]
    win = tied[0]
    state["armies"][win]["coins"] -= top
    for p in bids:
        state["armies"][p]["bid"] = None
    if state["phase"] == "setup_bid":
        state["first_player"] = win
        events.append(
            {
                "type": "bids_revealed",
                "bids": {str(p): b for p, b in bids.items()},
                "tie_rolls": rolls,
                "winner": win,
                "text": f"{army_name(state, win)} won the bid with {top} coins and "
                "takes the First Player Marker.",
            }
        )
        _start_placement(state)
    else:
        merc = state["merc_current"]
        state["armies"][merc]["coins"] += top
        state["armies"][merc]["controller"] = win
        events.append(
            {
                "type": "bids_revealed",
                "bids": {str(p): b for p, b in bids.items()},
                "tie_rolls": rolls,
                "winner": win,
                "army": merc,
                "text": f"{army_name(state, win)} paid {top} coins to command "
                f"{army_name(state, merc)} this round.",
            }
        )
        _next_merc_bid(state, rng, events)


def _start_placement(state: State) -> None:
    rules = ruleset_of(state)
    n = len(state["players"])
    first = state["first_player"]
    seats = [(first + i) % n for i in range(n)]
    state["placement"] = {"order": seats * rules.draft_cities(n), "pos": 0}
    mercs = [i for i, a in enumerate(state["armies"]) if a["seat"] is None]
    if len(mercs) == 1:
        ring = seats + mercs  # the mercenary sits to the right of the first player
    elif len(mercs) == 2:
        ring = [seats[0], mercs[0], seats[1], mercs[1]]  # one each side of the first player
    else:
        ring = seats
    state["ring"] = ring
    state["phase"] = "placement"


def _place(state: State, a: PlaceKingdom, rng: Rng, events: Events) -> None:
    """risk-europe.txt, Steps for Kingdom Placement (and the 2-, 3-player and team drafts)."""
    rules = ruleset_of(state)
    n = len(state["players"])
    terrs = board().territories
    pos = state["placement"]["pos"]
    pass_no = pos // n
    footmen = rules.footmen_per_city(n)
    city = a.city
    if city not in terrs or not terrs[city].gold:
        raise RuleError("Choose one of the eight Gold Crown Cities.")
    if state["territories"][city]["owner"] is not None:
        raise RuleError(f"{terrs[city].city} is already taken; choose another Gold Crown City.")
    if (
        a.city_footmen < 1
        or a.neighbour_footmen < 0
        or a.city_footmen + a.neighbour_footmen != footmen
    ):
        raise RuleError(
            f"Divide exactly {footmen} Footmen, at least one of them in {terrs[city].city}."
        )
    if a.neighbour_footmen:
        nb = a.neighbour
        if nb is None or nb not in terrs[city].neighbours:
            raise RuleError(
                f"Your other Footmen must go to a territory adjacent to {terrs[city].city}."
            )
        if terrs[nb].city:
            raise RuleError(
                f"{board().name(nb)} is a city territory; choose an adjacent non-city territory."
            )
        if state["territories"][nb]["owner"] is not None:
            raise RuleError(f"{board().name(nb)} is already claimed.")
    seat = a.seat
    t = state["territories"][city]
    t["owner"], t["units"] = seat, [a.city_footmen, 0, 0, 0]
    t["castle"] = pass_no < rules.castle_cities(n)
    state["tiles"][city] = 0
    state["armies"][seat]["coins"] += terrs[city].tax
    if a.neighbour_footmen:
        nt = state["territories"][a.neighbour]
        nt["owner"], nt["units"] = seat, [a.neighbour_footmen, 0, 0, 0]
    events.append(
        {
            "type": "kingdom_placed",
            "player": seat,
            "city": city,
            "neighbour": a.neighbour if a.neighbour_footmen else None,
            "castle": t["castle"],
            "coins": terrs[city].tax,
            "text": f"{army_name(state, seat)} founded a kingdom at {terrs[city].city}"
            + (" with a castle" if t["castle"] else "")
            + f" and collected {terrs[city].tax} coins.",
        }
    )
    state["placement"]["pos"] += 1
    if state["placement"]["pos"] >= len(state["placement"]["order"]):
        _start_round(state, rng, events)


# ----------------------------------------------------------------------------- rounds


def _start_round(state: State, rng: Rng, events: Events) -> None:
    state["round"] += 1
    rnd = state["round"]
    if rnd > 1 and rnd % 4 == 1:
        # Discards come back to hand at the start of every fifth round.
        for p in live_players(state):
            a = state["armies"][p]
            a["hand"] = sorted(a["hand"] + a["discard"])
            a["discard"] = []
    for a in state["armies"]:
        a["stack"] = None
        a["controller"] = None
    state["phase"] = "stack"
    state["turn"] = None
    events.append(
        {
            "type": "round_started",
            "round": rnd,
            "first_player": state["first_player"],
            "text": f"Round {rnd} begins; {army_name(state, state['first_player'])} "
            "holds the First Player Marker.",
        }
    )


def _stack(state: State, a: StackCards, rng: Rng, events: Events) -> None:
    army = state["armies"][a.seat]
    if a.top == a.bottom:
        raise RuleError("Stack two different King's Orders cards.")
    for c in (a.top, a.bottom):
        if c not in army["hand"]:
            raise RuleError(f"Card {c} is not in your hand.")
    army["hand"].remove(a.top)
    army["hand"].remove(a.bottom)
    army["stack"] = [a.top, a.bottom]
    events.append(
        {
            "type": "cards_stacked",
            "player": a.seat,
            "private": {"top": a.top, "bottom": a.bottom},
            "text": f"{army['name']} stacked two cards face down.",
        }
    )
    if to_act(state):
        return
    mercs = live_mercs(state)
    if len(mercs) == 2:
        state["phase"] = "merc_order"
    else:
        state["merc_queue"] = mercs
        _next_merc_bid(state, rng, events)


def _next_merc_bid(state: State, rng: Rng, events: Events) -> None:
    if state["merc_queue"]:
        state["merc_current"] = state["merc_queue"].pop(0)
        state["phase"] = "merc_bid"
        for p in live_players(state):
            state["armies"][p]["bid"] = None
        events.append(
            {
                "type": "merc_bidding",
                "army": state["merc_current"],
                "text": f"Bid for command of {army_name(state, state['merc_current'])}.",
            }
        )
        return
    state["merc_current"] = None
    first = state["first_player"]
    ring = state["ring"]
    start = ring.index(first)
    order = [ring[(start + i) % len(ring)] for i in range(len(ring))]
    state["turn_order"] = [x for x in order if not state["armies"][x]["eliminated"]]
    state["turn_number"], state["turn_pos"] = 1, 0
    _start_turn(state, rng, events)


def _start_turn(state: State, rng: Rng, events: Events) -> None:
    army_id = state["turn_order"][state["turn_pos"]]
    army = state["armies"][army_id]
    state["serial"] += 1
    state["phase"] = "turn"
    if army["seat"] is not None:
        card_no = army["stack"][state["turn_number"] - 1]
    else:
        if not army["deck"]:
            # Shuffle the Mercenary Army's deck each time it runs out.
            army["deck"] = sorted(army["discard"])
            army["discard"] = []
            rng.shuffle(army["deck"])
            events.append({"type": "merc_deck_shuffled", "army": army_id})
        card_no = army["deck"].pop(0)
        army["discard"].append(card_no)
    card = board().cards[card_no]
    turn = {
        "army": army_id,
        "card": card_no,
        "order_done": False,
        "bonus_done": card.bonus is None,
        "free_maneuver": False,
        "pending_mission": None,
    }
    state["turn"] = turn
    events.append(
        {
            "type": "card_revealed",
            "army": army_id,
            "round": state["round"],
            "turn": state["turn_number"],
            "card": card_no,
            "orders": list(card.orders),
            "bonus": card.bonus,
            "text": f"{army['name']} revealed "
            f"{' / '.join(o.replace('_', ' ').title() for o in card.orders)}"
            + (f" + {card.bonus.replace('_', ' ').title()}" if card.bonus else "")
            + ".",
        }
    )
    if card.bonus == "king_me":
        turn["bonus_done"] = True
        _king_me(state, army_id, events)
    elif card.bonus == "siege_assault" and not on_board(state, army_id)[3]:
        turn["bonus_done"] = True  # no Siege Weapons: the bonus is simply ignored


def _king_me(state: State, army_id: int, events: Events) -> None:
    """King Me: take the First Player Marker; with Kingdom Missions draw two Crown Cards."""
    if state["armies"][army_id]["seat"] is None:
        events.append(
            {
                "type": "king_me_ignored",
                "army": army_id,
                "text": "A Mercenary Army cannot hold the First Player Marker.",
            }
        )
        return
    state["first_player"] = army_id
    events.append(
        {
            "type": "king_me",
            "player": army_id,
            "text": f"{army_name(state, army_id)} takes the First Player Marker.",
        }
    )
    if ruleset_of(state).missions and state["crown_deck"]:
        drawn = state["crown_deck"][:2]
        state["crown_deck"] = state["crown_deck"][2:]
        state["turn"]["pending_mission"] = drawn
        events.append(
            {
                "type": "missions_drawn",
                "player": army_id,
                "count": len(drawn),
                "private": {"missions": drawn},
                "text": f"{army_name(state, army_id)} drew {len(drawn)} Crown Card(s).",
            }
        )


def _turn_action(state: State, action: Action, rng: Rng, events: Events) -> None:
    turn = state["turn"]
    army = turn["army"]
    card = board().cards[turn["card"]]
    if turn["pending_mission"] is not None:
        if not isinstance(action, KeepMission):
            raise RuleError("Choose which of your two Crown Card missions to keep first.")
        if action.mission not in turn["pending_mission"]:
            raise RuleError("Keep one of the two Crown Cards you drew.")
        others = [m for m in turn["pending_mission"] if m != action.mission]
        state["crown_deck"] += others
        state["armies"][army]["missions"].append(
            {
                "id": action.mission,
                "kept_round": state["round"],
                "attacks_won": 0,
                "completed_round": None,
            }
        )
        turn["pending_mission"] = None
        events.append(
            {
                "type": "mission_kept",
                "player": army,
                "private": {"mission": action.mission},
                "text": f"{army_name(state, army)} kept a secret mission.",
            }
        )
        _maybe_end_turn(state, rng, events)
        return
    if isinstance(action, KeepMission):
        raise RuleError("You have no Crown Cards to choose from.")
    if isinstance(action, EndTurn):
        _end_turn(state, rng, events)
        return
    if isinstance(action, (Fortify, SiegeAssault)):
        wanted = "fortify" if isinstance(action, Fortify) else "siege_assault"
        if card.bonus != wanted:
            raise RuleError("That bonus action is not on your card.")
        if turn["bonus_done"]:
            raise RuleError("You have already used this card's bonus action.")
        if isinstance(action, Fortify):
            orders.fortify(state, army, action.territory, events)
        else:
            orders.siege(state, army, action.source, action.target, rng, events)
        turn["bonus_done"] = True
        _maybe_end_turn(state, rng, events)
        return
    kind = action.type
    if kind not in ("expand", "split_expand", "maneuver", "tax", "spend"):
        raise RuleError("That is not something you can do during a turn.")
    if turn["free_maneuver"] and isinstance(action, Maneuver):
        # Berlin, Advanced Mobility: a free maneuver after everything else on the card.
        orders.maneuver(state, army, action.source, action.target, action.units, events)
        turn["free_maneuver"] = False
        turn["bonus_done"] = True
        _maybe_end_turn(state, rng, events)
        return
    if turn["order_done"]:
        raise RuleError("You have already carried out this card's order.")
    if kind not in card.orders:
        pretty = " or ".join(o.replace("_", " ").title() for o in card.orders)
        raise RuleError(f"Your card lets you {pretty}, not {kind.replace('_', ' ')}.")
    if isinstance(action, Expand):
        orders.expand(state, army, action.source, [(action.target, action.units)], events)
    elif isinstance(action, SplitExpand):
        if not 1 <= len(action.moves) <= 2:
            raise RuleError("A split expand goes into one or two territories.")
        orders.expand(state, army, action.source, list(action.moves), events)
    elif isinstance(action, Maneuver):
        orders.maneuver(state, army, action.source, action.target, action.units, events)
    elif isinstance(action, Tax):
        orders.tax(state, army, action.city, events)
    elif isinstance(action, Spend):
        orders.spend(state, army, action.recruits, action.castles, action.crown_card, events)
    turn["order_done"] = True
    if kind in ("expand", "split_expand") and orders.tile_active(state, army, "saxony"):
        turn["free_maneuver"] = True
    _maybe_end_turn(state, rng, events)


def _maybe_end_turn(state: State, rng: Rng, events: Events) -> None:
    t = state["turn"]
    if (
        t["order_done"]
        and t["bonus_done"]
        and not t["free_maneuver"]
        and t["pending_mission"] is None
    ):
        _end_turn(state, rng, events)


def _end_turn(state: State, rng: Rng, events: Events) -> None:
    state["turn_pos"] += 1
    if state["turn_pos"] >= len(state["turn_order"]):
        if state["turn_number"] == 1:
            state["turn_number"], state["turn_pos"] = 2, 0
        else:
            _start_battles(state, rng, events)
            return
    _start_turn(state, rng, events)


# ----------------------------------------------------------------------------- battles


def _start_battles(state: State, rng: Rng, events: Events) -> None:
    state["serial"] += 1
    state["turn"] = None
    queue = [tid for tid in board().order if state["territories"][tid]["attacker"] is not None]
    state["battle_queue"] = queue
    if len(queue) >= 2:
        state["phase"] = "battle_order"
        events.append(
            {
                "type": "battles_pending",
                "territories": queue,
                "text": f"{army_name(state, state['first_player'])} chooses the order "
                f"of {len(queue)} battles.",
            }
        )
    else:
        _battle_order(state, [], rng, events)


def _battle_order(state: State, chosen: list[str], rng: Rng, events: Events) -> None:
    queue = state["battle_queue"]
    if len(set(chosen)) != len(chosen) or any(t not in queue for t in chosen):
        raise RuleError("List each disputed territory at most once.")
    order = chosen + [t for t in queue if t not in chosen]
    for tid in order:
        resolve_battle(state, tid, rng, events)
        state["battles_fought"] += 1
    state["battle_queue"] = []
    _end_round(state, rng, events)


# ----------------------------------------------------------------------------- round end


def _mission_done(state: State, army: int, m: dict[str, Any]) -> bool:
    key, need = board().missions[m["id"]].check
    terrs = board().territories
    mine = territories_of(state, army)
    if key == "castles_controlled":
        have = sum(1 for t in mine if state["territories"][t]["castle"])
    elif key == "coins_held":
        have = state["armies"][army]["coins"]
    elif key == "attacks_won_since_kept":
        have = m.get("attacks_won", 0)
    elif key == "territories_controlled":
        have = len(mine)
    elif key == "siege_weapons_on_board":
        have = on_board(state, army)[3]
    elif key == "gold_crown_cities":
        have = sum(1 for t in mine if terrs[t].gold)
    elif key == "units_on_board":
        have = sum(on_board(state, army))
    else:  # sea_lines_held
        owned = set(mine)
        have = sum(
            1 for a in owned for b in terrs[a].sea if b in owned and a < b and is_sea_line(a, b)
        )
    return have >= need


def _eliminate(state: State, army: int, events: Events) -> None:
    """No city at round end: units leave the board, tiles and coins go back to the reserve,
    Crown Cards leave the game."""
    a = state["armies"][army]
    a["eliminated"] = True
    for tid, t in state["territories"].items():
        if t["owner"] == army:
            t["owner"], t["units"] = None, [0, 0, 0, 0]
            state["tiles"].pop(tid, None)
    a["coins"] = 0
    a["crown_cards"] = 0
    a["missions"] = []
    a["hand"], a["stack"] = [], None
    events.append(
        {
            "type": "eliminated",
            "army": army,
            "text": f"{a['name']} has no city left and is eliminated.",
        }
    )
    if state["first_player"] == army:
        ring = state["ring"]
        i = ring.index(army)
        for k in range(1, len(ring)):
            nxt = ring[(i + k) % len(ring)]
            if state["armies"][nxt]["seat"] is not None and not state["armies"][nxt]["eliminated"]:
                state["first_player"] = nxt
                break


def _end_round(state: State, rng: Rng, events: Events) -> None:
    rnd = state["round"]
    for p in live_players(state):
        a = state["armies"][p]
        a["discard"] += a["stack"] or []
        a["stack"] = None
        for m in a["missions"]:
            if m["completed_round"] is None and _mission_done(state, p, m):
                m["completed_round"] = rnd
                events.append(
                    {
                        "type": "mission_completed",
                        "player": p,
                        "mission": m["id"],
                        "text": f"{a['name']} completed the mission "
                        f'"{board().missions[m["id"]].mission}" and gains a '
                        "permanent crown.",
                    }
                )
    for i, a in enumerate(state["armies"]):
        if a["eliminated"]:
            continue
        if cities_of(state, i):
            a["grace_round"] = None
            continue
        saved = a["crown_cards"] > 0 or bool(completed_missions(state, i))
        if a["seat"] is not None and saved and a["grace_round"] is None:
            a["grace_round"] = rnd
            events.append(
                {
                    "type": "saved_by_the_crown",
                    "player": i,
                    "text": f"{a['name']} has no city but is saved by the crown for one "
                    "more round.",
                }
            )
        else:
            _eliminate(state, i, events)
    events.append(
        {
            "type": "round_ended",
            "round": rnd,
            "crowns": {str(p): crowns(state, p) for p in live_players(state)},
            "text": f"Round {rnd} ends. Crowns: "
            + ", ".join(f"{army_name(state, p)} {crowns(state, p)}" for p in live_players(state)),
        }
    )
    result = _check_winner(state)
    if result is not None:
        winners, reason = result
        state["winner"], state["end_reason"], state["phase"] = winners, reason, "over"
        state["turn"] = None
        events.append(
            {
                "type": "game_over",
                "winners": winners,
                "reason": reason,
                "text": (
                    "Winner: " + ", ".join(army_name(state, w) for w in winners)
                    if winners
                    else "Nobody wins."
                )
                + f" ({reason}).",
            }
        )
        return
    _start_round(state, rng, events)


def _best(state: State, seats: list[int]) -> list[int]:
    keys = {p: rank_key(state, p) for p in seats}
    top = max(keys.values())
    return [p for p in seats if keys[p] == top]


def _check_winner(state: State) -> tuple[list[int], str] | None:
    rules = ruleset_of(state)
    players = live_players(state)
    rnd = state["round"]
    if rules.teams:
        teams = {0: [p for p in players if p % 2 == 0], 1: [p for p in players if p % 2 == 1]}
        alive = [k for k, v in teams.items() if v]
        if len(alive) <= 1:
            return (
                [p for p in range(len(state["players"])) if p % 2 == alive[0]] if alive else [],
                "the other team was eliminated",
            )
        if rnd < rules.round_limit:
            return None
        terrs = board().territories

        def team_key(k: int) -> tuple[int, int, int]:
            cities = sum(1 for p in teams[k] for t in territories_of(state, p) if terrs[t].city)
            land = sum(len(territories_of(state, p)) for p in teams[k])
            coins = sum(rank_key(state, p)[2] for p in teams[k])
            return (cities, land, coins)

        k0, k1 = team_key(0), team_key(1)
        if k0 == k1:
            return list(range(len(state["players"]))), "the teams tied on crown cities"
        best = 0 if k0 > k1 else 1
        return (
            [p for p in range(len(state["players"])) if p % 2 == best],
            "most crown cities after four passes through the decks",
        )
    if len(players) <= 1:
        return players, "last king standing"
    need = rules.crowns_to_win[len(state["players"])]
    qualified = [p for p in players if crowns(state, p) >= need]
    if qualified:
        return _best(state, qualified), f"{need} or more crowns at the end of a round"
    if rnd >= rules.round_limit:
        return _best(state, players), f"round limit of {rules.round_limit} reached"
    return None


def box_ok(state: State) -> bool:
    """Invariant used by tests: no army has more units on the board than its box holds."""
    return all(
        on_board(state, i)[k] <= BOX[k] for i in range(len(state["armies"])) for k in range(4)
    )
