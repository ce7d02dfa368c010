"""``learned``: a small neural network trained in the vectorized environment, played with numpy alone.

The network (:class:`Network`: features → 128 → 128 → 209 action scores, ReLU) was trained by
``bench/train_learned.py`` on the kernel (:mod:`sevens.envs.vector`): first to imitate the kernel's heuristic,
then by policy gradient (docs/research.md gives the command, the time and the measurements). Its weights ship
in the package (``learned_standard.npz`` beside this module, float16). It plays the legal action with the
highest score, so it is deterministic: the same views give the same moves.

It reads only its seat's view: :func:`observation_of` writes the view in the vector env's observation layout
(own hand, table, jokers on the table, every seat's public counts) and :class:`Features` turns that and the
legal actions into the network's input, the same function in training and in play. It plays every 七並べ
preset and setting; the seat fields hold 8 seats (padded with zeros for fewer players; with more, the viewer and
the 7 seats after it), and it was trained with 2 to 8. Other families are refused with an error saying what it
plays.

``$SEVENS_POLICY`` names another weights file (one written by ``bench/train_learned.py``) for every
``learned`` agent made while it is set; a missing or malformed file is one clear error when the agent is made.

>>> from sevens.games.shichinarabe import Rules, State
>>> state = State.new(Rules.preset("standard"), 1)
>>> agent = LearnedAgent()
>>> agent.reset(state.to_move, 1)
>>> agent.act(state.view(state.to_move), state.legal_actions()) in state.legal_actions()
True
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from sevens.errors import RulesError
from sevens.games.shichinarabe.actions import JOKER, PASS, PLAY, SWAP, Action
from sevens.games.shichinarabe.rules import PRESETS, Rules
from sevens.games.shichinarabe.tables import shifted_tables

F32 = npt.NDArray[np.float32]
U8 = npt.NDArray[np.uint8]

WEIGHTS_FILE = Path(__file__).with_name("learned_standard.npz")
POLICY_VARIABLE = "SEVENS_POLICY"
FORMAT = 1  # bumped when the features or the file's layout change
SEATS = 8  # seats the network reads (the viewer first, then clockwise)

# the vector env's observation layout (sevens.kernel.engine O_*, documented in sevens.envs.vector)
O_HAND, O_TABLE, O_JOKER_AT, O_SEATS = 0, 52, 104, 156
# its action numbers (sevens.envs.encoding's 七並べ action space)
A_PLAY, A_JOKER_BELOW, A_JOKER_ABOVE, A_SWAP, A_PASS = 0, 52, 104, 156, 208
ACTIONS = 209
STATUSES = ("in", "finished", "eliminated", "joker_stuck")
SEAT_FEATURES = 8  # present, cards held, passes used, no pass left, status one-hot (4)
RULE_FEATURES = 11
FEATURES = 7 * 52 + 1 + SEATS * SEAT_FEATURES + 1 + RULE_FEATURES
"""hand, table, jokers on the table, positions open to the others, legal plays, legal joker plays, legal
exchanges (52 each); the pass is legal; 8 seats; own jokers; the rules."""


def check_playable(rules: object) -> Rules:
    """``rules`` if the learned agent plays them, else a :class:`RulesError` saying what it plays."""
    if not isinstance(rules, Rules):
        family = type(rules).__module__.split(".")[-2] if "." in type(rules).__module__ else type(rules).__name__
        raise RulesError(
            f"the learned agent plays 七並べ only (shichinarabe: {', '.join(PRESETS)}, any settings), not {family}"
        )
    return rules


def observation_of(view: Any) -> U8:
    """``view`` in the vector env's observation layout (uint8), seats relative to the viewer. The pass streak
    (the last number) is not in a view and stays 0; :class:`Features` does not read it."""
    n = view.rules.players
    obs = np.zeros(O_SEATS + 3 * n + 2, dtype=np.uint8)  # sevens.kernel.engine.observation_size
    obs[O_HAND : O_HAND + 52] = bits_of(view.hand)
    obs[O_TABLE : O_TABLE + 52] = bits_of(view.table)
    obs[O_JOKER_AT : O_JOKER_AT + 52] = bits_of(view.joker_positions)
    for k in range(n):
        s = (view.seat + k) % n
        obs[O_SEATS + k] = view.hand_counts[s]
        obs[O_SEATS + n + k] = min(view.passes_used[s], 255)
        obs[O_SEATS + 2 * n + k] = STATUSES.index(view.statuses[s])
    obs[O_SEATS + 3 * n] = view.jokers_in_hand
    return obs


def bits_of(cards: int) -> U8:
    """52 bits of a card set, card 0 first."""
    return np.unpackbits(np.frombuffer(cards.to_bytes(7, "little"), dtype=np.uint8), bitorder="little")[:52]


def number_of(action: Action) -> int:
    """``action``'s number in the 209 of the action space (-1 for a ghost swap, never an agent's choice)."""
    if action.kind == PLAY:
        return A_PLAY + action.card
    if action.kind == JOKER:
        return (A_JOKER_BELOW if action.side < 0 else A_JOKER_ABOVE) + action.card
    if action.kind == SWAP:
        return A_SWAP + action.card
    return A_PASS if action.kind == PASS else -1


class Features:
    """The network's input for one rules: ``encode(obs, masks)`` on a batch of vector-env observations and
    action masks, ``(games, FEATURES)`` float32."""

    def __init__(self, rules: Rules) -> None:
        self.rules = check_playable(rules)
        self.players = rules.players
        playable_of_row = shifted_tables(rules.ak_link, rules.tunnel)[0][0]  # suit 0's entries are unshifted
        self._rows = np.array(playable_of_row, dtype=np.int64)
        self._powers = (1 << np.arange(13, dtype=np.int64)).astype(np.int64)
        limit = rules.pass_limit
        self._limit = 10.0 if limit is None else float(max(limit, 1))
        self._rule_features = np.array(
            [
                rules.players / SEATS, 0.0 if limit is None else min(limit, 5) / 5, limit is None,
                rules.voluntary_pass, rules.jokers / 2, rules.ak_link, rules.tunnel == "cross",
                rules.tunnel == "end", rules.opening == "fan_tan", rules.first_player == "dealer_left",
                rules.joker_exchange == "optional",
            ],
            dtype=np.float32,
        )  # fmt: skip

    def encode(self, obs: U8, masks: npt.NDArray[Any]) -> F32:
        n, games = self.players, obs.shape[0]
        k = min(n, SEATS)  # with more players, the viewer and the next seats clockwise
        out = np.zeros((games, FEATURES), dtype=np.float32)
        hand = obs[:, O_HAND : O_HAND + 52]
        table = obs[:, O_TABLE : O_TABLE + 52]
        jokers_at = obs[:, O_JOKER_AT : O_JOKER_AT + 52]
        occupied = (table | jokers_at).astype(np.int64)
        rows = (occupied.reshape(games, 4, 13) * self._powers).sum(axis=2)  # (games, 4) row bit sets
        open_rows = self._rows[rows]
        playable = ((open_rows[:, :, None] >> np.arange(13)) & 1).reshape(games, 52)
        out[:, 0:156] = obs[:, O_HAND : O_JOKER_AT + 52]  # hand, table, jokers on the table: in the observation's order
        out[:, 156:208] = playable & (1 - occupied) & (1 - hand)  # where only the others can play
        out[:, 208:260] = masks[:, A_PLAY : A_PLAY + 52]
        out[:, 260:312] = masks[:, A_JOKER_BELOW : A_JOKER_BELOW + 52] | masks[:, A_JOKER_ABOVE : A_JOKER_ABOVE + 52]
        out[:, 312:365] = masks[:, A_SWAP : A_PASS + 1]  # exchanges, then the pass
        held = obs[:, O_SEATS : O_SEATS + k].astype(np.float32)
        passes = obs[:, O_SEATS + n : O_SEATS + n + k].astype(np.float32)
        status = obs[:, O_SEATS + 2 * n : O_SEATS + 2 * n + k]
        seats = out[:, 365 : 365 + SEATS * SEAT_FEATURES].reshape(games, SEATS, SEAT_FEATURES)
        seats[:, :k, 0] = 1.0
        seats[:, :k, 1] = held / 13.0
        seats[:, :k, 2] = np.minimum(passes / self._limit, 1.0)
        seats[:, :k, 3] = 0.0 if self.rules.pass_limit is None else passes >= self.rules.pass_limit
        seats[:, :k, 4:] = status[:, :, None] == np.arange(len(STATUSES))  # one-hot
        at = 365 + SEATS * SEAT_FEATURES
        out[:, at] = obs[:, O_SEATS + 3 * n] / 2.0
        out[:, at + 1 :] = self._rule_features
        return out


@dataclass(frozen=True)
class Network:
    """Dense layers ``(weights, bias)`` with ReLU between them; the last gives one score per action number."""

    layers: tuple[tuple[F32, F32], ...]

    def scores(self, features: F32) -> F32:
        *hidden, (weights, bias) = self.layers
        x = features
        for hidden_weights, hidden_bias in hidden:
            x = np.maximum(x @ hidden_weights + hidden_bias, 0.0)
        return x @ weights + bias

    def best(self, features: F32, masks: npt.NDArray[Any]) -> npt.NDArray[np.int64]:
        """The legal action number with the highest score, per row (ties to the lowest number)."""
        scores = np.where(masks > 0, self.scores(features), -np.inf)
        best: npt.NDArray[np.int64] = np.argmax(scores, axis=1).astype(np.int64)
        return best

    def save(self, path: Path) -> None:
        """Write the layers as float16 (the shipped file's form, a few hundred KB)."""
        arrays: dict[str, Any] = {f"{kind}{i}": array.astype(np.float16) for i, layer in enumerate(self.layers)
                                  for kind, array in zip(("w", "b"), layer, strict=True)}  # fmt: skip
        np.savez_compressed(path, **arrays, format=np.array(FORMAT))

    @classmethod
    def load(cls, path: Path) -> Network:
        """Read a file written by :meth:`save`; anything else is a :class:`RulesError` saying what is wrong."""
        if not path.is_file():
            raise RulesError(
                f"no learned-agent weights file at {path}; unset ${POLICY_VARIABLE} to play the shipped weights, "
                "or write one with bench/train_learned.py"
            )
        not_weights = f"{path} is not a learned-agent weights file (.npz of bench/train_learned.py)"
        if not zipfile.is_zipfile(path):
            raise RulesError(f"{not_weights}: not an .npz")
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in data.files}
        except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
            raise RulesError(f"{not_weights}: {exc}") from None
        return cls(_layers_of(arrays, path))


def _layers_of(arrays: dict[str, npt.NDArray[Any]], path: Path) -> tuple[tuple[F32, F32], ...]:
    """The layers of a weights file, checked: format, shapes chaining from FEATURES to ACTIONS, finite numbers."""
    _check_format(arrays, path)
    layers = []
    width = FEATURES
    for i in range(sum(1 for name in arrays if name.startswith("w"))):
        weights, bias = _layer(arrays, i, width, path)
        layers.append((weights.astype(np.float32), bias.astype(np.float32)))
        width = weights.shape[1]
    if not layers or width != ACTIONS:
        raise _not_weights(path, f"its last layer gives {width if layers else 0} scores, expected {ACTIONS}")
    return tuple(layers)


def _check_format(arrays: dict[str, npt.NDArray[Any]], path: Path) -> None:
    if "format" not in arrays or arrays["format"].shape != () or int(arrays["format"]) != FORMAT:
        raise _not_weights(path, f"its format is {arrays['format'].tolist() if 'format' in arrays else 'missing'}")


def _layer(arrays: dict[str, npt.NDArray[Any]], i: int, width: int, path: Path) -> tuple[npt.NDArray[Any], ...]:
    """Layer ``i``'s weights and bias, checked: a matrix from ``width`` inputs and its bias, finite numbers."""
    weights, bias = arrays.get(f"w{i}"), arrays.get(f"b{i}")
    if weights is None or bias is None or weights.ndim != 2 or bias.ndim != 1:
        raise _not_weights(path, f"layer {i} needs a matrix w{i} and a vector b{i}")
    if weights.shape[0] != width or bias.shape != (weights.shape[1],):
        raise _not_weights(
            path, f"layer {i} has shapes {weights.shape} and {bias.shape}, expected ({width}, k) and (k,)"
        )
    if weights.dtype.kind != "f" or not (np.isfinite(weights).all() and np.isfinite(bias).all()):
        raise _not_weights(path, f"layer {i} holds values that are not finite numbers")
    return weights, bias


def _not_weights(path: Path, why: str) -> RulesError:
    return RulesError(f"{path} is not a learned-agent weights file of format {FORMAT}: {why}")


@cache
def _network_at(path: Path, stamp: tuple[int, int]) -> Network:
    """One read per file version (``stamp``: modification time and size), shared by every agent."""
    return Network.load(path)


def load_network(path: Path | None = None) -> Network:
    """The network in ``path``, else in ``$SEVENS_POLICY``, else the shipped weights."""
    chosen = path or Path(os.environ.get(POLICY_VARIABLE) or WEIGHTS_FILE)
    try:
        stat = chosen.stat()
    except OSError:
        return Network.load(chosen)  # the clear error for a missing file
    return _network_at(chosen.resolve(), (stat.st_mtime_ns, stat.st_size))


class LearnedAgent:
    """The shipped network (or ``path``'s) as a player: the legal action it scores highest from its view."""

    name = "learned"
    needs_view = True

    def __init__(self, path: Path | None = None) -> None:
        self.network = load_network(path)
        self._features: dict[Rules, Features] = {}

    def reset(self, seat: int, seed: int) -> None:
        """Nothing to reset: it keeps no memory between moves and draws no random numbers."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        rules = view.rules
        features = self._features.get(rules)
        if features is None:
            features = self._features[rules] = Features(rules)
        numbers = [number_of(action) for action in legal]
        mask = np.zeros((1, ACTIONS), dtype=np.int8)
        mask[0, [n for n in numbers if n >= 0]] = 1
        if not mask.any():
            return legal[0]  # nothing the network knows how to play (never in a game of 七並べ's rules)
        chosen = int(self.network.best(features.encode(observation_of(view)[None], mask), mask)[0])
        return legal[numbers.index(chosen)]


__all__ = [
    "FEATURES", "POLICY_VARIABLE", "WEIGHTS_FILE", "Features", "LearnedAgent", "Network", "check_playable",
    "load_network", "number_of", "observation_of",
]  # fmt: skip
