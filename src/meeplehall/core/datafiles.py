"""Other component data, chosen by name through a table option.

Publishers' real data (Pyramido's dominoes, Monster Hex's boards and tiles) can be dropped in as a
JSON file without touching the code. Table options come from players, so an option never holds a
path: it holds a plain name, and ``NAME.json`` is looked up in the folders the server's operator
listed in an environment variable. This is the one place a game reads files an option chose.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


def find_named_data(name: str, variable: str) -> Path:
    """The file ``NAME.json`` in the first folder listed (like PATH) in ``variable``.

    Raises ValueError with a reason a player can read for a name that is not plain, or that no
    listed folder holds.
    """
    if not _NAME.fullmatch(name):
        raise ValueError(
            f"data name {name!r}: give a plain name (letters, digits, - and _), not a path"
        )
    folders = [folder for folder in os.environ.get(variable, "").split(os.pathsep) if folder]
    for folder in folders:
        path = Path(folder) / f"{name}.json"
        if path.is_file():
            return path
    # Players read this (it refuses a table option): it names neither the variable nor the
    # server's folders. An operator finds both in the game's documentation.
    raise ValueError(f"this server has no data called {name!r}")
