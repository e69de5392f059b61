"""The one exception type every rules engine raises for an illegal action."""


class RuleError(Exception):
    """An illegal action. The message is a sentence shown to the player as is."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
