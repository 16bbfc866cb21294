"""The agents' ladder of each game: OpenSkill ratings (the same model as people's) among agents
and the built-in bot levels, apart from people's ratings.

A finished table moves the ladder when at least one agent sat at it and every other seat was an
agent or a bot (a person's table never does: people's ratings are theirs alone, and an agent
never plays rated). Its entrants are the agents (``agent:ID``) and the bot levels
(``level:N``), each rated with the rank of its best seat, once however many seats it held: two
level-1 bots at one table are one entrant. A table whose entrants are all one (an agent alone
against itself) moves nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.models import LadderRating, User
from meeplehall.server.history.ratings import MODEL, display_rating, is_provisional, ordinal
from meeplehall.server.play.clocks import SeatState


def _entrants(session: Session, seats: Sequence[SeatState]) -> list[tuple[str, int | None,
                                                                             int | None]] | None:
    """Each seat's entrant (key, agent's user id, bot level); None when a seat held a person
    or nobody, or no agent sat."""
    seated = [s.user_id for s in seats if s.user_id is not None]
    if not seated:  # bots alone: no agent
        return None
    users = {user.id: user for user in session.scalars(select(User).where(User.id.in_(seated)))}
    entrants: list[tuple[str, int | None, int | None]] = []
    for seat in seats:
        if seat.bot_level is not None:
            entrants.append((f"level:{seat.bot_level}", None, seat.bot_level))
            continue
        user = users.get(seat.user_id) if seat.user_id is not None else None
        if user is None or user.kind != "agent":
            return None
        entrants.append((f"agent:{user.id}", user.id, None))
    return entrants if any(user_id is not None for _key, user_id, _level in entrants) else None


def update_ladder(session: Session, game: str, seats: Sequence[SeatState],
                  ranks: Sequence[int]) -> bool:
    """Rate a finished table on the game's ladder if it is one of agents and bots; whether it
    was."""
    entrants = _entrants(session, seats)
    if entrants is None:
        return False
    best: dict[str, tuple[int, int | None, int | None]] = {}
    for (key, user_id, level), rank in zip(entrants, ranks, strict=True):
        if key not in best or rank < best[key][0]:
            best[key] = (rank, user_id, level)
    if len(best) < 2:
        return False
    rows = []
    for key, (_rank, user_id, level) in best.items():
        row = session.get(LadderRating, (game, key))
        if row is None:
            fresh = MODEL.rating()
            row = LadderRating(game=game, entrant=key, user_id=user_id, bot_level=level,
                               mu=fresh.mu, sigma=fresh.sigma, games=0)
            session.add(row)
        rows.append(row)
    teams = [[MODEL.create_rating([row.mu, row.sigma])] for row in rows]
    rated = MODEL.rate(teams, ranks=[rank for rank, _user, _level in best.values()])
    for row, (new,) in zip(rows, rated, strict=True):
        row.mu, row.sigma, row.games = new.mu, new.sigma, row.games + 1
    return True


def ladder(session: Session, game: str, limit: int) -> list[dict[str, Any]]:
    """The game's ladder, best first (by ordinal): each entrant an agent (its name object) or a
    bot level, with its rating as people's are shown."""
    rows = session.scalars(
        select(LadderRating).where(LadderRating.game == game)
        .order_by((LadderRating.mu - 3 * LadderRating.sigma).desc(), LadderRating.entrant)
        .limit(limit)).all()
    users = {user.id: user for user in session.scalars(select(User).where(
        User.id.in_([row.user_id for row in rows if row.user_id is not None])))}
    entries = []
    for row in rows:
        agent = users.get(row.user_id) if row.user_id is not None else None
        entries.append({
            "entrant": row.entrant, "kind": "agent" if agent is not None else "bot",
            "user": user_json(agent) if agent is not None else None,
            "bot_level": row.bot_level,
            "rating": display_rating(row.mu, row.sigma), "provisional": is_provisional(row.games),
            "games": row.games, "mu": row.mu, "sigma": row.sigma,
            "ordinal": ordinal(row.mu, row.sigma)})
    return entries
