"""The attacks on the browser table that once found holes, played in whole team games.

A three-against-three Rum & Bones game and a four-player Clash Royale! are played to
the end by hand, every seat human, with a spectator watching. After every round,
from a second connection of each seat (the same token) and from a spectator of its
own, an attacker sends what it may not do: hand over, close or finish the table
when it is not the host, act for no seat or for a step that is over, write to a
team it is not on (a spectator), send a team line with ``team`` that is not
``true``, set an auto-pass for no seat, send fields of the wrong kind. Each must be
refused with an ``error`` and change nothing: no seat goes to a bot, the table stays
running. The host's handover of a seat whose player is there is only a question
(a ``notice``), never a seat taken. Then every state message every seat and the
spectator received is checked against the truth (``leaks.state_messages``), and
the counts are printed (``-s``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.kit import Socket, summary
from server.leaks import Played, check_bodies, play_by_hand, state_messages


def attacks(seat: int | None, step: int, players: int) -> list[dict[str, Any]]:
    """What the attacker at ``seat`` (None: a spectator) sends after a round."""
    other = (0 if seat is None else seat + 1) % players
    sent: list[dict[str, Any]] = [
        {"type": "handover", "seat": other},
        {"type": "handover", "seat": "all"},
        {"type": "handover", "seat": True},
        {"type": "close"},
        {"type": "finish"},
        {"type": "act", "action": "pass", "step": step - 1},
        {"type": "act", "action": ["pass"], "step": step},
        {"type": "act", "action": "pass", "step": str(step)},
        {"type": "chat", "text": "to everyone?", "team": "true"},
        {"type": "chat", "text": "to everyone?", "team": 1},
        {"type": "chat", "text": "to everyone?", "team": [True]},
        {"type": "autopass", "every": "yes"},
        {"type": "takeback", "seat": other},
    ]
    if seat is None:
        sent += [
            {"type": "act", "action": "pass", "step": step},
            {"type": "chat", "text": "spectator to a team", "team": True},
            {"type": "autopass", "every": True},
            {"type": "takeback"},
            {"type": "undo", "move": 0},
            {"type": "leave"},
        ]
    return [m for m in sent if not (seat is not None and m["type"] == "takeback")]


class Attacker:
    """A second connection for each seat and a spectator of its own; counts refusals."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.refused = 0
        self.sent = 0
        self.sockets: dict[int | None, Socket] = {}
        self.contexts: list[Any] = []
        self.table = ""
        self.tokens: dict[int, str] = {}

    def seated(self, table: str, tokens: dict[int, str]) -> None:
        self.table, self.tokens = table, tokens

    def open(self) -> None:
        for seat in [*self.tokens, None]:
            context = self.client.websocket_connect(f"/ws/{self.table}")
            socket = Socket(context.__enter__())
            self.contexts.append(context)
            token = None if seat is None else self.tokens[seat]
            socket.send({"type": "hello"} if token is None else {"type": "hello", "token": token})
            last = "chat_history" if seat is None else "autopass"
            socket.until(lambda m, last=last: m["type"] == last)
            self.sockets[seat] = socket

    def close(self) -> None:
        for context in self.contexts:
            context.__exit__(None, None, None)

    def round(self, players: int) -> None:
        if not self.sockets:
            self.open()
        before = summary(self.client, self.table)
        if before["status"] != "running":
            return  # the last round has ended the game: "finish" would rightly do nothing
        seen = [m for m in self.sockets[None].received if m["type"] == "state"]
        step = seen[-1]["step"]
        for seat, socket in self.sockets.items():
            if seat == 0:
                continue  # the host's own attack: below
            for message in attacks(seat, step, players):
                socket.send(message)
                # What the seat's autoplay played meanwhile is told, and is no answer.
                answer = socket.until(lambda m: m["type"] in ("error", "notice", "chat")
                                      and "played" not in m)
                self.sent += 1
                assert answer["type"] == "error", (seat, message, answer)
                self.refused += 1
        # The host asks for a seat whose player is here: a question, never a seat.
        host = self.sockets[0]
        host.send({"type": "handover", "seat": 1})
        answer = host.until(lambda m: m["type"] in ("error", "notice"))
        assert answer["type"] == "notice" or "asked already" in answer["message"], answer
        self.sent += 1
        self.refused += 1
        after = summary(self.client, self.table)
        assert [s["auto"] for s in after["seats"]] == [s["auto"] for s in before["seats"]]
        assert after["status"] == before["status"]


def play_attacked(client: Any, players: int, seed: int, **table: Any) -> tuple[Played, Attacker]:
    attacker = Attacker(client)
    rounds = [0]

    def each_round(move: int, sockets: dict[int | None, Socket]) -> None:
        rounds[0] += 1
        if rounds[0] % 3 == 1:
            attacker.round(players)

    try:
        played = play_by_hand(
            client, players, rng=random.Random(seed), limit=8000, each_round=each_round,
            seated=attacker.seated, reflex_clock=60, **table,
        )
    finally:
        attacker.close()
    return played, attacker


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "options"),
    [
        (6, {"players": 6, "round_limit": 2, "heroes": "random"}),
        (4, {"players": 4, "mode": "clash", "round_limit": 2}),
    ],
    ids=["3v3", "clash-royale-4"],
)
def test_the_attacks_are_refused_and_nothing_leaks(client, players, options):
    played, attacker = play_attacked(
        client, players, seed=players, game="rumbones", options=options
    )
    check_bodies(played.bodies, played.seed, ("hand", "hands"))
    checked = sum(1 for _ in state_messages(played))
    print(
        f"rumbones {options}: {checked} state messages checked, "
        f"{attacker.refused} of {attacker.sent} attacks refused"
    )
    assert checked > 100
    assert attacker.sent > 0 and attacker.refused == attacker.sent
