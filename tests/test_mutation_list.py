"""bench/mutations.py's curated mutations still apply to the source: each original text is found
exactly once, and each mutation changes something. (Running them is the benchmark's job.)"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[1]


def _load() -> ModuleType:
    path = REPO / "bench" / "mutations.py"
    spec = importlib.util.spec_from_file_location("bench_mutations", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def test_every_mutation_applies_exactly_once_and_changes_the_source(tmp_path: Path) -> None:
    mutations = _load().MUTATIONS
    assert len(mutations) >= 30
    assert len({m.name for m in mutations}) == len(mutations)
    for mutation in mutations:
        assert mutation.tests, mutation.name
        for test in mutation.tests:
            assert (REPO / test.split("::")[0]).exists(), (mutation.name, test)
        for edit in mutation.edits:
            text = (REPO / edit.path).read_text(encoding="utf-8")
            assert text.count(edit.old) == 1, (mutation.name, edit.path, edit.old)
            assert edit.old != edit.new, mutation.name


def test_applying_a_mutation_changes_only_a_copy(tmp_path: Path) -> None:
    module = _load()
    mutation = module.by_name()["negative_seq"]
    (edit,) = mutation.edits
    copy = tmp_path / edit.path
    copy.parent.mkdir(parents=True)
    original = (REPO / edit.path).read_text(encoding="utf-8")
    copy.write_text(original, encoding="utf-8")
    module.apply(mutation, tmp_path)
    assert edit.old not in copy.read_text(encoding="utf-8")
    assert (REPO / edit.path).read_text(encoding="utf-8") == original


def test_the_docs_quote_the_number_of_mutations() -> None:
    count = len(_load().MUTATIONS)
    assert f"({count} curated changes:" in (REPO / "docs" / "security.md").read_text("utf-8")
    assert f"catch {count} curated bugs?" in (REPO / "README.md").read_text("utf-8")
