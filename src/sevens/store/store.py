"""The store's API: a small synchronous class whose every call is one transaction.

Either a call commits completely or it changes nothing: a refused request raises :class:`StoreError`, and a crash
in the middle of a call leaves the database as it was before the call. That is what lets the server broadcast an
action only after :meth:`Store.append_action` returned, and resume every unfinished session after a restart from
:meth:`Store.unfinished_sessions`.

Actions of a round are numbered from 1: ``seq`` is the number of actions in the round once that action has been
applied (``len(state.actions)`` right after ``state.apply``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Any, Self

from sqlalchemy import Engine, func, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, selectinload, sessionmaker

from sevens.session.standings import session_places
from sevens.store import migrate
from sevens.store.columns import MAX_SEED, utc_now
from sevens.store.data import PlayerGame, PlayerInfo, RoundInfo, SeatInfo, SeatTotal, SessionInfo, SessionSummary
from sevens.store.engine import WRITE_OPTION, make_engine
from sevens.store.errors import StoreError, database_error
from sevens.store.models import (
    FINISHED,
    IN_PROGRESS,
    NAME_LENGTH,
    GameSession,
    Player,
    Round,
    RoundAction,
    RoundPoints,
    SessionSeat,
)
from sevens.store.urls import describe, resolve_url

RECORD_FORMAT = "sevens-record"
RECORD_VERSION = 1
FAMILY_LENGTH = 32


class Store:
    """Persistent players, sessions, rounds and their actions. Create with :meth:`open`; close when done (or use
    it as a context manager). Safe to share between threads: each call uses its own database session."""

    def __init__(self, engine: Engine, url: URL) -> None:
        """Wrap an engine whose database is already migrated; prefer :meth:`open`."""
        self._engine = engine
        self._url = url
        self._reader = sessionmaker(bind=engine, expire_on_commit=False)
        self._writer = sessionmaker(bind=engine.execution_options(**{WRITE_OPTION: True}), expire_on_commit=False)

    # ------------------------------------------------------------------ lifecycle
    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """Open (creating and migrating to the newest schema as needed) the database at ``url``, else
        ``$SEVENS_DATABASE_URL``, else the SQLite file in the user's data directory."""
        resolved = resolve_url(url)
        try:
            engine = make_engine(resolved)
        except (SQLAlchemyError, ImportError, OSError) as exc:
            missing = isinstance(exc, ImportError)
            hint = " (PostgreSQL needs the psycopg package: pip install 'sevens[postgres]')" if missing else ""
            raise StoreError(f"cannot open database {describe(resolved)}{hint}: {exc}", url=describe(resolved)) from exc
        try:
            migrate.upgrade(engine)
        except StoreError as exc:
            engine.dispose()
            raise StoreError(f"cannot open database {describe(resolved)}: {exc}", url=describe(resolved)) from exc
        return cls(engine, resolved)

    @property
    def url(self) -> str:
        """The database URL, password hidden."""
        return describe(self._url)

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self._engine.dialect.name

    def ping(self) -> None:
        """Ask the database a trivial question: :class:`StoreUnavailableError` if it cannot be reached."""
        with self._read() as session:
            session.execute(select(1))

    def close(self) -> None:
        """Release every connection. The store cannot be used afterwards."""
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @contextmanager
    def _read(self) -> Iterator[Session]:
        try:
            with self._reader() as session, session.begin():
                yield session
        except SQLAlchemyError as exc:
            raise database_error(exc) from exc

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """One write transaction: committed when the block ends, rolled back entirely if it raises."""
        try:
            with self._writer() as session, session.begin():
                yield session
        except IntegrityError as exc:
            raise StoreError(f"the database refused the change: {exc.orig}") from exc
        except SQLAlchemyError as exc:
            raise database_error(exc) from exc

    # ------------------------------------------------------------------ players
    def create_player(self, name: str, is_human: bool = True) -> PlayerInfo:
        """A new profile; a name already taken raises :class:`StoreError`."""
        name = _check_name(name)
        with self._write() as session:
            if _player_by_name(session, name) is not None:
                raise StoreError(f"a player named {name!r} already exists", name=name)
            player = Player(name=name, is_human=is_human, created_at=utc_now(), stars_total=0)
            session.add(player)
            session.flush()
            return _player_info(player)

    def get_or_create_player(self, name: str, is_human: bool = True) -> PlayerInfo:
        """The profile called ``name``, created if missing. An existing profile of the other kind (human versus
        computer) raises :class:`StoreError`."""
        name = _check_name(name)
        with self._write() as session:
            return _player_info(_get_or_create_player(session, name, is_human))

    def get_player(self, name: str) -> PlayerInfo:
        """The profile called ``name``; unknown names raise :class:`StoreError`."""
        with self._read() as session:
            player = _player_by_name(session, name)
            if player is None:
                raise StoreError(f"no player named {name!r}", name=name)
            return _player_info(player)

    def player_stars(self, name: str) -> int:
        """The stars (E3) a player has earned over every session; unknown names raise :class:`StoreError`."""
        return self.get_player(name).stars_total

    # ------------------------------------------------------------------ sessions
    def create_session(
        self,
        family: str,
        preset: str | None,
        rules: dict[str, Any],
        seed: int,
        seats: Sequence[tuple[str, bool]],
        settings: dict[str, Any] | None = None,
    ) -> int:
        """A new session of ``family`` with ``seats`` as ``(name, is_human)`` in seat order (profiles are created
        as needed); returns its id. A human may sit in only one seat; computer names may repeat."""
        if not family or len(family) > FAMILY_LENGTH:
            raise StoreError(f"a game family name has 1 to {FAMILY_LENGTH} characters, got {family!r}")
        if not seats:
            raise StoreError("a session needs at least one seat")
        _check_seed(seed)
        names = [_check_name(name) for name, _ in seats]
        humans = [name for name, (_, is_human) in zip(names, seats, strict=True) if is_human]
        repeated = sorted({name for name in humans if humans.count(name) > 1})
        if repeated:
            raise StoreError(f"a human player sits in one seat only: {', '.join(repeated)}", names=repeated)
        with self._write() as session:
            players = [
                _get_or_create_player(session, name, is_human) for name, (_, is_human) in zip(names, seats, strict=True)
            ]
            row = GameSession(
                family=family,
                preset=preset,
                rules=dict(rules),
                seed=seed,
                created_at=utc_now(),
                finished=False,
                settings=dict(settings or {}),
                seats=[SessionSeat(seat=i, player_id=p.id) for i, p in enumerate(players)],
            )
            session.add(row)
            session.flush()
            return row.id

    def finish_session(self, session_id: int) -> bool:
        """Mark a session finished (no more rounds; it leaves :meth:`unfinished_sessions`). Returns whether it
        changed; a session with a round still in progress raises :class:`StoreError`."""
        with self._write() as session:
            row = _session_for_update(session, session_id)
            if row.finished:
                return False
            playing = _round_in_progress(session, session_id)
            if playing is not None:
                raise StoreError(
                    f"round {playing.number} of session {session_id} is still in progress; finish it first",
                    session=session_id,
                )
            row.finished = True
            return True

    def list_sessions(self, limit: int = 20) -> list[SessionSummary]:
        """The newest ``limit`` sessions, newest first (for ``sevens history``)."""
        if limit < 0:
            raise StoreError(f"limit must be zero or more, got {limit}")
        with self._read() as session:
            rows = session.scalars(
                select(GameSession)
                .options(selectinload(GameSession.seats))
                .order_by(GameSession.created_at.desc(), GameSession.id.desc())
                .limit(limit)
            ).all()
            return _summaries(session, rows)

    def player_games(self, name: str, limit: int = 20) -> list[PlayerGame]:
        """The newest ``limit`` sessions ``name`` sat in, newest first, with their seat, totals and place (for a
        profile); unknown names raise :class:`StoreError`."""
        if limit < 0:
            raise StoreError(f"limit must be zero or more, got {limit}")
        with self._read() as session:
            player = _player_by_name(session, name)
            if player is None:
                raise StoreError(f"no player named {name!r}", name=name)
            rows = session.scalars(
                select(GameSession)
                .join(SessionSeat, SessionSeat.session_id == GameSession.id)
                .where(SessionSeat.player_id == player.id)
                .options(selectinload(GameSession.seats))
                .order_by(GameSession.created_at.desc(), GameSession.id.desc())
                .limit(limit)
            ).all()
            sums: dict[int, dict[int, tuple[int, int]]] = {row.id: {} for row in rows}
            for sid, seat, points, stars in session.execute(
                select(Round.session_id, RoundPoints.seat, func.sum(RoundPoints.points), func.sum(RoundPoints.stars))
                .join(Round, Round.id == RoundPoints.round_id)
                .where(Round.session_id.in_(list(sums)), Round.status == FINISHED)
                .group_by(Round.session_id, RoundPoints.seat)
            ):
                sums[sid][seat] = (int(points), int(stars))
            games = []
            for row, summary in zip(rows, _summaries(session, rows), strict=True):
                seat = next(s.seat for s in row.seats if s.player_id == player.id)
                points, stars = sums[row.id].get(seat, (0, 0))
                seats = sorted(s.seat for s in row.seats)
                totals = [sums[row.id].get(s, (0, 0))[0] for s in seats]
                place = session_places(totals)[seats.index(seat)]  # the one tie rule of every standings
                ui = row.settings.get("ui")
                games.append(
                    PlayerGame(
                        session=summary,
                        seat=seat,
                        points=points,
                        stars=stars,
                        place=place,
                        ui=ui if isinstance(ui, str) else None,
                    )
                )
            return games

    def load_session(self, session_id: int) -> SessionInfo:
        """A whole session: seats, settings, and every round with its actions, result, points and stars."""
        with self._read() as session:
            rows = _load_sessions(session, GameSession.id == session_id)
            if not rows:
                raise _unknown_session(session_id)
            return rows[0]

    def unfinished_sessions(self) -> list[SessionInfo]:
        """Every session not yet finished, oldest first, loaded whole (to resume after a restart: the round in
        progress is :attr:`SessionInfo.current_round`, its actions in order)."""
        with self._read() as session:
            return _load_sessions(session, GameSession.finished.is_(False))

    def session_totals(self, session_id: int) -> list[SeatTotal]:
        """Points and stars per seat summed over the session's finished rounds, in seat order."""
        with self._read() as session:
            row = session.get(GameSession, session_id, options=[selectinload(GameSession.seats)])
            if row is None:
                raise _unknown_session(session_id)
            sums = {
                seat: (int(points), int(stars))
                for seat, points, stars in session.execute(
                    select(RoundPoints.seat, func.sum(RoundPoints.points), func.sum(RoundPoints.stars))
                    .join(Round, Round.id == RoundPoints.round_id)
                    .where(Round.session_id == session_id, Round.status == FINISHED)
                    .group_by(RoundPoints.seat)
                )
            }
            return [
                SeatTotal(
                    seat=seat.seat,
                    name=seat.player.name,
                    is_human=seat.player.is_human,
                    points=sums.get(seat.seat, (0, 0))[0],
                    stars=sums.get(seat.seat, (0, 0))[1],
                )
                for seat in row.seats
            ]

    # ------------------------------------------------------------------ rounds
    def start_round(
        self,
        session_id: int,
        number: int,
        dealer: int,
        seed: int,
        rules: dict[str, Any],
        extra: dict[str, Any] | None = None,
    ) -> int:
        """Start round ``number`` of a session; returns the round id. ``extra`` holds record fields beyond the
        common ones that the family's replay needs (e.g. Seven Twenty-Seven's ``starting_stacks``). Refused for
        a finished session, while another round is in progress, or for a number already used."""
        _check_seed(seed)
        with self._write() as session:
            row = _session_for_update(session, session_id)
            if row.finished:
                raise StoreError(f"session {session_id} is finished; it takes no more rounds", session=session_id)
            seats = len(row.seats)
            if not 0 <= dealer < seats:
                raise StoreError(f"dealer must be a seat from 0 to {seats - 1}, got {dealer}", dealer=dealer)
            playing = _round_in_progress(session, session_id)
            if playing is not None:
                raise StoreError(
                    f"round {playing.number} of session {session_id} is still in progress", session=session_id
                )
            used = session.scalar(select(Round.id).where(Round.session_id == session_id, Round.number == number))
            if used is not None:
                raise StoreError(f"session {session_id} already has a round {number}", session=session_id)
            round_row = Round(
                session_id=session_id,
                number=number,
                dealer=dealer,
                seed=seed,
                rules=dict(rules),
                record_extra=dict(extra or {}),
                status=IN_PROGRESS,
                result=None,
                created_at=utc_now(),
                finished_at=None,
            )
            session.add(round_row)
            session.flush()
            return round_row.id

    def append_action(self, round_id: int, seq: int, text: str) -> bool:
        """Store action number ``seq`` (1, 2, …) of a round, committed when this returns. Returns ``True`` if it
        was written, ``False`` if that very action was already stored (a retry). A different action under an
        existing ``seq``, a gap in the numbering, or a finished round raises :class:`StoreError`."""
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 1:
            raise StoreError(f"action numbers start at 1, got {seq!r}", seq=seq)
        if not isinstance(text, str) or not text.strip():
            raise StoreError(f"an action is non-empty text, got {text!r}")
        for attempt in range(2):
            try:
                with self._write() as session:
                    return _append_action(session, round_id, seq, text)
            except StoreError as exc:
                # Two writers raced for the same seq (PostgreSQL): look again, the other one's row is now visible.
                if attempt or not isinstance(exc.__cause__, IntegrityError):
                    raise
        raise AssertionError("unreachable")  # pragma: no cover

    def finish_round(self, round_id: int, result: dict[str, Any], points: Sequence[int], stars: Sequence[int]) -> None:
        """In one transaction: mark the round finished with ``result``, store per seat ``points`` (E2) and
        ``stars`` (E3), and add each human player's stars to their profile. Finishing a finished round, or lists
        that do not have one entry per seat, raises :class:`StoreError`; a failure half-way writes nothing."""
        points, stars = list(points), list(stars)
        if any(not isinstance(n, int) or isinstance(n, bool) for n in (*points, *stars)):
            raise StoreError("points and stars are integers")
        if any(n < 0 for n in stars):
            raise StoreError(f"stars cannot be negative, got {stars}")
        with self._write() as session:
            row = _round_for_update(session, round_id)
            if row.status == FINISHED:
                raise StoreError(f"round {round_id} is already finished", round=round_id)
            seats = session.scalars(
                select(SessionSeat).where(SessionSeat.session_id == row.session_id).order_by(SessionSeat.seat)
            ).all()
            if len(points) != len(seats) or len(stars) != len(seats):
                raise StoreError(
                    f"round {round_id} has {len(seats)} seats but got {len(points)} points and {len(stars)} stars",
                    round=round_id,
                )
            _write_points(session, round_id, points, stars)
            session.flush()
            _mark_finished(row, result)
            session.flush()
            _add_stars(session, seats, stars)

    def get_round(self, round_id: int) -> RoundInfo:
        """One round with its actions."""
        with self._read() as session:
            row = session.get(Round, round_id, options=[selectinload(Round.actions), selectinload(Round.points)])
            if row is None:
                raise _unknown_round(round_id)
            return _round_info(row)

    def round_record(self, round_id: int) -> dict[str, Any]:
        """The round as a game record of its family (``format`` "sevens-record", version 1), which that family's
        ``replay`` rebuilds: the actions so far, and the result once finished."""
        with self._read() as session:
            row = session.get(Round, round_id, options=[selectinload(Round.actions)])
            if row is None:
                raise _unknown_round(round_id)
            parent = row.session
            record: dict[str, Any] = {
                "format": RECORD_FORMAT,
                "version": RECORD_VERSION,
                "game": parent.family,
                "rules": row.rules,
                "seed": row.seed,
                "dealer": row.dealer,
                "seats": [seat.player.name for seat in parent.seats],
            }
            record.update(row.record_extra)
            record["actions"] = [a.action for a in row.actions]
            record["result"] = row.result
            return record


# ---------------------------------------------------------------------- steps of the calls
def _check_name(name: str) -> str:
    cleaned = name.strip() if isinstance(name, str) else ""
    if not cleaned or len(cleaned) > NAME_LENGTH:
        raise StoreError(f"a player name has 1 to {NAME_LENGTH} characters, got {name!r}", name=name)
    return cleaned


def _check_seed(seed: int) -> None:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise StoreError(f"a seed is an integer from 0 to 2**64-1, got {seed!r}", seed=seed)


def _unknown_session(session_id: int) -> StoreError:
    return StoreError(f"no session with id {session_id}", session=session_id)


def _unknown_round(round_id: int) -> StoreError:
    return StoreError(f"no round with id {round_id}", round=round_id)


def _player_by_name(session: Session, name: str) -> Player | None:
    return session.scalar(select(Player).where(Player.name == name))


def _get_or_create_player(session: Session, name: str, is_human: bool) -> Player:
    """Insert-if-missing that is safe against a concurrent insert of the same name (ON CONFLICT DO NOTHING)."""
    values = {"name": name, "is_human": is_human, "created_at": utc_now(), "stars_total": 0}
    if session.get_bind().dialect.name == "postgresql":
        session.execute(postgresql.insert(Player).values(**values).on_conflict_do_nothing(index_elements=["name"]))
    else:
        session.execute(sqlite.insert(Player).values(**values).on_conflict_do_nothing(index_elements=["name"]))
    player = _player_by_name(session, name)
    if player is None:  # pragma: no cover - the row was just inserted or already there
        raise StoreError(f"cannot create player {name!r}")
    if player.is_human != is_human:
        kind = "a human" if player.is_human else "a computer"
        raise StoreError(f"{name!r} is already the name of {kind} player; choose another name", name=name)
    return player


def _session_for_update(session: Session, session_id: int) -> GameSession:
    row = session.get(GameSession, session_id, with_for_update=True)
    if row is None:
        raise _unknown_session(session_id)
    return row


def _round_for_update(session: Session, round_id: int) -> Round:
    row = session.get(Round, round_id, with_for_update=True)
    if row is None:
        raise _unknown_round(round_id)
    return row


def _round_in_progress(session: Session, session_id: int) -> Round | None:
    return session.scalar(select(Round).where(Round.session_id == session_id, Round.status == IN_PROGRESS))


def _append_action(session: Session, round_id: int, seq: int, text: str) -> bool:
    row = _round_for_update(session, round_id)
    stored = session.scalar(select(RoundAction.action).where(RoundAction.round_id == round_id, RoundAction.seq == seq))
    if stored is not None:
        if stored == text:
            return False
        raise StoreError(
            f"action {seq} of round {round_id} is already stored as {stored!r}, not {text!r}",
            round=round_id,
            seq=seq,
        )
    if row.status == FINISHED:
        raise StoreError(f"round {round_id} is finished; it takes no more actions", round=round_id)
    last = session.scalar(select(func.max(RoundAction.seq)).where(RoundAction.round_id == round_id)) or 0
    if seq != last + 1:
        raise StoreError(
            f"round {round_id} has {last} actions, so the next one is number {last + 1}, not {seq}",
            round=round_id,
            seq=seq,
            expected=last + 1,
        )
    session.add(RoundAction(round_id=round_id, seq=seq, action=text, created_at=utc_now()))
    session.flush()
    return True


def _write_points(session: Session, round_id: int, points: list[int], stars: list[int]) -> None:
    session.add_all(
        RoundPoints(round_id=round_id, seat=seat, points=p, stars=s)
        for seat, (p, s) in enumerate(zip(points, stars, strict=True))
    )


def _mark_finished(row: Round, result: dict[str, Any]) -> None:
    row.status = FINISHED
    row.result = dict(result)
    row.finished_at = utc_now()


def _add_stars(session: Session, seats: Sequence[SessionSeat], stars: list[int]) -> None:
    """Add each human seat's stars to its profile, as ``stars_total = stars_total + n`` (no lost updates)."""
    for seat in seats:
        if seat.player.is_human and stars[seat.seat]:
            session.execute(
                update(Player)
                .where(Player.id == seat.player_id)
                .values(stars_total=Player.stars_total + stars[seat.seat])
                .execution_options(synchronize_session=False)
            )


# ---------------------------------------------------------------------- loading
def _load_sessions(session: Session, where: Any) -> list[SessionInfo]:
    rows = session.scalars(
        select(GameSession)
        .where(where)
        .options(
            selectinload(GameSession.seats),
            selectinload(GameSession.rounds).selectinload(Round.actions),
            selectinload(GameSession.rounds).selectinload(Round.points),
        )
        .order_by(GameSession.id)
    ).all()
    return [
        SessionInfo(
            id=row.id,
            family=row.family,
            preset=row.preset,
            rules=row.rules,
            seed=row.seed,
            settings=row.settings,
            created_at=row.created_at,
            finished=row.finished,
            seats=[
                SeatInfo(seat=s.seat, player_id=s.player_id, name=s.player.name, is_human=s.player.is_human)
                for s in row.seats
            ],
            rounds=[_round_info(r) for r in row.rounds],
        )
        for row in rows
    ]


def _summaries(session: Session, rows: Sequence[GameSession]) -> list[SessionSummary]:
    """One history line per session row (its seats loaded), with its rounds counted in one query."""
    ids = [row.id for row in rows]
    counts: dict[tuple[int, str], int] = {}
    if ids:
        for sid, status, count in session.execute(
            select(Round.session_id, Round.status, func.count())
            .where(Round.session_id.in_(ids))
            .group_by(Round.session_id, Round.status)
        ):
            counts[(sid, status)] = count
    return [
        SessionSummary(
            id=row.id,
            family=row.family,
            preset=row.preset,
            created_at=row.created_at,
            finished=row.finished,
            players=[seat.player.name for seat in row.seats],
            rounds_finished=counts.get((row.id, FINISHED), 0),
            rounds_total=counts.get((row.id, FINISHED), 0) + counts.get((row.id, IN_PROGRESS), 0),
            rules=dict(row.rules),
            settings=dict(row.settings),
        )
        for row in rows
    ]


def _round_info(row: Round) -> RoundInfo:
    finished = row.status == FINISHED
    return RoundInfo(
        id=row.id,
        number=row.number,
        dealer=row.dealer,
        seed=row.seed,
        rules=row.rules,
        record_extra=row.record_extra,
        status=row.status,
        result=row.result,
        actions=[a.action for a in row.actions],
        points=[p.points for p in row.points] if finished else None,
        stars=[p.stars for p in row.points] if finished else None,
        created_at=row.created_at,
        finished_at=row.finished_at,
    )


def _player_info(player: Player) -> PlayerInfo:
    return PlayerInfo(
        id=player.id,
        name=player.name,
        is_human=player.is_human,
        stars_total=player.stars_total,
        created_at=player.created_at,
    )
