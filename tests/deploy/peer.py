"""PostgreSQL with peer authentication, as docs/deploy.md sets it up on Debian: a role, a
database it owns, reached over the local socket with no password by the OS user of its name.

This machine's cluster (PostgreSQL on 127.0.0.1:5432 and its socket) trusts every local
connection; lines at the top of its pg_hba.conf make the test roles, and them alone, use peer
authentication over the socket, and password authentication over TCP for the one that must be
refused (the trust on 127.0.0.1 the other tests use is untouched). The servers run as root
here (the test's Python lives where another OS user may not run it), so pg_ident.conf maps the
OS user root to the hall's role: PostgreSQL still asks the kernel who is on the socket, as it
does for the hall's own OS user. ``OTHER_ROLE`` is mapped to no one. It needs root (to edit
the two files) and the cluster's socket here: skipped without them, except under CI=true.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.services import _ADMIN, postgres_available, require

#: The PostgreSQL role the hall runs as in these tests, and one no OS user may log in as.
HALL_ROLE = "meeplehall_test"
OTHER_ROLE = "meeplehall_nobody"
SOCKET = Path("/var/run/postgresql/.s.PGSQL.5432")
HBA_LINES = [f"local all {HALL_ROLE} peer map={HALL_ROLE}",
             f"local all {OTHER_ROLE} peer",
             f"host all {OTHER_ROLE} 127.0.0.1/32 scram-sha-256"]
IDENT_LINES = [f"{HALL_ROLE} {HALL_ROLE} {HALL_ROLE}", f"{HALL_ROLE} root {HALL_ROLE}"]


def require_peer() -> None:
    require(os.geteuid() == 0 and SOCKET.exists() and postgres_available(),
            "root and a local PostgreSQL cluster",
            "peer authentication needs root (an OS user, pg_hba.conf) and a PostgreSQL "
            f"socket at {SOCKET}")


def _first_lines(path: Path, lines: list[str]) -> bool:
    """Put ``lines`` at the top of ``path`` unless there; whether it changed. (First:
    pg_hba.conf's first matching line wins, and `local all all trust` follows.)"""
    text = path.read_text()
    if text.startswith("\n".join(lines)):
        return False
    kept = [line for line in text.splitlines() if line not in lines]
    path.write_text("\n".join([*lines, *kept]) + "\n")
    return True


def roles_with_peer_authentication() -> None:
    import psycopg

    require_peer()
    with psycopg.connect(_ADMIN, autocommit=True) as connection:
        changed = False
        for setting, lines in (("hba_file", HBA_LINES), ("ident_file", IDENT_LINES)):
            row = connection.execute(f"SHOW {setting}").fetchone()
            assert row is not None
            changed |= _first_lines(Path(row[0]), lines)
        if changed:
            connection.execute("SELECT pg_reload_conf()")
        for role in (HALL_ROLE, OTHER_ROLE):
            if connection.execute("SELECT 1 FROM pg_roles WHERE rolname = %s",
                                  (role,)).fetchone() is None:
                connection.execute(f'CREATE ROLE "{role}" LOGIN')


@contextmanager
def peer_database() -> Iterator[str]:
    """A fresh database owned by the hall's role; its URL over the socket, as the doc writes
    it. Dropped at the end."""
    import psycopg

    roles_with_peer_authentication()
    name = f"mh_peer_{secrets.token_hex(4)}"
    with psycopg.connect(_ADMIN, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}" OWNER "{HALL_ROLE}"')
    try:
        yield f"postgresql+psycopg://{HALL_ROLE}@/{name}"
    finally:
        with psycopg.connect(_ADMIN, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
