"""The hall on a phone (390x844): the lobby opens on the games, every control of a table's board
and its frame is at least 44x44 CSS px, the size of a fingertip, the end-of-game breakdown is a
card per player, and a replay's controls stay at the bottom of the screen."""

from __future__ import annotations

from tests.registry_games import with_renderer
from tests.web.conftest import (
    Pages,
    create_table,
    finished_bot_table,
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
    for game in with_renderer():
        table = create_table(page, game, players=2, seat=0, start=True,
                             bots=[{"seat": 1, "level": 1}], mode="live", initial_seconds=3600)
        page.goto(table_url(table))
        wait_for_game(page)
        page.wait_for_selector("#game-root [data-legal], #game-root [data-choice]")
        small += [f"{game}: {found}" for found in page.evaluate(SMALL_CONTROLS)]
    assert small == [], "\n".join(small)


#: Every control of a page, not only the board's.
PAGE_CONTROLS = SMALL_CONTROLS.replace(
    "'.board-toolbar button, .board-toolbar select, #game-root button, #game-root select,'\n"
    "    + ' #game-root input, #game-root [role=button]'",
    "'button, select, input, [role=button], a.button-link'")


def test_every_control_of_the_lobby_the_create_form_and_a_replay_takes_a_fingertip(
    pages: Pages,
) -> None:
    page = pages.new(viewport=PHONE)
    assert PAGE_CONTROLS != SMALL_CONTROLS
    page.goto("/")
    wait_ready(page)
    small = [f"lobby: {found}" for found in page.evaluate(PAGE_CONTROLS)]
    login_guest(page, unique_name("Fingers"))
    page.click(".game-card[data-game=monsterhex] .new-table")
    page.wait_for_selector("#create-options")
    small += [f"create form: {found}" for found in page.evaluate(PAGE_CONTROLS)]
    table = finished_bot_table(page, "yaxha")
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    small += [f"replay: {found}" for found in page.evaluate(PAGE_CONTROLS)]
    assert small == [], "\n".join(small)


def test_the_end_of_game_breakdown_on_a_phone_is_one_card_per_player(pages: Pages) -> None:
    page = pages.new(viewport=PHONE)
    login_guest(page, unique_name("Cards"))
    table = finished_bot_table(page, "pyramido", players=3)
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    page.click("#show-result")
    cards = page.locator("#breakdown-cards .breakdown-card")
    assert cards.count() == 3
    assert not page.is_visible("#breakdown-table")
    for seat in range(3):
        card = cards.nth(seat)
        assert card.is_visible()
        assert card.locator("h3 .seat-badge").inner_text() == str(seat + 1)
        # The whole name, as the table's header names the seat (there only in its tooltip).
        header = page.locator("#breakdown-table thead th[scope=col]").nth(seat + 1)
        assert card.locator("h3 .seat-name").inner_text() == header.get_attribute("aria-label")
        total = card.locator("dd.total").inner_text()
        assert int(total) == table["result"]["scores"][seat]
    # Nothing on the page is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # On a laptop the table is back and the cards are gone.
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.is_visible("#breakdown-table") and not cards.first.is_visible()


def test_the_replays_controls_stay_at_the_bottom_of_a_phones_screen(pages: Pages) -> None:
    page = pages.new(viewport=PHONE)
    login_guest(page, unique_name("Sticky"))
    table = finished_bot_table(page, "yaxha")
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    controls = "#replay .replay-controls"
    # Anywhere along the board they sit at the bottom of the screen; by the log, at the end of
    # the replay's section, they come to rest under it, still in sight.
    board = page.locator("#replay .table-main").bounding_box()
    assert board is not None and board["height"] > PHONE["height"] / 2
    middle = board["y"] + board["height"] / 2
    for where, y in (("board's top", board["y"]), ("board's middle", middle), ("log", None)):
        if y is None:
            page.locator("#log").scroll_into_view_if_needed()
        else:
            page.evaluate("y => window.scrollTo(0, y)", y)
        box = page.locator(controls).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5, (where, box)
        if y is not None:
            assert box["y"] + box["height"] >= PHONE["height"] - 2, (where, box)
        # ... and on top: the button there is the control, not something under it.
        forward = page.locator("#replay-forward").bounding_box()
        assert forward is not None
        middle = [forward["x"] + forward["width"] / 2, forward["y"] + forward["height"] / 2]
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y)?.closest('button')?.id", middle)
        assert hit == "replay-forward"
    before = int(page.get_attribute("body", "data-step") or 0)
    page.click("#replay-forward")
    assert int(page.get_attribute("body", "data-step") or 0) == before + 1
