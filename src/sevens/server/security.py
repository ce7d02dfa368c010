"""Security helpers: seat tokens, join codes, the WebSocket ``Origin`` check, rate limits, names and escaping.

>>> len(new_token()) >= 32, hash_token("abc") == hash_token("abc")
(True, True)
>>> origin_allowed("https://play.example", "play.example", ())
True
>>> origin_allowed("https://evil.example", "play.example", ())
False
>>> origin_allowed(None, "play.example", ())  # non-browser clients send no Origin
True
>>> escape("<b>Aiko</b>")
'&lt;b&gt;Aiko&lt;/b&gt;'
"""

from __future__ import annotations

import hashlib
import html
import secrets
import unicodedata
from collections.abc import Collection, Container
from urllib.parse import urlsplit

from sevens.server.errors import ServerError
from sevens.server.site.logs import RedactTokens, redact  # kept here too: older imports name this module
from sevens.server.timers import Clock

CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"  # no 0/O, 1/I: easy to read aloud and type
CODE_LENGTH = 6
TOKEN_BYTES = 24  # 192 random bits


def new_token() -> str:
    """An unguessable seat token (URL-safe text)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """What the server keeps of a token: its SHA-256, so a copy of the database gives no seat away."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def new_room_code(taken: Container[str]) -> str:
    """A short join code not in ``taken`` (codes are not secrets: seat tokens are)."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


def normalise_code(code: str) -> str:
    """Join codes are read case-insensitively, ``O``/``I`` as ``0``/``1`` never occur."""
    return code.strip().upper()


def origin_allowed(origin: str | None, host: str | None, allowed: Collection[str]) -> bool:
    """Whether a WebSocket handshake with this ``Origin`` may go on: no Origin (not a browser), the server's
    own origin (same host and port as the ``Host`` header), or one listed in ``allowed`` (``"*"``: any)."""
    if origin is None:
        return True
    text = origin.strip().lower().rstrip("/")
    if "*" in allowed or text in {a.strip().lower().rstrip("/") for a in allowed}:
        return True
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return host is not None and parts.netloc == host.strip().lower()


class TokenBucket:
    """A rate limit: ``burst`` events at once, refilled at ``rate`` per second of ``clock``.

    >>> from sevens.server.timers import ManualClock
    >>> clock = ManualClock(); bucket = TokenBucket(1.0, 2, clock)
    >>> [bucket.allow() for _ in range(3)]
    [True, True, False]
    >>> bucket.wait()
    1.0
    >>> clock.advance(1.0); bucket.allow()
    True
    """

    def __init__(self, rate: float, burst: int, clock: Clock) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._at = clock.now()

    def allow(self) -> bool:
        """Take one event if the limit allows it."""
        now = self._clock.now()
        self._tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        self._at = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False

    def wait(self) -> float:
        """Seconds until :meth:`allow` would take an event (0 if it would now)."""
        now = self._clock.now()
        tokens = min(float(self.burst), self._tokens + (now - self._at) * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate


def _has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") for ch in text)


def clean_name(name: str, max_chars: int) -> str:
    """A player name as the server keeps it: NFC, trimmed, 1 to ``max_chars`` characters, no control or
    format characters, not ending in `` bot`` (computer players are named so)."""
    text = unicodedata.normalize("NFC", name).strip()
    if not text or len(text) > max_chars:
        raise ServerError("bad_name", f"a name has 1 to {max_chars} characters, got {len(text)}")
    if _has_control(text):
        raise ServerError("bad_name", "a name cannot hold control or invisible characters")
    if text.lower().endswith(" bot"):
        raise ServerError("bad_name", "names ending in ' bot' are kept for computer players")
    return text


def clean_chat(text: str, max_chars: int) -> str:
    """A chat line as the server keeps it: NFC, trimmed, 1 to ``max_chars`` characters, no control characters
    (escaping happens when it is sent, see :func:`escape`)."""
    clean = unicodedata.normalize("NFC", text).strip()
    if not clean:
        raise ServerError("chat_empty", "a chat message cannot be empty")
    if len(clean) > max_chars:
        raise ServerError("chat_too_long", f"a chat message has at most {max_chars} characters, got {len(clean)}")
    if _has_control(clean):
        raise ServerError("chat_invalid", "a chat message cannot hold control or invisible characters")
    return clean


def escape(text: str) -> str:
    """HTML-escape text a player wrote (names, chat) before it leaves the server."""
    return html.escape(text, quote=True)


__all__ = [
    "CODE_ALPHABET",
    "RedactTokens",
    "TokenBucket",
    "clean_chat",
    "clean_name",
    "escape",
    "hash_token",
    "new_room_code",
    "new_token",
    "normalise_code",
    "origin_allowed",
    "redact",
]
