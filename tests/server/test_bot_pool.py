"""Bots decide in worker processes (``plunder.server.bot_pool``, ``--bot-workers``).

The pool plays every game's bot seats to the end; it never has more decisions
in flight than workers; a worker killed in the middle of a decision is replaced
and the decision asked again, the table going on as if nothing happened; and what
a worker is sent for a seat is what the bot was given when it thought on a thread
of the server (a copy of the table's state, the seat, the generator seeded from
the table's secret, the bot's name and level), nothing more of the table.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import pickle
import random
import signal
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import plunder
from plunder.bots.table import TableBot
from plunder.engine.conformance.core import fingerprint
from plunder.server import bot_pool
from plunder.server.app import create_app
from plunder.server.bot_pool import Ask, BotPool, decide
from plunder.server.table import bot_rng
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, bot, create, run_async, states_along, summary, wait_until
from server.test_bot_replay import replay_every_bot_move

# One worker: the least a server has, and the most this test machine spares.
ONE_WORKER = dataclasses.replace(UNLIMITED, bot_workers=1)


@pytest.fixture
def pooled(db_url: str) -> Iterator[TestClient]:
    """The application in-process, its bots deciding in one worker process."""
    with TestClient(create_app(db_url, settings=ONE_WORKER)) as test_client:
        yield test_client


def pool_of(client: TestClient) -> BotPool:
    pool = client.app.state.context.hub.bot_pool  # type: ignore[attr-defined]
    assert isinstance(pool, BotPool)
    return pool


def finish(client: TestClient, table: str, seconds: float = 120) -> dict[str, Any]:
    assert wait_until(lambda: summary(client, table)["status"] == "over", seconds)
    response = client.get(f"/api/tables/{table}/record")
    assert response.status_code == 200, response.text
    return response.json()


@pytest.mark.parametrize("game", plunder.engine.registry.names())
def test_the_pool_plays_bot_seats_to_the_end_of_a_game(pooled, game):
    info = next(g for g in pooled.get("/api/games").json() if g["name"] == game)
    players = info["default_players"]
    created = create(pooled, [bot("greedy")] * players, game=game)
    record = finish(pooled, created["table"])
    pool = pool_of(pooled)
    # Every move was a bot's, made in the worker, which was never asked two at once.
    assert len(record["bot_moves"]) == len(record["moves"]) > 0
    assert pool.asked >= len(record["moves"])
    assert pool.most_in_flight == 1
    assert len(pool.pids()) == 1 and pool.pids()[0] != os.getpid()
    replayed, _ = replay_every_bot_move(record)
    assert replayed == len(record["moves"])


def test_a_killed_worker_is_replaced_and_the_game_finishes(pooled):
    # Two searching bots, on their clock: a decision is nearly always in flight.
    created = create(pooled, [bot("ismcts", "easy"), bot("ismcts", "easy")])
    table = created["table"]
    pool = pool_of(pooled)
    assert wait_until(lambda: pool.in_flight == 1 and len(pool.pids()) == 1, 30)
    first = pool.pids()[0]
    os.kill(first, signal.SIGKILL)
    record = finish(pooled, table)
    assert pool.replaced >= 1
    assert first not in pool.pids() and len(pool.pids()) == 1
    # Nothing of the table was lost: every move is there, each a bot's, and every
    # one of them replays from the record as the bot chose it.
    assert len(record["bot_moves"]) == len(record["moves"])
    replayed, _ = replay_every_bot_move(record)
    assert replayed == len(record["moves"])


def duel_ask(level: str, seed: int = 3, bot: str = "ismcts") -> Ask:
    """A decision of the first seat of a 3-player Duel, for ``bot`` at ``level``."""
    state = plunder.load("duel", players=3).new(seed=seed)
    return Ask(bot, level, state, min(state.pending), random.Random(seed))


def test_a_worker_killed_mid_search_is_replaced_and_its_decision_asked_again():
    pool = BotPool(1)
    try:
        # The hard level searches up to 4 s: long enough to be killed while at it.
        ask = duel_ask("hard")
        killed: list[int] = []

        def kill_when_busy() -> None:
            assert wait_until(lambda: pool.in_flight == 1 and len(pool.pids()) == 1, 30)
            threading.Event().wait(0.5)  # the search is under way
            killed.append(pool.pids()[0])
            os.kill(killed[0], signal.SIGKILL)

        killer = threading.Thread(target=kill_when_busy)
        killer.start()
        bot = TableBot(ask.bot, "duel", ask.level)
        answer = run_async(pool.decide(bot, ask.state, ask.seat, ask.rng))
        killer.join()
        assert len(killed) == 1
        assert pool.replaced == 1
        assert pool.pids() and killed[0] not in pool.pids()
        assert answer.notation in {a.notation for a in ask.state.legal(ask.seat)}
        assert answer.spec.startswith("ismcts:hard")
    finally:
        pool.close()


def test_no_more_decisions_in_flight_than_workers():
    pool = BotPool(2)
    try:
        # Six decisions of a bot that replays exactly anywhere (no clock stops it).
        asks = [duel_ask("normal", seed, bot="greedy") for seed in range(6)]

        async def every_decision() -> list[Any]:
            return await asyncio.gather(*[
                pool.decide(TableBot(a.bot, "duel", a.level), a.state, a.seat, a.rng)
                for a in asks
            ])

        expected = [
            decide(dataclasses.replace(a, state=a.state.clone(), rng=random.Random(seed)))
            for seed, a in enumerate(asks)
        ]
        answers = run_async(every_decision())
        assert pool.asked == 6
        assert pool.most_in_flight == 2
        assert len(pool.pids()) == 2
        # Each answer is the one the bot gives in this process from the same ask.
        assert answers == expected
    finally:
        pool.close()


def test_a_worker_is_sent_only_what_the_bot_was_given_on_a_thread(pooled, monkeypatch):
    # A person and two bots (one standing in for a second person who left): every
    # decision the pool is asked is caught as it is encoded for the worker.
    sent: list[tuple[Ask, bytes]] = []
    encode = bot_pool.encode

    def caught(ask: Ask) -> bytes:
        data = encode(ask)
        sent.append((ask, data))
        return data

    monkeypatch.setattr(bot_pool, "encode", caught)
    created = create(
        pooled, [HUMAN, bot("greedy"), HUMAN], options={"target": 2}, name="Quillonix"
    )
    table = created["table"]
    joined = pooled.post(f"/api/tables/{table}/join", json={"name": "Vexmorrow"}).json()
    rng = random.Random(5)
    with pooled.websocket_connect(f"/ws/{table}") as a, pooled.websocket_connect(
        f"/ws/{table}"
    ) as b:
        me, other = Socket(a), Socket(b)
        other.send({"type": "hello", "token": joined["token"]})
        other.state()
        other.send({"type": "leave"})  # the stand-in plays Bob's seat
        me.send({"type": "hello", "token": created["token"]})
        message = me.state()
        while not message["view"]["over"]:
            if message["legal"]:
                me.send({"type": "act", "action": rng.choice(message["legal"])})
            message = me.state(message["move"] + 1)
    record = finish(pooled, table)
    states = states_along(record)
    secret = record["bot_secret"]
    seats = {ask.seat for ask, _ in sent}
    assert seats == {1, 2}
    for ask, data in sent:
        # The fields a thread was given, and nothing else.
        assert [f.name for f in dataclasses.fields(ask)] == ["bot", "level", "state", "seat", "rng"]
        told = pickle.loads(data)
        start = len(told.state.moves)
        # The state is the table's at the moment the bot started: the copy a thread got.
        held = states[start]
        assert fingerprint(told.state, whole=True) == fingerprint(held, whole=True)
        assert told.state.rng.getstate() == held.rng.getstate()
        # The generator is the one the table seeds for this move and seat, not the secret.
        assert told.rng.getstate() == bot_rng(secret, start, told.seat).getstate()
        assert (told.bot, told.level, told.seat) == (ask.bot, ask.level, ask.seat)
        assert secret.encode() not in data
        for token in (created["token"], joined["token"]):
            assert token.encode() not in data
        for name in (b"Quillonix", b"Vexmorrow"):
            assert name not in data
        # And the worker's answer is the bot's own on that state, as a thread made it.
        thread_made = TableBot(ask.bot, "duel", ask.level).decide(
            held.clone(), ask.seat, bot_rng(secret, start, ask.seat)
        )
        assert decide(pickle.loads(data)).notation == thread_made.action.notation


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The settings ``plunder serve`` would start with (the server itself is not started)."""
    import uvicorn

    from plunder.server import app as server_app

    given: list[Any] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: None)
    monkeypatch.setattr(
        server_app, "create_app", lambda url, settings, **kw: given.append(settings)
    )
    return given


def serve(*args: str, env: dict[str, str] | None = None) -> Any:
    from typer.testing import CliRunner

    from plunder.cli import app

    return CliRunner().invoke(app, ["serve", *args], env=env)


def test_bot_workers_are_a_setting_of_plunder_serve(served, tmp_path):
    # A store apiece: a SQLite store is served by one process at a time.
    stores = [str(tmp_path / f"t{n}.sqlite3") for n in range(4)]
    assert serve("--db", stores[0]).exit_code == 0
    assert serve("--db", stores[1], "--bot-workers", "3").exit_code == 0
    assert serve("--db", stores[2], env={"PLUNDER_BOT_WORKERS": "0"}).exit_code == 0
    default = max(1, (os.cpu_count() or 1) - 1)
    assert [s.bot_workers for s in served] == [default, 3, 0]
    refused = serve("--db", stores[3], "--bot-workers", "-1")
    assert refused.exit_code == 2 and len(served) == 3
    assert "--bot-workers" in serve("--help").output
