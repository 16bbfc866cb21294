"""A rated game between two registered players, played in two browsers: its end shows each
rating change and the game's statistics; it reaches the leaderboard (display ratings, marked
provisional, names leading to player pages); the player page shows the rating, record and last
game; the history page filters; a player who hides their history is refused to strangers."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import (
    api,
    create_table,
    play_together,
    register,
    switch_language,
    table_url,
    unique_name,
    wait_for_game,
    wait_for_js,
    wait_ready,
)


def test_rated_game_played_in_two_browsers_shows_on_its_end_the_leaderboard_and_player_pages(
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
    links = alice.locator("#players a.player-link")
    assert links.all_inner_texts() == [alice_name, bob_name]  # names lead to player pages
    bob_profile = api(bob, "GET", "/api/me")["profile"]
    assert links.nth(1).get_attribute("href").endswith(f"player.html?id={bob_profile}")
    play_together([alice, bob], seed=11)
    result = api(alice, "GET", f"/api/tables/{table['id']}/result")
    changes = {change["seat"]: change for change in result["rating_changes"]}
    for page in (alice, bob):
        shown = page.locator("#breakdown-table .total-row td").all_inner_texts()
        assert [int(total) for total in shown] == result["scores"]
        page.wait_for_selector("#rating-changes li")
        deltas = page.locator("#rating-changes .rating-delta").all_inner_texts()
        assert deltas == [_signed(changes[seat]["change"]) for seat in (0, 1)]
        stats = page.locator("#statistics-table tbody tr[data-stat=colour_points] td")
        assert [int(cell) for cell in stats.all_inner_texts()] == [
            part["colour_points"] for part in result["statistics"]]

    alice.goto("/")
    wait_ready(alice)
    alice.click(".game-card[data-game=yaxha] .show-leaderboard")
    alice.wait_for_selector("#leaderboard table.leaderboard")
    rows = alice.locator("#leaderboard tbody tr").all_inner_texts()
    listed = {row.split("\t")[1]: row for row in rows}
    assert alice_name in listed and bob_name in listed
    # Each has one rated game, a provisional rating; the winner is listed above the loser.
    assert listed[alice_name].split("\t")[3] == "1"
    assert listed[alice_name].split("\t")[2] == f"{changes[0]['after']}?"
    assert listed[alice_name].split("\t")[4] == _signed(changes[0]["change"])
    winner = alice_name if result["ranks"][0] == 1 else bob_name
    if result["ranks"][0] != result["ranks"][1]:
        names_in_order = [row.split("\t")[1] for row in rows]
        loser = bob_name if winner == alice_name else alice_name
        assert names_in_order.index(winner) < names_in_order.index(loser)

    _player_pages(alice, bob, alice_name, bob_name, table["id"], changes)


def _signed(change: int) -> str:
    return f"+{change}" if change > 0 else f"\u2212{-change}" if change < 0 else "\u00b10"


def _player_pages(alice: Any, bob: Any, alice_name: str, bob_name: str, table_id: int,
                  changes: dict[int, Any]) -> None:
    alice.click(f"#leaderboard a.player-link:has-text('{bob_name}')")
    wait_ready(alice)
    assert alice.inner_text("#player-name") == bob_name
    card = alice.locator(".rating-card[data-game=yaxha]")
    assert card.locator(".rating-value").inner_text() == f"{changes[1]['after']}?"
    assert card.locator("svg.rating-chart circle").count() == 2  # 1500, then after the game
    assert alice.locator(".record-card[data-game=yaxha] dd[data-value=games]").inner_text() == "1"
    last = alice.locator(f"#last-games li[data-table='{table_id}']")
    assert alice_name in last.inner_text() and _signed(changes[1]["change"]) in last.inner_text()
    assert alice.locator("#befriend").is_visible()  # a stranger may ask to be friends
    last.locator(".record-replay").click()  # the replay shows the rating changes too
    wait_ready(alice)
    alice.click("#show-result")
    alice.wait_for_selector("#rating-changes .rating-delta")
    assert alice.locator("#rating-changes .rating-delta").all_inner_texts() == [
        _signed(changes[seat]["change"]) for seat in (0, 1)]
    alice.go_back()
    wait_ready(alice)
    switch_language(alice, "ja")
    assert alice.locator("#ratings-title").inner_text() == "レーティング"
    switch_language(alice, "en")

    # The history page, filtered: Bob's games against Alice, and none against a stranger.
    alice.click("#all-games")
    wait_ready(alice)
    assert alice.locator("#history-list li").count() == 1
    alice.fill("#opponent", "nobody-such")
    alice.click("#history-apply")
    alice.wait_for_selector("#history-empty")
    alice.fill("#opponent", alice_name)
    alice.click("#history-apply")
    alice.wait_for_selector(f"#history-list li[data-table='{table_id}']")

    # Bob hides his history from his own page: Alice, no friend of his, is refused it.
    bob_profile = alice.url.split("id=")[1].split("&")[0]
    bob.goto(f"/player.html?id={bob_profile}")
    wait_ready(bob)
    bob.check("#history-private")
    bob.wait_for_selector("#player-status")
    assert api(bob, "GET", "/api/me/privacy") == {"history_private": True}
    alice.reload()
    wait_ready(alice)
    alice.wait_for_selector("#history-error")
    alice.goto(f"/player.html?id={bob_profile}")
    wait_ready(alice)
    assert bob_name in alice.inner_text("#history-hidden")
    assert alice.locator("#last-games").count() == 0
    wait_for_js(alice, "() => document.querySelector('.rating-card') !== null")
