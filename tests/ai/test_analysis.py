"""The analysis of a finished match: the same twice, blind to what the seat could not see, a
missed win marked a blunder, and the played move's estimate resting on its floor of playouts."""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeplehall.ai.analysis import (
    PLAYED_SHARE,
    DecisionAnalysis,
    analyse_decision,
    analyse_game,
    analyse_record,
    analysis_json,
    decision_seed,
    summarize,
)
from meeplehall.ai.arena import BotSpec, play_game, schedule
from meeplehall.ai.greedy import value_after
from meeplehall.ai.keys import action_key, bot_actions
from meeplehall.ai.mcts import MctsBot, RootStat
from meeplehall.core import Game, MarkThresholds
from meeplehall.core.record import MatchRecord
from meeplehall.core.registry import get_game
from tests.ai.positions import GAME_IDS, GAMES, random_position
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


def test_the_summary_of_the_stored_decisions_is_the_summary_of_the_analysed_ones() -> None:
    # The server keeps each decision as its JSON and summarises what it reads back; the
    # terminal summarises the decisions it just made. Both must give the same figures.
    decisions = analyse_record(_record("pyramido", seed=5), ITERATIONS)
    stored = [DecisionAnalysis.from_json(decision.to_json()) for decision in decisions]
    assert any(decision.loss > 0 for decision in decisions), "some move lost something"
    assert stored == decisions
    assert [seat.to_json() for seat in summarize(2, stored)] == \
        [seat.to_json() for seat in summarize(2, decisions)]


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


def _searches_seen(monkeypatch: Any) -> list[tuple[MctsBot, list[RootStat]]]:
    """Every search ``MctsBot.evaluate`` makes from now on, with what it reported."""
    seen: list[tuple[MctsBot, list[RootStat]]] = []
    evaluate = MctsBot.evaluate

    def spy(bot: MctsBot, *args: Any, **kwargs: Any) -> list[RootStat]:
        stats = evaluate(bot, *args, **kwargs)
        seen.append((bot, stats))
        return stats

    monkeypatch.setattr(MctsBot, "evaluate", spy)
    return seen


def _wide_position(game):
    widest, width = None, 0
    for fraction in range(15, 45):
        position = random_position(game, 2, 7, fraction / 50)
        if position.is_over():
            continue
        choices = len(bot_actions(position, min(position.to_move())))
        if choices > 6:
            return position
        if choices > width:
            widest, width = position, choices
    assert width > 2, "no position offers a choice to judge"
    return widest


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_the_played_move_and_the_best_get_their_floor_of_playouts(game, monkeypatch) -> None:
    # A position with a wide choice (more than 6 moves, or the widest a small game offers), and
    # in it the move a one-ply look likes least: left to itself, the search would hardly try it.
    state = _wide_position(game)
    seat = min(state.to_move())
    legal = bot_actions(state, seat)
    rng = random.Random(0)
    played = min(legal, key=lambda action: value_after(state, seat, action, rng))
    evaluate = MctsBot.evaluate
    seen = _searches_seen(monkeypatch)
    iterations = 40
    analysis = analyse_decision(state, seat, played, 0, game.name, iterations)
    assert analysis is not None
    (bot, stats), = seen
    floor = int(iterations * PLAYED_SHARE)
    mine = next(stat for stat in stats if action_key(stat.action) == action_key(played))
    # Visits count the greedy prior's virtual ones; the floor is of playouts of its own.
    assert mine.visits - bot.prior_visits >= floor
    assert stats[0].visits - bot.prior_visits >= floor
    assert bot.last_iterations == iterations, "the budget stays the same"
    if len(legal) <= 6:
        return  # a narrow choice (a small game): the search tries every move enough unaided
    # Without the floor the same search gives the played move fewer playouts.
    monkeypatch.setattr(MctsBot, "evaluate", evaluate)
    free = MctsBot(seed=decision_seed(state, seat, 0), seconds=None, iterations=iterations)
    stats = free.evaluate(state.clone(), seat, include=[played])
    alone = next(stat for stat in stats if action_key(stat.action) == action_key(played))
    assert alone.visits - free.prior_visits < floor


def test_a_played_take_back_is_judged_and_the_best_still_gets_its_floor(monkeypatch) -> None:
    # Yaxha's undo is never played out by a search (bots leave take-backs out): the analysis of
    # a seat that took a placement back still judges the move and gives the best its floor.
    game = get_game("yaxha")
    state = random_position(game, 2, 3, 0.0)
    while not (state.to_move() and any(state.is_take_back(action) for seat in state.to_move()
                                       for action in state.legal_actions(seat))):
        seat = min(state.to_move())
        state.apply(seat, bot_actions(state, seat)[0])
    seat = next(seat for seat in sorted(state.to_move())
                if any(state.is_take_back(action) for action in state.legal_actions(seat)))
    undo = next(action for action in state.legal_actions(seat) if state.is_take_back(action))
    seen = _searches_seen(monkeypatch)
    iterations = 40
    analysis = analyse_decision(state, seat, undo, 0, "yaxha", iterations)
    assert analysis is not None and analysis.played.action == undo.to_json()
    (bot, stats), = seen
    assert bot.last_iterations == iterations
    best = next(stat for stat in stats if not state.is_take_back(stat.action))
    assert best.visits - bot.prior_visits >= int(iterations * PLAYED_SHARE)


def _with_marks(game: Game, marks: MarkThresholds) -> Game:
    """The same game, declaring other mark thresholds."""
    return type(f"Marked{type(game).__name__}", (type(game),), {"mark_thresholds": marks})()


def test_a_move_is_marked_by_the_thresholds_its_game_declares() -> None:
    yaxha = get_game("yaxha")
    state = random_position(yaxha, 2, 5, 0.0)
    seat = min(state.to_move())
    played = bot_actions(state, seat)[0]
    strict = _with_marks(yaxha, MarkThresholds(0.0, 0.0, 0.0))
    lenient = _with_marks(yaxha, MarkThresholds(2.0, 2.0, 2.0))
    marks = []
    for game in (strict, lenient):
        analysis = analyse_decision(state, seat, played, 0, game, ITERATIONS)
        assert analysis is not None
        marks.append(analysis.mark)
    assert marks == ["blunder", None]
    # A registered game's name stands for the game.
    assert analyse_decision(state, seat, played, 0, "yaxha", ITERATIONS) == \
        analyse_decision(state, seat, played, 0, yaxha, ITERATIONS)
