"""A server killed with SIGKILL in mid-game comes back with every table at the same move."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from server.kit import HUMAN, ServerProcess, bot


class Seat:
    """A real WebSocket client at a table, as a seat (token) or a spectator."""

    def __init__(self, server: ServerProcess, table: str, token: str | None) -> None:
        self._connection = connect(server.ws_url(table), open_timeout=10)
        self.ws = self._connection.__enter__()
        self.ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
        self.last = self.state()

    def state(self, move: int = 0) -> dict[str, Any]:
        """The latest state at ``move`` or later (the next one if ``move`` is 0)."""
        if move and self.last["move"] >= move:
            return self.last
        while True:
            message = json.loads(self.ws.recv(timeout=20))
            if message["type"] == "error":
                raise AssertionError(message["message"])
            if message["type"] == "state" and message["move"] >= move:
                self.last = message
                return message

    def act(self, action: str) -> dict[str, Any]:
        move = self.last["move"]
        self.ws.send(json.dumps({"type": "act", "action": action, "step": self.last["step"]}))
        return self.state(move + 1)

    def close(self) -> None:
        self._connection.__exit__(None, None, None)


def post(server: ServerProcess, path: str, body: dict[str, Any]) -> dict[str, Any]:
    response = httpx.post(server.url + path, json=body, timeout=10)
    assert response.status_code == 200, response.text
    return response.json()


def snapshot(server: ServerProcess, tables: dict[str, dict[int | None, str | None]]) -> dict:
    """Every table's summary move and status, and the message each seat and a spectator get.

    A new connection's first message carries the seat's whole log (its ``events``).
    """
    seen = {}
    for table, tokens in tables.items():
        summary = httpx.get(f"{server.url}/api/tables/{table}", timeout=10).json()
        views = {}
        for seat, token in tokens.items():
            client = Seat(server, table, token)
            keys = ("seat", "move", "view", "legal", "actions", "events", "events_from")
            views[seat] = {k: client.last[k] for k in keys}
            client.close()
        seen[table] = (summary["move"], summary["status"], views)
    return seen


@pytest.fixture
def server(db_url, tmp_path):
    process = ServerProcess(db_url, tmp_path / "server.log", bot_delay=0)
    process.start()
    yield process
    process.stop()


def test_sigkill_in_mid_game_resumes_every_table_exactly(server):
    rng = random.Random(8)
    tables: dict[str, dict[int | None, str | None]] = {}

    # Two humans, stopped in mid-shootout: seat 0 has chosen, seat 1 not yet.
    a = post(server, "/api/tables", {"game": "duel", "seats": [HUMAN, HUMAN], "name": "Ann"})
    b = post(server, f"/api/tables/{a['table']}/join", {"name": "Bob"})
    ann, bob = Seat(server, a["table"], a["token"]), Seat(server, a["table"], b["token"])
    for _ in range(3):
        ann.act(rng.choice(ann.last["legal"]))
        bob.state(ann.last["move"])
        bob.act(rng.choice(bob.last["legal"]))
        ann.state(bob.last["move"])
    ann.act(rng.choice(ann.last["legal"]))
    assert ann.last["view"]["committed"] == [0]
    tables[a["table"]] = {0: a["token"], 1: b["token"], None: None}

    # A human against a bot, the bot having chosen and waiting for the human.
    c = post(server, "/api/tables", {"game": "duel", "seats": [HUMAN, bot("greedy")]})
    cy = Seat(server, c["table"], c["token"])
    for _ in range(2):
        cy.act(rng.choice(cy.last["legal"]))
        cy.state(cy.last["move"] + 1)  # the bot's answer
    tables[c["table"]] = {0: c["token"], None: None}

    # An open table with a seat still free, and a finished all-bot table.
    d = post(server, "/api/tables", {"game": "duel", "seats": [HUMAN, HUMAN, HUMAN]})
    tables[d["table"]] = {0: d["token"]}
    e = post(
        server,
        "/api/tables",
        {"game": "duel", "seats": [bot(), bot()], "options": {"target": 1}},
    )
    watcher = Seat(server, e["table"], None)
    while not watcher.last["view"]["over"]:
        watcher.state(watcher.last["move"] + 1)
    record = httpx.get(f"{server.url}/api/tables/{e['table']}/record", timeout=10).json()
    tables[e["table"]] = {None: None}
    for client in (ann, bob, cy, watcher):
        client.close()

    before = snapshot(server, tables)
    server.kill()
    server.start()
    after = snapshot(server, tables)
    assert after == before
    assert before[a["table"]][0] == 7 and before[a["table"]][1] == "running"
    assert before[d["table"]][1] == "open"
    again = httpx.get(f"{server.url}/api/tables/{e['table']}/record", timeout=10).json()
    assert again == record

    # The resumed tables play on: Bob chooses, the shootout resolves, and the
    # game is played to its end; the free seat can still be joined.
    ann, bob = Seat(server, a["table"], a["token"]), Seat(server, a["table"], b["token"])
    assert bob.last["legal"] and not ann.last["legal"]
    while not bob.last["view"]["over"]:
        for me, other in ((bob, ann), (ann, bob)):
            if me.last["legal"]:
                me.act(rng.choice(me.last["legal"]))
                other.state(me.last["move"])
    assert ann.state(bob.last["move"])["view"]["over"]
    joined = post(server, f"/api/tables/{d['table']}/join", {"name": "Dee"})
    assert joined["seat"] == 1


def test_sigkill_while_bots_play_loses_no_stored_move(server):
    """Bots keep playing up to the kill; the store holds exactly the moves seen played."""
    e = post(server, "/api/tables", {"game": "duel", "seats": [bot(), bot(), bot()]})
    watcher = Seat(server, e["table"], None)
    seen = watcher.state(40)
    server.kill()
    server.start()
    resumed = Seat(server, e["table"], None)
    # At least the moves broadcast before the kill were stored (stored before
    # broadcast), and the table plays on to its end.
    assert resumed.last["move"] >= seen["move"]
    while not resumed.last["view"]["over"]:
        resumed.state(resumed.last["move"] + 1)
    record = httpx.get(f"{server.url}/api/tables/{e['table']}/record", timeout=10).json()
    assert len(record["moves"]) == resumed.last["move"]
