"""A table page whose socket drops: the board is dimmed (nothing can be played) while it is down,
a move tried meanwhile says the connection is lost, and once the socket is back that line is
gone and the board plays again."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
)

DIMMED = "getComputedStyle(document.getElementById('game-root')).opacity"


def test_a_dropped_socket_dims_the_board_and_its_error_clears_after_the_reconnect(
    pages: Pages,
) -> None:
    page = pages.new()
    login_guest(page, unique_name("Drop"))
    table = create_table(page, "pyramido", players=2, seat=0, start=True,
                         bots=[{"seat": 1, "level": 1}], mode="live", initial_seconds=3600)
    # The table's socket passes through the test, which can cut it and hold reconnects back.
    sockets: list[Any] = []
    held = {"now": False}

    def route(socket: Any) -> None:
        sockets.append(socket)
        if held["now"]:
            socket.close()
        else:
            socket.connect_to_server()

    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    page.goto(table_url(table))
    wait_for_game(page)
    page.wait_for_selector("#game-root [data-legal], #game-root [data-choice]")
    assert page.evaluate(DIMMED) == "1"
    assert page.locator("#table-error").count() == 0

    held["now"] = True
    sockets[-1].close()
    page.wait_for_selector("body[data-connection='reconnecting']")
    page.wait_for_selector("#connection")
    assert float(page.evaluate(DIMMED)) < 1
    # A move tried from the keyboard meanwhile cannot be sent: the page says why.
    page.focus("#game-root [data-legal], #game-root [data-choice]")
    page.keyboard.press("Enter")
    if page.locator("#game-root [data-legal]").count():
        page.focus("#game-root [data-legal]")
        page.keyboard.press("Enter")
    page.wait_for_selector("#table-error")

    held["now"] = False
    page.wait_for_selector("body[data-connection='open']", timeout=30_000)
    page.wait_for_selector("#table-error", state="detached")
    page.wait_for_selector("#connection", state="detached")
    wait_for_js(page, f"{DIMMED} === '1'")
