"""Actions of Seven Twenty-Seven: ``check``, ``bet``, ``call``, ``raise``, ``fold`` in a betting round (D4),
``take`` and ``stand`` in a card round (D5). Amounts are never part of an action: under fixed limit the state
knows them. Each is an interned value whose text parses back (English or Japanese).

>>> [str(parse_action(t)) for t in ("Check", " bet ", "コール", "レイズ", "降りる", "take", "スタンド")]
['check', 'bet', 'call', 'raise', 'fold', 'take', 'stand']"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.errors import NotationError, expect_text

CHECK, BET, CALL, RAISE, FOLD, TAKE, STAND = range(7)
KIND_NAMES = ("check", "bet", "call", "raise", "fold", "take", "stand")
CARD_KINDS = frozenset({TAKE, STAND})


@dataclass(frozen=True, slots=True)
class Action:
    """One action. Use the interned constants below or :func:`parse_action`; compare and hash freely."""

    kind: int

    def __post_init__(self) -> None:
        """Only the seven actions can be built."""
        if type(self.kind) is not int or not 0 <= self.kind < len(KIND_NAMES):
            raise NotationError(
                f"Action(kind={self.kind!r}) is not a Seven Twenty-Seven action; allowed: kinds 0–6 "
                f"({', '.join(KIND_NAMES)})"
            )

    def __str__(self) -> str:
        return KIND_NAMES[self.kind]

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    def sort_key(self) -> tuple[int]:
        """Legal actions are listed in this order: check, bet, call, raise, fold, take, stand."""
        return (self.kind,)


ACTIONS: tuple[Action, ...] = tuple(Action(k) for k in range(len(KIND_NAMES)))
CHECK_ACTION, BET_ACTION, CALL_ACTION, RAISE_ACTION, FOLD_ACTION, TAKE_ACTION, STAND_ACTION = ACTIONS

_ALIASES: dict[str, int] = {name: kind for kind, name in enumerate(KIND_NAMES)} | {
    "チェック": CHECK, "パス": CHECK,
    "ベット": BET,
    "コール": CALL,
    "レイズ": RAISE,
    "フォールド": FOLD, "降りる": FOLD,
    "テイク": TAKE, "もらう": TAKE, "ヒット": TAKE, "hit": TAKE,
    "スタンド": STAND, "いらない": STAND,
}  # fmt: skip


def parse_action(text: str) -> Action:
    """Read an action's text (English or Japanese); raises :class:`NotationError` listing what is allowed."""
    kind = _ALIASES.get(expect_text(text, "an action", "call").strip().lower())
    if kind is None:
        raise NotationError(f"{text.strip()!r} is not an action; expected one of: {', '.join(KIND_NAMES)}")
    return ACTIONS[kind]


__all__ = [
    "ACTIONS", "BET", "BET_ACTION", "CALL", "CALL_ACTION", "CARD_KINDS", "CHECK", "CHECK_ACTION",
    "FOLD", "FOLD_ACTION", "KIND_NAMES", "RAISE", "RAISE_ACTION", "STAND", "STAND_ACTION", "TAKE", "TAKE_ACTION",
    "Action", "parse_action",
]  # fmt: skip
