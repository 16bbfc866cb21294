"""Request bodies are read as strict JSON: values JSON parsers accept but nothing downstream can
store or send back (NaN, Infinity, numbers too large for a float or too long to read, lone
surrogates, bytes that are not UTF-8) are refused with 422 ``bad_json_value``.

Python's ``json`` reads ``NaN`` and ``Infinity`` and keeps ``"\\ud800"`` as a lone surrogate; such
a value later fails in the database or in the JSON answer, as a 500. Routers use
``StrictJSONRoute`` as their ``route_class`` so every body goes through ``strict_loads``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from meeplehall.server.errors import ApiError


def _refuse(what: str) -> ApiError:
    return ApiError(422, "bad_json_value",
                    f"the request body holds {what}, which this server does not accept")


def _no_constant(name: str) -> Any:
    raise _refuse(name)


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _refuse(f"the number {text[:20]} (too large)")
    return value


def _check_text(value: Any) -> None:
    """Walk the parsed body: every string (keys too) must be encodable as UTF-8."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise _refuse("a lone surrogate (\\ud800 to \\udfff)") from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def strict_loads(body: bytes) -> Any:
    """Parse a body like ``json.loads``, refusing what no part of the server can hold."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise _refuse("bytes that are not UTF-8") from None
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except ValueError as error:
        if isinstance(error, json.JSONDecodeError):
            raise  # FastAPI answers it with its usual 422
        # Python refuses to read integers of more than 4300 digits.
        raise _refuse("a number too long to read") from None
    _check_text(value)
    return value


class StrictJSONRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = strict_loads(await self.body())
        return self._json


class StrictJSONRoute(APIRoute):
    """A route whose JSON body is read by ``strict_loads``."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(StrictJSONRequest(request.scope, request.receive))

        return strict
