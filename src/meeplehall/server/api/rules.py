"""The rules of each game for players, as HTML: the repository's own rules documents
(``docs/rules/<game>.md`` in English, ``<game>.<lang>.md`` in the other languages), which the
package carries as ``meeplehall/web/rules``.

A fenced block whose language is ``diagram`` names a picture the game's web renderer draws (its
``diagram(name, ctx)``): it reaches the page as ``<pre><code class="language-diagram">``.
Raw HTML in a document is not passed through.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from fastapi import APIRouter
from markdown_it import MarkdownIt

from meeplehall.core import UnknownGame
from meeplehall.core.registry import get_game
from meeplehall.server.errors import ApiError

RULES_DIR = Path(__file__).resolve().parents[2] / "web" / "rules"
LANGUAGES = ("en", "ja", "ko")

router = APIRouter(prefix="/api", tags=["catalog"])


def rules_file(game: str, lang: str) -> Path | None:
    """The document of ``game`` in ``lang``, else in English, else None."""
    for name in (f"{game}.{lang}.md", f"{game}.md") if lang != "en" else (f"{game}.md",):
        path = RULES_DIR / name
        if path.is_file():
            return path
    return None


@cache
def rendered(path: Path) -> str:
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    html: str = parser.render(path.read_text(encoding="utf-8"))
    return html


@router.get("/rules/{game}")
async def rules(game: str, lang: Literal["en", "ja", "ko"] = "en") -> dict[str, Any]:
    """A game's rules in ``lang`` (English when that translation is missing), as HTML."""
    try:
        get_game(game)
    except UnknownGame as error:
        raise ApiError(404, "unknown_game", error.reason, {"game": game}) from None
    path = rules_file(game, lang)
    if path is None:
        raise ApiError(404, "no_rules", f"no rules document for {game}", {"game": game})
    shown = "en" if path.name == f"{game}.md" else lang
    return {"game": game, "lang": shown, "html": rendered(path)}
