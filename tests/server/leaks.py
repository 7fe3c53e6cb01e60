"""What every leak test checks of the messages a seat receives, and a whole game played by hand.

A leak test seats only humans, plays the game to its end through WebSockets
(``play_by_hand``), watches it as a spectator too, then replays the record to
the move of every message it kept and compares the message with what its seat
may know (``state_messages``, ``check_state_message``). The game-specific checks
stay in each test.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from server.kit import HUMAN, Socket, create, states_along

MESSAGE_KEYS = {
    "type",
    "seat",
    "move",
    "step",
    "view",
    "events",
    "events_from",
    "legal",
    "actions",
    "chosen",
    "table",
    "deadline",
    "hint",
    "last",
    "undo",
}
SUMMARY_KEYS = {
    "table",
    "game",
    "title",
    "options",
    "status",
    "closed",
    "abandoned",
    "finishable",  # from every seat's public status (docs/design.md: status)
    "rushed",
    "move",
    "host",
    "clock",
    "reflex_clock",
    "speed",  # live or turn-based, and a turn-based table's hours a decision
    "turn_hours",
    "timed",
    "created",
    "seats",
    "result",
    "rematch",
}


# Messages other than ``state``: an error, a chat message (its author's seat and
# name, the time, the text) and the chat history sent after a hello.
ERROR_KEYS = {"type", "message", "legal"}
CHAT_LINE_KEYS = {"seat", "name", "at", "text"}
TEAM_LINE_KEYS = {*CHAT_LINE_KEYS, "team"}  # a line written to the author's team alone
CHAT_HISTORY_KEYS = {"type", "messages", "can_post", "max_length"}
# A seat's own auto-pass and autoplay, sent to that seat's connections only.
AUTOPASS_KEYS = {"type", "every", "timings", "forced"}
# A notice of what a seat's autoplay played names the move (``played``) too.
NOTICE_KEYS = ({"type", "message"}, {"type", "message", "played"})


def check_other_message(message: dict[str, Any], seat: int | None) -> None:
    """A message that is not a state carries only its own fields, none from the game;
    an auto-pass setting goes to a seat, never to a spectator (whose setting it is,
    the tests of the auto-pass check)."""
    if message["type"] == "autopass":
        assert seat is not None and set(message) == AUTOPASS_KEYS
    elif message["type"] == "notice":
        # What its autoplay played, told to the seat alone.
        assert seat is not None and set(message) in NOTICE_KEYS
    elif message["type"] == "chat":
        assert set(message) - {"type"} in (CHAT_LINE_KEYS, TEAM_LINE_KEYS)
    elif message["type"] == "chat_history":
        assert set(message) == CHAT_HISTORY_KEYS
        assert all(set(line) in (CHAT_LINE_KEYS, TEAM_LINE_KEYS)
                   for line in message["messages"])
    elif message["type"] == "handover_asked":
        # The host's question goes to the seat asked, never to a spectator.
        assert seat is not None and set(message) == {"type", "by"}
    else:
        assert set(message) <= ERROR_KEYS


def walk(value: Any, path: tuple = ()):
    """Every (path, key, value) inside a JSON value."""
    if isinstance(value, dict):
        for key, inner in value.items():
            yield path, key, inner
            yield from walk(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from walk(inner, (*path, index))


def roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_state_message(socket: Socket, message: dict[str, Any], seat: int | None, truth: Any):
    """A state message against the truth at its move: its view, events and actions."""
    assert set(message) == MESSAGE_KEYS
    assert message["seat"] == seat
    assert "log" not in message["view"]
    assert message["view"] == roundtrip(truth.view(seat, log=False))
    assert message["events"] == roundtrip(truth.events(seat, message["events_from"]))
    # With every event received before it, the seat holds its whole view.
    assert socket.full_view(message) == roundtrip(truth.view(seat))
    assert message["step"] == truth.step
    due = seat is not None and seat in truth.pending and seat not in truth.committed
    offered = truth.legal(seat) if due else []
    assert message["legal"] == [a.notation for a in offered]
    assert message["actions"] == roundtrip([a.to_json() for a in offered])
    view = truth.view(seat, log=False)
    chosen = truth.game.parse(view["choice"]).to_json() if "choice" in view else None
    assert message["chosen"] == roundtrip(chosen)
    # Hints are for a guided first game's learner alone.
    assert message["hint"] is None
    # The last move's events are among those the seat holds: a concealed choice
    # made since (no event) never moves it.
    last = message["last"]
    assert last == truth.last_move(seat)
    # An undo is offered only for the seat's own move: its concealed choice, or the
    # last move of the play.
    if message["undo"]:
        assert seat is not None and (seat in truth.committed or truth.moves[-1][0] == seat)
    assert last is None or 0 <= last <= truth.event_count(seat)


def check_unseen(truth: Any, seat: int | None, message: dict[str, Any],
                 rng: random.Random) -> Any:
    """The message would be the same in another world the seat cannot tell from this
    one: the truth determinized for the seat (all it cannot see drawn anew) gives the
    view and the events it was sent. Returns that world."""
    world = truth.determinize(seat, rng)
    assert roundtrip(world.view(seat, log=False)) == message["view"]
    assert roundtrip(world.events(seat, message["events_from"])) == message["events"]
    assert world.last_move(seat) == message["last"]
    return world


def random_choice(message: dict[str, Any], rng: random.Random) -> str:
    return rng.choice(message["legal"])


@dataclass
class Played:
    """A game played to its end by hand: each seat's socket (``None``, the spectator's),
    the states along its record, its seed and every HTTP body the players were sent."""

    table: str
    sockets: dict[int | None, Socket]
    states: list[Any]
    seed: str
    bodies: list[str] = field(default_factory=list)


def play_by_hand(
    client: Any,
    players: int,
    *,
    rng: random.Random,
    choose: Callable[[dict[str, Any], random.Random], str] = random_choice,
    each_round: Callable[[int, dict[int | None, Socket]], None] | None = None,
    limit: int = 5000,
    autopass: dict[int, dict[str, Any]] | None = None,
    seated: Callable[[str, dict[int, str]], None] | None = None,
    **table: Any,
) -> Played:
    """A table of ``players`` humans (``table``: the creation's fields) played to its end.

    Every seat that has a decision acts in turn, one move at a time, so that
    messages also go out in mid-step with choices concealed; the players read the
    table's summary after every round, and ``each_round`` may do more then.
    ``autopass`` gives seats an auto-pass setting (an ``autopass`` message's
    fields) as they sit down: such a seat leaves the windows it covers to the
    server, which passes for it. A decision with one legal answer is left to the
    server too (autoplay), unless the seat's setting has ``forced`` false; like a
    pass the server plays, it draws nothing from ``rng``. ``seated`` is told the
    table and every seat's token once all have joined.
    """
    created = create(client, [HUMAN] * players, **table)
    name = created["table"]
    tokens = {0: created["token"]}
    bodies: list[str] = []
    for seat in range(1, players):
        response = client.post(f"/api/tables/{name}/join", json={"name": f"P{seat}"})
        bodies.append(response.text)
        tokens[seat] = response.json()["token"]
    if seated is not None:
        seated(name, dict(tokens))
    seats: list[int | None] = [*range(players), None]
    contexts = {seat: client.websocket_connect(f"/ws/{name}") for seat in seats}
    sockets = {seat: Socket(context.__enter__()) for seat, context in contexts.items()}
    try:
        for seat, socket in sockets.items():
            socket.send(
                {"type": "hello"} if seat is None else {"type": "hello", "token": tokens[seat]}
            )
        latest = {seat: socket.state() for seat, socket in sockets.items()}
        for seat, setting in (autopass or {}).items():
            sockets[seat].send({"type": "autopass", **setting})
            sockets[seat].until(
                lambda m, told=setting: m["type"] == "autopass"
                and m == {"type": "autopass", "every": False, "timings": [], "forced": True,
                          **told}
            )
        while not latest[None]["view"]["over"]:
            move = max(m["move"] for m in latest.values())
            acted = passed = 0
            for seat in range(players):
                if latest[seat]["move"] < move:
                    latest[seat] = sockets[seat].state(move)
                setting = (autopass or {}).get(seat)
                autoplayed = len(latest[seat]["legal"]) == 1 and (setting or {}).get(
                    "forced", True)
                if (latest[seat]["legal"] and covered(latest[seat], setting)) or autoplayed:
                    passed += 1
                elif latest[seat]["legal"]:
                    step = latest[seat]["step"]
                    sockets[seat].send({"type": "act", "action": choose(latest[seat], rng)})
                    acted += 1
                    # Wait for the act's move before the next seat acts (a pass the
                    # server played for another seat meanwhile may come first).
                    latest[seat] = sockets[seat].until(
                        lambda m, seat=seat, step=step: m["type"] == "state"
                        and (m["step"] != step or seat in m["view"]["committed"])
                    )
                    move = max(move + 1, latest[seat]["move"])
            assert acted or passed, "someone has a decision in a game that is not over"
            if not acted:
                move += 1  # the server's pass for a seat that asked for it
            if each_round is not None:
                each_round(move, sockets)
            for seat, socket in sockets.items():
                latest[seat] = socket.state(move)
            bodies.append(client.get(f"/api/tables/{name}").text)
            assert move < limit, "the game should end"
        for socket in sockets.values():
            # Every message sent before now has arrived (a ping's pong follows them):
            # what the server told a seat after the last move, too.
            socket.send({"type": "ping"})
            socket.until(lambda m: m["type"] == "pong")
    finally:
        for context in contexts.values():
            context.__exit__(None, None, None)
    record = client.get(f"/api/tables/{name}/record").json()
    along = states_along(record)
    # The record's result, each score's parts included, is the one its moves give.
    assert record["result"] == json.loads(json.dumps(along[-1].result.to_json()))
    return Played(name, sockets, along, str(record["seed"]), bodies)


def play_until_enough(
    play: Callable[[int], Played],
    check: Callable[[Played], tuple[int, int]],
    messages: int,
    resampled: int = 50,
    games: int = 4,
) -> None:
    """Plays games (``play(i)``, the i-th) and checks them (``check`` returns how many
    state messages it checked and in how many the hidden cards were dealt anew) until
    more than ``messages`` and ``resampled`` were seen: the server deals each game, and
    a short deal gives a check little to see. Fails after ``games`` games."""
    checked = dealt = 0
    for index in range(games):
        seen, anew = check(play(index))
        checked, dealt = checked + seen, dealt + anew
        if checked > messages and dealt > resampled:
            return
    raise AssertionError(
        f"{games} games gave only {checked} messages, {dealt} with hidden cards dealt anew"
    )


def covered(message: dict[str, Any], setting: dict[str, Any] | None) -> bool:
    """Whether ``message`` asks its seat to answer a window ``setting`` passes."""
    decision = message["view"]["decision"] or {}
    if setting is None or not decision.get("window"):
        return False
    return bool(setting.get("every")) or decision["kind"] in setting.get("timings", [])


def state_messages(played: Played) -> Iterator[tuple[int | None, Socket, dict[str, Any], Any]]:
    """Every state message a seat received, with the truth at its move, once the checks
    every game shares have passed: no seed in any message, only their own fields in the
    others, the public summary and ``check_state_message`` in the states."""
    for seat, socket in played.sockets.items():
        for message in socket.received:
            assert played.seed not in json.dumps(message)
            if message["type"] != "state":
                check_other_message(message, seat)
                continue
            assert set(message["table"]) == SUMMARY_KEYS
            truth = played.states[message["move"]]
            check_state_message(socket, message, seat, truth)
            yield seat, socket, message, truth


def check_bodies(bodies: list[str], seed: str, hidden: tuple[str, ...]) -> None:
    """No HTTP body holds the seed or any of the ``hidden`` keys."""
    for body in bodies:
        assert seed not in body
        for _, key, _ in walk(json.loads(body)):
            assert key not in (*hidden, "seed", "moves", "token_hash"), key
