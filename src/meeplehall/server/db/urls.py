"""Database URLs as operators write them, and what to do when the database is not there.

``postgres://`` and ``postgresql://`` (what ``psql`` and most hosting panels print) name the
psycopg 3 driver the server ships with; any other SQLAlchemy URL is kept as written. A
PostgreSQL server that answers but lacks the role or the database is told to the operator in
two lines saying what to create, instead of a driver traceback.
"""

from __future__ import annotations

import re

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, OperationalError

#: The driver the server ships with (``psycopg[binary]`` in its dependencies).
POSTGRES_DRIVER = "postgresql+psycopg"
BARE_POSTGRES = ("postgres", "postgresql")


class DatabaseUnavailable(Exception):
    """The database cannot be used; ``lines`` say why and what to do, for the operator."""

    def __init__(self, *lines: str) -> None:
        super().__init__("\n".join(lines))
        self.lines = lines


def normalise(url: str) -> str:
    """The SQLAlchemy URL for ``url``: bare PostgreSQL schemes get the shipped driver.

    Raises ValueError for text that is no URL at all.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(
            f"{url!r} is no database URL (like postgresql://user@host/db)"
        ) from None
    if parsed.drivername in BARE_POSTGRES:
        parsed = parsed.set(drivername=POSTGRES_DRIVER)
        return parsed.render_as_string(hide_password=False)
    return url


def shown(url: str) -> str:
    """The URL with its password hidden, as logs and messages show it."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(not a URL)"


def _where(url: URL) -> str:
    host = url.host or url.query.get("host")
    if not host or str(host).startswith("/"):
        return "this machine's socket"
    return f"{host}:{url.port or 5432}"


def check_reachable(url: str) -> None:
    """Connect once; DatabaseUnavailable with two lines when a PostgreSQL database cannot be
    used (SQLite files are created on first use and need no check)."""
    parsed = make_url(url)
    if not parsed.drivername.startswith("postgresql"):
        return
    engine = create_engine(url, connect_args={"connect_timeout": 5})
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except OperationalError as error:
        raise _explain(parsed, error) from None
    finally:
        engine.dispose()


def _explain(url: URL, error: OperationalError) -> DatabaseUnavailable:
    where = _where(url)
    role = url.username or "(the system user's name)"
    database = url.database or role
    sqlstate = getattr(error.orig, "sqlstate", None)
    message = str(error.orig).strip().splitlines()[-1] if error.orig is not None else ""
    # A refusal while connecting often comes without its SQLSTATE: its text says it then.
    if sqlstate is None and re.search(r'database ".*" does not exist', message):
        sqlstate = "3D000"
    elif sqlstate is None and re.search(r'role ".*" does not exist', message):
        sqlstate = "28000"
    elif sqlstate is None and ("authentication failed" in message
                               or "no password supplied" in message):
        sqlstate = "28P01"
    if sqlstate == "3D000":  # invalid_catalog_name
        return DatabaseUnavailable(
            f"Error: the PostgreSQL database {database!r} does not exist on {where}.",
            f"Create it, owned by the role the server logs in as: "
            f"sudo -u postgres createdb -O {role} {database} (see docs/deploy.md).",
        )
    if sqlstate == "28000" and "does not exist" in message:  # invalid_authorization
        return DatabaseUnavailable(
            f"Error: the PostgreSQL role {role!r} does not exist on {where}.",
            f"Create it: sudo -u postgres createuser {role}, then give it the database "
            f"(sudo -u postgres createdb -O {role} {database}; see docs/deploy.md).",
        )
    if "peer authentication" in message.lower():
        return DatabaseUnavailable(
            f"Error: PostgreSQL on {where} refused the role {role!r}: peer authentication "
            f"failed: this command does not run as the OS user {role!r}.",
            f"Run it as that user: runuser -u {role} -- meeplehall ... (as root; see "
            "docs/deploy.md, section 2).",
        )
    if sqlstate in ("28000", "28P01"):
        reason = message.split("FATAL:")[-1].split("failed:")[-1].strip()
        if "no password supplied" in message:
            reason = "password authentication needs a password, and the URL has none"
        return DatabaseUnavailable(
            f"Error: PostgreSQL on {where} refused the role {role!r}: {reason}",
            "Give the role's password (PGPASSWORD in the environment, or in the URL), or "
            "connect over the socket with peer authentication (see docs/deploy.md, section 2).",
        )
    reason = message.split("failed:")[-1].strip() or "no answer"
    return DatabaseUnavailable(
        f"Error: cannot reach PostgreSQL on {where}: {reason}",
        "Check that it runs and listens there (pg_isready -h HOST -p PORT).",
    )
