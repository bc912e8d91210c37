"""Settings of the Discord bot, read from the environment and a ``.env`` file.

Every field can be set as an environment variable (``DISCORD_TOKEN``, ``BOARDHOST_DB``,
``BOARDHOST_DEV_GUILD``, ``BOARDHOST_LOG_LEVEL``, ``BOARDHOST_SHARD_IDS``,
``BOARDHOST_SHARD_COUNT``, ``BOARDHOST_AI_STRENGTH``) or as a line ``NAME=value`` in ``.env`` in the working directory. The environment wins over ``.env``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import AliasChoices, Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict


class SettingsError(ValueError):
    """A setting that cannot be used, said in one sentence per variable (``boardhost`` prints
    it and exits with status 2)."""


class Settings(BaseSettings):
    """What ``boardhost run`` / ``boardhost sync`` and :func:`bot.create_bot` need."""

    #: ``env_ignore_empty``: a variable set to nothing (``BOARDHOST_AI_STRENGTH=`` in a compose
    #: file) counts as unset, its default applies
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    #: the bot token from the Discord developer portal (Bot → Reset Token)
    discord_token: str | None = Field(default=None, validation_alias=AliasChoices("DISCORD_TOKEN"))
    #: where every game lives: a SQLite file path (or ``sqlite:///path``), or a PostgreSQL
    #: URL ``postgresql://user@host:5432/dbname`` for several processes (shards) sharing it
    db_path: str = Field(default="./boardhost.db", validation_alias=AliasChoices("BOARDHOST_DB"))
    #: a guild (server) id: `boardhost run` then also copies the commands there (instant
    #: updates while developing); unset in production
    dev_guild: int | None = Field(default=None, validation_alias=AliasChoices("BOARDHOST_DEV_GUILD"))
    #: the gateway shards this process runs, comma-separated (``boardhost run --shard-ids``)
    shard_ids: str | None = Field(default=None, validation_alias=AliasChoices("BOARDHOST_SHARD_IDS"))
    #: the total number of gateway shards over all processes (``--shard-count``)
    shard_count: int | None = Field(default=None, validation_alias=AliasChoices("BOARDHOST_SHARD_COUNT"))
    #: logging level name
    log_level: str = Field(default="INFO", validation_alias=AliasChoices("BOARDHOST_LOG_LEVEL"))
    #: the strength of new AI seats and of the AI playing for absent players, unless the
    #: table chose one: easy, normal or strong
    ai_strength: Literal["easy", "normal", "strong"] = Field(
        default="normal", validation_alias=AliasChoices("BOARDHOST_AI_STRENGTH")
    )

    @field_validator("ai_strength", mode="before")
    @classmethod
    def _strength_as_typed(cls, value: object) -> object:
        """``Strong`` and `` normal `` read as ``strong`` and ``normal`` (as ``/game addbot``
        reads them); blanks only as unset (``normal``)."""

        if isinstance(value, str):
            return value.strip().lower() or "normal"  # blank: unset, the default
        return value


def load_settings() -> Settings:
    """The settings from the environment and ``./.env``; :class:`SettingsError` naming each
    variable whose value cannot be used (``BOARDHOST_AI_STRENGTH is 'hard', which is not an
    AI strength; write easy, normal or strong.``)."""

    try:
        return Settings()
    except ValidationError as exc:
        said = []
        for error in exc.errors():
            name = str(error["loc"][0]) if error["loc"] else "a setting"
            wanted = WANTED.get(name)
            if wanted is None:  # pydantic's own words: "Input should be …"
                wanted = "allowed: " + error["msg"][:1].lower() + error["msg"][1:]
            said.append(f"{name} is {str(error.get('input'))[:40]!r}, which is not {wanted}.")
        raise SettingsError(" ".join(said)) from None


#: what each variable takes, as the sentence of :func:`load_settings` says it
WANTED = {
    "BOARDHOST_AI_STRENGTH": "an AI strength; write easy, normal or strong",
    "BOARDHOST_SHARD_COUNT": "a number of shards; write a whole number such as 2",
    "BOARDHOST_DEV_GUILD": "a server id; write the server's id, a whole number",
}
