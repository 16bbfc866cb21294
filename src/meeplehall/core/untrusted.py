"""Helpers for reading untrusted JSON in ``parse_action`` (the trust boundary).

A client may send any JSON value at all: a list as an action's type, a number of 4,000 digits, a
text of a megabyte, objects nested a thousand deep. Each helper here either answers or raises
IllegalAction, and quotes the offending value short enough for a player to read.
"""

from __future__ import annotations

import reprlib
from collections.abc import Collection
from typing import Any, TypeGuard

from meeplehall.core.errors import IllegalAction

_QUOTE = reprlib.Repr()
_QUOTE.maxlevel = 2
_QUOTE.maxstring = 40
_QUOTE.maxother = 40
_QUOTE.maxlist = _QUOTE.maxdict = _QUOTE.maxtuple = _QUOTE.maxset = 4
#: Longest quote of a value; reprlib bounds each part, nesting can still add up.
_LONGEST_QUOTE = 60
#: Whole numbers longer than this many bits are named by size: printing one may even fail
#: (Python refuses to write integers of more than 4,300 digits).
_LONGEST_SHOWN_INT_BITS = 128


def shown(value: Any) -> str:
    """``value`` as a reason quotes it: like repr, but never long and never failing."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > _LONGEST_SHOWN_INT_BITS:
            digits = int(value.bit_length() * 0.30103) + 1
            return f"a number of about {digits} digits"
        return repr(value)
    try:
        text = _QUOTE.repr(value)
    except Exception:  # a value no reason should fail on; its kind is enough
        return f"a {type(value).__name__}"
    return text if len(text) <= _LONGEST_QUOTE else text[: _LONGEST_QUOTE - 3] + "..."


def is_whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number (true and false are not numbers, though Python counts them)."""
    return isinstance(value, int) and not isinstance(value, bool)


#: The rule id of every refusal of an action's shape (what a client sent, not what it may do).
MALFORMED = "malformed_action"


def action_type(data: Any, types: Collection[str]) -> str:
    """The ``type`` of an action object, one of ``types``; IllegalAction for anything else.

    Checks the type is a text before looking it up, so a list or an object as the type (which a
    dict lookup cannot hash) is refused like any unknown type.
    """
    if not isinstance(data, dict):
        raise IllegalAction(f"an action is a JSON object with a 'type', not {shown(data)}",
                            rule=MALFORMED)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in types:
        raise IllegalAction(f"unknown action type {shown(kind)}; types are {', '.join(types)}",
                            rule=MALFORMED)
    return kind


#: No game's action field counts past this (cells, tiles, piles, gems are all small numbers): a
#: larger one is refused here, before a rule would carry it into its reason or a computation.
FIELD_LIMIT = 1000


def whole_number(data: dict[str, Any], key: str, low: int | None = None,
                 high: int | None = None) -> int:
    """Field ``key`` of an action: a whole number from ``low`` to ``high``.

    Unset bounds are +-FIELD_LIMIT. A missing field reads as null and is refused like any
    value that is not a number.
    """
    value = data.get(key)
    if not is_whole(value):
        raise IllegalAction(f"{key!r} must be a whole number, not {shown(value)}", rule=MALFORMED)
    low = -FIELD_LIMIT if low is None else low
    high = FIELD_LIMIT if high is None else high
    if not low <= value <= high:
        raise IllegalAction(f"{key!r} must be from {low} to {high}, not {shown(value)}",
                            rule=MALFORMED)
    return value


#: No game's action names anything longer (unit, ability and colour names are short words).
TEXT_LIMIT = 40


def short_text(data: dict[str, Any], key: str) -> str:
    """Field ``key`` of an action: a name of 1 to TEXT_LIMIT characters."""
    value = data.get(key)
    if not isinstance(value, str) or not value:
        raise IllegalAction(f"{key!r} must be a non-empty text, not {shown(value)}", rule=MALFORMED)
    if len(value) > TEXT_LIMIT:
        raise IllegalAction(f"{key!r} must be at most {TEXT_LIMIT} characters, not {len(value)}",
                            rule=MALFORMED)
    return value
