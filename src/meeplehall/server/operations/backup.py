"""Online backups of the SQLite database, with SQLite's backup API: safe while the server
runs (in WAL mode the copy reads one consistent snapshot and blocks no writer), and the copy
is a complete database file a server can start on."""

from __future__ import annotations

import contextlib
import os
import sqlite3
from pathlib import Path

from meeplehall.server.db.files import create_private_file


class BackupError(Exception):
    pass


def backup_sqlite(source: Path, target: Path, overwrite: bool = False) -> int:
    """Copy the database at ``source`` to ``target`` (written beside it under a temporary name,
    checked, then renamed, so ``target`` is never half written); returns the copy's size."""
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if target.exists() and (target.is_dir() or not overwrite):
        raise BackupError(f"{target} exists; choose another path or add --overwrite"
                          if not target.is_dir() else f"{target} is a folder, not a file")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    partial = target.with_name(f".{target.name}.partial")
    with contextlib.suppress(FileNotFoundError):
        partial.unlink()
    try:
        # The copy holds all the live one does: made 0600 before SQLite writes into it (it
        # would make it 0644), and renamed with that mode.
        create_private_file(partial)
        with contextlib.closing(sqlite3.connect(source, timeout=30)) as live, \
                contextlib.closing(sqlite3.connect(partial)) as copy:
            # One step (pages=-1): a single read transaction, so the copy is one snapshot even
            # while the server commits moves (a stepwise copy restarts on every commit).
            live.backup(copy, pages=-1)
            # A self-contained file: no -wal beside it to forget when it is moved.
            copy.execute("PRAGMA journal_mode=DELETE")
            verdict = copy.execute("PRAGMA integrity_check").fetchone()[0]
        if verdict != "ok":
            raise BackupError(f"the copy failed its integrity check: {verdict}")
        os.replace(partial, target)
    except sqlite3.Error as error:
        raise BackupError(f"cannot back up {source}: {error}") from None
    except OSError as error:
        raise BackupError(f"cannot write {partial}: {error.strerror}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
    return target.stat().st_size
