"""Monster Hex's words around the board: no coordinates or internal ids in any text of a whole
game, the end-of-game breakdown in people's words (each gem won by its label and slot, each
objective met or missed, a click lighting the gem and the units that won it), the live score, a
log with one line per draw in the right plural, and the rules page's pictures. Real server, real
Chromium, in English, Japanese and Korean."""

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
    breakdown_spots,
    english_only,
    game_table,
    log_lines,
    texts_read,
)

# A position written as numbers: "(1, 2)", "q=1", "-1,2".
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\b[qr]\s*=\s*-?\d|-\d+\s*,\s*-?\d|\d,-\d")
# What must never reach a player: the engine's ids (gem tiles, objective cards), text keys left
# untranslated, placeholders left unfilled, values written as text by mistake, place keys.
RAW_IDS = re.compile(
    r"\bT[4-7]\b|\bO\d\d\b|\b(?:ev|act|ability|faction|reason|objective|colour_letter)_\w+"
    r"|\{\w+\}|undefined|null|NaN|\[object|hex-"
)
OPTIONS = {"abilities": "random", "objectives": True}


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_whole_game_reads_in_the_readers_words_and_ends_with_a_breakdown(
    pages: Pages, lang: str
) -> None:
    """One game per language serves every check of what a player reads during and after a game:
    no coordinates or raw ids anywhere, the log's draws said once in the right plural, the live
    score, and the breakdown (Japanese and Korean on a phone, where it must fit 390 px)."""
    viewport = LAPTOP if lang == "en" else PHONE
    size = "desktop" if viewport is LAPTOP else "phone"
    page, _ = game_table(pages, "monsterhex", lang, viewport, options=OPTIONS)
    screenshot(page, f"monsterhex-{lang}-{size}-start")
    seen: dict[str, Any] = {"log": set(), "live": [], "texts": set()}

    def watch(clicks: int, kind: str) -> None:
        seen["log"].update(log_lines(page))
        if kind == "legal" or clicks % 5 == 0:
            seen["texts"].update(texts_read(page))
        if clicks % 5 == 0 and page.locator("#live-score summary").count():
            seen["live"].append(page.inner_text("#live-score summary"))
        if clicks == 12:
            screenshot(page, f"monsterhex-{lang}-{size}-mid")

    play_to_end(page, seed=9, on_click=watch)
    watch(0, "end")
    page.wait_for_selector(breakdown_spots(page))
    screenshot(page, f"monsterhex-{lang}-{size}-end")

    texts = seen["texts"] | seen["log"]
    bad = sorted(text for text in texts if COORDINATES.search(text) or RAW_IDS.search(text))
    assert not bad, bad
    assert [line for line in seen["log"] if DOTTED_KEY.search(line)] == []
    assert seen["live"] and all(re.search(r"\d", text) for text in seen["live"])
    if lang == "en":
        _assert_the_log_says_each_draw_once(seen["log"])
    else:
        log = log_lines(page)
        assert sum(1 for line in log if not line.isascii()) >= len(log) * 0.9

    table = page.inner_text("#breakdown-table")
    assert DOTTED_KEY.findall(table) == []
    rows = page.eval_on_selector_all(
        "#breakdown-table tbody tr[data-row]", "rows => rows.map((r) => r.dataset.row)"
    )
    assert rows[:2] == ["big gems", "small gems"]
    assert len([row for row in rows if row.startswith("objective-")]) == 2
    assert "secret" in rows
    if viewport is PHONE:
        fit = breakdown_fit(page, ":not([data-row^='objective-'])")
        assert fit["fits"] and fit["lines"] <= 2, fit
        # A common objective's row is named by its card, a longer name: three lines at most.
        cards = breakdown_fit(page, "[data-row^='objective-']")
        assert cards["lines"] <= 3, cards
    if lang != "en":
        english = [word for word in english_only(page, "monsterhex", lang) if word in table]
        assert english == [], english

    # A won gem's cell lights, on the final board, the gem and the units that won it.
    cell = page.locator(breakdown_spots(page, "[data-row='big gems']")).first
    cell.click()
    lit = poll(
        page,
        lambda: page.locator("#game-root .mh-spot").count(),
        "a clicked score lit nothing",
    )
    assert lit >= 2


def _assert_the_log_says_each_draw_once(every: set[str]) -> None:
    """Each line the English log of a finished game against one bot ever showed: every draw said
    once, in the right plural."""
    # The bot's draws, after each placement: "1 unit".
    assert any(re.search(r" drew 1 unit\.$", line) for line in every), sorted(every)
    assert not [line for line in every if re.search(r"\b1 units\b|unit\(s\)|\b1 points\b", line)]
    # The own draws are said once, naming the units, never again as a number: every draw said
    # as a number is the bot's.
    named = [line for line in every if " drew: " in line]
    counted = {line.split(" drew ")[0] for line in every if re.search(r" drew \d", line)}
    assert named and len(counted) == 1, (named[:3], counted)
    assert not [line for line in named if line.split(" drew: ")[0] in counted]


def test_a_draw_and_an_award_read_in_the_right_plural(pages: Pages) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    # One and two units drawn (two after a Rush), one and seven points.
    lines = page.evaluate(
        """async () => {
          const game = await import('/games/monsterhex/index.js');
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
    # Each common objective's row is named by its card; its tooltip says it is a common one.
    names = page.eval_on_selector_all(
        "#live-score tr[data-row^='objective-'] th",
        "ths => ths.map((th) => [th.textContent, th.title])",
    )
    assert len(names) == 2, names
    assert all(title == "Common objective" and name not in ("", title) for name, title in names)


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
