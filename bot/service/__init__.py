"""The async game service (see service.py). Import everything the Discord layer needs from here."""

from bot.service.errors import (
    GameBroken,
    NoGame,
    NotAllowed,
    ServiceError,
    StaleAction,
)
from bot.service.model import (
    BROKEN,
    CANCELLED,
    FINISHED,
    LOBBY,
    RUNNING,
    ActResult,
    Game,
    MessageRef,
    PlayerRef,
    Seat,
)
from bot.service.service import GameService

__all__ = [
    "BROKEN",
    "CANCELLED",
    "FINISHED",
    "LOBBY",
    "RUNNING",
    "ActResult",
    "Game",
    "GameBroken",
    "GameService",
    "MessageRef",
    "NoGame",
    "NotAllowed",
    "PlayerRef",
    "Seat",
    "ServiceError",
    "StaleAction",
]
