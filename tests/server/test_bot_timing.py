"""A bot's moves come at times that tell nothing of its hand.

A bot thinks longer over some decisions than others, and what it thinks over may
be hidden: the searching bot answers a Tide window at once when it holds no card
for it (passing is its only choice) and searches for its whole time when it
holds one. A seat that timed the bot's answers would read its hand from them.
So the server plays a bot's move a set time after it falls due: the table's bot
delay (the server's bot reflex, for a decision the rules time), or the bot's
own time cap if that is longer, however long this decision took
(``docs/server.md``, "Bots").

The attacker plays seat 0 of Rum & Bones against ``ismcts`` (easy: it stops
after 100 iterations or at 0.25 s) on a real server with neither bot delay nor
bot reflex, and times each of the bot's moves from the message that showed the
bot alone owing a decision to the message that brought its move (when a game ends
first, it opens another table). Each must take the cap, less a margin for passing
the messages along. Before, a decision with one legal action (a window without a
card to play, a step with one way to go) came at once, and one that stopped on its
count came as soon as it stopped: in one run the 60 moves came from 0.03 to 0.29 s
after they fell due.
"""

from __future__ import annotations

import json
import random
import time

import httpx
import pytest
from websockets.sync.client import connect

from plunder.bots.table import TableBot
from plunder.server.scheduling import answer_time
from server.kit import HUMAN, ServerProcess, bot

# The time cap of ``ismcts`` at its easy level (``plunder.bots.ismcts.BUDGETS``).
CAP = 0.25
# What message passing may take off an interval: the message that shows the bot
# owing its decision leaves the server about when the bot starts, and reaches the
# attacker a little later.
MARGIN = 0.1
# The bot's moves timed: about one in ten has a single legal action.
MOVES = 60


@pytest.fixture
def server(tmp_path):
    # The store plays no part here: SQLite alone.
    store = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
    process = ServerProcess(store, tmp_path / "server.log", bot_delay=0, bot_reflex=0)
    process.start()
    yield process
    process.stop()


@pytest.mark.parametrize(
    ("name", "level", "base", "expected"),
    [
        ("greedy", "normal", 0.6, 0.6),
        ("random", "normal", 0.15, 0.15),
        ("ismcts", "easy", 0.6, 0.6),
        ("ismcts", "easy", 0.15, 0.25),
        ("ismcts", "normal", 0.6, 0.9),
        ("ismcts", "hard", 0.15, 4.0),
    ],
)
def test_a_bot_answers_at_the_delay_or_its_time_cap(name, level, base, expected):
    player = TableBot(name, "rumbones", level)
    assert answer_time(player, base, 0.0) == expected
    # The part drawn by chance comes on top of whichever is longer.
    assert answer_time(player, base, 0.5) == expected + 0.5


def time_the_bot(server: ServerProcess, rng: random.Random, wanted: int) -> list[float]:
    """Play seat 0 of a new table at random, and time the bot's moves until ``wanted``
    of them are timed or the game ends (a random attacker may lose quickly)."""
    created = httpx.post(
        f"{server.url}/api/tables",
        json={"game": "rumbones", "seats": [HUMAN, bot("ismcts", "easy")], "name": "Ann"},
        timeout=10,
    ).json()
    intervals: list[float] = []
    due: tuple[int, float] | None = None  # the move the bot owes, and when that was seen
    # Who owed a decision at the message before. A window both seats owe fell due for
    # the bot when it opened, before the attacker answered it: when the bot is left
    # owing it alone, it has been thinking for a while, so that move is not timed.
    owed: set[int] = set()
    with connect(server.ws_url(created["table"]), open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": created["token"]}))
        while len(intervals) < wanted:
            message = json.loads(ws.recv(timeout=30))
            seen = time.monotonic()
            if message["type"] != "state":
                continue
            view = message["view"]
            if due is not None and message["move"] > due[0]:
                intervals.append(seen - due[1])
                due = None
            if view["over"]:
                break
            owing = set(view["pending"]) - set(view["committed"])
            if owing == {1} and not {0, 1} <= owed and due is None:
                due = (message["move"], seen)
            elif 0 in owing and message["legal"]:
                action = rng.choice(message["legal"])
                ws.send(json.dumps({"type": "act", "action": action, "step": message["step"]}))
            owed = owing
    return intervals


def test_the_searching_bot_moves_at_its_time_cap_whatever_it_holds(server):
    rng = random.Random(3)
    intervals: list[float] = []
    tables = 0
    # A game may end before MOVES of the bot's moves are timed: then another table is
    # opened. A table that times none fails the test, so the loop cannot spin.
    while len(intervals) < MOVES:
        timed = time_the_bot(server, rng, MOVES - len(intervals))
        assert timed, "a table ended before the bot owed a move alone"
        intervals += timed
        tables += 1
    assert len(intervals) == MOVES
    quickest = min(intervals)
    assert quickest >= CAP - MARGIN, (
        f"a bot move came {quickest:.2f} s after it fell due "
        f"({tables} table(s)): {sorted(round(i, 2) for i in intervals)}"
    )
