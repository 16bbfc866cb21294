"""Playing from the keyboard: after choosing a Monster Hex unit with Enter, the focus is on the
first place it can go, one Tab stop away from playing it (not at the top of the page's tab
stops). The board toolbar's palette and coordinates toggles work and are remembered."""

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


def test_the_palette_and_coordinates_toggles_are_remembered(pages: Pages) -> None:
    page = pages.new()
    login_guest(page, unique_name("Toggles"))
    table = create_table(page, "monsterhex", players=2, seat=0, start=True,
                         bots=[{"seat": 1, "level": 1}], mode="live", initial_seconds=3600)
    page.goto(table_url(table))
    wait_for_game(page)
    label = "#game-root .mx-cell-label.mh-coord"
    page.wait_for_selector(label, state="attached")
    assert not page.locator(label).first.is_visible()  # no coordinates unless asked for
    page.click("#board-coordinates")
    page.wait_for_selector(label)
    fill = "document.querySelector('#game-root .mx-unit-button .mx-unit-tile').getAttribute('fill')"
    standard = page.evaluate(fill)
    page.click("#board-palette")
    wait_for_js(page, f"{fill} !== '{standard}'")
    # Both are remembered: a reload keeps them, and they turn off again.
    page.reload()
    wait_for_game(page)
    page.wait_for_selector(label)
    assert page.evaluate("document.documentElement.dataset.palette") == "safe"
    assert page.get_attribute("#board-palette", "aria-pressed") == "true"
    page.click("#board-coordinates")
    page.wait_for_selector(label, state="hidden")
    page.click("#board-palette")
    wait_for_js(page, f"{fill} === '{standard}'")
