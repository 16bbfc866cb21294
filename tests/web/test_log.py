"""The table page's game log: lines in the colour of their seat, hidden moves said once per seat
and round, no list numbers doubling a replay's step numbers."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    play_to_end,
    table_url,
    unique_name,
    wait_for_game,
)

ROUND = re.compile(r"^Round \d+ begins")
HIDDEN = re.compile(r"^(?P<name>.+?) (has chosen a tile|made a hidden move)\.$")


def _log(page: Any) -> list[dict[str, str]]:
    lines: list[dict[str, str]] = page.evaluate(
        """[...document.querySelectorAll('#log > li')].map((li) => ({
             text: li.innerText.trim(), seat: li.dataset.seat ?? '',
             colour: getComputedStyle(li).getPropertyValue('border-left-color')}))"""
    )
    return lines


def test_a_yaxha_game_against_two_bots_says_each_hidden_choice_once_per_seat_and_round(
    pages: Pages,
) -> None:
    page = pages.new()
    login_guest(page, unique_name("Logger"))
    bots = [{"seat": 1, "level": 1}, {"seat": 2, "level": 1}]
    table = create_table(page, "yaxha", players=3, bots=bots, mode="none", start=True)
    page.goto(table_url(table))
    wait_for_game(page)
    play_to_end(page, seed=11)
    lines = _log(page)
    rounds: list[Counter[str]] = [Counter()]
    for line in lines:
        if ROUND.match(line["text"]):
            rounds.append(Counter())
        hidden = HIDDEN.match(line["text"])
        if hidden:
            rounds[-1][hidden["name"]] += 1
    assert sum(sum(r.values()) for r in rounds) >= 10  # the bots' choices were said...
    assert all(count == 1 for r in rounds for count in r.values()), rounds  # ...once each

    # Every line about a seat wears that seat's colour, as the players panel does.
    panel = page.evaluate(
        """Object.fromEntries([...document.querySelectorAll('#players li[data-seat]')].map(
             (li) => [li.dataset.seat,
                      getComputedStyle(li).getPropertyValue('border-left-color')]))"""
    )
    seated = [line for line in lines if line["seat"]]
    assert {line["seat"] for line in seated} == {"0", "1", "2"}
    assert all(line["colour"] == panel[line["seat"]] for line in seated)


def test_replay_steps_are_numbered_once(pages: Pages) -> None:
    page = pages.new()
    login_guest(page, unique_name("Counter"))
    bots = [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]
    table = create_table(page, "monsterhex", players=2, bots=bots, seat=None, start=True)
    page.goto(table_url(table))
    page.wait_for_selector("body[data-status='finished']", timeout=120_000)
    page.goto(f"/replay.html?id={table['id']}")
    page.wait_for_selector("body[data-ready='true']")
    page.click("#replay-forward")
    page.wait_for_selector("body[data-step='1']")
    first = page.locator("#log > li").first
    assert first.inner_text().startswith("1. ")
    assert first.evaluate("li => getComputedStyle(li).listStyleType") == "none"
