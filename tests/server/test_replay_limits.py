"""Replays come in bounded pages, computed off the event loop, a few at a time.

A finished 4-player Duel of some 2,000 moves is put in the store. Asking for its
replay once gave every view with its whole log (hundreds of megabytes, built on
the event loop while every other table waited); now each answer is a page of
views without their logs plus the events they add up to, and the pages of the
whole game weigh a few times one whole view.
"""

from __future__ import annotations

import json
import random
import threading
import time

import pytest
from fastapi.testclient import TestClient

import plunder
from plunder.engine.state import State
from plunder.server.app import create_app
from plunder.server.replay import Replays
from plunder.server.settings import Settings
from plunder.server.store import OVER, MoveWrite, SeatRow, Store, TableRow
from server.kit import HUMAN, Socket, create, replay_pages, replay_views

LONG = {"players": 4, "target": 20, "shootout_limit": 1000, "duel_limit": 10000}


def long_game(seed: int = 3) -> State:
    """A 4-player Duel played at random to its end: about 2,000 moves."""
    state = plunder.load("duel", **LONG).new(seed=seed)
    rng = random.Random(2)
    while not state.is_over:
        seat = min(set(state.pending) - set(state.committed))
        state.act(seat, rng.choice(state.legal(seat)).notation)
    return state


def store_finished(db_url: str, state: State) -> str:
    """Put ``state``'s game in the store as a finished table; its id."""
    store = Store(db_url)
    row = TableRow(
        id="long",
        game="duel",
        options=dict(state.game.options),
        seed=state.seed,
        host_seat=None,
        clock=None,
        bot_delay=0.0,
        created=time.time(),
        status=OVER,
        bot_secret="0" * 32,
        seats=[SeatRow(s, "bot", bot="random", level="normal") for s in range(4)],
    )
    store.create_table(row)
    store.append_moves(
        [MoveWrite(row.id, idx, seat, action) for idx, (seat, action) in enumerate(state.moves)]
    )
    store.close()
    return row.id


@pytest.fixture(scope="module")
def finished_game() -> State:
    return long_game()


def test_a_long_replay_comes_in_bounded_pages(db_url, finished_game):
    state = finished_game
    moves = len(state.moves)
    assert moves > 1500
    table = store_finished(db_url, state)
    whole_view = len(json.dumps(state.view(0), separators=(",", ":")))
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        first = client.get(f"/api/tables/{table}/replay", params={"seat": 0})
        assert first.status_code == 200
        page = first.json()
        assert page["moves"] == moves
        assert len(page["views"]) == Settings().replay_page
        assert len(first.content) < 200_000
        # The last page, asked for alone, carries the whole log once, no more.
        last = client.get(f"/api/tables/{table}/replay", params={"seat": 0, "from": moves - 3})
        assert len(last.json()["views"]) == 4
        assert len(last.content) < 2 * whole_view
        # Paging through the whole game weighs a few whole views, where every
        # view with its log would weigh hundreds of megabytes.
        pages = replay_pages(client, table, seat=0)
        total = sum(len(json.dumps(p)) for p in pages)
        assert total < 10 * whole_view, (total, whole_view)
        views, _ = replay_views(client, table, seat=2)
    assert len(views) == moves + 1
    replayed = plunder.replay(state.record)
    assert views[-1] == json.loads(json.dumps(replayed.view(2)))
    halfway = plunder.replay({**state.record, "moves": state.record["moves"][: moves // 2]})
    assert views[moves // 2] == json.loads(json.dumps(halfway.view(2)))


def test_pages_are_refused_past_their_bounds(db_url, finished_game):
    table = store_finished(db_url, finished_game)
    moves = len(finished_game.moves)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        for params in (
            {"count": 51},
            {"count": 0},
            {"from": moves + 1},
            {"from": "²"},
            {"count": "9" * 5000},
            {"events_from": "-1"},
        ):
            response = client.get(f"/api/tables/{table}/replay", params=params)
            assert response.status_code == 400, params
            assert response.json()["error"]


def slow_page(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Make every page take ``seconds`` of blocking work, as a huge one would."""
    real = Replays.page

    def page(self, *args):  # type: ignore[no-untyped-def]
        time.sleep(seconds)
        return real(self, *args)

    monkeypatch.setattr(Replays, "page", page)


def test_other_tables_are_answered_while_a_replay_is_computed(db_url, finished_game, monkeypatch):
    table = store_finished(db_url, finished_game)
    slow_page(monkeypatch, 2.0)
    with TestClient(create_app(db_url, bot_delay=0)) as client:
        other = create(client, [HUMAN, HUMAN])
        answered: list[int] = []
        asking = threading.Thread(
            target=lambda: answered.append(client.get(f"/api/tables/{table}/replay").status_code)
        )
        with client.websocket_connect(f"/ws/{other['table']}") as ws:
            socket = Socket(ws)
            socket.send({"type": "hello", "token": other["token"]})
            socket.state()
            asking.start()
            time.sleep(0.3)  # the replay is under way
            # Three pings answered while the replay is still being computed: the
            # event loop was free (judged by the order of events, not a stopwatch).
            for _ in range(3):
                socket.send({"type": "ping"})
                assert socket.until(lambda m: m["type"] == "pong")
            assert asking.is_alive(), "the replay should still be under way"
        asking.join(10)
    assert answered == [200]


def test_too_many_replays_at_once_are_refused_not_queued_without_end(
    db_url, finished_game, monkeypatch
):
    table = store_finished(db_url, finished_game)
    slow_page(monkeypatch, 1.0)
    settings = Settings(bot_delay=0, replay_workers=1, replay_queue=1)
    with TestClient(create_app(db_url, settings=settings)) as client:
        statuses: list[int] = []
        retry: list[str | None] = []

        def ask() -> None:
            response = client.get(f"/api/tables/{table}/replay")
            statuses.append(response.status_code)
            retry.append(response.headers.get("retry-after"))

        threads = [threading.Thread(target=ask) for _ in range(5)]
        for thread in threads:
            thread.start()
            time.sleep(0.05)
        for thread in threads:
            thread.join(20)
    # One computed, one waiting; the others are told to come back.
    assert sorted(statuses) == [200, 200, 503, 503, 503]
    assert retry.count("1") == 3
