"""``sevens serve``: the game server from the command line (the CLI registers :func:`serve` as a command).

Imports of FastAPI and uvicorn wait until the command runs, so the rest of the CLI starts without them.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from sevens.cli.common import DatabaseOption
from sevens.server.config import LOOPBACK, PRIVATE_NETWORKS, ServerConfig
from sevens.server.logs import LOG_FORMATS
from sevens.server.proxies import parse_networks, split_list


def networks_option(name: str, envvar: str, help: str) -> Any:
    """A repeatable option of addresses and networks, also read from ``envvar`` (separated by spaces)."""
    return typer.Option(name, envvar=envvar, help=help)


def address_list(options: list[str] | None, default: tuple[str, ...]) -> tuple[str, ...]:
    """The entries of a repeatable address option (each may list several), ``default`` if none, nothing for
    ``none``."""
    entries = tuple(entry for option in options or () for entry in split_list(option))
    return () if entries == ("none",) else entries or default


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
    redis: Annotated[
        str | None,
        typer.Option("--redis", help="redis://host:port: one node of a site sharing this Redis (with PostgreSQL)."),
    ] = None,
    advertise: Annotated[
        str | None,
        typer.Option("--advertise", help="http://host:port where other nodes reach this one (default: --host/--port)."),
    ] = None,
    rooms_per_minute: Annotated[
        float, typer.Option("--rooms-per-minute", min=0.01, help="Rooms one client address may create a minute.")
    ] = 10.0,
    lobbies_per_address: Annotated[
        int, typer.Option("--lobbies-per-address", min=1, help="Rooms one client address may hold in the lobby.")
    ] = 50,
    connections_per_address: Annotated[
        int, typer.Option("--connections-per-address", min=1, help="WebSockets one client address may hold open.")
    ] = 200,
    trusted_proxy: Annotated[
        list[str] | None,
        networks_option(
            "--trusted-proxy",
            "SEVENS_TRUSTED_PROXIES",
            "A proxy (address or network, e.g. 10.0.0.0/8) whose X-Forwarded-For is believed (repeatable; "
            "default: 127.0.0.1 and ::1; none: no proxy).",
        ),
    ] = None,
    metrics_allow: Annotated[
        list[str] | None,
        networks_option(
            "--metrics-allow",
            "SEVENS_METRICS_ALLOW",
            "Addresses or networks that may read /metrics (repeatable; default: private networks; none: off).",
        ),
    ] = None,
    header_timeout: Annotated[
        float, typer.Option("--header-timeout", min=0.1, help="Seconds a client has to send a request's headers.")
    ] = 10.0,
    http_connections_per_address: Annotated[
        int,
        typer.Option("--http-connections-per-address", min=1, help="HTTP connections one address may hold open."),
    ] = 64,
    log_format: Annotated[
        str, typer.Option("--log-format", envvar="SEVENS_LOG_FORMAT", help="text (default) or json: one object a line.")
    ] = "text",
) -> None:
    """Run the online game server: rooms over HTTP, play over WebSocket, every move stored before it is sent."""
    from sevens.server.app import serve as run

    if sqlite_sync not in ("full", "normal"):
        raise typer.BadParameter("--sqlite-sync is full or normal")
    if log_format not in LOG_FORMATS:
        raise typer.BadParameter(f"--log-format is {' or '.join(LOG_FORMATS)}, got {log_format!r}")
    proxies = address_list(trusted_proxy, LOOPBACK)
    scrapers = address_list(metrics_allow, PRIVATE_NETWORKS)
    for option, entries in (("--trusted-proxy", proxies), ("--metrics-allow", scrapers)):
        try:
            parse_networks(entries)
        except ValueError as exc:
            raise typer.BadParameter(f"{option}: {exc}") from None
    config = ServerConfig(
        allowed_origins=tuple(allowed_origin or ()),
        grace_seconds=grace,
        bot_delay=bot_delay,
        sqlite_synchronous="normal" if sqlite_sync == "normal" else "full",
        rooms_per_minute=rooms_per_minute,
        rooms_burst=max(20, int(rooms_per_minute)),
        lobbies_per_address=lobbies_per_address,
        connections_per_address=connections_per_address,
        redis_url=redis,
        advertise=advertise,
        trusted_proxies=proxies,
        metrics_allow=scrapers,
        header_timeout=header_timeout,
        http_connections_per_address=http_connections_per_address,
        log_format="json" if log_format == "json" else "text",
    )
    run(host=host, port=port, database_url=db, config=config, log_level=log_level)


__all__ = ["serve"]
