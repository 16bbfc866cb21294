"""The tables of the database. The action log (``actions``) is the truth about every match."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(32))
    #: Lower-cased login name of a registered user; NULL for a guest.
    login: Mapped[str | None] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)
    #: May use the admin API (``meeplehall admin make-admin``).
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: When the user was banned (NULL: not banned), and the operator's reason.
    banned_at: Mapped[float | None] = mapped_column(Float)
    ban_reason: Mapped[str | None] = mapped_column(String(200))


class Session(Base):
    __tablename__ = "sessions"

    #: SHA-256 of the cookie value, so a database leak gives no live session.
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[float] = mapped_column(Float)


class Table(Base):
    __tablename__ = "tables"

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
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    seq: Mapped[int] = mapped_column(Integer, default=0)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)
    started_at: Mapped[float | None] = mapped_column(Float)
    finished_at: Mapped[float | None] = mapped_column(Float)


class Seat(Base):
    __tablename__ = "seats"

    table_id: Mapped[int] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
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


class Rating(Base):
    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
