"""The two-player game stays as it was: records of two-player games, made before
teams and the alternate modes were added, replay to the very same states.

Each fixture in ``records/`` holds a record and, for every step of its game, a
digest of what the table and every seat saw then: the pending seats, the open
decision, each pending seat's legal actions and their places in the action
space, the spectator's and each seat's view (without the options, which gain
new entries with their defaults) and each seat's observation; and a digest of
the whole event log each seat saw at the end. The fixtures were written by
``python -m tests.rumbones.test_two_player_records`` from the two-player game
as it stood before (one game a fixture: random play, the greedy bot, several
options): a change to what a two-player game shows fails here. They are written
again only for a change made on purpose: the four games on the box board were
when its deck guns and the Marea's Helm moved, and the games that fire a
gunner's shot (all but the first) when the gunners' reach was shortened
(docs/rules/rumbones.md, "Balance"), the broadside game when crew that began
next to an enemy kept their hold after the deck gun KO'd it (R32), and all five
when three options joined the record: the three games that summon a sea monster
changed as it came to act from its summoning on (R55), and two of them as it
stopped taking gangplanks its own side stands on (R58); each replayed the same
with the former readings chosen as options. Their digests (not their records)
were written again when an activation's and an attack's values came to live and
end with them: between activations a view had shown the last one's actions left,
and now shows none (R10; only ``actions_left``, and the observation's entry read
from it, differed).
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import plunder
from plunder.engine.state import State

HERE = Path(__file__).with_name("records")
FIXTURES = sorted(HERE.glob("*.json"))


def _hash(data: Any) -> str:
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# What was added after the fixtures were recorded, each checked by its own tests: a
# result's breakdown (tests/engine/test_breakdown.py), the source of a VP gain
# (``why``), why each die hit or missed and the hits lost for want of a target
# (tests/rumbones/test_shot_reasons.py). The digests leave them out, so the games are
# held to what they were.
_MISSED_WORDS = re.compile(r", missed: [^(]*?(?= \(|\.$)")
_REROLLED_WORDS = re.compile(r", a (hit|miss)(?= \(|\.$)")
def _as_recorded(result: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if result is None else {k: v for k, v in result.items() if k != "breakdown"}


def _event_as_recorded(event: dict[str, Any]) -> dict[str, Any]:
    kind = event.get("type")
    if kind not in ("vp", "roll", "reroll"):
        return event
    out = {key: value for key, value in event.items() if key != "why"}
    if kind == "roll":
        out["text"] = _MISSED_WORDS.sub("", out["text"])
    elif kind == "reroll":
        out["text"] = _REROLLED_WORDS.sub("", out["text"])
    return out


def _seen(view: dict[str, Any]) -> dict[str, Any]:
    seen = {key: value for key, value in view.items() if key != "options"}
    if "result" in seen:
        seen["result"] = _as_recorded(seen["result"])
    return seen


def step_digest(state: State) -> str:
    """What the table and every seat see at this step, as one short digest."""
    space = state.game.action_space()
    seats = range(state.players)
    legal = {seat: [str(a) for a in state.legal(seat)] for seat in sorted(state.pending)}
    return _hash({
        "pending": sorted(state.pending),
        "legal": legal,
        "indices": {seat: [space.index(a) for a in state.legal(seat)] for seat in legal},
        "views": [_seen(state.view(seat, log=False)) for seat in (None, *seats)],
        "observations": [state.observation(seat).tolist() for seat in (None, *seats)],
    })


def end_digest(state: State) -> str:
    """Every seat's (and the spectator's) whole event log, and the result."""
    return _hash({
        "logs": [[_event_as_recorded(e) for e in state.events(seat) if e["type"] != "miss"]
                 for seat in (None, *range(state.players))],
        "result": _as_recorded(None if state.result is None else state.result.to_json()),
    })


def replay_digests(record: dict[str, Any]) -> tuple[list[str], str]:
    game = plunder.load(record["game"], **record["options"])
    state = game.new(seed=record["seed"])
    steps = [step_digest(state)]
    for index, (seat, notation) in enumerate(record["moves"]):
        state.act(seat, notation)
        if state.step != len(steps):  # a step opened (several seats may answer one)
            steps.append(step_digest(state))
        assert index < len(record["moves"])
    return steps, end_digest(state)


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_a_two_player_record_replays_to_the_same_states(path: Path) -> None:
    fixture = json.loads(path.read_text())
    steps, end = replay_digests(fixture["record"])
    assert len(steps) == len(fixture["steps"]), "the game took a different number of steps"
    for index, (now, then) in enumerate(zip(steps, fixture["steps"], strict=True)):
        assert now == then, f"step {index} differs from the two-player game as it was"
    assert end == fixture["end"]


def test_there_are_fixtures_of_several_options() -> None:
    assert len(FIXTURES) >= 5
    options = [json.loads(p.read_text())["record"]["options"] for p in FIXTURES]
    assert {o["board"] for o in options} == {"box", "broadside"}
    assert {o["heroes"] for o in options} >= {"draft", "random"}


# ------------------------------------------------------------------ writing them
GAMES = [
    ("draft-random-play", {}, 11, "random"),
    ("broadside-random-heroes", {"board": "broadside", "heroes": "random"}, 12, "random"),
    ("marea-listed-heroes", {"factions": "marea", "heroes": "hueso,calavera,pete;"
                             "carcharius,ishmael,molly", "round_limit": 6}, 13, "random"),
    ("random-factions-greedy", {"factions": "random", "round_limit": 4}, 14, "greedy"),
    ("short-target-greedy", {"target": 3, "heroes": "random"}, 15, "greedy"),
]


def _play(options: dict[str, Any], seed: int, how: str) -> dict[str, Any]:
    from plunder import bots

    game = plunder.load("rumbones", **options)
    state = game.new(seed=seed)
    rng = random.Random(seed)
    bot = bots.from_spec("greedy:easy", "rumbones") if how == "greedy" else None
    while not state.is_over:
        seat = min(state.pending)
        action = bot.choose(state, seat, rng) if bot else rng.choice(state.legal(seat))
        state.act(seat, action)
    return state.record


def write_fixtures() -> None:  # pragma: no cover - run once, by hand
    HERE.mkdir(exist_ok=True)
    for name, options, seed, how in GAMES:
        record = _play(options, seed, how)
        steps, end = replay_digests(record)
        path = HERE / f"{name}.json"
        path.write_text(json.dumps({"record": record, "steps": steps, "end": end}) + "\n")
        print(path, len(record["moves"]), "moves", len(steps), "steps")


if __name__ == "__main__":  # pragma: no cover
    write_fixtures()
