"""Watching a bots-only table from no seat: the watcher may pause what is shown (the table plays
on meanwhile), slow it down and jump back to live; a seated player has no such controls."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from tests.live_server import ServerProcess
from tests.web.conftest import (
    Pages,
    api,
    create_table,
    frames,
    login_guest,
    poll,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
)

SHOWN = "Number(document.body.dataset.seq || 0)"


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A hall whose bots keep the human pace (the suite's other halls play at machine speed),
    which a watched bots-only table keeps too."""
    server = ServerProcess(tmp_path_factory.mktemp("watching-web"), test_games=False,
                           bot_move_delay=0.6)
    server.start()
    yield server
    server.stop()


def _watched_bot_table(pages: Pages) -> tuple[Any, dict[str, Any]]:
    page = pages.new()
    login_guest(page, unique_name("Watcher"))
    table = create_table(page, "monsterhex", players=2, seat=None,
                         bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}])
    # Watched from the start (unwatched, bots play at full speed and would be done at once).
    page.goto(table_url(table))
    page.wait_for_selector("body[data-status='waiting'][data-connection='open']")
    api(page, "POST", f"/api/tables/{table['id']}/start")
    wait_for_game(page)
    page.wait_for_selector("#watch-bar")
    return page, table


def _received_seq(page: Any) -> int:
    last = frames(page).last_game_message()
    return int(last["seq"]) if last else 0


def test_a_watcher_pauses_and_jumps_back_to_live(pages: Pages) -> None:
    page, table = _watched_bot_table(pages)
    wait_for_js(page, f"{SHOWN} >= 1")
    page.click("#watch-pause")
    assert page.get_attribute("#watch-pause", "aria-pressed") == "true"
    paused_at = page.evaluate(SHOWN)
    # The table plays on: two more moves arrive, and the board stays where it was paused.
    poll(page, lambda: _received_seq(page) >= paused_at + 2, "the bots stopped playing")
    wait_for_js(page, "Number(document.body.dataset.queue) >= 1")
    assert page.evaluate(SHOWN) == paused_at
    assert "behind the table" in (page.text_content("#watch-behind") or "")
    assert api(page, "GET", f"/api/tables/{table['id']}")["seq"] >= paused_at + 2
    # Live again: everything waiting is shown at once.
    page.click("#watch-live")
    wait_for_js(page, "Number(document.body.dataset.queue) === 0")
    wait_for_js(page, f"{SHOWN} >= {_received_seq(page) - 1}")
    assert page.get_attribute("#watch-pause", "aria-pressed") == "false"


def test_a_watcher_slows_the_table_down(pages: Pages) -> None:
    page, _ = _watched_bot_table(pages)
    page.select_option("#watch-speed", "3000")
    # Note when each move is shown, from now on.
    page.evaluate("""() => { window.shownAt = []; let seq = document.body.dataset.seq;
      new MutationObserver(() => {
        if (document.body.dataset.seq === seq) return; // drawn again, no new move
        seq = document.body.dataset.seq;
        window.shownAt.push(performance.now());
      }).observe(document.body, {attributes: true, attributeFilter: ['data-seq']}); }""")
    wait_for_js(page, "window.shownAt.length >= 3", timeout_ms=30_000)
    times = page.evaluate("window.shownAt")
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    assert gaps and min(gaps) >= 2_900, gaps
    # Meanwhile the table went on at its own pace: moves wait to be shown.
    wait_for_js(page, "Number(document.body.dataset.queue) >= 1", timeout_ms=30_000)


def test_a_seated_player_has_no_watching_controls(pages: Pages) -> None:
    page = pages.new()
    login_guest(page, unique_name("Seated"))
    table = create_table(page, "monsterhex", players=2, seat=0, start=True,
                         bots=[{"seat": 1, "level": 1}])
    page.goto(table_url(table))
    wait_for_game(page)
    page.wait_for_selector("#game-root [data-legal], #game-root [data-choice]")
    assert page.locator("#watch-bar").count() == 0
