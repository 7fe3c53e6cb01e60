"""A new kind of decision is one declaration and its handlers: the toy Boarding game
gains a ``hail`` decision, declared with its words and nothing else, and both front
ends put it into words (the terminal's table and the browser's word filler)."""

from __future__ import annotations

import io
import random
from types import MappingProxyType

import pytest
from rich.console import Console

from conformance.boarding import KEEP, PASS, BoardingGame, BoardingState, Order
from conformance.toys import register
from plunder.engine import Action, Ask, Frame
from plunder.terminal.table import QuitRequested, TerminalTable
from words_js import run_js

HAIL = Ask(
    prompt="Seat {seat}'s hero may hail the {side} crew before acting.",
    by="verb",
    labels={"keep": "hail the {side} crew", "pass": "keep quiet"},
)


class HailingState(BoardingState):
    """Boarding where the leading hero first decides whether to hail its crew."""

    def _on_lead(self, seat: int, action: Order, frame: Frame) -> None:
        super()._on_lead(seat, action, frame)
        side = frame.data["side"]
        self.replace(Frame.of("hail", [self.active], seat=self.active, side=side))

    def _legal_hail(self, seat: int, frame: Frame) -> list[Action]:
        return [KEEP, PASS]

    def _on_hail(self, seat: int, action: Order, frame: Frame) -> None:
        self.emit({"type": "hail", "seat": seat, "text": f"Seat {seat} {action.verb}s."})
        self._ask_action()


class HailingGame(BoardingGame):
    name = "boarding-hail"
    asks = MappingProxyType({"hail": HAIL})

    def _new_state(self, seed: int) -> BoardingState:
        return HailingState(self, seed)


@pytest.fixture
def hailing(monkeypatch: pytest.MonkeyPatch) -> HailingState:
    register(monkeypatch, HailingGame, "boarding:BoardingEncoder")
    state = HailingGame(players=2).new(seed=3)
    assert isinstance(state, HailingState)
    state.act(0, "lead>0")
    assert state.decision is not None and state.decision.kind == "hail"
    return state


def test_the_terminal_words_a_new_decision_from_its_declaration(hailing: HailingState):
    screen = io.StringIO()
    typed = iter(["", "?", "q"])  # past the pass-the-device screen, the help, then quit
    table = TerminalTable(
        hailing, {}, Console(file=screen, width=200), random.Random(1),
        read_line=lambda _: next(typed),
    )
    with pytest.raises(QuitRequested):
        table.run()
    out = screen.getvalue()
    assert "Seat 0's hero may hail the red crew before acting." in out
    assert "keep  (hail the red crew)" in out
    assert "pass  (keep quiet)" in out


def test_the_browser_words_a_new_decision_from_its_declaration(hailing: HailingState):
    catalogue = hailing.game.catalogue()
    view = hailing.view(0)
    legal = [action.to_json() for action in hailing.legal(0)]
    assert run_js(
        [["prompt", catalogue, view]] + [["label", catalogue, action, view] for action in legal]
    ) == [
        "Seat 0's hero may hail the red crew before acting.",
        "hail the red crew",
        "keep quiet",
    ]
