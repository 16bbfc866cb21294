"""Yaxha's board as a player sees it: cube sizes on a laptop and a phone, the flat view kept
across reloads, the largest group outlined from its score, the seats' last moves, cubes that keep
their identity from the market to the pyramid, the places named by actions and log lines, the
reveal's flip, and the colour letters of each language. Real server, real Chromium (the texts a
whole game shows are checked in test_words_yaxha.py)."""

from __future__ import annotations

import random
import re
from typing import Any

from tests.web.conftest import (
    Pages,
    api,
    create_table,
    frames,
    login_guest,
    play_one,
    play_to_end,
    poll,
    screenshot,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_turn,
)
from tests.web.wordchecks import LAPTOP, PHONE

MIN_CUBE_PX = 28


def _open(
    pages: Pages,
    *,
    players: int = 2,
    viewport: dict[str, int] | None = None,
    lang: str = "en",
    reduced_motion: str = "reduce",
) -> tuple[Any, dict[str, Any]]:
    """A Yaxha table: this page's person at seat 0, bots (level 1) at the other seats."""
    page = pages.new(viewport=viewport or LAPTOP, reduced_motion=reduced_motion)
    login_guest(page, unique_name("Builder"))
    page.evaluate("lang => localStorage.setItem('meeplehall.lang', lang)", lang)
    table = create_table(
        page,
        "yaxha",
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


def _same_person_on(pages: Pages, page: Any, viewport: dict[str, int]) -> Any:
    """Another window of the same person (the page's cookies) at another size."""
    other = pages.new(viewport=viewport)
    other.context.add_cookies(page.context.cookies())
    return other


def _view(page: Any) -> dict[str, Any]:
    last = frames(page).last_game_message()
    assert last is not None
    view: dict[str, Any] = last["view"]
    return view


def _cubes_in(page: Any, seat: int) -> int:
    count: int = page.locator(f"#game-root .yx-pyramid[data-seat='{seat}'] .yx-cube").count()
    return count


def _play_until(page: Any, done: Any, rng: random.Random, what: str, limit: int = 400) -> None:
    for _ in range(limit):
        if done():
            return
        assert play_one(page, rng) != "end", f"the game ended before {what}"
    raise AssertionError(f"never reached: {what}")


def _smallest_boxes(page: Any) -> dict[str, float]:
    """The smallest rendered box (width, height) of the pyramid cubes and of the lone cubes."""
    result: dict[str, float] = page.evaluate(
        """() => {
          const smallest = (selector) => {
            let least = Infinity;
            for (const node of document.querySelectorAll(selector)) {
              const rect = node.getBoundingClientRect();
              if (!rect.width && !rect.height) continue;
              least = Math.min(least, rect.width, rect.height);
            }
            return least;
          };
          return {
            pyramid: smallest('#game-root .yx-pyramid .yx-cube'),
            lone: smallest('#game-root .yx-cube-pic'),
          };
        }"""
    )
    return result


def _fits_the_phone(page: Any) -> None:
    fits = page.evaluate(
        """() => {
          const width = window.innerWidth;
          const inside = (node) => {
            const rect = node.getBoundingClientRect();
            return rect.left >= -0.5 && rect.right <= width + 0.5;
          };
          return {
            scroll: document.documentElement.scrollWidth <= width,
            board: inside(document.querySelector('#game-root .yx-own .yx-board')),
            prompt: inside(document.querySelector('#prompt')),
          };
        }"""
    )
    assert fits == {"scroll": True, "board": True, "prompt": True}


def test_cubes_are_big_enough_on_a_laptop_and_a_phone_and_the_phone_needs_no_sideways_scroll(
    pages: Pages,
) -> None:
    page, table = _open(pages, players=3)
    phone = _same_person_on(pages, page, PHONE)

    def look(moment: str) -> None:
        screenshot(page, f"yaxha-board-{moment}-laptop")
        phone.goto(table_url(table))
        wait_for_game(phone)
        screenshot(phone, f"yaxha-board-{moment}-phone")

    look("start")
    rng = random.Random(5)
    # Round 3: every pyramid holds cubes, and this seat has cubes in hand and spots to fill.
    _play_until(
        page,
        lambda: _view(page)["round"] >= 3 and _view(page)["phase"] == "build"
        and page.locator("#game-root .yx-hit").count() > 0,
        rng,
        "the building of round 3",
    )
    assert _cubes_in(page, 1) >= 3 and _cubes_in(page, 2) >= 3
    boxes = _smallest_boxes(page)
    assert boxes["pyramid"] >= MIN_CUBE_PX and boxes["lone"] >= MIN_CUBE_PX, boxes
    look("mid-game")
    boxes = _smallest_boxes(phone)
    assert boxes["pyramid"] >= MIN_CUBE_PX and boxes["lone"] >= MIN_CUBE_PX, boxes
    _fits_the_phone(phone)

    # The market of the next round, on the phone: three tiles of three cubes side by side.
    _play_until(page, lambda: _view(page)["phase"] == "select", rng, "the next market")
    phone.goto(table_url(table))
    wait_for_game(phone)
    boxes = _smallest_boxes(phone)
    assert boxes["lone"] >= MIN_CUBE_PX, boxes
    _fits_the_phone(phone)

    play_to_end(page, seed=5)
    look("end")
    boxes = _smallest_boxes(phone)
    assert boxes["pyramid"] >= MIN_CUBE_PX, boxes
    _fits_the_phone(phone)


def test_the_flat_view_is_remembered_and_a_scores_largest_group_is_outlined_on_hover(
    pages: Pages,
) -> None:
    page, _ = _open(pages)
    rng = random.Random(2)
    _play_until(page, lambda: _cubes_in(page, 0) >= 6, rng, "six cubes in this seat's pyramid")
    assert page.locator("#game-root .yx-board.yx-iso").count() == 2

    page.click("#game-root .yx-toggle")
    assert page.locator("#game-root .yx-board.yx-flat").count() == 2
    page.reload()
    wait_for_game(page)
    assert page.locator("#game-root .yx-board.yx-flat").count() == 2
    assert _smallest_boxes(page)["pyramid"] >= MIN_CUBE_PX

    # Pointing at a colour's score outlines exactly its largest group, of the size the score says.
    view = _view(page)
    colours = view["seats"][0]["score"]["colours"]
    colour = max(colours, key=lambda c: colours[c]["size"])
    own = "#game-root .yx-own"
    page.hover(f"{own} .yx-score[data-colour='{colour}']")
    lit = page.locator(f"{own} .yx-board.yx-lit[data-lit='{colour}']")
    assert lit.count() == 1
    group = page.locator(f"{own} .yx-board .yx-cube.yx-best[data-colour='{colour}']")
    assert group.count() == colours[colour]["size"] >= 1
    page.mouse.move(0, 0)
    assert page.locator(f"{own} .yx-board.yx-lit").count() == 0


def _outlined(page: Any, selector: str, seat: int) -> int:
    count: int = page.locator(f"#game-root {selector}.mh-last[data-last-seat='{seat}']").count()
    return count


def test_a_bots_secret_choice_and_the_tile_it_took_are_outlined_as_its_last_move(
    pages: Pages,
) -> None:
    page, table = _open(pages)
    bot = 1
    # Round 2 (the page saw the bot's move; round 1's was made before the page opened): the bot
    # has chosen in secret, and its face-down choice card is its last move.
    _play_until(page, lambda: _view(page)["round"] == 2, random.Random(1), "round 2")
    wait_for_turn(page, table["id"], [0])
    assert _outlined(page, ".yx-choice-card.yx-face-down", bot) == 1
    assert page.locator(f"#game-root .mh-last[data-last-seat='{bot}']").count() == 1

    # The reveal: the tile the bot took, and the cubes that came with it, are outlined for it.
    page.click("#game-root .yx-tile[aria-label='Take tile 1']")
    page.wait_for_selector("#game-root .yx-tray")
    taken = next(t["tile"] for t in _view(page)["market"] if t["taken_by"] == bot)
    tile = page.locator(f"#game-root .yx-tile[data-place='yx-tile-{taken}']")
    assert "mh-last" in (tile.get_attribute("class") or "")
    assert tile.get_attribute("data-last-seat") == str(bot)
    assert _outlined(page, ".yx-pyramid[data-seat='1'] .yx-tray .yx-cube-pic", bot) == 3


def _play_seat_until(page: Any, done: Any, rng: random.Random, what: str) -> None:
    for _ in range(60):
        if done():
            return
        play_one(page, rng)
    raise AssertionError(f"never reached: {what}")


def test_the_cubes_a_seat_built_stay_outlined_until_it_chooses_again(pages: Pages) -> None:
    ana, ben = pages.new(), pages.new()
    login_guest(ana, unique_name("Ana"))
    login_guest(ben, unique_name("Ben"))
    table = create_table(ana, "yaxha", players=2, seat=0)
    api(ben, "POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    api(ana, "POST", f"/api/tables/{table['id']}/start")
    for page in (ana, ben):
        page.goto(table_url(table))
        wait_for_game(page)
    rng = random.Random(8)
    ana.click("#game-root .yx-tile[aria-label='Take tile 1']")
    ana.wait_for_selector("#game-root .yx-choice-card")
    ben.click("#game-root .yx-tile[aria-label='Take tile 2']")
    ben.wait_for_selector("#game-root .yx-hand-section")
    wait_for_turn(ana, table["id"], [0, 1])  # both build

    # Ana builds and confirms first; Ben, last, ends round 1.
    _play_seat_until(ana, lambda: 0 not in (frames(ana).last_game_message() or {})["to_move"],
                     rng, "Ana's confirmation")
    _play_seat_until(ben, lambda: _view(ben)["round"] == 2, rng, "the end of round 1")
    wait_for_turn(ana, table["id"], [0, 1])
    bens = _cubes_in(ana, 1)
    assert bens >= 1
    assert _outlined(ana, ".yx-pyramid[data-seat='1'] .yx-cube", 1) == bens
    assert _outlined(ana, ".yx-pyramid[data-seat='0'] .yx-cube", 0) == _cubes_in(ana, 0)

    # Ben chooses again: his cubes of round 1 are no longer his last move, his card is.
    ben.click("#game-root .yx-tile[aria-label='Take tile 1']")
    wait_for_turn(ana, table["id"], [0])
    assert _outlined(ana, ".yx-pyramid[data-seat='1'] .yx-cube", 1) == 0
    assert _outlined(ana, ".yx-choice-card", 1) == 1
    assert _outlined(ana, ".yx-pyramid[data-seat='0'] .yx-cube", 0) == _cubes_in(ana, 0)


def _tile_keys(page: Any, tile: int) -> list[str]:
    keys: list[str] = page.eval_on_selector_all(
        f"#game-root .yx-tile[data-place='yx-tile-{tile}'] [data-piece]",
        "nodes => nodes.map((n) => n.dataset.piece)",
    )
    return keys


def test_cubes_keep_their_identity_from_the_market_to_the_tray_and_the_pyramid(
    pages: Pages,
) -> None:
    page, table = _open(pages)
    wait_for_turn(page, table["id"], [0])
    market = {t: _tile_keys(page, t) for t in range(2)}
    assert all(len(keys) == 3 for keys in market.values())
    page.click("#game-root .yx-tile[aria-label='Take tile 1']")
    page.wait_for_selector("#game-root .yx-hand-section")
    taken = next(t["tile"] for t in _view(page)["market"] if t["taken_by"] == 0)
    tray = page.eval_on_selector_all(
        "#game-root .yx-hand-section [data-piece]", "nodes => nodes.map((n) => n.dataset.piece)"
    )
    assert sorted(tray) == sorted(market[taken])
    assert _tile_keys(page, taken) == []  # the cubes left the market with their taker

    page.locator("#game-root .yx-hit").first.click()
    cube = page.locator("#game-root .yx-own .yx-cube")
    poll(page, lambda: cube.count() == 1, "the placed cube never showed")
    assert cube.get_attribute("data-piece") in market[taken]


def _missing_places(page: Any, actions: list[dict[str, Any]]) -> list[Any]:
    """The actions whose first place key (the spot itself) is not on the board, or none is."""
    missing: list[Any] = page.evaluate(
        """async ({actions, view}) => {
          const renderer = await import('/games/yaxha/index.js');
          const missing = [];
          for (const action of actions) {
            const keys = renderer.places({ action }, { view, seat: 0, actor: 0 });
            const found = keys.filter((k) =>
              document.querySelector(`#game-root [data-place="${CSS.escape(k)}"]`));
            if (!keys.length || !found.length || found[0] !== keys[0]) missing.push([action, keys]);
          }
          return missing;
        }""",
        {"actions": actions, "view": _view(page)},
    )
    return missing


def test_places_of_every_legal_action_exist_and_a_hovered_log_line_lights_its_place(
    pages: Pages,
) -> None:
    page, _ = _open(pages, players=3)
    rng = random.Random(4)
    checked = {"tile": 0, "place": 0}
    for _ in range(40):
        last = frames(page).last_game_message()
        assert last is not None
        legal = last["legal"] or []
        tiles = [a for a in legal if a["type"] == "tile"]
        if tiles:
            assert _missing_places(page, tiles) == []
            checked["tile"] += len(tiles)
        placements = [a for a in legal if a["type"] == "place"]
        # Every spot of every cube in hand has its place on the board (lit by a hint, a log line)...
        assert _missing_places(page, placements) == []
        colours = sorted({a["colour"] for a in placements})
        for colour in colours:
            # ... and the ghosts the player clicks are those of the cube picked in hand.
            page.locator(f"#game-root [data-choice^='cube-{colour}-']").first.click()
            shown = [a for a in legal if a["type"] == "place" and a["colour"] == colour]
            assert _missing_places(page, shown) == []
            checked["place"] += len(shown)
        if checked["place"] >= 30 and checked["tile"] >= 6:
            break
        assert play_one(page, rng) != "end"
    assert checked["place"] >= 30 and checked["tile"] >= 6, checked

    # A log line naming a tile lights that tile while the pointer rests on it.
    line = page.locator("#log li.log-place", has_text=re.compile(r"takes tile \d")).last
    number = int(re.search(r"takes tile (\d)", line.inner_text()).group(1))  # type: ignore[union-attr]
    line.hover()
    spot = page.locator(f"#game-root [data-place='yx-tile-{number - 1}']")
    assert "mh-spot" in (spot.get_attribute("class") or "")
    page.mouse.move(0, 0)
    assert page.locator("#game-root .mh-spot").count() == 0


def _lit_and_shown(page: Any, key: str) -> bool:
    shown: bool = page.evaluate(
        """(key) => [...document.querySelectorAll(`#game-root [data-place="${CSS.escape(key)}"]`)]
             .some((n) => n.classList.contains('mh-spot')
                  && getComputedStyle(n).visibility === 'visible')""",
        key,
    )
    return shown


def test_a_hinted_placement_is_lit_whichever_cube_is_picked_in_hand(pages: Pages) -> None:
    page = pages.new()
    login_guest(page, unique_name("Learner"))
    table = create_table(
        page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], hints=True, start=True
    )
    page.goto(table_url(table))
    wait_for_game(page)
    rng = random.Random(3)
    # Round 2's building, with cubes of two colours in hand (round 1 has only one spot to offer).
    _play_until(
        page,
        lambda: _view(page)["round"] >= 2 and _view(page)["phase"] == "build"
        and len(set(_view(page)["seats"][0].get("hand") or [])) >= 2,
        rng,
        "a building with cubes of two colours in hand",
    )
    page.click("#hint")
    page.wait_for_selector("#hint-text")
    hint = poll(
        page,
        lambda: next((m for _, m in reversed(frames(page).log) if m.get("type") == "hint"), None),
        "the hint never came",
    )
    action = hint["action"]
    assert action["type"] == "place"
    key = page.evaluate(
        """async (action) =>
             (await import('/games/yaxha/index.js')).places({ action }, { seat: 0 })[0]""",
        action,
    )
    assert _lit_and_shown(page, key)
    other = next(c for c in _view(page)["seats"][0]["hand"] if c != action["colour"])
    page.locator(f"#game-root [data-choice^='cube-{other}-']").first.click()
    assert _lit_and_shown(page, key)
    page.locator(f"#game-root [data-choice^='cube-{action['colour']}-']").first.click()
    assert _lit_and_shown(page, key)


def test_the_choice_cards_turn_face_up_together_at_the_reveal(pages: Pages) -> None:
    page, table = _open(pages, reduced_motion="no-preference")
    wait_for_turn(page, table["id"], [0])
    # The bot's card lies face down; this seat has no card yet.
    assert page.locator("#game-root .yx-choice-card.yx-face-down").count() == 1
    page.click("#game-root .yx-tile[aria-label='Take tile 2']")
    page.wait_for_selector("#game-root .yx-hand-section")
    assert page.locator("#game-root .yx-choice-card.yx-face-up.yx-revealed").count() == 2

    # The renderer's own hook flips every revealed card at once, for the duration it is given.
    flipping = page.evaluate(
        """async () => {
          const renderer = await import('/games/yaxha/index.js');
          const root = document.querySelector('#game-root');
          // The page's own playback of the update first, so only the hook's turns are counted.
          await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
          const cards = [...root.querySelectorAll('.yx-choice-card.yx-revealed')];
          const turning = () => cards.map((card) => card.getAnimations().filter((a) =>
            JSON.stringify(a.effect.getKeyframes()).includes('rotateY')).length);
          const done = renderer.animate(root, {
            events: [{ type: 'choices_revealed', choices: [1, 0] }],
            before: null, view: null, duration: 200,
          });
          const running = turning();
          await done;
          return { running, after: turning(), promise: typeof done.then };
        }"""
    )
    assert flipping == {"running": [1, 1], "after": [0, 0], "promise": "function"}


def test_colour_letters_are_the_language_packs_own(pages: Pages) -> None:
    page = pages.new()
    page.goto("/")
    letters = page.evaluate(
        """async () => {
          const { texts } = await import('/games/yaxha/index.js');
          const out = {};
          for (const lang of ['en', 'ja', 'ko']) {
            out[lang] = ['orange', 'yellow', 'blue', 'green', 'white']
              .map((c) => texts[lang][`letter_${c}`]);
          }
          return out;
        }"""
    )
    for lang in ("en", "ja", "ko"):
        assert len(set(letters[lang])) == 5, letters  # five letters a reader can tell apart
    assert all(letter.isascii() for letter in letters["en"])
    assert not any(letter.isascii() for letter in letters["ja"] + letters["ko"])


def test_a_spot_is_said_by_the_cubes_it_touches_and_by_its_label_with_coordinates_on(
    pages: Pages,
) -> None:
    page = pages.new()
    page.goto("/")
    said = """async () => {
          const renderer = await import('/games/yaxha/index.js');
          const { translator } = await import('/js/renderers.js');
          const t = translator(renderer);
          const ctx = (view) => ({ view, legal: [], seat: 0, actor: 0, t, lang: 'en' });
          const left = { type: 'place', colour: 'white', level: 0, x: -1, y: 1 };
          const inside = { type: 'place', colour: 'white', level: 0, x: 1, y: 0 };
          const above = { type: 'place', colour: 'white', level: 1, x: 0, y: 0 };
          const cube = (x, y, colour, level = 0) => ({ level, x, y, colour, visible: true });
          // Building, a base two wide: the board draws one more column and row before it.
          const building = (pyramid) => ({ phase: 'build', seat: 0,
            seats: [{ seat: 0, hand: ['white'], base_size: [2, 2], pyramid }] });
          const base = [
            cube(0, 0, 'blue'), cube(1, 1, 'green'), cube(0, 1, 'blue'), cube(2, 0, 'blue'),
          ];
          return [
            renderer.describeAction(left, ctx(null)),
            renderer.describeAction(inside, ctx(building([]))),
            renderer.describeAction(inside, ctx(building(base))),
            renderer.describeAction(above, ctx(building([...base, cube(1, 0, 'orange')]))),
          ];
        }"""
    assert page.evaluate(said) == [
        "Place a white cube on level 1",
        "Place a white cube on level 1, starting the base",
        "Place a white cube on level 1, beside the blue and green cubes",
        "Place a white cube on level 2, on the blue, green and orange cubes",
    ]
    # The reader who shows coordinates gets the board's label too ("A2": the column drawn left
    # of a base two wide), even where there is no view to say the spot by.
    page.evaluate("localStorage.setItem('meeplehall.coordinates', 'shown')")
    assert page.evaluate(said) == [
        "Place a white cube on level 1 at A2",
        "Place a white cube on level 1, starting the base (C2)",
        "Place a white cube on level 1, beside the blue and green cubes (C2)",
        "Place a white cube on level 2, on the blue, green and orange cubes (A1)",
    ]


def test_a_tile_and_a_spot_are_chosen_from_the_keyboard_alone(pages: Pages) -> None:
    page, table = _open(pages)
    wait_for_turn(page, table["id"], [0])
    page.locator("#game-root .yx-tile[data-legal]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#game-root .yx-hand-section")
    # A cube in hand (a button), then its spot in the pyramid (an SVG shape with role=button).
    page.locator("#game-root .yx-hand-cube[data-choice]").last.focus()
    page.keyboard.press("Space")
    spot = page.locator("#game-root .yx-hit[role=button]").first
    assert spot.get_attribute("tabindex") == "0"
    spot.focus()
    page.keyboard.press("Enter")
    cube = page.locator("#game-root .yx-own .yx-cube")
    poll(page, lambda: cube.count() == 1, "the cube placed from the keyboard never showed")
