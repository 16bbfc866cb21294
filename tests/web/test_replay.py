"""A finished game's page in a real browser: its result (hidden until asked for), and the replay
stepped, played, and moved through round by round (each round's start marked on the slider), with
a change of mind folded into one line."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import (
    Pages,
    api,
    create_table,
    finished_bot_table,
    login_guest,
    poll,
    screenshot,
    switch_language,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
    wait_ready,
)


def _step(page: Any) -> int:
    return int(page.get_attribute("body", "data-step") or -1)


def test_replay_steps_forward_and_back_through_a_finished_game(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Viewer")
    table = finished_bot_table(page, "yaxha")
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
    # The result waits until it is asked for.
    assert page.locator("#end-of-game").count() == 0
    page.click("#show-result")
    page.wait_for_selector("#end-of-game")
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
    table = finished_bot_table(page, "yaxha")
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
    table = finished_bot_table(page, "yaxha")
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
    table = finished_bot_table(page, "yaxha")
    steps = api(page, "GET", f"/api/tables/{table['id']}/replay")["steps"]
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    page.click("#replay-last")
    shown = page.locator("#log > li > strong").all_inner_texts()
    assert len(shown) == len(steps)
    tile = steps[0]["action"]
    assert shown[0].endswith(f": タイル{tile['tile'] + 1}を取る")
    assert steps[0]["label"] not in shown[0]  # not the server's English label
    # A cube placement: colour, level, then the place in words (what it touches), never by the
    # coordinates the board hides unless asked.
    at = next(i for i, step in enumerate(steps) if step["action"]["type"] == "place")
    place = steps[at]["action"]
    colour, level = JA_COLOURS[place["colour"]], place["level"] + 1
    assert re.search(f": {colour}のキューブを{level}段目の.+に置く$", shown[at]), shown[at]
    assert not re.search(r"[A-D][1-4]", shown[at]), shown[at]


def test_the_slider_marks_each_round_and_the_round_buttons_go_from_start_to_start(
    pages: Pages,
) -> None:
    page = pages.new()
    login_guest(page, unique_name("Rounds"))
    table = finished_bot_table(page, "yaxha")
    steps = api(page, "GET", f"/api/tables/{table['id']}/replay?views=true")["steps"]
    # Position p shows the view after p steps; a round starts where that view's round changes.
    rounds = [1] + [step["view"]["round"] for step in steps]
    starts = [0] + [p for p in range(1, len(steps)) if rounds[p] != rounds[p - 1]]
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    marks = page.locator(".replay-mark")
    assert [int(marks.nth(i).get_attribute("data-step") or -1) for i in range(marks.count())] \
        == starts
    assert marks.nth(1).get_attribute("title") == "Round 2 of 10"
    # The marks sit along the slider in order.
    xs = [marks.nth(i).bounding_box()["x"] for i in range(marks.count())]  # type: ignore[index]
    assert xs == sorted(xs) and xs[0] < xs[-1]
    assert page.is_disabled("#replay-prev-round")
    page.click("#replay-next-round")
    assert _step(page) == starts[1] and page.text_content("#replay-chapter") == "Round 2 of 10"
    page.click("#replay-next-round")
    page.click("#replay-forward")
    assert _step(page) == starts[2] + 1
    page.click("#replay-prev-round")  # back to this round's start...
    assert _step(page) == starts[2]
    page.click("#replay-prev-round")  # ... and from there to the one before
    assert _step(page) == starts[1]
    page.click("#replay-last")
    assert page.is_disabled("#replay-next-round")


def test_a_change_of_mind_is_one_folded_line_stepped_over_at_once(pages: Pages) -> None:
    page = pages.new()
    login_guest(page, unique_name("Undo"))
    table = create_table(page, "yaxha", players=2, seat=0, start=True,
                         bots=[{"seat": 1, "level": 1}], mode="live", initial_seconds=3600)
    page.goto(table_url(table))
    wait_for_game(page)
    page.locator("#game-root .yx-tile[data-legal]").first.click()
    page.wait_for_selector("#game-root .yx-hand-cube[data-choice]")
    page.locator("#game-root .yx-hand-cube[data-choice]").first.click()
    page.locator("#game-root .yx-hit[data-legal]").first.click()
    undo = "#game-root button[data-legal]:has-text('Undo')"
    page.wait_for_selector(undo)
    page.click(undo)
    page.wait_for_selector("#game-root .yx-hand-cube[data-choice]")
    # A bot takes the seat over and ends the game.
    api(page, "POST", f"/api/tables/{table['id']}/leave", {})
    page.goto("/")
    poll(page, lambda: api(page, "GET", f"/api/tables/{table['id']}")["status"] == "finished",
         "the bots never finished", 90_000)
    steps = api(page, "GET", f"/api/tables/{table['id']}/replay")["steps"]
    back = next(i for i, step in enumerate(steps) if step["action"]["type"] == "undo") + 1
    placed = max(i for i in range(1, back) if steps[i - 1]["seat"] == steps[back - 1]["seat"])
    assert steps[placed - 1]["action"]["type"] == "place"
    page.goto(f"/replay.html?id={table['id']}&step={back}")
    wait_ready(page)
    folded = page.locator("#log > li.log-folded")
    assert folded.count() == 1
    assert folded.get_attribute("data-step") == str(back)
    text = folded.locator("strong").inner_text()
    assert "changed their mind and took back: Place a" in text
    # The placement taken back has no line of its own once the take-back is shown...
    assert page.locator(f"#log > li[data-step='{placed}']").count() == 0
    # ... but has one before it.
    page.click("#replay-back")
    if placed == back - 1:
        # Stepping back passes over the moment between the two.
        assert _step(page) == placed - 1
        page.click("#replay-forward")
        assert _step(page) == back
    page.goto(f"/replay.html?id={table['id']}&step={placed}")
    wait_ready(page)
    assert page.locator(f"#log > li[data-step='{placed}']:not(.log-folded)").count() == 1
