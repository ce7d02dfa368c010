"""Past sessions (``sevens history``) and the replay of any stored round (``sevens replay --session ID --round N``).

Rounds are counted from 1, as the game screen and the history show them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from sevens.errors import RecordError
from sevens.games.base import Family, GameState
from sevens.games.registry import families
from sevens.i18n import Lang, default_lang, t
from sevens.render import render_table
from sevens.render.names import preset_name
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
    # Lines under the header only, one cell between columns, and text folded (never cut to "…"): a session of
    # four players with every name whole fits 80 columns
    table = Table(title=tr("history_title", lang), header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False,
                  padding=(0, 1, 0, 0))  # fmt: skip
    for key in ("id", "date"):
        table.add_column(tr(key, lang), overflow="fold")
    table.add_column(t("family", lang), overflow="fold")
    table.add_column(t("preset", lang), overflow="fold")
    table.add_column(tr("players", lang), no_wrap=True)
    table.add_column(tr("rounds", lang), justify="right", overflow="fold")
    table.add_column(tr("state", lang), overflow="fold")
    for s in sessions:
        title = families()[s.family].title if s.family in families() else (s.family, s.family)
        game = title[1] if lang == "ja" else title[0]
        preset = preset_name(s.preset, lang)
        table.add_row(
            str(s.id),
            s.created_at.strftime("%Y-%m-%d %H:%M"),
            game,
            "" if preset.casefold() == game.casefold() else preset,  # Killer's preset is the game's own name
            "\n".join(_players(s, lang)),  # one a line: a name is never cut in the middle
            _rounds_text(s),
            tr("session_finished" if s.finished else "session_open", lang),
        )
    return table


def _players(summary: SessionSummary, lang: Lang) -> tuple[str, ...]:
    return shown_names(summary.players, summary.settings, lang)


def shown_names(players: Sequence[str], settings: dict[str, Any], lang: Lang) -> tuple[str, ...]:
    """A session's players as they were seen at the table: computers by level ("Computer 1 (Normal)"), not by
    their stored profile names (``normal#1``), when the session's settings say which seats were computers."""
    agents = settings.get("agents")
    if isinstance(agents, list) and len(agents) == len(players):
        return display_names(players, agents, lang)
    return tuple(players)


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


class StoredRound(NamedTuple):
    """Round ``number`` (from 1) of a stored session: its family, its record and the session's players as they
    were seen at the table (by session seat, in the language asked for)."""

    family: Family
    record: dict[str, Any]
    names: tuple[str, ...]


def load_round(store: GameStore, session_id: int, number: int, lang: Lang) -> StoredRound:
    """Round ``number`` (from 1) of a stored session."""
    info = store.load_session(session_id)
    family = families().get(info.family)
    if family is None:
        raise RecordError(f"session {session_id} is a game of {info.family!r}, which this program does not know")
    by_number = {r.number + 1: r for r in info.rounds}
    stored = by_number.get(number)
    if stored is None:
        count = len(info.rounds)
        has = "no round yet" if count == 0 else "only round 1" if count == 1 else f"rounds 1 to {count}"
        raise RecordError(
            f"session {session_id} has no round {number}; it has {has} (--round N)",
            session=session_id,
            number=number,
            count=len(info.rounds),
        )
    players = [seat.name for seat in sorted(info.seats, key=lambda seat: seat.seat)]
    return StoredRound(family, store.round_record(stored.id), shown_names(players, info.settings, lang))


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


def replay_frame(family: Family, record: dict[str, Any], states: Sequence[GameState], step: int, lang: Lang,
                 players: Sequence[str] | None = None, around: int = 8) -> RenderableType:  # fmt: skip
    """The table after ``step`` actions, up to ``around`` moves before and after it, and the result at the end,
    the players named ``players`` (by session seat; the record's own names without them)."""
    state = states[step]
    actions = record["actions"]
    moves = Text()
    for index in range(max(0, step - around), min(len(actions), step + around)):
        marker = "▶ " if index == step - 1 else "  "
        text = action_text(actions[index], lang)
        moves.append(f"{marker}{index + 1:3}. {text}\n", style="bold" if index == step - 1 else "")
    names = list(players or record.get("seats") or [])
    mapping = record.get("session_seats")  # Seven Twenty-Seven deals only the players with chips
    if mapping:
        names = [names[s] for s in mapping]
    shown = names if players and len(names) == state.players else None  # the seats by name, as at the table
    parts: list[RenderableType] = [render_table(family.name, state, lang, shown), moves]
    if state.is_over():
        ranking = state.result().ranking
        parts.append(Text(t("ranking", lang) + ": " + ", ".join(_name(names, s) for s in ranking), style="bold"))
    return Group(*parts)


def print_replay(session_id: int, number: int, url: str | None = None, lang: Lang | None = None,
                 console: Console | None = None) -> None:  # fmt: skip
    """Print every move of a stored round and its final table (a non-interactive ``sevens replay``)."""
    language = lang or default_lang()
    with open_store(url) as store:
        family, record, names = load_round(store, session_id, number, language)
    states = replay_states(family, record)
    out = console or Console()
    out.print(Text(tr("replay_title", language, session=session_id, number=number), style="bold"))
    for index, action in enumerate(record["actions"], start=1):
        out.print(f"{index:3}. {action_text(action, language)}")
    out.print(replay_frame(family, record, states, len(states) - 1, language, names))


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else t("log.seat", "en", number=seat + 1)


__all__ = [
    "StoredRound",
    "history_table",
    "load_round",
    "planned_rounds",
    "print_history",
    "print_replay",
    "replay_frame",
    "replay_states",
    "shown_names",
]
