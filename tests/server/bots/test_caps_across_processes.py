"""The caps on a user's tables of bots hold when the user's requests arrive at once, in several
threads and in two server processes over one PostgreSQL database: each creation counts the
user's tables while holding the user's row, so the counts come one after the other."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from tests.server.conftest import two_server_processes

TRIES = 16
BOTS_ONLY = {"game": "pyramido", "players": 2, "seat": None,
             "bots": [{"seat": 0, "level": 1}, {"seat": 1, "level": 1}]}


def test_two_processes_at_once_open_no_more_bots_only_tables_than_the_cap(
        database_factory: Callable[[str], tuple[str, Path]],
        server_env: dict[str, str]) -> None:
    with two_server_processes(database_factory, server_env) as (a, b):
        login = httpx.post(f"{a.base}/api/auth/guest", json={"name": "racer"})
        cookie = {"mh_session": login.cookies["mh_session"]}

        def create(attempt: int) -> int:
            base = (a, b)[attempt % 2].base
            with httpx.Client(base_url=base, cookies=cookie, timeout=60) as http:
                return http.post("/api/tables", json=BOTS_ONLY).status_code

        with ThreadPoolExecutor(TRIES) as pool:
            codes = list(pool.map(create, range(TRIES)))
    assert sorted(codes) == [201] * 2 + [409] * (TRIES - 2), codes
