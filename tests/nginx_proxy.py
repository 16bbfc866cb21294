"""A real nginx in front of ``meeplehall serve`` processes, with the shipped configuration, for
the deployment tests and the multi-process benchmark.

The ``map`` and ``upstream`` blocks come from deploy/nginx/meeplehall.conf and the proxy
settings from deploy/nginx/meeplehall-proxy.conf, as shipped; only what differs on a test
machine is written here: the processes' ports, a plain-HTTP listener on a free loopback port
instead of TLS, and every file nginx writes (pid, logs, temporary files) in a folder of its own.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from tests.live_server import OnLoopback, free_port, start_answering, stop_process

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "deploy" / "nginx" / "meeplehall.conf"
PROXY = REPO / "deploy" / "nginx" / "meeplehall-proxy.conf"
#: The header the test listener adds to every answer, the last of its addresses being the
#: process that served it (nginx lists every one it tried): how a test knows where a WebSocket
#: went. Not in the shipped configuration, which has no use for it.
UPSTREAM_HEADER = "X-Meeplehall-Upstream"


def nginx_binary() -> str | None:
    """Debian's nginx, which is in /usr/sbin (often not on a user's PATH)."""
    found = shutil.which("nginx")
    if found is None and os.access("/usr/sbin/nginx", os.X_OK):
        found = "/usr/sbin/nginx"
    return found


def _block(text: str, head: str) -> str:
    match = re.search(rf"^{head}\s*\{{.*?^\}}", text, re.MULTILINE | re.DOTALL)
    if match is None:
        raise ValueError(f"{SITE} has no block {head!r}")
    return match.group(0)


def shipped_upstream(ports: list[int]) -> str:
    """The shipped ``map`` blocks and ``upstream`` block, the upstream's servers at ``ports`` (each
    with the parameters of the shipped first server line)."""
    site = SITE.read_text()
    upstream = _block(site, r"upstream meeplehall")
    server = re.search(r"^(\s*)server 127\.0\.0\.1:\d+(.*)$", upstream, re.MULTILINE)
    if server is None:
        raise ValueError(f"{SITE}: no server line in the upstream")
    indent, parameters = server.group(1), server.group(2)
    lines = "\n".join(f"{indent}server 127.0.0.1:{port}{parameters}" for port in ports)
    # Every shipped server line goes; the new ones stand where the first one was.
    without = re.sub(r"^\s*server 127\.0\.0\.1:\d+.*\n", "", upstream, flags=re.MULTILINE)
    opening = without.index("{") + 1
    upstream = f"{without[:opening]}\n{lines}{without[opening:]}"
    maps = [_block(site, r"map \$http_upgrade \$connection_upgrade"),
            _block(site, r"map \$uri \$meeplehall_route")]
    return "\n\n".join([*maps, upstream]) + "\n"


@dataclass
class NginxProcess(OnLoopback):
    """nginx in the foreground (``daemon off``), its files in ``directory``."""

    directory: Path
    upstream_ports: list[int]
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def log(self) -> Path:
        """Its error log and its output, in one file."""
        return self.directory / "nginx.log"

    def config(self) -> str:
        here = self.directory
        # nginx started by root runs its workers as nobody, who could not write the temporary
        # files in a test's private folder; as any other user the directive is ignored.
        user = f"user {pwd.getpwuid(0).pw_name};\n" if os.geteuid() == 0 else ""
        temporary = "\n".join(
            f"    {kind}_temp_path {here / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        return f"""{user}daemon off;
# One worker: its round robin then alternates strictly between the processes.
worker_processes 1;
pid {here / "nginx.pid"};
error_log {self.log} notice;
events {{
    worker_connections 4096;
}}
http {{
    log_format upstream '$remote_addr "$request" $status $upstream_addr';
    access_log {here / "access.log"} upstream;
{temporary}

{shipped_upstream(self.upstream_ports)}
    server {{
        listen 127.0.0.1:{self.port};
        add_header {UPSTREAM_HEADER} $upstream_addr always;
        location / {{
            include {PROXY};
        }}
    }}
}}
"""

    def start(self) -> None:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed")
        self.directory.mkdir(parents=True, exist_ok=True)
        conf = self.directory / "nginx.conf"
        conf.write_text(self.config())
        # -e: the error log from the very start, before the configuration names it.
        self.process = start_answering(
            [binary, "-p", str(self.directory), "-c", str(conf), "-e", str(self.log)],
            self.log, f"{self.base}/healthz", 15,
        )

    def stop(self) -> None:
        # SIGTERM: at once, without waiting for open sockets (they are the test's to close).
        if self.process is not None:
            stop_process(self.process)
            self.process = None
