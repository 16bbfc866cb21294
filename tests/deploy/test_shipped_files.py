"""The files of deploy/ as an operator installs them: the whole nginx site (the TLS server
included, which the failover test replaces by a plain listener) is accepted by ``nginx -t``, and
systemd reads the unit with no unknown or malformed setting."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.nginx_proxy import PROXY, REPO, SITE

UNIT = REPO / "deploy" / "systemd" / "meeplehall@.service"


def self_signed(folder: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate for the TLS server")
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=games.example.org", "-keyout", str(key),
                    "-out", str(certificate)], check=True, capture_output=True)
    return certificate, key


def test_the_shipped_nginx_site_passes_nginx_t(nginx: str, tmp_path: Path) -> None:
    certificate, key = self_signed(tmp_path)
    site = (SITE.read_text()
            .replace("/etc/nginx/snippets/meeplehall-proxy.conf", str(PROXY))
            .replace("/etc/letsencrypt/live/games.example.org/fullchain.pem", str(certificate))
            .replace("/etc/letsencrypt/live/games.example.org/privkey.pem", str(key)))
    (tmp_path / "site.conf").write_text(site)
    temporary = " ".join(f"{kind}_temp_path {tmp_path / kind};"
                         for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    conf = tmp_path / "nginx.conf"
    conf.write_text(f"pid {tmp_path / 'nginx.pid'};\nevents {{}}\n"
                    f"http {{ access_log off; {temporary} include {tmp_path / 'site.conf'}; }}\n")
    checked = subprocess.run([nginx, "-t", "-p", str(tmp_path), "-c", str(conf),
                              "-e", str(tmp_path / "error.log")],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert "[warn]" not in checked.stderr and "[emerg]" not in checked.stderr, checked.stderr


def test_systemd_reads_every_setting_of_the_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    # An instance of the template, started by this checkout's meeplehall (verify checks that
    # the command exists).
    command = Path(sys.executable).with_name("meeplehall")
    unit = tmp_path / "meeplehall@8001.service"
    unit.write_text(UNIT.read_text().replace("/opt/meeplehall/venv/bin/meeplehall",
                                             str(command)))
    checked = subprocess.run([analyze, "verify", "--man=no", str(unit)],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout + checked.stderr == ""
