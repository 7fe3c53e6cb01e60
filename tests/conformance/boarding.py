"""Boarding: a toy of teams, windows, dice, zones, triggers and effects from content.

It exists to prove that the engine's pieces for team games with boards and dice
work together, and the kit checks it like any game. Two sides, red and blue,
each on a ship; the ships are joined by a gangplank (``boarding.toml`` draws the
board). For 2 to 4 seats: even seats are red, odd seats blue, so 3 and 4
players play in teams (2 against 1, 2 against 2). Each seat has a hero (3 hit
points) and each side two deckhands.

The sides take turns; on a side's turn:

1. **The team decides once** (``lead``, answered by any one seat of the side):
   which of its heroes activates. The hero's seat draws a card.
2. **An activation of two actions** (``act``): ``move>Z`` to a zone next to the
   hero (across the gangplank while it stands), ``cut`` or ``mend`` the
   gangplank from a zone next to it (a link taken away and put back), ``rest``,
   or ``attack>Z`` a zone in range 1 that holds enemies.
3. **An attack** opens a **window** at the timing ``attack``, offered to every
   seat whose hand is not empty (hand sizes are public; what a hand holds is
   not), with a pass: the attacker's side may play Rally (+1 die), the defender's
   Brace (1 hit fewer), anyone High Tide (both). The cards' effects are named in
   the content and run through an effect registry. The window opens again after
   a card, until all pass. Then the attacker rolls a **dice pool** (2 dice, more
   with Rally, hitting on 4+, a 1 always misses), may **re-roll** its dice one at
   a time (each at most once, ``reroll>I`` or ``keep``), and **assigns the hits
   one at a time** (``hit>crew`` or ``hit>SEAT``): deckhands in the zone first,
   then heroes.
4. **Triggers** at the end of the activation: a hero on the enemy's ship loots
   a point, a wounded hero heals 1. When both arise the active seat
   orders them (the engine's ``order`` decision, ``first>loot`` or
   ``first>heal``).

Teammates see each other's hands and committed choices. A side wins with
``target`` points or when the other side's heroes are all knocked out; after
``rounds`` rounds the side with more points wins (equal points: a draw).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
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
from plunder.engine.board import Board, read_board
from plunder.engine.content import Field, Schema, fault, read_table, read_toml
from plunder.engine.dice import DicePool, assignable
from plunder.engine.effects import EffectRegistry, Step
from plunder.engine.encoding import seat_one_hot
from plunder.engine.frame import ANY
from plunder.engine.game import notation_error
from plunder.engine.triggers import Trigger

CONTENT_FILE = Path(__file__).with_name("boarding.toml")
SIDES = ("red", "blue")
HERO_HP = 3
ACTIONS = 2
TO_HIT = 4
BASE_DICE = 2
MAX_DICE = 5
KINDS = ("lead", "act", "attack", "reroll", "assign", "order")
VERBS = ("lead", "move", "attack", "cut", "mend", "rest", "play", "pass", "reroll", "keep",
         "hit", "first")
_NOTATION = re.compile(r"^([a-z]+)(?:>([a-z0-9]+))?$")

# ------------------------------------------------------------------ effects
EFFECTS = EffectRegistry("effect")


@EFFECTS.register("dice", amount=True)
def _more_dice(state: BoardingState, amount: int) -> None:
    state.attack["dice"] = min(MAX_DICE, state.attack["dice"] + amount)


@EFFECTS.register("ward", amount=True)
def _ward(state: BoardingState, amount: int) -> None:
    state.attack["ward"] += amount


# ------------------------------------------------------------------ content
@dataclass(frozen=True)
class Card:
    name: str
    title: str
    count: int
    timing: str
    side: str
    effects: tuple[Step, ...]


CARD_SCHEMA = Schema(
    "cards",
    Card,
    title=Field(str),
    count=Field(int, low=1),
    timing=Field(str, choices=("attack",)),
    side=Field(str, choices=("attacker", "defender", "any")),
    effects=Field(list, effects=True, length=(1, None)),
)


@dataclass(frozen=True)
class Content:
    board: Board
    crew: dict[str, str]
    cards: dict[str, Card]
    texts: dict[str, str]


def load_content(path: Path = CONTENT_FILE) -> Content:
    """Read and check the toy's content file (board, crew, cards, effect texts)."""
    data = read_toml(path)
    board = read_board(path, data)
    for side in SIDES:
        if len(board.deploy.get(side, ())) != 1:
            raise fault(path, f"needs one deployment point for {side}", "board.deploy", side)
    crew = read_table(path, data, "crew", red=Field(str), blue=Field(str))
    for side, zone in crew.items():
        if zone not in board.zones or board.zones[zone].side != side:
            raise fault(path, f"puts {side}'s crew on {zone!r}, not on {side}'s deck", "crew",
                        side)
    cards = CARD_SCHEMA.read(path, data, effects=EFFECTS)
    texts = Schema("effects", key=None, text=Field(str)).read(path, data)
    EFFECTS.check_texts(path, texts)
    return Content(board, crew, cards, {name: t["text"] for name, t in texts.items()})


CONTENT = load_content()
BOARD = CONTENT.board
ZONES = tuple(BOARD.zones)
CARDS = tuple(CONTENT.cards)
DECK = {name: card.count for name, card in CONTENT.cards.items()}


# ------------------------------------------------------------------ actions
@action_type
class Order(Action):
    """``verb``, with ``arg`` after ``>`` where it takes one."""

    verb: str
    arg: str = ""

    def spell(self) -> str:
        return f"{self.verb}>{self.arg}" if self.arg else self.verb


PASS, KEEP, CUT, MEND, REST = (Order.of(v) for v in ("pass", "keep", "cut", "mend", "rest"))


def side_of(seat: int) -> int:
    return seat % 2


# ------------------------------------------------------------------ the state
class BoardingState(State):
    game: BoardingGame

    def __init__(self, game: BoardingGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.zone: list[str | None] = [BOARD.deploy[SIDES[side_of(s)]][0] for s in range(n)]
        self.hp = [HERO_HP] * n
        self.crew: list[list[str]] = [[CONTENT.crew[side]] * 2 for side in SIDES]
        self.removed: list[str] = []
        self.deck = [card for card, count in DECK.items() for _ in range(count)]
        self.shuffle(self.deck)
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        for seat in range(n):
            self._draw(seat)
        self.score = [0, 0]
        self.round = 1
        self.side = 0
        self.active: int | None = None
        self.actions_left = 0
        self.attack: dict[str, Any] = {}
        self.pool: DicePool | None = None
        self.hits_left = 0
        self._side_turn()
        self._open_step()

    # ----------------------------------------------------------- the team's choice
    def _side_turn(self) -> None:
        heroes = self._heroes(self.side)
        self.active = None
        self.replace(Frame.of("lead", heroes, answer=ANY, side=SIDES[self.side]))

    def _legal_lead(self, seat: int, frame: Frame) -> list[Action]:
        return [Order.of("lead", str(s)) for s in self._heroes(self.side)]

    def _on_lead(self, seat: int, action: Order, frame: Frame) -> None:
        self.active = int(action.arg)
        self.emit({"type": "lead", "seat": seat, "hero": self.active})
        self._draw(self.active)
        self.actions_left = ACTIONS
        self._ask_action()

    def _ask_action(self) -> None:
        self.replace(Frame.of("act", [self.active], seat=self.active, left=self.actions_left))

    # ----------------------------------------------------------- the activation
    def _legal_act(self, seat: int, frame: Frame) -> list[Action]:
        here = self.zone[seat]
        assert here is not None
        out: list[Action] = [REST]
        out += [Order.of("move", z) for z in BOARD.adjacent(here, self.removed)]
        near = set(BOARD.neighbours(here)) | {here}
        links = [z for z in BOARD.links if z in near]
        if any(z not in self.removed for z in links):
            out.append(CUT)
        if any(z in self.removed for z in links):
            out.append(MEND)
        out += [Order.of("attack", z) for z in BOARD.within(here, 1) if self._enemies_in(z, seat)]
        return out

    def _on_act(self, seat: int, action: Order, frame: Frame) -> None:
        here = self.zone[seat]
        assert here is not None
        if action.verb == "attack":
            self.attack = {"seat": seat, "zone": action.arg, "dice": BASE_DICE, "ward": 0}
            self.emit({"type": "attack", "seat": seat, "zone": action.arg})
            self.open_window("attack", PASS, attacker=seat, zone=action.arg)
            return
        if action.verb == "move":
            self.zone[seat] = action.arg
        elif action in (CUT, MEND):
            near = set(BOARD.neighbours(here)) | {here}
            for link in BOARD.links:
                if link in near and (link in self.removed) == (action == MEND):
                    if action == CUT:
                        self.removed.append(link)
                    else:
                        self.removed.remove(link)
            self.removed.sort()
        self.emit({"type": action.verb, "seat": seat, "zone": self.zone[seat]})
        self._action_done()

    def _action_done(self) -> None:
        self.actions_left -= 1
        if self.actions_left > 0:
            self._ask_action()
        else:
            self._end_activation()

    # ----------------------------------------------------------- the window
    def _window_seats(self, timing: str, data: Mapping[str, Any]) -> list[int]:
        # Public information only: every seat with a hero in play and a card in hand.
        return [s for s in range(self.players) if self.zone[s] is not None and self.hands[s]]

    def _window_plays(self, seat: int, frame: Frame) -> list[Action]:
        attacker = side_of(frame.data["attacker"])
        mine = "attacker" if side_of(seat) == attacker else "defender"
        return [
            Order.of("play", card)
            for card in sorted(set(self.hands[seat]))
            if CONTENT.cards[card].side in (mine, "any")
        ]

    def _window_play(self, seat: int, action: Action, frame: Frame) -> None:
        assert isinstance(action, Order)
        self.hands[seat].remove(action.arg)
        self.discard.append(action.arg)
        for step in CONTENT.cards[action.arg].effects:
            EFFECTS[step.name].apply(self, step.amount)
        self.emit({"type": "played", "seat": seat, "card": action.arg})

    def _window_first(self, frame: Frame) -> int:
        return frame.data["attacker"]

    def _after_attack(self, frame: Frame) -> None:
        seat = self.attack["seat"]
        self.pool = self.roll_pool(self.attack["dice"], TO_HIT, reason="attack", seat=seat)
        self._offer_reroll()

    # ----------------------------------------------------------- dice
    def _offer_reroll(self) -> None:
        assert self.pool is not None
        if self.pool.rerollable:
            self._over_act(Frame.of("reroll", [self.attack["seat"]], "keep",
                                    pool=self.pool.to_json()))
        else:
            self._start_hits()

    def _legal_reroll(self, seat: int, frame: Frame) -> list[Action]:
        assert self.pool is not None
        return [KEEP, *(Order.of("reroll", str(i)) for i in self.pool.rerollable)]

    def _on_reroll(self, seat: int, action: Order, frame: Frame) -> None:
        assert self.pool is not None
        if action == KEEP:
            self._start_hits()
            return
        self.pool = self.reroll_die(self.pool, int(action.arg), reason="attack", seat=seat)
        self._offer_reroll()

    def _start_hits(self) -> None:
        assert self.pool is not None
        self.hits_left = max(0, self.pool.hits - self.attack["ward"])
        self._next_hit()

    def _targets(self) -> list[str]:
        zone, seat = self.attack["zone"], self.attack["seat"]
        enemy = 1 - side_of(seat)
        crew = ["crew"] if zone in self.crew[enemy] else []
        heroes = [str(s) for s in range(self.players)
                  if side_of(s) == enemy and self.zone[s] == zone]
        return assignable([crew, heroes])

    def _next_hit(self) -> None:
        targets = self._targets() if self.hits_left else []
        if not targets:
            self.pool = None
            self.hits_left = 0
            while self.frames[-1].kind != "act":
                self.pop()
            self.attack = {}
            self._action_done()
            return
        self._over_act(Frame.of("assign", [self.attack["seat"]], hits=self.hits_left,
                                targets=targets))

    def _legal_assign(self, seat: int, frame: Frame) -> list[Action]:
        return [Order.of("hit", t) for t in self._targets()]

    def _on_assign(self, seat: int, action: Order, frame: Frame) -> None:
        self.hits_left -= 1
        enemy = 1 - side_of(seat)
        if action.arg == "crew":
            self.crew[enemy].remove(self.attack["zone"])
            self.emit({"type": "crew_down", "side": SIDES[enemy], "zone": self.attack["zone"]})
        else:
            self._wound(int(action.arg))
            if self._over is not None:
                return
        self._next_hit()

    def _over_act(self, frame: Frame) -> None:
        """Put an attack's decision over the activation (replacing the attack's last)."""
        if self.frames[-1].kind == "act":
            self.push(frame)
        else:
            self.replace(frame)

    def _wound(self, seat: int) -> None:
        self.hp[seat] -= 1
        self.emit({"type": "wound", "seat": seat, "hp": self.hp[seat]})
        if self.hp[seat] > 0:
            return
        self.zone[seat] = None
        self.discard += self.hands[seat]
        self.emit({"type": "knocked_out", "seat": seat, "hand": sorted(self.hands[seat])})
        self.hands[seat] = []
        side = side_of(seat)
        if not self._heroes(side):
            self._win(1 - side, "every enemy hero is knocked out")

    # ----------------------------------------------------------- triggers
    def _end_activation(self) -> None:
        seat = self.active
        assert seat is not None
        triggers = []
        here = self.zone[seat]
        if here is not None and BOARD.zones[here].side == SIDES[1 - side_of(seat)]:
            triggers.append(Trigger.of("loot", seat))
        if self.hp[seat] < HERO_HP:
            triggers.append(Trigger.of("heal", seat))
        self.raise_triggers(triggers, then="activation")

    def _order_action(self, index: int, trigger: Trigger) -> Action:
        return Order.of("first", trigger.label)

    def _fire_loot(self, trigger: Trigger) -> None:
        side = side_of(trigger.seat)
        self.score[side] += 1
        self.emit({"type": "loot", "seat": trigger.seat, "score": list(self.score)})
        if self.score[side] >= self.game.options["target"]:
            self._win(side, "the target is reached")

    def _fire_heal(self, trigger: Trigger) -> None:
        self.hp[trigger.seat] += 1
        self.emit({"type": "heal", "seat": trigger.seat, "hp": self.hp[trigger.seat]})

    def _after_activation(self) -> None:
        self.side = 1 - self.side
        if self.side == 0:
            self.round += 1
            if self.round > self.game.options["rounds"]:
                best = max(self.score)
                sides = [s for s in (0, 1) if self.score[s] == best]
                winners = frozenset() if len(sides) == 2 else self.game.team_of(sides[0])
                self.finish(Result(winners, self._scores(), "the rounds ran out"))
                return
        self._side_turn()

    # ----------------------------------------------------------- helpers
    def _heroes(self, side: int) -> list[int]:
        return [s for s in range(self.players) if side_of(s) == side and self.zone[s] is not None]

    def _enemies_in(self, zone: str, seat: int) -> bool:
        enemy = 1 - side_of(seat)
        return zone in self.crew[enemy] or any(
            side_of(s) == enemy and self.zone[s] == zone for s in range(self.players)
        )

    def _draw(self, seat: int) -> None:
        if self.deck:
            card = self.deck.pop()
            self.hands[seat].append(card)
            self.emit({"type": "draw", "seat": seat})
            self.emit({"type": "drew", "seat": seat, "card": card}, to=self.allies(seat))

    def _scores(self) -> tuple[float, ...]:
        return tuple(float(self.score[side_of(s)]) for s in range(self.players))

    def _win(self, side: int, why: str) -> None:
        self.finish(Result(self.game.team_of(side), self._scores(), why))

    def _out(self, seat: int) -> str | None:
        return ELIMINATED if self.zone[seat] is None else None

    # ----------------------------------------------------------- views
    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "round": self.round,
            "side": SIDES[self.side],
            "active": self.active,
            "left": self.actions_left,
            "zones": list(self.zone),
            "hp": list(self.hp),
            "crew": {SIDES[i]: sorted(z) for i, z in enumerate(self.crew)},
            "removed": list(self.removed),
            "score": list(self.score),
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "discard": sorted(self.discard),
            "attack": dict(self.attack) or None,
            "hits_left": self.hits_left,
        }
        if seat is not None:
            # Teammates share their hands (the team plays as one).
            view["hands"] = {str(s): sorted(self.hands[s]) for s in sorted(self.allies(seat))}
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        known = self.allies(seat) if seat is not None else frozenset()
        others = [s for s in range(self.players) if s not in known]
        pool = self.deck + [card for s in others for card in self.hands[s]]
        rng.shuffle(pool)
        for s in others:
            size = len(self.hands[s])
            self.hands[s], pool = pool[:size], pool[size:]
        self.deck = pool


class BoardingEncoder(Encoder):
    def declare(self) -> None:
        n = self.game.players
        zones = len(ZONES)
        self.field("viewer", n, "one-hot: the seat observing")
        self.field("zones", n * (zones + 1), "per seat: one-hot of its hero's zone, or knocked out")
        self.field("hp", n, f"each hero's hit points / {HERO_HP}")
        self.field("crew", 2 * zones, "each side's deckhands per zone / 2")
        self.field("removed", len(BOARD.links), "1 where a gangplank is taken away")
        self.field("score", 2, "each side's points (up to the target) / target")
        self.field("hand_sizes", n, "cards in each hand / the deck's size")
        self.field("hands", n * len(CARDS), "per seat the viewer's team sees: cards of each kind")
        self.field("deck", 1, "cards left in the deck / the deck's size")
        self.field("side", 1, "1 when it is blue's turn")
        self.field("round", 1, "round (up to the last) / rounds")
        self.field("decision", len(KINDS), "one-hot: the kind of the open decision")
        self.field("dice", MAX_DICE, "the attack's dice / 6 (0: no die)")
        self.field("hits_left", 1, f"hits left to assign / {MAX_DICE}")
        self.field("pending", n, "1 where the seat owes a decision")
        self.field("over", 1, "1 once the game is over")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        n = self.game.players
        total = sum(DECK.values())
        zones = len(ZONES)
        decision = view["decision"] or {}
        out.put("viewer", seat_one_hot(view["viewer"], n))
        places = []
        for zone in view["zones"]:
            row = [0.0] * (zones + 1)
            row[ZONES.index(zone) if zone else zones] = 1.0
            places += row
        out.put("zones", places)
        out.put("hp", [h / HERO_HP for h in view["hp"]])
        out.put("crew", [view["crew"][side].count(z) / 2 for side in SIDES for z in ZONES])
        out.put("removed", [float(z in view["removed"]) for z in BOARD.links])
        target = self.game.options["target"]
        out.put("score", [min(s, target) / target for s in view["score"]])
        out.put("hand_sizes", [size / total for size in view["hand_sizes"]])
        hands = view.get("hands", {})
        out.put("hands", [hands.get(str(s), []).count(c) / DECK[c] for s in range(n)
                          for c in CARDS])
        out.put("deck", [view["deck"] / total])
        out.put("side", [float(view["side"] == "blue")])
        rounds = self.game.options["rounds"]
        out.put("round", [min(view["round"], rounds) / rounds])
        kind = decision.get("kind")
        out.one_hot("decision", KINDS.index(kind) if kind in KINDS else None, len(KINDS))
        dice = decision.get("pool", {}).get("dice", [])
        out.put("dice", [(dice[i] / 6 if i < len(dice) else 0.0) for i in range(MAX_DICE)])
        out.put("hits_left", [view["hits_left"] / MAX_DICE])
        out.put("pending", [float(s in view["pending"]) for s in range(n)])
        out.put("over", [float(view["over"])])


class BoardingGame(Game):
    name = "boarding"
    title = "Boarding"
    summary = "a toy of teams, windows, dice pools, zones, triggers and effects"
    min_players = 2
    max_players = 4
    default_players = 4
    extra_options = (
        Option("rounds", 6, "rounds before the game ends", minimum=1, maximum=50),
        Option("target", 3, "points that win", minimum=1, maximum=9),
    )

    def _teams(self) -> list[list[int]]:
        return [[s for s in range(self.players) if side_of(s) == side] for side in (0, 1)]

    def _new_state(self, seed: int) -> BoardingState:
        return BoardingState(self, seed)

    def _all_actions(self) -> list[Order]:
        n = self.players
        walk = [z for z in ZONES if BOARD.zones[z].walkable]
        out = [Order.of("lead", str(s)) for s in range(n)]
        out += [Order.of("move", z) for z in walk] + [Order.of("attack", z) for z in walk]
        out += [CUT, MEND, REST, PASS] + [Order.of("play", c) for c in CARDS]
        out += [KEEP] + [Order.of("reroll", str(i)) for i in range(MAX_DICE)]
        out += [Order.of("hit", "crew")] + [Order.of("hit", str(s)) for s in range(n)]
        out += [Order.of("first", "loot"), Order.of("first", "heal")]
        return out

    def _max_decisions(self) -> int:
        # A turn: the lead, then per action the action, the window's openings
        # (each after the first needs a card played; at most every card), the
        # re-rolls and the hits; then the order of two triggers.
        cards = sum(DECK.values())
        per_attack = 1 + (cards + 1) * self.players + MAX_DICE + MAX_DICE
        return self.options["rounds"] * 2 * (1 + ACTIONS * per_attack + 1)

    def parse(self, text: str, legal: Sequence[str] = ()) -> Order:
        match = _NOTATION.match(text) if isinstance(text, str) else None
        expected = "one of " + ", ".join(VERBS) + " (with >ARG where it takes one)"
        if match is None or match.group(1) not in VERBS:
            raise notation_error(str(text), expected, legal)
        verb, arg = match.group(1), match.group(2) or ""
        takes = verb in ("lead", "move", "attack", "play", "reroll", "hit", "first")
        if takes != bool(arg):
            raise notation_error(text, expected, legal)
        return Order.of(verb, arg)


MANIFEST = Manifest(BoardingGame, encoder="boarding:BoardingEncoder")
