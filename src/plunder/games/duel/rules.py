"""Duel (Duelo): simultaneous shootouts for 2 to 5 players, first to $5.

Rule numbers (R1, R2, …) refer to ``docs/rules/duel.md``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Sequence
from typing import Any

from plunder.engine.action import Action, action_type
from plunder.engine.frame import Frame
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.engine.result import Result
from plunder.engine.state import OUT, State
from plunder.games.duel import text
from plunder.games.duel.content import CARD_SHOWN, CONTENT

CARD_NAMES: tuple[str, ...] = CONTENT.names
CARDS = {card.name: card for card in CONTENT.cards}
FULL_HAND = {card.name: card.count for card in CONTENT.cards}
ALIASES = {"reloading": "reload"}
NOTATION_HELP = (
    "colt>N or rifle>N (aim at seat N), colt or rifle (aim at no one), barricade, reload"
)
_NOTATION = re.compile(r"^\s*([a-z]+)\s*(?:>\s*(\S*))?\s*$")


@action_type
class DuelAction(Action):
    """Play ``card``; a Colt or Rifle may be aimed at ``target`` (a seat) or at no one."""

    card: str
    target: int | None = None

    def spell(self) -> str:
        return self.card if self.target is None else f"{self.card}>{self.target}"


# Legal lists depend only on the seat, who lives and how many of each card it
# holds: at most a few thousand situations, each computed once per process.
_LEGAL: dict[tuple[int, tuple[bool, ...], Any], tuple[DuelAction, ...]] = {}
# A hand's counts, card by card, read in one call: the key is made at every
# decision, and a generator over the cards took most of the lookup's time.
_counts = operator.itemgetter(*CARD_NAMES)
# Hands of three Colts and of two list the same actions: one tuple for both, so a
# situation that comes back hands back the very tuple it did before.
_LISTS: dict[tuple[DuelAction, ...], tuple[DuelAction, ...]] = {}
_action = DuelAction.of


class DuelState(State):
    game: DuelGame

    def __init__(self, game: DuelGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.alive = [True] * n
        self.dollars = [0] * n
        self.hands = [dict(FULL_HAND) for _ in range(n)]
        self.played: list[list[str]] = [[] for _ in range(n)]
        self.duel = 1
        self.shootout = 1
        # R6, R27: the first duelling master is drawn by the seeded generator.
        self.master = self.randrange(n)
        self.emit(
            {
                "type": "duel",
                "duel": 1,
                "master": self.master,
                "text": text.duel_begins(1, self.master),
            }
        )
        self._ask()
        self._open_step()

    # ----------------------------------------------------------- decisions
    def _ask(self) -> None:
        """R7: every living player chooses a card for the next shootout, all at once."""
        living = [seat for seat, alive in enumerate(self.alive) if alive]
        self.replace(Frame.of("shootout", living, duel=self.duel, shootout=self.shootout))

    def _out(self, seat: int) -> str | None:
        # R20: a hit player is in the grave until the next duel, then plays again.
        return None if self.alive[seat] else OUT

    def _legal_shootout(self, seat: int, frame: Frame) -> Sequence[DuelAction]:
        hand = self.hands[seat]
        key = (seat, tuple(self.alive), _counts(hand))
        found = _LEGAL.get(key)
        if found is None:
            targets = [s for s, alive in enumerate(self.alive) if alive and s != seat]
            actions: list[DuelAction] = []
            for name in CARD_NAMES:
                if hand[name] <= 0:
                    continue
                actions.append(_action(name, None))
                if CARDS[name].weapon:
                    actions.extend(_action(name, target) for target in targets)
            listed = tuple(actions)
            found = _LEGAL[key] = _LISTS.setdefault(listed, listed)
        return found

    def _explain(self, seat: int, action: Action) -> str:
        if not isinstance(action, DuelAction):
            return f"{action!r} is not a Duel action"
        card, target = action.card, action.target
        if self.hands[seat].get(card, 0) <= 0:
            held = ", ".join(self._hand_list(seat)) or "nothing"
            return f"seat {seat} holds no {card} card (in hand: {held})"
        if target is not None:
            if not CARDS[card].weapon:
                return f"a {card} makes no attack, so it takes no target (play plain '{card}')"
            if not 0 <= target < self.players:
                return f"{target} is not a seat (seats are 0..{self.players - 1})"
            if target == seat:
                return f"seat {seat} cannot aim at itself"
            if not self.alive[target]:
                return f"seat {target} is dead; aim at a living player"
        return super()._explain(seat, action)

    # ----------------------------------------------------------- resolution
    def _on_shootout(self, answers: dict[int, Action], frame: Frame) -> None:
        choices: dict[int, DuelAction] = {s: a for s, a in sorted(answers.items())}  # type: ignore[misc]
        for seat, action in choices.items():
            self.hands[seat][action.card] -= 1
            self.played[seat].append(action.card)
        self.emit(
            {
                "type": "reveal",
                "duel": self.duel,
                "shootout": self.shootout,
                "choices": [
                    {"seat": s, "card": a.card, "target": a.target} for s, a in choices.items()
                ],
                "text": text.reveal([(s, a.card, a.target) for s, a in choices.items()]),
            }
        )
        # R12-R16, R29-R31: an attack is a played Colt or Rifle aimed at a player; it hits
        # unless the target's own card deflects that weapon. Hits are simultaneous: each
        # shot is told, with whether it hit and why (what the target played), and then
        # who was hit.
        deflects, reading = self.game.deflects, self.game.options["deflection"]
        struck: set[int] = set()
        for seat, action in choices.items():
            weapon = CARDS[action.card].weapon
            if not weapon or action.target is None:
                continue
            guard = choices[action.target].card
            landed = weapon not in deflects[guard]
            if landed:
                struck.add(action.target)
            why = text.shot_why(landed, weapon, guard, reading)
            self.emit(
                {
                    "type": "shot",
                    "seat": seat,
                    "target": action.target,
                    "card": action.card,
                    "hit": landed,
                    "why": why,
                    "guard": guard,
                    "text": text.shot(seat, action.card, action.target, landed, why, guard),
                }
            )
        hit = sorted(struck)
        for seat in hit:
            self.alive[seat] = False
        if hit:
            self.emit(
                {
                    "type": "hit",
                    "seats": hit,
                    "text": text.hit(hit),
                }
            )
        # R17, R18, R32: cards come back to the hands of players who were not hit.
        for seat, action in choices.items():
            if seat in hit:
                continue
            returns = CARDS[action.card].returns
            if returns == "itself":
                self.played[seat].pop()
                self.hands[seat][action.card] += 1
            elif returns == "all":
                back = self.played[seat]
                for name in back:
                    self.hands[seat][name] += 1
                self.emit(
                    {
                        "type": "reload",
                        "seat": seat,
                        "cards": list(back),
                        "text": text.reload(seat, len(back)),
                    }
                )
                self.played[seat] = []
        living = [seat for seat, alive in enumerate(self.alive) if alive]
        if len(living) == 1:
            self._end_duel(living[0], text.LAST_STANDING)
        elif not living:
            self._end_duel(None, text.EVERYONE_HIT)
        elif self.shootout >= self.game.options["shootout_limit"]:
            self._end_duel(None, text.no_survivor(self.shootout))
        else:
            self.shootout += 1
        if self.result is None:
            self._ask()

    def _breakdown(self) -> tuple[dict[str, float], ...]:
        """Each seat's dollars, one for each duel it won (R22), as the log tells them."""
        parts: list[dict[str, float]] = [{} for _ in range(self.players)]
        for event in self.log:
            if event.data.get("type") == "duel_end" and event.data.get("winner") is not None:
                parts[event.data["winner"]][text.duel_won(event.data["duel"])] = 1
        for seat, seat_parts in enumerate(parts):
            # A position set up with dollars already earned (an analysis's, say).
            before = self.dollars[seat] - len(seat_parts)
            if before:
                seat_parts[text.DOLLARS_BEFORE] = before
        return tuple(parts)

    def _end_duel(self, winner: int | None, why: str) -> None:
        target = self.game.options["target"]
        if winner is None:
            self.emit(
                {
                    "type": "duel_end",
                    "duel": self.duel,
                    "winner": None,
                    "text": text.duel_ends(self.duel, None, why),
                }
            )
        else:
            self.dollars[winner] += 1
            self.emit(
                {
                    "type": "duel_end",
                    "duel": self.duel,
                    "winner": winner,
                    "text": text.duel_ends(self.duel, winner, why, self.dollars[winner]),
                }
            )
            if self.dollars[winner] >= target:
                self.finish(Result(frozenset({winner}), tuple(self.dollars),
                                   text.rich(winner, target), breakdown=self._breakdown()))
                return
        if self.duel >= self.game.options["duel_limit"]:
            richest = max(self.dollars)
            winners = frozenset(s for s, d in enumerate(self.dollars) if d == richest and d > 0)
            self.finish(Result(winners, tuple(self.dollars), text.duel_limit(self.duel),
                               breakdown=self._breakdown()))
            return
        # R24, R25, R38: a new duel: everyone alive with a full hand; the winner commands.
        if winner is not None:
            self.master = winner
        self.duel += 1
        self.shootout = 1
        n = self.players
        self.alive = [True] * n
        self.hands = [dict(FULL_HAND) for _ in range(n)]
        self.played = [[] for _ in range(n)]
        self.emit(
            {
                "type": "duel",
                "duel": self.duel,
                "master": self.master,
                "text": text.duel_begins(self.duel, self.master),
            }
        )

    # ----------------------------------------------------------- views
    def _hand_list(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        return [name for name in CARD_NAMES for _ in range(hand[name])]

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "players": [
                {
                    "seat": s,
                    "alive": self.alive[s],
                    "dollars": self.dollars[s],
                    "played": list(self.played[s]),
                    "hand_size": sum(self.hands[s].values()),
                }
                for s in range(self.players)
            ],
            "master": self.master,
            "duel": self.duel,
            "shootout": self.shootout,
            "target": self.game.options["target"],
        }
        if seat is not None:
            view["hand"] = self._hand_list(seat)
        return view


class DuelGame(Game):
    """Duel: 2 to 5 players, simultaneous shootouts, first to $5.

    >>> import plunder
    >>> state = plunder.load("duel").new(seed=1)
    >>> [str(a) for a in state.legal(0)]
    ['colt', 'colt>1', 'rifle', 'rifle>1', 'barricade', 'reload']
    """

    name = "duel"
    title = "Duel"
    asks = text.ASKS
    summary = "2-5 players, simultaneous shootouts, first to $5"
    min_players = 2
    max_players = 5
    default_players = 2
    extra_options = (
        Option(
            "target",
            5,
            "The first pirate with this many dollars wins the game.",
            minimum=1,
            maximum=20,
            label="Dollars to win",
        ),
        Option(
            "deflection",
            "seed",
            "How the cards read when shots cross: usually a pirate who fires cannot be hit "
            "at all. In the other reading each card stops only the weapon drawn on it.",
            choices=tuple(CONTENT.deflection),
            label="Who can be hit",
            choice_labels=tuple(
                {
                    "seed": "A pirate who shoots cannot be hit",
                    "per-weapon": "Each card stops the weapon it shows",
                }.get(name, name)
                for name in CONTENT.deflection
            ),
            common=False,
        ),
        Option(
            "shootout_limit",
            30,
            "A duel in which no one is hit after this many shootouts ends with no winner.",
            minimum=1,
            maximum=1000,
            label="Shootouts in a duel at most",
            common=False,
        ),
        Option(
            "duel_limit",
            100,
            "After this many duels the game ends and the richest pirates win.",
            minimum=1,
            maximum=10000,
            label="Duels in a game at most",
            common=False,
        ),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        # What each played card deflects under the chosen reading (R12-R16, R29-R31).
        self.deflects = CONTENT.deflection[self.options["deflection"]]

    def _new_state(self, seed: int) -> DuelState:
        return DuelState(self, seed)

    def _all_actions(self) -> list[DuelAction]:
        # Every card unaimed, then each weapon aimed at every seat (any seat may be
        # another's target).
        out: list[DuelAction] = []
        for name in CARD_NAMES:
            out.append(_action(name, None))
            if CARDS[name].weapon:
                out.extend(_action(name, seat) for seat in range(self.players))
        return out

    def _max_decisions(self) -> int:
        # Every living player decides once a shootout; duels and shootouts are capped.
        options = self.options
        return options["duel_limit"] * options["shootout_limit"] * self.players

    def _catalogue(self) -> dict[str, Any]:
        reading = CONTENT.deflection[self.options["deflection"]]
        return {
            "cards": CARD_SHOWN.section(
                CONTENT.by_name, stops=lambda card: sorted(reading[card.name])
            ),
            "deflection": self.options["deflection"],
        }

    def parse(self, text: str, legal: Sequence[str] = ()) -> DuelAction:
        if not isinstance(text, str):
            raise notation_error(repr(text), NOTATION_HELP, legal)
        match = _NOTATION.match(text.lower())
        if match is None:
            raise notation_error(text, NOTATION_HELP, legal)
        card = ALIASES.get(match.group(1), match.group(1))
        if card not in CARDS:
            raise notation_error(text, NOTATION_HELP, legal)
        aim = match.group(2)
        if aim is None:
            return _action(card, None)
        if not re.fullmatch(r"-?\d{1,6}", aim):
            raise notation_error(text, f"a seat number after '>' ({NOTATION_HELP})", legal)
        return _action(card, int(aim))
