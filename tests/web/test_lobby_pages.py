"""The lobby's open tables come a page at a time: the page shows the first, and a button reads
the next while there is one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.live_server import ServerProcess
from tests.web.conftest import wait_for_js

PAGE = 3


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of its own, with pages of three tables (the other tests share one of 100)."""
    server = ServerProcess(tmp_path_factory.mktemp("web-pages"), test_games=False,
                           extra=["--lobby-page-size", str(PAGE)])
    server.start()
    yield server
    server.stop()


def test_open_tables_come_a_page_at_a_time_and_more_on_asking(
    pages: Any, web_server: ServerProcess
) -> None:
    opened = []
    for owner in range(3):  # 7 tables: pages of 3, 3 and 1
        # A bound on a request that hangs, not a timing test: on a busy machine a creation
        # took over httpx's default 5 s.
        with httpx.Client(base_url=web_server.base, timeout=60) as client:
            client.post("/api/auth/guest", json={"name": f"host{owner}"}).raise_for_status()
            for _ in range(3 if owner < 2 else 1):
                table = client.post("/api/tables", json={"game": "yaxha", "players": 2})
                assert table.status_code == 201, table.text
                opened.append(table.json()["id"])
    visitor = pages.new()
    visitor.goto("/")
    rows = visitor.locator("#open-tables li[data-table]")
    for shown in (3, 6):
        wait_for_js(visitor,
                    f"document.querySelectorAll('#open-tables li[data-table]').length === {shown}")
        visitor.click("#more-open-tables")
    wait_for_js(visitor, "document.querySelectorAll('#open-tables li[data-table]').length === 7")
    assert visitor.locator("#more-open-tables").count() == 0
    listed = [int(rows.nth(i).get_attribute("data-table")) for i in range(rows.count())]
    assert sorted(listed) == sorted(opened)
