"""The exploration area: five piles of dominoes, a gem area in front of each, the bag, the discard.

Piles are lists from bottom to top; ``face_up[p]`` says whether pile p's top shows its face.
Gem collections are six counts (five colours, then mythical). The bag is kept as counts and a
draw picks a gem at random from the state's own Rng, which is the same as drawing from a
shuffled bag: its order is secret because the Rng's state never appears in a view.
"""

from __future__ import annotations

from typing import Any

from meeplehall.core import Event, Rng
from meeplehall.games.pyramido.components import GEM_KINDS, DominoSet

GEMS_PER_SPACE = 3
SPACES = 5


def gem_names(counts: list[int]) -> dict[str, int]:
    return {GEM_KINDS[kind]: count for kind, count in enumerate(counts) if count}


class Exploration:
    __slots__ = ("bag", "discard", "face_up", "piles", "rng", "spaces")

    def __init__(self, piles: list[list[int]], bag: list[int], rng: Rng) -> None:
        self.piles = piles
        self.face_up = [False] * len(piles)
        self.spaces = [[0] * len(GEM_KINDS) for _ in piles]
        self.bag = bag
        self.discard = [0] * len(GEM_KINDS)
        self.rng = rng

    def copy(self) -> Exploration:
        twin = Exploration.__new__(Exploration)
        twin.piles = [pile[:] for pile in self.piles]
        twin.face_up = self.face_up[:]
        twin.spaces = [space[:] for space in self.spaces]
        twin.bag = self.bag[:]
        twin.discard = self.discard[:]
        twin.rng = self.rng.clone()
        return twin

    # -- gems -------------------------------------------------------------------------------

    def draw_gem(self, events: list[Event]) -> int | None:
        """One random gem from the bag; an empty bag first takes back the whole discard."""
        total = sum(self.bag)
        if not total:
            total = sum(self.discard)
            if not total:
                return None
            self.bag, self.discard = self.discard, [0] * len(GEM_KINDS)
            events.append({"type": "bag_refilled", "gems": total})
        pick = self.rng.below(total)
        for kind, count in enumerate(self.bag):
            if pick < count:
                self.bag[kind] -= 1
                return kind
            pick -= count
        raise AssertionError("unreachable: the pick lies within the bag")

    def refill(self, space: int, events: list[Event]) -> None:
        """Fill an empty gem area with three gems from the bag (rules 3, step 2)."""
        gems = self.spaces[space]
        if any(gems):
            return
        drawn = []
        for _ in range(GEMS_PER_SPACE):
            kind = self.draw_gem(events)
            if kind is None:
                break
            gems[kind] += 1
            drawn.append(GEM_KINDS[kind])
        events.append({"type": "gems_refilled", "space": space + 1, "gems": drawn})

    # -- dominoes ---------------------------------------------------------------------------

    def take_top(self, pile: int) -> int:
        """Remove the face-up top of a pile; the next domino, if any, stays face down."""
        self.face_up[pile] = False
        return self.piles[pile].pop()

    def split_into(self, empty: int, source: int) -> int:
        """Move the bottom half (rounded down) of ``source`` face down onto the empty space."""
        pile = self.piles[source]
        moved = len(pile) // 2
        self.piles[empty] = pile[:moved]
        self.piles[source] = pile[moved:]
        self.face_up[empty] = False
        return moved

    def splittable(self, empty: int) -> list[int]:
        return [p for p, pile in enumerate(self.piles) if p != empty and len(pile) >= 2]

    def face_down(self) -> list[int]:
        return [p for p, pile in enumerate(self.piles) if pile and not self.face_up[p]]

    def is_face_down(self, pile: int) -> bool:
        """Whether ``pile`` (0-based, any int) is a pile whose top lies face down."""
        return 0 <= pile < len(self.piles) and bool(self.piles[pile]) and not self.face_up[pile]

    def any_face_down(self) -> bool:
        face_up = self.face_up
        return any(pile and not face_up[p] for p, pile in enumerate(self.piles))

    def face_up_spaces(self) -> list[int]:
        return [p for p, pile in enumerate(self.piles) if pile and self.face_up[p]]

    def view(self, dominoes: DominoSet) -> list[dict[str, Any]]:
        """Each space as a player sees it: a face-up top's face, a face-down top's back only."""
        spaces = []
        for p, pile in enumerate(self.piles):
            top: dict[str, Any] | None = None
            if pile:
                top = (
                    dominoes.face(pile[-1]) if self.face_up[p] else dominoes[pile[-1]].back_json()
                )
            spaces.append(
                {
                    "space": p + 1,
                    "size": len(pile),
                    "face_up": bool(pile) and self.face_up[p],
                    "top": top,
                    "gems": gem_names(self.spaces[p]),
                }
            )
        return spaces
