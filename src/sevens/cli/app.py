"""The ``sevens`` command: every sub-command registers itself on the shared typer app."""

from __future__ import annotations

import sys

from sevens.cli import arena, commands, watch
from sevens.cli.common import app, user_errors
from sevens.server.command import serve
from sevens.tui.command import history, play

app.command("play")(user_errors(play))
app.command("history")(user_errors(history))
app.command("serve")(user_errors(serve))

__all__ = ["app", "arena", "commands", "main", "watch"]


def main() -> None:
    app(args=arena.ray_address_optional(sys.argv[1:]))
