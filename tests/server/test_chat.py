"""Chat at a table: the players' own words, stored with the table, bounded and rate-limited.

- Seated players post; every connection at the table (spectators too) is told.
- Spectators only read, unless the server lets them post (``chat_spectators``).
- A message is trimmed text of at most ``chat_length`` characters; an empty or
  longer one is refused with a message saying why. HTML is kept as the text it
  is: the server sends it as written, and the browser inserts it as text.
- A connection past its chat rate gets an error and its message is dropped.
- The last ``chat_history`` messages are stored with the table and sent after
  each hello, also by a server started again on the same store, and also from a
  store made before tables had a chat.
- A chat message carries the seat, its name, the time and the text: nothing of
  the game.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from plunder.server.app import create_app
from plunder.server.store import Store
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, create, join

CHAT_KEYS = {"type", "seat", "name", "at", "text"}
LINE_KEYS = {"seat", "name", "at", "text"}


@contextmanager
def serving(db_url: str, **settings: Any) -> Iterator[TestClient]:
    """The application with the tests' lifted limits and ``settings`` on top."""
    chosen = dataclasses.replace(UNLIMITED, **settings)
    with TestClient(create_app(db_url, settings=chosen)) as client:
        yield client


@contextmanager
def seated_table(client: TestClient) -> Iterator[tuple[str, Socket, Socket, Socket]]:
    """A running 2-player Duel: Ann (seat 0) and Bob (seat 1) connected, and a spectator."""
    created = create(client, [HUMAN, HUMAN])
    table = created["table"]
    joined = join(client, table, "Bob")
    with ExitStack() as stack:
        sockets = []
        for token in (created["token"], joined["token"], None):
            socket = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table}")))
            socket.send({"type": "hello", "token": token} if token else {"type": "hello"})
            socket.state()
            socket.until(lambda m: m["type"] == "chat_history")
            sockets.append(socket)
        yield table, sockets[0], sockets[1], sockets[2]


def next_chat(socket: Socket) -> dict[str, Any]:
    return socket.until(lambda m: m["type"] in ("chat", "error"))


def history(client: TestClient, table: str, token: str | None = None) -> dict[str, Any]:
    """The chat history a new connection is sent after its hello."""
    with client.websocket_connect(f"/ws/{table}") as ws:
        socket = Socket(ws)
        socket.send({"type": "hello", "token": token} if token else {"type": "hello"})
        state = socket.next()
        assert state["type"] == "state"
        # The history follows the state at once, to this connection alone.
        found = socket.next()
        assert found["type"] == "chat_history"
        return found


def test_a_player_posts_and_everyone_at_the_table_reads_it(client):
    with seated_table(client) as (_table, ann, bob, spectator):
        before = time.time()
        ann.send({"type": "chat", "text": "  Fair winds, Bob!  "})
        told = [next_chat(s) for s in (ann, bob, spectator)]
        assert all(m == told[0] for m in told)
        message = told[0]
        assert set(message) == CHAT_KEYS
        assert message["type"] == "chat"
        assert message["seat"] == 0 and message["name"] == "Ann"
        assert message["text"] == "Fair winds, Bob!"  # trimmed
        assert before - 1 <= message["at"] <= time.time() + 1
        bob.send({"type": "chat", "text": "And to you"})
        assert [next_chat(s)["name"] for s in (ann, bob, spectator)] == ["Bob"] * 3


def test_spectators_read_only_unless_the_server_lets_them_post(client, db_url):
    with seated_table(client) as (table, ann, bob, spectator):
        assert history(client, table)["can_post"] is False
        spectator.send({"type": "chat", "text": "let me in"})
        refused = spectator.error()
        assert refused["message"] == "spectators read the chat; only the players write in it"
        # The refused message went to no one: the next one anyone hears is Ann's.
        ann.send({"type": "chat", "text": "after"})
        for socket in (ann, bob, spectator):
            assert next_chat(socket)["text"] == "after"
        assert [m["text"] for m in history(client, table)["messages"]] == ["after"]

    with (
        serving(db_url, chat_spectators=True) as open_client,
        seated_table(open_client) as (table, ann, bob, spectator),
    ):
        assert history(open_client, table)["can_post"] is True
        spectator.send({"type": "chat", "text": "Ahoy", "name": " Sam "})
        said = next_chat(ann)
        assert (said["seat"], said["name"], said["text"]) == (None, "Sam", "Ahoy")
        assert next_chat(spectator) == said == next_chat(bob)
        spectator.send({"type": "chat", "text": "again"})
        assert next_chat(bob)["name"] == "Spectator"


def test_seated_connections_may_post_and_are_told_the_limit(client):
    created = create(client, [HUMAN, HUMAN])
    told = history(client, created["table"], created["token"])
    assert told == {"type": "chat_history", "messages": [], "can_post": True, "max_length": 300}


def test_empty_too_long_and_non_text_messages_are_refused(client):
    with seated_table(client) as (table, ann, bob, _spectator):
        for empty in ("", "   ", "\n\t", "\u200b\u200d"):
            ann.send({"type": "chat", "text": empty})
            assert ann.error()["message"] == "a chat message needs some words", repr(empty)
        ann.send({"type": "chat", "text": "x" * 301})
        assert ann.error()["message"] == (
            "a chat message is at most 300 characters; this one has 301"
        )
        for wrong in (None, 5, ["hi"], {"text": "hi"}):
            ann.send({"type": "chat", "text": wrong})
            assert ann.error()["message"] == "a chat message is text", wrong
        # Spaces around a message do not count against it.
        longest = "y" * 300
        ann.send({"type": "chat", "text": f"  {longest}  "})
        assert next_chat(bob)["text"] == longest
        # Control and formatting characters (a right-to-left override) become spaces.
        ann.send({"type": "chat", "text": "gold\u202eplog\x07!"})
        assert next_chat(bob)["text"] == "gold plog !"
        assert [m["text"] for m in history(client, table)["messages"]] == [
            longest,
            "gold plog !",
        ]


def test_html_is_kept_as_the_text_it_is(client):
    words = '<b>tags</b> & <script>alert("x")</script> <img src=x onerror=alert(1)>'
    with seated_table(client) as (table, ann, _bob, spectator):
        ann.send({"type": "chat", "text": words})
        assert next_chat(spectator)["text"] == words
    assert history(client, table)["messages"][0]["text"] == words


def test_a_connection_past_its_chat_rate_is_refused_and_its_message_dropped(db_url):
    with serving(db_url, chat_rate=0.01, chat_burst=2) as client:
        with seated_table(client) as (table, ann, bob, spectator):
            for n in range(3):
                ann.send({"type": "chat", "text": f"spam {n}"})
            answers = [next_chat(ann) for _ in range(3)]
            assert [m["type"] for m in answers] == ["chat", "chat", "error"]
            assert answers[2]["message"].startswith("too many chat messages; wait ")
            # The limit is the connection's own: Bob still may post.
            bob.send({"type": "chat", "text": "calm"})
            heard = [next_chat(spectator)["text"] for _ in range(3)]
            assert heard == ["spam 0", "spam 1", "calm"]
            # The chat's limit is not the connection's: Ann still plays.
            ann.send({"type": "act", "action": "reload"})
            assert ann.state(1)["view"]["committed"] == [0]
        assert [m["text"] for m in history(client, table)["messages"]] == [
            "spam 0",
            "spam 1",
            "calm",
        ]


def test_the_latest_messages_are_stored_and_sent_to_a_later_connection(db_url):
    with serving(db_url, chat_history=3) as client:
        created = create(client, [HUMAN, HUMAN])
        table = created["table"]
        joined = join(client, table, "Bob")
        with client.websocket_connect(f"/ws/{table}") as a, client.websocket_connect(
            f"/ws/{table}"
        ) as b:
            ann, bob = Socket(a), Socket(b)
            ann.send({"type": "hello", "token": created["token"]})
            bob.send({"type": "hello", "token": joined["token"]})
            for n, socket in enumerate((ann, bob, ann, bob)):
                socket.send({"type": "chat", "text": f"line {n}"})
                assert next_chat(ann)["text"] == f"line {n}"
                assert next_chat(bob)["text"] == f"line {n}"
            # A hello again on the same socket sends the history again, not twice over.
            bob.send({"type": "hello", "token": joined["token"]})
            again = bob.until(lambda m: m["type"] == "chat_history")
            assert [m["text"] for m in again["messages"]] == ["line 1", "line 2", "line 3"]
        later = history(client, table)
        assert [(m["seat"], m["name"], m["text"]) for m in later["messages"]] == [
            (1, "Bob", "line 1"),
            (0, "Ann", "line 2"),
            (1, "Bob", "line 3"),
        ]
        assert all(set(m) == LINE_KEYS for m in later["messages"])
    # A server started again on the same store still has them.
    with serving(db_url, chat_history=10) as client:
        again = history(client, table, created["token"])
        assert [m["text"] for m in again["messages"]] == [f"line {n}" for n in range(4)]
        assert again["messages"][1]["at"] == later["messages"][0]["at"]


def test_a_store_made_before_the_chat_opens_and_gets_one(db_url):
    with serving(db_url) as client:
        created = create(client, [HUMAN, HUMAN])
        table = created["table"]
    # The store as it was before tables had a chat.
    store = Store(db_url)
    with store.engine.begin() as db:
        db.execute(text("DROP TABLE plunder_chat"))
    assert "plunder_chat" not in inspect(store.engine).get_table_names()
    store.close()
    with serving(db_url) as client:
        assert client.get(f"/api/tables/{table}").json()["status"] == "open"
        joined = join(client, table, "Bob")
        with client.websocket_connect(f"/ws/{table}") as ws:
            bob = Socket(ws)
            bob.send({"type": "hello", "token": joined["token"]})
            assert bob.until(lambda m: m["type"] == "chat_history")["messages"] == []
            bob.send({"type": "chat", "text": "still afloat"})
            assert next_chat(bob)["text"] == "still afloat"
    with serving(db_url) as client:
        assert [m["text"] for m in history(client, table)["messages"]] == ["still afloat"]


def test_a_chat_message_carries_nothing_of_the_game(client):
    with seated_table(client) as (table, ann, bob, spectator):
        # Mid-step: Ann has chosen, her choice concealed from the others.
        ann.send({"type": "act", "action": "reload"})
        hidden = ann.state(1)
        assert hidden["chosen"] is not None
        ann.send({"type": "chat", "text": "I have chosen"})
        for socket in (ann, bob, spectator):
            message = next_chat(socket)
            assert set(message) == CHAT_KEYS
            assert isinstance(message["seat"], int) and isinstance(message["at"], float)
            assert (message["name"], message["text"]) == ("Ann", "I have chosen")
        told = history(client, table, None)
        assert set(told) == {"type", "messages", "can_post", "max_length"}
        assert told["messages"]
        assert all(set(m) == LINE_KEYS for m in told["messages"])


def test_a_closed_table_takes_no_more_chat(client):
    with seated_table(client) as (_table, ann, bob, _spectator):
        ann.send({"type": "close"})
        ann.until(lambda m: m["type"] == "state" and m["table"]["status"] == "closed")
        bob.send({"type": "chat", "text": "wait"})
        assert bob.error()["message"] == "the table is closed"
