"""A player takes back a move at the browser table (``undo``), and it leaks nothing.

The server offers the undo to the seat that may take a move back (the state
message's ``undo``, worked out by the engine) and to no one else; once taken back,
every seat's view, its log included, is what it was before the move, the other
seats never saw the move's hidden part, the store forgets the move (a server
started again on the store serves the table as it stands), and an answer meant for
a step before the undo is refused.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from plunder.server.app import create_app
from plunder.server.store import Lease, LeaseLost, MoveWrite, Store
from plunder.server.table import forget_move
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, create, join, running_duel_row, summary


def seated(client: TestClient, game: str) -> tuple[str, list[str]]:
    created = create(client, [HUMAN, HUMAN], game=game)
    table = created["table"]
    return table, [created["token"], join(client, table)["token"]]


def greet(socket: Socket, token: str) -> dict[str, Any]:
    socket.send({"type": "hello", "token": token})
    return socket.state()


def test_a_concealed_choice_is_withdrawn_and_chosen_again(db_url):
    with TestClient(create_app(db_url, settings=UNLIMITED)) as client:
        table, tokens = seated(client, "duel")
        with (
            client.websocket_connect(f"/ws/{table}") as a,
            client.websocket_connect(f"/ws/{table}") as b,
            client.websocket_connect(f"/ws/{table}") as c,
        ):
            ann, bob, watcher = Socket(a), Socket(b), Socket(c)
            first = [greet(ann, tokens[0]), greet(bob, tokens[1])]
            watcher.send({"type": "hello"})
            watching = watcher.state()
            assert [m["undo"] for m in first] == [False, False]
            choice, other = first[0]["legal"][0], first[0]["legal"][-1]
            assert choice != other
            ann.send({"type": "act", "action": choice})
            chose = ann.state()
            seen = bob.state()
            assert chose["undo"] is True and chose["view"]["choice"] == choice
            assert seen["undo"] is False and seen["view"]["committed"] == [0]
            bob.send({"type": "undo", "move": seen["move"]})
            assert "no move it may take back" in bob.error()["message"]
            ann.send({"type": "undo", "move": chose["move"]})
            after = [ann.state(), bob.state()]
            watched = watcher.until(lambda m: m["type"] == "state" and not m["view"]["committed"])
            for before, now, socket in zip(first, after, (ann, bob), strict=True):
                assert socket.full_view(now) == socket.full_view(before)
                assert now["legal"] == before["legal"] and now["step"] == before["step"]
                assert now["undo"] is False
            assert watcher.full_view(watched) == watcher.full_view(watching)
            # Bob and the spectator were told that Ann had chosen, never what.
            for message in bob.received + watcher.received:
                if message["type"] == "state":
                    assert "choice" not in message["view"] and message["chosen"] is None
            assert summary(client, table)["move"] == 0
            ann.send({"type": "act", "action": other})
            assert ann.state()["view"]["choice"] == other
            bob.send({"type": "act", "action": first[1]["legal"][0]})
            resolved = ann.until(lambda m: m["type"] == "state" and m["move"] == 2)
            assert resolved["undo"] is False
    # The store holds the moves as played: a server started on it serves the same table.
    with TestClient(create_app(db_url, settings=UNLIMITED)) as client:
        assert summary(client, table)["move"] == 2
        with client.websocket_connect(f"/ws/{table}") as a:
            again = greet(Socket(a), tokens[0])
            assert again["move"] == 2 and again["view"] == resolved["view"]


def test_a_quiet_move_is_taken_back_and_an_answer_to_the_step_before_is_refused(db_url):
    with TestClient(create_app(db_url, settings=UNLIMITED)) as client:
        table, tokens = seated(client, "rumbones")
        with (
            client.websocket_connect(f"/ws/{table}") as a,
            client.websocket_connect(f"/ws/{table}") as b,
        ):
            sockets = [Socket(a), Socket(b)]
            first = [greet(socket, token) for socket, token in zip(sockets, tokens, strict=True)]
            mover = next(i for i, m in enumerate(first) if m["legal"])
            other = 1 - mover
            ann, bob = sockets[mover], sockets[other]
            ann.send({"type": "act", "action": first[mover]["legal"][0]})
            moved = [ann.state(), bob.state()]
            assert moved[0]["undo"] is True and moved[1]["undo"] is False
            assert moved[0]["move"] == 1
            # Sent twice (a double click): the second names a move the table has left.
            ann.send({"type": "undo", "move": moved[0]["move"]})
            ann.send({"type": "undo", "move": moved[0]["move"]})
            after = [ann.state(), bob.state()]
            assert "that undo answers move 1: the table is at move 0" in ann.error()["message"]
            for before, now, socket in zip(
                (first[mover], first[other]), after, (ann, bob), strict=True
            ):
                assert socket.full_view(now) == socket.full_view(before)
                assert now["legal"] == before["legal"] and now["move"] == 0
                # A fresh step: no answer sent before the undo is taken for it.
                assert now["step"] > moved[0]["step"]
            assert summary(client, table)["move"] == 0
            ann.ws.send_json({"type": "act", "action": first[mover]["legal"][0],
                              "step": moved[0]["step"]})
            assert "which is over" in ann.error()["message"]
            ann.send({"type": "act", "action": first[mover]["legal"][-1]})
            replayed = ann.until(lambda m: m["type"] == "state" and m["move"] == 1)
    with (
        TestClient(create_app(db_url, settings=UNLIMITED)) as client,
        client.websocket_connect(f"/ws/{table}") as a,
    ):
        again = greet(Socket(a), tokens[mover])
        assert again["move"] == 1 and again["view"] == replayed["view"]
        # The table was rebuilt noting what may be taken back, as it was served.
        assert again["undo"] is True


def test_the_store_forgets_a_move_taken_back_under_the_tables_lease_alone(db_url):
    store = Store(db_url)
    store.create_table(running_duel_row("t1"), "first", "http://a", ttl=-1)  # ended at once
    store.append_moves([
        MoveWrite("t1", 0, 0, "colt>1", epoch=1),
        MoveWrite("t1", 1, 0, "rifle>1", epoch=1),
        MoveWrite("t1", 2, 1, "colt>0", bot="random", bot_from=2, epoch=1),
    ])
    # A count that is not the store's refuses the whole change.
    with pytest.raises(ValueError, match="does not hold 4 moves"):
        store.fenced(Lease("t1", 1), "take_back_move", "t1", 1, 4)
    # Seat 0's concealed choice is withdrawn: seat 1's comes one index earlier, and its
    # bot counts the moves it started from without it.
    store.fenced(Lease("t1", 1), "take_back_move", "t1", 1, 3)
    loaded = store.load_table("t1")
    assert loaded is not None
    assert loaded.moves == [(0, "colt>1"), (1, "colt>0")]
    assert loaded.bot_moves == {1: "random"}
    assert loaded.bot_from == {1: 1}
    # The table served from the row forgets it the same way.
    served = running_duel_row("t1")
    served.moves = [(0, "colt>1"), (0, "rifle>1"), (1, "colt>0")]
    served.bot_moves, served.bot_from = {2: "random"}, {2: 2}
    forget_move(served, 1)
    assert (served.moves, served.bot_moves, served.bot_from) == (
        loaded.moves, loaded.bot_moves, loaded.bot_from
    )
    # Another process has claimed the table: the former owner's undo stores nothing.
    assert store.claim_lease("t1", "second", "http://b", ttl=60) == 2
    with pytest.raises(LeaseLost):
        store.fenced(Lease("t1", 1), "take_back_move", "t1", 1, 2)
    assert store.load_table("t1").moves == [(0, "colt>1"), (1, "colt>0")]
    store.close()
