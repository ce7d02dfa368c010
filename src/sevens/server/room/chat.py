"""Room chat: kids-mode phrases, the per-player rate limit, and who a message addresses (the ghost rule, B13).

A chat line is kept as the player wrote it (trimmed, checked) and HTML-escaped when it is sent. In kids mode
only the preset phrases of :data:`PHRASES` may be sent, by id; each goes out in Japanese and English.

>>> addressed_names("@Ken good luck, aiko!", ["Aiko", "Ken", "Al"])
['Ken', 'Aiko']
>>> addressed_names("hello all", ["Al"])
[]
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sevens.server.errors import ServerError
from sevens.server.security import clean_chat, escape

PHRASES: dict[str, dict[str, str]] = {
    "hello": {"en": "Hello!", "ja": "こんにちは！"},
    "good_luck": {"en": "Good luck!", "ja": "がんばろう！"},
    "nice_move": {"en": "Nice move!", "ja": "いいね！"},
    "thinking": {"en": "Let me think…", "ja": "考え中…"},
    "oops": {"en": "Oops!", "ja": "しまった！"},
    "your_turn": {"en": "Your turn!", "ja": "あなたの番だよ！"},
    "thanks": {"en": "Thank you!", "ja": "ありがとう！"},
    "good_game": {"en": "Good game!", "ja": "楽しかったね！"},
}
"""Kids mode: the only chat allowed, by id, in English and Japanese."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One chat message as the room keeps it (unescaped)."""

    id: int
    player: int | None  # None: a spectator
    name: str
    role: str  # "player", "ghost" (eliminated, B13), "spectator"
    text: str | None
    phrase: str | None
    reply_to: int | None

    def to_frame_fields(self) -> dict[str, Any]:
        """The fields of a ``chat`` frame, escaped."""
        return {
            "id": self.id,
            "player": self.player,
            "name": escape(self.name),
            "role": self.role,
            "text": None if self.text is None else escape(self.text),
            "phrase": self.phrase,
            "texts": PHRASES[self.phrase] if self.phrase is not None else None,
            "reply_to": self.reply_to,
        }


class ChatLog:
    """The last ``size`` messages of a room, numbered from 1."""

    def __init__(self, size: int) -> None:
        self._lines: deque[ChatLine] = deque(maxlen=size)
        self._last = 0

    def add(self, player: int | None, name: str, role: str, text: str | None, phrase: str | None,
            reply_to: int | None) -> ChatLine:  # fmt: skip
        """Keep a new message; a ``reply_to`` no longer (or never) kept is dropped."""
        if reply_to is not None and self.get(reply_to) is None:
            reply_to = None
        self._last += 1
        line = ChatLine(self._last, player, name, role, text, phrase, reply_to)
        self._lines.append(line)
        return line

    def get(self, message_id: int) -> ChatLine | None:
        """A kept message by id."""
        return next((line for line in self._lines if line.id == message_id), None)

    def frames(self) -> list[dict[str, Any]]:
        """Every kept message as ``chat`` frame fields (for a snapshot)."""
        return [line.to_frame_fields() for line in self._lines]


def check_chat(text: str | None, phrase: str | None, kids: bool, max_chars: int) -> tuple[str | None, str | None]:
    """``(text, phrase)`` to keep, or :class:`ServerError` saying what is allowed."""
    if kids:
        if text is not None:
            raise ServerError("kids_mode", f"this room is in kids mode: send a phrase, one of {', '.join(PHRASES)}")
        if phrase is None or phrase not in PHRASES:
            raise ServerError("unknown_phrase", f"unknown phrase {phrase!r}; allowed: {', '.join(PHRASES)}")
        return None, phrase
    if phrase is not None:
        raise ServerError("invalid", "phrases are for kids mode; send text")
    if text is None:
        raise ServerError("chat_empty", "a chat message needs text")
    return clean_chat(text, max_chars), None


def addressed_names(text: str, names: Sequence[str]) -> list[str]:
    """The names in ``names`` that ``text`` mentions (``@name`` or the name as a whole word, any case), in the
    order they first appear."""
    found: list[tuple[int, str]] = []
    for name in names:
        match = re.search(rf"(?<!\w)@?{re.escape(name)}(?!\w)", text, flags=re.IGNORECASE)
        if match is not None:
            found.append((match.start(), name))
    return [name for _, name in sorted(found)]


__all__ = ["PHRASES", "ChatLine", "ChatLog", "addressed_names", "check_chat"]
