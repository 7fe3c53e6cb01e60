"""Pirate Rumble: every pirate lays a card face down, all reveal at once, battle.

Duel Mode (the last pirate standing wins) and Camp Mode (Sun, Moon and a lone
boss; the camp whose members alone remain wins), for 2 to 8 players.
Rule numbers (R1, R2, …) refer to ``docs/rules/rumble.md``.

A round is up to three steps of the engine, each a kind of decision with its
handlers (``_legal_<kind>``, ``_on_<kind>``): every living pirate chooses a card
(``choose``, simultaneous); with option ``gestures`` every pirate answers with the
card's gesture (``gesture``, simultaneous and timed); searchers reach for a golden
card (``reach``, simultaneous, a race). A draft (``draft``) may come first. Then
the battle resolves in the seed's order: Steal, the other cards, health. What a
card does is the list of effects ``cards.toml`` gives it (``effects.py``): the
rules run them and settle what they record, never asking which card was played.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from plunder.engine.action import Action, action_type
from plunder.engine.frame import Frame
from plunder.engine.result import Result
from plunder.engine.state import ELIMINATED, State
from plunder.games.rumble import text
from plunder.games.rumble.content import (
    ABILITIES,
    CONTENT,
    NO_GESTURE,
    TARGETS,
    Card,
    Pirate,
)
from plunder.games.rumble.effects import EFFECTS, MAX_BULLETS, Tally

if TYPE_CHECKING:  # the game builds its states; a state only reads its game
    from plunder.games.rumble.game import RumbleGame

CARDS: dict[str, Card] = CONTENT.cards
PIRATES = CONTENT.pirates
GESTURES: tuple[str, ...] = tuple(card.gesture for card in CARDS.values())
# Cards whose effects deal damage (bots take them for attacks).
ATTACKS = tuple(name for name, card in CARDS.items() if card.attack)
# Golden cards in hand and the discard pile are listed in the order of cards.toml.
ORDER = {name: index for index, name in enumerate(CARDS)}


def _ability(name: str) -> str:
    """An ability the rules apply by name; a name ``pirates.toml`` cannot hold fails here."""
    assert name in ABILITIES, name
    return name


RESERVE_HEALTH = _ability("reserve_health")
COVER_TOKEN = _ability("cover_token")
DOUBLE_SHOT = _ability("double_shot")
LONG_CUT = _ability("long_cut")
GRAND_STEAL = _ability("grand_steal")
DIG_DISCARD = _ability("dig_discard")
QIGONG = _ability("qigong")


def _effect(name: str) -> str:
    """An effect an ability changes (Take Cover's token, Mary Read's Cut), checked here."""
    assert name in EFFECTS, name
    return name


COVER = _effect("cover")
CUT = _effect("cut")


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


GESTURE_ACTIONS = tuple(action("gesture", g) for g in (*GESTURES, NO_GESTURE))


def camp_of(card: str) -> str:
    """The camp of a camp card: ``"sun-boss"`` and ``"sun"`` are both Sun."""
    return card.split("-")[0]


def bullet_name(pirate: Pirate | None) -> str:
    """What a pirate's bullets are called: Zheng Zhilong's are Qi-Gong tokens (R42)."""
    return text.QIGONG if pirate is not None and QIGONG in pirate.abilities else text.BULLETS


# ----------------------------------------------------------------- aims
def _no_target(state: RumbleState, seat: int) -> list[tuple[int, ...]]:
    return [()]


def _any_other(state: RumbleState, seat: int) -> list[tuple[int, ...]]:
    return [(other,) for other in state.living() if other != seat]


def _a_neighbour(state: RumbleState, seat: int) -> list[tuple[int, ...]]:
    return [(other,) for other in state.neighbours(seat)]


def _two_others(state: RumbleState, seat: int) -> list[tuple[int, ...]]:
    # Two different targets; Mary Read may shoot one target twice (R74).
    others = [s for s in state.living() if s != seat]
    pairs: list[tuple[int, ...]] = [(a, b) for i, a in enumerate(others) for b in others[i + 1 :]]
    if state.has_ability(seat, DOUBLE_SHOT):
        pairs += [(a, a) for a in others]
        pairs.sort()
    return pairs


def _one_seat(seats: range) -> list[tuple[int, ...]]:
    return [(seat,) for seat in seats]


def _two_seats(seats: range) -> list[tuple[int, ...]]:
    return [(a, b) for a in seats for b in seats if a <= b]


@dataclass(frozen=True)
class Aim:
    """A card's kind of target (``target`` in cards.toml): how many seats it names,
    whether only next to the player (R59), the aims a seat may take now, and every
    aim at a table of the given seats (for the action space)."""

    count: int
    near: bool
    aims: Callable[[RumbleState, int], list[tuple[int, ...]]]
    space: Callable[[range], list[tuple[int, ...]]]


AIMS = {
    "none": Aim(TARGETS["none"], False, _no_target, lambda seats: [()]),
    "any": Aim(TARGETS["any"], False, _any_other, _one_seat),
    "neighbour": Aim(TARGETS["neighbour"], True, _a_neighbour, _one_seat),
    "two": Aim(TARGETS["two"], False, _two_others, _two_seats),
}
assert set(AIMS) == set(TARGETS)


@dataclass(frozen=True)
class Decision:
    """A kind of decision: what it asks (for the catalogue), the verbs it takes, and
    why another verb is refused."""

    about: str
    verbs: tuple[str, ...]
    refusal: Callable[[str], str]


DECISIONS = {
    kind: Decision(text.ABOUT[kind], verbs, text.REFUSALS[kind])
    for kind, verbs in (
        ("draft", ("pirate",)),
        ("choose", ("play",)),
        ("gesture", ("gesture",)),
        ("reach", ("grab", "dig")),
    )
}


# What a pirate may play, by the facts it follows from (see ``_legal_choose``).
_CHOOSE: dict[tuple[Any, ...], tuple[RumbleAction, ...]] = {}
_CHOOSE_MAX = 200_000


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
            self._ask_draft()
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

    # The round's decisions (R9, R12, R61, R84), each asked of the seats it names.
    def _ask_draft(self) -> None:
        self.replace(Frame.of("draft", [self.pirate.index("")], round=self.round))

    def _ask_choose(self) -> None:
        self.replace(Frame.of("choose", self.living(), round=self.round))

    def _ask_gestures(self) -> None:
        # The one decision the rules time (R62): no gesture in time is no gesture.
        self.replace(
            Frame.of(
                "gesture", self.living(), f"gesture>{NO_GESTURE}", timed=True, round=self.round
            )
        )

    def _ask_reach(self) -> None:
        # Option race "arrival": the first touch takes the card, so the reach is a race.
        race = self.game.options["race"] == "arrival" and len(self.reach_options) > 1
        self.replace(Frame.of("reach", sorted(self.reach_options), race=race, round=self.round))

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
        self._ask_choose()

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

    # ----------------------------------------------------------- the table
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

    def has_ability(self, seat: int, ability: str) -> bool:
        """Whether ``seat``'s pirate has ``ability`` (``abilities`` in pirates.toml)."""
        return ability in PIRATES[self.pirate[seat]].abilities

    def reaches(self, seat: int) -> list[RumbleAction]:
        """What a searcher may reach for: a face-up golden card by slot (R24, R69), and
        for Ching Shih with a special token a card of the discard pile (R40, R80)."""
        found = [action("grab", str(i)) for i, c in enumerate(self.area) if c]
        if self.tokens[seat] > 0 and self.has_ability(seat, DIG_DISCARD):
            found += [action("dig", c) for c in sorted(set(self.discard), key=ORDER.__getitem__)]
        return found

    def golden_played_by_others(self, seat: int) -> bool:
        """Whether a pirate other than ``seat`` played a golden card this round (R76)."""
        return any(CARDS[a.name].golden for s, a in self.played.items() if s != seat)

    # ----------------------------------------------------------- the draft (R84)
    def _legal_draft(self, seat: int, frame: Frame) -> list[RumbleAction]:
        taken = set(self.pirate)
        return [action("pirate", p) for p in sorted(PIRATES) if p not in taken]

    def _on_draft(self, seat: int, chosen: RumbleAction, frame: Frame) -> None:
        self.pirate[seat] = chosen.name
        self.emit(
            {
                "type": "pick",
                "seat": seat,
                "pirate": chosen.name,
                "text": text.pick(seat, chosen.name),
            }
        )
        if "" not in self.pirate:
            self._set_up(self.pirate)
        else:
            self._ask_draft()

    # ----------------------------------------------------------- choosing a card
    def _legal_choose(self, seat: int, frame: Frame) -> tuple[RumbleAction, ...]:
        # The cards a pirate may play, and at whom, follow from these facts alone;
        # random playouts and searches meet the same few combinations again and
        # again, so each is worked out once.
        key = (
            seat,
            self.pirate[seat],
            self.face_up[seat],
            tuple(sorted(set(self.golden[seat]))),
            self.bullets[seat],
            self.tokens[seat],
            tuple(self.alive),
        )
        found = _CHOOSE.get(key)
        if found is None:
            actions: list[RumbleAction] = []
            for card in self.playable(seat):
                actions.extend(self._aims(seat, card))
            found = tuple(actions)
            if len(_CHOOSE) < _CHOOSE_MAX:
                _CHOOSE[key] = found
        return found

    def playable(self, seat: int) -> list[str]:
        """Cards ``seat`` holds and can pay for now (R16, R63, R75, R87)."""
        pirate = PIRATES[self.pirate[seat]]
        held = [c for c in pirate.hand if c != self.face_up[seat]]
        held += sorted(set(self.golden[seat]), key=ORDER.__getitem__)
        bullets, tokens = self.bullets[seat], self.tokens[seat]
        return [
            card
            for card in held
            if CARDS[card].cost <= bullets and self._token_cost(seat, card) <= tokens
        ]

    def _token_cost(self, seat: int, card: str) -> int:
        """Special tokens a card costs: Henry Morgan's Take Cover spends one (R44, R75)."""
        return 1 if COVER in CARDS[card].does and self.has_ability(seat, COVER_TOKEN) else 0

    def _aim(self, seat: int, card: str) -> Aim:
        """How ``seat`` may aim ``card``: as its kind of target says, but Mary Read's
        Cut reaches any pirate (R74)."""
        found = CARDS[card]
        if CUT in found.does and self.has_ability(seat, LONG_CUT):
            return AIMS["any"]
        return AIMS[found.target]

    def _aims(self, seat: int, card: str) -> list[RumbleAction]:
        of = RumbleAction.of
        return [of("play", card, targets) for targets in self._aim(seat, card).aims(self, seat)]

    def _on_choose(self, answers: dict[int, Action], frame: Frame) -> None:
        self._reveal(dict(sorted(answers.items())))  # type: ignore[arg-type]
        if self.game.options["gestures"]:
            self._ask_gestures()
        else:
            self._start_reach()

    def _explain(self, seat: int, action: Action) -> str:
        if not isinstance(action, RumbleAction):
            return text.not_an_action(action)
        decision = DECISIONS[self.phase]
        if action.verb not in decision.verbs:
            return decision.refusal(action.verb)
        if action.verb == "pirate":
            if action.name not in PIRATES:
                return text.no_pirate(action.name)
            return text.pirate_taken(action.name)
        if action.verb == "grab":
            return text.EMPTY_SLOT
        if action.verb == "dig":
            return text.cannot_dig(seat, action.name)
        if action.verb != "play":
            return super()._explain(seat, action)
        return self._why_card(seat, action)

    def _why_card(self, seat: int, action: RumbleAction) -> str:
        """Why playing ``action.name`` is refused (a helper: ``_explain_<kind>`` names
        are the engine's, by decision)."""
        card = CARDS.get(action.name)
        if card is None:
            return text.no_card(action.name)
        pirate = self.pirate[seat]
        if action.name == self.face_up[seat]:
            return text.lies_face_up(action.name)
        if action.name not in PIRATES[pirate].hand and action.name not in self.golden[seat]:
            return text.not_held(seat, pirate, action.name)
        if card.cost > self.bullets[seat]:
            return text.too_dear(seat, action.name, card.cost, self.bullets[seat])
        if self._token_cost(seat, action.name) > self.tokens[seat]:
            return text.no_token_left(action.name)
        for target in action.targets:
            if not 0 <= target < self.players or target == seat or not self.alive[target]:
                return text.not_a_target(target)
        aim = self._aim(seat, action.name)
        if aim.near:
            return text.neighbours_only(action.name, self.neighbours(seat))
        if len(action.targets) != aim.count:
            return text.target_count(action.name, aim.count)
        if aim.count > 1:
            return text.two_targets(action.name)
        return super()._explain(seat, action)

    # ----------------------------------------------------------- the reveal
    def _reveal(self, choices: dict[int, RumbleAction]) -> None:
        # R9, R10: all cards revealed together.
        self.played = choices
        self.voided = set()
        for seat, chosen in choices.items():
            if CARDS[chosen.name].golden:
                self._lose_golden(seat, chosen.name)
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

    # ----------------------------------------------------------- gestures (R12, R62)
    def _legal_gesture(self, seat: int, frame: Frame) -> tuple[RumbleAction, ...]:
        return GESTURE_ACTIONS

    def _on_gesture(self, answers: dict[int, Action], frame: Frame) -> None:
        self._judge_gestures(answers)  # type: ignore[arg-type]
        self._start_reach()

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
                "why": text.WRONG_GESTURE if wrong else "",
                "text": text.gestures(wrong),
            }
        )

    def _effective(self) -> dict[int, RumbleAction]:
        return {s: a for s, a in self.played.items() if s not in self.voided}

    # ----------------------------------------------------------- the reach (R24, R69)
    def _start_reach(self) -> None:
        tally = Tally(self, self.living(), CARDS)
        tally.run("reach", self._effective())
        options = {seat: found for seat, found in tally.reaches.items() if found}
        # R61, R69: the reach is a decision when there is a choice or a race to win.
        if len(options) > 1 or any(len(found) > 1 for found in options.values()):
            self.reach_options = options
            self._ask_reach()
            return
        self._settle_reaches({s: found[0] for s, found in options.items()})
        self._battle()

    def _legal_reach(self, seat: int, frame: Frame) -> list[RumbleAction]:
        return list(self.reach_options[seat])

    def _on_reach(self, answers: dict[int, Action], frame: Frame) -> None:
        self._settle_reaches(answers)  # type: ignore[arg-type]
        self._battle()

    def _settle_reaches(self, reaches: dict[int, RumbleAction]) -> None:
        self.reach_options = {}
        claims: dict[int, list[int]] = {}
        for seat, reach in reaches.items():
            if reach.verb == "dig":
                # R40, R80: Ching Shih takes a card of the discard pile for a special token.
                self.discard.remove(reach.name)
                self.tokens[seat] -= 1
                self.golden[seat].append(reach.name)
                self.emit(
                    {
                        "type": "dig",
                        "seat": seat,
                        "card": reach.name,
                        "text": text.dig(seat, reach.name),
                    }
                )
            else:
                claims.setdefault(int(reach.name), []).append(seat)
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

    # ----------------------------------------------------------- the battle
    def _battle(self) -> None:
        living = self.living()
        cards = self._effective()
        # R63: costs are paid as the cards are revealed; R91 (option void_cost): a void
        # card is free, or its cost is paid all the same.
        paying = self.played if self.game.options["void_cost"] == "paid" else cards
        for seat, chosen in paying.items():
            self.bullets[seat] -= CARDS[chosen.name].cost
            self.tokens[seat] -= self._token_cost(seat, chosen.name)
        tally = Tally(self, living, CARDS)
        # R30, R67: Hide; a card aimed at a hider does nothing at all.
        tally.run("hide", cards)
        hiders = tally.hiders
        cancelled = sorted(s for s, a in cards.items() if any(t in hiders for t in a.targets))
        for seat in cancelled:
            hid = [t for t in cards[seat].targets if t in hiders]
            self.emit(
                {
                    "type": "cancelled",
                    "seat": seat,
                    "targets": hid,
                    "why": text.HID,
                    "text": text.cancelled(seat, cards[seat].name, hid),
                }
            )
        active = {s: a for s, a in cards.items() if s not in cancelled}
        # R44, R75: Take Cover names who suffers before any harm is counted; then every
        # other effect records what it does, and the tally is settled in R13's order.
        tally.run("cover", active)
        tally.run("play", active)
        self._steals(tally)
        self._damage(tally, active)
        # R19, R22, R28, R79: bullets taken by the other cards.
        for seat, amount in tally.bullets.items():
            self._gain_bullets(seat, amount)
        self._reserve(living)
        if self.game.options["last_gasp"] == "yes":
            # R93 (option last_gasp): this round's health comes before deaths are settled.
            self._health(tally)
            self._deaths(living)
        else:
            self._deaths(living)
            self._health(tally)
        self._end_round(tally)
        if self.result is None:
            self._ask_choose()

    def _steals(self, tally: Tally) -> None:
        # R13, R31, R68: Steal resolves first; the target hands the bullets over.
        # All steals resolve together: each is judged on the bullets held before any
        # steal, every loss is taken before any gain (so no order of seats matters).
        held = list(self.bullets)
        gains: dict[int, int] = {}
        for target, stealers in sorted(tally.claims.items()):
            have = held[target]
            if target in tally.steal_proof:
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
                        "why": why,
                        "text": text.steal_fails(target, why, stealers),
                    }
                )
                continue
            grand = [s for s in stealers if self.has_ability(s, GRAND_STEAL)]
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

    def _damage(self, tally: Tally, active: dict[int, RumbleAction]) -> None:
        normal, cutting = tally.normal, tally.cutting
        guards, strikers = tally.guards, tally.strikers
        total: dict[int, int] = {}
        reflected: list[tuple[int, int]] = []
        for seat in sorted(guards):
            # A line for every Dodge and Block: what it stopped (R22, R26, R65).
            attackers = sorted(s for s, dealt in normal.get(seat, {}).items() if dealt > 0)
            self.emit(
                {
                    "type": "guard",
                    "seat": seat,
                    "card": active[seat].name,
                    "prevented": len(attackers),
                    "attackers": attackers,
                    "why": text.BLOCKS if seat in strikers else text.DODGES,
                    "text": text.guard(seat, seat in strikers, len(attackers), attackers),
                }
            )
        strike_cutters = self.game.options["block_cut"] == "yes"
        for target in sorted(set(normal) | set(cutting)):
            guarded = target in guards
            strikes = target in strikers
            amount = sum(cutting.get(target, {}).values())
            for source, dealt in sorted(normal.get(target, {}).items()):
                # R22, R26, R65: Dodge and Block take 1 off each attacker's damage, never Cut's.
                amount += max(0, dealt - 1) if guarded else dealt
                if strikes and source != target:
                    reflected.append((target, source))
            if strikes and strike_cutters:
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
            # R32, R72: Roberts' special token is an extra health token when he falls below 3.
            if self.health[seat] < 3 and self.tokens[seat] and self.has_ability(
                seat, RESERVE_HEALTH
            ):
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

    def _health(self, tally: Tally) -> None:
        # R13, R71: taking health comes last, and only the living take it (with option
        # last_gasp, R93, it comes before deaths are settled). Pick's bullet comes with it.
        for seat in sorted(tally.health):
            if not self.alive[seat]:
                continue
            gain, bullets = tally.health[seat]
            if bullets:
                self._gain_bullets(seat, bullets)
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

    def _end_round(self, tally: Tally) -> None:
        # R76: a living picker takes the golden cards the others played, void ones too.
        picker = next((s for s in tally.pickers if self.alive[s]), None)
        picked: list[str] = []
        for seat, chosen in sorted(self.played.items()):
            card = CARDS[chosen.name]
            if card.golden:
                # R25: a played golden card goes to the discard pile; R76: unless Pick takes it.
                if picker is not None and seat != picker:
                    picked.append(chosen.name)
                else:
                    self.discard.append(chosen.name)
            # R16, R18: last round's basic card comes back; this round's lies face up.
            self.face_up[seat] = None if card.golden else chosen.name
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
        # Each score is the health left: the pirate's health at the start, then the
        # damage taken and the healing gained (R2, R7).
        parts = []
        for seat, health in enumerate(self.health):
            start = PIRATES[self.pirate[seat]].health if self.pirate[seat] else health
            parts.append({text.HEALTH_AT_START: start, text.HEALTH_CHANGE: health - start})
        self.finish(Result(winners, tuple(float(h) for h in self.health), reason,
                           breakdown=tuple(parts)))

    # ----------------------------------------------------------- views
    def shield_down(self) -> bool:
        """R15, R60: with two pirates left (or fewer) the shields are removed."""
        return len(self.living()) <= 2

    def seat_sides(self) -> tuple[str, ...]:
        """Camp Mode: each seat's camp (R55, hidden until shown while the game runs);
        none in Duel Mode."""
        return tuple(camp_of(card) for card in self.camp)

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
                "bullet_name": bullet_name(pirate),
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
        if "" in self.pirate:  # R84: a seat still to pick a pirate
            view["pirates_left"] = [p for p in sorted(PIRATES) if p not in self.pirate]
        if seat is not None and self.pirate[seat]:
            view["hand"] = [c for c in PIRATES[self.pirate[seat]].hand if c != self.face_up[seat]]
            if seat in self.played:
                view["hand"] = [c for c in view["hand"] if c != self.played[seat].name]
            view["golden"] = list(self.golden[seat])
            if self.camp:
                view["camp"] = self.camp[seat]
        return view

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
