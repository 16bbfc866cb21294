"""Pyramido's board as a player sees it, in a real browser against a real server: pieces large
enough to read on a laptop and a phone, the own board within a phone's width, every seat's last
turn outlined, the places the log and the legal actions name present on the board, and an
activated area lighting up (the texts a whole game shows are checked in test_words_pyramido.py).

Screenshots of the start, the middle and the end of a game, on a laptop and a phone, are saved
under test-artifacts/ for people to look at.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.conftest import (
    WAIT_MS,
    Pages,
    create_table,
    frames,
    login_guest,
    play_one,
    poll,
    screenshot,
    table_url,
    unique_name,
    wait_for_answer,
    wait_for_game,
    wait_for_js,
    wait_for_turn,
)
from tests.web.wordchecks import LAPTOP as DESKTOP
from tests.web.wordchecks import PHONE

#: The smallest a domino quarter may be drawn (px), in the exploration area and the own pyramid.
MIN_QUARTER = 24



def _open_table(
    pages: Pages, viewport: dict[str, int], lang: str = "en", players: int = 2
) -> tuple[Any, dict[str, Any]]:
    """A table of `players` seats, seat 0 this page's guest and the others level-1 bots."""
    page = pages.new(viewport=viewport)
    page.goto("/")
    page.evaluate(f"localStorage.setItem('meeplehall.lang', '{lang}')")
    login_guest(page, unique_name("Pyra"))
    table = create_table(
        page,
        "pyramido",
        start=True,
        players=players,
        seat=0,
        bots=[{"seat": seat, "level": 1} for seat in range(1, players)],
        mode="live",
        initial_seconds=3600,
    )
    page.goto(table_url(table))
    wait_for_game(page)
    return page, table


def _act(page: Any, selector: str) -> dict[str, Any]:
    """Click the first shown control matching `selector` (one that sends an action) and wait for
    the server's answer to it; returns the answer."""
    known = len(frames(page).acts())
    page.locator(selector).filter(visible=True).first.click()

    def sent() -> int | None:
        acts = frames(page).acts()
        return acts[known][0] if len(acts) > known else None

    return wait_for_answer(page, poll(page, sent, f"clicking {selector} sent nothing"))


def _rects(page: Any, selector: str) -> list[dict[str, float]]:
    rects: list[dict[str, float]] = page.evaluate(
        """sel => [...document.querySelectorAll(sel)].map((n) => {
          const r = n.getBoundingClientRect();
          return {left: r.left, right: r.right, top: r.top, width: r.width, height: r.height};
        })""",
        selector,
    )
    return rects


def _take_and_reveal(page: Any, table_id: int) -> None:
    """Seat 0's turn up to placing: take a domino with a gem, then turn a pile face up."""
    wait_for_turn(page, table_id, [0])
    _act(page, "#game-root .pd-take-gem[data-legal]")
    _act(page, "#game-root .pd-reveal[data-legal]")
    page.wait_for_selector("#game-root .pd-place-panel")


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["laptop", "phone"])
def test_pieces_are_large_enough_and_the_own_board_fits(
    pages: Pages, viewport: dict[str, int]
) -> None:
    page, table = _open_table(pages, viewport)
    wait_for_turn(page, table["id"], [0])
    tag = "laptop" if viewport is DESKTOP else "phone"
    screenshot(page, f"pyramido-board-{tag}-start")

    # The exploration area: every quarter of a face-up domino, and every face-down back whole.
    quarters = _rects(page, "#game-root .pd-space .pd-domino:not(.pd-back) .pd-quarter")
    assert len(quarters) >= 8
    assert min(min(q["width"], q["height"]) for q in quarters) >= MIN_QUARTER
    backs = _rects(page, "#game-root .pd-space .pd-back")
    assert backs
    for back in backs:
        assert min(back["width"], back["height"]) >= 2 * MIN_QUARTER
        assert max(back["width"], back["height"]) >= 4 * MIN_QUARTER
    if viewport is DESKTOP:
        # Laptops see the dominoes lying down, about 100 px by 50.
        face_up = _rects(page, "#game-root .pd-space .pd-domino:not(.pd-back)")
        assert all(d["width"] >= 96 and d["height"] >= 48 for d in face_up)

    # Placing: the held domino and the own pyramid's quarters (the ghost on its spot included).
    _take_and_reveal(page, table["id"])
    held = _rects(page, "#game-root .pd-place-panel .pd-quarter")
    assert len(held) == 8 and min(q["width"] for q in held) >= MIN_QUARTER
    own = _rects(page, "#game-root .pd-own .pd-top .pd-quarter")
    assert own and min(q["width"] for q in own) >= MIN_QUARTER
    assert page.locator("#game-root .pd-own .pd-target[data-legal]").count() >= 1
    screenshot(page, f"pyramido-board-{tag}-placing")

    # Nothing scrolls sideways; the own pyramid, its panel and the prompt lie inside the screen.
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    for selector in (
        "#prompt",
        "#game-root .pd-own",
        "#game-root .pd-own .pd-top",
        "#game-root .pd-place-panel",
    ):
        for rect in _rects(page, selector):
            assert rect["left"] >= 0 and rect["right"] <= width, selector


def _bots_turn(page: Any) -> tuple[int, int]:
    """The space seat 1 last took a domino from, and that domino, from the frames received."""
    for sent, message in reversed(frames(page).log):
        if sent or message.get("type") != "update":
            continue
        for event in message.get("events") or []:
            if event.get("type") == "took" and event.get("seat") == 1:
                return event["space"], event["domino"]["id"]
    raise AssertionError("seat 1 never took a domino")


def test_every_seats_last_turn_is_outlined(pages: Pages) -> None:
    page, table = _open_table(pages, DESKTOP)
    _take_and_reveal(page, table["id"])
    answer = _act(page, "#game-root .pd-own .pd-target[data-legal]")
    placed = next(e for e in answer["events"] if e["type"] == "placed")
    # The bot plays its turn; then it is seat 0's again.
    wait_for_turn(page, table["id"], [0])
    space, domino = _bots_turn(page)
    # The space the bot took from, and its domino where it now lies in its pyramid.
    assert page.locator(f'#game-root .mh-last[data-place="space-{space}"]').count() == 1
    bots = f'#game-root .pd-pyramid[data-seat="1"] .mh-last[data-piece="dom-{domino}"]'
    assert page.locator(bots).count() == 1
    # Seat 0's own last turn stays outlined until its next one: the domino it placed.
    assert (
        page.locator(f'#game-root .pd-own .mh-last[data-piece="dom-{placed["domino"]}"]').count()
        == 1
    )
    colour = page.evaluate(
        "sel => getComputedStyle(document.querySelector(sel)).getPropertyValue('--last-colour')",
        bots,
    )
    assert colour.strip()


_MISSING_PLACES = """async ({view, legal, seat}) => {
  const renderer = await import('/games/pyramido/index.js');
  const ctx = {view, legal, seat, actor: seat, t: (key) => key, players: []};
  const missing = [];
  for (const action of legal) {
    const keys = renderer.places({action}, ctx);
    if (!keys.length && !['finish'].includes(action.type)) missing.push([action, 'no keys']);
    for (const key of keys) {
      const drawn = document.querySelector(`#game-root [data-place="${CSS.escape(key)}"]`);
      if (!drawn) missing.push([action, key]);
    }
  }
  return missing;
}"""


def _check_places(page: Any) -> set[str]:
    """Every legal action of the page's last update names places drawn on its board; returns the
    kinds of action checked."""
    last = frames(page).last_game_message()
    assert last is not None and last["legal"]
    missing = page.evaluate(
        _MISSING_PLACES, {"view": last["view"], "legal": last["legal"], "seat": 0}
    )
    assert missing == []
    return {action["type"] for action in last["legal"]}


def test_places_of_actions_and_log_lines_are_on_the_board(pages: Pages) -> None:
    page, table = _open_table(pages, DESKTOP)
    wait_for_turn(page, table["id"], [0])
    checked = _check_places(page)
    _act(page, "#game-root .pd-take-gem[data-legal]")
    checked |= _check_places(page)
    _act(page, "#game-root .pd-reveal[data-legal]")
    page.wait_for_selector("#game-root .pd-place-panel")
    checked |= _check_places(page)
    # The held domino turns with R (and back with shift+R) before it is dropped: a local choice.
    rotation = page.inner_text("#game-root .pd-rotation")
    ghost = page.get_attribute("#game-root .pd-own .pd-target[data-legal]", "aria-label")
    sent = len(frames(page).acts())
    page.keyboard.press("r")
    wait_for_js(
        page,
        "text => document.querySelector('#game-root .pd-rotation').textContent !== text",
        rotation,
    )
    assert page.get_attribute("#game-root .pd-own .pd-target[data-legal]", "aria-label") != ghost
    page.keyboard.press("Shift+R")
    wait_for_js(
        page,
        "text => document.querySelector('#game-root .pd-rotation').textContent === text",
        rotation,
    )
    assert len(frames(page).acts()) == sent
    _act(page, "#game-root .pd-own .pd-target[data-legal]")
    assert {"take", "reveal", "place"} <= checked

    # A log line about a placement lights that domino in its pyramid while it is hovered.
    wait_for_turn(page, table["id"], [0])
    line = page.locator("#log li.log-place", has_text="placed a domino").last
    line.hover()
    page.wait_for_selector("#game-root .mh-spot")
    lit = page.evaluate(
        "[...document.querySelectorAll('#game-root .mh-spot')].map((n) => n.dataset.place)"
    )
    assert lit and all(key.startswith("placed-") for key in lit)
    page.mouse.move(0, 0)
    page.wait_for_selector("#game-root .mh-spot", state="detached")
    # A line about a space lights that space.
    page.locator("#log li.log-place", has_text="turned face up").last.hover()
    page.wait_for_selector("#game-root .pd-space.mh-spot")


def test_with_animations_an_activated_area_lights_up_with_its_value(pages: Pages) -> None:
    page = pages.new(viewport=DESKTOP, reduced_motion="no-preference")
    login_guest(page, unique_name("Pyra"))
    table = create_table(
        page,
        "pyramido",
        start=True,
        players=2,
        seat=0,
        bots=[{"seat": 1, "level": 1}],
        mode="live",
        initial_seconds=3600,
    )
    page.goto(table_url(table))
    wait_for_game(page)
    rng = random.Random(3)
    # Stage 1 played by clicking (every update animated), up to this seat's stage scoring.
    for _ in range(300):
        if page.locator("#game-root .pd-own .pd-area-pick").count():
            break
        play_one(page, rng)
    else:
        raise AssertionError("stage 1 never came to scoring")
    area = page.locator("#game-root .pd-own .pd-area-pick").first.get_attribute("data-area")
    page.locator(f'#game-root [data-choice="area-{area}"]').click()
    # What the own pyramid shows, noted as it comes: the lit areas with their values, and the
    # "+n" marks (the animation may end, and the bot's own scoring redraw the board, before the
    # test looks).
    page.evaluate(
        """() => {
          window.pdLit = [];
          window.pdRises = [];
          new MutationObserver(() => {
            for (const n of document.querySelectorAll('#game-root .pd-own .pd-area-lit')) {
              const value = n.querySelector('.pd-area-value');
              window.pdLit.push([n.dataset.area, value ? value.textContent : null]);
            }
            for (const n of document.querySelectorAll('#game-root .pd-own .mh-rise')) {
              window.pdRises.push(n.textContent);
            }
          }).observe(document.body, {childList: true, subtree: true});
        }"""
    )
    answer = _act(page, "#game-root .pd-pay-btn[data-legal]")
    activated = next(e for e in answer["events"] if e["type"] == "area_activated")
    # The page's own signal that it has played this update through: its seq reached the
    # answer's and no animation runs (a later update counts too: each plays after the one
    # before). The time it takes under load is the queue's, so the wait is long.
    wait_for_js(
        page,
        "seq => Number(document.body.dataset.seq) > seq || ("
        "Number(document.body.dataset.seq) === seq && document.body.dataset.animating !== 'true')",
        answer["seq"],
        timeout_ms=WAIT_MS * 6,
    )
    assert [str(activated["area"]), str(activated["value"])] in page.evaluate("window.pdLit")
    # The points it brought float up over it (drawn for the update that scored it).
    assert f"+{activated['points']}" in page.evaluate("window.pdRises")
    screenshot(page, "pyramido-board-laptop-area-lit")
