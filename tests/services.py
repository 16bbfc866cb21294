"""The services of this machine the server tests run against (PostgreSQL on 127.0.0.1:5432 as
user postgres, Redis on 127.0.0.1:6379), throwaway PostgreSQL databases, and the rule for a
missing one: the tests that need it are skipped, except under ``CI=true`` where they fail."""

from __future__ import annotations

import os
import secrets

import pytest

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/"
REDIS = "redis://127.0.0.1:6379/0"
_ADMIN = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"


def require(available: bool, what: str, why: str) -> None:
    """Skip (fail under CI=true) when ``what`` is missing; ``why`` says what was tried."""
    if available:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is required when CI=true")
    pytest.skip(why)


def postgres_available() -> bool:
    try:
        import psycopg

        with psycopg.connect(_ADMIN, connect_timeout=2):
            return True
    except Exception:
        return False


def redis_available() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=2).ping())
    except Exception:
        return False


def create_postgres_db() -> str:
    import psycopg

    name = f"mh_test_{secrets.token_hex(4)}"
    with psycopg.connect(_ADMIN, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return name


def drop_postgres_db(name: str) -> None:
    import psycopg

    with psycopg.connect(_ADMIN, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
