"""Table options: declared by each game, validated before a state is built.

A spec is enough for a client to draw a form (kind, default, choices, bounds, help text) and for
the engine to reject a bad value with a reason.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from meeplehall.core.errors import InvalidOption

OptionKind = Literal["bool", "int", "choice", "str"]


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game.

    ``check``, when given, replaces the kind's own validation: it receives the raw value and
    returns the normalised one, or raises :class:`InvalidOption`. It is for the few options whose
    values do not fit one kind (a named mode *or* an explicit list, say).
    """

    key: str
    kind: OptionKind
    default: Any
    label: str = ""
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    check: Callable[[Any], Any] | None = field(default=None, compare=False)
    #: For hosts and researchers rather than players (component data files, a rules edition):
    #: forms keep it folded away under "advanced".
    advanced: bool = False
    #: The player counts the option applies to (none: every count); forms show it only for
    #: those, and leave it out (at its default) for another count.
    players: tuple[int, ...] = ()

    def validate(self, value: Any) -> Any:
        if self.check is not None:
            return self.check(value)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOption(f"option {self.key!r} must be true or false, not {value!r}")
            return value
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOption(f"option {self.key!r} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidOption(f"option {self.key!r} must be at least {self.minimum}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidOption(f"option {self.key!r} must be at most {self.maximum}")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(repr(c) for c in self.choices)
                raise InvalidOption(f"option {self.key!r} must be one of {allowed}, not {value!r}")
            return value
        if not isinstance(value, str):
            raise InvalidOption(f"option {self.key!r} must be text, not {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "key": self.key,
            "kind": self.kind,
            "default": self.default,
            "label": self.label,
            "help": self.help,
        }
        if self.choices:
            data["choices"] = list(self.choices)
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.advanced:
            data["advanced"] = True
        if self.players:
            data["players"] = list(self.players)
        return data


def validate_options(
    specs: tuple[OptionSpec, ...], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every option with its validated value, defaults filled in; unknown keys are rejected."""
    given = dict(given or {})
    by_key = {spec.key: spec for spec in specs}
    unknown = sorted(set(given) - set(by_key))
    if unknown:
        known = ", ".join(by_key) or "none"
        raise InvalidOption(f"unknown option {unknown[0]!r}; this game's options are: {known}")
    return {
        key: spec.validate(given[key]) if key in given else spec.default
        for key, spec in by_key.items()
    }


def check_players(game: str, players: object, lowest: int, highest: int) -> int:
    """The player count, if it is a whole number from ``lowest`` to ``highest``."""
    if isinstance(players, int) and not isinstance(players, bool) and lowest <= players <= highest:
        return players
    raise InvalidOption(f"{game} is for {lowest} to {highest} players, not {players!r}")
