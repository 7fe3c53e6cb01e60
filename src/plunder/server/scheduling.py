"""When the bots move and the clocks run out: the bot seats' moves, each player's
auto-pass, the clocks of a live table and the deadlines of a turn-based one.

Each runs as a task of its own, started when a table is woken (after every move,
and when a table is loaded) and stopped when the decision is no longer owed. A
move one of them makes is played through the hub (``play``), which holds the
rules of changing a table; a move the store could not write is tried again
(``_retrying``) from the table as it then stands, so a table never waits for a
restart.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from plunder import bots as bot_registry
from plunder.bots.table import TableBot, waits_for_humans
from plunder.pace import drawn_part, time_cap
from plunder.server.bot_pool import Bots
from plunder.server.connection import encode
from plunder.server.settings import Settings
from plunder.server.store import RUNNING
from plunder.server.store_thread import NotOwner, StoreUnavailable, one_line
from plunder.server.table import Clock, Fenced, LiveTable, bot_rng
from plunder.server.turns import TURN_HOURS_MIN, Now

log = logging.getLogger("plunder.server")

# A seat a bot plays for an absent human is played by this bot, at this level.
STAND_IN = ("greedy", "normal")


def answer_time(bot: TableBot, base: float, drawn: float) -> float:
    """Seconds from a bot's decision falling due to its move being played: ``base``
    (the table's bot delay, or the server's bot reflex for a decision the rules
    time), or the bot's time cap if that is longer (an ``ismcts`` level's clock),
    and then ``drawn`` more (``plunder.pace.drawn_part`` of ``base``), however long
    this decision took (``plunder.pace`` says why).
    """
    return max(base, time_cap(bot.bot)) + drawn


class Scheduler:
    """The bots and clocks of every table the server holds (``tables``, the hub's own map)."""

    def __init__(
        self,
        settings: Settings,
        tables: dict[str, LiveTable],
        now: Now,
        bot_pool: Bots,
        fenced: Fenced,
        soon: Callable[[Awaitable[None]], asyncio.Task[None]],
        *,
        play: Callable[..., Awaitable[None]],
        set_auto: Callable[[LiveTable, dict[int, bool]], Awaitable[None]],
        publish: Callable[[LiveTable], None],
    ) -> None:
        self.settings = settings
        self.tables = tables
        # The wall clock of turn-based deadlines (``plunder.server.turns``).
        self.now = now
        self.bot_pool = bot_pool
        self.fenced = fenced
        self.soon = soon
        # The hub's own: a move is played, and a seat handed to a bot, by the rules
        # the hub keeps for every change of a table.
        self.play = play
        self.set_auto = set_auto
        self.publish = publish
        # No bot moves nor clock runs before the hub has loaded its tables.
        self.started = False

    def delay_of(self, table: LiveTable) -> float:
        """The table's bot delay, never below the server's (a table stored under a
        lower floor waits the server's)."""
        return max(table.row.bot_delay, self.settings.bot_delay)

    def wake(self, table: LiveTable) -> None:
        """Start a bot for each pending bot seat and a clock for each pending human.

        A decision the rules time (the engine names its ``timeout_action``) gets
        the reflex clock; any other gets the turn clock, if the table has one. A
        clock belongs to one step: a seat deciding again in the next step gets a
        fresh one.
        """
        if not self.started or table.row.status != RUNNING:
            for seat in list(table.clocks):
                self.stop_clock(table, seat)
            return
        state = table.state
        step = state.step
        waiting = {s for s in state.pending if s not in state.committed}
        for seat, clock in list(table.clocks.items()):
            if seat not in waiting or table.bot_plays(seat) or clock.step != step:
                self.stop_clock(table, seat)
        humans = [s for s in waiting if not table.bot_plays(s)]
        for seat in sorted(waiting):
            if table.bot_plays(seat):
                if waits_for_humans(state, seat, humans):
                    continue  # a team's decision, answered once: its humans lead
                if seat not in table.thinking:
                    table.thinking[seat] = self.soon(self._bot_move(table, seat))
                continue
            if seat not in table.thinking and table.auto_pass(seat) is not None:
                # The player's auto-pass (or autoplay, for a decision with one answer)
                # answers as a bot would; the seat's clock runs all the same, so that
                # the summary shows nothing of the setting nor of the hand.
                table.thinking[seat] = self.soon(self._bot_move(table, seat))
            if table.turn_based:
                continue  # its deadlines: ``_turn_deadlines``
            if seat not in table.clocks:
                timed = state.timeout_action(seat) is not None
                seconds = table.row.reflex_clock if timed else table.row.clock
                if seconds is None:
                    continue
                deadline = time.monotonic() + seconds
                task = self.soon(self._clock(table, seat, deadline))
                table.clocks[seat] = Clock(deadline, task, step, timed)
        if table.turn_based:
            self._turn_deadlines(table, humans)

    def _turn_deadlines(self, table: LiveTable, humans: list[int]) -> None:
        """Give each human seat that owes a decision at a turn-based table its deadline,
        if it has none for this step yet, and store it.

        A deadline is kept in memory at once and written to the store in the
        background (retried until it is): the table goes by memory while it is
        served, and a restart or another process by the store. Should the server
        stop before the write, the decision gets a whole new time on loading.
        """
        step = table.state.step
        hours = table.row.turn_hours or TURN_HOURS_MIN
        fresh: dict[int, tuple[float | None, int | None]] = {}
        for seat in humans:
            row = table.seat_row(seat)
            if row.deadline is None or row.deadline_step != step:
                row.deadline, row.deadline_step = self.now() + hours * 3600, step
                fresh[seat] = (row.deadline, step)
        if fresh:
            self.soon(self._retrying(
                table, "the turn deadlines",
                lambda: self.fenced(table, "set_deadlines", table.id, fresh),
            ))

    def stop_clock(self, table: LiveTable, seat: int) -> None:
        entry = table.clocks.pop(seat, None)
        if entry is not None and entry.task is not asyncio.current_task():
            entry.task.cancel()

    def stop_all(self, table: LiveTable) -> None:
        for seat in list(table.clocks):
            self.stop_clock(table, seat)
        for task in table.thinking.values():
            if task is not asyncio.current_task():
                task.cancel()
        table.thinking.clear()

    def _bot_for(self, table: LiveTable, seat: int) -> TableBot:
        """The bot playing ``seat``: its own, or the stand-in for an absent player.

        Either plays as bots play at a table (``plunder.bots.table``): one of its
        near-best actions, drawn from the table's secret.
        """
        row = table.seat_row(seat)
        name, level = (row.bot, row.level) if row.kind == "bot" else STAND_IN
        if table.rushed:
            level = "easy"
        if seat not in table.bots or row.kind != "bot":
            try:
                table.bots[seat] = TableBot(name or "random", table.row.game, level or "normal")
            except bot_registry.UnknownBot:
                table.bots[seat] = TableBot("random", table.row.game)
        return table.bots[seat]

    def _due(self, table: LiveTable, seat: int) -> bool:
        state = table.state
        return (
            table.row.status == RUNNING
            and table.bot_plays(seat)
            and seat in state.pending
            and seat not in state.committed
        )

    async def _retrying(
        self, table: LiveTable, what: str, work: Callable[[], Awaitable[None]]
    ) -> None:
        """Run ``work`` until it succeeds, waiting longer after each failure.

        A bot's move or a timeout's that the store could not write (or that failed
        in any other way) is tried again from the table as it then stands, so a
        table never waits for a restart.

        Each failure is logged in one line with its back-off. A store that fails
        logs its traceback itself, once for the outage; any other failure's
        traceback is logged at its first failure only.
        """
        failures = 0
        while True:
            try:
                await work()
                return
            except asyncio.CancelledError:
                raise
            except NotOwner:
                return  # the table was dropped: its new owner plays on
            except Exception as exc:
                failures += 1
                wait = min(self.settings.retry_max, self.settings.retry_first * 2 ** (failures - 1))
                unavailable = isinstance(exc, StoreUnavailable)
                cause = exc.cause if isinstance(exc, StoreUnavailable) else one_line(exc)
                log.warning(
                    "table %s: %s failed (%d times): %s; again in %.1f s",
                    table.id,
                    what,
                    failures,
                    cause,
                    wait,
                    exc_info=exc if failures == 1 and not unavailable else None,
                )
                await asyncio.sleep(wait)

    async def _bot_move(self, table: LiveTable, seat: int) -> None:
        """A bot's move for ``seat``, or, for a seat its player plays, the auto-pass."""
        if table.bot_plays(seat):
            what, turn = f"seat {seat}'s bot", self._bot_turn
        else:
            what, turn = f"seat {seat}'s auto-pass", self._pass_turn
        try:
            await self._retrying(table, what, lambda: turn(table, seat))
        finally:
            if table.thinking.get(seat) is asyncio.current_task():
                del table.thinking[seat]
        self.wake(table)

    async def _bot_turn(self, table: LiveTable, seat: int) -> None:
        """The bot's move, played ``answer_time`` after it fell due (see there)."""
        fell_due = time.monotonic()
        async with table.lock:
            if not self._due(table, seat):
                return
            state = table.state
            step = state.step
            snapshot = state.clone()
            start = len(state.moves)
            rng = bot_rng(table.row.bot_secret or "", start, seat)
            timed = state.timeout_action(seat) is not None
        bot = self._bot_for(table, seat)
        # In a worker process once one is free: the search never holds the event loop.
        decision = await self.bot_pool.decide(bot, snapshot, seat, rng)
        if not table.rushed:
            base = self.settings.bot_reflex if timed else self.delay_of(table)
            wait = fell_due + answer_time(bot, base, drawn_part(base)) - time.monotonic()
            await asyncio.sleep(max(0.0, wait))
        async with table.lock:
            # The table may have moved on, or been rebuilt, while the bot thought.
            if not self._due(table, seat) or table.state.step != step:
                return
            await self.play(table, seat, decision.notation, bot=decision.spec, bot_from=start)
            self.publish(table)

    async def _pass_turn(self, table: LiveTable, seat: int) -> None:
        """The pass of the window ``seat`` owes, played by its player's auto-pass; or
        the one legal answer of the decision it owes, played by its autoplay.

        It comes after the table's bot delay and a part drawn by chance
        (``plunder.pace``) from the decision's opening (or from the setting, for a
        decision already open), as a bot's move would: never before the decision is
        offered, and no one else can tell it from a quick player or a bot. Whether a
        seat has one answer may hang on its hand, so an answer played at once would
        tell the others of it; played at this time, it tells nothing the others can
        tell from a quick player's. Only the window's pass, or the one legal answer,
        is ever played; the player alone is told (a ``notice``) of the latter, after
        the move's state message.
        """
        step = table.state.step
        pause = self.delay_of(table)
        await asyncio.sleep(pause + drawn_part(pause))
        async with table.lock:
            action = table.auto_pass(seat)
            if action is None or table.state.step != step:
                return
            forced = table.seat_row(seat).autopass.passing(table.state, seat) is None
            words = table.decision_words()
            await self.play(table, seat, action.notation)
            self.publish(table)
            if forced:
                told = encode({"type": "notice", "played": action.notation, "message": (
                    f"Played for you: {action.notation}, your only choice ({words}; autoplay)."
                )})
                for connection in [c for c in table.connections if c.seat == seat]:
                    if not connection.push(told):
                        table.connections.discard(connection)

    async def _clock(self, table: LiveTable, seat: int, deadline: float) -> None:
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        entry = table.clocks.get(seat)
        if entry is None or entry.task is not asyncio.current_task():
            return
        await self._retrying(table, f"seat {seat}'s clock", lambda: self._clock_out(table, seat))

    async def _clock_out(self, table: LiveTable, seat: int) -> None:
        async with table.lock:
            entry = table.clocks.get(seat)
            if entry is None or entry.task is not asyncio.current_task():
                return
            if table.row.status != RUNNING or table.state.step != entry.step:
                self.stop_clock(table, seat)
                return
            if not entry.timed:
                log.info("table %s: seat %d ran out of time", table.id, seat)
                await self.set_auto(table, {seat: True})
                self.publish(table)
                return
            # A timed decision let pass: the seat plays what the rules say it plays
            # then, and keeps its seat.
            action = table.state.timeout_action(seat)
            if action is None or table.bot_plays(seat):
                self.stop_clock(table, seat)
                self.wake(table)
                return
            log.info("table %s: seat %d let its timed decision pass: %s", table.id, seat, action)
            # The clock is done with whatever the store says: should the move not
            # be stored, the seat gets a fresh clock for the same decision.
            del table.clocks[seat]
            await self.play(table, seat, action.notation)
            self.publish(table)

    async def run_deadlines(self) -> int:
        """Play, at every turn-based table, each decision whose deadline has passed by
        the hub's wall clock; how many were played."""
        played = 0
        for table in list(self.tables.values()):
            if not table.turn_based or table.row.status != RUNNING:
                continue
            now = self.now()
            for seat in sorted(table.state.pending):
                deadline = table.turn_deadline(seat)
                if deadline is None or deadline > now:
                    continue
                try:
                    played += await self._time_out(table, seat)
                except NotOwner:
                    break  # dropped: its new owner plays it
        return played

    async def _time_out(self, table: LiveTable, seat: int) -> bool:
        """Play the decision ``seat`` let run out of time at a turn-based table: the
        rules' timeout action for a decision they time, else the stand-in bot's
        choice, drawn from the table's secret. The seat stays its player's."""
        async with table.lock:
            deadline = table.turn_deadline(seat)
            if deadline is None or deadline > self.now() or self.tables.get(table.id) is not table:
                return False
            state = table.state
            step = state.step
            start = len(state.moves)
            timed = state.timeout_action(seat)
            snapshot = state.clone()
        if timed is not None:
            notation, spec = timed.notation, None
        else:
            bot = TableBot(STAND_IN[0], table.row.game, STAND_IN[1])
            rng = bot_rng(table.row.bot_secret or "", start, seat)
            decision = await self.bot_pool.decide(bot, snapshot, seat, rng)
            notation, spec = decision.notation, decision.spec
        async with table.lock:
            if table.state.step != step or table.turn_deadline(seat) != deadline:
                return False
            log.info("table %s: seat %d ran out of time; played %s", table.id, seat, notation)
            await self.play(
                table, seat, notation, bot=spec, bot_from=None if spec is None else start
            )
            self.publish(table)
        return True
