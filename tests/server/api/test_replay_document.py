"""A finished table's replay is built once and then served from memory, with an ETag that
changes only when its chat grows; the cache never lets through someone who may not see it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx

from tests.server.client import Player
from tests.server.inprocess import InProcessServer


def _finished_bot_table(server: InProcessServer, owner: Player, visibility: str) -> dict:
    table = owner.create(game="yaxha", players=2, seat=None, visibility=visibility,
                         bots=[{"seat": seat, "level": 1} for seat in range(2)])
    owner.start(table["id"])
    deadline = time.monotonic() + 120
    while owner.http.get(f"/api/tables/{table['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish in time"
        time.sleep(0.2)
    return table


def test_a_replay_is_built_once_and_revalidated_by_its_etag(tmp_path: Path) -> None:
    server = InProcessServer(tmp_path)
    server.start()
    try:
        owner = Player(server.base, server.ws_base).guest("owner")
        table = _finished_bot_table(server, owner, "public")
        url = f"/api/tables/{table['id']}/replay?views=true"
        anonymous = httpx.Client(base_url=server.base)  # asks for gzip, as browsers do
        plain_client = httpx.Client(base_url=server.base, headers={"Accept-Encoding": "identity"})

        def built() -> int:
            return server.call(lambda: server.app.state.hall.replays.built)

        first = anonymous.get(url)
        assert first.headers["content-encoding"] == "gzip"
        made = built()  # the document, and its compressed body
        second = anonymous.get(url)
        uncompressed = plain_client.get(url)
        assert first.status_code == second.status_code == uncompressed.status_code == 200
        assert "content-encoding" not in uncompressed.headers
        assert first.content == second.content == uncompressed.content
        assert first.json()["steps"] and all("view" in step for step in first.json()["steps"])
        assert made == built() == 2
        tag = first.headers["etag"]
        assert "no-cache" in first.headers["cache-control"]
        again = anonymous.get(url, headers={"If-None-Match": tag})
        assert again.status_code == 304 and again.content == b""

        # The chat can still grow after the end: it is joined on, and the tag changes.
        async def say() -> None:
            socket = await owner.socket(table["id"])
            await socket.expect("chat_log")
            await socket.send({"type": "chat", "text": "good game"})
            await socket.expect("chat")
            await socket.close()

        asyncio.run(say())
        changed = anonymous.get(url, headers={"If-None-Match": tag})
        assert changed.status_code == 200
        assert changed.headers["etag"] != tag
        assert [m["text"] for m in changed.json()["chat"]] == ["good game"]
        assert changed.json()["steps"] == first.json()["steps"]
        assert built() == 3  # only the new compressed body: the document is the same
        # Without views it is another document, built once too.
        without = plain_client.get(f"/api/tables/{table['id']}/replay")
        assert without.status_code == 200 and "view" not in without.json()["steps"][0]
        assert built() == 4
    finally:
        server.stop()


def test_a_cached_private_replay_stays_hidden_from_strangers(tmp_path: Path) -> None:
    server = InProcessServer(tmp_path)
    server.start()
    try:
        owner = Player(server.base, server.ws_base).guest("owner")
        table = _finished_bot_table(server, owner, "private")
        url = f"/api/tables/{table['id']}/replay?views=true"
        assert owner.http.get(url).status_code == 200  # now in the cache
        anonymous = httpx.Client(base_url=server.base)
        stranger = Player(server.base, server.ws_base).guest("stranger").http
        for client in (anonymous, stranger):
            refused = client.get(url)
            assert refused.status_code == 404, refused.text
            assert refused.json()["code"] == "no_table"
            assert "etag" not in refused.headers
        invited = anonymous.get(url + f"&invite={table['invite_token']}")
        assert invited.status_code == 200
    finally:
        server.stop()
