"""``meeplehall migrate`` and ``meeplehall backup``, and the database an operator's command works
on: the one a ``serve`` with the same ``--data-dir`` or ``--database-url`` uses.

A refused command changes nothing and says why in one line (two for a missing PostgreSQL role
or database: what is missing, and what to create). The server's modules are imported when a
command runs (they take most of a second to load, which other commands should not wait for).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from meeplehall.cli.errors import fail

console = Console(highlight=False, soft_wrap=True)  # paths and passwords whole

# The same environment variables as serve's settings, so one environment file serves both.
DataDir = Annotated[
    Path, typer.Option("--data-dir", envvar="MEEPLEHALL_DATA_DIR",
                       help="where the SQLite database lives (as for serve)")
]
DatabaseUrl = Annotated[
    str,
    typer.Option("--database-url", envvar="MEEPLEHALL_DATABASE_URL",
                 help="database URL, e.g. postgresql://user@host/db (default: SQLite)"),
]


def database_url(data_dir: Path, url: str, create: bool = False) -> str:
    """The database the command works on, checked reachable; an SQLite file must exist
    unless ``create``."""
    from meeplehall.server.config import Settings
    from meeplehall.server.db.urls import DatabaseUnavailable, check_reachable, normalise

    if url:
        try:
            resolved = normalise(url)
        except ValueError as error:
            raise fail(f"Error: Invalid value for '--database-url': {error}") from None
        try:
            check_reachable(resolved)
        except DatabaseUnavailable as error:
            raise fail(*error.lines) from None
        return resolved
    database = data_dir / "meeplehall.db"
    if not create and not database.is_file():
        raise fail(f"Error: there is no database at {database} (see '--data-dir')")
    try:
        return Settings(data_dir=data_dir).resolved_database_url()
    except OSError as error:
        raise fail(f"Error: cannot create {data_dir}: {error.strerror}") from None


@contextmanager
def _engine(url: str) -> Iterator[Engine]:
    from meeplehall.server.db.engine import make_engine

    engine = make_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()


@contextmanager
def transaction(url: str) -> Iterator[Session]:
    """A session in one transaction, committed unless the block raises."""
    from meeplehall.server.db.engine import make_sessionmaker, migrate

    with _engine(url) as engine:
        migrate(engine)  # a hall that never started yet has no tables to read
        with make_sessionmaker(engine)() as session, session.begin():
            yield session


def migrate_command(data_dir: DataDir = Path("data"), database_url_: DatabaseUrl = "") -> None:
    """Create or upgrade the database schema to this version's, then stop (serve does it too
    on start). Back up first: there is no automatic way down."""
    from meeplehall.server.db.engine import migrate

    url = database_url(data_dir, database_url_, create=True)
    with _engine(url) as engine:
        before, after = migrate(engine)
    if before == after:
        console.print(f"The database is up to date (revision {after}).")
    else:
        console.print(f"Migrated the database from revision {before or '(empty)'} to {after}.")


def backup_command(
    path: Annotated[Path, typer.Argument(help="the file to write the copy to")],
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="replace an existing file at PATH")
    ] = False,
) -> None:
    """Copy the SQLite database to PATH while the server may run (SQLite's online backup).
    For PostgreSQL use pg_dump (docs/deploy.md)."""
    from sqlalchemy.engine import make_url

    from meeplehall.server.operations.backup import BackupError, backup_sqlite

    url = database_url(data_dir, database_url_)
    parsed = make_url(url)
    if not parsed.drivername.startswith("sqlite") or not parsed.database:
        raise fail("Error: backup copies an SQLite database; for PostgreSQL use pg_dump "
                   "(see docs/deploy.md)")
    try:
        size = backup_sqlite(Path(parsed.database), path, overwrite)
    except BackupError as error:
        raise fail(f"Error: {error}") from None
    console.print(f"Backed up {parsed.database} to {path} ({size:,} bytes).")


def export_command(
    path: Annotated[Path, typer.Argument(help="the JSON Lines file to write ('-': the output)")],
    data_dir: DataDir = Path("data"),
    database_url_: DatabaseUrl = "",
    game: Annotated[str | None, typer.Option("--game", help="only this game's tables")] = None,
    rated_only: Annotated[bool, typer.Option("--rated-only", help="only rated games")] = False,
    public_only: Annotated[
        bool, typer.Option("--public-only", help="only public tables (no private ones)")
    ] = False,
    names: Annotated[
        bool, typer.Option("--names", help="display names instead of stable pseudonyms")
    ] = False,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="replace an existing file at PATH")
    ] = False,
) -> None:
    """Write finished games as JSON Lines (seed, options, actions, results; players under
    stable pseudonyms unless --names), a dataset for research (docs/research.md)."""
    import sys

    from meeplehall.core.registry import get_game
    from meeplehall.server.operations.export import finished_games, write_jsonl

    if game is not None:
        try:
            get_game(game)
        except KeyError as error:
            raise fail(f"Error: {error}") from None
    to_stdout = str(path) == "-"
    if not to_stdout and path.exists() and not overwrite:
        raise fail(f"Error: {path} exists; choose another path or add --overwrite")
    url = database_url(data_dir, database_url_)
    with transaction(url) as session:
        lines = finished_games(session, rated_only, public_only, game, names)
        if to_stdout:
            write_jsonl(lines, sys.stdout)
            return
        partial = path.with_name(path.name + ".part")
        with partial.open("w", encoding="utf-8") as out:
            count = write_jsonl(lines, out)
        partial.replace(path)  # a reader never meets a half-written file
    console.print(f"Exported {count} finished game{'s' * (count != 1)} to {path}.")
