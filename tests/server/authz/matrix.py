"""Who may do what: every HTTP route and every WebSocket message, for every kind of caller.

A new route (in the OpenAPI schema) or a new message type (``MESSAGE_TYPES`` of
``server/api/table_socket.py`` or ``server/api/user_socket.py``) without a row here fails
``test_matrix_complete.py``. To add a row:

    http("POST /api/tables/{private}/thing", {"text": "{victim_name}"}, fresh=True,
         everyone="404 no_table", nobody=NOT_LOGGED_IN, owner=200, second=200, seated=200),

- The path is the schema's, with each parameter named after the thing of the cast it takes
  (``cast.py``, ``Cast.things``: ``{private}`` is the owner's private waiting table where
  ``seated`` sits, ``{victim}`` a registered bystander, ...); a query may follow. A value
  ``"{x}"`` in the body is replaced the same way (a number stays a number).
  ``{private_invite}`` (any ``{<table>_invite}``) is that table's invite token for the callers
  that hold it (``invited``, ``spectator``), empty for the others.
- An answer is a status (``200``) or a status and the refusal's code (``"403 not_admin"``).
  ``everyone`` is required; then ``nobody`` (anonymous, banned, logged_out: no live session),
  ``guests`` (guest, spectator) and ``users`` (every registered caller with a session), then
  single kinds, each overriding the broader one. ``agent`` (a caller with an agent's API token,
  ``Authorization: Bearer``, owned by ``owner``, holding the invite links) is refused with
  ``403 agent_not_allowed`` unless a row says otherwise: the rows of the agents' allow-list
  (guards/agents.py) say what it gets.
- ``fresh=True`` when a call that succeeds changes what it acts on (or ends the caller's
  session): each caller that gets a 2xx runs against a cast of its own.
- Socket messages: ``table_message`` (on the owner's private playing table, the caller's socket
  opened with its invite if it holds one) and ``user_message`` (``/ws/me``). An answer is the
  type of the first reply, ``"error <code>"``, ``"silent"`` (nothing before the next ``pong``),
  ``"closed <code>"`` when the socket is refused on opening, or for ``read`` whether the owner's
  notification ended up ``"marked"`` or ``"unmarked"``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

CALLERS = ("anonymous", "guest", "stranger", "friend", "invited", "seated", "owner",
           "spectator", "admin", "banned", "second", "logged_out", "agent")
GROUPS = {
    "nobody": ("anonymous", "banned", "logged_out"),
    "guests": ("guest", "spectator"),
    "users": ("stranger", "friend", "invited", "seated", "owner", "admin", "second"),
}
#: Callers holding the invite link of the owner's private tables.
HOLDERS = ("invited", "spectator", "agent")

NOT_LOGGED_IN = "401 not_logged_in"
REGISTER_FIRST = "403 register_first"
NOT_ADMIN = "403 not_admin"
NO_TABLE = "404 no_table"
AGENT_NOT_ALLOWED = "403 agent_not_allowed"

Answer = int | str


@dataclass(frozen=True)
class Row:
    kind: str  # "http", "table" or "user"
    what: str  # "METHOD /path?query" for HTTP, the message type for sockets
    body: Any
    fresh: bool
    answers: dict[str, Answer] = field(hash=False)

    @property
    def method(self) -> str:
        return self.what.split(" ", 1)[0]

    @property
    def path(self) -> str:
        return self.what.split(" ", 1)[1]

    @property
    def route(self) -> str:
        """The schema's route this row covers: parameters unnamed, without the query."""
        if self.kind != "http":
            return f"{self.kind} {self.what}"
        return f"{self.method} {re.sub(r'{[^}]*}', '{}', self.path.split('?')[0])}"


def _answers(expected: dict[str, Answer]) -> dict[str, Answer]:
    unknown = set(expected) - set(CALLERS) - set(GROUPS) - {"everyone"}
    assert not unknown, f"no such caller kinds: {sorted(unknown)}"
    answers = dict.fromkeys(CALLERS, expected["everyone"])
    for group, members in GROUPS.items():
        if group in expected:
            answers.update(dict.fromkeys(members, expected[group]))
    # An agent reaches only its allow-list: each row of it says what the agent gets.
    answers["agent"] = AGENT_NOT_ALLOWED
    answers.update({kind: value for kind, value in expected.items() if kind in CALLERS})
    return answers


def http(what: str, body: Any = None, *, fresh: bool = False, **expected: Answer) -> Row:
    return Row("http", what, body, fresh, _answers(expected))


def table_message(kind: str, body: dict[str, Any], **expected: Answer) -> Row:
    return Row("table", kind, {"type": kind, **body}, False, _answers(expected))


def user_message(kind: str, body: dict[str, Any], **expected: Answer) -> Row:
    return Row("user", kind, {"type": kind, **body}, False, _answers(expected))


#: Who may see the owner's private tables: those at them and whoever holds the invite.
SEES_PRIVATE = {"owner": 200, "second": 200, "seated": 200, "invited": 200, "spectator": 200,
                "agent": 200}
#: Who may see the owner's finished private table of bots: the owner and the invite's holders.
SEES_FINISHED = {"owner": 200, "second": 200, "invited": 200, "spectator": 200, "agent": 200}
#: The owner's own requests (the second session is the same person).
OWNER_ONLY = ("owner", "second")
OPEN_TABLE_SOCKET = "closed 4404"

ROWS: tuple[Row, ...] = (
    # -- the catalog, the lobby and operations: open to all -------------------------------------
    http("GET /api/games", everyone=200, agent=200),
    http("GET /api/bots", everyone=200, agent=200),
    http("GET /api/rules/{game}", everyone=200, agent=200),
    http("GET /healthz", everyone=200, agent=200),
    http("GET /readyz", everyone=200, agent=200),
    http("GET /api/tables", everyone=200, agent=200),
    http("GET /api/leaderboard/{game}", everyone=200, agent=200),
    http("GET /api/players/{owner_profile}", everyone=200, agent=200),
    http("GET /api/players/{owner_profile}/history", everyone=200, agent=200),
    # A history its person hides: their friends only (the person is not a caller here).
    http("GET /api/players/{recluse_profile}/history", everyone="403 history_private",
         friend=200, agent="403 history_private"),
    http("GET /api/tournaments", everyone=200, agent=200),
    http("GET /api/tournaments/{tournament}", everyone=200, agent=200),
    # -- outside the schema: the API's documents, the table page, the metrics (this loopback
    # client is allowed), and the pages e-mail links open, where the link's token is the only
    # key: a forged one is refused whoever follows it, a session counting for nothing.
    http("GET /docs", everyone=200, agent=200),
    http("GET /openapi.json", everyone=200, agent=200),
    http("GET /tables/{private}", everyone=200, agent=200),
    http("GET /metrics", everyone=200),
    http("GET /verify-email?token=forged", everyone=400, agent=400),
    http("GET /unsubscribe?token=forged", everyone=400, agent=400),
    http("POST /unsubscribe?token=forged", everyone=400),
    http("GET /reset-password?token=forged", everyone=400, agent=400),
    http("POST /reset-password?token=forged", everyone=400),
    # -- tables -------------------------------------------------------------------------------
    http("GET /api/tables/{private}?invite={private_invite}", everyone=NO_TABLE, **SEES_PRIVATE),
    http("POST /api/tables", {"game": "yaxha", "players": 2}, fresh=True,
         everyone=201, nobody=NOT_LOGGED_IN, agent=201),
    http("POST /api/tables/{private}/join", {"invite": "{private_invite}"}, fresh=True,
         everyone=NO_TABLE, nobody=NOT_LOGGED_IN, owner=200, second=200, seated=200,
         invited=200, spectator=200, agent=200),
    http("POST /api/tables/{private}/leave", {}, fresh=True, everyone=NO_TABLE,
         nobody=NOT_LOGGED_IN, owner=200, second=200, seated=200, agent=NO_TABLE),
    http("POST /api/tables/{full}/start", fresh=True, everyone=NO_TABLE, nobody=NOT_LOGGED_IN,
         owner=200, second=200, seated="403 not_owner", agent=NO_TABLE),
    http("POST /api/tables/{private}/spectator-chat", {"allowed": True}, fresh=True,
         everyone=NO_TABLE, nobody=NOT_LOGGED_IN, owner=200, second=200,
         seated="403 not_owner"),
    http("GET /api/tables/{private}/chat?invite={private_invite}", everyone=NO_TABLE,
         **SEES_PRIVATE),
    http("GET /api/tables/{finished}/result?invite={finished_invite}", everyone=NO_TABLE,
         **SEES_FINISHED),
    http("GET /api/tables/{finished}/replay?invite={finished_invite}", everyone=NO_TABLE,
         **SEES_FINISHED),
    # Play from here: whoever may see the finished table's replay (a new table, the finished
    # one unchanged), never at a table still in play.
    http("POST /api/tables/{finished}/practice",
         {"step": 0, "seats": [{"player": "me"}, {"player": "me"}],
          "invite": "{finished_invite}"},
         everyone=NO_TABLE, nobody=NOT_LOGGED_IN, owner=201, second=201, invited=201,
         spectator=201),
    http("POST /api/tables/{playing}/practice",
         {"step": 0, "seats": [{"player": "me"}, {"player": "me"}],
          "invite": "{playing_invite}"},
         everyone=NO_TABLE, nobody=NOT_LOGGED_IN, owner="409 not_finished",
         second="409 not_finished", seated="409 not_finished", invited="409 not_finished",
         spectator="409 not_finished"),
    # Analyses: read by whoever sees the finished table; asked for by its players only (here
    # the owner: the table is private and of bots); never for a table not finished.
    http("GET /api/tables/{finished}/analysis?invite={finished_invite}", everyone=NO_TABLE,
         **SEES_FINISHED),
    http("GET /api/tables/{private}/analysis?invite={private_invite}", everyone=NO_TABLE,
         **dict.fromkeys(SEES_PRIVATE, "409 not_finished")),
    http("POST /api/tables/{finished}/analysis?invite={finished_invite}", fresh=True,
         everyone=NO_TABLE, nobody=NOT_LOGGED_IN, owner=202, second=202,
         invited="403 not_a_player", spectator="403 not_a_player"),
    http("POST /api/tables/{private}/analysis?invite={private_invite}", everyone=NO_TABLE,
         nobody=NOT_LOGGED_IN, **{**dict.fromkeys(SEES_PRIVATE, "409 not_finished"),
                                  "agent": AGENT_NOT_ALLOWED}),
    http("GET /api/my/tables", everyone=200, nobody=NOT_LOGGED_IN, agent=200),
    # -- accounts -----------------------------------------------------------------------------
    http("POST /api/auth/guest", {"name": "someone"}, fresh=True, everyone=200),
    http("POST /api/auth/register", {"name": "{new_name}", "password": "long enough"},
         fresh=True, everyone=201, users="409 already_registered"),
    http("POST /api/auth/login", {"name": "{my_name}", "password": "{my_password}"},
         fresh=True, everyone="401 wrong_name_or_password", users=200, logged_out=200,
         banned="403 banned"),
    http("POST /api/auth/logout", fresh=True, everyone=204),
    http("GET /api/me", everyone=200, nobody=NOT_LOGGED_IN, agent=200),
    http("GET /api/session", everyone=200, agent=200),
    # A wrong current password: refused whoever asks, and who asks decides how.
    http("POST /api/me/password", {"old_password": "not the one", "new_password": "new one!"},
         everyone="401 wrong_password", nobody=NOT_LOGGED_IN,
         guests="409 guest_has_no_password"),
    http("GET /api/me/contact", everyone=200, nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    http("PUT /api/me/contact", {"opt_in": False}, everyone=200, nobody=NOT_LOGGED_IN,
         guests=REGISTER_FIRST),
    http("GET /api/me/privacy", everyone=200, nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    http("PUT /api/me/privacy", {"history_private": False}, everyone=200,
         nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    # -- agents: their owner makes them and their tokens; an admin may revoke one ------------
    http("GET /api/agents", everyone=200, nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    http("POST /api/agents", {"name": "{new_name}"}, fresh=True, everyone=201,
         nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    # The owner's agent (the ``agent`` caller): nobody else sees it, an admin included.
    http("POST /api/agents/{agent}/token", fresh=True, everyone="404 no_agent",
         nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST, owner=201, second=201),
    http("DELETE /api/agents/{agent}/token", fresh=True, everyone="404 no_agent",
         nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST, owner=204, second=204, admin=204),
    http("GET /api/ladder/{game}", everyone=200, agent=200),
    # -- Play now and tournaments (the owner's tournament, registering, ``seated`` entered) ----
    http("POST /api/playnow", {"game": "{game}", "players": 4, "mode": "turn"}, fresh=True,
         everyone=201, nobody=NOT_LOGGED_IN),
    http("GET /api/playnow", everyone=200, nobody=NOT_LOGGED_IN),
    http("DELETE /api/playnow", everyone="409 not_queued", nobody=NOT_LOGGED_IN),
    http("POST /api/tournaments", {"name": "mine", "game": "{game}", "mode": "turn"},
         fresh=True, everyone=201, nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    http("POST /api/tournaments/{tournament}/register", fresh=True, everyone=200,
         nobody=NOT_LOGGED_IN, seated="409 already_entered"),
    http("POST /api/tournaments/{tournament}/unregister", fresh=True,
         everyone="409 not_entered", nobody=NOT_LOGGED_IN, seated=200),
    # Only its owner starts it (here with too few people) or cancels it.
    http("POST /api/tournaments/{tournament}/start", fresh=True,
         everyone="403 not_tournament_owner", nobody=NOT_LOGGED_IN,
         owner="409 too_few_entrants", second="409 too_few_entrants"),
    http("POST /api/tournaments/{tournament}/cancel", fresh=True,
         everyone="403 not_tournament_owner", nobody=NOT_LOGGED_IN, owner=200, second=200),
    # -- friends ------------------------------------------------------------------------------
    http("GET /api/friends", everyone=200, nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    http("POST /api/friends/requests", {"name": "{victim_name}"}, fresh=True, everyone=202,
         nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST),
    http("POST /api/friends/requests/{request_to_owner}/accept", fresh=True,
         everyone="404 no_request", nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST,
         owner=200, second=200),
    http("POST /api/friends/requests/{request_to_owner}/decline", fresh=True,
         everyone="404 no_request", nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST,
         owner=204, second=204),
    http("DELETE /api/friends/requests/{request_from_owner}", fresh=True,
         everyone="404 no_request", nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST,
         owner=204, second=204),
    http("DELETE /api/friends/{friend}", fresh=True, everyone="404 not_friend",
         nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST, owner=204, second=204, seated=204),
    # Only the owner or someone seated at a waiting table may invite (their own friends) to it.
    http("POST /api/tables/{private}/invite", {"friends": ["{friend}"]}, fresh=True,
         everyone="403 cannot_invite", nobody=NOT_LOGGED_IN, guests=REGISTER_FIRST,
         owner=202, second=202, seated=202),
    # -- the admin API ------------------------------------------------------------------------
    http("GET /api/admin/reports", everyone=NOT_ADMIN, nobody=NOT_LOGGED_IN, admin=200),
    http("GET /api/admin/actions", everyone=NOT_ADMIN, nobody=NOT_LOGGED_IN, admin=200),
    http("GET /api/admin/users/{victim}", everyone=NOT_ADMIN, nobody=NOT_LOGGED_IN, admin=200),
    http("POST /api/admin/users/{victim}/admin", {"admin": False}, fresh=True,
         everyone=NOT_ADMIN, nobody=NOT_LOGGED_IN, admin=200),
    http("POST /api/admin/users/{victim}/password", fresh=True, everyone=NOT_ADMIN,
         nobody=NOT_LOGGED_IN, admin=200),
    http("POST /api/admin/users/{victim}/ban", {"reason": "spam"}, fresh=True,
         everyone=NOT_ADMIN, nobody=NOT_LOGGED_IN, admin=200),
    http("POST /api/admin/users/{victim}/unban", fresh=True, everyone=NOT_ADMIN,
         nobody=NOT_LOGGED_IN, admin=200),
    http("POST /api/admin/tables/{spare}/abort", fresh=True, everyone=NOT_ADMIN,
         nobody=NOT_LOGGED_IN, admin=200),
    http("DELETE /api/admin/tables/{spare}", fresh=True, everyone=NOT_ADMIN,
         nobody=NOT_LOGGED_IN, admin=204),
    # -- the table socket, at the owner's private table in play ---------------------------------
    table_message("ping", {}, everyone=OPEN_TABLE_SOCKET, **dict.fromkeys(
        ("owner", "second", "seated", "invited", "spectator", "agent"), "pong")),
    table_message("sync", {"seq": 0}, everyone=OPEN_TABLE_SOCKET, **dict.fromkeys(
        ("owner", "second", "seated", "invited", "spectator", "agent"), "sync")),
    table_message("watch", {"seat": 0}, everyone=OPEN_TABLE_SOCKET, owner="sync", second="sync",
                  seated="error not_your_seat", invited="error not_your_seat",
                  spectator="error not_your_seat", agent="error not_your_seat"),
    # An action the game cannot read: who may act gets the game's refusal, who may not an
    # earlier one, and nothing is played either way.
    table_message("act", {"seq": "{seq}", "action": {"type": "nothing"}},
                  everyone=OPEN_TABLE_SOCKET, owner="error illegal_action",
                  second="error illegal_action", seated="error illegal_action",
                  invited="error spectator", spectator="error spectator",
                  agent="error spectator"),
    table_message("hint", {}, everyone=OPEN_TABLE_SOCKET, owner="error hints_off",
                  second="error hints_off", seated="error hints_off",
                  invited="error spectator", spectator="error spectator",
                  agent="error spectator"),
    # An agent reads the chat and never writes in it (nor reports).
    table_message("chat", {"text": "hello"}, everyone=OPEN_TABLE_SOCKET, **dict.fromkeys(
        ("owner", "second", "seated", "invited", "spectator"), "chat"),
                  agent="error agent_no_chat"),
    table_message("chat_report", {"id": "{message}", "reason": "spam"},
                  everyone=OPEN_TABLE_SOCKET, owner="chat_reported", second="chat_reported",
                  seated="error own_message", invited="chat_reported",
                  spectator="chat_reported", agent="error agent_no_chat"),
    table_message("chat_before", {"before": 2**31 - 1}, everyone=OPEN_TABLE_SOCKET,
                  **dict.fromkeys(("owner", "second", "seated", "invited", "spectator",
                                   "agent"), "chat_page")),
    # -- the per-user channel -------------------------------------------------------------------
    # An agent's token never opens the per-user channel.
    user_message("ping", {}, everyone="pong", nobody="closed 4401", agent="closed 4403"),
    user_message("lang", {"lang": "en"}, everyone="silent", nobody="closed 4401",
                 agent="closed 4403"),
    # Marking the owner's notification read by its id: the owner's sessions only.
    user_message("read", {"id": "{notification}"}, everyone="unmarked", nobody="closed 4401",
                 owner="marked", second="marked", agent="closed 4403"),
)
