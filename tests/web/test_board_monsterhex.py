"""Monster Hex's board as a player sees it: sizes on a laptop and a phone, turning the ghost unit,
the seats' last moves, the places named by actions and log lines, and the gem animation. Real
server, real Chromium (the texts a whole game shows are checked in test_words_monsterhex.py)."""

from __future__ import annotations

import math
import random
import re
from typing import Any

from tests.web.conftest import (
    Pages,
    create_table,
    frames,
    login_guest,
    play_one,
    screenshot,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
    wait_for_seq_after,
    wait_for_turn,
)
from tests.web.wordchecks import LAPTOP, PHONE


def _open(
    pages: Pages,
    *,
    players: int = 2,
    viewport: dict[str, int] | None = None,
    lang: str = "en",
    options: dict[str, Any] | None = None,
    reduced_motion: str = "reduce",
) -> tuple[Any, dict[str, Any]]:
    """A Monster Hex table: this page's person at seat 0, bots at the other seats."""
    page = pages.new(viewport=viewport or LAPTOP, reduced_motion=reduced_motion)
    login_guest(page, unique_name("Hexer"))
    page.evaluate("lang => localStorage.setItem('meeplehall.lang', lang)", lang)
    table = create_table(
        page,
        "monsterhex",
        start=True,
        players=players,
        seat=0,
        bots=[{"seat": seat, "level": 1} for seat in range(1, players)],
        options=options or {},
    )
    page.goto(table_url(table))
    wait_for_game(page)
    return page, table


def _last_update(page: Any) -> dict[str, Any]:
    message = frames(page).last_game_message()
    assert message is not None
    return message


def _place_turn(page: Any, table: dict[str, Any]) -> dict[str, Any]:
    """Play this seat's other decisions (slots, abilities) until it is to place a unit."""
    rng = random.Random(11)
    for _ in range(30):
        wait_for_turn(page, table["id"], [0])
        message = _last_update(page)
        if any(action["type"] == "place" for action in message["legal"]):
            return message
        play_one(page, rng)
    raise AssertionError("this seat never came to place a unit")


def _place_some(page: Any, table: dict[str, Any], count: int) -> None:
    """Place `count` units of this seat through the board (a unit, a cell, the place button)."""
    for _ in range(count):
        _place_turn(page, table)
        page.locator("#game-root button[data-choice^='unit-']").first.click()
        page.locator("#game-root [data-choice^='cell-']").first.click()
        before = int(page.get_attribute("body", "data-seq") or 0)
        page.locator("#game-root button.mh-primary[data-legal]").click()
        wait_for_seq_after(page, before)


def _edge_font_px(page: Any) -> float:
    """The smallest edge-power number on the board, in screen pixels of font size."""
    sizes: list[float] = page.evaluate(
        """() => [...document.querySelectorAll('#game-root svg.mx-board .mx-edge-power')]
             .map((t) => Number(t.getAttribute('font-size')) * t.getScreenCTM().a)"""
    )
    # Six numbers on every unit of the board.
    assert len(sizes) == 6 * page.locator("#game-root svg.mx-board .mx-unit").count() > 0
    return min(sizes)


def _cell_px(page: Any) -> float:
    width: float = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('#game-root svg.mx-board .mx-cell')]
             .map((c) => c.getBoundingClientRect().width))"""
    )
    return width


def test_cells_and_edge_powers_are_big_enough_and_the_phone_needs_no_sideways_scroll(
    pages: Pages,
) -> None:
    # Four players: the widest board.
    page, table = _open(pages, players=4)
    screenshot(page, "monsterhex-board-start-desktop")
    _place_some(page, table, 2)
    _place_turn(page, table)
    assert page.locator("#game-root svg.mx-board .mx-unit").count() >= 4
    assert _cell_px(page) >= 56
    assert _edge_font_px(page) >= 9
    screenshot(page, "monsterhex-board-mid-desktop")

    page.set_viewport_size(PHONE)
    page.reload()
    wait_for_game(page)
    page.wait_for_selector("#game-root svg.mx-board .mx-unit")
    assert _cell_px(page) >= 40
    assert _edge_font_px(page) >= 8
    fits = page.evaluate(
        """() => {
          const inside = (el) => { const r = el.getBoundingClientRect();
            return r.left >= 0 && r.right <= innerWidth; };
          return {
            page: document.documentElement.scrollWidth <= innerWidth,
            board: inside(document.querySelector('#game-root svg.mx-board')),
            prompt: inside(document.querySelector('#prompt')),
            hand: [...document.querySelectorAll('#game-root .mx-hand')].every(inside),
          };
        }"""
    )
    assert fits == {"page": True, "board": True, "prompt": True, "hand": True}
    screenshot(page, "monsterhex-board-mid-phone")


def _ghost_powers(page: Any) -> list[int]:
    powers: list[int] = page.evaluate(
        """() => [...document.querySelectorAll('#game-root .mx-preview .mx-edge-power')]
             .sort((a, b) => a.dataset.edge - b.dataset.edge).map((t) => Number(t.textContent))"""
    )
    return powers


def _ghost_centre(page: Any) -> tuple[float, float]:
    box = page.locator("#game-root .mx-preview .mx-unit-tile").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _turned(powers: list[int], steps: int) -> list[int]:
    """The powers a unit shows after `steps` more rotations (edges count counter-clockwise)."""
    return [powers[(i - steps) % 6] for i in range(6)]


def test_the_ghost_unit_turns_with_the_wheel_a_drag_and_the_keys_and_is_placed_as_shown(
    pages: Pages,
) -> None:
    page, table = _open(pages)
    # A unit and a cell where it may be turned several ways.
    for _ in range(10):
        legal = _place_turn(page, table)["legal"]
        ways: dict[tuple[str, int, int], int] = {}
        for action in legal:
            if action["type"] == "place":
                spot = (action["unit"], action["q"], action["r"])
                ways[spot] = ways.get(spot, 0) + 1
        unit, q, r = max(ways, key=lambda spot: ways[spot])
        if ways[(unit, q, r)] >= 3:
            break
        _place_some(page, table, 1)
    page.locator(f"#game-root button[data-choice^='unit-{unit}-']").click()
    page.locator(f"#game-root [data-choice='cell-{q}-{r}']").click()
    start = _ghost_powers(page)
    assert len(start) == 6
    place = page.locator("#game-root button.mh-primary[data-legal]")
    first_index = place.get_attribute("data-legal")

    x, y = _ghost_centre(page)
    page.mouse.move(x, y)
    page.mouse.wheel(0, 120)
    wait_for_js(
        page,
        "first => document.querySelector('#game-root button.mh-primary[data-legal]')"
        ".dataset.legal !== first",
        first_index,
    )
    assert sorted(_ghost_powers(page)) == sorted(start) and _ghost_powers(page) != start
    page.mouse.wheel(0, -120)
    wait_for_js(
        page,
        "first => document.querySelector('#game-root button.mh-primary[data-legal]')"
        ".dataset.legal === first",
        first_index,
    )
    assert _ghost_powers(page) == start

    # A drag a quarter turn counter-clockwise around the cell turns the unit that way.
    radius = 30
    page.mouse.move(x + radius, y)
    page.mouse.down()
    for step in range(1, 11):
        angle = math.radians(9 * step)
        page.mouse.move(x + radius * math.cos(angle), y - radius * math.sin(angle))
    page.mouse.up()
    wait_for_js(
        page,
        "first => document.querySelector('#game-root button.mh-primary[data-legal]')"
        ".dataset.legal !== first",
        first_index,
    )
    dragged = _ghost_powers(page)
    # Turned to another legal rotation (the next legal one may be up to five sixths away when
    # few rotations of this unit fit this cell).
    assert dragged != start and dragged in [_turned(start, k) for k in range(1, 6)]

    # The keyboard's rotate button still turns it, and the unit is placed as last shown.
    page.locator("#game-root button[data-choice='rotate-right']").focus()
    page.keyboard.press("Enter")
    shown = _ghost_powers(page)
    assert shown != dragged and sorted(shown) == sorted(start)
    action = _last_update(page)["legal"][int(place.get_attribute("data-legal") or -1)]
    before = int(page.get_attribute("body", "data-seq") or 0)
    place.click()
    wait_for_seq_after(page, before)
    placed = page.locator(f"#game-root .mx-unit[data-at='hex-{action['q']}_{action['r']}']")
    numbers = placed.locator(".mx-edge-power")
    on_board = sorted(
        (
            (
                int(numbers.nth(i).get_attribute("data-edge") or 0),
                int(numbers.nth(i).text_content() or 0),
            )
            for i in range(6)
        ),
    )
    assert [power for _, power in on_board] == shown


def test_the_preview_marks_matching_edges_in_green(pages: Pages) -> None:
    page, table = _open(pages)
    _place_some(page, table, 1)
    _place_turn(page, table)
    page.locator("#game-root button[data-choice^='unit-']").first.click()
    page.locator("#game-root [data-choice^='cell-']").first.click()
    bars = page.locator("#game-root .mx-preview .mx-match, #game-root .mx-preview .mx-mismatch")
    assert bars.count() >= 1
    # A green bar lies where the ghost's power equals its neighbour's facing power.
    titles = [bars.nth(i).text_content() or "" for i in range(bars.count())]
    classes = [bars.nth(i).get_attribute("class") for i in range(bars.count())]
    for title, kind in zip(titles, classes, strict=True):
        a, b = (int(n) for n in re.findall(r"\d+", title))
        assert (kind == "mx-match") == (a == b), (title, kind)


def test_each_seats_last_move_is_outlined_on_its_unit_and_cell(pages: Pages) -> None:
    page, table = _open(pages)
    _place_some(page, table, 1)
    message = _place_turn(page, table)
    # The bot's last placement, as this page received it.
    bot_places = [
        event
        for sent, received in frames(page).log
        if not sent
        and received.get("type") == "update"
        and (received.get("last") or {}).get("seat") == 1
        for event in received.get("events", [])
        if event["type"] == "place" and event["seat"] == 1
    ]
    assert bot_places and message["to_move"] == [0]
    spot = f"hex-{bot_places[-1]['q']}_{bot_places[-1]['r']}"
    cell = page.locator(f"#game-root .mx-place[data-place='{spot}']")
    unit = page.locator(f"#game-root .mx-unit[data-at='{spot}']")
    for node in (cell, unit):
        assert "mh-last" in (node.get_attribute("class") or "")
        assert node.get_attribute("data-last-seat") == "1"
    # This seat's own last placement stays outlined until its next one.
    mine = page.locator("#game-root .mx-unit.mh-last[data-last-seat='0']")
    assert mine.count() == 1
    # A unit has a stable identity and comes from its player's row.
    assert unit.get_attribute("data-piece", timeout=1000)
    assert unit.get_attribute("data-from") == "hand-1"
    assert page.locator("#game-root [data-place='hand-1']").count() == 1


PLACES_OF = """async ({legal, view}) => {
  const renderer = await import('/games/monsterhex/index.js');
  const root = document.getElementById('game-root');
  return legal.map((action) => {
    const keys = renderer.places({action}, {view});
    return {type: action.type, keys,
            missing: keys.filter((k) => !root.querySelector(`[data-place="${CSS.escape(k)}"]`))};
  });
}"""


def test_places_of_every_legal_action_exist_and_a_hovered_log_line_lights_its_place(
    pages: Pages,
) -> None:
    page, table = _open(pages, options={"abilities": "random"})
    rng = random.Random(5)
    checked = 0
    kinds: set[str] = set()
    # Play until this seat has sent five moves: random clicks may first pick and re-pick units
    # and cells (local choices) without placing, so count what was sent, not clicks.
    for _ in range(300):
        if checked >= 5 or page.locator("#end-of-game").count():
            break
        wait_for_turn(page, table["id"], [0])
        message = _last_update(page)
        found = page.evaluate(PLACES_OF, {"legal": message["legal"], "view": message["view"]})
        for entry in found:
            assert not entry["missing"], entry
            if entry["type"] in ("place", "target", "rotate", "take_slot"):
                assert entry["keys"], entry
            kinds.add(entry["type"])
        if play_one(page, rng) == "legal":
            checked += 1
    assert checked >= 5 and "place" in kinds

    # A log line about a placement lights exactly that cell while hovered.
    page.wait_for_selector("#log li.log-place:has-text('placed')")
    line = page.locator("#log li.log-place", has_text="placed").last
    line.hover()
    page.wait_for_selector("#game-root .mh-spot[data-place]")
    lit = page.evaluate(
        "[...document.querySelectorAll('#game-root .mh-spot')].map((n) => n.dataset.place)"
    )
    assert lit and all(key.startswith("hex-") for key in lit)
    label = (line.inner_text() or "").strip()
    names = page.evaluate(
        """keys => keys.map((k) => document.querySelector(`#game-root [data-place="${k}"] `
             + `.mx-cell`)?.getAttribute('aria-label'))""",
        lit,
    )
    # The log line names the cell by the words its screen-reader label says ("Cell next to the
    # red 7 gem (F3)"), without the coordinate, which only the label keeps.
    words = [re.sub(r"^(Start cell|Cell) | \([A-H][1-9]\)$", "", name) for name in names if name]
    assert any(word in label for word in words), (label, names)
    assert all(re.search(r"\([A-H][1-9]\)$", name) for name in names if name), names
    assert not re.search(r"\b[A-H][1-9]\b", label), label
    # A unit covering a lit cell is lit with it.
    unlit = page.evaluate(
        """keys => keys.filter((k) => {
             const unit = document.querySelector(`#game-root .mx-unit[data-at="${k}"]`);
             return unit && !unit.classList.contains('mh-spot');
           })""",
        lit,
    )
    assert unlit == [] and page.locator("#game-root .mx-unit.mh-spot").count() == 1


def test_a_resolved_big_gem_lights_its_units_shows_the_totals_and_flies_the_points(
    pages: Pages,
) -> None:
    page, table = _open(pages, reduced_motion="no-preference")
    _place_turn(page, table)
    message = _last_update(page)
    gem = next(g for g in message["view"]["gems"] if g["kind"] == "big")
    # The renderer's animate hook on the board as drawn, with the events of a resolution.
    seen = page.evaluate(
        """async ({gem}) => {
          const renderer = await import('/games/monsterhex/index.js');
          const root = document.getElementById('game-root');
          const events = [
            {type: 'gem_resolved', kind: 'big', q: gem.q, r: gem.r, totals: {'0': 9, '1': 4}},
            {type: 'award', seat: 0, points: 7, reason: 'big gems', site: [gem.q, gem.r], slot: 0},
          ];
          const done = renderer.animate(root, {events, before: null, view: null, duration: 200});
          await new Promise((resolve) => setTimeout(resolve, 50));
          const during = {
            totals: [...root.querySelectorAll('.mx-total text')].map((t) => t.textContent),
          };
          await new Promise((resolve) => setTimeout(resolve, 250));
          during.flying = [...document.querySelectorAll('.mx-flying-points')]
            .map((t) => t.textContent);
          await done;
          return {during, after: root.querySelectorAll('.mx-total, .mx-lit').length
                  + document.querySelectorAll('.mx-flying-points').length};
        }""",
        {"gem": gem},
    )
    assert seen["during"]["totals"] == ["9", "4"]
    assert seen["during"]["flying"] == ["+7"]
    assert seen["after"] == 0


def test_every_text_of_the_renderer_exists_in_japanese_and_korean(pages: Pages) -> None:
    page = pages.new()
    page.goto("/")
    missing = page.evaluate(
        """async () => {
          const { texts } = await import('/games/monsterhex/texts.js');
          const out = {};
          for (const lang of ['ja', 'ko']) {
            // A plural form (key.one, key.other) falls back to the key in a language of one form.
            out[lang] = Object.keys(texts.en).filter((key) => !(key in texts[lang])
              && !(key.replace(/[.](one|other)$/, '') in texts[lang]));
          }
          return out;
        }"""
    )
    assert missing == {"ja": [], "ko": []}


# Remembers which effects the board ever showed, from the page's first script on.
RECORD_EFFECTS = """
window.mxSeen = {rise: 0, total: 0, lit: 0, flying: 0};
new MutationObserver(() => {
  const count = (selector) => document.querySelectorAll(selector).length;
  window.mxSeen.rise = Math.max(window.mxSeen.rise, count('#game-root .mx-rise.mh-rise'));
  window.mxSeen.total = Math.max(window.mxSeen.total, count('#game-root .mx-total'));
  window.mxSeen.lit = Math.max(window.mxSeen.lit, count('#game-root .mx-unit.mx-lit'));
  window.mxSeen.flying = Math.max(window.mxSeen.flying, count('.mx-flying-points'));
}).observe(document, {
  subtree: true, childList: true, attributes: true, attributeFilter: ['class'],
});
"""


def test_with_animations_on_gems_light_their_units_and_points_rise_and_fly(pages: Pages) -> None:
    page = pages.new(viewport=LAPTOP, reduced_motion="no-preference")
    page.add_init_script(RECORD_EFFECTS)
    login_guest(page, unique_name("Animated"))
    table = create_table(
        page, "monsterhex", start=True, players=2, seat=0, bots=[{"seat": 1, "level": 1}]
    )
    page.goto(table_url(table))
    wait_for_game(page)
    assert page.input_value("#board-motion") == "normal"
    # Played until a big gem is surrounded, at the latest to the end of the game (where every big
    # gem has been): its units light up with the seats' totals, and the points of its slots rise
    # over it and fly to the winners' rows.
    rng = random.Random(5)
    shown = "s => s.total >= 1 && s.lit >= 2 && s.rise >= 1 && s.flying >= 1"
    while not page.evaluate(f"({shown})(window.mxSeen)"):
        if play_one(page, rng) == "end":
            break
    seen = page.evaluate("window.mxSeen")
    assert seen["total"] >= 1 and seen["lit"] >= 2, seen
    assert seen["rise"] >= 1 and seen["flying"] >= 1, seen
