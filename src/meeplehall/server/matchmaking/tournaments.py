"""Tournaments in the database: creating, registering, starting, and the pass that scores
finished rounds, pairs the next one and opens its tables (pairing.py decides who meets whom).

Every step is a transaction on rows: a tournament is advanced under its row's lock (skipped by
a second process that finds it held), so a restart or a second process never pairs a round
twice; a table's result is counted once (``tournament_rounds.scored``).
"""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from meeplehall.server import seating
from meeplehall.server.accounts.sessions import user_json
from meeplehall.server.config import Settings
from meeplehall.server.db.ids import is_id
from meeplehall.server.db.models import (
    Seat,
    Table,
    Tournament,
    TournamentEntrant,
    TournamentRound,
    User,
)
from meeplehall.server.errors import ApiError
from meeplehall.server.matchmaking.pairing import (
    BYE_POINTS,
    Standing,
    ordered,
    round_robin_round,
    round_robin_rounds,
    swiss_round,
    table_points,
)
from meeplehall.server.matchmaking.queue import Seating
from meeplehall.server.play.opening import Clock, mark_started, new_table

OPEN = ("registering", "playing")
#: Table statuses after which a round's table counts as done (an operator may abort one).
DONE = ("finished", "aborted")
MIN_PEOPLE = 4
MAX_PEOPLE = 64


def tournament_row(session: Session, tournament_id: int, *, lock: bool = False) -> Tournament:
    row = None
    if is_id(tournament_id):  # a larger number names nothing (and overflows the database's)
        query = select(Tournament).where(Tournament.id == tournament_id)
        row = session.scalars(query.with_for_update() if lock else query).first()
    if row is None:
        raise ApiError(404, "no_tournament", f"no tournament {tournament_id}",
                       {"tournament": tournament_id})
    return row


def check_owner_limit(session: Session, owner_id: int, settings: Settings) -> None:
    open_now = session.scalar(select(func.count()).select_from(Tournament).where(
        Tournament.owner_id == owner_id, Tournament.status.in_(OPEN))) or 0
    if open_now >= settings.tournaments_per_owner:
        limit = settings.tournaments_per_owner
        raise ApiError(409, "too_many_tournaments",
                       f"you already have {limit} tournaments open; finish or cancel one first",
                       {"limit": limit})


def _entrant_count(session: Session, tournament_id: int) -> int:
    return session.scalar(select(func.count()).select_from(TournamentEntrant).where(
        TournamentEntrant.tournament_id == tournament_id)) or 0


def register(session: Session, tournament_id: int, user: User) -> None:
    tournament = tournament_row(session, tournament_id, lock=True)
    if tournament.status != "registering":
        raise ApiError(409, "registration_closed", "this tournament is no longer registering")
    seating.granted(seating.enter_tournament(seating.Caller.of(user), tournament.rated))
    if session.get(TournamentEntrant, (tournament_id, user.id)) is not None:
        raise ApiError(409, "already_entered", "you are already registered in this tournament")
    count = _entrant_count(session, tournament_id)
    if count >= tournament.capacity:
        raise ApiError(409, "tournament_full", f"this tournament is full ({count} people)",
                       {"capacity": tournament.capacity})
    session.add(TournamentEntrant(tournament_id=tournament_id, user_id=user.id,
                                  registered_at=time.time(), points=0.0, byes=0))


def unregister(session: Session, tournament_id: int, user_id: int) -> None:
    tournament = tournament_row(session, tournament_id, lock=True)
    if tournament.status != "registering":
        raise ApiError(409, "registration_closed", "this tournament has started or ended")
    entrant = session.get(TournamentEntrant, (tournament_id, user_id))
    if entrant is None:
        raise ApiError(409, "not_entered", "you are not registered in this tournament")
    session.delete(entrant)


def start(session: Session, tournament_id: int, user_id: int, now: float) -> None:
    """The owner starts it; the next pass pairs round 1."""
    tournament = tournament_row(session, tournament_id, lock=True)
    if tournament.owner_id != user_id:
        raise ApiError(403, "not_tournament_owner", "only the tournament's owner can start it")
    if tournament.status != "registering":
        raise ApiError(409, "tournament_started", "this tournament has already started or ended")
    count = _entrant_count(session, tournament_id)
    if count < MIN_PEOPLE:
        raise ApiError(409, "too_few_entrants",
                       f"a tournament starts with at least {MIN_PEOPLE} people, not {count}",
                       {"least": MIN_PEOPLE, "entrants": count})
    if tournament.system == "round_robin":
        tournament.rounds = round_robin_rounds(count)
    tournament.status = "playing"
    tournament.started_at = now


def cancel(session: Session, tournament_id: int, user_id: int, now: float) -> None:
    tournament = tournament_row(session, tournament_id, lock=True)
    if tournament.owner_id != user_id:
        raise ApiError(403, "not_tournament_owner", "only the tournament's owner can cancel it")
    if tournament.status != "registering":
        raise ApiError(409, "tournament_started", "a started tournament plays to its end")
    tournament.status = "cancelled"
    tournament.finished_at = now


def _lockable(session: Session) -> bool:
    return session.get_bind().dialect.name == "postgresql"


def advance_pass(session: Session, now: float) -> list[Seating]:
    """Cancel the tournaments never started in time; score finished tables; pair and open
    the next round of each tournament whose round is over; finish those that are done."""
    for stale in session.scalars(select(Tournament).where(
            Tournament.status == "registering", Tournament.start_by < now)):
        stale.status = "cancelled"
        stale.finished_at = now
    query = select(Tournament).where(Tournament.status == "playing").order_by(Tournament.id)
    if _lockable(session):
        query = query.with_for_update(skip_locked=True)
    seatings: list[Seating] = []
    for tournament in session.scalars(query).all():
        seatings.extend(_advance(session, tournament, now))
    return seatings


def _advance(session: Session, tournament: Tournament, now: float) -> list[Seating]:
    if not _score_round(session, tournament):
        return []
    if tournament.current_round >= tournament.rounds:
        tournament.status = "finished"
        tournament.finished_at = now
        return []
    tournament.current_round += 1
    return _open_round(session, tournament, now)


def _score_round(session: Session, tournament: Tournament) -> bool:
    """Count the current round's finished tables; whether the whole round is over."""
    rows = session.scalars(select(TournamentRound).where(
        TournamentRound.tournament_id == tournament.id,
        TournamentRound.round == tournament.current_round)).all()
    over = True
    for row in rows:
        if row.scored:
            continue
        if row.table_id is None:
            row.scored = True
            continue
        table = session.get(Table, row.table_id)
        if table is not None and table.status not in DONE:
            over = False
            continue
        if table is not None and table.status == "finished" and table.result is not None:
            seats = session.scalars(select(Seat).where(Seat.table_id == table.id)
                                    .order_by(Seat.seat)).all()
            for seat, points in zip(seats, table_points(table.result["ranks"]), strict=True):
                entrant = (session.get(TournamentEntrant, (tournament.id, seat.user_id))
                           if seat.user_id is not None else None)
                if entrant is not None:
                    entrant.points += points
        row.scored = True
    return over


def _entrants(session: Session, tournament_id: int) -> list[TournamentEntrant]:
    return list(session.scalars(select(TournamentEntrant).where(
        TournamentEntrant.tournament_id == tournament_id)))


def _met(session: Session, tournament_id: int) -> dict[int, list[int]]:
    """Whom each entrant has sat with, one item per table shared."""
    seats = session.execute(
        select(Seat.table_id, Seat.user_id)
        .join(TournamentRound, TournamentRound.table_id == Seat.table_id)
        .where(TournamentRound.tournament_id == tournament_id)).all()
    at: dict[int, list[int]] = defaultdict(list)
    for table_id, user_id in seats:
        if user_id is not None:
            at[table_id].append(user_id)
    met: dict[int, list[int]] = defaultdict(list)
    for people in at.values():
        for user in people:
            met[user].extend(other for other in people if other != user)
    return met


def standings(session: Session, tournament_id: int) -> list[Standing]:
    entrants = _entrants(session, tournament_id)
    points = {e.user_id: e.points for e in entrants}
    met = _met(session, tournament_id)
    return ordered([
        Standing(e.user_id, e.points, sum(points.get(o, 0.0) for o in met.get(e.user_id, [])),
                 e.registered_at, e.byes)
        for e in entrants])


def _open_round(session: Session, tournament: Tournament, now: float) -> list[Seating]:
    table_list = standings(session, tournament.id)
    if tournament.system == "round_robin":
        users = [s.user_id for s in sorted(table_list, key=lambda s: (s.registered_at, s.user_id))]
        tables, byes = round_robin_round(users, tournament.current_round - 1)
    else:
        met = {frozenset((user, other))
               for user, others in _met(session, tournament.id).items() for other in others}
        tables, byes = swiss_round(table_list, met, tournament.table_size)
    clock = Clock(tournament.mode, (tournament.initial_ms or 0) / 1000,
                  (tournament.increment_ms or 0) / 1000,
                  (tournament.move_deadline_ms or 0) / 3_600_000)
    seatings = []
    for people in tables:
        table = new_table(
            session, game=tournament.game, options={}, players=len(people), clock=clock,
            visibility="public", rated=tournament.rated, hints=False, spectator_chat=True,
            owner_id=tournament.owner_id, owner_address=None,
            people=dict(enumerate(people)), bots={})
        mark_started(table, now)
        session.add(TournamentRound(tournament_id=tournament.id, round=tournament.current_round,
                                    table_id=table.id, scored=False))
        seatings.append(Seating(table.id, tuple(people)))
    for user in byes:
        session.add(TournamentRound(tournament_id=tournament.id, round=tournament.current_round,
                                    bye_user_id=user, scored=True))
        entrant = session.get(TournamentEntrant, (tournament.id, user))
        if entrant is not None:
            entrant.points += BYE_POINTS
            entrant.byes += 1
    session.flush()
    return seatings


def describe(session: Session, tournament: Tournament, viewer: int | None) -> dict[str, Any]:
    """The Tournament object of the protocol: settings, standings, and each round's tables."""
    table_list = standings(session, tournament.id)
    rows = session.scalars(select(TournamentRound).where(
        TournamentRound.tournament_id == tournament.id).order_by(
        TournamentRound.round, TournamentRound.id)).all()
    tables = {t.id: t for t in session.scalars(select(Table).where(
        Table.id.in_([r.table_id for r in rows if r.table_id is not None])))}
    seats: dict[int, list[int | None]] = defaultdict(list)
    for seat in session.scalars(select(Seat).where(Seat.table_id.in_(list(tables)))
                                .order_by(Seat.table_id, Seat.seat)):
        seats[seat.table_id].append(seat.user_id)
    user_ids = {s.user_id for s in table_list} | {tournament.owner_id}
    users = {u.id: u for u in session.scalars(select(User).where(User.id.in_(user_ids)))}
    rounds: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        if row.table_id is None:
            rounds[row.round].append({"bye": _person(users, row.bye_user_id)})
            continue
        table = tables.get(row.table_id)
        rounds[row.round].append({
            "table": row.table_id,
            "status": table.status if table is not None else "deleted",
            "people": [_person(users, u) for u in seats.get(row.table_id, [])],
            "ranks": (table.result or {}).get("ranks") if table is not None else None,
        })
    return {
        **summary(tournament, len(table_list), users.get(tournament.owner_id)),
        "registered": viewer is not None and any(s.user_id == viewer for s in table_list),
        "standings": [{"rank": index + 1, "person": _person(users, s.user_id),
                       "points": s.points, "buchholz": s.buchholz, "byes": s.byes}
                      for index, s in enumerate(table_list)],
        "schedule": [{"round": number, "tables": rounds[number]} for number in sorted(rounds)],
    }


def _person(users: dict[int, User], user_id: int | None) -> dict[str, Any] | None:
    user = users.get(user_id) if user_id is not None else None
    return user_json(user) if user is not None else None


def summary(tournament: Tournament, entrants: int, owner: User | None) -> dict[str, Any]:
    return {
        "id": tournament.id,
        "name": tournament.name,
        "game": tournament.game,
        "system": tournament.system,
        "capacity": tournament.capacity,
        "table_size": tournament.table_size,
        "rounds": tournament.rounds,
        "round": tournament.current_round,
        "mode": tournament.mode,
        "initial_seconds": tournament.initial_ms / 1000 if tournament.initial_ms else None,
        "increment_seconds": (tournament.increment_ms / 1000
                              if tournament.increment_ms is not None else None),
        "move_deadline_hours": (tournament.move_deadline_ms / 3_600_000
                                if tournament.move_deadline_ms else None),
        "rated": tournament.rated,
        "status": tournament.status,
        "entrants": entrants,
        "owner": user_json(owner) if owner is not None else None,
        "created_at": tournament.created_at,
        "start_by": tournament.start_by,
        "started_at": tournament.started_at,
        "finished_at": tournament.finished_at,
    }


def listing(session: Session, status: str, limit: int) -> list[dict[str, Any]]:
    rows: Sequence[Tournament] = session.scalars(
        select(Tournament).where(Tournament.status == status)
        .order_by(Tournament.id.desc()).limit(limit)).all()
    counts = dict(session.execute(
        select(TournamentEntrant.tournament_id, func.count())
        .where(TournamentEntrant.tournament_id.in_([t.id for t in rows]))
        .group_by(TournamentEntrant.tournament_id)).all())
    owners = {u.id: u for u in session.scalars(
        select(User).where(User.id.in_({t.owner_id for t in rows})))}
    return [summary(t, counts.get(t.id, 0), owners.get(t.owner_id)) for t in rows]
