"""A seat's score if the game ended now, from pyramid :class:`~facts.Facts`, for the tensor.

The same total as :func:`scoring.score_pyramids` gives a seat (which :func:`views.score_now`
shows), with the bonus cards judged on one measure per card and pyramid (kept on the facts)
rather than on whole :class:`scoring.Metrics`, most of which a table's three cards never read.
A seat's score depends only on its colour points and every seat's :func:`row` (card measures),
which change far less often than the pyramids, so the encoder keeps the cards met per rows.
The rules are those of :func:`scoring.card_results`; ``tests/games/yaxha/test_facts.py`` holds
the two equal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from meeplehall.games.yaxha.components import CARDS, COMPONENTS
from meeplehall.games.yaxha.facts import Facts
from meeplehall.games.yaxha.geometry import LEVEL_MASK

#: The "most ..." cards: every seat on the maximum meets them, even at 0.
MOST = frozenset({"most_colour", "most_any_group", "most_level1_group", "most_levels_spanned"})
KINDS = tuple(card.kind for card in CARDS)


def _layout_cells(x_from: int, x_to: int, y_from: int, y_to: int) -> int:
    """Layout bits (z*16 + x*4 + y, every level's full 4x4) with x and y in those ranges."""
    return sum(1 << (z * 16 + x * 4 + y)
               for z in range(4) for x in range(x_from, x_to + 1) for y in range(y_from, y_to + 1))


# Per side, the shifts that look from a cube towards the outside, each with the cells a shifted
# bit may land on without having wrapped onto another line or level.
_SIDES = (
    tuple((4 * k, 0, _layout_cells(k, 3, 0, 3)) for k in (1, 2, 3)),  # west: x - k
    tuple((0, 4 * k, _layout_cells(0, 3 - k, 0, 3)) for k in (1, 2, 3)),  # east: x + k
    tuple((k, 0, _layout_cells(0, 3, k, 3)) for k in (1, 2, 3)),  # south: y - k
    tuple((0, k, _layout_cells(0, 3, 0, 3 - k)) for k in (1, 2, 3)),  # north: y + k
)


def single_colour_side(pyramid: Sequence[int], visible: int) -> bool:
    """Whether some side's face (per level and line, the outermost visible cube) is one
    colour: :func:`scoring._single_colour_side` on masks, each side's face being the visible
    cubes with no visible cube further out on their line."""
    for shifts in _SIDES:
        outside = 0
        for left, right, lands in shifts:
            outside |= ((visible << left) >> right) & lands
        face = visible & ~outside
        if face and any(face & mask == face for mask in pyramid):
            return True
    return False


#: What a card reads of one pyramid: a number for the cards compared across seats ("most"
#: cards, the neighbour card, the largest group for the second-largest card), 1 or 0 for a
#: card met alone.
Measure = Callable[[Facts], int]


class Row(NamedTuple):
    """All that a seat's bonus cards depend on of its pyramid, given the other seats' rows:
    its measure per bonus card of the table, and its group sizes when a second-largest card
    is out (None otherwise, which keeps rows cheap to hash). Colour points are not in it:
    they change with most cubes placed, the measures far less often."""

    measures: tuple[int, ...]
    sizes: frozenset[int] | None


def _measure(card_id: int) -> Measure:
    """The function that reads card ``card_id``'s measure off one pyramid's facts."""
    card = CARDS[card_id]
    kind, colour = card.kind, card.colour
    if kind in ("most_colour", "neighbour_colour"):
        return lambda facts: facts.largest[colour]
    if kind in ("most_any_group", "second_largest"):
        return lambda facts: max(facts.largest)
    if kind == "most_level1_group":
        return lambda facts: max([part.level1 for part in facts.groups])
    if kind == "most_levels_spanned":
        return lambda facts: max([part.span for part in facts.groups])
    if kind == "colours_on_level":
        level, count = LEVEL_MASK[card.level], card.count
        return lambda facts: int(
            sum([1 for mask in facts.pyramid if mask & facts.visible & level]) >= count
        )
    if kind == "single_colour_side":
        return lambda facts: int(single_colour_side(facts.pyramid, facts.visible))
    if kind == "exact_colours":
        count = card.count
        return lambda facts: int(
            sum([1 for mask in facts.pyramid if mask & facts.visible]) == count
        )
    raise ValueError(f"bonus card {card_id} has an unknown kind {kind!r}")


MEASURES = tuple(_measure(card_id) for card_id in range(len(CARDS)))


def row(facts: Facts, cards: tuple[int, ...]) -> Row:
    """The pyramid's measure for each of ``cards``. Kept on the facts for the last ``cards``
    asked (a table's cards stay the same all match; the facts keep that tuple alive, so an
    identity test is enough)."""
    known = facts.row
    if known is None or facts.row_cards is not cards:
        sizes = facts.sizes if any(KINDS[card] == "second_largest" for card in cards) else None
        known = facts.row = Row(tuple([MEASURES[card](facts) for card in cards]), sizes)
        facts.row_cards = cards
    return known


def met(rows: Sequence[Row], cards: Sequence[int], seat: int, ties: bool, mode: str) -> int:
    """How many of ``cards`` ``seat`` meets, ``rows`` being every seat's pyramid as ``seat``
    sees it, judged as :func:`scoring.card_results` does."""
    mine = rows[seat]
    count = 0
    for at, card in enumerate(cards):
        kind, value = KINDS[card], mine.measures[at]
        if kind in MOST:
            count += all(other.measures[at] <= value for other in rows)
        elif kind == "neighbour_colour":
            after = rows[(seat + 1) % len(rows)].measures[at]
            count += value >= after if ties else value > after
        elif kind == "second_largest" and mode == "runner_up_player":
            best = sorted({other.measures[at] for other in rows}, reverse=True)
            count += len(best) >= 2 and value == best[1]
        elif kind == "second_largest":
            every = sorted(frozenset().union(*(other.sizes or () for other in rows)),
                           reverse=True)
            count += len(every) >= 2 and every[1] in (mine.sizes or ())
        else:
            count += bool(value)
    return count


def total(table: Sequence[Facts], cards: tuple[int, ...], seat: int, ties: bool,
          mode: str) -> int:
    """``seat``'s colour points plus its bonus cards' points, ``table`` being every seat's
    pyramid as ``seat`` sees it: its ``total`` in :func:`scoring.score_pyramids`."""
    rows = [row(facts, cards) for facts in table]
    return table[seat].points + COMPONENTS.bonus_card_points * met(rows, cards, seat, ties, mode)
