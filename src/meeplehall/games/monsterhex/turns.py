"""Turn order: refills, skipped turns (quota after Rush), rounds, and the end of the game."""

from __future__ import annotations

from meeplehall.core import Event
from meeplehall.games.monsterhex.gems import award
from meeplehall.games.monsterhex.objectives import score_objectives
from meeplehall.games.monsterhex.position import OBJECTIVES, OVER, OWN, SHARED, Config, Position


def round_order(cfg: Config, first: int) -> list[tuple[int, int]]:
    """The turns of one round: (seat, OWN or SHARED)."""
    if cfg.mode == "shared":
        return [(first, OWN), (1 - first, OWN), (first, SHARED)]
    if cfg.mode == "solo":
        return [(0, OWN), (0, SHARED)]
    return [((first + i) % cfg.players, OWN) for i in range(cfg.players)]


def end_turn(state: Position, events: list[Event]) -> None:
    """Refill (base game), end the game on a full board, else find the next seat to place."""
    cfg = state.cfg
    mover = state.order[state.step][0]
    if cfg.mode == "base":
        draw(state, mover, state.hands, state.decks, cfg.hand_size, events)
    if state.units_on_board == len(state.owner):
        finish(state, events)
        return
    while True:
        state.step += 1
        if state.step >= len(state.order):
            end_round(state, events)
            if state.phase == OVER:
                return
        seat, kind = state.order[state.step]
        if kind == SHARED:
            if state.shared_hands[seat]:
                return
        elif state.placed_own[seat] < cfg.board.rounds and state.hands[seat]:
            return
        events.append({"type": "turn_skipped", "seat": seat})


def end_round(state: Position, events: list[Event]) -> None:
    """Round-end draws of the shared and solo modes, then the next round's order."""
    cfg = state.cfg
    if cfg.mode == "shared":
        first, second = state.first, 1 - state.first
        draw(state, first, state.hands, state.decks, 3 - len(state.shared_hands[first]), events)
        draw(state, second, state.shared_hands, state.shared_decks,
             len(state.shared_hands[second]) + 1, events)
        state.first = second
    elif cfg.mode == "solo":
        draw(state, 0, state.hands, state.decks, 2, events)
        draw(state, 0, state.shared_hands, state.shared_decks, 1, events)
    state.round += 1
    # Past the last round only a player who still owes placements (and holds units) plays on;
    # the quota rule makes this unreachable, the check only guards against an endless loop.
    if state.round > cfg.board.rounds and not any(
        state.placed_own[p] < cfg.board.rounds and (state.hands[p] or state.decks[p])
        for p in range(cfg.players)
    ):
        finish(state, events)
        return
    state.order = round_order(cfg, state.first)
    state.step = 0
    events.append({"type": "round", "round": state.round})


def draw(
    state: Position, seat: int, hands: list[list[int]], decks: list[list[int]],
    size: int, events: list[Event],
) -> None:
    """Draw from a deck until the hand holds ``size`` units (an empty deck just stops)."""
    hand, deck = hands[seat], decks[seat]
    drawn = []
    while len(hand) < size and deck:
        drawn.append(deck.pop())
        hand.append(drawn[-1])
    if drawn:
        units = state.cfg.comp.units
        shared = hands is state.shared_hands
        events.append({"type": "draw", "seat": seat, "shared": shared, "private": [seat],
                       "units": [units[u].id for u in drawn]})
        events.append({"type": "drew", "seat": seat, "shared": shared, "count": len(drawn)})


def finish(state: Position, events: list[Event]) -> None:
    """Final scoring: objective cards (option or Scheme draws), then the game is over."""
    state.phase = OVER
    if state.common or any(state.personal):
        for seat, points, oid, places in score_objectives(state):
            award(state, seat, points, OBJECTIVES, events, objective=oid, places=places)
    events.append({"type": "game_over", "scores": list(state.scores)})
