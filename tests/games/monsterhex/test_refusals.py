"""Every refusal names its rule, and every rule has its sentence in English, Japanese and Korean
in the web client's texts; a refused placement names its cell by the board's label."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.monsterhex.actions import Place
from tests.games.monsterhex.helpers import new, put, set_hand, set_turn

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "src" / "meeplehall" / "games" / "monsterhex"
TEXTS = ROOT / "src" / "meeplehall" / "web" / "games" / "monsterhex" / "texts.js"


def _rules_in_source() -> set[str]:
    found = set()
    for path in ENGINE.glob("*.py"):
        found |= set(re.findall(r'rule="([a-z_]+)"', path.read_text()))
    return found


def _texts() -> dict[str, dict[str, str]]:
    """The renderer's texts module, read by Node.js (which this machine kind carries)."""
    if shutil.which("node") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Node.js is required to read the web client's texts when CI=true")
        pytest.skip("Node.js is not installed: it reads the web client's texts module")
    module = json.dumps(TEXTS.as_uri())
    script = f"import({module}).then((m) => console.log(JSON.stringify(m.texts)))"
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True)
    texts: dict[str, dict[str, str]] = json.loads(out.stdout)
    return texts


def test_every_rule_has_its_sentence_in_three_languages() -> None:
    rules = _rules_in_source()
    assert len(rules) >= 15
    texts = _texts()
    for lang in ("en", "ja", "ko"):
        missing = sorted(rule for rule in rules if f"illegal.{rule}" not in texts[lang])
        assert missing == [], (lang, missing)


def test_a_refused_placement_names_the_cell_by_its_label() -> None:
    state = new(2, seed=1)
    set_turn(state, 0)
    set_hand(state, 0, ["A1", "B2", "C3"])
    q, r = state.cfg.board.cells[0]
    put(state, 1, "S", q, r)
    with pytest.raises(IllegalAction) as refused:
        state.apply(0, Place("A1", q, r, 0))
    assert refused.value.rule == "cell_taken"
    label = refused.value.params["cell"]
    assert re.fullmatch(r"[A-Z]\d+", label)
    assert f"({q},{r})" not in refused.value.reason and label in refused.value.reason
