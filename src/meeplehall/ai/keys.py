"""Actions compared by their JSON form, which is what the action log stores.

Two action objects built in different determinized worlds are the same move exactly when their
``to_json()`` forms are equal, so search statistics are keyed by that form.
"""

from __future__ import annotations

import json

from meeplehall.core import Action

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
