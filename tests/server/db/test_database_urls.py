"""PostgreSQL URLs as operators write them (``postgres://``, ``postgresql://``) reach the
shipped driver; a missing database or role is told in two lines saying what to create, not a
traceback (against this machine's real PostgreSQL)."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.server.db.urls import normalise


@pytest.mark.parametrize(("written", "used"), [
    ("postgres://hall@db.example/games", "postgresql+psycopg://hall@db.example/games"),
    ("postgresql://hall:pw@db.example:5433/games",
     "postgresql+psycopg://hall:pw@db.example:5433/games"),
    ("postgresql+psycopg://hall@db.example/games", "postgresql+psycopg://hall@db.example/games"),
    ("sqlite:////var/lib/meeplehall/meeplehall.db", "sqlite:////var/lib/meeplehall/meeplehall.db"),
])
def test_bare_postgresql_schemes_name_the_shipped_driver(written: str, used: str) -> None:
    assert normalise(written) == used


def _postgres(database_factory: Callable[[str], tuple[str, Path]]) -> str:
    """The server's address part, once PostgreSQL is known to answer (else skip or fail)."""
    url, _ = database_factory("postgresql")
    return url.split("://", 1)[1].rsplit("/", 1)[0]  # postgres@127.0.0.1:5432


def test_a_postgres_url_migrates_a_real_database(
    database_factory: Callable[[str], tuple[str, Path]],
) -> None:
    url, _ = database_factory("postgresql")
    bare = "postgres://" + url.split("://", 1)[1]
    result = CliRunner().invoke(app, ["migrate", "--database-url", bare])
    assert result.exit_code == 0, result.output
    assert "Migrated the database from revision (empty)" in result.output


def test_serve_on_a_missing_database_says_in_two_lines_what_to_create(
    database_factory: Callable[[str], tuple[str, Path]], server_env: dict[str, str],
    tmp_path: Path,
) -> None:
    where = _postgres(database_factory)
    missing = f"mh_missing_{secrets.token_hex(4)}"
    done = subprocess.run(
        [sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
         "--database-url", f"postgresql://{where}/{missing}", "--data-dir", str(tmp_path)],
        env=server_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert lines == [
        f"Error: the PostgreSQL database '{missing}' does not exist on 127.0.0.1:5432.",
        "Create it, owned by the role the server logs in as: "
        f"sudo -u postgres createdb -O postgres {missing} (see docs/deploy.md).",
    ]


def test_a_missing_role_is_told_in_two_lines_with_what_to_create(
    database_factory: Callable[[str], tuple[str, Path]],
) -> None:
    _postgres(database_factory)
    nobody = f"mh_nobody_{secrets.token_hex(4)}"
    result = CliRunner().invoke(
        app, ["migrate", "--database-url", f"postgres://{nobody}@127.0.0.1:5432/postgres"])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 2, result.output
    assert lines[0] == f"Error: the PostgreSQL role '{nobody}' does not exist on 127.0.0.1:5432."
    assert lines[1].startswith(f"Create it: sudo -u postgres createuser {nobody}")
    assert "Traceback" not in result.output
