"""Each game played to its end-of-game screen through its renderer, one human seat against a bot
(or solo).

The clicks go only through the renderer's data-choice / data-legal elements (the shared
``play_to_end`` helper), so a game that reaches its end screen proves that the renderer offered a
legal way forward at every step. Screenshots of each table page mid-game and at the end, and of
the replay, are saved under test-artifacts/ for people to look at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    play_to_end,
    screenshot,
    table_url,
    unique_name,
    wait_for_game,
    wait_ready,
)


@dataclass(frozen=True)
class Case:
    """A table to play, and what its renderer must draw."""

    name: str
    game: str
    players: int
    korean: str  # a text of the game's renderer in Korean
    always: tuple[str, ...]  # selectors drawn at least once
    per_seat: str | None = None  # a selector drawn once per seat
    options: dict[str, Any] = field(default_factory=dict)


CASES = [
    Case("yaxha", "yaxha", 2, "피라미드", (".yx-card", ".yx-tile"), ".yx-pyramid"),
    Case("pyramido", "pyramido", 2, "탐험 구역", (".pd-space",), ".pd-pyramid"),
    # Solo: the Legendary Explorer's panel is drawn beside the one pyramid.
    Case(
        "pyramido-solo",
        "pyramido",
        1,
        "전설의 탐험가",
        (".pd-space", ".pd-explorer"),
        ".pd-pyramid",
    ),
    # Two players with the shared faction (its own turns), drafted abilities and objectives.
    Case(
        "monsterhex-shared",
        "monsterhex",
        2,
        "마석",
        (".mx-board", ".mx-unit"),
        options={"objectives": True, "abilities": "draft", "shared_faction": True},
    ),
]
MID_GAME_CLICK = 12


def _play(pages: Pages, case: Case) -> tuple[Any, int, dict[str, Any]]:
    page = pages.new()
    login_guest(page, unique_name("Player"))
    table = create_table(
        page,
        case.game,
        start=True,
        players=case.players,
        seat=0,
        bots=[{"seat": seat, "level": 1} for seat in range(1, case.players)],
        options=case.options,
        mode="live",
        initial_seconds=3600,
    )
    page.goto(table_url(table))
    wait_for_game(page)

    def mid_game(clicks: int, kind: str) -> None:
        if clicks == MID_GAME_CLICK:
            screenshot(page, f"{case.name}-mid-game")

    clicks = play_to_end(page, seed=7, on_click=mid_game)
    screenshot(page, f"{case.name}-end")
    return page, clicks, table


def _assert_drawn(page: Any, case: Case) -> None:
    if case.per_seat:
        assert page.locator(f"#game-root {case.per_seat}").count() == case.players
    for selector in case.always:
        assert page.locator(f"#game-root {selector}").count() >= 1


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_one_human_plays_a_whole_game_through_the_renderer(pages: Pages, case: Case) -> None:
    page, clicks, table = _play(pages, case)
    assert clicks > MID_GAME_CLICK
    assert page.get_attribute("body", "data-status") == "finished"
    assert page.locator("#end-of-game").is_visible()
    assert page.locator("#breakdown-table").count() == 1
    # The renderer still draws the final position, and nothing is left to click.
    _assert_drawn(page, case)
    assert page.locator("#game-root [data-legal]").count() == 0

    # The same finished table in Korean: the renderer's own texts switch language.
    page.evaluate("localStorage.setItem('meeplehall.lang', 'ko')")
    page.reload()
    wait_for_game(page)
    page.wait_for_selector("#end-of-game")
    assert case.korean in page.inner_text("#game-root")
    page.evaluate("localStorage.setItem('meeplehall.lang', 'en')")

    # Its replay, stepped to the middle and to the end, draws the spectator view.
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    slider = page.locator("#replay-slider")
    total = int(slider.get_attribute("max") or 0)
    assert total > 0
    slider.fill(str(total // 2))
    page.wait_for_function(
        "half => document.querySelector('#replay-slider').value == half", arg=total // 2
    )
    _assert_drawn(page, case)
    screenshot(page, f"{case.name}-replay-middle")
    slider.fill(str(total))
    _assert_drawn(page, case)
    assert page.locator("#game-root [data-legal]").count() == 0
