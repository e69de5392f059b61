"""Errors the service raises. Each carries a sentence shown to the user as is.

RuleError from the engine is not wrapped: it passes through the service unchanged, and the
Discord layer shows both kinds the same way (`exc.message`).
"""

from __future__ import annotations


class ServiceError(Exception):
    """Something the user asked for cannot be done. `message` is shown as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoGame(ServiceError):
    """There is no (open) game where the user looked."""


class NotAllowed(ServiceError):
    """The user may not do this (not seated, not the host, wrong moment)."""


class StaleAction(ServiceError):
    """The action was made against an older version: a double click or an old button."""


class GameBroken(ServiceError):
    """The stored game could not be read; it has been marked broken, others carry on."""


NO_GAME_HERE = "There is no game in this channel; start one with /risk new."
NOT_SEATED = "You are not seated in this game."
ONLY_HOST_STARTS = "Only the host can start the game."
ALREADY_A_GAME = "There is already a game in this channel."
MOVED_ON = "That was already done: the game has moved on."
