"""World Risk in Discord: the /risk commands, their buttons and menus."""

from __future__ import annotations

from discord.ext import commands

from cogs.risk._cog import RiskCog
from cogs.risk._ui import PickSelect, StepButton, TradeSelect


async def setup(bot: commands.Bot) -> None:
    service = getattr(bot, "service", None)
    if service is None:
        raise RuntimeError("the bot has no game service; open it before loading cogs.risk")
    await bot.add_cog(RiskCog(bot, service))
    # Buttons and menus on any earlier message keep working: matched by custom id pattern.
    bot.add_dynamic_items(PickSelect, StepButton, TradeSelect)


async def teardown(bot: commands.Bot) -> None:
    bot.remove_dynamic_items(PickSelect, StepButton, TradeSelect)
