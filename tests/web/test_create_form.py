"""The create-table form shows an option only for the player counts it applies to (the game's
option specs say which), and every choice of an option reads as words, not as an id."""

from __future__ import annotations

import re

from tests.web.conftest import Pages, login_guest, unique_name

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
    for game in ("monsterhex", "pyramido", "yaxha"):
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
