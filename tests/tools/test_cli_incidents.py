"""``rightofway incidents``: the incident report of a race's tracks on the command line (the
table, ``--json``, ``--html``, ``--scenarios``), bad input refused in one line with nothing
written, the course found beside the tracks, and many races at once (``--races``)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from rightofway import parallel
from rightofway.cli import main
from rightofway.rrs.tracks import incidents, read_course, read_tracks
from rightofway.scenarios import bundled_catalogue

FOLDER = bundled_catalogue() / "tracks"
DUCK = FOLDER / "port-starboard-duck.csv"
DUCK_COURSE = FOLDER / "port-starboard-duck.course.yaml"
EXPECTED = sorted(FOLDER.glob("*.expect.yaml"))


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(["incidents", *argv, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return json.loads(captured.out)


def _library(files: list[Path], course: Path, **options: Any) -> list[dict[str, Any]]:
    tracks = read_tracks(files)
    return [i.to_json() for i in incidents(tracks, read_course(course, tracks), **options)]


def _seconds(path: Path) -> float:
    with path.open(newline="") as f:
        times = [float(r["time"]) for r in csv.DictReader(f)]
    return max(times) - min(times)


# --- one race ----------------------------------------------------------------------------------


def test_the_table_has_a_row_per_incident_and_the_count_last(
        capsys: pytest.CaptureFixture[str]) -> None:
    expect = yaml.safe_load((FOLDER / "port-starboard-duck.expect.yaml").read_text())
    assert main(["incidents", str(DUCK), "--course", str(DUCK_COURSE)]) == 0
    out = capsys.readouterr().out.splitlines()
    header, row, last = out
    assert header.split() == ["time", "closest", "boats", "ruling", "rules", "room",
                              "contact", "changes"]
    # the reading of the rules in port-starboard-duck.expect.yaml: port keeps clear (RRS 10)
    (wanted,) = expect["incidents"]
    assert ", ".join(wanted["boats"]) in row
    assert f"{wanted['ruling']['keep_clear']} keeps clear of " \
           f"{wanted['ruling']['right_of_way']}" in row
    cells = row.split("  ")
    assert "10" in [c.strip() for c in cells]
    low, high = wanted["closest_time"]
    closest = float(row.split("at ", 1)[1].split(" s", 1)[0])
    assert low <= closest <= high
    assert "no" in [c.strip() for c in cells]  # no contact, no avoiding action
    assert last == f"1 incident among 2 boats over {_seconds(DUCK):g} s"


def test_json_is_the_librarys_report_and_nothing_else(
        capsys: pytest.CaptureFixture[str]) -> None:
    got = _json(capsys, str(DUCK), "--course", str(DUCK_COURSE))
    assert got == _library([DUCK], DUCK_COURSE)
    assert [i["boats"] for i in got] == [["P", "S"]]


def test_options_reach_the_library(capsys: pytest.CaptureFixture[str]) -> None:
    path = FOLDER / "leeward-from-astern-within-two-latlon.csv"
    course = FOLDER / "leeward-from-astern-within-two-latlon.course.yaml"
    got = _json(capsys, str(path), "--course", str(course), "--step", "2", "--range", "1.5",
                "--heading-window", "4")
    assert got == _library([path], course, step=2.0, range=1.5, heading_window=4.0)
    assert got != _library([path], course)  # the options change the report


@pytest.mark.parametrize("path", EXPECTED, ids=lambda p: p.name.removesuffix(".expect.yaml"))
def test_every_hand_made_race_gives_its_expected_incidents(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expect = yaml.safe_load(path.read_text())
    step = str((expect.get("options") or {}).get("step", 1))
    got = _json(capsys, *(str(FOLDER / t) for t in expect["tracks"]),
                "--course", str(FOLDER / expect["course"]), "--step", step)
    assert len(got) == len(expect["incidents"])
    for incident, wanted in zip(got, expect["incidents"], strict=True):
        for key in ("boats", "ruling", "contact", "avoiding_action"):
            assert incident[key] == wanted[key], key
        if "closest_time" in wanted:
            low, high = wanted["closest_time"]
            assert low <= incident["closest"]["time"] <= high


def test_scenario_files_pass_check_and_are_named_by_their_id(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "found"
    assert main(["incidents", str(FOLDER / "zone-entry-overlapped.csv"), "--course",
                 str(FOLDER / "zone-entry-overlapped.course.yaml"), "--scenarios",
                 str(out)]) == 0
    printed = capsys.readouterr().out
    files = sorted(out.iterdir())
    assert files and f"{len(files)} scenario file" in printed
    for f in files:
        assert f.suffix == ".yaml"
        assert yaml.safe_load(f.read_text())["id"] == f.stem
    assert main(["check", str(out)]) == 0
    assert f"{len(files)} passed, 0 failed" in capsys.readouterr().out


def test_hulls_that_cross_at_every_sample_have_no_ruling_and_no_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # two 10 m hulls whose centres stay 2 m or less apart on headings 90 degrees apart:
    # the hulls cross at every sample, so no position of the two can be ruled
    rows = ["time,boat,x,y,heading"]
    for t in range(3):
        rows += [f"{t},A,{t},{t},45", f"{t},B,{-t},{t},315"]
    tracks = _write(tmp_path, "x.csv", "\n".join(rows) + "\n")
    _write(tmp_path, "x.course.yaml", "hull_length: 10\n")
    (got,) = _json(capsys, str(tracks))
    assert got["ruling"] is None and got["scenario"] == "" and got["contact"] is True
    assert main(["incidents", str(tracks), "--scenarios", str(tmp_path / "found")]) == 0
    out = capsys.readouterr().out
    assert "none: the hulls touched throughout" in out
    assert "0 scenario files written" in out and "1 without a ruling" in out
    assert list((tmp_path / "found").iterdir()) == []


def test_the_html_report_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "report.html"
    assert main(["incidents", str(DUCK), "--course", str(DUCK_COURSE), "--html",
                 str(page)]) == 0
    assert f"report written to {page}" in capsys.readouterr().out
    text = page.read_text(encoding="utf-8")
    assert text.lstrip().lower().startswith("<!doctype html")
    assert "port-starboard-duck.csv" in text  # the title names the tracks
    assert "<svg" in text  # the diagram of the closest approach
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no temporary left


def test_the_html_report_is_worked_out_with_the_options_given(tmp_path: Path) -> None:
    """The page's change diagrams replay the tracks as the command found the incidents:
    with its --step and --range, not the defaults."""
    from rightofway.rrs.tracks import incidents, read_course, read_tracks
    from rightofway.rrs.tracks.html import report

    page = tmp_path / "report.html"
    assert main(["incidents", str(DUCK), "--course", str(DUCK_COURSE), "--step", "2",
                 "--range", "4", "--html", str(page)]) == 0
    tracks = read_tracks([DUCK])
    course = read_course(DUCK_COURSE, tracks)
    found = incidents(tracks, course, step=2.0, range=4.0)
    assert page.read_text(encoding="utf-8") == report(
        found, tracks, course, title=f"Incidents: {DUCK.name}", step=2.0, range=4.0)


def test_the_course_beside_the_tracks_is_found(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # one GPX file per boat, NAME.W.gpx and NAME.L.gpx, the course NAME.course.yaml
    w = FOLDER / "leeward-from-astern-within-two.W.gpx"
    lee = FOLDER / "leeward-from-astern-within-two.L.gpx"
    beside = FOLDER / "leeward-from-astern-within-two.course.yaml"
    assert _json(capsys, str(w), str(lee)) == _library([w, lee], beside)
    lone = tmp_path / "race.csv"
    shutil.copy(DUCK, lone)
    assert main(["incidents", str(lone)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].startswith("error: --course:")
    assert "race.course.yaml" in err[0]


# --- bad input ---------------------------------------------------------------------------------


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


BAD: list[tuple[str, str, str, str]] = [
    # (tracks text, course text, what the one line names, id)
    ("time,boat,x,y\n0,A,0,0\n1,A,ten,0\n", "hull_length: 10\n", "tracks.csv:3: x:", "row"),
    ("time,boat,x,y\n0,A,0,0\n", "wind: 0\n", "course.yaml:1: hull_length:", "no-hull"),
    ("", "hull_length: 10\n", "tracks.csv:1: header:", "empty"),
    ("time,boat,x,y,colour\n0,A,0,0,red\n", "hull_length: 10\n", "tracks.csv:1: colour:",
     "column"),
    ("time,boat,x,y\n0,A,0,0\n", "hull_length: 10\nmarks: [{id: m, at: {lat: 50, lon: 1}, "
     "leave_to: port}]\n", "course.yaml:2: marks[0].at:", "course-kind"),
]


@pytest.mark.parametrize(("tracks", "course", "named"), [b[:3] for b in BAD],
                         ids=[b[3] for b in BAD])
def test_bad_input_is_one_line_naming_file_line_and_field_and_nothing_is_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], tracks: str, course: str,
        named: str) -> None:
    t = _write(tmp_path, "tracks.csv", tracks)
    c = _write(tmp_path, "course.yaml", course)
    before = sorted(tmp_path.iterdir())
    assert main(["incidents", str(t), "--course", str(c), "--html", str(tmp_path / "r.html"),
                 "--scenarios", str(tmp_path / "found")]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith(f"error: {tmp_path}/") and named in line
    assert sorted(tmp_path.iterdir()) == before


def test_mixed_kinds_of_places_and_a_missing_file_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    latlon = FOLDER / "port-starboard-duck-latlon.csv"
    assert main(["incidents", str(DUCK), str(latlon), "--course", str(DUCK_COURSE)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {latlon}:1: header:") and "lat, lon" in line
    missing = tmp_path / "missing.csv"
    assert main(["incidents", str(missing), "--course", str(DUCK_COURSE),
                 "--scenarios", str(tmp_path / "found")]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"error: {missing}: cannot read")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("argv", "named"), [
    (["--step", "0"], "--step"),
    (["--step", "x"], "--step"),
    (["--range", "101"], "--range"),
    (["--range", "nan"], "--range"),
    (["--heading-window", "-1"], "--heading-window"),
    (["--jobs", "2"], "--jobs"),
    (["--scheduler", "tcp://127.0.0.1:1"], "--scheduler"),
    (["--races", "--course", str(DUCK_COURSE)], "--course"),
    (["--races", "--html", "r.html"], "--html"),
    (["--races", "--scenarios", "found"], "--scenarios"),
])
def test_bad_options_are_one_line_naming_the_option(
        capsys: pytest.CaptureFixture[str], argv: list[str], named: str) -> None:
    assert main(["incidents", str(DUCK), *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert line.startswith(f"error: {named}: ")


def test_outputs_that_cannot_be_written_are_refused_before_the_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a_file = _write(tmp_path, "taken", "")
    assert main(["incidents", str(DUCK), "--scenarios", str(a_file)]) == 2
    assert capsys.readouterr().err.startswith("error: --scenarios: ")
    assert main(["incidents", str(DUCK), "--html", str(tmp_path / "no" / "r.html")]) == 2
    assert capsys.readouterr().err.startswith("error: --html: ")
    assert [p.name for p in tmp_path.iterdir()] == ["taken"]


# --- a simulated race, and many races ----------------------------------------------------------


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Three simulation races of three boats, written by play --tracks."""
    folder = tmp_path_factory.mktemp("races")
    paths = []
    for seed in (1, 2, 3):
        path = folder / f"race-{seed}.csv"
        assert main(["play", "--ruleset", "simulation", "--boats", "3", "--seed", str(seed),
                     "-q", "--tracks", str(path)]) == 0
        paths.append(path)
    return paths


def test_a_simulated_race_is_read_with_the_course_play_wrote_beside_it(
        simulated: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    path = simulated[0]
    got = _json(capsys, str(path))
    assert got == _library([path], path.with_name(f"{path.stem}.course.yaml"))
    assert got, "three boats sailing one course meet"
    assert main(["incidents", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + len(got) + 1
    assert lines[-1].startswith(f"{len(got)} incident{'s' if len(got) != 1 else ''}")


def test_races_in_worker_processes_give_what_one_by_one_gives(
        simulated: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    one_by_one = {str(p): _json(capsys, str(p)) for p in simulated}
    assert _json(capsys, "--races", *map(str, simulated)) == one_by_one
    assert _json(capsys, "--races", *map(str, simulated), "--jobs", "2") == one_by_one
    assert main(["incidents", "--races", *map(str, simulated), "--jobs", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(simulated) + 1
    for line, path in zip(lines, simulated, strict=False):
        n = len(one_by_one[str(path)])
        assert line.startswith(f"{path}: {n} incident")
    total = sum(len(v) for v in one_by_one.values())
    assert lines[-1].startswith(f"3 races, {total} incident")


def test_a_race_that_cannot_be_read_is_one_line_of_error_and_the_others_are_reported(
        simulated: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    lone = tmp_path / "lone.csv"
    shutil.copy(simulated[0], lone)  # no course beside it
    assert main(["incidents", "--races", str(simulated[1]), str(lone), "--json"]) == 2
    captured = capsys.readouterr()
    assert list(json.loads(captured.out)) == [str(simulated[1])]
    (line,) = captured.err.splitlines()
    assert line.startswith(f"error: {lone}: course: ") and "lone.course.yaml" in line
    assert main(["incidents", "--races", str(simulated[1]), str(lone)]) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines()[-1].endswith("; 1 invalid")


# --- the progress bar --------------------------------------------------------------------------


def test_a_progress_bar_is_drawn_on_a_terminal_but_never_with_json(
        simulated: list[Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    screen = io.StringIO()
    monkeypatch.setattr(parallel, "terminal", lambda: screen)
    monkeypatch.setattr(parallel, "PROGRESS_DELAY", 0.0)  # every race draws its bar
    assert main(["incidents", str(simulated[0])]) == 0
    drawn = screen.getvalue()
    assert "samples" in drawn and drawn.endswith("\r")
    assert "samples" not in capsys.readouterr().out
    screen.seek(0)
    screen.truncate()
    _json(capsys, str(simulated[0]))
    _json(capsys, "--races", *map(str, simulated))
    assert screen.getvalue() == ""


def test_a_short_race_draws_no_bar() -> None:
    screen = io.StringIO()
    tracks = read_tracks([DUCK])
    parallel.incidents_of(tracks, read_course(DUCK_COURSE, tracks), progress=screen)
    assert screen.getvalue() == ""
