"""Every page of the web client, in every language, loads without a console error or an
uncaught exception (the ``pages`` fixture fails the test on any), with no untranslated key."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import (
    api,
    create_table,
    finished_bot_table,
    login_guest,
    switch_language,
    table_url,
    wait_for_game,
    wait_ready,
)


def _no_raw_keys(page: Any, keys: set[str]) -> None:
    """No shell key shows up untranslated (t() falls back to the key itself)."""
    text = page.inner_text("body")
    shown = sorted(key for key in keys if key in text)
    assert shown == []


@pytest.mark.parametrize("language", ["en", "ja", "ko"])
def test_every_page_loads_cleanly_in_each_language(pages: Any, language: str) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    switch_language(page, language)
    keys = set(page.evaluate("fetch('/i18n/en.json').then(r => r.json())"))
    keys = {key for key in keys if "." in key}
    _no_raw_keys(page, keys)
    login_guest(page, f"Pages-{language}")
    games = [game["name"] for game in api(page, "GET", "/api/games")]
    for game in games:
        page.goto(f"/rules.html?game={game}")
        wait_ready(page)
        _no_raw_keys(page, keys)
    waiting = create_table(page, games[0], players=2)
    page.goto(table_url(waiting))
    page.wait_for_selector("#seats")
    _no_raw_keys(page, keys)
    for game in games:
        playing = create_table(page, game, players=2, bots=[{"seat": 1, "level": 1}], start=True)
        page.goto(table_url(playing))
        wait_for_game(page)
        page.wait_for_selector("#game-root [data-legal], #game-root [data-choice]")
        _no_raw_keys(page, keys)
    finished = finished_bot_table(page, "yaxha")
    page.goto(table_url(finished))
    page.wait_for_selector("#end-of-game")
    _no_raw_keys(page, keys)
    page.goto(f"/replay.html?id={finished['id']}")
    wait_ready(page)
    page.click("#replay-forward")
    _no_raw_keys(page, keys)
    assert page.evaluate("document.documentElement.lang") == language


def test_a_visitor_who_is_not_logged_in_meets_no_console_error(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Pages-owner")
    waiting = create_table(owner, "pyramido", players=2)
    finished = finished_bot_table(owner, "yaxha")

    visitor = pages.new()
    errors: list[str] = []  # every console error, even the 4xx answers the fixture lets pass

    def on_console(message: Any) -> None:
        if message.type == "error":
            errors.append(message.text)

    visitor.on("console", on_console)
    visitor.goto("/")
    wait_ready(visitor)
    visitor.goto("/rules.html?game=yaxha")
    wait_ready(visitor)
    visitor.goto(table_url(waiting))
    visitor.wait_for_selector("#seats")
    visitor.goto(f"/replay.html?id={finished['id']}")
    wait_ready(visitor)
    assert errors == []


@pytest.mark.parametrize(
    "language,one,many",
    [("en", "1 point", "3 points"), ("ja", "1点", "3点"), ("ko", "1점", "3점")],
)
def test_texts_with_a_count_take_the_plural_form_of_the_readers_language(
    pages: Any, language: str, one: str, many: str
) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    switch_language(page, language)
    said = page.evaluate(
        """async () => {
          const { t } = await import('/js/i18n.js');
          return [t('table.points', {count: 1}), t('table.points', {count: 3})];
        }"""
    )
    assert said == [one, many]


def test_the_api_docs_page_runs_under_its_content_security_policy(pages: Any) -> None:
    """Swagger UI starts from its one inline script, allowed by hash (a policy violation would
    be a console error, which fails the test)."""
    page = pages.new()
    page.goto("/docs")
    page.wait_for_selector(".swagger-ui .opblock", state="attached")
    assert page.locator(".swagger-ui .opblock").count() > 20
