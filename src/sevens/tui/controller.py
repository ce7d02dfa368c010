"""The session and game logic of ``sevens play``, apart from any widget, so it can be tested without a screen.

A :class:`Controller` owns one stored session: it deals rounds (:mod:`sevens.session.match`), lets the human seat
act through :meth:`Controller.submit`, lets computer seats act through their views (:meth:`Controller.step_bot`),
applies the default action when the human's time runs out (E4, :meth:`Controller.check_clock`), and scores finished
rounds.

Every action is applied to a copy of the state, stored with ``append_action``, and only then becomes the current
state: a refused action (the engine's :class:`~sevens.errors.IllegalActionError`) or a failed write leaves
everything as it was, and a program killed at any moment resumes from the last stored action
(:meth:`Controller.resume` replays the stored actions of every round).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sevens.agents.base import Agent, make_agent
from sevens.errors import IllegalActionError, NotationError, RecordError
from sevens.games.base import Family, GameState
from sevens.games.registry import families
from sevens.i18n import Lang, catalogue, t
from sevens.rng import derive_seed
from sevens.session.clock import TurnClock, default_action
from sevens.session.log import action_text, format_entry, log_entries, pretty_card
from sevens.session.match import Match, RoundPlan, RoundResult, make_match
from sevens.session.session import Seat
from sevens.store import SeatTotal, SessionInfo
from sevens.tui.options import Setup, default_bot
from sevens.tui.persistence import GameStore
from sevens.tui.text import tr

Clock = Callable[[], float]


class TurnError(IllegalActionError):
    """An action offered when it is not the human's turn, or after the round; ``ui_key`` names the UI text."""

    def __init__(self, message: str, ui_key: str, **params: object) -> None:
        super().__init__(message, reason="turn", **params)
        self.ui_key = ui_key


class UnreadableError(NotationError):
    """Text the human typed that is no action of this game; ``params`` hold the text and the legal actions, so
    the refusal can be said in the player's language with what they can type instead."""


class SessionOverError(RecordError):
    """No more rounds can be dealt in this session."""


@dataclass(frozen=True)
class Move:
    """One applied action: the seat of the round that made it, its name, the action's text, and whether the
    turn clock chose it (E4)."""

    seat: int
    name: str
    text: str
    human: bool
    timed_out: bool = False


class Controller:
    """One session of any family; build with :meth:`start` or :meth:`resume`."""

    def __init__(
        self,
        store: GameStore,
        session_id: int,
        family: Family,
        preset: str | None,
        rules: Any,
        names: Sequence[str],
        agents: Sequence[str | None],
        human_seat: int,
        turn_seconds: float | None,
        match: Match,
        now: Clock = time.monotonic,
        settings: dict[str, Any] | None = None,
    ) -> None:
        self.store = store
        self.settings = dict(settings or {})
        self.session_id = session_id
        self.family = family
        self.preset = preset
        self.rules = rules
        self.names = tuple(names)
        self.agents = tuple(agents)
        self.human_seat = human_seat
        self.turn_seconds = turn_seconds
        self.match = match
        self.clock = TurnClock(turn_seconds, now)
        self.bots: dict[int, Agent] = {
            seat: make_agent(agent, family.name) for seat, agent in enumerate(agents) if agent is not None
        }
        self.plan: RoundPlan | None = None
        self.state: GameState | None = None
        self.round_id: int | None = None
        self.moves: list[Move] = []
        self.timeouts: set[int] = set()  # the current round's moves (numbers from 1) the turn clock made (E4)
        self.results: list[RoundResult] = []
        self.resumed_at: int | None = None  # moves replayed into the current round on resume
        self._clock_mark: int | None = None

    # ------------------------------------------------------------------ creating and resuming
    @classmethod
    def start(cls, store: GameStore, setup: Setup, now: Clock = time.monotonic) -> Controller:
        """Create a stored session from ``setup`` and deal its first round."""
        seats = [(name, seat == setup.human_seat) for seat, name in enumerate(setup.names)]
        session_id = store.create_session(
            setup.family.name, setup.preset, setup.rules.to_dict(), setup.seed, seats, setup.settings()
        )
        seats_ = _seats(setup.names, setup.agents)
        match = _match(setup.family, setup.preset, setup.rules, seats_, setup.seed, setup.rounds)
        controller = cls(
            store, session_id, setup.family, setup.preset, setup.rules, setup.names, setup.agents,
            setup.human_seat, setup.turn_seconds, match, now=now, settings=setup.settings(),
        )  # fmt: skip
        controller.begin_round()
        return controller

    @classmethod
    def resume(cls, store: GameStore, session_id: int, now: Clock = time.monotonic) -> Controller:
        """Rebuild a stored session: every finished round is replayed and scored again, and the round in
        progress continues from its last stored action. A session between rounds deals its next round."""
        info = store.load_session(session_id)
        family = families().get(info.family)
        if family is None:
            raise RecordError(f"session {session_id} is a game of {info.family!r}, which this program does not know")
        base = family.presets.get(info.preset or "") or next(iter(family.presets.values()))
        rules = base.replace(**info.rules)
        settings = info.settings
        names = [seat.name for seat in info.seats]
        humans = [seat.seat for seat in info.seats if seat.is_human]
        if "agents" in settings:
            agents: list[str | None] = list(settings["agents"])
            human_seat = int(settings.get("human_seat", 0))
        elif len(humans) == 1:  # a session another front-end started: computers play as `default_bot`
            agents = [None if seat.is_human else default_bot(family.name) for seat in info.seats]
            human_seat = humans[0]
        else:
            raise RecordError(
                f"session {session_id} has {len(humans)} human players; the terminal UI plays sessions with one"
            )
        rounds = settings.get("rounds")
        match = _match(family, info.preset or "", rules, _seats(names, agents), info.seed, rounds)
        controller = cls(store, session_id, family, info.preset, rules, names, agents, human_seat,
                         settings.get("turn_seconds"), match, now, settings)  # fmt: skip
        controller._restore(info)
        return controller

    def _restore(self, info: SessionInfo) -> None:
        for stored in sorted(info.rounds, key=lambda r: r.number):
            plan = self.match.next_plan()
            if (plan.number, plan.seed, plan.dealer) != (stored.number, stored.seed, stored.dealer):
                raise RecordError(
                    f"session {self.session_id}: stored round {stored.number} does not match the session's seed"
                )
            state = plan.state
            for text in stored.actions:
                state.apply(self.family.parse_action(text))
            if stored.finished:
                if not state.is_over():
                    raise RecordError(f"session {self.session_id}: round {stored.number} is marked finished early")
                self.results.append(self.match.record(plan, state))
                continue
            self.plan, self.state, self.round_id = plan, state, stored.id
            self.resumed_at = len(stored.actions)
            self._reset_agents(plan)
            if state.is_over():  # stopped between its last action and its score
                self._finish_round()
        if self.state is None:
            if self.match.is_over():
                if not info.finished:
                    self.store.finish_session(self.session_id)
            else:
                self.begin_round()
        self._turn_started()

    # ------------------------------------------------------------------ rounds
    def begin_round(self) -> None:
        """Deal the next round and store it; raises :class:`SessionOverError` when the session is over."""
        if self.state is not None and not self.state.is_over():
            raise TurnError("the current round is not over yet", "round_not_over")
        if self.match.is_over():
            raise SessionOverError(f"session {self.session_id} is over; start a new one")
        plan = self.match.next_plan()
        self.round_id = self.store.start_round(
            self.session_id, plan.number, plan.dealer, plan.seed, plan.rules.to_dict(), plan.extra
        )
        self.plan, self.state, self.moves, self.resumed_at = plan, plan.state, [], None
        self.timeouts = set()
        self._reset_agents(plan)
        if plan.state.is_over():
            self._finish_round()
        self._turn_started()

    def _reset_agents(self, plan: RoundPlan) -> None:
        for deal_seat, seat in enumerate(plan.seats):
            agent = self.bots.get(seat)
            if agent is not None:
                agent.reset(deal_seat, derive_seed(plan.seed, deal_seat + 1))

    def _finish_round(self) -> None:
        assert self.plan is not None and self.state is not None and self.round_id is not None
        result = self.match.record(self.plan, self.state)
        self.store.finish_round(self.round_id, self.state.result().to_dict(), list(result.points), list(result.stars))
        self.results.append(result)
        if self.match.is_over():
            self.store.finish_session(self.session_id)

    # ------------------------------------------------------------------ questions
    @property
    def round_number(self) -> int:
        """The current (or last) round, counted from 1 as players count."""
        return self.plan.number + 1 if self.plan is not None else len(self.results)

    @property
    def rounds_total(self) -> int | None:
        return self.match.rounds_total

    @property
    def human_name(self) -> str:
        return self.names[self.human_seat]

    @property
    def round_names(self) -> tuple[str, ...]:
        """Names by seat of the current round (Seven Twenty-Seven deals only players with chips)."""
        if self.plan is None:
            return self.names
        return tuple(self.names[s] for s in self.plan.seats)

    def display_names(self, lang: Lang) -> tuple[str, ...]:
        """Names as players see them, by session seat (:func:`display_names`)."""
        return display_names(self.names, self.agents, lang)

    def round_display_names(self, lang: Lang) -> tuple[str, ...]:
        """:meth:`display_names` by seat of the current round."""
        names = self.display_names(lang)
        return names if self.plan is None else tuple(names[s] for s in self.plan.seats)

    def log_lines(self, lang: Lang) -> list[str]:
        """The current round's move log, as the human may read it, in ``lang`` with seats named as players see
        them (:mod:`sevens.session.log`)."""
        if self.state is None or self.human_round_seat is None:
            return []
        names = self.round_display_names(lang)
        entries = log_entries(self.family.name, self.view().to_dict(), self.timeouts)
        return [format_entry(entry, lang, names.__getitem__, pretty_card) for entry in entries]

    @property
    def human_round_seat(self) -> int | None:
        """The human's seat in the current round, if dealt in."""
        if self.plan is None or self.human_seat not in self.plan.seats:
            return None
        return self.plan.seats.index(self.human_seat)

    def round_over(self) -> bool:
        return self.state is None or self.state.is_over()

    def session_over(self) -> bool:
        return self.round_over() and self.match.is_over()

    def to_move(self) -> int | None:
        """The seat of the current round to move, or ``None``."""
        return None if self.state is None else self.state.to_move

    def human_to_move(self) -> bool:
        seat = self.human_round_seat
        return seat is not None and self.to_move() == seat

    def bot_to_move(self) -> bool:
        return not self.round_over() and not self.human_to_move()

    def view(self) -> Any:
        """What the human seat may see of the current round: its own view, never another seat's."""
        seat = self.human_round_seat
        if self.state is None or seat is None:
            raise TurnError("the human player is not dealt into this round", "you_are_out")
        return self.state.view(seat)

    def legal(self) -> list[Any]:
        """The human's legal actions now (empty when it is not their turn), from their view."""
        return list(self.view().legal_actions) if self.human_to_move() else []

    def seconds_left(self) -> float | None:
        """Seconds left on the human's turn clock (``None``: no limit, or not their turn)."""
        return self.clock.remaining() if self.human_to_move() else None

    def totals(self) -> list[SeatTotal]:
        """Points (chips for Seven Twenty-Seven) and stars per seat over the session's finished rounds."""
        return self.store.session_totals(self.session_id)

    def lifetime_stars(self) -> int:
        """Every star the human player has earned, across sessions."""
        return self.store.player_stars(self.human_name)

    # ------------------------------------------------------------------ acting
    def submit(self, action: Any) -> Move:
        """The human's action (an action or its text). Raises :class:`~sevens.errors.NotationError` for text that
        is no action, :class:`TurnError` out of turn, and the engine's :class:`IllegalActionError` for an action
        the rules refuse; nothing changes then."""
        if self.round_over():
            raise TurnError("the round is over", "round_is_over")
        seat = self.human_round_seat
        if seat is None:
            raise TurnError("the human player is not dealt into this round", "you_are_out")
        if not self.human_to_move():
            mover = self.to_move()
            name = self.round_names[mover] if mover is not None else "-"
            raise TurnError(f"it is not your turn (to move: {name})", "not_your_turn", name=name, seat=mover)
        if isinstance(action, str):
            try:
                action = self.family.parse_action(action)
            except NotationError as exc:
                raise UnreadableError(str(exc), text=action, legal=[str(a) for a in self.legal()]) from None
        return self._commit(seat, action, timed_out=False)

    def explain(self, error: Exception, lang: Lang) -> str:
        """:func:`explain` with the seats named as players see them ("Computer 2 (Normal)")."""
        return explain(error, lang, self.round_display_names(lang))

    def step_bot(self) -> Move:
        """One computer seat's action, chosen from its own view only."""
        assert self.state is not None and self.plan is not None
        seat = self.state.to_move
        if seat is None or self.human_to_move():
            raise TurnError("no computer seat is to move", "round_is_over")
        agent = self.bots[self.plan.seats[seat]]
        view: Any = self.state.view(seat) if agent.needs_view else None
        legal = list(view.legal_actions) if view is not None else list(self.state.legal_actions())
        return self._commit(seat, agent.act(view, legal), timed_out=False)

    def run_bots(self) -> list[Move]:
        """Let computer seats act until the human is to move or the round is over."""
        moves = []
        while self.bot_to_move():
            moves.append(self.step_bot())
        return moves

    def check_clock(self) -> Move | None:
        """When the human's time is up, take the default action for them (E4) and return it."""
        if not self.human_to_move() or not self.clock.expired():
            return None
        seat = self.human_round_seat
        assert seat is not None
        return self._commit(seat, default_action(self.legal()), timed_out=True)

    def _commit(self, seat: int, action: Any, timed_out: bool) -> Move:
        """Apply ``action`` to a copy, store it, then make the copy current: all or nothing."""
        assert self.state is not None and self.round_id is not None and self.plan is not None
        after = self.state.clone()
        after.apply(action)
        self.store.append_action(self.round_id, len(after.actions), str(action))
        self.state = after
        human = self.plan.seats[seat] == self.human_seat
        move = Move(seat, self.round_names[seat], str(action), human, timed_out)
        if timed_out:
            self.timeouts.add(len(after.actions))
        self.moves.append(move)
        if after.is_over():
            self._finish_round()
        self._turn_started()
        return move

    def _turn_started(self) -> None:
        """Restart the turn clock when a new turn of the human begins."""
        if self.state is None or not self.human_to_move():
            self._clock_mark = None
            return
        mark = len(self.state.actions)
        if mark != self._clock_mark:
            self._clock_mark = mark
            seat = self.human_round_seat
            assert seat is not None
            self.clock.start(seat)


def display_names(names: Sequence[str], agents: Sequence[str | None], lang: Lang) -> tuple[str, ...]:
    """Names as players see them, by seat: a human's own name, and for each computer "Computer 2 (Normal)" from the
    catalogue (the level's name from ``level.<agent>``; "Computer 2" for an agent without one), never an agent's
    internal profile name (``normal#2``, ``heuristic#2``)."""
    shown, number = [], 0
    for seat, agent in enumerate(agents):
        if agent is None:
            shown.append(names[seat])
            continue
        number += 1
        level = f"level.{agent}"
        if level in catalogue():
            shown.append(tr("computer", lang, number=number, level=t(level, lang)))
        else:  # an agent without a level name (locale/levels.json) is not named at all
            shown.append(tr("computer_plain", lang, number=number))
    return tuple(shown)


def _seats(names: Sequence[str], agents: Sequence[str | None]) -> list[Seat]:
    return [Seat(name, human=agent is None, agent=agent or "") for name, agent in zip(names, agents, strict=True)]


def _match(family: Family, preset: str, rules: Any, seats: Sequence[Seat], seed: int, rounds: int | None) -> Match:
    """The terminal UI's bookkeeping: one round per seat unless chosen otherwise, and a chips session ends once
    the one human player is broke (they could only watch)."""
    return make_match(family, preset, rules, seats, seed, rounds, default_rounds=len(seats), human_broke_ends=True)


def explain(error: Exception, lang: Lang, names: Sequence[str] = ()) -> str:
    """A refused action or bad input, in the player's language: the engine's reason by its key
    (``locale/game.json``) with the legal actions in words, never a traceback. ``names`` (by seat of the round)
    name the seat to move as players see it, never by an agent's profile name."""
    if isinstance(error, TurnError):
        params = dict(error.params)
        seat = params.pop("seat", None)
        if isinstance(seat, int) and 0 <= seat < len(names):
            params["name"] = names[seat]
        return tr(error.ui_key, lang, **params)
    if isinstance(error, UnreadableError):
        legal = error.params.get("legal")
        actions = [str(a) for a in legal] if isinstance(legal, list) else []
        words = t("log.list_separator", lang).join(action_text(a, lang) for a in actions)
        return tr("bad_text", lang, text=error.params.get("text", ""), legal=words)
    if isinstance(error, NotationError):
        return tr("refused", lang, why=error)
    if isinstance(error, IllegalActionError) and error.reason in catalogue():
        params = {k: v for k, v in error.params.items() if k != "legal"}
        why = t(error.reason, lang, **params)
        legal = error.params.get("legal")
        if isinstance(legal, list) and legal:
            why = t(
                "refusal.legal_now",
                lang,
                reason=why,
                legal=t("log.list_separator", lang).join(action_text(a, lang) for a in legal),
            )
        return tr("refused", lang, why=why)
    return tr("refused", lang, why=error)


__all__ = ["Controller", "Move", "SessionOverError", "TurnError", "UnreadableError", "display_names", "explain"]
