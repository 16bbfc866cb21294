"""The SQLite database's files are the operator's alone: a server started on a new data folder
makes it 0700 and the database, its -wal and its -shm 0600 (SQLite alone would make them
0644, readable by every local user); ``meeplehall migrate`` and ``backup`` do the same. An
existing folder or file keeps its mode, and a database others may read is warned about."""

from __future__ import annotations

import logging
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from meeplehall.cli import app
from meeplehall.server.db.engine import make_engine, migrate
from tests.live_server import free_port, start_answering, stop_process


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def usual_umask() -> Iterator[None]:
    """The umask most systems give (022): what SQLite's 0644 comes out as; restored after."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def test_a_server_started_on_a_new_data_folder_keeps_its_database_to_its_owner(
    tmp_path: Path, usual_umask: None, server_env: dict[str, str]
) -> None:
    data_dir = tmp_path / "new" / "data"  # neither exists yet
    port = free_port()
    command = [sys.executable, "-c", "from meeplehall.cli import app; app()", "serve",
               "--port", str(port), "--data-dir", str(data_dir)]
    # A generous bound on starting up: the machine is shared, and this is no timing test.
    server = start_answering(command, tmp_path / "server.log",
                             f"http://127.0.0.1:{port}/api/bots", 120, server_env)
    try:
        database = data_dir / "meeplehall.db"
        # While it runs, WAL mode keeps the -wal and -shm files beside the database.
        files = [database, Path(f"{database}-wal"), Path(f"{database}-shm")]
        assert {path.name: mode(path) for path in files} == {path.name: 0o600 for path in files}
        assert mode(data_dir) == 0o700
    finally:
        stop_process(server)
    assert mode(database) == 0o600


def test_migrate_makes_a_private_database_and_backups_are_private_too(
    tmp_path: Path, usual_umask: None
) -> None:
    runner = CliRunner()
    data_dir = tmp_path / "data"
    result = runner.invoke(app, ["migrate", "--data-dir", str(data_dir)])
    assert result.exit_code == 0, result.output
    assert mode(data_dir) == 0o700
    assert mode(data_dir / "meeplehall.db") == 0o600

    target = tmp_path / "copy.db"
    result = runner.invoke(app, ["backup", str(target), "--data-dir", str(data_dir)])
    assert result.exit_code == 0, result.output
    assert mode(target) == 0o600
    # A copy made over an older, readable one takes the private mode as well.
    target.chmod(0o644)
    result = runner.invoke(app, ["backup", str(target), "--data-dir", str(data_dir),
                                 "--overwrite"])
    assert result.exit_code == 0, result.output
    assert mode(target) == 0o600
    assert sorted(path.name for path in tmp_path.iterdir()) == ["copy.db", "data"]


def test_an_existing_folder_and_database_keep_their_modes_and_a_readable_one_is_warned_about(
    tmp_path: Path, usual_umask: None, caplog: pytest.LogCaptureFixture
) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir(mode=0o750)
    data_dir.chmod(0o750)
    result = CliRunner().invoke(app, ["migrate", "--data-dir", str(data_dir)])
    assert result.exit_code == 0, result.output
    assert mode(data_dir) == 0o750  # the operator's choice
    database = data_dir / "meeplehall.db"
    assert mode(database) == 0o600

    database.chmod(0o644)  # as an older version made it
    with caplog.at_level(logging.WARNING, logger="meeplehall.server.db.files"):
        engine = make_engine(f"sqlite:///{database}")
        migrate(engine)
        engine.dispose()
    assert mode(database) == 0o644
    warned = [r.getMessage() for r in caplog.records if r.name == "meeplehall.server.db.files"]
    assert len(warned) == 1 and "0644" in warned[0] and "chmod 600" in warned[0]

    caplog.clear()
    database.chmod(0o600)
    with caplog.at_level(logging.WARNING, logger="meeplehall.server.db.files"):
        make_engine(f"sqlite:///{database}").dispose()
    assert [r for r in caplog.records if r.name == "meeplehall.server.db.files"] == []


def test_a_database_in_memory_or_a_missing_folder_creates_no_file(tmp_path: Path) -> None:
    engine = make_engine("sqlite://")
    migrate(engine)
    engine.dispose()
    missing = tmp_path / "nowhere" / "meeplehall.db"
    make_engine(f"sqlite:///{missing}").dispose()
    assert not missing.parent.exists()
