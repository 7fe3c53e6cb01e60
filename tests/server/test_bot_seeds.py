"""A seat cannot predict the bots' hidden choices: their generators are seeded from a secret.

The attacker plays seat 0 of a Duel against a bot. It waits each shootout until
the bot has committed (so the bot decided from the position at the start of the
step), then plays. From what its seat was sent alone it rebuilds the public
position at each of the bot's decisions (a seed giving the same first duelling
master, then every choice revealed so far) and calls the same bot there with
generators seeded from every guess it can make of the bot's seed: the table's
id, the move number, the seat, as the server once seeded them. It must do no
better than chance: for the random bot, the share of its legal actions each
guess hits by luck.

Once the game is over the record carries the table's bot secret: with it, the
same rebuilt positions predict every choice. That checks the attacker (its
positions are right); and a game can then be replayed exactly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

import pytest

import plunder
from plunder import bots as bot_registry
from server.kit import HUMAN, Socket, bot, create

# Decisions of the bot the attacker tries to predict, at least.
DECISIONS = 30
# Standard deviations above luck a guess may reach before it counts as a leak. Six
# guesses are judged on each run and the greedy bot's luck is itself measured, so
# each is held to a rare bar (over 240 guesses judged, none passed 3.3); a guess
# that found the seed hits every choice, far above it (the test asserts that too).
BAR = 5.0
# Seeds of its own the greedy bot is run with at each position to measure luck.
OWN_RUNS = 32


def documented_rng(secret: str, move: int, seat: int) -> random.Random:
    """A bot's generator as docs/server.md gives it: from the record's secret."""
    return random.Random(f"{secret}:{move}:{seat}")


def guesses(table: str) -> dict[str, Callable[[int, int], Any]]:
    """Seeds an attacker can form from what it knows: the table's id, the move, the seat."""
    return {
        "table:move:seat": lambda move, seat: f"{table}:{move}:{seat}",
        "table:move": lambda move, seat: f"{table}:{move}",
        "move:seat": lambda move, seat: f"{move}:{seat}",
        "table": lambda move, seat: table,
        "move": lambda move, seat: move,
        "none": lambda move, seat: 0,
    }


def play_and_watch(client: Any, bot_name: str, level: str) -> tuple[str, list[dict[str, Any]]]:
    """Seat 0 plays after the bot each shootout, to the end; every state message it got."""
    created = create(client, [HUMAN, bot(bot_name, level)], options={"target": 10})
    table = created["table"]
    rng = random.Random(9)
    with client.websocket_connect(f"/ws/{table}") as ws:
        me = Socket(ws)
        me.send({"type": "hello", "token": created["token"]})
        message = me.state()
        while not message["view"]["over"]:
            if message["legal"] and 1 in message["view"]["committed"]:
                me.send({"type": "act", "action": rng.choice(message["legal"])})
            message = me.state(message["move"] + 1)
    return table, [m for m in me.received if m["type"] == "state"]


def rebuild(messages: list[dict[str, Any]]) -> list[tuple[int, Any, str]]:
    """The bot's decisions as the attacker sees them: (move, public position, its choice).

    Only what seat 0 was sent is used: its first view (the first duelling master),
    the reveals in its log, and the move numbers of its messages.
    """
    game = plunder.load("duel", **messages[0]["view"]["options"])
    log: list[dict[str, Any]] = []
    for message in messages:
        log.extend(message["events"])
    # Any seed that draws the same first duelling master will do: nothing else
    # in a Duel is left to chance.
    seed = next(s for s in range(1000) if game.new(seed=s).events(0)[0] == log[0])
    state = game.new(seed=seed)
    reveals = [event for event in log if event.get("type") == "reveal"]
    decisions = []
    for reveal in reveals:
        choices = {c["seat"]: (c["card"], c["target"]) for c in reveal["choices"]}
        # The bot decided first, from the position at the start of the shootout.
        move = len(state.moves)
        for seat in (1, 0):
            card, target = choices[seat]
            action = next(a for a in state.legal(seat) if (a.card, a.target) == (card, target))
            if seat == 1:
                decisions.append((move, state.clone(), action.notation))
            state.act(seat, action.notation)
    return decisions


# The greedy bot at its easy level samples few worlds: its choices are left to its
# generator often enough for a guessed seed to show.
@pytest.mark.parametrize(("bot_name", "level"), [("random", "normal"), ("greedy", "easy")])
def test_a_seat_cannot_predict_a_bots_choices_from_what_it_is_sent(client, bot_name, level):
    # A game's length is left to chance (the bot's secret among it): play tables
    # until the bot has made enough decisions to judge the guesses by.
    games: list[tuple[str, list[tuple[int, Any, str]]]] = []
    while sum(len(decisions) for _, decisions in games) < DECISIONS:
        table, messages = play_and_watch(client, bot_name, level)
        games.append((table, rebuild(messages)))
    player = bot_registry.get(bot_name, "duel", level=level)
    every = [decision for _, decisions in games for decision in decisions]

    def predicted(position: Any, rng: random.Random) -> str:
        return player.choose(position.clone(), 1, rng).notation

    # By luck alone, the random bot is guessed right 1 in len(legal) times.
    chance = [1 / len(position.legal(1)) for _, position, _ in every]
    expected = sum(chance)
    spread = math.sqrt(sum(p * (1 - p) for p in chance))
    if bot_name == "greedy":
        # A bot that mostly plays its best move is guessed right that often by
        # anyone running it: luck here is the bot run with seeds of its own.
        own = random.Random(5)
        luck = [
            sum(
                predicted(position, random.Random(own.getrandbits(64))) == chosen
                for _ in range(OWN_RUNS)
            )
            / OWN_RUNS
            for _, position, chosen in every
        ]
        expected = sum(luck)
        # The luck measured is itself a sample: its own spread adds to the hits'.
        spread = math.sqrt(sum(p * (1 - p) for p in luck) * (1 + 1 / OWN_RUNS))
    bar = expected + BAR * spread + 1
    # The bar can be failed: a guess that found the secret hits every choice.
    assert len(every) > bar
    guessed = {table: guesses(table) for table, _ in games}
    for name in guesses(""):
        hits = sum(
            predicted(position, random.Random(guessed[table][name](move, 1))) == chosen
            for table, decisions in games
            for move, position, chosen in decisions
        )
        assert hits <= bar, (
            f"{bot_name}: seeds guessed as {name} predicted {hits} of {len(every)} choices "
            f"(by chance about {expected:.1f})"
        )

    # After the end, the record's secret gives the bots' generators: every choice
    # follows from the rebuilt positions, so the attacker lacked the seed alone.
    for table, decisions in games:
        record = client.get(f"/api/tables/{table}/record").json()
        assert all(
            predicted(position, documented_rng(record["bot_secret"], move, 1)) == chosen
            for move, position, chosen in decisions
        )
