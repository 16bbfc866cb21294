"""The analysed replay and "play from here" in a real browser, against a real server whose
analysis budget is small (``--analysis-iterations``), so an analysis takes seconds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.live_server import ServerProcess
from tests.web.conftest import (
    api,
    finished_bot_table,
    login_guest,
    screenshot,
    switch_language,
    wait_for_js,
    wait_ready,
)

SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path_factory.mktemp("analysis-web"), test_games=False,
                           extra=["--analysis-iterations", "8"])
    server.start()
    yield server
    server.stop()


def _finished(page: Any) -> dict[str, Any]:
    """A Monster Hex table of two level-1 bots (random moves: the analysis finds mistakes),
    played to its end by the server."""
    return finished_bot_table(page, "monsterhex", mode="none")


def _analysed(page: Any, table_id: int) -> dict[str, Any]:
    """Open the replay, ask for the analysis with its button and wait until the page shows it."""
    page.goto(f"/replay.html?id={table_id}")
    wait_ready(page)
    assert page.locator("#analysis").get_attribute("data-status") == "none"
    page.click("#analyse")
    wait_for_js(page, "document.querySelector('#analysis')?.dataset.status === 'done'",
                timeout_ms=180_000)
    document: dict[str, Any] = api(page, "GET", f"/api/tables/{table_id}/analysis")
    assert document["status"] == "done"
    return document


def _step(page: Any) -> int:
    return int(page.get_attribute("body", "data-step") or -1)


def test_the_replay_shows_the_analysis_chart_marks_and_best_moves(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "analyst")
    table = _finished(page)
    document = _analysed(page, table["id"])
    # The chart has one point per analysed decision of each seat, at the analysis' win chance.
    points = page.evaluate("""[...document.querySelectorAll('#analysis-chart .analysis-point')]
        .map((node) => ({seat: Number(node.dataset.seat), index: Number(node.dataset.index),
                         win: Number(node.dataset.win)}))""")
    expected = [{"seat": seat["seat"], "index": point["index"], "win": point["win"]}
                for seat in document["seats"] for point in seat["curve"]]
    assert points and sorted(points, key=str) == sorted(expected, key=str)
    assert page.locator("#analysis-chart polyline").count() == 2
    dashes = page.evaluate("""[...document.querySelectorAll('#analysis-chart polyline')]
        .map((line) => line.getAttribute('stroke-dasharray'))""")
    assert len(set(dashes)) == 2  # each seat's line reads without its colour
    # Each seat's summary card counts its marks as the analysis does.
    for seat in document["seats"]:
        card = page.locator(f"#analysis-summary .analysis-card[data-seat='{seat['seat']}']")
        for mark in SYMBOLS:
            assert card.locator(f"dd[data-key='{mark}']").inner_text() == str(seat[mark])
    # A marked move carries its symbol in the move list, and its words for screen readers.
    marked = next(d for d in document["decisions"] if d["mark"] is not None)
    page.click(f"#analysis-point-{marked['seat']}-{marked['index']}")
    assert _step(page) == marked["index"]
    assert page.locator("#analysis-best").get_attribute("data-index") == str(marked["index"])
    assert "Best was" in page.locator("#analysis-best").inner_text()
    # The best move's places are lit on the board at that position.
    wait_for_js(page, "document.querySelectorAll('#game-root .mh-spot').length > 0")
    page.click("#replay-forward")
    line = page.locator(f"#log li[data-step='{marked['index'] + 1}'] .analysis-mark")
    assert line.inner_text() == SYMBOLS[marked["mark"]]
    assert line.get_attribute("aria-label").startswith(marked["mark"].capitalize())
    # Clicking another point jumps there too.
    other = next(d for d in document["decisions"] if d["index"] != marked["index"])
    page.click(f"#analysis-point-{other['seat']}-{other['index']}")
    assert _step(page) == other["index"]
    switch_language(page, "ja")
    assert page.locator("#analyse").count() == 0
    assert "勝率" in page.locator("#analysis-best").inner_text()
    screenshot(page, "web-analysed-replay-ja")


def test_the_analysis_reads_on_a_phone_in_korean(pages: Any) -> None:
    page = pages.new(viewport={"width": 390, "height": 844})
    login_guest(page, "pocket")
    table = _finished(page)
    _analysed(page, table["id"])
    switch_language(page, "ko")
    width = page.evaluate("document.documentElement.clientWidth")
    chart = page.locator("#analysis-chart").bounding_box()
    assert chart["width"] >= width - 48  # the chart takes the page's width, margins aside
    cards = page.locator("#analysis-summary .analysis-card")
    boxes = [cards.nth(index).bounding_box() for index in range(cards.count())]
    assert len(boxes) == 2 and boxes[0]["x"] == boxes[1]["x"]  # cards one under the other
    assert boxes[1]["y"] >= boxes[0]["y"] + boxes[0]["height"]
    assert "평균 손실" in page.locator("#analysis-summary").inner_text()
    screenshot(page, "web-analysed-replay-phone-ko")


def test_play_from_here_opens_a_practice_table_at_the_step_shown(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "practiser")
    table = _finished(page)
    page.goto(f"/replay.html?id={table['id']}&step=4")
    wait_ready(page)
    assert _step(page) == 4
    page.click("#replay-last")
    assert page.locator("#play-from-here").is_disabled()  # nothing to play at the end
    page.click("#replay-first")
    for _ in range(4):
        page.click("#replay-forward")
    page.click("#play-from-here")
    page.select_option("#practice-seat-1", "bot:1")
    page.click("#practice-start")
    page.wait_for_url("**/tables/*")
    origin = page.locator("#table-origin a")
    origin.wait_for()
    assert "step 4 of table #" in origin.inner_text()
    assert origin.get_attribute("href").endswith(f"replay.html?id={table['id']}&step=4")
    practice = api(page, "GET", f"/api/tables/{page.url.rsplit('/', 1)[1]}")
    assert practice["origin"] == {"table": table["id"], "step": 4}
    assert practice["rated"] is False and practice["seats"][1]["bot_level"] == 1
    wait_for_js(page, "document.body.dataset.status === 'playing'")
    assert page.locator("body").get_attribute("data-seat") == "0"
