"""The engine's protocol on a tiny game defined here: frames, chance, steps, events,
actions, action spaces and observation writers.

The tiny game ("brawl") has two seats. On its turn a seat may attack (the
other seat answers in a ``defend`` frame pushed on top, whose timeout is its
pass), shout (a reaction window opens for both seats, whose hands are never
empty, each with a pass), roll two dice, whisper (an event only it sees), call a
volley (both seats answer at once) or concede. Every expected value below follows from these rules.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from plunder.engine import (
    DECIDING,
    WAITING,
    Action,
    ActionSpace,
    Encoder,
    Frame,
    Game,
    PlunderError,
    Result,
    State,
    Writer,
    action_type,
)
from plunder.engine.encoding import Field
from plunder.engine.game import notation_error


@action_type
class Order(Action):
    """One word: ``attack``, ``parry``, ``pass``...; ``str`` is the word."""

    verb: str

    def spell(self) -> str:
        return self.verb


@action_type
class Aim(Action):
    """A card at some seats, written ``card>1,2`` (used for ``to_json``)."""

    card: str
    targets: tuple[int, ...] = ()

    def spell(self) -> str:
        return self.card + (">" + ",".join(map(str, self.targets)) if self.targets else "")


TURN_VERBS = ("attack", "shout", "roll", "whisper", "volley", "wait", "concede")
ANSWERS = ("parry", "pass")


class BrawlState(State):
    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.turn = 1
        self.dice: list[int] = []
        self.replace(Frame.of("turn", [0], turn=1))
        self._open_step()

    def _legal_actions(self, seat: int) -> list[Action]:
        kind = self.decision.kind if self.decision else ""
        verbs = TURN_VERBS if kind == "turn" else ANSWERS
        return [Order.of(v) for v in verbs]

    def _next_turn(self, seat: int) -> None:
        self.turn += 1
        self.replace(Frame.of("turn", [1 - seat], turn=self.turn))

    def _resolve(self, commits: dict[int, Action]) -> None:
        kind = self.decision.kind if self.decision else ""
        if kind == "volley":
            self.emit({"type": "volley", "answers": [str(commits[s]) for s in (0, 1)]})
            self._next_turn(1)  # seat 0 called it and plays next
            return
        if kind == "react":
            self.pop()  # the window closes; the shouter's turn resumes
            self.emit({"type": "reactions", "answers": [str(commits[s]) for s in (0, 1)]})
            return
        ((seat, action),) = commits.items()
        verb = str(action)
        if kind == "defend":
            self.pop()  # the turn below resumes, still the attacker's
            self.emit({"type": "defence", "seat": seat, "answer": verb})
        elif verb == "attack":
            self.push(Frame.of("defend", [1 - seat], "pass", attacker=seat))
        elif verb == "shout":
            self.push(Frame.of("react", [0, 1], "pass", timed=True, shouter=seat))
        elif verb == "roll":
            self.dice = self.roll(6, 2, reason="test", seat=seat)
            self._next_turn(seat)
        elif verb == "whisper":
            self.emit({"type": "whisper", "seat": seat}, to=[seat])
            self._next_turn(seat)
        elif verb == "volley":
            self.replace(Frame.of("volley", [0, 1], caller=seat))
        elif verb == "wait":
            self._next_turn(seat)
        else:  # concede
            self.finish(Result(frozenset({1 - seat}), (0.0, 0.0), f"Seat {seat} concedes"))

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"turn": self.turn, "dice": list(self.dice)}


class BrawlGame(Game):
    name = "brawl"
    title = "Brawl"
    min_players = max_players = default_players = 2

    def _new_state(self, seed: int) -> State:
        return BrawlState(self, seed)

    def _all_actions(self) -> Sequence[Action]:
        return [Order.of(v) for v in (*TURN_VERBS, *ANSWERS)]

    def parse(self, text: str, legal: Sequence[str] = ()) -> Action:
        if text in TURN_VERBS or text in ANSWERS:
            return Order.of(text)
        raise notation_error(str(text), "a word such as attack or pass", legal)


def new(seed: int = 3) -> BrawlState:
    state = BrawlGame().new(seed=seed)
    assert isinstance(state, BrawlState)
    return state


# ------------------------------------------------------------------ frames
def test_a_pushed_frame_decides_first_and_the_one_below_resumes_when_it_is_popped() -> None:
    state = new()
    assert state.view(1)["decision"] == {"kind": "turn", "seats": [0], "turn": 1}
    state.act(0, "attack")
    # The defence is pushed on top of the attacker's turn: seat 1 decides now.
    assert len(state.frames) == 2
    assert state.decision == Frame.of("defend", [1], "pass", attacker=0)
    assert state.pending == {1}
    for seat in (None, 0, 1):
        assert state.view(seat)["decision"] == {
            "kind": "defend", "seats": [1], "attacker": 0, "default": "pass"
        }
    # A default answer is not a clock: the defence waits for its player.
    assert state.default_action(1) == Order.of("pass")
    assert state.timeout_action(1) is None
    assert state.default_action(0) is None  # it owes nothing
    state.act(1, "parry")
    # Popped: the attacker's turn is back, with its data as it was.
    assert len(state.frames) == 1
    assert state.view(None)["decision"] == {"kind": "turn", "seats": [0], "turn": 1}
    assert state.pending == {0}


def test_replace_puts_the_next_question_in_place_of_the_top_frame() -> None:
    state = new()
    state.act(0, "wait")
    assert len(state.frames) == 1
    assert state.view(0)["decision"] == {"kind": "turn", "seats": [1], "turn": 2}
    assert state.timeout_action(1) is None  # an ordinary decision has no timeout
    state.act(1, "volley")
    assert state.view(0)["decision"] == {"kind": "volley", "seats": [0, 1], "caller": 1}
    assert state.pending == {0, 1}


def test_a_timed_reaction_is_open_to_every_seat_with_a_pass_as_its_timeout() -> None:
    state = new()
    state.act(0, "shout")
    assert len(state.frames) == 2
    assert state.view(None)["decision"] == {
        "kind": "react", "seats": [0, 1], "shouter": 0, "default": "pass", "timed": True
    }
    assert state.pending == {0, 1}
    for seat in (0, 1):
        assert state.timeout_action(seat) == Order.of("pass")
        assert Order.of("pass") in state.legal(seat)
    state.act(1, "parry")
    state.act(0, "pass")
    assert state.events(None)[-1] == {"type": "reactions", "answers": ["pass", "parry"]}
    assert state.view(None)["decision"] == {"kind": "turn", "seats": [0], "turn": 1}


def test_the_default_deciders_are_the_top_frames_seats_and_status_follows() -> None:
    state = new()
    state.act(0, "wait")
    state.act(1, "volley")
    assert (state.status(0), state.status(1)) == (DECIDING, DECIDING)
    state.act(1, "pass")
    # Committed: waiting for the other seat; the frame still names both.
    assert (state.status(0), state.status(1)) == (DECIDING, WAITING)
    assert state.view(0)["decision"]["seats"] == [0, 1]
    assert state.view(0)["pending"] == [0]


def test_a_frame_is_immutable_public_json() -> None:
    frame = Frame.of("react", [2, 0], "pass", timed=True, card="colt")
    assert frame.to_json() == {
        "kind": "react", "seats": [0, 2], "card": "colt", "default": "pass", "timed": True
    }
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.kind = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        frame.data["card"] = "rifle"  # type: ignore[index]
    assert frame.key() == Frame.of("react", [0, 2], "pass", timed=True, card="colt").key()
    assert frame.key() != Frame.of("react", [0, 2], "pass", card="colt").key()
    assert frame.key() != Frame.of("react", [0, 2], card="colt").key()
    with pytest.raises(ValueError, match="needs a default"):
        Frame.of("react", [0], timed=True)


def test_finish_ends_the_game_logs_its_end_once_and_closes_every_frame() -> None:
    state = new()
    state.act(0, "attack")  # a frame pushed on top of the turn
    state.act(1, "pass")
    state.act(0, "concede")
    assert state.is_over
    assert state.decision is None and state.frames == []
    assert state.view(1)["decision"] is None
    assert state.pending == frozenset()
    ends = [e for e in state.events(None) if e["type"] == "game_end"]
    assert ends == [{"type": "game_end", "winners": [1], "text": "Seat 0 concedes."}]
    assert state.result is not None and state.result.returns() == (0.0, 1.0)


# ------------------------------------------------------------------ steps
def test_step_grows_by_one_each_time_a_step_opens_and_not_at_a_partial_commit() -> None:
    state = new()
    assert state.step == 1  # set-up opens the first step
    state.act(0, "attack")
    assert state.step == 2
    state.act(1, "parry")
    assert state.step == 3
    state.act(0, "volley")
    assert state.step == 4
    state.act(0, "pass")  # one of two seats: the step is still open
    assert state.step == 4
    state.act(1, "parry")
    assert state.step == 5


def test_a_clone_has_its_own_frame_stack() -> None:
    state = new()
    clone = state.clone()
    clone.act(0, "attack")
    assert len(clone.frames) == 2
    assert len(state.frames) == 1
    assert state.view(0)["decision"] == {"kind": "turn", "seats": [0], "turn": 1}


# ------------------------------------------------------------------ chance
def test_roll_draws_from_the_seeded_generator_and_logs_a_public_event() -> None:
    state = new(seed=11)
    state.act(0, "roll")
    # Nothing drew from the generator before: the dice are its first two draws.
    draws = random.Random(11)
    expected = [draws.randint(1, 6), draws.randint(1, 6)]
    assert state.dice == expected
    event = {
        "type": "roll", "sides": 6, "dice": expected, "reason": "test", "seat": 0,
        "text": f"Seat 0 rolls {expected[0]}, {expected[1]} (test).",
    }
    for seat in (None, 0, 1):
        assert state.events(seat)[-1] == event
    again = new(seed=11)
    again.act(0, "roll")
    assert again.dice == expected


def test_a_roll_may_be_private_and_other_helpers_use_the_same_generator() -> None:
    state = new(seed=5)
    dice = state.roll(10, 3, to=[1])
    draws = random.Random(5)
    assert dice == [draws.randint(1, 10) for _ in range(3)]
    assert state.events(1)[-1]["dice"] == dice
    assert all(e["type"] != "roll" for e in state.events(0))
    items = list(range(10))
    state.shuffle(items)
    expected = list(range(10))
    draws.shuffle(expected)
    assert items == expected
    assert state.choice("abcdef") == draws.choice("abcdef")
    assert state.sample(range(20), 4) == draws.sample(range(20), 4)
    assert state.randrange(1000) == draws.randrange(1000)


# ------------------------------------------------------------------ events
def test_events_since_counts_only_what_the_seat_may_see() -> None:
    state = new()
    state.act(0, "whisper")  # seen by seat 0 only
    state.act(1, "attack")
    state.act(0, "pass")  # a public defence event
    state.act(1, "whisper")  # seen by seat 1 only
    assert [e["type"] for e in state.events(0)] == ["whisper", "defence"]
    assert [e["type"] for e in state.events(1)] == ["defence", "whisper"]
    assert [e["type"] for e in state.events(None)] == ["defence"]
    assert (state.event_count(0), state.event_count(1), state.event_count(None)) == (2, 2, 1)
    for seat in (None, 0, 1):
        every = state.events(seat)
        for since in range(len(every) + 2):
            assert state.events(seat, since) == every[since:]
    assert state.events(1, 1) == [{"type": "whisper", "seat": 1}]
    assert state.view(0)["log"] == state.events(0)
    assert "log" not in state.view(0, log=False)


def test_events_are_fresh_copies() -> None:
    state = new()
    state.act(0, "whisper")
    state.events(0)[0]["seat"] = 9
    assert state.events(0) == [{"type": "whisper", "seat": 0}]


# ------------------------------------------------------------------ actions
def test_action_type_interns_and_precomputes_the_notation() -> None:
    assert Order.of("attack") is Order.of("attack")
    assert Order("attack") == Order.of("attack")
    assert Order("attack") is not Order.of("attack")
    assert Order.of("attack").notation == str(Order.of("attack")) == "attack"
    shot = Aim.of("shoot2", (1, 3))
    assert shot is Aim.of("shoot2", (1, 3))
    assert shot.notation == "shoot2>1,3"
    assert hash(shot) == hash(Aim("shoot2", (1, 3)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        shot.card = "load"  # type: ignore[misc]
    assert not hasattr(shot, "__dict__")  # slotted


def test_to_json_gives_the_fields_with_lists_and_the_notation() -> None:
    assert Aim.of("shoot2", (1, 3)).to_json() == {
        "card": "shoot2", "targets": [1, 3], "notation": "shoot2>1,3"
    }
    assert Aim.of("load").to_json() == {"card": "load", "targets": [], "notation": "load"}
    assert Order.of("pass").to_json() == {"verb": "pass", "notation": "pass"}


# ------------------------------------------------------------------ action spaces
def test_the_action_space_indexes_actions_and_notations_and_marks_the_legal_ones() -> None:
    game = BrawlGame()
    space = game.action_space()
    assert space.notations() == [*TURN_VERBS, *ANSWERS]
    assert len(space) == 9
    assert space.index("parry") == space.index(Order.of("parry")) == 7
    assert space.action(7) == Order.of("parry")
    assert Order.of("pass") in space and Aim.of("pass") not in space
    with pytest.raises(IndexError):
        space.action(9)
    with pytest.raises(KeyError):
        space.index("dance")
    state = game.new(seed=1)
    mask = state.legal_mask(0)
    assert mask.dtype == np.bool_
    assert mask.tolist() == [True] * 7 + [False, False]
    assert not state.legal_mask(1).any()
    state.act(0, "attack")
    assert state.legal_mask(1).tolist() == [False] * 7 + [True, True]


def test_an_action_space_refuses_an_action_or_a_notation_twice() -> None:
    with pytest.raises(PlunderError, match="twice"):
        ActionSpace([Order.of("pass"), Order.of("parry"), Order.of("pass")])
    # Two different actions with one notation could not be told apart by index.
    with pytest.raises(PlunderError, match="twice"):
        ActionSpace([Order.of("load"), Aim.of("load")])


# ------------------------------------------------------------------ observations
LAYOUT = (Field("turn", 1, "turn number"), Field("dice", 2, "the dice / 6"))


def test_a_writer_fills_the_layout_in_order() -> None:
    out = Writer(LAYOUT)
    out.put("turn", [3])
    out.one_hot("dice", 1, 2)
    vector = out.done()
    assert vector.dtype == np.float32
    assert vector.tolist() == [3.0, 0.0, 1.0]


def test_a_writer_refuses_a_field_out_of_order_of_the_wrong_size_or_missing() -> None:
    with pytest.raises(PlunderError, match="'dice' written where 'turn' belongs"):
        Writer(LAYOUT).put("dice", [1, 2])
    with pytest.raises(PlunderError, match="has 2 values; its layout says 1"):
        Writer(LAYOUT).put("turn", [1, 2])
    out = Writer(LAYOUT)
    out.put("turn", [1])
    with pytest.raises(PlunderError, match="not written"):
        out.done()
    out.put("dice", [0, 0])
    with pytest.raises(PlunderError, match="not in the layout"):
        out.put("extra", [0])


class BrawlEncoder(Encoder):
    def declare(self) -> None:
        self.field("turn", 1, "turn number")
        self.field("dice", 2, "the dice / 6")

    def fill(self, view: Any, out: Writer) -> None:
        out.put("turn", [view["turn"]])
        out.put("dice", [d / 6 for d in view["dice"]] or [0, 0])


def test_an_encoder_describes_its_layout_with_offsets() -> None:
    encoder = BrawlEncoder(BrawlGame())
    assert encoder.size == 3
    assert encoder.describe() == [
        {"offset": 0, "size": 1, "name": "turn", "meaning": "turn number"},
        {"offset": 1, "size": 2, "name": "dice", "meaning": "the dice / 6"},
    ]
    state = new(seed=11)
    state.act(0, "roll")
    vector = encoder.encode(state.view(1, log=False))
    assert vector.tolist() == pytest.approx([2, state.dice[0] / 6, state.dice[1] / 6])
