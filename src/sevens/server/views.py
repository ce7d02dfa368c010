"""What each connection may see: a seat's own view, or a public view for spectators, built by allowlist.

A player's frames hold ``state.view(seat).to_dict()``, the engine's own allowlisted observation. Spectators
(and players not dealt into a round) get :func:`public_view`: a seat's view with only the keys named in
:data:`PUBLIC_KEYS` kept and every per-seat secret (hand, own dead pile, legal actions) left out. A family
missing from the table has no public view at all, so a new family cannot leak by default.

Every view also carries ``log``: the structured move log of :func:`sevens.session.log.log_entries` (the
moves the turn clock made, ``timeouts``, marked as such); ``history`` stays for older clients.

Players (the room's members) and the seats of a round are mapped by :mod:`sevens.session.seats`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sevens.session.log import log_entries

PUBLIC_KEYS: dict[str, tuple[str, ...]] = {
    "shichinarabe": (
        "rules", "table", "joker_positions", "removed_jokers", "hand_counts", "passes_used", "statuses",
        "to_move", "history",
    ),
    "killer": (
        "rules", "table", "grid", "hand_counts", "dead_counts", "kills", "passes_used", "statuses", "to_move",
    ),
    "seven27": (
        "rules", "dealer", "phase", "betting_round", "bet_size", "high_bet", "raises", "to_move", "seats",
        "pots", "pot", "deck_count", "history", "result",
    ),
}  # fmt: skip


def seat_view(family: str, state: Any, seat: int, timeouts: Collection[int] = ()) -> dict[str, Any]:
    """The engine's view of ``seat`` (its own hand, public information, its legal actions on its turn) and
    its move log (``timeouts``: the numbers of the moves the turn clock made)."""
    view: dict[str, Any] = state.view(seat).to_dict()
    view["log"] = log_entries(family, view, timeouts)
    return view


def public_view(family: str, state: Any, timeouts: Collection[int] = ()) -> dict[str, Any]:
    """What anyone may know of ``state``: no hand, no hidden dead pile, no legal actions."""
    keys = PUBLIC_KEYS.get(family)
    if keys is None:
        raise ValueError(f"no public view is defined for the family {family!r}")
    # Seven Twenty-Seven has a spectator view (down cards only as "??"); the others: seat 0's, then allowlisted
    base = state.view(None if family == "seven27" else 0).to_dict()
    view = {key: base[key] for key in keys}
    view["seat"] = None
    if family == "killer":
        visible = bool(state.rules.dead_cards_visible)
        view["dead_piles"] = base["dead_piles"] if visible else [None] * state.players
        view["history"] = [list(entry) for entry in state.public_history(-1)]  # -1: no seat's own deaths
    view["log"] = log_entries(family, view, timeouts)
    return view


__all__ = ["PUBLIC_KEYS", "public_view", "seat_view"]
