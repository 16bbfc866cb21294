"""The example agent (examples/protocol_agent.py) plays whole matches of every game over the
protocol against a real server, choosing with a research-API policy: as a guest, and as an
agent with its API token (seated and shown as the agent, the finished table on the ladder)."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

import httpx
import numpy as np
import pytest

from tests.registry_games import with_research_wing
from tests.rl.conftest import need
from tests.server.client import Player
from tests.server.inprocess import InProcessServer

GAMES = [game.name for game in with_research_wing()]

EXAMPLE = Path(__file__).resolve().parents[2] / "examples/protocol_agent.py"


def _example():
    spec = importlib.util.spec_from_file_location("protocol_agent", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    hall = InProcessServer(tmp_path_factory.mktemp("agent"))
    hall.start()
    yield hall
    hall.stop()


@pytest.mark.parametrize("game", GAMES)
def test_the_example_agent_plays_a_whole_match_with_its_policy(server, game):
    need("numpy")
    agent = _example()
    chosen = []

    def policy(observation, mask):
        assert mask.any() and observation.dtype == np.float32
        chosen.append(int(np.flatnonzero(mask)[-1]))
        return chosen[-1]

    result = asyncio.run(asyncio.wait_for(agent.play(server.base, game, [1], policy), 180))
    assert len(result["scores"]) == 2 and result["winners"]
    assert len(chosen) > 5  # the agent did play its seat, move after move


@pytest.fixture(scope="module")
def agent(server):
    """A registered owner's agent and its token."""
    owner = Player(server.base, server.ws_base).register()
    made = owner.http.post("/api/agents", json={"name": "example agent"})
    assert made.status_code == 201, made.text
    issued = owner.http.post(f"/api/agents/{made.json()['id']}/token")
    return {**made.json(), "owner": owner.user["name"], "token": issued.json()["token"]}


@pytest.mark.parametrize("game", GAMES)
def test_the_example_agent_plays_a_whole_match_with_an_agents_token(server, agent, game):
    need("numpy")
    example = _example()
    chosen = []

    def policy(observation, mask):
        chosen.append(int(np.flatnonzero(mask)[0]))
        return chosen[-1]

    before = {entry["entrant"]: entry["games"]
              for entry in httpx.get(f"{server.base}/api/ladder/{game}").json()}
    result = asyncio.run(asyncio.wait_for(
        example.play(server.base, game, [1], policy, token=agent["token"]), 180))
    assert len(result["scores"]) == 2 and result["winners"] and len(chosen) > 5
    mine = httpx.get(f"{server.base}/api/my/tables?status=finished",
                     headers={"Authorization": f"Bearer {agent['token']}"}).json()
    seat = next(t for t in mine if t["game"] == game)["seats"][0]
    assert seat["kind"] == "agent" and seat["user"]["id"] == agent["id"]
    assert seat["user"]["owner"] == agent["owner"]
    after = {entry["entrant"]: entry["games"]
             for entry in httpx.get(f"{server.base}/api/ladder/{game}").json()}
    key = f"agent:{agent['id']}"
    assert after[key] == before.get(key, 0) + 1
    assert after["level:1"] == before.get("level:1", 0) + 1
