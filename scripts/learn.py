"""Train a learner on the batch engine and report its win share as it trains.

sb3-contrib's MaskablePPO (Stable-Baselines3's PPO with action masks) learns one
seat of a game with a batch engine (``plunder.rl.vector_env``: thousands of plays
stepped at once), the other seats played by a batched bot (``--opponents``:
``greedy`` in Duel, ``random`` anywhere). Every ``--eval-every`` seconds of
training, and at the end, the policy plays whole games on the scalar engine
against plunder's own bots (``--eval`` specs: ``random`` and ``greedy`` by
default; seats alternate; a draw counts a share, as ``result.returns()`` gives
it), and its win share against each is printed, written to ``curve.csv`` and
drawn in ``curve.png`` in ``--out``.

The learning libraries are an optional extra, kept out of the project's lock
(PyTorch's wheels on PyPI pull in CUDA): install them with their own lock, which
pins PyTorch's CPU build::

    pip install -r requirements-learn.lock --extra-index-url https://download.pytorch.org/whl/cpu

(or ``pip install -e '.[rl,learn]'``), then, from the project root::

    python scripts/learn.py --game duel --players 2 --minutes 30 --out runs/duel
    python scripts/learn.py --game rumble --players 4 --opponents random --minutes 30 \\
        --eval greedy --eval-games 200 --final-games 400 --out runs/rumble
    python scripts/learn.py --minutes 1 --eval-games 40 --final-games 100 --out /tmp/try
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

import plunder
from plunder import rl
from plunder.bots import check_game, from_spec
from plunder.engine.options import read_options
from plunder.engine.registry import game_class
from plunder.match import wilson_interval
from plunder.rl.batched import rules_for


def need_learning_libraries() -> tuple[Any, Any, Any]:
    try:
        import torch
        from sb3_contrib import MaskablePPO
        from stable_baselines3.common.vec_env import VecEnv
    except ImportError as exc:  # pragma: no cover - depends on the installation
        raise SystemExit(
            f"scripts/learn.py needs the learning libraries ({exc.name} is missing): "
            "pip install -r requirements-learn.lock "
            "--extra-index-url https://download.pytorch.org/whl/cpu"
        ) from exc
    return torch, MaskablePPO, VecEnv


def vec_env_class(VecEnv: Any) -> Any:  # the library's class, passed in
    class BatchVecEnv(VecEnv):
        """A batched ``VectorEnv`` (``plunder.rl.vector_env``) as Stable-Baselines3's
        ``VecEnv``: the observation vector as the observation, the masks through
        ``env_method("action_masks")`` (what MaskablePPO asks), and an ended play's
        last observation in its info (``terminal_observation``)."""

        def __init__(self, env: Any) -> None:
            self.env = env
            self._seed: int | None = None
            super().__init__(env.num_envs, env.single_observation_space["observation"],
                             env.single_action_space)

        def reset(self) -> np.ndarray:
            observations, _ = self.env.reset(seed=self._seed)
            self._seed = None
            return observations["observation"]

        def seed(self, seed: int | None = None) -> list[int | None]:
            self._seed = seed
            return [seed] * self.num_envs

        def step_async(self, actions: np.ndarray) -> None:
            self._actions = actions

        def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict]]:
            observations, rewards, terminated, truncated, infos = self.env.step(self._actions)
            dones = terminated | truncated
            out: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
            for row in np.flatnonzero(dones):
                out[row]["terminal_observation"] = infos["final_obs"][row]["observation"]
                out[row]["TimeLimit.truncated"] = bool(truncated[row] and not terminated[row])
            return observations["observation"], rewards, dones, out

        def close(self) -> None:
            self.env.close()

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            return [getattr(self.env, attr_name)] * self._count(indices)

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            setattr(self.env, attr_name, value)

        def env_method(self, method_name: str, *args: Any, indices: Any = None,
                       **kwargs: Any) -> list[Any]:
            if method_name != "action_masks":
                raise AttributeError(f"the batch environment has no method {method_name!r}")
            masks = self.env.action_masks()
            rows = range(self.num_envs) if indices is None else self._indices(indices)
            return [masks[row] for row in rows]

        def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
            return [False] * self._count(indices)

        def _count(self, indices: Any) -> int:
            return self.num_envs if indices is None else len(self._indices(indices))

        @staticmethod
        def _indices(indices: Any) -> list[int]:
            return [indices] if isinstance(indices, int) else list(indices)

    return BatchVecEnv


class PolicyBot:
    """The learned policy as a plunder bot: it reads the seat's observation and mask."""

    name = "learner"

    def __init__(self, model: Any, game: plunder.Game) -> None:
        self.model = model
        self.space = game.action_space()

    def choose(self, state: plunder.State, seat: int, rng: random.Random) -> Any:
        legal = state.legal(seat)
        if len(legal) == 1:
            return legal[0]
        mask = state.legal_mask(seat)
        action, _ = self.model.predict(state.observation(seat), action_masks=mask,
                                       deterministic=True)
        return self.space.action(int(action))


def returns(model: Any, game: plunder.Game, spec: str, games: int, seed: int) -> list[float]:
    """The learner's return in each of ``games`` scalar plays against ``spec`` bots at
    every other seat (1 a win, a share of a draw), its seat going round the table."""
    learner = PolicyBot(model, game)
    found: list[float] = []
    rng = random.Random(seed)
    others = {}
    for seat in range(game.players):
        bot = from_spec(spec, game.name)
        check_game(bot, game)
        others[seat] = bot
    for index in range(games):
        mine = index % game.players
        state = game.new(seed=seed + index)
        while not state.is_over:
            for seat in state.seats_to_act():
                bot = learner if seat == mine else others[seat]
                state.act(seat, bot.choose(state, seat, rng))
        found.append(state.result.returns()[mine])
    return found


def draw_curve(rows: list[dict[str, Any]], specs: list[str], path: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4))
    minutes = [row["minutes"] for row in rows]
    for spec in specs:
        axes.plot(minutes, [row[f"vs {spec}"] for row in rows], marker="o", label=f"vs {spec}")
    axes.axhline(0.55, color="grey", linestyle=":", label="55%")
    save_figure(figure, axes, path, xlabel="minutes of training", title=title)


def save_figure(figure: Any, axes: Any, path: Path, *, xlabel: str, title: str) -> None:
    """A win-share figure's axes, legend and grid, written to ``path`` and closed."""
    import matplotlib.pyplot as plt

    axes.set_xlabel(xlabel)
    axes.set_ylabel("win share")
    axes.set_ylim(0, 1)
    axes.set_title(title)
    axes.legend(loc="lower right")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, dpi=120)
    plt.close(figure)


def table_arguments(parser: argparse.ArgumentParser, opponents: str) -> None:
    """The table a learner trains at: the game, its players and options, and the
    batched bot at the other seats (``opponents`` by default)."""
    parser.add_argument("--game", default="duel")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--option", action="append", default=[],
                        help="a game option, NAME=VALUE (repeatable)")
    parser.add_argument("--opponents", default=opponents,
                        help="the batched bot at the other seats while training")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    table_arguments(parser, opponents="greedy")
    parser.add_argument("--unshaped", action="store_true",
                        help="pay only the return at the end (by default the shaped reward, "
                             "where the batch engine evaluates: docs/rl.md)")
    parser.add_argument("--seat", default="each",
                        help="the learner's seat while training: a number, or 'each' (every "
                             "seat in turn across the plays, as the evaluation seats it)")
    parser.add_argument("--eval", default="random,greedy", help="the bots evaluated against")
    parser.add_argument("--minutes", type=float, default=30.0, help="training time (wall clock)")
    parser.add_argument("--timesteps", type=int, default=0,
                        help="training budget in steps instead of minutes (the same on any "
                             "machine); 0: --minutes")
    parser.add_argument("--envs", type=int, default=256, help="plays stepped at once")
    parser.add_argument("--steps", type=int, default=32, help="steps per play per update")
    parser.add_argument("--eval-every", type=float, default=120.0,
                        help="seconds of training between evaluations")
    parser.add_argument("--eval-every-steps", type=int, default=0,
                        help="steps of training between evaluations instead of seconds")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--final-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    parser.add_argument("--out", default="runs/learn", help="where the curve and model go")
    args = parser.parse_args(argv)
    torch, MaskablePPO, VecEnv = need_learning_libraries()
    torch.set_num_threads(args.threads)
    texts = dict(item.partition("=")[::2] for item in args.option)
    # Read as plunder -o reads them.
    options: dict[str, Any] = {"players": args.players,
                               **read_options(game_class(args.game).option_specs(), texts)}
    game = plunder.load(args.game, **options)
    specs = [spec for spec in args.eval.split(",") if spec]
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    seat: int | str = int(args.seat) if args.seat.isdigit() else args.seat
    shaped = not args.unshaped and rules_for(game).evaluates
    env = vec_env_class(VecEnv)(rl.vector_env(args.game, args.envs, opponents=args.opponents,
                                                seat=seat, seed=args.seed, shaped=shaped,
                                                **options))
    env.seed(args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=args.steps, batch_size=min(4096, args.envs * args.steps),
        n_epochs=4, learning_rate=3e-4, gamma=0.995, ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]}, seed=args.seed, verbose=0, device="cpu",
    )
    rows: list[dict[str, Any]] = []

    def evaluate(minutes: float, games: int) -> dict[str, Any]:
        row: dict[str, Any] = {"minutes": round(minutes, 2), "timesteps": model.num_timesteps,
                               "games": games}
        for spec in specs:
            found = returns(model, game, spec, games, seed=10_000 + len(rows))
            row[f"vs {spec}"] = sum(found) / games
            low, high = wilson_interval(sum(found), games)
            row[f"vs {spec} low"], row[f"vs {spec} high"] = round(low, 4), round(high, 4)
        rows.append(row)
        shown = ", ".join(f"vs {spec} {row[f'vs {spec}']:.3f}" for spec in specs)
        print(f"{minutes:6.1f} min, {model.num_timesteps:>10,} steps: {shown} ({games} games)",
              flush=True)
        return row

    # The budget and the evaluations go by the clock, or by steps (--timesteps,
    # --eval-every-steps), which give the same curve on any machine.
    budget = 60.0 * args.minutes
    trained = 0.0
    evaluate(0.0, args.eval_games)
    chunk = args.envs * args.steps
    next_eval = args.eval_every_steps or args.eval_every

    def progress() -> float:
        return float(model.num_timesteps) if args.eval_every_steps else trained

    def left() -> bool:
        return model.num_timesteps < args.timesteps if args.timesteps else trained < budget

    while left():
        start = time.monotonic()
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        trained += time.monotonic() - start
        if progress() >= next_eval and left():
            evaluate(trained / 60.0, args.eval_games)
            next_eval += args.eval_every_steps or args.eval_every
    final = evaluate(trained / 60.0, args.final_games)
    model.save(out / "model")
    with open(out / "curve.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    title = f"MaskablePPO, {args.game} ({args.players} players) against {args.opponents}"
    draw_curve(rows, specs, out / "curve.png", title)
    summary = {"settings": vars(args), "options": options, "final": final,
               "training_minutes": trained / 60.0, "timesteps": model.num_timesteps}
    (out / "summary.json").write_text(json.dumps(summary, indent=2), encoding="utf-8")
    print(f"trained {trained / 60.0:.1f} min ({model.num_timesteps:,} steps); curve in "
          f"{out / 'curve.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
