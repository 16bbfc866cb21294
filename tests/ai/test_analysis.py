"""The analysis of a finished match: the same twice, blind to what the seat could not see, and a
missed win marked a blunder."""

from __future__ import annotations

import random

from meeplehall.ai.analysis import analyse_decision, analyse_game, analyse_record, analysis_json
from meeplehall.ai.arena import BotSpec, play_game, schedule
from meeplehall.ai.keys import action_key, bot_actions
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import get_game
from tests.ai.test_win_in_one import find_wins_in_one

ITERATIONS = 8


def _record(game: str, seed: int = 3) -> MatchRecord:
    plan = schedule(2, 2, 1, seed)[0]
    return play_game(game, 2, {}, [BotSpec.parse("1"), BotSpec.parse("2")], plan).record


def test_the_same_record_gives_the_same_analysis_twice() -> None:
    record = _record("monsterhex")
    first = analysis_json(2, analyse_record(record, ITERATIONS))
    second = analysis_json(2, analyse_record(MatchRecord.from_json(record.to_json()), ITERATIONS))
    assert first == second
    assert first["decisions"], "the match had decisions with a choice"
    game = get_game("monsterhex")
    state = game.new_state(2, {}, record.full_seed)
    forced = set()
    for index, (seat, data) in enumerate(record.actions):
        if len(bot_actions(state, seat)) < 2:
            forced.add(index)
        state.apply(seat, game.parse_action(data))
    analysed = {decision["index"] for decision in first["decisions"]}
    # Every decision with a choice is analysed, and none without one.
    assert analysed == set(range(len(record.actions))) - forced
    for decision in first["decisions"]:
        assert decision["played"]["action"] == record.actions[decision["index"]][1]
        assert 0 <= decision["loss"] <= 1


def test_a_seats_analysis_is_blind_to_what_it_could_not_see() -> None:
    # Two Yaxha matches alike in everything any seat saw, but not in the truth: the cubes never
    # drawn lie in the bag in another order. Each seat's analysis must be the same in both.
    game = get_game("yaxha")
    record = _record("yaxha", seed=5)
    initial = game.new_state(2, {}, record.full_seed)
    final = record.replay()
    twin = initial.clone()
    undrawn = list(initial.bag[final.bag_pos:])
    assert len(set(undrawn)) > 1, "the twin needs undrawn cubes of several colours"
    random.Random(1).shuffle(undrawn)
    while undrawn == list(initial.bag[final.bag_pos:]):
        random.Random(2).shuffle(undrawn)
    twin.bag = list(initial.bag[:final.bag_pos]) + undrawn
    # The twin's match plays out alike, step by step, as every seat sees it.
    one, two = initial.clone(), twin.clone()
    for seat, data in record.actions:
        for viewer in range(2):
            assert one.view(viewer) == two.view(viewer)
        one.apply(seat, game.parse_action(data))
        two.apply(seat, game.parse_action(data))
    assert one.bag != two.bag
    mine = analysis_json(2, analyse_game(game, initial, record.actions, ITERATIONS))
    theirs = analysis_json(2, analyse_game(game, twin, record.actions, ITERATIONS))
    assert mine == theirs


def test_a_seats_decision_is_judged_alike_whatever_a_rivals_hidden_hand() -> None:
    # Monster Hex: the rival's hand and deck are secret. Swap the rival's hand for cards of its
    # deck; the seat's view is unchanged, so must be its analysis of each move it could make.
    game = get_game("monsterhex")
    state = game.new_state(2, {}, 11)
    seat = min(state.to_move())
    rival = 1 - seat
    twin = state.clone()
    pool = sorted(twin.hands[rival] + twin.decks[rival])
    random.Random(4).shuffle(pool)
    size = len(twin.hands[rival])
    twin.hands[rival], twin.decks[rival] = pool[:size], pool[size:]
    assert twin.hands[rival] != state.hands[rival]
    assert twin.view(seat) == state.view(seat)
    for played in bot_actions(state, seat)[:3]:
        assert analyse_decision(state, seat, played, 0, "monsterhex", ITERATIONS) == \
            analyse_decision(twin, seat, played, 0, "monsterhex", ITERATIONS)


def test_missing_a_forced_win_is_marked_a_blunder() -> None:
    game = get_game("pyramido")
    found = find_wins_in_one(game, 2, range(120), wanted=1)
    assert found, "no clear-cut position found"
    state, seat, wins = found[0]
    losing = next(a for a in bot_actions(state, seat) if action_key(a) not in wins)
    missed = analyse_decision(state, seat, losing, 40, "pyramido", 200)
    assert missed is not None and missed.mark == "blunder", missed
    assert action_key(game.parse_action(missed.best.action)) in wins
    assert missed.played.win < missed.best.win
    # Playing the win the analysis found loses nothing.
    taken = analyse_decision(state, seat, game.parse_action(missed.best.action), 40,
                             "pyramido", 200)
    assert taken is not None and taken.mark is None and taken.loss == 0
