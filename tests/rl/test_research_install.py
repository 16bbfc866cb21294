"""The research-only install (requirements/research.txt over ``pip install --no-deps``) holds
what the research adapters import, and they import nothing of the web server's."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

from tests.rl.conftest import need

ROOT = Path(__file__).resolve().parents[2]
#: The web server's own dependencies: a research-only install has none of them.
SERVER_ONLY = ("fastapi", "uvicorn", "sqlalchemy", "alembic", "argon2", "websockets", "httpx",
               "psycopg", "redis", "markdown_it", "prometheus_client", "swagger_ui", "orjson",
               "email_validator", "pydantic", "typer", "openskill")


def _requirements() -> list[str]:
    lines = (ROOT / "requirements/research.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_research_requirements_are_the_rl_extra_and_the_games_own_needs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    rich = [dep for dep in project["dependencies"] if dep.startswith("rich")]
    assert _requirements() == rich + project["optional-dependencies"]["rl"]


def test_every_adapter_runs_without_importing_the_web_servers_dependencies():
    need("pyspiel")
    script = """
import sys
import numpy as np
from meeplehall.rl import gym_env, parallel_env, pettingzoo_env, vector_env
import meeplehall.rl.openspiel, meeplehall.rl.dataset
from meeplehall.core.registry import all_games, research_factory
for game in [game.name for game in all_games() if research_factory(game.name)]:
    env = gym_env(game, opponents="2")
    observation, _ = env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    pettingzoo_env(game, 2).reset(seed=1)
    parallel_env(game, 2).reset(seed=1)
    vector_env(game, 2, opponents="1").reset(seed=1)
print(" ".join(sorted({name.split(".")[0] for name in sys.modules})))
"""
    loaded = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            check=True, cwd=ROOT).stdout.split()
    assert "gymnasium" in loaded and "pyspiel" in loaded
    assert [name for name in SERVER_ONLY if name in loaded] == []
