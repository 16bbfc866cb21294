"""The failed-login limiter keeps only what its window still needs."""

from __future__ import annotations

import time

from meeplehall.server.accounts.logins import SWEEP_MIN_KEYS, LoginLimiter


def test_a_name_is_locked_after_its_failures_and_freed_when_they_age_out():
    limiter = LoginLimiter(per_name=3, per_address=100, window=0.2)
    for _ in range(3):
        assert limiter.retry_after("ann", "10.0.0.1") == 0
        limiter.failed("ann", "10.0.0.1")
    assert 0 < limiter.retry_after("ann", "10.0.0.1") <= 0.2
    assert limiter.retry_after("bob", "10.0.0.1") == 0  # another name is not locked
    time.sleep(0.25)
    assert limiter.retry_after("ann", "10.0.0.1") == 0
    assert limiter.failures == {}  # checking a key whose failures aged out forgets it


def test_checking_names_that_never_failed_stores_nothing():
    limiter = LoginLimiter(per_name=3, per_address=3, window=60)
    for number in range(50):
        assert limiter.retry_after(f"user{number}", f"10.0.0.{number}") == 0
    assert limiter.failures == {}


def test_guessing_at_many_names_does_not_grow_the_table_for_good():
    limiter = LoginLimiter(per_name=3, per_address=10**6, window=0.05)
    for number in range(3 * SWEEP_MIN_KEYS):
        limiter.failed(f"guess{number}", "10.0.0.9")
    assert len(limiter.failures) > SWEEP_MIN_KEYS  # all still inside the window
    time.sleep(0.1)
    for number in range(2 * SWEEP_MIN_KEYS):
        limiter.failed(f"late{number}", "10.0.0.9")
    # The aged-out guesses were swept away; what is left are the late ones (each counted per
    # name, and per name and address) and the address.
    assert len(limiter.failures) <= 4 * SWEEP_MIN_KEYS + 1
    assert limiter.retry_after("guess0", "10.0.0.9") == 0
