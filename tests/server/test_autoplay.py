"""Autoplay at the browser table (docs/server.md, "Auto-pass"): a decision with one
legal answer is played for a human seat, as the player's own move, after the pause
an auto-pass waits, told to that seat alone; and no other seat can tell.

Whether a decision had one answer is found by replaying the record, not from the
server: every move of a seat made where the seat had a single legal action.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from typing import Any

import pytest

from server.leaks import Played, play_by_hand, state_messages
from server.test_autopass import drive, keen, rumbones
from server.test_leaks_rumbones import _kind

GAMES = [("rumbones", {"round_limit": 4}), ("swordplay", {})]
SAID = "Played for you: "


def forced_moves(played: Played) -> dict[int, list[tuple[int, str]]]:
    """Each seat's moves made with one legal action: (index in the record, notation)."""
    states = played.states
    forced: dict[int, list[tuple[int, str]]] = {0: [], 1: []}
    for index, (seat, notation) in enumerate(states[-1].record["moves"]):
        if len(states[index].legal(seat)) == 1:
            forced[seat].append((index, notation))
    return forced


def told(played: Played, seat: int | None) -> set[Any]:
    """The kinds of the messages ``seat`` received (their fields and the types of their
    values), the game itself left out: the view, its events and actions, the clocks."""
    kinds: set[Any] = set()
    for message in played.sockets[seat].received:
        if message["type"] != "state":
            kinds.add(_kind(message))
            continue
        seats = [{key: value for key, value in entry.items() if key != "deadline"}
                 for entry in message["table"]["seats"]]
        kinds.add(_kind({**message, "table": {**message["table"], "seats": seats},
                         "view": None, "events": None, "legal": None, "actions": None,
                         "chosen": None, "deadline": None}))
    return kinds


def only_or_keen(message: dict[str, Any], rng: random.Random) -> str:
    """The one legal answer, drawing nothing (as the server's autoplay draws nothing);
    else a random choice, mostly not a way to decline."""
    if len(message["legal"]) == 1:
        return message["legal"][0]
    return keen(message, rng)


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_a_decision_with_one_answer_is_played_for_the_seat_and_told_to_it_alone(
    client, game, options
):
    # The players leave every decision with one answer to the server (play_by_hand).
    played = play_by_hand(client, 2, rng=random.Random(5), choose=only_or_keen, limit=3000,
                          game=game, options=options, reflex_clock=60)
    record = client.get(f"/api/tables/{played.table}/record").json()
    forced = forced_moves(played)
    assert len(forced[0]) + len(forced[1]) >= 2, forced
    # Each is the player's own move: no bot in the record.
    assert record["bot_moves"] == {}
    for seat in (0, 1):
        last_move = 0
        told = []
        for message in played.sockets[seat].received:
            if message["type"] == "state":
                last_move = max(last_move, message["move"])
            elif message["type"] == "notice":
                assert message["played"] in message["message"], message
                told.append((last_move, message["message"]))
        assert len(told) == len(forced[seat]), (seat, told, forced[seat])
        for (seen, words), (index, notation) in zip(told, forced[seat], strict=True):
            # Said in words, once the seat has the state message of the move.
            assert words.startswith(f"{SAID}{notation}, your only choice ("), words
            assert seen >= index + 1
    assert not [m for m in played.sockets[None].received if m["type"] == "notice"]
    # Every message passes the leak checks every game shares.
    assert sum(1 for _ in state_messages(played)) > 50


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_autoplay_shows_in_no_message_to_the_other_side_or_a_spectator(
    client, monkeypatch, game, options
):
    # The same deal twice: once seat 0 answers its decisions with one answer itself
    # (its autoplay off, set before its first decision), once the server plays them
    # for it. Neither draws a choice for them, so the two are the same game.
    monkeypatch.setattr(secrets, "randbits", lambda bits: 1732050807568877)
    table = {"game": game, "options": options, "reflex_clock": 60}
    off = play_by_hand(client, 2, rng=random.Random(5), choose=only_or_keen, limit=3000,
                       autopass={0: {"forced": False}}, **table)
    on = play_by_hand(client, 2, rng=random.Random(5), choose=only_or_keen, limit=3000,
                      **table)
    moves = [played.states[-1].record["moves"] for played in (off, on)]
    assert Counter(map(tuple, moves[0])) == Counter(map(tuple, moves[1]))
    forced = forced_moves(on)[0]
    assert len(forced) >= 5, forced
    assert len([m for m in on.sockets[0].received if m["type"] == "notice"]) == len(forced)
    assert not [m for m in off.sockets[0].received if m["type"] == "notice"]
    for seat in (1, None):
        assert told(off, seat) == told(on, seat), seat
    assert sum(1 for _ in state_messages(on)) > 100


def test_a_decision_with_one_answer_is_played_no_sooner_than_a_bot_would_move(
    client, monkeypatch
):
    """Told by the order of events: the guest's chat, sent as soon as the host owes a
    decision with one answer, reaches the host before the move the server plays."""
    monkeypatch.setattr(secrets, "randbits", lambda bits: 1732050807568877)
    # Seat 1 answers by hand whatever it is asked; seat 0's autoplay is on.
    with rumbones(client, (1,), options={"round_limit": 5}, bot_delay=1) as table:
        host, guest = table.sockets[0], table.sockets[1]
        latest = drive(
            table.sockets, random.Random(5),
            stop=lambda latest: len(latest[0]["legal"]) == 1,
        )
        assert len(latest[0]["legal"]) == 1 and not latest[0]["view"]["over"]
        move = latest[0]["move"]
        guest.send({"type": "chat", "text": "your move"})
        after = host.until(
            lambda m: m["type"] == "chat" or (m["type"] == "state" and m["move"] > move)
        )
        assert after["type"] == "chat", "the server played before the guest's chat"
        played = host.state(move + 1)
        assert played["move"] > move
        told = host.until(lambda m: m["type"] == "notice")
        assert told["message"].startswith(f"{SAID}{latest[0]['legal'][0]}, your only choice")
