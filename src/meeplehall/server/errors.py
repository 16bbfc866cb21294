"""Refusals of the HTTP API: a stable code and its values beside the English sentence.

Every refusal is ``{"detail": "<English sentence>", "code": "<code>", "params": {...}}``:
``detail`` is for people reading the raw answer and for clients that know no code; ``code`` and
``params`` let a client say the same thing in its reader's language (docs/protocol.md lists the
codes). FastAPI's own 422 validation errors keep their standard shape (no code).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.exception_handlers import request_validation_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

#: Counts a refusal by (channel, code): the metrics' ``refused`` (operations/metrics.py), handed
#: to the handlers and middlewares that answer with one.
Refused = Callable[[str, str], None]

#: Every code the HTTP API sends, with the names of the values its ``params`` carry (always all
#: of them, no others). Clients translate by code, so a code keeps its meaning once published;
#: docs/protocol.md documents each one and the web client has a sentence for each.
API_ERRORS: dict[str, tuple[str, ...]] = {
    # accounts
    "not_logged_in": (),
    "guest_name_blank": (),
    "name_blank": (),
    "already_registered": (),
    "name_taken": ("name",),
    "name_bad_character": ("char",),
    "name_too_long": ("max",),
    "wrong_name_or_password": (),
    "too_many_logins": ("seconds",),
    "too_many_guests": ("seconds",),
    "too_many_registrations": ("seconds",),
    "banned": ("reason",),
    "guest_has_no_password": (),
    "wrong_password": (),
    "not_admin": (),
    # any request
    "body_too_large": ("limit",),
    "bad_json_value": (),
    "foreign_origin": ("origin",),
    "rate_limited": ("seconds",),
    # games and tables
    "unknown_game": ("game",),
    "no_rules": ("game",),
    "no_table": ("table",),
    "invalid_token": (),
    "bad_status": ("status",),
    "player_count": ("title", "min", "max", "players"),
    "invalid_options": ("reason",),
    "bot_seat_out_of_range": ("seat", "players"),
    "no_bot_level": ("level", "levels"),
    "bot_seat_twice": ("seat",),
    "seat_out_of_range": ("seat", "players"),
    "seat_is_bot": ("seat",),
    "rated_with_bots": (),
    "rated_without_clock": (),
    "clock_out_of_range": ("field", "min", "max"),
    "guest_cannot_open_rated": (),
    "guest_cannot_sit_rated": (),
    "rated_one_seat": (),
    "table_started": (),
    "seat_taken": ("seat",),
    "table_full": (),
    "not_seated": (),
    "game_over": (),
    "not_owner": (),
    "seats_free": ("seats",),
    "too_many_tables": ("seconds",),
    "too_many_waiting_tables": ("limit",),
    "too_many_bot_tables": ("limit",),
    "too_many_strong_bot_tables": ("limit", "level"),
    "step_out_of_range": ("step", "last"),
    "seat_count": ("players", "seats"),
    # friends, notifications and e-mail
    "register_first": (),
    "friend_self": (),
    "too_many_requests": ("seconds",),
    "no_request": (),
    "not_friend": ("user",),
    "cannot_invite": (),
    "bad_email": (),
    "mail_off": (),
    "too_many_mails": ("seconds",),
    # play now and tournaments
    "already_queued": ("game",),
    "not_queued": (),
    "already_seated": ("table",),
    "guest_cannot_play_rated": (),
    "no_tournament": ("tournament",),
    "too_many_tournaments": ("limit",),
    "not_tournament_owner": (),
    "registration_closed": (),
    "already_entered": (),
    "not_entered": (),
    "tournament_full": ("capacity",),
    "tournament_started": (),
    "too_few_entrants": ("least", "entrants"),
    "round_robin_pairs": (),
    "round_robin_rounds": (),
    # results and history
    "not_finished": (),
    "no_user": ("user",),
    "no_player": ("player",),
    "history_private": ("player",),
    # analyses of finished tables
    "not_a_player": (),
    "analysis_busy": (),
    "analysis_queue_full": (),
    # agents
    "agent_not_allowed": (),
    "no_agent": ("agent",),
    "no_token": ("agent",),
    "too_many_agents": ("limit",),
    "rated_with_agents": (),
    "agents_not_welcome": (),
}


class ApiError(HTTPException):
    """An HTTP refusal with a code from ``API_ERRORS``, its params and the English ``detail``.

    Without the handler below (``install``) it is answered like any HTTPException: the detail
    alone.
    """

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        params: Mapping[str, Any] | None = None,
        *,
        headers: dict[str, str] | None = None,
    ) -> None:
        params = dict(params or {})
        expected = API_ERRORS.get(code)
        # A code or a param a client does not know of is a bug here: tests/server check every
        # call site against API_ERRORS, this catches what they could not read.
        assert expected is not None, f"undocumented API error code {code!r}"
        assert sorted(params) == sorted(expected), (code, sorted(params), expected)
        super().__init__(status, detail, headers)
        self.code = code
        self.params = params


def response_for(error: ApiError, refused: Refused) -> JSONResponse:
    """The answer to a refusal, counted by ``refused``; also for the middlewares that answer
    before any route."""
    refused("http", error.code)
    return JSONResponse(
        {"detail": error.detail, "code": error.code, "params": error.params},
        status_code=error.status_code,
        headers=error.headers,
    )


def install(app: FastAPI, refused: Refused) -> None:
    """Answer ApiError with its code and params beside the detail; count every refusal, and
    FastAPI's own 422 as ``invalid_request``, with ``refused``."""

    async def answer(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, ApiError)
        return response_for(error, refused)

    async def invalid(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        refused("http", "invalid_request")
        return await request_validation_exception_handler(request, error)

    app.add_exception_handler(ApiError, answer)
    app.add_exception_handler(RequestValidationError, invalid)
