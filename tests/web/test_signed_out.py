"""A page whose session ends elsewhere (here: the password changed in another browser) says so,
offers the login and does not reconnect with the dead cookie: the table page and the lobby's
per-user channel, each closed with 4401. Logging in again on the table page opens its socket
anew and the game goes on. A page whose token another tab replaced (a registration) finds
someone still logged in and opens its socket again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.conftest import (
    api,
    create_table,
    login_guest,
    poll,
    register,
    table_url,
    unique_name,
    wait_for_game,
    wait_ready,
)

PASSWORD = "correct horse"
TEXTS = json.loads((Path(__file__).resolve().parents[2]
                    / "src/meeplehall/web/i18n/en.json").read_text())


def sockets_opened(page: Any, path: str) -> list[str]:
    """The URLs of the WebSockets the page opens from now on whose path holds ``path``."""
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url) if path in ws.url else None)
    return opened


def test_a_page_whose_session_ended_says_so_and_does_not_reconnect(pages: Any) -> None:
    name = unique_name("ended")
    at_table = pages.new()
    register(at_table, name, PASSWORD)
    table = create_table(at_table, "yaxha", start=True, players=2, seat=0,
                         bots=[{"seat": 1, "level": 1}])
    in_lobby = pages.new(context=at_table.context)  # another tab of the same browser
    channels = sockets_opened(in_lobby, "/ws/me")
    in_lobby.goto("/")
    wait_ready(in_lobby)
    in_lobby.wait_for_selector("#welcome")
    table_sockets = sockets_opened(at_table, "/ws/tables/")
    at_table.goto(table_url(table))
    wait_for_game(at_table)

    elsewhere = pages.new()
    elsewhere.goto("/")
    wait_ready(elsewhere)
    elsewhere.fill("#login-name", name)
    elsewhere.fill("#login-password", PASSWORD)
    elsewhere.click("#login-form button[type=submit]")
    elsewhere.wait_for_selector("#welcome")
    api(elsewhere, "POST", "/api/me/password",
        {"old_password": PASSWORD, "new_password": "changed elsewhere"})

    # The table page says the session ended and offers the login, without reconnecting.
    at_table.wait_for_selector("#signed-out #login-form")
    assert at_table.text_content("#connection") == TEXTS["connection.signed_out"]
    assert len(table_sockets) == 1
    # The lobby's tab shows nobody logged in, and why.
    in_lobby.wait_for_selector("#signed-out-note")
    assert in_lobby.text_content("#signed-out-note") == TEXTS["account.signed_out"]
    assert in_lobby.locator("#welcome").count() == 0
    assert len(channels) == 1

    # Logged in again on the table page: its socket opens anew and the game is shown.
    at_table.fill("#login-name", name)
    at_table.fill("#login-password", "changed elsewhere")
    at_table.click("#signed-out #login-form button[type=submit]")
    at_table.wait_for_selector("#connection", state="detached")
    assert at_table.locator("#signed-out").count() == 0
    assert len(table_sockets) == 2
    wait_for_game(at_table)


def test_a_page_whose_token_another_tab_replaced_opens_its_socket_again(pages: Any) -> None:
    at_table = pages.new()
    login_guest(at_table, "Soon registered")
    table = create_table(at_table, "yaxha", start=True, players=2, seat=0,
                         bots=[{"seat": 1, "level": 1}])
    table_sockets = sockets_opened(at_table, "/ws/tables/")
    at_table.goto(table_url(table))
    wait_for_game(at_table)
    # Another tab registers the guest: the token the table page's socket was opened with is
    # replaced (its socket closed with 4401), but someone is still logged in in this browser.
    other_tab = pages.new(context=at_table.context)
    other_tab.goto("/")
    wait_ready(other_tab)
    other_tab.click("#account details summary")
    other_tab.fill("#register-name", unique_name("kept"))
    other_tab.fill("#register-password", PASSWORD)
    other_tab.click("#register-form button[type=submit]")
    other_tab.wait_for_selector("#welcome")
    poll(at_table, lambda: len(table_sockets) == 2, "the table page opened its socket again")
    at_table.wait_for_selector("#connection", state="detached")
    assert at_table.locator("#signed-out").count() == 0
    wait_for_game(at_table)
