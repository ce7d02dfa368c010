"""What the CLI tests share: the real ``sevens`` command under typer's runner, a check that bad input is refused
as the README promises (exit 2, one ``error: …`` line, no traceback, no usage box), and a fixture that fails a
test at once if a refused command got as far as starting a server or a screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

import sevens.server.app
from sevens.cli.app import app
from sevens.tui.app import SevensApp

runner = CliRunner()


@pytest.fixture(autouse=True)
def nothing_starts(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[dict[str, Any]]]:
    """A refused command must not get as far as a server or a screen: either fails the test at once. A test that
    expects a command to be accepted reads what reached the server from the list this yields."""
    served: list[dict[str, Any]] = []

    def started(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("bad input reached the terminal app")

    monkeypatch.setattr(sevens.server.app, "serve", lambda **kwargs: served.append(kwargs))
    monkeypatch.setattr(SevensApp, "run", started)
    yield served


def refused(*args: str) -> str:
    """Run ``sevens ARGS``; assert it was refused as promised and return the error line."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 2, (args, result.exit_code, result.output, result.exception)
    err = result.stderr
    assert err.startswith("error: ") and err.count("\n") == 1, err  # one line
    assert "Traceback" not in result.output and "╭" not in result.output  # no traceback, no usage box
    return err
