"""Many games and records: one after the other, in worker processes and on a Dask cluster,
with the same results in the same order."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rightofway import parallel
from rightofway.cli import main
from rightofway.races import SetupError

SEEDS = [0, 1, 2, 3]


@pytest.fixture(scope="module")
def serial_games() -> list[parallel.GameSummary]:
    return parallel.play_games("vector-game", 2, SEEDS, record=True)


@pytest.fixture(scope="module")
def records(serial_games: list[parallel.GameSummary],
            tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("records")
    paths = []
    for game in serial_games:
        assert game.record is not None
        path = folder / f"game-{game.seed}.jsonl"
        path.write_text("\n".join(game.record) + "\n", encoding="utf-8")
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip(
        "distributed", reason="the Dask cluster tests need the optional extra 'cluster' "
        "(pip install -e '.[cluster]'); CI installs it with the dev extra")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def altered(path: Path, turn: int, change: Any, tmp_path: Path) -> Path:
    lines = path.read_text(encoding="utf-8").splitlines()
    move = json.loads(lines[turn])
    assert move["turn"] == turn
    change(move)
    lines[turn] = json.dumps(move)
    out = tmp_path / f"altered-{path.name}"
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def test_a_game_summary_counts_what_the_race_did(
        serial_games: list[parallel.GameSummary]) -> None:
    assert [g.seed for g in serial_games] == SEEDS
    for game in serial_games:
        assert game.ruleset == "vector-game" and game.boats == 2
        assert sorted(game.finish) == ["A", "B"] and game.unfinished == ()
        assert game.record is not None and len(game.record) == game.moves + 1
        assert game.illegal_moves == 0
    assert parallel.play_one("vector-game", 2, 1, record=True) == serial_games[1]
    assert parallel.play_one("vector-game", 2, 1).record is None


def test_worker_processes_return_what_the_serial_run_returns(
        serial_games: list[parallel.GameSummary], records: list[Path]) -> None:
    assert parallel.play_games("vector-game", 2, SEEDS, record=True, jobs=2) == serial_games
    serial = parallel.replay_records(records)
    assert [r.status for r in serial] == ["ok"] * len(records)
    assert [r.moves for r in serial] == [g.moves for g in serial_games]
    assert [r.penalties for r in serial] == [g.penalties for g in serial_games]
    assert [r.events for r in serial] == [g.events for g in serial_games]
    assert parallel.replay_records(records, jobs=2) == serial


def test_a_dask_cluster_returns_what_the_serial_run_returns(
        serial_games: list[parallel.GameSummary], records: list[Path], scheduler: str,
        tmp_path: Path) -> None:
    assert parallel.play_games("vector-game", 2, SEEDS, record=True,
                               scheduler=scheduler) == serial_games
    missing = tmp_path / "missing.jsonl"
    files = [*records, missing]
    assert parallel.replay_records(files, scheduler=scheduler) == parallel.replay_records(files)
    with pytest.raises(SetupError, match="not 11"):  # refused here, before any job starts
        parallel.play_games("vector-game", 11, SEEDS, scheduler=scheduler)


def test_penalties_are_counted_alike_when_played_and_replayed(tmp_path: Path) -> None:
    (game,) = parallel.play_games("race-the-wind", 2, [2], record=True)
    assert game.record is not None and game.penalties > 0
    assert game.penalties == sum(n for k, n in game.events if k in parallel.PENALTY_KINDS)
    path = tmp_path / "rtw.jsonl"
    path.write_text("\n".join(game.record) + "\n", encoding="utf-8")
    (again,) = parallel.replay_records([path])
    assert (again.status, again.moves, again.penalties) == ("ok", game.moves, game.penalties)


def test_an_altered_record_is_a_mismatch_naming_its_turn(records: list[Path],
                                                          tmp_path: Path) -> None:
    def wrong_event(move: dict[str, Any]) -> None:
        move["events"][0]["to"][0] += 1

    def illegal(move: dict[str, Any]) -> None:
        move["vector"] = "9U:9S"

    files = [records[0], altered(records[1], 3, wrong_event, tmp_path),
             altered(records[2], 5, illegal, tmp_path)]
    results = parallel.replay_records(files)
    assert [(r.status, r.turn, r.illegal_moves) for r in results] == [
        ("ok", None, 0), ("mismatch", 3, 0), ("mismatch", 5, 1)]
    assert results[1].message.startswith("turn 3: event 1 (move): to recorded as")
    assert results[1].moves == 2
    summary = parallel.summarize(results, seconds=0.25)
    assert (summary.games, summary.illegal_moves, summary.failed, summary.invalid) == (3, 1, 2, 0)
    assert summary.line().startswith(f"3 records, {sum(r.moves for r in results)} moves, "
                                     "1 illegal move, 0 penalties, 0.2 s; 2 failed")


def test_replay_of_several_files_prints_a_line_each_and_the_summary(
        records: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", *map(str, records), "--jobs", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(records) + 1
    assert all(line.startswith(f"{p}: ") and "legal and consistent" in line
               for line, p in zip(lines, records, strict=False))
    assert lines[-1].startswith(f"{len(records)} records, ")

    bad = altered(records[1], 3, lambda m: m["events"][0].update(text="nothing"), tmp_path)
    assert main(["replay", "-q", str(records[0]), str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{bad}: turn 3: event 1 (move): text recorded as 'nothing'")
    assert out[1].endswith("; 1 failed (0 invalid)")

    missing = tmp_path / "missing.jsonl"
    assert main(["replay", str(bad), str(missing)]) == 2
    assert f"{missing}: cannot read:" in capsys.readouterr().out
    assert main(["replay", "--full", str(records[0]), str(bad)]) == 2
    assert "--full: the explanations of one record" in capsys.readouterr().err


def test_one_record_is_replayed_as_before(records: list[Path],
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "-q", str(records[0])]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [f"{records[0]}: {parallel.replay_one(records[0]).message}"]


def test_play_many_games_writes_a_record_each(
        serial_games: list[parallel.GameSummary], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "out"
    assert main(["play", "--ruleset", "vector-game", "--games", "4", "--jobs", "2",
                 "--record-dir", str(folder)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:-1] == [g.line() for g in serial_games]
    moves = sum(g.moves for g in serial_games)
    assert lines[-1].startswith(f"4 games, {moves} moves, 0 illegal moves, 0 penalties, ")
    for game in serial_games:
        assert game.record is not None
        text = (folder / f"game-{game.seed}.jsonl").read_text(encoding="utf-8")
        assert text.splitlines() == list(game.record)
    assert main(["play", "--games", "2", "--record", str(tmp_path / "one.jsonl")]) == 2
    assert "--record-dir" in capsys.readouterr().err


def test_the_command_line_runs_on_a_dask_cluster(
        records: list[Path], scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", *map(str, records)]) == 0
    here = capsys.readouterr().out.splitlines()
    assert main(["replay", *map(str, records), "--scheduler", scheduler]) == 0
    there = capsys.readouterr().out.splitlines()
    assert there[:-1] == here[:-1]
    assert there[-1].rsplit(",", 1)[0] == here[-1].rsplit(",", 1)[0]  # all but the seconds


def test_without_dask_a_scheduler_is_one_line_of_error(
        records: list[Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    assert main(["replay", str(records[0]), "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert main(["play", "--games", "2", "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == ["error: --scheduler: a Dask cluster needs the optional extra 'cluster': "
                   "pip install 'rightofway[cluster]'"] * 2


def test_the_progress_bar_is_drawn_only_on_a_terminal(records: list[Path]) -> None:
    screen = io.StringIO()
    parallel.replay_records(records, progress=screen)
    drawn = screen.getvalue()
    assert f"{len(records)}/{len(records)} records" in drawn
    assert drawn.endswith("\r")
    assert parallel.terminal() is None  # pytest captures standard error


# --- incidents of races' tracks ----------------------------------------------------------------


@pytest.fixture(scope="module")
def race_tracks(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two simulation races' tracks with their course files beside them, and a copy of the
    first without one."""
    folder = tmp_path_factory.mktemp("tracks")
    paths = []
    for seed in (4, 6):
        path = folder / f"race-{seed}.csv"
        assert main(["play", "--ruleset", "simulation", "--boats", "3", "--seed", str(seed),
                     "-q", "--tracks", str(path)]) == 0
        paths.append(path)
    lone = folder / "lone.csv"
    lone.write_text(paths[0].read_text())
    return [*paths, lone]


def test_incidents_of_races_are_the_same_in_worker_processes(race_tracks: list[Path]) -> None:
    serial = parallel.incidents_many(race_tracks)
    assert [r.status for r in serial] == ["ok", "ok", "invalid"]
    assert "lone.course.yaml" in serial[2].line()
    for r, path in zip(serial, race_tracks[:2], strict=False):
        assert r == parallel.incidents_one(path)
        assert r.incidents and r.boats == 3
    assert parallel.incidents_many(race_tracks, jobs=2) == serial
    total = parallel.summarize_incidents(serial, 0.0)
    assert (total.races, total.invalid) == (3, 1)
    assert total.incidents == sum(len(r.incidents) for r in serial)


def test_incidents_of_races_on_a_dask_cluster_are_the_serial_ones(
        race_tracks: list[Path], scheduler: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert parallel.incidents_many(race_tracks, scheduler=scheduler) == \
        parallel.incidents_many(race_tracks)
    files = list(map(str, race_tracks[:2]))
    assert main(["incidents", "--races", *files, "--json"]) == 0
    here = json.loads(capsys.readouterr().out)
    assert main(["incidents", "--races", *files, "--json", "--scheduler", scheduler]) == 0
    assert json.loads(capsys.readouterr().out) == here


def test_without_dask_incidents_on_a_scheduler_is_one_line_of_error(
        race_tracks: list[Path], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import fails
    assert main(["incidents", "--races", str(race_tracks[0]), "--scheduler",
                 "tcp://127.0.0.1:8786"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "error: --scheduler: a Dask cluster needs the optional extra 'cluster': "
        "pip install 'rightofway[cluster]'"]
