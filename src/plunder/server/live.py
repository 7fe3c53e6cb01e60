"""Live tables: engine states in memory, written through to the store.

A ``Hub`` owns every table the server knows. Each ``LiveTable`` holds the
engine state rebuilt from the store, the connections watching it and the bots
and clocks waiting on it. Everything that changes a table runs on the event
loop without awaiting between the engine accepting a move and the store
writing it, so no two moves interleave; a bot thinks in a worker thread on a
determinizable clone and its move is checked against the table again before it
is played.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import plunder
from plunder import bots as bot_registry
from plunder.engine.errors import IllegalAction, PlunderError
from plunder.engine.game import Game
from plunder.engine.registry import manifest
from plunder.engine.state import State
from plunder.server.store import DEFAULT_REFLEX_CLOCK, SeatRow, Store, TableRow, token_digest

log = logging.getLogger("plunder.server")

# A seat a bot plays for an absent human is played by this bot, at this level.
STAND_IN = ("greedy", "normal")

# The reflex clock: seconds a human seat has for a decision the rules time (one
# for which ``State.timeout_action`` names an action), from REFLEX_MIN to REFLEX_MAX.
REFLEX_MIN, REFLEX_MAX = 2, 60


def has_timed_decisions(game: str, options: Mapping[str, Any]) -> bool:
    """Whether a ``game`` table with ``options`` meets decisions the rules time.

    The game's manifest says so (``timed``); the server times a decision by asking
    the engine (``timeout_action``) whatever this says: this tells the lobby when
    to offer the reflex clock and the table when to mention it.
    """
    return manifest(game).timed_under(options)


class TableError(PlunderError):
    """A request the table refuses; ``status`` is the HTTP status that fits."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def new_token() -> str:
    """An unguessable seat token: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    """One browser tab on a table, as a seat or a spectator (``seat is None``).

    ``events_sent`` counts the events of its seat's log this connection has been
    sent, so each state message carries only the ones it lacks; a new connection
    (a hello) starts from none and gets the whole log.
    """

    send: Send
    seat: int | None = None
    events_sent: int = 0
    # Messages built in order must reach the socket in that order: a message's
    # events follow on from the previous message's.
    _sending: asyncio.Lock = field(default_factory=asyncio.Lock, repr=False)

    async def deliver(self, message: dict[str, Any]) -> None:
        """Send ``message`` after every message handed over before it."""
        async with self._sending:
            await self.send(message)


@dataclass(eq=False)
class Clock:
    """A human seat's running clock, for one step (``step`` is the engine's ``state.step``).

    ``timed`` is a reflex clock (the decision is timed by the rules: when it runs
    out the seat plays its timeout action); otherwise the turn clock (a bot then
    takes the seat over).
    """

    deadline: float
    task: asyncio.Task[None]
    step: int
    timed: bool


@dataclass(eq=False)
class LiveTable:
    row: TableRow
    game: Game
    state: State
    connections: set[Connection] = field(default_factory=set)
    # Seat -> the task of the bot thinking for it, or of its running clock.
    thinking: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    clocks: dict[int, Clock] = field(default_factory=dict)
    bots: dict[int, bot_registry.Bot] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.row.id

    def seat_row(self, seat: int) -> SeatRow:
        return self.row.seats[seat]

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if s.kind == "human" and s.token_hash is None]

    def bot_plays(self, seat: int) -> bool:
        row = self.seat_row(seat)
        return row.kind == "bot" or row.auto

    def seat_of(self, token: str | None) -> int | None:
        """The seat ``token`` holds here, or None."""
        if not token or not isinstance(token, str) or len(token) > 256:
            return None
        digest = token_digest(token)
        for row in self.row.seats:
            if row.token_hash is not None and secrets.compare_digest(row.token_hash, digest):
                return row.seat
        return None

    def seconds_left(self, seat: int) -> float | None:
        """What is left of ``seat``'s clock for its decision, if it is running."""
        if seat not in self.clocks:
            return None
        return max(0.0, round(self.clocks[seat].deadline - time.monotonic(), 1))

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the table: no view, no seed, no record."""
        connected = {c.seat for c in self.connections}
        result = self.state.result
        return {
            "table": self.id,
            "game": self.row.game,
            "title": self.game.info().title,
            "options": dict(self.game.options),
            "status": self.row.status,
            "move": len(self.state.moves),
            "host": self.row.host_seat,
            "clock": self.row.clock,
            "reflex_clock": self.row.reflex_clock,
            "timed": has_timed_decisions(self.row.game, self.game.options),
            "created": self.row.created,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": s.kind,
                    "name": s.name,
                    "bot": s.bot,
                    "level": s.level,
                    "taken": s.kind == "bot" or s.token_hash is not None,
                    "connected": s.seat in connected,
                    "auto": s.auto,
                    "deadline": self.seconds_left(s.seat),
                }
                for s in self.row.seats
            ],
            "result": result.to_json() if result is not None else None,
            "rematch": self.row.rematch,
        }

    def seat_message(self, seat: int | None, summary: dict[str, Any]) -> dict[str, Any]:
        """What every connection at ``seat`` is told now: its view without the log.

        ``legal`` is the notation of the seat's legal actions and ``actions`` the
        same actions as data (``action.to_json()``), when the seat owes a decision;
        ``chosen`` is the seat's own concealed choice as data, once committed.
        """
        state = self.state
        legal: list[str] = []
        actions: list[dict[str, Any]] = []
        deadline = None
        running = self.row.status == "running"
        if running and seat is not None and seat in state.pending and seat not in state.committed:
            offered = state.legal(seat)
            legal = [a.notation for a in offered]
            actions = [a.to_json() for a in offered]
            deadline = self.seconds_left(seat)
        view = state.view(seat, log=False)
        chosen = self.game.parse(view["choice"]).to_json() if "choice" in view else None
        return {
            "type": "state",
            "seat": seat,
            "move": len(state.moves),
            "step": state.step,
            "view": view,
            "legal": legal,
            "actions": actions,
            "chosen": chosen,
            "table": summary,
            "deadline": deadline,
        }

    def message_for(
        self,
        connection: Connection,
        base: dict[str, Any],
        known: dict[tuple[int | None, int], list[dict[str, Any]]] | None = None,
    ) -> dict[str, Any]:
        """The ``state`` message for ``connection``: ``base`` and the events it lacks.

        ``events`` are the seat's events from the ``events_from``-th on (counting
        only events that seat may see); ``known`` shares them between connections
        of one seat that lack the same ones.
        """
        seat = connection.seat
        since = connection.events_sent
        if since > self.state.event_count(seat):
            # The state was rebuilt with fewer events than this connection holds:
            # send the whole log again rather than leave a gap.
            since = 0
        key = (seat, since)
        if known is not None and key in known:
            events = known[key]
        else:
            events = self.state.events(seat, since)
            if known is not None:
                known[key] = events
        connection.events_sent = since + len(events)
        return {**base, "events": events, "events_from": since}


def _replay(row: TableRow) -> tuple[Game, State]:
    game = plunder.load(row.game, **row.options)
    state = game.new(seed=row.seed)
    for seat, action in row.moves:
        state.act(seat, action)
    return game, state


class Hub:
    """Every table of the server, and the rules for changing them."""

    def __init__(self, store: Store, bot_delay: float = 0.6) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, LiveTable] = {}
        self._started = False

    # Start and stop --------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every stored table by replaying its moves; wake its bots and clocks."""
        for row in self.store.load_tables():
            try:
                game, state = _replay(row)
            except PlunderError:
                log.exception("table %s could not be rebuilt from its record", row.id)
                continue
            self.tables[row.id] = LiveTable(row, game, state)
        self._started = True
        for table in self.tables.values():
            self._wake(table)
        log.info("%d tables loaded", len(self.tables))

    async def stop(self) -> None:
        for table in self.tables.values():
            for task in [*table.thinking.values(), *(c.task for c in table.clocks.values())]:
                task.cancel()
        self.store.close()

    # Lookups ---------------------------------------------------------------

    def table(self, table_id: str) -> LiveTable:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise TableError(f"no table {table_id!r}", status=404)
        return table

    def listing(self) -> list[dict[str, Any]]:
        """Open and running tables, newest first."""
        shown = [t for t in self.tables.values() if t.row.status != "over"]
        shown.sort(key=lambda t: t.row.created, reverse=True)
        return [t.summary() for t in shown]

    # Creating and joining --------------------------------------------------

    def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seat_specs: list[dict[str, Any]],
        name: str | None,
        clock: float | None,
        bot_delay: float | None,
        seat_creator: bool = True,
        reflex_clock: Any = None,
    ) -> tuple[LiveTable, int | None, str | None]:
        """A new table; the creator takes its first human seat unless ``seat_creator`` is off.

        ``reflex_clock`` is the seconds a human seat has for a decision the rules
        time (default 5); ``clock`` the turn clock for every other decision.

        A table made without its creator seated (a rematch) gets as host the first
        player to join.
        """
        if not isinstance(seat_specs, list) or not seat_specs:
            raise TableError("seats: give one entry per seat")
        options = {**options, "players": len(seat_specs)}
        try:
            game = plunder.load(game_name, **options)
        except PlunderError as exc:
            raise TableError(str(exc)) from None
        rows = [self._seat_row(game, seat, spec) for seat, spec in enumerate(seat_specs)]
        if clock is not None and not (isinstance(clock, int | float) and 5 <= clock <= 3600):
            raise TableError("clock: seconds per decision, from 5 to 3600, or null")
        if reflex_clock is None:
            reflex_clock = DEFAULT_REFLEX_CLOCK
        if (
            isinstance(reflex_clock, bool)
            or not isinstance(reflex_clock, int | float)
            or not REFLEX_MIN <= reflex_clock <= REFLEX_MAX
        ):
            raise TableError(
                f"reflex_clock: seconds for a timed decision, from {REFLEX_MIN} to {REFLEX_MAX}"
            )
        if bot_delay is None:
            bot_delay = self.bot_delay
        if not (isinstance(bot_delay, int | float) and 0 <= bot_delay <= 10):
            raise TableError("bot_delay: seconds from 0 to 10")
        humans = [r.seat for r in rows if r.kind == "human"]
        token = None
        host = humans[0] if humans and seat_creator else None
        if host is not None:
            token = new_token()
            rows[host].name = clean_name(name)
            rows[host].token_hash = token_digest(token)
        row = TableRow(
            id=new_table_id(),
            game=game_name,
            options=dict(game.options),
            seed=secrets.randbits(62),
            host_seat=host,
            clock=float(clock) if clock is not None else None,
            reflex_clock=float(reflex_clock),
            bot_delay=float(bot_delay),
            created=time.time(),
            status="open",
            seats=rows,
        )
        row.status = (
            "open" if any(r.token_hash is None for r in rows if r.kind == "human") else ("running")
        )
        self.store.create_table(row)
        table = LiveTable(row, game, game.new(seed=row.seed))
        self.tables[row.id] = table
        self._wake(table)
        log.info("table %s created: %s, %d seats", row.id, game_name, len(rows))
        return table, host, token

    def _seat_row(self, game: Game, seat: int, spec: Any) -> SeatRow:
        if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
            raise TableError(f"seat {seat}: kind must be 'human' or 'bot'")
        if spec["kind"] == "human":
            return SeatRow(seat, "human")
        bot = spec.get("bot") or "random"
        level = spec.get("level") or "normal"
        try:
            bot_registry.check_game(bot_registry.get(str(bot), game.name, level=str(level)), game)
        except bot_registry.UnknownBot as exc:
            raise TableError(f"seat {seat}: {exc}") from None
        return SeatRow(seat, "bot", bot=str(bot), level=str(level), name=f"{bot} ({level})")

    def join(self, table_id: str, name: Any, seat: Any = None) -> tuple[int, str]:
        table = self.table(table_id)
        if table.row.status == "over":
            raise TableError("the game is over", status=409)
        free = table.free_seats()
        if seat is None:
            if not free:
                raise TableError("no free seat at this table", status=409)
            seat = free[0]
        if type(seat) is not int or not 0 <= seat < len(table.row.seats):
            raise TableError(f"no seat {seat!r} at this table")
        if seat not in free:
            raise TableError(f"seat {seat} is taken", status=409)
        token = new_token()
        cleaned = clean_name(name)
        if not self.store.claim_seat(table.id, seat, cleaned, token_digest(token)):
            raise TableError(f"seat {seat} is taken", status=409)
        table.seat_row(seat).name = cleaned
        table.seat_row(seat).token_hash = token_digest(token)
        if table.row.host_seat is None:
            table.row.host_seat = seat
            self.store.set_host(table.id, seat)
        if not table.free_seats():
            table.row.status = "running"
            self.store.set_status(table.id, "running")
        log.info("table %s: seat %d joined", table.id, seat)
        self._wake(table)
        return seat, token

    def rematch(self, table_id: str, token: str | None) -> LiveTable:
        table = self.table(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise TableError("only a seated player can ask for a rematch", status=403)
        if table.row.status != "over":
            raise TableError("the game is not over", status=409)
        if table.row.rematch in self.tables:
            return self.tables[table.row.rematch]
        specs = [
            {"kind": "bot", "bot": s.bot, "level": s.level}
            if s.kind == "bot"
            else {"kind": "human"}
            for s in table.row.seats
        ]
        options = {k: v for k, v in table.game.options.items() if k != "players"}
        # Every human seat starts free: each player joins the rematch who wants to.
        new, _, _ = self.create(
            table.row.game,
            options,
            specs,
            None,
            table.row.clock,
            table.row.bot_delay,
            seat_creator=False,
            reflex_clock=table.row.reflex_clock,
        )
        self.store.set_rematch(table.id, new.id)
        table.row.rematch = new.id
        self._soon(self.broadcast(table))
        return new

    # Playing ---------------------------------------------------------------

    async def act(self, table: LiveTable, seat: int, text: Any) -> None:
        """Play ``text`` for ``seat``: engine first, store next, then everyone's view."""
        if not isinstance(text, str) or not text:
            raise IllegalAction("an action is its notation, a non-empty string")
        if table.row.status == "open":
            raise TableError("the table is waiting for players to join", status=409)
        if table.seat_row(seat).auto:
            # Playing is taking the seat back from the bot standing in.
            self._set_auto(table, seat, False)
        self._play(table, seat, text)
        await self.broadcast(table)

    def _play(self, table: LiveTable, seat: int, text: str) -> None:
        state = table.state
        state.act(seat, text)  # raises IllegalAction with the state unchanged
        idx = len(state.moves) - 1
        move_seat, notation = state.moves[idx]
        try:
            self.store.append_move(table.id, idx, move_seat, notation)
        except Exception:
            # Not stored, so not played: go back to what the store holds.
            log.exception("table %s: move %d could not be stored", table.id, idx)
            table.row.moves = list(state.moves[:idx])
            table.game, table.state = _replay(table.row)
            raise TableError("the move could not be saved; please try again", 503) from None
        table.row.moves.append((move_seat, notation))
        if state.is_over and table.row.status != "over":
            table.row.status = "over"
            self.store.set_status(table.id, "over")
        self._wake(table)

    def handover(self, table: LiveTable, by: int | None, seat: Any) -> None:
        """The host hands a human seat to a bot."""
        if by is None or by != table.row.host_seat:
            raise TableError("only the host can hand a seat over", status=403)
        if type(seat) is not int or not 0 <= seat < len(table.row.seats):
            raise TableError(f"no seat {seat!r} at this table")
        if table.seat_row(seat).kind != "human":
            raise TableError(f"seat {seat} is already a bot")
        self._set_auto(table, seat, True)

    def takeback(self, table: LiveTable, seat: int | None) -> None:
        """A player takes their seat back from the bot standing in."""
        if seat is None:
            raise TableError("a spectator has no seat to take back", status=403)
        self._set_auto(table, seat, False)

    def _set_auto(self, table: LiveTable, seat: int, auto: bool) -> None:
        row = table.seat_row(seat)
        if row.auto == auto:
            return
        self.store.set_auto(table.id, seat, auto)
        row.auto = auto
        for tasks in (table.thinking,):
            task = tasks.pop(seat, None)
            if task is not None:
                task.cancel()
        self._stop_clock(table, seat)
        log.info("table %s: seat %d %s", table.id, seat, "to a bot" if auto else "taken back")
        self._wake(table)
        self._soon(self.broadcast(table))

    # Bots and clocks ---------------------------------------------------------

    def _wake(self, table: LiveTable) -> None:
        """Start a bot for each pending bot seat and a clock for each pending human.

        A decision the rules time (the engine names its ``timeout_action``) gets
        the reflex clock; any other gets the turn clock, if the table has one. A
        clock belongs to one step: a seat deciding again in the next step gets a
        fresh one.
        """
        if not self._started or table.row.status != "running":
            for seat in list(table.clocks):
                self._stop_clock(table, seat)
            return
        state = table.state
        step = state.step
        waiting = {s for s in state.pending if s not in state.committed}
        for seat, clock in list(table.clocks.items()):
            if seat not in waiting or table.bot_plays(seat) or clock.step != step:
                self._stop_clock(table, seat)
        for seat in sorted(waiting):
            if table.bot_plays(seat):
                if seat not in table.thinking:
                    table.thinking[seat] = self._soon(self._bot_move(table, seat))
            elif seat not in table.clocks:
                timed = state.timeout_action(seat) is not None
                seconds = table.row.reflex_clock if timed else table.row.clock
                if seconds is None:
                    continue
                deadline = time.monotonic() + seconds
                task = self._soon(self._clock(table, seat, deadline))
                table.clocks[seat] = Clock(deadline, task, step, timed)

    def _stop_clock(self, table: LiveTable, seat: int) -> None:
        entry = table.clocks.pop(seat, None)
        if entry is not None and entry.task is not asyncio.current_task():
            entry.task.cancel()

    def _soon(self, work: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(work)
        task.add_done_callback(_report_failure)
        return task

    def _bot_for(self, table: LiveTable, seat: int) -> bot_registry.Bot:
        row = table.seat_row(seat)
        name, level = (row.bot, row.level) if row.kind == "bot" else STAND_IN
        if seat not in table.bots or row.kind != "bot":
            try:
                table.bots[seat] = bot_registry.get(name or "random", table.row.game, level=level)
            except bot_registry.UnknownBot:
                table.bots[seat] = bot_registry.RandomBot()
        return table.bots[seat]

    async def _bot_move(self, table: LiveTable, seat: int) -> None:
        try:
            if table.state.timeout_action(seat) is None:
                await asyncio.sleep(table.row.bot_delay)
            else:
                # A timed decision is answered at once, as a reflex.
                await asyncio.sleep(0)
            state = table.state
            step = state.step
            snapshot = state.clone()
            rng = random.Random(f"{table.id}:{len(state.moves)}:{seat}")
            bot = self._bot_for(table, seat)
            action = await asyncio.to_thread(bot.choose, snapshot, seat, rng)
            state = table.state  # may have been rebuilt while the bot thought
            still_due = (
                table.bot_plays(seat)
                and seat in state.pending
                and seat not in state.committed
                and state.step == step
            )
            if still_due:
                table.thinking.pop(seat, None)
                self._play(table, seat, action.notation)
                await self.broadcast(table)
        finally:
            if table.thinking.get(seat) is asyncio.current_task():
                del table.thinking[seat]
        self._wake(table)

    async def _clock(self, table: LiveTable, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        entry = table.clocks.get(seat)
        if entry is None or entry.task is not asyncio.current_task():
            return
        del table.clocks[seat]
        if not entry.timed:
            log.info("table %s: seat %d ran out of time", table.id, seat)
            self._set_auto(table, seat, True)
            return
        # A timed decision let pass: the seat plays what the rules say it plays
        # then, and keeps its seat.
        action = table.state.timeout_action(seat)
        if action is None or table.bot_plays(seat):
            self._wake(table)
            return
        log.info("table %s: seat %d let its timed decision pass: %s", table.id, seat, action)
        try:
            self._play(table, seat, action.notation)
        except (IllegalAction, TableError):
            log.exception("table %s: seat %d's timeout action was refused", table.id, seat)
            self._wake(table)
            return
        await self.broadcast(table)

    # Views -------------------------------------------------------------------

    async def broadcast(self, table: LiveTable) -> None:
        """Send each connection the view of its own seat, and nothing else."""
        if not table.connections:
            return
        summary = table.summary()
        bases: dict[int | None, dict[str, Any]] = {}
        known: dict[tuple[int | None, int], list[dict[str, Any]]] = {}
        sends = []
        connections = list(table.connections)
        # Every message is built before any is sent, so all show the same moment.
        for connection in connections:
            if connection.seat not in bases:
                bases[connection.seat] = table.seat_message(connection.seat, summary)
            message = table.message_for(connection, bases[connection.seat], known)
            sends.append(connection.deliver(message))
        results = await asyncio.gather(*sends, return_exceptions=True)
        for connection, outcome in zip(connections, results, strict=True):
            if isinstance(outcome, BaseException):
                table.connections.discard(connection)

    async def attach(self, table: LiveTable, connection: Connection) -> None:
        table.connections.add(connection)
        base = table.seat_message(connection.seat, table.summary())
        await connection.deliver(table.message_for(connection, base))
        # Others see this seat as connected now.
        self._soon(self.broadcast(table))

    def detach(self, table: LiveTable, connection: Connection) -> None:
        if connection in table.connections:
            table.connections.discard(connection)
            with contextlib.suppress(RuntimeError):
                self._soon(self.broadcast(table))


def _report_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())


def clean_name(name: Any) -> str:
    """A display name: printable, at most 32 characters, never empty."""
    text = name if isinstance(name, str) else ""
    text = "".join(ch for ch in text if ch.isprintable()).strip()[:32]
    return text or "Player"
