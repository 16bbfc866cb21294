"""Who may sit where, and what is rated: every seating rule of the hall, in one place.

The rules, in plain words (each path that seats someone asks the function named):

Who asks
- A caller is a guest (a person who picked a name and never registered), a registered person,
  or an agent (a program a registered person owns, which comes with its API token).
- A banned account sits nowhere, and neither does an agent whose owner is banned. (Their
  session or token already stops working; this says so here too.)

Doors
- An agent sits only at lobby tables (create, join, leave, start). Play now, tournaments and
  practice tables are for people; the agents' guard (guards/agents.py) opens only the lobby's
  routes to an agent's token and refuses the others before a route runs.

Rated tables
- Rated means people's ratings move when it ends. A rated table is for registered people only:
  a guest may neither open one nor sit at one, and an agent never plays rated ("people's
  ratings are people's": agents have their own ladder, history/ladder.py).
- A rated table has no bots and has a clock; it never gives hints and never welcomes agents.
- At a rated table each person takes one seat (one person in several seats, "hot-seat", is for
  unrated tables).
- A finished rated table moves ratings only when every seat was held by a different registered
  person and none by a bot (history/results.py asks ``moves_ratings``).

Lobby tables (``open_table``, ``join``)
- Anyone may open a table: its bots sit at seats of the table, one bot a seat, at a level that
  exists (``meeplehall.ai.LEVELS``); the opener sits at a seat of the table that is not a bot's,
  or at none.
- Agents are welcome at an unrated table unless its opener says otherwise, never at a rated
  one; an agent joins only a table that welcomes agents.
- A seat is taken only at a waiting table, and only a free one (no person, no bot): the one
  asked for, or the first free one. At an unrated table a person may take several seats.
- A private table seats only who may see it (play/access.py: its owner, its players, whoever
  holds its invite link); only registered people invite friends when they open a table.

Play now (``queue``)
- Anyone but an agent may wait; a rated wait is for registered people and never fills with
  bots; bots that fill an unrated wait are of a level that exists.

Tournaments (``organise_tournament``, ``enter_tournament``)
- Only registered people organise tournaments; anyone but an agent may enter one, a rated one
  registered people only. Its tables seat the entrants the pairing chose, no bots.

Practice tables (``practice``, "play from here")
- Never rated and without a clock: the caller takes any seats (several: hot-seat) and bots of
  existing levels take the others; every seat is someone's.

Each rule answers with a ``Refusal`` (the API's code, a sentence a player can read, the status
the routes answer with) or with what was allowed; the routes raise the refusal as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeVar

from meeplehall.ai import LEVELS
from meeplehall.server.db.models import Seat, Table, User
from meeplehall.server.errors import ApiError

Kind = Literal["guest", "registered", "agent"]
#: The ways to a seat: the lobby's tables, Play now, tournaments, practice tables.
Door = Literal["lobby", "play_now", "tournament", "practice"]
#: The doors an agent may use (the agents' guard opens their routes and no other seating one).
AGENT_DOORS: frozenset[Door] = frozenset({"lobby"})
#: Clock modes: a table without a clock (mode "none") is never rated.
NO_CLOCK = "none"


class Refusal(ApiError):
    """No: the API's code and its params, the sentence a player reads (``detail``), and the
    HTTP status the routes answer with (they raise it as it is)."""


T = TypeVar("T")


def granted(answer: T | Refusal) -> T:
    """The allowed answer, or the refusal raised."""
    if isinstance(answer, Refusal):
        raise answer
    return answer


def kind_of(kind: str, login: str | None) -> Kind:
    """A caller's kind from the user row's ``kind`` and ``login`` (an agent has a login too)."""
    if kind == "agent":
        return "agent"
    return "guest" if login is None else "registered"


@dataclass(frozen=True)
class Caller:
    """Who asks for a seat."""

    id: int
    kind: Kind
    #: The account (or an agent's owner) is banned, and the operator's reason.
    banned: bool = False
    ban_reason: str = ""

    @classmethod
    def of(cls, user: User) -> Caller:
        owner = user.owner if user.kind == "agent" else None
        banned = user.banned_at is not None or (owner is not None and owner.banned_at is not None)
        reason = user.ban_reason if user.banned_at is not None else (
            owner.ban_reason if owner is not None else None)
        return cls(user.id, kind_of(user.kind, user.login), banned, reason or "")


@dataclass(frozen=True)
class TableTerms:
    """What seating needs to know of an existing table."""

    status: str
    players: int
    rated: bool
    #: Whether agents are welcome.
    agents: bool

    @classmethod
    def of(cls, table: Table) -> TableTerms:
        return cls(table.status, table.players, table.rated, table.agents)


@dataclass(frozen=True)
class SeatHolder:
    """One seat of a table as it stands: a person's (``user_id``), a bot's, or free."""

    seat: int
    user_id: int | None = None
    bot_level: int | None = None

    @classmethod
    def of(cls, seat: Seat) -> SeatHolder:
        return cls(seat.seat, seat.user_id, seat.bot_level)

    @property
    def free(self) -> bool:
        return self.user_id is None and self.bot_level is None


@dataclass(frozen=True)
class TableAsked:
    """A new lobby table as its opener asks for it."""

    players: int
    #: (seat, level) of each bot, in the order asked.
    bots: Sequence[tuple[int, int]] = ()
    #: The opener's seat, None: the opener does not sit.
    seat: int | None = 0
    rated: bool = False
    clock: str = "live"
    #: "Agents welcome" as asked; None: the default (welcome when unrated).
    agents: bool | None = None


@dataclass(frozen=True)
class Seats:
    """Who sits where at a new table: user ids and bot levels by seat."""

    people: Mapping[int, int]
    bots: Mapping[int, int]


def agent_not_allowed() -> Refusal:
    return Refusal(403, "agent_not_allowed", "an agent may not use this; see docs/protocol.md "
                   "for what an agent's token opens")


def _at_door(caller: Caller, door: Door) -> Refusal | None:
    if caller.banned:
        return Refusal(403, "banned", "this account is banned", {"reason": caller.ban_reason})
    if caller.kind == "agent" and door not in AGENT_DOORS:
        return agent_not_allowed()
    return None


def _no_bot_level(level: int | None) -> Refusal | None:
    if level in LEVELS:
        return None
    levels = ", ".join(str(known) for known in sorted(LEVELS))
    return Refusal(400, "no_bot_level", f"no bot of level {level}; levels: {levels}",
                   {"level": level, "levels": sorted(LEVELS)})


def _seat_out_of_range(seat: int, players: int) -> Refusal | None:
    if 0 <= seat < players:
        return None
    return Refusal(400, "seat_out_of_range",
                   f"seat {seat} is not a seat of this table (0 to {players - 1})",
                   {"seat": seat, "players": players})


def _rated_with_agents(status: int) -> Refusal:
    return Refusal(status, "rated_with_agents",
                   "agents never play rated tables: people's ratings are people's")


def _bots(asked: TableAsked) -> Mapping[int, int] | Refusal:
    bots: dict[int, int] = {}
    for seat, level in asked.bots:
        if not 0 <= seat < asked.players:
            return Refusal(400, "bot_seat_out_of_range",
                           f"bot seat {seat} is not a seat of this table "
                           f"(0 to {asked.players - 1})",
                           {"seat": seat, "players": asked.players})
        refusal = _no_bot_level(level)
        if refusal is not None:
            return refusal
        if seat in bots:
            return Refusal(400, "bot_seat_twice", f"seat {seat} is given two bots",
                           {"seat": seat})
        bots[seat] = level
    return bots


def _rated_table(caller: Caller, asked: TableAsked, bots: Mapping[int, int]) -> Refusal | None:
    if asked.agents or caller.kind == "agent":
        return _rated_with_agents(400)
    if bots:
        return Refusal(400, "rated_with_bots", "a rated table is for people only: remove the bots")
    if asked.clock == NO_CLOCK:
        return Refusal(400, "rated_without_clock", "a rated table needs a clock")
    if caller.kind == "guest":
        return Refusal(400, "guest_cannot_open_rated",
                       "guests cannot open rated tables; register first")
    return None


def open_table(caller: Caller, asked: TableAsked) -> Seats | Refusal:
    """Who sits where at a new lobby table, or why it may not be opened so."""
    refusal = _at_door(caller, "lobby")
    if refusal is not None:
        return refusal
    bots = _bots(asked)
    if isinstance(bots, Refusal):
        return bots
    if asked.seat is not None:
        refusal = _seat_out_of_range(asked.seat, asked.players)
        if refusal is not None:
            return refusal
        if asked.seat in bots:
            return Refusal(400, "seat_is_bot", f"seat {asked.seat} is a bot's; choose another "
                           "seat", {"seat": asked.seat})
    if asked.rated:
        refusal = _rated_table(caller, asked, bots)
        if refusal is not None:
            return refusal
    people = {asked.seat: caller.id} if asked.seat is not None else {}
    return Seats(people, bots)


def invite_friends(caller: Caller) -> Refusal | None:
    """Whether the caller may invite friends to the table they open."""
    if caller.kind == "guest":
        return Refusal(403, "register_first",
                       "friends and e-mail are for registered users; register first")
    return None


def agents_welcome(rated: bool, asked: bool | None) -> bool:
    """Whether a new table seats agents: as asked, by default when unrated, never when rated."""
    return (not rated if asked is None else asked) and not rated


def hints_given(rated: bool, asked: bool) -> bool:
    """Whether a new table gives hints: as asked, never when rated."""
    return asked and not rated


def still_waiting(table: TableTerms) -> Refusal | None:
    """A seat is taken only at a waiting table (asked before its seats are locked, too)."""
    if table.status != "waiting":
        return Refusal(409, "table_started", "this table has already started")
    return None


def join(caller: Caller, table: TableTerms, seats: Sequence[SeatHolder],
         wanted: int | None) -> int | Refusal:
    """The seat the caller takes at a lobby table (``wanted``, or the first free one), or why
    not. ``seats`` are the table's seats in order; the caller may already see the table."""
    refusal = _at_door(caller, "lobby") or still_waiting(table)
    if refusal is not None:
        return refusal
    if caller.kind == "agent":
        if table.rated:
            return _rated_with_agents(403)
        if not table.agents:
            return Refusal(403, "agents_not_welcome", "this table does not seat agents")
    if table.rated:
        if caller.kind == "guest":
            return Refusal(403, "guest_cannot_sit_rated",
                           "guests cannot sit at rated tables; register first")
        if any(s.user_id == caller.id for s in seats):
            return Refusal(403, "rated_one_seat", "at a rated table each person takes one seat")
    free = [s for s in seats if s.free]
    if wanted is not None:
        refusal = _seat_out_of_range(wanted, table.players)
        if refusal is not None:
            return refusal
        free = [s for s in free if s.seat == wanted]
        if not free:
            return Refusal(409, "seat_taken", f"seat {wanted} is taken", {"seat": wanted})
    if not free:
        return Refusal(409, "table_full", "this table is full")
    return free[0].seat


def queue(caller: Caller, rated: bool, bot_level: int | None) -> Refusal | None:
    """Whether the caller may wait for a Play now table (rated or not, filled with bots of
    ``bot_level`` after a while, or not)."""
    refusal = _at_door(caller, "play_now")
    if refusal is not None:
        return refusal
    if rated and caller.kind == "guest":
        return Refusal(403, "guest_cannot_play_rated",
                       "guests cannot play rated games; register first")
    if bot_level is not None:
        if rated:
            return Refusal(400, "rated_with_bots",
                           "a rated table is for people only: wait without bots")
        return _no_bot_level(bot_level)
    return None


def organise_tournament(caller: Caller) -> Refusal | None:
    refusal = _at_door(caller, "tournament")
    if refusal is not None:
        return refusal
    if caller.kind == "guest":
        return Refusal(403, "register_first", "guests cannot organise tournaments; register first")
    return None


def enter_tournament(caller: Caller, rated: bool) -> Refusal | None:
    refusal = _at_door(caller, "tournament")
    if refusal is not None:
        return refusal
    if rated and caller.kind == "guest":
        return Refusal(403, "guest_cannot_play_rated",
                       "guests cannot play rated tournaments; register first")
    return None


@dataclass(frozen=True)
class PracticeSeat:
    """One seat of a practice table as asked: the caller's (``me``) or a bot of ``level``."""

    me: bool
    level: int | None = None


def practice(caller: Caller, players: int, asked: Sequence[PracticeSeat]) -> Seats | Refusal:
    """Who sits where at a practice table of ``players`` seats, one choice a seat."""
    refusal = _at_door(caller, "practice")
    if refusal is not None:
        return refusal
    if len(asked) != players:
        return Refusal(400, "seat_count", f"this game has {players} seats, not "
                       f"{len(asked)}: say who plays each",
                       {"players": players, "seats": len(asked)})
    people: dict[int, int] = {}
    bots: dict[int, int] = {}
    for seat, choice in enumerate(asked):
        if choice.me:
            people[seat] = caller.id
            continue
        refusal = _no_bot_level(choice.level)
        if refusal is not None:
            return refusal
        assert choice.level is not None
        bots[seat] = choice.level
    return Seats(people, bots)


def moves_ratings(holders: Sequence[Caller | None], bots: Collection[int]) -> bool:
    """Whether a finished rated table moves ratings: ``holders`` are who held each seat when it
    started (None: nobody, or an account gone), ``bots`` the seats bots held."""
    if bots or any(holder is None for holder in holders):
        return False
    people = [holder for holder in holders if holder is not None]
    if any(holder.kind != "registered" for holder in people):
        return False
    return len({holder.id for holder in people}) == len(people)

