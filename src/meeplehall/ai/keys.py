"""Actions compared by their JSON form, which is what the action log stores.

Two action objects built in different determinized worlds are the same move exactly when their
``to_json()`` forms are equal, so search statistics are keyed by that form.
"""

from __future__ import annotations

import json

from meeplehall.core import Action, State

_KEYS: dict[Action, str] = {}
#: Past this many cached keys the cache starts afresh, so a long arena run stays small.
_CACHE_LIMIT = 200_000


def action_key(action: Action) -> str:
    """A canonical string for ``action``: its to_json() with sorted keys, no spaces."""
    try:
        return _KEYS[action]
    except KeyError:
        pass
    except TypeError:  # an unhashable action: no caching
        return _encode(action)
    key = _encode(action)
    if len(_KEYS) >= _CACHE_LIMIT:
        _KEYS.clear()
    _KEYS[action] = key
    return key


def _encode(action: Action) -> str:
    return json.dumps(action.to_json(), sort_keys=True, separators=(",", ":"))


def is_take_back(state: State, action: Action) -> bool:
    """Whether ``action`` takes back an earlier move of its seat, as ``state``'s game declares
    (``State.is_take_back``; a game that declares None has no take-backs). A bot gains nothing
    by one and, judging positions one at a time, could step back and forth forever."""
    check = state.is_take_back
    return check is not None and check(action)


def bot_actions(state: State, seat: int) -> list[Action]:
    """The legal actions a bot considers: every legal action but take-backs (if any remain)."""
    legal = state.legal_actions(seat)
    check = state.is_take_back
    if check is None:
        return legal
    kept = [action for action in legal if not check(action)]
    return kept or legal
