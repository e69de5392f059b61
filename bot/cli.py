"""The `riskbot` command: run the bot, play a demo, compute odds."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bot.engine.errors import RuleError
from bot.service.errors import ServiceError
from bot.store.records import StoreError


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    """`--option key=value` pairs; values are read as JSON when they can be (12, true, null)."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise RuleError(f"Write options as name=value, not {pair!r}.")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


def _cmd_demo(args: argparse.Namespace) -> int:
    from bot.demo import is_europe, list_rulesets, run_europe_demo, run_world_demo

    if args.list:
        print("\n".join(list_rulesets()))
        return 0
    from bot.games import family_for

    family_for(args.ruleset)  # an unknown name is refused with every ruleset listed
    options = _parse_options(args.option)
    europe = is_europe(args.ruleset)
    if europe and (args.db or args.images or options):
        raise RuleError("Risk Europe demos take only --players, --seed and --log.")
    on_state = _image_writer(Path(args.images)) if args.images else None
    log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
    try:
        if europe:
            result = run_europe_demo(args.ruleset, args.seed, args.players, log)
        elif args.db:
            from bot.demo_db import run_world_demo_db

            result = asyncio.run(
                run_world_demo_db(
                    args.ruleset, args.seed, args.players, log, args.db, options, on_state
                )
            )
        else:
            result = run_world_demo(args.ruleset, args.seed, args.players, log, on_state, options)
    finally:
        if log is not None:
            log.close()
    for line in result.lines:
        print(line)
    print(result.final_line)
    return 0


def _image_writer(folder: Path) -> Callable[[Any], None]:
    """A callback writing one board image per finished turn into `folder`."""
    from bot.render.board import render_state

    folder.mkdir(parents=True, exist_ok=True)

    def write(state: Any) -> None:
        name = "final.png" if state.winner is not None else f"turn-{state.turn - 1:04d}.png"
        (folder / name).write_bytes(render_state(state))

    return write


def _cmd_render(args: argparse.Namespace) -> int:
    from bot.service.replay_cli import render_stored_game

    return asyncio.run(render_stored_game(args.db, args.game, Path(args.out)))


def _cmd_replay(args: argparse.Namespace) -> int:
    from bot.service.replay_cli import replay_database

    return asyncio.run(replay_database(args.db, args.game))


def _cmd_odds(args: argparse.Namespace) -> int:
    from bot.engine.world.odds import battle_odds

    if args.attacking < 2 or args.defending < 1:
        print(
            "The attacking territory needs at least 2 armies and the defender at least 1.",
            file=sys.stderr,
        )
        return 2
    odds = battle_odds(args.attacking, args.defending)
    if args.json:
        print(json.dumps(odds.to_dict()))
    else:
        print(
            f"{args.attacking} attacking {args.defending}: attacker wins "
            f"{odds.attacker_wins:.2%}; expected left: attacker "
            f"{odds.expected_attackers_left:.2f} (+1 staying behind), defender "
            f"{odds.expected_defenders_left:.2f}"
        )
    return 0


def _cmd_run(args: argparse.Namespace) -> int:
    from pydantic import ValidationError

    from bot.logs import configure_logging
    from bot.settings import load_settings

    try:
        settings = load_settings()
    except ValidationError as exc:
        wrong = ", ".join(str(e["loc"][0]) for e in exc.errors())
        print(
            f"A setting has a value riskbot cannot use: {wrong}; see .env.example.", file=sys.stderr
        )
        return 2
    configure_logging(settings.log_level)
    if settings.discord_token is None or not settings.discord_token.get_secret_value():
        print(
            "No Discord token: set DISCORD_TOKEN in the environment or in a .env file "
            "(see .env.example), or try `riskbot demo` to watch a game without one.",
            file=sys.stderr,
        )
        return 2
    from bot.discord_app import run_bot

    return run_bot(settings)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="riskbot", description="Risk in Discord.")
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.set_defaults(func=_cmd_run)

    demo = sub.add_parser("demo", help="computer players play a whole game locally")
    demo.add_argument("--ruleset", default="classic-2016")
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--log", help="write every event as JSON Lines to this file")
    demo.add_argument("--list", action="store_true", help="list every ruleset and stop")
    demo.add_argument("--db", help="store the game in this SQLite file; rerun to resume it")
    demo.add_argument("--images", help="write the board after every turn into this folder")
    demo.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change a rule option, e.g. card_values=fixed or max_armies=12 (repeatable)",
    )
    demo.set_defaults(func=_cmd_demo)

    render = sub.add_parser("render", help="draw the board of a stored game")
    render.add_argument("--db", required=True, help="the SQLite database file")
    render.add_argument("--game", type=int, help="game id (default: the latest world game)")
    render.add_argument("--out", required=True, help="PNG file to write")
    render.set_defaults(func=_cmd_render)

    replay = sub.add_parser("replay", help="rebuild stored games from their logs and compare")
    replay.add_argument("--db", required=True, help="the SQLite database file")
    replay.add_argument("--game", type=int, help="only this game id")
    replay.set_defaults(func=_cmd_replay)

    odds = sub.add_parser("odds", help="exact odds of taking a territory")
    odds.add_argument("attacking", type=int, help="armies in the attacking territory")
    odds.add_argument("defending", type=int, help="armies in the defending territory")
    odds.add_argument("--json", action="store_true")
    odds.set_defaults(func=_cmd_odds)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except (RuleError, ServiceError, StoreError) as exc:
        print(exc.message, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
