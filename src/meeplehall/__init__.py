"""Meeple Hall: a self-hostable board-game arena."""

__version__ = "0.1.0"
