"""A person's record: the finished tables a viewer may see of theirs, each told as that person
lived it (result, scores, opponents, rating change), and what is counted from them (games, win
rate, average and best score, each game's statistics, the rating's history).

Who may see what: a person's history is for everyone unless they hid it (``history_private``),
then only for themself and their friends; in every case a private table shows only to those who
sat at it. Only the newest ``SCANNED`` tables are read, so one long record costs a bounded time.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Select, and_, exists, func, or_, select
from sqlalchemy.orm import Session, aliased

from meeplehall.core import UnknownGame
from meeplehall.core.registry import get_game
from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.db.models import Friendship, RatingChange, Seat, Table, User
from meeplehall.server.history.ratings import display_rating
from meeplehall.server.play.description import origin_json

#: The newest tables read for a record (its counts are of these).
SCANNED = 2000


@dataclass(frozen=True)
class Filters:
    """What a history page asks for; None: any."""

    game: str | None = None
    result: str | None = None  # "win" or "loss"
    rated: bool | None = None
    opponent: str | None = None  # a name, case aside


def may_see_history(session: Session, person: User, viewer_id: int | None) -> bool:
    """Whether the viewer may read ``person``'s games: always unless they hid them, then only
    themself and their friends."""
    if not person.history_private or viewer_id == person.id:
        return True
    return viewer_id is not None and session.get(Friendship, (viewer_id, person.id)) is not None


def _shown_to(viewer_id: int | None) -> ColumnElement[bool]:
    """A table the viewer may see: a public one, or one they sat at."""
    shown: ColumnElement[bool] = Table.visibility == "public"
    if viewer_id is not None:
        shown = or_(shown, Table.id.in_(select(Seat.table_id).where(Seat.user_id == viewer_id)))
    return shown


def _with_opponent(person_id: int, name: str) -> ColumnElement[bool]:
    other = aliased(Seat)
    return exists(
        select(other.table_id).join(User, User.id == other.user_id)
        .where(other.table_id == Table.id, other.user_id != person_id,
               func.lower(User.name) == name.lower()))


def _newest(person_id: int, viewer_id: int | None, *conditions: ColumnElement[bool]) -> Select[Any]:
    """The ids of the person's finished tables the viewer may see, newest first."""
    return (select(Table.id)
            .where(Table.status == "finished", _shown_to(viewer_id),
                   Table.id.in_(select(Seat.table_id).where(Seat.user_id == person_id)),
                   *conditions)
            .order_by(Table.finished_at.desc(), Table.id.desc()))


def history(session: Session, person_id: int, viewer_id: int | None,
            filters: Filters = Filters(), offset: int = 0,
            limit: int = SCANNED) -> list[dict[str, Any]]:
    """The person's finished tables the viewer may see, newest first, told from their side:
    ``limit`` of them from the ``offset``-th on, of the newest ``SCANNED``."""
    conditions = []
    if filters.game is not None:
        conditions.append(Table.game == filters.game)
    if filters.rated is not None:
        conditions.append(Table.rated.is_(filters.rated))
    if filters.opponent:
        conditions.append(_with_opponent(person_id, filters.opponent))
    # The ids are sorted first, and only the chosen tables read whole: sorting a long record's
    # whole rows (a result each) cost more than all the rest of the page.
    newest = _newest(person_id, viewer_id, *conditions)
    if filters.result is None:
        # Only the page is read and told: a page of a long record costs what a short one does.
        window = max(0, min(limit, SCANNED - offset))
        chosen = list(session.scalars(newest.offset(offset).limit(window))) if window else []
    else:
        # Won or lost is known only once told: all SCANNED are, and the page is cut after.
        chosen = list(session.scalars(newest.limit(SCANNED)))
    rows = {table.id: table for table in session.scalars(
        select(Table).where(Table.id.in_(chosen)))} if chosen else {}
    tables = [rows[table_id] for table_id in chosen]
    ids = [table.id for table in tables]
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in session.scalars(select(Seat).where(Seat.table_id.in_(ids)).order_by(Seat.seat)):
        seats[seat.table_id].append(seat)
    users = {user.id: user for user in session.scalars(
        select(User).where(User.id.in_({s.user_id for row in seats.values() for s in row
                                         if s.user_id is not None})))}
    changes = {change.table_id: change for change in session.scalars(
        select(RatingChange).where(RatingChange.user_id == person_id,
                                   RatingChange.table_id.in_(ids)))}
    entries = [_entry(table, seats[table.id], users, person_id, changes.get(table.id))
               for table in tables]
    if filters.result is not None:
        entries = [entry for entry in entries
                   if entry["won"] == (filters.result == "win")][offset:offset + limit]
    return entries


def _entry(table: Table, seats: Sequence[Seat], users: dict[int, User], person_id: int,
           change: RatingChange | None) -> dict[str, Any]:
    result = table.result or {}
    scores = result.get("scores") or [None] * table.players
    ranks = result.get("ranks") or [None] * table.players
    winners = result.get("winners") or []
    mine = [seat.seat for seat in seats if seat.user_id == person_id]

    def seat_json(seat: Seat) -> dict[str, Any]:
        user = users.get(seat.user_id) if seat.user_id is not None else None
        return {"seat": seat.seat, "user": user_json(user) if user else None,
                "bot_level": seat.bot_level, "score": scores[seat.seat],
                "rank": ranks[seat.seat], "won": seat.seat in winners}

    return {
        "table": table.id, "game": table.game, "finished_at": table.finished_at,
        "players": table.players, "rated": table.rated, "visibility": table.visibility,
        "ranks": [ranks[s] for s in mine],
        "replaced": [seat.replaced for seat in seats if seat.user_id == person_id],
        "everyone": [seat_json(seat) for seat in seats],
        "rating": None if change is None else _change_json(change),
        "origin": origin_json(table),
        **_counted_part(table.game, result, mine),
    }


def _counted_part(game: str, result: dict[str, Any], mine: list[int]) -> dict[str, Any]:
    """What ``summary`` counts of a history entry: the person's seats, their scores, whether
    they won, their statistics."""
    scores = result.get("scores") or []
    winners = result.get("winners") or []
    return {"seats": mine, "scores": [scores[s] if s < len(scores) else None for s in mine],
            "won": any(s in winners for s in mine),
            "statistics": _statistics_of(game, result, mine)}


def _statistics_of(game: str, result: dict[str, Any], mine: list[int]) -> dict[str, int] | None:
    """The game's statistics of the person's seat (None: several seats, or none declared)."""
    breakdown = result.get("breakdown") or []
    if len(mine) != 1 or mine[0] >= len(breakdown):
        return None
    try:
        read = get_game(game).statistics
    except UnknownGame:
        return None
    return None if read is None else read(breakdown[mine[0]])


def _change_json(change: RatingChange) -> dict[str, int]:
    before = display_rating(change.mu_before, change.sigma_before)
    after = display_rating(change.mu, change.sigma)
    return {"before": before, "after": after, "change": after - before}


def table_rating_changes(session: Session, table_id: int) -> list[dict[str, Any]]:
    """Each rated seat's change at a finished table: ``[{seat, before, after, change}]``."""
    rows = session.execute(
        select(Seat.seat, RatingChange)
        .join(RatingChange, (RatingChange.table_id == Seat.table_id)
              & (RatingChange.user_id == Seat.user_id))
        .where(Seat.table_id == table_id).order_by(Seat.seat)).all()
    return [{"seat": seat, **_change_json(change)} for seat, change in rows]


def record(session: Session, person_id: int, viewer_id: int | None) -> list[dict[str, Any]]:
    """``summary(history(...))`` of the newest ``SCANNED`` tables, reading only what it counts:
    each table's game, result and origin, and the person's own seats. A profile page shows it
    on every visit; telling whole entries (everyone's seats and names, rating changes) made a
    long record cost seconds."""
    newest = _newest(person_id, viewer_id).limit(SCANNED).subquery()
    rows = session.execute(
        select(Table.id, Table.game, Table.result, Table.origin_step, Seat.seat)
        .join(newest, newest.c.id == Table.id)
        .join(Seat, and_(Seat.table_id == Table.id, Seat.user_id == person_id)))
    told: dict[int, tuple[str, dict[str, Any], int | None]] = {}
    seats: dict[int, list[int]] = defaultdict(list)
    for table_id, game, result, origin_step, seat in rows:
        told[table_id] = (game, result or {}, origin_step)
        seats[table_id].append(seat)
    # "origin": the practice source step; summary only asks whether there is one.
    return summary([{"game": game, "origin": origin,
                     **_counted_part(game, result, sorted(seats[table_id]))}
                    for table_id, (game, result, origin) in told.items()])


def summary(entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per game, what is counted from a history: games, wins, win rate, average and best score,
    and each statistic the game declares (average and best). A table where the person held
    several seats (hot-seat) counts in none of these: it was not a game against others; nor
    does a practice table ("play from here"): it was not a whole game."""
    by_game: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for entry in entries:
        if (len(entry["seats"]) == 1 and entry["scores"][0] is not None
                and entry["origin"] is None):
            by_game[entry["game"]].append(entry)
    return [_game_summary(game, played) for game, played in sorted(by_game.items())]


def _game_summary(game: str, played: list[dict[str, Any]]) -> dict[str, Any]:
    scores = [entry["scores"][0] for entry in played]
    wins = sum(1 for entry in played if entry["won"])
    return {
        "game": game, "games": len(played), "wins": wins,
        "win_rate": wins / len(played),
        "average_score": sum(scores) / len(scores), "best_score": max(scores),
        "statistics": _statistics(played),
    }


def _statistics(played: list[dict[str, Any]]) -> list[dict[str, Any]]:
    values: dict[str, list[int]] = defaultdict(list)
    for entry in played:
        for key, value in (entry["statistics"] or {}).items():
            values[key].append(value)
    return [{"key": key, "average": sum(numbers) / len(numbers), "best": max(numbers)}
            for key, numbers in values.items()]


def rating_history(session: Session, person_id: int,
                   viewer_id: int | None) -> dict[str, list[dict[str, Any]]]:
    """Per game, the person's display rating after each rated table the viewer may see, oldest
    first, starting from the rating before the first of them."""
    rows = session.execute(
        select(RatingChange).join(Table, Table.id == RatingChange.table_id)
        .where(RatingChange.user_id == person_id, _shown_to(viewer_id))
        .order_by(RatingChange.id.desc()).limit(SCANNED)).scalars().all()
    points: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for change in reversed(rows):
        line = points[change.game]
        if not line:
            line.append({"at": None, "table": None,
                         "rating": display_rating(change.mu_before, change.sigma_before)})
        line.append({"at": change.at, "table": change.table_id, "games": change.games,
                     "rating": display_rating(change.mu, change.sigma)})
    return dict(points)
