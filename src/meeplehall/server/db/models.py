"""The tables of the database. The action log (``actions``) is the truth about every match."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    #: Lower-cased login name of a registered user; NULL for a guest.
    login: Mapped[str | None] = mapped_column(String(32), unique=True)
    #: A guest's name as a login key (``login_key``), NULL for a registered user: no guest and
    #: registered user may share one (accounts/impersonation.py).
    guest_key: Mapped[str | None] = mapped_column(String(64), index=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)
    #: May use the admin API (``meeplehall admin make-admin``).
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: When the user was banned (NULL: not banned), and the operator's reason.
    banned_at: Mapped[float | None] = mapped_column(Float)
    ban_reason: Mapped[str | None] = mapped_column(String(200))
    #: The random id of a registered user's public profile (NULL for a guest: not public).
    #: Profiles are found by it alone, never by the sequential ``id``, so they cannot be
    #: listed by counting.
    public_id: Mapped[str | None] = mapped_column(String(16), unique=True, index=True)
    #: The person's games are shown only to themself and their friends (their ratings stay
    #: public).
    history_private: Mapped[bool] = mapped_column(Boolean, default=False,
                                                  server_default=false())
    #: "person" (a registered user or a guest) or "agent": a program a registered person owns,
    #: which plays through the protocol with an API token (accounts/agents.py). An agent keeps
    #: its name as ``login`` (so no person can take it) but has no password.
    kind: Mapped[str] = mapped_column(String(8), default="person", server_default="person")
    #: An agent's owner (NULL for people).
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    #: Loaded with the user, so an agent is always shown as "agent of OWNER", in a request's
    #: thread or after its transaction.
    owner: Mapped[User | None] = relationship(remote_side=[id], lazy="joined", join_depth=1)


class AgentToken(Base):
    """An agent's live API token: only its SHA-256 is kept (the token is shown once, when it is
    issued), and an agent has at most one: a new one replaces it, a revoke deletes it."""

    __tablename__ = "agent_tokens"

    agent_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[float] = mapped_column(Float)


class LadderRating(Base):
    """One entrant of a game's agents' ladder: an agent (``user_id``) or a built-in bot level
    (``bot_level``), rated among themselves only (history/ladder.py), apart from people's
    ratings."""

    __tablename__ = "ladder_ratings"

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    #: ``agent:ID`` or ``level:N``.
    entrant: Mapped[str] = mapped_column(String(24), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"),
                                                index=True)
    bot_level: Mapped[int | None] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class Session(Base):
    __tablename__ = "sessions"

    #: SHA-256 of the cookie value, so a database leak gives no live session.
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[float] = mapped_column(Float)


class Table(Base):
    __tablename__ = "tables"
    # The lobby's lists (public tables in one status, newest first, a page at a time) read
    # their page's ids from this index alone.
    __table_args__ = (Index("ix_tables_status_visibility", "status", "visibility", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    players: Mapped[int] = mapped_column(Integer)
    #: The seed's generator (``meeplehall.core.rng``) and the seed as hex: secret until the
    #: table is finished.
    generator: Mapped[str] = mapped_column(String(16))
    seed_hex: Mapped[str] = mapped_column(String(64))
    #: The integer seed of tables from before revision 0002, also in ``seed_hex``; kept only
    #: because SQLite cannot drop it in place, and 0 for newer tables.
    legacy_seed: Mapped[int] = mapped_column("seed", Integer, default=0)
    status: Mapped[str] = mapped_column(String(12), index=True)
    mode: Mapped[str] = mapped_column(String(8))
    initial_ms: Mapped[int | None] = mapped_column(Integer)
    increment_ms: Mapped[int | None] = mapped_column(Integer)
    move_deadline_ms: Mapped[int | None] = mapped_column(Integer)
    visibility: Mapped[str] = mapped_column(String(8))
    invite_token: Mapped[str | None] = mapped_column(String(64))
    rated: Mapped[bool] = mapped_column(Boolean)
    hints: Mapped[bool] = mapped_column(Boolean)
    #: Whether spectators (people without a seat, the owner aside) may write in the chat.
    spectator_chat: Mapped[bool] = mapped_column(Boolean, server_default=true())
    #: Whether agents may take a seat ("agents welcome"); never at a rated table.
    agents: Mapped[bool] = mapped_column(Boolean, default=True, server_default=true())
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    #: The client address (an IPv6 /64) the owner created the table from, kept while it is
    #: unfinished: the lobby ranks waiting tables per address, and a table's bots take that
    #: address's turn in the fair bot queue (NULL: the owner's own turn).
    owner_address: Mapped[str | None] = mapped_column(String(64))
    seq: Mapped[int] = mapped_column(Integer, default=0)
    #: When a table in play next needs a server process with nobody connected: now for a bot
    #: to move, else its first clock's expiry; NULL when it waits for people (deadlines.py).
    due_at: Mapped[float | None] = mapped_column(Float, index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float, index=True)
    #: A practice table opened at a position of a finished table ("play from here"): that
    #: table, and how many of its actions the log starts with (copied, so the log replays
    #: alone). Not a foreign key: the source may be deleted, and its id then names nothing.
    origin_table_id: Mapped[int | None] = mapped_column(Integer)
    origin_step: Mapped[int | None] = mapped_column(Integer)


class Seat(Base):
    __tablename__ = "seats"
    # A person's tables (their history, "my tables") come from this index alone.
    __table_args__ = (Index("ix_seats_user_table", "user_id", "table_id"),)

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    bot_level: Mapped[int | None] = mapped_column(Integer)
    #: NULL, "timeout" or "left": a bot plays the seat from then on.
    replaced: Mapped[str | None] = mapped_column(String(8))
    #: Live mode: the time bank when the clock last stopped or started.
    clock_ms: Mapped[int | None] = mapped_column(Integer)
    #: When the seat's clock started running (NULL when stopped).
    running_since: Mapped[float | None] = mapped_column(Float)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    bot: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[float] = mapped_column(Float)


class Analysis(Base):
    """A finished table's analysis (ai/analysis.py), saved decision by decision as it runs."""

    __tablename__ = "analyses"
    # The runner takes the oldest queued row; the per-user bound counts a requester's rows.
    __table_args__ = (
        Index("ix_analyses_status", "status", "requested_at"),
        Index("ix_analyses_requested_by", "requested_by"),
    )

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    #: queued, running, done or failed.
    status: Mapped[str] = mapped_column(String(8))
    iterations: Mapped[int] = mapped_column(Integer)
    #: Log entries analysed so far, of ``total``.
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    #: ``{"decisions": [...]}``: the decisions analysed so far.
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    error: Mapped[str | None] = mapped_column(String(200))
    requested_by: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    requested_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)
    #: When its runner last saved progress (a running row with an old one lost its runner).
    heartbeat: Mapped[float | None] = mapped_column(Float)


class Rating(Base):
    __tablename__ = "ratings"
    # A game's leaderboard (the key starts with the user).
    __table_args__ = (Index("ix_ratings_game", "game"),)

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class RatingChange(Base):
    """One rated seat of a finished table: the player's rating before and after it."""

    __tablename__ = "rating_changes"
    __table_args__ = (Index("ix_rating_changes_user_game", "user_id", "game", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"),
                                          index=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(40))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    #: The player's rated games of this game, this one included.
    games: Mapped[int] = mapped_column(Integer)
    at: Mapped[float] = mapped_column(Float)


class ChatMessage(Base):
    """One line of a table's chat: plain text, kept with the table (its replay shows it)."""

    __tablename__ = "chat_messages"
    __table_args__ = (
        Index("ix_chat_messages_table_id", "table_id", "id"),
        Index("ix_chat_messages_table_user", "table_id", "user_id"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    #: The seats the author held when writing it (empty: a spectator).
    seats: Mapped[list[int]] = mapped_column(JSON)
    #: The length of the table's action log when it was said: where the replay shows it. Never
    #: sent while the game is played (it counts secret moves).
    step: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class ChatReport(Base):
    """A chat message reported to the operator: who reported which message, when and why."""

    __tablename__ = "chat_reports"
    __table_args__ = (
        UniqueConstraint("message_id", "reporter_id", name="uq_chat_reports_message_reporter"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[int] = mapped_column(
        ForeignKey("chat_messages.id", ondelete="CASCADE"), index=True
    )
    reporter_id: Mapped[int] = mapped_column(ForeignKey("users.id"))
    #: One of chat.REPORT_REASONS.
    reason: Mapped[str] = mapped_column(String(16))
    #: What the reporter added in their own words (may be empty).
    note: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)
class HallClock(Base):
    """One row: when a server process of the hall was last seen running (each renews it every
    second), so a starting process knows whether, and for how long, the hall was down."""

    __tablename__ = "hall_clock"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    alive_at: Mapped[float | None] = mapped_column(Float)


class ServerKey(Base):
    """Secrets every server process shares (the key signing e-mail links), made by a migration."""

    __tablename__ = "server_keys"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class Contact(Base):
    """How to reach a user outside the page: an e-mail address, opt-in and language."""

    __tablename__ = "contacts"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    email: Mapped[str | None] = mapped_column(String(254))
    verified: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Whether the user wants e-mail (turns, friend requests, invitations); off until asked.
    opt_in: Mapped[bool] = mapped_column(Boolean, default=False)
    #: The language of the pages the user last used: e-mail is written in it.
    lang: Mapped[str] = mapped_column(String(2), default="en")
    #: When the user's last WebSocket (any process) closed; NULL: never seen.
    last_seen_at: Mapped[float | None] = mapped_column(Float)


class FriendRequest(Base):
    """A request sent by name. It is kept whether or not the name belongs to anyone
    (``to_id`` NULL), so the sender's list looks the same either way."""

    __tablename__ = "friend_requests"
    __table_args__ = (UniqueConstraint("from_id", "to_key", name="uq_friend_requests_pair"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    from_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    #: The login key of the name asked for, and the name as typed (cleaned), shown to the sender.
    to_key: Mapped[str] = mapped_column(String(32))
    to_name: Mapped[str] = mapped_column(String(32))
    #: The addressee, or NULL (nobody has the name, or they declined). Not a foreign key: a
    #: key would be checked on insert for a user and not for nobody, and that time would tell
    #: whether the name exists (users are never deleted).
    to_id: Mapped[int | None] = mapped_column(Integer, index=True)
    created_at: Mapped[float] = mapped_column(Float)


class Friendship(Base):
    """One row per direction: (a, b) and (b, a) both exist while a and b are friends."""

    __tablename__ = "friendships"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    friend_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    since: Mapped[float] = mapped_column(Float)


class Notification(Base):
    """Something to tell a user in the page (an invitation, a friend request), kept until read."""

    __tablename__ = "notifications"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    read: Mapped[bool] = mapped_column(Boolean, default=False)


class MailSent(Base):
    """The last e-mail of one kind about one thing to one user (``key``: ``turn:12``,
    ``invite:12``, ``friend:5``, ``verify``): at most one per key per window."""

    __tablename__ = "mail_sent"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    key: Mapped[str] = mapped_column(String(40), primary_key=True)
    sent_at: Mapped[float] = mapped_column(Float)


class AdminAction(Base):
    """One thing an operator did (a role given or taken, a password reset, a ban or its end, a
    table stopped or deleted): who, what, to whom, when. Written in the action's transaction."""

    __tablename__ = "admin_actions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[float] = mapped_column(Float, index=True)
    #: The admin who did it (NULL: the command line, or a user since deleted).
    actor_id: Mapped[int | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    #: Who did it as shown then: an admin's name, or ``command line (os user)``.
    actor: Mapped[str] = mapped_column(String(80))
    #: make_admin, remove_admin, reset_password, set_password, ban, unban, abort_table,
    #: delete_table.
    action: Mapped[str] = mapped_column(String(24))
    #: ``user:ID`` or ``table:ID``.
    target: Mapped[str] = mapped_column(String(40))
    #: What else there is to know (the user's name then, a ban's reason, a table's status).
    details: Mapped[dict[str, Any]] = mapped_column(JSON)


class QueueEntry(Base):
    """One person waiting in "Play now" for a table (at most one row per person: ``user_id`` is
    unique), or seated by it (``table_id`` set) until they queue again or leave."""

    __tablename__ = "queue_entries"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), unique=True
    )
    game: Mapped[str] = mapped_column(String(40))
    #: The table sizes the person accepts (a list of ints: one, or every size for "any").
    sizes: Mapped[list[int]] = mapped_column(JSON)
    #: "live" or "turn".
    mode: Mapped[str] = mapped_column(String(8))
    rated: Mapped[bool] = mapped_column(Boolean)
    #: The person's OpenSkill ordinal for the game when they queued (a fresh rating's if none).
    rating: Mapped[float] = mapped_column(Float)
    #: Fill empty seats with bots of this level after ``bot_after_seconds`` (NULL: people only).
    bot_level: Mapped[int | None] = mapped_column(Integer)
    bot_after_seconds: Mapped[float | None] = mapped_column(Float)
    joined_at: Mapped[float] = mapped_column(Float)
    #: When the person's page last said it is still there: a live entry not seen for a while
    #: is dropped (its tab was closed).
    seen_at: Mapped[float] = mapped_column(Float)
    #: The table the person was seated at (NULL: still waiting).
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"))


class Tournament(Base):
    """A Swiss or round-robin tournament for one game: people register until its owner starts
    it, then the hall pairs each round and starts its tables (matchmaking/tournaments.py)."""

    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    game: Mapped[str] = mapped_column(String(40))
    #: "swiss" or "round_robin".
    system: Mapped[str] = mapped_column(String(12))
    #: Most people who may register (4 to 64); it starts with at least 4.
    capacity: Mapped[int] = mapped_column(Integer)
    #: People at each table of a round (2 for a round robin).
    table_size: Mapped[int] = mapped_column(Integer)
    #: Swiss: the rounds to play; round robin: every pair once (set when it starts).
    rounds: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(8))
    initial_ms: Mapped[int | None] = mapped_column(Integer)
    increment_ms: Mapped[int | None] = mapped_column(Integer)
    move_deadline_ms: Mapped[int | None] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    owner_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    #: registering, playing, finished or cancelled.
    status: Mapped[str] = mapped_column(String(12), index=True)
    #: The round being played (0 before the start).
    current_round: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[float] = mapped_column(Float)
    #: Not started by then: the hall cancels it (its owner never started it).
    start_by: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)


class TournamentEntrant(Base):
    """A person registered in a tournament, with the points they have so far."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[int] = mapped_column(
        ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    registered_at: Mapped[float] = mapped_column(Float)
    points: Mapped[float] = mapped_column(Float, default=0.0)
    #: Rounds with no opponent (each scores as a win); who had one gets no second while avoidable.
    byes: Mapped[int] = mapped_column(Integer, default=0)


class TournamentRound(Base):
    """One table of one round (or one bye: ``table_id`` NULL, ``bye_user_id`` set)."""

    __tablename__ = "tournament_rounds"
    __table_args__ = (Index("ix_tournament_rounds_round", "tournament_id", "round"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id", ondelete="SET NULL"))
    bye_user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    #: Whether the table's result has been counted in the entrants' points.
    scored: Mapped[bool] = mapped_column(Boolean, default=False)
