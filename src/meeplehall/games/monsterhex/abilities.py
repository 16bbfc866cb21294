"""Ability cards: which effects a triggered ability offers, and the ability draft."""

from __future__ import annotations

from meeplehall.core import Event, IllegalAction
from meeplehall.games.monsterhex.actions import Action, DrawObjective, Pass, Pick, Rotate, Target
from meeplehall.games.monsterhex.components import Ability
from meeplehall.games.monsterhex.placement import recompute_need
from meeplehall.games.monsterhex.position import COUNTER_CELL, EMPTY, PLACE, Position


def rush_possible(state: Position, seat: int) -> bool:
    """Rush needs a unit in hand, an empty cell, and placements left in the quota."""
    return (
        bool(state.hands[seat])
        and state.placed_own[seat] < state.cfg.board.rounds
        and EMPTY in state.owner
    )


def ability_options(state: Position) -> list[Action]:
    seat, cell, star, index = state.ctx
    ability = state.cfg.comp.abilities[index].id
    owner = state.owner
    cells = state.cfg.board.cells
    if ability == "reinforce":
        return [Target(*cells[c]) for c in range(len(owner)) if owner[c] == seat]
    if ability == "curse":
        return [
            Target(*cells[c]) for c in range(len(owner)) if owner[c] >= 0 and owner[c] != seat
        ]
    if ability == "crystallize":
        return [Target(*cells[c]) for c in crystal_cells(state)]
    if ability == "confuse":
        if star:
            targets = [c for c in range(len(owner)) if owner[c] >= 0 and owner[c] != seat]
        else:
            targets = [
                n for n in state.cfg.board.neighbours[cell] if n >= 0 and owner[n] >= 0
                and owner[n] != seat
            ]
        return [
            Rotate(*cells[c], k) for c in sorted(targets) for k in range(6) if k != state.rot[c]
        ]
    if ability == "scheme":
        return [DrawObjective()] if state.pile else []
    return []


def crystal_cells(state: Position) -> list[int]:
    """Empty cells a counter gem may go on: one empty neighbour, and not the only empty cell
    left around an unresolved gem (board site or counter gem; a counter cell is not empty)."""
    board = state.cfg.board
    owner = state.owner
    sites = board.sites
    revised = state.cfg.revised
    out = []
    for c in range(len(owner)):
        if owner[c] != EMPTY:
            continue
        if not any(n >= 0 and owner[n] == EMPTY for n in board.neighbours[c]):
            continue
        if revised:
            last_for_site = any(
                not state.resolved[s]
                and sum(1 for x, _d in sites[s].cells if owner[x] == EMPTY) == 1
                for s in board.cell_sites[c]
            )
        else:
            # First edition: counted units only, so a counter cell beside the gem let it pass.
            last_for_site = any(
                not state.resolved[s] and state.filled[s] == len(sites[s].cells) - 1
                for s in board.cell_sites[c]
            )
        last_for_counter = any(
            n >= 0 and owner[n] == COUNTER_CELL
            and sum(1 for m in board.neighbours[n] if m >= 0 and owner[m] == EMPTY) == 1
            for n in board.neighbours[c]
        )
        if not (last_for_site or last_for_counter):
            out.append(c)
    return out


def draftable(state: Position) -> list[Ability]:
    taken = {state.colour[p] for p in range(state.cfg.players) if state.ability[p] >= 0}
    factions = state.cfg.comp.factions
    return [a for a in state.cfg.comp.abilities if factions.index(a.faction) not in taken]


def apply_effect(state: Position, seat: int, action: Action) -> list[Event]:
    """Carry out a chosen (already validated) ability use, or its refusal."""
    _seat, _cell, star, index = state.ctx
    ability = state.cfg.comp.abilities[index].id
    amount = 2 if star else 1
    events: list[Event]
    if isinstance(action, Pass):
        events = [{"type": "ability_declined", "seat": seat, "ability": ability}]
    elif isinstance(action, Target):
        target = state.cfg.board.index[(action.q, action.r)]
        if ability == "reinforce":
            state.white[target] += amount
        elif ability == "curse":
            state.black[target] += amount
        else:
            state.owner[target] = COUNTER_CELL
            state.crystal[target] = amount
        events = [{"type": "ability_used", "seat": seat, "ability": ability, "q": action.q,
                   "r": action.r, "counters": amount}]
    elif isinstance(action, Rotate):
        target = state.cfg.board.index[(action.q, action.r)]
        state.rot[target] = action.rotation
        for n in state.cfg.board.neighbours[target]:
            if n >= 0 and state.owner[n] < 0:
                recompute_need(state, n)
        events = [{"type": "ability_used", "seat": seat, "ability": ability, "q": action.q,
                   "r": action.r, "rotation": action.rotation}]
    else:
        drawn = state.pile.pop()
        state.personal[seat].append(drawn)
        events = [
            {"type": "ability_used", "seat": seat, "ability": ability},
            {"type": "objective_drawn", "seat": seat, "private": [seat],
             "objective": state.cfg.comp.objectives[drawn].id},
        ]
    return events


def pick_ability(state: Position, seat: int, action: Action) -> list[Event]:
    """Draft: take the faction of the picked ability; the shared faction gets a free colour."""
    assert isinstance(action, Pick)
    choices = {a.id: a for a in draftable(state)}
    if action.ability not in choices:
        raise IllegalAction(
            f"ability {action.ability!r} is not available; choose from {', '.join(choices)}",
            rule="ability_unavailable",
        )
    ability = choices[action.ability]
    state.ability[seat] = state.cfg.comp.ability_index[ability.id]
    state.colour[seat] = state.cfg.comp.factions.index(ability.faction)
    state.draft_order.pop(0)
    events: list[Event] = [{"type": "ability_picked", "seat": seat, "ability": ability.id,
                            "faction": ability.faction}]
    if not state.draft_order:
        if state.cfg.neutral >= 0:
            free = [f for f in range(4) if f not in state.colour[: state.cfg.players]]
            state.colour[state.cfg.neutral] = free[state.rng.below(len(free))]
            events.append({"type": "shared_faction", "faction":
                           state.cfg.comp.factions[state.colour[state.cfg.neutral]]})
        state.phase = PLACE
    return events
