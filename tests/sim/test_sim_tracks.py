"""A simulation race written as tracks (``play --tracks``): at the end of every round each
boat is where the race left her, the course file carries the race's wind and marks."""

from __future__ import annotations

import csv
import math
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from rightofway.cli import main
from rightofway.sim import bots
from rightofway.sim.race import Race
from rightofway.sim.tracks import HULL_METRES, SECONDS_PER_ROUND, course_path, write_tracks


def _race(boats: int, seed: int, moves: int | None = None) -> Race:
    race = bots.random_race(boats, seed)
    rng = random.Random(seed)
    while not race.is_over() and (moves is None or len(race.moves) < moves):
        race, _ = race.play(bots.choose_move(race, rng))
    return race


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Race, list[dict[str, str]],
                                                                dict[str, Any]]:
    race = _race(3, 5, moves=40)
    path = tmp_path_factory.mktemp("tracks") / "race.csv"
    course = write_tracks(race, path)
    assert course == path.with_name("race.course.yaml")
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    return race, rows, yaml.safe_load(course.read_text())


def test_every_boat_is_where_the_race_left_her_at_the_end_of_each_round(
        written: tuple[Race, list[dict[str, str]], dict[str, Any]]) -> None:
    race, rows, _ = written
    fixes = {(float(r["time"]), r["boat"]): r for r in rows}
    k = HULL_METRES / race.position.hull_length
    checked = 0
    for before, after in zip(race.states, race.states[1:], strict=False):
        if after.round == before.round:
            continue  # the round goes on: boats moved in turn, not yet all together
        t = before.round * SECONDS_PER_ROUND
        for b in after.position.boats:
            row = fixes.get((t, b.id))
            if row is None:
                continue  # she did not move this round (finished)
            assert float(row["x"]) == pytest.approx(b.at[0] * k, abs=1e-3)
            assert float(row["y"]) == pytest.approx(b.at[1] * k, abs=1e-3)
            assert float(row["heading"]) == pytest.approx(b.heading % 360, abs=1e-2)
            checked += 1
    assert checked >= 20


def test_fixes_come_in_time_order_and_each_boat_moves_at_most_a_round_of_units(
        written: tuple[Race, list[dict[str, str]], dict[str, Any]]) -> None:
    race, rows, _ = written
    times = [float(r["time"]) for r in rows]
    assert times == sorted(times)
    assert list(rows[0]) == ["time", "boat", "x", "y", "heading"]
    last: dict[str, tuple[float, float, float]] = {}
    for r in rows:
        t, x, y = float(r["time"]), float(r["x"]), float(r["y"])
        if r["boat"] in last:
            t0, x0, y0 = last[r["boat"]]
            assert t > t0
            # no boat sails more than 12 hull lengths in a round (SIM Movement)
            assert math.dist((x, y), (x0, y0)) <= 12 * HULL_METRES * (t - t0) / \
                SECONDS_PER_ROUND + 1e-6
        last[r["boat"]] = (t, x, y)
    assert set(last) == {b.id for b in race.position.boats}


def test_the_course_file_has_the_hull_the_marks_and_each_rounds_wind(
        written: tuple[Race, list[dict[str, str]], dict[str, Any]]) -> None:
    race, _, course = written
    assert course["hull_length"] == HULL_METRES
    k = HULL_METRES / race.position.hull_length
    marks = course["marks"]
    assert isinstance(marks, list)
    assert [m["id"] for m in marks] == [m.id for m in race.course.marks]
    for m, mark in zip(marks, race.course.marks, strict=True):
        assert m["at"] == pytest.approx([mark.at[0] * k, mark.at[1] * k], abs=1e-3)
        assert m["leave_to"] == "port"
    wind = course["wind"]
    schedule = wind if isinstance(wind, list) else [{"time": 0.0, "from": wind}]
    for state in race.states:
        # the wind of round r holds from the end of round r - 1
        t = (state.round - 1) * SECONDS_PER_ROUND
        now = [w["from"] for w in schedule if w["time"] <= t][-1]
        assert now == state.position.wind_degrees
    gun = next(s for s in race.states if s.position.start_turns_left == 0)
    assert course["start"] == (gun.round - 1) * SECONDS_PER_ROUND


def test_play_writes_the_tracks_and_their_course(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "race.csv"
    assert main(["play", "--ruleset", "simulation", "--boats", "2", "--seed", "3", "-q",
                 "--tracks", str(out)]) == 0
    assert f"tracks written to {out}" in capsys.readouterr().out
    assert out.read_text().startswith("time,boat,x,y,heading\n")
    assert yaml.safe_load(course_path(out).read_text())["hull_length"] == HULL_METRES


@pytest.mark.parametrize(("args", "message"), [
    (["--ruleset", "race-the-wind"], "--tracks: the simulation's races"),
    (["--ruleset", "simulation", "--games", "2"], "--tracks: one game's tracks"),
])
def test_play_refuses_tracks_it_cannot_write(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             args: list[str], message: str) -> None:
    out = tmp_path / "race.csv"
    assert main(["play", *args, "-q", "--tracks", str(out)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
