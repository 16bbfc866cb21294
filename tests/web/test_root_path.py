"""The hall served under a sub-path (``serve --root-path /hall`` behind a proxy that strips
it): in Chromium the lobby, a guest login, a table page, its WebSocket and moves, the links
back, and the API docs all work, and the browser asks for nothing outside ``/hall/``. The docs
page works with every request off this server refused (no CDN)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.responses import PlainTextResponse

from tests.registry_games import only_drawn_games
from tests.server.inprocess import InProcessServer

from .conftest import Pages, api, play_one, wait_for_game, wait_ready

PREFIX = "/hall"


def behind_prefix(app: Any) -> Any:
    """What ``location /hall/ { proxy_pass http://127.0.0.1:PORT/; }`` makes of a request
    before uvicorn (``root_path=/hall``) sees it: ``/hall/x`` arrives as ``/x``. uvicorn puts
    its root path in front of the path it receives, so a browser's ``/hall/x`` shows here as
    ``/hall/hall/x``; anything the browser asked outside ``/hall/`` is refused, as such a
    proxy would not pass it on."""
    doubled = PREFIX + PREFIX

    async def strip(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        if not scope["path"].startswith(doubled + "/"):
            if scope["type"] == "http":
                await PlainTextResponse("not under /hall/", 404)(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 1008})
            return
        raw = scope.get("raw_path") or scope["path"].encode()
        inner = dict(scope, path=scope["path"][len(PREFIX):], raw_path=raw[len(PREFIX):])
        await app(inner, receive, send)

    return strip


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[InProcessServer]:
    server = InProcessServer(tmp_path_factory.mktemp("subpath"), root_path=PREFIX,
                             wrap=behind_prefix, creation_limits=False, socket_limits=False)
    with only_drawn_games():
        server.start()
        yield server
        server.stop()


@pytest.fixture
def sub_pages(browser: Any, hall: InProcessServer) -> Iterator[Pages]:
    opened = Pages(browser, hall.base)
    yield opened
    errors = opened.errors()
    opened.close()
    assert not errors, "the pages logged errors:\n" + "\n".join(errors)


def watch_requests(page: Any) -> tuple[list[str], list[str]]:
    """Every URL the page asks for (sockets included), and every answer of 400 or more."""
    asked: list[str] = []
    failed: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.on("websocket", lambda socket: asked.append(socket.url))
    page.on("response", lambda response: failed.append(f"{response.status} {response.url}")
            if response.status >= 400 else None)
    return asked, failed


def test_the_hall_plays_under_a_sub_path(sub_pages: Pages, hall: InProcessServer) -> None:
    page = sub_pages.new()
    asked, failed = watch_requests(page)
    page.goto(f"{PREFIX}/")
    wait_ready(page)
    page.fill("#guest-name", "under a path")
    page.click("#guest-form button[type=submit]")
    page.wait_for_selector("#welcome")
    table = api(page, "POST", f"{PREFIX}/api/tables",
                {"game": "yaxha", "players": 2, "seat": 0, "bots": [{"seat": 1, "level": 1}]})
    api(page, "POST", f"{PREFIX}/api/tables/{table['id']}/start")
    page.goto(f"{PREFIX}/")  # the lobby lists it under "my games", linked within the hall
    wait_ready(page)
    page.click(f"a[href='{PREFIX}/tables/{table['id']}']")
    wait_for_game(page)
    rng = random.Random(2)
    for _ in range(3):
        assert play_one(page, rng) in ("choice", "legal")
    page.click("#top nav a >> nth=0")  # back to the lobby, still under the path
    wait_ready(page)
    assert page.url == f"{hall.base}{PREFIX}/"
    assert failed == []
    outside = [url for url in asked if not url.startswith(
        (f"{hall.base}{PREFIX}/", f"{hall.ws_base}{PREFIX}/", "data:"))]
    assert outside == []
    assert any(url.startswith(f"{hall.ws_base}{PREFIX}/ws/tables/") for url in asked)


def test_the_api_docs_work_offline_under_the_sub_path(
    sub_pages: Pages, hall: InProcessServer,
) -> None:
    page = sub_pages.new()
    asked, failed = watch_requests(page)
    elsewhere: list[str] = []

    def only_this_server(route: Any) -> None:
        if route.request.url.startswith(hall.base):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_this_server)
    page.goto(f"{PREFIX}/docs")
    page.wait_for_selector(".opblock")
    operations = page.locator(".opblock").count()
    assert operations >= 20, operations  # the whole API, drawn from the schema
    assert "Meeple Hall" in page.locator(".title").inner_text()
    assert elsewhere == [] and failed == []
    assert f"{hall.base}{PREFIX}/openapi.json" in asked


def test_the_package_ships_the_docs_assets() -> None:
    from meeplehall.server.api.apidocs import assets_folder

    folder: Path = assets_folder()
    assert (folder / "swagger-ui-bundle.js").stat().st_size > 100_000
    assert (folder / "swagger-ui.css").is_file()
