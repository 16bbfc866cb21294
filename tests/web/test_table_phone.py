"""The table page on a phone: whose turn it is and the clocks stay in sight as the board scrolls."""

from __future__ import annotations

import re

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
)


def test_phone_keeps_seats_and_clocks_at_the_top_while_the_board_scrolls(pages: Pages) -> None:
    page = pages.new(viewport={"width": 390, "height": 844})
    login_guest(page, unique_name("phone"))
    table = create_table(page, "monsterhex", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(table))
    wait_for_game(page)
    page.wait_for_selector("#turn-bar li[data-seat='0'][data-status='to_move']")

    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    wait_for_js(page, "window.scrollY > 300")
    bar = page.evaluate(
        "(() => { const r = document.querySelector('#turn-bar').getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, width: r.width}; })()"
    )
    assert 0 <= bar["top"] < 2 and bar["bottom"] < 120 and bar["width"] <= 390
    clock = page.text_content("#turn-bar li[data-seat='0'] .player-clock") or ""
    assert re.fullmatch(r"\d+:\d\d", clock), clock
    # The clock in the bar ticks like the panel's.
    wait_for_js(
        page,
        "text => document.querySelector(\"#turn-bar li[data-seat='0'] .player-clock\")"
        ".textContent !== text",
        clock,
    )

    # On a laptop the seats panel is beside the board: no bar.
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not page.is_visible("#turn-bar")
    assert page.is_visible("#players")
