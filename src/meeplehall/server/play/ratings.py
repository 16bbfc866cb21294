"""Per-game OpenSkill ratings (Plackett-Luce) for registered players."""

from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce
from sqlalchemy.orm import Session

from meeplehall.server.db.models import Rating

MODEL = PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill estimate leaderboards sort by."""
    return mu - 3 * sigma


def update_ratings(session: Session, game: str, users: Sequence[int], ranks: Sequence[int]) -> None:
    """Rate one finished match: ``users[i]`` finished with rank ``ranks[i]`` (1 = best)."""
    rows = []
    for user_id in users:
        row = session.get(Rating, (user_id, game))
        if row is None:
            fresh = MODEL.rating()
            row = Rating(user_id=user_id, game=game, mu=fresh.mu, sigma=fresh.sigma, games=0)
            session.add(row)
        rows.append(row)
    teams = [[MODEL.create_rating([row.mu, row.sigma])] for row in rows]
    rated = MODEL.rate(teams, ranks=list(ranks))
    for row, (new,) in zip(rows, rated, strict=True):
        row.mu, row.sigma, row.games = new.mu, new.sigma, row.games + 1
