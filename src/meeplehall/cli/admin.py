"""``meeplehall admin ...``: users and tables of a hall, on the database a ``serve`` with the
same ``--data-dir`` or ``--database-url`` uses (see ``database.py``).

A refused command changes nothing and says why in one line. Every change is logged as made by
the command line (``meeplehall admin actions`` lists the log). Whatever users wrote (names, chat,
reasons) is printed as text, never read as console markup.
"""

from __future__ import annotations

import getpass
import secrets
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, TypeVar

import typer
from rich.markup import escape
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
    from meeplehall.server.operations import actions as operator_actions

    return operator_actions


admin_app = typer.Typer(
    help="Manage users and tables of a hall: admins, passwords, bans, tables, chat reports, "
    "and the log of these actions.",
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
        except (ops.NoSuchUser, ops.NoSuchTable, ops.TableOver,
                ops.GuestHasNoPassword) as error:
            raise fail(f"Error: {error}") from None


def _by() -> Any:
    """The command line as the log names it: with the operating-system user running it."""
    try:
        who = getpass.getuser()
    except (OSError, KeyError):  # no login name and no user database entry
        return _ops().Actor(None, "command line")
    return _ops().Actor(None, f"command line ({who})")


def _user_change(data_dir: Path, url: str, who: str,
                 change: Callable[[Session, Any], Any]) -> Any:
    resolved = database_url(data_dir, url)
    return _in_transaction(resolved,
                           lambda session: change(session, _ops().find_user(session, who)))


def _described(info: Any) -> str:
    """The user as console markup: their name and login escaped."""
    kind = "guest" if info.login is None else f"registered as {escape(info.login)}"
    return f"user {info.id} ({escape(info.name)}, {kind})"


@admin_app.command("make-admin")
def make_admin(who: User, data_dir: DataDir = Path("data"),
               database_url_: DatabaseUrl = "") -> None:
    """Give USER the admin role (the admin API, /api/admin/...)."""
    info = _user_change(data_dir, database_url_, who,
                        lambda session, user: _ops().set_admin(session, user, True, _by()))
    console.print(f"{_described(info)} is an admin.")


@admin_app.command("remove-admin")
def remove_admin(who: User, data_dir: DataDir = Path("data"),
                 database_url_: DatabaseUrl = "") -> None:
    """Take the admin role from USER."""
    info = _user_change(data_dir, database_url_, who,
                        lambda session, user: _ops().set_admin(session, user, False, _by()))
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
    standard input); every session of the user ends. The operator's way back in for a user the
    admin API's reset could not mail (an admin never sees a password)."""
    from meeplehall.server.accounts.passwords import hasher

    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
        if not 8 <= len(password) <= 200:
            raise fail("Error: a password has 8 to 200 characters")
    else:
        password = secrets.token_urlsafe(12)

    password_hash = hasher.hash(password)
    info = _user_change(data_dir, database_url_, who, lambda session, user: _ops().set_password(
        session, user, password_hash, _by()))
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
                        lambda session, user: _ops().ban(session, user, reason, _by()))
    console.print(f"{_described(info)} is banned; their sessions ended.")


@admin_app.command()
def unban(who: User, data_dir: DataDir = Path("data"), database_url_: DatabaseUrl = "") -> None:
    """Lift USER's ban."""
    info = _user_change(data_dir, database_url_, who,
                        lambda session, user: _ops().unban(session, user, _by()))
    console.print(f"{_described(info)} is no longer banned.")


@admin_app.command()
def reports(
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
    limit: Annotated[int, typer.Option(min=1, max=500, help="how many, newest first")] = 50,
) -> None:
    """List the newest chat reports: when, who reported whom, why, and the message."""
    url = database_url(data_dir, database_url_)
    found = _in_transaction(url, lambda session: _ops().chat_reports(session, limit))
    if not found:
        console.print("No chat reports.")
        return
    _print_table(
        ("report", "when (UTC)", "reporter", "reason", "note", "table", "author", "message"),
        ((report["id"], _when(report["created_at"]), _who(report["reporter"]), report["reason"],
          report["note"], report["message"]["table"], _who(report["message"]["author"]),
          report["message"]["text"]) for report in found),
    )


@admin_app.command()
def actions(
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
    limit: Annotated[int, typer.Option(min=1, max=500, help="how many, newest first")] = 50,
) -> None:
    """List the newest logged admin actions (from the admin API and these commands): when,
    who, what, to whom, and the details."""
    url = database_url(data_dir, database_url_)
    found = _in_transaction(url, lambda session: _ops().admin_actions(session, limit))
    if not found:
        console.print("No admin actions.")
        return
    _print_table(
        ("when (UTC)", "by", "action", "target", "details"),
        ((_when(row["at"]), _who(row["actor"]), row["action"], row["target"],
          ", ".join(f"{key}={value}" for key, value in row["details"].items()))
         for row in found),
    )


def _print_table(columns: tuple[str, ...], rows: Iterable[tuple[Any, ...]]) -> None:
    """A table whose every cell is plain text (what users wrote is never console markup)."""
    from rich.table import Table as RichTable
    from rich.text import Text

    shown = RichTable(*columns)
    for row in rows:
        shown.add_row(*(Text(str(cell)) for cell in row))
    console.print(shown)


def _when(at: float) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M")


def _who(user: Any) -> str:
    if user["id"] is None:
        return str(user["name"])
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
    before = _in_transaction(url, lambda session: _ops().abort_table(session, table_id, _by()))
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
    before = _in_transaction(url, lambda session: _ops().delete_table(session, table_id, _by()))
    console.print(f"Table {table_id} ({before}) is deleted.")
    _tell_servers(redis_url, url, table_id, before)
