"""Turn flow details: the ability draft, the shared faction's choices, counter-gem prizes,
views and the bots' evaluation."""

from __future__ import annotations

import json
import random

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.monsterhex import GAME
from meeplehall.games.monsterhex.actions import Pick

from .helpers import new, play, put, rotation_facing, set_turn
from .test_gems import surround


def test_draft_runs_from_the_last_player_backwards_and_sets_colours():
    state = new(4, seed=6, abilities="draft")
    start = state.first
    expected = [(start - 1 - i) % 4 for i in range(4)]
    order = []
    while state.phase == "draft":
        (seat,) = state.to_move()
        order.append(seat)
        legal = state.legal_actions(seat)
        assert len(legal) == 2 * (4 - len(order) + 1)
        state.apply(seat, legal[-1])
    assert order == expected
    assert sorted(state.colour) == [0, 1, 2, 3]
    assert state.phase == "place" and state.to_move() == {start}


def test_draft_refuses_an_ability_of_a_taken_faction():
    state = new(2, seed=1, abilities="draft")
    (seat,) = state.to_move()
    state.apply(seat, Pick("rush"))
    (other,) = state.to_move()
    with pytest.raises(IllegalAction, match="not available"):
        state.apply(other, Pick("skirmish"))


def test_shared_faction_as_first_place_takes_the_high_slot_and_it_is_discarded():
    state = new(2, shared_faction=True, colours="seat")
    set_turn(state, 0)
    events = surround(state, [(2, 5), (2, 5), (0, 3), (0, 3), (1, 1), (1, 1)])
    assert state.phase == "place"
    assert state.scores == [3, 0]  # P0 second: the 3 green; P0 is red, no bonus
    assert any(e["type"] == "discarded" and e["points"] == 7 for e in events)


def test_counter_gem_goes_to_the_second_place_when_first_is_tied():
    state = new(4, colours="seat")
    set_turn(state, 0)
    cell = state.cell_of(1, -2)
    state.owner[cell] = -2
    state.crystal[cell] = 2
    # (1,-2) neighbours: (2,-2) E, (2,-3) NE, (1,-3) NW, (0,-2) W, (0,-1) SW, (1,-1) SE
    plan = {(2, -2): (0, 3), (2, -3): (1, 3), (1, -3): (2, 1), (0, -2): (3, 1),
            (0, -1): (3, 1), (1, -1): (2, 1)}
    for d, (q, r) in enumerate([(2, -2), (2, -3), (1, -3), (0, -2), (0, -1), (1, -1)]):
        owner, power = plan[(q, r)]
        put(state, owner, "A1", q, r, rotation_facing(state, "A1", (d + 3) % 6, power))
    state.last_cells = [state.cell_of(1, -1)]
    events = []
    state._after_placements(events)
    # P0 3, P1 3 tied first; P2 2 and P3 2 tied second: nobody.
    assert not any(e["type"] == "award" for e in events)
    assert state.owner[cell] == -1


def test_counter_gem_single_leader_wins_its_value():
    state = new(4, colours="seat")
    set_turn(state, 0)
    cell = state.cell_of(1, -2)
    state.owner[cell] = -2
    state.crystal[cell] = 2
    for d, (q, r) in enumerate([(2, -2), (2, -3), (1, -3), (0, -2), (0, -1), (1, -1)]):
        owner = 1 if d == 0 else 0
        power = 3 if owner else 1
        put(state, owner, "A1", q, r, rotation_facing(state, "A1", (d + 3) % 6, power))
    state.last_cells = [state.cell_of(1, -1)]
    state._after_placements([])
    assert state.scores[:2] == [2, 0]  # P0 5 against P1 3: the 2-counter gem, no second prize


def test_view_is_json_with_rotated_powers_and_hides_other_hands():
    state = new(3, seed=2, objectives=True)
    put(state, 1, "A1", 1, -1, 2)
    view = state.view(0)
    json.dumps(view)
    cell = next(c for c in view["cells"] if (c["q"], c["r"]) == (1, -1))
    assert cell["unit"]["powers"] == [1, 3, 5, 4, 3, 2]
    assert cell["unit"]["owner"] == 1 and cell["unit"]["rotation"] == 2
    assert "hand" in view["players"][0] and "hand" not in view["players"][1]
    assert len(view["players"][0]["objectives"]) == 1
    assert "objectives" not in view["players"][1]
    assert "hand" not in state.view(None)["players"][0]


def test_heuristic_prefers_the_seat_leading_an_open_gem():
    state = new(4, colours="seat")
    set_turn(state, 0)
    ring = [((1, 0), 3), ((1, -1), 4), ((0, -1), 5)]
    for ((q, r), d), owner in zip(ring, [0, 0, 1], strict=True):
        put(state, owner, "A1", q, r, rotation_facing(state, "A1", d, 5 if owner == 0 else 1))
    assert state.heuristic(0) > 0 > state.heuristic(1)
    state.scores[1] = 20
    assert state.heuristic(1) > 0 > state.heuristic(0)


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"shared_faction": True, "abilities": "random"}), (4, {"abilities": "draft"})],
)
def test_random_level_play_through_the_text_renderer_never_fails(players, options):
    state = GAME.new_state(players, options, 3)
    rng = random.Random(3)
    prompts = {"slot": "chooses a slot", "draft": "picks an ability", "ability": "may use",
               "rush": "may use", "place": "Monster Hex"}
    while not state.is_over():
        (seat,) = state.to_move()
        text = GAME.render_text(state.view(seat))
        assert prompts[state.phase] in text
        legal = state.legal_actions(seat)
        assert all(GAME.describe_action(a) for a in legal)
        state.apply(seat, rng.choice(legal))
    assert "P1" in GAME.render_text(state.view(0))  # seats are counted from 1


def test_acting_after_the_end_is_refused():
    state = new(1, seed=1)
    rng = random.Random(1)
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    with pytest.raises(IllegalAction, match="over"):
        play(state, 0, {"type": "pass"})
    assert state.legal_actions(0) == []


def test_determinize_redeals_rival_hands_and_objectives_but_keeps_the_seats_own():
    state = new(3, seed=8, objectives=True)
    rival_hands = set()
    rival_cards = set()
    for sample_seed in range(30):
        sample = state.determinize(0, random.Random(sample_seed))
        assert sample.hands[0] == state.hands[0] and sample.personal[0] == state.personal[0]
        assert sorted(sample.decks[0]) == sorted(state.decks[0])
        rival_hands.add(tuple(sorted(sample.hands[1])))
        rival_cards.add(tuple(sample.personal[2]))
        assert sample.common == state.common
    assert len(rival_hands) > 1 and len(rival_cards) > 1


def test_determinize_in_the_shared_game_keeps_shared_unit_counts():
    state = new(2, seed=5, shared_faction=True)
    first = state.first
    sample = state.determinize(1 - first, random.Random(1))
    assert [len(h) for h in sample.shared_hands] == [len(h) for h in state.shared_hands]
    assert [len(d) for d in sample.shared_decks] == [len(d) for d in state.shared_decks]
    pool = sorted(u for units in [*sample.shared_hands, *sample.shared_decks] for u in units)
    assert pool == list(range(10))


def test_text_view_lists_each_hand_unit_powers_by_rotation_for_its_owner_only():
    state = new(2, seed=4)
    set_turn(state, 0)
    state.hands[0] = [state.cfg.comp.unit_index["A1"]]
    mine = GAME.render_text(state.view(0))
    assert "A1 by rotation: r0 543213  r1 354321" in mine
    # Seat 0 is shown as P1 (seats are counted from 1): its line lists no rotations to seat 1.
    assert "by rotation" not in GAME.render_text(state.view(1)).split("P2 (")[0].split("P1 (")[1]
