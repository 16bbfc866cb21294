#!/usr/bin/env bash
# The operator's path, run as written: a fresh clone of this checkout, then the commands of
# README.md and docs/deploy.md in their order, each echoed before it runs. Commands that change
# this machine (apt-get, useradd, files in /etc, systemctl, a PostgreSQL role named meeplehall)
# run against a sandbox instead and say so: the nginx files go into a copy of Debian's
# /etc/nginx (as tests/deploy does) and are checked with nginx -t; the systemd units are read by
# systemd-analyze verify; PostgreSQL's peer recipe is the one tests/deploy/peer.py runs. The
# commands that take minutes (the whole test suite, arena runs of 20 and 400 games, the strength
# and load benchmarks) are named and skipped.
#
#     bash bench/operator_walkthrough.sh            # prints every command and its output
set -uo pipefail

REPO=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d /tmp/meeplehall-walkthrough.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$WORK"' EXIT
failures=0

step() { printf '\n$ %s\n' "$*"; }
run() {  # run a command line as written, in the clone, with a deadline
    step "$1"
    if ! (cd "$WORK/hall" && timeout "${2:-300}" bash -c "$1") 2>&1 | tail -n "${3:-12}"; then
        echo "!! failed"; failures=$((failures + 1))
    fi
}
skip() { step "$1"; echo "   (skipped: $2)"; }
wait_for() {  # until the URL answers 200 (a fresh install may take minutes on a busy machine)
    for _ in $(seq 1 3600); do
        curl -fs -o /dev/null "$1" && return 0
        sleep 0.25
    done
    return 1
}

git clone -q "$REPO" "$WORK/hall"
cd "$WORK/hall" || exit 1
echo "fresh clone of $(git -C "$REPO" rev-parse --short HEAD) in $WORK/hall"

# --- README.md ---------------------------------------------------------------------------------
PORT=8000
if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then
    PORT=18000  # another hall has 8000 on this shared machine: the same command, another port
    export MEEPLEHALL_PORT=$PORT
fi
step "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/meeplehall serve"
started=$(date +%s)
(python3 -m venv .venv && .venv/bin/pip install -e . && exec .venv/bin/meeplehall serve) \
    > "$WORK/serve.log" 2>&1 &
if wait_for "http://127.0.0.1:$PORT/"; then
    echo "   the lobby answers on http://127.0.0.1:$PORT/ after $(( $(date +%s) - started )) s"
    grep -E "database|redis:|mail:|ready" "$WORK/serve.log" | cut -c1-120
else
    echo "!! the lobby never answered"; tail -5 "$WORK/serve.log"; failures=$((failures + 1))
fi
kill %1 2>/dev/null; wait 2>/dev/null  # the install is done once the lobby answered
unset MEEPLEHALL_PORT
run "python3 -m venv .venv && .venv/bin/pip install -q -e '.[dev]' > /dev/null 2>&1 && .venv/bin/python -m pytest --collect-only -q | tail -1" 1800 3
echo "   (the suite itself: collected only here, it takes about 16 minutes with -n 3)"
. .venv/bin/activate
run "meeplehall play yaxha --players 3 --seat 1 --seed 7 <<< q" 60 4
run "meeplehall --version"
run "meeplehall migrate"
run "meeplehall backup /tmp/hall-\$\$.db && ls -l /tmp/hall-\$\$.db && rm /tmp/hall-\$\$.db" 60 3
run "meeplehall admin make-admin alice; echo \"exit \$? (nobody registered alice in this fresh database)\"" 60 2
run "meeplehall games"
run "meeplehall play yaxha --players 4 --seat none" 120 6
run "meeplehall play yaxha --seat 2 --save game.json <<< q" 60 3
run "meeplehall replay game.json" 60 3
run "meeplehall play yaxha -o bonus_cards=beginner -o neighbour_ties_score=false <<< q" 60 3
run "meeplehall play pyramido --bots 3 <<< q" 60 3
skip "meeplehall arena yaxha --bots 2,3 --games 20 --players 2 --workers 2" "minutes"
skip "meeplehall arena yaxha --bots 2,3 --games 400 --players 2 --workers 2 --plot" "an hour"
run "meeplehall arena monsterhex --bots 1,2 --players 3 --games 3 --out $WORK/arena" 300 4
echo "   (README's line uses --bots 1,2,3:seconds=0.2 --games 30: minutes; this is 3 games)"
skip "nice python bench/strength.py ..." "up to an hour"
run "python -c \"from meeplehall.rl import pettingzoo_env; print(pettingzoo_env('yaxha', 4))\"" 120 2
run "meeplehall bench yaxha --players 4" 300 4
run "python bench/mutations.py --list | tail -1" 60 1
skip "the other benchmarks (bench/*.py --runs 3)" "minutes each"

# --- docs/deploy.md ------------------------------------------------------------------------------
skip "sudo useradd --system ... meeplehall; sudo python3 -m venv /opt/meeplehall/venv ..." \
    "changes this machine; the clone's venv stands for /opt/meeplehall/venv"
run "meeplehall --version"
skip "sudo runuser -u postgres -- createuser meeplehall / createdb ..." \
    "a role on the shared cluster: tests/deploy/peer.py makes a test role instead"
run "python -c 'import sys; sys.path.insert(0, \".\"); from tests.deploy.peer import peer_database
with peer_database() as url:
    import subprocess
    print(url)
    subprocess.run([\"meeplehall\", \"migrate\", \"--database-url\", url], check=True)
    subprocess.run([\"meeplehall\", \"migrate\", \"--database-url\", url.replace(\"meeplehall_test\", \"meeplehall_nobody\")])'" 120 6
run "meeplehall migrate --database-url postgresql://meeplehall_nobody@127.0.0.1/postgres; echo \"exit \$?\"" 60 3
run "meeplehall serve --help | head -5" 60 5
run "python -m meeplehall.cli.reference docs/deploy.md && git diff --stat docs/deploy.md" 60 2
run "systemd-analyze verify --man=no deploy/systemd/meeplehall-backup.timer 2>&1 | grep -v 'No such file' | head -3; echo verified" 60 3
run "python -m pytest -n 0 -q tests/deploy/test_shipped_files.py" 300 3
echo "   (nginx -t of each shipped site installed into a copy of Debian's /etc/nginx)"
run "sed 's/^\\(\\s*\\)server 127.0.0.1:8001 .*/\\1server 127.0.0.1:8000 max_fails=1 fail_timeout=5s;/; /127.0.0.1:8002/d' deploy/nginx/meeplehall-upstream.conf | grep 'server 127'" 10 3
run "MEEPLEHALL_BOT_WORKERS=0 meeplehall serve; echo \"exit \$?\"" 30 2
run "MEEPLEHALL_DATABASE_URL=postgresql://nobody@127.0.0.1:1/x meeplehall serve --data-dir $WORK/x; echo \"exit \$?\"; ls $WORK/x 2>&1 | head -1" 30 4
run "meeplehall backup $WORK/copy.db --data-dir data && stat -c '%a %n' $WORK/copy.db" 60 2

echo
echo "walkthrough done: $failures command(s) failed"
exit $((failures > 0))
