"""Each game played to its end-of-game screen through its renderer, one human seat against a bot.

The clicks go only through the renderer's data-choice / data-legal elements (the shared
``play_to_end`` helper), so a game that reaches its end screen proves that the renderer offered a
legal way forward at every step. Screenshots of each table page mid-game and at the end are saved
under test-artifacts/ for people to look at.
"""

from __future__ import annotations

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

#: Per game: the options of the table, and CSS selectors the renderer must draw for each seat.
GAMES: dict[str, dict[str, Any]] = {
    "yaxha": {
        "options": {},
        "per_seat": ".yx-pyramid",
        "always": [".yx-card", ".yx-tile"],
        "korean": "피라미드",
    },
    "pyramido": {
        "options": {},
        "per_seat": ".pd-pyramid",
        "always": [".pd-space"],
        "korean": "탐험 구역",
    },
    "monsterhex": {
        "options": {"objectives": True, "abilities": "random"},
        "per_seat": None,
        "always": [".mx-board", ".mx-unit"],
        "korean": "마석",
    },
}
MID_GAME_CLICK = 12


def _play_against_a_bot(pages: Pages, game: str) -> tuple[Any, int, dict[str, Any]]:
    page = pages.new()
    login_guest(page, unique_name("Player"))
    table = create_table(
        page,
        game,
        start=True,
        players=2,
        seat=0,
        bots=[{"seat": 1, "level": 1}],
        options=GAMES[game]["options"],
        mode="live",
        initial_seconds=3600,
    )
    page.goto(table_url(table))
    wait_for_game(page)

    def mid_game(clicks: int, kind: str) -> None:
        if clicks == MID_GAME_CLICK:
            screenshot(page, f"{game}-mid-game")

    clicks = play_to_end(page, seed=7, on_click=mid_game)
    screenshot(page, f"{game}-end")
    return page, clicks, table


def _assert_drawn(page: Any, game: str, seats: int) -> None:
    spec = GAMES[game]
    if spec["per_seat"]:
        assert page.locator(f"#game-root {spec['per_seat']}").count() == seats
    for selector in spec["always"]:
        assert page.locator(f"#game-root {selector}").count() >= 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_one_human_plays_a_whole_game_against_a_bot_through_the_renderer(
    pages: Pages, game: str
) -> None:
    page, clicks, table = _play_against_a_bot(pages, game)
    assert clicks > MID_GAME_CLICK
    assert page.get_attribute("body", "data-status") == "finished"
    assert page.locator("#end-of-game").is_visible()
    assert page.locator("#breakdown-table").count() == 1
    # The renderer still draws the final position, and nothing is left to click.
    _assert_drawn(page, game, 2)
    assert page.locator("#game-root [data-legal]").count() == 0

    # The same finished table in Korean: the renderer's own texts switch language.
    page.evaluate("localStorage.setItem('meeplehall.lang', 'ko')")
    page.reload()
    wait_for_game(page)
    page.wait_for_selector("#end-of-game")
    assert GAMES[game]["korean"] in page.inner_text("#game-root")
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
    _assert_drawn(page, game, 2)
    screenshot(page, f"{game}-replay-middle")
    slider.fill(str(total))
    _assert_drawn(page, game, 2)
    assert page.locator("#game-root [data-legal]").count() == 0
