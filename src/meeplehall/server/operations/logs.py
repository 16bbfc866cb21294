"""How the server logs: a level and a format (plain text or one JSON object a line), the same
for the hall's own records, uvicorn's, and Python warnings, each line with its time."""

from __future__ import annotations

import json
import logging
import logging.config
import time
from typing import Any

LEVELS = ("debug", "info", "warning", "error")
FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def utc_time(seconds: float) -> str:
    """ISO 8601 in UTC with milliseconds, the form log collectors read without a hint."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
    return f"{stamp}.{int(seconds % 1 * 1000):03d}Z"


class TextFormatter(logging.Formatter):
    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return utc_time(record.created)


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time, level, logger, message (and the traceback, if any)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": utc_time(record.created),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def log_config(level: str = "info", form: str = "text") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for the server, also handed to uvicorn (``log_config``)
    so its lines look like the hall's."""
    if level not in LEVELS:
        raise ValueError(f"the log level is one of {', '.join(LEVELS)}, not {level!r}")
    if form not in FORMATS:
        raise ValueError(f"the log format is one of {', '.join(FORMATS)}, not {form!r}")
    formatter = JsonFormatter if form == "json" else TextFormatter
    shown = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"hall": {"()": formatter, "format": TEXT_FORMAT}},
        "handlers": {
            "stderr": {"class": "logging.StreamHandler", "formatter": "hall",
                       "stream": "ext://sys.stderr"},
        },
        "loggers": {
            # uvicorn's loggers keep their own records out of the root's, as uvicorn sets them.
            "uvicorn": {"handlers": ["stderr"], "level": shown, "propagate": False},
            "uvicorn.error": {"level": shown},
            "uvicorn.access": {"handlers": ["stderr"], "level": shown, "propagate": False},
        },
        "root": {"handlers": ["stderr"], "level": shown},
    }


def configure(level: str = "info", form: str = "text") -> dict[str, Any]:
    """Apply the configuration here, route Python warnings into it; returns it for uvicorn."""
    config = log_config(level, form)
    logging.config.dictConfig(config)
    logging.captureWarnings(True)
    return config
