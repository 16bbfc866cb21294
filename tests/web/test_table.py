"""The table page in a real browser: two players, spectators, hot-seat, rejections, reconnects."""

from __future__ import annotations

import json
import operator
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

from tests.live_server import ServerProcess
from tests.web.conftest import (
    Pages,
    api,
    create_table,
    login_guest,
    play_one,
    play_to_end,
    poll,
    register,
    screenshot,
    seq,
    switch_language,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
    wait_for_seq_after,
    wait_for_turn,
    wait_ready,
)


def _two_player_table(pages: Any) -> tuple[Any, Any, dict[str, Any]]:
    """Alice and Bob (registered, separate browsers) at a started two-player Yaxha table."""
    alice = pages.new()
    register(alice, unique_name("alice"))
    table = create_table(alice, "yaxha", players=2)
    bob = pages.new()
    register(bob, unique_name("bob"))
    bob.goto(table_url(table))
    bob.click("#seats li[data-seat='1'] button.sit")
    alice.goto(table_url(table))
    alice.click("#start:not([disabled])")
    wait_for_game(alice)
    wait_for_game(bob)
    return alice, bob, table


def test_a_move_in_one_browser_appears_in_the_other_and_for_a_spectator(pages: Any) -> None:
    alice, bob, table = _two_player_table(pages)
    watcher = pages.new()
    watcher.goto(table_url(table))
    wait_for_game(watcher)
    assert watcher.text_content("#prompt") == "You are watching this game."
    assert watcher.locator("#game-root [data-legal]").count() == 0

    alice.wait_for_selector("#game-root [data-legal]")
    before = seq(bob)
    bob_log = bob.locator("#log li").count()
    # Keyboard: focus the first legal action and press Enter.
    alice.focus("#game-root [data-legal='0']")
    alice.keyboard.press("Enter")
    wait_for_seq_after(alice, before)
    wait_for_seq_after(bob, before)
    wait_for_seq_after(watcher, before)
    assert seq(bob) == seq(alice) == seq(watcher) == before + 1
    assert bob.locator("#log li").count() > bob_log
    # Alice has made her secret choice at a simultaneous step; Bob still has to.
    bob.wait_for_selector("#players li[data-seat='0'][data-status='done']")
    assert bob.get_attribute("#players li[data-seat='1']", "data-status") == "to_move"

    # Bob's live clock ticks down locally while he thinks; Alice's stands still.
    first = bob.text_content("#players li[data-seat='1'] .player-clock")
    wait_for_js(
        bob,
        "text => document.querySelector(\"#players li[data-seat='1'] .player-clock\")"
        ".textContent !== text",
        first,
    )
    bob_clock = bob.get_attribute("#players li[data-seat='1'] .player-clock", "class")
    assert "running" in (bob_clock or "")
    assert "running" not in (
        bob.get_attribute("#players li[data-seat='0'] .player-clock", "class") or ""
    )


def _tampered_table(pages: Any, name: str, tamper: Callable[[dict[str, Any]], None],
                    language: str = "en") -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """A started Yaxha table against a bot whose page's act messages pass through ``tamper`` on
    their way out; also returns the error messages the server answered (filled as they come)."""
    page = pages.new()
    login_guest(page, name)
    if language != "en":
        switch_language(page, language)
    table = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    errors: list[dict[str, Any]] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "act":
                tamper(data)
            server.send(json.dumps(data))

        def incoming(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "error":
                errors.append(data)
            ws.send(message)

        ws.on_message(outgoing)
        server.on_message(incoming)

    page.route_web_socket("**/ws/tables/**", route)
    page.goto(table_url(table))
    wait_for_game(page)
    return page, table, errors


def test_server_rejection_shows_its_reason_and_changes_nothing(pages: Any) -> None:
    # A client that sends something the rules refuse: the page's act is rewritten on its way.
    page, table, errors = _tampered_table(
        pages, "Tamper", lambda act: act.update(action={"move": "fly to the moon"})
    )
    before = wait_for_turn(page, table["id"], [0])["seq"]  # the bot has made its choice
    page.wait_for_selector("#game-root [data-legal]")
    page.click("#game-root [data-legal='0']")
    page.wait_for_selector("#table-error")
    assert [error["code"] for error in errors] == ["illegal_action"]
    # The rule the engine says was broken follows the translated sentence, by its id.
    assert errors[0]["rule"] == "malformed_action"
    assert page.text_content("#table-error") == (
        "Not accepted: That move is against the rules. "
        "(the page sent a move the game does not understand)"
    )
    assert seq(page) == before
    assert page.get_attribute("body", "data-busy") == "false"
    after = api(page, "GET", f"/api/tables/{table['id']}")
    assert after["seq"] == before
    assert after["to_move"] == [0]


def test_page_reconnects_after_a_network_drop_and_shows_what_it_missed(pages: Any) -> None:
    alice, bob, _ = _two_player_table(pages)
    sockets: list[Any] = []
    blocked = {"on": False}

    def route(ws: Any) -> None:
        if blocked["on"]:
            ws.close(code=1011, reason="network down")
            return
        ws.connect_to_server()
        sockets.append(ws)

    bob.route_web_socket("**/ws/tables/**", route)
    bob.reload()
    wait_for_game(bob)
    assert len(sockets) == 1
    blocked["on"] = True
    sockets[0].close(code=1011, reason="network down")
    bob.wait_for_selector("#connection")
    assert "reconnecting" in bob.text_content("#connection").lower()

    # While Bob is cut off, Alice plays.
    bob_log = bob.locator("#log li").count()
    alice.wait_for_selector("#game-root [data-legal]")
    before = seq(alice)
    alice.click("#game-root [data-legal='0']")
    wait_for_seq_after(alice, before)
    assert seq(bob) == before

    blocked["on"] = False
    wait_for_seq_after(bob, before)
    bob.wait_for_selector("#connection", state="detached")
    assert seq(bob) == seq(alice)
    # The events Bob missed were sent on reconnecting (sync since his last seq) and logged.
    assert bob.locator("#log li").count() > bob_log
    # And Bob can play on.
    bob.wait_for_selector("#game-root [data-legal]")
    current = seq(bob)
    bob.click("#game-root [data-legal='0']")
    wait_for_seq_after(bob, current)


def test_hot_seat_plays_two_seats_to_the_end_hiding_each_seat_behind_a_pass_screen(
    pages: Any,
) -> None:
    page = pages.new()
    login_guest(page, "Family")
    page.click(".game-card[data-game=yaxha] .new-table")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "me")
    page.click("#create-submit")
    page.wait_for_url("**/tables/*")
    wait_for_game(page)
    assert page.locator("#hotseat-info").count() == 1

    seats_shown: set[str] = set()
    passes = 0

    def watch(clicks: int, kind: str) -> None:
        nonlocal passes
        seats_shown.add(page.get_attribute("body", "data-seat") or "")
        if kind == "pass":
            passes += 1
        if clicks == 12:
            screenshot(page, "web-hotseat-midgame")

    # Before each hand-over the pass screen covers the game: nothing of the last seat shows.
    rng = random.Random(3)
    for _ in range(40):
        if page.locator("#pass-device").count():
            assert page.locator("#game-root [data-legal], #game-root [data-choice]").count() == 0
            assert page.locator("#game-root .generic-view").count() == 0
            assert page.locator("#log li").count() == 0
            break
        play_one(page, rng)
    else:
        raise AssertionError("no pass-the-device screen within 40 clicks")

    play_to_end(page, seed=5, on_click=watch)
    assert seats_shown == {"0", "1"}
    assert passes > 0
    assert page.get_attribute("body", "data-status") == "finished"
    assert page.locator("#breakdown-table tbody tr").count() >= 3
    assert page.locator("#breakdown-chart rect").count() >= 2
    result = api(page, "GET", f"/api/tables/{page.url.split('/tables/')[1]}/result")
    shown_totals = page.locator("#breakdown-table .total-row td").all_inner_texts()
    assert [int(total) for total in shown_totals] == result["scores"]
    # One person in two seats: each seat is named apart, in the panel, the log and the results.
    names = page.locator("#players .player-name").all_inner_texts()
    assert names[0].startswith("Family (seat 1)") and names[1].startswith("Family (seat 2)")
    # The log speaks to the seat shown as "you"; the other seat is named with its seat.
    log = page.inner_text("#log")
    assert "Family (seat 1)" in log or "Family (seat 2)" in log
    assert "Family" not in log.replace("Family (seat 1)", "").replace("Family (seat 2)", "")
    assert "Family (seat 2)" in page.inner_text("#end-of-game")
    screenshot(page, "web-hotseat-end")


def test_two_bots_of_one_level_are_named_apart_by_their_seats(pages: Any) -> None:
    page = pages.new()
    login_guest(page, unique_name("twins"))
    bots = [{"seat": 1, "level": 1}, {"seat": 2, "level": 1}]
    table = create_table(page, "pyramido", players=3, bots=bots, start=True)
    page.goto(table_url(table))
    wait_for_game(page)
    names = page.locator("#players .player-name").all_inner_texts()
    assert names[1] == "Bot (level 1) (seat 2)" and names[2] == "Bot (level 1) (seat 3)"
    assert not names[0].endswith("(seat 1)")  # a name nobody else bears stays as it is


def test_table_page_fits_a_phone_screen(pages: Any) -> None:
    page = pages.new(viewport={"width": 375, "height": 740})
    login_guest(page, "Phone")
    table = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(table))
    wait_for_game(page)
    page.wait_for_selector("#game-root [data-legal]")
    time.sleep(0.2)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    # The players panel sits below the game on a narrow screen.
    game_box = page.locator("#game-root").bounding_box()
    players_box = page.locator("#players").bounding_box()
    assert players_box["y"] > game_box["y"]


def test_language_switch_on_the_table_page_redraws_in_place(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Polyglot")
    table = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(table))
    wait_for_game(page)
    before = wait_for_turn(page, table["id"], [0])["seq"]  # the bot has made its choice
    assert page.text_content("#log-title") == "Game log"
    assert page.text_content("#players li[data-seat='0'] .player-status") == "to move"
    switch_language(page, "ko")
    assert page.text_content("#log-title") == "게임 기록"
    assert page.text_content("#players li[data-seat='0'] .player-status") == "차례"
    assert seq(page) == before
    assert page.locator("#game-root [data-legal]").count() > 0


def _hint_message(page: Any, received: list[dict[str, Any]]) -> dict[str, Any]:
    """The hint message the page received (frame events reach the test a little later)."""
    deadline = time.monotonic() + 5
    while not any(m["type"] == "hint" for m in received):
        assert time.monotonic() < deadline, "the page showed a hint the test never saw arrive"
        page.wait_for_timeout(20)
    return next(m for m in received if m["type"] == "hint")


def test_hint_button_shows_the_strongest_bots_suggestion(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Learner")
    table = create_table(
        page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], hints=True, start=True
    )
    # What the server sent: the legal actions, and the hint with its action and English label.
    received: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda frame: received.append(json.loads(frame))),
    )
    page.goto(table_url(table))
    wait_for_game(page)
    wait_for_turn(page, table["id"], [0])  # the bot has chosen: no update will clear the hint
    page.wait_for_selector("#game-root [data-legal]")
    legal = [m for m in received if m["type"] in ("sync", "update")][-1]["legal"]
    page.click("#hint")
    page.wait_for_selector("#hint-text")
    hint = _hint_message(page, received)
    assert hint["action"] in legal
    # Yaxha's renderer names the market tile as the page shows it (counted from 1).
    assert hint["action"]["type"] == "tile"
    assert page.text_content("#hint-text") == f"Suggested: Take tile {hint['action']['tile'] + 1}"
    # A language switch redraws the same hint in the reader's language, not the server's English.
    for lang, text in (("ja", "おすすめ：タイル{n}を取る"), ("ko", "추천: 타일 {n} 가져가기")):
        switch_language(page, lang)
        assert page.text_content("#hint-text") == text.format(n=hint["action"]["tile"] + 1)


def test_the_rule_a_move_broke_is_said_in_the_readers_language(pages: Any) -> None:
    # A well-formed move the rules refuse now (confirming a building at the market step).
    page, table, errors = _tampered_table(
        pages, "Kisoku", lambda act: act.update(action={"type": "confirm"}), language="ja"
    )
    wait_for_turn(page, table["id"], [0])
    page.wait_for_selector("#game-root [data-legal]")
    page.click("#game-root [data-legal='0']")
    page.wait_for_selector("#table-error")
    assert [error["code"] for error in errors] == ["illegal_action"]
    rule, params = errors[0]["rule"], errors[0]["params"]
    shown = page.text_content("#table-error") or ""
    assert errors[0]["reason"] not in shown  # the server's sentence is English
    sentence = page.evaluate(
        """async ([rule, params]) => {
             const { texts } = await import('/games/yaxha/index.js');
             const { format } = await import('/js/i18n.js');
             return format(texts.ja[`illegal.${rule}`], params);
           }""",
        [rule, params],
    )
    assert sentence and shown.endswith(f"（{sentence}）")


def test_rejection_is_shown_in_the_readers_language(pages: Any) -> None:
    # The page's act claims a seq the table has not reached: the server answers future_seq.
    page, table, errors = _tampered_table(
        pages, "Henshu", lambda act: act.update(seq=act["seq"] + 5), language="ja"
    )
    before = wait_for_turn(page, table["id"], [0])["seq"]
    page.wait_for_selector("#game-root [data-legal]")
    page.click("#game-root [data-legal='0']")
    page.wait_for_selector("#table-error")
    assert [error["code"] for error in errors] == ["future_seq"]
    shown = page.text_content("#table-error")
    assert shown == (
        "受け付けられませんでした：このページとテーブルの状態がずれています。"
        "ページを再読み込みしてください。"
    )
    assert errors[0]["reason"] not in shown
    switch_language(page, "ko")
    assert page.text_content("#table-error") == (
        "받아들여지지 않았습니다: 이 페이지가 테이블 상태와 어긋났습니다. 페이지를 새로 고침하세요."
    )
    assert seq(page) == before


def test_a_seat_taken_meanwhile_is_refused_in_the_readers_language(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Host")
    table = create_table(owner, "yaxha", players=2)
    page = pages.new()
    login_guest(page, "Late")
    switch_language(page, "ja")
    # The page does not hear that seat 2 was taken (its "table" messages are held back), so it
    # still offers the seat: the server refuses the join.
    hold = {"table": False}

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def incoming(message: str | bytes) -> None:
            if hold["table"] and json.loads(message).get("type") == "table":
                return
            ws.send(message)

        ws.on_message(server.send)
        server.on_message(incoming)

    page.route_web_socket("**/ws/tables/**", route)
    page.goto(table_url(table))
    page.wait_for_selector("#seats li[data-seat='1'] button.sit")
    hold["table"] = True
    quicker = pages.new()
    login_guest(quicker, "Quicker")
    api(quicker, "POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    page.click("#seats li[data-seat='1'] button.sit")
    page.wait_for_selector("#table-error")
    # The server's seat 1 is the page's "seat 2", in Japanese, then in Korean after a switch.
    assert page.text_content("#table-error") == (
        "受け付けられませんでした：2番席はすでに埋まっています。"
    )
    switch_language(page, "ko")
    assert page.text_content("#table-error") == "받아들여지지 않았습니다: 2번 자리는 이미 찼습니다."
    seats = api(page, "GET", f"/api/tables/{table['id']}")["seats"]
    assert [seat["user"]["name"] for seat in seats] == ["Host", "Quicker"]


def test_a_private_table_without_its_link_says_why_in_the_readers_language(pages: Any) -> None:
    owner = pages.new()
    login_guest(owner, "Secretive")
    table = create_table(owner, "yaxha", players=2, visibility="private")
    page = pages.new()
    page.goto("/")
    wait_ready(page)
    switch_language(page, "ja")
    page.goto(f"/tables/{table['id']}")  # no invite token: the server answers 404 no_table
    page.wait_for_selector("#table-error")
    assert page.text_content("#table-error") == (
        f"テーブル#{table['id']}はありません（非公開テーブルには招待リンクが必要です）。"
    )
    switch_language(page, "en")
    assert page.text_content("#table-error") == (
        f"There is no table #{table['id']} (a private table needs its invite link)."
    )

def _log_lines(page: Any) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#log li", "lis => lis.map(li => li.textContent)")
    return lines


def test_log_lines_already_shown_switch_language_with_the_page(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Chronicler")
    table = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    page.goto(table_url(table))
    wait_for_game(page)
    # Lines from the first sync, the bot's update, and this page's own move.
    wait_for_turn(page, table["id"], [0])
    page.click("#game-root [data-legal='0']")
    wait_for_turn(page, table["id"], [0])
    english = _log_lines(page)
    assert english[0].startswith("Bot (level 1)") and "chosen a tile" in english[0]
    own = next(i for i, line in enumerate(english) if "tile 1" in line and "secret" in line)
    # The bot's secret placements never reach this page, not even as "a hidden move".
    assert not any("hidden move" in line for line in english)
    switch_language(page, "ja")
    japanese = _log_lines(page)
    assert len(japanese) == len(english)
    assert japanese[0].startswith("ボット（レベル1）") and "タイル" in japanese[0]
    assert "タイル" in japanese[own] and "1" in japanese[own]
    assert all(ja != en for ja, en in zip(japanese, english, strict=True))
    switch_language(page, "en")
    assert _log_lines(page) == english

def test_turn_based_table_shows_the_time_left_for_the_move(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Patient")
    table = create_table(
        page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], mode="turn",
        move_deadline_hours=30, start=True,
    )
    page.goto(table_url(table))
    wait_for_game(page)
    page.wait_for_selector("#players li[data-seat='0'][data-status='to_move']")
    clock = page.text_content("#players li[data-seat='0'] .player-clock")
    assert clock in ("1 d 6 h", "1 d 5 h")
    # A nearer deadline is said in the same shape, in units.
    near = create_table(
        page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], mode="turn",
        move_deadline_hours=5, start=True,
    )
    page.goto(table_url(near))
    page.wait_for_selector("#players li[data-seat='0'][data-status='to_move']")
    clock = page.text_content("#players li[data-seat='0'] .player-clock")
    assert clock in ("5 h 0 min", "4 h 59 min")


def test_a_table_nobody_waits_on_has_no_clock_unless_asked(pages: Any) -> None:
    page = pages.new()
    login_guest(page, unique_name("Solo"))
    page.click(".game-card[data-game=pyramido] .new-table")
    page.select_option("#create-players", "1")
    assert page.is_checked("#mode-none")  # solo: nobody to wait for
    page.select_option("#create-players", "2")
    page.select_option("#seat-1", "open")
    assert page.is_checked("#mode-live")  # a seat for someone else: a live clock
    page.select_option("#seat-1", "bot:1")
    assert page.is_checked("#mode-none")
    page.check("#mode-turn")  # the reader's choice stays, whatever the seats
    page.select_option("#seat-1", "open")
    assert page.is_checked("#mode-turn")
    page.select_option("#seat-1", "bot:1")
    page.check("#mode-none")
    page.click("#create-submit")
    page.wait_for_url("**/tables/*")
    wait_for_game(page)
    table = api(page, "GET", f"/api/tables/{page.url.split('/tables/')[1]}")
    assert table["mode"] == "none"
    assert page.locator("#players .player-clock").count() == 0 or all(
        text == "" for text in page.locator("#players .player-clock").all_inner_texts()
    )


def test_every_action_the_page_sends_is_one_the_server_offered(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Lawful")
    table = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    offered: dict[int, list[Any]] = {}  # seq -> the legal list the server sent at that seq
    sent: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        def received(frame: str | bytes) -> None:
            message = json.loads(frame)
            if message["type"] in ("sync", "update"):
                offered[message["seq"]] = message["legal"]

        def went(frame: str | bytes) -> None:
            message = json.loads(frame)
            if message["type"] == "act":
                sent.append(message)

        ws.on("framereceived", received)
        ws.on("framesent", went)

    page.on("websocket", watch)
    page.goto(table_url(table))
    wait_for_game(page)
    rng = random.Random(8)
    for _ in range(40):
        page.wait_for_selector("#game-root [data-legal], #game-root [data-choice]")
        shown_seq = seq(page)
        # The frame events reach the test a little later than the page.
        poll(page, partial(operator.contains, offered, shown_seq), f"no seq {shown_seq} received")
        for index in page.eval_on_selector_all(
            "#game-root [data-legal]", "els => els.map(el => Number(el.dataset.legal))"
        ):
            assert 0 <= index < len(offered[shown_seq])
        if play_one(page, rng) == "end":
            break
    assert len(sent) >= 5
    for message in sent:
        assert message["action"] in offered[message["seq"]]


def test_a_double_click_sends_one_act_until_the_server_answers(pages: Any) -> None:
    page = pages.new()
    login_guest(page, "Hasty")
    table = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    acts: list[dict[str, Any]] = []

    def watch(ws: Any) -> None:
        def went(frame: str | bytes) -> None:
            message = json.loads(frame)
            if message["type"] == "act":
                acts.append(message)

        ws.on("framesent", went)

    page.on("websocket", watch)
    page.goto(f"/table.html?id={table['id']}")
    wait_for_game(page)
    page.wait_for_selector("#game-root [data-legal]")
    before = seq(page)
    page.eval_on_selector("#game-root [data-legal]", "el => { el.click(); el.click(); }")
    wait_for_seq_after(page, before)
    page.wait_for_timeout(300)
    assert len(acts) == 1
    assert page.locator("#table-error").count() == 0


def test_leaving_a_game_in_play_hands_the_seat_to_a_bot_after_asking(pages: Any) -> None:
    alice, bob, table = _two_player_table(pages)
    bob.click("#leave-game")
    bob.click("#leave-cancel")
    assert api(bob, "GET", f"/api/tables/{table['id']}")["seats"][1]["replaced"] is None
    bob.click("#leave-game")
    bob.click("#leave-confirm")
    alice.wait_for_selector("#players li[data-seat='1'] .replaced")
    assert "a bot plays" in alice.text_content("#players li[data-seat='1'] .replaced")
    assert api(alice, "GET", f"/api/tables/{table['id']}")["seats"][1]["replaced"] == "left"
    # Bob now watches: nothing to play, and no leave button any more.
    bob.wait_for_selector("#leave-game", state="detached")
    assert bob.locator("#game-root [data-legal]").count() == 0


def test_page_rides_out_a_server_restart_and_plays_on(
    browser: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    server = ServerProcess(tmp_path_factory.mktemp("restart-data"), test_games=False)
    server.start()
    opened = Pages(browser, server.base)
    try:
        page = opened.new()
        login_guest(page, "Steady")
        table = create_table(page, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
        page.goto(table_url(table))
        wait_for_game(page)
        before = wait_for_turn(page, table["id"], [0])["seq"]  # the bot has made its choice
        server.stop()
        page.wait_for_selector("#connection")
        server.start()  # same port, same database: the table is rebuilt from its log
        page.wait_for_selector("#connection", state="detached", timeout=30_000)
        page.wait_for_selector("#game-root [data-legal]")
        # The socket opens before the table is rebuilt from its log, and until it is the lobby
        # knows no public count of it (null): wait for the server's own word.
        rebuilt = poll(page, lambda: api(page, "GET", f"/api/tables/{table['id']}")["seq"],
                       "the server never rebuilt the table")
        assert seq(page) == before == rebuilt
        page.click("#game-root [data-legal='0']")
        wait_for_seq_after(page, before)
        # The only console errors allowed are the browser's notes about the refused reconnects.
        errors = [
            error for error in opened.errors()
            if not ("WebSocket connection to" in error and "ERR_CONNECTION_REFUSED" in error)
        ]
        assert errors == []
    finally:
        opened.close()
        server.stop()


def test_another_seats_update_does_not_free_a_page_whose_own_move_is_unanswered(
    pages: Any,
) -> None:
    # Ana's first act is held on its way to the server, so its acknowledgement cannot come; Ben's
    # move reaches her page meanwhile. Only her own update (or an error, or a sync) may free the
    # page: until then it must not send a second act.
    ana, ben = pages.new(), pages.new()
    login_guest(ana, unique_name("Ana"))
    login_guest(ben, unique_name("Ben"))
    table = create_table(ana, "yaxha", players=2, seat=0)
    api(ben, "POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    api(ana, "POST", f"/api/tables/{table['id']}/start")
    acts: list[dict[str, Any]] = []
    held: list[Callable[[], None]] = []

    def route(ws: Any) -> None:
        server = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            if json.loads(message).get("type") == "act":
                acts.append(json.loads(message))
                if len(acts) == 1:
                    held.append(lambda: server.send(message))
                    return
            server.send(message)

        ws.on_message(outgoing)
        server.on_message(ws.send)

    ana.route_web_socket("**/ws/tables/**", route)
    for page in (ana, ben):
        page.goto(table_url(table))
        wait_for_game(page)
    ana.wait_for_selector("#game-root .yx-tile[aria-label='Take tile 1']")
    before = seq(ana)
    ana.click("#game-root .yx-tile[aria-label='Take tile 1']")
    poll(ana, lambda: held, "the page sent no act")  # the route sees it a little after the click
    assert ana.get_attribute("body", "data-busy") == "true"

    ben.wait_for_selector("#game-root .yx-tile[aria-label='Take tile 2']")
    ben.click("#game-root .yx-tile[aria-label='Take tile 2']")
    wait_for_seq_after(ana, before)  # Ben's choice (last.seat 1) has reached Ana's page
    assert api(ana, "GET", f"/api/tables/{table['id']}")["to_move"] == [0]
    assert ana.get_attribute("body", "data-busy") == "true"
    # Tiles are still on offer to Ana's seat; a click on one sends nothing.
    ana.eval_on_selector("#game-root [data-legal]", "el => el.click()")
    assert ana.get_attribute("body", "data-busy") == "true"

    shown = seq(ana)
    held.pop()()  # the first act reaches the server at last: its update frees the page
    wait_for_seq_after(ana, shown)
    ana.wait_for_selector("body[data-busy='false']")
    assert len(acts) == 1, acts
    assert ana.locator("#table-error").count() == 0
    assert api(ana, "GET", f"/api/tables/{table['id']}")["to_move"] != [0]
