"""Yaxha's words around the board: no coordinates or internal ids in any text of a whole game,
the end-of-game breakdown in people's words (each colour's largest group and each bonus card, a
click lighting what scored), the live score, a log that says each secret choice and each round's
building once, in the right plural, refusals and option help in plain words, and the rules page's
pictures. Real server, real Chromium, in English, Japanese and Korean."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from meeplehall.games.yaxha.options import OPTIONS
from tests.web.conftest import (
    Pages,
    play_one,
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

ENGINE = Path(__file__).resolve().parents[2] / "src" / "meeplehall" / "games" / "yaxha"
# A position written as numbers: "(1, 2)", "x=1", "level 2 at 1,3".
COORDINATES = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|\b[xy]\s*=\s*-?\d|\d\s*,\s*\d\s*\)")
# What must never reach a player: place and piece keys, text keys left untranslated, placeholders
# left unfilled, values written as text by mistake, engine field names.
RAW_IDS = re.compile(
    r"\byx-\w|\b(?:ev|act|colour|letter|card_name|card_text|phase)_\w+|\{\w+\}"
    r"|undefined|null|NaN|\[object|\blevel\s*\d+\s*,\s*x\b|\bx\s*=\s*-?\d|\?\d"
)
# English that counts wrong: "1 cubes", "1 pts", "a orange" (a card's "level-1 cubes" is right).
WRONG_WORDS = re.compile(r"(?<![\w-])1 (?:cubes|pts|colour points)\b|\ba orange\b")
# Internal names that option help must never show.
INTERNAL = re.compile(
    r"bga_snapshot|distinct_sizes|runner_up_player|\bcards? \d|\d\s*[-~〜]\s*\d|\d+番(?!目)"
)


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_a_whole_game_reads_in_the_readers_words_and_ends_with_a_breakdown(
    pages: Pages, lang: str
) -> None:
    """One game per language serves every check of what a player reads during and after a game:
    no coordinates or raw ids anywhere, the log's plurals and its one line per choice and building,
    the live score, and the breakdown (Japanese on a phone, where it must fit 390 px)."""
    page, _ = game_table(pages, "yaxha", lang, PHONE if lang == "ja" else LAPTOP, mode="none")
    seen: dict[str, Any] = {"log": set(), "live": [], "texts": set()}

    def watch(clicks: int, kind: str) -> None:
        seen["log"].update(log_lines(page))
        if clicks % 4 == 0:
            seen["texts"].update(texts_read(page))
        if clicks % 7 == 0 and page.locator("#live-score summary").count():
            seen["live"].append(page.inner_text("#live-score summary"))

    play_to_end(page, seed=8, on_click=watch)
    watch(0, "end")
    page.wait_for_selector(breakdown_spots(page))
    screenshot(page, f"yaxha-words-end-{lang}")

    assert len(seen["texts"]) > 50
    texts = seen["texts"] | seen["log"]
    bad = sorted(text for text in texts if COORDINATES.search(text) or RAW_IDS.search(text))
    assert bad == []
    assert [line for line in seen["log"] if DOTTED_KEY.search(line)] == []
    # The live score was there during play, in the reader's words and with a number.
    assert seen["live"] and all(re.search(r"\d", text) for text in seen["live"])
    if lang == "en":
        _assert_the_log_says_each_choice_and_building_once(page, seen["log"])

    table = page.inner_text("#breakdown-table")
    assert DOTTED_KEY.findall(table) == []
    rows = page.eval_on_selector_all(
        "#breakdown-table tbody tr[data-row]", "rows => rows.map((r) => r.dataset.row)"
    )
    assert [row for row in rows if row.startswith("colour-")] == [
        "colour-orange",
        "colour-yellow",
        "colour-blue",
        "colour-green",
        "colour-white",
    ]
    assert len([row for row in rows if row.startswith("bonus-")]) == 3
    if lang == "ja":
        fit = breakdown_fit(page)
        assert fit == {"fits": True, "lines": fit["lines"]} and fit["lines"] <= 2, fit
    if lang != "en":
        english = [word for word in english_only(page, "yaxha", lang) if word in table]
        assert english == [], english

    # A cell of the breakdown lights, on the final board, the cubes that scored it.
    cell = page.locator(breakdown_spots(page, "[data-row^='colour-']")).first
    cell.click()
    lit = poll(
        page,
        lambda: page.locator("#game-root .yx-cube.mh-spot").count(),
        "a clicked score lit nothing",
    )
    assert lit >= 1


def _assert_the_log_says_each_choice_and_building_once(page: Any, every: set[str]) -> None:
    """The English log of a finished game against one bot: each own choice and each round's
    building said once, in the right plural (``every``: each line the log ever showed)."""
    # One line, rewritten as cubes go in: "1 cube" on the way, "3 cubes" at the end of a round.
    assert "You placed 1 cube." in every and "You placed 3 cubes." in every
    assert not [line for line in every if WRONG_WORDS.search(line)]
    final = log_lines(page)
    # Round 1 begins with the table (no line); rounds 2 to 10 each with a line.
    begins = [i for i, line in enumerate(final) if line.startswith("Round ") and "begins" in line]
    assert len(begins) == 9
    rounds = [0, *begins]
    for start, end in zip(rounds, [*rounds[1:], len(final)], strict=True):
        lines = final[start:end]
        assert len([line for line in lines if line.startswith("You chose tile")]) == 1, lines
        assert len([line for line in lines if line.startswith("You placed")]) <= 1, lines
        assert not [line for line in lines if line.startswith("Mason") and "has chosen" in line], (
            lines
        )
        # The bot's building: said once while hidden, then what it confirmed at the reveal.
        assert len([line for line in lines if line.endswith(" is building.")]) <= 1, lines
    assert any(re.search(r"built: .*confirmed 3 cubes", line) for line in final)
    assert not [line for line in final if "made a hidden move" in line]
    # The board's score chips count in the same words: "1 pt", never "1 pts".
    board = page.inner_text("#game-root")
    assert not WRONG_WORDS.search(board)


def test_the_live_score_lights_what_it_counts(pages: Pages) -> None:
    page, _ = game_table(pages, "yaxha", "en", PHONE, mode="none")
    page.wait_for_selector("#live-score summary")
    assert re.search(r"\d", page.inner_text("#live-score summary"))
    # Play until the own pyramid has a cube: its colour row then points at it on the board.
    rng = random.Random(3)
    for _ in range(60):
        if (
            page.locator("#game-root .yx-own .yx-cube").count()
            and page.locator("#live-score").count()
        ):
            break
        assert play_one(page, rng) != "end"
    page.click("#live-score summary")
    button = page.locator("#live-score tr[data-row^='colour-'] button.score-spot").first
    button.click()
    poll(
        page,
        lambda: page.locator("#game-root .yx-own .yx-cube.mh-spot").count(),
        "the live score lit nothing",
    )
    assert DOTTED_KEY.findall(page.inner_text("#live-score")) == []
    screenshot(page, "yaxha-words-live-phone")


def test_every_rule_the_engine_refuses_by_has_its_sentence_in_three_languages(pages: Pages) -> None:
    rules = set()
    for path in ENGINE.glob("*.py"):
        rules |= set(re.findall(r'rule="(\w+)"', path.read_text(encoding="utf-8")))
    assert len(rules) >= 15
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    missing = page.evaluate(
        """async (rules) => {
          const { texts } = await import('/games/yaxha/index.js');
          return ['en', 'ja', 'ko'].flatMap((lang) =>
            rules.filter((rule) => !texts[lang][`illegal.${rule}`])
              .map((rule) => `${lang} ${rule}`));
        }""",
        sorted(rules),
    )
    assert missing == []


def test_option_help_names_no_internal_ids(pages: Pages) -> None:
    for spec in OPTIONS:
        assert not INTERNAL.search(spec.help), spec.help
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    helps: list[str] = page.evaluate(
        """async () => {
          const { texts } = await import('/games/yaxha/index.js');
          return ['en', 'ja', 'ko'].flatMap((lang) => Object.entries(texts[lang])
            .filter(([key]) => key.startsWith('option.')).map(([, text]) => text));
        }"""
    )
    assert len(helps) >= 30
    assert [text for text in helps if INTERNAL.search(text)] == []


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_rules_page_draws_both_pictures(pages: Pages, lang: str) -> None:
    for name, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = pages.new(viewport=viewport)
        page.goto("/")
        page.evaluate("lang => localStorage.setItem('meeplehall.lang', lang)", lang)
        page.goto("/rules.html?game=yaxha")
        wait_ready(page)
        for diagram in ("sample-pyramid", "scored-group"):
            figure = page.locator(f"figure.rules-diagram[data-diagram='{diagram}'] svg")
            assert figure.count() >= 1, diagram
        # The whole pyramid and its four levels; the hidden cubes faded; the group outlined.
        assert page.locator("figure[data-diagram='sample-pyramid'] svg.yx-board").count() == 5
        assert (
            page.locator("figure[data-diagram='sample-pyramid'] .yx-cube.yx-hidden").count()
            == 2 * 5
        )
        assert page.locator("figure[data-diagram='scored-group'] svg.yx-lit .yx-best").count() == 5
        # The pictures fit the screen (the page's own tables are the shell's to fit).
        fits = page.evaluate(
            """() => [...document.querySelectorAll('figure.rules-diagram')].every(
                 (figure) => figure.getBoundingClientRect().right <= window.innerWidth + 0.5)"""
        )
        assert fits
        page.locator("figure[data-diagram='sample-pyramid']").scroll_into_view_if_needed()
        screenshot(page, f"yaxha-words-rules-{lang}-{name}")
