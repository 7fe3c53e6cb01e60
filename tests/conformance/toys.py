"""A small correct game, and broken copies of it, one fault each.

The kit must pass the correct game and catch every broken one; each fault is a
mistake a real game could make.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from plunder.engine import Action, Game, Option, Result, State
from plunder.engine.game import notation_error


@dataclass(frozen=True, slots=True)
class Coin(Action):
    side: str

    @property
    def notation(self) -> str:
        return self.side

    def __str__(self) -> str:
        return self.side


HEADS, TAILS = Coin("heads"), Coin("tails")


class CoinsState(State):
    """Two players show a coin at once: a match scores for seat 0, a miss for seat 1.

    Each seat also holds a secret number (drawn by chance, seen only by its owner)
    that it may reveal instead of a coin once per game for a point.
    """

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.score = [0, 0]
        self.secret = [self.rng.randrange(100), self.rng.randrange(100)]
        self.revealed = [False, False]
        self._open_step()

    def _deciders(self) -> frozenset[int]:
        return frozenset((0, 1))

    def _legal_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = [HEADS, TAILS]
        if not self.revealed[seat]:
            actions.append(Coin("reveal"))
        return actions

    def _resolve(self, commits: dict[int, Action]) -> None:
        a, b = commits[0], commits[1]
        self.emit({"type": "show", "sides": [str(a), str(b)]})
        for seat, action in ((0, a), (1, b)):
            if str(action) == "reveal":
                self.revealed[seat] = True
                self.score[seat] += 1
                self.emit({"type": "reveal", "seat": seat, "secret": self.secret[seat]})
        if str(a) != "reveal" and str(b) != "reveal":
            self.score[0 if a == b else 1] += 1
        if self.rng.random() < 0.1:  # a gust of wind: a chance point
            lucky = self.rng.randrange(2)
            self.score[lucky] += 1
            self.emit({"type": "wind", "seat": lucky})

    def _result(self) -> Result | None:
        target = self.game.options["target"]
        if max(self.score) < target:
            return None
        winners = frozenset(s for s in (0, 1) if self.score[s] >= target)
        return Result(winners, tuple(self.score), "target reached")

    def _view(self, seat: int | None) -> dict[str, Any]:
        view: dict[str, Any] = {"score": list(self.score), "revealed": list(self.revealed)}
        if seat is not None:
            view["secret"] = self.secret[seat]
        view["secrets_shown"] = [self.secret[s] if self.revealed[s] else None for s in (0, 1)]
        return view

    def _resample_hidden(self, seat: int | None, rng: random.Random) -> None:
        for other in (0, 1):
            if other != seat and not self.revealed[other]:
                self.secret[other] = rng.randrange(100)

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, CoinsState)
        new.score = list(self.score)
        new.secret = list(self.secret)
        new.revealed = list(self.revealed)


class CoinsGame(Game):
    name = "coins"
    title = "Coins"
    min_players = max_players = default_players = 2
    extra_options = (Option("target", 5, minimum=1, maximum=50),)
    state_class: type[CoinsState] = CoinsState

    def _new_state(self, seed: int) -> State:
        return self.state_class(self, seed)

    def parse(self, text: str, legal: Sequence[str] = ()) -> Action:
        if text in ("heads", "tails", "reveal"):
            return Coin(text)
        raise notation_error(str(text), "heads, tails or reveal", legal)


# --------------------------------------------------------------- broken copies
class LeaksCommit(CoinsState):
    """Shows every committed choice to everyone before the reveal."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["chosen"] = {str(s): str(a) for s, a in self._commits.items()}
        return view


class LeaksSecret(CoinsState):
    """Shows the other seat's secret number."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["all_secrets"] = list(self.secret)
        return view


class LeaksChance(CoinsState):
    """Shows the next chance roll (the generator's state leaks into the view)."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["next_roll"] = self.rng.getstate()[1][0]
        return view


class Nondeterministic(CoinsState):
    """Draws the wind from the global generator, not the seeded one."""

    def _resolve(self, commits: dict[int, Action]) -> None:
        super()._resolve(commits)
        if random.random() < 0.5:
            self.score[random.randrange(2)] += 1


class SharedClone(CoinsState):
    """A clone shares its score list with the original."""

    def _clone_into(self, new: State) -> None:
        super()._clone_into(new)
        new.score = self.score  # type: ignore[attr-defined]


class NeverEnds(CoinsState):
    """Nobody ever wins."""

    def _result(self) -> Result | None:
        return None


class MutatesOnReject(CoinsState):
    """Counts a rejected action as a point before refusing it."""

    def _explain(self, seat: int, action: Action) -> str:
        self.score[seat] += 1
        return super()._explain(seat, action)


class RefusesLegal(CoinsState):
    """Offers 'reveal' but refuses it once the score is tied above zero."""

    def act(self, seat: int, action: Action | str) -> None:
        if str(action) == "reveal" and self.score[0] == self.score[1] > 0:
            from plunder.engine import IllegalAction

            raise IllegalAction("not now")
        super().act(seat, action)


class StuckWithoutDecision(CoinsState):
    """After two steps no seat owes a decision, yet the game is not over."""

    def _deciders(self) -> frozenset[int]:
        return frozenset() if sum(self.score) >= 2 else frozenset((0, 1))


class BadNotation(CoinsState):
    """Its actions' notation is not what the game parses."""

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Coin("Heads"), Coin("Tails")]


class NotJson(CoinsState):
    """Puts a set in the view."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["seats"] = {0, 1}
        return view


def game_with(state_class: type[CoinsState], **options: Any) -> CoinsGame:
    """A Coins game whose states are of ``state_class``."""

    class Variant(CoinsGame):
        pass

    Variant.state_class = state_class
    return Variant(**options)


# Each fault and the checks that may report it first.
FAULTS: dict[str, tuple[type[CoinsState], tuple[str, ...]]] = {
    "leaks a committed choice": (LeaksCommit, ("views",)),
    "leaks a secret card": (LeaksSecret, ("views",)),
    "leaks the chance generator": (LeaksChance, ("views",)),
    "nondeterministic": (Nondeterministic, ("determinism", "rejection")),
    "clone shares state": (SharedClone, ("clone",)),
    "never ends": (NeverEnds, ("termination",)),
    "mutates on a rejected action": (MutatesOnReject, ("rejection",)),
    "refuses a legal action": (RefusesLegal, ("decisions",)),
    "stuck with no decision": (StuckWithoutDecision, ("decisions",)),
    "notation does not parse back": (BadNotation, ("decisions",)),
    "view is not JSON": (NotJson, ("views",)),
}
