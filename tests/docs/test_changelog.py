"""CHANGELOG.md's newest entry is this release: the package's version and the schema revision
its migrations end at, which ``meeplehall --version`` prints."""

from __future__ import annotations

import re
from importlib.metadata import version
from pathlib import Path

from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.server.db.engine import MIGRATIONS

CHANGELOG = Path(__file__).resolve().parents[2] / "CHANGELOG.md"


def newest_revision() -> str:
    """The revision no other migration revises: read from the files, not from alembic."""
    revisions, revised = set(), set()
    for path in (MIGRATIONS / "versions").glob("[0-9]*.py"):
        text = path.read_text()
        revision = re.search(r'^revision\b.*?"(\w+)"', text, re.MULTILINE)
        assert revision is not None, path
        revisions.add(revision.group(1))
        down = re.search(r'^down_revision\b.*?"(\w+)"', text, re.MULTILINE)
        if down:
            revised.add(down.group(1))
    [head] = revisions - revised
    return head


def test_version_prints_the_release_and_the_schema_it_expects() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    expected = f"meeplehall {version('meeplehall')} (database schema {newest_revision()})\n"
    assert result.output == expected


def test_the_newest_changelog_entry_is_this_release_and_its_schema() -> None:
    newest = re.search(r"^## (\S+) \(database schema (\w+)\)", CHANGELOG.read_text(), re.MULTILINE)
    assert newest is not None
    assert newest.groups() == (version("meeplehall"), newest_revision()), (
        "a new schema revision (or version) needs its CHANGELOG.md entry")
