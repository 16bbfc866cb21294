"""Monster Hex's words around the board: the end-of-game breakdown in people's words (each gem
won by its label and slot, each objective met or missed, a click lighting the gem and the units
that won it), the live score, a log with one line per draw in the right plural, and the rules
page's pictures. Real server, real Chromium, in English, Japanese and Korean."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import (
    Pages,
    play_to_end,
    poll,
    screenshot,
    wait_ready,
)
from tests.web.wordchecks import (
    DOTTED_KEY,
    LAPTOP,
    PHONE,
    breakdown_fit,
    english_only,
    game_table,
    log_lines,
)

# A position written as numbers: "(1, 2)", "q=1", "-1,2".
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\b[qr]\s*=\s*-?\d|-\d+\s*,\s*-?\d|\d,-\d")
OPTIONS = {"abilities": "random", "objectives": True}


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_whole_game_ends_with_a_breakdown_in_the_readers_words(pages: Pages, lang: str) -> None:
    # Korean is played on a phone: its breakdown must fit 390 px with row names of two lines.
    viewport = PHONE if lang == "ko" else LAPTOP
    page, _ = game_table(pages, "monsterhex", lang, viewport, options=OPTIONS)
    seen: dict[str, Any] = {"log": set(), "live": []}

    def watch(clicks: int, kind: str) -> None:
        seen["log"].update(log_lines(page))
        if clicks % 5 == 0 and page.locator("#live-score summary").count():
            seen["live"].append(page.inner_text("#live-score summary"))
        if clicks == 30:
            screenshot(page, f"monsterhex-words-mid-{lang}")

    play_to_end(page, seed=4, on_click=watch)
    seen["log"].update(log_lines(page))
    page.wait_for_selector("#breakdown-table button.score-spot")
    screenshot(page, f"monsterhex-words-end-{lang}")

    table = page.inner_text("#breakdown-table")
    assert DOTTED_KEY.findall(table) == []
    rows = page.eval_on_selector_all(
        "#breakdown-table tbody tr[data-row]", "rows => rows.map((r) => r.dataset.row)"
    )
    assert rows[:2] == ["big gems", "small gems"]
    assert len([row for row in rows if row.startswith("objective-")]) == 2
    assert "secret" in rows
    if lang == "ko":
        fit = breakdown_fit(page)
        assert fit["fits"] and fit["lines"] <= 2, fit
    if lang != "en":
        english = [word for word in english_only(page, "monsterhex", lang) if word in table]
        assert english == [], english
    assert seen["live"] and all(re.search(r"\d", text) for text in seen["live"])
    bad = sorted(
        line for line in seen["log"] if COORDINATES.search(line) or DOTTED_KEY.search(line)
    )
    assert bad == []

    # A won gem's cell lights, on the final board, the gem and the units that won it.
    cell = page.locator("#breakdown-table tr[data-row='big gems'] button.score-spot").first
    cell.click()
    lit = poll(
        page,
        lambda: page.locator("#game-root .mh-spot").count(),
        "a clicked score lit nothing",
    )
    assert lit >= 2


def test_the_log_says_each_draw_once_in_the_right_plural(pages: Pages) -> None:
    page, _ = game_table(pages, "monsterhex", "en", options=OPTIONS)
    seen: list[list[str]] = []
    play_to_end(page, seed=9, on_click=lambda clicks, kind: seen.append(log_lines(page)))
    every = {line for lines in seen for line in lines}
    # The bot's draws, after each placement: "1 unit".
    assert any(re.search(r" drew 1 unit\.$", line) for line in every), sorted(every)
    assert not [line for line in every if re.search(r"\b1 units\b|unit\(s\)|\b1 points\b", line)]
    # The own draws are said once, naming the units, never again as a number: every draw said
    # as a number is the bot's.
    named = [line for line in every if " drew: " in line]
    counted = {line.split(" drew ")[0] for line in every if re.search(r" drew \d", line)}
    assert named and len(counted) == 1, (named[:3], counted)
    assert not [line for line in named if line.split(" drew: ")[0] in counted]
    # Two units drawn at once (after a Rush) read as many.
    lines = page.evaluate(
        """async () => {
          const game = await import('/games/monsterhex.js');
          const { translator } = await import('/js/renderers.js');
          const players = [{ seat: 0, name: 'Ann' }, { seat: 1, name: 'Bob' }];
          const ctx = { t: translator(game), view: null, players };
          const drew = [1, 2].map((count) => game.eventText({ type: 'drew', seat: 1, count }, ctx));
          const award = [1, 7].map((points) =>
            game.eventText({ type: 'award', seat: 0, points, reason: 'small gems' }, ctx));
          return [...drew, ...award];
        }"""
    )
    assert lines == [
        "Bob drew 1 unit.",
        "Bob drew 2 units.",
        "Ann scores 1 point (small gem).",
        "Ann scores 7 points (small gem).",
    ]


def test_the_live_score_shows_during_play(pages: Pages) -> None:
    page, _ = game_table(pages, "monsterhex", "en", PHONE, options=OPTIONS)
    page.wait_for_selector("#live-score summary")
    assert re.search(r"\d", page.inner_text("#live-score summary"))
    page.click("#live-score summary")
    text = page.inner_text("#live-score")
    assert DOTTED_KEY.findall(text) == []
    assert "Common objective" in text


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_rules_page_draws_each_diagram(pages: Pages, lang: str) -> None:
    for viewport, name in ((LAPTOP, "desktop"), (PHONE, "phone")):
        page = pages.new(viewport=viewport)
        page.goto("/rules.html?game=monsterhex")
        page.evaluate("lang => localStorage.setItem('meeplehall.lang', lang)", lang)
        page.reload()
        wait_ready(page)
        for diagram in ("gem-resolution", "unit"):
            figure = page.locator(f"figure.rules-diagram[data-diagram='{diagram}'] svg")
            assert figure.count() == 1, (lang, diagram)
            assert figure.locator("text").count() >= 3
            figure.screenshot(path=str(screenshot(page, "monsterhex-rules-scratch").parent
                                       / f"monsterhex-diagram-{diagram}-{lang}-{name}.png"))
        first = page.locator("figure.rules-diagram[data-diagram='gem-resolution']")
        first.scroll_into_view_if_needed()
        screenshot(page, f"monsterhex-rules-{lang}-{name}")
