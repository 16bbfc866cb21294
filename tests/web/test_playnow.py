""""Play now" in two browsers: one person queues from the lobby and waits (the wait survives a
reload), a second queues for the same, and both pages go to the one table the hall opened,
where the game has begun; stopping a wait takes a person out of the queue."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import api, login_guest, unique_name, wait_for_game


def queue_from_lobby(page: Any) -> None:
    page.click(".game-card[data-game=monsterhex] .play-now")
    page.select_option("#playnow-players", "2")
    page.select_option("#playnow-mode", "turn")
    page.click("#playnow-go")


def test_two_browsers_queue_for_play_now_and_meet_at_one_started_table(pages: Any) -> None:
    ann, bob = pages.new(), pages.new(viewport={"width": 390, "height": 844})
    login_guest(ann, unique_name("ann"))
    login_guest(bob, unique_name("bob"))
    queue_from_lobby(ann)
    ann.wait_for_selector("#playnow-waiting[data-game=monsterhex]")
    # A reload shows the same wait, read from the server.
    ann.reload()
    ann.wait_for_selector("#playnow-waiting[data-game=monsterhex]")
    assert ann.is_disabled(".game-card[data-game=yaxha] .play-now")
    # Stopping and queuing again.
    ann.click("#playnow-leave")
    ann.wait_for_selector("#playnow-waiting", state="detached")
    assert api(ann, "GET", "/api/playnow") == {"state": "none"}
    queue_from_lobby(ann)
    ann.wait_for_selector("#playnow-waiting")
    queue_from_lobby(bob)
    ann.wait_for_url("**/tables/**")
    bob.wait_for_url("**/tables/**")
    table_id = int(ann.url.split("/tables/")[1])
    assert int(bob.url.split("/tables/")[1]) == table_id
    for page in (ann, bob):
        wait_for_game(page)
    table = api(ann, "GET", f"/api/tables/{table_id}")
    assert table["status"] == "playing"
    assert sorted(s["user"]["id"] for s in table["seats"]) == sorted(
        api(page, "GET", "/api/me")["id"] for page in (ann, bob))
    assert pages.errors() == []
