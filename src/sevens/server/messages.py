"""The wire format: client messages (validated with pydantic, a discriminated union on ``type``), the HTTP
request and response bodies, and the envelope of every server frame. docs/protocol.md describes each one.

Every frame carries ``v`` (:data:`PROTOCOL_VERSION`). Client messages may carry an ``id`` that the server
echoes as ``ref`` in its ``ack``, ``pong`` or ``error`` reply.

>>> message = parse_client_message('{"v": 1, "type": "move", "round": 0, "seq": 3, "action": "8h"}')
>>> type(message).__name__, message.seq, message.action
('MoveMessage', 3, '8h')
>>> parse_client_message('{"v": 1, "type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sevens.server.errors.ServerError: unknown message type 'dance'; allowed: move, chat, start, kick, leave, ...
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError

from sevens.server.config import MAX_ROUNDS, MAX_TURN_SECONDS, MIN_TURN_SECONDS, NAME_MAX_CHARS
from sevens.server.errors import ServerError

PROTOCOL_VERSION = 1
MAX_INT = 2**31 - 1
MAX_SEED = 2**63 - 1

# ---------------------------------------------------------------------------------------------- client messages


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    v: Literal[1]
    id: Annotated[int, Field(ge=0, le=MAX_INT)] | None = None


class MoveMessage(_Message):
    """Play ``action`` as move number ``seq`` (1, 2, …) of room round ``round``."""

    type: Literal["move"]
    round: Annotated[int, Field(ge=0, le=MAX_INT)]
    seq: Annotated[int, Field(ge=1, le=MAX_INT)]
    action: Annotated[str, Field(min_length=1, max_length=32)]


class ChatMessage(_Message):
    """Say ``text`` (or, in kids mode, a preset ``phrase``), optionally as a reply to message ``reply_to``."""

    type: Literal["chat"]
    text: Annotated[str, Field(max_length=2000)] | None = None
    phrase: Annotated[str, Field(max_length=32)] | None = None
    reply_to: Annotated[int, Field(ge=0, le=MAX_INT)] | None = None


class StartMessage(_Message):
    """The host starts the game (empty seats are given to computer players)."""

    type: Literal["start"]


class KickMessage(_Message):
    """The host removes ``player`` (a computer player takes the seat once the game is on)."""

    type: Literal["kick"]
    player: Annotated[int, Field(ge=0, le=99)]


class LeaveMessage(_Message):
    """Leave the room for good (a computer player takes the seat once the game is on)."""

    type: Literal["leave"]


class RematchMessage(_Message):
    """The host starts a new session with the same seats once the session is over."""

    type: Literal["rematch"]


class PaceMessage(_Message):
    """The host sets how fast computer players move: ``slow``, ``normal`` (about 1 s a move) or ``fast``."""

    type: Literal["pace"]
    pace: Literal["slow", "normal", "fast"]


class ReactionMessage(_Message):
    """Show a stamp (one of :data:`sevens.server.room.reactions.STAMPS`) to the room."""

    type: Literal["reaction"]
    stamp: Annotated[str, Field(min_length=1, max_length=32)]


class ResyncMessage(_Message):
    """Ask for a full snapshot."""

    type: Literal["resync"]


class PingMessage(_Message):
    """Ask for a ``pong``."""

    type: Literal["ping"]


ClientMessage = Annotated[
    MoveMessage
    | ChatMessage
    | StartMessage
    | KickMessage
    | LeaveMessage
    | RematchMessage
    | PaceMessage
    | ReactionMessage
    | ResyncMessage
    | PingMessage,
    Field(discriminator="type"),
]
MESSAGE_TYPES = ("move", "chat", "start", "kick", "leave", "rematch", "pace", "reaction", "resync", "ping")
_CLIENT_MESSAGE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def parse_client_message(text: str) -> ClientMessage:
    """Read one client frame; anything else raises :class:`ServerError` with a code and a clear message."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise ServerError("bad_json", f"the message is not JSON: {str(exc)[:120]}") from None
    if not isinstance(data, dict):
        raise ServerError("invalid", f"a message is a JSON object, got {type(data).__name__}")
    ref = message_id(data)  # a refusal still answers the message it refuses, when its id can be read
    if data.get("v") != PROTOCOL_VERSION or isinstance(data.get("v"), bool):
        raise ServerError("version", f"unsupported protocol version {data.get('v')!r}; this server speaks v=1", ref=ref)
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        shown = repr(kind) if isinstance(kind, str | int | None) else type(kind).__name__
        allowed = ", ".join(MESSAGE_TYPES)
        raise ServerError("unknown_type", f"unknown message type {shown[:40]}; allowed: {allowed}", ref=ref)
    try:
        return _CLIENT_MESSAGE.validate_python(data)
    except ValidationError as exc:
        raise ServerError("invalid", f"bad {kind} message: {describe_errors(exc)}", ref=ref) from None


def message_id(data: dict[str, Any]) -> int | None:
    """The ``id`` of a client message if it is a valid one (an integer from 0 to 2**31-1), else ``None``.

    >>> message_id({"id": 7}), message_id({"id": True}), message_id({"id": -1}), message_id({})
    (7, None, None, None)
    """
    value = data.get("id")
    return value if type(value) is int and 0 <= value <= MAX_INT else None


def describe_errors(exc: ValidationError) -> str:
    """The first few validation errors as one short line: ``seq: Input should be greater than or equal to 1``."""
    parts = []
    for error in exc.errors(include_url=False, include_input=False)[:3]:
        where = ".".join(str(p) for p in error["loc"][1:] or error["loc"]) or "message"
        parts.append(f"{where}: {error['msg']}")
    return "; ".join(parts)[:300]


def frame(kind: str, seq: int, **fields: Any) -> dict[str, Any]:
    """A server frame: ``{"v": 1, "type": kind, "seq": room event number, …}``."""
    return {"v": PROTOCOL_VERSION, "type": kind, "seq": seq, **fields}


def error_frame(seq: int, code: str, message: str, ref: int | None = None, **fields: Any) -> dict[str, Any]:
    """An ``error`` frame."""
    return frame("error", seq, code=code, message=message, ref=ref, **fields)


# ---------------------------------------------------------------------------------------------- HTTP bodies


class _Body(BaseModel):
    # Strict: a JSON value is read as its own type only (``true`` is no number, ``0`` no boolean, ``"7"`` no
    # seed), as the schema says. Names: the raw text is held to the same length as the normalised name the
    # server keeps, so the schema states the real limit.
    model_config = ConfigDict(extra="forbid", strict=True)


PlayerName = Annotated[str, Field(min_length=1, max_length=NAME_MAX_CHARS)]
EXACT_FLOATS = 2**53  # whole numbers a JSON number written with a fraction (58.0) still holds exactly


def whole_number(value: Any) -> Any:
    """JSON has one number type, and JSON Schema's ``integer`` is any number without a fraction: ``58.0`` is read
    as 58; ``58.5`` is refused saying so (strict mode refuses every other type as before)."""
    if isinstance(value, float):
        if value.is_integer() and abs(value) <= EXACT_FLOATS:
            return int(value)
        raise ValueError(f"must be a whole number, not {value!r}")
    return value


WHOLE = BeforeValidator(whole_number)  # an HTTP body's integer field takes 58.0 as 58 (see :func:`whole_number`)


class SeatSpec(_Body):
    """One seat of a new room: a human seat (filled by whoever joins) or a computer player."""

    kind: Literal["human", "bot"] = "human"
    agent: Annotated[str, Field(min_length=1, max_length=32)] | None = None


class CreateRoom(_Body):
    """A new room. ``host_name`` seats the creator in the first human seat; without it the creator is a
    host who watches (a room of computer players, a teacher)."""

    preset: Annotated[str, Field(min_length=1, max_length=32)] = "standard"
    variants: dict[Annotated[str, Field(max_length=32)], bool | int | Annotated[str, Field(max_length=32)] | None] = (
        Field(default_factory=dict, max_length=20)
    )
    seats: list[SeatSpec] = Field(default_factory=lambda: [SeatSpec() for _ in range(4)], min_length=2, max_length=20)
    host_name: PlayerName | None = None
    turn_seconds: Annotated[float, Field(ge=MIN_TURN_SECONDS, le=MAX_TURN_SECONDS, allow_inf_nan=False)] | None = None
    ghost: bool = False
    kids: bool = False
    rounds: Annotated[int, Field(ge=1, le=MAX_ROUNDS), WHOLE] | None = None
    seed: Annotated[int, Field(ge=0, le=MAX_SEED), WHOLE] | None = None
    listed: bool = True
    spectators: bool = True
    pace: Literal["slow", "normal", "fast"] = "normal"


class JoinRoom(_Body):
    """Take a free human seat (``seat``: a player number, else the first free one) as ``name``."""

    name: PlayerName
    seat: Annotated[int, Field(ge=0, le=99), WHOLE] | None = None


class SeatTicket(BaseModel):
    """What a new room or a join gives back: the room code, the player number (``None`` for a host who
    does not play), the secret token for ``/ws/{code}?token=…`` and the WebSocket path."""

    code: str
    player: int | None
    token: str
    host: bool
    ws_path: str


class MemberInfo(BaseModel):
    """One seat of a room as everyone may see it (``name`` is HTML-escaped)."""

    player: int
    name: str | None
    kind: Literal["human", "bot"]
    agent: str | None
    open: bool
    connected: bool
    auto: bool
    left: bool


class RoomInfo(BaseModel):
    """A room as everyone may see it."""

    code: str
    status: Literal["lobby", "playing", "finished"]
    family: str
    preset: str
    rules: dict[str, Any]
    turn_seconds: float | None
    ghost: bool
    kids: bool
    rounds: int | None
    rounds_played: int
    round: int | None
    game: int
    listed: bool
    spectators_allowed: bool
    spectators: int
    host: int | None
    members: list[MemberInfo]
    pace: Literal["slow", "normal", "fast"] = "normal"  # how fast computer players move
    record: int | None = None  # the session's id once started: GET /api/games/{record} replays it when finished


class ErrorBody(BaseModel):
    """The body of every refused HTTP request."""

    error: str
    message: str


__all__ = [
    "MESSAGE_TYPES",
    "PROTOCOL_VERSION",
    "ChatMessage",
    "ClientMessage",
    "CreateRoom",
    "ErrorBody",
    "JoinRoom",
    "KickMessage",
    "LeaveMessage",
    "MemberInfo",
    "MoveMessage",
    "PaceMessage",
    "PingMessage",
    "ReactionMessage",
    "RematchMessage",
    "ResyncMessage",
    "RoomInfo",
    "SeatSpec",
    "SeatTicket",
    "StartMessage",
    "error_frame",
    "frame",
    "parse_client_message",
]
