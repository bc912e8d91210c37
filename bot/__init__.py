"""Everything that knows Discord or the database: service layer, store, cogs, CLI.

``bot.create_bot(db_path=None)`` builds the Discord bot (imported lazily, so that the
service layer and the CLI's ``simulate`` never import discord).
"""


def __getattr__(name: str):
    if name == "create_bot":
        from bot.discord_app import create_bot

        return create_bot
    raise AttributeError(name)
