"""What a player chooses before a session: preset, variants, players, bots, time limit, language, hints.

:class:`PlayOptions` is what ``sevens play`` and the in-app menu fill in; :func:`resolve` checks it against the
engine (rules are built by the family, agents by :func:`sevens.agents.make_agent`) and returns a
:class:`Setup`, or raises :class:`~sevens.errors.SevensError` saying what is wrong and what is allowed.

>>> setup = resolve(PlayOptions(preset="kids", players=3, name="Aiko"))
>>> setup.family.name, setup.rules.players, setup.agents, setup.hints
('shichinarabe', 3, (None, 'normal', 'normal'), True)
"""

from __future__ import annotations

import getpass
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sevens.agents.base import agent_names
from sevens.agents.levels import DEFAULT_LEVEL, LEVELS
from sevens.errors import RulesError
from sevens.games.base import Family, parse_setting
from sevens.games.registry import family_of
from sevens.i18n import Lang, default_lang
from sevens.rng import MAX_SEED

DEFAULT_BOT = DEFAULT_LEVEL
HUMAN_SEAT = 0

TUI_UI = "tui"
"""The ``ui`` setting of sessions the terminal app started (other front-ends share the store)."""


@dataclass(frozen=True)
class PlayOptions:
    """Choices for a new session; ``None`` means "the default" (locale language, the preset's hints …)."""

    preset: str = "standard"
    settings: Sequence[str] = ()  # "key=value" rules changes, as `--set`
    players: int | None = None
    bots: Sequence[str] = ()  # one level (beginner … expert) for every computer seat, or one per computer seat
    turn_seconds: float | None = None
    lang: Lang | None = None
    hints: bool | None = None
    name: str | None = None
    rounds: int | None = None
    seed: int | None = None


@dataclass(frozen=True)
class Setup:
    """Checked options: the family and rules to deal, who sits where, and the front-end settings."""

    family: Family
    preset: str
    rules: Any
    names: tuple[str, ...]
    agents: tuple[str | None, ...]  # None for the human seat
    human_seat: int
    turn_seconds: float | None
    lang: Lang
    hints: bool
    rounds: int | None
    seed: int

    def settings(self) -> dict[str, Any]:
        """What the store keeps beside the rules so a resumed session plays on the same way."""
        return {
            "ui": TUI_UI,
            "agents": list(self.agents),
            "human_seat": self.human_seat,
            "turn_seconds": self.turn_seconds,
            "hints": self.hints,
            "lang": self.lang,
            "rounds": self.rounds,
        }


def default_name() -> str:
    """The player's login name, or ``player``."""
    try:
        return getpass.getuser() or "player"
    except (KeyError, OSError):  # pragma: no cover - no login name in some containers
        return "player"


def default_bot(family_name: str) -> str:
    """The default level (``normal``) where the family has it, else ``random`` (every family has that one)."""
    return DEFAULT_BOT if DEFAULT_BOT in agent_names(family_name) else "random"


def bot_name(agent: str, seat: int) -> str:
    """The profile name of a computer seat, e.g. ``normal#2`` (players see "Computer 2 (Normal)")."""
    return f"{agent}#{seat}"


def resolve(options: PlayOptions) -> Setup:
    """Check ``options`` and fill in every default; bad values raise :class:`RulesError` saying why."""
    family = family_of(options.preset)
    changes = dict(parse_setting(s) for s in options.settings)
    if options.players is not None:
        changes["players"] = options.players
    base = family.presets[options.preset]
    rules = base.replace(**changes) if changes else base
    players: int = rules.players
    agents = _agents(family.name, options.bots, players)
    if options.turn_seconds is not None and options.turn_seconds <= 0:
        raise RulesError(f"time limit {options.turn_seconds} must be more than 0 seconds, or none for no limit")
    if options.rounds is not None and options.rounds < 1:
        raise RulesError(f"rounds={options.rounds} must be 1 or more")
    seed = secrets.randbits(63) if options.seed is None else options.seed
    if not 0 <= seed <= MAX_SEED:
        raise RulesError(f"seed={seed} is out of range; allowed: 0 to 2**64-1")
    name = (options.name or default_name()).strip()
    if not name:
        raise RulesError("the player's name is empty")
    names = tuple(name if seat == HUMAN_SEAT else bot_name(str(agents[seat]), seat) for seat in range(players))
    hints = bool(getattr(rules, "hints", False)) if options.hints is None else options.hints
    return Setup(
        family=family,
        preset=options.preset,
        rules=rules,
        names=names,
        agents=agents,
        human_seat=HUMAN_SEAT,
        turn_seconds=options.turn_seconds,
        lang=options.lang or default_lang(),
        hints=hints,
        rounds=options.rounds,
        seed=seed,
    )


def _agents(family_name: str, bots: Sequence[str], players: int) -> tuple[str | None, ...]:
    """The computer seats' levels. A player chooses among the five levels only; the agents behind them (and the
    research agents) stay for ``sevens arena`` and ``sevens simulate``."""
    wanted = [b.strip() for b in bots if b.strip()] or [default_bot(family_name)]
    for agent in wanted:
        if agent not in LEVELS:
            raise RulesError(f"unknown level {agent!r} for the computer players; allowed: {', '.join(LEVELS)}")
    computers = players - 1
    if len(wanted) == 1:
        wanted *= computers
    if len(wanted) != computers:
        raise RulesError(
            f"{len(wanted)} computer players for {computers} computer seats; give one agent for all or one per seat"
        )
    seats: list[str | None] = [None]
    seats.extend(wanted)
    return tuple(seats)


def parse_bots(text: str) -> list[str]:
    """``"easy, hard"`` → ``["easy", "hard"]``."""
    return [part.strip() for part in text.replace(" ", ",").split(",") if part.strip()]


__all__ = ["PlayOptions", "Setup", "bot_name", "default_bot", "default_name", "parse_bots", "resolve"]
