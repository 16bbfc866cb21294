"""No coordinates for players: with the default settings nothing a player reads (the log, the
steps of a replay with their descriptions of each move, the hints and buttons, the end-of-game
breakdown, the board's tooltips) names a place by its coordinate ("F3", "A1"), while the board's
places and buttons keep their coordinates in aria-labels for screen readers; with the "show
coordinates" setting on, they appear in the texts too. A finished game of two bots per game is
loaded on its replay page at its last step (every move described, every event line, the
breakdown), and one Monster Hex table is played a few clicks by hand for its buttons."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import (
    Pages,
    finished_bot_table,
    login_guest,
    poll,
    unique_name,
    wait_for_js,
    wait_ready,
)
from tests.web.wordchecks import game_table

#: The coordinates each board draws: Monster Hex's hexes (rows A-H, numbers), Yaxha's base
#: spots (A1-E5), Pyramido's blocks ("A1", in "A1–B1").
COORDINATE = {
    "monsterhex": re.compile(r"\b[A-H][1-9]\b"),
    "yaxha": re.compile(r"\b[A-E][1-5]\b"),
    "pyramido": re.compile(r"\b[A-H][1-9]\b"),
}
#: Options that give each game's words their most places to name (abilities name cells,
#: objectives are rows of the breakdown).
OPTIONS: dict[str, dict[str, Any]] = {
    "monsterhex": {"abilities": "random", "objectives": True},
    "yaxha": {},
    "pyramido": {},
}

#: Every text a sighted reader can read on the page: the rendered text (which leaves out what CSS
#: hides, such as the board's coordinate labels), the board's SVG texts that show, and the
#: tooltips (SVG titles, title attributes). Never aria-labels: they are for screen readers.
VISIBLE = """() => {
  const shown = (node) => {
    for (let n = node; n && n.nodeType === 1; n = n.parentNode) {
      const style = getComputedStyle(n);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
    }
    return true;
  };
  return [
    document.body.innerText,
    ...[...document.querySelectorAll('svg text')].filter(shown).map((n) => n.textContent),
    ...[...document.querySelectorAll('#game-root title')].map((n) => n.textContent),
    ...[...document.querySelectorAll('[title]')].map((n) => n.getAttribute('title')),
  ];
}"""
#: The verb of a placement's description, to hover a step that names a place.
PLACE_VERB = {"en": "Place", "ja": "置", "ko": "놓"}
ARIA = (
    "[...document.querySelectorAll('#main [aria-label]')].map((n) => n.getAttribute('aria-label'))"
)


def _coordinates_in(page: Any, pattern: re.Pattern[str], script: str) -> list[str]:
    texts: list[str] = page.evaluate(script)
    return sorted({match for text in texts for match in pattern.findall(text or "")})


def _replay_at_the_end(page: Any, table: dict[str, Any], lang: str) -> None:
    page.evaluate("lang => localStorage.setItem('meeplehall.lang', lang)", lang)
    page.goto(f"/replay.html?id={table['id']}&step=100000")
    wait_ready(page)
    page.click("#show-result")
    page.wait_for_selector("#breakdown-table button.score-spot")
    wait_for_js(page, "document.querySelectorAll('#log li[data-step]').length > 10")


@pytest.mark.parametrize(
    ("game", "lang"),
    [("monsterhex", "en"), ("monsterhex", "ja"), ("monsterhex", "ko"), ("yaxha", "en"),
     ("yaxha", "ko"), ("pyramido", "en"), ("pyramido", "ja")],
)
def test_a_finished_game_reads_without_coordinates_unless_asked(
    pages: Pages, game: str, lang: str
) -> None:
    page = pages.new()
    login_guest(page, unique_name("Notation"))
    table = finished_bot_table(page, game, options=OPTIONS[game])
    _replay_at_the_end(page, table, lang)
    pattern = COORDINATE[game]

    # Default settings: no coordinate anywhere a player reads...
    assert page.get_attribute("html", "data-coordinates") == "hidden"
    assert _coordinates_in(page, pattern, VISIBLE) == []
    # ...though the places are named (a move's description is not empty)...
    steps = page.eval_on_selector_all(
        "#log li[data-step] > strong", "n => n.map((x) => x.textContent)"
    )
    assert all(re.search(r":\s*\S", step) for step in steps), steps[:5]
    # ...and a screen reader still hears the coordinates of the board's places.
    assert _coordinates_in(page, pattern, ARIA), "no aria-label names a coordinate"

    # A placement's step still lights its places when hovered; a breakdown cell when clicked.
    line = page.locator("#log li[data-step]").filter(has_text=PLACE_VERB[lang]).last
    line.hover()
    poll(page, lambda: page.locator("#game-root .mh-spot").count(), "a hovered step lit nothing")
    page.mouse.move(0, 0)
    page.locator("#breakdown-table button.score-spot").first.click()
    poll(page, lambda: page.locator("#game-root .mh-spot").count(), "a clicked score lit nothing")

    # With the setting on, the texts name the coordinates too (not only the board's labels).
    page.click("#board-coordinates")
    assert page.get_attribute("html", "data-coordinates") == "shown"
    words = "[...document.querySelectorAll('#log li, #breakdown-table td')].map((n) => n.innerText)"
    assert _coordinates_in(page, pattern, words), "the setting on, no text names a coordinate"
    assert _coordinates_in(page, pattern, VISIBLE)
    # And off again, they go.
    page.click("#board-coordinates")
    assert _coordinates_in(page, pattern, VISIBLE) == []


def test_monster_hex_buttons_and_hints_say_places_in_words(pages: Pages) -> None:
    """At the table: a unit chosen, the cells offered and the button that places it are said by
    the gems beside them; their aria-labels keep the hex's label; the setting adds it."""
    page, _ = game_table(pages, "monsterhex", "en")
    pattern = COORDINATE["monsterhex"]
    page.locator("[data-choice^='unit-']").first.click()
    page.locator("#game-root [data-choice^='cell-']").first.click()
    button = page.locator("#game-root button.mh-primary[data-legal]")
    text = button.inner_text()
    assert re.search(r"^Place the [SABC] monster (next to|between|\d+ hexes from) the ", text), text
    assert not pattern.search(text)
    assert pattern.search(button.get_attribute("aria-label") or "")
    targets = page.eval_on_selector_all(
        "#game-root [data-choice^='cell-']",
        "n => n.map((x) => [x.querySelector('title').textContent, x.getAttribute('aria-label')])",
    )
    assert targets
    assert all(not pattern.search(title) and pattern.search(aria) for title, aria in targets)
    assert _coordinates_in(page, pattern, VISIBLE) == []

    page.click("#board-coordinates")
    text = page.locator("#game-root button.mh-primary[data-legal]").inner_text()
    assert pattern.search(text), text
