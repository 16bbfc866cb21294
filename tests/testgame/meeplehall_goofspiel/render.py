"""A Goofspiel view drawn for a terminal (rich console markup)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_text(view: Mapping[str, Any]) -> str:
    prize = view["prize"]
    lines = [f"Prize: [bold]{prize}[/bold]" if prize is not None else "No prize left.",
             f"Still in the deck: {', '.join(map(str, view['unseen_prizes'])) or 'none'}"]
    for seat in view["seats"]:
        bid = " (has bid)" if seat["has_bid"] else ""
        hand = " ".join(map(str, seat["hand"]))
        lines.append(f"Seat {seat['seat'] + 1}: {seat['score']} points; hand {hand}{bid}")
    if view["my_bid"] is not None:
        lines.append(f"Your bid: {view['my_bid']}")
    return "\n".join(lines)
