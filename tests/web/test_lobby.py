"""Lobby flows in a real browser: guests, accounts, the table form, invite links, languages."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import (
    api,
    create_table,
    login_guest,
    poll,
    register,
    switch_language,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
    wait_ready,
)


def test_guest_gets_a_name_and_sees_the_games_with_pictures_and_summaries(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Ana")
    assert "Ana" in page.text_content("#user-name")
    assert page.text_content("#welcome").strip() == "Welcome, Ana."
    card = page.locator(".game-card[data-game=yaxha]")
    assert card.locator("svg.game-picture").count() == 1
    assert card.locator(".summary").inner_text().strip() != ""
    assert api(page, "GET", "/api/me")["guest"] is True


def test_register_log_out_and_log_in_again_with_the_password(pages: Any) -> None:
    page = pages.new()
    name = unique_name("reg")
    register(page, name, "a long password")
    assert page.text_content("#user-name").strip() == name
    page.click("#logout")
    page.wait_for_selector("#login-form")
    assert page.text_content("#user-box").strip() == "Not logged in"
    page.fill("#login-name", name)
    page.fill("#login-password", "wrong password")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#login-form .form-error:not(:empty)")
    assert "password" in page.text_content("#login-form .form-error").lower()
    page.fill("#login-password", "a long password")
    page.click("#login-form button[type=submit]")
    page.wait_for_selector("#welcome")
    assert api(page, "GET", "/api/me")["name"] == name


def test_short_password_is_refused_with_the_servers_reason(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    page.fill("#register-name", unique_name("short"))
    page.fill("#register-password", "abc")
    # The browser's own check (minlength) stops it first; remove it to see the server's answer.
    page.eval_on_selector("#register-password", "el => el.removeAttribute('minlength')")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#register-form .form-error:not(:empty)")
    assert "password" in page.text_content("#register-form .form-error")


def test_a_taken_name_is_refused_in_the_readers_language(pages: Any) -> None:
    name = unique_name("taken")
    register(pages.new(), name)
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    switch_language(page, "ja")
    page.fill("#register-name", name.upper())
    page.fill("#register-password", "another password")
    page.click("#register-form button[type=submit]")
    page.wait_for_selector("#register-form .form-error:not(:empty)")
    # The server's code and params, in Japanese: not its English detail.
    assert page.text_content("#register-form .form-error") == (
        f"「{name.upper()}」という名前はすでに使われています。別の名前を選んでください。"
    )
    # The lobby redraws its forms on a language switch: the refusal stays, in Korean now.
    switch_language(page, "ko")
    assert page.text_content("#register-form .form-error") == (
        f"이미 쓰이고 있는 이름입니다: {name.upper()}. 다른 이름을 고르세요."
    )

def test_create_table_form_sends_chosen_options_seats_and_clock(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Creator")
    page.click(".game-card[data-game=yaxha] .new-table")
    # The form is drawn from the option specs, with the defaults preselected and help shown.
    games = api(page, "GET", "/api/games")
    specs = next(game for game in games if game["name"] == "yaxha")["options"]
    for spec in specs:
        field = page.locator(f"#option-{spec['key']}")
        if spec["kind"] == "bool":
            assert field.is_checked() == spec["default"]
        else:
            assert field.input_value() == str(spec["default"])
        if spec.get("help"):
            assert page.text_content(f"#option-{spec['key']}-help") == spec["help"]
    bool_spec = next(spec for spec in specs if spec["kind"] == "bool")
    choice_spec = next(spec for spec in specs if spec["kind"] == "choice")
    other_choice = next(c for c in choice_spec["choices"] if c != choice_spec["default"])
    page.set_checked(f"#option-{bool_spec['key']}", not bool_spec["default"])
    page.select_option(f"#option-{choice_spec['key']}", str(other_choice))
    page.select_option("#create-players", "3")
    page.select_option("#seat-1", "open")
    level = api(page, "GET", "/api/bots")["strongest"]
    page.select_option("#seat-2", f"bot:{level}")
    page.check("#mode-turn")
    page.fill("#create-deadline", "48")
    page.select_option("#create-visibility", "private")
    page.click("#create-submit")
    page.wait_for_url("**/tables/*?invite=*")
    page.wait_for_selector("#seats")
    table_id = int(page.url.split("/tables/")[1].split("?")[0])
    table = api(page, "GET", f"/api/tables/{table_id}")
    assert table["options"][bool_spec["key"]] == (not bool_spec["default"])
    assert table["options"][choice_spec["key"]] == other_choice
    assert table["players"] == 3
    assert table["mode"] == "turn"
    assert table["clock"]["move_deadline_ms"] == 48 * 3600 * 1000
    assert table["visibility"] == "private"
    assert [seat["bot_level"] for seat in table["seats"]] == [None, None, level]
    assert table["seats"][0]["user"]["name"] == "Creator"
    assert table["status"] == "waiting"
    # One seat is open: the owner's start button waits for it.
    assert page.is_disabled("#start")


def test_options_for_hosts_are_folded_away_from_players(pages: Any) -> None:
    page = pages.new()
    login_guest(page, unique_name("Folder"))
    games = api(page, "GET", "/api/games")
    specs = next(game for game in games if game["name"] == "monsterhex")["options"]
    advanced = [spec["key"] for spec in specs if spec.get("advanced")]
    assert "components" in advanced and "rules" in advanced
    page.click(".game-card[data-game=monsterhex] .new-table")
    for key in advanced:
        assert page.locator(f"#create-advanced #option-{key}").count() == 1
        assert not page.is_visible(f"#option-{key}")
    assert page.is_visible("#option-objectives")
    page.click("#create-advanced summary")
    assert all(page.is_visible(f"#option-{key}") for key in advanced)
    # The rules page is for players: it lists the game's options but not these.
    page.goto("/rules.html?game=monsterhex")
    wait_ready(page)
    listed = page.inner_text("#rules-options")
    assert "Objective cards" in listed and "Component data" not in listed


def test_bad_clock_setting_is_refused_with_the_servers_reason_and_no_table(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Careful")
    page.click(".game-card[data-game=yaxha] .new-table")
    page.check("#mode-live")  # against a bot the form offers no clock at first
    page.fill("#create-initial", "0.5")
    page.fill("#create-increment", "-5")
    page.eval_on_selector("#create-increment", "el => el.removeAttribute('min')")
    page.click("#create-submit")
    page.wait_for_selector("#create-error:not(:empty)")
    assert "increment" in page.text_content("#create-error").lower()
    assert api(page, "GET", "/api/my/tables") == []


def test_join_a_private_table_by_its_invite_link_then_play(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Host")
    table = create_table(owner, "yaxha", players=2, visibility="private")
    owner.goto(table_url(table))
    owner.wait_for_selector("#seats")
    link = owner.text_content("#invite-url") or ""
    assert link.startswith("http") and f"/tables/{table['id']}?invite=" in link
    # The link is copied with one click, and the page says so.
    owner.context.grant_permissions(["clipboard-read", "clipboard-write"])
    owner.click("#invite-copy")
    owner.wait_for_selector("#invite-copied:has-text('Link copied.')")
    assert owner.evaluate("navigator.clipboard.readText()") == link
    # The owner already sits: the other seat is the friend's, unless the owner asks for it too.
    assert owner.locator("#seats li[data-seat='1'] button.sit").inner_text() == (
        "Take this seat too (hot-seat)"
    )

    guest = pages.new()
    login_guest(guest, "Friend")
    # A private table is not listed, and without the link it cannot be seen.
    assert f"#{table['id']}" not in guest.text_content("#open-tables")
    guest.fill("#invite-link", link)
    guest.click("#invite-form button[type=submit]")
    guest.wait_for_selector("#seats li[data-seat='1'] button.sit")
    guest.click("#seats li[data-seat='1'] button.sit")
    owner.wait_for_selector("#start:not([disabled])")
    owner.click("#start")
    wait_for_game(owner)
    wait_for_game(guest)
    assert guest.get_attribute("body", "data-seat") == "1"
    names = guest.locator("#players .player-name").all_inner_texts()
    assert names[0].startswith("Host") and names[1].startswith("Friend")


def test_my_games_lists_the_table_waiting_for_me_first(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Busy")
    create_table(page, "yaxha", players=2)  # waiting: nobody's move
    playing = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    # The server sets up the match just after the start: wait until it says it waits for me.
    poll(page, lambda: api(page, "GET", "/api/my/tables")[0]["waiting_for_me"],
         "the server never said it waits for my move")
    # The header's "My games" link (the lobby is already open) shows the lists as they are now.
    page.click("#top nav a[href='/#my-games']")
    first = page.locator("#my-games li.table-row").first
    assert first.get_attribute("data-table") == str(playing["id"])
    assert first.locator(".badge-turn").inner_text() == "Your move"
    # Its button says what it does for me: play, not watch.
    assert first.locator("a.button-link").inner_text() == "Play"
    # Someone else's game in play is one to watch.
    other = pages.new()
    login_guest(other, "Onlooker")
    other.click("#top nav a[href='/#my-games']")
    row = other.locator(f"#playing-tables li.table-row[data-table='{playing['id']}']")
    assert row.locator("a.button-link").inner_text() == "Watch"


def test_language_switch_translates_and_is_remembered(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    assert page.text_content("#games-title") == "Games"
    switch_language(page, "ja")
    assert page.text_content("#games-title") == "ゲーム"
    assert page.title() == "ミープルホール"
    page.reload()
    wait_ready(page)
    assert page.text_content("#games-title") == "ゲーム"
    assert page.input_value("#language") == "ja"
    page.goto("/rules.html?game=yaxha")
    wait_ready(page)
    assert page.text_content(".button-link") == "ロビーへ戻る"
    switch_language(page, "ko")
    assert page.text_content(".button-link") == "로비로 돌아가기"


def test_every_shell_text_exists_in_english_japanese_and_korean(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    keys = {}
    for code in ("en", "ja", "ko"):
        keys[code] = page.evaluate(f"fetch('/i18n/{code}.json').then(r => r.json())")
    assert set(keys["en"]) == set(keys["ja"]) == set(keys["ko"])
    untranslated = [
        key for key in keys["en"] if keys["ja"][key] == keys["en"][key] and key.isascii()
        and not key.startswith("replay.") and key != "app.name"
    ]
    assert untranslated == []


def test_rules_page_shows_the_game_and_its_options(pages: Any) -> None:
    page = pages.new()
    page.goto("/rules.html?game=yaxha")
    wait_ready(page)
    assert page.text_content("h1") == "Rules of Yaxha"
    assert page.locator("#rules p").count() >= 1
    # The repository's rules document, with its own headings.
    assert page.locator("#rules .rules-document h2").count() >= 3
    assert page.locator("#rules-options dt").count() >= 1


def test_leaderboard_of_a_game_nobody_played_rated_says_so(pages: Any) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    page.click(".game-card[data-game=pyramido] .show-leaderboard")
    wait_for_js(page, "document.querySelector('#leaderboard-game').value === 'pyramido'")
    assert page.text_content("#leaderboard .empty") == "Nobody is rated in this game yet."


def test_lobby_fits_a_phone_screen_and_is_keyboard_operable(pages: Any) -> None:
    page = pages.new(viewport={"width": 375, "height": 740})
    page.goto("/")
    wait_ready(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    # Keyboard: the guest form can be filled and sent without a mouse.
    page.focus("#guest-name")
    page.keyboard.type("Keys")
    page.keyboard.press("Enter")
    page.wait_for_selector("#welcome")
    page.focus(".game-card[data-game=yaxha] .new-table")
    page.keyboard.press("Enter")
    page.wait_for_selector("#create-form")
    assert page.evaluate("document.activeElement.id") == "create-game"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_visitor_with_an_invite_link_plays_as_a_guest_from_the_table_page(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Inviter")
    table = create_table(owner, "yaxha", players=2, visibility="private")
    visitor = pages.new()
    visitor.goto(table_url(table))
    visitor.wait_for_selector("#seats #guest-form")
    assert visitor.locator("#seats button.sit").count() == 0
    visitor.fill("#guest-name", "Walk-in")
    visitor.click("#guest-form button[type=submit]")
    visitor.click("#seats li[data-seat='1'] button.sit")
    owner.goto(table_url(table))
    owner.click("#start:not([disabled])")
    wait_for_game(visitor)
    assert visitor.get_attribute("body", "data-seat") == "1"
    assert visitor.text_content("#players li[data-seat='1'] .player-name").startswith("Walk-in")


def test_private_table_without_its_invite_is_not_shown(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Secretive")
    table = create_table(owner, "yaxha", players=2, visibility="private")
    stranger = pages.new()
    stranger.goto(f"/tables/{table['id']}")
    stranger.wait_for_selector("#table-error")
    assert "invite" in stranger.text_content("#table-error")


def test_public_table_is_listed_for_others_who_open_it_and_sit(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Opener")
    table = create_table(owner, "yaxha", players=2)
    other = pages.new()
    login_guest(other, "Passer-by")
    row = other.locator(f"#open-tables li[data-table='{table['id']}']")
    assert "1/2" in row.inner_text()
    row.locator("a.button-link").click()
    other.click("#seats li[data-seat='1'] button.sit")
    other.wait_for_selector("#seats li[data-seat='1'] button.leave")
    owner.goto(table_url(table))
    assert owner.text_content("#seats li[data-seat='1'] .player-name").endswith("Passer-by")
    # Leaving a waiting table frees the seat again.
    other.click("#seats li[data-seat='1'] button.leave")
    other.wait_for_selector("#seats li[data-seat='1'] button.sit")
    owner.wait_for_selector("#start[disabled]")
    # The page that left still follows the table live: it sees the next person sit there.
    third = pages.new()
    login_guest(third, "Latecomer")
    third.goto(table_url(table))
    third.click("#seats li[data-seat='1'] button.sit")
    wait_for_js(
        other,
        "document.querySelector(\"#seats li[data-seat='1'] .player-name\")"
        "?.textContent.endsWith('Latecomer')"
    )
    assert other.locator("#connection").count() == 0


def test_create_form_keeps_choices_and_refusal_across_a_language_switch_and_logging_in(
    pages: Any,
) -> None:
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    page.click(".game-card[data-game=yaxha] .new-table")
    page.select_option("#create-players", "3")
    page.select_option("#seat-2", "bot:2")
    page.check("#mode-turn")
    page.fill("#create-deadline", "48")
    page.check("#create-rated")
    page.click("#create-submit")
    page.wait_for_selector("#create-error:not(:empty)")
    english = page.text_content("#create-error")
    assert "guest" in english

    def assert_choices_kept() -> None:
        assert page.input_value("#create-players") == "3"
        assert page.input_value("#seat-2") == "bot:2"
        assert page.is_checked("#mode-turn") and page.is_visible("#create-deadline")
        assert page.input_value("#create-deadline") == "48"
        assert page.is_checked("#create-rated")

    switch_language(page, "ja")
    assert_choices_kept()
    japanese = page.text_content("#create-error")
    assert japanese and japanese != english
    switch_language(page, "en")
    page.fill("#guest-name", "Chooser")
    page.click("#guest-form button[type=submit]")
    page.wait_for_selector("#welcome")
    assert_choices_kept()
    # Sending again clears the old refusal and shows the new one: a rated table takes no bots.
    page.click("#create-submit")
    wait_for_js(
        page,
        "document.getElementById('create-error').textContent.includes('bots')"
    )
    assert api(page, "GET", "/api/my/tables") == []
    # Another game's button opens the form for that game, with what still applies kept.
    page.click(".game-card[data-game=pyramido] .new-table")
    assert page.input_value("#create-game") == "pyramido"
    assert page.locator("#option-legend").count() == 1
    assert_choices_kept()


def test_hot_seat_at_a_rated_table_is_refused_before_anything_is_created(pages: Any) -> None:
    page = pages.new()
    register(page, unique_name("solo"))
    page.click(".game-card[data-game=yaxha] .new-table")
    page.select_option("#seat-1", "me")
    page.check("#create-rated")
    page.click("#create-submit")
    page.wait_for_selector("#create-error:not(:empty)")
    assert "unrated" in page.text_content("#create-error")
    assert api(page, "GET", "/api/my/tables") == []


def test_what_a_visitor_types_survives_the_table_page_redrawing(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Host")
    table = create_table(owner, "yaxha", players=3)
    visitor = pages.new()
    visitor.goto(table_url(table))
    visitor.wait_for_selector("#seats #guest-form")
    visitor.click("#guest-name")
    visitor.keyboard.type("Half")
    # Someone sits down meanwhile: the table update redraws the seats and the forms below them.
    api(owner, "POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    visitor.wait_for_selector("#seats li[data-seat='1'] .player-name:has-text('Host')")
    visitor.keyboard.type("way")
    assert visitor.input_value("#guest-name") == "Halfway"
    visitor.click("#guest-form button[type=submit]")
    visitor.wait_for_selector("#seats button.sit")
    assert visitor.text_content("#user-name").startswith("Halfway")
