"""Expert iteration for ``learned``: a search labels the network's own positions, the network learns the labels.

    nice -n 19 python bench/expert_iteration.py --seed 0 \\
        --tables standard:hard,tunnel:hard:heuristic,joker:normal:heuristic --anchor-tables '' --rounds 60 \\
        --games 72 --samples 600 --steps 30 --learning-rate 2e-4 --anchor-every 4 --eval-every 4 \\
        --checkpoint ei.ckpt.npz --out ei.npz

(run C of docs/research.md's "Beating the teacher (issue 41)": it did not beat the teacher; what it reached is there.)

Issue 41 asks for a ``learned`` that beats the tuned heuristic it imitated (≥ 1.10× its win rate against three
``hard`` at 4 players ``standard``, no weaker in ``tunnel`` and ``joker``). REINFORCE with a duplicate baseline
(``bench/duplicate_pg.py``) left the greedy policy where it was: a sampled gradient barely sees the few moves
that matter. Expert iteration (approximate policy iteration) uses a stronger improvement operator instead:

1. games at the tables of the target (``--tables``: 4-player ``standard`` and ``tunnel`` against three ``hard``,
   ``joker`` against three ``normal``, in turn), the learner in each seat in turn, playing the network's best
   action; the others play their level (:class:`~sevens.agents.shichinarabe.HeuristicAgent`);
2. at each of the learner's decisions (more than one legal action) the search (:class:`SearchAgent`: the hidden
   hands dealt consistently with the seat's view by its posterior chain, every candidate played out from the
   same samples with the same noise — common random numbers — to the end, ``--samples`` of them) reads the
   others as the table's level (the opponent model is the field it plays against) and names the move it
   prefers; it keeps the heuristic's move unless another clearly beats it on the samples (its paired rule).
   A table given as ``preset:level:heuristic`` is labelled by the heuristic alone (the Python agent, with its
   reading of the log that the kernel's teacher of ``bench/train_learned.py`` lacks), many times faster;
3. every labelled position is kept (DAgger: the data set grows round by round) and after each round the network
   takes ``--steps`` steps of cross-entropy towards the search's labels on minibatches of the whole set, and
   every ``--anchor-every`` of them one DAgger step of imitation of the heuristic in the vector env, at the
   ``--anchor-tables`` (the three of the target by default, the others playing their level) and in turn at
   the tables ``bench/train_learned.py`` trains on (so that the presets and player counts outside the target
   keep the teacher's play).

After every round it prints the search's agreement with the heuristic and with the network on the new
positions, and (every ``--eval-every`` rounds) the greedy network's wins × chance in seat 0 against the level
inside the kernel (fixed deals, ``--eval-games``) at each table of ``--tables`` and ``--anchor-tables``, the
heuristic's on the same deals in the first line. One JSON line per report; a seed trains the same weights.

**Resuming.** ``--checkpoint FILE`` writes after every round one file with the run's state: the network's float32
parameters, Adam's moments and step count, the generator's state, the rounds done and the labelled positions.
``--resume FILE`` (same settings, checked; ``--rounds`` may be larger) continues and ends, bit for bit, where an
uninterrupted run ends: every round's deals and the search's seeds come from ``--seed`` and the round's number,
and the search runs on a fixed number of samples, not on a clock (tests/envs/test_expert_iteration.py).
"""

from __future__ import annotations

import os

if __name__ == "__main__":  # one thread (set before numpy and numba load): reproducible sums, a shared machine
    for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")

import argparse
import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from duplicate_pg import greedy_wins
from train_learned import IMITATION_ENVS, Adam, Learner, Mlp, dagger_step, imitation_step

from sevens.agents.shichinarabe import HARD_WEIGHTS, NORMAL_THREAT, NORMAL_WEIGHTS, HeuristicAgent, SearchAgent
from sevens.agents.shichinarabe.learned import (
    ACTIONS,
    WEIGHTS_FILE,
    Features,
    Network,
    number_of,
    observation_of,
)
from sevens.games.shichinarabe import Rules, State
from sevens.policy_weights import DEFAULT_WEIGHTS, Weights

WIN = 10  # E2 points of the first place
LEVEL_WEIGHTS = {"hard": (HARD_WEIGHTS, 1.0), "normal": (NORMAL_WEIGHTS, NORMAL_THREAT)}  # weights, threat
DEFAULT_TABLES = "standard:hard,tunnel:hard,joker:normal"
PLAYERS = 4
LABELLERS = ("search", "heuristic")
ANCHOR_TABLE_TURNS = 3  # the target's tables come this many times in a turn of the anchor's 14 general tables
# the settings a checkpoint must share with the run that resumes it (``--rounds`` and reporting may differ)
RUN_SETTINGS = ("tables", "games", "samples", "steps", "batch", "learning_rate", "anchor_every", "imitation_games",
                "anchor_tables", "win_bonus", "python_playouts", "seed", "init")  # fmt: skip


@dataclass(frozen=True)
class Table:
    """One table of the target: a preset at 4 players, the level the three others play."""

    preset: str
    level: str
    labels: str = "search"  # who labels the learner's decisions: the search, or the heuristic alone (fast)

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset).replace(players=PLAYERS)

    @property
    def weights(self) -> Weights:
        return LEVEL_WEIGHTS[self.level][0]

    def opponent(self) -> HeuristicAgent:
        weights, threat = LEVEL_WEIGHTS[self.level]
        return HeuristicAgent(weights, threat)


def parse_tables(text: str) -> list[Table]:
    """``preset:level[:labels],...`` (labels ``search``, the default, or ``heuristic``; a table given twice is
    played twice as often)."""
    tables = []
    for item in text.split(","):
        preset, _, rest = item.partition(":")
        level, _, labels = rest.partition(":")
        if level not in LEVEL_WEIGHTS or labels not in ("", *LABELLERS):
            raise ValueError(
                f"table {item!r}: give preset:level[:labels] with a level among {', '.join(LEVEL_WEIGHTS)}"
                f" and labels among {', '.join(LABELLERS)}"
            )
        Rules.preset(preset)  # an unknown preset fails here
        tables.append(Table(preset, level, labels or "search"))
    return tables


@dataclass
class Positions:
    """The labelled positions so far: observation, legal mask, the search's label, the heuristic's, the table."""

    obs: npt.NDArray[np.uint8]
    masks: npt.NDArray[np.int8]
    labels: npt.NDArray[np.int16]
    teacher: npt.NDArray[np.int16]
    table: npt.NDArray[np.int8]

    @classmethod
    def empty(cls, obs_size: int) -> Positions:
        return cls(np.zeros((0, obs_size), np.uint8), np.zeros((0, ACTIONS), np.int8), np.zeros(0, np.int16),
                   np.zeros(0, np.int16), np.zeros(0, np.int8))  # fmt: skip

    def extend(self, other: Positions) -> Positions:
        return Positions(*(np.concatenate([a, b]) for a, b in zip(self.arrays(), other.arrays(), strict=True)))

    def arrays(self) -> tuple[npt.NDArray[Any], ...]:
        return self.obs, self.masks, self.labels, self.teacher, self.table

    def __len__(self) -> int:
        return len(self.labels)


def labeller(table: Table, samples: int, win_bonus: float, kernel: bool) -> SearchAgent:
    """The improvement operator: the search with the tuned heuristic's policy, reading the others as the table's
    level, on a fixed number of samples (deterministic: no clock)."""
    search = SearchAgent(weights=DEFAULT_WEIGHTS, opponents=(table.weights,), win_bonus=win_bonus, kernel=kernel)
    search.make_deterministic(samples)
    return search


def play_round(
    mlp: Mlp, tables: list[Table], args: argparse.Namespace, round_number: int
) -> tuple[Positions, dict[str, float]]:
    """``--games`` games (the tables and the learner's seat in turn), the learner playing the network's best
    action; every decision of the learner labelled by the search. The positions and the round's figures."""
    network = mlp.network()
    features = {table: Features(table.rules) for table in tables}
    rows: list[tuple[Any, ...]] = []
    same_teacher = same_network = searched = 0
    for g in range(args.games):
        index = g % len(tables)
        table = tables[index]
        seed = args.seed * 1_000_003 + round_number * args.games + g
        seat = (g // len(tables)) % PLAYERS
        state = State.new(table.rules, seed)
        others = {s: table.opponent() for s in range(PLAYERS) if s != seat}
        for s, agent in others.items():
            agent.reset(s, seed)
        search = labeller(table, args.samples, args.win_bonus, not args.python_playouts)
        search.reset(seat, seed)
        teacher = HeuristicAgent(DEFAULT_WEIGHTS)
        teacher.reset(seat, seed)
        while (p := state.to_move) is not None:
            view = state.view(p)
            legal = state.legal_actions()
            if p != seat:
                state.apply(others[p].act(view, legal))
                continue
            numbers = [number_of(action) for action in legal]
            mask = np.zeros((1, ACTIONS), dtype=np.int8)
            mask[0, numbers] = 1
            obs = observation_of(view)[None]
            mine = int(network.best(features[table].encode(obs, mask), mask)[0])
            heuristic = number_of(teacher.act(view, legal))
            if len(legal) > 1:
                label = number_of(search.act(view, legal)) if table.labels == "search" else heuristic
                rows.append((obs[0], mask[0], label, heuristic, index))
                if table.labels == "search":
                    searched += 1
                    same_teacher += label == heuristic
                    same_network += label == mine
            state.apply(legal[numbers.index(mine)])
    found = Positions.empty(len(rows[0][0]) if rows else 0)
    if rows:
        found = Positions(np.stack([r[0] for r in rows]), np.stack([r[1] for r in rows]),
                          np.array([r[2] for r in rows], np.int16), np.array([r[3] for r in rows], np.int16),
                          np.array([r[4] for r in rows], np.int8))  # fmt: skip
    n = max(1, searched)
    return found, {"positions": len(rows), "searched": searched, "search_is_heuristic": round(same_teacher / n, 4),
                   "search_is_network": round(same_network / n, 4)}  # fmt: skip


def operator_match(table: Table, samples: int, deals: int, first_seed: int, kernel: bool = True) -> dict[str, float]:
    """Is the improvement operator stronger than the teacher? Each deal played with the search (as it labels)
    in each seat against three of the table's level, then with the heuristic on the same deals: win rates."""
    wins = {"search": 0, "heuristic": 0}
    for deal in range(first_seed, first_seed + deals):
        for seat in range(PLAYERS):
            for who in wins:
                state = State.new(table.rules, deal)
                agents: dict[int, Any] = {s: table.opponent() for s in range(PLAYERS) if s != seat}
                agents[seat] = labeller(table, samples, 0.0, kernel) if who == "search" else HeuristicAgent()
                for s, agent in agents.items():
                    agent.reset(s, deal)
                while (p := state.to_move) is not None:
                    state.apply(agents[p].act(state.view(p), state.legal_actions()))
                wins[who] += state.result().ranking[0] == seat
    return {who: round(won / (deals * PLAYERS), 4) for who, won in wins.items()}


def train(mlp: Mlp, adam: Adam, data: Positions, tables: list[Table], anchors: list[Learner],
          args: argparse.Namespace, rng: np.random.Generator) -> float:  # fmt: skip
    """``--steps`` steps of cross-entropy towards the search's labels on minibatches of ``data``, and one DAgger
    step of the heuristic's imitation in ``anchors`` (in turn) every ``--anchor-every``; the mean loss."""
    features = [Features(table.rules) for table in tables]
    losses = []
    for step in range(args.steps):
        picked = np.sort(rng.choice(len(data), size=min(args.batch, len(data)), replace=False))
        obs, masks, labels, table = data.obs[picked], data.masks[picked], data.labels[picked], data.table[picked]
        x = np.zeros((len(picked), mlp.params[0].shape[0]), dtype=np.float32)
        for i, encoder in enumerate(features):
            rows = table == i
            if rows.any():
                x[rows] = encoder.encode(obs[rows], masks[rows])
        losses.append(imitation_step(mlp, adam, x, masks, labels.astype(np.int64))[0])
        if args.anchor_every and (step + 1) % args.anchor_every == 0:
            learner = anchors[(adam.steps // args.anchor_every) % len(anchors)]
            dagger_step(mlp, adam, learner, DEFAULT_WEIGHTS, 0.8, rng)
    return float(np.mean(losses)) if losses else 0.0


def save_checkpoint(path: Path, mlp: Mlp, adam: Adam, rng: np.random.Generator, done: int, data: Positions,
                    settings: dict[str, object]) -> None:  # fmt: skip
    """The run's whole state after ``done`` rounds, written whole or not at all (a temporary file renamed)."""
    arrays: dict[str, npt.NDArray[Any]] = {f"param{i}": p for i, p in enumerate(mlp.params)}
    for i, (m, v) in enumerate(adam.moments):
        arrays[f"adam_m{i}"], arrays[f"adam_v{i}"] = m, v
    arrays["adam_steps"] = np.array(adam.steps, dtype=np.int64)
    arrays["done"] = np.array(done, dtype=np.int64)
    for name, values in zip(("obs", "masks", "labels", "teacher", "table"), data.arrays(), strict=True):
        arrays[f"data_{name}"] = values
    arrays["rng_state"] = np.array(json.dumps(rng.bit_generator.state))
    arrays["settings"] = np.array(json.dumps(settings, sort_keys=True))
    partial = path.with_name(path.name + ".partial.npz")
    np.savez(partial, **arrays)  # type: ignore[arg-type]
    os.replace(partial, path)


def load_checkpoint(path: Path, settings: dict[str, object]) -> tuple[Mlp, Adam, np.random.Generator, int, Positions]:
    """What :func:`save_checkpoint` wrote; a :class:`ValueError` naming the setting that differs."""
    with np.load(path) as data:
        stored = json.loads(str(data["settings"]))
        for key in sorted(set(stored) | set(settings)):
            if stored.get(key) != settings.get(key):
                raise ValueError(
                    f"{path} was written with {key}={stored.get(key)!r}, this run has {settings.get(key)!r}"
                )
        mlp = Mlp([data[f"param{i}"].copy() for i in range(6)])
        adam = Adam(float(settings["learning_rate"]))  # type: ignore[arg-type]
        adam.moments = [
            (data[f"adam_m{i}"].copy(), data[f"adam_v{i}"].copy()) for i in range(6) if f"adam_m{i}" in data
        ]
        adam.steps = int(data["adam_steps"])
        rng = np.random.default_rng()
        rng.bit_generator.state = json.loads(str(data["rng_state"]))
        positions = Positions(*(data[f"data_{n}"].copy() for n in ("obs", "masks", "labels", "teacher", "table")))
        return mlp, adam, rng, int(data["done"]), positions


def anchor_learners(args: argparse.Namespace, round_number: int) -> list[Learner]:
    """The envs of the imitation anchor, taken in turn: the ``--anchor-tables`` (4 players, the others playing
    their level) ``ANCHOR_TABLE_TURNS`` times each, then every table ``bench/train_learned.py`` imitates at. Each
    round's start from the round's seed, so that a resumed run meets the same positions."""
    seed = args.seed + 500 + 100 * round_number
    own = [Learner.start(t.preset, PLAYERS, None, 0.0, args.imitation_games, seed + i, t.weights)
           for i, t in enumerate(parse_tables(args.anchor_tables))] if args.anchor_tables else []  # fmt: skip
    general = [Learner.start(p, n, s, noise, args.imitation_games, seed + 50 + i)
               for i, (p, n, s, noise, _) in enumerate(IMITATION_ENVS)]  # fmt: skip
    return own * ANCHOR_TABLE_TURNS + general


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default=DEFAULT_TABLES, help="preset:level,... (4 players; levels hard, normal)")
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--games", type=int, default=48, help="games a round (tables and seats in turn)")
    parser.add_argument("--samples", type=int, default=400, help="the search's samples a decision")
    parser.add_argument("--win-bonus", type=float, default=0.0, help="points the search adds to a won playout")
    parser.add_argument("--python-playouts", action="store_true", help="the search's Python playouts (no numba)")
    parser.add_argument("--steps", type=int, default=60, help="gradient steps after each round")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--anchor-every", type=int, default=2, help="steps between imitation steps (0: none)")
    parser.add_argument("--imitation-games", type=int, default=256, help="games of each anchor env")
    parser.add_argument("--anchor-tables", default=DEFAULT_TABLES, help="preset:level,... imitated most ('': none)")
    parser.add_argument("--eval-every", type=int, default=1, help="rounds between progress evaluations")
    parser.add_argument("--eval-games", type=int, default=2048, help="fixed deals of each progress line (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--init", type=Path, default=WEIGHTS_FILE, help="weights to start from (the shipped ones)")
    parser.add_argument("--checkpoint", type=Path, help="file of the run's whole state, written after every round")
    parser.add_argument("--resume", type=Path, help="continue the run whose --checkpoint this is")
    parser.add_argument(
        "--operator-deals",
        type=int,
        default=0,
        help="only measure the search against the heuristic on this many deals (×4 seats)",
    )
    parser.add_argument("--out", type=Path, default=Path("expert_iteration.npz"))
    args = parser.parse_args(argv)
    try:
        tables = parse_tables(args.tables)
    except (ValueError, KeyError) as error:
        parser.error(f"--tables {args.tables}: {error}")
    if args.operator_deals:
        for table in tables:
            rates = operator_match(
                table, args.samples, args.operator_deals, 10_000 + args.seed, not args.python_playouts
            )
            print(json.dumps({"table": f"{table.preset}:{table.level}", "games": 4 * args.operator_deals, **rates}))
        return 0
    settings = {key: getattr(args, key) for key in RUN_SETTINGS}
    settings["init"] = str(args.init)
    start, cpu = time.perf_counter(), time.process_time()

    def evaluation(network: Mlp | None) -> dict[str, float]:
        found = {}
        chosen = [*tables, *parse_tables(args.anchor_tables or args.tables)]
        for table in dict.fromkeys(Table(t.preset, t.level) for t in chosen):
            learner = Learner.start(table.preset, PLAYERS, None, 0.0, args.eval_games, args.seed + 99, table.weights)
            found[f"{table.preset}_x"] = round(greedy_wins(network, learner, DEFAULT_WEIGHTS) * PLAYERS, 3)
        return found

    def report(line: dict[str, object]) -> None:
        print(json.dumps({**line, "seconds": round(time.perf_counter() - start, 1)}), flush=True)

    if args.resume is not None:
        try:
            mlp, adam, rng, done, data = load_checkpoint(args.resume, settings)
        except (OSError, ValueError, KeyError) as error:
            parser.error(f"--resume {args.resume}: {error}")
        report({"phase": "resumed", "round": done, "positions": len(data)})
    else:
        rng = np.random.default_rng(args.seed)
        mlp = Mlp.of(Network.load(args.init))
        adam, done, data = Adam(args.learning_rate), 0, Positions.empty(0)
        if args.eval_games:
            report({"phase": "start", "heuristic": evaluation(None), "network": evaluation(mlp)})
    for round_number in range(done, args.rounds):
        found, figures = play_round(mlp, tables, args, round_number)
        data = found if len(data) == 0 else data.extend(found)
        # each round's anchor envs start from the round's seed: a resumed run meets the same positions
        anchors = anchor_learners(args, round_number) if args.anchor_every else []
        loss = train(mlp, adam, data, tables, anchors, args, rng) if len(data) else 0.0
        line: dict[str, object] = {"phase": "round", "round": round_number + 1, **figures,
                                   "data": len(data), "loss": round(loss, 4)}  # fmt: skip
        if args.eval_games and ((round_number + 1) % args.eval_every == 0 or round_number + 1 == args.rounds):
            line["network"] = evaluation(mlp)
        report(line)
        if args.checkpoint is not None:
            save_checkpoint(args.checkpoint, mlp, adam, rng, round_number + 1, data, settings)
    mlp.network().save(args.out)
    report({"saved": str(args.out), "cpu_seconds": round(time.process_time() - cpu, 1)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
