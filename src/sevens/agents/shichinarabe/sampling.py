"""Determinizations: full states that agree with everything one seat can see, weighed by what the other
players chose.

:class:`Sampler` deals the cards the seat cannot see (every real card neither on the table nor in its hand) to
the other players still in the round, each getting exactly as many cards as its public hand count, never a card
the public log proves it lacks (:mod:`.knowledge`), and shares out the jokers that are not on the table, not
removed and not in the seat's own hand as the log allows (jokers a seat is known to hold stay with it). Players
who left hold nothing, except joker-stuck players, who hold only jokers. The dealing loops are the 七並べ
families' (:mod:`sevens.agents.common.sampling`). A deal becomes a state through the engine's position text
once per move; further deals reuse its clone with the hands replaced (:func:`with_hands`, 40 times cheaper).

:class:`OpponentModel` reads the other players' choices: since a hand only ever loses real cards, the hand a
player held at an earlier decision is its sampled hand plus the cards it has put out since
(:class:`~.knowledge.Decision`), and replaying :mod:`.policy` on it says what a sensible player would have done
(a player who passed while a deal gives it an attractive play is less likely to hold that hand; one who could
have used a joker well but did not probably had none). Each decision a deal fails to explain costs a factor
``miss`` (a soft model: less likely, never impossible); only decisions with a real choice count. The
likelihood is a product over seats, which lets the search's Metropolis–Hastings chain (:func:`posterior_deals`)
change two hands at a time cheaply.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sevens.agents.common.heuristic import choose_index, hidden_cards
from sevens.agents.common.sampling import CardDealer, ChoiceModel, SwapChain, chain_deals, position_text
from sevens.agents.common.sampling import with_hands as hands_into
from sevens.cards import ALL_CARDS, iter_bits
from sevens.games.sevens_core.notation import cards_field, rows_text
from sevens.games.shichinarabe import actions
from sevens.games.shichinarabe.actions import GHOST, PASS, PLAY, Action
from sevens.games.shichinarabe.position import parse_position
from sevens.games.shichinarabe.rules import Rules
from sevens.games.shichinarabe.state import State
from sevens.games.shichinarabe.view import JOKER_MARK, View

from . import kernel
from .board import joker_masks, playable_mask
from .knowledge import Decision, Knowledge
from .policy import Situation, Weights, pass_score, row_scores, score_actions


@dataclass(frozen=True, slots=True)
class Deal:
    """Every seat's real cards and jokers in one determinization."""

    hands: tuple[int, ...]
    jokers: tuple[int, ...]


class Sampler(CardDealer[Deal]):
    """Random deals of the hidden cards consistent with ``view`` and the public deductions."""

    integer_points = True

    def __init__(self, view: View, knowledge: Knowledge) -> None:
        n = len(view.hand_counts)
        self._place(view, knowledge.excluded, hidden_cards(view))
        stuck = [s for s in range(n) if s != view.seat and view.statuses[s] == "joker_stuck"]
        placed = view.joker_positions.bit_count() + view.removed_jokers + view.jokers_in_hand
        loose = view.rules.jokers - placed - sum(view.hand_counts[s] for s in stuck)
        known = {s: min(knowledge.known_jokers[s], view.hand_counts[s]) for s in self.seats}
        while sum(known.values()) > loose:  # cannot happen with a consistent log; stay safe
            s = max(known, key=lambda k: known[k])
            known[s] -= 1
        self.known_jokers = known
        self.free_jokers = max(0, loose - sum(known.values()))
        self.capacity = {s: view.hand_counts[s] - known[s] for s in self.seats}
        self._base_jokers = [view.hand_counts[s] if s in stuck else 0 for s in range(n)]  # joker-stuck: only jokers
        self._base_jokers[view.seat] = view.jokers_in_hand

    def _finish(self, owner: dict[int, int], jokers: dict[int, int]) -> Deal:
        counts = list(self._base_jokers)
        for s in self.seats:
            counts[s] = self.known_jokers[s] + jokers.get(s, 0)
        return Deal(tuple(self._hands(owner)), tuple(counts))

    def _greedy(self, rng: random.Random) -> Deal | None:
        dealt = self._greedy_owners(rng, self.free_jokers)  # the cards, then the loose jokers
        if dealt is None or len(self.allowed) + self.free_jokers < sum(self.capacity.values()):  # room left: stuck
            return None
        return self._finish(*dealt)

    def _matched(self, rng: random.Random) -> Deal:
        """Any consistent deal by augmenting paths, jokers in the slots left over."""
        owner = self._matched_owners(rng)
        jokers = {s: self.capacity[s] - sum(1 for o in owner.values() if o == s) for s in self.seats}
        return self._finish(owner, jokers)


def build_state(view: View, knowledge: Knowledge, deal: Deal) -> State:
    """A validated state of ``deal`` (raises :class:`~sevens.errors.NotationError` if it is inconsistent)."""
    rows = rows_text(view.table, view.joker_positions, JOKER_MARK)
    hands = [cards_field(hand, jokers) for hand, jokers in zip(deal.hands, deal.jokers, strict=True)]
    return parse_position(position_text(view, knowledge, ["/".join(rows), "/".join(hands)]))


def with_hands(template: State, deal: Deal) -> State:
    """A clone of ``template`` (built by :func:`build_state` from the same view) holding ``deal``'s hands and
    jokers (:func:`~sevens.agents.common.sampling.with_hands`)."""
    state = hands_into(template, deal.hands)
    state._jokers = list(deal.jokers)
    return state


JOKER_BIT = 64
"""Where the chain's stand-ins for loose jokers start (any bit above the 52 cards would do)."""


@dataclass(frozen=True, slots=True)
class _Moment:
    """A past decision of another player, with the table facts worked out once per move."""

    decision: Decision
    playable: int
    joker_below: int
    joker_above: int
    passes_left: int | None


class OpponentModel(ChoiceModel):
    """Scores deals by the choices of the other players still in the round.

    With ``mixture`` (several weights), each other player is read as playing one of those policies, unknown
    which, each equally likely a priori: a seat's likelihood is the mean over the policies of how well each
    explains all of its choices (:meth:`seat_component_logs` gives them one by one). People do not play the
    search's own policy; a mixture over the levels is robust to that. Without it the model is ``weights``."""

    def __init__(
        self,
        view: View,
        knowledge: Knowledge,
        weights: Weights,
        miss: float = 0.3,
        mixture: Sequence[Weights] | None = None,
        compiled: bool = False,
    ):
        """``compiled``: count the misses on the kernel (:mod:`.kernel`) when the rules allow it; the
        same numbers, faster."""
        super().__init__(weights, miss)
        self.view, self.knowledge = view, knowledge
        self.components: tuple[Weights, ...] = tuple(mixture) if mixture else (weights,)
        self._component_scores = [row_scores(view.rules, w) for w in self.components]
        self._scorers = list(dict.fromkeys(self._component_scores))  # policies that differ only in passing share one
        self._log_components = math.log(len(self.components))
        rules = view.rules
        for d in knowledge.decisions:
            if self._worth_reading(d):
                self.by_seat.setdefault(d.seat, []).append(_moment(d, rules))
        self._compiled: kernel.CompiledReading | None = None
        if compiled and not rules.jokers:
            moments = {s: [(m.decision, m.playable, m.passes_left) for m in found] for s, found in self.by_seat.items()}
            self._compiled = kernel.CompiledReading(rules, self.components, moments, knowledge.put_out)

    def _worth_reading(self, d: Decision) -> bool:
        """A choice of another seat still in, not a ghost swap, nor a pass the rules forced (a hard fact already,
        knowledge.excluded)."""
        view = self.view
        if d.seat == view.seat or view.statuses[d.seat] != "in" or d.action.kind == GHOST:
            return False
        return view.rules.voluntary_pass or d.action.kind != PASS

    def log_weight(self, deal: Deal) -> float:
        """Log of the deal's relative likelihood given the choices (0 when all are explained)."""
        return sum(self.seat_log_weight(s, deal.hands[s], deal.jokers[s]) for s in self.by_seat)

    def seat_log_weight(self, seat: int, hand: int, jokers: int) -> float:
        """Log-likelihood of ``seat``'s choices if it holds ``hand`` and ``jokers`` now."""
        logs = self.seat_component_logs(seat, hand, jokers)
        if len(logs) == 1:
            return logs[0]
        top = max(logs)
        return top + math.log(sum(math.exp(x - top) for x in logs)) - self._log_components

    # hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
    def seat_component_logs(self, seat: int, hand: int, jokers: int) -> list[float]:
        """Per policy of the mixture, the log-likelihood of ``seat``'s choices if it holds ``hand`` and
        ``jokers`` now and plays that policy."""
        if self._compiled is not None:
            return [n * self.log_miss for n in self._compiled.misses(seat, hand)]
        optional = self.view.rules.joker_exchange == "optional"
        put_out, balance = self.knowledge.put_out[seat], self.knowledge.joker_balance[seat]
        misses = [0] * len(self.components)
        for m in self.by_seat.get(seat, ()):
            d = m.decision
            then = hand | (put_out & ~d.put_out_before)
            jokers_then = jokers + balance - d.joker_balance_before
            if jokers_then > 0 or (optional and then & d.joker_at):
                explained = [self._explains(m, then, jokers_then, w) for w in self.components]
            else:
                explained = self._explains_plain(m, then)
            for k, verdict in enumerate(explained):
                if verdict is False:
                    misses[k] += 1
        return [n * self.log_miss for n in misses]

    def _explains(self, m: _Moment, then: int, jokers_then: int, w: Weights) -> bool | None:
        """Whether the policy ``w``, holding ``then`` and ``jokers_then``, makes ``m``'s choice (None: no real
        choice, or the choice is impossible with that hand)."""
        rules, d = self.view.rules, m.decision
        legal = self._legal_then(m, then, jokers_then)
        if len(legal) < 2 or d.action not in legal:
            return None
        situation = Situation(rules, then, max(0, jokers_then), d.occupied, m.playable, m.passes_left)
        return legal[choose_index(score_actions(situation, legal, w))] == d.action

    def _legal_then(self, m: _Moment, then: int, jokers_then: int) -> list[Action]:
        """The legal actions at ``m`` for a seat that held ``then`` and ``jokers_then``, in the engine's order."""
        rules = self.view.rules
        legal = [actions.PLAY_ACTIONS[c] for c in iter_bits(then & m.playable)]
        if jokers_then > 0:
            legal += _joker_plays(m, then)
        if rules.joker_exchange == "optional":
            legal += [actions.SWAP_ACTIONS[c] for c in iter_bits(then & m.decision.joker_at)]
        if (m.passes_left is None or m.passes_left > 0) and (rules.voluntary_pass or not legal):
            legal.append(actions.PASS_ACTION)
        return legal

    # hot loop: kept in one piece for speed (radon C; tests/test_architecture.py HOT_LOOPS, docs/decisions.md)
    def _explains_plain(self, m: _Moment, then: int) -> list[bool | None]:
        """:meth:`_explains` for every policy of the mixture when only plain plays and a pass can be legal (no
        joker in hand, no swap): the same choices as :func:`~.policy.score_actions`, without building the
        actions (the chain's hot path); the best card is worked out once per scorer the policies share."""
        rules, d = self.view.rules, m.decision
        plays = then & m.playable
        can_pass = (m.passes_left is None or m.passes_left > 0) and (rules.voluntary_pass or not plays)
        kind = d.action.kind
        impossible = not can_pass if kind == PASS else kind != PLAY or not plays >> d.action.card & 1
        if plays.bit_count() + can_pass < 2 or impossible:
            return [None] * len(self.components)
        if not then & (then - 1):
            return [kind == PLAY] * len(self.components)  # the last card: playing it wins
        verdicts: list[bool | None] = []
        best = {scorer: scorer.best(plays, then, d.occupied) for scorer in self._scorers}
        situation = Situation(rules, then, 0, d.occupied, m.playable, m.passes_left) if can_pass else None
        for w, scorer in zip(self.components, self._component_scores, strict=True):
            card, score = best[scorer]
            if situation is not None and pass_score(situation, score, w) > score:
                verdicts.append(kind == PASS)
            else:
                verdicts.append(kind == PLAY and d.action.card == card)
        return verdicts


def _joker_plays(m: _Moment, then: int) -> list[Action]:
    """The joker plays at ``m`` with the cards of ``then``, in the engine's order."""
    jokered = [actions.JOKER_BELOW_ACTIONS[c] for c in iter_bits(then & m.joker_below)]
    jokered += [actions.JOKER_ABOVE_ACTIONS[c] for c in iter_bits(then & m.joker_above)]
    return sorted(jokered, key=Action.sort_key)


def _moment(d: Decision, rules: Rules) -> _Moment:
    """A decision with what its position allowed: playable places, joker places, passes left."""
    playable = playable_mask(d.occupied, rules) & ~d.occupied
    below, above = joker_masks(d.occupied, rules) if rules.jokers else (0, 0)
    left = None if rules.pass_limit is None else rules.pass_limit - d.passes_used
    return _Moment(d, playable, below, above, left)


def posterior_deals(sampler: Sampler, model: OpponentModel, burn_in: int, thin: int) -> Callable[[random.Random], Deal]:
    """One move's deals: ``sampler``'s uniform ones while no choice is worth reading, else those of a
    :class:`~sevens.agents.common.sampling.SwapChain` over ``model``'s posterior.

    The jokers no seat is known to hold move too: the chain sees each as one more card (bits from
    ``JOKER_BIT`` up, above the 52 real ones) that any seat may hold, so a swap can trade a joker for a card."""
    known = sampler.known_jokers
    free = list(range(JOKER_BIT, JOKER_BIT + sampler.free_jokers))
    allowed = {**sampler.allowed, **{bit: sampler.seats for bit in free}}

    def seat_log_weight(seat: int, hand: int) -> float:
        return model.seat_log_weight(seat, hand & ALL_CARDS, known[seat] + (hand >> JOKER_BIT).bit_count())

    def start(deal: Deal) -> SwapChain:
        hands = list(deal.hands)
        bits = iter(free)
        for s in sampler.seats:
            for _ in range(deal.jokers[s] - known[s]):
                hands[s] |= 1 << next(bits)
        return SwapChain(hands, sampler.seats, allowed, seat_log_weight)

    def remake(deal: Deal, hands: list[int]) -> Deal:
        jokers = list(deal.jokers)
        for s in sampler.seats:
            jokers[s] = known[s] + (hands[s] >> JOKER_BIT).bit_count()
        return Deal(tuple(h & ALL_CARDS for h in hands), tuple(jokers))

    return chain_deals(sampler.sample, start if model.by_seat else None, remake, burn_in, thin)
