"""docs/research.md's promises about itself: its OpenSpiel ISMCTS example runs alone, as
written, and its observation sizes are the encodings' own."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.rl.conftest import need

DOC = (Path(__file__).resolve().parents[2] / "docs/research.md").read_text()


def _example_after(heading: str) -> str:
    section = DOC[DOC.index(heading):]
    block = re.search(r"\n\n((?:    .*\n|\n)+)", section)
    assert block is not None
    return textwrap.dedent(block.group(1))


def test_the_ismcts_example_runs_alone():
    need("pyspiel")
    code = _example_after("### OpenSpiel's information-set MCTS")
    assert "import pyspiel" in code
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=240)
    assert done.returncode == 0, done.stderr
    assert "pyramido players=2" in done.stdout and "actions=[(0," in done.stdout


def test_the_observation_sizes_the_headings_give_are_the_encodings():
    from meeplehall.core.registry import research_encoding

    def size(game, players, **options):
        return research_encoding(game, players, options).observation_size

    heading = re.search(r"### Monster Hex \(.*: (.*)\)", DOC)
    assert heading is not None
    assert heading.group(1) == (
        f"{size('monsterhex', 1)} floats solo, {size('monsterhex', 2)} with 2, "
        f"{size('monsterhex', 2, shared_faction=True)} with 2 and the shared faction, "
        f"{size('monsterhex', 3)} with 3, {size('monsterhex', 4)} with 4")
    yaxha = re.search(r"### Yaxha \(n players: (.*)\)", DOC)
    assert yaxha is not None and yaxha.group(1) == (
        f"{size('yaxha', 2)} floats with 2, {size('yaxha', 3)} with 3, {size('yaxha', 4)} with 4")
    pyramido = re.search(r"### Pyramido \(n players: (.*)\)", DOC)
    assert pyramido is not None and pyramido.group(1) == (
        f"{size('pyramido', 1)} floats with 1, {size('pyramido', 2)} with 2, "
        f"{size('pyramido', 3)} with 3, {size('pyramido', 4)} with 4")
