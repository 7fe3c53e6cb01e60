"""A player's private auto-pass at the browser table (docs/server.md, "Auto-pass").

A seat may ask the server to pass for it in the any-time windows of some timings,
or in every window. The setting is the seat's own: stored with the seat (a reload
or a restart keeps it) and told to that seat's connections alone. The server
plays a covered window's pass for the seat when a stand-in bot would move, after
the table's bot delay, and never anything but the pass. Whether any other seat or
a spectator can tell is checked by the leak scan of a whole game
(``test_leaks_rumbones.py``).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import text

from plunder.server.app import create_app
from plunder.server.store import Store
from server.conftest import UNLIMITED
from server.kit import HUMAN, Socket, create, join, states_along

OFF = {"type": "autopass", "every": False, "timings": [], "forced": True}
TIDE = {"type": "autopass", "every": False, "timings": ["tide"], "forced": True}
# A deal (with the choices ``keen`` draws from random.Random(5)) in which seat 0
# meets windows of both of Rum & Bones's timings, "tide" and "hits", in five rounds.
DEAL = 1732050807568877
DECLINE = ("pass", "end", "stop", "keep")

Latest = dict[int, dict[str, Any]]


@dataclass
class Table:
    """A Rum & Bones table of two humans and a spectator, each connected and greeted."""

    name: str
    tokens: dict[int, str]
    sockets: dict[int | None, Socket]


@contextmanager
def rumbones(
    client: TestClient, autoplay_off: tuple[int, ...] = (), **table: Any
) -> Iterator[Table]:
    """The table (``table``: the creation's fields), each socket past its first state,
    its chat history and, for a seat, its auto-pass setting (off); the seats of
    ``autoplay_off`` turn their autoplay off (before their first decision, the draft's
    pick, is answered), so that they answer decisions with one answer by hand."""
    options = table.pop("options", {})
    created = create(
        client, [HUMAN, HUMAN], game="rumbones", options=options, reflex_clock=60, **table
    )
    name = created["table"]
    tokens = {0: created["token"], 1: join(client, name)["token"]}
    with ExitStack() as stack:
        sockets = {}
        for seat in (0, 1, None):
            socket = Socket(stack.enter_context(client.websocket_connect(f"/ws/{name}")))
            socket.send(
                {"type": "hello"} if seat is None else {"type": "hello", "token": tokens[seat]}
            )
            socket.until(lambda m: m["type"] == "chat_history")
            if seat is not None:
                assert socket.next() == OFF
            if seat in autoplay_off:
                socket.send({"type": "autopass", "forced": False})
                socket.until(lambda m: m == {**OFF, "forced": False})
            sockets[seat] = socket
        yield Table(name, tokens, sockets)


def keen(message: dict[str, Any], rng: random.Random) -> str:
    """A random choice, mostly not a way to decline, so that heroes attack."""
    eager = [a["notation"] for a in message["actions"] if a["verb"] not in DECLINE]
    return rng.choice(eager if eager and rng.random() < 0.9 else message["legal"])


def owes_window(message: dict[str, Any], seat: int) -> bool:
    """Whether ``message`` shows ``seat`` owing an answer to an open window."""
    view = message["view"]
    decision = view["decision"] or {}
    return (
        bool(decision.get("window")) and seat in view["pending"] and (seat not in view["committed"])
    )


def drive(
    sockets: dict[int | None, Socket],
    rng: random.Random,
    stop: Callable[[Latest], bool],
    leave: Callable[[int, dict[str, Any]], bool] = lambda seat, message: False,
) -> Latest:
    """Plays both seats, a move at a time (``keen``), until ``stop`` accepts the latest
    state of each (or the game ends); a decision ``leave`` accepts is left to the server.
    (A seat with autoplay on leaves it decisions with one answer: ``rumbones``'s
    ``autoplay_off`` keeps them the seat's.)"""
    latest = {seat: sockets[seat].state(0) for seat in (0, 1)}
    while True:
        move = max(m["move"] for m in latest.values())
        latest = {seat: sockets[seat].state(move) for seat in latest}
        if stop(latest) or latest[0]["view"]["over"]:
            return latest
        for seat, message in latest.items():
            if message["legal"] and not leave(seat, message):
                step = message["step"]
                sockets[seat].send({"type": "act", "action": keen(message, rng)})
                sockets[seat].until(
                    lambda m, seat=seat, step=step: (
                        m["type"] == "state"
                        and (m["step"] != step or seat in m["view"]["committed"])
                    )
                )
                break
        else:
            # Nothing to do but wait for what the server plays for a seat.
            latest = {seat: sockets[seat].state(move + 1) for seat in latest}


def settings_told(socket: Socket) -> list[dict[str, Any]]:
    return [m for m in socket.received if m["type"] == "autopass"]


def barrier(socket: Socket) -> None:
    """Every message sent to ``socket`` before now has arrived (a ping's pong follows them)."""
    socket.send({"type": "ping"})
    socket.until(lambda m: m["type"] == "pong")


def hello_setting(client: TestClient, name: str, token: str) -> dict[str, Any]:
    """What a new connection of a seat (a reload) is told of its setting."""
    with client.websocket_connect(f"/ws/{name}") as ws:
        socket = Socket(ws)
        socket.send({"type": "hello", "token": token})
        return socket.until(lambda m: m["type"] == "autopass")


def test_the_setting_goes_to_its_own_seat_alone_and_outlives_a_restart(db_url):
    with (
        TestClient(create_app(db_url, settings=UNLIMITED)) as client,
        rumbones(client) as table,
    ):
        sockets = table.sockets
        with client.websocket_connect(f"/ws/{table.name}") as ws:
            # A second tab of seat 0 is told too.
            second = Socket(ws)
            second.send({"type": "hello", "token": table.tokens[0]})
            assert second.until(lambda m: m["type"] == "autopass") == OFF
            sockets[0].send({"type": "autopass", "timings": ["tide"]})
            assert sockets[0].until(lambda m: m["type"] == "autopass") == TIDE
            assert second.until(lambda m: m["type"] == "autopass") == TIDE
        for seat in (1, None):
            barrier(sockets[seat])
        assert settings_told(sockets[1]) == [OFF]
        assert settings_told(sockets[None]) == []
        assert "autopass" not in client.get(f"/api/tables/{table.name}").text
        # A spectator has no seat to pass for; a malformed setting is refused.
        sockets[None].send({"type": "autopass", "every": True})
        assert "spectator" in sockets[None].error()["message"]
        for bad in (
            {"every": "yes"},
            {"timings": "tide"},
            {"timings": ["<b>"]},
            {"timings": ["x"] * 33},
            {"every": 1},
        ):
            sockets[1].send({"type": "autopass", **bad})
            assert sockets[1].error()["message"].startswith("autopass: "), bad
        barrier(sockets[1])
        assert settings_told(sockets[1]) == [OFF]
        # A reload gets it back.
        assert hello_setting(client, table.name, table.tokens[0]) == TIDE
        assert hello_setting(client, table.name, table.tokens[1]) == OFF
    # So does a hello to a server started again on the same store.
    with TestClient(create_app(db_url, settings=UNLIMITED)) as client:
        assert hello_setting(client, table.name, table.tokens[0]) == TIDE


def test_a_store_made_before_auto_pass_gets_its_column(db_url):
    with TestClient(create_app(db_url, settings=UNLIMITED)) as client:
        created = create(client, [HUMAN, HUMAN], game="rumbones")
    store = Store(db_url)
    with store.engine.begin() as db:
        db.execute(text("ALTER TABLE plunder_seats DROP COLUMN autopass"))
    store.close()
    with TestClient(create_app(db_url, settings=UNLIMITED)) as client:
        name = created["table"]
        assert hello_setting(client, name, created["token"]) == OFF
        with client.websocket_connect(f"/ws/{name}") as ws:
            socket = Socket(ws)
            socket.send({"type": "hello", "token": created["token"]})
            socket.send({"type": "autopass", "every": True})
            told = socket.until(lambda m: m["type"] == "autopass" and m["every"])
            assert told == {"type": "autopass", "every": True, "timings": [], "forced": True}
        assert hello_setting(client, name, created["token"])["every"] is True


def covered_by(setting: dict[str, Any]) -> Callable[[int, dict[str, Any]], bool]:
    """For ``drive``: seat 0's windows that ``setting`` covers are left to the server."""

    def leave(seat: int, message: dict[str, Any]) -> bool:
        kind = message["view"]["decision"]["kind"]
        wanted = setting.get("every") or kind in setting.get("timings", [])
        return seat == 0 and owes_window(message, 0) and bool(wanted)

    return leave


def test_the_server_passes_the_covered_windows_and_plays_nothing_else(client, monkeypatch):
    monkeypatch.setattr(secrets, "randbits", lambda bits: DEAL)
    with rumbones(client, (0, 1), options={"round_limit": 5}) as table:
        host = table.sockets[0]
        host.send({"type": "autopass", "timings": ["tide"]})
        host.until(lambda m: m == {**TIDE, "forced": False})
        # The windows on hits are answered by hand, mostly with a reaction.
        drive(table.sockets, random.Random(5), stop=lambda latest: False, leave=covered_by(TIDE))
        record = client.get(f"/api/tables/{table.name}/record").json()
    states = states_along(record)
    offered = {m["move"] for m in host.received if m["type"] == "state" and m["legal"]}
    answers: dict[str, list[str]] = {"tide": [], "hits": []}
    for index, (seat, notation) in enumerate(record["moves"]):
        decision = states[index].decision
        if seat == 0 and decision.window:
            answers[decision.kind].append(notation)
            # Never before the window was offered to the seat.
            assert index in offered, index
    # Every Tide window passed, and only those: a reaction was played by hand.
    assert len(answers["tide"]) > 15 and set(answers["tide"]) == {"pass"}, answers
    assert any(notation != "pass" for notation in answers["hits"]), answers
    # A pass of the server's is no bot's move: the record names no bot for it.
    assert record["bot_moves"] == {}


def test_a_covered_window_is_passed_no_sooner_than_a_bot_would_move(client, monkeypatch):
    """Told by the order of events: the other side answers a window as soon as it is
    offered, and its answer comes before the pass the server plays after its delay."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: DEAL)
    every = {"every": True}
    with rumbones(client, (0, 1), options={"round_limit": 5}, bot_delay=1) as table:
        host, guest = table.sockets[0], table.sockets[1]
        host.send({"type": "autopass", **every})
        host.until(lambda m: m["type"] == "autopass" and m["every"])
        # A window offered to both sides: the guest answers it at once.
        both = drive(
            table.sockets,
            random.Random(5),
            leave=covered_by(every),
            stop=lambda latest: owes_window(latest[1], 0) and owes_window(latest[1], 1),
        )
        decision = both[1]["view"]["decision"]
        move = both[1]["move"]
        guest.send({"type": "act", "action": decision["default"]})
        first = guest.state(move + 1)
        assert first["view"]["committed"] == [1], "the server passed before the guest answered"
        second = guest.state(move + 2)
        window = next(e for e in second["events"] if e["type"] == "window")
        assert window["choices"] == {"0": decision["default"], "1": decision["default"]}
        # A window offered to the host alone: the guest's chat, sent on seeing it, reaches
        # the host before the pass.
        alone = drive(
            table.sockets,
            random.Random(6),
            leave=covered_by(every),
            stop=lambda latest: (
                owes_window(latest[1], 0) and latest[1]["view"]["decision"]["seats"] == [0]
            ),
        )
        move = alone[1]["move"]
        guest.send({"type": "chat", "text": "your move"})
        after = host.until(
            lambda m: m["type"] == "chat" or (m["type"] == "state" and m["move"] > move)
        )
        assert after["type"] == "chat", "the server passed before the guest's chat"
        passed = host.state(move + 1)
        window = next(e for e in passed["events"] if e["type"] == "window")
        assert window["choices"] == {"0": alone[1]["view"]["decision"]["default"]}


def test_a_setting_made_while_its_window_is_open_answers_it(client, monkeypatch):
    monkeypatch.setattr(secrets, "randbits", lambda bits: DEAL)
    with rumbones(client, (0, 1), options={"round_limit": 5}) as table:
        host = table.sockets[0]
        latest = drive(
            table.sockets, random.Random(5), stop=lambda latest: owes_window(latest[0], 0)
        )[0]
        decision = latest["view"]["decision"]
        host.send({"type": "autopass", "timings": [decision["kind"]]})
        answered = host.until(lambda m: m["type"] == "state" and m["move"] > latest["move"])
        if answered["step"] == latest["step"]:
            assert answered["chosen"]["notation"] == decision["default"]
        else:
            window = next(e for e in answered["events"] if e["type"] == "window")
            assert window["choices"]["0"] == decision["default"]
