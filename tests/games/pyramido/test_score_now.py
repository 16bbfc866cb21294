"""The live score of the own seat (the view's ``score_now``) and the rule of every refusal."""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from meeplehall.core import IllegalAction
from meeplehall.games.pyramido.actions import Activate, Finish, Place, Take
from meeplehall.games.pyramido.components import COLOURS, GEM_KINDS, MYTHICAL
from meeplehall.games.pyramido.phases import SCORE
from meeplehall.games.pyramido.score_now import best_activations
from meeplehall.games.pyramido.state import PyramidoState
from meeplehall.games.pyramido.topview import areas
from tests.games.pyramido.helpers import new_state

ENGINE = Path(__file__).parents[3] / "src/meeplehall/games/pyramido"
TEXTS = Path(__file__).parents[3] / "src/meeplehall/web/games/pyramido/texts.js"


def brute_force(areas: list[tuple[int, int, int]], gems: list[int]) -> int:
    """Every way to give each area 0, 1 or 3 units, each unit a gem of its colour or a pair."""
    best = 0
    for units in itertools.product((0, 1, 3), repeat=len(areas)):
        need = [0] * len(COLOURS)
        for (_, colour, _), u in zip(areas, units, strict=True):
            need[colour] += u
        pairs = sum(max(0, need[c] - gems[c]) for c in range(len(COLOURS)))
        if 2 * pairs > gems[MYTHICAL]:
            continue
        points = sum(v * (2 if u == 3 else u) for (_, _, v), u in zip(areas, units, strict=True))
        best = max(best, points + gems[MYTHICAL] - 2 * pairs)
    return best


def test_the_best_activations_are_the_best_of_every_way_to_pay() -> None:
    rng = random.Random(7)
    for _ in range(300):
        areas = [(i, rng.randrange(5), rng.randrange(1, 6)) for i in range(rng.randrange(6))]
        gems = [rng.randrange(4) for _ in range(5)] + [rng.randrange(7)]
        points, plan, kept = best_activations(areas, gems)
        assert points + kept == brute_force(areas, gems)
        assert {index for index, _ in plan} <= {index for index, _, _ in areas}


def play_until(state: PyramidoState, rng: random.Random, stop: object) -> None:
    while not state.is_over() and not stop(state):  # type: ignore[operator]
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_only_the_own_seat_sees_its_live_score_and_never_after_the_end() -> None:
    state = new_state(3, seed=5)
    play_until(state, random.Random(5), lambda s: s.turn >= 7)
    assert "score_now" not in state.view(None)
    for seat in range(3):
        assert set(state.view(seat)) - set(state.view(None)) == {"score_now"}
        assert state.view(seat)["score_now"]["stages"] == state.stage_scores[seat]
    play_until(state, random.Random(6), lambda s: False)
    assert all("score_now" not in state.view(seat) for seat in range(3))


def test_the_live_score_is_read_from_what_every_seat_sees() -> None:
    """Scored again from a spectator's view alone (the placements and the gems every seat
    sees), the live score is the same: it takes nothing another seat could not know."""
    checked = 0
    for seed, turns in ((11, 5), (12, 14), (13, 19)):
        state = new_state(2, seed=seed)
        play_until(state, random.Random(seed), lambda s, t=turns: s.turn >= t and s.phase == "take")
        public = state.view(None)
        for seat in range(2):
            player = public["players"][seat]
            placements = [(p["domino"], p["stage"], p["i"], p["j"], p["rotation"])
                          for p in player["placements"]]
            found = [(i, COLOURS.index(a["colour"]), a["icons"])
                     for i, a in enumerate(areas(placements)) if a["icons"]]
            gems = [player["gems"].get(kind, 0) for kind in GEM_KINDS]
            if len(found) > 8:
                continue
            live = state.view(seat)["score_now"]
            assert live["points"] == brute_force(found, gems)
            assert live["score"] == sum(player["stage_scores"]) + live["points"]
            checked += 1
    assert checked


def test_playing_the_live_score_s_activations_scores_what_it_said() -> None:
    checked = 0
    for seed in range(6):
        state = new_state(2, seed=seed)
        rng = random.Random(seed)
        play_until(state, rng, lambda s: s.phase == SCORE)
        for seat in sorted(state.to_move()):
            live = state.view(seat)["score_now"]
            for area in live["areas"]:
                state.apply(seat, Activate(area["area"], area["units"], area["coloured"],
                                           area["mythical"]))
            if seat in state.to_move() and state.status[seat] == 0:
                state.apply(seat, Finish())
            assert state.stage_scores[seat][-1] == live["points"]
            assert sum(state.stage_scores[seat]) == live["score"]
            checked += 1
    assert checked


def raised_rules() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'rule="(\w+)"', text))
        # A placement's refusal is worked out apart: (reason, rule, params).
        found |= set(re.findall(r'^\s+(?:return )?\w+, "(\w+)", \{', text, re.MULTILINE))
        found |= set(re.findall(r'^\s+"(\w+)", \{"stage"', text, re.MULTILINE))
        found |= set(re.findall(r'^\s+return f?"[^"]*", "(\w+)", \{', text, re.MULTILINE))
    return found


def test_every_rule_the_engine_raises_has_its_text_in_three_languages() -> None:
    rules = raised_rules()
    assert {"space_face_down", "block_taken", "must_touch", "outside_stage"} <= rules
    texts = TEXTS.read_text(encoding="utf-8")
    blocks = re.split(r"^const (en|ja|ko) = \{", texts, flags=re.MULTILINE)
    languages = dict(zip(blocks[1::2], blocks[2::2], strict=True))
    assert set(languages) == {"en", "ja", "ko"}
    for lang, block in languages.items():
        missing = [rule for rule in rules - {"malformed_action"}
                   if f'"illegal.{rule}"' not in block]
        assert not missing, (lang, missing)


def test_refusals_name_their_rule() -> None:
    state = new_state(2, seed=3)
    seat = state.active
    face_down = next(s for s in range(5) if not state.area.face_up[s])
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, Take(face_down + 1, None))
    assert refused.value.rule == "space_face_down"
    assert refused.value.params == {"space": face_down + 1}
    with pytest.raises(IllegalAction) as refused:
        state.apply(1 - seat, Take(1, None))
    assert refused.value.rule == "not_your_turn"
    take = next(a for a in state.legal_actions(seat))
    state.apply(seat, take)
    while state.phase != "place":
        state.apply(seat, state.legal_actions(seat)[0])
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, Place(3, 3, 0))
    assert refused.value.rule == "first_domino"
