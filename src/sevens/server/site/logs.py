"""The server's log: never a secret in it, and text or JSON lines as the operator chooses.

Seat and host tokens travel in ``/ws/CODE?token=…``, and uvicorn logs that path with its raw query (the
WebSocket "accepted" line, the access log). The server reads the query the way Starlette does: parameter names
are percent-decoded, in any position, so ``?%74oken=…`` and ``?log=tail&token=…`` are tokens too.
:class:`RedactTokens` blanks the value of every parameter whose decoded name is ``token`` before a line is
written; :func:`log_config` is uvicorn's own logging configuration with that filter on every handler, and the
``sevens`` loggers shown beside uvicorn's, as text or as one JSON object a line (:class:`JsonFormatter`).

>>> import logging
>>> record = logging.LogRecord("uvicorn.error", 20, "", 0, '%s - "WebSocket %s" [accepted]',
...                            ("127.0.0.1:5", "/ws/6JTPHK?token=s3cr3t&x=1"), None)
>>> RedactTokens().filter(record), record.getMessage()
(True, '127.0.0.1:5 - "WebSocket /ws/6JTPHK?token=***&x=1" [accepted]')
"""

from __future__ import annotations

import copy
import json
import logging
import re
from datetime import UTC, datetime
from typing import Any
from urllib.parse import unquote_plus

from sevens.server.config import LogFormat

LOG_FORMATS: tuple[LogFormat, ...] = ("text", "json")
SECRET_PARAMETERS = frozenset({"token"})  # query parameters whose values are secrets
# one query parameter: its separator, its (still escaped) name, its value up to the next "&" or the end of the URL
_PARAMETER = re.compile(r"(?P<sep>[?&;])(?P<name>[^?&;=\s\"']*)=(?P<value>[^&;\s\"']*)")
_MAX_UNESCAPES = 4  # names escaped more often than this are hidden anyway (see _secret_name)


def _secret_name(name: str) -> bool:
    """Whether a parameter named ``name`` (as written in the URL) may carry a secret: its percent-decoded name
    (decoded again while it changes, so no layer of escaping hides it) is a secret one."""
    for _ in range(_MAX_UNESCAPES):
        decoded = unquote_plus(name)
        if decoded == name:
            break
        name = decoded
    else:
        return True  # escaped and escaped again: nobody writes that by accident
    return name.strip().lower() in SECRET_PARAMETERS


def redact(text: str) -> str:
    """``text`` with the value of every secret query parameter replaced by ``***``.

    >>> redact("GET /ws/ABC234?log=tail&token=s3cret HTTP/1.1")
    'GET /ws/ABC234?log=tail&token=*** HTTP/1.1'
    >>> redact("/ws/ABC234?%74oken=s3cret&x=1")
    '/ws/ABC234?%74oken=***&x=1'
    >>> redact("/api/rooms?offset=0&limit=5")
    '/api/rooms?offset=0&limit=5'
    """

    def hide(match: re.Match[str]) -> str:
        if not _secret_name(match["name"]):
            return match[0]
        return f"{match['sep']}{match['name']}=***"

    return _PARAMETER.sub(hide, text)


class RedactTokens(logging.Filter):
    """Blank secret values in a record's message and arguments (the arguments stay in place: uvicorn's access
    formatter reads them one by one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC, ISO 8601), ``level``, ``logger``, ``message``; an access line
    also has ``client``, ``method``, ``path``, ``http_version`` and ``status``; an exception, ``exception``.

    >>> record = logging.LogRecord("uvicorn.access", 20, "", 0, '%s - "%s %s HTTP/%s" %d',
    ...                            ("10.0.0.9:5", "GET", "/api/health", "1.1", 200), None)
    >>> line = json.loads(JsonFormatter().format(record))
    >>> line["level"], line["client"], line["path"], line["status"]
    ('info', '10.0.0.9:5', '/api/health', 200)
    """

    ACCESS_FIELDS = ("client", "method", "path", "http_version", "status")

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) and len(record.args) == 5:
            entry.update(zip(self.ACCESS_FIELDS, record.args, strict=True))
        if record.exc_info:
            entry["exception"] = redact(self.formatException(record.exc_info))
        return json.dumps(entry, ensure_ascii=False, default=str)


def log_config(log_format: LogFormat = "text", level: str = "info") -> dict[str, Any]:
    """uvicorn's default logging configuration, every handler filtered by :class:`RedactTokens`, the server's
    own ``sevens`` loggers written beside uvicorn's at ``level``; ``json``: every line a JSON object."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": RedactTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    if log_format == "json":
        config["formatters"] = {name: {"()": JsonFormatter} for name in config["formatters"]}
    config["loggers"]["sevens"] = {"handlers": ["default"], "level": level.upper(), "propagate": False}
    return config


__all__ = ["LOG_FORMATS", "JsonFormatter", "LogFormat", "RedactTokens", "log_config", "redact"]
