"""Filling a database with a big hall for bench/big_hall.py: users, finished tables and tables
in play, written as the server writes them (the same columns and values), in bulk.

The matches are real: a handful of distinct games per game and table size, played to their
end with random legal moves through the engines (the same ``Match`` the server replays), then
reused under different tables, players and times. Each table keeps its own seed columns as
its template game's, so the server replays every stored log to the same end.
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from sqlalchemy import Engine, func, insert, select, text

from meeplehall.core import Seed
from meeplehall.core.options import validate_options
from meeplehall.core.registry import get_game
from meeplehall.server.accounts.profiles import new_public_id
from meeplehall.server.db.models import ActionRow, Rating, RatingChange, Seat, Table, User
from meeplehall.server.history.ratings import MODEL
from meeplehall.server.play import clocks
from meeplehall.server.play.deadlines import due_at
from meeplehall.server.play.match import Match
from meeplehall.server.play.store import new_seed_columns

#: (game, players) of the template matches; each template is one real, distinct match.
KINDS = [("yaxha", 2), ("yaxha", 3), ("yaxha", 4), ("pyramido", 2), ("pyramido", 3),
         ("pyramido", 4), ("monsterhex", 2)]
TEMPLATES_PER_KIND = 6
#: Rows per executemany, and tables per transaction.
CHUNK = 5000
#: Finished tables are spread over this many seconds before the fill, one after another.
SPAN = 365 * 86400
#: Seconds between two moves of a stored match (under the live clock's increment, so no clock
#: runs out).
STEP = 5
LIVE = clocks.ClockRules("live", 600_000, 10_000, None)
TURN = clocks.ClockRules("turn", None, None, 24 * 3600 * 1000)


@dataclass
class Template:
    game: str
    players: int
    options: dict[str, Any]
    seed: dict[str, str]
    #: (seat, action JSON) of each step, in order.
    steps: list[tuple[int, Any]]
    result: dict[str, Any]


def play(game_name: str, players: int, rng: random.Random) -> Template:
    """One match to its end, every seat choosing a random legal action (never a take-back,
    which a random player would repeat forever)."""
    game = get_game(game_name)
    options = dict(validate_options(game.options, {}))
    seed = new_seed_columns()
    match = Match(game, players, options, Seed.from_hex(seed["seed_hex"], seed["generator"]))
    while not match.state.is_over():
        seat = min(match.state.to_move())
        legal = match.state.legal_actions(seat)
        take_back = match.state.is_take_back
        if take_back is not None:
            legal = [action for action in legal if not take_back(action)] or legal
        match.apply(seat, rng.choice(legal), False)
    result = match.result_json()
    assert result is not None
    return Template(game_name, players, options, seed,
                    [(step.seat, step.action) for step in match.past_steps()], result)


def templates(rng: random.Random) -> list[Template]:
    return [play(game, players, rng) for game, players in KINDS
            for _ in range(TEMPLATES_PER_KIND)]


@dataclass
class Counts:
    users: int = 0
    finished: int = 0
    playing: int = 0
    waiting: int = 0
    actions: int = 0
    rated: int = 0
    #: Finished tables each user sat at, by user id.
    per_user: dict[int, int] = field(default_factory=lambda: defaultdict(int))


class Filler:
    """Writes the hall. Ids of users and tables are given here (so seats and actions can name
    them in the same pass); PostgreSQL's sequences are moved past them at the end."""

    def __init__(self, engine: Engine, users: int, seed: int = 7) -> None:
        self.engine = engine
        self.rng = random.Random(seed)
        self.users = users
        self.now = time.time()
        self.counts = Counts()
        self.ratings: dict[tuple[int, str], tuple[float, float, int]] = {}
        # A few people play a great deal: user k (from 1) is picked with weight 1/k^0.9, so the
        # first has thousands of tables and most have tens.
        self.weights = list(accumulate(1 / (k ** 0.9) for k in range(1, users + 1)))
        self.user_ids = list(range(1, users + 1))
        #: The seats' clocks at a finished table's end, per template, clock and bot seats.
        self.ends: dict[tuple[int, str, tuple[int, ...]], list[clocks.SeatState]] = {}

    def fill(self, finished: int, playing: int, waiting: int) -> Counts:
        pool = templates(self.rng)
        self._write_users()
        next_id = 1
        for start in range(0, finished, CHUNK):
            count = min(CHUNK, finished - start)
            self._write_tables([self._finished(next_id + i, start + i, finished, pool)
                                for i in range(count)])
            next_id += count
        self._write_tables([self._in_play(next_id + i, pool) for i in range(playing)])
        next_id += playing
        self._write_tables([self._waiting(next_id + i, pool) for i in range(waiting)])
        self._write_ratings()
        self._move_sequences()
        return self.counts

    def _write_users(self) -> None:
        rows = [{"id": uid, "name": f"player{uid}", "login": f"player{uid}",
                 "password_hash": None, "created_at": self.now - SPAN - 86400,
                 "is_admin": False, "public_id": new_public_id(), "history_private": False,
                 "kind": "person"} for uid in self.user_ids]
        with self.engine.begin() as connection:
            for start in range(0, len(rows), CHUNK):
                connection.execute(insert(User.__table__), rows[start:start + CHUNK])
        self.counts.users = len(rows)

    def _people(self, players: int) -> list[int]:
        chosen: list[int] = []
        while len(chosen) < players:
            uid = self.rng.choices(self.user_ids, cum_weights=self.weights)[0]
            if uid not in chosen:
                chosen.append(uid)
        return chosen

    def _finished(self, table_id: int, index: int, total: int,
                  pool: list[Template]) -> dict[str, Any]:
        template = self.rng.choice(pool)
        rated = self.rng.random() < 0.4
        bots = {} if rated or self.rng.random() < 0.6 else {template.players - 1: 1}
        people = self._people(template.players - len(bots))
        finished_at = self.now - SPAN + SPAN * index / max(1, total)
        started_at = finished_at - STEP * len(template.steps)
        rules = LIVE if rated or self.rng.random() < 0.5 else TURN
        key = (id(template), rules.mode, tuple(bots))
        if key not in self.ends:
            self.ends[key] = _seat_states(rules, template, [0] * template.players, bots, 0.0,
                                          len(template.steps))
        # Every clock has stopped at the end, so only the seats' people differ.
        people_left = iter(people)
        seats = [clocks.SeatState(None if state.bot_level is not None else next(people_left),
                                  state.bot_level, state.replaced, state.clock_ms,
                                  state.running_since) for state in self.ends[key]]
        private = not rated and self.rng.random() < 0.05
        for uid in people:
            self.counts.per_user[uid] += 1
        self.counts.finished += 1
        return self._table(table_id, template, rules, "finished", rated, private, people, bots,
                           seats, started_at, finished_at, len(template.steps))

    def _in_play(self, table_id: int, pool: list[Template]) -> dict[str, Any]:
        template = self.rng.choice(pool)
        made = self.rng.randrange(1, len(template.steps))
        people = self._people(template.players)
        started_at = self.now - STEP * made
        seats = _seat_states(TURN, template, people, {}, started_at, made)
        self.counts.playing += 1
        return self._table(table_id, template, TURN, "playing", False, False, people, {},
                           seats, started_at, None, made)

    def _waiting(self, table_id: int, pool: list[Template]) -> dict[str, Any]:
        template = self.rng.choice(pool)
        people = self._people(1)
        seats = [clocks.SeatState(None, None, None, None, None) for _ in range(template.players)]
        seats[0] = clocks.SeatState(people[0], None, None, None, None)
        self.counts.waiting += 1
        return self._table(table_id, template, TURN, "waiting", False, False, people, {},
                           seats, None, None, 0)

    def _table(self, table_id: int, template: Template, rules: clocks.ClockRules, status: str,
               rated: bool, private: bool, people: list[int], bots: dict[int, int],
               seats: list[clocks.SeatState], started_at: float | None,
               finished_at: float | None, made: int) -> dict[str, Any]:
        created_at = (started_at or self.now) - 60
        steps = template.steps[:made]
        state_now = finished_at or self.now
        return {
            "table": {
                "id": table_id, "game": template.game, "options": template.options,
                "players": template.players, **template.seed, "seed": 0, "status": status,
                "mode": rules.mode, "initial_ms": rules.initial_ms,
                "increment_ms": rules.increment_ms, "move_deadline_ms": rules.move_deadline_ms,
                "visibility": "private" if private else "public",
                "invite_token": f"invite{table_id:08d}" if private else None,
                "rated": rated, "hints": False, "spectator_chat": True, "agents": not rated,
                "owner_id": people[0], "owner_address": None if status == "finished"
                else "127.0.0.0/64", "seq": made,
                "due_at": (due_at(rules, seats, _to_move(template, made), state_now)
                           if status == "playing" else None),
                "result": template.result if status == "finished" else None,
                "created_at": created_at, "started_at": started_at, "finished_at": finished_at,
                "origin_table_id": None, "origin_step": None},
            "seats": [{"table_id": table_id, "seat": index, "user_id": state.user_id,
                       "bot_level": state.bot_level, "replaced": state.replaced,
                       "clock_ms": state.clock_ms, "running_since": state.running_since}
                      for index, state in enumerate(seats)],
            "actions": [{"table_id": table_id, "seq": seq, "seat": seat, "action": action,
                         "bot": seat in bots,
                         "created_at": (started_at or self.now) + STEP * seq}
                        for seq, (seat, action) in enumerate(steps, start=1)],
            "rated_ranks": (list(zip(people, template.result["ranks"], strict=True))
                            if rated else None),
        }

    def _write_tables(self, rows: list[dict[str, Any]]) -> None:
        changes = []
        for row in rows:
            if row["rated_ranks"]:
                changes += self._rate(row["table"], row["rated_ranks"])
        with self.engine.begin() as connection:
            connection.execute(insert(Table.__table__), [r["table"] for r in rows])
            connection.execute(insert(Seat.__table__),
                               [seat for r in rows for seat in r["seats"]])
            for batch in _batches((a for r in rows for a in r["actions"]), 20_000):
                connection.execute(insert(ActionRow.__table__), batch)
                self.counts.actions += len(batch)
            if changes:
                connection.execute(insert(RatingChange.__table__), changes)

    def _rate(self, table: dict[str, Any], ranked: list[tuple[int, int]]) -> list[dict[str, Any]]:
        """What ``ratings.update_ratings`` writes for one rated table, kept in memory until the
        end (the ``ratings`` rows are each person's last)."""
        game = table["game"]
        fresh = MODEL.rating()
        before = [self.ratings.get((uid, game), (fresh.mu, fresh.sigma, 0)) for uid, _ in ranked]
        teams = [[MODEL.create_rating([mu, sigma])] for mu, sigma, _ in before]
        rated = MODEL.rate(teams, ranks=[rank for _, rank in ranked])
        changes = []
        for (uid, _), (mu, sigma, games), (new,) in zip(ranked, before, rated, strict=True):
            self.ratings[uid, game] = (new.mu, new.sigma, games + 1)
            changes.append({"table_id": table["id"], "user_id": uid, "game": game,
                            "mu_before": mu, "sigma_before": sigma, "mu": new.mu,
                            "sigma": new.sigma, "games": games + 1, "at": table["finished_at"]})
        self.counts.rated += 1
        return changes

    def _write_ratings(self) -> None:
        rows = [{"user_id": uid, "game": game, "mu": mu, "sigma": sigma, "games": games}
                for (uid, game), (mu, sigma, games) in self.ratings.items()]
        with self.engine.begin() as connection:
            for batch in _batches(iter(rows), CHUNK):
                connection.execute(insert(Rating.__table__), batch)

    def _move_sequences(self) -> None:
        """PostgreSQL hands out ids from sequences, which rows given their id did not move."""
        if self.engine.dialect.name != "postgresql":
            return
        with self.engine.begin() as connection:
            for table in ("users", "tables"):
                top = connection.scalar(select(func.max(text("id"))).select_from(text(table)))
                connection.execute(text(f"SELECT setval(pg_get_serial_sequence('{table}', "
                                        f"'id'), {int(top or 1)})"))


def _to_move(template: Template, made: int) -> frozenset[int]:
    game = get_game(template.game)
    match = Match(game, template.players, template.options,
                  Seed.from_hex(template.seed["seed_hex"], template.seed["generator"]))
    match.replay_log([(seat, action, False) for seat, action in template.steps[:made]])
    return match.state.to_move() if not match.state.is_over() else frozenset()


def _seat_states(rules: clocks.ClockRules, template: Template, people: list[int],
                 bots: dict[int, int], started_at: float, made: int) -> list[clocks.SeatState]:
    """The seats' clocks as the manager leaves them after ``made`` steps, one move every
    ``STEP`` seconds."""
    people_left = iter(people)
    seats = [clocks.SeatState(None, bots[i], None, None, None) if i in bots
             else clocks.SeatState(next(people_left), None, None,
                                   rules.initial_ms if rules.live else None, None)
             for i in range(template.players)]
    game = get_game(template.game)
    match = Match(game, template.players, template.options,
                  Seed.from_hex(template.seed["seed_hex"], template.seed["generator"]))
    clocks.start_clocks(rules, seats, match.state.to_move(), started_at)
    for step, (seat, action) in enumerate(template.steps[:made], start=1):
        match.apply(seat, game.parse_action(action), seat in bots)
        over = match.state.is_over()
        clocks.after_move(rules, seats, seat, frozenset() if over else match.state.to_move(),
                          over, started_at + STEP * step)
    return seats


def _batches(rows: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    batch: list[dict[str, Any]] = []
    for row in rows:
        batch.append(row)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
