"""``sevens serve``: the game server from the command line (the CLI registers :func:`serve` as a command).

Everything a player can get wrong is checked before the server starts and before its address is announced: the
address to listen on (it must exist on this machine and the port be free), the database (opened and migrated
once), the Redis and advertise URLs of a several-node site, the log level. Each refusal is one ``error: …`` line
(exit 2). Imports of FastAPI, uvicorn and the store wait until the command runs, so the rest of the CLI starts
without them.
"""

# No `from __future__ import annotations` here: typer reads the commands' annotations on every start, and string
# ones it must evaluate (twice), which cost every command ~0.01 s of CPU (tests/test_cli_speed.py).

from typing import Annotated, Any

import typer

from sevens.command_options import DatabaseOption
from sevens.errors import SevensError

LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")
"""uvicorn's log levels."""
WILDCARDS = ("0.0.0.0", "::", "")
MAX_SECONDS = 24 * 3600.0
MAX_PER_ADDRESS = 1_000_000


def networks_option(name: str, envvar: str, help: str) -> Any:
    """A repeatable option of addresses and networks, also read from ``envvar`` (separated by spaces)."""
    return typer.Option(name, envvar=envvar, help=help)


def per_address_option(name: str, help: str, least: float = 1) -> Any:
    """A limit on what one client address (or the whole site) may do: from ``least`` to :data:`MAX_PER_ADDRESS`."""
    return typer.Option(name, min=least, max=MAX_PER_ADDRESS, help=help)


def address_list(options: list[str] | None, default: tuple[str, ...]) -> tuple[str, ...]:
    """The entries of a repeatable address option (each may list several), ``default`` if none, nothing for
    ``none``."""
    from sevens.server.site.proxies import split_list

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
    embed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--embed-origin",
            help="A site (https://host[:port]) whose pages may embed /embed/… and receive its results (repeatable).",
        ),
    ] = None,
    grace: Annotated[
        float, typer.Option("--grace", min=0, max=MAX_SECONDS, help="Seconds a disconnected player keeps the seat.")
    ] = 30.0,
    shutdown_seconds: Annotated[
        float,
        typer.Option(
            "--shutdown-seconds",
            min=0.1,
            max=MAX_SECONDS,
            help="Seconds a stopping server (SIGTERM) has to hand its rooms over and close its connections; "
            "then the rest is cut (every move is stored already).",
        ),
    ] = 25.0,
    bot_delay: Annotated[
        float, typer.Option("--bot-delay", min=0, max=60, help="Seconds a computer waits to move (normal pace).")
    ] = 1.0,
    sqlite_sync: Annotated[
        str,
        typer.Option(
            "--sqlite-sync", help="full (default), or normal: commits survive a server crash, not an OS crash."
        ),
    ] = "full",
    log_level: Annotated[str, typer.Option("--log-level", help=f"uvicorn log level: {', '.join(LOG_LEVELS)}.")] = (
        "info"
    ),
    redis: Annotated[
        str | None,
        typer.Option("--redis", help="redis://host:port: one node of a site sharing this Redis (with PostgreSQL)."),
    ] = None,
    advertise: Annotated[
        str | None,
        typer.Option("--advertise", help="http://host:port where other nodes reach this one (default: --host/--port)."),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="SEVENS_PUBLIC_URL",
            help="https://host[:port][/path] where players open the site: invite links and QR codes use it "
            "(default: the address each browser used).",
        ),
    ] = None,
    rooms_per_minute: Annotated[
        float,
        per_address_option("--rooms-per-minute", "Rooms one client address may create a minute.", least=0.01),
    ] = 10.0,
    requests_per_second: Annotated[
        float,
        per_address_option(
            "--requests-per-second",
            "HTTP requests one client address may make a second over the whole site (a burst of 6 s' worth, "
            "at least 120, first).",
            least=0.01,
        ),
    ] = 20.0,
    half_open_connections: Annotated[
        int,
        per_address_option(
            "--half-open-connections",
            "HTTP connections still sending their headers, all addresses together; past it the oldest is "
            "closed (slowloris from many addresses).",
        ),
    ] = 512,
    lobbies_per_address: Annotated[
        int,
        per_address_option("--lobbies-per-address", "Rooms one client address may hold in the lobby."),
    ] = 50,
    connections_per_address: Annotated[
        int,
        per_address_option("--connections-per-address", "WebSockets one client address may hold open."),
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
        float,
        typer.Option(
            "--header-timeout", min=0.1, max=MAX_SECONDS, help="Seconds a client has to send a request's headers."
        ),
    ] = 10.0,
    http_connections_per_address: Annotated[
        int,
        per_address_option("--http-connections-per-address", "HTTP connections one address may hold open."),
    ] = 64,
    log_format: Annotated[
        str, typer.Option("--log-format", envvar="SEVENS_LOG_FORMAT", help="text (default) or json: one object a line.")
    ] = "text",
) -> None:
    """Run the online game server: rooms over HTTP, play over WebSocket, every move stored before it is sent."""
    from sevens.server.app import serve as run
    from sevens.server.config import LOOPBACK, PRIVATE_NETWORKS, ServerConfig
    from sevens.server.site.logs import LOG_FORMATS
    from sevens.server.site.proxies import parse_networks

    if sqlite_sync not in ("full", "normal"):
        raise SevensError(f"--sqlite-sync {sqlite_sync!r} is not allowed; allowed: full, normal")
    if log_level not in LOG_LEVELS:
        raise SevensError(f"--log-level {log_level!r} is not allowed; allowed: {', '.join(LOG_LEVELS)}")
    if log_format not in LOG_FORMATS:
        raise SevensError(f"--log-format {log_format!r} is not allowed; allowed: {', '.join(LOG_FORMATS)}")
    proxies = address_list(trusted_proxy, LOOPBACK)
    scrapers = address_list(metrics_allow, PRIVATE_NETWORKS)
    for option, entries in (("--trusted-proxy", proxies), ("--metrics-allow", scrapers)):
        try:
            parse_networks(entries)
        except ValueError as exc:
            raise SevensError(f"{option}: {exc}") from None
    if redis is not None:
        _check_url("--redis", redis, ("redis", "rediss", "unix"))
        if advertise is None and host in WILDCARDS:
            raise SevensError("--advertise http://HOST:PORT is needed: other nodes cannot reach a wildcard address")
    if advertise is not None:
        _check_url("--advertise", advertise, ("http", "https"))
    from sevens.server.site.embedding import parse_origin

    try:
        embed_origins = tuple(dict.fromkeys(parse_origin(origin) for origin in embed_origin or ()))
    except ValueError as exc:
        raise SevensError(f"--embed-origin: {exc}") from None
    if public_url is not None:
        public_url = check_public_url(public_url)
    check_listen(host, port)
    check_database(db)
    config = ServerConfig(
        allowed_origins=tuple(allowed_origin or ()),
        embed_origins=embed_origins,
        grace_seconds=grace,
        shutdown_seconds=shutdown_seconds,
        bot_delay=bot_delay,
        sqlite_synchronous="normal" if sqlite_sync == "normal" else "full",
        rooms_per_minute=rooms_per_minute,
        rooms_burst=max(20, int(rooms_per_minute)),
        requests_per_second=requests_per_second,
        requests_burst=max(120, int(6 * requests_per_second)),
        half_open_connections=half_open_connections,
        lobbies_per_address=lobbies_per_address,
        connections_per_address=connections_per_address,
        redis_url=redis,
        advertise=advertise,
        public_url=public_url,
        trusted_proxies=proxies,
        metrics_allow=scrapers,
        header_timeout=header_timeout,
        http_connections_per_address=http_connections_per_address,
        log_format="json" if log_format == "json" else "text",
    )
    if host in WILDCARDS:
        for address in lan_addresses(host):
            url = f"http://[{address}]:{port}/" if ":" in address else f"http://{address}:{port}/"
            typer.echo(f"On this network (phones at the table) / 同じネットワークの端末から: {url}")
    run(host=host, port=port, database_url=db, config=config, log_level=log_level)


def check_listen(host: str, port: int) -> None:
    """Refuse a host that is no address of this machine, or a port another program holds, by binding it once
    (with the SO_REUSEADDR uvicorn sets too, so a port in TIME_WAIT is not taken for a busy one)."""
    import socket

    try:
        found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise SevensError(f"--host {host!r} is not an address this machine can listen on ({exc})") from None
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise SevensError(f"cannot listen on {host}:{port}: {reason}; choose another --port or --host") from None


def check_database(url: str | None) -> None:
    """Open the store once (creating and migrating it as the server would) so a bad ``--database`` is refused
    before the server starts."""
    from sevens.store import Store

    Store.open(url).close()


def lan_addresses(host: str) -> list[str]:
    """This machine's addresses other devices on its networks can open (no loopback), for ``--host 0.0.0.0``:
    the one the default route leaves from, then the host name's others. No packet is sent."""
    import socket

    wanted = socket.AF_INET6 if host == "::" else socket.AF_INET
    found: list[str] = []
    probe_target = ("2001:db8::1", 9) if wanted == socket.AF_INET6 else ("192.0.2.1", 9)  # documentation ranges
    try:
        with socket.socket(wanted, socket.SOCK_DGRAM) as probe:
            probe.connect(probe_target)  # UDP: chooses a route, sends nothing
            found.append(str(probe.getsockname()[0]))
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, wanted, socket.SOCK_STREAM)
    except OSError:
        infos = []
    found += [str(info[4][0]) for info in infos]
    return [a for a in dict.fromkeys(found) if not a.startswith(("127.", "::1", "fe80:")) and a != "0.0.0.0"]


MAX_PUBLIC_URL_CHARS = 200  # the invite's QR code stays small and quick to draw


def check_public_url(url: str) -> str:
    """``--public-url``: an http(s) URL with a host, no query or fragment, at most 200 characters; returned
    without its trailing slash."""
    from urllib.parse import urlsplit

    _check_url("--public-url", url, ("https", "http"))
    parts = urlsplit(url)
    if parts.query or parts.fragment or parts.username or len(url) > MAX_PUBLIC_URL_CHARS:
        raise SevensError(
            f"--public-url {url[:60]!r} must be at most {MAX_PUBLIC_URL_CHARS} characters with no user, query or "
            "fragment, e.g. https://sevens.example.org"
        )
    return url.rstrip("/")


def _check_url(option: str, url: str, schemes: tuple[str, ...]) -> None:
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        port = parts.port  # raises ValueError for a port that is not a number
    except ValueError:
        parts, port = None, None
    if parts is None or parts.scheme not in schemes or not (parts.hostname or parts.scheme == "unix"):
        example = f"{schemes[0]}://host:port"
        raise SevensError(f"{option} {url!r} is not a URL of the form {example}; allowed schemes: {', '.join(schemes)}")
    del port


__all__ = ["check_database", "check_listen", "check_public_url", "lan_addresses", "serve"]
