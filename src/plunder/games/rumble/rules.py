"""Pirate Rumble: every pirate lays a card face down, all reveal at once, battle.

Duel Mode (the last pirate standing wins) and Camp Mode (Sun, Moon and a lone
boss; the camp whose members alone remain wins), for 2 to 8 players.
Rule numbers (R1, R2, …) refer to ``docs/rules/rumble.md``.

A round is up to three steps of the engine: every living pirate chooses a card
(simultaneous); with option ``gestures`` every pirate answers with the card's
gesture (simultaneous); searchers reach for a golden card (simultaneous, a race).
Then the battle resolves in the seed's order: Steal, the other cards, health.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

from plunder.engine.action import Action, action_type
from plunder.engine.errors import OptionError
from plunder.engine.frame import Frame
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.engine.result import Result
from plunder.engine.state import ELIMINATED, State
from plunder.games.rumble import text
from plunder.games.rumble.content import CONTENT, Card

CARDS: dict[str, Card] = CONTENT.cards
PIRATES = CONTENT.pirates
GESTURES: tuple[str, ...] = tuple(card.gesture for card in CARDS.values())
NO_GESTURE = "none"  # the answer of a pirate who makes no gesture in time (R62)
MAX_BULLETS = 5  # R14, R64
ATTACKS = ("shoot", "shoot2", "fire", "bomb", "stab", "smite", "whirlwind", "cut")
VERBS = ("grab", "dig", "gesture", "pirate")
NOTATION_HELP = (
    "a card, aimed with '>' where it takes a target (load, shoot>2, shoot2>1,3, dodge, fire, "
    "search, steal>1, ...), grab>SLOT, dig>CARD, gesture>NAME or pirate>NAME"
)
_NOTATION = re.compile(r"^\s*([a-z0-9]+)\s*(?:>\s*(.*?))?\s*$")


@action_type
class RumbleAction(Action):
    """One decision: ``verb`` is ``play`` (a card, with ``targets``), ``grab`` (a slot of
    the golden card area), ``dig`` (a card of the discard pile), ``gesture`` or ``pirate``.
    """

    verb: str
    name: str
    targets: tuple[int, ...] = ()

    def spell(self) -> str:
        if self.verb != "play":
            return f"{self.verb}>{self.name}"
        if self.targets:
            return self.name + ">" + ",".join(str(t) for t in self.targets)
        return self.name


def action(verb: str, name: str, targets: tuple[int, ...] = ()) -> RumbleAction:
    """The shared ``RumbleAction`` for ``verb``, ``name`` and ``targets``."""
    return RumbleAction.of(verb, name, targets)


def play(card: str, *targets: int) -> RumbleAction:
    return RumbleAction.of("play", card, targets)


def camp_of(card: str) -> str:
    """The camp of a camp card: ``"sun-boss"`` and ``"sun"`` are both Sun."""
    return card.split("-")[0]


class RumbleState(State):
    game: RumbleGame

    def __init__(self, game: RumbleGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.round = 1
        self.pirate: list[str] = [""] * n
        self.alive = [True] * n
        self.health = [0] * n
        self.bullets = [0] * n
        self.tokens = [0] * n
        self.face_up: list[str | None] = [None] * n
        self.golden: list[list[str]] = [[] for _ in range(n)]
        self.secret: list[list[str]] = [[] for _ in range(n)]  # golden cards no one else saw
        self.pile: list[str] = []
        self.area: list[str | None] = []
        self.discard: list[str] = []
        self.camp: list[str] = []
        self.camp_shown = [False] * n
        self.played: dict[int, RumbleAction] = {}
        self.voided: set[int] = set()
        self.reach_options: dict[int, list[RumbleAction]] = {}
        choice = game.options["pirates"]
        if choice == "draft":
            self.emit({"type": "draft", "text": text.DRAFT})
            self._stage("draft")
        else:
            # R84: pirates dealt at random (each at most once), or as the option lists them.
            names = self.sample(sorted(PIRATES), n) if choice == "random" else game.pirate_list
            self._set_up(names)
        self._open_step()

    # ----------------------------------------------------------- decisions
    @property
    def phase(self) -> str:
        """The decision open now: ``draft``, ``choose``, ``gesture``, ``reach`` (or ``over``)."""
        return self.frames[-1].kind if self.frames else "over"

    def _stage(self, kind: str) -> None:
        """Open the round's next decision (R9, R12, R61, R84)."""
        if kind == "draft":
            seats: list[int] = [self.pirate.index("")]
        elif kind == "reach":
            seats = sorted(self.reach_options)
        else:
            seats = self.living()
        timeout = f"gesture>{NO_GESTURE}" if kind == "gesture" else None
        self.replace(Frame.of(kind, seats, timeout, round=self.round))

    def _out(self, seat: int) -> str | None:
        # R71: a dead pirate is out of the game for good.
        return None if self.alive[seat] else ELIMINATED

    # ----------------------------------------------------------- set-up
    def _set_up(self, names: Sequence[str]) -> None:
        n = self.players
        self.pirate = list(names)
        for seat, name in enumerate(names):
            pirate = PIRATES[name]
            # R2, R7, R32, R33, R35, R40: health, bullets and special tokens from the pirate.
            self.health[seat] = pirate.health
            self.bullets[seat] = pirate.bullets
            self.tokens[seat] = pirate.tokens
        # R4: the golden pile, shuffled; R34, R38, R41, R84: pirates' golden cards.
        self.pile = list(CONTENT.golden_pile)
        self.shuffle(self.pile)
        for seat, name in enumerate(names):
            for card in PIRATES[name].golden:
                self.pile.remove(card)
                self.golden[seat].append(card)
        for seat, name in enumerate(names):
            for _ in range(PIRATES[name].random_golden):
                card = self.pile.pop()
                self.golden[seat].append(card)
                self.secret[seat].append(card)
                self.emit(
                    {
                        "type": "secret_golden",
                        "seat": seat,
                        "card": card,
                        "text": text.secret_golden(seat, card),
                    },
                    to=[seat],
                )
        # R5: floor(players / 2) golden cards face up.
        self.area = [self.pile.pop() for _ in range(n // 2)]
        self.emit(
            {
                "type": "setup",
                "pirates": list(names),
                "area": list(self.area),
                "text": text.setup(names, self.area),
            }
        )
        if self.game.options["mode"] == "camp":
            self._deal_camps()
        self._stage("choose")

    def _deal_camps(self) -> None:
        n = self.players
        table = CONTENT.camp_tables[n]
        # R51, R52: three bosses, Sun and Moon subordinates, shuffled and dealt face down.
        cards = ["sun-boss", "moon-boss", "lone-boss"] + ["sun"] * table.sun + ["moon"] * table.moon
        self.shuffle(cards)
        self.camp = cards
        for seat, card in enumerate(cards):
            self.emit(
                {
                    "type": "camp",
                    "seat": seat,
                    "camp": card,
                    "text": text.your_camp(card),
                },
                to=[seat],
            )
            # R51, R85: the bosses the table names are face up.
            if card.endswith("-boss") and camp_of(card) in table.face_up:
                self.camp_shown[seat] = True
                self.emit(
                    {
                        "type": "camp_shown",
                        "seat": seat,
                        "camp": card,
                        "text": text.camp_shown(seat, card),
                    }
                )

    # ----------------------------------------------------------- neighbours
    def neighbours(self, seat: int) -> list[int]:
        """The living pirates next to ``seat``: one each way round the table (R59).

        The circle closes over the dead; with two pirates left each is the other's
        only neighbour.
        """
        n = self.players
        out: list[int] = []
        for step in (-1, 1):
            other = (seat + step) % n
            while other != seat and not self.alive[other]:
                other = (other + step) % n
            if other != seat and other not in out:
                out.append(other)
        return out

    def living(self) -> list[int]:
        return [s for s in range(self.players) if self.alive[s]]

    def _legal_actions(self, seat: int) -> list[RumbleAction]:
        if self.phase == "draft":
            taken = set(self.pirate)
            return [action("pirate", p) for p in sorted(PIRATES) if p not in taken]
        if self.phase == "gesture":
            return [action("gesture", g) for g in (*GESTURES, NO_GESTURE)]
        if self.phase == "reach":
            return list(self.reach_options[seat])
        actions: list[RumbleAction] = []
        for card in self.playable(seat):
            actions.extend(self._aims(seat, card))
        return actions

    def playable(self, seat: int) -> list[str]:
        """Cards ``seat`` holds and can pay for now (R16, R63, R75, R87)."""
        pirate = PIRATES[self.pirate[seat]]
        held = [c for c in pirate.hand if c != self.face_up[seat]]
        held += sorted(set(self.golden[seat]), key=list(CARDS).index)
        out = []
        for card in held:
            if CARDS[card].cost > self.bullets[seat]:
                continue
            if card == "cover" and "cover_token" in pirate.abilities and self.tokens[seat] < 1:
                continue
            out.append(card)
        return out

    def _aims(self, seat: int, card: str) -> list[RumbleAction]:
        kind = CARDS[card].target
        abilities = PIRATES[self.pirate[seat]].abilities
        others = [s for s in self.living() if s != seat]
        if kind == "none":
            return [play(card)]
        if kind == "any" or (card == "cut" and "long_cut" in abilities):
            return [play(card, t) for t in others]
        if kind == "neighbour":
            return [play(card, t) for t in self.neighbours(seat)]
        # "two": two different targets; Mary Read may shoot one target twice (R74).
        pairs = [(a, b) for i, a in enumerate(others) for b in others[i + 1 :]]
        if "double_shot" in abilities:
            pairs += [(a, a) for a in others]
            pairs.sort()
        return [play(card, a, b) for a, b in pairs]

    def _explain(self, seat: int, action: Action) -> str:
        if not isinstance(action, RumbleAction):
            return f"{action!r} is not a Pirate Rumble action"
        expected = {"draft": "pirate", "gesture": "gesture", "reach": "grab or dig"}
        if self.phase != "choose" and action.verb not in expected[self.phase]:
            return f"now is the {self.phase} step: play {expected[self.phase]}>..."
        if self.phase == "choose" and action.verb != "play":
            later = {"pirate": "is picked in the draft, before the first round"}
            return f"now every pirate chooses a card; {action.verb}>... " + later.get(
                action.verb, "comes after the cards are revealed"
            )
        if action.verb == "pirate":
            if action.name not in PIRATES:
                return f"there is no pirate {action.name!r}"
            return f"{PIRATES[action.name].title} is already taken"
        if action.verb == "grab":
            return "that slot of the golden card area is empty or does not exist"
        if action.verb == "dig":
            return (
                f"seat {seat} cannot take {action.name!r} from the discard pile "
                "(Ching Shih only, with a special token, and the card must be there)"
            )
        if action.verb != "play":
            return super()._explain(seat, action)
        card = CARDS.get(action.name)
        if card is None:
            return f"there is no card {action.name!r}"
        pirate = PIRATES[self.pirate[seat]]
        if action.name == self.face_up[seat]:
            return f"{card.title} was played last round and lies face up until this round ends"
        if action.name not in pirate.hand and action.name not in self.golden[seat]:
            return f"seat {seat} ({pirate.title}) holds no {card.title}"
        if card.cost > self.bullets[seat]:
            return f"{card.title} costs {card.cost} bullets; seat {seat} has {self.bullets[seat]}"
        if action.name == "cover" and self.tokens[seat] < 1:
            return "Take Cover needs a special token, and none is left"
        for target in action.targets:
            if not 0 <= target < self.players or target == seat or not self.alive[target]:
                return f"{target} is not another living pirate"
        if card.target == "neighbour" and not (
            action.name == "cut" and "long_cut" in pirate.abilities
        ):
            return f"{card.title} reaches only a pirate next to you: {self.neighbours(seat)}"
        wanted = {"none": 0, "any": 1, "neighbour": 1, "two": 2}[card.target]
        if len(action.targets) != wanted:
            return f"{card.title} takes {wanted} target(s)"
        if card.target == "two":
            return "Shoot Twice takes two different targets, in increasing order"
        return super()._explain(seat, action)

    # ----------------------------------------------------------- resolution
    def _resolve(self, commits: dict[int, Action]) -> None:
        chosen: dict[int, RumbleAction] = commits  # type: ignore[assignment]
        if self.phase == "draft":
            ((seat, action),) = chosen.items()
            self.pirate[seat] = action.name
            self.emit(
                {
                    "type": "pick",
                    "seat": seat,
                    "pirate": action.name,
                    "text": text.pick(seat, action.name),
                }
            )
            if "" not in self.pirate:
                self._set_up(self.pirate)
            else:
                self._stage("draft")
            return
        if self.phase == "choose":
            self._reveal(dict(sorted(chosen.items())))
            if self.game.options["gestures"]:
                self._stage("gesture")
                return
        elif self.phase == "gesture":
            self._judge_gestures(chosen)
        elif self.phase == "reach":
            self._resolve_reaches(chosen)
            self._battle()
            return
        self._start_reach()

    def _reveal(self, choices: dict[int, RumbleAction]) -> None:
        # R9, R10: all cards revealed together.
        self.played = choices
        self.voided = set()
        for seat, action in choices.items():
            if CARDS[action.name].golden:
                self._lose_golden(seat, action.name)
        self.emit(
            {
                "type": "reveal",
                "round": self.round,
                "choices": [
                    {"seat": s, "card": a.name, "targets": list(a.targets)}
                    for s, a in choices.items()
                ],
                "text": text.reveal([(s, a.name, a.targets) for s, a in choices.items()]),
            }
        )

    def _lose_golden(self, seat: int, card: str) -> None:
        # A copy everyone knew of goes first: a card no one saw stays unknown (R70).
        known = self.golden[seat].count(card) - self.secret[seat].count(card)
        self.golden[seat].remove(card)
        if known <= 0:
            self.secret[seat].remove(card)

    def _judge_gestures(self, answers: dict[int, RumbleAction]) -> None:
        # R12, R62 (option gestures): a wrong gesture voids the card.
        wrong = sorted(
            s for s, a in answers.items() if a.name != CARDS[self.played[s].name].gesture
        )
        self.voided = set(wrong)
        self.emit(
            {
                "type": "gestures",
                "gestures": [{"seat": s, "gesture": answers[s].name} for s in sorted(answers)],
                "voided": wrong,
                "text": text.gestures(wrong),
            }
        )

    def _effective(self) -> dict[int, RumbleAction]:
        return {s: a for s, a in self.played.items() if s not in self.voided}

    def _start_reach(self) -> None:
        searchers = [s for s, a in self._effective().items() if a.name == "search"]
        options: dict[int, list[RumbleAction]] = {}
        for seat in searchers:
            found = [action("grab", str(i)) for i, c in enumerate(self.area) if c]
            abilities = PIRATES[self.pirate[seat]].abilities
            if "dig_discard" in abilities and self.tokens[seat] > 0:
                found += [
                    action("dig", c) for c in sorted(set(self.discard), key=list(CARDS).index)
                ]
            if found:
                options[seat] = found
        # R61, R69: the reach is a decision when there is a choice or a race to win.
        if len(options) > 1 or any(len(found) > 1 for found in options.values()):
            self.reach_options = options
            self._stage("reach")
            return
        self._resolve_reaches({s: found[0] for s, found in options.items()})
        self._battle()

    def _resolve_reaches(self, reaches: dict[int, RumbleAction]) -> None:
        self.reach_options = {}
        claims: dict[int, list[int]] = {}
        for seat, action in reaches.items():
            if action.verb == "dig":
                # R40, R80: Ching Shih takes a card of the discard pile for a special token.
                self.discard.remove(action.name)
                self.tokens[seat] -= 1
                self.golden[seat].append(action.name)
                self.emit(
                    {
                        "type": "dig",
                        "seat": seat,
                        "card": action.name,
                        "text": text.dig(seat, action.name),
                    }
                )
            else:
                claims.setdefault(int(action.name), []).append(seat)
        for slot, seats in sorted(claims.items()):
            # R24, R69, option race: the first touch takes the card.
            if len(seats) == 1 or self.game.options["race"] == "arrival":
                winner = seats[0]
            else:
                winner = self.choice(sorted(seats))
            card = self.area[slot]
            assert card is not None
            self.golden[winner].append(card)
            self.area[slot] = self._draw()
            losers = [s for s in seats if s != winner]
            self.emit(
                {
                    "type": "grab",
                    "seat": winner,
                    "slot": slot,
                    "card": card,
                    "losers": losers,
                    "refill": self.area[slot],
                    "text": text.grab(winner, card, losers, self.area[slot]),
                }
            )

    def _draw(self) -> str | None:
        """The top of the golden pile; an empty pile is made anew from the discard (R69)."""
        if not self.pile and self.discard:
            self.pile = list(self.discard)
            self.discard = []
            self.shuffle(self.pile)
            self.emit({"type": "reshuffle", "text": text.RESHUFFLE})
        return self.pile.pop() if self.pile else None

    def _battle(self) -> None:
        living = self.living()
        cards = self._effective()
        abilities = {s: PIRATES[self.pirate[s]].abilities for s in living}
        # R63: costs are paid as the cards are revealed; R91 (option void_cost): a void
        # card is free, or its cost is paid all the same.
        paying = self.played if self.game.options["void_cost"] == "paid" else cards
        for seat, action in paying.items():
            self.bullets[seat] -= CARDS[action.name].cost
            if action.name == "cover" and "cover_token" in abilities[seat]:
                self.tokens[seat] -= 1
        # R30, R67: Hide; a card aimed at a hider does nothing at all.
        hiders = {s for s, a in cards.items() if a.name == "hide"}
        cancelled = sorted(s for s, a in cards.items() if any(t in hiders for t in a.targets))
        for seat in cancelled:
            self.emit(
                {
                    "type": "cancelled",
                    "seat": seat,
                    "text": text.cancelled(seat, cards[seat].name),
                }
            )
        active = {s: a for s, a in cards.items() if s not in cancelled}
        names = {s: a.name for s, a in active.items()}
        cover = {s: a.targets[0] for s, a in active.items() if a.name == "cover"}

        def victim(seat: int) -> int | None:
            # R44, R75: Take Cover passes every harm aimed at Morgan to his neighbour;
            # R67: nothing touches a hider.
            seat = cover.get(seat, seat)
            return None if seat in hiders else seat

        self._steals(active, names, abilities, victim)
        self._damage(active, names, living, victim)
        # R19, R22, R28, R79: bullets taken by the other cards.
        for seat, name in names.items():
            if name == "load":
                self._gain_bullets(seat, 3)
            elif name == "loadfull":
                self._gain_bullets(seat, MAX_BULLETS)
            elif name == "dodge" or (name == "fire" and "fire_reload" in abilities[seat]):
                self._gain_bullets(seat, 1)
        self._reserve(living)
        if self.game.options["last_gasp"] == "yes":
            # R93 (option last_gasp): this round's health comes before deaths are settled.
            self._health(names)
            self._deaths(living)
        else:
            self._deaths(living)
            self._health(names)
        self._end_round()
        if self.result is None:
            self._stage("choose")

    def _steals(self, active: dict, names: dict, abilities: dict, victim: Any) -> None:
        # R13, R31, R68: Steal resolves first; the target hands the bullets over.
        by_target: dict[int, list[int]] = {}
        for seat, action in active.items():
            if action.name == "steal":
                target = victim(action.targets[0])
                if target is not None and target != seat:
                    by_target.setdefault(target, []).append(seat)
        # All steals resolve together: each is judged on the bullets held before any
        # steal, every loss is taken before any gain (so no order of seats matters).
        held = list(self.bullets)
        gains: dict[int, int] = {}
        for target, stealers in sorted(by_target.items()):
            have = held[target]
            if names.get(target) == "dodge":
                why = text.DODGES
            elif have == 0:
                why = text.NO_BULLET
            elif have < len(stealers):
                why = text.TOO_FEW
            else:
                why = ""
            if why:
                self.emit(
                    {
                        "type": "steal",
                        "seat": target,
                        "thieves": stealers,
                        "taken": [0] * len(stealers),
                        "text": text.steal_fails(target, why, stealers),
                    }
                )
                continue
            grand = [s for s in stealers if "grand_steal" in abilities[s]]
            taken = {s: 1 for s in stealers if s not in grand}
            for seat in grand:
                taken[seat] = have - sum(taken.values())
            for seat in stealers:
                self.bullets[target] -= taken[seat]
                gains[seat] = gains.get(seat, 0) + taken[seat]
            self.emit(
                {
                    "type": "steal",
                    "seat": target,
                    "thieves": stealers,
                    "taken": [taken[s] for s in stealers],
                    "text": text.steals(target, [(s, taken[s]) for s in stealers]),
                }
            )
        for seat, amount in gains.items():
            self._gain_bullets(seat, amount)

    def _damage(self, active: dict, names: dict, living: list[int], victim: Any) -> None:
        normal: dict[int, dict[int, int]] = {}
        cutting: dict[int, dict[int, int]] = {}

        def hit(source: int, aimed: int, amount: int, cut: bool = False) -> None:
            target = victim(aimed)
            if target is None:
                return
            per = (cutting if cut else normal).setdefault(target, {})
            per[source] = per.get(source, 0) + amount

        firers = [s for s, n in names.items() if n == "fire"]
        for seat, action in active.items():
            name, targets = action.name, action.targets
            others = [o for o in living if o != seat]
            if name == "shoot" or name == "shoot2":  # R20, R21, R74
                for target in targets:
                    hit(seat, target, 1)
            elif name == "fire":  # R23, R66
                for other in others:
                    hit(seat, other, 2 if len(firers) == 1 else 1)
            elif name == "bomb":  # R46, R77
                hit(seat, targets[0], 3)
                for other in self.neighbours(targets[0]):
                    hit(seat, other, 1)
            elif name == "stab":  # R47, R82
                hit(seat, targets[0], 2 if targets[0] in self.neighbours(seat) else 1)
            elif name == "smite":  # R48, R82
                hit(seat, targets[0], 2)
                for other in self.neighbours(targets[0]):
                    if other != seat:
                        hit(seat, other, 1)
            elif name == "whirlwind":  # R49, R82
                for other in others:
                    hit(seat, other, 1)
            elif name == "cut":  # R29, R74
                hit(seat, targets[0], 1, cut=True)
        total: dict[int, int] = {}
        reflected: list[tuple[int, int]] = []
        for seat in sorted(s for s, n in names.items() if n in ("dodge", "block")):
            # A line for every Dodge and Block: what it stopped (R22, R26, R65).
            attackers = sorted(s for s, dealt in normal.get(seat, {}).items() if dealt > 0)
            self.emit(
                {
                    "type": "guard",
                    "seat": seat,
                    "card": names[seat],
                    "prevented": len(attackers),
                    "attackers": attackers,
                    "text": text.guard(seat, names[seat], len(attackers), attackers),
                }
            )
        strike_cutters = self.game.options["block_cut"] == "yes"
        for target in sorted(set(normal) | set(cutting)):
            guard = names.get(target) in ("dodge", "block")
            amount = sum(cutting.get(target, {}).values())
            for source, dealt in sorted(normal.get(target, {}).items()):
                # R22, R26, R65: Dodge and Block take 1 off each attacker's damage, never Cut's.
                amount += max(0, dealt - 1) if guard else dealt
                if names.get(target) == "block" and source != target:
                    reflected.append((target, source))
            if names.get(target) == "block" and strike_cutters:
                # R92 (option block_cut): Block strikes back at a cutter too; the Cut is
                # still not reduced.
                reflected += [(target, s) for s in sorted(cutting.get(target, {})) if s != target]
            total[target] = total.get(target, 0) + amount
        for _blocker, source in reflected:
            # R26, R65: Block deals 1 damage back to each attacker.
            total[source] = total.get(source, 0) + 1
        for target, amount in sorted(total.items()):
            if amount <= 0:
                continue
            self.health[target] -= amount
            self.emit(
                {
                    "type": "damage",
                    "seat": target,
                    "amount": amount,
                    "text": text.damage(target, amount),
                }
            )
        for blocker, source in reflected:
            self.emit(
                {
                    "type": "block",
                    "seat": blocker,
                    "attacker": source,
                    "text": text.block(blocker, source),
                }
            )

    def _gain_bullets(self, seat: int, amount: int) -> None:
        self.bullets[seat] = min(MAX_BULLETS, self.bullets[seat] + amount)

    def _reserve(self, living: list[int]) -> None:
        for seat in living:
            pirate = PIRATES[self.pirate[seat]]
            # R32, R72: Roberts' special token is an extra health token when he falls below 3.
            if "reserve_health" in pirate.abilities and self.tokens[seat] and self.health[seat] < 3:
                self.tokens[seat] -= 1
                self.health[seat] += 1
                self.emit(
                    {
                        "type": "reserve",
                        "seat": seat,
                        "text": text.reserve(seat),
                    }
                )

    def _deaths(self, living: list[int]) -> None:
        dead = [s for s in living if self.health[s] <= 0]
        for seat in dead:
            # R71: a pirate without health is dead; in Camp Mode the camp card is shown (R55).
            self.health[seat] = 0
            self.alive[seat] = False
            event: dict[str, Any] = {"type": "death", "seat": seat, "text": text.death(seat)}
            if self.camp:
                self.camp_shown[seat] = True
                event["camp"] = self.camp[seat]
                event["text"] = text.death(seat, self.camp[seat])
            self.emit(event)

    def _health(self, names: dict[int, str]) -> None:
        # R13, R71: taking health comes last, and only the living take it (with option
        # last_gasp, R93, it comes before deaths are settled).
        golden_played = {s for s, a in self.played.items() if CARDS[a.name].golden}
        for seat, name in sorted(names.items()):
            if not self.alive[seat]:
                continue
            gain = {"heal": 2, "search": 1}.get(name, 0)
            if name == "pick" and not golden_played - {seat}:
                # R45, R76: no golden card to pick up: 1 health and 1 bullet instead.
                gain = 1
                self._gain_bullets(seat, 1)
            if gain:
                cap = PIRATES[self.pirate[seat]].max_health
                before = self.health[seat]
                self.health[seat] = min(cap, before + gain)
                gained = self.health[seat] - before
                self.emit(
                    {
                        "type": "health",
                        "seat": seat,
                        "amount": gained,
                        "text": text.health(seat, gained),
                    }
                )

    def _end_round(self) -> None:
        picker = next(
            (s for s, a in self._effective().items() if a.name == "pick" and self.alive[s]), None
        )
        picked: list[str] = []
        for seat, action in sorted(self.played.items()):
            card = CARDS[action.name]
            if card.golden:
                # R25: a played golden card goes to the discard pile; R76: unless Pick takes it.
                if picker is not None and seat != picker:
                    picked.append(action.name)
                else:
                    self.discard.append(action.name)
            # R16, R18: last round's basic card comes back; this round's lies face up.
            self.face_up[seat] = None if card.golden else action.name
        if picker is not None and picked:
            self.golden[picker].extend(picked)
            self.emit(
                {
                    "type": "pick",
                    "seat": picker,
                    "cards": picked,
                    "text": text.picks_up(picker, picked),
                }
            )
        self.played = {}
        self.voided = set()
        self._check_end()
        if self.result is None:
            if self.round >= self.game.options["round_limit"]:  # R86
                self._finish(frozenset(), text.round_limit(self.round))
            else:
                self.round += 1

    def _check_end(self) -> None:
        # R8, R17 (Duel Mode), R57, R85 (Camp Mode): who is left decides the end.
        living = self.living()
        if self.camp:
            camps = {camp_of(self.camp[s]) for s in living}
            if len(camps) == 1:
                (camp,) = camps
                winners = frozenset(s for s, c in enumerate(self.camp) if camp_of(c) == camp)
                self._finish(winners, text.camp_wins(camp))
        elif len(living) == 1:
            self._finish(frozenset(living), text.last_standing(living[0]))
        if not living:
            self._finish(frozenset(), text.NO_SURVIVOR)

    def _finish(self, winners: frozenset[int], reason: str) -> None:
        self.finish(Result(winners, tuple(float(h) for h in self.health), reason))

    # ----------------------------------------------------------- views
    def shield_down(self) -> bool:
        """R15, R60: with two pirates left (or fewer) the shields are removed."""
        return len(self.living()) <= 2

    def _view(self, seat: int | None) -> dict[str, Any]:
        open_counts = self.shield_down()
        players = []
        for s in range(self.players):
            name = self.pirate[s]
            pirate = PIRATES.get(name)
            seen = s == seat or open_counts or not self.alive[s]
            row: dict[str, Any] = {
                "seat": s,
                "pirate": name or None,
                "title": pirate.title if pirate else None,
                "alive": self.alive[s],
                "health": self.health[s] if seen and pirate else None,
                "bullets": self.bullets[s] if seen and pirate else None,
                "max_health": pirate.max_health if pirate else None,
                "tokens": self.tokens[s],
                "face_up": self.face_up[s],
                "cards": self._cards_held(s),
                "golden_known": self._known_golden(s),
                "golden_unseen": len(self.secret[s]),
                "bullet_name": "Qi-Gong" if pirate and "qigong" in pirate.abilities else "bullets",
                "neighbours": self.neighbours(s) if self.alive[s] else [],
            }
            if self.camp:
                row["camp"] = self.camp[s] if (s == seat or self.camp_shown[s]) else None
            players.append(row)
        view: dict[str, Any] = {
            "mode": self.game.options["mode"],
            "round": self.round,
            "phase": self.phase,
            "shield": not open_counts,
            "players": players,
            "area": list(self.area),
            "pile": len(self.pile),
            "discard": list(self.discard),
            "revealed": [
                {"seat": s, "card": a.name, "targets": list(a.targets)}
                for s, a in self.played.items()
            ],
            "voided": sorted(self.voided),
            "searchers": sorted(self.reach_options),
        }
        if self.phase == "draft":
            view["pirates_left"] = [p for p in sorted(PIRATES) if p not in self.pirate]
        if seat is not None and self.pirate[seat]:
            view["hand"] = [c for c in PIRATES[self.pirate[seat]].hand if c != self.face_up[seat]]
            if seat in self.played:
                view["hand"] = [c for c in view["hand"] if c != self.played[seat].name]
            view["golden"] = list(self.golden[seat])
            if self.camp:
                view["camp"] = self.camp[seat]
        return view

    def _info_key(self, seat: int | None) -> Any:
        # The facts ``_view`` shows, as tuples; what the view derives from them
        # (titles, caps, neighbours, the hand) follows from the pirates and alive.
        n = range(self.players)
        seen = [s == seat or self.shield_down() or not self.alive[s] for s in n]
        own = seat is not None and bool(self.pirate[seat])
        return (
            self.round,
            self.phase,
            tuple(self.pirate),
            tuple(self.alive),
            tuple(self.health[s] if seen[s] else None for s in n),
            tuple(self.bullets[s] if seen[s] else None for s in n),
            tuple(self.tokens),
            tuple(self.face_up),
            tuple(self._cards_held(s) for s in n),
            tuple(tuple(self._known_golden(s)) for s in n),
            tuple(len(self.secret[s]) for s in n),
            tuple(self.camp[s] if (s == seat or self.camp_shown[s]) else None for s in n)
            if self.camp
            else (),
            tuple(self.area),
            len(self.pile),
            tuple(self.discard),
            tuple(self.played.items()),
            tuple(sorted(self.voided)),
            tuple(sorted(self.reach_options)),
            tuple(self.golden[seat]) if own else None,  # type: ignore[index]
            seat in self.played if own else None,
        )

    def _cards_held(self, seat: int) -> int:
        """How many cards ``seat`` holds: its basic cards not lying face up or just
        revealed, and its golden cards (a revealed golden card has left the hand)."""
        pirate = PIRATES.get(self.pirate[seat])
        if pirate is None:
            return 0
        played = self.played.get(seat)
        out = {self.face_up[seat], played.name if played else None}
        return len([c for c in pirate.hand if c not in out]) + len(self.golden[seat])

    def _known_golden(self, seat: int) -> list[str]:
        known = list(self.golden[seat])
        for card in self.secret[seat]:
            known.remove(card)
        return sorted(known, key=list(CARDS).index)

    # ----------------------------------------------------------- hidden parts
    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        # R60: counts are never resampled (the log announces every change); the golden
        # pile's order and the golden cards no one else saw are.
        pool = list(self.pile)
        for other in range(self.players):
            if other != seat:
                for card in self.secret[other]:
                    self.golden[other].remove(card)
                    pool.append(card)
        rng.shuffle(pool)
        for other in range(self.players):
            if other != seat and self.secret[other]:
                fresh = [pool.pop() for _ in self.secret[other]]
                self.secret[other] = fresh
                self.golden[other].extend(fresh)
        self.pile = pool
        # Camp cards still face down, other than the seat's own.
        if self.camp:
            hidden = [s for s in range(self.players) if s != seat and not self.camp_shown[s]]
            cards = [self.camp[s] for s in hidden]
            rng.shuffle(cards)
            for s, card in zip(hidden, cards, strict=True):
                self.camp[s] = card

class RumbleGame(Game):
    """Pirate Rumble: 2 to 8 pirates, simultaneous cards, Duel Mode and Camp Mode.

    >>> import plunder
    >>> state = plunder.load("rumble", players=3, pirates="read,kidd,zheng").new(seed=1)
    >>> [str(a) for a in state.legal(0)][:6]
    ['load', 'shoot>1', 'shoot>2', 'shoot2>1,1', 'shoot2>1,2', 'shoot2>2,2']
    """

    name = "rumble"
    title = "Pirate Rumble"
    summary = "2-8 pirates, simultaneous cards; Duel Mode or Camp Mode (Sun, Moon, lone boss)"
    min_players = 2
    max_players = 8
    default_players = 4
    modes = ("duel", "camp")
    extra_options = (
        Option(
            "mode",
            "duel",
            "'duel': the last pirate standing wins; 'camp': Sun, Moon and a lone boss (4-8)",
            choices=("duel", "camp"),
            label="Mode",
            choice_labels=("Duel: last pirate standing", "Camp: Sun, Moon and a boss (4-8)"),
        ),
        Option(
            "pirates",
            "random",
            "'random' (dealt), 'draft' (each seat picks in turn) or a comma list, one per seat: "
            + ",".join(sorted(PIRATES)),
            label="Pirates",
        ),
        Option(
            "race",
            "random",
            "who wins a Search race: 'random' (seeded) or 'arrival' (the first choice to arrive)",
            choices=("random", "arrival"),
            label="When two reach for the same card",
            choice_labels=("A draw of lots decides", "The first to choose gets it"),
        ),
        Option(
            "gestures",
            False,
            "after the reveal each pirate answers with the card's gesture; a wrong one voids it",
            choices=(False, True),
            label="Gestures",
            choice_labels=("Off", "On"),
        ),
        Option(
            "round_limit",
            100,
            "rounds after which the game ends with no winner",
            minimum=1,
            maximum=1000,
            label="Rounds at most",
        ),
        # Three readings of the rules players may disagree on (R91-R93).
        Option(
            "void_cost",
            "free",
            "with gestures on: is a card lost to a wrong gesture still paid for (its bullets, "
            "Take Cover's token)? 'free' (no: it was never played) or 'paid' (yes: only its "
            "effect is lost)",
            choices=("free", "paid"),
            label="A card lost to a wrong gesture",
            choice_labels=("Costs nothing", "Is still paid for"),
        ),
        Option(
            "block_cut",
            "no",
            "does Block strike back at a pirate who Cuts you? 'no' or 'yes' "
            "(Block never takes anything off a Cut)",
            choices=("no", "yes"),
            label="Block strikes back at a Cut",
            choice_labels=("No: a Cut goes past Block", "Yes: the cutter takes 1 back"),
        ),
        Option(
            "last_gasp",
            "no",
            "can Heal, Search or Pick save a pirate brought to 0 health in the same round? "
            "'no' (the dead take no health) or 'yes' (health comes before the dead are counted)",
            choices=("no", "yes"),
            label="Health taken in time saves a pirate",
            choice_labels=("No: a pirate at 0 is dead", "Yes: health can come back in time"),
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        if self.options["mode"] == "camp" and players not in CONTENT.camp_tables:
            counts = sorted(CONTENT.camp_tables)
            raise OptionError(
                f"Camp Mode is for {counts[0]} to {counts[-1]} players, not {players}",
                field="mode",
            )
        self.pirate_list = self._pirate_list(self.options["pirates"], players)

    @staticmethod
    def _pirate_list(choice: Any, players: int) -> list[str]:
        if not isinstance(choice, str):
            raise OptionError(f"option 'pirates' is {choice!r}; it takes text", field="pirates")
        if choice in ("random", "draft"):
            return []
        names = [part.strip().lower() for part in choice.split(",")]
        unknown = [n for n in names if n not in PIRATES]
        if unknown:
            raise OptionError(
                f"option 'pirates' names {', '.join(map(repr, unknown))}; pirates are "
                + ", ".join(sorted(PIRATES))
                + " (or 'random', 'draft')",
                field="pirates",
            )
        if len(names) != players:
            raise OptionError(
                f"option 'pirates' lists {len(names)} pirates for {players} seats", field="pirates"
            )
        if len(set(names)) != len(names):
            raise OptionError("option 'pirates' names a pirate twice", field="pirates")
        return names

    def _new_state(self, seed: int) -> RumbleState:
        return RumbleState(self, seed)

    def _all_actions(self) -> list[RumbleAction]:
        # The draft, every card at every aim its kind of target allows at any
        # table of this size, the reach, then the gestures.
        seats = range(self.players)
        out = [action("pirate", p) for p in sorted(PIRATES)]
        for name, card in CARDS.items():
            if card.target == "none":
                out.append(play(name))
            elif card.target == "two":
                out.extend(play(name, a, b) for a in seats for b in seats if a <= b)
            else:
                out.extend(play(name, t) for t in seats)
        out += [action("grab", str(slot)) for slot in range(self.players // 2)]
        out += [action("dig", name) for name, card in CARDS.items() if card.golden]
        out += [action("gesture", g) for g in (*GESTURES, NO_GESTURE)]
        return out

    def _max_decisions(self) -> int:
        # The draft, then up to three steps a round (cards, gestures, reaches).
        return self.players + 3 * self.players * self.options["round_limit"]

    def _catalogue(self) -> dict[str, Any]:
        return {
            "cards": {
                name: {
                    "id": name,
                    "title": card.title,
                    "text": card.text,
                    "kind": card.kind,
                    "cost": card.cost,
                    "target": card.target,
                    "gesture": card.gesture,
                    "pile": card.pile,
                }
                for name, card in CARDS.items()
            },
            "pirates": {
                name: {
                    "id": name,
                    "title": pirate.title,
                    "short": pirate.short,
                    "native": pirate.native,
                    "health": pirate.health,
                    "max_health": pirate.max_health,
                    "bullets": pirate.bullets,
                    "bullet_name": "Qi-Gong" if "qigong" in pirate.abilities else "bullets",
                    "tokens": pirate.tokens,
                    "hand": list(pirate.hand),
                    "golden": list(pirate.golden),
                    "random_golden": pirate.random_golden,
                    "abilities": [
                        {"id": a, "text": CONTENT.ability_text[a]} for a in sorted(pirate.abilities)
                    ],
                }
                for name, pirate in sorted(PIRATES.items())
            },
            "camps": {
                name: {"id": name, "title": title} for name, title in CONTENT.camp_titles.items()
            },
            "camp_table": {
                str(players): {"sun": t.sun, "moon": t.moon, "face_up": list(t.face_up)}
                for players, t in sorted(CONTENT.camp_tables.items())
            },
            "gestures": [*GESTURES, NO_GESTURE],
            "max_bullets": MAX_BULLETS,
            "decisions": {
                "draft": "each seat in turn picks a pirate",
                "choose": "every pirate chooses a card, face down",
                "gesture": "cards revealed: every pirate answers with the card's gesture",
                "reach": "searchers reach for a golden card",
            },
        }

    def parse(self, text: str, legal: Sequence[str] = ()) -> RumbleAction:
        if not isinstance(text, str):
            raise notation_error(repr(text), NOTATION_HELP, legal)
        match = _NOTATION.match(text.lower())
        if match is None:
            raise notation_error(text, NOTATION_HELP, legal)
        word, rest = match.group(1), match.group(2)
        if word in VERBS:
            if not rest or not re.fullmatch(r"[a-z0-9-]{1,20}", rest):
                raise notation_error(text, f"{word}>NAME ({NOTATION_HELP})", legal)
            if word == "grab" and not rest.isdigit():
                raise notation_error(text, "grab>SLOT, a slot number of the golden area", legal)
            if word == "grab":
                rest = str(int(rest))
            return action(word, rest)
        if word not in CARDS:
            raise notation_error(text, NOTATION_HELP, legal)
        if rest is None:
            return play(word)
        parts = [p.strip() for p in rest.split(",")]
        if not parts or len(parts) > 2 or not all(re.fullmatch(r"\d{1,3}", p) for p in parts):
            raise notation_error(text, f"seat numbers after '>' ({NOTATION_HELP})", legal)
        targets = [int(p) for p in parts]
        if CARDS[word].target == "two":
            targets.sort()  # two shots at once: "shoot2>3,1" is "shoot2>1,3"
        return play(word, *targets)
