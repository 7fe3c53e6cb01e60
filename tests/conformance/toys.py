"""A small correct game, and broken copies of it, one fault each.

The kit must pass the correct game and catch every broken one; each fault is a
mistake a real game could make.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

from plunder.engine import (
    Action,
    ActionSpace,
    Encoder,
    Frame,
    Game,
    IllegalAction,
    Manifest,
    Option,
    Result,
    State,
    Writer,
    action_type,
    record,
    registry,
)
from plunder.engine.encoding import seat_one_hot
from plunder.engine.game import notation_error


@action_type
class Coin(Action):
    side: str

    def spell(self) -> str:
        return self.side


HEADS, TAILS, REVEAL = Coin.of("heads"), Coin.of("tails"), Coin.of("reveal")
SIDES = (HEADS, TAILS, REVEAL)


class CoinsState(State):
    """Two players show a coin at once: a match scores for seat 0, a miss for seat 1.

    Each seat also holds a secret number (drawn by chance, seen only by its owner)
    that it may reveal instead of a coin once per game for a point.
    """

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.score = [0, 0]
        self.secret = [self.randrange(100), self.randrange(100)]
        self.revealed = [False, False]
        self.replace(Frame.of("show", (0, 1)))
        self._open_step()

    def _legal_actions(self, seat: int) -> list[Action]:
        actions: list[Action] = [HEADS, TAILS]
        if not self.revealed[seat]:
            actions.append(REVEAL)
        return actions

    def _resolve(self, commits: dict[int, Action]) -> None:
        a, b = commits[0], commits[1]
        self.emit({"type": "show", "sides": [str(a), str(b)]})
        for seat, action in ((0, a), (1, b)):
            if action == REVEAL:
                self.revealed[seat] = True
                self.score[seat] += 1
                self.emit({"type": "reveal", "seat": seat, "secret": self.secret[seat]})
        if REVEAL not in (a, b):
            self.score[0 if a == b else 1] += 1
        if self.randrange(10) == 0:  # a gust of wind: a chance point
            lucky = self.randrange(2)
            self.score[lucky] += 1
            self.emit({"type": "wind", "seat": lucky})
        self._check_end()

    def _check_end(self) -> None:
        target = self.game.options["target"]
        if max(self.score) >= target:
            winners = frozenset(s for s in (0, 1) if self.score[s] >= target)
            self.finish(Result(winners, tuple(self.score), "target reached"))

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


class CoinsEncoder(Encoder):
    def declare(self) -> None:
        self.field("viewer", 2, "one-hot: the seat observing")
        self.field("score", 2, "each seat's points (up to the target) / target")
        self.field("revealed", 2, "1 where the seat has revealed its secret")
        self.field("secret", 1, "the viewer's secret / 100")
        self.field("shown", 2, "each revealed secret / 100")
        self.field("pending", 2, "1 where the seat owes its coin")
        self.field("over", 1, "1 once the game is over")

    def fill(self, view: Mapping[str, Any], out: Writer) -> None:
        target = self.game.options["target"]
        out.put("viewer", seat_one_hot(view["viewer"], 2))
        out.put("score", [min(s, target) / target for s in view["score"]])
        out.put("revealed", [float(r) for r in view["revealed"]])
        out.put("secret", [view.get("secret", 0) / 100])
        out.put("shown", [(s or 0) / 100 for s in view["secrets_shown"]])
        out.put("pending", [float(s in view["pending"]) for s in (0, 1)])
        out.put("over", [float(view["over"])])


class CoinsGame(Game):
    name = "coins"
    title = "Coins"
    min_players = max_players = default_players = 2
    extra_options = (Option("target", 5, minimum=1, maximum=50),)
    state_class: type[CoinsState] = CoinsState

    def _new_state(self, seed: int) -> State:
        return self.state_class(self, seed)

    def _all_actions(self) -> Sequence[Action]:
        return SIDES

    def _max_decisions(self) -> int:
        # Every step scores at least a point, so after 2 * (target - 1) steps someone
        # has reached the target; two decisions a step.
        return 2 * (2 * self.options["target"] - 1)

    def parse(self, text: str, legal: Sequence[str] = ()) -> Action:
        if text in ("heads", "tails", "reveal"):
            return Coin.of(text)
        raise notation_error(str(text), "heads, tails or reveal", legal)


def register(monkeypatch: pytest.MonkeyPatch, game: type[Game], encoder: str) -> None:
    """Register ``game`` for one test: the kit replays and unpickles through the registry.

    ``encoder`` is the encoder's ``"module:Class"`` inside this test package.
    """
    manifest = Manifest(game, encoder=encoder)
    monkeypatch.setitem(registry._manifests, game.name, manifest)
    monkeypatch.setattr(game, "manifest", manifest, raising=False)


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
        if random.random() < 0.5:
            self.score[random.randrange(2)] += 1
        super()._resolve(commits)


class SharedClone(CoinsState):
    """A clone shares its score list with the original."""

    def _clone_into(self, new: State) -> None:
        new.score = self.score  # type: ignore[attr-defined]


class NeverEnds(CoinsState):
    """Nobody ever wins."""

    def _check_end(self) -> None:
        pass


class MutatesOnReject(CoinsState):
    """Counts a rejected action as a point before refusing it."""

    def _explain(self, seat: int, action: Action) -> str:
        self.score[seat] += 1
        return super()._explain(seat, action)


class RefusesLegal(CoinsState):
    """Offers 'reveal' but refuses it once the score is tied above zero."""

    def act(self, seat: int, action: Action | str) -> None:
        if str(action) == "reveal" and self.score[0] == self.score[1] > 0:
            raise IllegalAction("not now")
        super().act(seat, action)


class StuckWithoutDecision(CoinsState):
    """After two steps no seat owes a decision, yet the game is not over."""

    def _deciders(self) -> frozenset[int]:
        return frozenset() if sum(self.score) >= 2 else frozenset((0, 1))


class BadNotation(CoinsState):
    """Its actions' notation is not what the game parses."""

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Coin.of("Heads"), Coin.of("Tails")]


class NotJson(CoinsState):
    """Puts a set in the view."""

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = super()._view(seat)
        view["seats"] = {0, 1}
        return view


class MaskDisagrees(CoinsState):
    """Builds its own mask and forgets 'reveal'."""

    def legal_mask(self, seat: int) -> np.ndarray:
        mask = super().legal_mask(seat)
        mask[self.game.action_space().index(REVEAL)] = False
        return mask


class ObservationGrows(CoinsState):
    """Encodes its observation itself, one value per step so far."""

    def observation(self, seat: int | None) -> np.ndarray:
        return np.zeros(1 + self.step, dtype=np.float32)


class ObservationLeaks(CoinsState):
    """Writes the other seat's secret where the viewer's own belongs."""

    def observation(self, seat: int | None) -> np.ndarray:
        vector = super().observation(seat)
        if seat is not None:
            vector[6] = self.secret[1 - seat] / 100
        return vector


class KeyMergesViews(CoinsState):
    """An info key that forgets the score."""

    def _info_key(self, seat: int | None) -> Any:
        return (tuple(self.revealed), None if seat is None else self.secret[seat])


class KeySplitsViews(CoinsState):
    """An info key that holds both secrets, the other's included."""

    def _info_key(self, seat: int | None) -> Any:
        return (tuple(self.score), tuple(self.revealed), tuple(self.secret))


class EventsIgnoreSince(CoinsState):
    """Hands out every event whatever ``since`` asks for."""

    def events(self, seat: int | None = None, since: int = 0) -> list[dict[str, Any]]:
        return super().events(seat, 0)


class HoldsCallback(CoinsState):
    """Keeps a callback in its state, which cannot be pickled."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.on_point = lambda seat: seat


class FrameLeftAtEnd(CoinsState):
    """Opens one more showing after the game has ended."""

    def _open_step(self) -> None:
        super()._open_step()
        if self.is_over:
            self.frames.append(Frame.of("show", (0, 1)))


class FrameAsksOneSeat(CoinsState):
    """Both seats decide, but the frame says only seat 0 does."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.replace(Frame.of("show", (0,)))

    def _deciders(self) -> frozenset[int]:
        return frozenset((0, 1))


class StatusLies(CoinsState):
    """Says every seat is waiting."""

    def status(self, seat: int) -> str:
        return "waiting"


class SharesHistory(CoinsState):
    """Keeps a history its views never show, and shares it with its clones."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.history: dict[str, list[list[str]]] = {"shown": []}

    def _resolve(self, commits: dict[int, Action]) -> None:
        self.history["shown"].append([str(a) for a in commits.values()])
        super()._resolve(commits)

    def _clone_into(self, new: State) -> None:
        new.history = self.history  # type: ignore[attr-defined]


@record
class Tally:
    """What the coins have shown so far: a record of the state's."""

    shown: list[str]


class SharesInsideRecord(CoinsState):
    """Keeps a record its views never show, and shares the list inside it with its clones."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.tally = Tally([])

    def _resolve(self, commits: dict[int, Action]) -> None:
        self.tally.shown.extend(str(a) for a in commits.values())
        super()._resolve(commits)

    def _clone_into(self, new: State) -> None:
        new.tally.shown = self.tally.shown  # type: ignore[attr-defined]


class SharesRecord(SharesInsideRecord):
    """Shares the whole record with its clones."""

    def _clone_into(self, new: State) -> None:
        new.tally = self.tally  # type: ignore[attr-defined]


class ShiftedSpace(ActionSpace):
    """An action space whose ``action(i)`` is off by one."""

    def action(self, index: int) -> Action:
        return super().action((index + 1) % len(self))


class SpaceWithoutReveal(CoinsGame):
    """Its action space forgets 'reveal', which is legal."""

    def _all_actions(self) -> Sequence[Action]:
        return (HEADS, TAILS)


class SpaceListsTwice(CoinsGame):
    """Its action space lists 'heads' twice."""

    def _all_actions(self) -> Sequence[Action]:
        return (HEADS, TAILS, REVEAL, HEADS)


class SpaceOffByOne(CoinsGame):
    """``space.action(space.index(a))`` is not ``a``."""

    def action_space(self) -> ActionSpace:
        return ShiftedSpace(SIDES)


class TooShortBound(CoinsGame):
    """Declares a bound on its length that plays exceed."""

    def _max_decisions(self) -> int:
        return 4


class NarrowUtility(CoinsGame):
    """Says no seat gets more than half, yet a winner takes the whole."""

    def utility_range(self) -> tuple[float, float]:
        return (0.0, 0.5)


class LeadsNobody(CoinsState):
    """Says that no seat moved first."""

    def first_movers(self) -> tuple[frozenset[int], ...]:
        return (frozenset(),)


class SidesOneSeatShort(CoinsState):
    """Names the side of one seat of two."""

    def seat_sides(self) -> tuple[str, ...]:
        return ("heads",)


class RotatesToNothing(CoinsGame):
    """Rotates its sides by a setting its options refuse."""

    def side_rotation(self) -> tuple[dict[str, Any], ...]:
        return ({"target": 0},)


def game_with(state_class: type[CoinsState], base: type[CoinsGame] = CoinsGame) -> type[CoinsGame]:
    """A Coins game class (derived from ``base``) whose states are of ``state_class``."""
    return type(f"{base.__name__}With{state_class.__name__}", (base,), {"state_class": state_class})


# Each fault: the game class, and the checks that may report it first.
FAULTS: dict[str, tuple[type[CoinsGame], tuple[str, ...]]] = {
    "leaks a committed choice": (game_with(LeaksCommit), ("views",)),
    "leaks a secret card": (game_with(LeaksSecret), ("views",)),
    "leaks the chance generator": (game_with(LeaksChance), ("views",)),
    # Drawing from the global generator, a state diverges from its own clone as well
    # as from a replay: which check sees it first depends on that generator's draws.
    "nondeterministic": (
        game_with(Nondeterministic), ("determinism", "clone", "rejection", "pickle")
    ),
    "clone shares state": (game_with(SharedClone), ("clone", "sharing")),
    "clone shares a list inside a record": (game_with(SharesInsideRecord), ("sharing",)),
    "clone shares a record": (game_with(SharesRecord), ("sharing",)),
    "never ends": (game_with(NeverEnds), ("termination", "max_decisions")),
    "mutates on a rejected action": (game_with(MutatesOnReject), ("rejection",)),
    "refuses a legal action": (game_with(RefusesLegal), ("decisions",)),
    "stuck with no decision": (game_with(StuckWithoutDecision), ("decisions",)),
    "notation does not parse back": (game_with(BadNotation), ("decisions",)),
    "view is not JSON": (game_with(NotJson), ("views",)),
    # The promises of Engine 2.
    "legal action outside the action space": (SpaceWithoutReveal, ("action_space",)),
    "action space lists an action twice": (SpaceListsTwice, ("action_space",)),
    "action space index does not round-trip": (SpaceOffByOne, ("action_space",)),
    "mask disagrees with legal": (game_with(MaskDisagrees), ("mask",)),
    "observation changes shape": (game_with(ObservationGrows), ("observation",)),
    "observation leaks": (game_with(ObservationLeaks), ("observation",)),
    "info key merges different views": (game_with(KeyMergesViews), ("info_key",)),
    "info key splits equal views": (game_with(KeySplitsViews), ("info_key",)),
    "events since is not the tail": (game_with(EventsIgnoreSince), ("events",)),
    "state does not pickle": (game_with(HoldsCallback), ("pickle",)),
    "frame left at the end": (game_with(FrameLeftAtEnd), ("frames",)),
    "frame names other seats": (game_with(FrameAsksOneSeat), ("frames",)),
    "status says waiting to a deciding seat": (game_with(StatusLies), ("status",)),
    "clone shares a hidden mutable attribute": (game_with(SharesHistory), ("sharing",)),
    "longer than max_decisions": (TooShortBound, ("max_decisions",)),
    "returns outside the utility range": (NarrowUtility, ("returns",)),
    # What the balance lab reads.
    "no seat moved first": (game_with(LeadsNobody), ("sides",)),
    "a side for one seat of two": (game_with(SidesOneSeatShort), ("sides",)),
    "a side setting that does not load": (RotatesToNothing, ("sides",)),
}
