"""`riskbot replay --db FILE [--game ID]`: check that stored games replay exactly."""

from __future__ import annotations

from pathlib import Path

from bot.service.service import GameService
from bot.store import StoreError


async def replay_database(db: str | Path, game_id: int | None = None) -> int:
    """Print one line per game; 0 if all replay exactly, 1 on any mismatch or damage."""
    if not Path(db).is_file():
        raise StoreError(f"There is no database at {db}.")
    service = await GameService.open(db)
    try:
        if game_id is not None:
            ids = [game_id]
        else:
            ids = await service.store.game_ids()
        failures = 0
        for gid in ids:
            report = await service.replay(gid)
            print(report.line())
            failures += not report.ok
        print(f"{len(ids) - failures} of {len(ids)} games replay exactly.")
        return 0 if failures == 0 else 1
    finally:
        await service.close()


async def render_stored_game(db: str | Path, game_id: int | None, out: Path) -> int:
    """`riskbot render`: draw a stored world game's board (the latest one by default)."""
    from bot.render.board import render_state

    if not Path(db).is_file():
        raise StoreError(f"There is no database at {db}.")
    service = await GameService.open(db)
    try:
        ids = [game_id] if game_id is not None else list(reversed(await service.store.game_ids()))
        for gid in ids:
            game = await service.get(gid)
            if game.state is not None and game.family.name == "world":
                out.write_bytes(render_state(game.state))
                print(f"game {gid}: board written to {out}")
                return 0
        raise StoreError("There is no started world game to draw in that database.")
    finally:
        await service.close()
