"""Playing from the keyboard: after choosing a Monster Hex unit with Enter, the focus is on the
first place it can go, one Tab stop away from playing it (not at the top of the page's tab
stops)."""

from __future__ import annotations

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
)

ON_A_PLACE = """document.activeElement && document.activeElement.matches(
  '#game-root [data-legal], #game-root svg [data-choice]')"""


def test_choosing_a_unit_from_the_keyboard_moves_the_focus_to_where_it_can_go(
    pages: Pages,
) -> None:
    page = pages.new()
    login_guest(page, unique_name("Keys"))
    table = create_table(page, "monsterhex", players=2, seat=0, start=True,
                         bots=[{"seat": 1, "level": 1}], mode="live", initial_seconds=3600)
    page.goto(table_url(table))
    wait_for_game(page)
    unit = "#game-root .mx-unit-button[data-choice]"
    page.wait_for_selector(unit)
    page.focus(unit)
    assert not page.evaluate(ON_A_PLACE)
    page.keyboard.press("Enter")
    wait_for_js(page, ON_A_PLACE)
