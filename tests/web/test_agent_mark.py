"""An agent's seat in the browser: a robot mark and "agent of OWNER" beside its name, before
the start and in the players' panel, in each language; a person's seat has neither."""

from __future__ import annotations

from typing import Any

import httpx

from tests.live_server import ServerProcess
from tests.web.conftest import (
    api,
    create_table,
    register,
    switch_language,
    table_url,
    unique_name,
    wait_for_game,
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
