"""What every environment shares: building the rules from a preset, and one game seen through the encoders.

>>> table = Table.build("tunnel", players=3, settings=["pass_limit=none"])
>>> table.family.name, table.rules.players, table.rules.pass_limit
('shichinarabe', 3, None)
>>> table.deal(seed=1); table.state.to_move is not None
True
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from sevens.envs.encoding import (
    ActionSpace,
    Encoder,
    FloatVector,
    Mask,
    action_number,
    action_space_for,
    encoder_for,
)
from sevens.errors import RulesError
from sevens.games.base import Family, GameState, parse_setting
from sevens.games.registry import families, family_of
from sevens.session.scoring import round_points

Settings = Mapping[str, Any] | Iterable[str] | None


def make_rules(preset: str, players: int | None = None, settings: Settings = None) -> tuple[Family, Any]:
    """The family owning ``preset`` and its rules with ``players`` and the ``--set`` changes applied; settings are
    ``{"pass_limit": None}`` or ``["pass_limit=none"]``. Bad names or values raise :class:`RulesError`."""
    if not isinstance(preset, str):
        raise RulesError(f"preset must be a name such as 'standard', not {type(preset).__name__}")
    family = family_of(preset)
    if settings is None:
        changes: dict[str, Any] = {}
    elif isinstance(settings, Mapping):
        changes = dict(settings)
    elif isinstance(settings, str):
        changes = dict(parse_setting(s) for s in settings.split(",") if s.strip())
    else:
        changes = dict(parse_setting(s) for s in settings)
    if players is not None:
        changes["players"] = players
    rules = family.presets[preset]
    return family, rules.replace(**changes) if changes else rules


def family_of_rules(rules: Any) -> Family:
    """The family whose rules ``rules`` are (every family has its own ``Rules`` class)."""
    for family in families().values():
        if isinstance(rules, type(next(iter(family.presets.values())))):
            return family
    raise RulesError(f"{rules!r} are not the rules of any family")


class Table:
    """One game of one family under fixed rules, with the family's action numbering and observation encoder."""

    def __init__(self, family: Family, rules: Any) -> None:
        self.family = family
        self.rules = rules
        self.players: int = rules.players
        self.space: ActionSpace = action_space_for(family.name)
        self.encoder: Encoder = encoder_for(family.name, rules)
        self.state: GameState = family.new_state(rules, 0)
        self._read_state = self.encoder.state_fn  # observations straight from states, where the encoder can
        self._view_takes_history = "history" in inspect.signature(type(self.state).view).parameters

    @classmethod
    def build(cls, preset: str, players: int | None = None, settings: Settings = None) -> Table:
        return cls(*make_rules(preset, players, settings))

    def deal(self, seed: int) -> None:
        self.state = self.family.new_state(self.rules, seed)

    def observe(self, seat: int) -> dict[str, FloatVector | Mask]:
        """``observation`` (the seat's view as floats) and ``action_mask`` (zeros unless the seat is to move).
        Where the encoder reads states (the sevens families) no view is built: the vector comes from the state's
        bit sets and the mask from its legal actions, the same numbers as :meth:`view_observation`'s."""
        read, state = self._read_state, self.state
        if read is None:
            return self.view_observation(seat)
        if not 0 <= seat < self.players:
            raise RulesError(f"seat {seat!r} is not a seat; allowed: 0 to {self.players - 1}")
        mask = self.space.mask(state.legal_actions()) if state.to_move == seat else self._no_actions()
        return {"observation": read(state, seat), "action_mask": mask}

    def view_observation(self, seat: int) -> dict[str, FloatVector | Mask]:
        """What :meth:`observe` returns, computed from the seat's view (the reference the fast path must equal)."""
        view = self.numbers_view(self.state, seat)
        mask = self.space.mask(view.legal_actions) if view.to_move == seat else self._no_actions()
        return {"observation": self.encoder.encode(view), "action_mask": mask}

    def numbers_view(self, state: GameState, seat: int) -> Any:
        """The view of ``seat`` in ``state`` (a state of these rules) as the encoders read it: without the history's
        text where the engine can leave it out (``view(seat, history=False)``), since no encoder reads it and it is
        most of a view's cost."""
        if self._view_takes_history:
            return state.view(seat, history=False)  # type: ignore[call-arg]
        return state.view(seat)

    def _no_actions(self) -> Mask:
        return np.zeros(len(self.space), dtype=np.int8)

    def apply_number(self, number: Any) -> Any:
        """Apply the action numbered ``number`` for the seat to move; a number that is not a whole number in range
        or not legal now raises and changes nothing."""
        action = self.space.action(action_number(number))
        self.state.apply(action)
        return action

    def render_text(self) -> str:
        """The game so far for people: the position text (one line, like FEN) and who is to move."""
        mover = self.state.to_move
        return f"{self.state.position()}\n{'game over' if mover is None else f'seat {mover} to move'}"

    def render(self, mode: str | None) -> str | None:
        """An env's ``render()``: ``ansi`` returns :meth:`render_text`, ``human`` prints it (and returns ``None``)."""
        if mode == "human":
            print(self.render_text())
            return None
        return self.render_text()

    def __reduce__(self) -> tuple[Any, ...]:
        # the family is found again by name (it holds the engine's functions); rules and state pickle as data
        return (_table_of, (self.family.name, self.rules, self.state))

    def points(self) -> list[float]:
        """Each seat's score of the finished game: E2 points (chips won for Seven Twenty-Seven)."""
        return [float(p) for p in round_points(self.family, self.state)]


RENDER_MODES = ["human", "ansi"]
"""The render modes of every env."""


def check_render_mode(mode: str | None) -> str | None:
    """``mode`` if an env offers it, else :class:`RulesError` listing what is."""
    if mode not in (None, *RENDER_MODES):
        raise RulesError(f"render_mode {mode!r} is not offered; allowed: None, 'human', 'ansi'")
    return mode


def _table_of(family_name: str, rules: Any, state: GameState) -> Table:
    table = Table(families()[family_name], rules)
    table.state = state
    return table
