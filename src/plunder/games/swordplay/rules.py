"""Swordplay: Pirates: a card duel of attacks by location, defences, items and stances.

Rule numbers (R1, R2, …) refer to ``docs/rules/swordplay.md``.

A turn is the active fighter's Discard, Draw, Ready and Combat phases (R12-R27);
each phase that asks something is a frame (``discard``, ``ready``, ``attack``)
with its pair of handlers (``_legal_<kind>``, ``_on_<kind>``). An attack opens a
window at the timing ``defend`` over the ``attack`` frame, offered to its target:
a fitting defence or a ready guard closes it and stops the attack, and a defence
that counter-attacks opens the next window, for the original attacker; taking it
(``no``, the window's pass) lets the hit land (R28-R33). The rules put no time on
the answer, so the window is untimed. Every link of a chain spends a card from a
hand and no one draws during combat, so a chain has at most ``MAX_CHAIN`` links
(R33).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from plunder.engine.action import Action, action_type
from plunder.engine.catalogue import section_by
from plunder.engine.errors import OptionError
from plunder.engine.frame import Frame
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.engine.result import Result
from plunder.engine.state import ELIMINATED, State
from plunder.games.swordplay import text
from plunder.games.swordplay.content import (
    ANY,
    CARDS_SHOWN,
    CONTENT,
    DECKS_SHOWN,
    FIGHTERS_SHOWN,
    LOCATIONS,
    Card,
)

CARDS: dict[str, Card] = CONTENT.cards
FIGHTERS = CONTENT.fighters
HAND_SIZE = 5  # R10, R14
DIE = 10  # R8, R38
BREAK_ON = 8  # R38: a d10 of 8 or more breaks a fragile weapon
HEAVY = 3  # R38: a weapon of listed damage 3 or more is heavy
MAX_HANDS = max(f.hands for f in FIGHTERS.values())
# Two hands of five, less the attack card that opened the chain (R33).
MAX_CHAIN = 2 * HAND_SIZE
VERBS = ("discard", "ready", "drop", "attack", "guard", "pass", "no")
NOTATION_HELP = (
    "pass, no, discard:CARD, ready:CARD, drop:CARD, attack:CARD>SEAT, guard:CARD, "
    "defend:CARD (defend:parry_high, defend:dodge, ...)"
)
_NOTATION = re.compile(r"^\s*([a-z]+)(?:\s*:\s*([a-z0-9_]+))?(?:\s*>\s*(\S+))?\s*$")
# A defence's notation (``defend:parry_high``) -> its card; and the notation older
# records wrote for some (``parry:high``), still read as the same play.
DEFENCES = {tuple(c.notation.split(":")): c.name for c in CARDS.values() if c.type == "defence"}
FORMERLY = {tuple(c.formerly.split(":")): c.name for c in CARDS.values() if c.formerly}
DECISIONS = {
    "discard": "the active fighter may discard one card (pass to keep them all)",
    "ready": "the active fighter may drop items, then ready one item or stance (or pass)",
    "attack": "the active fighter may attack a living opponent with one attack card (or pass)",
    "defend": "the target of an attack may defend, use a ready cloak or shield, or take it (no)",
}


@action_type
class SwordAction(Action):
    """``verb`` (discard, ready, drop, attack, guard, a defence's verb, pass, no), the card's
    ``name`` in notation, and for an attack its ``target`` seat."""

    verb: str
    name: str = ""
    target: int | None = None

    def spell(self) -> str:
        out = f"{self.verb}:{self.name}" if self.name else self.verb
        return out if self.target is None else f"{out}>{self.target}"


_act = SwordAction.of
PASS = _act("pass")
NO = _act("no")


def play_of(card: str) -> SwordAction:
    """The action that plays defence ``card`` (``defend:parry_high``)."""
    verb, name = CARDS[card].notation.split(":")
    return _act(verb, name)


def card_of(action: SwordAction) -> str:
    """The card an action names (a defence by its notation); ``""`` for pass and no."""
    if action.verb in ("discard", "ready", "drop", "attack", "guard"):
        return action.name
    return DEFENCES.get((action.verb, action.name), "")


class SwordplayState(State):
    game: SwordplayGame

    def __init__(self, game: SwordplayGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        # R1-R3, R5: each seat's fighter, chosen by option or dealt at random per side.
        self.fighter = game.fighters_for(self)
        self.side = [FIGHTERS[f].side for f in self.fighter]
        self.life = [FIGHTERS[f].life for f in self.fighter]
        self.alive = [True] * n
        self.armor: list[str | None] = [None] * n
        self.armor_taken = [0] * n
        self.gear: list[list[list[Any]]] = [[] for _ in range(n)]  # [card, times used]
        self.stance: list[str | None] = [None] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.decks: dict[str, list[str]] = {}
        self.discards: dict[str, list[str]] = {}
        self.turn = 0
        self.active = 0
        self.readied = False
        self.discards_left = 0
        self.emit(
            {"type": "setup", "fighters": list(self.fighter), "text": text.setup(self.fighter)}
        )
        self.active = self._roll_for_first()
        # R9, R35: each side's deck, shuffled; R10: five cards each, from the first player on.
        for side in sorted(set(self.side)):
            deck = CONTENT.decks[side].cards()
            self.shuffle(deck)
            self.decks[side] = deck
            self.discards[side] = []
        for step in range(n):
            seat = (self.active + step) % n
            self._draw(seat, quiet=True)
        self._begin_turn(self.active)
        self._open_step()

    # ----------------------------------------------------------- set-up
    def _roll_for_first(self) -> int:
        # R6-R8: every fighter rolls a d10; the highest goes first; ties roll again.
        rolling = list(range(self.players))
        while True:
            rolls = {s: self.roll(DIE, reason="who goes first", seat=s)[0] for s in rolling}
            best = max(rolls.values())
            top = [s for s in rolling if rolls[s] == best]
            if len(top) == 1:
                words = text.first(top[0], self.fighter[top[0]])
                self.emit({"type": "first", "seat": top[0], "text": words})
                return top[0]
            self.emit({"type": "tie", "seats": top, "text": text.tie(top)})
            rolling = top

    # ----------------------------------------------------------- turns
    def _out(self, seat: int) -> str | None:
        # R36: a defeated fighter is out of the game for good.
        return None if self.alive[seat] else ELIMINATED

    def living(self) -> list[int]:
        return [s for s in range(self.players) if self.alive[s]]

    def armed(self, seat: int) -> bool:
        return any(CARDS[c].item == "weapon" for c, _ in self.gear[seat])

    def hands_free(self, seat: int) -> int:
        used = sum(CARDS[c].hands for c, _ in self.gear[seat])
        return FIGHTERS[self.fighter[seat]].hands - used

    def _begin_turn(self, seat: int) -> None:
        if self.turn >= self.game.options["turn_limit"]:
            # R40: the backstop for games that stall.
            scores, parts = self._life_left()
            self.finish(Result(frozenset(), scores, text.turn_limit(self.turn), breakdown=parts))
            return
        self.turn += 1
        self.active = seat
        self.readied = False
        deft = FIGHTERS[self.fighter[seat]].has("deft")
        self.discards_left = 2 if deft else 1
        self.emit(
            {"type": "turn", "turn": self.turn, "seat": seat,
             "text": text.turn(self.turn, seat, self.fighter[seat])}
        )
        self.replace(Frame.of("discard", [seat], turn=self.turn, seat=seat))

    def _end_turn(self) -> None:
        # R11: play passes clockwise (to the next seat up) among the living.
        while len(self.frames) > 1:
            self.pop()
        seat = (self.active + 1) % self.players
        while not self.alive[seat]:
            seat = (seat + 1) % self.players
        self._begin_turn(seat)

    def _draw(self, seat: int, quiet: bool = False) -> None:
        # R14, R15: draw up to five; an empty deck takes its shuffled discard pile.
        side = self.side[seat]
        deck, drawn = self.decks[side], 0
        while len(self.hands[seat]) < HAND_SIZE:
            if not deck:
                if not self.discards[side]:
                    break
                deck.extend(self.discards[side])
                self.discards[side].clear()
                self.shuffle(deck)
                self.emit({"type": "reshuffle", "side": side, "text": text.reshuffle(side)})
            self.hands[seat].append(deck.pop())
            drawn += 1
        self.hands[seat].sort()
        if drawn and not quiet:
            self.emit(
                {"type": "draw", "seat": seat, "count": drawn, "text": text.draw(seat, drawn)}
            )

    def _to_discard(self, seat: int, card: str) -> None:
        self.discards[self.side[seat]].append(card)

    # ----------------------------------------------------------- decisions
    # One pair of handlers per kind of frame (discard, ready, attack); the engine
    # dispatches to them. The defence is a window at the timing "defend" (below).
    def _legal_discard(self, seat: int, frame: Frame) -> list[SwordAction]:
        return [PASS, *(_act("discard", c) for c in sorted(set(self.hands[seat])))]

    def _legal_ready(self, seat: int, frame: Frame) -> list[SwordAction]:
        hand = sorted(set(self.hands[seat]))
        return [PASS, *self._readies(seat, hand), *self._drops(seat)]

    def _legal_attack(self, seat: int, frame: Frame) -> list[SwordAction]:
        targets = [t for t in self.living() if t != seat]
        attacks = [c for c in sorted(set(self.hands[seat])) if CARDS[c].type == "attack"]
        return [PASS, *(_act("attack", c, t) for c in attacks for t in targets)]

    def _readies(self, seat: int, hand: list[str]) -> list[SwordAction]:
        # R16-R21: one stance or one item; weapons, cloaks and shields need free hands.
        free = self.hands_free(seat)
        out = []
        for card in hand:
            spec = CARDS[card]
            if spec.type == "stance" or (spec.type == "item" and spec.hands <= free):
                out.append(_act("ready", card))
        return out

    def _drops(self, seat: int) -> list[SwordAction]:
        # R22: ready armor, weapons, cloaks and shields may be dropped first.
        items = {c for c, _ in self.gear[seat]}
        if self.armor[seat] is not None:
            items.add(self.armor[seat])
        return [_act("drop", c) for c in sorted(items)]

    def _stops(self, seat: int, attacker: int, defence: Card, attack: Card, location: str) -> bool:
        # R29: a defence counters the locations it names; Dodge (any) counters every attack.
        if ANY in defence.stops:
            fits = True
        elif attack.type == "attack" and attack.has("dodge_only"):
            fits = False
        elif not location:
            fits = False  # R34: an attack with no location is stopped only by "any"
        else:
            parry_any = defence.parry and self._stance_has(seat, "parry_any")
            fits = location in defence.stops or parry_any
        if fits and defence.parry and self.game.options["realistic_parries"]:
            # R37: an unarmed fighter parries only unarmed attackers.
            fits = self.armed(seat) or not self.armed(attacker)
        return fits

    def _stance_has(self, seat: int, effect: str) -> bool:
        stance = self.stance[seat]
        return stance is not None and CARDS[stance].has(effect)

    def _on_discard(self, seat: int, action: SwordAction, frame: Frame) -> None:
        # R12, R13: discard one card (two for a deft fighter), then draw up to five.
        if action.verb == "discard":
            self.hands[seat].remove(action.name)
            self._to_discard(seat, action.name)
            self.discards_left -= 1
            self.emit({"type": "discard", "seat": seat, "card": action.name,
                       "text": text.discard(seat, action.name)})
            if self.discards_left > 0 and self.hands[seat]:
                self.replace(Frame.of("discard", [seat], turn=self.turn, seat=seat))
                return
        self._draw(seat)
        self.replace(Frame.of("ready", [seat], turn=self.turn, seat=seat))

    def _on_ready(self, seat: int, action: SwordAction, frame: Frame) -> None:
        if action.verb == "pass":
            self.replace(Frame.of("attack", [seat], turn=self.turn, seat=seat))
            return
        card = action.name
        if action.verb == "drop":
            # R22: a dropped item goes to the discard pile; the Ready phase goes on.
            if self.armor[seat] == card:
                self.armor[seat], self.armor_taken[seat] = None, 0
            else:
                self._remove_gear(seat, card)
            self._to_discard(seat, card)
            self.emit({"type": "drop", "seat": seat, "card": card, "text": text.drop(seat, card)})
            self.replace(Frame.of("ready", [seat], turn=self.turn, seat=seat))
            return
        # R16-R21: ready the card; readying forbids an attack this turn (R23).
        spec = CARDS[card]
        self.hands[seat].remove(card)
        old: str | None = None
        if spec.type == "stance":
            old, self.stance[seat] = self.stance[seat], card
        elif spec.item == "armor":
            old, self.armor[seat] = self.armor[seat], card
            self.armor_taken[seat] = 0
        else:
            self.gear[seat].append([card, 0])
            self.gear[seat].sort()
        self.readied = True
        self.emit({"type": "ready", "seat": seat, "card": card, "text": text.ready(seat, card)})
        if old is not None:
            self._to_discard(seat, old)
            self.emit({"type": "replaced", "seat": seat, "card": old,
                       "text": text.replaced(seat, old)})
        self._end_turn()

    def _remove_gear(self, seat: int, card: str) -> None:
        # Of two alike, the more worn goes (a cloak that has countered more).
        worn = max((e for e in self.gear[seat] if e[0] == card), key=lambda e: e[1])
        self.gear[seat].remove(worn)

    def base_damage(self, seat: int) -> int:
        """What ``seat``'s plain attack (no card bonus) deals now, before the target's armor."""
        fighter = FIGHTERS[self.fighter[seat]]
        weapons = [CARDS[c] for c, _ in self.gear[seat] if CARDS[c].item == "weapon"]
        total = fighter.damage + sum(w.damage for w in weapons)
        if self._stance_has(seat, "attack_bonus"):
            total += 1
        if fighter.has("brawler") and not weapons:
            total += 1
        return total

    def damage(self, seat: int, card: str, location: str, counter: bool) -> int:
        """The damage ``seat``'s attack (or counter-attack) with ``card`` would deal (R30)."""
        spec = CARDS[card]
        fighter = FIGHTERS[self.fighter[seat]]
        bonus = spec.bonus + (1 if fighter.has("sharpshooter") and not location else 0)
        if spec.has("fixed_damage"):
            return bonus
        weapons = [CARDS[c] for c, _ in self.gear[seat] if CARDS[c].item == "weapon"]
        total = self.base_damage(seat) + bonus
        if location == "thrust":
            total += sum(1 for w in weapons if w.has("thrust_bonus"))
        if fighter.has("duellist") and counter:
            total += 1
        return total

    def _on_attack(self, seat: int, action: SwordAction, frame: Frame) -> None:
        if action.verb == "pass":
            self._end_turn()
            return
        assert action.target is not None
        self._attack(seat, action.name, action.target, counter=False, link=1)

    def _attack(self, seat: int, card: str, target: int, counter: bool, link: int) -> None:
        spec = CARDS[card]
        if not counter:
            # R24-R27: the attack card is played face up at a declared target.
            self.hands[seat].remove(card)
            self._to_discard(seat, card)
            location = spec.location
        else:
            location = spec.counter
        hook = FIGHTERS[self.fighter[seat]].has("hook")
        ignores = (spec.type == "attack" and spec.ignores_guards) or hook
        amount = self.damage(seat, card, location, counter)
        self.emit(
            {"type": "attack", "seat": seat, "target": target, "card": card,
             "location": location, "damage": amount, "counter": counter,
             "text": text.attack(seat, card, target, amount, counter)}
        )
        # R28: the target may answer at once, or take it. The rules give the answer
        # no time limit, so the window is untimed: it waits for the player.
        self.open_window(
            "defend", NO, timed=False, attacker=seat, target=target, card=card,
            location=location, damage=amount, counter=counter, link=link,
            ignores_guards=ignores,
        )

    # ----------------------------------------------------------- refusals
    # Why an action is refused, one handler per kind of decision like the pairs
    # above (the defence window's too), found by the engine by name:
    # ``_explain_<kind>(seat, action, frame)`` finds what is wrong, and ``text``
    # words it. The helper they share is ``_why_not_held``, so that an
    # ``_explain_`` name is always a kind's.
    def _explain(self, seat: int, action: Action) -> str:
        """Why ``action`` is refused: another game's, or the open decision's
        ``_explain_<kind>`` says (the engine finds it)."""
        if not isinstance(action, SwordAction):
            return text.not_ours(action)
        return super()._explain(seat, action)

    def _explain_discard(self, seat: int, action: SwordAction, frame: Frame) -> str:
        """R12: a card of the hand is discarded, or none (pass)."""
        return self._why_not_held(seat, action) or text.discard_asked()

    def _explain_ready(self, seat: int, action: SwordAction, frame: Frame) -> str:
        """R16-R22: an item in play dropped, or a stance or fitting item of the hand readied."""
        return self._why_not_held(seat, action) or text.ready_asked()

    def _explain_attack(self, seat: int, action: SwordAction, frame: Frame) -> str:
        """R24-R27: an attack card of the hand at a living opponent, or none (pass)."""
        return self._why_not_held(seat, action) or text.attack_asked()

    def _explain_defend(self, seat: int, action: SwordAction, frame: Frame) -> str:
        """R28, R29: a fitting defence of the hand, a ready guard, or no."""
        return self._why_not_held(seat, action) or text.defend_asked()

    def _why_not_held(self, seat: int, action: SwordAction) -> str:
        """``seat`` does not hold the card ``action`` plays from the hand; else ``""``.

        A drop or a guard names a card in play, not in the hand: never this."""
        card = card_of(action)
        if not card or action.verb in ("drop", "guard") or card in self.hands[seat]:
            return ""
        return text.not_held(seat, card)

    # ----------------------------------------------------------- the defence window
    # Offered to the attack's target alone (public: the attack is made face up);
    # it plays a fitting defence or a ready guard, or takes it (the pass, "no").
    def _window_seats(self, timing: str, data: Mapping[str, Any]) -> list[int]:
        return [data["target"]]

    def _window_plays(self, seat: int, frame: Frame) -> list[SwordAction]:
        data = frame.data
        attack = CARDS[data["card"]]
        location, attacker = data["location"], data["attacker"]
        out = []
        for card in sorted(set(self.hands[seat])):
            spec = CARDS[card]
            if spec.type == "defence" and self._stops(seat, attacker, spec, attack, location):
                out.append(play_of(card))
        # R29, R39: a ready cloak or shield counters, unless the attack ignores them.
        if not data["ignores_guards"]:
            for card in sorted({c for c, _ in self.gear[seat] if CARDS[c].guards}):
                out.append(_act("guard", card))
        return out

    def _window_play(self, seat: int, action: Action, frame: Frame) -> None:
        # A defence or a guard stops the attack: the window is over, and the chain
        # goes on from the play (a counter-attack opens the next window).
        assert isinstance(action, SwordAction)
        self.close_window()
        if action.verb == "guard":
            self._guard(seat, action.name)
            self._end_turn()
            return
        self._defend(seat, card_of(action), frame)

    def _after_defend(self, frame: Frame) -> None:
        # The target took it (no): the hit lands and the turn is over.
        data = frame.data
        self._hit(data["target"], data["attacker"], data["damage"])
        if self.result is None:
            self._end_turn()

    def _guard(self, seat: int, card: str) -> None:
        # R29, R39: a cloak or shield counters and wears; used up, it is discarded.
        entry = max((e for e in self.gear[seat] if e[0] == card), key=lambda e: e[1])
        entry[1] += 1
        worn_out = entry[1] >= CARDS[card].value
        if worn_out:
            self.gear[seat].remove(entry)
            self._to_discard(seat, card)
        self.emit({"type": "guard", "seat": seat, "card": card, "worn_out": worn_out,
                   "why": "guard", "text": text.guard(seat, card, worn_out)})

    def _defend(self, seat: int, card: str, frame: Frame) -> None:
        data = frame.data
        attacker = data["attacker"]
        spec = CARDS[card]
        self.hands[seat].remove(card)
        self._to_discard(seat, card)
        why = "dodge" if ANY in spec.stops else "parry"
        self.emit({"type": "defend", "seat": seat, "card": card, "why": why,
                   "text": text.defend(seat, card, why, data["location"])})
        if spec.parry and self.game.options["weapon_breakage"]:
            self._breakage(seat, attacker)
        # R32, R33: a counter-attack resolves at once; the attacker may defend against it.
        if spec.counter and data["link"] < MAX_CHAIN:
            self._attack(seat, card, attacker, counter=True, link=data["link"] + 1)
            return
        self._end_turn()

    def _breakage(self, parrier: int, parried: int) -> None:
        # R38: a fragile weapon that parries, or is parried by, a heavy weapon may break.
        for holder, other in ((parrier, parried), (parried, parrier)):
            heavy = any(
                CARDS[c].item == "weapon" and CARDS[c].damage >= HEAVY for c, _ in self.gear[other]
            )
            if not heavy:
                continue
            for entry in [e for e in self.gear[holder] if CARDS[e[0]].has("fragile")]:
                (die,) = self.roll(DIE, reason=f"breakage of {CARDS[entry[0]].title}", seat=holder)
                if die >= BREAK_ON:
                    self.gear[holder].remove(entry)
                    self._to_discard(holder, entry[0])
                    self.emit({"type": "break", "seat": holder, "card": entry[0],
                               "text": text.breaks(holder, entry[0])})
                else:
                    self.emit({"type": "hold", "seat": holder, "card": entry[0],
                               "text": text.holds(holder, entry[0])})

    def _hit(self, seat: int, attacker: int, amount: int) -> None:
        # R30: the defender's stance and ability lessen the blow.
        stance = None
        if self._stance_has(seat, "damage_reduction"):
            stance = self.stance[seat] if amount > 0 else None
            amount = max(0, amount - 1)
        hide = FIGHTERS[self.fighter[seat]].has("iron_hide") and amount > 1
        if hide:
            amount -= 1
        # R30: armor first, discarded once it has taken its value; then life.
        on_armor = 0
        armor = self.armor[seat]
        if armor is not None:
            on_armor = min(amount, CARDS[armor].value - self.armor_taken[seat])
            self.armor_taken[seat] += on_armor
        on_life = amount - on_armor
        self.life[seat] -= on_life
        left = self.life[seat]
        less = text.lessened(stance, hide)
        self.emit({"type": "hit", "seat": seat, "armor": on_armor, "life": on_life,
                   "left": left, "why": "taken", "less": less,
                   "text": text.hit(seat, on_armor, on_life, left, less)})
        if armor is not None and self.armor_taken[seat] >= CARDS[armor].value:
            self.armor[seat], self.armor_taken[seat] = None, 0
            self._to_discard(seat, armor)
            self.emit({"type": "armor_gone", "seat": seat, "card": armor,
                       "text": text.armor_gone(seat, armor)})
        if self.life[seat] <= 0:
            self._defeat(seat)

    def _defeat(self, seat: int) -> None:
        # R36: zero life or less: defeated; its cards go to its side's discard pile.
        self.alive[seat] = False
        for card in self.hands[seat]:
            self._to_discard(seat, card)
        for card, _ in self.gear[seat]:
            self._to_discard(seat, card)
        for worn in (self.armor[seat], self.stance[seat]):
            if worn is not None:
                self._to_discard(seat, worn)
        self.hands[seat], self.gear[seat] = [], []
        self.armor[seat] = self.stance[seat] = None
        self.armor_taken[seat] = 0
        self.emit({"type": "defeated", "seat": seat,
                   "text": text.defeated(seat, self.fighter[seat])})
        living = self.living()
        if len(living) == 1:
            # R4: the last fighter standing wins.
            (last,) = living
            scores, parts = self._life_left()
            self.finish(Result(frozenset({last}), scores,
                               text.winner(last, self.fighter[last]), breakdown=parts))

    def _life_left(self) -> tuple[tuple[float, ...], tuple[dict[str, float], ...]]:
        """Each seat's score, the life it has left (none below zero: a defeated fighter
        has none), and how it came about: its life at the start less the life lost."""
        scores, parts = [], []
        for seat, fighter in enumerate(self.fighter):
            start, left = FIGHTERS[fighter].life, max(0, self.life[seat])
            scores.append(float(left))
            parts.append({text.LIFE_AT_START: float(start), text.LIFE_LOST: float(left - start)})
        return tuple(scores), tuple(parts)

    # ----------------------------------------------------------- views
    def first_movers(self) -> tuple[frozenset[int], ...]:
        """R7, R8: the seat that won the roll for the first turn, as the log says."""
        for event in self.log:
            if event.data.get("type") == "first":
                return (frozenset((event.data["seat"],)),)
        return super().first_movers()

    def seat_sides(self) -> tuple[str, ...]:
        """The Arena crossover: each seat's side, pirates or Arena; none at a table of
        pirates alone."""
        sides = tuple(self.game.seat_sides)
        return sides if len(set(sides)) > 1 else ()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "fighters": [
                {
                    "seat": s,
                    "fighter": self.fighter[s],
                    "side": self.side[s],
                    "alive": self.alive[s],
                    "life": self.life[s],
                    "armor": None if self.armor[s] is None else
                    {"card": self.armor[s], "taken": self.armor_taken[s]},
                    "gear": [{"card": c, "used": u} for c, u in self.gear[s]],
                    "stance": self.stance[s],
                    "hand_size": len(self.hands[s]),
                    "hands_free": self.hands_free(s),
                    "attack_damage": self.base_damage(s) if self.alive[s] else 0,
                }
                for s in range(self.players)
            ],
            "decks": {side: len(deck) for side, deck in self.decks.items()},
            "discards": {side: list(pile) for side, pile in self.discards.items()},
            "turn": self.turn,
            "turn_limit": self.game.options["turn_limit"],
            "active": self.active,
            "readied": self.readied,
        }
        if seat is not None:
            view["hand"] = list(self.hands[seat])
        return view

    # ----------------------------------------------------------- hidden parts
    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        # R41: hands of others and the order of the decks are hidden; counts are not.
        for side, deck in self.decks.items():
            others = [s for s in range(self.players) if s != seat and self.side[s] == side]
            pool = list(deck)
            for other in others:
                pool.extend(self.hands[other])
            # Sorted first: two states the seat cannot tell apart give the same sample.
            pool.sort()
            rng.shuffle(pool)
            for other in others:
                count = len(self.hands[other])
                self.hands[other] = sorted(pool[:count])
                del pool[:count]
            self.decks[side] = pool


class SwordplayGame(Game):
    """Swordplay: Pirates: 2 to 6 fighters, attacks by location, defences, items, stances.

    >>> import plunder
    >>> state = plunder.load("swordplay", pirates="vane,grady").new(seed=3)
    >>> state.decision.kind, str(state.legal(state.active)[0]), len(state.view(0)["hand"])
    ('discard', 'pass', 5)
    """

    asks = text.ASKS
    name = "swordplay"
    title = "Swordplay: Pirates"
    summary = "2-6 fighters, a card duel of attacks by location, defences, items and stances"
    min_players = 2
    max_players = 6
    default_players = 2
    extra_options = (
        Option(
            "pirates",
            "random",
            "Leave random to have the fighters dealt, or name one for each seat in seat "
            "order, for example vane, grady for two players.",
            label="Fighters",
            accepts="random, or one fighter per seat, commas between: " + ",".join(FIGHTERS),
        ),
        Option(
            "realistic_parries",
            False,
            "Optional rule: a fighter with no weapon may parry only attackers with no weapon.",
            choices=(False, True),
            label="Realistic parries",
            choice_labels=("Off", "On"),
            common=False,
        ),
        Option(
            "weapon_breakage",
            False,
            "Optional rule: a fragile weapon (Rapier, Thrusting Saber) that parries or is "
            "parried by a weapon of damage 3 or more breaks on a roll of 8 or more on a "
            "ten-sided die.",
            choices=(False, True),
            label="Weapon breakage",
            choice_labels=("Off", "On"),
            common=False,
        ),
        Option(
            "arena_seats",
            0,
            "The Arena crossover: the last seats play Arena heroes, who draw from the Arena "
            "deck.",
            choices=(0, 1, 2, 3),
            label="Arena heroes",
            choice_labels=("None", "The last seat", "The last two seats", "The last three seats"),
            common=False,
        ),
        Option(
            "turn_limit",
            300,
            "After this many turns the game ends with no winner, so that no game goes on "
            "for ever.",
            minimum=1,
            maximum=5000,
            label="Turns at most",
            common=False,
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players, arena = self.options["players"], self.options["arena_seats"]
        if arena >= players:
            raise OptionError(
                f"arena_seats is {arena}: at least one of the {players} seats must be a pirate",
                field="arena_seats",
            )
        self.seat_sides = ["pirates"] * (players - arena) + ["arena"] * arena
        self.fighter_list = self._fighter_list(self.options["pirates"])

    def _fighter_list(self, choice: Any) -> list[str]:
        if not isinstance(choice, str):
            raise OptionError(f"option 'pirates' is {choice!r}; it takes text", field="pirates")
        if choice == "random":
            for side in set(self.seat_sides):
                if self.seat_sides.count(side) > len(CONTENT.side(side)):
                    raise OptionError(f"not enough {side} fighters to deal", field="pirates")
            return []
        names = [part.strip().lower() for part in choice.split(",")]
        unknown = [name for name in names if name not in FIGHTERS]
        if unknown:
            raise OptionError(
                f"option 'pirates' names {', '.join(repr(n) for n in unknown)}, which "
                f"{'is no fighter' if len(unknown) == 1 else 'are no fighters'}; the fighters "
                f"are {', '.join(FIGHTERS)} (or 'random')",
                field="pirates",
            )
        if len(names) != self.players:
            raise OptionError(
                f"option 'pirates' lists {len(names)} fighters for {self.players} seats",
                field="pirates",
            )
        for seat, (name, side) in enumerate(zip(names, self.seat_sides, strict=True)):
            if name not in FIGHTERS or FIGHTERS[name].side != side:
                raise OptionError(
                    f"option 'pirates' gives seat {seat} {name!r}; that seat is of side {side}: "
                    + ", ".join(CONTENT.side(side)),
                    field="pirates",
                )
        if len(set(names)) != len(names):
            raise OptionError("option 'pirates' names a fighter twice", field="pirates")
        return names

    def fighters_for(self, state: SwordplayState) -> list[str]:
        """Each seat's fighter: as the option lists them, or dealt at random per side (R1-R3)."""
        if self.fighter_list:
            return list(self.fighter_list)
        dealt = {
            side: state.sample(CONTENT.side(side), self.seat_sides.count(side))
            for side in sorted(set(self.seat_sides))
        }
        return [dealt[side].pop(0) for side in self.seat_sides]

    @property
    def sides(self) -> list[str]:
        """The sides at this table, in the order decks are listed."""
        return sorted(set(self.seat_sides))

    def cards_in_play(self) -> list[str]:
        """Every card of the decks at this table, in cards.toml order."""
        held = {c for side in self.sides for c, n in CONTENT.decks[side].counts if n}
        return [c for c in CARDS if c in held]

    def _new_state(self, seed: int) -> SwordplayState:
        return SwordplayState(self, seed)

    def _all_actions(self) -> list[SwordAction]:
        # pass and no; discards; readies; drops; every attack at every seat;
        # guards; defences.
        cards = self.cards_in_play()
        kinds = {c: CARDS[c] for c in cards}
        out = [PASS, NO]
        out += [_act("discard", c) for c in cards]
        out += [_act("ready", c) for c, k in kinds.items() if k.type in ("item", "stance")]
        out += [_act("drop", c) for c, k in kinds.items() if k.type == "item"]
        out += [
            _act("attack", c, t) for c, k in kinds.items() if k.type == "attack"
            for t in range(self.players)
        ]
        out += [_act("guard", c) for c, k in kinds.items() if k.guards]
        out += [play_of(c) for c, k in kinds.items() if k.type == "defence"]
        return out

    def _max_decisions(self) -> int:
        # A turn: two discards at most, every drop and one ready, one attack, and a
        # chain of at most MAX_CHAIN defences (R33).
        per_turn = 2 + (MAX_HANDS + 2) + 1 + MAX_CHAIN
        return per_turn * self.options["turn_limit"]

    def _catalogue(self) -> dict[str, Any]:
        return {
            "cards": section_by(
                {c: CARDS[c] for c in self.cards_in_play()},
                lambda card: CARDS_SHOWN[card.type],
            ),
            "decks": DECKS_SHOWN.section({side: CONTENT.decks[side] for side in self.sides}),
            "fighters": FIGHTERS_SHOWN.section(
                {name: f for name, f in FIGHTERS.items() if f.side in self.sides}
            ),
            "locations": list(LOCATIONS),
            "hand_size": HAND_SIZE,
            "decisions": dict(DECISIONS),
        }

    def parse(self, text: str, legal: Sequence[str] = ()) -> SwordAction:
        if not isinstance(text, str):
            raise notation_error(repr(text), NOTATION_HELP, legal)
        match = _NOTATION.match(text.lower())
        if match is None:
            raise notation_error(text, NOTATION_HELP, legal)
        verb, name, aim = match.group(1), match.group(2) or "", match.group(3)
        if verb in ("pass", "no"):
            if name or aim is not None:
                raise notation_error(text, f"plain '{verb}'", legal)
            return _act(verb)
        if (verb, name) in FORMERLY and aim is None:
            return play_of(FORMERLY[verb, name])  # as an older record wrote it
        if verb in ("discard", "ready", "drop", "attack", "guard"):
            if name not in CARDS:
                raise notation_error(text, f"{verb}:CARD with a card id ({NOTATION_HELP})", legal)
        elif (verb, name) not in DEFENCES:
            raise notation_error(text, NOTATION_HELP, legal)
        if verb == "attack":
            if aim is None or not re.fullmatch(r"\d{1,3}", aim):
                raise notation_error(text, "attack:CARD>SEAT, a seat number after '>'", legal)
            return _act(verb, name, int(aim))
        if aim is not None:
            raise notation_error(text, f"no '>' after {verb}:{name} ({NOTATION_HELP})", legal)
        return _act(verb, name)
