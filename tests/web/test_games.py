"""Each game played to its end-of-game screen through its renderer, one human seat against a bot
(or solo).

The clicks go only through the renderer's data-choice / data-legal elements (the shared
``play_to_end`` helper), so a game that reaches its end screen proves that the renderer offered a
legal way forward at every step. Screenshots of each table page mid-game and at the end, and of
the replay, are saved under test-artifacts/ for people to look at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.registry_games import with_renderer
from tests.web.conftest import (
    Pages,
    api,
    create_table,
    login_guest,
    play_to_end,
    screenshot,
    seq,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_seq_after,
    wait_ready,
)


@dataclass(frozen=True)
class Case:
    """A table to play, and what its renderer must draw."""

    name: str
    game: str
    players: int
    korean: str  # a text of the game's renderer in Korean
    always: tuple[str, ...]  # selectors drawn at least once
    per_seat: str | None = None  # a selector drawn once per seat
    options: dict[str, Any] = field(default_factory=dict)


CASES = [
    # Three players, so that a lost tie can leave the human a pick among the unchosen tiles.
    Case("yaxha", "yaxha", 3, "피라미드", (".yx-card", ".yx-tile"), ".yx-pyramid"),
    # Solo: the Legendary Explorer's panel is drawn beside the one pyramid.
    Case(
        "pyramido-solo",
        "pyramido",
        1,
        "전설의 탐험가",
        (".pd-space", ".pd-explorer"),
        ".pd-pyramid",
    ),
    # Two players with the shared faction (its own turns), drafted abilities and objectives.
    Case(
        "monsterhex-shared",
        "monsterhex",
        2,
        "공유 세력",  # the shared faction, named on the board in Korean
        (".mx-board", ".mx-unit"),
        options={"objectives": True, "abilities": "draft", "shared_faction": True},
    ),
]
MID_GAME_CLICK = 12


def _play(pages: Pages, case: Case) -> tuple[Any, int, dict[str, Any]]:
    page = pages.new()
    login_guest(page, unique_name("Player"))
    table = create_table(
        page,
        case.game,
        start=True,
        players=case.players,
        seat=0,
        bots=[{"seat": seat, "level": 1} for seat in range(1, case.players)],
        options=case.options,
        mode="live",
        initial_seconds=3600,
    )
    page.goto(table_url(table))
    wait_for_game(page)

    def mid_game(clicks: int, kind: str) -> None:
        if clicks == MID_GAME_CLICK:
            screenshot(page, f"{case.name}-mid-game")
        if clicks % 10 == 0:
            _assert_no_stray_objects(page)

    clicks = play_to_end(page, seed=7, on_click=mid_game)
    screenshot(page, f"{case.name}-end")
    return page, clicks, table


def _assert_no_stray_objects(page: Any) -> None:
    """No value was written as text where an element was meant ("[object ...]", "undefined")."""
    text = page.inner_text("#game-root")
    assert "[object" not in text and "undefined" not in text and "NaN" not in text


def _assert_drawn(page: Any, case: Case) -> None:
    _assert_no_stray_objects(page)
    if case.per_seat:
        assert page.locator(f"#game-root {case.per_seat}").count() == case.players
    for selector in case.always:
        assert page.locator(f"#game-root {selector}").count() >= 1


def _assert_chart_legend_fits(page: Any) -> None:
    """Every entry of the bar chart's legend lies inside the chart, none cut off."""
    chart = page.locator("#breakdown-chart").bounding_box()
    entries = page.locator("#breakdown-chart text.legend")
    assert entries.count() >= 1
    for index in range(entries.count()):
        box = entries.nth(index).bounding_box()
        assert chart["x"] <= box["x"] and box["x"] + box["width"] <= chart["x"] + chart["width"]
        assert chart["y"] <= box["y"] and box["y"] + box["height"] <= chart["y"] + chart["height"]


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_one_human_plays_a_whole_game_through_the_renderer(pages: Pages, case: Case) -> None:
    page, clicks, table = _play(pages, case)
    assert clicks > MID_GAME_CLICK
    assert page.get_attribute("body", "data-status") == "finished"
    assert page.locator("#end-of-game").is_visible()
    assert page.locator("#breakdown-table").count() == 1
    _assert_chart_legend_fits(page)
    # The renderer still draws the final position, and nothing is left to click.
    _assert_drawn(page, case)
    assert page.locator("#game-root [data-legal]").count() == 0

    # The same finished table in Korean: the renderer's own texts switch language.
    page.evaluate("localStorage.setItem('meeplehall.lang', 'ko')")
    page.reload()
    wait_for_game(page)
    page.wait_for_selector("#end-of-game")
    assert case.korean in page.inner_text("#game-root")
    page.evaluate("localStorage.setItem('meeplehall.lang', 'en')")

    # Its replay, stepped to the middle and to the end, draws the spectator view.
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    slider = page.locator("#replay-slider")
    total = int(slider.get_attribute("max") or 0)
    assert total > 0
    # The replay page says which step it has drawn (body[data-step]): the checks wait for that,
    # not for the slider, which moves before the drawing.
    slider.fill(str(total // 2))
    page.wait_for_selector(f"body[data-step='{total // 2}']")
    _assert_drawn(page, case)
    screenshot(page, f"{case.name}-replay-middle")
    slider.fill(str(total))
    page.wait_for_selector(f"body[data-step='{total}']")
    _assert_drawn(page, case)
    assert page.locator("#game-root [data-legal]").count() == 0


def test_yaxha_secret_choice_can_be_changed_until_everyone_has_chosen(pages: Pages) -> None:
    first, second = pages.new(), pages.new()
    login_guest(first, unique_name("Ana"))
    login_guest(second, unique_name("Ben"))
    table = create_table(first, "yaxha", players=2, seat=0)
    api(second, "POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    api(first, "POST", f"/api/tables/{table['id']}/start")
    for page in (first, second):
        page.goto(table_url(table))
        wait_for_game(page)

    def tile_with(page: Any, text: str) -> Any:
        return page.locator("#game-root .yx-tile", has_text=text)

    # Ana takes tile 1 in secret; the other tiles now offer a change of mind.
    before = seq(first)
    first.click("#game-root .yx-tile[aria-label='Take tile 1']")
    wait_for_seq_after(first, before)
    assert "your secret choice" in tile_with(first, "Tile 1").inner_text()
    change = first.locator("#game-root .yx-tile[aria-label='Change my mind: take tile 2 instead']")
    assert change.count() == 1
    wait_for_seq_after(second, before)
    assert "Ana" in second.inner_text("#game-root .yx-status")
    assert "has chosen" in second.inner_text("#game-root .yx-status")

    # She changes her mind: her secret choice moves to tile 2; Ben's page hears nothing of it.
    before, bens = seq(first), seq(second)
    change.click()
    wait_for_seq_after(first, before)
    assert "your secret choice" in tile_with(first, "Tile 2").inner_text()
    assert "your secret choice" not in tile_with(first, "Tile 1").inner_text()
    assert "your secret choice" not in second.inner_text("#game-root")

    # Ben chooses tile 1: the choices are revealed and Ana collects tile 2. Ben's count moved
    # by his own choice only: the change of mind was never counted on his side.
    before = seq(first)
    second.click("#game-root .yx-tile[aria-label='Take tile 1']")
    wait_for_seq_after(second, bens)
    assert seq(second) == bens + 1
    wait_for_seq_after(first, before)
    first.wait_for_selector("#game-root .yx-hand-section")
    assert "taken by Ana" in tile_with(first, "Tile 2").inner_text()
    assert first.locator("#game-root .yx-tile[data-legal]").count() == 0


@pytest.mark.parametrize("game", with_renderer())
def test_every_renderer_text_exists_in_japanese_and_korean_with_the_same_placeholders(
    pages: Pages, game: str
) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    problems = page.evaluate(
        """async (game) => {
          const { texts } = await import(`/games/${game}/index.js`);
          const holes = (text) =>
            [...String(text).matchAll(/\\{(\\w+)\\}/g)].map((m) => m[1]).sort();
          const problems = [];
          // Plural forms: a language may say "key.other" as plain "key", and may leave out a
          // form it never uses (Japanese and Korean have only "other").
          const plural = /^(.*)\\.(zero|one|two|few|many|other)$/;
          const counted = (key, text) => holes(text)
            .filter((hole) => !plural.test(key) || (hole !== "count" && hole !== "n")).join();
          const needed = (lang, key) => {
            const form = key.match(plural);
            if (!form || key in texts[lang]) return key in texts[lang];
            const used = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
            const fallback = `${form[1]}.other` in texts[lang] || form[1] in texts[lang];
            return (form[2] === "other" || !used.includes(form[2])) && fallback;
          };
          for (const [key, english] of Object.entries(texts.en)) {
            for (const lang of ["ja", "ko"]) {
              if (!needed(lang, key)) problems.push(`${lang} lacks ${key}`);
              else if (!(key in texts[lang])) continue;
              // A plural form may say its number in words ("1 unit"): the count may differ.
              else if (counted(key, texts[lang][key]) !== counted(key, english)) {
                problems.push(`${lang} ${key} has other placeholders`);
              }
            }
          }
          for (const key of ["summary", "rules"]) {
            if (!texts.en[key]) problems.push(`no ${key}`);
          }
          return problems;
        }""",
        game,
    )
    assert problems == []


# One action of every type each game with a renderer has (checked against the engine below), as
# JSON: a game's renderer comes with its samples here.
ACTION_SAMPLES: dict[str, list[dict[str, Any]]] = {
    "yaxha": [
        {"type": "tile", "tile": 2},
        {"type": "place", "colour": "blue", "level": 1, "x": 2, "y": 0},
        {"type": "place", "colour": "white", "level": 0, "x": -1, "y": 1},
        {"type": "undo"},
        {"type": "confirm"},
    ],
    "pyramido": [
        {"type": "take", "space": 2, "gem": "red"},
        {"type": "take", "space": 3, "gem": None},
        {"type": "split", "pile": 4},
        {"type": "reveal", "pile": 1},
        {"type": "place", "i": 1, "j": -1, "rotation": 3},
        {"type": "activate", "area": 0, "units": 3, "coloured": 2, "mythical": 2},
        {"type": "finish"},
        {"type": "discard", "gem": "mythical"},
    ],
    "monsterhex": [
        {"type": "place", "unit": "S", "q": 1, "r": -1, "rotation": 2},
        {"type": "take_slot", "slot": 0},
        {"type": "take_slot", "slot": 1},
        {"type": "pass"},
        {"type": "target", "q": 0, "r": 1},
        {"type": "rotate", "q": 1, "r": -1, "rotation": 3},
        {"type": "draw_objective"},
        {"type": "pick", "ability": "curse"},
    ],
}


def _action_types(game: str) -> set[str]:
    from meeplehall.games.monsterhex import actions as monsterhex
    from meeplehall.games.pyramido import actions as pyramido
    from meeplehall.games.yaxha import actions as yaxha

    return {
        "yaxha": set(yaxha.ACTION_TYPES),
        "pyramido": set(pyramido._FIELDS),
        "monsterhex": set(monsterhex._FIELDS),
    }[game]


@pytest.mark.parametrize("game", with_renderer())
def test_every_action_type_is_described_in_english_japanese_and_korean(
    pages: Pages, game: str
) -> None:
    from meeplehall.core.registry import get_game

    engine = get_game(game)
    samples = ACTION_SAMPLES[game]
    assert {sample["type"] for sample in samples} == _action_types(game)
    for sample in samples:
        engine.parse_action(sample)  # each sample is a well-formed action
    state = engine.new_state(2, seed=1)
    seat = min(state.to_move())
    first_legal = state.legal_actions(seat)[0].to_json()
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    # The renderer's describeAction through the shell's own translator, in each language, with
    # no view and with the engine's real view of the seat about to play its first legal action.
    lines = page.evaluate(
        """async ({game, samples, view, seat}) => {
          const renderer = await import(`/games/${game}/index.js`);
          const { actionText, translator } = await import("/js/renderers.js");
          const { setLanguage } = await import("/js/i18n.js");
          const out = {};
          for (const lang of ["en", "ja", "ko"]) {
            await setLanguage(lang);
            const ctx = (v) => ({
              view: v, legal: [], labels: [], seat, players: [], send: () => false,
              t: translator(renderer), lang, hotseat: false, seatName: (s) => `P${s}`,
              seatColour: () => "#000", actor: seat,
            });
            out[lang] = {
              bare: samples.map((action) => renderer.describeAction(action, ctx(null))),
              viewed: samples.map((action) => renderer.describeAction(action, ctx(view))),
              hidden: actionText(renderer, null, "a hidden move", ctx(view)),
            };
          }
          return out;
        }""",
        {"game": game, "samples": [*samples, first_legal], "view": state.view(seat), "seat": seat},
    )
    for lang in ("en", "ja", "ko"):
        for line in lines[lang]["bare"] + lines[lang]["viewed"]:
            assert line and "{" not in line and "act_" not in line, (lang, line)
            if lang != "en":
                assert not line.isascii(), (lang, line)
    assert lines["en"]["hidden"] == "a hidden move"
    assert lines["ja"]["hidden"] == "非公開の手"
    assert lines["ko"]["hidden"] == "비공개 수"
    if game == "monsterhex":
        # With the view, a placement says where the unit's strongest edge faces, in words.
        placed = lines["en"]["viewed"][-1]
        assert " facing " in placed and "rotation" not in placed, placed
        assert "に向ける" in lines["ja"]["viewed"][-1]


def test_monster_hex_placement_works_from_the_keyboard_alone(pages: Pages) -> None:
    page = pages.new()
    login_guest(page, unique_name("Keys"))
    table = create_table(
        page, "monsterhex", start=True, players=2, seat=0, bots=[{"seat": 1, "level": 1}]
    )
    page.goto(table_url(table))
    wait_for_game(page)
    # A unit in hand (a button), then a cell of the board (an SVG shape with role=button).
    unit = page.locator("#game-root button[data-choice^='unit-']").first
    unit.focus()
    page.keyboard.press("Enter")
    cell = page.locator("#game-root [role=button][data-choice^='cell-']").first
    assert cell.get_attribute("tabindex") == "0"
    cell.focus()
    page.keyboard.press("Enter")
    # The preview offers the placement; Space on the button sends it.
    place = page.locator("#game-root button[data-legal]", has_text="Place")
    before = seq(page)
    place.focus()
    page.keyboard.press("Space")
    wait_for_seq_after(page, before)
    assert page.locator("#game-root .mx-board .mx-unit").count() >= 1
