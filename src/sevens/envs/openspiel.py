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

Observation tensors are the shared encoder's vector of the seat's view (:mod:`sevens.envs.encoding`) followed
by the cards dealt to the seat; information-state tensors add the whole public record, one slot per action so
far (who acted, which action, and the card it turned face up, if any), so distinct information states give
distinct tensors. Returns are E2 points (chips won for Seven Twenty-Seven). ``resample_from_infostate`` deals
the cards a seat cannot see afresh, consistently with its view (七並べ and Killer Sevens), which is what
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
from functools import cached_property, lru_cache
from typing import Any, ClassVar

import numpy as np
import pyspiel

from sevens.cards import DECK_SIZE, card_text
from sevens.envs.encoding import FloatVector, card_bits
from sevens.envs.table import Table, family_of_rules, make_rules
from sevens.errors import IllegalActionError, RulesError
from sevens.games.base import GameState, format_value
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
        self.history_slots = family.max_steps(rules)
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
        # no type given: OpenSpiel asks for the default observation (without recall)
        return SevensObserver(self, perfect_recall=iig_obs_type is not None and iig_obs_type.perfect_recall)

    @cached_property
    def deal_size(self) -> int:
        """Floats of the tensors' deal part: the cards dealt to the seat (52, and jokers), and how far the deal is."""
        return DECK_SIZE + 2

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


class SevensState(pyspiel.State):  # type: ignore[misc]
    """The deal (chance, one card at a time), then the ``sevens`` engine's state, which decides everything.

    Everything a state holds is plain data (the engine state, the deck so far, the public record), so states
    pickle and OpenSpiel's serialization (which pickles ``__dict__``) restores them exactly."""

    def __init__(self, game: SevensGame) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._play = _Play([], [[] for _ in range(game.num_players())], None, [])

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
        cls, game: SevensGame, game_state: GameState, log: Sequence[LogEntry], dealt: dict[int, list[int]] | None = None
    ) -> SevensState:
        """A state past the deal holding ``game_state`` (used to set up searches from a seat's view); its deck is
        unknown, so it has no chance history, and it knows the cards dealt to the seats in ``dealt`` only."""
        state = cls(game)
        known = dealt or {}
        state._play = _Play([], [known.get(s) for s in range(game.num_players())], game_state, list(log))
        return state

    def current_player(self) -> int:
        if self.game_state is None:
            return int(pyspiel.PlayerId.CHANCE)
        mover = self.game_state.to_move
        return int(pyspiel.PlayerId.TERMINAL) if mover is None else mover

    def _legal_actions(self, player: int) -> list[int]:
        if self.game_state is None or player != self.game_state.to_move:
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
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
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
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {_card_name(int(action))}"
        return str(self.table.space.action(int(action)))

    def is_terminal(self) -> bool:
        return self.game_state is not None and self.game_state.is_over()

    def returns(self) -> list[float]:
        if self.game_state is None or not self.game_state.is_over():
            return [0.0] * self.table.players
        return [float(p) for p in round_points(self.table.family, self.game_state)]

    def resample_from_infostate(self, player: int, probability_sampler: Any = None) -> SevensState:
        """A state that ``player`` cannot tell from this one: the cards it cannot see dealt afresh."""
        seed = int(probability_sampler() * 2**53) if probability_sampler is not None else random.getrandbits(53)
        if self.game_state is None:
            return SevensState(self._game)
        resample = resampler_for(self.table.family.name)
        game_state = resample(self.game_state.view(player), random.Random(seed))
        return SevensState.of(self._game, game_state, self.log, {player: self.dealt_to(player)})

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
    """What changes in a state: the deck so far, the engine's state, the public record. A deep copy uses the
    engine's own (cheap) ``clone``."""

    __slots__ = ("dealt", "deck", "log", "state")

    def __init__(
        self, deck: list[int], dealt: list[list[int] | None], state: GameState | None, log: list[LogEntry]
    ) -> None:
        self.deck, self.dealt, self.state, self.log = deck, dealt, state, log

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        state = None if self.state is None else self.state.clone()
        return _Play(self.deck.copy(), [None if d is None else d.copy() for d in self.dealt], state, self.log.copy())


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
    """Tensors: the encoder's vector of the view, the cards dealt to the seat, and (with perfect recall) the public
    record; strings: the seat's view (with perfect recall, its dealt cards and every public action too)."""

    def __init__(self, game: SevensGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        size = game.information_state_size if perfect_recall else game.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SevensState, player: int) -> None:
        tensor, game = self.tensor, self.game
        tensor.fill(0.0)
        view_size = game.table.encoder.size
        if state.game_state is not None:
            tensor[:view_size] = game.table.encoder.encode(game.table.numbers_view(state.game_state, player))
        tensor[view_size : view_size + game.deal_size] = _deal_part(state, player, game.deck_size)
        if self.perfect_recall:
            _write_log(tensor[game.observation_size :], state.log, player, game)

    def string_from(self, state: SevensState, player: int) -> str:
        """Without recall: the seat's view. With recall, for 七並べ and Killer Sevens: the cards dealt to the seat and
        every public action, from which everything the seat has seen follows (the rules decide the rest), and
        which is cheap to compare (IS-MCTS keys its tree by it); for Seven Twenty-Seven, whose engine deals the
        seat's down cards from the deck, the view too."""
        dealt = " ".join(_card_name(c) for c in sorted(state.dealt_to(player)))
        if state.game_state is None:
            return f"seat {player}: dealing {len(state.deck)} of {self.game.deck_size}; dealt to me: {dealt}"
        if not self.perfect_recall:
            return f"seat {player}: {_view_text(state.game_state, player)}"
        space = self.game.table.space
        record = " ".join(
            f"{seat}:{space.actions[number]}" + ("" if turned < 0 else f"^{card_text(turned)}")
            for seat, number, turned in state.log
        )
        if self.game.family_name == "seven27" or not state.knows_deal(player):
            return f"seat {player}: {_view_text(state.game_state, player)} | {record}"
        return f"seat {player}: dealt to me: {dealt} | {record}"


def _view_text(game_state: GameState, player: int) -> str:
    seen = game_state.view(player).to_dict()
    seen.pop("history", None)  # the recall, where there is one, is the record of actions
    return json.dumps(seen, sort_keys=True, separators=(",", ":"))


def _deal_part(state: SevensState, player: int, deck_size: int) -> FloatVector:
    """The cards dealt to ``player`` as 52 bits, its jokers (0, ½, 1), and the share of the deck dealt so far."""
    mine = state.dealt_to(player)
    cards = sum(1 << c for c in mine if c < DECK_SIZE)
    jokers = sum(c >= DECK_SIZE for c in mine)
    share = 1.0 if state.game_state is not None else len(state.deck) / deck_size
    return np.concatenate([card_bits(cards), np.asarray([jokers / 2, share], np.float32)])


def _write_log(out: FloatVector, log: Sequence[LogEntry], player: int, game: SevensGame) -> None:
    """Three numbers per public action, in order: who acted (relative to ``player``, 1…n), the action number + 1,
    and the card it turned face up + 1 (0 for none); each scaled into 0…1 and never 0 for an action taken."""
    n, actions = game.table.players, len(game.table.space)
    for slot, (seat, number, turned) in enumerate(log[: game.history_slots]):
        out[3 * slot] = ((seat - player) % n + 1) / n
        out[3 * slot + 1] = (number + 1) / actions
        out[3 * slot + 2] = (turned + 1) / DECK_SIZE


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
