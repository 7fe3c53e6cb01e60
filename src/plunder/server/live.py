"""Live tables: engine states in memory, written through to the store.

A ``Hub`` holds every table the server keeps in memory: the open and running ones,
and finished ones for a while (``finished_ttl``); an older finished table is read
back from the store when it is asked for (``plunder.server.keeper``, which also
claims and renews the tables this process serves among several). The hub keeps
the rules for changing a table; its chat, notices, views, bots and clocks are
services it holds (``chat_service``, ``notice_service``, ``publishing``,
``scheduling``). Each ``LiveTable`` holds the engine
state rebuilt from the store, the connections watching it and the bots and clocks
waiting on it (started and stopped by ``plunder.server.scheduling``).

Everything that changes a table holds the table's lock, from the engine
accepting a move through the store writing it (in the store's thread, while
other tables go on) to the messages being built; so no two moves of a table
interleave and no one is told of a move before it is stored. A bot thinks in a
worker process (``plunder.server.bot_pool``) on a copy of the state, with a
generator seeded from the table's secret, and its move is checked against the
table again before it is played.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gc
import logging
import secrets
import time
from collections.abc import Awaitable
from typing import Any

import plunder
from plunder import bots as bot_registry
from plunder.engine.errors import IllegalAction, PlunderError
from plunder.engine.game import Game
from plunder.engine.lesson import Lesson
from plunder.engine.windows import AutoPass
from plunder.server.bot_pool import make_bots
from plunder.server.chat_service import ChatService
from plunder.server.connection import encode
from plunder.server.keeper import TableKeeper, report_failure
from plunder.server.notice_service import NoticeService
from plunder.server.owners import Ownership
from plunder.server.periodic import every
from plunder.server.publishing import Publisher
from plunder.server.replay import Replays
from plunder.server.scheduling import Scheduler
from plunder.server.settings import Settings
from plunder.server.store import (
    CLOSED,
    DEFAULT_REFLEX_CLOCK,
    OPEN,
    OVER,
    RUNNING,
    TURNS,
    Lease,
    MoveWrite,
    SeatRow,
    Store,
    TableRow,
    token_digest,
)
from plunder.server.store_thread import NotOwner, StoreThread, StoreUnavailable
from plunder.server.table import (
    LiveTable,
    TableError,
    autopass_text,
    clean_name,
    forget_move,
    is_number,
    new_bot_secret,
    new_table_id,
    new_token,
    rebuild,
)
from plunder.server.turns import WALL, Now, read_speed

# What the table calls its bot seats: a name per seat, never two alike at one table.
BOT_NAMES = ("Flint", "Silver", "Pew", "Hands", "Gunn", "Merry", "Dirk", "Arrow")

log = logging.getLogger("plunder.server")

# The reflex clock: seconds a human seat has for a decision the rules time (one
# for which ``State.timeout_action`` names an action), from REFLEX_MIN to REFLEX_MAX.
REFLEX_MIN, REFLEX_MAX = 2, 60


class Hub:
    """Every table of the server, and the rules for changing them.

    What a table's chat, notices, views, bots and clocks need of the hub is only a
    few of its parts, so each is a service of its own, given those parts and held
    here: ``keeper`` (which tables this process serves: loaded, found, claimed,
    dropped), ``chat``, ``notices``, ``publisher`` and ``scheduler``; the routes
    and the background tasks call them directly.
    """

    def __init__(
        self,
        store: Store,
        settings: Settings | None = None,
        bot_delay: float | None = None,
        ownership: Ownership | None = None,
        now: Now | None = None,
    ) -> None:
        self.settings = settings or Settings()
        # The wall clock of turn-based deadlines (``plunder.server.turns``); a test's
        # own lets it play a week of them at once.
        self.now: Now = now or WALL
        # Set when processes share the store: tables are then served under leases.
        self.ownership = ownership
        if bot_delay is not None:
            self.settings = dataclasses.replace(self.settings, bot_delay=bot_delay)
        self.store = StoreThread(store)
        self.replays = Replays(self.settings)
        self.bot_pool = make_bots(self.settings.bot_workers)
        self.tables: dict[str, LiveTable] = {}
        self.keeper = TableKeeper(
            self.store, self.tables, ownership, self.now,
            wake=lambda table: self.scheduler.wake(table),
            stop_all=lambda table: self.scheduler.stop_all(table),
            soon=self._soon,
        )
        fenced = self.keeper.fenced
        self.chat = ChatService(self.settings, self.store, fenced)
        self.notices = NoticeService(
            self.settings, self.store, fenced, self.tables, self.now
        )
        self.publisher = Publisher(self.settings, self.chat, self.now, self._soon)
        self.scheduler = Scheduler(
            self.settings, self.tables, self.now, self.bot_pool, fenced, self._soon,
            play=self._play, set_auto=self._set_auto, publish=self.publisher.publish,
        )
        # Tables being created per creator, not yet in ``tables``.
        self._creating: dict[str, int] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._collector: asyncio.Task[None] | None = None
        self._deadlines: asyncio.Task[None] | None = None
        self._notices: asyncio.Task[None] | None = None

    @property
    def bot_delay(self) -> float:
        return self.settings.bot_delay

    # Start and stop --------------------------------------------------------

    async def start(self) -> None:
        """Load every unfinished table (``TableKeeper.load``); wake its bots and clocks."""
        self.store.start()
        self.bot_pool.warm()  # the workers start while the tables load
        await self.keeper.load()
        self.scheduler.started = True
        for table in self.tables.values():
            self.scheduler.wake(table)
        self._sweeper = self._soon(
            every(self._sweep_every(), self.sweep, "the sweep of abandoned and finished tables")
        )
        # Turn deadlines that ran out while the server was down are played at once.
        self._deadlines = self._soon(
            every(
                self.settings.deadline_check, self.scheduler.run_deadlines, "the turn deadlines",
                first_now=True,
            )
        )
        self._notices = self._soon(
            every(self.settings.notice_check, self.notices.run, "the notices")
        )
        self.keeper.start_heartbeat()
        if self.settings.gc_every:
            self._collector = self._soon(collect_garbage_every(self.settings.gc_every))
        log.info("%d tables loaded", len(self.tables))

    async def stop(self) -> None:
        for task in (self._sweeper, self._collector, self._deadlines, self._notices):
            if task is not None:
                task.cancel()
        await self.keeper.stop()
        self.replays.close()
        self.bot_pool.close()
        await self.store.stop()

    def listing(self) -> list[dict[str, Any]]:
        """Open and running tables, newest first (at most ``lobby_size``); a table its
        players have left (abandoned: the bots play it out) is no longer offered."""
        shown = [
            t for t in self.tables.values() if t.row.status in (OPEN, RUNNING) and not t.abandoned
        ]
        shown.sort(key=lambda t: t.row.created, reverse=True)
        return [t.summary() for t in shown[: self.settings.lobby_size]]

    def open_tables(self) -> int:
        """Open or running tables of every client, those being made included."""
        made = sum(1 for t in self.tables.values() if t.row.status in (OPEN, RUNNING))
        return made + sum(self._creating.values())

    def open_tables_of(self, creator: str) -> int:
        """Open or running tables made by ``creator`` (a digest), those being made included."""
        made = sum(
            1
            for t in self.tables.values()
            if t.row.creator == creator and t.row.status in (OPEN, RUNNING)
        )
        return made + self._creating.get(creator, 0)

    # Creating and joining --------------------------------------------------

    async def create(
        self,
        game_name: str,
        options: dict[str, Any],
        seat_specs: list[dict[str, Any]],
        name: str | None,
        clock: Any,
        bot_delay: Any,
        seat_creator: bool = True,
        reflex_clock: Any = None,
        creator: str | None = None,
        lesson: Lesson | None = None,
        speed: Any = None,
        turn_hours: Any = None,
        timeout: Any = None,
    ) -> tuple[LiveTable, int | None, str | None]:
        """A new table; the creator takes its first human seat unless ``seat_creator`` is off.

        A guided first game (``lesson``) is dealt from the lesson's seed: the deal is
        the lesson's, known to anyone who reads it, and its learner is told hints.

        ``reflex_clock`` is the seconds a human seat has for a decision the rules
        time (default 5); ``clock`` the turn clock for every other decision.
        ``creator`` is the digest of the creating client's address: a client may
        have at most ``tables_per_client`` open or running tables.

        A table made without its creator seated (a rematch) gets as host the first
        player to join.

        ``speed`` is ``live`` (the default) or ``turns``: a turn-based table gives
        each decision ``turn_hours`` and has no turn clock (``plunder.server.turns``).
        """
        if not isinstance(seat_specs, list) or not seat_specs:
            raise TableError("seats: give one entry per seat")
        if len(seat_specs) > 64:
            raise TableError("seats: too many")
        options = {**options, "players": len(seat_specs)}
        try:
            game = plunder.load(game_name, **options)
        except (PlunderError, ValueError, TypeError) as exc:
            raise TableError(str(exc)) from None
        rows = [self._seat_row(game, seat, spec) for seat, spec in enumerate(seat_specs)]
        if clock is not None and not (is_number(clock) and 5 <= clock <= 3600):
            raise TableError("clock: seconds per decision, from 5 to 3600, or null")
        speed, turn_hours = read_speed(speed, turn_hours, timeout)
        if speed == TURNS and clock is not None:
            raise TableError("clock: a turn-based table has turn_hours, not a turn clock")
        if reflex_clock is None:
            reflex_clock = DEFAULT_REFLEX_CLOCK
        if not is_number(reflex_clock) or not REFLEX_MIN <= reflex_clock <= REFLEX_MAX:
            raise TableError(
                f"reflex_clock: seconds for a timed decision, from {REFLEX_MIN} to {REFLEX_MAX}"
            )
        if bot_delay is None:
            bot_delay = self.bot_delay
        # Never below the server's: the pause is what hides how long a bot thought.
        least = self.bot_delay
        if not (is_number(bot_delay) and least <= bot_delay <= 10):
            raise TableError(
                f"bot_delay: seconds from {least:g} to 10 (a number, not true or false)"
            )
        cap = self.settings.tables_per_client
        if creator is not None and cap and self.open_tables_of(creator) >= cap:
            raise TableError(
                f"you have {cap} open or running tables; finish or close one first", status=429
            )
        everyone = self.settings.max_tables
        if everyone and self.open_tables() >= everyone:
            log.warning("a new table refused: %d tables are open or running", everyone)
            raise TableError(
                "the server has as many tables under way as it takes; try again later",
                status=503,
                retry_after=60,
            )
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
            seed=secrets.randbits(62) if lesson is None else lesson.seed,
            host_seat=host,
            clock=float(clock) if clock is not None else None,
            reflex_clock=float(reflex_clock),
            bot_delay=float(bot_delay),
            created=time.time(),
            status=OPEN,
            bot_secret=new_bot_secret(),
            creator=creator,
            lesson=lesson is not None,
            speed=speed,
            turn_hours=turn_hours,
            seats=rows,
        )
        row.status = row.derived_status(game_over=False)
        key = creator or ""
        self._creating[key] = self._creating.get(key, 0) + 1
        own = self.ownership
        try:
            if own is None:
                await self.store.call("create_table", row)
            else:
                await self.store.call("create_table", row, own.owner, own.address, own.ttl)
        finally:
            self._creating[key] -= 1
            if not self._creating[key]:
                del self._creating[key]
        lease = Lease(row.id, 1) if own is not None else None
        state = game.new(seed=row.seed)
        state.track_undo()
        table = LiveTable(row, game, state, lease=lease, wall=self.now)
        self.tables[row.id] = table
        self.scheduler.wake(table)
        log.info("table %s created: %s, %d seats", row.id, game_name, len(rows))
        return table, host, token

    def _seat_row(self, game: Game, seat: int, spec: Any) -> SeatRow:
        if not isinstance(spec, dict) or spec.get("kind") not in ("human", "bot"):
            raise TableError(f"seat {seat}: kind must be 'human' or 'bot'")
        if spec["kind"] == "human":
            return SeatRow(seat, "human")
        bot = spec.get("bot") or "random"
        level = spec.get("level") or "normal"
        if not isinstance(bot, str) or not isinstance(level, str):
            raise TableError(f"seat {seat}: a bot and its level are names")
        try:
            bot_registry.check_game(bot_registry.get(bot, game.name, level=level), game)
        except bot_registry.UnknownBot as exc:
            raise TableError(f"seat {seat}: {exc}") from None
        # A bot sits under a crew name, in players' words; its kind and level are the
        # seat's badge, not its name.
        return SeatRow(seat, "bot", bot=bot, level=level, name=BOT_NAMES[seat % len(BOT_NAMES)])

    async def join(self, table_id: str, name: Any, seat: Any = None) -> tuple[int, str]:
        table = await self.keeper.find(table_id)
        async with table.lock:
            if table.finished:
                raise TableError(f"the table is {table.row.status}", status=409)
            free = table.free_seats()
            if seat is None:
                if not free:
                    raise TableError("no free seat at this table", status=409)
                seat = free[0]
            if type(seat) is not int or not 0 <= seat < len(table.row.seats):
                raise TableError(f"no seat {str(seat)[:20]!r} at this table")
            if seat not in free:
                raise TableError(f"seat {seat} is taken", status=409)
            token = new_token()
            cleaned = clean_name(name)
            host = seat if table.row.host_seat is None else None
            starts = table.row.status == OPEN and free == [seat]
            claimed = await self.keeper.fenced(
                table,
                "claim_seat",
                table.id,
                seat,
                cleaned,
                token_digest(token),
                host,
                RUNNING if starts else None,
            )
            if not claimed:
                raise TableError(f"seat {seat} is taken", status=409)
            table.seat_row(seat).name = cleaned
            table.seat_row(seat).token_hash = token_digest(token)
            if host is not None:
                table.row.host_seat = host
            if starts:
                table.row.status = RUNNING
            log.info("table %s: seat %d joined", table.id, seat)
            self.scheduler.wake(table)
            self.publisher.publish(table)
        return seat, token

    async def rematch(self, table_id: str, token: str | None, creator: str | None) -> LiveTable:
        table = await self.keeper.find(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise TableError("only a seated player can ask for a rematch", status=403)
        if table.row.status != OVER:
            raise TableError("the game is not over", status=409)
        async with table.lock:
            if table.row.rematch is not None:
                return await self.keeper.find(table.row.rematch)
            specs = [
                {"kind": "bot", "bot": s.bot, "level": s.level}
                if s.kind == "bot"
                else {"kind": "human"}
                for s in table.row.seats
            ]
            options = {k: v for k, v in table.game.options.items() if k != "players"}
            # Every human seat starts free: each player joins the rematch who wants to.
            new, _, _ = await self.create(
                table.row.game,
                options,
                specs,
                None,
                table.row.clock,
                self.scheduler.delay_of(table),
                seat_creator=False,
                reflex_clock=table.row.reflex_clock,
                creator=creator,
                speed=table.row.speed,
                turn_hours=table.row.turn_hours,
            )
            await self.keeper.fenced(table, "set_rematch", table.id, new.id)
            table.row.rematch = new.id
            self.publisher.publish(table)
        return new

    # Playing ---------------------------------------------------------------

    async def act(self, table: LiveTable, seat: int, text: Any, step: Any) -> None:
        """Play ``text`` for ``seat`` in ``step``: engine first, store next, then everyone's view.

        ``step`` is the step the move answers (``state.step`` in the message the
        player acted on): a move meant for a step that is over (sent twice, or
        late) is refused, never applied to the decision open now.

        A seat a bot plays for its absent player is taken back by the move, once
        the move is accepted: a refused move leaves the bot in the seat.
        """
        if not isinstance(text, str) or not text or len(text) > 256:
            raise IllegalAction("an action is its notation, a non-empty string")
        if type(step) is not int:
            raise TableError("a move names the step it answers: step, as the state message gave it")
        table.seen_at[seat] = self.now()  # a player moving is at the table
        async with table.lock:
            if table.row.status == OPEN:
                raise TableError("the table is waiting for players to join", status=409)
            if table.finished:
                raise TableError(f"the table is {table.row.status}", status=409)
            if step != table.state.step:
                raise TableError(
                    f"that move answers step {step}, which is over: the table is at step "
                    f"{table.state.step}",
                    status=409,
                )
            await self._play(table, seat, text)
            if table.seat_row(seat).auto:
                # Playing is taking the seat back from the bot standing in.
                try:
                    await self._set_auto(table, {seat: False})
                except StoreUnavailable as exc:
                    # The move stands (it is stored); the seat stays the bot's.
                    log.warning(
                        "table %s: seat %d could not be taken back: %s", table.id, seat, exc.cause
                    )
            self.publisher.publish(table)

    async def _play(
        self,
        table: LiveTable,
        seat: int,
        text: str,
        bot: str | None = None,
        bot_from: int | None = None,
    ) -> None:
        """Apply and store one move; the caller holds the table's lock.

        ``bot`` is the spec of the bot that chose it and ``bot_from`` the moves
        the table held when it started (stored with it, so the decision can be
        replayed); None for a player's move or a timeout's.
        If the store cannot write it the state goes back to what the store holds
        and ``StoreUnavailable`` (503) says so.
        """
        state = table.state
        state.act(seat, text)  # raises IllegalAction with the state unchanged
        idx = len(state.moves) - 1
        move_seat, notation = state.moves[idx]
        over = state.is_over
        status = OVER if over else None
        epoch = table.lease.epoch if table.lease is not None else None
        write = MoveWrite(table.id, idx, move_seat, notation, status, bot, bot_from, epoch)
        try:
            await self.store.append_move(write)
        except NotOwner:
            # A late write: another process serves the table now.
            self.keeper.drop(table)
            raise
        except StoreUnavailable:
            # Not stored, so not played: go back to what the store holds. The
            # caller logs the failure (one line), as it answers or tries again.
            table.game, table.state = rebuild(table.row)
            self.scheduler.wake(table)
            raise
        table.row.moves.append((move_seat, notation))
        if bot is not None:
            table.row.bot_moves[idx] = bot
        if bot_from is not None:
            table.row.bot_from[idx] = bot_from
        if over:
            table.row.status = OVER
            table.finished_at = time.monotonic()
        self.scheduler.wake(table)

    async def handover(self, table: LiveTable, by: int | None, seat: int) -> str | None:
        """The host asks that a bot play a player's seat; what the host is told, if
        the seat's player was asked rather than the seat handed over.

        Only with the player's consent: a seat whose player is here is asked
        (``handover_asked``, to that seat's connections), and only the player's own
        ``leave`` hands it over. A seat whose player has had no connection for
        ``handover_grace`` seconds is gone, and is handed over at once; so is the
        host's own seat. (A seat whose clock ran out is a bot's already.)
        """
        if by is None or by != table.row.host_seat:
            raise TableError("only the host can hand a seat over", status=403)
        if not 0 <= seat < len(table.row.seats):
            raise TableError(f"no seat {seat} at this table")
        async with table.lock:
            if table.finished:
                raise TableError(f"the table is {table.row.status}", status=409)
            row = table.seat_row(seat)
            if row.kind != "human":
                raise TableError(f"seat {seat} is already a bot")
            if row.token_hash is None:
                raise TableError(f"seat {seat} has no player yet: it cannot be handed over", 409)
            if row.auto:
                raise TableError(f"a bot already plays seat {seat}", 409)
            grace = self.settings.handover_grace
            away = table.away_for(seat)
            here = seat in table.connected_seats()
            if seat == by or (not here and away >= grace):
                await self._set_auto(table, {seat: True})
                self.publisher.publish(table)
                return None
            if not here:
                raise TableError(
                    f"{row.name} left {away:.0f} s ago: their seat can be handed to a bot once "
                    f"they have been away {grace:g} s",
                    409,
                )
            now = time.monotonic()
            last = table.asked.get(seat)
            if last is not None and now - last < self.settings.handover_grace:
                raise TableError(f"{row.name} was asked already; it is theirs to answer", 409)
            table.asked[seat] = now
            host = table.seat_row(by).name
            told = encode({"type": "handover_asked", "by": host})
            for connection in [c for c in table.connections if c.seat == seat]:
                if not connection.push(told):
                    table.connections.discard(connection)
            log.info("table %s: seat %d was asked to let a bot play it", table.id, seat)
        return f"{row.name} is at the table: they were asked to let a bot play their seat"

    async def takeback(self, table: LiveTable, seat: int | None) -> None:
        """A player takes their seat back from the bot standing in."""
        if seat is None:
            raise TableError("a spectator has no seat to take back", status=403)
        async with table.lock:
            if table.finished:
                raise TableError(f"the table is {table.row.status}", status=409)
            await self._set_auto(table, {seat: False})
            table.abandoned = False
            self.publisher.publish(table)

    async def undo(self, table: LiveTable, seat: int | None, move: Any) -> None:
        """A player takes back their last move where it cannot leak (``may_undo``:
        their concealed choice before the step resolves, or a quiet move while no one
        has moved since): engine first, store next (the move's row forgotten in one
        transaction), then everyone's view.

        ``move`` is how many moves the table held in the state the player answered
        (its ``move``): an undo sent twice, or crossing another seat's move, is
        refused, so one click never takes back two moves.

        A seat a bot plays takes nothing back: the bot's moves are its own.
        """
        if seat is None:
            raise TableError("a spectator has no move to take back", status=403)
        table.seen_at[seat] = self.now()
        async with table.lock:
            if table.row.status != RUNNING:
                raise TableError(f"the table is {table.row.status}", status=409)
            if table.bot_plays(seat):
                raise TableError("a bot plays this seat: its moves are not yours to take back", 409)
            state = table.state
            count = len(state.moves)
            if move != count:
                raise TableError(
                    f"that undo answers move {move}: the table is at move {count}", status=409
                )
            idx = state.undo(seat)  # raises IllegalAction with the state unchanged
            try:
                await self.keeper.fenced(table, "take_back_move", table.id, idx, count)
            except StoreUnavailable:
                # Not stored, so not taken back: go back to what the store holds.
                table.game, table.state = rebuild(table.row)
                self.scheduler.wake(table)
                raise
            forget_move(table.row, idx)
            self.scheduler.wake(table)
            self.publisher.publish(table)
            name = table.seat_row(seat).name
            told = encode({"type": "notice", "message": f"{name} took back a move."})
            for connection in [c for c in table.connections if c.seat != seat]:
                if not connection.push(told):
                    table.connections.discard(connection)

    async def leave(self, table: LiveTable, seat: int | None) -> None:
        """A player leaves the game: the stand-in bot plays their seat from now on.

        The seat stays theirs: ``takeback`` (or a move) gives it back to them
        while the game goes on.
        """
        if seat is None:
            raise TableError("a spectator has no seat to leave", status=403)
        async with table.lock:
            if table.finished:
                raise TableError(f"the table is {table.row.status}", status=409)
            if table.seat_row(seat).auto:
                raise TableError("a bot already plays your seat; take it back to play on", 409)
            await self._set_auto(table, {seat: True})
            log.info("table %s: seat %d left the game", table.id, seat)
            self.publisher.publish(table)

    async def finish_now(self, table: LiveTable, by: int | None) -> None:
        """A player whose game is over for them asks the bots to play the rest at once."""
        if by is None or table.seat_row(by).kind != "human":
            raise TableError("only a player at the table can ask for that", status=403)
        async with table.lock:
            if table.finished or table.state.is_over:
                # The bots got there while the ask was on its way: what was asked is done.
                return
            if not table.humans_out():
                raise TableError("a player is still in the game: it goes on at its pace", 409)
            if not table.rushed:
                table.rushed = True
                # The bots rebuilt at their quickest level: the end is for watching.
                table.bots.clear()
                # A bot waiting out the pause between moves starts again without it.
                for seat in [s for s in table.thinking if table.bot_plays(s)]:
                    table.thinking.pop(seat).cancel()
                log.info("table %s: the bots finish the game now", table.id)
            self.scheduler.wake(table)
            self.publisher.publish(table)

    async def close(self, table: LiveTable, by: int | None, reason: str = "host") -> None:
        """Close a table before its end: the host may, and so may the abandonment rule."""
        if reason == "host" and (by is None or by != table.row.host_seat):
            raise TableError("only the host can close the table", status=403)
        async with table.lock:
            if table.finished:
                raise TableError(f"the table is {table.row.status}", status=409)
            await self.keeper.fenced(table, "set_status", table.id, CLOSED, reason)
            table.row.status = CLOSED
            table.row.closed_by = reason
            table.finished_at = time.monotonic()
            self.scheduler.stop_all(table)
            log.info("table %s closed (%s)", table.id, reason)
            self.publisher.publish(table)

    async def set_autopass(
        self, table: LiveTable, seat: int | None, setting: AutoPass, forced: bool | None = None
    ) -> None:
        """A player's private auto-pass for their seat: stored, then told to that seat's
        connections alone. A covered window the seat owes now is passed too, in time.
        ``forced`` turns the seat's autoplay on or off; None leaves it as it was."""
        if seat is None:
            raise TableError("a spectator has no seat to pass for", status=403)
        async with table.lock:
            if table.finished:
                raise TableError(f"the table is {table.row.status}", status=409)
            row = table.seat_row(seat)
            kept = row.autopass.forced if forced is None else forced
            setting = dataclasses.replace(setting, forced=kept)
            if setting != row.autopass:
                await self.keeper.fenced(table, "set_autopass", table.id, seat, setting)
                row.autopass = setting
            told = autopass_text(setting)
            for connection in [c for c in table.connections if c.seat == seat]:
                if not connection.push(told):
                    table.connections.discard(connection)
            self.scheduler.wake(table)

    async def _set_auto(self, table: LiveTable, autos: dict[int, bool]) -> None:
        """Hand seats to bots or back; the caller holds the lock and publishes."""
        changed = {s: auto for s, auto in autos.items() if table.seat_row(s).auto != auto}
        if not changed:
            return
        await self.keeper.fenced(table, "set_autos", table.id, changed)
        for seat, auto in changed.items():
            table.seat_row(seat).auto = auto
            task = table.thinking.pop(seat, None)
            if task is not None and task is not asyncio.current_task():
                task.cancel()
            self.scheduler.stop_clock(table, seat)
            log.info("table %s: seat %d %s", table.id, seat, "to a bot" if auto else "taken back")
        self.scheduler.wake(table)

    # Background tasks ------------------------------------------------------------

    def _soon(self, work: Awaitable[None]) -> asyncio.Task[None]:
        """``work`` as a task of its own, whose failure is logged rather than lost."""
        task = asyncio.ensure_future(work)
        task.add_done_callback(report_failure)
        return task

    # Abandoned and finished tables ---------------------------------------------

    def _sweep_every(self) -> float:
        """Seconds between sweeps: a quarter of the shortest span they watch, 30 at most."""
        spans = [s for s in (self.settings.abandon_after, self.settings.finished_ttl) if s > 0]
        return max(0.05, min([30.0, *(span / 4 for span in spans)]))

    async def sweep(self) -> None:
        """Finish or close abandoned tables; forget finished ones no one watches."""
        now = time.monotonic()
        for table in list(self.tables.values()):
            if table.finished:
                idle = now - (table.finished_at or now)
                if not table.connections and idle >= self.settings.finished_ttl:
                    self.scheduler.stop_all(table)
                    self.tables.pop(table.id, None)
                    if self.ownership is not None and table.lease is not None:
                        await self.store.call(
                            "release_leases", self.ownership.owner, [table.lease]
                        )
                continue
            if (
                self.settings.abandon_after
                and not table.turn_based  # played over days: no one need be there
                and not table.abandoned
                and table.human_seats()
                and not table.human_connected()
                and now - table.last_human >= self.settings.abandon_after
            ):
                await self._abandon(table)

    async def _abandon(self, table: LiveTable) -> None:
        if table.row.status == OPEN:
            log.info("table %s: no one came back; closed", table.id)
            with contextlib.suppress(TableError):
                await self.close(table, None, reason="abandoned")
            return
        async with table.lock:
            if table.row.status != RUNNING:
                return
            log.info("table %s: no one came back; bots finish the game", table.id)
            await self._set_auto(table, {seat: True for seat in table.human_seats()})
            table.abandoned = True
            self.publisher.publish(table)


async def collect_garbage_every(seconds: float) -> None:
    """Collect the oldest generation every ``seconds``, not whenever Python would.

    What exists once the server has started (the code, the tables loaded) is
    frozen out of every collection. While this runs, Python's automatic
    collections stop at the middle generation; they resume when it stops.
    """
    gc.collect()
    gc.freeze()
    young, middle, oldest = gc.get_threshold()
    # Python collects the oldest generation after this many collections of the
    # middle one: never, as far as a server's life goes.
    gc.set_threshold(young, middle, 1_000_000_000)
    try:
        while True:
            await asyncio.sleep(seconds)
            started = time.perf_counter()
            found = gc.collect()
            log.info(
                "full garbage collection: %d objects freed in %.0f ms",
                found,
                1000 * (time.perf_counter() - started),
            )
    finally:
        gc.set_threshold(young, middle, oldest)
        gc.unfreeze()
