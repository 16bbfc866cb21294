"""How long a refused login takes for a name that exists and for one that does not, and how long
registering a taken name takes: the figures behind "failed logins cost the same".

Against a running server on loopback (it trusts ``X-Forwarded-For`` from 127.0.0.1, so each
attempt can come from an address of its own and the login limiter stays out of the way):

    meeplehall serve --data-dir /tmp/timing --no-creation-limits &
    python bench/login_timing.py --base http://127.0.0.1:8000 --attempts 40
"""

from __future__ import annotations

import argparse
import secrets
import statistics
import time

import httpx


def _timed(client: httpx.Client, path: str, body: dict[str, str], address: str) -> float:
    client.cookies.clear()  # each attempt as a visitor with no session
    start = time.perf_counter()
    client.post(path, json=body, headers={"X-Forwarded-For": address})
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", default="http://127.0.0.1:8000")
    parser.add_argument("--attempts", type=int, default=40)
    args = parser.parse_args()
    client = httpx.Client(base_url=args.base, timeout=30)
    names = []
    for _ in range(args.attempts // 4 + 1):  # at most 4 failures a name: under the limit
        name = f"t{secrets.token_hex(4)}"
        client.cookies.clear()
        client.post("/api/auth/register", json={"name": name, "password": "the real one"},
                    headers={"X-Forwarded-For": f"10.9.{len(names)}.1"}).raise_for_status()
        names.append(name)
    rows = {"existing name, wrong password": [], "unknown name": [], "register a taken name": []}
    for attempt in range(args.attempts):
        address = f"10.{attempt % 200}.{attempt // 200}.2"
        rows["existing name, wrong password"].append(_timed(
            client, "/api/auth/login", {"name": names[attempt // 4], "password": "wrong one"},
            address))
        rows["unknown name"].append(_timed(
            client, "/api/auth/login", {"name": f"u{secrets.token_hex(4)}", "password": "x"},
            address))
        rows["register a taken name"].append(_timed(
            client, "/api/auth/register", {"name": names[0], "password": "long enough"},
            f"10.{attempt % 200}.{attempt // 200}.3"))
    for label, times in rows.items():
        print(f"{label:32s} median {statistics.median(times):7.1f} ms   "
              f"p90 {sorted(times)[int(len(times) * 0.9)]:7.1f} ms   ({len(times)} attempts)")


if __name__ == "__main__":
    main()
