"""Friends and notifications in the browser: two people become friends through the lobby, one
invites the other from the new-table form and from the friends list, the other is told on the
page and joins, and an invitation not followed leaves his page once the table starts; the link of
a turn e-mail (received by a loopback SMTP server) opens the table at the away player's seat,
titled "Your turn"."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from tests.live_server import ServerProcess
from tests.mailbox import Mailbox, body_of, confirm_address, link_in, play_one, smtp_server, turn_of
from tests.server.client import Player
from tests.web.conftest import Pages, api, register, unique_name, wait_for_js


def test_two_people_become_friends_and_invitations_from_the_form_and_the_list_bring_one_in(
    pages: Any,
) -> None:
    alice, bob = pages.new(), pages.new()
    alice_name, bob_name = unique_name("alice"), unique_name("bob")
    register(alice, alice_name)
    register(bob, bob_name)
    bob_id = api(bob, "GET", "/api/me")["id"]
    alice.fill("#friend-name", bob_name)
    alice.click("#friend-send")
    alice.wait_for_selector(f"#friend-status:has-text('{bob_name}')")
    # Bob's open lobby is told at once, and he accepts.
    bob.wait_for_selector("#toast[data-kind='friend_request']")
    bob.wait_for_selector("#notice-list li.notice[data-kind='friend_request']")
    bob.click("#friend-incoming .accept-friend")
    bob.wait_for_selector("#friend-list li.friend")
    # Answered, the request is no news any more: its notification leaves the list.
    bob.wait_for_selector("#notice-list li.notice[data-kind='friend_request']", state="detached")
    # Alice sees Bob in her list, online (his lobby holds its channel open).
    alice.wait_for_selector(f"#friend-list li.friend[data-id='{bob_id}'][data-online='true']")
    bob_profile = api(bob, "GET", "/api/me")["profile"]
    link = alice.locator(f"#friend-list li.friend[data-id='{bob_id}'] a.player-link")
    assert (link.get_attribute("href") or "").endswith(f"player.html?id={bob_profile}")
    alice.click(".game-card[data-game=yaxha] .new-table")
    alice.select_option("#seat-1", "open")
    alice.select_option("#create-visibility", "private")
    alice.check(f"#invite-{bob_id}")
    alice.click("#create-submit")
    alice.wait_for_url("**/tables/**")
    # Bob's page shows the invitation at once.
    bob.wait_for_selector("#toast[data-kind='invite'] a.notice-link")
    first = bob.get_attribute("#toast", "data-id")
    # Back in the lobby, Alice's friends list offers to invite Bob to her waiting table too.
    alice.goto("/")
    alice.click(f"#friend-list li.friend[data-id='{bob_id}'] .invite-friend")
    alice.wait_for_selector("#friend-status:has-text('table')")
    bob.wait_for_selector(f"#toast[data-kind='invite']:not([data-id='{first}'])")
    # He follows the link of the invitation and takes the free seat of the private table.
    bob.click("#toast[data-kind='invite'] a.notice-link")
    bob.wait_for_url("**/tables/**invite=**")
    bob.click("#seats .sit")
    bob.wait_for_selector(f"#seats li[data-seat='1']:has-text('{bob_name}')")
    table_id = int(bob.url.split("/tables/")[1].split("?")[0])
    # Back in his lobby, the first invitation (never followed) still offers to join, until
    # Alice starts the table: then it leaves his page, with nothing left to join.
    bob.goto("/")
    bob.wait_for_selector(f"#notice-list li.notice[data-kind='invite'][data-id='{first}']")
    api(alice, "POST", f"/api/tables/{table_id}/start")
    bob.wait_for_selector("#notice-list li.notice[data-kind='invite']", state="detached")


def run_apart(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine to its end in a thread of its own: Playwright's sync API may hold an
    event loop in this one."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


@pytest.fixture
def mailed_server(tmp_path_factory: pytest.TempPathFactory
                  ) -> Iterator[tuple[ServerProcess, Mailbox]]:
    with smtp_server() as (mailbox, smtp_url):
        process = ServerProcess(tmp_path_factory.mktemp("mail-web"), test_games=False)
        process.extra = ["--smtp-url", smtp_url, "--away-minutes", "0",
                         "--public-url", process.base]
        process.start()
        yield process, mailbox
        process.stop()


def test_the_turn_email_link_opens_the_table_at_the_away_players_seat_titled_your_turn(
    browser: Any, mailed_server: tuple[ServerProcess, Mailbox],
) -> None:
    server, mailbox = mailed_server
    alice = Player(server.base, server.ws_base).register(f"a{secrets.token_hex(4)}")
    bob = Player(server.base, server.ws_base).register(f"b{secrets.token_hex(4)}")
    seen = confirm_address(bob, "bob@example.org", mailbox, 0, "en", server.base)
    table = alice.create(game="pyramido", players=2, mode="turn", seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    alice.start(table["id"])
    while not turn_of(bob, table["id"]):
        run_apart(play_one(alice, table["id"]))
    (turn,) = mailbox.wait_for(seen + 1)[seen:]
    assert turn["Subject"] == "Your turn - Pyramido: Forgotten Treasures"
    link = link_in(body_of(turn), "/tables/", server.base)
    assert link == f"/tables/{table['id']}?seat=1"
    opened = Pages(browser, server.base)
    try:
        page = opened.new()
        page.context.add_cookies([{"name": "mh_session", "url": server.base,
                                   "value": bob.http.cookies["mh_session"]}])
        page.goto(server.base + link)
        page.wait_for_selector("body[data-status='playing'][data-seat='1']")
        wait_for_js(page, "document.title === 'Your turn - Pyramido: Forgotten Treasures'")
    finally:
        errors = opened.errors()
        opened.close()
    assert not errors, errors
