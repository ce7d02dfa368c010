"""Past sessions (``sevens history``) and the replay of any stored round (``sevens replay --session ID --round N``).

Rounds are counted from 1, as the game screen and the history show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from sevens.errors import RecordError
from sevens.games.base import Family, GameState
from sevens.games.registry import families
from sevens.i18n import Lang, default_lang, t
from sevens.render import render_table
from sevens.session.log import action_text
from sevens.store import SessionSummary
from sevens.tui.controller import display_names
from sevens.tui.options import TUI_UI
from sevens.tui.persistence import GameStore, open_store
from sevens.tui.text import tr


def history_table(sessions: Sequence[SessionSummary], lang: Lang) -> RenderableType:
    """The sessions as a table: id, date, game, preset, players, rounds finished of those planned, and whether it
    can go on."""
    if not sessions:
        return Text(tr("history_empty", lang))
    table = Table(title=tr("history_title", lang), header_style="bold")
    for key in ("id", "date"):
        table.add_column(tr(key, lang))
    table.add_column(t("family", lang))
    table.add_column(t("preset", lang))
    table.add_column(tr("players", lang))
    table.add_column(tr("rounds", lang), justify="right")
    table.add_column(tr("state", lang))
    for s in sessions:
        title = families()[s.family].title if s.family in families() else (s.family, s.family)
        table.add_row(
            str(s.id),
            s.created_at.strftime("%Y-%m-%d %H:%M"),
            title[1] if lang == "ja" else title[0],
            s.preset or "-",
            ", ".join(_players(s, lang)),
            _rounds_text(s),
            tr("session_finished" if s.finished else "session_open", lang),
        )
    return table


def _players(summary: SessionSummary, lang: Lang) -> tuple[str, ...]:
    """The players as they were seen at the table: computers by level ("Computer 1 (Normal)"), not by their
    stored profile names, when the session says which seats were computers."""
    agents = summary.settings.get("agents")
    if isinstance(agents, list) and len(agents) == len(summary.players):
        return display_names(summary.players, agents, lang)
    return tuple(summary.players)


def planned_rounds(summary: SessionSummary) -> int | None:
    """The rounds a session was started for, as the front-end that started it announced them ("Round 1 of 4"):
    the chosen number, else Seven Twenty-Seven's ``deals`` rule, else one per seat in the terminal (one in a
    server room); ``None`` when open-ended."""
    settings = summary.settings
    room = settings.get("room")
    chosen = settings.get("rounds") or (room.get("rounds") if isinstance(room, dict) else None)
    if chosen:
        return int(chosen)
    if summary.family == "seven27":
        deals = summary.rules.get("deals")
        return int(deals) if deals else None
    return len(summary.players) if settings.get("ui") == TUI_UI else 1


def _rounds_text(summary: SessionSummary) -> str:
    """Rounds finished of the planned ones (``1/4``), or just those finished when the session is open-ended."""
    planned = planned_rounds(summary)
    return str(summary.rounds_finished) if planned is None else f"{summary.rounds_finished}/{planned}"


def print_history(url: str | None = None, limit: int = 20, lang: Lang | None = None,
                  console: Console | None = None) -> None:  # fmt: skip
    """Print the newest ``limit`` sessions of the store at ``url`` (for ``sevens history``)."""
    with open_store(url) as store:
        sessions = store.list_sessions(limit)
    (console or Console()).print(history_table(sessions, lang or default_lang()))


def load_round(store: GameStore, session_id: int, number: int) -> tuple[Family, dict[str, Any]]:
    """The family and the record of round ``number`` (from 1) of a stored session."""
    info = store.load_session(session_id)
    family = families().get(info.family)
    if family is None:
        raise RecordError(f"session {session_id} is a game of {info.family!r}, which this program does not know")
    by_number = {r.number + 1: r for r in info.rounds}
    stored = by_number.get(number)
    if stored is None:
        raise RecordError(
            f"session {session_id} has no round {number}; it has rounds 1 to {len(info.rounds)}",
            session=session_id,
            number=number,
            count=len(info.rounds),
        )
    return family, store.round_record(stored.id)


def replay_states(family: Family, record: dict[str, Any]) -> list[GameState]:
    """The state before the first action and after each one; a record that does not replay to its stored
    result raises :class:`RecordError`."""
    family.replay(record)  # checks the whole record, result included
    state = family.replay({**record, "actions": [], "result": None, "finishing_stacks": None})
    states = [state]
    for text in record["actions"]:
        state = state.clone()
        state.apply(family.parse_action(text))
        states.append(state)
    return states


def replay_frame(family: Family, record: dict[str, Any], states: Sequence[GameState], step: int,
                 lang: Lang) -> RenderableType:  # fmt: skip
    """The table after ``step`` actions, the moves around it, and the result at the end."""
    state = states[step]
    actions = record["actions"]
    moves = Text()
    for index in range(max(0, step - 8), min(len(actions), step + 8)):
        marker = "▶ " if index == step - 1 else "  "
        text = action_text(actions[index], lang)
        moves.append(f"{marker}{index + 1:3}. {text}\n", style="bold" if index == step - 1 else "")
    parts: list[RenderableType] = [render_table(family.name, state, lang), moves]
    if state.is_over():
        ranking = state.result().ranking
        names = list(record.get("seats") or [])
        mapping = record.get("session_seats")  # Seven Twenty-Seven deals only the players with chips
        if mapping:
            names = [names[s] for s in mapping]
        parts.append(Text(t("ranking", lang) + ": " + ", ".join(_name(names, s) for s in ranking), style="bold"))
    return Group(*parts)


def print_replay(session_id: int, number: int, url: str | None = None, lang: Lang | None = None,
                 console: Console | None = None) -> None:  # fmt: skip
    """Print every move of a stored round and its final table (a non-interactive ``sevens replay``)."""
    language = lang or default_lang()
    with open_store(url) as store:
        family, record = load_round(store, session_id, number)
    states = replay_states(family, record)
    out = console or Console()
    out.print(Text(tr("replay_title", language, session=session_id, number=number), style="bold"))
    for index, action in enumerate(record["actions"], start=1):
        out.print(f"{index:3}. {action_text(action, language)}")
    out.print(replay_frame(family, record, states, len(states) - 1, language))


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else t("log.seat", "en", number=seat + 1)


__all__ = [
    "history_table",
    "load_round",
    "planned_rounds",
    "print_history",
    "print_replay",
    "replay_frame",
    "replay_states",
]
