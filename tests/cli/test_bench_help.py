"""bench/server_load.py --help reads completely: the whole description, every option explained."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "server_load.py"


def test_server_load_help_has_the_whole_description_and_every_option_explained() -> None:
    run = subprocess.run([sys.executable, str(SCRIPT), "--help"], capture_output=True,
                         text=True, timeout=60, check=True)
    text = " ".join(run.stdout.split())
    assert "This is a benchmark, not a test." in text
    assert "--no-creation-limits --no-socket-limits" in text
    options = run.stdout[run.stdout.index("options:"):]
    for option in ("--url", "--game", "--tables", "--seats", "--seconds", "--rounds", "--think",
                   "--option"):
        line = re.search(rf"^\s+{option} \S+\s*(.*)$", options, re.MULTILINE)
        assert line and line.group(1).strip(), f"{option} has no help"
