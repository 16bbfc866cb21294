"""Playing from the keyboard: after choosing a Monster Hex unit, a Yaxha cube or a Pyramido
domino with Enter, the focus is on the first place it can go, one Tab stop away from playing it
(not at the top of the page's tab stops); what only shows something (Yaxha's score chips) is no
tab stop; a piece in hand, chosen or not, shows the market's focus ring. The board toolbar's
palette and coordinates toggles work and are remembered."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
    wait_for_turn,
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


def _table(pages: Pages, game: str) -> tuple[Any, dict[str, Any]]:
    page = pages.new()
    login_guest(page, unique_name("Keys"))
    table = create_table(page, game, players=2, seat=0, start=True,
                         bots=[{"seat": 1, "level": 1}], mode="live", initial_seconds=3600)
    page.goto(table_url(table))
    wait_for_game(page)
    return page, table


def test_choosing_a_yaxha_cube_from_the_keyboard_moves_the_focus_to_its_first_spot(
    pages: Pages,
) -> None:
    page, table = _table(pages, "yaxha")
    wait_for_turn(page, table["id"], [0])
    page.locator("#game-root .yx-tile[data-legal]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#game-root .yx-hand-section")
    cube = page.locator("#game-root .yx-hand-cube[data-choice]").last
    cube.focus()
    assert not page.evaluate(ON_A_PLACE)
    page.keyboard.press("Enter")
    wait_for_js(page, ON_A_PLACE)
    assert page.evaluate("document.activeElement.matches('#game-root [data-legal]')")


def test_taking_a_pyramido_domino_from_the_keyboard_moves_the_focus_to_its_first_place(
    pages: Pages,
) -> None:
    page, table = _table(pages, "pyramido")
    wait_for_turn(page, table["id"], [0])
    page.locator("#game-root .pd-take-gem[data-legal]").first.focus()
    page.keyboard.press("Enter")
    # Taking from a space may first ask to turn a pile face up (from the keyboard too).
    # The focus is on its first pile, and Enter turns it.
    page.wait_for_selector("#game-root .pd-reveal[data-legal], #game-root .pd-place-panel")
    if page.locator("#game-root .pd-reveal[data-legal]").count():
        wait_for_js(page, "document.activeElement.matches('#game-root .pd-reveal[data-legal]')")
        page.keyboard.press("Enter")
    page.wait_for_selector("#game-root .pd-place-panel")
    wait_for_js(page, "document.activeElement && document.activeElement.matches("
                      "'#game-root svg [data-legal]')")
    # The place focused plays a placement: Enter sends it.
    focused = int(page.evaluate("document.activeElement.dataset.legal"))
    last = page.evaluate("Number(document.body.dataset.sent)")
    page.keyboard.press("Enter")
    wait_for_js(page, f"Number(document.body.dataset.sent) > {last}")
    assert focused >= 0


def test_taking_a_domino_with_the_pointer_leaves_the_focus_alone(pages: Pages) -> None:
    page, table = _table(pages, "pyramido")
    wait_for_turn(page, table["id"], [0])
    page.locator("#game-root .pd-take-gem[data-legal]").first.click()
    page.wait_for_selector("#game-root .pd-reveal[data-legal], #game-root .pd-place-panel")
    if page.locator("#game-root .pd-reveal[data-legal]").count():
        page.locator("#game-root .pd-reveal[data-legal]").first.click()
    page.wait_for_selector("#game-root .pd-place-panel")
    # Drawn, and a moment for a focus that would come after the redraw: none comes.
    page.evaluate("new Promise((done) => setTimeout(done, 100))")
    assert not page.evaluate("document.activeElement.matches('#game-root svg [data-legal]')")


#: The tab stops inside the board that neither play, choose nor are a control of their own.
IDLE_TAB_STOPS = """() => [...document.querySelectorAll('#game-root [tabindex], #game-root a,'
    + ' #game-root button, #game-root input, #game-root select')]
  .filter((node) => node.tabIndex >= 0 && !node.disabled && node.getClientRects().length)
  .filter((node) => !node.matches('[data-legal], [data-choice], button, a[href], input, select'))
  .map((node) => `${node.tagName.toLowerCase()}.${node.getAttribute('class')}`)"""


def test_score_chips_are_no_tab_stops(pages: Pages) -> None:
    page, table = _table(pages, "yaxha")
    wait_for_turn(page, table["id"], [0])
    page.wait_for_selector("#game-root .yx-score")
    assert page.evaluate(IDLE_TAB_STOPS) == []
    # Still pointed at with the mouse, a chip lights its colour's group.
    page.hover("#game-root .yx-own .yx-score[data-colour='blue'], #game-root .yx-score >> nth=0")
    page.wait_for_selector("#game-root .yx-board.yx-lit")


RING = """() => { const style = getComputedStyle(document.activeElement);
  return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`; }"""


def test_a_piece_in_hand_shows_the_markets_focus_ring_chosen_or_not(pages: Pages) -> None:
    page, table = _table(pages, "yaxha")
    wait_for_turn(page, table["id"], [0])
    page.locator("#game-root .yx-tile[data-legal]").first.focus()
    page.keyboard.press("Shift+Tab")  # a key first: the focus ring shows for keyboard users
    page.keyboard.press("Tab")
    market = page.evaluate(RING)
    assert market.startswith("solid 3px")
    page.keyboard.press("Enter")
    page.wait_for_selector("#game-root .yx-hand-section")
    hand = "#game-root .yx-hand-cube[data-choice]"
    page.locator(hand).first.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.matches('.yx-hand-cube')")
    assert page.evaluate(RING) == market
    # Chosen (pressed), it keeps the same ring while focused.
    page.keyboard.press("Space")
    page.locator(f"{hand}[aria-pressed='true']").first.focus()
    assert page.evaluate(RING) == market


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
