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


#: JSON action types that take back one's own earlier move (Yaxha's "undo"). A bot gains
#: nothing by them and, judging positions one at a time, could step back and forth forever,
#: so bots leave them out. The protocol has no notion of a take-back: this is the convention.
TAKE_BACK_TYPES = frozenset({"undo"})
_TAKE_BACKS: dict[str, bool] = {}


def is_take_back(action: Action) -> bool:
    key = action_key(action)
    known = _TAKE_BACKS.get(key)
    if known is None:
        data = action.to_json()
        known = _TAKE_BACKS[key] = isinstance(data, dict) and data.get("type") in TAKE_BACK_TYPES
    return known


def bot_actions(state: State, seat: int) -> list[Action]:
    """The legal actions a bot considers: every legal action but take-backs (if any remain)."""
    legal = state.legal_actions(seat)
    kept = [action for action in legal if not is_take_back(action)]
    return kept or legal
