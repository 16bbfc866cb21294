"""What clients read names no server environment variable and no server folder: the options of
data files, and the refusal of a data file the server does not have."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.live_server import ServerProcess
from tests.server.api.test_api_errors import refusal


@pytest.fixture
def data_server(database_factory: object, server_env: dict[str, str],
                tmp_path: Path) -> Iterator[tuple[ServerProcess, Path]]:
    url, data_dir = database_factory("sqlite")  # type: ignore[operator]
    folder = tmp_path / "secret-data-folder"
    folder.mkdir()
    env = dict(server_env, MEEPLEHALL_PYRAMIDO_DATA=str(folder),
               MEEPLEHALL_MONSTERHEX_DATA=str(folder))
    process = ServerProcess(data_dir, url, env)
    process.start()
    yield process, folder
    process.stop()


def test_the_catalog_and_data_file_refusals_name_no_variable_or_folder(
        data_server: tuple[ServerProcess, Path]) -> None:
    server, folder = data_server
    catalog = httpx.get(f"{server.base}/api/games").text
    assert "MEEPLEHALL_" not in catalog
    client = httpx.Client(base_url=server.base)
    client.post("/api/auth/guest", json={"name": "curious"}).raise_for_status()
    for game, option in (("pyramido", "dominoes"), ("monsterhex", "components")):
        answer = client.post("/api/tables", json={"game": game, "players": 2,
                                                  "options": {option: "nothere"}})
        body = refusal(answer, 400, "invalid_options")
        assert "nothere" in body["detail"], body
        for secret in ("MEEPLEHALL_", str(folder), "secret-data-folder", "looked in"):
            assert secret not in answer.text, (secret, body)
