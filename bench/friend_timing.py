"""How long a friend request takes to a name that exists and to one nobody has: the figures
behind "a request tells nothing about the name".

Against a running server on loopback (registrations come from one address, so turn the
creation limits off):

    meeplehall serve --data-dir /tmp/friends --no-creation-limits &
    python bench/friend_timing.py --base http://127.0.0.1:8000 --requests 200 --runs 3

Each sender sends at most 20 requests (under the limit of 30 an hour), alternating between a
registered name and an unknown one, so both kinds meet the same server state.
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import time

import httpx

PER_SENDER = 20


def _person(base: str) -> httpx.Client:
    client = httpx.Client(base_url=base, timeout=30)
    client.post("/api/auth/register", json={"name": f"t{secrets.token_hex(5)}",
                                            "password": "long enough"}).raise_for_status()
    return client


def _timed(client: httpx.Client, name: str) -> float:
    start = time.perf_counter()
    response = client.post("/api/friends/requests", json={"name": name})
    elapsed = (time.perf_counter() - start) * 1000
    assert response.status_code == 202, response.text
    return elapsed


def run(base: str, requests: int) -> dict[str, float]:
    targets = [f"r{secrets.token_hex(5)}" for _ in range(requests // 2)]
    for name in targets:
        httpx.post(f"{base}/api/auth/register",
                   json={"name": name, "password": "long enough"}).raise_for_status()
    times: dict[str, list[float]] = {"existing name": [], "unknown name": []}
    sender = _person(base)
    for index, target in enumerate(targets):
        if index and index % (PER_SENDER // 2) == 0:
            sender = _person(base)
        times["existing name"].append(_timed(sender, target))
        times["unknown name"].append(_timed(sender, f"u{secrets.token_hex(5)}"))
    return {label: statistics.median(values) for label, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    medians: dict[str, list[float]] = {}
    for _ in range(args.runs):
        for label, value in run(args.base, args.requests).items():
            medians.setdefault(label, []).append(value)
    for label, values in medians.items():
        runs = ", ".join(f"{value:.2f}" for value in values)
        print(f"{label:14s} median of run medians {statistics.median(values):6.2f} ms  ({runs})")


if __name__ == "__main__":
    main()
