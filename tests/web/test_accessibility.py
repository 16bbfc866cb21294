"""axe-core's accessibility rules, in the browser, on every page of the hall: the lobby (signed
out, and signed in with its friends and create form), a table of each game in play and
finished, a replay and a rules page. No serious or critical violation is allowed. The finished
table's result names its winners with their seat badges, and its chart shows whole names."""

from __future__ import annotations

import re
from typing import Any

from axe_playwright_python.sync_playwright import Axe

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

GAMES = with_renderer()
#: The impacts axe-core grades as blocking someone from using the page.
BLOCKING = {"serious", "critical"}


def _blocking(axe: Axe, page: Any, where: str) -> list[str]:
    """The serious and critical violations on the page, each with where and what it hit."""
    results = axe.run(page)
    found = []
    for violation in results.response["violations"]:
        if violation["impact"] in BLOCKING:
            targets = [" ".join(node["target"]) for node in violation["nodes"][:3]]
            found.append(f"{where}: {violation['id']} ({violation['help']}) at {targets}")
    return found


def _assert_whole_names(page: Any) -> None:
    """The end of the game names each winner after their seat badge (not "1. Name", which
    reads as a rank), and the bar chart shows every name whole, inside the chart."""
    winners = page.locator("#end-of-game .winners .winner")
    assert winners.count() >= 1
    for index in range(winners.count()):
        winner = winners.nth(index)
        assert winner.locator(".seat-badge").count() == 1
        assert not re.match(r"\d+\.", winner.inner_text().split("\n")[-1].strip())
    chart = page.locator("#breakdown-chart").bounding_box()
    names = page.locator("#breakdown-chart text.bar-name")
    shown = [names.nth(index).text_content() for index in range(names.count())]
    headers = page.locator("#breakdown-table thead .seat-name")
    assert shown == [headers.nth(index).text_content() for index in range(headers.count())]
    for index in range(names.count()):
        box = names.nth(index).bounding_box()
        assert chart["x"] <= box["x"] and box["x"] + box["width"] <= chart["x"] + chart["width"]


def test_no_page_has_a_serious_accessibility_violation(pages: Pages) -> None:
    axe = Axe()
    page = pages.new()
    found: list[str] = []
    page.goto("/")
    wait_ready(page)
    found += _blocking(axe, page, "lobby, signed out")
    login_guest(page, unique_name("Axe"))
    found += _blocking(axe, page, "lobby with friends and the create form")
    for game in GAMES:
        playing = create_table(page, game, players=2, seat=0, start=True,
                               bots=[{"seat": 1, "level": 1}])
        page.goto(table_url(playing))
        wait_for_game(page)
        page.wait_for_selector("#game-root [data-legal], #game-root [data-choice]")
        found += _blocking(axe, page, f"{game} in play")
        page.goto(f"/rules.html?game={game}")
        wait_ready(page)
        found += _blocking(axe, page, f"{game} rules")
    finished = finished_bot_table(page, "pyramido")
    page.goto(table_url(finished))
    page.wait_for_selector("#end-of-game")
    found += _blocking(axe, page, "a finished table")
    _assert_whole_names(page)
    page.goto(f"/replay.html?id={finished['id']}")
    wait_ready(page)
    page.click("#replay-forward")
    found += _blocking(axe, page, "a replay")
    assert found == [], "\n".join(found)
