"""Checks the board and words tests of every game share: screen sizes, and what a page says in
the reader's language (no English left in a translated page, a breakdown that fits a phone)."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import (
    Pages,
    create_table,
    login_guest,
    table_url,
    unique_name,
    wait_for_game,
)

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: A text key or a breakdown path shown as is ("breakdown.colours", "big_gems.total").
DOTTED_KEY = re.compile(r"\w+\.\w+")


def english_only(page: Any, game: str, lang: str) -> list[str]:
    """The game renderer's English words that are not also its ``lang`` text of the same key:
    the pieces of each text between its placeholders, long enough to be words."""
    pieces: list[str] = page.evaluate(
        """async ([game, lang]) => {
          const { texts } = await import(`/games/${game}/index.js`);
          const out = new Set();
          for (const [key, english] of Object.entries(texts.en)) {
            if (texts[lang][key] === english || key === 'rules' || key === 'summary') continue;
            for (const piece of String(english).split(/\\{\\w+\\}/)) {
              const word = piece.replace(/[.,:;()✓✗→·×+–-]/g, ' ').trim();
              if (/[A-Za-z]{3}/.test(word)) out.add(word);
            }
          }
          return [...out];
        }""",
        [game, lang],
    )
    return pieces


def shown_breakdown(page: Any) -> str:
    """The end-of-game breakdown as the page shows it: the table on a laptop, one card per seat
    on a phone (the other is in the page but hidden)."""
    page.wait_for_selector("#end-of-game")
    return "#breakdown-cards" if page.is_visible("#breakdown-cards") else "#breakdown-table"


def breakdown_spots(page: Any, row: str = "") -> str:
    """The selector of the shown breakdown's score buttons, in the rows ``row`` (an attribute
    filter on the row's key, such as ``[data-row^='colour-']``) or in every row."""
    if shown_breakdown(page) == "#breakdown-cards":
        return f"#breakdown-cards dt{row} + dd button.score-spot"
    return f"#breakdown-table tr{row} button.score-spot"


def breakdown_fit(page: Any, row: str = "") -> dict[str, Any]:
    """Whether the end-of-game breakdown as shown fits the screen's width, and the most lines
    the names of the rows ``row`` (an attribute filter on the row's key; every row by default)
    take: ``{"fits": bool, "lines": int}``."""
    shown = shown_breakdown(page)
    names = f"dt{row}" if shown == "#breakdown-cards" else f"tbody tr{row} th[scope=row]"
    fit: dict[str, Any] = page.evaluate(
        """([shown, rows]) => {
          const table = document.querySelector(shown);
          const lines = [...table.querySelectorAll(rows)].map((th) => {
            const range = document.createRange();
            range.selectNodeContents(th);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          });
          return { fits: table.getBoundingClientRect().right <= window.innerWidth
                           && table.scrollWidth <= table.clientWidth,
                   lines: Math.max(0, ...lines) };
        }""",
        [shown, names],
    )
    return fit


def game_table(
    pages: Pages, game: str, lang: str, viewport: dict[str, int] | None = None, **body: Any
) -> tuple[Any, dict[str, Any]]:
    """A started two-seat table of ``game``: the new page's person at seat 0, a level-1 bot at
    seat 1, the page in ``lang``; ``body`` adds to the table's creation (options, mode)."""
    page = pages.new(viewport=viewport or LAPTOP, reduced_motion="reduce")
    login_guest(page, unique_name("Reader"))
    page.evaluate("lang => localStorage.setItem('meeplehall.lang', lang)", lang)
    table = create_table(
        page, game, start=True, players=2, seat=0, bots=[{"seat": 1, "level": 1}], **body
    )
    page.goto(table_url(table))
    wait_for_game(page)
    return page, table


def log_lines(page: Any) -> list[str]:
    """The log's lines as read aloud: without the small pieces drawn before some of them."""
    lines: list[str] = page.evaluate(
        """[...document.querySelectorAll('#log > li')].map((li) =>
             [...li.childNodes].filter((node) => !node.classList?.contains('log-icons'))
               .map((node) => node.textContent).join('').trim())"""
    )
    return lines


def texts_read(page: Any) -> list[str]:
    """Every text a player reads at the table: the prompt, the log, the board's text and the
    names its pieces give (titles, tooltips, labels read aloud)."""
    texts: list[str] = page.evaluate(
        """() => {
          const root = document.querySelector('#game-root');
          return [
            document.querySelector('#prompt')?.innerText || '',
            ...[...document.querySelectorAll('#log li')].map((li) => li.innerText),
            ...[...root.querySelectorAll('title')].map((node) => node.textContent),
            ...[...root.querySelectorAll('[title]')].map((node) => node.getAttribute('title')),
            ...[...root.querySelectorAll('[aria-label]')].map(
              (node) => node.getAttribute('aria-label')),
            root.innerText,
          ];
        }"""
    )
    return texts
