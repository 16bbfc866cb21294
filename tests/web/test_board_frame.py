"""The frame the shell puts around every game's board: zoom, animation playback, last moves,
and places lit from the log and the hint. Real server, real Chromium."""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

import pytest

from tests.registry_games import with_renderer
from tests.web.conftest import (
    WAIT_MS,
    Pages,
    create_table,
    login_guest,
    play_one,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
)

GAMES = with_renderer()

# Records every value body[data-seq] takes, and whether an animation ever played, from the first
# script of the page on (so nothing drawn before the test looks is missed).
RECORD_SEQS = """
window.mhShown = [];
window.mhAnimated = false;
window.mhMoved = 0;
window.mhQueued = 0;
new MutationObserver(() => {
  const {seq, animating, queue} = document.body.dataset;
  if (seq !== undefined && window.mhShown[window.mhShown.length - 1] !== seq) {
    window.mhShown.push(seq);
  }
  if (animating === "true") window.mhAnimated = true;
  window.mhMoved = Math.max(window.mhMoved, document.getAnimations().length);
  window.mhQueued = Math.max(window.mhQueued, Number(queue || 0));
}).observe(document, {
  subtree: true, attributes: true, attributeFilter: ["data-seq", "data-animating", "data-queue"],
});
"""


def _board_width(page: Any) -> float:
    width: float = page.evaluate(
        "document.querySelector('#game-root > *').getBoundingClientRect().width"
    )
    return width


def _bots_only(page: Any, game: str, players: int) -> dict[str, Any]:
    bots = [{"seat": seat, "level": 1} for seat in range(players)]
    return create_table(page, game, players=players, bots=bots, seat=None)


def test_zoom_scales_the_board_within_its_bounds_and_is_remembered_per_game(pages: Pages) -> None:
    page = pages.new(viewport={"width": 1280, "height": 800})
    login_guest(page, unique_name("zoomer"))
    yaxha = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(yaxha))
    wait_for_game(page)
    assert page.text_content("#board-zoom-value") == "100%"
    width = _board_width(page)

    page.click("#board-zoom-in")
    page.click("#board-zoom-in")
    assert page.text_content("#board-zoom-value") == "150%"
    assert _board_width(page) == pytest.approx(width * 1.5, rel=0.02)
    # The zoomed board scrolls inside its frame; the page itself does not get wider.
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")

    for _ in range(5):
        if page.is_enabled("#board-zoom-in"):
            page.click("#board-zoom-in")
    assert page.text_content("#board-zoom-value") == "200%"
    assert not page.is_enabled("#board-zoom-in")

    # ctrl+wheel over the board zooms it (out, here), not the page.
    page.hover("#board-viewport")
    page.keyboard.down("Control")
    page.mouse.wheel(0, 300)
    page.keyboard.up("Control")
    zoomed = page.text_content("#board-zoom-value") or ""
    assert int(zoomed.rstrip("%")) < 200

    page.reload()
    wait_for_game(page)
    assert page.text_content("#board-zoom-value") == zoomed

    # Another game keeps its own zoom; the reset button brings 100% back.
    pyramido = create_table(page, "pyramido", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(pyramido))
    wait_for_game(page)
    assert page.text_content("#board-zoom-value") == "100%"
    page.goto(table_url(yaxha))
    wait_for_game(page)
    page.click("#board-zoom-value")
    assert page.text_content("#board-zoom-value") == "100%"
    while page.is_enabled("#board-zoom-out"):
        page.click("#board-zoom-out")
    assert page.text_content("#board-zoom-value") == "75%"


@pytest.mark.parametrize("game,players", [("pyramido", 4), ("monsterhex", 2)])
def test_a_burst_of_bot_moves_plays_back_in_order_without_skipping_one(
    pages: Pages, game: str, players: int
) -> None:
    page = pages.new(reduced_motion="no-preference")
    page.add_init_script(RECORD_SEQS)
    login_guest(page, unique_name("watcher"))
    table = _bots_only(page, game, players)
    page.goto(table_url(table))
    page.wait_for_selector("#start:not([disabled])")
    page.click("#start")
    # Forty updates are enough to see bursts queue up; a game that ends sooner is watched to its
    # last update.
    wait_for_js(
        page,
        """() => window.mhShown.length > 40 && window.mhQueued > 0
                 || document.body.dataset.status === 'finished'
                    && document.body.dataset.queue === '0'""",
        timeout_ms=180_000,
    )
    shown = [int(value) for value in page.evaluate("window.mhShown") if value]
    # Bots-only tables are not paced: the moves came in bursts, yet every update was shown once,
    # one after the other, each after the previous one's animation.
    assert len(shown) > 10
    # (The first value may be the 0 drawn before the start.)
    steps = [later - earlier for earlier, later in itertools.pairwise(shown[1:])]
    assert all(step == 1 for step in steps), shown
    assert page.evaluate("window.mhAnimated") is True
    assert page.evaluate("window.mhMoved") > 0, "no piece ever moved"
    assert page.evaluate("window.mhQueued") > 0


def test_reduced_motion_turns_animations_off_unless_the_reader_chooses_them(pages: Pages) -> None:
    page = pages.new(reduced_motion="reduce")
    page.add_init_script(RECORD_SEQS)
    login_guest(page, unique_name("still"))
    table = _bots_only(page, "pyramido", 2)
    page.goto(table_url(table))
    page.click("#start:not([disabled])")
    page.wait_for_selector("body[data-status='finished']", timeout=180_000)
    assert page.input_value("#board-motion") == "off"
    assert page.evaluate("window.mhAnimated") is False
    running = "document.getAnimations().filter(a => a.playState === 'running').length"
    assert page.evaluate(running) == 0

    page.select_option("#board-motion", "fast")
    page.reload()
    wait_for_game(page)
    assert page.input_value("#board-motion") == "fast"


@pytest.mark.parametrize("game", GAMES)
def test_a_bots_last_move_is_outlined_in_its_seat_colour(pages: Pages, game: str) -> None:
    page = pages.new()
    login_guest(page, unique_name("outline"))
    table = create_table(page, game, players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(table))
    wait_for_game(page)

    def outline_colour() -> str | None:
        """The colour the bot's last move is outlined in, None while none shows; read in one go,
        as the bot's next move (a pass) may take the outline away at any moment."""
        return page.evaluate(
            "(() => { const node = document.querySelector("
            "\"#game-root .mh-last[data-last-seat='1']\");"
            " return node && getComputedStyle(node).getPropertyValue('--last-colour').trim(); })()"
        )

    # Play this seat's moves until a move of the bot's shows on the board (a pass or a pick
    # does not: the person plays on until one that does). Only plays count towards the bound,
    # not the waits for the bot, which on a busy machine may be long.
    rng = random.Random(7)
    plays = 0
    deadline = time.monotonic() + 3 * WAIT_MS / 1000
    while (colour := outline_colour()) is None:
        assert time.monotonic() < deadline, f"no move of the bot's outlined ({plays} plays)"
        legal = page.locator("#game-root [data-legal], #game-root [data-choice]")
        if plays < 40 and legal.count():
            play_one(page, rng)
            plays += 1
        else:
            page.wait_for_timeout(100)
    seat_colour = page.evaluate(
        "getComputedStyle(document.querySelector(\"#players li[data-seat='1']\"))"
        ".getPropertyValue('--seat-colour').trim()"
    )
    assert colour and colour == seat_colour


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_and_a_hovered_log_line_light_their_places_on_the_board(
    pages: Pages, game: str
) -> None:
    page = pages.new()
    login_guest(page, unique_name("hinted"))
    table = create_table(
        page, game, players=2, bots=[{"seat": 1, "level": 1}], hints=True, start=True
    )
    page.goto(table_url(table))
    wait_for_game(page)
    page.click("#hint")
    page.wait_for_selector("#hint-text")
    page.wait_for_selector("#game-root .mh-spot[data-place]")

    # Play on until the log holds a line about a place; hovering it lights that place.
    rng = random.Random(3)
    for _ in range(60):
        if page.locator("#log li.log-place").count():
            break
        if page.locator("#game-root [data-legal], #game-root [data-choice]").count():
            play_one(page, rng)
        else:
            page.wait_for_timeout(100)
    line = page.locator("#log li.log-place").last
    line.hover()
    page.wait_for_selector("#game-root .mh-spot[data-place]")


def test_holding_a_finger_on_a_piece_shows_its_tooltip(pages: Pages) -> None:
    page = pages.new(viewport={"width": 390, "height": 844})
    login_guest(page, unique_name("finger"))
    table = create_table(page, "monsterhex", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(table))
    wait_for_game(page)
    page.wait_for_selector("#game-root svg title", state="attached")
    tip = page.evaluate(
        """() => new Promise((resolve) => {
             const title = document.querySelector('#game-root svg title');
             const piece = title.parentElement;
             const box = piece.getBoundingClientRect();
             piece.dispatchEvent(new PointerEvent('pointerdown', {pointerType: 'touch',
               bubbles: true, clientX: box.x + 2, clientY: box.y + 2}));
             setTimeout(() => resolve([title.textContent,
               document.getElementById('board-tip')?.textContent ?? null]), 700);
           })"""
    )
    assert tip[1] == tip[0] and tip[0]
    page.evaluate(
        "document.querySelector('#board-viewport').dispatchEvent(new PointerEvent('pointerdown',"
        " {pointerType: 'touch', bubbles: true}))"
    )
    assert page.locator("#board-tip").count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_step_lights_the_place_it_played(pages: Pages, game: str) -> None:
    page = pages.new()
    login_guest(page, unique_name("replayer"))
    table = create_table(
        page, game, players=2, bots=[{"seat": 0, "level": 1}, {"seat": 1, "level": 1}],
        seat=None, start=True,
    )
    page.goto(table_url(table))
    page.wait_for_selector("body[data-status='finished']", timeout=120_000)
    page.goto(f"/replay.html?id={table['id']}")
    page.wait_for_selector("body[data-ready='true']")
    lit = 0
    for step in range(1, 16):
        page.click("#replay-forward")
        page.wait_for_selector(f"body[data-step='{step}']")
        lit += page.locator("#game-root .mh-spot[data-place]").count() > 0
    assert lit >= 5, "replay steps light the places they played"
