"""A rated game between two registered players, played in two browsers, reaches the
leaderboard."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import (
    api,
    create_table,
    play_together,
    register,
    table_url,
    unique_name,
    wait_for_game,
    wait_ready,
)


def test_rated_game_played_in_two_browsers_puts_both_players_on_the_leaderboard(
    pages: Any,
) -> None:
    alice, bob = pages.new(), pages.new()
    alice_name, bob_name = unique_name("rated_a"), unique_name("rated_b")
    register(alice, alice_name)
    register(bob, bob_name)
    table = create_table(alice, "yaxha", players=2, rated=True)
    api(bob, "POST", f"/api/tables/{table['id']}/join", {"seat": 1})
    api(alice, "POST", f"/api/tables/{table['id']}/start")
    for page in (alice, bob):
        page.goto(table_url(table))
        wait_for_game(page)
    play_together([alice, bob], seed=11)
    result = api(alice, "GET", f"/api/tables/{table['id']}/result")
    for page in (alice, bob):
        shown = page.locator("#breakdown-table .total-row td").all_inner_texts()
        assert [int(total) for total in shown] == result["scores"]

    alice.goto("/")
    wait_ready(alice)
    alice.click(".game-card[data-game=yaxha] .show-leaderboard")
    alice.wait_for_selector("#leaderboard table.leaderboard")
    rows = alice.locator("#leaderboard tbody tr").all_inner_texts()
    listed = {row.split("\t")[1]: row for row in rows}
    assert alice_name in listed and bob_name in listed
    # Each has one rated game; the winner is listed above the loser.
    assert listed[alice_name].split("\t")[-1] == "1"
    winner = alice_name if result["ranks"][0] == 1 else bob_name
    if result["ranks"][0] != result["ranks"][1]:
        names_in_order = [row.split("\t")[1] for row in rows]
        loser = bob_name if winner == alice_name else alice_name
        assert names_in_order.index(winner) < names_in_order.index(loser)
