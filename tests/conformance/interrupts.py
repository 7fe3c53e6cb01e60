"""Skirmish: a toy game whose decisions interrupt each other, built on the engine's frames.

It exists to show that the protocol carries what the heavier games need, and the
kit checks it like any game. For 2 to 4 seats, each with 3 health and a hidden
hand drawn from a shared deck of blades, shields and herbs (hand sizes, the
discard pile and the deck's size are public; an empty deck is not reshuffled).
A turn of the seat to play:

1. **Dice and a re-roll** (``reroll`` frame). The seat rolls two dice through
   ``state.roll`` (a public roll event), then decides: ``keep`` or ``reroll`` (once;
   the second roll stands). It draws a card for each die showing 4 or more.
2. **An activation of three actions** (``activation`` frame, replaced step by
   step, ``step`` 1 to 3): ``draw`` a card, ``wait``, or ``attack>T`` (discard a
   blade to strike seat T).
3. **The attack chain** (frames pushed on top of the activation). The target is
   asked to ``parry`` (discard a shield) or ``take`` the blow (lose 1 health);
   after a parry it is asked to ``counter`` (discard a blade to strike back) or
   ``hold``; a counter-attack asks the attacker to ``parry`` or ``take`` in turn.
   Bound: a counter-attack cannot be countered, so at most three frames stand on
   the activation and an attack makes at most four decisions. When the chain
   ends every frame of it is popped and the activation resumes.
4. **A reaction window** (``react`` frame) once the activation is over, open at
   once to every living seat whose hand is not empty: hand sizes are public, so
   the window reveals nothing about what a seat holds. Each may ``mend`` (discard
   a herb to heal 1) or ``pass``; ``pass`` is the frame's timeout action.

Each decision is asked whatever the seat holds (a ``take`` is always legal, a
``hold`` and a ``pass`` too), so being asked gives nothing away. A seat at 0
health is eliminated and its hand discarded face up. The game ends when one seat
is left (it wins) or after ``rounds`` rounds (the healthiest living seats share
the win).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from plunder.engine import (
    ELIMINATED,
    Action,
    Encoder,
    Frame,
    Game,
    Manifest,
    Option,
    Result,
    State,
    Writer,
    action_type,
)
from plunder.engine.encoding import seat_one_hot
from plunder.engine.game import notation_error

CARDS = ("blade", "shield", "herb")
DECK = {"blade": 8, "shield": 6, "herb": 4}
HEALTH = 3
ACTIVATION = 3  # actions in an activation
START_HAND = 2
KINDS = ("reroll", "activation", "defend", "counter", "react")
TURN_VERBS = ("keep", "reroll", "draw", "wait", "attack")
ANSWER_VERBS = ("parry", "take", "counter", "hold", "mend", "pass")
VERBS = TURN_VERBS + ANSWER_VERBS
# Per turn: the re-roll, three actions each answered by up to three decisions
# (defence, counter-attack, the attacker's defence), and the reaction window.
TURN_DECISIONS = 1 + ACTIVATION * 4
_NOTATION = re.compile(r"^([a-z]+)(?:>(\d))?$")


@action_type
class Move(Action):
    """``verb``, aimed at seat ``target`` for an attack."""

    verb: str
    target: int | None = None

    def spell(self) -> str:
        return self.verb if self.target is None else f"{self.verb}>{self.target}"


KEEP, REROLL, DRAW, WAIT = Move.of("keep"), Move.of("reroll"), Move.of("draw"), Move.of("wait")
PARRY, TAKE, COUNTER, HOLD = Move.of("parry"), Move.of("take"), Move.of("counter"), Move.of("hold")
MEND, PASS = Move.of("mend"), Move.of("pass")


class SkirmishState(State):
    game: SkirmishGame

    def __init__(self, game: SkirmishGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.health = [HEALTH] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.deck = [card for card, count in DECK.items() for _ in range(count)]
        self.shuffle(self.deck)
        self.discard: list[str] = []
        self.round = 1
        self.turn = self.randrange(n)
        for seat in range(n):
            self._draw(seat, START_HAND)
        self._start_turn()
        self._open_step()

    # ----------------------------------------------------------- flow
    def _start_turn(self) -> None:
        seat = self.turn
        dice = self.roll(6, 2, reason="draw dice", seat=seat)
        self.replace(Frame.of("reroll", (seat,), seat=seat, dice=dice))

    def _activate(self, step: int) -> None:
        self.replace(Frame.of("activation", (self.turn,), seat=self.turn, step=step, of=ACTIVATION))

    def _end_activation(self) -> None:
        """Open the reaction window to every living seat holding a card; then the next turn."""
        self.pop()
        self.open_window("react", PASS, after=self.turn)

    # The reaction window (an engine window at the timing "react"): offered by
    # public information, every living seat whose hand is not empty.
    def _window_seats(self, timing: str, data: Mapping[str, Any]) -> list[int]:
        return [s for s in self._living() if self.hands[s]]

    def _window_plays(self, seat: int, frame: Frame) -> list[Action]:
        return [MEND] if "herb" in self.hands[seat] else []

    def _window_play(self, seat: int, action: Action, frame: Frame) -> None:
        self._play(seat, "herb")
        self.health[seat] = min(HEALTH, self.health[seat] + 1)
        self.emit({"type": "mend", "seat": seat, "health": self.health[seat]})

    def _window_first(self, frame: Frame) -> int:
        return self.turn

    def _after_react(self, frame: Frame) -> None:
        self._next_turn()

    def _next_turn(self) -> None:
        living = self._living()
        after = [s for s in living if s > self.turn]
        if not after:
            self.round += 1
            if self.round > self.game.options["rounds"]:
                best = max(self.health[s] for s in living)
                winners = frozenset(s for s in living if self.health[s] == best)
                self.finish(Result(winners, tuple(map(float, self.health)), "The rounds ran out"))
                return
        self.turn = after[0] if after else living[0]
        self._start_turn()

    def _after_chain(self) -> None:
        """The attack is over: drop its frames; the activation resumes or ends."""
        while self.decision is not None and self.decision.kind != "activation":
            self.pop()
        if self.is_over or self._result() is not None:
            return
        frame = self.decision
        assert frame is not None
        if self.health[self.turn] <= 0 or frame.data["step"] >= ACTIVATION:
            self._end_activation()
        else:
            self._activate(frame.data["step"] + 1)

    # ----------------------------------------------------------- decisions
    def _living(self) -> list[int]:
        return [s for s in range(self.players) if self.health[s] > 0]

    def _out(self, seat: int) -> str | None:
        return ELIMINATED if self.health[seat] <= 0 else None

    # One pair of handlers per kind of decision: the engine dispatches to them.
    def _legal_reroll(self, seat: int, frame: Frame) -> list[Action]:
        return [KEEP, REROLL]

    def _legal_activation(self, seat: int, frame: Frame) -> list[Action]:
        actions: list[Action] = [DRAW, WAIT]
        if "blade" in self.hands[seat]:
            actions += [Move.of("attack", t) for t in self._living() if t != seat]
        return actions

    def _legal_defend(self, seat: int, frame: Frame) -> list[Action]:
        return [PARRY, TAKE] if "shield" in self.hands[seat] else [TAKE]

    def _legal_counter(self, seat: int, frame: Frame) -> list[Action]:
        return [COUNTER, HOLD] if "blade" in self.hands[seat] else [HOLD]

    def _on_reroll(self, seat: int, move: Move, frame: Frame) -> None:
        dice = list(frame.data["dice"])
        if move == REROLL:
            dice = self.roll(6, 2, reason="re-roll", seat=seat)
        else:
            self.emit({"type": "keep", "seat": seat, "dice": dice})
        self._draw(seat, sum(1 for die in dice if die >= 4))
        self._activate(1)

    def _on_activation(self, seat: int, move: Move, frame: Frame) -> None:
        if move == DRAW:
            self._draw(seat, 1)
        elif move == WAIT:
            self.emit({"type": "wait", "seat": seat})
        else:
            assert move.target is not None
            self._strike(seat, move.target, "attack")
            return
        self._after_chain()

    def _strike(self, attacker: int, target: int, blow: str) -> None:
        self._play(attacker, "blade")
        self.emit({"type": blow, "seat": attacker, "target": target})
        self.push(Frame.of("defend", (target,), attacker=attacker, target=target, blow=blow))

    def _on_defend(self, seat: int, move: Move, frame: Frame) -> None:
        attacker = frame.data["attacker"]
        if move == TAKE:
            self._wound(seat)
            self._after_chain()
        else:
            self._play(seat, "shield")
            self.emit({"type": "parry", "seat": seat, "attacker": attacker})
            if frame.data["blow"] == "counter":  # the bound: no counter to a counter
                self._after_chain()
            else:
                self.push(Frame.of("counter", (seat,), attacker=attacker, target=seat))

    def _on_counter(self, seat: int, move: Move, frame: Frame) -> None:
        if move == HOLD:
            self.emit({"type": "hold", "seat": seat})
            self._after_chain()
        else:
            self._strike(seat, frame.data["attacker"], "counter")

    # ----------------------------------------------------------- cards
    def _draw(self, seat: int, count: int) -> None:
        drawn = []
        for _ in range(count):
            if self.deck:  # an empty deck gives nothing (it is never reshuffled)
                drawn.append(self.deck.pop())
        self.hands[seat] += drawn
        self.emit({"type": "draw", "seat": seat, "count": len(drawn)})
        if drawn:
            self.emit({"type": "drew", "seat": seat, "cards": sorted(drawn)}, to=(seat,))

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)

    def _wound(self, seat: int) -> None:
        self.health[seat] -= 1
        self.emit({"type": "wound", "seat": seat, "health": self.health[seat]})
        if self.health[seat] > 0:
            return
        self.discard += self.hands[seat]
        self.emit({"type": "eliminated", "seat": seat, "hand": sorted(self.hands[seat])})
        self.hands[seat] = []
        living = self._living()
        if len(living) == 1:
            self.finish(
                Result(frozenset(living), tuple(map(float, self.health)), "One seat is left")
            )

    # ----------------------------------------------------------- views
    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "round": self.round,
            "turn": self.turn,
            "health": list(self.health),
            "hand_sizes": [len(hand) for hand in self.hands],
            "deck": len(self.deck),
            "discard": sorted(self.discard),
        }
        if seat is not None:
            view["hand"] = sorted(self.hands[seat])
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        # Every card the seat has not seen (the deck and the others' hands) is dealt anew.
        others = [s for s in range(self.players) if s != seat]
        pool = self.deck + [card for s in others for card in self.hands[s]]
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            self.hands[s], pool = pool[:size], pool[size:]
        self.deck = pool


class SkirmishEncoder(Encoder):
    def declare(self) -> None:
        n = self.game.players
        self.field("viewer", n, "one-hot: the seat observing")
        self.field("health", n, f"each seat's health / {HEALTH}")
        self.field("hand_sizes", n, "each seat's cards in hand / the deck's size")
        self.field("hand", len(CARDS), "the viewer's cards of each kind / that kind's count")
        self.field("discard", len(CARDS), "discarded cards of each kind / that kind's count")
        self.field("deck", 1, "cards left in the deck / the deck's size")
        self.field("turn", n, "one-hot: the seat whose turn it is")
        self.field("round", 1, "round (up to the last) / rounds")
        self.field("decision", len(KINDS), "one-hot: the kind of the open decision")
        self.field("step", 1, "the activation's step / 3")
        self.field("dice", 2, "the dice to keep or re-roll / 6")
        self.field("pending", n, "1 where the seat owes a decision")
        self.field("committed", n, "1 where the seat has decided this step")
        self.field("over", 1, "1 once the game is over")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        n = self.game.players
        total = sum(DECK.values())
        decision = view["decision"] or {}
        out.put("viewer", seat_one_hot(view["viewer"], n))
        out.put("health", [h / HEALTH for h in view["health"]])
        out.put("hand_sizes", [size / total for size in view["hand_sizes"]])
        hand = view.get("hand", [])
        out.put("hand", [hand.count(card) / DECK[card] for card in CARDS])
        out.put("discard", [view["discard"].count(card) / DECK[card] for card in CARDS])
        out.put("deck", [view["deck"] / total])
        out.put("turn", seat_one_hot(view["turn"], n))
        rounds = self.game.options["rounds"]
        out.put("round", [min(view["round"], rounds) / rounds])
        kind = decision.get("kind")
        out.one_hot("decision", KINDS.index(kind) if kind else None, len(KINDS))
        out.put("step", [decision.get("step", 0) / ACTIVATION])
        out.put("dice", [die / 6 for die in decision.get("dice", [0, 0])])
        out.put("pending", [float(s in view["pending"]) for s in range(n)])
        out.put("committed", [float(s in view["committed"]) for s in range(n)])
        out.put("over", [float(view["over"])])


class SkirmishGame(Game):
    name = "skirmish"
    title = "Skirmish"
    summary = "a toy with attack chains, reaction windows, activations and re-rolls"
    min_players = 2
    max_players = 4
    default_players = 3
    extra_options = (Option("rounds", 6, "rounds before the game ends", minimum=1, maximum=50),)

    def _new_state(self, seed: int) -> SkirmishState:
        return SkirmishState(self, seed)

    def _all_actions(self) -> list[Move]:
        out = [Move.of(verb) for verb in VERBS if verb != "attack"]
        out += [Move.of("attack", seat) for seat in range(self.players)]
        return out

    def _max_decisions(self) -> int:
        # Each round every seat has at most one turn, and a turn ends with a window
        # open to at most every seat.
        players = self.players
        return self.options["rounds"] * players * (TURN_DECISIONS + players)

    def parse(self, text: str, legal: Sequence[str] = ()) -> Move:
        match = _NOTATION.match(text) if isinstance(text, str) else None
        expected = "one of " + ", ".join(VERBS) + " (attack>N names a seat)"
        if match is None or match.group(1) not in VERBS:
            raise notation_error(str(text), expected, legal)
        verb, target = match.group(1), match.group(2)
        if (verb == "attack") != (target is not None):
            raise notation_error(text, expected, legal)
        return Move.of(verb, None if target is None else int(target))


MANIFEST = Manifest(SkirmishGame, encoder="interrupts:SkirmishEncoder")
