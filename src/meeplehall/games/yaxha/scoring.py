"""End-of-game scoring: visibility, 3-D colour groups, the points table and the 18 bonus cards.

:func:`score` is the stable entry point (final-frame coordinates and colour names): it checks
them, turns them into masks and calls :func:`score_pyramids`, which the engine's own end scoring
calls on its masks (already checked), so both go through one code path.
Everything works on the visible cubes only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from meeplehall.games.yaxha.components import (
    CARDS,
    COLOUR_INDEX,
    COLOUR_NAMES,
    COMPONENTS,
    GROUP_POINTS,
    NUM_COLOURS,
    BonusCard,
)
from meeplehall.games.yaxha.geometry import (
    BASE,
    CELL_OF_BIT,
    GROUP_NEIGHBOURS,
    LEVEL_MASK,
    bit_of,
    bits,
    in_frame,
    visible_mask,
)

Pyramid = tuple[int, ...]  # one mask per colour

_TOP_POINTS = GROUP_POINTS[-1]
_TOP_SIZE = len(GROUP_POINTS) - 1
SECOND_LARGEST_MODES = ("distinct_sizes", "runner_up_player")


def group_points(size: int) -> int:
    """Points for a largest group of ``size`` cubes; sizes past the table score its last entry."""
    return GROUP_POINTS[size] if size <= _TOP_SIZE else _TOP_POINTS


#: Per single-cube mask, its group neighbours (geometry.GROUP_NEIGHBOURS, keyed by the mask).
_NEIGHBOURS = {1 << bit: mask for bit, mask in GROUP_NEIGHBOURS.items()}


def groups_of(mask: int) -> list[int]:
    """The connected groups (as masks) of a set of same-colour cubes.

    Each group floods from one cube: every cube reached adds its neighbours (beside it on its
    level, under it, resting on it) among the colour's cubes, one table look-up per cube. A
    colour of a real pyramid shows a handful of cubes, where this is about twice as fast as
    growing whole rings by mask shifts (which wins only on masks of twenty cubes and more).
    """
    found: list[int] = []
    neighbours = _NEIGHBOURS
    while mask:
        group = frontier = mask & -mask
        while frontier:
            cube = frontier & -frontier
            frontier ^= cube
            new = neighbours[cube] & mask & ~group
            group |= new
            frontier |= new
        found.append(group)
        mask &= ~group
    return found


@dataclass(frozen=True, slots=True)
class Metrics:
    """What the bonus cards look at, for one pyramid (visible cubes only)."""

    largest: tuple[int, ...]  # L_c per colour
    sizes: frozenset[int]  # sizes of all groups, every colour
    level1: int  # most base cubes in one group
    span: int  # most levels one group reaches
    level_colours: tuple[frozenset[int], ...]  # colours visible on each level
    all_colours: frozenset[int]
    single_colour_side: bool  # False when not asked for (see metrics)
    largest_groups: tuple[int, ...]  # per colour, the mask of one largest group (0 if none)

    @property
    def largest_any(self) -> int:
        return max(self.largest)


ColourMetrics = tuple[int, int, frozenset[int], int, int]


@lru_cache(maxsize=16384)
def colour_metrics(cubes: int) -> ColourMetrics:
    """For the visible cubes of one colour: the largest group's size and mask (the first
    found of that size), every group's size, the most base cubes and the most levels of one
    group. Kept per mask: a move changes one colour of one pyramid, so the other colours of
    the new pyramid are found here."""
    largest = largest_group = level1 = span = 0
    sizes: set[int] = set()
    level_0, level_1, level_2, level_3 = LEVEL_MASK
    for group in groups_of(cubes):
        size = group.bit_count()
        sizes.add(size)
        if size > largest:
            largest, largest_group = size, group
        level1 = max(level1, (group & BASE).bit_count())
        span = max(span, bool(group & level_0) + bool(group & level_1) + bool(group & level_2)
                   + bool(group & level_3))
    return largest, largest_group, frozenset(sizes), level1, span


def metrics(pyramid: Pyramid, sides: bool = True) -> Metrics:
    """The card metrics of one pyramid; ``sides=False`` skips the single-colour-side test."""
    occupied = 0
    for mask in pyramid:
        occupied |= mask
    visible = visible_mask(occupied)
    seen = [mask & visible for mask in pyramid]
    per_colour = [colour_metrics(mask) for mask in seen]
    largest, largest_groups, sizes, level1, span = zip(*per_colour, strict=True)
    return Metrics(
        largest=largest,
        sizes=frozenset().union(*sizes),
        level1=max(level1),
        span=max(span),
        level_colours=tuple(frozenset([c for c, mask in enumerate(seen) if mask & level])
                            for level in LEVEL_MASK),
        all_colours=frozenset([c for c, mask in enumerate(seen) if mask]),
        single_colour_side=sides and _single_colour_side(pyramid, visible),
        largest_groups=largest_groups,
    )


#: Pyramids whose metrics are kept: a few live games' worth (a 4-player game shows some 160
#: distinct pyramids over its course).
METRICS_KEPT = 4096


@lru_cache(maxsize=METRICS_KEPT)
def cached_metrics(pyramid: Pyramid) -> Metrics:
    """:func:`metrics`, kept per pyramid: a pyramid is an immutable tuple and its metrics a
    frozen value, so every view of a step (and of the steps after, until that pyramid changes)
    shares one computation. At most one pyramid changes per move, and views score all of them
    for every seat."""
    return metrics(pyramid)


def _single_colour_side(pyramid: Pyramid, visible: int) -> bool:
    """Whether some side's face (per level and line, the outermost visible cube) is one colour."""
    colour_at = {bit: colour for colour, mask in enumerate(pyramid) for bit in bits(mask & visible)}
    # Per side: which coordinate names the line (1 = x, 2 = y) and the sign that makes the
    # outermost cube the one with the smallest depth: west, east, south, north.
    for line_axis, sign in ((2, 1), (2, -1), (1, 1), (1, -1)):
        depth_axis = 3 - line_axis
        outermost: dict[tuple[int, int], tuple[int, int]] = {}
        for bit, colour in colour_at.items():
            cell = CELL_OF_BIT[bit]
            key, depth = (cell[0], cell[line_axis]), sign * cell[depth_axis]
            if key not in outermost or depth < outermost[key][0]:
                outermost[key] = (depth, colour)
        if outermost and len({colour for _, colour in outermost.values()}) == 1:
            return True
    return False


def _most(values: list[int]) -> list[bool]:
    best = max(values)
    return [value == best for value in values]


def card_results(
    card: BonusCard, table: Sequence[Metrics], neighbour_ties: bool, second_largest: str
) -> list[bool]:
    """Which seats meet ``card``. "Most" cards reward everyone on the maximum, even at 0."""
    n = len(table)
    kind = card.kind
    if kind == "most_colour":
        return _most([m.largest[card.colour] for m in table])
    if kind == "neighbour_colour":
        mine = [m.largest[card.colour] for m in table]
        nxt = [mine[(seat + 1) % n] for seat in range(n)]
        if neighbour_ties:
            return [a >= b for a, b in zip(mine, nxt, strict=True)]
        return [a > b for a, b in zip(mine, nxt, strict=True)]
    if kind == "most_any_group":
        return _most([m.largest_any for m in table])
    if kind == "most_level1_group":
        return _most([m.level1 for m in table])
    if kind == "most_levels_spanned":
        return _most([m.span for m in table])
    if kind == "second_largest":
        if second_largest == "runner_up_player":
            best = sorted({m.largest_any for m in table}, reverse=True)
            return [len(best) >= 2 and m.largest_any == best[1] for m in table]
        every = sorted(set().union(*(m.sizes for m in table)), reverse=True)
        return [len(every) >= 2 and every[1] in m.sizes for m in table]
    if kind == "colours_on_level":
        return [len(m.level_colours[card.level]) >= card.count for m in table]
    if kind == "single_colour_side":
        return [m.single_colour_side for m in table]
    if kind == "exact_colours":
        return [len(m.all_colours) == card.count for m in table]
    raise ValueError(f"bonus card {card.id} has an unknown kind {kind!r}")


def score_options(options: Mapping[str, Any] | None) -> tuple[bool, str]:
    """The two scoring options, with their defaults, checked."""
    options = options or {}
    ties = options.get("neighbour_ties_score", True)
    mode = options.get("second_largest", "distinct_sizes")
    if not isinstance(ties, bool):
        raise ValueError(f"neighbour_ties_score must be true or false, not {ties!r}")
    if mode not in SECOND_LARGEST_MODES:
        raise ValueError(f"second_largest must be one of {SECOND_LARGEST_MODES}, not {mode!r}")
    return ties, mode


def score_pyramids(
    pyramids: Sequence[Pyramid],
    card_ids: Sequence[int],
    options: Mapping[str, Any] | None,
    metrics_of: Callable[[Pyramid], Metrics] | None = None,
) -> list[dict[str, Any]]:
    """Per-seat breakdown for pyramids given as colour masks (final-frame coordinates);
    ``metrics_of`` may be :func:`cached_metrics` where the same pyramids come again. Without
    it, the single-colour-side test runs only when one of the cards asks for it."""
    ties, mode = score_options(options)
    if metrics_of is None:
        sides = any(CARDS[card_id].kind == "single_colour_side" for card_id in card_ids)
        table = [metrics(pyramid, sides) for pyramid in pyramids]
    else:
        table = [metrics_of(pyramid) for pyramid in pyramids]
    met_by_card = {card_id: card_results(CARDS[card_id], table, ties, mode) for card_id in card_ids}
    breakdowns: list[dict[str, Any]] = []
    for seat, m in enumerate(table):
        colours = {
            COLOUR_NAMES[c]: {"size": m.largest[c], "points": group_points(m.largest[c])}
            for c in range(NUM_COLOURS)
        }
        bonus = {card_id: met[seat] for card_id, met in met_by_card.items()}
        colour_points = sum(part["points"] for part in colours.values())
        bonus_points = COMPONENTS.bonus_card_points * sum(bonus.values())
        breakdowns.append(
            {
                "total": colour_points + bonus_points,
                "colour_points": colour_points,
                "bonus_points": bonus_points,
                "colours": colours,
                "bonus": bonus,
            }
        )
    return breakdowns


def explained(part: Mapping[str, Any]) -> dict[str, Any]:
    """One seat's breakdown as a result shows it: without the total (the result's score), each
    bonus card with its name, whether it is met and the points it gives."""
    row = {key: value for key, value in part.items() if key != "total"}
    row["bonus"] = {
        str(card): {
            "name": CARDS[card].name,
            "met": met,
            "points": COMPONENTS.bonus_card_points if met else 0,
        }
        for card, met in part["bonus"].items()
    }
    return row


def pyramid_from_cells(cells: Mapping[Any, Any], where: str = "pyramid") -> Pyramid:
    """Colour masks from ``{(level, x, y): colour}``; ValueError names the bad entry."""
    if not isinstance(cells, Mapping):
        raise ValueError(f"{where}: expected a mapping of (level, x, y) to colour")
    masks = [0] * NUM_COLOURS
    for key, colour in cells.items():
        if (
            not isinstance(key, tuple)
            or len(key) != 3
            or any(isinstance(v, bool) or not isinstance(v, int) for v in key)
        ):
            raise ValueError(f"{where}: key {key!r} is not a (level, x, y) triple of ints")
        if not in_frame(*key):
            raise ValueError(
                f"{where}: {key!r} is outside the pyramid (level 0-3, x, y 0..3-level)"
            )
        if colour not in COLOUR_INDEX:
            raise ValueError(f"{where}: {key!r} has unknown colour {colour!r}")
        masks[COLOUR_INDEX[colour]] |= 1 << bit_of(*key)
    return tuple(masks)


def cells_of(pyramid: Pyramid) -> dict[tuple[int, int, int], str]:
    """``{(level, x, y): colour}`` for a pyramid given as colour masks."""
    return {
        CELL_OF_BIT[bit]: COLOUR_NAMES[colour]
        for colour, mask in enumerate(pyramid)
        for bit in bits(mask)
    }


def score(
    pyramids: Sequence[Mapping[tuple[int, int, int], str]],
    bonus_cards: Sequence[int],
    options: Mapping[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Score final pyramids: one breakdown per seat, in seat order.

    ``pyramids[i]`` maps (level, x, y) in final-frame coordinates (level 0-3; x, y in 0..3-level)
    to a colour name; ``bonus_cards`` lists card ids; ``options`` may set
    ``neighbour_ties_score`` (bool) and ``second_largest`` ("distinct_sizes" or
    "runner_up_player"). Each breakdown has ``total``, ``colour_points``, ``bonus_points``,
    ``colours`` ({colour: {"size", "points"}}) and ``bonus`` ({card id: met}).
    """
    masks = [pyramid_from_cells(p, f"pyramid {seat}") for seat, p in enumerate(pyramids)]
    ids = list(bonus_cards)
    for card_id in ids:
        if isinstance(card_id, bool) or not isinstance(card_id, int):
            raise ValueError(f"bonus card ids are whole numbers, not {card_id!r}")
        if not 0 <= card_id < len(CARDS):
            raise ValueError(f"no bonus card {card_id}; ids are 0 to {len(CARDS) - 1}")
    return score_pyramids(masks, ids, options)
