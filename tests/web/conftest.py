"""Shared fixtures for the browser tests of the web client.

- ``web_server``: a real ``meeplehall serve`` on a free loopback port with a temporary data dir.
- ``browser``: Debian's Chromium driven by Playwright (skipped with a reason when it is absent
  and CI is not "true").
- ``pages``: opens pages, each in its own browser context (its own cookies, so its own user);
  every page's console errors and uncaught exceptions are collected and the test fails if any.
- Helpers to log in, open tables through the HTTP API with a page's cookies, and play a game
  through the UI by clicking ``data-choice`` / ``data-legal`` elements until the end screen.

The page exposes its state for tests on ``<body>``: ``data-seq`` (last seq seen), ``data-status``
(waiting / playing / finished), ``data-seat`` (seat shown), ``data-busy`` (an act in flight),
``data-sent`` (acts sent so far). The messages of every page's table sockets are recorded too
(``frames(page)``), so a helper can wait for the server's answer to this page's own act (the
update naming its seat, with a seq past the act's) rather than for any update.

The helpers never keep an element across a redraw: they look a control up again right before
acting on it, look again when a redraw took it away or changed what it does, and every wait has
a deadline.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.live_server import ServerProcess

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: How long a test waits for the page to react (ms): bots and the server share 2 cores.
WAIT_MS = 20_000

# Chromium logs every HTTP answer of 400 or more as a console error ("Failed to load resource").
# The protocol answers 401 to "who am I?" when nobody is logged in, and 4xx with a reason to bad
# requests, which the pages show to the player: those lines are expected; anything else (a
# missing file, a script error, a 5xx) fails the test.
EXPECTED_API_STATUS = re.compile(r"status of (400|401|403|404|409|422|429)\b")


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path_factory.mktemp("web-data"), test_games=False)
    server.start()
    yield server
    server.stop()


# Per module, not per session: Playwright's sync API keeps an event loop running in the thread
# while it is open, and the server tests' asyncio.run() refuses to start inside it; with the
# tests spread over workers (pytest-xdist), one worker may run server tests after browser tests.
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI") == "true":
            pytest.fail(f"{CHROMIUM} is required for the browser tests when CI=true")
        pytest.skip(f"{CHROMIUM} is not installed: the browser tests need Debian's Chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        yield chromium
        chromium.close()


@dataclass
class Frames:
    """The messages of a page's table sockets, in the order the browser sent and received them:
    ``(True, message)`` for a message the page sent, ``(False, message)`` for one it received."""

    log: list[tuple[bool, dict[str, Any]]] = field(default_factory=list)
    #: The address of each table socket the page opened, reconnections included.
    urls: list[str] = field(default_factory=list)

    def on_websocket(self, ws: Any) -> None:
        if "/ws/tables/" not in ws.url:
            return
        self.urls.append(ws.url)
        ws.on("framesent", lambda frame: self._record(True, frame))
        ws.on("framereceived", lambda frame: self._record(False, frame))

    def _record(self, sent: bool, frame: str | bytes) -> None:
        try:
            message = json.loads(frame)
        except ValueError:
            return
        if isinstance(message, dict):
            self.log.append((sent, message))

    def acts(self) -> list[tuple[int, dict[str, Any]]]:
        """The acts the page sent, each with its place in the log."""
        return [(at, message) for at, (sent, message) in enumerate(self.log)
                if sent and message.get("type") == "act"]

    def answer(self, at: int) -> dict[str, Any] | None:
        """The server's answer to the act at ``at`` in the log, once received: the update of that
        seat's move (``last.seat`` is the act's seat, ``seq`` past the act's), an error, or a sync
        (after a stale act, or a reconnect); None while none has come. Another seat's update is no
        answer: it may have been sent before the server read the act."""
        act = self.log[at][1]
        for sent, message in self.log[at + 1:]:
            kind = message.get("type")
            if sent or kind not in ("error", "sync", "update"):
                continue
            if kind != "update":
                return message
            last = message.get("last") or {}
            if last.get("seat") == act.get("seat") and message["seq"] > act["seq"]:
                return message
        return None

    def last_game_message(self) -> dict[str, Any] | None:
        """The last update or sync received."""
        received = [message for sent, message in self.log if not sent]
        games = [message for message in received if message.get("type") in ("update", "sync")]
        return games[-1] if games else None


@dataclass
class Watched:
    """A page, the console errors and uncaught exceptions it produced, and its socket frames."""

    page: Any
    errors: list[str] = field(default_factory=list)
    frames: Frames = field(default_factory=Frames)

    def on_console(self, message: Any) -> None:
        if message.type != "error":
            return
        text = message.text
        url = (message.location or {}).get("url", "")
        if (
            text.startswith("Failed to load resource")
            and "/api/" in url
            and EXPECTED_API_STATUS.search(text)
        ):
            return
        self.errors.append(f"console error on {self.page.url}: {text} ({url})")

    def on_page_error(self, error: Any) -> None:
        self.errors.append(f"uncaught exception on {self.page.url}: {error}")


class Pages:
    """Opens watched pages, each in a fresh browser context (a separate person)."""

    def __init__(self, browser: Any, base: str) -> None:
        self.browser = browser
        self.base = base
        self.watched: list[Watched] = []
        self.contexts: list[Any] = []

    def new(
        self,
        *,
        viewport: dict[str, int] | None = None,
        context: Any = None,
        reduced_motion: str = "reduce",
    ) -> Any:
        """A new page; in a new context unless ``context`` (another tab of the same person).

        Pages ask for reduced motion unless told otherwise, so the board shows every update at
        once (no animation queue between moves); the tests of animations pass
        ``reduced_motion="no-preference"``."""
        if context is None:
            context = self.browser.new_context(
                base_url=self.base,
                viewport=viewport or {"width": 1280, "height": 900},
                reduced_motion=reduced_motion,
            )
            context.set_default_timeout(WAIT_MS)
            self.contexts.append(context)
        page = context.new_page()
        watched = Watched(page)
        page.on("console", watched.on_console)
        page.on("pageerror", watched.on_page_error)
        page.on("websocket", watched.frames.on_websocket)
        self.watched.append(watched)
        _FRAMES[page] = watched.frames
        return page

    def errors(self) -> list[str]:
        return [error for watched in self.watched for error in watched.errors]

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def pages(browser: Any, web_server: ServerProcess) -> Iterator[Pages]:
    """Page factory; the test fails if any of its pages logged an error."""
    opened = Pages(browser, web_server.base)
    yield opened
    errors = opened.errors()
    opened.close()
    assert not errors, "the pages logged errors:\n" + "\n".join(errors)


# --- helpers ------------------------------------------------------------------------------------

#: The socket frames of each page opened by a ``Pages`` (see ``frames``).
_FRAMES: weakref.WeakKeyDictionary[Any, Frames] = weakref.WeakKeyDictionary()


def frames(page: Any) -> Frames:
    """The recorded table-socket messages of a page opened by ``Pages.new``."""
    return _FRAMES[page]


def poll(page: Any, check: Callable[[], Any], what: str, timeout_ms: float = WAIT_MS) -> Any:
    """Call ``check`` until it returns something truthy, and return that; fail with ``what`` at
    the deadline. For what the page's DOM does not show (the server's state, received frames)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        result = check()
        if result:
            return result
        assert time.monotonic() < deadline, f"{what} (waited {timeout_ms / 1000:.0f} s)"
        page.wait_for_timeout(30)

def wait_for_js(page: Any, expression: str, arg: Any = None, timeout_ms: float = WAIT_MS) -> Any:
    """Evaluate ``expression`` (a function of ``arg``, or an expression) in the page until it is
    truthy, and return its value. Playwright's own ``wait_for_function`` evaluates its
    predicate with ``eval`` inside the page, which the hall's Content-Security-Policy forbids
    (the tests keep the policy on, so any page breaking it fails them)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        assert time.monotonic() < deadline, f"waited {timeout_ms / 1000:.0f} s for {expression}"
        page.wait_for_timeout(20)


_names = iter(range(1, 1_000_000))


def unique_name(prefix: str) -> str:
    """A login name no other test of this session uses (the server keeps one database)."""
    return f"{prefix}{next(_names)}{random.randrange(1000)}"


def wait_ready(page: Any) -> None:
    """The lobby, replay and rules pages set body[data-ready] once drawn."""
    page.wait_for_selector("body[data-ready='true']")


def switch_language(page: Any, language: str) -> None:
    """Pick a language on the current page and wait until the page has redrawn in it."""
    page.select_option("#language", language)
    wait_for_js(page, f"document.documentElement.lang === '{language}'")


def login_guest(page: Any, name: str) -> None:
    page.goto("/")
    wait_ready(page)
    page.fill("#guest-name", name)
    page.click("#guest-form button[type=submit]")
    page.wait_for_selector("#welcome")


def register(page: Any, name: str, password: str = "correct horse") -> None:
    page.goto("/")
    wait_ready(page)
    page.fill("#register-name", name)
    page.fill("#register-password", password)
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#welcome")


def api(page: Any, method: str, path: str, body: Any = None) -> Any:
    """Call the HTTP API with the page's cookies (as the page's user); raise on an error."""
    response = page.request.fetch(path, method=method, data=body)
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    return response.json() if response.status != 204 else None


def create_table(page: Any, game: str, *, start: bool = False, **body: Any) -> dict[str, Any]:
    """Open a table as the page's user (the CreateTable body of the protocol)."""
    table: dict[str, Any] = api(page, "POST", "/api/tables", {"game": game, **body})
    if start:
        table = api(page, "POST", f"/api/tables/{table['id']}/start")
    return table


def finished_bot_table(
    page: Any, game: str, players: int = 2, seconds: float = 120, **body: Any
) -> dict[str, Any]:
    """A table of level-1 bots only, opened as the page's user and played to its end by the
    server (nobody watches it, so at full speed); the finished table. ``body`` adds to the
    table's creation (options, mode)."""
    table = create_table(page, game, players=players, seat=None, start=True,
                         bots=[{"seat": seat, "level": 1} for seat in range(players)], **body)

    def finished() -> dict[str, Any] | None:
        now: dict[str, Any] = api(page, "GET", f"/api/tables/{table['id']}")
        return now if now["status"] == "finished" else None

    done: dict[str, Any] = poll(page, finished, f"the bots did not finish {game}", seconds * 1000)
    return done


def table_url(table: dict[str, Any]) -> str:
    token = table.get("invite_token")
    return f"/tables/{table['id']}" + (f"?invite={token}" if token else "")


def wait_for_turn(page: Any, table_id: int, seats: list[int]) -> dict[str, Any]:
    """Wait until the server says exactly ``seats`` are to move (bots have played) and the page
    has drawn the last update or sync it received, which says the same; returns the table.

    (The table's ``seq`` is the spectators' count: a seat's own count differs once it has made
    secret moves, so the page is compared on who is to move, not on the number.)"""

    def server_says() -> dict[str, Any] | None:
        table: dict[str, Any] = api(page, "GET", f"/api/tables/{table_id}")
        return table if sorted(table["to_move"]) == sorted(seats) else None

    def page_caught_up() -> dict[str, Any] | None:
        # Re-read together each time: the page may draw newer messages than the test has seen,
        # and a message it has drawn says the same seats are to move only once it is the last.
        last = frames(page).last_game_message()
        if not last or sorted(last["to_move"]) != sorted(seats):
            return None
        shown, busy = page.evaluate("[document.body.dataset.seq, document.body.dataset.busy]")
        return last if int(shown or 0) == last["seq"] and busy != "true" else None

    table: dict[str, Any] = poll(page, server_says, f"seats {seats} never came to move")
    poll(page, page_caught_up, f"the page never showed that seats {seats} are to move")
    return table


def seq(page: Any) -> int:
    return int(page.get_attribute("body", "data-seq") or 0)


def wait_for_game(page: Any) -> None:
    """Wait until the table page shows a game in play (or over)."""
    page.wait_for_selector("body[data-status='playing'], body[data-status='finished']")
    page.wait_for_selector("#game-root")


def wait_for_seq_after(page: Any, before: int) -> None:
    wait_for_js(page, "before => Number(document.body.dataset.seq || 0) > before", before)


# What the page offers now, once it offers something: the end screen, the hot-seat hand-over,
# or the enabled, visible data-legal / data-choice elements of the game. Falsy while there is
# nothing to do (an act in flight, another seat or a bot to move), so wait_for_js waits.
_OFFERED = """() => {
  if (document.querySelector('#end-of-game')) return {end: true};
  if (document.querySelector('#pass-device')) return {pass: true};
  if (document.body.dataset.busy === 'true') return null;
  const free = (el) => !el.disabled && el.getAttribute('aria-disabled') !== 'true'
    && el.offsetParent !== null;
  const found = document.querySelectorAll('#game-root [data-legal], #game-root [data-choice]');
  const options = [...found].filter(free).map((el) => ({
      kind: el.dataset.legal !== undefined ? 'legal' : 'choice',
      legal: el.dataset.legal ?? null, choice: el.dataset.choice ?? null,
      text: (el.textContent || '') + ' ' + (el.getAttribute('aria-label') || ''),
    }));
  return options.length ? {options} : null;
}"""

AVOID = re.compile(r"undo|changed my mind|change my mind|cancel", re.IGNORECASE)


def _selector(option: dict[str, Any]) -> str:
    if option["kind"] == "id":
        return f"#{option['id']}"
    if option["kind"] == "legal":
        return f"#game-root [data-legal=\"{option['legal']}\"]"
    return f"#game-root [data-choice=\"{option['choice']}\"]"


def offered(page: Any) -> dict[str, Any] | None:
    """What the page offers right now (see _OFFERED), without waiting."""
    result: dict[str, Any] | None = page.evaluate(_OFFERED)
    return result


#: How long one click may wait for its control (ms). A control a redraw removed is not waited
#: for: the helper looks again at what the page offers now.
CLICK_MS = 3_000


#: A control's text as _OFFERED reads it, to tell whether a redraw changed what it does.
_CONTROL_TEXT = "el => (el.textContent || '') + ' ' + (el.getAttribute('aria-label') || '')"


def _click_fresh(page: Any, option: dict[str, Any]) -> bool:
    """Click the control of ``option``, looked up now; False when a redraw took it away or gave
    its number to another action (data-legal numbers the legal list, which a bot's move may
    change), so the caller looks again at what the page offers."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    # Renderers may draw one choice in several places (a map and a list): the first shown one.
    control = page.locator(_selector(option)).filter(visible=True).first
    try:
        if "text" in option and control.evaluate(_CONTROL_TEXT, timeout=CLICK_MS) != option["text"]:
            return False
        control.click(timeout=CLICK_MS)
    except PlaywrightTimeout:
        return False
    return True


def wait_for_answer(page: Any, act_at: int, timeout_ms: float = WAIT_MS * 3) -> dict[str, Any]:
    """Wait for the server's answer to this page's act at ``act_at`` in its frames (the update of
    the act's own seat with a later seq, an error or a sync) and for the page to have taken it in
    (no act in flight any more); returns the answer."""
    answer: dict[str, Any] = poll(
        page,
        lambda: frames(page).answer(act_at),
        f"no answer to the act {frames(page).log[act_at][1]}",
        timeout_ms,
    )
    page.wait_for_selector("body[data-busy='false']", timeout=timeout_ms)
    return answer


def _sent(page: Any) -> int:
    return int(page.get_attribute("body", "data-sent") or 0)


def play_one(
    page: Any, rng: random.Random, avoid: re.Pattern[str] = AVOID, *, prefer_legal: bool = False
) -> str:
    """Make one click that advances the game: a hand-over, a choice or a legal action.

    Returns "end" at the end screen, "pass" after a hot-seat hand-over, "choice" or "legal"
    (after the server has answered this page's act, and the page has taken the answer in).
    Waits (for bots and other players) until there is something to do; when the chosen control
    is gone before the click (bots' moves redraw the page), it looks again.
    """
    deadline = time.monotonic() + WAIT_MS * 3 / 1000
    while True:
        left_ms = (deadline - time.monotonic()) * 1000
        assert left_ms > 0, "the page offered nothing that could be clicked"
        state: dict[str, Any] = wait_for_js(page, _OFFERED, timeout_ms=left_ms)
        if state.get("end"):
            return "end"
        if state.get("pass"):
            if not _click_fresh(page, {"kind": "id", "id": "pass-device-ready"}):
                continue
            page.wait_for_selector("#pass-device", state="detached")
            return "pass"
        options = state["options"]
        preferred = [option for option in options if not avoid.search(option["text"])]
        if prefer_legal:
            preferred = [option for option in preferred if option["kind"] == "legal"] or preferred
        option = rng.choice(preferred or options)
        if option["kind"] != "legal":
            if _click_fresh(page, option):
                return "choice"
            continue
        sent, known = _sent(page), len(frames(page).acts())
        if not _click_fresh(page, option):
            continue
        # The click sends an act unless the page stopped offering it meanwhile (a hot-seat
        # hand-over): data-sent says which, at once, in the page's own order.
        if _sent(page) == sent:
            continue
        act_at = poll(page, partial(_act_after, page, known),
                      "the page counted an act its socket never sent")
        wait_for_answer(page, act_at)
        return "legal"


def _act_after(page: Any, known: int) -> int | None:
    """Where the first act after the ``known`` first ones is in the page's frames, once seen."""
    acts = frames(page).acts()
    return acts[known][0] if len(acts) > known else None


def play_to_end(
    page: Any,
    *,
    seed: int = 0,
    max_clicks: int = 3000,
    on_click: Callable[[int, str], None] | None = None,
) -> int:
    """Play every seat this page holds, by clicking, until the end-of-game screen; returns the
    number of clicks. ``on_click(n, kind)`` runs after each click (e.g. to take a screenshot)."""
    rng = random.Random(seed)
    choices_in_a_row = 0
    for clicks in range(max_clicks):
        # Random clicks may wander among local choices (areas to score, rotations) while bots'
        # updates reshape what is offered; after a run of them, a legal action, if any is
        # offered, is picked, so a page that offers none still fails below.
        kind = play_one(page, rng, prefer_legal=choices_in_a_row >= 20)
        if kind == "end":
            page.wait_for_selector("#end-of-game")
            return clicks
        choices_in_a_row = choices_in_a_row + 1 if kind == "choice" else 0
        assert choices_in_a_row < 200, (
            f"200 choices in a row without sending an action; offered now: {offered(page)}"
        )
        if on_click is not None:
            on_click(clicks, kind)
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


def play_together(players: list[Any], *, seed: int = 0, max_clicks: int = 5000) -> int:
    """Several pages (several people at one table) play by clicking, each when it has something
    to do, until every page shows the end-of-game screen; returns the number of clicks."""
    rng = random.Random(seed)
    clicks = 0
    idle_since = time.monotonic()
    while clicks < max_clicks:
        if all(page.locator("#end-of-game").count() for page in players):
            return clicks
        acted = False
        for page in players:
            state = offered(page)
            if not state or state.get("end"):
                continue
            play_one(page, rng)
            clicks += 1
            acted = True
        if acted:
            idle_since = time.monotonic()
            continue
        assert time.monotonic() - idle_since < WAIT_MS * 3 / 1000, (
            "no page had anything to do and the game is not over"
        )
        players[0].wait_for_timeout(50)
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


def screenshot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
