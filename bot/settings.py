"""Settings from the environment or a `.env` file. Every one is listed in `.env.example`."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    database: Path = Field(default=Path("data/riskbot.db"), alias="RISKBOT_DB")
    log_level: str = Field(default="INFO", alias="RISKBOT_LOG_LEVEL")
    # Hours a game may wait for one player before the computer plays that turn (0: never).
    turn_hours: float = Field(default=0, ge=0, alias="RISKBOT_TURN_HOURS")
    # Sync slash commands to this one server at start (instant), instead of globally.
    dev_guild_id: int | None = Field(default=None, alias="RISKBOT_DEV_GUILD_ID")


def load_settings() -> Settings:
    return Settings()
