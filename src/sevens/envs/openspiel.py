"""OpenSpiel games: ``import sevens.envs.openspiel`` registers one game per family with ``pyspiel.register_game``.

=====================  ================================================================
game                   parameters (all optional)
=====================  ================================================================
``sevens``             ``preset`` (default ``standard``; any 七並べ preset), ``players``,
``sevens_killer``      ``settings``: ``--set`` changes, ``"jokers=2"`` or ``"pass_limit=none,ak_link=true"``;
``sevens_seven27``     the game's own name writes them ``key:value;key:value`` so it loads again
=====================  ================================================================

The deal is explicit chance, one card at a time, as OpenSpiel's card games deal: the first 52 nodes (54 with two
jokers) are chance nodes whose outcome is the next card of the deck, each remaining card with probability
``1 / remaining``. For 七並べ and Killer Sevens card ``k`` of the deck goes to seat ``(dealer + 1 + k) mod n``
(B2: round robin from the dealer's left); for Seven Twenty-Seven the deck is the order the engine draws from.
A seat's information state holds only the cards dealt to it, so its own hand never reveals anyone else's.
Once the deck is complete the ``sevens`` engine plays the game from it and decides everything.

Observations and information states are made from the engine's view of the seat (its allowlist) and, with
perfect recall, the seat's record of the history (the view's ``history``: actions, and the events the rules make
with no action, such as the cards an elimination lays out), so they are exact: equal for two histories exactly
when the seat cannot tell them apart. Observation tensors are the shared encoder's vector of the view
(:mod:`sevens.envs.encoding`) followed by the cards dealt to the seat; information-state tensors add the record,
a few numbers a slot. Public observations (``private_info=NONE``) hold only what every seat sees alike. Returns
are E2 points (chips won for Seven Twenty-Seven). ``resample_from_infostate`` deals the cards a seat cannot see
afresh, consistently with everything it has seen, for any seat (七並べ and Killer Sevens), which is what
OpenSpiel's IS-MCTS needs. Games and states serialize (``pyspiel.serialize_game_and_state``) and pickle.

>>> import pyspiel
>>> game = pyspiel.load_game("sevens", {"preset": "joker", "players": 6, "settings": "jokers=2"})
>>> str(game)
'sevens(players=6,preset=joker,settings=jokers:2)'
>>> pyspiel.load_game(str(game)).rules == game.rules
True
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes()), state.chance_outcomes()[0]
(True, 54, (0, 0.018518518518518517))
>>> for card in range(54):
...     state.apply_action(card)
>>> from sevens.games.shichinarabe import State
>>> state.game_state == State.new(game.rules, 0, deck=range(54))
True
>>> len(state.information_state_tensor(0)) == game.information_state_tensor_size()
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from functools import cache, cached_property, lru_cache
from typing import Any, ClassVar

import numpy as np
import pyspiel

from sevens.cards import DECK_SIZE, HIDDEN_TEXT, card_text
from sevens.cards import parse_card as card_number
from sevens.envs.encoding import FloatVector, action_space_for, card_bits, private_slots
from sevens.envs.table import Table, family_of_rules, make_rules
from sevens.errors import IllegalActionError, NotationError, RulesError
from sevens.games.base import GameState, format_value
from sevens.games.registry import families
from sevens.session.scoring import round_points

GAME_NAMES = {"shichinarabe": "sevens", "killer": "sevens_killer", "seven27": "sevens_seven27"}
"""OpenSpiel's name of each family's game."""

_DEFAULT_PRESETS = {"shichinarabe": "standard", "killer": "killer", "seven27": "seven27"}

LogEntry = tuple[int, int, int]
"""One public action: (seat, action number, card it turned face up or -1)."""


def settings_of(text: str) -> list[str]:
    """``--set`` changes from a ``settings`` parameter: ``"jokers=2,pass_limit=none"`` or the game name's own
    form ``"jokers:2;pass_limit:none"``.

    >>> settings_of("jokers:2;pass_limit:none"), settings_of("ak_link=true, tunnel=true")
    (['jokers=2', 'pass_limit=none'], ['ak_link=true', 'tunnel=true'])
    """
    parts = (p.strip() for p in text.replace(";", ",").split(","))
    return [p if "=" in p else p.replace(":", "=", 1) for p in parts if p]


def settings_text(rules: Any, preset: Any) -> str:
    """The changes from ``preset`` that make ``rules`` (players aside), written ``key:value;…`` so that OpenSpiel's
    game names, which cannot hold ``=`` or ``,`` in a value, can carry them."""
    base, mine = preset.replace(players=rules.players).to_dict(), rules.to_dict()
    changes = [f"{key}:{format_value(value)}" for key, value in mine.items() if base.get(key) != value]
    return ";".join(changes)


class SevensGame(pyspiel.Game):  # type: ignore[misc]
    """The 七並べ family's game (``sevens``) under the rules its parameters name; the other families subclass it."""

    family_name: ClassVar[str] = "shichinarabe"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_parameters(self.family_name), **(params or {})}
        preset = str(values["preset"])
        family, rules = make_rules(preset, None, settings_of(str(values["settings"])))
        if family.name != self.family_name:
            raise RulesError(f"preset {preset!r} is {family.name}, not a preset of {self.family_name}")
        if int(values["players"]) > 0:
            rules = rules.replace(players=int(values["players"]))
        self.table = Table(family, rules)
        self.rules = rules
        self.deck_size = _deck_size(rules)
        n = rules.players
        self.history_slots = _record_slots(family, rules)
        chips = family.name == "seven27"
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.table.space),
            max_chance_outcomes=self.deck_size,
            num_players=n,
            min_utility=-float(rules.stack) if chips else -10.0,
            max_utility=float(rules.stack * (n - 1)) if chips else 10.0,
            utility_sum=0.0 if chips else None,
            max_game_length=self.history_slots + self.deck_size,
        )
        canonical: dict[str, Any] = {"preset": preset, "players": n}
        if changes := settings_text(rules, family.presets[preset]):
            canonical["settings"] = changes
        super().__init__(_game_type(self.family_name), info, canonical)

    def new_initial_state(self) -> SevensState:
        return SevensState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> SevensObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        if iig_obs_type is None:  # no type given: OpenSpiel asks for the default observation (without recall)
            return SevensObserver(self, perfect_recall=False, private=True)
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                f"observation type {iig_obs_type} is not offered; allowed: public_info=True with private_info "
                "SINGLE_PLAYER (the seat's own observation) or NONE (public only), with or without perfect_recall"
            )
        return SevensObserver(
            self, iig_obs_type.perfect_recall, private=private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )

    @cached_property
    def deal_size(self) -> int:
        """Floats of the tensors' deal part: the cards dealt to the seat (52, and jokers), and how far the deal is."""
        return DECK_SIZE + 2

    @cached_property
    def private_slots(self) -> Any:
        """Where the observation vector holds the seat's own cards (zero in public observations)."""
        return private_slots(self.family_name, self.rules)

    @cached_property
    def observation_size(self) -> int:
        return self.table.encoder.size + self.deal_size

    @cached_property
    def information_state_size(self) -> int:
        return self.observation_size + 3 * self.history_slots


class KillerGame(SevensGame):
    """Killer Sevens (``sevens_killer``)."""

    family_name = "killer"


class Seven27Game(SevensGame):
    """Seven Twenty-Seven (``sevens_seven27``)."""

    family_name = "seven27"


_APPLY_ACTION = pyspiel.State.apply_action


def _whole_number(action: object) -> bool:
    """An ``int`` or numpy integer, and not a ``bool`` (which is an ``int`` to Python)."""
    return not isinstance(action, bool | np.bool_) and isinstance(action, int | np.integer)


class SevensState(pyspiel.State):  # type: ignore[misc]
    """The deal (chance, one card at a time), then the ``sevens`` engine's state, which decides everything.

    Everything a state holds is plain data (the engine state, the deck so far, the public record), so states
    pickle and OpenSpiel's serialization (which pickles ``__dict__``) restores them exactly."""

    def __init__(self, game: SevensGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._play = _Play([], [[] for _ in range(game.num_players())], None, [], None)

    @property
    def _game(self) -> SevensGame:
        return self._shared.game

    @property
    def table(self) -> Table:
        return self._shared.game.table

    @property
    def deck(self) -> list[int]:
        """The cards dealt so far, in order."""
        return self._play.deck

    @property
    def game_state(self) -> GameState | None:
        """The engine's state once the deck is complete (``None`` while dealing)."""
        return self._play.state

    @property
    def log(self) -> list[LogEntry]:
        """Every public action so far: (seat, action number, card it turned face up or -1)."""
        return self._play.log

    @classmethod
    def of(
        cls,
        game: SevensGame,
        game_state: GameState,
        log: Sequence[LogEntry],
        dealt: dict[int, list[int]] | None = None,
        earlier: Sequence[Record] | None = None,
    ) -> SevensState:
        """A state past the deal holding ``game_state`` (used to set up searches from a seat's view); its deck is
        unknown, so it has no chance history, and it knows the cards dealt to the seats in ``dealt`` only.
        ``earlier`` is each seat's record before ``game_state``'s own (a state read from a position has none),
        then the public record (``players + 1`` records): what each seat read of the history so far, so that its
        information state is the one it had."""
        state = cls(game)
        known = dealt or {}
        n = game.num_players()
        if earlier is not None and len(earlier) != n + 1:
            raise RulesError(f"earlier holds {len(earlier)} records; give {n + 1}: one per seat, then the public one")
        before = None if earlier is None else tuple(tuple(record) for record in earlier)
        state._play = _Play([], [known.get(s) for s in range(n)], game_state, list(log), before)
        return state

    def apply_action(self, action: Any) -> None:
        """Apply ``action``, a whole number (``True`` is not one: pyspiel would read it as 1 before any check)."""
        if type(action) is not int and not _whole_number(action):
            raise IllegalActionError(f"an action is a whole number, not {action!r}")
        _APPLY_ACTION(self, action)

    def record(self, player: int | None) -> Record:
        """The history as ``player`` has read it (``None``: the public history, which every seat reads), actions
        and events (cards laid out by an elimination, exchanges, deaths, ghost swaps) alike, as the engine's view
        writes it: from the deal, whatever the state was set up from."""
        if self.game_state is None:
            return ()
        earlier = self._play.earlier
        before = () if earlier is None else earlier[self.table.players if player is None else player]
        return before + _engine_record(self.game_state, player)

    def current_player(self) -> int:
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        mover = self.game_state.to_move
        return int(pyspiel.PlayerId.TERMINAL) if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        if self.game_state is None or player != self.game_state.to_move:  # a seat not to move has none
            return []
        index = self.table.space.index
        return sorted(index(a) for a in self.game_state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.game_state is not None:
            return []
        left = self._left()
        p = 1.0 / len(left)
        return [(card, p) for card in left]

    def _left(self) -> list[int]:
        dealt = set(self.deck)
        return [card for card in range(self._game.deck_size) if card not in dealt]

    def _apply_action(self, action: int) -> None:
        if not _whole_number(action):
            raise IllegalActionError(f"an action is a whole number, not {action!r}")
        action = int(action)
        if self.game_state is None:
            self._deal(action)
            return
        state = self.game_state
        mover = state.to_move
        if mover is None:
            raise IllegalActionError("the game is over: no action is legal")
        chosen = self.table.space.action(action)
        before = _face_up(state)
        state.apply(chosen)
        turned = _face_up(state) & ~before
        self.log.append((mover, action, turned.bit_length() - 1 if turned.bit_count() == 1 else -1))

    def _deal(self, card: int) -> None:
        size = self._game.deck_size
        if not 0 <= card < size or card in self.deck:
            raise IllegalActionError(f"chance outcome {card} is not a card left in the deck; allowed: {self._left()}")
        self.deck.append(card)
        if self.table.family.name != "seven27":  # B2: round robin from the dealer's (the last seat's) left
            seat = (len(self.deck) - 1) % self.table.players
            self._play.dealt[seat] = [*self.dealt_to(seat), card]
        if len(self.deck) == size:
            self._play.state = self.table.family.new_state(self.table.rules, 0, deck=self.deck)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:  # each outcome its own string: the two jokers are numbered
            card = int(action)
            return f"deal {card_text(card)}" if card < DECK_SIZE else f"deal joker {card - DECK_SIZE + 1}"
        return str(self.table.space.action(int(action)))

    def is_terminal(self) -> bool:
        return self.game_state is not None and self.game_state.is_over()

    def returns(self) -> list[float]:
        if self.game_state is None or not self.game_state.is_over():
            return [0.0] * self.table.players
        return [float(p) for p in round_points(self.table.family, self.game_state)]

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> SevensState:
        """A state that ``player`` cannot tell from this one: the cards it cannot see dealt afresh, uniformly
        among the deals consistent with everything it has seen (for any seat, to move or not)."""
        seed = int(probability_sampler() * 2**53) if probability_sampler is not None else random.getrandbits(53)
        if self.game_state is None:
            return SevensState(self._game)
        game_state = resample_consistent(self.table.family.name, self.game_state.view(player), random.Random(seed))
        n = self.table.players
        public = self.record(None)  # the other seats' records in the new deal: what every seat has read
        earlier = [self.record(player) if s == player else public for s in range(n)] + [public]
        return SevensState.of(self._game, game_state, self.log, {player: self.dealt_to(player)}, earlier)

    def dealt_to(self, player: int) -> list[int]:
        """The cards of the deck so far that went to ``player`` (none for Seven Twenty-Seven, whose engine deals)."""
        return self._play.dealt[player] or []

    def knows_deal(self, player: int) -> bool:
        """Whether this state knows the cards dealt to ``player`` (a state set up for a search may not)."""
        return self._play.dealt[player] is not None

    def __str__(self) -> str:
        if self.game_state is None:
            return f"dealing: {len(self.deck)} of {self._game.deck_size} cards"
        return self.game_state.position()


class _Shared:
    """The game every state of it shares: OpenSpiel copies a state's attributes by deep copy, which must not copy
    this, and serializes them by pickling, which writes the game's name only."""

    __slots__ = ("game",)

    def __init__(self, game: SevensGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_shared_named, (str(self.game),))


@lru_cache(maxsize=64)
def _shared_named(name: str) -> _Shared:
    return _Shared(pyspiel.load_game(name))


class _Play:
    """What changes in a state: the deck so far, the engine's state, the public record, and (for a state set up
    from a view) each seat's record before the engine's. A deep copy uses the engine's own (cheap) ``clone``."""

    __slots__ = ("dealt", "deck", "earlier", "log", "state")

    def __init__(
        self,
        deck: list[int],
        dealt: list[list[int] | None],
        state: GameState | None,
        log: list[LogEntry],
        earlier: tuple[Record, ...] | None,
    ) -> None:
        self.deck, self.dealt, self.state, self.log, self.earlier = deck, dealt, state, log, earlier

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        state = None if self.state is None else self.state.clone()
        dealt = [None if d is None else d.copy() for d in self.dealt]
        return _Play(self.deck.copy(), dealt, state, self.log.copy(), self.earlier)  # earlier: immutable


def _deck_size(rules: Any) -> int:
    return DECK_SIZE + int(getattr(rules, "jokers", 0))


def _card_name(card: int) -> str:
    return "joker" if card >= DECK_SIZE else card_text(card)


def _face_up(state: Any) -> int:
    """Seven Twenty-Seven's up cards of every seat (0 for the other families): what an action may turn up."""
    up = getattr(state, "up_cards", None)
    if up is None:
        return 0
    total = 0
    for s in range(state.players):
        total |= up(s)
    return int(total)


class SevensObserver:
    """A seat's observation (``private``: what it sees; otherwise only what every seat sees) as a tensor and a
    string, with ``perfect_recall`` its information state: the same with the seat's record of the history.

    Both come from the engine's view of the seat (its allowlist) and its record (the view's history), so two
    histories a seat cannot tell apart give equal strings and tensors, and two it can tell apart never do
    (DESIGN.md: one definition of what a seat may know)."""

    def __init__(self, game: SevensGame, perfect_recall: bool, private: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.private = private
        size = game.information_state_size if perfect_recall else game.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SevensState, player: int) -> None:
        tensor, game = self.tensor, self.game
        tensor.fill(0.0)
        view_size = game.table.encoder.size
        if state.game_state is not None:
            vector = game.table.encoder.encode(game.table.numbers_view(state.game_state, player))
            if not self.private:
                vector[game.private_slots] = 0.0
            tensor[:view_size] = vector
        deal = _deal_part(state, player, game.deck_size)
        if not self.private:
            deal[:-1] = 0.0  # how far the deal is is public; the cards are not
        tensor[view_size : view_size + game.deal_size] = deal
        if self.perfect_recall:
            reader = player if self.private else None
            _write_record(tensor[game.observation_size :], state, reader, player, game)

    def string_from(self, state: SevensState, player: int) -> str:
        """The seat's view as JSON (public: what every seat's view shows alike); with recall, the cards dealt to
        it (七並べ, Killer Sevens) and its record of the history in the view's ``history``."""
        dealt = " ".join(_card_name(c) for c in sorted(state.dealt_to(player)))
        mine = self.private and state.knows_deal(player) and self.game.family_name != "seven27"
        who = f"seat {player}: " + (f"dealt to me: {dealt}; " if mine else "")
        if state.game_state is None:
            return f"{who}dealing {len(state.deck)} of {self.game.deck_size}"
        engine: Any = state.game_state
        seen = engine.view(player, history=False).to_dict() if self.private else _public_view(engine)
        seen.pop("rules")  # the game's rules, the same in every state
        seen.pop("history")  # empty: left out of the view (history=False); the record is the seat's, below
        if self.perfect_recall:
            seen["history"] = state.record(player if self.private else None)  # JSON writes tuples as lists
        return who + json.dumps(seen, sort_keys=True, separators=(",", ":"))


Record = tuple[Any, ...]
"""A seat's record of the history: the view's ``history`` entries, ``(seat, text)`` for the sevens families and
text for Seven Twenty-Seven."""


def _engine_record(game_state: Any, player: int | None) -> Record:
    public_history = getattr(game_state, "public_history", None)
    if public_history is not None:  # the sevens families keep each reader's text, extended as the log grows
        return tuple(public_history(player))
    return tuple(game_state.view(player).history)  # Seven Twenty-Seven: a spectator is None


def _public_view(game_state: Any) -> dict[str, Any]:
    """What every seat sees alike: Seven Twenty-Seven's spectator view; for the sevens families the fields that
    every seat's view shows the same (the table, counts, passes, statuses, the turn, public dead piles)."""
    players = game_state.players
    if getattr(game_state, "public_history", None) is None:
        return dict(game_state.view(None, history=False).to_dict())
    views = [game_state.view(s, history=False).to_dict() for s in range(players)]
    return {key: value for key, value in views[0].items() if all(v[key] == value for v in views[1:])}


def _deal_part(state: SevensState, player: int, deck_size: int) -> FloatVector:
    """The cards dealt to ``player`` as 52 bits, its jokers (0, ½, 1), and the share of the deck dealt so far."""
    mine = state.dealt_to(player)
    cards = sum(1 << c for c in mine if c < DECK_SIZE)
    jokers = sum(c >= DECK_SIZE for c in mine)
    share = 1.0 if state.game_state is not None else len(state.deck) / deck_size
    return np.concatenate([card_bits(cards), np.asarray([jokers / 2, share], np.float32)])


# The record in the information-state tensor (the sevens families): one slot of three numbers per action, and
# per event as many as it needs (one per card laid out or dead): who (relative to the reader), what (an action
# number, or an event's code after them), and its card or seat.
EVENT_CODES = (
    "ghost", "finished", "eliminated", "laid", "joker_stuck", "stalemate", "exchange", "jokers_removed",
    "dead", "dead_hidden", "kills_by",
)  # fmt: skip
_ARGUMENT_SCALE = DECK_SIZE + 2


def _record_slots(family: Any, rules: Any) -> int:
    """Slots for the longest record: the sevens families' actions, and their events (an exit per seat, each
    card laid out or dying at most once with one credit per death, an exchange per joker play, the jokers'
    removal, a stalemate); Seven Twenty-Seven's actions."""
    steps = int(family.max_steps(rules))
    if family.name == "seven27":
        return steps
    return 2 * steps + 3 * DECK_SIZE + int(rules.players) + 4


@lru_cache(maxsize=4096)
def _entry_numbers(family_name: str, text: str) -> tuple[tuple[int, int, bool], ...]:
    """A record entry's slots: (code, argument, whether the argument is a seat); codes after the action numbers
    are :data:`EVENT_CODES`."""
    actions = len(_space_of(family_name))
    words = text.split()
    kind = words[0]
    event = {name: actions + i for i, name in enumerate(EVENT_CODES)}
    if kind == "ghost":
        return ((event["ghost"], int(words[2]), True),)
    if kind == "eliminated":
        return ((event["eliminated"], -1, False), *((event["laid"], card_number(w), False) for w in words[1:]))
    if kind == "dead":
        cards = words[1 : words.index("by")]
        dead = tuple(
            (event["dead_hidden"], -1, False) if w == HIDDEN_TEXT else (event["dead"], card_number(w), False)
            for w in cards
        )
        return (*dead, (event["kills_by"], int(words[-1]), True))
    if kind == "exchange":
        return ((event["exchange"], card_number(words[1]), False),)
    if kind == "jokers_removed":
        return ((event["jokers_removed"], int(words[1]), False),)
    if kind in event:
        return ((event[kind], -1, False),)
    return ((_space_of(family_name).index(families()[family_name].parse_action(text)), -1, False),)


@cache
def _space_of(family_name: str) -> Any:
    return action_space_for(family_name)


def _write_record(out: FloatVector, state: SevensState, reader: int | None, player: int, game: SevensGame) -> None:
    """The record ``reader`` has read (``None``: the public one), seats relative to ``player`` (1…n), each
    number scaled into 0…1 and never 0 for a slot in use; Seven Twenty-Seven writes its actions (who, which, the
    card a take turned face up)."""
    n, slots = game.table.players, game.history_slots
    if game.family_name == "seven27":
        actions = len(game.table.space)
        for slot, (seat, number, turned) in enumerate(state.log[:slots]):
            out[3 * slot] = ((seat - player) % n + 1) / n
            out[3 * slot + 1] = (number + 1) / actions
            out[3 * slot + 2] = (turned + 1) / DECK_SIZE
        return
    codes = len(game.table.space) + len(EVENT_CODES)
    slot = 0
    for seat, text in state.record(reader):
        for code, argument, is_seat in _entry_numbers(game.family_name, text):
            if slot == slots:
                return
            out[3 * slot] = ((seat - player) % n + 1) / n
            out[3 * slot + 1] = (code + 1) / codes
            out[3 * slot + 2] = (((argument - player) % n + 1) if is_seat else argument + 1) / _ARGUMENT_SCALE
            slot += 1


def load_for_rules(rules: Any) -> Any:
    """The registered OpenSpiel game of ``rules`` (any family, preset or variant)."""
    family = family_of_rules(rules)
    preset, _, settings = rules.text().partition(",")
    params = {"preset": preset, "players": rules.players, "settings": settings}
    return pyspiel.load_game(GAME_NAMES[family.name], params)


def resampler_for(family_name: str) -> Callable[[Any, random.Random], GameState]:
    """``(view, rng) → state`` dealing the cards the view's seat cannot see (七並べ and Killer Sevens)."""
    if family_name == "shichinarabe":
        return _resample_shichinarabe
    if family_name == "killer":
        return _resample_killer
    raise RulesError(f"resampling hidden cards is not offered for {family_name}; allowed: shichinarabe, killer")


MAX_RESAMPLES = 10_000
"""Deals :func:`resample_consistent` draws before it gives up (each is rejected only where the seat to move would
hold no action, a position the rules never reach: 2% of draws in card-swap tests)."""


def resample_consistent(family_name: str, view: Any, rng: random.Random) -> GameState:
    """A state of a fresh deal of the cards ``view``'s seat cannot see, consistent with the view. The family's
    sampler deals from what the seat knows; a deal that leaves the seat to move without an action (which B9
    would have eliminated: possible only when the view's seat is not the one to move) is drawn again, so the
    deals are uniform among those the rules allow."""
    resample = resampler_for(family_name)
    for _ in range(MAX_RESAMPLES):
        try:
            return resample(view, rng)
        except NotationError:
            continue
    raise RulesError(f"no deal consistent with seat {view.seat}'s view in {MAX_RESAMPLES} draws")


def _resample_shichinarabe(view: Any, rng: random.Random) -> GameState:
    from sevens.agents.shichinarabe.knowledge import Knowledge
    from sevens.agents.shichinarabe.sampling import Sampler, build_state

    knowledge = Knowledge.fresh(view).update(view)
    return build_state(view, knowledge, Sampler(view, knowledge).sample(rng))


def _resample_killer(view: Any, rng: random.Random) -> GameState:
    from sevens.agents.killer.knowledge import Knowledge
    from sevens.agents.killer.sampling import Sampler, build_state

    knowledge = Knowledge.fresh(view).update(view)
    return build_state(view, knowledge, Sampler(view, knowledge).sample(rng))


def _parameters(family_name: str) -> dict[str, Any]:
    return {"preset": _DEFAULT_PRESETS[family_name], "players": 0, "settings": ""}


def _game_type(family_name: str) -> Any:
    table = Table.build(_DEFAULT_PRESETS[family_name])
    family = table.family
    chips = family_name == "seven27"
    return pyspiel.GameType(
        short_name=GAME_NAMES[family_name],
        long_name=f"sevens: {family.title[0]} ({family.title[1]})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM if chips else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=family.max_players,
        min_num_players=family.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(family_name),
    )


GAME_CLASSES: dict[str, type[SevensGame]] = {"shichinarabe": SevensGame, "killer": KillerGame, "seven27": Seven27Game}


def _register() -> None:
    for family_name, game_class in GAME_CLASSES.items():
        pyspiel.register_game(_game_type(family_name), game_class)


_register()
