"""The architecture contracts cover code not yet written: a room or a game added tomorrow is
checked the day it appears (docs/architecture.md, pyproject.toml's ``[tool.importlinter]``).

Each test copies the package and the contracts into a temporary folder, adds the newcomer a
careless developer might write, and runs ``lint-imports`` there: it must name the broken
contract. A first run on the copy as it is shows the contracts hold today.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(),
                                reason="import-linter is not installed beside this Python")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "src" / "meeplehall", tmp_path / "src" / "meeplehall",
                    ignore=shutil.ignore_patterns("__pycache__", "web"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def lint(tree: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    # --no-cache: the cache is kept per folder and the copy is new each time anyway.
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=tree, env=env,
                          capture_output=True, text=True, timeout=600)


def write(tree: Path, module: str, text: str) -> None:
    path = tree / "src" / Path(*module.split("."))
    path.mkdir(parents=True, exist_ok=True)
    (path / "__init__.py").write_text(text)


def broken(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0, result.stdout
    return result.stdout + result.stderr


def test_the_contracts_hold_on_the_tree_as_it_is(tree: Path) -> None:
    result = lint(tree)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_new_server_room_fails_until_it_is_placed_in_the_layers(tree: Path) -> None:
    # Harmless imports: a room that reaches nothing above it still has to be placed.
    write(tree, "meeplehall.server.clubs", "from meeplehall.server.db import models\n")
    output = broken(lint(tree))
    assert "meeplehall.server.clubs" in output


def test_a_new_server_room_may_not_import_the_routers_or_the_hall(tree: Path) -> None:
    write(tree, "meeplehall.server.clubs",
          "from meeplehall.server import hall\nfrom meeplehall.server.api import lobby\n")
    output = broken(lint(tree))
    assert "The server's rooms" in " ".join(output.split())


def test_a_new_game_that_imports_another_game_breaks_their_independence(tree: Path) -> None:
    write(tree, "meeplehall.games.newgame", "from meeplehall.games import yaxha\n")
    (tree / "src/meeplehall/games/newgame/match.py").write_text("")
    (tree / "src/meeplehall/games/newgame/state.py").write_text("")
    output = " ".join(broken(lint(tree)).split())
    assert "The games know nothing of each other BROKEN" in output


def test_the_server_may_not_name_a_new_game(tree: Path) -> None:
    write(tree, "meeplehall.games.newgame", "")
    (tree / "src/meeplehall/games/newgame/match.py").write_text("")
    (tree / "src/meeplehall/games/newgame/state.py").write_text("")
    (tree / "src/meeplehall/server/db/newgame_probe.py").write_text(
        "from meeplehall.games import newgame\n")
    output = " ".join(broken(lint(tree)).split())
    assert "they find games by name BROKEN" in output
    assert "meeplehall.server.db.newgame_probe -> meeplehall.games.newgame" in output


def test_a_new_games_state_may_not_import_its_match(tree: Path) -> None:
    write(tree, "meeplehall.games.newgame", "")
    (tree / "src/meeplehall/games/newgame/match.py").write_text("")
    (tree / "src/meeplehall/games/newgame/state.py").write_text(
        "from meeplehall.games.newgame import match\n")
    output = " ".join(broken(lint(tree)).split())
    assert "Inside a game" in output and "meeplehall.games.newgame.state" in output
