"""The table of every ``serve`` setting in docs/deploy.md, made from ``Settings``.

``python -m meeplehall.cli.reference docs/deploy.md`` rewrites the table between its two
markers; tests/docs/test_settings_reference.py fails when the doc's table differs from this.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from meeplehall.server.config import Settings, flag_of, variable_of

BEGIN = "<!-- settings: made by python -m meeplehall.cli.reference docs/deploy.md -->"
END = "<!-- end of settings -->"


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "`true`" if value else "`false`"
    if isinstance(value, tuple):
        return ", ".join(f"`{item}`" for item in value) or "none"
    if value in ("", None):
        return "none"
    return f"`{value:g}`" if isinstance(value, float) else f"`{value}`"


def table() -> str:
    rows = ["| flag | environment variable, `--config` key | default | what for |",
            "|---|---|---|---|"]
    for name, field in Settings.model_fields.items():
        flag = flag_of(name)
        if field.annotation is bool:
            flag = f"{flag}`, `--no-{flag[2:]}"
        rows.append(f"| `{flag}` | `{variable_of(name)}`, `{name}` | {_shown(field.default)} "
                    f"| {field.description} |")
    return "\n".join(rows) + "\n"


def with_table(document: str) -> str:
    """``document`` with the table between the markers made anew."""
    head, begin, rest = document.partition(BEGIN)
    _old, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"the document has no {BEGIN} ... {END} markers")
    return f"{head}{BEGIN}\n{table()}{END}{tail}"


if __name__ == "__main__":
    path = Path(sys.argv[1])
    path.write_text(with_table(path.read_text()))
