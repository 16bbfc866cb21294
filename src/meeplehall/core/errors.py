"""Errors a player or a client can read: each carries a reason in plain words."""

from collections.abc import Mapping
from typing import Any


class IllegalAction(ValueError):
    """An action that is malformed, or not allowed now. The state is left unchanged.

    ``reason`` is a sentence in English. ``rule`` names the rule broken with a short id and
    ``params`` fills its sentence, so a client can say it in its reader's language (the web
    client's text ``illegal.<rule>``); without one a client has only the English sentence.
    """

    def __init__(self, reason: str, rule: str | None = None,
                 params: Mapping[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule
        self.params = dict(params or {})


class InvalidOption(ValueError):
    """A table option with an unknown key or a value outside what the option allows."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnknownGame(KeyError):
    """No game of that name is registered."""

    def __init__(self, name: str, known: list[str]) -> None:
        super().__init__(name)
        self.reason = f"unknown game {name!r}; known games: {', '.join(known) or 'none'}"

    def __str__(self) -> str:
        return self.reason
