"""E-mail against a hostile user, through a real SMTP server on loopback: an address is one
mailbox (checked when given, and again when written to, so an address stored before the check
never reaches a second one); subjects carry no user text; the confirmation minute starts with
the first request; unsubscribe links expire; an admin's password reset mails the user a
one-time link and gives the admin nothing to log in with."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from unittest import mock

import httpx
import pytest
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.server.mail import tokens as link_tokens
from tests.live_server import ServerProcess
from tests.mailbox import PUBLIC, Mailbox, body_of, confirm_address, link_in, smtp_server
from tests.people import PASSWORD, login, registered
from tests.server.client import Player

DAY = 24 * 3600.0


class Hall(SimpleNamespace):
    server: ServerProcess
    mailbox: Mailbox
    database: Path


@pytest.fixture(scope="module")
def hall(database_factory: Any, server_env: dict[str, str]) -> Iterator[Hall]:
    url, data_dir = database_factory("sqlite")
    with smtp_server() as (mailbox, smtp_url):
        process = ServerProcess(data_dir, url, server_env)
        process.extra = ["--smtp-url", smtp_url, "--away-minutes", "0", "--public-url", PUBLIC]
        process.start()
        yield Hall(server=process, mailbox=mailbox, database=data_dir / "meeplehall.db")
        process.stop()


def befriend(sender: Player, name: str) -> None:
    answer = sender.http.post("/api/friends/requests", json={"name": name})
    assert answer.status_code == 202, answer.text


def contact(player: Player) -> dict[str, Any]:
    answer: dict[str, Any] = player.http.get("/api/me/contact").json()
    return answer


def link_key(hall: Hall) -> str:
    with sqlite3.connect(hall.database) as db:
        (key,) = db.execute("SELECT value FROM server_keys WHERE name = 'mail_links'").fetchone()
    return str(key)


def signed_at(key: str, purpose: str, payload: dict[str, Any], at: float) -> str:
    """A true token as the server would have signed it at ``at``."""
    with mock.patch.object(link_tokens, "time", SimpleNamespace(time=lambda: at)):
        return link_tokens.sign(key, purpose, payload)


@pytest.mark.parametrize("address", [
    "me@x.org,=?utf-8?q?victim=40y.net?=",   # two recipients once the header is read
    "me@x.org, victim@y.net",
    "me@x.org;victim@y.net",
    "Me <me@x.org>",
    "me@x.org\r\nBcc: victim@y.net",
    "=?utf-8?q?victim=40y.net?=@x.org",
    '"me victim"@x.org',
    "me@[192.0.2.1]",
    "me@localhost",
    "me@x.test",
    "mé@x.org",
])
def test_anything_but_one_plain_recipient_is_refused_and_changes_nothing(
    hall: Hall, address: str,
) -> None:
    eve = registered(hall.server)
    answer = eve.http.put("/api/me/contact", json={"email": address})
    assert (answer.status_code, answer.json()["code"]) == (422, "bad_email"), answer.text
    assert contact(eve)["email"] is None
    eve.close()


def test_an_address_is_stored_normalised_and_one_recipient_gets_each_email(hall: Hall) -> None:
    mailbox = hall.mailbox
    ann = registered(hall.server)
    seen = len(mailbox.messages)
    answer = ann.http.put("/api/me/contact", json={"email": "  Ann.Lee+hall@Example.ORG "})
    assert answer.json()["email"] == "Ann.Lee+hall@example.org"
    message = mailbox.wait_for(seen + 1)[seen]
    assert [a.addr_spec for a in message["To"].addresses] == ["Ann.Lee+hall@example.org"]
    assert mailbox.recipients[seen] == ["Ann.Lee+hall@example.org"]
    ann.close()


def test_an_address_stored_before_the_check_never_reaches_a_second_recipient(
    hall: Hall,
) -> None:
    mailbox = hall.mailbox
    sender, old, good = registered(hall.server), registered(hall.server), registered(hall.server)
    seen = confirm_address(good, "good@example.org", mailbox, len(mailbox.messages), "en")
    # As an older server let it in: confirmed, wanting e-mail, and two recipients in one.
    with sqlite3.connect(hall.database) as db:
        db.execute("INSERT INTO contacts (user_id, email, verified, opt_in, lang) "
                   "VALUES (?, ?, 1, 1, 'en')",
                   (old.user["id"], "me@x.org,=?utf-8?q?victim=40y.net?="))
    befriend(sender, old.user["name"])
    # One queue in order: the e-mail to the good address comes after any to the old one.
    befriend(sender, good.user["name"])
    arrived = mailbox.wait_for(seen + 1)[seen:]
    assert [m["To"] for m in arrived] == ["good@example.org"]
    assert mailbox.recipients[seen:] == [["good@example.org"]]
    for player in (sender, old, good):
        player.close()


def test_a_subject_carries_no_user_text_only_the_body_names_the_sender(hall: Hall) -> None:
    mailbox = hall.mailbox
    spammer = registered(hall.server, "WIN a prize at evil.example")
    reader = registered(hall.server)
    seen = confirm_address(reader, "reader@example.org", mailbox, len(mailbox.messages), "ja")
    befriend(spammer, reader.user["name"])
    (request,) = reader.http.get("/api/friends").json()["incoming"]
    assert reader.http.post(f"/api/friends/requests/{request['id']}/accept").status_code == 200
    table = spammer.create(game="yaxha", players=2, seat=0, invite=[reader.user["id"]])
    friend, invitation = mailbox.wait_for(seen + 2)[seen:]
    assert friend["Subject"] == "Meeple Hall でフレンド申請が届きました"
    assert invitation["Subject"] == "Yaxha への招待"
    for message in (friend, invitation):
        assert "evil.example" not in message["Subject"]
        assert spammer.user["name"] in body_of(message)
    assert link_in(body_of(invitation), "/tables/") == f"/tables/{table['id']}"
    spammer.close()
    reader.close()


def test_two_quick_confirmation_requests_send_one_email(hall: Hall) -> None:
    mailbox = hall.mailbox
    carl, other = registered(hall.server), registered(hall.server)
    seen = len(mailbox.messages)
    first = carl.http.put("/api/me/contact", json={"email": "carl@example.org"})
    second = carl.http.put("/api/me/contact", json={"email": "carl.two@example.org"})
    assert first.status_code == 200, first.text
    assert (second.status_code, second.json()["code"]) == (429, "too_many_mails")
    assert 55 <= int(second.headers["Retry-After"]) <= 61
    assert contact(carl)["email"] == "carl@example.org"  # the refused request changed nothing
    # One queue in order: another user's confirmation comes after any second one to Carl.
    assert other.http.put("/api/me/contact", json={"email": "o@example.org"}).status_code == 200
    arrived = mailbox.wait_for(seen + 2)[seen:]
    assert [m["To"] for m in arrived] == ["carl@example.org", "o@example.org"]
    page = carl.http.get(link_in(body_of(arrived[0]), "/verify-email"))
    assert page.status_code == 200 and contact(carl)["verified"] is True
    carl.close()
    other.close()


def test_an_unsubscribe_link_expires_with_its_own_page_and_each_email_has_a_fresh_one(
    hall: Hall,
) -> None:
    mailbox = hall.mailbox
    bea, friend = registered(hall.server), registered(hall.server)
    seen = confirm_address(bea, "bea@example.org", mailbox, len(mailbox.messages), "en")
    befriend(friend, bea.user["name"])
    fresh = link_in(body_of(mailbox.wait_for(seen + 1)[seen]), "/unsubscribe").split("=", 1)[1]
    key = link_key(hall)
    assert link_tokens.verify(key, "unsubscribe", fresh, 60)["u"] == bea.user["id"]
    old = signed_at(key, "unsubscribe", {"u": bea.user["id"]}, time.time() - 61 * DAY)
    anonymous = httpx.Client(base_url=hall.server.base)
    for method in ("GET", "POST"):
        page = anonymous.request(method, f"/unsubscribe?token={old}")
        assert page.status_code == 410, page.text
        assert "This unsubscribe link is too old" in page.text
    assert contact(bea)["opt_in"] is True
    younger = signed_at(key, "unsubscribe", {"u": bea.user["id"]}, time.time() - 59 * DAY)
    assert anonymous.post(f"/unsubscribe?token={younger}").status_code == 200
    assert contact(bea)["opt_in"] is False
    anonymous.close()
    bea.close()
    friend.close()


def make_admin(hall: Hall, name: str) -> None:
    result = CliRunner().invoke(app, ["admin", "make-admin", name, "--data-dir",
                                      str(hall.server.data_dir)])
    assert result.exit_code == 0, result.output


def test_an_admin_reset_mails_a_one_time_link_and_gives_the_admin_no_password(
    hall: Hall,
) -> None:
    mailbox = hall.mailbox
    admin, dana = registered(hall.server), registered(hall.server)
    make_admin(hall, admin.user["name"])
    elsewhere = Player(hall.server.base, hall.server.ws_base)
    assert elsewhere.http.post("/api/auth/login", json={
        "name": dana.user["name"], "password": PASSWORD}).status_code == 200
    seen = confirm_address(dana, "dana@example.org", mailbox, len(mailbox.messages), "en")
    path = f"/api/admin/users/{dana.user['id']}/password"
    chosen = admin.http.post(path, json={"password": "chosen by the admin"})
    assert chosen.status_code == 422  # an admin gives no password
    answer = admin.http.post(path)
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"id": dana.user["id"], "name": dana.user["name"], "guest": False,
                             "admin": False, "banned": False, "ban_reason": None,
                             "mailed": True}
    # Signed out everywhere; the old password (and the admin's try) no longer log in.
    assert dana.http.get("/api/me").status_code == 401
    assert elsewhere.http.get("/api/me").status_code == 401
    assert login(hall.server, dana.user["name"]).status_code == 401
    assert login(hall.server, dana.user["name"], "chosen by the admin").status_code == 401
    message = mailbox.wait_for(seen + 1)[seen]
    assert message["To"] == "dana@example.org" and mailbox.recipients[seen] == [
        "dana@example.org"]
    assert message["Subject"] == "Choose a new Meeple Hall password"
    assert message["List-Unsubscribe"] is None
    link = link_in(body_of(message), "/reset-password")
    # A second reset within the minute is refused and changes nothing: the link still works.
    again = admin.http.post(path)
    assert (again.status_code, again.json()["code"]) == (429, "too_many_mails")
    anonymous = httpx.Client(base_url=hall.server.base)
    form = anonymous.get(link)
    assert form.status_code == 200 and 'name="password"' in form.text
    assert form.headers["Referrer-Policy"] == "no-referrer"
    short = anonymous.post(link, data={"password": "short"})
    assert short.status_code == 422 and "8 to 200 characters" in short.text
    done = anonymous.post(link, data={"password": "dana's own secret"})
    assert done.status_code == 200 and "Your password is set" in done.text
    assert login(hall.server, dana.user["name"], "dana's own secret").status_code == 200
    # Once: the link is spent (and a GET of it says so).
    assert anonymous.post(link, data={"password": "someone else's"}).status_code == 400
    assert login(hall.server, dana.user["name"], "someone else's").status_code == 401
    assert anonymous.get(link).status_code == 400
    newest = admin.http.get("/api/admin/actions", params={"limit": 1}).json()["actions"][0]
    assert newest == {**newest, "action": "reset_password", "target": f"user:{dana.user['id']}",
                      "actor": {"id": admin.user["id"], "name": admin.user["name"]}}
    assert newest["details"] == {"name": dana.user["name"], "mailed": True}
    for player in (admin, dana, elsewhere, anonymous):
        player.close()


def test_a_reset_link_is_void_once_a_newer_password_is_set(hall: Hall) -> None:
    """A link is bound to the password the reset made: the user's own change voids it."""
    mailbox = hall.mailbox
    admin, eli = registered(hall.server), registered(hall.server)
    make_admin(hall, admin.user["name"])
    seen = confirm_address(eli, "eli@example.org", mailbox, len(mailbox.messages), "ko")
    assert admin.http.post(f"/api/admin/users/{eli.user['id']}/password").json()["mailed"]
    message = mailbox.wait_for(seen + 1)[seen]
    assert message["Subject"] == "Meeple Hall 비밀번호 재설정"
    link = link_in(body_of(message), "/reset-password")
    key = link_key(hall)
    token = link.split("=", 1)[1]
    payload = link_tokens.verify(key, "reset", token)
    expired = signed_at(key, "reset", {k: v for k, v in payload.items() if k != "at"},
                        time.time() - 2 * DAY)
    assert httpx.get(f"{hall.server.base}/reset-password?token={expired}").status_code == 410
    # The operator sets a password at the command line: the mailed link is void from then on.
    result = CliRunner().invoke(app, ["admin", "reset-password", f"id:{eli.user['id']}",
                                      "--password-stdin", "--data-dir",
                                      str(hall.server.data_dir)], input="set by the operator\n")
    assert result.exit_code == 0, result.output
    spent = httpx.post(f"{hall.server.base}{link}", data={"password": "too late now"})
    assert spent.status_code == 400 and "이 링크는 더 이상 쓸 수 없습니다" in spent.text
    assert login(hall.server, eli.user["name"], "set by the operator").status_code == 200
    admin.close()
    eli.close()
