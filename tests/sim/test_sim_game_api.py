"""The simulation on the one game API (docs/game-api.rst): moves in notation, legality,
rulings, whole races made, saved, resumed and taken up from JSON, and bad input.

Expectations follow the rulebook (SIM The Start: boats are placed in the starting area;
SIM Turn Sequence) and the conventions of continuous.md, worked out in the comments.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rightofway import sim
from rightofway.errors import IllegalMove, InputError, NotationError
from rightofway.geometry import Tack
from rightofway.positions import UnknownId
from rightofway.races import RecordError, SetupError
from rightofway.sim import bots
from rightofway.sim.race import Progress

# --- moves in notation -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_move_of_a_race_reads_back_from_its_notation(seed: int) -> None:
    race = sim.Race.new(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        for move in race.legal_moves():
            assert sim.Move.parse(str(move)) == move
        race = race.push(bots.choose_move(race, rng))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="AB: TMP-.0123456789x", max_size=20))
def test_move_notation_reads_or_says_what_it_expected(text: str) -> None:
    try:
        move = sim.Move.parse(text)
    except NotationError as e:
        assert "expected" in str(e) or "at most" in str(e) or "ASCII" in str(e)
        return
    assert sim.Move.parse(str(move)) == move


def test_move_notation() -> None:
    m = sim.Move.parse("C: T-145 M4")
    assert m == sim.Move("C", sim.Plan.parse("T-145 M4")) and str(m) == "C: T-145 M4"
    assert sim.Move.parse("  C :T+30  M2.50 ") == sim.Move.parse("C: T30 M2.5")
    assert sim.Move.parse("boat:7: M1").boat == "boat:7"  # the plan follows the last colon
    with pytest.raises(NotationError, match=r"expected '<boat>: <plan>'"):
        sim.Move.parse("C T-145 M4")
    with pytest.raises(NotationError, match=r"expected '<boat>: <plan>'"):
        sim.Move.parse(": M4")
    with pytest.raises(sim.PlanError, match=r"move 'C: M4 X': step 2 'X'"):
        sim.Move.parse("C: M4 X")
    with pytest.raises(TypeError, match=r"^text: "):
        sim.Move.parse(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^plan: "):
        sim.Move("C", "M4")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^boat: "):
        sim.Move("", sim.Plan.parse("M4"))


# --- whole races -------------------------------------------------------------------------------


def test_a_new_race_of_boats_placed_in_the_starting_area() -> None:
    # wind N 11 (initial dice 1, 3): the line from (-5, 0) to (5, 0), the course side North
    placed = [sim.Boat("A", (-2.0, -2.0), 90.0), sim.Boat("B", (2.0, -3.0), 270.0, Tack.PORT)]
    race = sim.Race.new(placed, seed=4, initial=(1, 3), start=1)
    assert race.position.boats == tuple(placed) and race.position.wind == "N"
    assert (race.position.knots, race.position.start_turns_left) == (11, 2)
    # A reaches East on port, B West on starboard: A keeps clear (RRS 10) and moves after
    # B, though she lies to windward (SIM Turn Sequence)
    assert race.to_play == ("B", "A") and race.finish_order == () and race.turn == 0
    # a boat on the course side of the line is not in the starting area
    with pytest.raises(SetupError, match=r"A at \[0, 2\] is on the course side.*SIM The Start"):
        sim.Race.new([sim.Boat("A", (0.0, 2.0), 90.0), placed[1]], seed=4, initial=(1, 3))
    with pytest.raises(SetupError, match=r"^boats\[1\]: expected a Boat"):
        sim.Race.new([placed[0], "B"], seed=4)  # type: ignore[list-item]
    with pytest.raises(SetupError, match=r"touches or crosses"):
        sim.Race.new([placed[0], sim.Boat("B", (-2.2, -2.0), 90.0)], seed=4, initial=(1, 3))
    for bad in (1, 11, [placed[0]], True, "AB"):
        with pytest.raises(SetupError, match=r"^boats: "):
            sim.Race.new(bad, seed=4)  # type: ignore[arg-type]


def test_the_course_of_a_new_race() -> None:
    c = sim.Course.triangle("N")
    race = sim.Race.new(2, c, seed=1, initial=(1, 2))  # the first wind is from N
    assert race.course == c == sim.Race.new(2, "triangle", seed=1, initial=(1, 2)).course
    with pytest.raises(SetupError, match=r"laid for a wind from N, but the first wind blows "
                                         r"from E \(SIM The Course\)"):
        sim.Race.new(2, c, seed=1, initial=(3, 2))
    with pytest.raises(SetupError, match=r"^course: expected 'triangle' or a Course"):
        sim.Race.new(2, "windward-leeward", seed=1)
    with pytest.raises(TypeError, match=r"^options: "):
        sim.Race.new(2, seed=1, options={"leg": 10})  # type: ignore[arg-type]
    with pytest.raises(SetupError, match=r"^seed: "):
        sim.Race.new(2, seed=1.5)  # type: ignore[arg-type]


def test_a_race_without_a_seed_draws_one_and_keeps_it_for_its_record() -> None:
    race = sim.Race.new(2)
    assert isinstance(race.seed, int)
    again = sim.Race.new(2, seed=race.seed)
    assert again == race


def test_the_moves_a_race_offers() -> None:
    race = sim.Race.new(3, seed=2)
    who = race.to_move
    assert who is not None
    offered = race.legal_moves()
    assert offered and all(m.boat == who for m in offered)
    assert race.legal_moves(who) == offered
    safe = race.safe_moves()
    assert safe and set(safe) <= set(offered)
    for move in safe:  # none of them costs a penalty turn
        assert race.play(move)[0].boat_progress(who).penalties == 0
    other = next(b for b in race.position.boat_ids if b != who)
    assert race.legal_moves(other) and all(m.boat == other for m in race.legal_moves(other))
    with pytest.raises(UnknownId, match="no boat 'Z'"):
        race.legal_moves("Z")
    with pytest.raises(TypeError, match=r"^move: "):
        race.play(("A", "M1"))  # type: ignore[arg-type]


def test_safe_moves_leave_out_the_moves_that_cost_a_penalty_turn() -> None:
    from dataclasses import replace

    # wind N 10: A on port reaching at (-4, 4.5), B on starboard at (0, 5): A keeps clear
    # of B (RRS 10), and her straight run M7 passes 0.5 from B's centre
    race = sim.Race.new(2, seed=1, initial=(1, 2), start=1)
    pos = replace(race.position, boats=(sim.Boat("A", (-4.0, 4.5), 90.0),
                                        sim.Boat("B", (0.0, 5.0), 315.0)))
    race = replace(race, position=pos, to_play=("A", "B"))
    run = sim.Move.parse("A: M7")
    assert run in race.legal_moves() and run not in race.safe_moves()
    assert race.play(run)[0].boat_progress("A").penalties == 1
    assert len(race.safe_moves()) < len(race.legal_moves())


def test_a_race_stopped_by_its_round_limit_says_so() -> None:
    race = sim.Race.new(2, seed=3, options=sim.RaceOptions(max_rounds=1))
    while not race.is_over():
        race = race.push(race.legal_moves()[0])
    assert race.turn == 2 and race.to_move is None and race.legal_moves() == []
    result = race.result()
    assert result.over and result.finish_order == () and result.winner is None
    assert result.reason == ("the race stopped at its limit of 1 rounds (option max_rounds) "
                             "with 0 of 2 boats finished") and result.cite is None
    with pytest.raises(IllegalMove, match="the race is over"):
        race.play(sim.Move.parse("A: M7"))


def test_a_finished_race_names_its_winner() -> None:
    race = bots.random_race(2, 5)
    rng = random.Random(5)
    assert race.result().reason == "the race goes on after 0 moves"
    while not race.is_over():
        race = race.push(bots.choose_move(race, rng))
    result = race.result()
    assert result.over and result.winner == race.finish_order[0]
    assert result.reason == "every boat has finished" and str(result.cite) == "SIM The Course"
    assert race.legal_moves("A") == []  # she has finished


def test_a_race_saved_is_resumed_and_played_on(tmp_path: Path) -> None:
    race = bots.random_race(3, 7)
    rng = random.Random(7)
    for _ in range(8):
        race = race.push(bots.choose_move(race, rng))
    path = race.save(tmp_path / "race.jsonl")
    resumed = sim.Race.load(path)
    assert resumed == race and resumed.moves == race.moves and resumed.position == race.position
    assert resumed.pop().moves == race.moves[:-1] and resumed.start == race.start
    setup = json.loads(path.read_text().splitlines()[0])
    assert "state" not in setup  # the dice's own set-up: the record says no more
    move = bots.choose_move(resumed, random.Random(1))
    assert resumed.push(move).position == race.push(move).position


def test_boats_placed_by_hand_are_saved_with_their_race(tmp_path: Path) -> None:
    placed = [sim.Boat("A", (-2.0, -2.0), 90.0), sim.Boat("B", (2.0, -3.0), 270.0)]
    race = sim.Race.new(placed, seed=4, initial=(1, 3))
    for _ in range(3):
        race = race.push(race.safe_moves()[0])
    path = race.save(tmp_path / "placed.jsonl")
    lines = path.read_text().splitlines()
    setup = json.loads(lines[0])
    assert setup["boats"] == 2 and setup["state"]["position"]["boats"][0]["at"] == [-2.0, -2.0]
    resumed = sim.Race.load(path)
    assert resumed == race and resumed.start.position.boats == tuple(placed)
    # a state that does not hold the boats the set-up counts is refused
    setup["boats"] = 3
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([json.dumps(setup), *lines[1:]]) + "\n")
    with pytest.raises(RecordError, match=r"^line 1: boats: the state holds 2 boats"):
        sim.Race.load(bad)


def test_a_race_taken_up_from_json(tmp_path: Path) -> None:
    race = bots.random_race(3, 2)
    rng = random.Random(2)
    for _ in range(7):
        race = race.push(bots.choose_move(race, rng))
    data = json.loads(json.dumps(race.to_json()))
    again = sim.Race.from_json(data)
    assert again == race and again.moves == () and again.turn == 0
    move = bots.choose_move(again, random.Random(3))
    played = again.push(move)
    assert played.position == race.push(move).position
    # its record starts from the state it was taken up in
    resumed = sim.Race.load(played.save(tmp_path / "r.jsonl"))
    assert resumed == played and resumed.moves == (move,)


def _race_json() -> dict[str, Any]:
    race = bots.random_race(2, 1)
    data: dict[str, Any] = json.loads(json.dumps(race.push(race.legal_moves()[0]).to_json()))
    return data


@pytest.mark.parametrize(("change", "where"), [
    (lambda d: d.update(round=0), r"^round: "),
    (lambda d: d["progress"].pop("A"), r"^progress: expected each boat"),
    (lambda d: d.update(to_play=["Z"]), r"^to_play\[0\]: 'Z' is not a boat still racing"),
    (lambda d: d.update(to_play=[]), r"^to_play: a race that goes on has a boat to move"),
    (lambda d: d.update(finish_order=["A"]), r"^finish_order: expected the boats"),
    (lambda d: d["progress"]["A"].update(next_mark=4), r"^progress\.A\.next_mark: the course"),
    (lambda d: d["position"]["boats"][1].update(at=d["position"]["boats"][0]["at"]),
     r"^position\.boats\[1\]\.at: boat B's hull touches"),
    (lambda d: d["position"]["options"].update(hull_length=2.0),
     r"^position\.options\.hull_length: the race's hull_length is 1"),
    (lambda d: d["course"].update(line=[[0, 0], [0, 0]]), r"^course: "),
    (lambda d: d.update(ruleset="rrs"), r"^ruleset: "),
    (lambda d: d.pop("dice"), r"^dice: "),
])
def test_a_race_of_bad_json_is_refused_naming_the_field(change: Any, where: str) -> None:
    data = _race_json()
    change(data)
    with pytest.raises(InputError, match=where):
        sim.Race.from_json(data)


def test_a_race_draws_itself() -> None:
    race = bots.random_race(2, 1)
    svg = race.svg()
    assert svg.startswith("<svg") and svg == race._repr_svg_() == race.position.svg()


# --- positions ---------------------------------------------------------------------------------


def test_a_position_carries_its_hull_length_through_json() -> None:
    pos = sim.Position("E", 12, (sim.Boat("A", (2.0, 0.0), 0.0),
                                 sim.Boat("B", (5.0, 0.0), 10.0)), hull_length=2.0)
    data = pos.to_json()
    assert data["options"] == {"hull_length": 2.0}
    assert sim.Position.from_json(data) == pos
    del data["options"]  # the option's default: a hull one unit long
    assert sim.Position.from_json(data).hull_length == 1.0
    data["boats"][1].update(at=[2.0, 0.9], heading=0.0)  # her stern on A's bow
    with pytest.raises(InputError, match=r"^boats\[1\]\.at: boat B's hull touches"):
        sim.Position.from_json(data)
    data["options"] = {"hull_length": 0}
    with pytest.raises(InputError, match=r"^options\.hull_length: "):
        sim.Position.from_json(data)
    svg = pos.svg()
    assert svg.startswith("<svg") and svg == pos._repr_svg_() and "a hull is 2 units" in svg


# --- bad input at the API ----------------------------------------------------------------------

POSITION = sim.Position("N", 10, (sim.Boat("A", (-4.0, 4.5), 90.0),
                                  sim.Boat("B", (0.0, 5.0), 315.0)))
ODD = st.one_of(
    st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=True),
    st.sampled_from(["", "A", "Z", " A", "A: M7", "M7", "T-30 M4"]), st.text(max_size=4),
    st.tuples(st.sampled_from(["A", "B", "Z"]), st.sampled_from(["M7", "T", ""])),
    st.builds(sim.Move, st.sampled_from(["A", "B", "Z"]),
              st.sampled_from([sim.Plan.parse(p) for p in ("M7", "T-45 M6", "P", "")])),
    st.just(sim.Protest("A", "B")), st.just(object()), st.just({}),
)


def _only_clear_errors(call: Any) -> None:
    try:
        call()
    except (ValueError, TypeError) as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"


@settings(max_examples=150, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(ODD, ODD)
def test_the_api_refuses_odd_values_with_a_clear_error(a: Any, b: Any) -> None:
    for fn in (sim.legality, sim.is_legal, sim.apply, sim.adjudicate):
        _only_clear_errors(lambda fn=fn: fn(POSITION, a))
    _only_clear_errors(lambda: sim.adjudicate(POSITION, sim.Move.parse("A: M7"), a))
    _only_clear_errors(lambda: sim.legal_moves(POSITION, a))
    _only_clear_errors(lambda: sim.right_of_way(POSITION, a, b))
    _only_clear_errors(lambda: sim.engagement_graph(a))
    _only_clear_errors(lambda: sim.Position.from_json(a))
    _only_clear_errors(lambda: sim.Race.from_json(a))
    _only_clear_errors(lambda: sim.Race.new(a, seed=1))
    _only_clear_errors(lambda: sim.Move.parse(a))


def test_a_race_progress_is_plain() -> None:
    assert Progress() == Progress(False, False, 0, False, 0)
    assert math.isclose(sim.Race.new(2, seed=1).options.leg, 20.0)


@settings(max_examples=300, deadline=None)
@given(st.floats(-2.2, 2.2), st.floats(-2.2, 2.2), st.integers(0, 71),
       st.sampled_from([0.5, 1.0, 2.0]))
@example(0.0, 1.0, 0, 2.0)  # bow to stern, end to end
@example(0.0, 1.0 + 0.9e-6, 0, 2.0)  # within the tolerance
@example(0.0, 1.0 + 2e-6, 0, 2.0)  # just apart
@example(1.0, 0.0, 0, 1.0)  # side by side, a hull's length apart
def test_touching_is_what_a_position_refuses(x: float, y: float, turn: int,
                                             length: float) -> None:
    """The fast test a move's end is put to (Position.touching) refuses exactly the hulls
    a position refuses (RRS 14), end to end and side by side included."""
    from rightofway.positions import PositionError

    pos = sim.Position("N", 10, (sim.Boat("A", (0.0, 0.0), 0.0),
                                 sim.Boat("B", (9.0, 9.0), 45.0)), hull_length=length)
    moved = sim.Boat("B", (x * length, y * length), turn * 5.0)
    try:
        pos.with_boat(moved)
        refused = False
    except PositionError:
        refused = True
    assert (pos.touching(moved) == "A") == refused
