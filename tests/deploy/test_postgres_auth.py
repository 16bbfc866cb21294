"""A PostgreSQL that refuses the hall's role says why, naming the authentication: peer
authentication over the socket when the command runs as another OS user (what to run instead),
password authentication over TCP when the URL has no password. A set ``MEEPLEHALL_DATABASE_URL``
that cannot be used stops ``serve`` the same way instead of starting on SQLite."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeplehall.cli import app

from .peer import OTHER_ROLE, peer_database, roles_with_peer_authentication

REFUSALS = [
    (f"postgresql://{OTHER_ROLE}@/postgres",
     [f"Error: PostgreSQL on this machine's socket refused the role '{OTHER_ROLE}': peer "
      f"authentication failed: this command does not run as the OS user '{OTHER_ROLE}'.",
      f"Run it as that user: runuser -u {OTHER_ROLE} -- meeplehall ... (as root; see "
      "docs/deploy.md, section 2)."]),
    (f"postgresql://{OTHER_ROLE}@127.0.0.1/postgres",
     [f"Error: PostgreSQL on 127.0.0.1:5432 refused the role '{OTHER_ROLE}': password "
      "authentication needs a password, and the URL has none",
      "Give the role's password (PGPASSWORD in the environment, or in the URL), or connect "
      "over the socket with peer authentication (see docs/deploy.md, section 2)."]),
]


@pytest.mark.parametrize(("url", "lines"), REFUSALS, ids=["peer", "password"])
@pytest.mark.parametrize("command", ["migrate", "serve", "admin reports"])
def test_a_refused_role_is_told_by_its_authentication(
    tmp_path: Path, url: str, lines: list[str], command: str,
) -> None:
    roles_with_peer_authentication()
    runner = CliRunner()
    data = tmp_path / "data"
    # serve reads the variable itself; the database commands read it too (one environment
    # file serves all of them).
    result = runner.invoke(app, [*command.split(), "--data-dir", str(data)],
                           env={"MEEPLEHALL_DATABASE_URL": url})
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == lines
    assert not data.exists()  # nothing fell back to SQLite


def test_the_halls_own_role_migrates_over_the_socket() -> None:
    with peer_database() as url:
        result = CliRunner().invoke(app, ["migrate", "--database-url", url])
        assert result.exit_code == 0, result.output
        assert "Migrated the database from revision (empty) to" in result.output
