"""Issue 40: ``sevens serve`` says "Open http://…" only once it accepts connections, so a script (or a person)
that waits for the line and connects at once is never refused. Before, the line came about half a second before
uvicorn listened and such a script got "connection refused"."""

from __future__ import annotations

import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from harness.process import HOST, free_port


def test_the_address_is_printed_once_the_server_listens(tmp_path: Path) -> None:
    port = free_port()
    command = "from sevens.cli.app import main; main()"
    # every address of the machine, as for phones at the table: the line names the loopback one to open here
    args = ["serve", "--host", "0.0.0.0", "--port", str(port), "--database", f"sqlite:///{tmp_path / 'serve.db'}"]
    errors = (tmp_path / "stderr.txt").open("w+", encoding="utf-8")  # what it said, should it end early
    child = subprocess.Popen(
        [sys.executable, "-c", command, *args], stdout=subprocess.PIPE, stderr=errors, text=True, encoding="utf-8",
    )  # fmt: skip
    try:
        assert child.stdout is not None
        seen = []
        for line in child.stdout:  # blocks until the server prints (pytest's timeout ends a hang)
            seen.append(line)
            if line.startswith("Open "):
                break
        else:
            child.wait(timeout=30)
            errors.seek(0)
            raise AssertionError(f"the server ended without saying where to open it: {seen}\n{errors.read()}")
        with socket.create_connection((HOST, port), timeout=10):  # at once: no sleep, no retry
            pass
        with urllib.request.urlopen(f"http://{HOST}:{port}/", timeout=10) as page:
            assert page.status == 200
    finally:
        child.terminate()
        child.wait(timeout=30)
        errors.close()
    url = f"http://{HOST}:{port}/"
    assert line.strip() == f"Open {url} in your browser / ブラウザで {url} を開いてください"
