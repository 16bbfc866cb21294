"""``meeplehall admin ...``: users and tables of a hall, on the database a ``serve`` with the
same ``--data-dir`` or ``--database-url`` uses (see ``database.py``).

A refused command changes nothing and says why in one line.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, TypeVar

import typer
from sqlalchemy.orm import Session

from meeplehall.cli.database import DatabaseUrl, DataDir, console, database_url, transaction
from meeplehall.cli.errors import fail

T = TypeVar("T")

RedisUrl = Annotated[
    str,
    typer.Option("--redis-url",
                 help="the servers' Redis URL, so running processes hear of the change at once"),
]


def _ops() -> ModuleType:
    """The server's operator functions, loaded when a command runs (the server's modules take
    most of a second to load, which other commands should not wait for)."""
    from meeplehall.server.operations import actions as adminops

    return adminops


admin_app = typer.Typer(
    help="Manage users and tables of a hall: admins, passwords, bans, tables, chat reports.",
    no_args_is_help=True,
)

User = Annotated[str, typer.Argument(metavar="USER", help="a registered name, or id:NUMBER")]
TableId = Annotated[int, typer.Argument(metavar="TABLE", help="the table's number")]


def _in_transaction(url: str, work: Callable[[Session], T]) -> T:
    """``work(session)`` in one transaction; a refusal raised inside changes nothing."""
    ops = _ops()
    with transaction(url) as session:
        try:
            return work(session)
        except (ops.NoSuchUser, ops.NoSuchTable, ops.TableOver) as error:
            raise fail(f"Error: {error}") from None


def _user_change(data_dir: Path, url: str, who: str,
                 change: Callable[[Session, Any], Any]) -> Any:
    resolved = database_url(data_dir, url)
    return _in_transaction(resolved,
                           lambda session: change(session, _ops().find_user(session, who)))


def _described(info: Any) -> str:
    kind = "guest" if info.login is None else f"registered as {info.login}"
    return f"user {info.id} ({info.name}, {kind})"


@admin_app.command("make-admin")
def make_admin(who: User, data_dir: DataDir = Path("data"),
               database_url_: DatabaseUrl = "") -> None:
    """Give USER the admin role (the admin API, /api/admin/...)."""
    info = _user_change(data_dir, database_url_, who,
                        lambda session, user: _ops().set_admin(session, user, True))
    console.print(f"{_described(info)} is an admin.")


@admin_app.command("remove-admin")
def remove_admin(who: User, data_dir: DataDir = Path("data"),
                 database_url_: DatabaseUrl = "") -> None:
    """Take the admin role from USER."""
    info = _user_change(data_dir, database_url_, who,
                        lambda session, user: _ops().set_admin(session, user, False))
    console.print(f"{_described(info)} is no longer an admin.")


@admin_app.command("reset-password")
def reset_password(
    who: User,
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin",
                           help="read the new password from the first line of standard input")
    ] = False,
) -> None:
    """Set a new password for a registered USER (a generated one is printed, unless given on
    standard input); every session of the user ends."""
    from meeplehall.server.accounts.passwords import hasher

    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
        if not 8 <= len(password) <= 200:
            raise fail("Error: a password has 8 to 200 characters")
    else:
        password = secrets.token_urlsafe(12)

    def change(session: Session, user: Any) -> Any:
        if user.login is None:
            raise fail(f"Error: user {user.id} is a guest, who has no password")
        return _ops().set_password(session, user, hasher.hash(password))

    info = _user_change(data_dir, database_url_, who, change)
    console.print(f"New password set for {_described(info)}; their sessions ended.")
    if not password_stdin:
        console.print(f"password: {password}")


@admin_app.command()
def ban(
    who: User,
    reason: Annotated[str, typer.Option(help="why, shown to the user when they log in")] = "",
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
) -> None:
    """Ban USER: their sessions end and they can no longer log in."""
    info = _user_change(data_dir, database_url_, who,
                        lambda session, user: _ops().ban(session, user, reason))
    console.print(f"{_described(info)} is banned; their sessions ended.")


@admin_app.command()
def unban(who: User, data_dir: DataDir = Path("data"), database_url_: DatabaseUrl = "") -> None:
    """Lift USER's ban."""
    info = _user_change(data_dir, database_url_, who, _ops().unban)
    console.print(f"{_described(info)} is no longer banned.")


@admin_app.command()
def reports(
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
    limit: Annotated[int, typer.Option(min=1, max=500, help="how many, newest first")] = 50,
) -> None:
    """List the newest chat reports: when, who reported whom, why, and the message."""
    from datetime import UTC, datetime

    from rich.table import Table as RichTable

    url = database_url(data_dir, database_url_)
    found = _in_transaction(url, lambda session: _ops().chat_reports(session, limit))
    if not found:
        console.print("No chat reports.")
        return
    shown = RichTable("report", "when (UTC)", "reporter", "reason", "note", "table", "author",
                      "message")
    for report in found:
        message = report["message"]
        when = datetime.fromtimestamp(report["created_at"], UTC)
        shown.add_row(
            str(report["id"]), when.strftime("%Y-%m-%d %H:%M"),
            _who(report["reporter"]), str(report["reason"]), str(report["note"]),
            str(message["table"]), _who(message["author"]), message["text"],
        )
    console.print(shown)


def _who(user: Any) -> str:
    return f"{user['name']} (id:{user['id']})"


def _tell_servers(redis_url: str, url: str, table_id: int, before: str) -> None:
    from meeplehall.server.play.fanout import tell_once
    from meeplehall.server.play.manager import STOPPED

    if redis_url:
        try:
            tell_once(redis_url, url, table_id, STOPPED)
        except Exception as error:
            raise fail(f"Error: the change is made, but Redis could not tell the servers: "
                       f"{type(error).__name__}") from None
        console.print("The running server processes were told.")
    elif before == "playing":
        console.print("A server process serving this table now goes on with it until it "
                      "restarts: give --redis-url, or use the admin API while serving "
                      "(docs/deploy.md).")


@admin_app.command("abort-table")
def abort_table(table_id: TableId, data_dir: DataDir = Path("data"),
                database_url_: DatabaseUrl = "", redis_url: RedisUrl = "") -> None:
    """Stop a waiting or playing table for good: status aborted, no result, no ratings."""
    url = database_url(data_dir, database_url_)
    before = _in_transaction(url, lambda session: _ops().abort_table(session, table_id))
    console.print(f"Table {table_id} ({before}) is aborted.")
    _tell_servers(redis_url, url, table_id, before)


@admin_app.command("delete-table")
def delete_table(
    table_id: TableId,
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
    redis_url: RedisUrl = "",
    yes: Annotated[bool, typer.Option("--yes", help="do not ask for confirmation")] = False,
) -> None:
    """Delete a table with its seats and its whole action log (no undo: back up first)."""
    url = database_url(data_dir, database_url_)
    if not yes and not typer.confirm(f"Delete table {table_id} and its whole log?"):
        raise fail("Nothing deleted.")
    before = _in_transaction(url, lambda session: _ops().delete_table(session, table_id))
    console.print(f"Table {table_id} ({before}) is deleted.")
    _tell_servers(redis_url, url, table_id, before)
