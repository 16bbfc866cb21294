"""Click-to-update time seen in the table page: from a click on a legal action to the first frame
painted after the server's answer, for each game, in Debian's Chromium against a real server.

    python bench/click_to_update.py                  # every game, 30 acts each
    python bench/click_to_update.py --games yaxha --acts 60 --motion normal

The page measures itself: a capturing click listener notes the time of a click on a
`[data-legal]` element, and the time is taken at the first animation frame after the page has
drawn the answer (`body[data-busy]` back to false). Bots (level 1) fill the other seats, with no
pacing, so the figure is the page and the server, not the bot's think time. With `--motion off`
(the default) no animation runs; with `normal` the page's own move may wait behind the
animations of moves queued before it, which is part of what a player sees.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.live_server import ServerProcess  # the repository's test server

GAMES = {"yaxha": 2, "pyramido": 2, "monsterhex": 2}

MEASURE = """
window.mhTimes = [];
document.addEventListener("click", (event) => {
  if (!event.target.closest("[data-legal]")) return;
  const start = performance.now();
  const watch = new MutationObserver(() => {
    if (document.body.dataset.busy !== "false") return;
    watch.disconnect();
    requestAnimationFrame(() => window.mhTimes.push(performance.now() - start));
  });
  watch.observe(document.body, {attributes: true, attributeFilter: ["data-busy"]});
}, true);
"""

CLICKABLE = "#game-root [data-legal], #game-root [data-choice], #pass-device-ready"


def measure(browser: Any, base: str, game: str, acts: int, motion: str, seed: int) -> list[float]:
    context = browser.new_context(
        base_url=base, viewport={"width": 1280, "height": 800},
        reduced_motion="reduce" if motion == "off" else "no-preference",
    )
    page = context.new_page()
    page.add_init_script(MEASURE)
    page.add_init_script(f"localStorage.setItem('meeplehall.motion', '{motion}')")
    page.goto("/")
    page.wait_for_selector("body[data-ready='true']")
    page.fill("#guest-name", f"bench{random.randrange(10**6)}")
    page.click("#guest-form button[type=submit]")
    page.wait_for_selector("#welcome")
    bots = [{"seat": seat, "level": 1} for seat in range(1, GAMES[game])]
    body = {"game": game, "players": GAMES[game], "bots": bots}
    response = page.request.post("/api/tables", data=body)
    table = response.json()
    page.request.post(f"/api/tables/{table['id']}/start")
    page.goto(f"/tables/{table['id']}")
    rng = random.Random(seed)
    while page.evaluate("window.mhTimes.length") < acts:
        if page.get_attribute("body", "data-status") == "finished":
            break
        try:
            page.wait_for_selector(f"{CLICKABLE}, body[data-status='finished']", timeout=30_000)
            controls = page.locator(CLICKABLE)
            count = controls.count()
            if count and page.get_attribute("body", "data-busy") != "true":
                controls.nth(rng.randrange(count)).click(timeout=2_000)
            page.wait_for_timeout(20)
        except Exception:  # a control redrawn away under the click: look again
            continue
    times: list[float] = page.evaluate("window.mhTimes")
    context.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--acts", type=int, default=30, help="acts measured per game")
    parser.add_argument("--motion", default="off", choices=["off", "fast", "normal"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data, sync_playwright() as playwright:
        server = ServerProcess(Path(data))
        server.start()
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        try:
            print(f"click-to-update in the page (ms), motion {args.motion}")
            print(f"{'game':<12}{'acts':>6}{'median':>9}{'p90':>9}{'max':>9}")
            for game in args.games:
                started = time.monotonic()
                times = sorted(
                    measure(browser, server.base, game, args.acts, args.motion, args.seed)
                )
                if not times:
                    print(f"{game:<12}{0:>6}")
                    continue
                p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
                print(f"{game:<12}{len(times):>6}{statistics.median(times):>9.1f}{p90:>9.1f}"
                      f"{times[-1]:>9.1f}   ({time.monotonic() - started:.0f} s)")
        finally:
            browser.close()
            server.stop()


if __name__ == "__main__":
    main()
