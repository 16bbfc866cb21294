"""The Legendary Explorer, the automatic rival of the solo game (rules, section 7).

Its turn and its stage scoring are plain procedures over the exploration area; the state calls
them inside ``apply`` and logs what they did as public events.
"""

from __future__ import annotations

from typing import Any

from meeplehall.core import Event
from meeplehall.games.pyramido.components import COLOURS, GEM_KINDS, MYTHICAL, DominoSet
from meeplehall.games.pyramido.exploration import Exploration, gem_names

A_LEGEND = "a_legend"
THE_LEGEND = "the_legend"
#: "Become THE Legend": at a stage start, this many mythical gems earn one free draw.
THE_LEGEND_MYTHICAL = 7


class Explorer:
    __slots__ = ("gems", "pile", "stage_scores")

    def __init__(self, first_domino: int) -> None:
        self.pile = [first_domino]  # bottom to top; only the top matters
        self.gems = [0] * len(GEM_KINDS)
        self.stage_scores: list[int] = []

    def copy(self) -> Explorer:
        twin = Explorer.__new__(Explorer)
        twin.pile = self.pile[:]
        twin.gems = self.gems[:]
        twin.stage_scores = self.stage_scores[:]
        return twin

    @property
    def total(self) -> int:
        return sum(self.stage_scores)

    def view(self, dominoes: DominoSet) -> dict[str, Any]:
        return {
            "top": dominoes.face(self.pile[-1]),
            "dominoes": len(self.pile),
            "gems": gem_names(self.gems),
            "stage_scores": self.stage_scores[:],
            "score": self.total,
        }


def stage_start(explorer: Explorer, area: Exploration, mode: str, events: list[Event]) -> None:
    """THE Legend: with 7+ mythical gems at a stage start, draw one gem from the bag (7.5)."""
    if mode != THE_LEGEND or explorer.gems[MYTHICAL] < THE_LEGEND_MYTHICAL:
        return
    kind = area.draw_gem(events)
    if kind is not None:
        explorer.gems[kind] += 1
    events.append(
        {"type": "explorer_bonus_gem", "gem": None if kind is None else GEM_KINDS[kind]}
    )


def take_turn(
    explorer: Explorer, area: Exploration, dominoes: DominoSet, events: list[Event]
) -> None:
    """One Explorer turn (rules 7.3)."""
    top = dominoes[explorer.pile[-1]]
    want = [top.a_colour, top.b_colour]
    open_spaces = area.face_up_spaces()
    taken: list[tuple[int, int]] = []  # (space, gem kind) in the order collected
    # 1. coloured gems of the wanted colours, spaces left to right
    for space in open_spaces:
        gems = area.spaces[space]
        for kind in range(len(COLOURS)):
            while gems[kind] and kind in want:
                gems[kind] -= 1
                explorer.gems[kind] += 1
                want.remove(kind)
                taken.append((space, kind))
        if not want:
            break
    # 2. a mythical gem for each colour still wanted
    for _missing in list(want):
        for space in open_spaces:
            if area.spaces[space][MYTHICAL]:
                area.spaces[space][MYTHICAL] -= 1
                explorer.gems[MYTHICAL] += 1
                taken.append((space, MYTHICAL))
                break
    # 3. the domino of the space of the last gem; with no gem, the leftmost and a bag draw
    drawn: str | None = None
    if taken:
        chosen = taken[-1][0]
    else:
        chosen = open_spaces[0]
        bonus = area.draw_gem(events)
        if bonus is not None:
            explorer.gems[bonus] += 1
            drawn = GEM_KINDS[bonus]
    domino = area.take_top(chosen)
    explorer.pile.append(domino)
    events.append(
        {
            "type": "explorer_took",
            "space": chosen + 1,
            "domino": dominoes.face(domino),
            "gems": [[space + 1, GEM_KINDS[kind]] for space, kind in taken],
            "drawn": drawn,
        }
    )
    # then the empty-pile split (largest pile, ties leftmost), refills, and a reveal (leftmost)
    if not area.piles[chosen]:
        sources = area.splittable(chosen)
        if sources:
            source = max(sources, key=lambda p: (len(area.piles[p]), -p))
            moved = area.split_into(chosen, source)
            events.append(
                {"type": "pile_split", "seat": None, "into": chosen + 1, "from": source + 1,
                 "moved": moved}
            )
    for space in sorted({space for space, _kind in taken}):
        area.refill(space, events)
    hidden = area.face_down()
    if hidden:
        pile = hidden[0]
        area.face_up[pile] = True
        events.append(
            {"type": "revealed", "seat": None, "pile": pile + 1,
             "domino": dominoes.face(area.piles[pile][-1])}
        )


def score_stage(explorer: Explorer, area: Exploration, stage: int, events: list[Event]) -> int:
    """Coloured gems score the stage number each and are discarded; mythical gems score 2 and
    stay (7.4)."""
    coloured = sum(explorer.gems[:MYTHICAL])
    mythical = explorer.gems[MYTHICAL]
    points = coloured * stage + 2 * mythical
    for kind in range(MYTHICAL):
        area.discard[kind] += explorer.gems[kind]
        explorer.gems[kind] = 0
    explorer.stage_scores.append(points)
    events.append(
        {"type": "explorer_scored", "stage": stage, "coloured": coloured, "mythical": mythical,
         "points": points}
    )
    return points
