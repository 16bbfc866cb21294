"""The files of deploy/ as an operator installs them (tests/nginx_proxy.py puts them where
docs/deploy.md says, in a copy of Debian's /etc/nginx): ``nginx -t`` accepts the HTTP site with
nothing edited, the TLS site once its three EDIT lines name a certificate (a self-signed one
made here) and the HTTP site with the sub-path snippet; systemd reads both units with no
unknown or malformed setting."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.nginx_proxy import REPO, NginxProcess

UNITS = REPO / "deploy" / "systemd"


def self_signed(folder: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: no certificate for the TLS site")
    certificate, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(certificate)],
                   check=True, capture_output=True)
    return certificate, key


@pytest.mark.parametrize("site", ["http", "tls", "subpath"])
def test_the_shipped_nginx_site_passes_nginx_t_as_installed(
    nginx: str, tmp_path: Path, site: str,
) -> None:
    certificate = self_signed(tmp_path) if site == "tls" else None
    proxy = NginxProcess(tmp_path / "nginx", [8001, 8002], certificate=certificate,
                         subpath=site == "subpath", edit_ports=False)
    checked = proxy.check()
    assert checked.returncode == 0, checked.stderr
    assert "[warn]" not in checked.stderr and "[emerg]" not in checked.stderr, checked.stderr


def test_nginx_raised_for_thousands_of_players_as_deploy_md_says_passes_nginx_t(
    nginx: str, tmp_path: Path,
) -> None:
    """The edit deploy.md's sizing asks of nginx.conf for thousands of sockets (the load
    benchmark's nginx) is one nginx accepts."""
    proxy = NginxProcess(tmp_path / "nginx", [8001, 8002], edit_ports=False,
                         worker_connections=16384)
    checked = proxy.check()
    assert checked.returncode == 0, checked.stderr
    assert "[warn]" not in checked.stderr and "[emerg]" not in checked.stderr, checked.stderr
    conf = proxy.conf.read_text()
    assert "worker_connections 16384;" in conf and "worker_connections 768;" not in conf
    assert "worker_rlimit_nofile 32768;" in conf


@pytest.mark.parametrize("unit", ["meeplehall@.service", "meeplehall.service",
                                  "meeplehall-backup.service", "meeplehall-backup.timer"])
def test_systemd_reads_every_setting_of_the_units(tmp_path: Path, unit: str) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed")
    # An instance of a template, started by this checkout's meeplehall (verify checks that
    # the command exists).
    command = Path(sys.executable).with_name("meeplehall")
    for name in {unit, unit.replace(".timer", ".service")}:
        installed = tmp_path / name.replace("@", "@8001")
        installed.write_text((UNITS / name).read_text().replace(
            "/opt/meeplehall/venv/bin/meeplehall", str(command)))
    checked = subprocess.run([analyze, "verify", "--man=no",
                              str(tmp_path / unit.replace("@", "@8001"))],
                             capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout + checked.stderr == ""
