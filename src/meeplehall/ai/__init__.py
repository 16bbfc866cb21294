"""Bots that play any registered game through the protocol."""

from meeplehall.ai.base import Bot, RandomBot, make_bot

__all__ = ["Bot", "RandomBot", "make_bot"]
