"""A real nginx in front of ``meeplehall serve`` processes, installed as docs/deploy.md says, for
the deployment tests and the multi-process benchmark.

The files of deploy/nginx/ go where the doc puts them, in a copy of Debian's /etc/nginx tree
under a folder of the test's own (its nginx.conf as Debian ships it, every absolute path moved
under that folder): meeplehall-upstream.conf in conf.d/, meeplehall-proxy.conf in snippets/,
the site in sites-available/ linked from sites-enabled/ (Debian's `default` site removed, as the
doc says). Then only what the doc tells an operator to edit is edited: the upstream's ports,
the site's listening port, the TLS site's three EDIT lines; for a sub-path, the site includes
meeplehall-subpath.conf. One more file, test-only, in conf.d/: the header naming the process
that answered (how a test knows where a WebSocket went), and nginx's temporary files.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from tests.live_server import OnLoopback, free_port, start_answering, stop_process

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "deploy" / "nginx"
UPSTREAM = SHIPPED / "meeplehall-upstream.conf"
PROXY = SHIPPED / "meeplehall-proxy.conf"
HTTP_SITE = SHIPPED / "meeplehall.conf"
TLS_SITE = SHIPPED / "meeplehall-tls.conf"
SUBPATH = SHIPPED / "meeplehall-subpath.conf"
DEBIAN = Path("/etc/nginx")
#: The header the test configuration adds to every answer, the last of its addresses being the
#: process that served it (nginx lists every one it tried). Not in the shipped files.
UPSTREAM_HEADER = "X-Meeplehall-Upstream"


def nginx_binary() -> str | None:
    """Debian's nginx, which is in /usr/sbin (often not on a user's PATH)."""
    found = shutil.which("nginx")
    if found is None and os.access("/usr/sbin/nginx", os.X_OK):
        found = "/usr/sbin/nginx"
    return found


def with_ports(upstream: str, ports: list[int]) -> str:
    """The shipped upstream file with one server line per port, each with the parameters of
    the shipped first line (what the doc says to edit for another set of processes)."""
    server = re.search(r"^(\s*)server 127\.0\.0\.1:\d+(.*)$", upstream, re.MULTILINE)
    if server is None:
        raise ValueError(f"{UPSTREAM}: no server line")
    indent, parameters = server.group(1), server.group(2)
    lines = "".join(f"{indent}server 127.0.0.1:{port}{parameters}\n" for port in ports)
    first = server.start()
    rest = re.sub(r"^\s*server 127\.0\.0\.1:\d+.*\n", "", upstream[first:], flags=re.MULTILINE)
    return upstream[:first] + lines + rest


@dataclass
class NginxProcess(OnLoopback):
    """nginx in the foreground with the shipped files installed under ``directory``.

    ``port`` is where the site listens (the HTTP site's 80; the TLS site's 443, its 80 then
    at ``redirect_port``). ``certificate`` (a certificate and its key) installs the TLS site
    instead of the HTTP one; ``subpath`` adds meeplehall-subpath.conf to the HTTP site."""

    directory: Path
    upstream_ports: list[int]
    port: int = field(default_factory=free_port)
    certificate: tuple[Path, Path] | None = None
    redirect_port: int = field(default_factory=free_port)
    subpath: bool = False
    #: False: the site's ports as shipped (80, 443), for ``nginx -t`` of the files as installed.
    edit_ports: bool = True
    #: Connections per worker, as deploy.md tells an operator to raise it for thousands of
    #: players (None: Debian's 768); the descriptor limit is raised with it.
    worker_connections: int | None = None
    process: subprocess.Popen[bytes] | None = None

    @property
    def log(self) -> Path:
        """Its error log and its output, in one file."""
        return self.directory / "nginx.log"

    @property
    def access_log(self) -> Path:
        return self.moved("/var/log/nginx/meeplehall.access.log")

    @property
    def conf(self) -> Path:
        return self.moved("/etc/nginx/nginx.conf")

    def moved(self, path: str) -> Path:
        """Where an absolute path of the installed files is in this nginx's tree."""
        return self.directory / path.lstrip("/")

    def _rewritten(self, text: str) -> str:
        for root in ("/etc/nginx/", "/var/log/nginx/", "/var/www/", "/run/"):
            text = text.replace(root, f"{self.directory}{root}")
        return text

    def _listen(self, site: str, shipped: int, port: int) -> str:
        if not self.edit_ports:
            return site
        return site.replace(f"listen {shipped} ", f"listen 127.0.0.1:{port} ")

    def _site(self) -> str:
        if self.certificate is None:
            site = self._listen(HTTP_SITE.read_text(), 80, self.port)
            if self.subpath:  # the line the doc adds inside the site's server block
                site = site.replace("    location / {",
                                    "    include snippets/meeplehall-subpath.conf;\n\n"
                                    "    location / {", 1)
            return site
        certificate, key = self.certificate
        site = self._listen(self._listen(TLS_SITE.read_text(), 80, self.redirect_port),
                            443, self.port)
        return (site.replace("server_name games.example.org;", "server_name 127.0.0.1;")
                .replace("/etc/letsencrypt/live/games.example.org/fullchain.pem",
                         str(certificate))
                .replace("/etc/letsencrypt/live/games.example.org/privkey.pem", str(key)))

    def install(self) -> None:
        """The files in place, as an operator following the doc leaves them."""
        etc = self.moved("/etc/nginx")
        if etc.exists():
            shutil.rmtree(etc)
        etc.mkdir(parents=True)
        for name in ("nginx.conf", "mime.types"):
            (etc / name).write_text(self._rewritten((DEBIAN / name).read_text()))
        shutil.copytree(DEBIAN / "modules-enabled", etc / "modules-enabled", symlinks=True)
        for folder in ("conf.d", "snippets", "sites-available", "sites-enabled"):
            (etc / folder).mkdir()
        for folder in ("/var/log/nginx", "/run", "/var/www/html"):
            self.moved(folder).mkdir(parents=True, exist_ok=True)
        (etc / "conf.d" / "meeplehall-upstream.conf").write_text(
            with_ports(UPSTREAM.read_text(), self.upstream_ports))
        shutil.copy(PROXY, etc / "snippets" / "meeplehall-proxy.conf")
        (etc / "snippets" / "meeplehall-subpath.conf").write_text(
            self._rewritten(SUBPATH.read_text()))
        (etc / "sites-available" / "meeplehall").write_text(self._rewritten(self._site()))
        (etc / "sites-enabled" / "meeplehall").symlink_to("../sites-available/meeplehall")
        temporary = "\n".join(f"{kind}_temp_path {self.directory / kind};"
                              for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
        (etc / "conf.d" / "test-only.conf").write_text(
            f"add_header {UPSTREAM_HEADER} $upstream_addr always;\n{temporary}\n")
        # Debian's nginx.conf runs its workers as www-data, who could not read a test's
        # private folder: as root, the workers run as root here.
        conf = self.conf.read_text()
        if self.worker_connections is not None:
            conf = re.sub(r"worker_connections \d+;",
                          f"worker_connections {self.worker_connections};", conf)
            conf = f"worker_rlimit_nofile {2 * self.worker_connections};\n{conf}"
        self.conf.write_text(re.sub(r"^user \S+;", "user root;", conf, flags=re.MULTILINE)
                             if os.geteuid() == 0 else re.sub(r"^user \S+;", "", conf,
                                                              flags=re.MULTILINE))

    def command(self) -> list[str]:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("nginx is not installed")
        # -e: the error log from the very start, before the configuration names it.
        return [binary, "-p", str(self.directory), "-c", str(self.conf), "-e", str(self.log)]

    def check(self) -> subprocess.CompletedProcess[str]:
        """``nginx -t`` on the installed files."""
        self.install()
        return subprocess.run([*self.command(), "-t"], capture_output=True, text=True)

    def start(self) -> None:
        self.install()
        scheme = "https" if self.certificate else "http"
        self.process = start_answering(
            [*self.command(), "-g", "daemon off;"], self.log,
            f"{scheme}://127.0.0.1:{self.port}/healthz", 60,
        )

    def stop(self) -> None:
        # SIGTERM: at once, without waiting for open sockets (they are the test's to close).
        if self.process is not None:
            stop_process(self.process)
            self.process = None
