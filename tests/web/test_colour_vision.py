"""Boards read without hue: each game's final board, in the standard and the colour-blind
palette, carries a mark on every piece whose colour means something (a pattern per colour on
every Pyramido quarter, an emblem per faction on every Monster Hex unit and gem slot, a letter on
every Yaxha cube), and in the colour-blind palette the mean colours of the pieces of any two
colours stay apart under simulated protanopia, deuteranopia and tritanopia (tests/web/
colourvision.py says how and why the threshold). The simulated boards are saved under
test-artifacts/colour-vision/ for people to look at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from tests.web.colourvision import (
    DEFICIENCIES,
    MIN_DISTANCE,
    closest_pair,
    image,
    mean_colour,
    save,
    simulate,
)
from tests.web.conftest import (
    ARTIFACTS,
    Pages,
    finished_bot_table,
    login_guest,
    unique_name,
    wait_for_js,
    wait_ready,
)


@dataclass(frozen=True)
class Board:
    game: str
    players: int
    #: The pieces whose colour means something, each with its colour in `colour_of`.
    pieces: str
    colour_of: str
    #: JS (a function of the board's root) listing the pieces that lack their mark.
    unmarked: str
    #: Whether the colour-blind palette's distances are asserted (Yaxha's cubes keep their own
    #: colours: a letter on every cube carries them).
    measured: bool = True


PYRAMIDO_UNMARKED = """(root) => [...root.querySelectorAll('.pd-quarter')].filter((q) => {
  const p = q.nextElementSibling;
  return !p || !p.matches('.pd-pattern') || p.dataset.colour !== q.dataset.colour
    || p.getAttribute('fill') !== `url(#pd-pattern-${q.dataset.colour})`
    || !document.getElementById(`pd-pattern-${q.dataset.colour}`);
}).map((q) => q.dataset.colour)"""

MONSTERHEX_UNMARKED = """(root) => [
  ...[...root.querySelectorAll('.mx-unit[data-faction]')]
    .filter((u) => !u.querySelector(
      `:scope > .mx-emblem[data-faction='${u.dataset.faction}'] path`))
    .map((u) => 'unit ' + u.dataset.faction),
  ...[...root.querySelectorAll('.mx-gem-big')]
    .filter((g) => g.querySelectorAll('[data-slot]').length
      !== g.querySelectorAll('.mx-emblem path').length)
    .map(() => 'a big gem slot')]"""

YAXHA_UNMARKED = """(root) => [...root.querySelectorAll('.yx-cube[data-colour]')]
  .filter((c) => !(c.querySelector('.yx-letter') || {}).textContent).map((c) => c.dataset.colour)"""

BOARDS = [
    Board("pyramido", 3, ".pd-quarter", "data-colour", PYRAMIDO_UNMARKED),
    Board("monsterhex", 4, ".mx-unit[data-faction]", "data-faction", MONSTERHEX_UNMARKED),
    Board("yaxha", 2, ".yx-cube[data-colour]", "data-colour", YAXHA_UNMARKED, measured=False),
]


def _boxes(page: Any, board: Board) -> dict[str, list[dict[str, float]]]:
    """The boxes of the pieces of each colour in #game-root's screenshot, each cut to its
    middle half (outlines and neighbours stay out of the mean)."""
    boxes: dict[str, list[dict[str, float]]] = page.evaluate(
        """([selector, attribute]) => {
          const found = {};
          const frame = document.getElementById('game-root').getBoundingClientRect();
          for (const node of document.querySelectorAll('#game-root ' + selector)) {
            const r = node.getBoundingClientRect();
            if (r.width < 4 || r.height < 4) continue;
            const colour = node.getAttribute(attribute);
            (found[colour] = found[colour] || []).push(
              {x: r.x - frame.x + r.width / 4, y: r.y - frame.y + r.height / 4,
               width: r.width / 2, height: r.height / 2});
          }
          return found;
        }""",
        [board.pieces, board.colour_of],
    )
    return boxes


@pytest.mark.parametrize("board", BOARDS, ids=[board.game for board in BOARDS])
def test_every_colour_of_a_board_reads_without_hue(pages: Pages, board: Board) -> None:
    page = pages.new(viewport={"width": 1280, "height": 800})
    login_guest(page, unique_name("Hue"))
    table = finished_bot_table(page, board.game, players=board.players)
    out = ARTIFACTS / "colour-vision"
    out.mkdir(parents=True, exist_ok=True)
    for palette in ("standard", "safe"):
        page.evaluate(f"localStorage.setItem('meeplehall.palette', '{palette}')")
        page.goto(f"/replay.html?id={table['id']}")
        wait_ready(page)
        page.click("#replay-last")
        wait_for_js(page, "document.body.dataset.step === "
                    "document.querySelector('#replay-slider').max")
        assert page.evaluate("document.documentElement.dataset.palette") == palette
        root = page.locator("#game-root")
        assert root.locator(board.pieces).count() > 0
        assert page.evaluate(board.unmarked, root.element_handle()) == []

        # The colours as three kinds of colour blindness see them, measured on the screenshot.
        rgb = image(root.screenshot())
        boxes = _boxes(page, board)
        assert len(boxes) >= 2, f"{board.game}: fewer than two colours on the final board"
        for deficiency in DEFICIENCIES:
            seen = simulate(rgb, deficiency)
            save(seen, str(out / f"{board.game}-{palette}-{deficiency}.png"))
            means = {name: mean_colour(seen, found) for name, found in boxes.items()}
            gap, first, second = closest_pair(means)
            print(f"{board.game} {palette} {deficiency}: closest {first}/{second} {gap:.1f}")
            if palette == "safe" and board.measured:
                assert gap >= MIN_DISTANCE, f"{deficiency}: {first}/{second} only {gap:.1f} apart"
