"""Finished games as a dataset: one JSON object a line (``meeplehall export``).

Each line is one finished table, in the order they finished::

    {"format": "meeplehall-game/1", "game": "yaxha", "table": 12, "players": 2,
     "options": {...}, "seed": {"generator": "blake2b", "hex": "..."},
     "rated": true, "public": true, "finished_at": 1764680000.0,
     "seats": [{"seat": 0, "player": "p-1f0c9a2e7b41", "bot_level": null,
                "replaced": null}, ...],
     "actions": [[0, {"type": "tile", "tile": 1}, false], ...],
     "result": {"scores": [...], "ranks": [...], "winners": [...], ...},
     "origin": null}

``actions`` is the match's log, ``[seat, action, by a bot]``, in the order the hall applied
them; with the seed and options it replays the match exactly (``meeplehall.rl.dataset`` does).
A seat's ``player`` is a pseudonym, ``p-`` and 12 hex digits, the same for one account in every
export of this hall (a keyed hash of the account, whose key the database keeps and the file
never holds) unless the operator asks for display names; a bot's seat says ``level-N bot``.
``origin`` is null but for a practice table ("play from here"): ``{"table", "step"}``, its log's
first ``step`` actions being copies of that table's, played by that table's seats.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterator
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from meeplehall.server.db.models import ActionRow, Seat, ServerKey, Table, User
from meeplehall.server.play.description import origin_json

FORMAT = "meeplehall-game/1"
#: The database's row holding the pseudonyms' key (made by the first export).
KEY_NAME = "export_pseudonyms"


def pseudonym_key(session: Session) -> bytes:
    """The hall's key for pseudonyms: made once, kept in the database, never exported."""
    row = session.get(ServerKey, KEY_NAME)
    if row is None:
        row = ServerKey(name=KEY_NAME, value=secrets.token_hex(32))
        session.add(row)
        session.flush()
    return bytes.fromhex(row.value)


def pseudonym(key: bytes, user_id: int) -> str:
    digest = hmac.new(key, f"player\n{user_id}".encode(), hashlib.sha256).hexdigest()
    return f"p-{digest[:12]}"


def finished_games(session: Session, rated_only: bool = False, public_only: bool = False,
                   game: str | None = None, names: bool = False) -> Iterator[dict[str, Any]]:
    """Every finished table the filters keep, as its dataset line (a dict)."""
    key = None if names else pseudonym_key(session)
    query = select(Table).where(Table.status == "finished").order_by(Table.finished_at, Table.id)
    if rated_only:
        query = query.where(Table.rated.is_(True))
    if public_only:
        query = query.where(Table.visibility == "public")
    if game is not None:
        query = query.where(Table.game == game)
    for table in session.scalars(query):
        seats = session.execute(
            select(Seat, User).outerjoin(User, User.id == Seat.user_id)
            .where(Seat.table_id == table.id).order_by(Seat.seat)
        ).all()
        actions = session.scalars(
            select(ActionRow).where(ActionRow.table_id == table.id).order_by(ActionRow.seq)
        )
        yield {
            "format": FORMAT,
            "game": table.game,
            "table": table.id,
            "players": table.players,
            "options": table.options,
            "seed": {"generator": table.generator, "hex": table.seed_hex},
            "rated": table.rated,
            "public": table.visibility == "public",
            "finished_at": table.finished_at,
            "seats": [_seat(seat, user, key) for seat, user in seats],
            "actions": [[row.seat, row.action, row.bot] for row in actions],
            "result": table.result,
            "origin": origin_json(table),
        }


def _seat(seat: Seat, user: User | None, key: bytes | None) -> dict[str, Any]:
    if user is None:
        player = f"level-{seat.bot_level} bot"
    elif key is None:
        player = user.name
    else:
        player = pseudonym(key, user.id)
    return {"seat": seat.seat, "player": player, "bot_level": seat.bot_level,
            "replaced": seat.replaced}


def write_jsonl(lines: Iterator[dict[str, Any]], out: Any) -> int:
    """Write each line as compact JSON; returns how many."""
    count = 0
    for line in lines:
        out.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
        count += 1
    return count
