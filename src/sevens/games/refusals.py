"""Why an action is refused, as a catalogue key and its parameters (locale/game.json, ``refusal.*``).

Engines say why an action is not legal by a key and parameters, so that every front-end can say it in the
player's language; the English sentence of :class:`IllegalActionError` is the catalogue's English text.

>>> refusal_text(("refusal.not_in_hand", {"card": "Ks"}), ["8h", "pass"])
'Ks is not in your hand; legal now: 8h pass'
"""

from __future__ import annotations

from collections.abc import Sequence

from sevens.errors import IllegalActionError
from sevens.i18n import t

# a refusal: the catalogue key and its parameters (cards as notation text, seats as 0-based ints)
Refusal = tuple[str, dict[str, object]]


def refusal_text(refusal: Refusal, legal: Sequence[str] | None = None) -> str:
    """The refusal in English, followed by the legal actions when ``legal`` is given."""
    key, params = refusal
    reason = t(key, "en", **params)
    if legal is None:
        return reason
    return t("refusal.legal_now", "en", reason=reason, legal=" ".join(legal))


def refused(refusal: Refusal, action: object, legal: Sequence[str] | None = None) -> IllegalActionError:
    """The error to raise: its ``reason`` is the key; its ``params`` the key's parameters, ``action`` and
    ``legal`` (the legal actions as text, empty when none is listed)."""
    key, params = refusal
    return IllegalActionError(
        refusal_text(refusal, legal), reason=key, **{**params, "action": str(action), "legal": list(legal or [])}
    )


__all__ = ["Refusal", "refusal_text", "refused"]
