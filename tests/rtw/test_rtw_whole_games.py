"""Whole random races: notation round-trips, records replay, no race ends where the rules forbid."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import positions

from rightofway.cli import main
from rightofway.geometry import Compass
from rightofway.races import RecordError, ReplayMismatch
from rightofway.rtw import Boat, Course, Move, Position, Race
from rightofway.rtw.bots import COURSES, choose_move, random_race
from rightofway.rtw.notation import NotationError, from_notation, notation
from rightofway.rtw.race import Event, record_lines
from rightofway.rtw.record import replay

Played = list[tuple[Move, tuple[Event, ...]]]


def race_to_end(boats: int, seed: int, course: str = "windward-leeward"
                ) -> tuple[Race, Race, Played]:
    first = race = random_race(boats, seed, course=COURSES[course])
    rng = random.Random(seed)
    played: Played = []
    while not race.is_over():
        move = choose_move(race, rng)
        race, events = race.play(move)
        played.append((move, events))
    return first, race, played


def forbidden(race: Race) -> list[str]:
    """What in a race's state the rules do not allow."""
    problems = []
    places = sorted(s.place for _, s in race.boats if s.place is not None)
    if places != list(range(1, len(places) + 1)):
        problems.append(f"finishing places {places}")
    tokens = [s.cover_token for _, s in race.boats if s.cover_token is not None]
    if len(tokens) != len(set(tokens)) or not set(tokens) <= race.position.yellow:
        problems.append("a cover token is not on the board, or two boats share one")
    for b, s in race.boats:
        on_board = race.position.has_boat(b)
        if s.finished and (on_board or s.penalties or s.leg != race.course.legs + 1):
            problems.append(f"{b} finished but is still racing or owes a penalty")
        if not s.finished and not on_board:
            problems.append(f"{b} left the board without finishing")
        if not 0 <= s.leg <= race.course.legs + 1:
            problems.append(f"{b} is on leg {s.leg}")
    for boat in race.position.boats:
        if boat.at in race.position.mark_points:
            problems.append(f"{boat.id} stands on a mark")
    return problems


@settings(max_examples=200, deadline=None)
@given(positions())
def test_notation_round_trips(pos: Position) -> None:
    text = notation(pos)
    assert "\n" not in text
    assert from_notation(text) == pos
    assert notation(from_notation(text)) == text


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("N race", "8 space-separated fields"),
        ("X race - - - - - -", "wind: expected one of"),
        ("N sailing - - - - - -", "phase: expected start, race or final-leg"),
        ("N race A@1,2 - - - - -", "boats[0]: expected id@x,y:HEADING"),
        ("N race A@1,2:NE;B@1,2:SW - - - - -", "two boats cannot share"),
        ("N race - m@0,0:Q - - - -", "marks[0]"),
        ("N race - - 1;2 - - -", "yellow: expected x,y"),
        ("N race - - - - - depth=0", "options: depth"),
    ],
)
def test_bad_notation_names_the_field(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        from_notation(text)


@pytest.mark.parametrize(
    "seeds", [range(5), pytest.param(range(5, 200), marks=pytest.mark.slow)],
    ids=["seeds 0-4", "seeds 5-199"],
)
def test_no_race_ends_in_a_forbidden_state(seeds: range) -> None:
    for seed in seeds:
        boats = 2 + seed % 4
        _, race, _ = race_to_end(boats, seed)
        assert race.is_over()
        assert forbidden(race) == [], f"seed {seed}"


@pytest.mark.parametrize("course", ["windward-gate", "triangle"])
def test_races_on_the_variant_courses_finish_in_allowed_states(course: str) -> None:
    for seed in range(12):
        _, race, played = race_to_end(2 + seed % 3, seed, course)
        assert race.finish_order and forbidden(race) == [], f"{course} seed {seed}"
        marks = {dict(e.data).get("mark") for _, events in played for e in events
                 if e.kind == "rounded"}
        assert marks == ({"windward", "reach", "gate"} if course == "triangle"
                         else {"windward", "gate"})


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 100_000), st.integers(2, 4))
def test_replaying_a_recorded_race_reproduces_it(seed: int, boats: int) -> None:
    first, race, played = race_to_end(boats, seed)
    lines = list(record_lines(first, played))
    replayed = list(replay(lines))
    assert [t.move for t in replayed] == [m for m, _ in played]
    assert [t.events for t in replayed] == [e for _, e in played]
    assert replayed[-1].race == race


def test_play_and_replay_from_the_command_line(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "r.jsonl"
    assert main(["play", "--boats", "5", "--seed", "7", "--record", str(record), "-q"]) == 0
    out = capsys.readouterr().out
    finish = out.splitlines()[0]
    assert finish.startswith("finish: 1. ") and finish.count(". ") == 5
    assert main(["replay", str(record)]) == 0
    replayed = capsys.readouterr().out
    assert "legal and consistent" in replayed
    assert "[RTW 3.7]" in replayed and "finishes in place 1" in replayed


def test_an_altered_move_is_found_and_named(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    first, _, played = race_to_end(3, 11)
    lines = list(record_lines(first, played))
    turn = json.loads(lines[30])
    turn["actions"] = ["A", "A", "A", "A"]
    lines[30] = json.dumps(turn)
    with pytest.raises(ReplayMismatch) as err:
        list(replay(lines))
    assert err.value.turn == 30
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert main(["replay", "-q", str(bad)]) == 1
    assert "turn 30: illegal move" in capsys.readouterr().err


def test_a_wrong_claim_in_a_record_is_found(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    first, _, played = race_to_end(3, 11)
    lines = list(record_lines(first, played))
    turn = json.loads(lines[12])
    turn["events"].append({"kind": "gust", "boat": turn["boat"], "text": "a gust that was not",
                           "cite": "RTW 3.2"})
    lines[12] = json.dumps(turn)
    bad = tmp_path / "claim.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert main(["replay", "-q", str(bad)]) == 1
    assert "turn 12: event 2 is recorded but did not happen: a gust that was not" in \
        capsys.readouterr().err


def test_a_replay_mismatch_names_the_data_that_differs(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    first, _, played = race_to_end(3, 11)
    lines = list(record_lines(first, played))
    turn = json.loads(lines[5])
    turn["events"][0]["to"] = [99, 99]  # the same text, another end point
    lines[5] = json.dumps(turn)
    bad = tmp_path / "data.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    assert main(["replay", "-q", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "turn 5: event 1 (move): to recorded as [99, 99], the rules give" in err


def test_a_record_that_stops_before_the_finish_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, _, played = race_to_end(2, 3)
    path = tmp_path / "short.jsonl"
    path.write_text("\n".join(record_lines(first, played[:30])) + "\n")
    assert main(["replay", "-q", str(path)]) == 1
    assert "stops before the race is over (still racing: " in capsys.readouterr().err
    assert main(["replay", "-q", "--partial", str(path)]) == 0
    assert "30 moves legal and consistent, but the record stops" in capsys.readouterr().out


def _options(setup_line: str, **values: object) -> str:
    setup = json.loads(setup_line)
    setup["options"].update(values)
    return json.dumps(setup)


@pytest.mark.parametrize(
    ("mangle", "fragment"),
    [
        (lambda lines: ["{not json", *lines[1:]], "line 1: not JSON"),
        (lambda lines: [lines[0].replace('"version": 1', '"version": 9'), *lines[1:]],
         "line 1: version"),
        (lambda lines: [*lines[:3], lines[3].replace('"turn": 3', '"turn": 7'), *lines[4:]],
         "line 4: turn 7 follows turn 2"),
        (lambda lines: [], "empty"),
        # values the record's model bounds, not left for the race to refuse deep inside
        (lambda lines: [_options(lines[0], die=["N"] * 720), *lines[1:]],
         "line 1: options.die: List should have at most 100 items"),
        (lambda lines: [_options(lines[0], start_moves=10**7), *lines[1:]],
         "line 1: options.start_moves: Input should be less than or equal to 100000"),
    ],
)
def test_malformed_records_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  mangle: object, fragment: str) -> None:
    first, _, played = race_to_end(2, 3)
    lines = mangle(list(record_lines(first, played[:20])))  # type: ignore[operator]
    path = tmp_path / "m.jsonl"
    path.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert fragment in err and "Traceback" not in err


@settings(max_examples=100, deadline=None)
@given(positions())
def test_positions_round_trip_through_json(pos: Position) -> None:
    data = json.loads(json.dumps(pos.to_json()))
    assert Position.from_json(data) == pos


def test_a_race_saved_as_json_plays_on_exactly_as_the_original() -> None:
    first, _, played = race_to_end(3, 5)
    race = first
    for move, _ in played[:80]:
        race, _ = race.play(move)
    copy = Race.from_json(json.loads(json.dumps(race.to_json())))
    assert copy == race and copy.moves == ()  # a state, without its history
    for move, events in played[80:160]:
        race, mine = race.play(move)
        copy, theirs = copy.play(move)
        assert mine == theirs == events
    with pytest.raises(ValueError, match="turn"):
        Race.from_json({**race.to_json(), "turn": -1})


def test_races_and_rulings_show_themselves_in_notebooks() -> None:
    first, race, played = race_to_end(2, 3)
    assert race._repr_svg_().startswith("<svg") and "race over" in race._repr_svg_()
    ruling = first.ruling(played[0][0])
    assert ruling is not None
    svg = ruling._repr_svg_()
    assert svg is not None and svg.startswith("<svg")


def test_a_saved_race_loads_with_its_history_and_plays_on(tmp_path: Path) -> None:
    first, _, played = race_to_end(3, 5)
    halfway = first
    for move, _ in played[:60]:
        halfway = halfway.push(move)
    path = halfway.save(tmp_path / "race.jsonl")
    back = Race.load(path)
    assert back == halfway and back.moves == halfway.moves and back.start == first
    assert back.pop() == halfway.pop()
    for move, events in played[60:120]:  # the resumed race goes on as the original did
        back, mine = back.play(move)
        assert mine == events
    assert Race.from_record(list(first.record_lines())) == first


def test_a_race_taken_up_or_read_back_saves_its_state(tmp_path: Path) -> None:
    course = Course((0, 0), (4, 0), (2, 30))
    taken_up = Race.new([Boat("A", (10, 5), Compass.NW), Boat("B", (10, 4), Compass.NW)],
                        course, check_setup=False, states={"A": {"leg": 1, "moves": 10},
                                                           "B": {"leg": 1, "moves": 10}})
    race = taken_up.push(Move("A", ("A",))).push(Move("B", ("A",)))
    lines = list(race.record_lines())
    assert "state" in json.loads(lines[0])  # a fresh set-up would not be this race
    back = Race.load(race.save(tmp_path / "taken-up.jsonl"))
    assert back == race and back.moves == race.moves and back.pop().pop() == taken_up
    resumed = Race.from_json(race.to_json()).push(race.legal_moves()[0])
    again = Race.load(resumed.save(tmp_path / "resumed.jsonl"))
    assert again == resumed and again.moves == resumed.moves and again.turn == 3
    fresh = list(Race.new(2, seed=4).record_lines())
    assert "state" not in json.loads(fresh[0])  # the set-up line says it all
    setup = json.loads(lines[0])
    setup["state"]["seed"] = 7  # not the race the rest of the line describes
    with pytest.raises(RecordError, match=r"^line 1: state: the race state is not the race"):
        Race.from_record([json.dumps(setup)])
    setup["state"]["turn"] = "seven"
    with pytest.raises(RecordError, match=r"^line 1: state\.turn: "):
        Race.from_record([json.dumps(setup)])
