"""An agent's seat in the browser: a robot mark and "agent of OWNER" beside its name, before
the start and in the players' panel, in each language; a person's seat has neither."""

from __future__ import annotations

import re
from typing import Any

import httpx

from tests.live_server import ServerProcess
from tests.web.conftest import (
    api,
    create_table,
    poll,
    register,
    switch_language,
    table_url,
    unique_name,
    wait_for_game,
    wait_ready,
)


def test_an_agents_seat_shows_the_robot_mark_and_its_owner(pages: Any,
                                                           web_server: ServerProcess) -> None:
    owner = pages.new()
    owner_name = unique_name("owner")
    register(owner, owner_name)
    agent = api(owner, "POST", "/api/agents", {"name": unique_name("robo")})
    token = api(owner, "POST", f"/api/agents/{agent['id']}/token")["token"]
    table = create_table(owner, "yaxha", players=2)
    joined = httpx.post(f"{web_server.base}/api/tables/{table['id']}/join", json={},
                        headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert joined.status_code == 200, joined.text
    owner.goto(table_url(table))
    seat = owner.locator("#seats li[data-seat='1']")
    seat.locator(".agent-mark").wait_for()
    assert agent["name"] in seat.text_content()
    assert seat.locator(".agent-robot").get_attribute("aria-label") == "Agent"
    assert seat.locator(".agent-of").text_content() == f"agent of {owner_name}"
    # The owner's own seat is a person's: no mark.
    assert owner.locator("#seats li[data-seat='0'] .agent-mark").count() == 0
    switch_language(owner, "ja")
    seat.locator(".agent-of").wait_for()
    assert seat.locator(".agent-of").text_content() == f"{owner_name}のエージェント"
    switch_language(owner, "ko")
    assert seat.locator(".agent-of").text_content() == f"{owner_name}의 에이전트"
    switch_language(owner, "en")
    owner.click("#start:not([disabled])")
    wait_for_game(owner)
    panel = owner.locator("#players li[data-seat='1']")
    panel.locator(".agent-mark").wait_for()
    assert panel.locator(".agent-of").text_content() == f"agent of {owner_name}"
    assert owner.locator("#players li[data-seat='0'] .agent-mark").count() == 0


def test_the_create_form_turns_agents_welcome_off_and_an_agent_is_refused(
        pages: Any, web_server: ServerProcess) -> None:
    owner = pages.new()
    register(owner, unique_name("host"))
    agent = api(owner, "POST", "/api/agents", {"name": unique_name("robo")})
    token = api(owner, "POST", f"/api/agents/{agent['id']}/token")["token"]
    owner.goto("/")
    owner.click(".game-card[data-game=yaxha] .new-table")
    owner.wait_for_selector("#create-agents:checked")
    owner.uncheck("#create-agents")
    owner.select_option("#seat-1", "open")  # a seat left open, so the table waits for someone
    owner.click("#create-submit")
    owner.wait_for_url(re.compile(r".*/tables/\d+.*"))
    table_id = int(re.findall(r"/tables/(\d+)", owner.url)[0])
    assert api(owner, "GET", f"/api/tables/{table_id}")["agents"] is False
    refused = httpx.post(f"{web_server.base}/api/tables/{table_id}/join", json={},
                         headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert (refused.status_code, refused.json()["code"]) == (403, "agents_not_welcome")


def test_the_lobby_shows_the_agents_ladder_of_the_game_picked(
        pages: Any, web_server: ServerProcess) -> None:
    owner = pages.new()
    owner_name = unique_name("coach")
    register(owner, owner_name)
    agent = api(owner, "POST", "/api/agents", {"name": unique_name("climber")})
    token = api(owner, "POST", f"/api/agents/{agent['id']}/token")["token"]
    with httpx.Client(base_url=web_server.base, timeout=30,
                      headers={"Authorization": f"Bearer {token}"}) as client:
        # A Monster Hex table (twenty steps) the agent leaves at once: a bot plays its seat on.
        table = client.post("/api/tables", json={"game": "monsterhex", "players": 2,
                                                 "mode": "none", "bots": [{"seat": 1, "level": 1}]})
        assert table.status_code == 201, table.text
        table_id = table.json()["id"]
        client.post(f"/api/tables/{table_id}/start").raise_for_status()
        client.post(f"/api/tables/{table_id}/leave", json={}).raise_for_status()
        poll(owner, lambda: client.get(f"/api/tables/{table_id}").json()["status"] == "finished",
             "the agent's table to finish", timeout_ms=120_000)
    owner.goto("/")
    wait_ready(owner)
    owner.click(".game-card[data-game=monsterhex] .show-leaderboard")
    row = owner.locator(f"#agents-ladder tr[data-entrant='agent:{agent['id']}']")
    row.wait_for()
    assert agent["name"] in row.text_content()
    assert row.locator(".agent-of").text_content() == f"agent of {owner_name}"
    bot = owner.locator("#agents-ladder tr[data-entrant='level:1']")
    assert "Bot (level 1)" in bot.text_content()
    # People's leaderboard does not list the agent.
    assert agent["name"] not in (owner.locator("#leaderboard").text_content() or "")
