"""The example agent (examples/protocol_agent.py) plays whole matches of every game over the
protocol against a real server, choosing with a research-API policy."""

from __future__ import annotations

import asyncio
import importlib.util
from pathlib import Path

import numpy as np
import pytest

from tests.rl.conftest import need
from tests.server.inprocess import InProcessServer

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


@pytest.mark.parametrize("game", ["yaxha", "pyramido", "monsterhex"])
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
