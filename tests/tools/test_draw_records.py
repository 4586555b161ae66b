"""``rightofway draw RECORD`` draws a game record's final position, and with ``--track``
every boat's track through the race behind the final hulls, for every ruleset that writes
records; a record that cannot be read, or that the rules do not bear out, is one line of
error and exit status 2, as for every other bad input."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from rightofway import parallel, tracks
from rightofway.cli import main
from rightofway.errors import Unsupported
from rightofway.races import Race

GAMES = ("race-the-wind", "vector-game", "americas-cup", "simulation")
GRID = ("race-the-wind", "vector-game", "americas-cup")
NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A whole race of three bots of each game, as ``play --record`` writes it."""
    folder = tmp_path_factory.mktemp("records")
    out = {}
    for game in GAMES:
        summary = parallel.play_one(game, 3, 2, record=True)
        assert summary.record is not None and summary.moves > 20
        path = folder / f"{game}.jsonl"
        path.write_text("\n".join(summary.record) + "\n", encoding="utf-8")
        out[game] = path
    return out


def replayed(path: Path) -> list[Any]:
    """Every turn of a record, replayed."""
    turns: list[Any] = []
    result = parallel.replay_one(path, on_turn=turns.append)
    assert result.status == "ok", result.line()
    return turns


def drawn(args: list[str], capsys: pytest.CaptureFixture[str]) -> ET.Element:
    assert main(["draw", *args]) == 0
    out = capsys.readouterr().out
    return ET.fromstring(out)


def with_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


@pytest.mark.parametrize("game", [pytest.param(g, marks=pytest.mark.slow)
                                  if g == "race-the-wind" else g for g in GAMES])
def test_a_record_is_drawn_as_its_race_stands_at_the_end(
        game: str, records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    final = replayed(records[game])[-1].race
    root = drawn([str(records[game])], capsys)
    assert root.tag == f"{NS}svg"
    assert ET.tostring(root, encoding="unicode") == \
        ET.tostring(ET.fromstring(final.svg()), encoding="unicode")
    assert with_class(root, "track") == []


@pytest.mark.parametrize("game", GAMES)
def test_with_track_every_boat_s_track_is_drawn_behind_the_hulls(
        game: str, records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    turns = replayed(records[game])
    start, final = turns[0].before, turns[-1].race
    root = drawn([str(records[game]), "--track"], capsys)
    lines = with_class(root, "track")
    assert {g.get("data-boat") for g in lines} == set(start.position.boat_ids)
    order = list(root.iter())
    hulls = [order.index(e) for e in with_class(root, "boat")]
    assert len(hulls) == len(final.position.boats)
    assert all(order.index(g) < min(hulls, default=len(order)) for g in lines)
    width, height = float(root.get("width", 0)), float(root.get("height", 0))
    for g in lines:
        (polyline,) = g.iter(f"{NS}polyline")
        points = [tuple(map(float, p.split(","))) for p in polyline.get("points", "").split()]
        assert len(points) > len(turns) // (2 * len(lines))
        assert all(0 <= x <= width and 0 <= y <= height for x, y in points)
        assert len(list(g.iter(f"{NS}circle"))) == 1  # where she started
    # a boat that has left the water (finished) ends her track in a square
    gone = [b for b in start.position.boat_ids
            if b not in {x.id for x in final.position.boats
                         if not getattr(x, "finished", False)}]
    ends = [g.get("data-boat") for g in lines if with_class(g, "track-end")]
    assert sorted(ends) == sorted(gone)
    assert any(e.text == "tracks" for e in root.iter(f"{NS}text"))  # in the legend


@pytest.mark.parametrize("game", GAMES)
def test_a_track_holds_every_place_the_boat_stood_in_order(
        game: str, records: dict[str, Path]) -> None:
    turns = replayed(records[game])
    final = turns[-1].race
    found = tracks.of_race(final)
    for bid in turns[0].before.position.boat_ids:
        places = [turns[0].before.position.boat(bid).at]
        places += [t.race.position.boat(bid).at for t in turns
                   if bid in t.race.position.boat_ids]
        distinct = [p for i, p in enumerate(places) if i == 0 or p != places[i - 1]]
        assert list(found[bid]) == distinct


@pytest.mark.parametrize("game", GRID)
def test_a_grid_game_s_track_passes_every_intersection_of_its_moves(
        game: str, records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    root = drawn([str(records[game]), "--track"], capsys)
    final = replayed(records[game])[-1].race
    for g in with_class(root, "track"):
        (polyline,) = g.iter(f"{NS}polyline")
        points = [tuple(map(float, p.split(","))) for p in polyline.get("points", "").split()]
        steps = {max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a, b in pairwise(points)}
        # one intersection a step: the steps are all one grid unit across or up
        assert len({round(s, 1) for s in steps}) == 1, (g.get("data-boat"), steps)
    assert final.is_over()


def test_the_simulation_s_track_follows_each_plotted_plan(records: dict[str, Path]) -> None:
    """A plan of several legs adds the points where the boat turned, not only where her
    turn ended."""
    turns = replayed(records["simulation"])
    final = turns[-1].race
    plain = tracks.of_race(final)
    svg = ET.fromstring(final.svg(tracks=True))
    for g in with_class(svg, "track"):
        (polyline,) = g.iter(f"{NS}polyline")
        assert len(polyline.get("points", "").split()) > len(plain[g.get("data-boat", "")])


def test_a_race_draws_its_tracks_so_far_and_a_game_without_tracks_says_so(
        records: dict[str, Path]) -> None:
    final = replayed(records["vector-game"])[-1].race
    earlier = final
    for _ in range(len(final.moves) // 2):
        earlier = earlier.pop()
    assert [len(t) for t in tracks.of_race(earlier).values()] < \
        [len(t) for t in tracks.of_race(final).values()]
    assert 'class="track"' in earlier.svg(tracks=True)
    assert 'class="track"' not in earlier.svg()

    class Plain(Race[Any]):
        __slots__ = ()

        def _repr_svg_(self) -> str:
            return "<svg/>"

    assert Plain().svg() == "<svg/>"
    with pytest.raises(Unsupported, match="Plain draws no tracks"):
        Plain().svg(tracks=True)


def test_a_record_of_no_moves_draws_the_set_up(records: dict[str, Path], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    setup = records["race-the-wind"].read_text(encoding="utf-8").splitlines()[0]
    only = tmp_path / "setup.jsonl"
    only.write_text(setup + "\n", encoding="utf-8")
    boats = replayed(records["race-the-wind"])[0].before.position.boat_ids
    root = drawn([str(only), "--track"], capsys)
    assert [g.get("data-boat") for g in with_class(root, "track")] == list(boats)
    assert len(with_class(root, "track-start")) == len(boats)
    assert with_class(root, "track-end") == []
    assert with_class(root, "boat") != []


def _error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["draw", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, lines
    return lines[0]


def test_a_bad_or_truncated_record_is_one_line_naming_file_line_and_field(
        records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = records["vector-game"].read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.jsonl"  # the file ends in the middle of its fifth line
    cut.write_text("\n".join(lines[:4]) + "\n" + lines[4][: len(lines[4]) // 2],
                   encoding="utf-8")
    said = _error([str(cut), "--track"], capsys)
    assert said.startswith(f"error: {cut}: line 5: ") and "JSON" in said
    move = json.loads(lines[3])
    del move["vector"]
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join([*lines[:3], json.dumps(move), *lines[4:]]) + "\n",
                     encoding="utf-8")
    said = _error([str(short)], capsys)
    assert said.startswith(f"error: {short}: line 4: ") and "vector" in said
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert "line 1" in _error([str(empty)], capsys)
    assert "cannot read" in _error([str(tmp_path / "missing.jsonl")], capsys)


def test_a_record_the_rules_do_not_bear_out_is_refused(
        records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = records["race-the-wind"].read_text(encoding="utf-8").splitlines()
    move = json.loads(lines[2])
    move["boat"] = move["boat"] + "x"
    wrong = tmp_path / "wrong.jsonl"
    wrong.write_text("\n".join([*lines[:2], json.dumps(move), *lines[3:]]) + "\n",
                     encoding="utf-8")
    said = _error([str(wrong), "--track"], capsys)
    assert said.startswith(f"error: {wrong}: ") and ("turn 2" in said or "line 3" in said)


def test_options_for_scenarios_and_for_records_are_kept_apart(
        records: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    record = str(records["simulation"])
    assert "--layers" in _error([record, "--layers", "claims"], capsys)
    assert "--size" in _error([record, "--size", "300"], capsys)
    said = _error(["rtw-fig09-starboard-free-point", "--track"], capsys)
    assert said.startswith("error: --track: ") and "scenario" in said
    root = drawn(["rtw-fig09-starboard-free-point", "--size", "300"], capsys)
    assert root.get("width") == "600"  # two panels of 300


def test_a_record_is_known_by_its_set_up_line_whatever_its_name(
        records: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    renamed = tmp_path / "race.txt"
    renamed.write_text(records["americas-cup"].read_text(encoding="utf-8"), encoding="utf-8")
    root = drawn([str(renamed), "--track"], capsys)
    assert len(with_class(root, "track")) == 3


def test_the_drawing_is_written_to_a_file(records: dict[str, Path], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "race.svg"
    assert main(["draw", str(records["race-the-wind"]), "--track", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    assert len(with_class(ET.fromstring(out.read_text(encoding="utf-8")), "track")) == 3
