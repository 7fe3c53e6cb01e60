"""`plunder match --record FILE`: a long match kept game by game, and carried on where it
stopped with the same report as a match played in one go."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import plunder
from plunder.engine.registry import manifest
from plunder.match import GameOutcome
from plunder.match_record import (
    code_files,
    fingerprint,
    match_header,
    not_played,
    outcome_line,
    read_match_record,
)

BOTS = ["random", "random"]


def _match(plunder_cli, path: Path, games: int, *extra: str):
    return plunder_cli(["match", "duel", "--bots", ",".join(BOTS), "--games", str(games),
                        "--record", str(path), "--json", *extra])


def _without_timings(report: dict) -> dict:
    return {**report, "bots": [{k: v for k, v in bot.items() if k != "mean_decision_ms"}
                               for bot in report["bots"]]}


def _games(path: Path) -> list[int]:
    return [json.loads(line)["index"] for line in path.read_text().splitlines()[1:]]


def test_a_record_carried_on_reports_what_one_match_would(plunder_cli, tmp_path):
    path = tmp_path / "match.jsonl"
    first = _match(plunder_cli, path, 4, "--seed", "21")
    assert first.exit_code == 0, first.output
    assert _games(path) == [0, 1, 2, 3]
    # Cut short while writing a fifth game: the partial line is dropped and the game
    # played again. The seed comes from the record.
    with path.open("a") as out:
        out.write('{"index": 4, "bots": ["ran')
    carried = _match(plunder_cli, path, 10, "--jobs", "2")
    assert carried.exit_code == 0, carried.output
    assert _games(path)[:4] == [0, 1, 2, 3]
    assert sorted(_games(path)) == list(range(10))
    whole = plunder_cli(["match", "duel", "--bots", ",".join(BOTS), "--games", "10",
                         "--seed", "21", "--json"])
    assert _without_timings(json.loads(carried.stdout)) == _without_timings(
        json.loads(whole.stdout))


def test_games_already_recorded_are_not_played_again(plunder_cli, tmp_path):
    path = tmp_path / "match.jsonl"
    # Seed 0: the record's seed is taken even when it is falsy.
    assert _match(plunder_cli, path, 3, "--seed", "0").exit_code == 0
    kept = path.read_text()
    again = _match(plunder_cli, path, 3)
    assert again.exit_code == 0, again.output
    assert path.read_text() == kept
    # A shorter match reads the games it needs from a longer record.
    fewer = _match(plunder_cli, path, 2)
    assert json.loads(fewer.stdout)["games"] == 2


def test_a_record_of_another_match_is_refused_and_left_as_it_was(plunder_cli, tmp_path):
    path = tmp_path / "match.jsonl"
    assert _match(plunder_cli, path, 2, "--seed", "4").exit_code == 0
    kept = path.read_text()
    for extra in (["--seed", "5"], ["--option", "target=3"]):
        refused = _match(plunder_cli, path, 2, *extra)
        assert refused.exit_code == 2
        assert "records another match" in refused.output
        assert path.read_text() == kept
    other = plunder_cli(["match", "duel", "--bots", "random,greedy", "--games", "2",
                         "--record", str(path)])
    assert other.exit_code == 2 and "bots" in other.output
    assert path.read_text() == kept


def test_a_record_played_by_other_code_is_refused_and_left_as_it_was(plunder_cli, tmp_path):
    path = tmp_path / "match.jsonl"
    assert _match(plunder_cli, path, 2, "--seed", "4").exit_code == 0
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    assert header["code"] == match_header("duel", {}, [], 0)["code"]
    # The same match, its games played before the rules or content changed (or by a
    # version that kept no fingerprint): never carried on with games of this code.
    for code in ("0123456789abcdef", None):
        made = {**header, "code": code} if code else {
            k: v for k, v in header.items() if k != "code"}
        kept = json.dumps(made) + "\n" + "".join(lines[1:])
        path.write_text(kept)
        refused = _match(plunder_cli, path, 4)
        assert refused.exit_code == 2, refused.output
        assert "played by other code" in refused.output
        assert path.read_text() == kept


def test_the_code_fingerprint_covers_rules_content_engine_and_bots(tmp_path):
    names = {(path.parent.name, path.name) for path in code_files("rumbones")}
    assert {("rumbones", "boards.toml"), ("rumbones", "rules.py"), ("rumbones", "bot.py"),
            ("engine", "state.py"), ("bots", "ismcts.py"), ("plunder", "match.py")} <= names
    # What a match never runs is left out: the table's drawing, the lab's figures.
    assert not {("rumbones", "terminal.py"), ("rumbones", "stats.py"),
                ("rumbones", "encoder.py")} & names
    assert not any(name.endswith((".md", ".js", ".css")) for _, name in names)
    # Any change to a file's content or name changes it; where the files lie does not.
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "rules.py").write_text("HIT = 4\n")
    (folder / "boards.toml").write_text('gun = "e3"\n')
    files = sorted(folder.iterdir())
    first = fingerprint(files)
    assert fingerprint(list(reversed(files))) == first
    elsewhere = tmp_path / "copy" / "game"
    elsewhere.mkdir(parents=True)
    for path in files:
        (elsewhere / path.name).write_bytes(path.read_bytes())
    assert fingerprint(sorted(elsewhere.iterdir())) == first
    (folder / "boards.toml").write_text('gun = "f3"\n')
    changed = fingerprint(files)
    assert changed != first
    (folder / "boards.toml").rename(folder / "board.toml")
    assert fingerprint(sorted(folder.iterdir())) not in (first, changed)


# Plays a match of every game in a fresh interpreter (a searching bot against the
# game's own bot, random bots in the other seats) and prints the files of the
# plunder modules it loaded.
MATCH_MODULES = """
import json, sys
import plunder
from plunder import bots as registry
from plunder.match import play_one
for info in plunder.games():
    players = plunder.load(info.name).players
    other = "greedy" if "greedy" in registry.names(info.name) else "random"
    play_one(info.name, {}, ["ismcts:iterations=2", other] + ["random"] * (players - 2), 1)
print(json.dumps(sorted(m.__file__ for name, m in sys.modules.items()
                        if name.startswith("plunder.") and getattr(m, "__file__", None))))
"""


def test_the_fingerprint_covers_all_a_match_runs_and_leaves_out_only_what_it_never_runs():
    ran = subprocess.run([sys.executable, "-c", MATCH_MODULES], capture_output=True,
                         text=True, check=True)
    loaded = {Path(file) for file in json.loads(ran.stdout)}
    assert loaded
    for info in plunder.games():
        found = manifest(info.name)
        package = Path(inspect.getfile(found.game)).parent
        left_out = not_played(found, package)
        assert left_out, f"{info.name} names no front-end part"
        covered = set(code_files(info.name))
        for file in loaded:
            if file.parent == package:
                assert file in covered, f"{info.name}: a match ran {file.name}, not fingerprinted"
                assert file not in left_out, f"{info.name}: a match ran {file.name}"
            elif file.parent.name in ("engine", "bots") or file.name == "match.py":
                assert file in covered, f"{info.name}: {file.name} is not fingerprinted"


def test_a_file_that_is_no_record_is_refused_and_left_as_it_was(plunder_cli, tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    refused = _match(plunder_cli, path, 2, "--seed", "1")
    assert refused.exit_code == 2 and "not a match record" in refused.output
    assert path.read_text() == "my notes\n"


outcomes = st.builds(
    GameOutcome,
    seed=st.integers(0, 2**40),
    bots=st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=4).map(tuple),
    winners=st.lists(st.integers(0, 5), max_size=3).map(tuple),
    length=st.integers(0, 10**6),
    decisions=st.lists(st.integers(0, 10**5), max_size=4).map(tuple),
    seconds=st.lists(st.floats(0, 1e6, allow_nan=False), max_size=4).map(tuple),
    reason=st.text(max_size=40),
)


@settings(max_examples=60, deadline=None)
@given(games=st.dictionaries(st.integers(0, 500), outcomes, max_size=6),
       cut=st.integers(1, 30))
def test_a_record_reads_back_every_whole_line(tmp_path_factory, games, cut) -> None:
    path = tmp_path_factory.mktemp("record") / "match.jsonl"
    header = match_header("duel", {"players": 2}, ["random"], 3, code="0123456789abcdef")
    lines = [json.dumps(header) + "\n"] + [outcome_line(i, o) for i, o in games.items()]
    path.write_text("".join(lines))
    assert read_match_record(path) == (header, games)
    # A write cut short loses only the game it was writing.
    if games:
        path.write_text("".join(lines)[:-cut] if cut < len(lines[-1]) else "".join(lines))
        _, read = read_match_record(path)
        assert {i: games[i] for i in list(games)[:-1]}.items() <= read.items()
