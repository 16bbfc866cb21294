"""Per-game OpenSkill ratings (Plackett-Luce) for registered players, the record of each rated
game's change, the rating as people read it, and each game's leaderboard."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.models import Rating, RatingChange, User

MODEL = PlackettLuce()

#: The display rating: ``DISPLAY_BASE + DISPLAY_SCALE * ordinal``, never below 0. A new player's
#: ordinal is 0 (mu 25, sigma 25/3), so everyone starts at 1500, a scale people know from chess.
DISPLAY_BASE = 1500
DISPLAY_SCALE = 40
#: A rating is provisional (shown with a "?") until this many rated games.
PROVISIONAL_GAMES = 10
#: A leaderboard's trend is the change over this many of a player's last rated games.
TREND_GAMES = 5


def ordinal(mu: float, sigma: float) -> float:
    """The conservative skill estimate leaderboards sort by."""
    return mu - 3 * sigma


def display_rating(mu: float, sigma: float) -> int:
    """The rating people read: 1500 for a new player, never negative."""
    return max(0, round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(mu, sigma)))


def is_provisional(games: int) -> bool:
    return games < PROVISIONAL_GAMES


def rating_json(rating: Rating) -> dict[str, Any]:
    """A rating as people read it (``rating``, ``provisional``) and as OpenSkill keeps it."""
    return {"game": rating.game, "rating": display_rating(rating.mu, rating.sigma),
            "provisional": is_provisional(rating.games), "games": rating.games,
            "mu": rating.mu, "sigma": rating.sigma, "ordinal": ordinal(rating.mu, rating.sigma)}


def rating_trends(session: Session, game: str, users: Sequence[int]) -> dict[int, int]:
    """Each user's display rating change over their last ``TREND_GAMES`` rated games of
    ``game`` (users without any are left out)."""
    newest = func.row_number().over(partition_by=RatingChange.user_id,
                                    order_by=RatingChange.id.desc()).label("newest")
    recent = (select(RatingChange.user_id, RatingChange.mu_before, RatingChange.sigma_before,
                     RatingChange.mu, RatingChange.sigma, newest)
              .where(RatingChange.game == game, RatingChange.user_id.in_(users)).subquery())
    trends: dict[int, list[int]] = {}
    for user_id, mu_before, sigma_before, mu, sigma, rank in session.execute(
            select(recent).where(recent.c.newest <= TREND_GAMES).order_by(recent.c.newest)):
        if rank == 1:
            trends[user_id] = [display_rating(mu, sigma), display_rating(mu, sigma)]
        trends[user_id][1] = display_rating(mu_before, sigma_before)
    return {user_id: now - then for user_id, (now, then) in trends.items()}


def best_players(session: Session, game: str, limit: int) -> list[dict[str, Any]]:
    """The ``limit`` best registered players of ``game``, best conservative rating first (ties
    by user id), each with the rating people read and its trend."""
    rows = session.execute(
        select(Rating, User).join(User, User.id == Rating.user_id)
        .where(Rating.game == game)
        .order_by((Rating.mu - 3 * Rating.sigma).desc(), Rating.user_id)
        .limit(limit)
    ).all()
    trends = rating_trends(session, game, [user.id for _rating, user in rows])
    return [{"user": user_json(user), **rating_json(rating), "trend": trends.get(user.id, 0)}
            for rating, user in rows]


def update_ratings(session: Session, game: str, users: Sequence[int], ranks: Sequence[int],
                   table_id: int, at: float) -> None:
    """Rate one finished match: ``users[i]`` finished with rank ``ranks[i]`` (1 = best). Each
    player's change is kept (``RatingChange``) for their rating's history and the table's
    result."""
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
        session.add(RatingChange(
            table_id=table_id, user_id=row.user_id, game=game, mu_before=row.mu,
            sigma_before=row.sigma, mu=new.mu, sigma=new.sigma, games=row.games + 1, at=at))
        row.mu, row.sigma, row.games = new.mu, new.sigma, row.games + 1
