"""The SQLite database's files are the operator's alone: the data folder is made 0700, and the
database file, its backups and (through them) SQLite's -wal and -shm files 0600.

SQLite would make a new database file 0644 (less the umask): readable by every local user,
with the accounts and the seeds of unfinished matches in it. So the file is made here,
empty and 0600, before SQLite first opens it; SQLite then gives the files it makes beside a
database the database file's own mode. Files and folders that already exist keep their mode
(an operator may have chosen it), but a database file others may read is logged as a warning.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

#: The data folder: only its owner may list or enter it.
PRIVATE_DIR = 0o700
#: The database file and its backups: only their owner may read or write them.
PRIVATE_FILE = 0o600


def make_private_dir(path: Path) -> None:
    """Create ``path`` (and any missing parents) with the folder itself 0700; an existing
    folder keeps its mode. OSError when it cannot be made."""
    path.mkdir(parents=True, exist_ok=True, mode=PRIVATE_DIR)


def create_private_file(path: Path) -> bool:
    """Create ``path`` empty and 0600 (whatever the umask) unless it exists; returns whether it
    was created."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        return False
    try:
        os.fchmod(descriptor, PRIVATE_FILE)  # open's mode went through the umask
    finally:
        os.close(descriptor)
    return True


def sqlite_file(url: str) -> Path | None:
    """The file an SQLite URL names; None for another database, memory or a ``file:`` URI."""
    parsed = make_url(url)
    database = parsed.database
    if not parsed.drivername.startswith("sqlite") or not database:
        return None
    if database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def prepare_sqlite_file(path: Path) -> None:
    """Make the database file 0600 before SQLite first opens it, or warn when an existing one
    can be read by others. A missing folder is left for SQLite to report, as it always has."""
    if not path.parent.is_dir():
        return
    if create_private_file(path):
        return
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        log.warning(
            "the database file %s has mode %04o: other users of this machine may read it "
            "(and SQLite gives its -wal and -shm files the same mode); chmod 600 it",
            path, mode,
        )
