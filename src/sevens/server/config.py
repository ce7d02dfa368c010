"""The server's limits and timings, in one frozen value (every field has a safe default)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

SqliteSync = Literal["full", "normal"]
LogFormat = Literal["text", "json"]
NAME_MAX_CHARS = 24  # a player's name, once NFC-normalised and trimmed (the HTTP bodies' schema says so too)
MIN_TURN_SECONDS = 5.0  # shorter turn clocks time out before a human can answer
MAX_TURN_SECONDS = 600.0
MAX_ROUNDS = 50  # rounds one session may be set to
LOOPBACK = ("127.0.0.1", "::1")  # a proxy on the same machine: trusted by default, as uvicorn does
PRIVATE_NETWORKS = ("127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7")


@dataclass(frozen=True)
class ServerConfig:
    """Limits, timings and policies of one server process.

    Security: ``allowed_origins`` lists the browser origins (``https://example.org``) besides the server's own
    that may open a WebSocket; ``"*"`` allows every origin. Messages longer than ``max_message_bytes`` get an
    error frame; the transport closes connections whose frames exceed ``ws_max_size`` (code 1009).
    ``embed_origins`` (normalised ``scheme://host[:port]``) are the only sites whose pages may show the table of
    ``/embed/…`` in a frame, and the only ones it posts its round and session results to (docs/embed.md).
    """

    allowed_origins: tuple[str, ...] = ()
    embed_origins: tuple[str, ...] = ()  # sites that may frame /embed/… and hear its results (none: nobody)
    max_message_bytes: int = 4096
    ws_max_size: int = 1 << 20
    ws_per_message_deflate: bool = False  # compression costs more CPU per frame than the whole move; off by default
    messages_per_second: float = 20.0  # per connection, refilled continuously
    message_burst: int = 40
    rate_strikes: int = 100  # messages refused for the rate limit before the connection is closed
    chat_max_chars: int = 200
    chat_per_second: float = 0.5  # chat messages per player: a burst of ``chat_burst``, then one per 2 s
    chat_burst: int = 5
    chat_history: int = 50  # chat messages kept per room and sent with a snapshot
    name_max_chars: int = NAME_MAX_CHARS
    grace_seconds: float = 30.0  # a disconnected player keeps the seat this long, then a bot plays for them
    bot_delay: float = 1.0  # seconds a computer player waits at the "normal" pace (0 in tests and load runs)
    tick_interval: float | None = 0.25  # how often deadlines are checked; None: only explicit ``tick()`` calls
    default_bot: str = "normal"  # the default level: plays empty seats at the start (``random`` where unknown)
    takeover_agent: str = "greedy"  # plays for a player who left or is away past the grace period
    fast_agents: frozenset[str] = field(
        default_factory=lambda: frozenset({"random", "greedy", "heuristic", "beginner", "easy", "normal"})
    )  # agents that answer in well under a millisecond (``hard`` and ``expert`` search in some families)
    send_queue: int = 256  # frames waiting for one slow connection before it is closed (1013)
    max_rooms: int = 10_000
    max_turn_seconds: float = MAX_TURN_SECONDS
    min_turn_seconds: float = MIN_TURN_SECONDS
    max_rounds: int = MAX_ROUNDS
    lobby_ttl: float = 300.0  # an empty lobby is closed after this long
    finished_ttl: float = 900.0  # an empty finished room is dropped after this long
    rooms_per_minute: float = 10.0  # room creations per client address (and per bearer token), refilled continuously
    rooms_burst: int = 20  # creations one client may make at once before the rate above applies
    requests_per_second: float = 20.0  # HTTP requests per client address over the whole site (pages, API, files)
    requests_burst: int = 120  # … at once (a page load is about 15), then the rate above
    invites_per_second: float = 1.0  # invite QR codes per client address (each costs milliseconds of CPU)
    invites_burst: int = 10
    half_open_connections: int = 512  # HTTP connections still sending headers, all addresses together
    lobbies_per_address: int = 50  # empty-or-not lobbies one client address may hold at a time
    connections_per_address: int = 200  # open WebSockets from one client address
    max_spectators: int = 500  # spectators per room
    page_size: int = 20  # rooms per page of GET /api/rooms when the client does not say
    redis_url: str | None = None  # several nodes share a site through this Redis (None: one node, no Redis)
    advertise: str | None = None  # http://host:port where the other nodes reach this one
    public_url: str | None = None  # https://host[/path] where players open the site (invite links; None: the Host)
    shutdown_seconds: float = 25.0  # SIGTERM: rooms handed over, connections closed within this; then cut
    lease_seconds: float = 5.0  # a room's owner renews its lease this often / 3; a dead node's rooms move after it
    sqlite_synchronous: SqliteSync = "full"  # "normal": WAL commits survive a crash of the server, not of the OS
    # the edge (docs/deploy.md): proxies whose X-Forwarded-For is believed (addresses or networks; empty: every
    # connection is its own client), who may scrape /metrics (judged on the client's address; empty: nobody)
    trusted_proxies: tuple[str, ...] = LOOPBACK
    metrics_allow: tuple[str, ...] = PRIVATE_NETWORKS
    header_timeout: float = 10.0  # seconds a client has to send a request's line and headers, then 408 and closed
    http_connections_per_address: int = 64  # open HTTP connections from one address (trusted proxies: no limit)
    log_format: LogFormat = "text"  # "json": one JSON object a line (logs.JsonFormatter)


__all__ = ["LogFormat", "ServerConfig", "SqliteSync"]
