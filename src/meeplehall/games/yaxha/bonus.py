"""A seat's score if the game ended now, from pyramid :class:`~facts.Facts`, for the tensor.

The same total as :func:`scoring.seat_total` (which :func:`views.score_now` shows), with the
bonus cards judged on one measure per card and pyramid (kept on the facts) rather than on whole
:class:`scoring.Metrics`, most of which a table's three cards never read. The rules are those of
:func:`scoring.card_results`; ``tests/games/yaxha/test_facts.py`` holds the two equal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from meeplehall.games.yaxha.components import CARDS, COMPONENTS, GROUP_POINTS
from meeplehall.games.yaxha.facts import Facts
from meeplehall.games.yaxha.geometry import LEVEL_MASK

_TOP_SIZE = len(GROUP_POINTS) - 1
#: The "most ..." cards: every seat on the maximum meets them, even at 0.
MOST = frozenset({"most_colour", "most_any_group", "most_level1_group", "most_levels_spanned"})


def _layout_cells(test: Callable[[int, int], bool]) -> int:
    """Layout bits (z*16 + x*4 + y, every level's full 4x4) where ``test(x, y)`` holds."""
    return sum(1 << (z * 16 + x * 4 + y)
               for z in range(4) for x in range(4) for y in range(4) if test(x, y))


# Per side, the shifts that look from a cube towards the outside, each with the cells a shifted
# bit may land on without having wrapped onto another line or level.
_SIDES = (
    tuple((4 * k, 0, _layout_cells(lambda x, y, k=k: x >= k)) for k in (1, 2, 3)),  # west
    tuple((0, 4 * k, _layout_cells(lambda x, y, k=k: x <= 3 - k)) for k in (1, 2, 3)),  # east
    tuple((k, 0, _layout_cells(lambda x, y, k=k: y >= k)) for k in (1, 2, 3)),  # south
    tuple((0, k, _layout_cells(lambda x, y, k=k: y <= 3 - k)) for k in (1, 2, 3)),  # north
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


def number(facts: Facts, card_id: int) -> int:
    """What a card compared across seats reads of one pyramid ("most" cards and the neighbour
    card), or whether the pyramid meets a card judged alone (1 or 0); kept on the facts."""
    known = facts.cards.get(card_id)
    if known is None:
        known = facts.cards[card_id] = _number(facts, card_id)
    return known


def _number(facts: Facts, card_id: int) -> int:
    card = CARDS[card_id]
    kind = card.kind
    per_colour = facts.groups
    if kind in ("most_colour", "neighbour_colour"):
        return facts.largest[card.colour]
    if kind == "most_any_group":
        return max(facts.largest)
    if kind == "most_level1_group":
        return max(part.level1 for part in per_colour)
    if kind == "most_levels_spanned":
        return max(part.span for part in per_colour)
    shown = [mask & facts.visible for mask in facts.pyramid]
    if kind == "colours_on_level":
        level = LEVEL_MASK[card.level]
        return int(sum(1 for mask in shown if mask & level) >= card.count)
    if kind == "single_colour_side":
        return int(single_colour_side(facts.pyramid, facts.visible))
    if kind == "exact_colours":
        return int(sum(1 for mask in shown if mask) == card.count)
    raise ValueError(f"bonus card {card_id} has an unknown kind {kind!r}")


def _sizes(facts: Facts) -> frozenset[int]:
    return frozenset().union(*(part.sizes for part in facts.groups))


def met(card_id: int, table: Sequence[Facts], seat: int, ties: bool, mode: str) -> bool:
    """Whether ``seat`` meets the card, as :func:`scoring.card_results` decides it."""
    kind = CARDS[card_id].kind
    if kind == "second_largest":
        if mode == "runner_up_player":
            largest = [max(facts.largest) for facts in table]
            best = sorted(set(largest), reverse=True)
            return len(best) >= 2 and largest[seat] == best[1]
        every = sorted(frozenset().union(*(_sizes(facts) for facts in table)), reverse=True)
        return len(every) >= 2 and every[1] in _sizes(table[seat])
    if kind in MOST:
        values = [number(facts, card_id) for facts in table]
        return values[seat] == max(values)
    if kind == "neighbour_colour":
        mine = number(table[seat], card_id)
        after = number(table[(seat + 1) % len(table)], card_id)
        return mine >= after if ties else mine > after
    return bool(number(table[seat], card_id))


def total(table: Sequence[Facts], cards: Sequence[int], seat: int, ties: bool, mode: str) -> int:
    """``seat``'s colour points plus its bonus cards' points, ``table`` being every seat's
    pyramid as ``seat`` sees it."""
    points = sum(GROUP_POINTS[min(size, _TOP_SIZE)] for size in table[seat].largest)
    bonus = sum(1 for card in cards if met(card, table, seat, ties, mode))
    return points + COMPONENTS.bonus_card_points * bonus

