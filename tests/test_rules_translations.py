"""The Japanese and Korean rules documents (docs/rules/<game>.<lang>.md) keep the shape of the
English one: a change to the English is carried over section by section, table row by table row,
and a diagram block names a picture the renderer draws, so it must stay as it is."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from tests.registry_games import with_renderer

RULES = Path(__file__).resolve().parents[1] / "docs" / "rules"
TRANSLATIONS = ("ja", "ko")


@dataclass(frozen=True)
class Shape:
    headings: Counter[str]  # heading tag (h1, h2, ...) -> how many
    table_rows: tuple[int, ...]  # rows of each table, header row included, in document order
    diagrams: tuple[str, ...]  # the text of each ```diagram block, in document order


def shape_of(document: Path) -> Shape:
    # Parsed the way the server renders it, so a heading or a row the page would not show
    # (say, inside a code block) is not counted.
    tokens = MarkdownIt("commonmark").enable("table").parse(document.read_text(encoding="utf-8"))
    headings: Counter[str] = Counter(t.tag for t in tokens if t.type == "heading_open")
    rows: list[int] = []
    for token in tokens:
        if token.type == "table_open":
            rows.append(0)
        elif token.type == "tr_open":
            rows[-1] += 1
    diagrams = tuple(t.content for t in tokens if t.type == "fence" and t.info.strip() == "diagram")
    return Shape(headings, tuple(rows), diagrams)


@pytest.mark.parametrize("lang", TRANSLATIONS)
@pytest.mark.parametrize("game", with_renderer())
def test_translated_rules_have_the_english_shape(game: str, lang: str) -> None:
    english = RULES / f"{game}.md"
    translated = RULES / f"{game}.{lang}.md"
    assert translated.is_file(), f"{translated.name} is missing"
    expected, found = shape_of(english), shape_of(translated)
    assert found.headings == expected.headings, "headings per level differ"
    assert found.table_rows == expected.table_rows, "table rows differ"
    assert found.diagrams == expected.diagrams, "diagram blocks differ"
