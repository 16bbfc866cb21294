"""Operators: the ``meeplehall admin`` commands (run as the command line runs them) and the
admin API on a running hall. Making and removing admins, resetting a password (an admin never
learns one), banning and unbanning, aborting and deleting tables (live ones are stopped at
once), listing chat reports (printed as text, never as console markup), the log of these
actions and who may read it, a user changing their own password; every refusal says why and
changes nothing. (An admin's reset that mails a link: tests/server/mail/test_mail_hardening.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner
from websockets.exceptions import ConnectionClosed

from meeplehall.cli import app
from tests.people import PASSWORD, login, registered
from tests.server.client import Player, open_table
from tests.server.conftest import ServerProcess
from tests.server.play.test_chat import opened, report, say


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory,
         server_env: dict[str, str]) -> Iterator[ServerProcess]:
    server = ServerProcess(tmp_path_factory.mktemp("admin"), env=server_env)
    server.start()
    yield server
    server.stop()


def admin_command(hall: ServerProcess, *args: str, stdin: str | None = None) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["admin", *args, "--data-dir", str(hall.data_dir)],
                                input=stdin)
    return result.exit_code, result.output


def test_admin_role_from_the_command_line_opens_the_admin_api(hall: ServerProcess) -> None:
    boss, other = registered(hall, "Boss"), registered(hall, "Other")
    path = f"/api/admin/users/{other.user['id']}"
    refused = boss.http.get(path)
    assert refused.status_code == 403 and refused.json()["code"] == "not_admin"
    code, output = admin_command(hall, "make-admin", "boss")  # names in any case
    assert code == 0, output
    assert "is an admin" in output
    seen = boss.http.get(path).json()
    assert seen == {"id": other.user["id"], "name": "Other", "guest": False, "admin": False,
                    "banned": False, "ban_reason": None}
    code, output = admin_command(hall, "remove-admin", f"id:{boss.user['id']}")
    assert code == 0, output
    assert boss.http.get(path).status_code == 403
    boss.close()
    other.close()


def test_a_ban_ends_the_sessions_and_refuses_logins_until_lifted(hall: ServerProcess) -> None:
    cheat = registered(hall, "Cheat")
    assert cheat.http.get("/api/me").status_code == 200
    code, output = admin_command(hall, "ban", "cheat", "--reason", "bots in rated games")
    assert code == 0, output
    assert cheat.http.get("/api/me").status_code == 401
    refused = login(hall, "cheat")
    assert refused.status_code == 403
    assert refused.json()["code"] == "banned"
    assert refused.json()["params"] == {"reason": "bots in rated games"}
    # The wrong password is told as for anyone: a ban is shown only to who knows the password.
    assert login(hall, "cheat", "not the password").json()["code"] == "wrong_name_or_password"
    code, output = admin_command(hall, "unban", "cheat")
    assert code == 0, output
    assert login(hall, "cheat").status_code == 200
    cheat.close()


def test_a_reset_password_replaces_the_old_one_and_ends_sessions(hall: ServerProcess) -> None:
    forgetful = registered(hall, "Forgetful")
    code, output = admin_command(hall, "reset-password", "forgetful", "--password-stdin",
                                 stdin="a new secret\n")
    assert code == 0, output
    assert "a new secret" not in output
    assert forgetful.http.get("/api/me").status_code == 401
    assert login(hall, "forgetful").status_code == 401
    assert login(hall, "forgetful", "a new secret").status_code == 200
    # Without --password-stdin a password is made and printed once.
    code, output = admin_command(hall, "reset-password", "forgetful")
    assert code == 0, output
    made = output.split("password: ")[1].split()[0]
    assert login(hall, "forgetful", made).status_code == 200
    forgetful.close()


def test_refused_admin_commands_say_why_in_one_line_and_change_nothing(
    hall: ServerProcess,
) -> None:
    guest = Player(hall.base, hall.ws_base).guest("passing by")
    for args, reason in [
        (("make-admin", "nobody-at-all"), "no user 'nobody-at-all'"),
        (("ban", "id:999999"), "no user 'id:999999'"),
        (("reset-password", f"id:{guest.user['id']}"), "is a guest, who has no password"),
        (("abort-table", "999999"), "no table 999999"),
        (("delete-table", "999999", "--yes"), "no table 999999"),
    ]:
        code, output = admin_command(hall, *args)
        assert code == 1, output
        assert output.strip().splitlines() == [f"Error: {output.strip().split(': ', 1)[1]}"]
        assert reason in output
    assert guest.http.get("/api/me").status_code == 200  # the guest's session did not end
    code, output = admin_command(hall, "ban", "x", "--data-dir-typo")
    assert code != 0
    guest.close()


def _table_for_two(hall: ServerProcess) -> tuple[Player, Player, dict[str, object]]:
    first = Player(hall.base, hall.ws_base).guest("first")
    second = Player(hall.base, hall.ws_base).guest("second")
    table = first.create(game="yaxha", players=2, seat=0)
    assert second.join(table["id"], seat=1).status_code == 200
    return first, second, table


def test_abort_and_delete_from_the_command_line_on_waiting_and_finished_tables(
    hall: ServerProcess,
) -> None:
    first, second, table = _table_for_two(hall)
    code, output = admin_command(hall, "abort-table", str(table["id"]))
    assert code == 0, output
    assert first.http.get(f"/api/tables/{table['id']}").json()["status"] == "aborted"
    # An aborted table cannot be aborted again, nor started; it leaves the lobby's lists.
    code, output = admin_command(hall, "abort-table", str(table["id"]))
    assert code == 1 and "aborted already" in output
    assert first.http.post(f"/api/tables/{table['id']}/start").status_code == 409
    listed = [t["id"] for t in first.http.get("/api/tables?status=waiting").json()]
    assert table["id"] not in listed
    code, output = admin_command(hall, "delete-table", str(table["id"]), "--yes")
    assert code == 0, output
    assert first.http.get(f"/api/tables/{table['id']}").status_code == 404
    first.close()
    second.close()


async def _stopped_while_played(hall: ServerProcess, admin: Player) -> None:
    session = await open_table(hall.base, hall.ws_base, "yaxha", 2)
    table_id = session.id
    aborted = admin.http.post(f"/api/admin/tables/{table_id}/abort")
    assert aborted.status_code == 200, aborted.text
    assert aborted.json() == {"id": table_id, "status": "aborted", "was": "playing"}
    while (told := await session.sockets[0].expect("table"))["table"]["status"] == "playing":
        pass  # the start's own table message may still be on its way
    assert told["table"]["status"] == "aborted"
    # Nobody plays on: a move is refused, and no seat's clock or bot runs.
    await session.act(0, session.latest[0]["legal"][0])
    refusal = await session.sockets[0].expect("error")
    assert refusal["code"] == "finished"
    again = admin.http.post(f"/api/admin/tables/{table_id}/abort")
    assert again.status_code == 409 and again.json()["code"] == "game_over"
    # Deleted: the sockets close with "no table", the table is gone.
    assert admin.http.delete(f"/api/admin/tables/{table_id}").status_code == 204
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await session.sockets[1].recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404
    assert admin.http.get(f"/api/tables/{table_id}").status_code == 404
    assert admin.http.delete(f"/api/admin/tables/{table_id}").json()["code"] == "no_table"
    await session.close()


def test_the_admin_api_stops_a_table_being_played_at_once(hall: ServerProcess) -> None:
    admin = registered(hall, "Referee")
    code, output = admin_command(hall, "make-admin", "referee")
    assert code == 0, output
    asyncio.run(_stopped_while_played(hall, admin))
    admin.close()


async def _banned_socket_closes(hall: ServerProcess, admin: Player) -> None:
    session = await open_table(hall.base, hall.ws_base, "yaxha", 2)
    banned_id = session.people[1].user["id"]
    answer = admin.http.post(f"/api/admin/users/{banned_id}/ban", json={"reason": "abuse"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["banned"] is True
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await session.sockets[1].recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    assert session.people[1].http.get("/api/me").status_code == 401
    assert session.people[0].http.get("/api/me").status_code == 200
    lifted = admin.http.post(f"/api/admin/users/{banned_id}/unban")
    assert lifted.json()["banned"] is False
    await session.close()


def test_the_admin_api_bans_closing_the_users_sockets_and_gives_roles(
    hall: ServerProcess,
) -> None:
    admin = registered(hall, "Warden")
    assert admin_command(hall, "make-admin", "warden")[0] == 0
    asyncio.run(_banned_socket_closes(hall, admin))
    other = registered(hall, "Deputy")
    made = admin.http.post(f"/api/admin/users/{other.user['id']}/admin", json={"admin": True})
    assert made.json()["admin"] is True
    assert admin.http.get("/api/admin/users/999999").json()["code"] == "no_user"
    admin.close()
    other.close()


async def _reset_closes_the_socket(hall: ServerProcess, admin: Player,
                                   lost: Player) -> dict[str, object]:
    table = lost.create(game="yaxha", players=2, seat=0)
    socket = await lost.socket(table["id"])
    await socket.expect("welcome")
    answer = admin.http.post(f"/api/admin/users/{lost.user['id']}/password")
    assert answer.status_code == 200, answer.text
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            await socket.recv()
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401  # signed out
    return dict(answer.json())


def test_an_admin_reset_without_mail_signs_the_user_out_and_gives_the_admin_no_password(
    hall: ServerProcess,
) -> None:
    admin = registered(hall, "Keeper")
    assert admin_command(hall, "make-admin", "keeper")[0] == 0
    lost = registered(hall, "Lost")
    elsewhere = Player(hall.base, hall.ws_base)
    assert elsewhere.http.post("/api/auth/login",
                               json={"name": "lost", "password": PASSWORD}).status_code == 200
    path = f"/api/admin/users/{lost.user['id']}/password"
    given = admin.http.post(path, json={"password": "given by the keeper"})
    assert given.status_code == 422  # nothing to give: an admin never chooses a password
    assert lost.http.get("/api/me").status_code == 200  # and nothing changed
    answer = asyncio.run(_reset_closes_the_socket(hall, admin, lost))
    # No e-mail here (no --smtp-url): the password is one nobody knows, every session ended.
    assert answer == {"id": lost.user["id"], "name": "Lost", "guest": False, "admin": False,
                      "banned": False, "ban_reason": None, "mailed": False}
    for player in (lost, elsewhere):
        assert player.http.get("/api/me").status_code == 401
    assert login(hall, "lost").status_code == 401
    assert login(hall, "lost", "given by the keeper").status_code == 401
    # The operator lets the user back in at the command line.
    code, output = admin_command(hall, "reset-password", "lost", "--password-stdin",
                                 stdin="from the operator\n")
    assert code == 0, output
    assert login(hall, "lost", "from the operator").status_code == 200
    guest = Player(hall.base, hall.ws_base).guest("no password")
    refused = admin.http.post(f"/api/admin/users/{guest.user['id']}/password")
    assert (refused.status_code, refused.json()["code"]) == (409, "guest_has_no_password")
    assert guest.http.get("/api/me").status_code == 200
    assert admin.http.post("/api/admin/users/999999/password").json()["code"] == "no_user"
    for player in (admin, lost, elsewhere, guest):
        player.close()


def _logged(admin: Player, targets: set[str]) -> list[tuple[str, str, object, dict[str, object]]]:
    """(action, target, actor id, details) of the logged actions on ``targets``, newest first."""
    rows = admin.http.get("/api/admin/actions", params={"limit": 500}).json()["actions"]
    return [(row["action"], row["target"], row["actor"]["id"], row["details"])
            for row in rows if row["target"] in targets]


def test_admin_actions_are_logged_with_who_made_them_and_only_admins_read_them(
    hall: ServerProcess,
) -> None:
    chief, target = registered(hall, "Chief"), registered(hall, "Target [red]x")
    code, output = admin_command(hall, "make-admin", "chief")
    assert code == 0, output
    chief_id, target_id = chief.user["id"], target.user["id"]
    assert chief.http.post(f"/api/admin/users/{target_id}/ban",
                           json={"reason": "spam [/]"}).status_code == 200
    assert chief.http.post(f"/api/admin/users/{target_id}/unban").status_code == 200
    table = chief.create(game="yaxha", players=2, seat=0)
    assert chief.http.post(f"/api/admin/tables/{table['id']}/abort").status_code == 200
    refused = chief.http.post(f"/api/admin/tables/{table['id']}/abort")
    assert refused.status_code == 409  # refused: changes nothing, logs nothing
    assert admin_command(hall, "delete-table", str(table["id"]), "--yes")[0] == 0
    logged = _logged(chief, {f"user:{chief_id}", f"user:{target_id}", f"table:{table['id']}"})
    assert logged == [
        ("delete_table", f"table:{table['id']}", None, {"game": "yaxha", "was": "aborted"}),
        ("abort_table", f"table:{table['id']}", chief_id, {"game": "yaxha", "was": "waiting"}),
        ("unban", f"user:{target_id}", chief_id, {"name": "Target [red]x"}),
        ("ban", f"user:{target_id}", chief_id, {"name": "Target [red]x", "reason": "spam [/]"}),
        ("make_admin", f"user:{chief_id}", None, {"name": "Chief"}),
    ]
    rows = chief.http.get("/api/admin/actions", params={"limit": 500}).json()["actions"]
    by_command = next(row for row in rows if row["target"] == f"table:{table['id']}")
    assert by_command["actor"]["name"].startswith("command line")
    by_api = next(row for row in rows if row["target"] == f"user:{target_id}")
    assert by_api["actor"] == {"id": chief_id, "name": "Chief"}
    # The command line lists the same, what users typed shown as typed.
    code, output = admin_command(hall, "actions", "--limit", "500")
    assert code == 0, output
    for words in ("delete_table", "abort_table", "Chief (id:", "command line", "[red]x",
                  "spam [/]"):
        assert words in output, (words, output)
    # Nobody else reads the log: a visitor, a guest, a user, a banned admin.
    visitor = httpx.Client(base_url=hall.base)
    guest = Player(hall.base, hall.ws_base).guest("curious")
    plain = registered(hall, "Plain")  # (Target's session ended with the ban)
    fallen = registered(hall, "Fallen")
    assert admin_command(hall, "make-admin", "fallen")[0] == 0
    assert fallen.http.get("/api/admin/actions").status_code == 200
    assert chief.http.post(f"/api/admin/users/{fallen.user['id']}/ban",
                           json={}).status_code == 200
    for client, status, code_ in [(visitor, 401, "not_logged_in"),
                                  (guest.http, 403, "not_admin"),
                                  (plain.http, 403, "not_admin"),
                                  (fallen.http, 401, "not_logged_in")]:
        answer = client.get("/api/admin/actions")
        assert (answer.status_code, answer.json()["code"]) == (status, code_)
        assert "actions" not in answer.json()
    assert login(hall, "fallen").json()["code"] == "banned"
    visitor.close()
    for player in (chief, target, guest, plain, fallen):
        player.close()


def test_a_user_changes_their_own_password_and_their_other_sessions_end(
    hall: ServerProcess,
) -> None:
    here = registered(hall, "Mover")
    elsewhere = Player(hall.base, hall.ws_base)
    assert elsewhere.http.post("/api/auth/login",
                               json={"name": "mover", "password": PASSWORD}).status_code == 200
    wrong = here.http.post("/api/me/password",
                           json={"old_password": "not it", "new_password": "a better one"})
    assert wrong.status_code == 401 and wrong.json()["code"] == "wrong_password"
    assert login(hall, "mover").status_code == 200  # nothing changed
    changed = here.http.post("/api/me/password",
                             json={"old_password": PASSWORD, "new_password": "a better one"})
    assert changed.status_code == 204, changed.text
    assert here.http.get("/api/me").status_code == 200  # this session goes on (a new token)
    assert elsewhere.http.get("/api/me").status_code == 401
    assert login(hall, "mover").status_code == 401
    assert login(hall, "mover", "a better one").status_code == 200
    guest = Player(hall.base, hall.ws_base).guest("no password")
    refused = guest.http.post("/api/me/password",
                              json={"old_password": "x", "new_password": "long enough"})
    assert refused.status_code == 409 and refused.json()["code"] == "guest_has_no_password"
    for player in (here, elsewhere, guest):
        player.close()


def test_the_admin_commands_refuse_a_data_dir_without_a_database(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["admin", "ban", "someone", "--data-dir", str(tmp_path)])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: there is no database at {tmp_path}/meeplehall.db " \
        "(see '--data-dir')"
    assert list(tmp_path.iterdir()) == []


async def _reported(hall: ServerProcess, names: tuple[str, str] = ("Reporter", "Rude"),
                    text: str = "you play like a potato",
                    note: str = "insults") -> dict[str, object]:
    """Bob insults Alice at their table and Alice reports it; returns the message."""
    alice, bob = registered(hall, names[0]), registered(hall, names[1])
    table = alice.create(game="yaxha", players=2, seat=0)
    assert bob.join(table["id"], seat=1).status_code == 200
    mine, theirs = await opened(alice, table["id"]), await opened(bob, table["id"])
    rude = (await say(theirs, text))["message"]
    assert (await report(mine, id=rude["id"], reason="abuse", note=note))["type"] == (
        "chat_reported")
    for socket in (mine, theirs):
        await socket.close()
    alice.close()
    bob.close()
    return {"id": rude["id"], "table": table["id"]}


def test_chat_reports_are_listed_newest_first_by_the_command_and_the_admin_api(
    hall: ServerProcess,
) -> None:
    rude = asyncio.run(_reported(hall))
    code, output = admin_command(hall, "reports")
    assert code == 0, output
    for words in ("Reporter", "Rude", "abuse", "insults", "potato"):
        assert words in output, output
    moderator = registered(hall, "Moderator")
    assert moderator.http.get("/api/admin/reports").status_code == 403  # admins only
    assert admin_command(hall, "make-admin", "moderator")[0] == 0
    listed = moderator.http.get("/api/admin/reports", params={"limit": 1}).json()["reports"]
    assert len(listed) == 1
    newest = listed[0]
    assert (newest["reason"], newest["note"], newest["reporter"]["name"]) == (
        "abuse", "insults", "Reporter")
    assert newest["message"] == {**newest["message"], "id": rude["id"], "table": rude["table"],
                                 "text": "you play like a potato"}
    assert newest["message"]["author"]["name"] == "Rude"
    moderator.close()


def test_the_reports_command_prints_what_users_wrote_as_text_not_console_markup(
    hall: ServerProcess,
) -> None:
    # Short words: the table fits the test's 80 columns by wrapping at spaces.
    asyncio.run(_reported(hall, ("[i]Ann", "[/]Bo"), "[/] [bold]x [/bold]", "[red]"))
    code, output = admin_command(hall, "reports", "--limit", "1")
    assert code == 0, output  # "[/]" read as markup made it fail
    for words in ("[/]", "[bold]x", "[/bold]", "[red]", "[i]Ann", "[/]Bo"):
        assert words in output, (words, output)
    code, output = admin_command(hall, "make-admin", "[/]bo")  # names in other lines too
    assert code == 0, output
    assert "[/]Bo" in output
