"""The table chat in real browsers: two people chat at a table, markup stays text, mute (kept in
this browser), report, the owner's switch for spectators, a phone's width, the replay's chat,
guests marked, and earlier messages loaded by page."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

from tests.live_server import ServerProcess
from tests.web.conftest import (
    Pages,
    api,
    create_table,
    login_guest,
    poll,
    register,
    switch_language,
    table_url,
    unique_name,
    wait_for_game,
    wait_ready,
)

#: Markup that would run (and mark the page) if a message were ever inserted as HTML.
HOSTILE = '<b>bold</b><img src=x onerror="document.body.dataset.pwned=1">'


def chat_texts(page: Any) -> list[str]:
    return [text for text in page.locator("#chat-messages .chat-text").all_text_contents()]


def say(page: Any, text: str) -> None:
    page.fill("#chat-input", text)
    page.click("#chat-send")


def wait_for_line(page: Any, text: str) -> None:
    poll(page, lambda: text in chat_texts(page), f"{text!r} never appeared in the chat")


def reports(server: ServerProcess) -> list[tuple[Any, ...]]:
    with sqlite3.connect(server.data_dir / "meeplehall.db") as database:
        return database.execute(
            "SELECT m.text, r.reason, r.note FROM chat_reports r "
            "JOIN chat_messages m ON m.id = r.message_id ORDER BY r.id"
        ).fetchall()


def test_two_browsers_chat_markup_stays_text_mute_holds_and_a_report_is_recorded(
    pages: Pages, web_server: ServerProcess,
) -> None:
    alice, bob = pages.new(), pages.new()
    login_guest(alice, unique_name("alice"))
    login_guest(bob, unique_name("bob"))
    table = create_table(alice, "yaxha", players=2)
    alice.goto(table_url(table))
    alice.wait_for_selector("#chat-input")
    # What is being typed survives the page's redraws (Bob sitting down redraws it).
    alice.fill("#chat-input", "half-typed")
    alice.evaluate("document.getElementById('chat-input').setSelectionRange(4, 4)")
    api(bob, "POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    alice.wait_for_selector("#seats li[data-seat='1'] .player-name:has-text('bob')")
    assert alice.input_value("#chat-input") == "half-typed"
    caret = "[document.activeElement.id, document.activeElement.selectionStart]"
    assert alice.evaluate(caret) == ["chat-input", 4]
    api(alice, "POST", f"/api/tables/{table['id']}/start")
    bob.goto(table_url(table))
    wait_for_game(alice)
    wait_for_game(bob)

    say(alice, HOSTILE)
    wait_for_line(bob, HOSTILE)
    assert alice.input_value("#chat-input") == ""
    for page in (alice, bob):
        wait_for_line(page, HOSTILE)
        assert page.locator("#chat-messages b, #chat-messages img").count() == 0
        # The author's name leads to their page (a guest's short one).
        author = page.locator("#chat-messages .chat-author a.player-link").first
        assert "player.html?guest=alice" in (author.get_attribute("href") or "")
        assert page.evaluate("document.body.dataset.pwned") is None
    say(bob, "nice try")
    wait_for_line(alice, "nice try")

    # Bob mutes Alice: her lines go, for him only, and stay gone after a reload.
    bob.click("#chat-messages li[data-user] .chat-more")
    bob.click("#chat-messages .chat-mute")
    bob.wait_for_selector("#chat .chat-unmute")
    assert chat_texts(bob) == ["nice try"]
    bob.reload()
    wait_for_game(bob)
    bob.wait_for_selector("#chat .chat-unmute")
    wait_for_line(bob, "nice try")
    assert chat_texts(bob) == ["nice try"]
    assert HOSTILE in chat_texts(alice)
    say(alice, "can you hear me?")
    wait_for_line(alice, "can you hear me?")
    bob.click("#chat .chat-unmute")
    wait_for_line(bob, "can you hear me?")

    # Alice reports Bob's line: the operator's table has it, with the reason and her note.
    alice.click("#chat-messages li:has(.chat-text:text-is('nice try')) .chat-more")
    alice.click("#chat-messages .chat-report")
    alice.select_option("#chat-report-reason", "abuse")
    alice.fill("#chat-report-note", "mocking me")
    alice.click("#chat-report-send")
    alice.wait_for_selector("#chat-messages .chat-reported")
    assert ("nice try", "abuse", "mocking me") in reports(web_server)

    # A reconnect brings the chat back (Alice's socket drops and reopens).
    alice.reload()
    wait_for_game(alice)
    wait_for_line(alice, "can you hear me?")
    assert chat_texts(alice)[:2] == [HOSTILE, "nice try"]


def test_spectator_chat_follows_the_owners_switch_and_fits_a_phone(pages: Pages) -> None:
    owner = pages.new()
    login_guest(owner, unique_name("owner"))
    table = create_table(owner, "yaxha", players=2, bots=[{"seat": 1, "level": 1}], start=True)
    owner.goto(table_url(table))
    wait_for_game(owner)
    phone = pages.new(viewport={"width": 390, "height": 844})
    login_guest(phone, unique_name("watcher"))
    phone.goto(table_url(table))
    wait_for_game(phone)
    # On a phone the chat is folded under the log; opened, it fits the width.
    assert phone.evaluate("document.getElementById('chat').open") is False

    owner.uncheck("#chat-spectators")
    phone.click("#chat-title")
    phone.wait_for_selector("#chat-note")
    assert phone.is_hidden("#chat-form")
    owner.check("#chat-spectators")
    phone.wait_for_selector("#chat-form:not([hidden])")
    say(phone, "a long line from the stands " + "x" * 120)
    wait_for_line(owner, "a long line from the stands " + "x" * 120)
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
    line = owner.locator("#chat-messages li.chat-spectator")
    assert line.count() == 1

    # Folded, the chat counts what is new; in Japanese, the panel speaks Japanese.
    phone.click("#chat-title")
    owner_line = "the owner speaks"
    say(owner, owner_line)
    phone.wait_for_selector("#chat-unread")
    switch_language(phone, "ja")
    assert phone.text_content("#chat-title") == "チャット新着1件"
    phone.click("#chat-title")
    wait_for_line(phone, owner_line)
    assert phone.get_attribute("#chat-input", "placeholder") == "テーブルのみんなに話しかける…"
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390

    # Writing too fast (5 at once, then one every 2 seconds): refused, said so in Japanese, and
    # the refused line is back in the field.
    for n in range(40):
        text = f"spam {n}"
        say(phone, text)
        refused = poll(phone, lambda text=text: (
            "refused" if phone.locator("#chat-error").count()
            else "shown" if text in chat_texts(phone) else None), f"{text!r} had no answer")
        if refused == "refused":
            break
    assert refused == "refused", "40 lines in a row were all accepted"
    assert "書き込みが速すぎます" in (phone.text_content("#chat-error") or "")
    assert phone.input_value("#chat-input") == text
    assert text not in chat_texts(owner)


def test_the_replay_shows_the_chat_as_it_stood_at_each_step(
    pages: Pages, web_server: ServerProcess,
) -> None:
    page = pages.new()
    login_guest(page, unique_name("solo"))
    table = create_table(page, "yaxha", players=2, seat=None, bots=[
        {"seat": 0, "level": 1}, {"seat": 1, "level": 1}])
    page.goto(table_url(table))
    page.wait_for_selector("#chat-input")
    say(page, "before the start")
    wait_for_line(page, "before the start")
    api(page, "POST", f"/api/tables/{table['id']}/start")
    page.wait_for_selector("body[data-status='finished']", timeout=120_000)
    say(page, "after the end")
    wait_for_line(page, "after the end")
    page.goto(f"/replay.html?id={table['id']}")
    wait_ready(page)
    said = "#replay-chat .chat-text"
    page.wait_for_selector("body[data-step='0']")
    assert page.locator(said).all_text_contents() == ["before the start"]
    page.click("#replay-last")
    page.wait_for_selector("body:not([data-step='0'])")
    assert page.locator(said).all_text_contents() == ["before the start", "after the end"]

    # A long chat: the replay brings its last 50 lines, the button the older ones.
    me = api(page, "GET", "/api/me")["id"]
    end = len(api(page, "GET", f"/api/tables/{table['id']}/replay")["steps"])
    add_lines(web_server, table["id"], [(me, f"late {n:02}") for n in range(60)], step=end)
    page.reload()
    wait_ready(page)
    page.click("#replay-last")
    page.wait_for_selector("body:not([data-step='0'])")
    assert page.locator(said).all_text_contents() == [f"late {n:02}" for n in range(10, 60)]
    page.click("#chat-earlier")
    poll(page, lambda: page.locator(said).count() == 62, "the earlier lines never came")
    assert page.locator(said).all_text_contents()[:3] == [
        "before the start", "after the end", "late 00"]
    assert page.locator("#chat-earlier").count() == 0


def add_lines(server: ServerProcess, table_id: int, lines: list[tuple[int, str]],
              step: int = 0) -> None:
    """Store chat lines (author id, text) at a table straight in the database: more than the
    rate limit lets one write in a test."""
    with sqlite3.connect(server.data_dir / "meeplehall.db") as database:
        database.executemany(
            "INSERT INTO chat_messages (table_id, user_id, seats, step, text, created_at) "
            "VALUES (?, ?, '[]', ?, ?, ?)",
            [(table_id, user, step, text, time.time()) for user, text in lines])


def test_guests_are_marked_and_earlier_messages_load_by_page_on_a_laptop_and_a_phone(
    pages: Pages, web_server: ServerProcess, tmp_path: Path,
) -> None:
    guest, member = pages.new(), pages.new()
    login_guest(guest, unique_name("visitor"))
    register(member, unique_name("member"))
    guest_id = api(guest, "GET", "/api/me")["id"]
    member_id = api(member, "GET", "/api/me")["id"]
    table = create_table(member, "yaxha", players=2)
    # 60 lines, before anyone opens the table: the page gets the last 50 (the server's
    # chat_history), and the rest by page.
    add_lines(web_server, table["id"], [
        (guest_id if n % 2 else member_id, f"line {n:02}") for n in range(60)])
    member.goto(table_url(table))
    wait_for_line(member, "line 59")
    assert chat_texts(member) == [f"line {n:02}" for n in range(10, 60)]
    # A guest's line carries the guest tag, a registered person's does not.
    by_guest = member.locator("#chat-messages li:has(.chat-text:text-is('line 11'))")
    by_member = member.locator("#chat-messages li:has(.chat-text:text-is('line 12'))")
    assert by_guest.locator(".chat-guest").text_content() == "guest"
    assert by_member.locator(".chat-guest").count() == 0
    # Scrolled back to the top, the reader finds the button for earlier messages.
    member.evaluate("document.getElementById('chat-messages').scrollTop = 0")
    member.screenshot(path=str(tmp_path / "chat-laptop.png"))
    member.click("#chat-earlier")
    wait_for_line(member, "line 00")
    assert chat_texts(member) == [f"line {n:02}" for n in range(60)]
    assert member.locator("#chat-earlier").count() == 0
    # What is new still comes at the end.
    say(member, "and now")
    wait_for_line(member, "and now")
    assert chat_texts(member)[-1] == "and now"

    phone = pages.new(viewport={"width": 390, "height": 844})
    login_guest(phone, unique_name("phone"))
    phone.goto(table_url(table))
    phone.wait_for_selector("#chat-title")
    phone.click("#chat-title")
    wait_for_line(phone, "and now")
    assert len(chat_texts(phone)) == 50
    phone.wait_for_selector("#chat-earlier")
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
    switch_language(phone, "ja")
    assert phone.text_content("#chat-earlier") == "以前のメッセージ"
    assert "ゲスト" in (phone.text_content("#chat-messages") or "")
    phone.evaluate("document.getElementById('chat-messages').scrollTop = 0")
    phone.screenshot(path=str(tmp_path / "chat-phone.png"), full_page=True)
    phone.click("#chat-earlier")
    wait_for_line(phone, "line 00")
    assert len(chat_texts(phone)) == 61
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 390
