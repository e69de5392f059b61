"""Standard logging, configured once for the whole process."""

from __future__ import annotations

import logging

_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


def configure_logging(level: str = "INFO") -> None:
    logging.basicConfig(level=level.upper(), format=_FORMAT)
    # discord.py's gateway chatter is noise at INFO.
    logging.getLogger("discord.gateway").setLevel(logging.WARNING)
