"""The rules documents for players (docs/rules/), served as HTML by GET /api/rules/{game}."""

from __future__ import annotations

from pathlib import Path

import httpx

from meeplehall.server.api.rules import RULES_DIR, rendered
from tests.live_server import ServerProcess
from tests.registry_games import with_renderer

REPO = Path(__file__).resolve().parents[3]


def test_every_game_has_its_rules_in_the_repository_and_the_package_carries_them() -> None:
    # Every game the web client shows (the test game, registered from the tests, has none).
    for name in with_renderer():
        document = REPO / "docs" / "rules" / f"{name}.md"
        assert document.is_file(), name
        assert (RULES_DIR / f"{name}.md").read_text() == document.read_text()


def test_raw_html_in_a_document_is_shown_as_text_not_run(tmp_path: Path) -> None:
    document = tmp_path / "x.md"
    document.write_text("# Title\n\n<script>alert(1)</script>\n\n```diagram\nsample\n```\n")
    html = rendered(document)
    assert "<h1>Title</h1>" in html and "<script>" not in html and "&lt;script&gt;" in html
    assert '<pre><code class="language-diagram">sample\n</code></pre>' in html


def test_rules_are_served_in_the_asked_language_or_else_in_english(server: ServerProcess) -> None:
    english = httpx.get(f"{server.base}/api/rules/yaxha")
    assert english.status_code == 200
    assert english.json()["lang"] == "en" and "<h1>" in english.json()["html"]
    for lang in ("ja", "ko"):
        answer = httpx.get(f"{server.base}/api/rules/yaxha", params={"lang": lang}).json()
        translated = (RULES_DIR / f"yaxha.{lang}.md").is_file()
        assert answer["lang"] == (lang if translated else "en")
    missing = httpx.get(f"{server.base}/api/rules/chess")
    assert (missing.status_code, missing.json()["code"]) == (404, "unknown_game")
    assert httpx.get(f"{server.base}/api/rules/yaxha", params={"lang": "fr"}).status_code == 422
