"""A finished game's page in a real browser: its result, and the replay stepped and played."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.web.conftest import (
    api,
    create_table,
    login_guest,
    screenshot,
    switch_language,
    table_url,
    wait_for_js,
    wait_ready,
)


def _finished_bot_game(page: Any) -> dict[str, Any]:
    """A two-bot Yaxha table played to its end by the server."""
    table = create_table(
        page, "yaxha", players=2, seat=None,
        bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}], start=True,
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        table = api(page, "GET", f"/api/tables/{table['id']}")
        if table["status"] == "finished":
            return table
        page.wait_for_timeout(200)
    raise AssertionError("the bots did not finish the game in 60 seconds")


def _step(page: Any) -> int:
    return int(page.get_attribute("body", "data-step") or -1)


def test_replay_steps_forward_and_back_through_a_finished_game(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Viewer")
    table = _finished_bot_game(page)
    replay = api(page, "GET", f"/api/tables/{table['id']}/replay")
    total = len(replay["steps"])

    # The lobby lists it among finished games, linking to its result and replay.
    page.goto("/")
    wait_ready(page)
    row = page.locator(f"#finished-tables li[data-table='{table['id']}']")
    scores = [int(score) for score in row.locator(".seat-score").all_inner_texts()]
    assert scores == replay["result"]["scores"]  # with the winners marked
    assert row.locator(".winner .winner-mark").count() == len(replay["result"]["winners"])
    page.click(f"#finished-tables li[data-table='{table['id']}'] a.button-link")
    wait_ready(page)
    assert f"replay.html?id={table['id']}" in page.url
    shown_totals = page.locator("#breakdown-table .total-row td").all_inner_texts()
    assert [int(total) for total in shown_totals] == replay["result"]["scores"]
    assert page.text_content("#replay-step") == f"Step 0 of {total}"
    start_view = page.text_content("#game-root")

    page.click("#replay-forward")
    assert _step(page) == 1
    assert page.locator("#log > li").count() == 1
    # The step is named by the game's renderer (Yaxha counts market tiles from 1).
    first = replay["steps"][0]["action"]
    assert first["type"] == "tile"
    assert page.text_content("#log > li > strong").endswith(f": Take tile {first['tile'] + 1}")
    page.click("#replay-forward")
    page.click("#replay-forward")
    page.click("#replay-back")
    assert _step(page) == 2
    assert page.locator("#log > li").count() == 2
    page.click("#replay-last")
    assert _step(page) == total
    assert page.text_content("#game-root") != start_view
    assert page.is_disabled("#replay-forward")
    # Arrow keys step too.
    page.locator("#replay-back").focus()
    page.keyboard.press("ArrowLeft")
    assert _step(page) == total - 1
    page.click("#replay-first")
    assert _step(page) == 0
    assert page.text_content("#game-root") == start_view
    screenshot(page, "web-replay")


def test_replay_plays_back_by_itself_and_pauses(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Auto")
    table = _finished_bot_game(page)
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    page.select_option("#replay-speed", "400")
    page.click("#replay-play")
    wait_for_js(page, "Number(document.body.dataset.step) >= 3")
    page.click("#replay-play")  # now the pause button
    paused_at = _step(page)
    page.wait_for_timeout(1000)
    assert _step(page) == paused_at


def test_finished_table_page_shows_the_breakdown_and_links_to_the_replay(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Late")
    table = _finished_bot_game(page)
    page.goto(table_url(table))
    page.wait_for_selector("#end-of-game")
    assert page.get_attribute("body", "data-status") == "finished"
    assert page.locator("#breakdown-chart").count() == 1
    page.click("#replay-link")
    wait_ready(page)
    assert page.text_content("#replay-step").startswith("Step 0 of ")


JA_COLOURS = {"orange": "オレンジ", "yellow": "黄", "blue": "青", "green": "緑", "white": "白"}


def test_replay_steps_are_named_in_the_readers_language(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Kiroku")
    switch_language(page, "ja")
    table = _finished_bot_game(page)
    steps = api(page, "GET", f"/api/tables/{table['id']}/replay")["steps"]
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    page.click("#replay-last")
    shown = page.locator("#log > li > strong").all_inner_texts()
    assert len(shown) == len(steps)
    tile = steps[0]["action"]
    assert shown[0].endswith(f": タイル{tile['tile'] + 1}を取る")
    assert steps[0]["label"] not in shown[0]  # not the server's English label
    # A cube placement: colour, level, then the place by the label the board draws there.
    at = next(i for i, step in enumerate(steps) if step["action"]["type"] == "place")
    place = steps[at]["action"]
    colour, level = JA_COLOURS[place["colour"]], place["level"] + 1
    assert re.search(f": {colour}のキューブを{level}段目の[A-Z][0-9]+に置く$", shown[at]), shown[at]
