"""Stage-end arithmetic (rules 6.3-6.7): activations, the start-player rule, the final ranking.

Pure functions over plain numbers, so the rules can be read and tested on their own.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeplehall.core import IllegalAction, Result
from meeplehall.games.pyramido.components import COLOURS, MYTHICAL
from meeplehall.games.pyramido.topview import Area

HAND_LIMIT = 5
#: Units an area may receive, and the multiplier each gives its value.
UNIT_MULTIPLIER = {1: 1, 3: 2}


def check_activation(
    area: Area, units: int, coloured: int, mythical: int, gems: Sequence[int]
) -> None:
    """Raise IllegalAction unless these gems activate this area (rules 6.3)."""
    name = COLOURS[area.colour]
    if units not in UNIT_MULTIPLIER:
        raise IllegalAction(f"an area takes 1 unit or 3 units, not {units}", rule="units_1_or_3",
                            params={"units": units})
    if mythical % 2:
        raise IllegalAction("mythical gems count in pairs: a pair is one unit of any colour",
                            rule="mythical_in_pairs")
    if coloured + mythical // 2 != units:
        raise IllegalAction(
            f"{coloured} {name} gem(s) and {mythical} mythical gem(s) make "
            f"{coloured + mythical / 2:g} units, not {units}",
            rule="units_do_not_match", params={"units": units},
        )
    if gems[area.colour] < coloured:
        raise IllegalAction(
            f"you hold {gems[area.colour]} {name} gem(s), not {coloured}: "
            f"a {name} area takes {name} gems or mythical pairs",
            rule="too_few_colour_gems",
            params={"colour": name, "held": gems[area.colour], "count": coloured},
        )
    if gems[MYTHICAL] < mythical:
        raise IllegalAction(f"you hold {gems[MYTHICAL]} mythical gem(s), not {mythical}",
                            rule="too_few_mythical_gems",
                            params={"held": gems[MYTHICAL], "count": mythical})


def activation_points(area: Area, units: int) -> int:
    return area.icons * UNIT_MULTIPLIER[units]


#: More coloured or mythical gems than these never add a payment: the tables are clamped.
COLOUR_CAP = 3
MYTHICAL_CAP = 6


def activation_options(area: Area, gems: Sequence[int]) -> tuple[tuple[int, int, int], ...]:
    """Every (units, coloured, mythical) payment the gems allow for this area."""
    return PAYMENTS[min(gems[area.colour], COLOUR_CAP)][min(gems[MYTHICAL], MYTHICAL_CAP)]


def _payments(have_colour: int, have_mythical: int) -> tuple[tuple[int, int, int], ...]:
    options = []
    for units in (1, 3):
        for pairs in range(units + 1):
            coloured = units - pairs
            if coloured <= have_colour and 2 * pairs <= have_mythical:
                options.append((units, coloured, 2 * pairs))
    return tuple(options)


#: PAYMENTS[coloured][mythical], both clamped to their caps: the payments those gems allow.
PAYMENTS = tuple(
    tuple(_payments(c, m) for m in range(MYTHICAL_CAP + 1)) for c in range(COLOUR_CAP + 1)
)


def can_activate_any(areas: Sequence[Area], activated: int, gems: Sequence[int]) -> bool:
    pairs = gems[MYTHICAL] >= 2
    for index, area in enumerate(areas):
        if area.icons and not activated >> index & 1 and (pairs or gems[area.colour]):
            return True
    return False


def next_start_player(stage_scores: Sequence[int], ended_start: int) -> int:
    """Lowest stage score starts; ties go to the first tied seat from the ended stage's start."""
    lowest = min(stage_scores)
    count = len(stage_scores)
    for offset in range(count):
        seat = (ended_start + offset) % count
        if stage_scores[seat] == lowest:
            return seat
    raise AssertionError("unreachable: some seat has the lowest score")


def best_area_value(values: Sequence[int], units: int) -> int:
    """Most points from areas of these values with this many units (each area 0, 1 or 3)."""
    # Small knapsack: best[u] = most points with u units over the areas seen so far.
    best = [0] * (units + 1)
    for value in values:
        if not value:
            continue
        for used in range(units, 0, -1):
            once = best[used - 1] + value
            thrice = best[used - 3] + 2 * value if used >= 3 else 0
            best[used] = max(best[used], once, thrice)
    return best[units]


def final_result(
    totals: Sequence[int],
    gems_held: Sequence[int],
    stage_scores: Sequence[Sequence[int]],
) -> Result:
    """Rank by total, then gems held after the final cleanup, then best single stage (6.7)."""
    breakdown = [
        {
            **{f"stage {k + 1}": score for k, score in enumerate(scores)},
            "gems held": held,
        }
        for scores, held in zip(stage_scores, gems_held, strict=True)
    ]
    tiebreak = [(held, max(scores, default=0)) for held, scores in zip(gems_held, stage_scores,
                                                                       strict=True)]
    return Result.ranked(list(totals), breakdown, tiebreak)


def solo_result(
    total: int, gems_held: int, stage_scores: Sequence[int], explorer_total: int,
    explorer_stages: Sequence[int],
) -> Result:
    """Solo: the player wins only with strictly more points than the Explorer (7.6)."""
    won = total > explorer_total
    breakdown = {
        **{f"stage {k + 1}": score for k, score in enumerate(stage_scores)},
        "gems held": gems_held,
        "explorer": {f"stage {k + 1}": s for k, s in enumerate(explorer_stages)}
        | {"total": explorer_total},
    }
    return Result(
        scores=(total,),
        ranks=(1 if won else 2,),
        winners=frozenset({0}) if won else frozenset(),
        breakdown=(breakdown,),
    )
