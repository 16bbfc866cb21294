"""Bots that play any registered game through the protocol."""

from meeplehall.ai.base import LEVELS, Bot, RandomBot, make_bot

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
