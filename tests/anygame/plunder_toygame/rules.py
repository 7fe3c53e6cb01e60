"""Odds, for 2 to 4 seats.

Each round every seat stakes 1 to 3 coins in secret, all at once, and may not
stake the same number two rounds running. Each seat also holds a lucky number
(1 to 6), dealt at the start of the round and seen by its owner alone. Then a
public die is rolled: a seat whose lucky number shows adds 1 to its stake. The
highest total that no other seat shares scores a point (if every total is
shared, no one scores). The first seat to ``target`` points wins; after
``round_limit`` rounds the seats with the most points share the win (no one
wins if no one scored).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from types import MappingProxyType
from typing import Any

from plunder.engine.action import Action, action_type
from plunder.engine.frame import Frame
from plunder.engine.game import Game, notation_error
from plunder.engine.options import Option
from plunder.engine.result import Result
from plunder.engine.state import State
from plunder.engine.words import Ask

COINS = (1, 2, 3)
SIDES = 6
_NOTATION = re.compile(r"^\s*stake\s*>\s*(\d{1,3})\s*$")


@action_type
class Stake(Action):
    """Stake ``coins`` coins this round."""

    coins: int

    def spell(self) -> str:
        return f"stake>{self.coins}"


class OddsState(State):
    game: OddsGame

    def __init__(self, game: OddsGame, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        self.points = [0] * n
        self.last: list[int | None] = [None] * n  # each seat's stake last round (public)
        self.lucky = [0] * n  # this round's lucky numbers: each seen by its owner alone
        self.round = 0
        self._next_round()
        self._open_step()

    def _next_round(self) -> None:
        self.round += 1
        for seat in range(self.players):
            self.lucky[seat] = self.randrange(SIDES) + 1
            self.emit(
                {
                    "type": "lucky",
                    "round": self.round,
                    "number": self.lucky[seat],
                    "text": f"Round {self.round}: your lucky number is {self.lucky[seat]}.",
                },
                to=[seat],
            )
        self.replace(Frame.of("stake", range(self.players), round=self.round))

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Stake.of(coins) for coins in COINS if coins != self.last[seat]]

    def _explain(self, seat: int, action: Action) -> str:
        if isinstance(action, Stake) and action.coins not in COINS:
            return f"a stake is 1 to {COINS[-1]} coins, not {action.coins}"
        if isinstance(action, Stake) and action.coins == self.last[seat]:
            return f"seat {seat} staked {action.coins} last round; stake another number"
        return super()._explain(seat, action)

    def _resolve(self, commits: dict[int, Action]) -> None:
        stakes = {seat: action.coins for seat, action in sorted(commits.items())}  # type: ignore[attr-defined]
        shown = ", ".join(f"seat {seat} {coins}" for seat, coins in stakes.items())
        self.emit(
            {
                "type": "reveal",
                "round": self.round,
                "stakes": [stakes[seat] for seat in range(self.players)],
                "lucky": list(self.lucky),
                "text": f"Stakes: {shown}; lucky numbers {self.lucky}.",
            }
        )
        die = self.roll(SIDES, reason="luck")[0]
        totals = {seat: coins + (self.lucky[seat] == die) for seat, coins in stakes.items()}
        counts = Counter(totals.values())
        alone = [seat for seat, total in totals.items() if counts[total] == 1]
        scorer = max(alone, key=lambda seat: totals[seat]) if alone else None
        if scorer is None:
            text = f"The die shows {die}; every total is shared, so no one scores."
        else:
            self.points[scorer] += 1
            text = f"The die shows {die}; seat {scorer} scores with {totals[scorer]}."
        self.emit({"type": "score", "die": die, "seat": scorer, "text": text})
        self.last = [stakes[seat] for seat in range(self.players)]
        target = self.game.options["target"]
        if scorer is not None and self.points[scorer] >= target:
            reason = f"seat {scorer} reached {target} points"
            self.finish(Result(frozenset({scorer}), tuple(self.points), reason))
        elif self.round >= self.game.options["round_limit"]:
            best = max(self.points)
            winners = frozenset(s for s, p in enumerate(self.points) if best and p == best)
            self.finish(Result(winners, tuple(self.points), "the last round was played"))
        else:
            self._next_round()

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {
            "round": self.round,
            "target": self.game.options["target"],
            "players": [
                {"seat": s, "points": self.points[s], "last_stake": self.last[s]}
                for s in range(self.players)
            ],
        }
        if seat is not None:
            view["lucky"] = self.lucky[seat]
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        for other in range(self.players):
            if other != seat:
                self.lucky[other] = rng.randrange(SIDES) + 1


class OddsGame(Game):
    name = "odds"
    title = "Odds"
    summary = "stake 1-3 coins in secret; the highest total no one shares scores"
    min_players = 2
    max_players = 4
    # Its one kind of decision, in words: both front ends word it from this alone.
    asks = MappingProxyType({
        "stake": Ask(
            prompt="Round {round}: stake 1 to 3 coins in secret.",
            label="put {coins} on the table",
        )
    })
    default_players = 3
    extra_options = (
        Option("target", 3, help="points that win", minimum=1, maximum=9),
        Option("round_limit", 12, help="rounds before the most points win", minimum=1,
               maximum=50),
    )

    def _new_state(self, seed: int) -> State:
        return OddsState(self, seed)

    def parse(self, text: str, legal: Sequence[str] = ()) -> Action:
        found = _NOTATION.match(text)
        if found is None:
            raise notation_error(text, "stake>N (N coins, 1 to 3)", legal)
        return Stake.of(int(found.group(1)))

    def _all_actions(self) -> Sequence[Action]:
        return [Stake.of(coins) for coins in COINS]

    def _max_decisions(self) -> int:
        return self.options["round_limit"] * self.players

    def _catalogue(self) -> dict[str, Any]:
        return {
            "stakes": [
                {
                    "id": f"stake-{coins}",
                    "title": f"Stake of {coins}",
                    "coins": coins,
                    "text": f"Put {coins} coin{'s' * (coins > 1)} on the table this round.",
                }
                for coins in COINS
            ],
            "die": {"sides": SIDES, "text": "A lucky number that shows adds 1 to its stake."},
        }
