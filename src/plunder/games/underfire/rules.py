"""Pirates Under Fire: two fleets of numbered ships on a 7 x 6 sea, combos and fire.

Rule numbers (R1, R2, …) refer to ``docs/rules/underfire.md``. A turn is the
``turn`` frame (the main action and the optional hire, in either order, then
``end`` or the automatic draw). The effects of a ship laid (its space's, its own)
or of a mercenary hired are triggers of the engine's queue: when the space and
the ship both have effects, the seat answers the engine's ``order`` frame
(``first:space`` or ``first:ship``); an effect that aims pushes a ``target``
frame over the turn and the queue goes on once it is answered. What each effect
does is registered in ``effects.py``, under the names the content uses.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from plunder.engine.action import Action, action_type
from plunder.engine.effects import Step
from plunder.engine.frame import Frame
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.engine.result import Result
from plunder.engine.state import State
from plunder.engine.triggers import Trigger
from plunder.games.underfire import text
from plunder.games.underfire.content import (
    BOARDS_SHOWN,
    CONTENT,
    EFFECTS_SHOWN,
    MERCENARIES_SHOWN,
    NUMBERS,
    SHIPS_SHOWN,
)
from plunder.games.underfire.effects import EFFECTS, SCORES, aims
from plunder.games.underfire.sea import (
    BURNING,
    COLUMNS,
    INDEX,
    MERC,
    NEIGHBOURS,
    NUMBER,
    OWNER,
    ROWS,
    SHIELD,
    SPACES,
    first_row,
    half_of,
)

MERCS = tuple(CONTENT.mercenaries)
SIXTEEN = 16  # "The game ends when each player has played 16 turns" (R2)
TARGET_VERBS = ("fire", "mine", "shield", "repair")
NOTATION_HELP = (
    "N@SPACE (lay ship N, e.g. 7@c2), buy:MERC@SPACE, first:space or first:ship, "
    "fire@SPACE, mine@SPACE, shield@SPACE, repair@SPACE, end"
)
_NOTATION = re.compile(
    r"^\s*(?:(?P<ship>[1-9])@(?P<at1>[a-g][1-6])|buy:(?P<merc>[a-z_]+)@(?P<at2>[a-g][1-6])"
    r"|first:(?P<first>space|ship)|(?P<verb>fire|mine|shield|repair)@(?P<at3>[a-g][1-6])"
    r"|(?P<end>end))\s*$"
)


@action_type
class FireAction(Action):
    """One decision: ``play`` (ship ``ship`` on ``at``), ``buy`` (``merc`` on ``at``),
    ``first`` (``at`` is ``space`` or ``ship``), a target verb on ``at``, or ``end``."""

    verb: str
    ship: int = 0
    merc: str = ""
    at: str = ""

    def spell(self) -> str:
        if self.verb == "play":
            return f"{self.ship}@{self.at}"
        if self.verb == "buy":
            return f"buy:{self.merc}@{self.at}"
        if self.verb == "first":
            return f"first:{self.at}"
        if self.verb == "end":
            return "end"
        return f"{self.verb}@{self.at}"


_act = FireAction.of
END = _act("end")


def runs(values: Sequence[int | None], step: int) -> list[int]:
    """Lengths (3 or more) of the maximal runs in ``values`` where each number is the
    one before it plus ``step`` (0: the same number); ``None`` breaks a run.

    >>> runs([2, 3, 4, None, 5, 5, 5, 5], 1), runs([4, 3, 2, 2, 2], 0), runs([2, 4, 3], 1)
    ([3], [3], [])
    """
    out, length = [], 1
    for before, after in pairwise(values):
        if before is not None and after is not None and after - before == step:
            length += 1
        else:
            if length >= 3:
                out.append(length)
            length = 1
    if length >= 3:
        out.append(length)
    return out


def _points(table: dict[int, int], length: int) -> int:
    return table.get(length, table[max(table)] if length > max(table) else 0)


class UnderFireState(State):
    game: UnderFireGame

    def _quiet(self, seat: int, action: Action, frame: Frame) -> bool:
        """Laying a ship shows one of the hidden hand; every other answer (a hire from
        the open market, the order of effects, a target, the end of a turn) is
        public, and may be taken back until a ship is drawn (plunder.engine.undo)."""
        return getattr(action, "verb", "play") != "play"

    def __init__(self, game: UnderFireGame, seed: int) -> None:
        super().__init__(game, seed)
        self.burning_first_row = game.options["burning"] == "accessible"
        self.draw_mode = game.options["draw"]
        self.effects, self.layout = self._lay_out_sea()
        self.sea: list[list[Any] | None] = [None] * (COLUMNS * ROWS)
        self.mines = [False] * (COLUMNS * ROWS)
        start = CONTENT.start
        self.gold = [start["gold"]] * 2
        self.vp = [0, 0]
        self.limit = [start["hand_limit"]] * 2
        self.hand: list[list[int]] = [[], []]
        self.pile: list[list[int]] = [[], []]
        self.reserve: list[list[int]] = [[], []]
        for seat in (0, 1):
            # R6: 27 ships, shuffled; 18 to the draw pile, 9 to the reserve; R7: a hand of 3.
            fleet = [n for n in NUMBERS for _ in range(start["copies"])]
            self.shuffle(fleet)
            self.pile[seat] = fleet[: start["draw_pile"]]
            self.reserve[seat] = fleet[start["draw_pile"]:]
            for _ in range(start["hand_limit"]):
                self.hand[seat].append(self.pile[seat].pop())
            self.hand[seat].sort()
        # R8: the mercenaries for hire: three of cost 3, one of 4, one of 5, drawn.
        self.market: list[str] = []
        for cost, count in sorted(CONTENT.market.items()):
            self.market += self.sample([m for m in MERCS if CONTENT.mercenaries[m].cost == cost],
                                       count)
        self.turns = [0, 0]
        self.final = [False, False]  # drew the last ship: one turn left (R31)
        self.done = [False, False]
        self.current = self.randrange(2)  # R9: who starts is drawn
        self.played = False
        self.bought = False
        # The effects of the trigger firing now still to apply: (code, origin space).
        self.firing: list[tuple[str, int]] = []
        self.emit({"type": "setup", "first": self.current, "market": list(self.market),
                   "text": text.setup(self.current, self.market)})
        self._begin_turn(self.current)
        self._open_step()

    # ------------------------------------------------------------ the sea
    def _lay_out_sea(self) -> tuple[tuple[str, ...], tuple[tuple[str, str, int, int], ...]]:
        """R3, R5: each half gets two square boards and one strip, at random places and faces."""
        squares = list(CONTENT.by_kind["square"])
        strips = list(CONTENT.by_kind["strip"])
        self.shuffle(squares)
        self.shuffle(strips)
        effects = [""] * (COLUMNS * ROWS)
        layout = []
        for seat in (0, 1):
            pieces = [squares[2 * seat], squares[2 * seat + 1], strips[seat]]
            self.shuffle(pieces)
            column = 0  # from the owner's left
            for board_id in pieces:
                board = CONTENT.boards[board_id]
                face = self.choice(("a", "b"))
                grid = board.faces[face]
                for depth, row in enumerate(grid):
                    for offset, step in enumerate(row):
                        own_col = column + offset
                        col = own_col if seat == 0 else COLUMNS - 1 - own_col
                        r = depth if seat == 0 else ROWS - 1 - depth
                        effects[r * COLUMNS + col] = "" if step is None else step.code
                left = column if seat == 0 else COLUMNS - column - len(grid[0])
                layout.append((board_id, face, seat, left))
                column += len(grid[0])
        return tuple(effects), tuple(layout)

    def accessible(self, seat: int, boarding: bool = False,
                   sea: Sequence[list[Any] | None] | None = None) -> list[int]:
        """R17-R20: where ``seat`` may lay a ship now (``boarding``: also on active ships);
        ``sea``: on that sea rather than this one (a hire foreseen, R51)."""
        out = []
        sea = self.sea if sea is None else sea
        first = first_row(seat)
        # The spaces next to the seat's active ships, found from the ships (few) rather
        # than by looking round every space (bots and legal lists ask very often).
        near: set[int] = set()
        for j, s in enumerate(sea):
            if s is not None and s[OWNER] == seat and not s[BURNING]:
                near.update(NEIGHBOURS[j])
        for i, ship in enumerate(sea):
            if ship is None:
                if i in near or i in first:
                    out.append(i)
            elif ship[BURNING]:
                # R20, R46: a burning ship's space is reached by adjacency (option burning).
                if i in near or (self.burning_first_row and i in first):
                    out.append(i)
            elif boarding and (i in near or i in first):
                out.append(i)
        return out

    def raiders(self, seat: int) -> int:
        """Active ships of ``seat`` on the other half (R36, R41)."""
        return sum(1 for i, s in enumerate(self.sea) if s is not None and s[OWNER] == seat
                   and not s[BURNING] and half_of(i) != seat)

    # ------------------------------------------------------------ turns
    def _begin_turn(self, seat: int) -> None:
        self.current = seat
        self.turns[seat] += 1
        self.played = self.bought = False
        self.emit({"type": "turn", "seat": seat, "turn": self.turns[seat],
                   "text": text.turn(seat, self.turns[seat])})
        if self._stuck(seat):
            return
        self.replace(self._turn_frame("start"))

    def _turn_frame(self, stage: str) -> Frame:
        return Frame.of("turn", [self.current], turn=self.turns[self.current], stage=stage)

    def can_lay(self, seat: int) -> bool:
        """Whether ``seat`` could lay a ship of her hand now (R10, R17-R20)."""
        return bool(self.hand[seat]) and bool(self.accessible(seat))

    def _stuck(self, seat: int) -> bool:
        """R32, R48, R51: a player who cannot lay any ship of her hand loses at once,
        unscored, unless a hire she may still make this turn would open her a space."""
        if self.can_lay(seat) or self._hires(seat):
            return False
        self.emit({"type": "stuck", "seat": seat, "text": text.stuck(seat) + "."})
        self.finish(Result(frozenset({1 - seat}), (0.0, 0.0), text.stuck(seat)))
        return True

    def _continue_turn(self) -> None:
        """After an action and its effects: the rest of the turn, or its end."""
        seat = self.current
        if not self.played:
            if self._stuck(seat):
                return
            self.replace(self._turn_frame("main"))
        elif not self.bought and self._hires(seat):
            self.replace(self._turn_frame("after"))
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        seat = self.current
        if self.game.options["end"] == "sixteen":
            self._draw(seat)
            if self.turns[seat] >= SIXTEEN:
                self.done[seat] = True
        elif self.final[seat]:
            self.done[seat] = True  # R31, R39: the turn after the last draw was her last
        else:
            self._draw(seat)
            if not self.pile[seat]:
                self.final[seat] = True
                self.emit({"type": "last", "seat": seat, "text": text.last_tile(seat)})
        other = 1 - seat
        if all(self.done):
            self._score()
        elif not self.done[other]:
            self._begin_turn(other)
        else:
            self._begin_turn(seat)

    def _draw(self, seat: int) -> None:
        """R16, R45: the final action draws a ship (option ``draw``: ``every`` turn, or
        while the hand is below its limit, ``one`` ship or up to it, ``fill``)."""
        if self.draw_mode == "every":
            if self.pile[seat]:
                self._draw_one(seat)
            return
        while self.pile[seat] and len(self.hand[seat]) < self.limit[seat]:
            self._draw_one(seat)
            if self.draw_mode == "one":
                return

    def _draw_one(self, seat: int) -> None:
        number = self.pile[seat].pop()
        self.hand[seat].append(number)
        self.hand[seat].sort()
        self.emit({"type": "draw", "seat": seat, "text": text.draw(seat, None)})
        self.emit({"type": "drawn", "seat": seat, "ship": number,
                   "text": text.draw(seat, number)}, to=[seat])

    def raise_limit(self, seat: int, amount: int) -> None:
        """R29: the hand limit rises, up to its maximum."""
        self.limit[seat] = min(CONTENT.start["hand_limit_max"], self.limit[seat] + amount)

    def from_reserve(self, seat: int, amount: int) -> int:
        """How many of ``amount`` ships the reserve gives ``seat`` now (R29, R45): as
        many as it holds; under ``draw=every`` only while the hand is below its limit."""
        count = min(amount, len(self.reserve[seat]))
        if self.draw_mode == "every":
            count = min(count, max(0, self.limit[seat] - len(self.hand[seat])))
        return count

    def take_from_reserve(self, seat: int) -> None:
        """A random ship of the hidden reserve goes to the hand (R29, R42); the seat
        alone learns which (the ``effect`` event has told everyone that one came)."""
        reserve = self.reserve[seat]
        number = reserve.pop(self.randrange(len(reserve)))
        self.hand[seat].append(number)
        self.hand[seat].sort()
        self.emit({"type": "drawn", "seat": seat, "ship": number,
                   "text": text.reserve(seat, number)}, to=[seat])

    # ------------------------------------------------------------ legal actions
    def _hires(self, seat: int) -> list[FireAction]:
        """The hires ``seat`` may make now (R12, R19); while her main action is due and
        no ship of her hand can be laid, only those that open her a space (R51)."""
        if self.bought:
            return []
        stuck = not self.played and not self.can_lay(seat)
        if stuck and not self.hand[seat]:
            return []
        out = []
        for merc_id in self.market:
            merc = CONTENT.mercenaries[merc_id]
            if merc.cost > self.gold[seat]:
                continue
            for i in self.accessible(seat, boarding=merc.boards):
                if not stuck or self._opens(seat, merc_id, i):
                    out.append(_act("buy", 0, merc_id, SPACES[i]))
        return out

    def _opens(self, seat: int, merc: str, at: int) -> bool:
        """R51: whether ``seat`` could lay a ship once ``merc`` lies on ``at`` (a mined
        space burns it, R28; what its effects would do is not foreseen)."""
        sea = list(self.sea)
        sea[at] = [seat, 0, merc, self.mines[at], False]
        return bool(self.accessible(seat, sea=sea))

    # ------------------------------------------------------------ decisions
    # One pair of handlers per kind of decision; the engine dispatches to them.
    # ``order`` (which trigger first) is the engine's own: see ``_order_action``.
    def _legal_turn(self, seat: int, frame: Frame) -> list[FireAction]:
        out: list[FireAction] = []
        if not self.played:
            spaces = self.accessible(seat)
            for number in sorted(set(self.hand[seat])):
                out.extend(_act("play", number, "", SPACES[i]) for i in spaces)
        out.extend(self._hires(seat))
        if self.played:
            out.append(END)
        return out

    def _on_turn(self, seat: int, action: FireAction, frame: Frame) -> None:
        if action.verb == "end":
            self._end_turn()
        elif action.verb == "buy":
            self._hire(seat, action.merc, INDEX[action.at])
        else:
            self._play(seat, action.ship, INDEX[action.at])

    def _legal_target(self, seat: int, frame: Frame) -> tuple[FireAction, ...]:
        verb = frame.data["verb"]
        return tuple(_act(verb, 0, "", at) for at in frame.data["targets"])

    def _on_target(self, seat: int, action: FireAction, frame: Frame) -> None:
        self.pop()
        self._aim(seat, frame.data["effect"], INDEX[action.at])
        if not self._apply_firing():
            self.run_triggers()  # the trigger is spent: the queue goes on

    def _order_action(self, index: int, trigger: Trigger) -> FireAction:
        """R11: ``first:space`` or ``first:ship`` fires that trigger first."""
        return _act("first", 0, "", trigger.label)

    # ------------------------------------------------------------ refusals
    # Why an action is refused, one handler per kind of decision like the pairs
    # above: ``_explain_<kind>(seat, action, frame)`` finds the rule broken and its
    # facts, and ``text`` words them. The helpers they share are ``_why_*``, so that
    # an ``_explain_`` name is always a kind's.
    def _explain(self, seat: int, action: Action) -> str:
        """Why ``action`` is refused: another game's, or the open decision's
        ``_explain_<kind>`` says (the engine finds it)."""
        if not isinstance(action, FireAction):
            return text.not_ours(action)
        return super()._explain(seat, action)

    def _explain_order(self, seat: int, action: FireAction, frame: Frame) -> str:
        """R11: two effects wait, and only ``first:`` orders them."""
        return text.order_first("R11")

    def _explain_turn(self, seat: int, action: FireAction, frame: Frame) -> str:
        """A turn's action refused: nothing to order or aim (R11), no ship laid yet
        (R10), or the play or hire itself."""
        if action.verb == "first":
            return text.nothing_to_order("R11")
        if action.verb in TARGET_VERBS:
            return text.nothing_aims(action.verb)
        if action.verb == "end":
            return text.end_before_laying("R10")
        if action.verb == "buy":
            return self._why_hire(seat, action)
        return self._why_play(seat, action)

    def _explain_target(self, seat: int, action: FireAction, frame: Frame) -> str:
        """An aim refused: another verb than the effect's, or a space not among its targets."""
        data = frame.data
        if action.verb != data["verb"]:
            return text.aiming(seat, data["verb"], data["targets"], data["effect"],
                               data["origin"])
        return text.off_target(action.at, data["effect"], data["targets"])

    def _why_play(self, seat: int, action: FireAction) -> str:
        """Why laying ``action.ship`` is refused: one ship a turn (R10), from the hand
        (R10), on an accessible space."""
        if self.played:
            return text.laid_already(seat, "R10")
        if action.ship not in self.hand[seat]:
            return text.not_held(seat, action.ship, self.hand[seat], "R10")
        return self._why_space(seat, INDEX[action.at], boarding=False)

    def _why_hire(self, seat: int, action: FireAction) -> str:
        """Why hiring ``action.merc`` is refused: one hire a turn (R12), from the market,
        paid for, on an accessible space, opening one when no ship can be laid (R51)."""
        merc = CONTENT.mercenaries[action.merc]
        if self.bought:
            return text.hired_already(seat, "R12")
        if action.merc not in self.market:
            return text.not_for_hire(action.merc, self.market)
        if merc.cost > self.gold[seat]:
            return text.too_dear(seat, action.merc, merc.cost, self.gold[seat])
        why = self._why_space(seat, INDEX[action.at], boarding=merc.boards)
        if why or self.played or self.can_lay(seat):
            return why or self._refusal(seat, action)
        return text.opens_nothing(seat, action.merc, action.at, "R51")

    def _why_space(self, seat: int, at: int, boarding: bool) -> str:
        """Why ``at`` is not accessible to ``seat`` (R17-R20, R46), or ``""``."""
        name, ship = SPACES[at], self.sea[at]
        near = any((s := self.sea[j]) is not None and s[OWNER] == seat and not s[BURNING]
                   for j in NEIGHBOURS[at])
        first = at in first_row(seat)
        if ship is not None and not ship[BURNING] and not boarding:
            return text.occupied(name, ship[OWNER], ship[NUMBER], ship[MERC], "R19")
        if ship is not None and ship[BURNING] and not near and not (
                first and self.burning_first_row):
            return text.burning_out_of_reach(seat, name, "R20, R46")
        if not near and not first:
            row = first_row(seat)[0] // COLUMNS + 1
            return text.out_of_reach(seat, name, row, "R17, R18")
        return ""

    def _arrive(self, seat: int, at: int, number: int, merc: str) -> bool:
        """Put a ship on ``at``: a burning ship there sinks (R20), a mine explodes (R28).

        Returns whether the space's effect may apply (R22: not over a burning ship)."""
        space_counts = True
        there = self.sea[at]
        if there is not None:
            why = "boarded by the " + CONTENT.mercenaries[merc].title if merc and not there[
                BURNING] else "a ship was laid on its burning hull"
            self.emit({"type": "sunk", "at": SPACES[at], "owner": there[OWNER],
                       "text": text.sunk(SPACES[at], there[OWNER], why)})
            space_counts = False
        ship: list[Any] = [seat, number, merc, False, False]
        self.sea[at] = ship
        if self.mines[at]:
            self.mines[at] = False
            self.emit({"type": "mine", "at": SPACES[at], "text": text.mine_explodes(SPACES[at])})
            ship[BURNING] = True
            self.emit({"type": "burning", "at": SPACES[at], "owner": seat,
                       "text": text.burning(SPACES[at], seat, "a mine")})
        return space_counts

    def _play(self, seat: int, number: int, at: int) -> None:
        """R10, R11, R43: lay a ship; the space's and the ship's effects in either order."""
        self.hand[seat].remove(number)
        self.played = True
        self.emit({"type": "play", "seat": seat, "ship": number, "at": SPACES[at],
                   "text": text.play(seat, number, SPACES[at])})
        space_counts = self._arrive(seat, at, number, "")
        space = self.effects[at] if space_counts else ""
        ship = [s.code for s in CONTENT.ships[number].steps]
        triggers = []
        # R28: a ship set on fire by a mine does nothing; R43: only effects are asked about.
        if not self.sea[at][BURNING]:  # type: ignore[index]
            if space:
                triggers.append(self._trigger(seat, "space", [space], at))
            if ship:
                triggers.append(self._trigger(seat, "ship", ship, at))
        self.raise_triggers(triggers, then="effects", at=SPACES[at], space=space, ship=ship)

    def _hire(self, seat: int, merc_id: str, at: int) -> None:
        """R12-R14: pay, lay the mercenary, apply its action but not the space's."""
        merc = CONTENT.mercenaries[merc_id]
        self.gold[seat] -= merc.cost
        self.market.remove(merc_id)
        self.bought = True
        self.emit({"type": "buy", "seat": seat, "merc": merc_id, "at": SPACES[at],
                   "text": text.buy(seat, merc_id, SPACES[at], merc.cost)})
        self._arrive(seat, at, 0, merc_id)
        codes = [s.code for s in merc.steps]
        burning = self.sea[at][BURNING]  # type: ignore[index]
        triggers = [] if burning or not codes else [self._trigger(seat, "mercenary", codes, at)]
        self.raise_triggers(triggers, then="effects")

    @staticmethod
    def _trigger(seat: int, label: str, codes: list[str], at: int) -> Trigger:
        """A trigger applying ``codes`` from the ship on ``at``; ``label`` names it in
        the ``order`` decision (``space`` or ``ship``, as the notation says)."""
        return Trigger.of("effects", seat, label, codes=codes, at=SPACES[at])

    def _fire_effects(self, trigger: Trigger) -> None:
        """The engine fires a trigger: its effects apply, pausing the queue at an aim."""
        origin = INDEX[trigger.data["at"]]
        self.firing = [(code, origin) for code in trigger.data["codes"]]
        self._apply_firing()

    def _after_effects(self) -> None:
        """Every trigger has fired (or none arose): the turn goes on."""
        self._continue_turn()

    def _apply_firing(self) -> bool:
        """Apply the firing trigger's effects in turn; True when one waits for a target
        (a ``target`` frame is pushed), False once none is left."""
        seat = self.current
        while self.firing:
            code, origin = self.firing.pop(0)
            step = EFFECTS.step(code)
            effect = EFFECTS[step.name]
            if not aims(step.name):
                # Told before it applies: what it brings (a ship from the reserve)
                # is then told to its owner alone.
                self.emit({"type": "effect", "seat": seat, "effect": code,
                           "text": self._effect_text(seat, step)})
                effect.apply(self, seat, origin, step.amount)
                continue
            # An aimed effect with an amount aims that many times (R47).
            self.firing[0:0] = [(step.name, origin)] * (step.amount - 1)
            targets = effect.get("targets")(self, seat, origin)
            if not targets:
                self.emit({"type": "effect", "seat": seat, "effect": code, "missed": True,
                           "why": text.NO_TARGET, "text": text.no_target(seat, step.name)})
                continue
            self.push(Frame.of("target", [seat], effect=step.name, verb=effect.get("verb"),
                               origin=SPACES[origin], targets=[SPACES[i] for i in targets]))
            return True
        return False

    def _effect_text(self, seat: int, step: Step) -> str:
        """What an effect that applies at once does, in the log's words (R29, R30)."""
        if step.name == "hand":
            return text.hand_limit(seat, self.limit[seat], step.amount,
                                   CONTENT.start["hand_limit_max"])
        if step.name == "reserve":
            why = "empty" if not self.reserve[seat] else "full"
            return text.from_reserve(seat, self.from_reserve(seat, step.amount), why,
                                     self.limit[seat])
        return text.effect(seat, step.name, step.amount)

    def _aim(self, seat: int, name: str, at: int) -> None:
        verb = EFFECTS[name].get("verb")
        lifted = verb == "mine" and self.mines[at]
        self.emit({"type": "effect", "seat": seat, "effect": name, "at": SPACES[at],
                   "text": text.aimed(seat, verb, SPACES[at], lifted)})
        EFFECTS[name].apply(self, seat, at)

    def hit(self, at: int, why: str) -> None:
        """R23-R25: a shield takes the hit; else an active ship burns, a burning one sinks."""
        ship = self.sea[at]
        assert ship is not None
        name = SPACES[at]
        if ship[BURNING]:
            self.sea[at] = None
            self.emit({"type": "sunk", "at": name, "owner": ship[OWNER], "why": why,
                       "text": text.sunk(name, ship[OWNER], why)})
        elif ship[SHIELD]:
            ship[SHIELD] = False
            self.emit({"type": "shielded", "at": name, "owner": ship[OWNER],
                       "why": text.SHIELD_TOOK_IT, "text": text.shielded(name, ship[OWNER])})
        else:
            ship[BURNING] = True
            self.emit({"type": "burning", "at": name, "owner": ship[OWNER], "why": why,
                       "text": text.burning(name, ship[OWNER], why)})

    # ------------------------------------------------------------ the end
    def combos(self, seat: int) -> list[tuple[str, int, int]]:
        """R33, R34, R40: (kind, length, VP) for every run of the seat's active numbered ships."""
        grid = [s[NUMBER] if s is not None and s[OWNER] == seat and not s[BURNING]
                and s[NUMBER] else None for s in self.sea]
        lines = [grid[r * COLUMNS:(r + 1) * COLUMNS] for r in range(ROWS)]
        lines += [grid[c::COLUMNS] for c in range(COLUMNS)]
        out = []
        for line in lines:
            # A run needs three ships in a line: most lines hold fewer.
            if len(line) - line.count(None) < 3:
                continue
            out += [("same", n, _points(CONTENT.same, n)) for n in runs(line, 0)]
            for step in (1, -1):
                out += [("sequence", n, _points(CONTENT.sequence, n)) for n in runs(line, step)]
        return out

    def breakdown(self, seat: int) -> dict[str, int]:
        """The seat's final score, part by part (R33-R37)."""
        scorers = 0
        for ship in self.sea:
            if ship is not None and ship[OWNER] == seat and not ship[BURNING] and ship[MERC]:
                rule = CONTENT.mercenaries[ship[MERC]].scores
                if rule is not None:
                    scorers += SCORES[rule.name].apply(self, seat, rule.amount)
        parts = {
            "combos": sum(points for _, _, points in self.combos(seat)),
            "raiders": self.raiders(seat) * CONTENT.raider,
            "mercenaries": scorers,
            "tokens": self.vp[seat],
        }
        parts["total"] = sum(parts.values())
        return parts

    def _score(self) -> None:
        parts = [self.breakdown(seat) for seat in (0, 1)]
        totals = [p["total"] for p in parts]
        winner: int | None = None
        tie_on_gold = False
        if totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        elif self.gold[0] != self.gold[1]:  # R38, R50: a tie goes to the richer
            winner = 0 if self.gold[0] > self.gold[1] else 1
            tie_on_gold = True
        reason = text.scores(totals, winner, tie_on_gold)
        self.emit({"type": "scoring", "scores": parts, "text": text.scoring(parts) + "."})
        winners = frozenset() if winner is None else frozenset({winner})
        by_source = tuple({k: float(v) for k, v in p.items() if k != "total"} for p in parts)
        self.finish(Result(winners, tuple(float(t) for t in totals), reason, breakdown=by_source))

    # ------------------------------------------------------------ views
    def first_movers(self) -> tuple[frozenset[int], ...]:
        """R9: the seat drawn to start, as the set-up's event says."""
        for event in self.log:
            if event.data.get("type") == "setup":
                return (frozenset((event.data["first"],)),)
        return super().first_movers()

    def _view(self, seat: int | None) -> dict[str, Any]:
        sea = []
        for i, ship in enumerate(self.sea):
            cell: dict[str, Any] = {"at": SPACES[i], "half": half_of(i),
                                    "effect": self.effects[i], "mine": self.mines[i]}
            cell["ship"] = None if ship is None else {
                "owner": ship[OWNER], "number": ship[NUMBER], "merc": ship[MERC] or None,
                "burning": ship[BURNING], "shield": ship[SHIELD]}
            sea.append(cell)
        view: dict[str, Any] = {
            "sea": sea,
            "boards": [{"board": b, "face": f, "half": h, "left": left}
                       for b, f, h, left in self.layout],
            "players": [
                {"seat": s, "gold": self.gold[s], "vp": self.vp[s], "hand_limit": self.limit[s],
                 "hand_size": len(self.hand[s]), "pile": len(self.pile[s]),
                 "reserve": len(self.reserve[s]), "turns": self.turns[s],
                 "final": self.final[s], "done": self.done[s]}
                for s in (0, 1)
            ],
            "market": list(self.market),
            "current": self.current,
            "played": self.played,
            "bought": self.bought,
        }
        if seat is not None:
            view["hand"] = list(self.hand[seat])
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Hands, draw piles and reserves are hidden (R42): redraw what ``seat`` cannot see."""
        for owner in (0, 1):
            if owner == seat:
                pool = sorted(self.pile[owner] + self.reserve[owner])
                rng.shuffle(pool)
                cut = len(self.pile[owner])
                self.pile[owner], self.reserve[owner] = pool[:cut], pool[cut:]
            else:
                pool = sorted(self.hand[owner] + self.pile[owner] + self.reserve[owner])
                rng.shuffle(pool)
                a, b = len(self.hand[owner]), len(self.hand[owner]) + len(self.pile[owner])
                self.hand[owner] = sorted(pool[:a])
                self.pile[owner], self.reserve[owner] = pool[a:b], pool[b:]


class UnderFireGame(Game):
    """Pirates Under Fire: 2 players, numbered ships on a 7 x 6 sea, combos and fire.

    >>> import plunder
    >>> state = plunder.load("underfire").new(seed=1)
    >>> state.decision.kind, len(state.view(0)["hand"])
    ('turn', 3)
    """

    asks = text.ASKS
    name = "underfire"
    title = "Pirates Under Fire"
    summary = "2 players, ship tiles 1-9 on a 7x6 sea, combos, fire and mercenaries"
    min_players = 2
    max_players = 2
    default_players = 2
    extra_options = (
        Option(
            "end",
            "pile",
            "When the game ends: each player has one more turn once a player draws her last "
            "ship (16 turns each when every turn draws), or after 16 turns each, whatever "
            "the piles still hold.",
            choices=("pile", "sixteen"),
            label="When the game ends",
            choice_labels=("One turn after the last ship is drawn", "After 16 turns each"),
            common=False,
        ),
        Option(
            "burning",
            "adjacent",
            "Where a player may lay a ship on a burning ship: only next to one of her own "
            "active ships, or also anywhere in her first row.",
            choices=("adjacent", "accessible"),
            label="Laying on a burning ship",
            choice_labels=("Only next to your own ships", "Also from your first row"),
            common=False,
        ),
        Option(
            "draw",
            "every",
            "How a turn ends: draw one ship every turn (the hand limit caps what the reserve "
            "brings), draw one while the hand is below its limit, or draw up to the limit.",
            choices=("every", "one", "fill"),
            label="Drawing",
            choice_labels=("One ship every turn", "One ship while below your hand limit",
                           "Up to your hand limit"),
            common=False,
        ),
    )

    def _new_state(self, seed: int) -> UnderFireState:
        return UnderFireState(self, seed)

    def _all_actions(self) -> list[FireAction]:
        out = [_act("play", n, "", at) for n in NUMBERS for at in SPACES]
        out += [_act("buy", 0, m, at) for m in MERCS for at in SPACES]
        out += [_act("first", 0, "", "space"), _act("first", 0, "", "ship")]
        out += [_act(verb, 0, "", at) for verb in TARGET_VERBS for at in SPACES]
        out.append(END)
        return out

    def _max_decisions(self) -> int:
        # Each turn lays one of a fleet's 27 ships; a turn is at most a hire, a lay,
        # an order, the aims of the space, the ship and the mercenary, and an end.
        def aimed(steps: Sequence[Step]) -> int:
            return sum(s.amount for s in steps if aims(s.name))

        ship = max(aimed(s.steps) for s in CONTENT.ships.values())
        merc = max(aimed(m.steps) for m in CONTENT.mercenaries.values())
        space = max(s.amount for b in CONTENT.boards.values() for f in b.faces.values()
                    for row in f for s in row if s is not None)
        fleet = CONTENT.start["copies"] * len(NUMBERS)
        return 2 * fleet * (4 + ship + merc + space)

    def _catalogue(self) -> dict[str, Any]:
        return {
            "ships": SHIPS_SHOWN.section(CONTENT.ships),
            "mercenaries": MERCENARIES_SHOWN.section(CONTENT.mercenaries),
            "effects": EFFECTS_SHOWN.section(CONTENT.effects),
            "boards": BOARDS_SHOWN.section(CONTENT.boards),
            "scoring": {"same": CONTENT.same, "sequence": CONTENT.sequence,
                        "raider": CONTENT.raider},
            "market": CONTENT.market,
            "columns": COLUMNS,
            "rows": ROWS,
            "decisions": {
                "turn": "lay a ship from hand (N@SPACE), hire a mercenary (buy:MERC@SPACE), "
                        "or end the turn once a ship is laid",
                "order": "which effect comes first: the space's or the ship's",
                "target": "where the effect aims",
            },
        }

    def parse(self, text: str, legal: Sequence[str] = ()) -> FireAction:
        if not isinstance(text, str):
            raise notation_error(repr(text), NOTATION_HELP, legal)
        match = _NOTATION.match(text.lower())
        if match is None:
            raise notation_error(text, NOTATION_HELP, legal)
        got = match.groupdict()
        if got["ship"]:
            return _act("play", int(got["ship"]), "", got["at1"])
        if got["merc"]:
            if got["merc"] not in CONTENT.mercenaries:
                raise notation_error(text, f"a mercenary of {', '.join(MERCS)}", legal)
            return _act("buy", 0, got["merc"], got["at2"])
        if got["first"]:
            return _act("first", 0, "", got["first"])
        if got["verb"]:
            return _act(got["verb"], 0, "", got["at3"])
        return END
