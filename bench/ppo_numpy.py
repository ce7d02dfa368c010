"""PPO in numpy on the vector env, CleanRL's ``ppo.py`` in one file, with action masks and NEXT_STEP auto-reset.

    python bench/ppo_numpy.py [--seed 0] [--num-envs 64] [--num-steps 64] [--updates 100] [--opponents random]

A learner seat of 4-player ``standard`` (``--preset``) against ``--opponents`` inside the kernel
(:class:`~sevens.envs.vector.SevensVectorEnv`), wrapped in Gymnasium's own
``gymnasium.wrappers.vector.RecordEpisodeStatistics``, which counts the episodes. Actor and critic are separate
tanh MLPs (CleanRL's ``Agent``: orthogonal start, the actor's last layer at 0.01, the critic's at 1), trained by
a hand-written backward pass and bench/train_learned.py's Adam in torch's form (``eps=1e-5``, learning rate
annealed to 0, gradients clipped to norm 0.5), clipped surrogate 0.2, value loss 0.5, entropy 0.01, 4 epochs of 4
minibatches per update, GAE(0.99, 0.95), advantages normalized per minibatch.

How masks and auto-reset are handled (docs/research.md, "Training on the vector env"):

- **Masks**: the logits of illegal actions are replaced by ``-inf`` before the softmax; the env never returns an
  all-zero mask row (a game that has just ended has the pass alone), so no row is all ``-inf``. Entropy and
  log-probabilities are summed over the legal actions only.
- **Auto-reset (NEXT_STEP)**: the step after a game's end deals a new game and ignores the action sent; its
  transition (the last observation of one game, then the first of the next) is stored with ``valid`` = 0 and is
  left out of every loss and of the advantages: GAE stops at a termination (no bootstrap past it) and never
  reads the value of such a step.

One thread (set before numpy loads) and a seed for everything: a run repeats exactly. One JSON line per update
(``--every``), then a last line with the evaluation of the policy (sampled) before and after training on the same
``--eval-games`` deals.
"""

from __future__ import annotations

import os

if __name__ == "__main__":  # one thread (set before numpy and numba load): reproducible sums, a shared machine
    for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
        os.environ.setdefault(_variable, "1")

import argparse
import itertools
import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium.wrappers.vector import RecordEpisodeStatistics
from train_learned import Adam

from sevens.envs.vector import SevensVectorEnv
from sevens.kernel import engine

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]
COUNTS_FROM = engine.O_SEATS  # observation entries past the 0/1 card fields: counts, scaled to about 0–1


def features(obs: npt.NDArray[np.uint8]) -> F32:
    x = obs.astype(np.float32)
    x[:, COUNTS_FROM:] /= 13.0
    return x


@dataclass
class Mlp:
    """``in → hidden → hidden → out`` with tanh; parameters ``[w0, b0, w1, b1, w2, b2]`` (CleanRL's layers)."""

    params: list[F32]

    @classmethod
    def orthogonal(cls, rng: np.random.Generator, sizes: tuple[int, ...], last_gain: float) -> Mlp:
        params: list[F32] = []
        for k, (fan_in, fan_out) in enumerate(itertools.pairwise(sizes)):
            gain = last_gain if k == len(sizes) - 2 else np.sqrt(2.0)
            q, r = np.linalg.qr(rng.standard_normal((max(fan_in, fan_out), min(fan_in, fan_out))))
            q *= np.sign(np.diag(r))
            weight = q if fan_in >= fan_out else q.T
            params += [(gain * weight).astype(np.float32), np.zeros(fan_out, dtype=np.float32)]
        return cls(params)

    def forward(self, x: F32) -> tuple[F32, list[F32]]:
        w0, b0, w1, b1, w2, b2 = self.params
        h0 = np.tanh(x @ w0 + b0)
        h1 = np.tanh(h0 @ w1 + b1)
        return h1 @ w2 + b2, [x, h0, h1]

    def backward(self, cache: list[F32], d_out: F32) -> list[F32]:
        x, h0, h1 = cache
        _, _, w1, _, w2, _ = self.params
        d_h1 = (d_out @ w2.T) * (1 - h1 * h1)
        d_h0 = (d_h1 @ w1.T) * (1 - h0 * h0)
        return [x.T @ d_h0, d_h0.sum(0), h0.T @ d_h1, d_h1.sum(0), h1.T @ d_out, d_out.sum(0)]


def clip_by_norm(grads: list[F32], most: float) -> float:
    norm = float(np.sqrt(sum(float((g * g).sum()) for g in grads)))
    if norm > most:
        for g in grads:
            g *= most / (norm + 1e-6)
    return norm


def masked_log_softmax(logits: F32, masks: npt.NDArray[np.int8]) -> F32:
    """Log-probabilities over the legal actions, ``-inf`` elsewhere (every mask row has a legal action)."""
    shifted = np.where(masks > 0, logits, -np.inf)
    shifted = shifted - shifted.max(axis=1, keepdims=True)
    out: F32 = (shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))).astype(np.float32)
    return out


def sample(log_p: F32, rng: np.random.Generator) -> I64:
    """One action per row by the Gumbel-max trick (``-inf`` rows entries never chosen)."""
    gumbel = -np.log(-np.log(rng.random(log_p.shape)))
    chosen: I64 = (log_p + gumbel).argmax(axis=1)
    return chosen


@dataclass
class Agent:
    actor: Mlp
    critic: Mlp

    @classmethod
    def initial(cls, rng: np.random.Generator, inputs: int, hidden: int) -> Agent:
        actor = Mlp.orthogonal(rng, (inputs, hidden, hidden, engine.ACTIONS), 0.01)
        critic = Mlp.orthogonal(rng, (inputs, hidden, hidden, 1), 1.0)
        return cls(actor, critic)

    def act(self, x: F32, masks: npt.NDArray[np.int8], rng: np.random.Generator) -> tuple[I64, F32, F32]:
        """Sampled actions, their log-probabilities and the values."""
        logits, _ = self.actor.forward(x)
        log_p = masked_log_softmax(logits, masks)
        actions = sample(log_p, rng)
        values, _ = self.critic.forward(x)
        return actions, log_p[np.arange(len(actions)), actions], values[:, 0]


@dataclass
class Settings:
    num_envs: int = 64
    num_steps: int = 64
    updates: int = 100
    learning_rate: float = 1e-3
    gamma: float = 0.99
    gae_lambda: float = 0.95
    minibatches: int = 4
    epochs: int = 4
    clip: float = 0.2
    ent_coef: float = 0.01
    vf_coef: float = 0.5
    reward_scale: float = 0.1  # E2 points (-10 … 10) times this in the losses: values near 1
    max_grad_norm: float = 0.5
    hidden: int = 64
    seed: int = 0
    preset: str = "standard"
    opponents: str = "random"
    eval_games: int = 512
    every: int = 10


def advantages(
    rewards: F32, values: F32, terminated: npt.NDArray[np.bool_], valid: F32, last_value: F32, gamma: float, lam: float
) -> F32:  # fmt: skip
    """GAE over ``(steps, envs)``. A termination at step t ends its game: no bootstrap past it, and the step after
    it (the auto-reset, ``valid`` 0) is neither read nor given an advantage."""
    steps = rewards.shape[0]
    out = np.zeros_like(rewards)
    carry = np.zeros(rewards.shape[1], dtype=np.float32)
    for t in reversed(range(steps)):
        going = 1.0 - terminated[t].astype(np.float32)
        next_value = last_value if t == steps - 1 else values[t + 1]
        delta = rewards[t] + gamma * next_value * going - values[t]
        carry = (delta + gamma * lam * going * carry) * valid[t]
        out[t] = carry
    return out


def evaluate(agent: Agent, s: Settings, seed: int) -> float:
    """Mean E2 points of the learner over ``eval_games`` games (the policy sampled), the same deals for any agent."""
    env = SevensVectorEnv(s.eval_games, s.preset, opponents=s.opponents)
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    points = np.zeros(s.eval_games, dtype=np.float32)
    done = np.zeros(s.eval_games, dtype=bool)
    while not done.all():
        actions, _, _ = agent.act(features(obs), infos["action_mask"], rng)
        obs, rewards, terminations, _, infos = env.step(actions)
        points[~done & terminations] = rewards[~done & terminations]
        done |= terminations
    return float(points.mean())


def train(s: Settings, report: Any = print) -> dict[str, Any]:
    """Train from ``s.seed``; ``report`` gets one dict per ``s.every`` updates; returns the totals."""
    rng = np.random.default_rng(s.seed)
    env = RecordEpisodeStatistics(SevensVectorEnv(s.num_envs, s.preset, opponents=s.opponents))
    obs, infos = env.reset(seed=s.seed)
    masks = infos["action_mask"]
    agent = Agent.initial(rng, obs.shape[1], s.hidden)
    before = evaluate(agent, s, seed=s.seed + 1_000_000)
    actor_adam, critic_adam = (Adam(s.learning_rate, eps=1e-5, torch_eps=True) for _ in range(2))  # CleanRL's
    n, t_max = s.num_envs, s.num_steps
    batch = n * t_max
    minibatch = batch // s.minibatches
    reset_step = np.zeros(n, dtype=bool)  # the next step deals a new game (the previous one ended)
    episodes, ended, learner_steps = 0, 0, 0
    returns: list[float] = []
    episode_steps = 0
    finite = True
    for update in range(1, s.updates + 1):
        rate = s.learning_rate * (1.0 - (update - 1.0) / s.updates)
        actor_adam.rate = critic_adam.rate = rate
        xs = np.zeros((t_max, n, obs.shape[1]), dtype=np.float32)
        mask_buf = np.zeros((t_max, n, engine.ACTIONS), dtype=np.int8)
        action_buf = np.zeros((t_max, n), dtype=np.int64)
        logp_buf = np.zeros((t_max, n), dtype=np.float32)
        value_buf = np.zeros((t_max, n), dtype=np.float32)
        reward_buf = np.zeros((t_max, n), dtype=np.float32)
        term_buf = np.zeros((t_max, n), dtype=bool)
        valid_buf = np.zeros((t_max, n), dtype=np.float32)
        for t in range(t_max):
            x = features(obs)
            actions, log_p, values = agent.act(x, masks, rng)
            xs[t], mask_buf[t], action_buf[t], logp_buf[t], value_buf[t] = x, masks, actions, log_p, values
            valid_buf[t] = ~reset_step
            obs, rewards, terminations, truncations, infos = env.step(actions)
            masks = infos["action_mask"]
            reward_buf[t], term_buf[t] = rewards * s.reward_scale, terminations
            learner_steps += int((~reset_step).sum())
            ended += int(terminations.sum())
            if "episode" in infos:
                returns += infos["episode"]["r"][infos["_episode"]].tolist()
                episode_steps += int(infos["episode"]["l"][infos["_episode"]].sum())
                episodes += int(infos["_episode"].sum())
            reset_step = terminations | truncations
        last_value = agent.critic.forward(features(obs))[0][:, 0]
        adv = advantages(reward_buf, value_buf, term_buf, valid_buf, last_value, s.gamma, s.gae_lambda)
        target = adv + value_buf
        flat = {
            "x": xs.reshape(batch, -1), "mask": mask_buf.reshape(batch, -1), "action": action_buf.reshape(batch),
            "logp": logp_buf.reshape(batch), "adv": adv.reshape(batch), "target": target.reshape(batch),
            "valid": valid_buf.reshape(batch),
        }  # fmt: skip
        losses = []
        for _ in range(s.epochs):
            order = rng.permutation(batch)
            for start in range(0, batch, minibatch):
                pick = order[start : start + minibatch]
                losses.append(ppo_step(agent, actor_adam, critic_adam, {k: v[pick] for k, v in flat.items()}, s))
        mean_losses = np.mean(np.array(losses), axis=0)
        finite = finite and bool(np.isfinite(mean_losses).all())
        if update % s.every == 0 or update == s.updates:
            recent = returns[-200:]
            report({
                "update": update, "learner_steps": learner_steps, "episodes": episodes,
                "mean_return": round(float(np.mean(recent)), 3) if recent else None,
                "policy_loss": round(float(mean_losses[0]), 5), "value_loss": round(float(mean_losses[1]), 5),
                "entropy": round(float(mean_losses[2]), 5),
            })  # fmt: skip
    after = evaluate(agent, s, seed=s.seed + 1_000_000)
    return {
        "env_steps": s.updates * batch, "learner_steps": learner_steps, "episodes": episodes,
        "episode_steps": episode_steps, "terminations": ended, "pending_resets": int(reset_step.sum()),
        "finite_losses": finite,
        "mean_return_first_200": round(float(np.mean(returns[:200])), 3) if returns else None,
        "mean_return_last_200": round(float(np.mean(returns[-200:])), 3) if returns else None,
        "eval_before": round(before, 3), "eval_after": round(after, 3), "eval_games": s.eval_games,
    }  # fmt: skip


def ppo_step(agent: Agent, actor_adam: Adam, critic_adam: Adam, mb: dict[str, Any], s: Settings) -> list[float]:
    """One minibatch: clipped surrogate, value loss and entropy bonus, over the valid transitions only."""
    weight = mb["valid"]
    count = max(float(weight.sum()), 1.0)
    rows = np.arange(len(weight))
    logits, actor_cache = agent.actor.forward(mb["x"])
    log_p = masked_log_softmax(logits, mb["mask"])
    p = np.exp(log_p)
    new_logp = log_p[rows, mb["action"]]
    ratio = np.exp(new_logp - mb["logp"])
    adv = mb["adv"]
    chosen = weight > 0
    if chosen.any():
        adv = (adv - adv[chosen].mean()) / (adv[chosen].std() + 1e-8)
    clipped_low, clipped_high = 1 - s.clip, 1 + s.clip
    surrogate = np.minimum(ratio * adv, np.clip(ratio, clipped_low, clipped_high) * adv)
    policy_loss = -float((surrogate * weight).sum() / count)
    legal_log_p = np.where(mb["mask"] > 0, log_p, 0.0)  # 0 * -inf would be NaN
    entropy_rows = -(p * legal_log_p).sum(axis=1)
    entropy = float((entropy_rows * weight).sum() / count)
    # d(-surrogate)/d(new_logp): the unclipped branch's ratio * adv where it is the minimum, else 0
    unclipped = ratio * adv <= np.clip(ratio, clipped_low, clipped_high) * adv
    d_logp = np.where(unclipped, -ratio * adv, 0.0) * weight / count
    one_hot = np.zeros_like(p)
    one_hot[rows, mb["action"]] = 1.0
    d_logits = d_logp[:, None] * (one_hot - p)
    # d(-ent_coef * entropy)/d(logits) = ent_coef * p * (log_p + entropy_row), over the legal actions
    d_logits += s.ent_coef * p * (legal_log_p + entropy_rows[:, None]) * (weight / count)[:, None]
    actor_grads = agent.actor.backward(actor_cache, d_logits.astype(np.float32))
    clip_by_norm(actor_grads, s.max_grad_norm)
    actor_adam.update(agent.actor.params, actor_grads)
    values, critic_cache = agent.critic.forward(mb["x"])
    error = values[:, 0] - mb["target"]
    value_loss = float(0.5 * (error * error * weight).sum() / count)
    d_values = (s.vf_coef * error * weight / count)[:, None].astype(np.float32)
    critic_grads = agent.critic.backward(critic_cache, d_values)
    clip_by_norm(critic_grads, s.max_grad_norm)
    critic_adam.update(agent.critic.params, critic_grads)
    return [policy_loss, value_loss, entropy]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    defaults = Settings()
    for name, value in vars(defaults).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value)
    args = parser.parse_args()
    settings = Settings(**vars(args))
    totals = train(settings, report=lambda line: print(json.dumps(line), flush=True))
    print(json.dumps(totals))


if __name__ == "__main__":
    main()
