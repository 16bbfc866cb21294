"""Pyramido's words around the board: no coordinates or internal ids in any text of a whole game,
the end-of-game breakdown in people's words (per stage, each activated area and the mythical gems
kept, a click lighting the area's squares on the final pyramid), the live score, a log with its
articles and plurals right, and the rules page's pictures. Real server, real Chromium, in
English, Japanese and Korean."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from meeplehall.games.pyramido.options import OPTIONS
from tests.web.conftest import (
    Pages,
    play_one,
    play_to_end,
    poll,
    screenshot,
    wait_for_turn,
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

# A position written as numbers: "(1, 2)", "x=1", "at 3,4".
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\b[ijxy]\s*=\s*-?\d|\d\s*,\s*\d\b")
# Keys of places and pieces, text keys and values that were never meant to be read.
RAW_IDS = re.compile(
    r"\b(?:dom|block|placed|area|space|gems?|held-gems|pyramid)-\d"
    r"|\b(?:gem|letter|side|ev|act|prompt)_\w|undefined|\[object|NaN"
)
# Internal names that option help must never show.
INTERNAL = re.compile(r"a_legend|the_legend|JSON|\.json|path|パス|경로|file", re.IGNORECASE)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_whole_game_reads_in_the_readers_words_and_ends_with_a_breakdown(
    pages: Pages, lang: str
) -> None:
    """One game per language serves every check of what a player reads during and after a game:
    no coordinates or raw ids anywhere, the log's articles and plurals, the live score, the
    board's colour letters, and the breakdown (Japanese on a phone, where the page must never
    scroll sideways and the breakdown must fit 390 px)."""
    viewport = PHONE if lang == "ja" else LAPTOP
    page, _ = game_table(pages, "pyramido", lang, viewport, mode="none")
    tag = "phone" if viewport is PHONE else "laptop"
    seen: dict[str, Any] = {"log": set(), "live": [], "texts": set(), "scoring": False}

    def watch(clicks: int, kind: str) -> None:
        seen["log"].update(log_lines(page))
        if clicks % 3 == 0:
            seen["texts"].update(texts_read(page))
        if clicks % 9 == 0 and page.locator("#live-score summary").count():
            seen["live"].append(page.inner_text("#live-score summary"))
        if clicks == 12:
            screenshot(page, f"pyramido-board-{lang}-{tag}-mid-game")
        if not seen["scoring"] and page.locator("#game-root .pd-scoring").count():
            seen["scoring"] = True
            screenshot(page, f"pyramido-board-{lang}-{tag}-scoring")
        if viewport is PHONE:
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    play_to_end(page, seed=8, on_click=watch)
    watch(-1, "end")
    page.wait_for_selector(breakdown_spots(page))
    screenshot(page, f"pyramido-board-{lang}-{tag}-end")
    page.locator("#end-of-game").scroll_into_view_if_needed()
    screenshot(page, f"pyramido-words-end-{lang}")

    assert seen["scoring"], "the seat never scored a stage"
    texts = seen["texts"] | seen["log"]
    bad = sorted(text for text in texts if COORDINATES.search(text) or RAW_IDS.search(text))
    assert bad == []
    assert [line for line in seen["log"] if DOTTED_KEY.search(line)] == []
    # The live score was there during play, with a number.
    assert seen["live"] and all(re.search(r"\d", text) for text in seen["live"])
    if lang == "en":
        _assert_the_log_counts_in_the_right_plural(seen["log"])
    else:
        # The colour letters on the pieces are the language's own.
        letters = page.evaluate(
            "[...document.querySelectorAll('#game-root .pd-letter text')].map((n) => n.textContent)"
        )
        assert letters and not any(letter.isascii() for letter in letters)

    table = page.inner_text("#breakdown-table")
    assert DOTTED_KEY.findall(table) == []
    rows = page.eval_on_selector_all(
        "#breakdown-table tbody tr[data-row]", "rows => rows.map((r) => r.dataset.row)"
    )
    assert [row for row in rows if re.fullmatch(r"stage-\d", row)] == [
        "stage-1", "stage-2", "stage-3", "stage-4",
    ]
    # The areas behind the stages' points are named, each colour its own row.
    assert [row for row in rows if re.fullmatch(r"stage-\d-(orange|blue|purple|green|red)", row)]
    if lang == "ja":
        fit = breakdown_fit(page)
        assert fit == {"fits": True, "lines": fit["lines"]} and fit["lines"] <= 2, fit
    if lang != "en":
        english = [word for word in english_only(page, "pyramido", lang) if word in table]
        assert english == [], english

    # A cell of an area row lights, on the final pyramid, the squares of the area still in
    # sight (an area later stages covered whole lights its pyramid): never nothing, and the
    # squares themselves for some area (those of the last stage lie on top).
    cells = page.locator(
        ", ".join(breakdown_spots(page, row) for row in (
            "[data-row*='-'][data-row$='e']", "[data-row$='-red']", "[data-row$='-green']"))
    )
    squares = 0
    for index in range(cells.count()):
        cells.nth(index).click()
        poll(page, lambda: page.locator("#game-root .mh-spot").count(),
             "a clicked score lit nothing")
        squares = max(squares, page.locator("#game-root .pd-quarter.mh-spot").count())
    assert squares >= 1


def _assert_the_log_counts_in_the_right_plural(seen: set[str]) -> None:
    """Each line the English log of a finished game ever showed: articles and plurals right."""
    # "an orange gem" / "a blue gem", never "a orange gem"; "1 point" and "6 points".
    assert any(re.search(r"took the domino of space \d and an? \w+ gem\.", line) for line in seen)
    assert not [line for line in seen if re.search(r"\ba orange\b|\ban (blue|red|green|purple)\b"
                                                   r"|\b1 (points|gems|icons|squares)\b", line)]
    scored = [line for line in seen if " at stage " in line and " scored " in line]
    assert any(re.search(r"scored 1 point at", line) or re.search(r"\b1 icon\b", line)
               or re.search(r"\b1 gem\b", line) for line in seen), scored
    assert any(re.search(r"scored ([02-9]|\d\d+) points at", line) for line in scored), scored


def test_the_live_score_lights_what_it_counts(pages: Pages) -> None:
    page, table = game_table(pages, "pyramido", "en", PHONE, mode="none")
    page.wait_for_selector("#live-score summary")
    assert re.search(r"\d", page.inner_text("#live-score summary"))
    # Play until the live score counts an area: its row then points at its squares.
    rng = random.Random(3)
    area_row = (
        "[...document.querySelectorAll('#live-score tr[data-row]')].some((row) =>"
        " /^stage-\\d+-(?!mythical)/.test(row.dataset.row) && row.querySelector('.score-spot'))"
    )
    for _ in range(300):
        if page.evaluate(area_row):
            break
        assert play_one(page, rng) != "end"
    # Click while this seat is to move: the bot's next update would clear what a click lit.
    wait_for_turn(page, table["id"], [0])
    page.click("#live-score summary")
    # An area's row lights its squares (a stage's row lights the whole pyramid; a row of a past
    # stage may count squares a later stage covers now): one of them lights squares in sight.
    lit = 0
    for index in range(page.locator("#live-score button.score-spot").count()):
        page.locator("#live-score button.score-spot").nth(index).click()
        lit = page.locator("#game-root .pd-own .pd-quarter.mh-spot").count()
        if lit:
            break
    assert lit, "the live score lit nothing"
    assert DOTTED_KEY.findall(page.inner_text("#live-score")) == []
    screenshot(page, "pyramido-words-live-phone")


def test_option_help_names_no_internal_ids(pages: Pages) -> None:
    for spec in OPTIONS:
        assert not INTERNAL.search(spec.help), spec.help
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    helps: list[str] = page.evaluate(
        """async () => {
          const { texts } = await import('/games/pyramido/index.js');
          return ['en', 'ja', 'ko'].flatMap((lang) => Object.entries(texts[lang])
            .filter(([key]) => key.startsWith('option.') && key.endsWith('.help'))
            .map(([, text]) => text));
        }"""
    )
    assert len(helps) == 6
    assert [text for text in helps if INTERNAL.search(text)] == []


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_rules_page_draws_both_pictures(pages: Pages, lang: str) -> None:
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = pages.new(viewport=viewport)
        page.goto("/")
        page.evaluate("lang => localStorage.setItem('meeplehall.lang', lang)", lang)
        page.goto("/rules.html?game=pyramido")
        wait_ready(page)
        for diagram in ("sample-pyramid", "scored-area"):
            figure = page.locator(f"figure.rules-diagram[data-diagram='{diagram}'] svg")
            assert figure.count() >= 1, diagram
        # Two steps of the pyramid; one area outlined with its value.
        assert page.locator("figure[data-diagram='sample-pyramid'] svg.pd-top").count() == 2
        assert page.locator("figure[data-diagram='scored-area'] .pd-area-lit").count() == 1
        fits = page.evaluate(
            """() => [...document.querySelectorAll('figure.rules-diagram')].every(
                 (figure) => figure.getBoundingClientRect().right <= window.innerWidth + 0.5)"""
        )
        assert fits
        page.locator("figure[data-diagram='sample-pyramid']").scroll_into_view_if_needed()
        screenshot(page, f"pyramido-words-rules-{lang}-{name}")
