"""The server's log never shows a secret: seat and host tokens travel in ``/ws/CODE?token=…``, and uvicorn logs
that path (the WebSocket "accepted" line, the access log). :class:`RedactTokens` blanks every ``token=`` value
before a line is written; :func:`log_config` is uvicorn's own logging configuration with that filter on both
of its handlers.

>>> import logging
>>> record = logging.LogRecord("uvicorn.error", 20, "", 0, '%s - "WebSocket %s" [accepted]',
...                            ("127.0.0.1:5", "/ws/6JTPHK?token=s3cr3t&x=1"), None)
>>> RedactTokens().filter(record), record.getMessage()
(True, '127.0.0.1:5 - "WebSocket /ws/6JTPHK?token=***&x=1" [accepted]')
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

_TOKEN = re.compile(r"(token=)[^&\s\"']+", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with every ``token=`` value replaced by ``***``."""
    return _TOKEN.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """Blank token values in a record's message and arguments (the arguments stay in place: uvicorn's access
    formatter reads them one by one)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def log_config() -> dict[str, Any]:
    """uvicorn's default logging configuration, each handler filtered by :class:`RedactTokens`."""
    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["redact_tokens"] = {"()": RedactTokens}
    for handler in config["handlers"].values():
        handler.setdefault("filters", []).append("redact_tokens")
    return config


__all__ = ["RedactTokens", "log_config", "redact"]
