"""A real SQLite file per test, and helpers to get a game going."""

from __future__ import annotations

import pytest

from bot.service import Game, GameService, PlayerRef

GUILD = 1
CHANNEL = 100
ANN, BOB, CAT, DAN = (
    PlayerRef(11, "Ann"),
    PlayerRef(12, "Bob"),
    PlayerRef(13, "Cat"),
    PlayerRef(14, "Dan"),
)


@pytest.fixture
async def service(tmp_path):
    svc = await GameService.open(tmp_path / "data" / "riskbot.db")
    yield svc
    await svc.close()


async def started(
    svc: GameService, channel: int = CHANNEL, ruleset: str = "classic-2016", seed: int = 7
) -> Game:
    """A running three-player game in `channel` (Ann hosts)."""
    await svc.create(GUILD, channel, ANN, ruleset)
    await svc.join(channel, BOB)
    await svc.join(channel, CAT)
    return (await svc.start(channel, ANN.user_id, seed=seed)).game


def ai_action(game: Game) -> tuple[int, dict]:
    """The computer player's next action for whoever is to act, without its "player"."""
    seat = game.to_act[0]
    action = game.family.choose_action(game.state, seat)
    action.pop("player")
    return seat, action


async def play(svc: GameService, game: Game, steps: int, channel: int = CHANNEL) -> Game:
    """Let the computer play `steps` actions through `act`, as the seated users."""
    for _ in range(steps):
        if game.status != "running":
            break
        seat, action = ai_action(game)
        game = (
            await svc.act(channel, game.user_at(seat).user_id, action, version=game.version)
        ).game
    return game
