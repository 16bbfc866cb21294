"""An agent plays a table of a running hall over its protocol, choosing with a research policy.

With an agent's API token in ``MEEPLEHALL_AGENT_TOKEN`` (its owner makes the agent and its token
on the hall: docs/research.md, "Agents at the table") the program plays as that agent: it sends
``Authorization: Bearer <token>`` on every request and on the socket's handshake, sits marked as
an agent, and its finished tables against bots move the game's agents' ladder
(``GET /api/ladder/GAME``). Without a token it signs in as a guest, as anyone may.

It opens a table of ``GAME`` against built-in bots, and plays its seat through the table
WebSocket (docs/protocol.md): at every ``update`` or ``sync`` where the
table waits for it, it turns the seat's ``view`` into the research API's observation tensor
(``encoding.observe(view)``) and the ``legal`` actions into an action mask, asks its policy for
an index and sends the action that index stands for. Take-backs have no index and are never
chosen. It needs the full install (httpx, websockets) and the ``rl`` extra's numpy.

    MEEPLEHALL_AGENT_TOKEN=mha_... python examples/protocol_agent.py http://127.0.0.1:8000 yaxha --bots 1

Any function ``policy(observation, mask) -> index`` can play: a trained model's, for one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
from collections.abc import Callable
from typing import Any

import httpx
import numpy as np
from websockets.asyncio.client import ClientConnection, connect

from meeplehall.core.registry import research_encoding
from meeplehall.core.research import UnindexedAction

Policy = Callable[[np.ndarray, np.ndarray], int]
#: How long to listen for more updates right behind one before answering the newest.
BURST_SECONDS = 0.05


def lowest_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    """A stand-in policy: the lowest legal index."""
    return int(np.flatnonzero(mask)[0])


async def newest_state(socket: ClientConnection) -> dict[str, Any]:
    """The table's newest state: the next ``update`` or ``sync``, and any that arrived right
    behind it, so the agent answers only the latest position (acting on each of a burst of the
    bots' updates would send moves the table has already left, and spend the socket's message
    budget on refusals). A ``rate_limited`` refusal is waited out, then the state asked for."""
    state: dict[str, Any] | None = None
    while True:
        try:
            text = await (socket.recv() if state is None
                          else asyncio.wait_for(socket.recv(), BURST_SECONDS))
        except TimeoutError:
            assert state is not None
            return state
        message = json.loads(text)
        if message["type"] == "error" and message.get("code") == "rate_limited":
            await asyncio.sleep(message["retry_ms"] / 1000)
            await socket.send(json.dumps({"type": "sync", "seq": message["seq"]}))
        elif message["type"] in ("update", "sync"):
            if message["status"] == "finished":
                return message
            state = message


async def play(base: str, game: str, bot_levels: list[int], policy: Policy = lowest_legal,
               name: str = "agent", token: str | None = None) -> dict[str, Any]:
    """Play one whole match at seat 0 against bots, as the agent whose API ``token`` is given
    or else as a guest named ``name``; returns the finished table's result."""
    players = 1 + len(bot_levels)
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with httpx.Client(base_url=base, timeout=30, headers=headers) as http:
        if token:
            http.get("/api/me").raise_for_status()  # a wrong or revoked token stops here
        else:
            http.post("/api/auth/guest", json={"name": name}).raise_for_status()
        created = http.post("/api/tables", json={
            "game": game, "players": players, "seat": 0,
            "bots": [{"seat": seat, "level": level}
                     for seat, level in enumerate(bot_levels, start=1)]})
        created.raise_for_status()
        table = created.json()
        http.post(f"/api/tables/{table['id']}/start").raise_for_status()
        if not token:
            headers = {"Cookie": f"mh_session={http.cookies.get('mh_session')}"}
    encoding = research_encoding(game, players, table.get("options") or {})
    ws_base = base.replace("http", "ws", 1)
    async with connect(f"{ws_base}/ws/tables/{table['id']}",
                       additional_headers=headers) as socket:
        while True:
            message = await newest_state(socket)
            if message["status"] == "finished":
                result: dict[str, Any] = message["result"]
                return result
            if message["seat"] not in message["to_move"]:
                continue
            actions = {}
            for action in message["legal"]:
                try:
                    actions[encoding.actions.index(action)] = action
                except UnindexedAction:  # a take-back
                    continue
            if not actions:
                continue
            mask = np.zeros(encoding.actions.size, np.int8)
            mask[list(actions)] = 1
            observation = np.asarray(encoding.observe(message["view"]), np.float32)
            choice = policy(observation, mask)
            await socket.send(json.dumps({"type": "act", "seq": message["seq"],
                                          "action": actions[choice]}))
    raise ConnectionError("the table socket closed before the match ended")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("base", help="the hall's address, e.g. http://127.0.0.1:8000")
    parser.add_argument("game", nargs="?", default="yaxha")
    parser.add_argument("--bots", default="1", help="the bots' levels, e.g. 1,2")
    args = parser.parse_args()
    levels = [int(level) for level in args.bots.split(",")]
    token = os.environ.get("MEEPLEHALL_AGENT_TOKEN") or None
    print(json.dumps(asyncio.run(play(args.base, args.game, levels, token=token))))


if __name__ == "__main__":
    main()
