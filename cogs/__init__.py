"""Discord extensions, one package or module per area; `EXTENSIONS` is what the bot loads."""

EXTENSIONS = ("cogs.errors", "cogs.risk")
