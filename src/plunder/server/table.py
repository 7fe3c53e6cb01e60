"""One live table: its stored row, its engine state, who watches it, what it tells them.

``LiveTable.summary`` is what anyone may know of a table and
``LiveTable.state_text`` the message a seat (or a spectator) is sent; both are
made of what the store holds. ``Hub`` (``live.py``) changes tables.
"""

from __future__ import annotations

import asyncio
import functools
import json
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import plunder
from plunder import bots as bot_registry
from plunder.bots.table import TableBot
from plunder.engine.action import Action
from plunder.engine.errors import PlunderError
from plunder.engine.game import Game
from plunder.engine.lesson import Lesson
from plunder.engine.registry import manifest
from plunder.engine.state import ELIMINATED, Event, State
from plunder.engine.windows import AutoPass
from plunder.server.connection import Connection, encode
from plunder.server.replay import Finished
from plunder.server.store import (
    FINISHED,
    OVER,
    RUNNING,
    TURNS,
    ChatLine,
    Lease,
    SeatRow,
    TableRow,
    token_digest,
)


@functools.lru_cache(maxsize=8192)
def action_json(action: Action) -> dict[str, Any]:
    """``action.to_json()``, made once per action (actions are immutable and shared).

    The dictionary is shared too: it is only ever encoded, never changed.
    """
    return action.to_json()


def has_timed_decisions(game: str, options: Mapping[str, Any]) -> bool:
    """Whether a ``game`` table with ``options`` meets decisions the rules time.

    The game's manifest says so (``timed``); the server times a decision by asking
    the engine (``timeout_action``) whatever this says: this tells the lobby when
    to offer the reflex clock and the table when to mention it.
    """
    return manifest(game).timed_under(options)


class TableError(PlunderError):
    """A request the table refuses; ``status`` is the HTTP status that fits.

    A 503 (try again) says when: ``retry_after`` seconds (the ``Retry-After``
    header of an HTTP answer).
    """

    def __init__(self, message: str, status: int = 400, retry_after: int = 1) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


def new_token() -> str:
    """An unguessable seat token: 32 random bytes, URL-safe."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def new_bot_secret() -> str:
    """The secret a table's bots are seeded from: 128 random bits."""
    return secrets.token_hex(16)


def bot_rng(secret: str, move: int, seat: int) -> random.Random:
    """The generator of the bot deciding for ``seat`` after ``move`` moves.

    Without the table's secret, which no one is sent before the game is over, no
    one can rebuild it; with it (in the record afterwards) every bot decision can
    be replayed exactly.
    """
    return random.Random(f"{secret}:{move}:{seat}")


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
    bots: dict[int, TableBot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # When a human seat was last connected (monotonic seconds), for abandonment.
    last_human: float = field(default_factory=time.monotonic)
    # When each seat last had a connection (monotonic seconds), while it has none;
    # a seat never seen since the table was loaded counts from then.
    seen: dict[int, float] = field(default_factory=dict)
    loaded_at: float = field(default_factory=time.monotonic)
    # Seat -> when its player was last asked to let a bot play it.
    asked: dict[int, float] = field(default_factory=dict)
    # No human came back in time: bots play every human seat to the end.
    abandoned: bool = False
    # Every player is out and one asked to see the end now: bots play without pause.
    rushed: bool = False
    finished_at: float | None = None
    presence: asyncio.Task[None] | None = None
    # The table's latest chat messages, read from the store at the first hello
    # (None until then).
    chat: deque[ChatLine] | None = None
    # The table's lease, when processes share the store (``plunder.server.owners``):
    # every write of the table is made under it.
    lease: Lease | None = None
    # The wall clock a turn-based table's deadlines are read by (seconds since the
    # epoch); the server's, which a test may replace.
    wall: Callable[[], float] = time.time
    # Notices (``plunder.server.notices``), by the wall clock: when each seat's player
    # last saw the table (a hello answered, a move taken, a state their page showed
    # them). When a seat was last sent one is its row's (kept in the store).
    seen_at: dict[int, float] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def turn_based(self) -> bool:
        return self.row.speed == TURNS

    def owes(self, seat: int) -> bool:
        """Whether ``seat`` owes the running game a decision now."""
        state = self.state
        return self.row.status == RUNNING and seat in state.pending and seat not in state.committed

    def turn_deadline(self, seat: int) -> float | None:
        """When ``seat``'s time for the decision it owes runs out (wall clock), at a
        turn-based table; None if it owes none there or a bot plays it."""
        if not self.turn_based or not self.owes(seat) or self.bot_plays(seat):
            return None
        row = self.seat_row(seat)
        if row.deadline is None or row.deadline_step != self.state.step:
            return None
        return row.deadline

    @property
    def finished(self) -> bool:
        return self.row.status in FINISHED

    def seat_row(self, seat: int) -> SeatRow:
        return self.row.seats[seat]

    @functools.cached_property
    def lesson(self) -> tuple[Lesson, Any] | None:
        """A guided first game's lesson and its coach (the bot whose choice the hints
        suggest); None at any other table."""
        if not self.row.lesson:
            return None
        lesson = manifest(self.game.name).lesson_of()
        if lesson is None:
            return None
        coach = bot_registry.from_spec(lesson.coach, self.game.name) if lesson.coach else None
        return lesson, coach

    def hint(self, seat: int | None) -> dict[str, Any] | None:
        """The learner's hint at a guided first game, worked out from its own view."""
        if self.lesson is None or seat is None or self.row.status != RUNNING:
            return None
        lesson, coach = self.lesson
        return lesson.hint(self.state, seat, coach).to_json() if seat == lesson.seat else None

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if s.kind == "human" and s.token_hash is None]

    def human_seats(self) -> list[int]:
        return [s.seat for s in self.row.seats if s.kind == "human"]

    def humans_out(self) -> bool:
        """Whether the game goes on with no player left in it: every human seat is out
        of the game for good (its pirate dead) or played by a bot."""
        humans = [row for row in self.row.seats if row.kind == "human"]
        return (
            self.row.status == RUNNING
            and not self.state.is_over
            and bool(humans)
            and all(row.auto or self.state.status(row.seat) == ELIMINATED for row in humans)
        )

    def bot_plays(self, seat: int) -> bool:
        row = self.seat_row(seat)
        return row.kind == "bot" or row.auto

    def auto_pass(self, seat: int) -> Action | None:
        """What the table plays now for ``seat`` by its player's setting, or None: the
        pass of a window its auto-pass covers, or the one legal answer of a decision
        (``AutoPass.playing``).

        Only for a human seat its player plays (a bot playing it answers for
        itself), while the table runs and the seat owes that decision.
        """
        row = self.seat_row(seat)
        if row.kind != "human" or row.auto or self.row.status != RUNNING:
            return None
        return row.autopass.playing(self.state, seat)

    def decision_words(self) -> str:
        """The open decision in players' words: what the game's catalogue says of its
        kind (``decisions``), else the kind itself."""
        frame = self.state.decision
        if frame is None:
            return ""
        words = self.game.catalogue().get("decisions", {}).get(frame.kind)
        return str(words) if words else frame.kind.replace("_", " ")

    def connected_seats(self) -> set[int]:
        return {c.seat for c in self.connections if c.seat is not None}

    def away_for(self, seat: int) -> float:
        """Seconds since ``seat`` last had a connection here (0 while it has one)."""
        if seat in self.connected_seats():
            return 0.0
        return time.monotonic() - self.seen.get(seat, self.loaded_at)

    def human_connected(self) -> bool:
        humans = set(self.human_seats())
        return any(c.seat in humans for c in self.connections)

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
        """What is left of ``seat``'s clock for its decision, if it is running (at a
        turn-based table, of its deadline)."""
        if self.turn_based:
            deadline = self.turn_deadline(seat)
            return None if deadline is None else max(0.0, round(deadline - self.wall(), 1))
        if seat not in self.clocks:
            return None
        return max(0.0, round(self.clocks[seat].deadline - time.monotonic(), 1))

    def summary(self) -> dict[str, Any]:
        """What anyone may know about the table: no view, no seed, no record.

        It is made of what the store holds only (the moves stored, the result once
        the game's end is stored), so it never tells of a move still being written.
        """
        connected = self.connected_seats()
        result = self.state.result if self.row.status == OVER else None
        return {
            "table": self.id,
            "game": self.row.game,
            "title": self.game.info().title,
            "options": dict(self.game.options),
            "status": self.row.status,
            "closed": self.row.closed_by,
            "abandoned": self.abandoned,
            # The players may ask the bots to play the rest at once.
            "finishable": self.humans_out() and not self.rushed,
            "rushed": self.rushed,
            "move": len(self.row.moves),
            "host": self.row.host_seat,
            "clock": self.row.clock,
            "reflex_clock": self.row.reflex_clock,
            "speed": self.row.speed,
            "turn_hours": self.row.turn_hours,
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
        ``chosen`` is the seat's own concealed choice as data, once committed;
        ``last`` is where the last move begins in the seat's log (``state.last_move``);
        ``undo`` says whether the seat's player may take a move back now
        (``state.may_undo``; never for a seat a bot plays).
        """
        state = self.state
        legal: list[str] = []
        actions: list[dict[str, Any]] = []
        deadline = None
        running = self.row.status == RUNNING
        if running and seat is not None and seat in state.pending and seat not in state.committed:
            offered = state.legal(seat)
            legal = [a.notation for a in offered]
            actions = [action_json(a) for a in offered]
            deadline = self.seconds_left(seat)
        view = state.view(seat, log=False)
        chosen = action_json(self.game.parse(view["choice"])) if "choice" in view else None
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
            "hint": self.hint(seat),
            "last": state.last_move(seat),
            "undo": running and seat is not None and not self.bot_plays(seat)
            and state.may_undo(seat),
        }

    def state_text(
        self,
        seat: int | None,
        summary_text: str,
        since: int,
        bases: dict[int | None, dict[str, Any]] | None = None,
    ) -> str:
        """The ``state`` message for ``seat`` with its events from ``since``, as JSON text.

        The table's summary, the same for every seat, is encoded once by the
        caller (``summary_text``) and set into each seat's message.
        """
        base = None if bases is None else bases.get(seat)
        if base is None:
            base = self.seat_message(seat, {})
            del base["table"]
            if bases is not None:
                bases[seat] = base
        events = self.state.events(seat, since)
        text = encode({**base, "events": events, "events_from": since})
        return f'{text[:-1]},"table":{summary_text}}}'

    def events_for(self, connection: Connection) -> tuple[int, int]:
        """The range of events ``connection`` lacks: from its ``events_sent`` to now."""
        seat = connection.seat
        now = self.state.event_count(seat)
        since = connection.events_sent
        if since > now:
            # The state was rebuilt with fewer events than this connection holds:
            # send the whole log again rather than leave a gap.
            since = 0
        return since, now

    def finished_view(self) -> Finished:
        return Finished(
            self.id, self.game, self.row.seed, tuple(self.row.moves), self.state.players
        )


def autopass_text(setting: AutoPass) -> str:
    """The ``autopass`` message: a seat's own setting, for that seat's connections alone."""
    return encode({"type": "autopass", **setting.to_json()})


def log_page_text(
    log: Sequence[Event], seat: int | None, start: int, count: int, total: int
) -> str:
    """A page of ``seat``'s log as the JSON text of ``GET /api/tables/{t}/log``.

    ``log`` is a copy of the state's log (events are never changed once logged,
    so a copy taken on the event loop may be read in another thread): the events
    ``seat`` may see from its ``start``-th, at most ``count`` of them. ``total``
    is how many the seat may see in all.
    """
    found: list[str] = []
    index = 0
    for event in log:
        if event.to is None or (seat is not None and seat in event.to):
            if index >= start:
                found.append(event.text)
                if len(found) == count:
                    break
            index += 1
    events = json.loads("[" + ",".join(found) + "]")
    return encode({"seat": seat, "events_from": start, "events": events, "total": total})


def rebuild(row: TableRow) -> tuple[Game, State]:
    """A stored table's game and state, by replaying its moves (noting which may be
    taken back, as the table served them did)."""
    game = plunder.load(row.game, **row.options)
    state = game.new(seed=row.seed)
    state.track_undo()
    for seat, action in row.moves:
        state.act(seat, action)
    return game, state


def forget_move(row: TableRow, idx: int) -> None:
    """Take move ``idx`` out of a table's row as ``Store.take_back_move`` takes it out of
    the store: the later moves come one index earlier, and so do their bots' notes."""
    del row.moves[idx]
    row.bot_moves = {
        i - (i > idx): spec for i, spec in row.bot_moves.items() if i != idx
    }
    row.bot_from = {
        i - (i > idx): start - (start > idx) for i, start in row.bot_from.items() if i != idx
    }


def is_number(value: Any) -> bool:
    """A JSON number (``true`` and ``false`` are not numbers here)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def clean_name(name: Any) -> str:
    """A display name: printable, at most 32 characters, never empty."""
    text = name if isinstance(name, str) else ""
    text = "".join(ch for ch in text[:256] if ch.isprintable()).strip()[:32]
    return text or "Player"


# A store write of a table under its lease, ``fenced(table, method, *args)``, as the
# hub makes it: a process refused the write no longer owns the table and drops it.
Fenced = Callable[..., Awaitable[Any]]
