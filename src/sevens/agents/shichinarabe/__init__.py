"""Agents for 七並べ (every preset and variant of RULES.md Part B, 2–20 players): the tables of
:mod:`sevens.agents.base`. ``LEVELS`` are the five levels people choose from; ``AGENTS`` are offered in play
(``greedy``, ``heuristic``, ``search``); ``RESEARCH_AGENTS`` only go to measuring tools (``oracle`` sees every
hand through an explicit ``bind(state)``).

What Shichi-narabe's geometry knows, one job a module: :mod:`.board` (lanes: the order each suit's empty
positions can be filled), :mod:`.policy` (scoring actions), :mod:`.knowledge` (what a log entry teaches),
:mod:`.sampling` (deals and the opponent model), :mod:`.search` (with its playouts) and :mod:`.kernel`; the
agents around them are the 七並べ families' (:mod:`sevens.agents.common`).

Notes from tuning (duplicate matches, every agent in every seat on the same deals):

* Blocking decides this game. With three passes and voluntary passing, the player who holds its gates (the 6s
  and 8s with nothing of its own behind them) and passes while it has passes left wins most: using every pass
  (``Weights.reserve = 0``) beats keeping one in reserve 42% to 25% in a four-player field.
* Against three ``heuristic`` players the cards themselves cap any player: a (deal, seat) is a one-player
  puzzle, and ``bench/hindsight.py`` (seeing every hand) finds a winning line in only 37 of 100 pairs in
  ``standard``. Search with every hand visible wins 34–39%, with the hands hidden near 26%: what it lacks is
  information, not depth. Reading every choice of the opponents (the posterior chain) places 61% of the hidden
  cards with their real holder instead of 55%: little in ``standard``, more in ``joker`` (docs/strength.md).

The levels differ mostly in *holding back* (止める): four tuned ``heuristic`` players block each other until
all but one are eliminated (in ``standard`` 96% of such games had nobody going out). So:

* ``beginner``: any playable card at random, and now and then a needless pass;
* ``easy``: any playable card at random, a pass only when it must (at a table of two or three it plays
  ``normal``'s move now and then, :data:`FEW_EASY_READS`);
* ``normal``: the ``heuristic``'s reading of lanes, but it never passes while it can play, does not save its
  gates for last and does not stop the player closest to going out: with four of them, players go out;
* ``hard``: the ``heuristic`` holding back with all but one of its passes (``reserve = 1``);
* ``expert``: ``search`` reading its opponents with a mixture of these policies (:data:`LEVEL_MIXTURE`).

At a large table (:func:`large_table`: 6 players or more, 5 with the tunnel) holding back stops paying: a pass
costs a turn in a race of 7–8 cards, and blocking one lane leaves five or six others free to go out (``hard``
against six ``normal`` won 0.8× chance in ``standard``, 0.4× in ``tunnel``). There ``hard`` keeps its gates for
last but never passes while it can play, ``normal`` plays its gates before its fillers (``gate``
:data:`LARGE_NORMAL_GATE`), ``easy`` passes needlessly now and then too (:data:`LARGE_EASY_NEEDLESS_PASS`,
half as often as ``beginner``) and ``expert`` searches with ``hard``'s policy there, reading the others as the
large table's levels, playing to win (:class:`ExpertAgent`). The ladder at 3, 4, 5 and 7 players is in docs/strength.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from sevens.agents.base import Agent
from sevens.agents.common.heuristic import CasualAgent
from sevens.agents.common.search import OracleSource
from sevens.agents.levels import level_table
from sevens.games.shichinarabe.actions import PASS
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.state import State

from .heuristic import GreedyAgent, HeuristicAgent
from .policy import DEFAULT_WEIGHTS, Weights
from .search import OracleAgent, SearchAgent

NEVER_HOLDS_BACK = 99
"""A ``reserve`` above every pass limit: the player passes only when it has nothing to play."""

BEGINNER_NEEDLESS_PASS = 0.2
NORMAL_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=NEVER_HOLDS_BACK, gate=0.0, gate_block=0.0)
NORMAL_THREAT = 0.0
HARD_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=1)
LARGE_EASY_NEEDLESS_PASS = 0.1
FEW_EASY_READS = 0.35
"""At a table of two or three ``easy`` plays ``normal``'s move this often: with 17 cards or more in hand, cards
played at random lose little to a beginner's wasted passes (``easy`` against two ``beginner`` won 1.14× chance in
``standard``, 1.12× in ``joker``), so the level needs a little reading to stand above ``beginner`` there."""
LARGE_NORMAL_GATE = 0.3
"""Above a filler's score (``end`` 0, ``bank`` 0.2) and below the rest: at a large table ``normal`` gives way."""
LARGE_NORMAL_WEIGHTS = replace(NORMAL_WEIGHTS, gate=LARGE_NORMAL_GATE)
LARGE_HARD_WEIGHTS = replace(DEFAULT_WEIGHTS, reserve=NEVER_HOLDS_BACK)
LEVEL_MIXTURE = (DEFAULT_WEIGHTS, HARD_WEIGHTS, NORMAL_WEIGHTS)
"""How ``expert`` reads the other players: each may play like the tuned ``heuristic`` (holding back with every
pass), like ``hard`` (all but one) or like ``normal`` (never)."""
LARGE_WIN_BONUS = 10.0
"""At a large table ``expert`` plays to win: a playout it wins counts 10 points more (as Killer's ``expert``); against
six ``normal`` that took it from 1.19× to 1.45× chance on the same deals (docs/strength.md)."""
LARGE_LEVEL_MIXTURE = (LARGE_HARD_WEIGHTS, LARGE_NORMAL_WEIGHTS, NORMAL_WEIGHTS)
"""At a large table: the other players may play like ``hard`` or ``normal`` there, or like ``normal`` elsewhere."""


def few_players(rules: Rules) -> bool:
    """A table of two or three: long hands, where ``easy`` reads the lanes now and then (:data:`FEW_EASY_READS`)."""
    return rules.players <= 3


def large_table(rules: Rules) -> bool:
    """Where holding back stops paying (measured at 5 and 7 players, docs/strength.md): 6 players or more, or
    5 with the tunnel (which also closes the ends a held gate was keeping)."""
    return rules.players >= 6 or (rules.players >= 5 and rules.tunnel != "off")


class ByTable:
    """A level that plays differently at a large table: ``small()`` or ``large()``'s agent (``few()``'s at a
    table of two or three when given), made for each game once its first view shows the table (the level needs
    the view for that, whatever the agent it plays)."""

    name = "by-table"
    needs_view = True

    def __init__(
        self, small: Callable[[], Agent], large: Callable[[], Agent], few: Callable[[], Agent] | None = None
    ) -> None:
        self._small, self._large, self._few = small, large, few
        self._seat, self._seed = 0, 0
        self._agent: Agent | None = None

    def reset(self, seat: int, seed: int) -> None:
        self._seat, self._seed = seat, seed
        self._agent = None

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        agent = self._agent
        if agent is None:
            rules = view.rules
            if large_table(rules):
                make = self._large
            else:
                make = self._few if self._few is not None and few_players(rules) else self._small
            agent = self._agent = make()
            agent.reset(self._seat, self._seed)
        return agent.act(view if agent.needs_view else None, legal)


class ReadsNowAndThen(CasualAgent):
    """``easy`` at a table of two or three: a casual player that plays ``normal``'s move with chance ``reads``
    (its reading follows every view, so the move it borrows is ``normal``'s own)."""

    needs_view = True

    def __init__(self, reads: float) -> None:
        super().__init__(PASS)
        self.reads = reads
        self._normal = HeuristicAgent(NORMAL_WEIGHTS, NORMAL_THREAT)

    def reset(self, seat: int, seed: int) -> None:
        super().reset(seat, seed)
        self._normal.reset(seat, seed)

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        normal = self._normal.act(view, legal)
        return normal if self._rng.random() < self.reads else super().act(view, legal)


class ExpertAgent(SearchAgent):
    """``expert``: the search with the tuned heuristic's policy reading :data:`LEVEL_MIXTURE`, and at a large
    table with ``hard``'s policy there (no holding back), reading :data:`LARGE_LEVEL_MIXTURE` and playing to win
    (:data:`LARGE_WIN_BONUS`) (issue 30: holding back made the search no better than chance against six
    ``normal``)."""

    def __init__(self) -> None:
        super().__init__(opponents=LEVEL_MIXTURE)
        self._large = False

    def act(self, view: Any, legal: Sequence[Any]) -> Any:
        self.sit_at(view.rules)
        return super().act(view, legal)

    def sit_at(self, rules: Rules) -> None:
        """Take the settings of a table of these rules (the size holds for a whole game: the first move sets them)."""
        large = large_table(rules)
        if large != self._large:
            self._large = large
            self._use(LARGE_HARD_WEIGHTS if large else DEFAULT_WEIGHTS, LARGE_LEVEL_MIXTURE if large else LEVEL_MIXTURE)

    def _use(self, weights: Weights, opponents: Sequence[Weights]) -> None:
        self._default = HeuristicAgent(weights)
        self.weights, self.opponents = weights, tuple(opponents)
        self.win_bonus = LARGE_WIN_BONUS if weights is LARGE_HARD_WEIGHTS else 0.0


class ExpertOracle(OracleSource[State], ExpertAgent):
    """``expert``'s search, at every table size, with every hand visible (research only: what reading the hands
    is worth to it)."""

    name = "expert-oracle"


LEVELS = level_table({
    "beginner": lambda: CasualAgent(PASS, BEGINNER_NEEDLESS_PASS),
    # partial, not lambda, for the makers: a level's agent (and an env holding one) pickles
    "easy": lambda: ByTable(
        partial(CasualAgent, PASS),
        partial(CasualAgent, PASS, LARGE_EASY_NEEDLESS_PASS),
        partial(ReadsNowAndThen, FEW_EASY_READS),
    ),
    "normal": lambda: ByTable(
        partial(HeuristicAgent, NORMAL_WEIGHTS, NORMAL_THREAT),
        partial(HeuristicAgent, LARGE_NORMAL_WEIGHTS, NORMAL_THREAT),
    ),
    "hard": lambda: ByTable(partial(HeuristicAgent, HARD_WEIGHTS), partial(HeuristicAgent, LARGE_HARD_WEIGHTS)),
    "expert": ExpertAgent,
})  # fmt: skip
AGENTS: dict[str, Callable[[], Agent]] = {"greedy": GreedyAgent, "heuristic": HeuristicAgent, "search": SearchAgent}
RESEARCH_AGENTS: dict[str, Callable[[], Agent]] = {
    "oracle": OracleAgent,
    "expert-oracle": ExpertOracle,  # the bound beside the expert's rows: its search, every hand visible
    "expert-v1": ExpertAgent,  # today's expert, kept under its own name to measure a new one against (issue 30)
}

__all__ = ["AGENTS", "LEVELS", "RESEARCH_AGENTS", "GreedyAgent", "HeuristicAgent", "OracleAgent", "SearchAgent"]
