"""What each game's rules keep from whom, for the server's search of every frame and page
(tests/server/play/test_secrecy_by_rules.py).

Each registered game declares its own in ``tests/games/<game>/secrecy.py``: ``SECRECY``, a
:class:`Secrecy` naming the tables to play and ``leaks(frame, viewer, state)``, the list of what
``frame`` (received by ``viewer``, a seat or None for the spectators) shows that the rules keep
from it while the match is at ``state`` (the raw state, replayed from the published log). The
JSON walkers below help write one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import import_module
from typing import Any

#: What a frame received by ``viewer`` shows that the rules keep from it, with ``state`` current.
Leaks = Callable[[Any, "int | None", Any], list[str]]


@dataclass(frozen=True)
class Secrecy:
    """A game's secrets for the search: ``leaks``, and the tables to play, each
    ``(players, options, seed)``. ``per_seat_secrets``: the game hides something from the
    others that a seat itself sees (the search then proves it is not blind by finding a seat's
    secrets in that seat's own frames)."""

    leaks: Leaks
    tables: tuple[tuple[int, dict[str, Any], int], ...]
    per_seat_secrets: bool = True


def secrecy_of(game: str) -> Secrecy:
    """The ``SECRECY`` of ``tests/games/<game>/secrecy.py``; every registered game needs one."""
    try:
        module = import_module(f"tests.games.{game}.secrecy")
    except ModuleNotFoundError as missing:
        raise AssertionError(
            f"game {game!r} declares no secrets for the server's search: write "
            f"tests/games/{game}/secrecy.py with SECRECY (docs/adding-a-game.md)") from missing
    secrecy: Secrecy = module.SECRECY
    return secrecy


def dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every JSON object inside ``value``, however deep."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from dicts(item)
    elif isinstance(value, list):
        for item in value:
            yield from dicts(item)


def lists(value: Any) -> Iterator[list[Any]]:
    """Every JSON array inside ``value``, however deep."""
    if isinstance(value, dict):
        for item in value.values():
            yield from lists(item)
    elif isinstance(value, list):
        yield value
        for item in value:
            yield from lists(item)


def strings(value: Any) -> Iterator[str]:
    """Every string value (not key) inside ``value``."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def seat_entries(frame: Any, viewer: int | None, players: int,
                 keys: set[str], events: set[str]) -> list[str]:
    """Another seat's own fields (``keys``) or secret events (``events``) anywhere in ``frame``."""
    found = []
    for item in dicts(frame):
        seat = item.get("seat")
        if not isinstance(seat, int) or seat == viewer or not 0 <= seat < players:
            continue
        if keys & item.keys():
            found.append(f"seat {seat}'s own fields {sorted(keys & item.keys())}")
        if item.get("type") in events:
            found.append(f"seat {seat}'s secret event {item['type']}")
    return found
