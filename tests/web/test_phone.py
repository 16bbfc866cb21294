"""The hall on a phone (390x844): the lobby opens on the games, and every control of a table's
board and its frame is at least 44x44 CSS px, the size of a fingertip."""

from __future__ import annotations

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    table_url,
    unique_name,
    wait_for_game,
    wait_ready,
)
from tests.web.wordchecks import PHONE

#: The smallest a control may be on a phone, in CSS px (WCAG 2.5.5's target size).
FINGERTIP = 44

SMALL_CONTROLS = """() => [...document.querySelectorAll(
    '.board-toolbar button, .board-toolbar select, #game-root button, #game-root select,'
    + ' #game-root input, #game-root [role=button]')]
  .map((node) => [node, node.getBoundingClientRect()])
  .filter(([node, box]) => box.width > 0 && (box.width < 43.5 || box.height < 43.5))
  .map(([node, box]) => `${node.tagName.toLowerCase()}.${node.getAttribute('class') || ''}`
    + `[${node.dataset.legal ?? node.dataset.choice ?? node.id}] ${Math.round(box.width)}x`
    + `${Math.round(box.height)}`)"""


def test_the_phone_lobby_opens_on_the_games(pages: Pages) -> None:
    page = pages.new(viewport=PHONE)
    page.goto("/")
    wait_ready(page)
    games = page.locator("#games").bounding_box()
    forms = page.locator("#guest-form").bounding_box()
    assert games and forms and games["y"] < forms["y"]
    assert games["y"] < PHONE["height"] / 2


def test_every_board_control_on_a_phone_takes_a_fingertip(pages: Pages) -> None:
    page = pages.new(viewport=PHONE)
    login_guest(page, unique_name("Thumb"))
    small: list[str] = []
    for game in ("yaxha", "pyramido", "monsterhex"):
        table = create_table(page, game, players=2, seat=0, start=True,
                             bots=[{"seat": 1, "level": 1}], mode="live", initial_seconds=3600)
        page.goto(table_url(table))
        wait_for_game(page)
        page.wait_for_selector("#game-root [data-legal], #game-root [data-choice]")
        small += [f"{game}: {found}" for found in page.evaluate(SMALL_CONTROLS)]
    assert small == [], "\n".join(small)
