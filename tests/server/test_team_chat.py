"""A team's chat: in a game of teams a player may write to its team alone.

- A line written to the team (``"team": true``) reaches the connections of the
  author's teammates, never the other team's nor a spectator's; the table's chat
  goes on beside it.
- The history sent after a hello holds the team lines of the connection's own
  team only, also after the server starts again on the same store.
- A spectator may not write to a team, nor may anyone at a game without teams.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from fastapi.testclient import TestClient

from plunder.server.app import create_app
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, create, join

# Two against two: seats 0 and 2 against 1 and 3.
TEAMS = {"game": "rumbones", "options": {"players": 4, "heroes": "random"}}


@contextmanager
def four_at_a_table(client: TestClient) -> Iterator[tuple[str, list[str], list[Socket]]]:
    """A running 2-against-2 table of four humans and a spectator, each connected; yields
    the table, the seats' tokens and five sockets (seats 0 to 3, then the spectator)."""
    created = create(client, [HUMAN] * 4, **TEAMS)
    table = created["table"]
    tokens = [created["token"], *(join(client, table, name)["token"]
                                  for name in ("Bob", "Cy", "Di"))]
    with ExitStack() as stack:
        sockets = []
        for token in (*tokens, None):
            socket = Socket(stack.enter_context(client.websocket_connect(f"/ws/{table}")))
            socket.send({"type": "hello", "token": token} if token else {"type": "hello"})
            socket.until(lambda m: m["type"] == "chat_history")
            sockets.append(socket)
        yield table, tokens, sockets


def next_chat(socket: Socket) -> dict[str, Any]:
    return socket.until(lambda m: m["type"] in ("chat", "error"))


def history(client: TestClient, table: str, token: str | None) -> list[dict[str, Any]]:
    with client.websocket_connect(f"/ws/{table}") as ws:
        socket = Socket(ws)
        socket.send({"type": "hello", "token": token} if token else {"type": "hello"})
        return socket.until(lambda m: m["type"] == "chat_history")["messages"]


def test_a_team_line_reaches_the_team_alone(client):
    with four_at_a_table(client) as (_table, _tokens, sockets):
        ann, bob, cy, di, spectator = sockets
        ann.send({"type": "chat", "text": "Cy, take the helm", "team": True})
        ann.send({"type": "chat", "text": "Good luck, all"})
        for teammate in (ann, cy):
            line = next_chat(teammate)
            assert line["team"] is True and line["seat"] == 0
            assert line["text"] == "Cy, take the helm"
            assert next_chat(teammate)["text"] == "Good luck, all"
        # The other team and the spectator receive the table's line, and only it.
        for other in (bob, di, spectator):
            line = next_chat(other)
            assert line["text"] == "Good luck, all" and "team" not in line


def test_the_history_holds_ones_own_teams_lines_only(client, db_url):
    with four_at_a_table(client) as (table, tokens, sockets):
        ann, bob = sockets[0], sockets[1]
        ann.send({"type": "chat", "text": "lords only", "team": True})
        bob.send({"type": "chat", "text": "marea only", "team": True})
        bob.send({"type": "chat", "text": "to everyone"})
        next_chat(bob), next_chat(bob)
        next_chat(ann), next_chat(ann)
    seen = {seat: [line["text"] for line in history(client, table, token)]
            for seat, token in enumerate(tokens)}
    assert seen[0] == seen[2] == ["lords only", "to everyone"]
    assert seen[1] == seen[3] == ["marea only", "to everyone"]
    assert [line["text"] for line in history(client, table, None)] == ["to everyone"]


def test_a_restarted_server_keeps_each_teams_lines_apart(db_url):
    with (
        TestClient(create_app(db_url, settings=UNLIMITED)) as client,
        four_at_a_table(client) as (table, tokens, sockets),
    ):
        sockets[3].send({"type": "chat", "text": "marea plan", "team": True})
        next_chat(sockets[3])
    with TestClient(create_app(db_url, settings=UNLIMITED)) as client:
        assert [line["text"] for line in history(client, table, tokens[1])] == ["marea plan"]
        assert history(client, table, tokens[0]) == []
        assert history(client, table, None) == []


def test_a_spectator_or_a_game_without_teams_has_no_team_chat(client):
    with four_at_a_table(client) as (_table, _tokens, sockets):
        spectator = sockets[4]
        spectator.send({"type": "chat", "text": "psst", "team": True})
        assert next_chat(spectator)["type"] == "error"
    created = create(client, [HUMAN, HUMAN])  # Duel, no teams
    join(client, created["table"], "Bob")
    with client.websocket_connect(f"/ws/{created['table']}") as ws:
        socket = Socket(ws)
        socket.send({"type": "hello", "token": created["token"]})
        socket.until(lambda m: m["type"] == "chat_history")
        socket.send({"type": "chat", "text": "psst", "team": True})
        error = next_chat(socket)
        assert error["type"] == "error" and "team" in error["message"]
