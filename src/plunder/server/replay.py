"""Replays of finished tables, page by page, computed off the event loop.

A page is the views of one seat (or the spectator) after ``start``, ``start + 1``,
… moves, without their logs, and the seat's events they add up to. Work runs in
a pool of ``replay_workers`` threads; at most ``replay_queue`` more requests
wait, later ones are refused (busy). Each table keeps its latest replayed
position (up to ``replay_cache`` tables), so paging forward replays only the
moves of the new page.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from plunder.engine.game import Game
from plunder.engine.state import State
from plunder.server.settings import Settings


class ReplayBusy(Exception):
    """Too many replays are under way or waiting."""


@dataclass(frozen=True)
class Finished:
    """What a replay needs of a finished table (all of it public once the game is over)."""

    table_id: str
    game: Game
    seed: int
    moves: tuple[tuple[int, str], ...]
    players: int


def _json(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


class Replays:
    """Replay pages and whole views of finished tables, in worker threads."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._pool = ThreadPoolExecutor(
            settings.replay_workers, thread_name_prefix="plunder-replay"
        )
        self._admitted = 0
        self._lock = threading.Lock()
        self._positions: OrderedDict[str, State] = OrderedDict()
        self._actions: OrderedDict[str, list[dict[str, Any]]] = OrderedDict()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def run(self, work: Any, *args: Any) -> Any:
        """``work(*args)`` in a replay thread, or ``ReplayBusy`` if too many wait."""
        if self._admitted >= self.settings.replay_workers + self.settings.replay_queue:
            raise ReplayBusy
        self._admitted += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        finally:
            self._admitted -= 1

    # In a replay thread ---------------------------------------------------------

    def _position(self, table: Finished, move: int) -> State:
        """A state of its own after ``move`` moves, from the nearest kept position."""
        with self._lock:
            kept = self._positions.get(table.table_id)
        if kept is not None and len(kept.moves) <= move:
            state = kept.clone()
        else:
            state = table.game.new(seed=table.seed)
        for seat, action in table.moves[len(state.moves) : move]:
            state.act(seat, action)
        return state

    def _keep(self, table: Finished, state: State) -> None:
        with self._lock:
            self._positions[table.table_id] = state
            self._positions.move_to_end(table.table_id)
            while len(self._positions) > self.settings.replay_cache:
                self._positions.popitem(last=False)

    def actions(self, table: Finished) -> list[dict[str, Any]]:
        """Every move of the table as data (``action.to_json()``), kept per table."""
        with self._lock:
            found = self._actions.get(table.table_id)
        if found is None:
            found = [table.game.parse(action).to_json() for _, action in table.moves]
            with self._lock:
                self._actions[table.table_id] = found
                while len(self._actions) > self.settings.replay_cache:
                    self._actions.popitem(last=False)
        return found

    def page(
        self, table: Finished, seat: int | None, start: int, count: int, events_from: int
    ) -> str:
        """The page's JSON text: views after ``start`` … ``start + count - 1`` moves."""
        end = min(len(table.moves), start + count - 1)
        state = self._position(table, start)
        views: list[dict[str, Any]] = []
        counts: list[int] = []
        lasts: list[int | None] = []
        chosen: list[dict[str, Any] | None] = []
        actions: list[dict[str, Any] | None] = []
        every = self.actions(table)
        for move in range(start, end + 1):
            if move > start:
                by, action = table.moves[move - 1]
                state.act(by, action)
            view = state.view(seat, log=False)
            views.append(view)
            counts.append(state.event_count(seat))
            lasts.append(state.last_move(seat))
            chosen.append(table.game.parse(view["choice"]).to_json() if "choice" in view else None)
            actions.append(every[move - 1] if move > 0 else None)
        since = max(0, min(events_from, counts[-1]))
        page = {
            "moves": len(table.moves),
            "from": start,
            "views": views,
            "event_counts": counts,
            "lasts": lasts,
            "events_from": since,
            "events": state.events(seat, since),
            "chosen": chosen,
            "actions": actions,
        }
        text = _json(page)
        self._keep(table, state)
        return text

    def one(self, table: Finished, seat: int | None, move: int) -> str:
        """The whole view (log included) after ``move`` moves, with every move as data."""
        state = self._position(table, move)
        text = _json(
            {
                "moves": len(table.moves),
                "move": move,
                "views": [state.view(seat)],
                "actions": self.actions(table),
            }
        )
        self._keep(table, state)
        return text
