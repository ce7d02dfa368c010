"""Actions of Killer sevens: play a card (``5h``) or ``pass``. Small interned immutable values.

>>> parse_action("5♥") is play(parse_card("5h"))
True
>>> [str(parse_action(t)) for t in ("10h", "PASS", "パス")]
['Th', 'pass', 'pass']
>>> sorted([PASS_ACTION, play(3)], key=Action.sort_key)
[Action('4s'), Action('pass')]
"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.cards import CARD_TEXTS, DECK_SIZE, parse_card
from sevens.errors import NotationError, expect_text
from sevens.games.arguments import card_index

PLAY, PASS = range(2)
_KIND_NAMES = ("play", "pass")


# not 七並べ's Action: only plays and passes (kind 1 is a pass here, a joker play there), so neither takes the other's
@dataclass(frozen=True, slots=True)
class Action:
    """One action; compare and hash freely. Build with :func:`play`, :data:`PASS_ACTION` or
    :func:`parse_action`."""

    kind: int
    card: int = -1

    def __post_init__(self) -> None:
        """Only real actions can be built: a play of one of the 52 cards, or a pass (no card)."""
        kind, card = self.kind, self.card
        whole = type(kind) is int and type(card) is int
        if not (whole and ((kind == PLAY and 0 <= card < DECK_SIZE) or (kind == PASS and card == -1))):
            raise NotationError(
                f"Action(kind={kind!r}, card={card!r}) is not a Killer sevens action; "
                f"allowed: kind {PLAY} (play) with a card 0–{DECK_SIZE - 1}, or kind {PASS} (pass) without one"
            )

    def __str__(self) -> str:
        return CARD_TEXTS[self.card] if self.kind == PLAY else "pass"

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @property
    def kind_name(self) -> str:
        return _KIND_NAMES[self.kind]

    def sort_key(self) -> tuple[int, int]:
        """Legal actions are listed in this order: plays by card index (s, h, d, c; A…K), then pass."""
        return (self.kind, self.card)


PLAY_ACTIONS: tuple[Action, ...] = tuple(Action(PLAY, c) for c in range(DECK_SIZE))
PASS_ACTION = Action(PASS)


def play(card: int) -> Action:
    """Play ``card`` (an index 0–51)."""
    return PLAY_ACTIONS[card_index(card)]


def parse_action(text: str) -> Action:
    """Read an action's text; raises :class:`NotationError` saying what is allowed."""
    raw = expect_text(text, "an action", "5h").strip()
    if raw.lower() in ("pass", "p", "パス"):
        return PASS_ACTION
    try:
        return PLAY_ACTIONS[parse_card(raw)]
    except NotationError as exc:
        raise NotationError(f"{raw!r} is not an action; expected a card (5h, 10♥) or pass") from exc
