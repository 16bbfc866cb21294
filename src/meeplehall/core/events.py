"""Events: the plain JSON dicts a state change emits (the game log, animations, replays).

An event is public unless it carries ``"private": [seat, ...]``; then only those seats may see
it. Games emit a private event with the secret and, when others should learn that something
happened, a separate public one without it.
"""

from collections.abc import Iterable
from typing import Any

Event = dict[str, Any]


def events_for(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events ``seat`` may see (``None`` = a spectator), without the privacy marker."""
    visible: list[Event] = []
    for event in events:
        private = event.get("private")
        if private is None:
            visible.append(event)
        elif seat is not None and seat in private:
            visible.append({k: v for k, v in event.items() if k != "private"})
    return visible
