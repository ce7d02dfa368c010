"""``sevens serve``: the game server from the command line (the CLI registers :func:`serve` as a command).

Imports of FastAPI and uvicorn wait until the command runs, so the rest of the CLI starts without them.
"""

from __future__ import annotations

from typing import Annotated

import typer

from sevens.cli.common import DatabaseOption
from sevens.server.config import ServerConfig


def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="TCP port.")] = 8000,
    db: DatabaseOption = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option("--allowed-origin", help="A browser origin allowed besides the server's own (repeatable)."),
    ] = None,
    grace: Annotated[float, typer.Option("--grace", help="Seconds a disconnected player keeps the seat.")] = 30.0,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", help="Seconds a computer waits to move (normal pace).")
    ] = 1.0,
    sqlite_sync: Annotated[
        str,
        typer.Option(
            "--sqlite-sync", help="full (default), or normal: commits survive a server crash, not an OS crash."
        ),
    ] = "full",
    log_level: Annotated[str, typer.Option("--log-level", help="uvicorn log level.")] = "info",
) -> None:
    """Run the online game server: rooms over HTTP, play over WebSocket, every move stored before it is sent."""
    from sevens.server.app import serve as run

    if sqlite_sync not in ("full", "normal"):
        raise typer.BadParameter("--sqlite-sync is full or normal")
    config = ServerConfig(
        allowed_origins=tuple(allowed_origin or ()),
        grace_seconds=grace,
        bot_delay=bot_delay,
        sqlite_synchronous="normal" if sqlite_sync == "normal" else "full",
    )
    run(host=host, port=port, database_url=db, config=config, log_level=log_level)


__all__ = ["serve"]
