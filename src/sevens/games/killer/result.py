"""The ranking of a finished round of Killer sevens (RULES.md C8).

Players not eliminated rank first, by fewest dead cards (cards still held at a stalemate count as dead).
Ties: ``earlier_exit`` puts the player who left earlier first; ``most_kills`` puts more kills first and then
the earlier exit. Players who never left (a stalemate) come after those who did, then seat order from the
dealer's left. Eliminated players follow, the first eliminated lowest; their dead cards do not matter.

>>> rank_seats(players=3, dealer=2, dead=(1, 0, 0), kills=(0, 2, 1), exits=((2, "finished"),
...            (1, "finished"), (0, "finished")), tiebreak="earlier_exit")
(2, 1, 0)
>>> rank_seats(3, 2, (1, 0, 0), (0, 2, 1), ((2, "finished"), (1, "finished"), (0, "finished")), "most_kills")
(1, 2, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sevens.games.sevens_core.result import RoundResult


@dataclass(frozen=True, slots=True)
class Result(RoundResult):
    """``ranking`` lists seats best first; ``outcomes[seat]`` is ``finished`` (left with an empty hand, C5),
    ``stalemate`` (still holding cards) or ``eliminated`` (the project's shared outcome names);
    ``dead_cards`` are the counts used for ranking; ``kills`` the cards each seat killed. No ビリ (E2): cards
    held at a stalemate already count as dead (C7), so every seat scores by its place."""

    _LAST_PAYS = False

    dead_cards: tuple[int, ...]
    kills: tuple[int, ...]


def rank_seats(
    players: int,
    dealer: int,
    dead: Sequence[int],
    kills: Sequence[int],
    exits: Sequence[tuple[int, str]],
    tiebreak: str,
) -> tuple[int, ...]:
    """Seats best first. ``exits`` lists ``(seat, "finished" | "eliminated")`` in the order they happened; a seat
    missing from it never left (a stalemate)."""
    left_at = {s: i for i, (s, kind) in enumerate(exits) if kind == "finished"}
    eliminated = [s for s, kind in exits if kind == "eliminated"]
    seat_order = {(dealer + 1 + k) % players: k for k in range(players)}
    never = len(exits)

    def key(s: int) -> tuple[int, int, int, int]:
        by_kills = -kills[s] if tiebreak == "most_kills" else 0
        return (dead[s], by_kills, left_at.get(s, never), seat_order[s])

    staying = sorted((s for s in range(players) if s not in eliminated), key=key)
    return (*staying, *reversed(eliminated))
