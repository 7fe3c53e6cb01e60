"""``plunder lab``: the files it writes, its summary, and one-line errors for what cannot run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import plunder
from anygame import kit
from plunder.cli import app, parse_sweep
from plunder.engine.options import Option
from plunder.engine.registry import game_class
from plunder.lab import run


def lab(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["lab", *args])
    return result.exit_code, result.stdout, result.stderr


def pngs(folder: Path) -> set[str]:
    return {path.name for path in folder.glob("*.png")}


def test_lab_writes_the_report_the_page_and_the_plots(tmp_path: Path) -> None:
    out = tmp_path / "report"
    code, stdout, stderr = lab(
        "swordplay", "--bots", "greedy,random", "--games", "6", "--jobs", "1",
        "--seed", "4", "--out", str(out),
    )
    assert code == 0, stderr
    report = json.loads((out / "report.json").read_text())
    assert (report["format"], report["version"]) == ("plunder-lab-report", 3)
    assert (report["game"], report["games"], report["seed"]) == ("swordplay", 6, 4)
    plots = report["studies"][0]["plots"]
    assert {"seats", "length", "ratings", "content-fighter", "plays-card"} <= set(plots)
    assert set(plots.values()) == pngs(out)
    assert (out / "report.html").stat().st_size > sum(
        (out / name).stat().st_size for name in plots.values()
    )  # the plots are inside the page
    assert "balance" in stdout and "games/s" in stdout
    assert str(out / "report.html") in stdout.replace("\n", "")


def test_a_sweep_draws_its_curves(tmp_path: Path) -> None:
    out = tmp_path / "sweep"
    code, stdout, stderr = lab(
        "swordplay", "--bots", "greedy,random", "--games", "2", "--jobs", "1", "--seed", "1",
        "--sweep", "turn_limit=5,50", "--out", str(out),
    )
    assert code == 0, stderr
    report = json.loads((out / "report.json").read_text())
    assert report["plots"] == {"sweep": "sweep.png"}
    assert {"seats-1.png", "seats-2.png", "sweep.png"} <= pngs(out)
    assert "turn_limit" in stdout


def test_options_and_players_reach_the_game(tmp_path: Path) -> None:
    code, _, stderr = lab(
        "rumble", "--players", "3", "-o", "round_limit=3", "--bots", "random", "--games", "3",
        "--jobs", "1", "--seed", "2", "--out", str(tmp_path),
    )
    assert code == 0, stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["players"] == 3 and report["options"]["round_limit"] == 3
    assert report["studies"][0]["measures"]["length"]["rounds"]["max"] <= 3


def test_the_report_gives_the_first_player_and_each_side(tmp_path: Path) -> None:
    # The issue a designer meets first: which side moved first, and which faction won,
    # rather than seat 0's share. Four games: both seatings of one bot, each faction
    # at seat 0, each deal played both ways (mirrored).
    code, stdout, stderr = lab(
        "rumbones", "--bots", "random", "--games", "4", "--jobs", "1", "--seed", "3",
        "--mirror", "--out", str(tmp_path),
    )
    assert code == 0, stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert "factions" not in report["options"]
    (study,) = report["studies"]
    assert study["schedule"]["sides"] == [{"factions": "lords"}, {"factions": "marea"}]
    m = study["measures"]
    assert set(m["sides"]) == {"lords", "marea"}
    assert m["sides"]["lords"]["trials"] == m["sides"]["marea"]["trials"] == 4
    first = m["first_player"]
    assert first["trials"] == 4 and first["fair_share"] == 0.5
    assert first["last_round"] is not None  # the lead passed from round to round
    assert {e["measure"] for e in m["mirror"]["measures"]} >= {"side lords", "first player"}
    page = (tmp_path / "report.html").read_text()
    assert "Win share by side" in page and "first player&#x27;s advantage" in page
    assert "What mirroring removed" in page and "Win share by hero and side" in page
    assert "lords" in stdout and "marea" in stdout


def test_sides_set_by_the_run_stay_as_asked(tmp_path: Path) -> None:
    code, _, stderr = lab(
        "rumbones", "--bots", "random", "--games", "2", "--jobs", "1", "--seed", "3",
        "-o", "factions=marea", "--out", str(tmp_path),
    )
    assert code == 0, stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["options"]["factions"] == "marea"
    assert report["studies"][0]["schedule"]["sides"] is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nosuchgame", "--bots", "random"], "no game called 'nosuchgame'"),
        (["swordplay", "--bots", "random,oracle"], "no bot 'oracle'"),
        (["swordplay", "--bots", "random", "-o", "turn_limit=0"], "turn_limit"),
        (["swordplay", "--bots", "random", "-o", "nonsense=1"], "nonsense"),
        (["swordplay", "--bots", ","], "--bots names no bot"),
        (["swordplay", "--bots", "random", "--sweep", "turn_limit"], "OPTION=VALUE"),
        (["swordplay", "--bots", "random", "--sweep", "turn_limit=5,5"], "a value twice"),
        (["swordplay", "--bots", "random", "--sweep", "players=2,3"], "number of players"),
        (["swordplay", "--bots", "random", "-o", "turn_limit=9", "--sweep", "turn_limit=5,6"],
         "both swept and set"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(args: list[str], message: str,
                                            tmp_path: Path) -> None:
    code, _, stderr = lab(*args, "--games", "2", "--out", str(tmp_path))
    assert code == 2
    assert message in stderr
    assert "Traceback" not in stderr
    assert not (tmp_path / "report.json").exists()


def test_a_missing_ray_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    with pytest.raises(run.LabError, match=r"pip install 'plunder\[lab\]'"):
        run._import_ray()
    code, _, stderr = lab(
        "swordplay", "--bots", "random", "--games", "2", "--cluster", "local",
        "--out", str(tmp_path),
    )
    assert code == 1
    assert "Ray, which is not installed" in stderr and "plunder[lab]" in stderr


def test_the_core_install_does_not_import_ray(tmp_path: Path) -> None:
    probe = (
        "import sys\n"
        "from plunder.lab.study import LabSpec, run_lab\n"
        "from plunder.lab.run import Backend\n"
        "run_lab(LabSpec('swordplay', ('random',), 2), Backend(jobs=1))\n"
        "assert 'ray' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True, timeout=120)


def test_a_game_kept_outside_the_project_runs_through_the_lab(tmp_path: Path) -> None:
    folder = kit.install(tmp_path / "elsewhere")
    out = tmp_path / "toy-report"
    done = subprocess.run(
        [sys.executable, "-m", "plunder.cli", "lab", kit.NAME, "--players", "3",
         "--bots", "random,ismcts:iterations=10", "--games", "6", "--jobs", "2",
         "--seed", "1", "--out", str(out)],
        capture_output=True, text=True, env=kit.environment(folder), cwd=folder, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads((out / "report.json").read_text())
    assert report["game"] == kit.NAME and report["players"] == 3
    measures = report["studies"][0]["measures"]
    assert measures["games"] == 6
    # The toy declares no statistics and no evaluation: those parts are left out.
    assert measures["content"] is None and measures["drama"] is None
    assert {"seats.png", "length.png", "ratings.png"} == pngs(out)


# A value of each kind of option, as a sweep may list it (text with no comma in it).
SWEPT = {
    bool: st.booleans(),
    int: st.integers(-999, 999),
    str: st.from_regex(r"[a-z][a-z_-]{0,8}", fullmatch=True),
}


@given(st.sampled_from([(game, spec) for game in plunder.engine.names()
                        for spec in game_class(game).option_specs()]), st.data())
def test_a_sweep_reads_back_the_values_it_was_given(
    option: tuple[str, Option], data: st.DataObject
) -> None:
    game, spec = option
    values = data.draw(st.lists(SWEPT[type(spec.default)], min_size=1, max_size=5))
    text = ",".join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)
    swept = parse_sweep(f"{spec.name}={text}", game)
    assert swept is not None and swept[0] == spec.name
    assert [(type(v), v) for v in swept[1]] == [(type(v), v) for v in values]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "plots"),
    [
        # The two studies, at small counts (and a search on a fixed budget).
        (["duel", "--players", "3", "--bots", "greedy,random,ismcts:iterations=20",
          "--games", "3"], {"seats", "length", "ratings", "plays-card"}),
        (["rumble", "--players", "4", "--bots", "greedy,random", "--games", "6"],
         {"seats", "length", "ratings", "content-pirate", "plays-card"}),
    ],
    ids=["duel", "rumble"],
)
def test_the_studies_write_every_file(args: list[str], plots: set[str], tmp_path: Path) -> None:
    code, _, stderr = lab(*args, "--jobs", "2", "--seed", "1", "--out", str(tmp_path))
    assert code == 0, stderr
    report = json.loads((tmp_path / "report.json").read_text())
    assert set(report["studies"][0]["plots"]) == plots
    assert pngs(tmp_path) == {f"{name}.png" for name in plots}
    page = (tmp_path / "report.html").read_text()
    assert page.count('src="data:image/png;base64,') == len(plots)
    assert "http://" not in page and "https://" not in page


def test_records_keep_every_game_for_replay(tmp_path: Path) -> None:
    import plunder

    out = tmp_path / "kept"
    code, stdout, stderr = lab(
        "swordplay", "--bots", "greedy,random", "--games", "4", "--jobs", "2",
        "--seed", "8", "--out", str(out), "--records",
    )
    assert code == 0, stderr
    report = json.loads((out / "report.json").read_text())
    assert report["records"] == "records"
    files = sorted((out / "records").glob("*.json"))
    assert [f.name for f in files] == [f"game-00000{i}.json" for i in (1, 2, 3, 4)]
    # Each record replays to its game's end, and together they give the report's seats.
    wins = [0.0, 0.0]
    for number, file in enumerate(files):
        kept = json.loads(file.read_text())
        assert kept["seed"] == 8 + number  # game i is dealt SEED+i
        state = plunder.replay(kept)
        assert state.is_over
        assert sorted(kept["bots"]) == ["greedy", "random"]
        for seat in state.result.winners:
            wins[seat] += 1 / len(state.result.winners)
    assert wins == [seat["wins"] for seat in report["studies"][0]["measures"]["seats"]]
    replayed = CliRunner().invoke(app, ["replay", str(files[0]), "--all"])
    assert replayed.exit_code == 0, replayed.stderr
    assert "records" in stdout.replace("\n", "")


def test_without_records_no_game_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "plain"
    code, _, stderr = lab("swordplay", "--bots", "greedy", "--games", "2", "--jobs", "1",
                          "--out", str(out))
    assert code == 0, stderr
    assert json.loads((out / "report.json").read_text())["records"] is None
    assert not (out / "records").exists()


def test_a_sweep_keeps_each_study_s_records_apart(tmp_path: Path) -> None:
    out = tmp_path / "swept"
    code, _, stderr = lab(
        "swordplay", "--bots", "greedy", "--games", "2", "--jobs", "1", "--seed", "2",
        "--sweep", "turn_limit=5,50", "--out", str(out), "--records",
    )
    assert code == 0, stderr
    for study, limit in ((1, 5), (2, 50)):
        files = sorted((out / "records" / f"study-{study}").glob("*.json"))
        assert len(files) == 2
        assert {json.loads(f.read_text())["options"]["turn_limit"] for f in files} == {limit}


@given(
    st.lists(
        st.tuples(st.integers(1, 30), st.integers(0, 29), st.integers(0, 10**6)),
        min_size=1, max_size=20,
    )
)
def test_every_game_has_a_record_file_of_its_own(games: list[tuple[int, int, int]]) -> None:
    from plunder.lab.report import record_file

    for studies, study, index in games:
        if study >= studies:
            continue
        path = record_file(Path("out"), study, studies, index)
        # The file's name gives the game back (numbered from 1, as the summary counts).
        assert int(path.stem.removeprefix("game-")) == index + 1
        assert (path.parent.name == f"study-{study + 1}") == (studies > 1)
    named = {
        (studies > 1, study if studies > 1 else 0, index): record_file(Path("o"), study, studies,
                                                                      index)
        for studies, study, index in games if study < studies
    }
    assert len(set(named.values())) == len(named)
