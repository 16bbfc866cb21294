"""The operator's commands on their own: ``migrate`` as a command of its own,
``backup``'s refusals, and ``serve``'s new settings refused in one line before anything starts."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.server.db.engine import MIGRATIONS


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.output


def newest_revision() -> str:
    return max(path.name.split("_")[0] for path in (MIGRATIONS / "versions").glob("0*.py"))


def test_migrate_creates_the_schema_once_then_finds_it_up_to_date(tmp_path: Path) -> None:
    code, output = run("migrate", "--data-dir", str(tmp_path))
    assert code == 0, output
    assert output.strip() == f"Migrated the database from revision (empty) to {newest_revision()}."
    code, output = run("migrate", "--data-dir", str(tmp_path))
    assert output.strip() == f"The database is up to date (revision {newest_revision()})."
    with sqlite3.connect(tmp_path / "meeplehall.db") as connection:
        assert connection.execute("SELECT count(*) FROM users").fetchone() == (0,)


def test_backup_refuses_to_overwrite_or_to_copy_nothing(tmp_path: Path) -> None:
    code, output = run("backup", str(tmp_path / "copy.db"), "--data-dir", str(tmp_path / "none"))
    assert code == 1
    assert output.strip().splitlines() == [
        f"Error: there is no database at {tmp_path / 'none' / 'meeplehall.db'} (see '--data-dir')"]
    assert run("migrate", "--data-dir", str(tmp_path))[0] == 0
    taken = tmp_path / "taken.db"
    taken.write_text("an earlier backup")
    code, output = run("backup", str(taken), "--data-dir", str(tmp_path))
    assert code == 1
    assert output.strip() == f"Error: {taken} exists; choose another path or add --overwrite"
    assert taken.read_text() == "an earlier backup"
    code, output = run("backup", str(taken), "--data-dir", str(tmp_path), "--overwrite")
    assert code == 0, output
    with sqlite3.connect(taken) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith(".")) == []


@pytest.mark.parametrize(("option", "value", "reason"), [
    ("--log-level", "loud", "one of debug, info, warning, error, not 'loud'"),
    ("--log-format", "xml", "one of text, json, not 'xml'"),
    ("--root-path", "games/", "a path like /games"),
    ("--forwarded-allow-ips", "10.0.0.0/8,proxy.example", "'proxy.example' is no address"),
    ("--metrics-allow", "everyone", "'everyone' is no address or network"),
])
def test_serve_refuses_a_bad_setting_in_one_line_before_starting(
    tmp_path: Path, option: str, value: str, reason: str,
) -> None:
    code, output = run("serve", "--data-dir", str(tmp_path), option, value)
    assert code == 2
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: Invalid value for '{option}'")
    assert reason in lines[0]
    assert list(tmp_path.iterdir()) == []  # no database was made


def test_a_backup_is_readable_by_its_owner_alone_whatever_the_umask(tmp_path: Path) -> None:
    assert run("migrate", "--data-dir", str(tmp_path))[0] == 0
    copy = tmp_path / "copy.db"
    previous = os.umask(0o022)  # a shell's usual umask, which would make a file 0644
    try:
        code, output = run("backup", str(copy), "--data-dir", str(tmp_path))
    finally:
        os.umask(previous)
    assert code == 0, output
    assert stat.S_IMODE(copy.stat().st_mode) == 0o600
