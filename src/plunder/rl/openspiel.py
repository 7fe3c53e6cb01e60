"""Every registered game as an OpenSpiel Python game: ``python_plunder_<game>``.

``register()`` registers each game with ``pyspiel.register_game``; then
``pyspiel.load_game("python_plunder_<game>", {"players": 3})`` loads it. The
game is simultaneous-move, imperfect-information and constant-sum (the returns
add up to 1), with terminal rewards.

Chance. The engine exposes no chance outcomes: everything random in a play
follows from the seed it was dealt with. A sampled-stochastic OpenSpiel game
keeps that generator in the game object, and OpenSpiel can serialize such a
game only through ``GetRNGState``/``SetRNGState``, which its Python games cannot
provide; ``random_sim_test(serialize=True)`` would stop there. So the one draw
the engine depends on is made an explicit chance node at the root instead: the
play's seed, uniform over ``0 .. seeds-1`` (parameter ``seeds``, 1024 by
default). Past that node the play is deterministic given the actions, and the
game object holds no state.

Parameters: the game's options (``players`` and the rest, with the game's
defaults), ``seeds`` and ``info_state``:

* ``info_state="recall"`` (the default): a seat's information-state string is
  perfect recall: everything the seat has seen (its event log), its own moves
  and its current view;
* ``info_state="view"``: the information-state string is the seat's current view
  alone (its observation string), a smaller, Markov abstraction that suits
  tabular learners on games whose views carry the public history that matters;
* ``info_state="vector"``: the seat's observation vector as text, coarser still:
  views the game's encoder does not tell apart (the order cards were played in,
  say) share an information state.

Tensors are the observation vector (``state.observation(seat)``) in both cases:
the information-state tensor adds no history. A seat that owes nothing at a
step has no legal actions (OpenSpiel's convention for simultaneous nodes), and
the deciding seats' actions are committed in an order drawn from a generator
seeded by the play's seed, never in seat order.
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

import numpy as np

from plunder.engine.errors import OptionError
from plunder.engine.game import Game
from plunder.engine.registry import game_class, load, names
from plunder.engine.state import State
from plunder.rl.deps import need
from plunder.rl.play import Play

pyspiel = need("pyspiel")
# The base classes, typed Any: pyspiel is imported by name at run time.
PyspielGame: Any = pyspiel.Game
PyspielState: Any = pyspiel.State

PREFIX = "python_plunder_"
# Parameters of every game besides its own options.
EXTRA = {"seeds": 1024, "info_state": "recall"}
INFO_STATES = ("recall", "view", "vector")
# Parameter values OpenSpiel can hold.
PARAMETER_TYPES = (bool, int, float, str)

# Mixed into the play's seed to seed the generator that orders each step's commits.
ORDER_SALT = 0x5EA7

_registered: dict[str, str] = {}


def short_name(game: str) -> str:
    """OpenSpiel's name of a plunder game: ``python_plunder_<game>``."""
    return PREFIX + game


def parameter_specification(game: str) -> dict[str, Any]:
    """The game's options with their defaults (those OpenSpiel can hold), then ``EXTRA``."""
    spec = {
        option.name: option.default
        for option in game_class(game).option_specs()
        if type(option.default) in PARAMETER_TYPES
    }
    return {**spec, **EXTRA}


def game_type(game: str) -> Any:
    cls = game_class(game)
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"plunder {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility(game),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
    )


def _utility(game: str) -> Any:
    """Constant-sum when the game is at every player count (its teams all of one
    size there: every seat alone, say), else general-sum (teams of different sizes)."""
    cls = game_class(game)
    kinds = set()
    for players in range(cls.min_players, cls.max_players + 1):
        try:
            kinds.add(cls(players=players).utility())
        except OptionError:
            continue
    if kinds == {"constant-sum"}:
        return pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


def register() -> list[str]:
    """Register every registered plunder game with OpenSpiel (once); return their short names."""
    for name in names():
        if name in _registered:
            continue
        spiel_name = short_name(name)
        if spiel_name not in pyspiel.registered_names():
            pyspiel.register_game(game_type(name), _game_class(name))
        _registered[name] = spiel_name
    return sorted(_registered.values())


def _game_class(name: str) -> type[SpielGame]:
    """The class OpenSpiel calls with a game's parameters.

    A class rather than a closure: OpenSpiel's registry keeps its creators until
    the process ends, after Python has shut down, and a class (unlike a function)
    is never freed by that last release, which would need the interpreter.
    """
    return type(f"SpielGame_{name}", (SpielGame,), {"game_name": name})


def load_game(game: str, **parameters: Any) -> Any:
    """``pyspiel.load_game`` of a plunder game after ``register()``."""
    register()
    return pyspiel.load_game(short_name(game), parameters)


def _utility_sum(game: Game) -> float | None:
    """What every play's returns add up to, when that is fixed: only where the game's
    type (the same at every player count) says it is constant-sum."""
    if game.utility() != "constant-sum" or _utility(game.name) != (
        pyspiel.GameType.Utility.CONSTANT_SUM
    ):
        return None
    return float(len(game.teams()[0]))


class SpielGame(PyspielGame):
    """The OpenSpiel game of one plunder game under fixed options.

    ``register()`` makes a subclass per plunder game, naming it in ``game_name``.
    """

    game_name: str

    def __init__(self, params: dict[str, Any]) -> None:
        name = self.game_name
        params = dict(params)
        self.seeds = int(params.pop("seeds", EXTRA["seeds"]))
        if self.seeds < 1:
            raise ValueError(f"seeds is {self.seeds}: it takes a whole number from 1")
        self.info_state = str(params.pop("info_state", "recall"))
        if self.info_state not in INFO_STATES:
            raise ValueError(f"info_state {self.info_state!r}: it takes one of {INFO_STATES}")
        self.plunder: Game = load(name, **params)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.plunder.action_space()),
            max_chance_outcomes=self.seeds,
            num_players=self.plunder.players,
            min_utility=float(self.plunder.utility_range()[0]),
            max_utility=float(self.plunder.utility_range()[1]),
            # Every seat's return is its team's share; the shares add up to 1.
            utility_sum=_utility_sum(self.plunder),
            max_game_length=self.plunder.max_decisions(),
        )
        super().__init__(
            game_type(name), info, {**params, "seeds": self.seeds, "info_state": self.info_state}
        )

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
        return SpielObserver(self, iig_obs_type, params)


class SpielState(PyspielState):
    """One play, as OpenSpiel sees it: the deal (a chance node), then a simultaneous
    node per step of the game."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._game = game.plunder
        self._seeds = game.seeds
        self._play: Play | None = None
        # Whether the play is over, kept at each commit: OpenSpiel asks for the current
        # player and the end several times a node.
        self._over = False
        # Each seat's events so far, encoded once (count, text): the log only grows.
        self._recall: dict[int | None, tuple[int, str]] = {}

    @property
    def play(self) -> Play:
        if self._play is None:
            raise pyspiel.SpielError("the play is not dealt yet: apply a chance outcome (its seed)")
        return self._play

    @property
    def dealt(self) -> bool:
        """Whether the deal (the root's chance node) has been played."""
        return self._play is not None

    @property
    def table(self) -> State:
        """The plunder state (the real one: never show it to a seat)."""
        return self.play.state

    def current_player(self) -> int:
        if self._over:
            return pyspiel.PlayerId.TERMINAL
        if self._play is None:
            return pyspiel.PlayerId.CHANCE
        return pyspiel.PlayerId.SIMULTANEOUS

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return deals(self._seeds)

    def recall_string(self, seat: int | None) -> str:
        """Everything the seat has seen and done: its events, its own moves and its view."""
        table = self.table
        count, text = self._recall.get(seat, (0, ""))
        new = table.events(seat, since=count)
        if new:
            text += "".join(_compact(event) + "\n" for event in new)
            count += len(new)
            self._recall[seat] = (count, text)
        own = " ".join(notation for who, notation in table.moves if who == seat)
        return f"{text}moves: {own}\nview: {view_string(table, seat)}"

    def _legal_actions(self, player: int) -> list[int]:
        # The play's own sorted list: OpenSpiel copies it into a vector of its own.
        return self.play.sorted_indices(player)

    def _apply_actions(self, actions: list[int]) -> None:
        play = self.play
        play.commit(dict(enumerate(actions)), strict=True)
        self._over = play.over

    def _apply_action(self, action: int) -> None:
        if self._play is not None:
            raise pyspiel.SpielError("past the deal every node is simultaneous: use apply_actions")
        seed = int(action)
        # The commit order's generator, apart from the game's own chance.
        self._play = Play(self._game, seed, random.Random(seed ^ ORDER_SALT))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._game.action_space().action(action).notation

    def is_terminal(self) -> bool:
        return self._over

    def returns(self) -> list[float]:
        if self._play is None:
            return [0.0] * self._game.players
        return list(self._play.returns())

    def __str__(self) -> str:
        if self._play is None:
            return "not dealt"
        # The seed and the moves in the order they were committed determine the state.
        state = self._play.state
        return f"seed {state.seed}: " + " ".join(f"{s}:{n}" for s, n in state.moves)


class SpielObserver:
    """Observation and information-state tensors and strings (OpenSpiel's PyObserver)."""

    def __init__(self, game: SpielGame, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        private = (
            pyspiel.PrivateInfoType.SINGLE_PLAYER
            if iig_obs_type is None
            else iig_obs_type.private_info
        )
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no observer of a plunder game sees every seat's private information")
        # Without private information a seat sees what a spectator sees.
        self.spectator = private == pyspiel.PrivateInfoType.NONE
        # The information-state observer (perfect recall asked for) follows ``info_state``;
        # any other observer gives the observation string, the current view.
        wanted = iig_obs_type is not None and iig_obs_type.perfect_recall
        self.kind = game.info_state if wanted else "view"
        self.tensor = np.zeros(game.plunder.observation_shape(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        if not state.dealt:
            self.tensor.fill(0.0)  # nothing dealt, nothing to see
            return
        self.tensor[:] = state.table.observation(None if self.spectator else player)

    def string_from(self, state: SpielState, player: int) -> str:
        if not state.dealt:
            return ""
        seat = None if self.spectator else player
        if self.kind == "recall":
            return state.recall_string(seat)
        if self.kind == "vector":
            return vector_string(state.table, seat)
        return view_string(state.table, seat)


def _compact(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def view_string(state: State, seat: int | None) -> str:
    """The seat's current view (no log) as compact JSON: its observation string."""
    return _compact(state.view(seat, log=False))


def vector_string(state: State, seat: int | None) -> str:
    """The seat's observation vector as text: views that encode alike share it."""
    return " ".join(f"{value:g}" for value in state.observation(seat).tolist())


@functools.cache
def deals(seeds: int) -> list[tuple[int, float]]:
    """The root's chance outcomes: every seed from 0 to ``seeds - 1``, equally likely."""
    chance = 1.0 / seeds
    return [(seed, chance) for seed in range(seeds)]


__all__ = [
    "EXTRA",
    "PREFIX",
    "SpielGame",
    "SpielObserver",
    "SpielState",
    "deals",
    "load_game",
    "register",
    "short_name",
    "vector_string",
    "view_string",
]
