"""A Rum & Bones table of teams leaks nothing to the other team: its Tide hands and its
team chat stay its own.

Two against two, and three against three (with its captains), all humans, play
whole games (two rounds each) while a spectator watches; after every round each team
writes in its team chat, and someone writes to the table. Every message every seat
and the spectator receive is kept; afterwards the record is replayed to the move
each message was sent at, and the message is checked against the truth:

- its ``view`` is exactly ``state.view(seat, log=False)`` at that move, its
  ``events`` what the seat lacked, its ``legal`` and ``actions`` the seat's own
  (``check_state_message``);
- the hands a message holds are the seat's own (``hand``) and its teammates'
  (``hands``), each the truth, never another team's, and never the spectator's;
  a card drawn is told to the drawer's team alone; the cards a seat may play are
  in its own hand;
- the message would be the same had the other team held any other hands: the
  truth is determinized for the seat (every card it cannot see dealt anew) and
  the seat's view and events of that world equal what it was sent;
- a team chat line reaches its team and no one else: no seat of the other team
  and no spectator receives it, live or in a history.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.kit import Socket
from server.leaks import (
    Played,
    check_bodies,
    check_unseen,
    play_by_hand,
    play_until_enough,
    state_messages,
    walk,
)

SECRET = "secret-of-team-"


def talk(move: int, sockets: dict[int | None, Socket]) -> None:
    """After a round: each team's first player writes to its team, seat 1 to the table."""
    for seat in (0, 1):
        sockets[seat].send({"type": "chat", "team": True, "text": f"{SECRET}{seat % 2} {move}"})
    sockets[1].send({"type": "chat", "text": f"hello all {move}"})


def chat_lines(message: dict[str, Any]) -> list[dict[str, Any]]:
    if message["type"] == "chat":
        return [message]
    if message["type"] == "chat_history":
        return list(message["messages"])
    return []


@pytest.mark.parametrize("players", [4, 6], ids=["2v2", "3v3"])
def test_a_whole_team_game_leaks_nothing_to_the_other_team(client, players: int):
    def play(index: int) -> Played:
        return play_by_hand(
            client, players, rng=random.Random(players + 10 * index), limit=6000,
            game="rumbones", options={"players": players, "round_limit": 2, "heroes": "random"},
            reflex_clock=60, each_round=talk,
        )

    def check(played: Played) -> tuple[int, int]:
        check_bodies(played.bodies, played.seed, ("hand", "hands"))
        check_team_chat(played, players)
        return check_hands(played, players, rng)

    rng = random.Random(1)
    play_until_enough(play, check, messages=200)


def check_hands(played: Played, players: int, rng: random.Random) -> tuple[int, int]:
    """Checks every state message of ``played``; returns how many there were and in how
    many the other team's hands were dealt anew."""
    teams = {seat: {s for s in range(players) if s % 2 == seat % 2} for seat in range(players)}
    checked = resampled = 0
    for seat, socket, message, truth in state_messages(played):
        view = socket.full_view(message)
        for path, key, _ in walk(message):
            if key in ("hand", "hands"):
                assert path == ("view",) and seat is not None, (path, key)
        if seat is not None:
            assert view["hand"] == truth.hand[seat]
            assert {int(s) for s in view["hands"]} == teams[seat]
            for other, cards in view["hands"].items():
                assert cards == truth.hand[int(other)]
        for event in view["log"]:
            if event["type"] == "tide_drew":
                assert seat is not None and event["seat"] in teams[seat], (seat, event)
        for action in message["actions"]:
            if action["verb"] in ("tide", "discard"):
                assert action["arg"] in truth.hand[seat], (seat, action)
        # Another world the seat cannot tell from this one: its message is the same.
        world = check_unseen(truth, seat, message, rng)
        hidden = [s for s in range(players) if seat is None or s not in teams[seat]]
        resampled += any(sorted(world.hand[s]) != sorted(truth.hand[s]) for s in hidden)
        checked += 1
    return checked, resampled


def check_team_chat(played: Played, players: int) -> None:
    """Every seat and the spectator, live and in the histories: a team's chat reached
    every seat of that team and no one else."""
    heard: dict[int | None, set[str]] = {seat: set() for seat in played.sockets}
    for seat, socket in played.sockets.items():
        for message in socket.received:
            for line in chat_lines(message):
                if SECRET in line["text"]:
                    assert line.get("team") is True
                    team = int(line["text"].split(SECRET)[1].split()[0])
                    assert seat is not None and seat % 2 == team, (seat, line)
                    heard[seat].add(line["text"])
                else:
                    assert "team" not in line
    for seat in range(players):
        assert heard[seat], f"seat {seat} heard nothing of its team's chat"
    assert not heard[None]
