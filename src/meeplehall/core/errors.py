"""Errors a player or a client can read: each carries a reason in plain words."""


class IllegalAction(ValueError):
    """An action that is malformed, or not allowed now. The state is left unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
