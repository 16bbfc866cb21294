"""The create-table form shows an option only for the player counts it applies to (the game's
option specs say which), and every choice of an option reads as words, not as an id."""

from __future__ import annotations

import re

from tests.registry_games import with_renderer
from tests.web.conftest import Pages, login_guest, switch_language, unique_name

SHOWN = "(key) => !document.getElementById('option-' + key).closest('[hidden]')"


def test_options_follow_the_player_count_and_every_choice_has_words(pages: Pages) -> None:
    page = pages.new()
    login_guest(page, unique_name("Form"))
    page.click(".game-card[data-game=monsterhex] .new-table")
    page.wait_for_selector("#option-shared_faction")
    for players, shared, solo in ((1, False, True), (2, True, False), (4, False, False)):
        page.select_option("#create-players", str(players))
        assert page.evaluate(SHOWN, "shared_faction") is shared, players
        assert page.evaluate(SHOWN, "solo_target") is solo, players
    # Every choice of every game's options is words, never its raw id ("draft", "a_legend").
    raw = []
    for game in with_renderer():
        page.select_option("#create-game", game)
        page.wait_for_selector(f"#create-form:has(#create-game option[value={game}]:checked)")
        page.wait_for_selector("#create-options")
        for value, text in page.evaluate(
            "() => [...document.querySelectorAll('#create-options option')]"
            ".map((o) => [o.value, o.textContent])"
        ):
            if text == value or re.fullmatch(r"[a-z_]+", text):
                raw.append(f"{game}: {value} shows as {text!r}")
    assert raw == []


COMMUNITY = {"pyramido": "90 dominoes", "monsterhex": "boards"}


def test_games_with_the_halls_own_components_say_so_on_their_card_and_form(
    pages: Pages,
) -> None:
    page = pages.new()
    login_guest(page, unique_name("Set"))
    for game, words in COMMUNITY.items():
        note = page.locator(f".game-card[data-game={game}] .community-set")
        assert words in note.inner_text() and "not the publisher" in note.inner_text()
    # Yaxha is played with its own components: no such note.
    assert page.locator(".game-card[data-game=yaxha] .community-set").count() == 0

    page.click(".game-card[data-game=pyramido] .new-table")
    page.wait_for_selector("#create-community")
    assert "90 dominoes" in page.inner_text("#create-community")
    # Naming another domino file takes the note away; the built-in set brings it back.
    page.locator("#create-advanced summary").click()
    page.fill("#option-dominoes", "my_dominoes")
    page.wait_for_selector("#create-community", state="hidden")
    page.fill("#option-dominoes", "")
    page.wait_for_selector("#create-community")
    page.select_option("#create-game", "monsterhex")
    page.wait_for_selector("#create-form:has(#create-game option[value=monsterhex]:checked)")
    assert "boards" in page.inner_text("#create-community")
    page.select_option("#create-game", "yaxha")
    page.wait_for_selector("#create-form:has(#create-game option[value=yaxha]:checked)")
    assert page.locator("#create-community").count() == 0

    # In Japanese and Korean too.
    for language, word in (("ja", "コミュニティ"), ("ko", "커뮤니티")):
        switch_language(page, language)
        note = page.locator(".game-card[data-game=pyramido] .community-set")
        assert word in note.inner_text()
