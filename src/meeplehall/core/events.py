"""Events: the plain JSON dicts a state change emits (the game log, animations, replays).

An event is public unless it carries ``"private": [seat, ...]``; then only those seats may see
it. Games emit a private event with the secret and, when others should learn that something
happened, a separate public one without it. Who sees which event, and what else of a step, is
decided in :mod:`meeplehall.core.visibility`.
"""

from typing import Any

Event = dict[str, Any]
