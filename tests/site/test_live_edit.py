"""Live editing under a real `mkdocs serve --livereload` on 127.0.0.1.

A broken YAML save keeps the last good site served with an error banner (and a log
line naming file:line); fixing the file recovers without restarting the server.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from sitekit import make_project

pytestmark = pytest.mark.site


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode("utf-8")
    except OSError:
        return None


def _wait_for(predicate, timeout: float = 60.0, what: str = "condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.3)
    pytest.fail(f"timed out after {timeout:.0f}s waiting for {what}")


def _serve(project, log_path):
    port = _free_port()
    with open(log_path, "w", encoding="utf-8") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "serve", "--livereload", "-a", f"127.0.0.1:{port}"],
            cwd=project, stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return server, port


def _stop(server) -> None:
    server.terminate()
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()


def test_serve_started_on_broken_data_shows_the_banner_and_recovers(tmp_path):
    """Issue 17, case 10: `mkdocs serve` on data that is already broken used to exit 1."""
    project = make_project(tmp_path, ("corporate-warfare",))
    phases = project / "rules_data/corporate-warfare/phases.yaml"
    good = phases.read_text(encoding="utf-8")
    phases.write_text(good.replace("name: Allocation", "name: Staffing\n    nmae: typo", 1), encoding="utf-8")
    log_path = tmp_path / "serve.log"
    server, port = _serve(project, log_path)
    try:
        home = _wait_for(lambda: _get(f"http://127.0.0.1:{port}/"), what="the first build")
        assert "rc-live-error" in home and "phases.yaml:" in home
        assert "unknown key &#x27;nmae&#x27;" in home or "unknown key 'nmae'" in home
        assert server.poll() is None  # still serving

        phases.write_text(good.replace("name: Allocation", "name: Staffing", 1), encoding="utf-8")
        url = f"http://127.0.0.1:{port}/corporate-warfare/turn/"
        page = _wait_for(lambda: (p := _get(url)) and "Staffing" in p and p, what="recovery")
        assert "rc-live-error" not in page
        assert "Traceback" not in log_path.read_text(encoding="utf-8")
    finally:
        _stop(server)


def test_broken_edit_keeps_last_good_site_and_recovers(tmp_path):
    project = make_project(tmp_path, ("corporate-warfare",))
    log_path = tmp_path / "serve.log"
    server, port = _serve(project, log_path)
    url = f"http://127.0.0.1:{port}/corporate-warfare/turn/"
    phases = project / "rules_data/corporate-warfare/phases.yaml"
    good = phases.read_text(encoding="utf-8")
    try:
        first = _wait_for(lambda: _get(url), what="the first build")
        assert "1. Allocation" in first and "rc-live-error" not in first

        broken = good.replace("name: Allocation", "name: Staffing\n    nmae: typo", 1)
        phases.write_text(broken, encoding="utf-8")
        page = _wait_for(lambda: (p := _get(url)) and "rc-live-error" in p and p, what="the error banner")
        assert "1. Allocation" in page  # still the last good rules
        assert "Staffing" not in page
        assert "unknown key &#x27;nmae&#x27;" in page or "unknown key 'nmae'" in page
        assert "phases.yaml:" in page
        log_text = log_path.read_text(encoding="utf-8")
        assert "rules_data/corporate-warfare/phases.yaml:" in log_text
        assert "Traceback" not in log_text

        phases.write_text(good.replace("name: Allocation", "name: Staffing", 1), encoding="utf-8")
        page = _wait_for(lambda: (p := _get(url)) and "Staffing" in p and p, what="recovery")
        assert "rc-live-error" not in page
    finally:
        _stop(server)
