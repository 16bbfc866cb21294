"""Counts and references the docs state about the code: the number of curated mutations
security.md gives is bench/mutations.py's, and every "protocol.md, section N" names the
section that holds what it points to."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_mutation_list import _load

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_mutation_count_in_security_md_is_the_benchmarks() -> None:
    stated = re.findall(r"\((\d+) curated changes", (DOCS / "security.md").read_text())
    assert stated == [str(len(_load().MUTATIONS))]


def test_the_admin_api_is_where_deploy_md_says() -> None:
    protocol = (DOCS / "protocol.md").read_text()
    admin = re.search(r"^## (\d+)\. Administration", protocol, re.MULTILINE)
    assert admin is not None
    deploy = (DOCS / "deploy.md").read_text()
    pointers = re.findall(r"admin API\s*\(protocol\.md, section (\d+)\)", deploy)
    assert pointers and set(pointers) == {admin.group(1)}
