"""Nobody can lock an account's owner out from another address: failed logins are counted per
name from one address (5), per address (20), and per name from every address together (a far
higher ceiling, here 8, against guessing from many addresses at once)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from meeplehall.server.accounts.logins import LoginLimiter
from tests.people import PASSWORD, login, registered
from tests.server.inprocess import InProcessServer

TOTAL = 8


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[InProcessServer]:
    server = InProcessServer(tmp_path, login_failures_per_name_total=TOTAL)
    server.start()
    yield server
    server.stop()


def test_a_flood_from_one_address_does_not_lock_the_owner_out_of_theirs(
    hall: InProcessServer,
) -> None:
    registered(hall, "owner")
    codes = [login(hall, "owner", "wrong guess", address="127.0.0.2").json()["code"]
             for _ in range(7)]
    assert codes == ["wrong_name_or_password"] * 5 + ["too_many_logins"] * 2
    # The flooding address may not try even the right password now...
    locked = login(hall, "owner", PASSWORD, address="127.0.0.2")
    assert locked.status_code == 429 and int(locked.headers["Retry-After"]) >= 1
    # ...while the owner, at another address, logs in.
    mine = login(hall, "owner", PASSWORD, address="127.0.0.3")
    assert mine.status_code == 200, mine.text
    assert mine.json()["name"] == "owner"


def test_guessing_one_name_from_many_addresses_meets_a_ceiling(hall: InProcessServer) -> None:
    registered(hall, "target")
    refused = [login(hall, "target", "guess", address=f"127.0.1.{n}").json()["code"]
               for n in range(1, TOTAL + 1)]
    assert refused == ["wrong_name_or_password"] * TOTAL  # 8 addresses, one guess each
    # The name's ceiling is reached: a ninth address waits, the right password too, and
    # another name is not affected.
    late = login(hall, "target", PASSWORD, address="127.0.1.100")
    assert late.json()["code"] == "too_many_logins"
    registered(hall, "bystander")
    assert login(hall, "bystander", PASSWORD, address="127.0.1.100").status_code == 200


def test_the_limiter_counts_a_name_per_address_per_address_and_in_all() -> None:
    limiter = LoginLimiter(per_name=2, per_address=5, window=60, per_name_total=4)
    for _ in range(2):
        limiter.failed("ann", "10.0.0.1")
    assert limiter.retry_after("ann", "10.0.0.1") > 0  # this address, this name: locked
    assert limiter.retry_after("ann", "10.0.0.2") == 0  # the name from elsewhere: free
    assert limiter.retry_after("bob", "10.0.0.1") == 0  # another name from here: free
    for _ in range(3):
        limiter.failed(f"other{_}", "10.0.0.1")
    assert limiter.retry_after("bob", "10.0.0.1") > 0  # the address's own limit: 5 in all
    for address in ("10.0.0.3", "10.0.0.4"):
        limiter.failed("cat", address)
        limiter.failed("cat", address)
    assert limiter.retry_after("cat", "10.0.0.9") > 0  # 4 for the name from all addresses
    assert limiter.retry_after("dan", "10.0.0.9") == 0
    # A right password gives its reserved attempt back, on every count.
    wait, stamp = limiter.reserve("eve", "10.0.0.5")
    assert wait == 0
    limiter.release("eve", "10.0.0.5", stamp)
    assert not any("eve" in key or "10.0.0.5" in key for key in limiter.failures)
