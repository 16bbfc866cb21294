"""The score in detail: gem and card lines add up to the score, and the live score of a seat
shows only what that seat may know."""

from __future__ import annotations

import random

from meeplehall.games.monsterhex import MonsterHexState
from meeplehall.games.monsterhex.position import CATEGORIES
from tests.games.monsterhex.helpers import new


def _play(state: MonsterHexState, rng: random.Random, stop_at_round: int | None = None) -> None:
    while not state.is_over():
        if stop_at_round is not None and state.round >= stop_at_round:
            return
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_final_lines_add_up_to_each_category() -> None:
    for seed in range(4):
        state = new(3, seed=seed, objectives=True, abilities="random")
        _play(state, random.Random(seed))
        result = state.result()
        for seat, breakdown in enumerate(result.breakdown):
            gems = breakdown["gems"]
            assert sum(line["points"] for line in gems) == sum(
                breakdown[key] for key in CATEGORIES if key != "objectives")
            bonus = sum(line["bonus"] for line in gems if line["kind"] == "big")
            assert bonus == breakdown["colour bonus"]
            assert sum(line["points"] for line in breakdown["cards"]) == breakdown["objectives"]
            assert len(breakdown["cards"]) == 2 + len(state.personal[seat])
            for line in gems:
                assert line["cells"], "a gem is won with at least one unit beside it"


def test_overwhelming_marks_both_slots() -> None:
    seen = False
    for seed in range(12):
        state = new(2, seed=seed)
        _play(state, random.Random(seed))
        for breakdown in state.result().breakdown:
            lines = [line for line in breakdown["gems"] if line["kind"] == "big"]
            for line in lines:
                pair = [x for x in lines if (x["q"], x["r"]) == (line["q"], line["r"])]
                assert line["overwhelming"] == (len(pair) == 2)
                seen = seen or line["overwhelming"]
    assert seen


def test_live_score_is_the_own_seat_s_and_leaks_no_secret_card() -> None:
    state = new(3, seed=5, objectives=True)
    _play(state, random.Random(5), stop_at_round=3)
    for seat in range(3):
        view = state.view(seat)
        others = [p for p in view["players"] if p["seat"] != seat]
        assert all("score_now" not in p for p in others)
        live = view["players"][seat]["score_now"]
        ids = [card["id"] for card in live["breakdown"]["cards"]]
        objectives = state.cfg.comp.objectives
        known = [*state.common, *state.personal[seat]]
        assert ids == [objectives[i].id for i in known]
        assert live["score"] == state.scores[seat] + live["breakdown"]["objectives"]
        # Another seat's secret card changing changes nothing this seat is told.
        other = (seat + 1) % 3
        swapped = state.clone()
        secret = swapped.personal[other]
        swapped.personal[other], swapped.pile = swapped.pile[:1], secret + swapped.pile[1:]
        assert swapped.view(seat)["players"][seat]["score_now"] == live
    assert all("score_now" not in p for p in state.view(None)["players"])


def test_a_met_card_points_at_the_units_it_counts() -> None:
    # The cards that count an absence or a shape point at nothing.
    pointless = {"O08", "O09", "O12", "O13", "O17"}
    pointed = 0
    for seed in range(8):
        state = new(3, seed=seed, objectives=True)
        _play(state, random.Random(seed))
        for seat, breakdown in enumerate(state.result().breakdown):
            for card in breakdown["cards"]:
                for q, r in card["cells"]:
                    assert state.owner[state.cfg.board.index[(q, r)]] == seat
                if card["points"] > 0 and card["id"] not in pointless:
                    assert card["cells"], card
                    pointed += 1
    assert pointed >= 3
