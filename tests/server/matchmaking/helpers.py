"""What the play-now and tournament tests share: waiting on the hall through its HTTP API,
and creating and looking at tournaments."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tests.server.client import Player

#: The game the tournament tests play.
GAME = "pyramido"

#: Seconds a test waits for the hall's pass (once a second) to do something.
WAIT_SECONDS = 30.0


def wait_until(condition: Callable[[], Any], seconds: float = WAIT_SECONDS,
               what: str = "the hall") -> Any:
    """``condition()``'s first truthy value, looking every 0.1 s (the pass runs once a second)."""
    until = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > until:
            raise AssertionError(f"{what}: nothing after {seconds} s")
        time.sleep(0.1)


def place(player: Player) -> dict[str, Any]:
    answer = player.http.get("/api/playnow")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def queue(player: Player, **body: Any) -> dict[str, Any]:
    answer = player.http.post("/api/playnow", json={"game": "yaxha", **body})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def seated_at(player: Player) -> int | None:
    data = place(player)
    return data["table"] if data["state"] == "seated" else None


def create(owner: Player, **body: Any) -> dict[str, Any]:
    answer = owner.http.post("/api/tournaments", json={"name": "Spring cup", "game": GAME,
                                                        **body})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def look(player: Player, tournament_id: int) -> dict[str, Any]:
    answer = player.http.get(f"/api/tournaments/{tournament_id}")
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data
