"""Whole Vector Game races: repairs, constructors, marks and roundings, the start and the
finish, undo, the notation, game records and JSON."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import vg_positions

from rightofway import vg
from rightofway.explain import Citation
from rightofway.races import Event, IllegalMove, RecordError, ReplayMismatch, SetupError
from rightofway.vg import Boat, Mark, Move, Position, Vector
from rightofway.vg.race import COMPASS_NAMES, Course, Race, RaceOptions

V = Vector.parse


def play_all(race: Race, *moves: tuple[str, str | None]) -> tuple[Race, list[Event]]:
    """Play ``(boat, vector text or None)`` moves in turn; every event they caused."""
    seen: list[Event] = []
    for boat, vector in moves:
        race, events = race.play(Move(boat, vector))
        seen.extend(events)
    return race, seen


def bot_race(boats: int, seed: int, **kw: object) -> Race:
    race = vg.random_race(boats, seed, **kw)  # type: ignore[arg-type]
    rng = random.Random(seed)
    while not race.is_over():
        race, _ = race.play(vg.choose_move(race, rng))
    return race


# --- the kernel: repairs, stopping, illegal moves, constructors -------------------------------


def test_a_grounded_boat_repairs_for_two_turns_then_sails_again() -> None:
    pos = Position((Boat("A", (10, 10), V("1U:2S")),), islands={(8, 11)},
                   start_line=((2, 3), (8, 3)), turn=7)
    grounded = vg.apply(pos, Move("A", "1U:3S"))  # meets the island at (8, 11)
    assert grounded.boat("A") == Boat("A", (9, 10), None, 2)
    assert vg.legal_moves(grounded, "A") == [Move.stand("A")]
    with pytest.raises(IllegalMove, match="repairing") as err:
        vg.apply(grounded, Move("A", "1S"))
    assert err.value.cite == Citation("VG", "I", joiner="-")
    first = vg.apply(grounded, Move.stand("A"))
    assert first.boat("A").lost_turns == 1 and vg.legal_moves(first, "A") == [Move.stand("A")]
    second = vg.apply(first, Move.stand("A"))
    assert second.boat("A") == Boat("A", (9, 10), None, 0)
    # From rest again, far from the start line: 1S or 1P (VG-S1 only judges a first move).
    assert {str(m) for m in vg.legal_moves(second, "A")} == {"A 0U:1S", "A 0U:1P"}
    assert vg.apply(second, Move("A", "1P")).boat("A") == Boat("A", (10, 10), V("0U:1P"))
    with pytest.raises(IllegalMove, match="may not stand still") as err:
        vg.apply(second, Move.stand("A"))
    assert str(err.value.cite) == "VG-M2"


def test_a_boat_with_no_legal_move_stops_and_starts_again_from_rest() -> None:
    pinned = Position((Boat("A", (4, 2)), Boat("B", (5, 2)), Boat("C", (6, 2))))
    assert vg.legal_moves(pinned, "B") == [Move.stand("B")]  # 1S lands on A, 1P on C (VG-GW5)
    ruling = vg.adjudicate(pinned, Move.stand("B"))
    assert ruling.legal and "no legal move" in ruling.steps[0].text
    stopped = vg.apply(pinned, Move.stand("B"))
    assert stopped.boat("B") == Boat("B", (5, 2))  # still at rest: next time 1S or 1P
    assert str(Move.stand("B")) == "B (stands still)"
    assert Move.parse("B (stands still)") == Move.stand("B")


def test_an_illegal_move_raises_illegal_move_citing_the_first_rule_broken() -> None:
    pos = Position((Boat("A", (5, 5), V("2U:2S")),))
    move = Move("A", "2U:1S")
    with pytest.raises(IllegalMove) as err:
        vg.apply(pos, move)
    assert isinstance(err.value, ValueError)
    assert err.value.move == move and str(err.value.cite) == "VG-M3"
    assert err.value.reason.startswith("breaks VG-M3: 2U:1S after 2U:2S: upwind")


def test_constructors_convert_the_obvious() -> None:
    b = Boat("A", [3, 4], "2U:2S")  # type: ignore[arg-type]
    assert b == Boat("A", (3, 4), Vector(2, 2, "S"))
    assert Move("A", "3D:0P").vector == Vector(-3, 0, "P")
    pos = Position([b], board=[10, 10], islands=[[1, 1]],  # type: ignore[arg-type]
                   start_line=[[0, 2], [4, 2]], turn_order=["A"],  # type: ignore[arg-type]
                   marks=[Mark("m", [6, 6], "P")])  # type: ignore[arg-type,list-item]
    assert pos == Position((b,), (10, 10), frozenset({(1, 1)}), ((0, 2), (4, 2)), 0, ("A",),
                           (Mark("m", (6, 6), "P"),))


@pytest.mark.parametrize(("build", "error", "message"), [
    (lambda: Boat("A", (1, 2), 5), TypeError, r"^vector: expected a Vector"),
    (lambda: Boat("A", (1, 2), "2X"), ValueError, r"^vector: '2X' is not a vector"),
    (lambda: Boat("", (1, 2)), ValueError, r"^id: "),
    (lambda: Boat(7, (1, 2)), TypeError, r"^id: "),
    (lambda: Boat("A", (1.5, 2)), TypeError, r"^at: "),
    (lambda: Boat("A", (1, 2), lost_turns=3), ValueError, r"^lost_turns: "),
    (lambda: Boat("A", (1, 2), lost_turns="2"), TypeError, r"^lost_turns: "),
    (lambda: Move(None, "1S"), TypeError, r"^boat: "),
    (lambda: Move("A", 1), TypeError, r"^vector: "),
    (lambda: Move("A", "1X"), ValueError, r"^vector: "),
    (lambda: Vector(1.0, 1, "S"), TypeError, r"^along: "),
    (lambda: Vector(1, "1", "S"), TypeError, r"^cross: "),
    (lambda: Vector(1, -1, "S"), ValueError, r"^cross: "),
    (lambda: Vector(1, 1, "X"), ValueError, r"^side: "),
    (lambda: Mark("m", (1, 1), "L"), ValueError, r"^side: "),
    (lambda: Position("A"), TypeError, r"^boats: "),
    (lambda: Position(((1, 2),)), TypeError, r"^boats\[0\]: "),
    (lambda: Position((), board=(0, 4)), ValueError, r"^board: "),
    (lambda: Position((), board=(4,)), TypeError, r"^board: "),
    (lambda: Position((), islands=5), TypeError, r"^islands: "),
    (lambda: Position((), islands=[(1, "2")]), TypeError, r"^islands: "),
    (lambda: Position((), start_line=(1, 2)), TypeError, r"^start_line: "),
    (lambda: Position((), turn=-1), ValueError, r"^turn: "),
    (lambda: Position((), turn="1"), TypeError, r"^turn: "),
    (lambda: Position((), turn_order="AB"), TypeError, r"^turn_order: "),
])
def test_constructors_name_the_field_they_reject(build: object, error: type[Exception],
                                                 message: str) -> None:
    with pytest.raises(error, match=message):
        build()  # type: ignore[operator]


# --- marks ----------------------------------------------------------------------------------


def test_marks_stand_clear_and_no_path_crosses_one() -> None:
    a = Boat("A", (5, 5), V("0U:2P"))
    with pytest.raises(vg.PositionError, match="island") as err:
        Position((a,), islands={(7, 5)}, marks=(Mark("m", (7, 5), "S"),))
    assert err.value.path == ("marks", 0, "at")
    with pytest.raises(vg.PositionError, match="stands on boat A"):
        Position((a,), marks=(Mark("m", (5, 5), "S"),))
    with pytest.raises(vg.PositionError, match="off the page"):
        Position((a,), board=(8, 8), marks=(Mark("m", (9, 5), "S"),))
    pos = Position((a,), marks=(Mark("m", (6, 5), "S"),))
    assert vg.violations(pos, Move("A", "0U:2P")) == ("VG-C3",)
    assert Move("A", "0U:2P") not in vg.legal_moves(pos, "A")
    assert pos.mirrored().marks == (Mark("m", (-6, 5), "P"),)


# --- races: set-up, turns, the start ----------------------------------------------------------

LINE = ((8, 2), (12, 2))
ONE_MARK = Course((24, 24), LINE, (Mark("M", (10, 10), "S"),))


def test_a_course_is_checked_citing_the_course_rule() -> None:
    marks = (Mark("1", (10, 12), "S"), Mark("2", (16, 8), "P"))
    for kwargs, fragment in [
        ({"marks": (Mark("1", (10, 2), "S"),)}, "on the start line"),
        ({"marks": (Mark("1", (0, 12), "S"),)}, "needs open water"),
        ({"marks": (Mark("1", (10, 12), "S"),), "islands": frozenset({(11, 13)})},
         "needs open water"),
        ({"marks": marks, "order": ("1", "3")}, "no mark '3'"),
        ({"marks": marks, "order": ("1", "1", "2")}, "twice in a row"),
        ({"marks": marks, "order": ("1", "2", "1"), "laps": 2}, r"twice in a row \(across"),
        ({"marks": ()}, "at least one mark"),
    ]:
        with pytest.raises(SetupError, match=fragment) as err:
            Course((24, 24), LINE, **kwargs)  # type: ignore[arg-type]
        assert str(err.value.cite) == "VG-C1"


def test_boats_begin_at_rest_one_square_below_the_line() -> None:
    with pytest.raises(SetupError, match="one square downwind") as err:
        Race.new([Boat("A", (9, 1)), Boat("B", (11, 0))], ONE_MARK)
    assert str(err.value.cite) == "VG-S1"
    with pytest.raises(SetupError, match="at rest") as err:
        Race.new([Boat("A", (9, 1), V("0U:1S"))], ONE_MARK)
    assert str(err.value.cite) == "VG-S3"


def test_turns_rotate_and_the_start_waits_for_the_fifth_turn() -> None:
    race = Race.new([Boat("A", (9, 1)), Boat("B", (12, 1))], ONE_MARK)
    assert race.to_move == "A" and race.position.turn_order == ("A", "B")
    with pytest.raises(IllegalMove, match="A's turn") as err:
        race.play(Move("B", "1S"))
    assert str(err.value.cite) == "VG-C4"
    race, events = race.play(Move("A", "1P"))
    assert [e.kind for e in events] == ["move"] and str(events[0].cite) == "VG-M1"
    assert race.position.turn_order == ("B", "A") and race.position.turn == 0
    race, _ = race.play(Move("B", "1P"))
    assert race.position.turn == 1  # the boat to move, A, has completed one turn
    # A at (10, 1) on 0U:1P may not touch the line before its fifth turn (VG-S2).
    assert all(m.vector is None or m.vector.along <= 0 for m in race.legal_moves("A"))
    with pytest.raises(IllegalMove, match="VG-S2"):
        race.play(Move("A", "1U:1P"))
    race, _ = play_all(race, ("A", "1D:1P"), ("B", "1D:1P"), ("A", "0U:1P"), ("B", "0U:1P"),
                       ("A", "1U:1S"), ("B", "0U:1P"))  # A tacks in its fourth turn
    assert race.state("A").moves == 4 and race.position.boat("A").at == (11, 1)
    race, events = race.play(Move("A", "1U:1S"))  # its fifth turn: onto the line at (10, 2)
    assert [e.kind for e in events] == ["move"] and race.next_mark("A") == "start"
    race, _ = race.play(Move("B", "0U:1P"))
    race, events = race.play(Move("A", "1U:1S"))  # off it to the North: started
    assert [e.kind for e in events] == ["move", "started"]
    assert str(events[1].cite) == "VG-S2" and race.next_mark("A") == "M"


# --- rounding a mark (VG-C1) ------------------------------------------------------------------


def at_mark(boat: Boat, course: Course = ONE_MARK) -> Race:
    """A one-boat race taken up on the leg to the course's first mark."""
    return Race.new([boat], course, check_setup=False, states={boat.id: {"leg": 1, "moves": 9}})


def test_the_rays_follow_the_course() -> None:
    r = ONE_MARK.roundings[0]
    assert (COMPASS_NAMES[r.far], COMPASS_NAMES[r.leave]) == ("N", "E")  # up, round, back down
    assert r.describe() == "mark M to starboard, clockwise: across its N ray, then its E ray"
    course = vg.DEFAULT_COURSE
    assert [(COMPASS_NAMES[r.far], COMPASS_NAMES[r.leave]) for r in course.roundings] == [
        ("N", "NE"), ("E", "SE"), ("S", "SW"), ("NW", "NE")]


def test_over_the_top_and_down_the_far_side_rounds_the_mark() -> None:
    race = at_mark(Boat("A", (9, 12), V("0U:1P")))
    race, events = play_all(race, ("A", "0U:1P"), ("A", "0U:1P"))  # over the top, W to E
    assert race.state("A").far == 1 and "rounded" not in [e.kind for e in events]
    race, events = play_all(race, ("A", "1D:1P"), ("A", "1D:1P"))
    assert "rounded" not in [e.kind for e in events]
    race, events = race.play(Move("A", "1D:1P"))  # leaves the E ray's row at (13, 10)
    rounded = [e for e in events if e.kind == "rounded"]
    assert [e.text for e in rounded] == ["A rounded mark M to starboard and sails for the finish"]
    assert str(rounded[0].cite) == "VG-C1" and dict(rounded[0].data) == {"mark": "M", "leg": 2}
    assert race.next_mark("A") == "finish"


def test_passing_the_mark_and_coming_back_is_no_rounding() -> None:
    race = at_mark(Boat("A", (9, 12), V("0U:1P")))
    race, _ = play_all(race, ("A", "0U:1P"), ("A", "0U:1P"))
    assert race.state("A").far == 1
    race, events = play_all(race, ("A", "1U:1S"), ("A", "1U:1S"))  # tacks and comes back
    assert race.state("A").far == 0 and "rounded" not in [e.kind for e in events]
    # Over the top again, then down the far side: now it rounds.
    race, events = play_all(race, ("A", "1U:1P"), ("A", "1U:1P"), ("A", "0U:1P"),
                            ("A", "1D:1P"), ("A", "1D:1P"), ("A", "2D:1P"), ("A", "2D:1P"))
    assert race.position.boat("A").at == (16, 10) and "rounded" not in [e.kind for e in events]
    race, events = race.play(Move("A", "2D:1P"))  # leaves the E ray's row, East of the mark
    assert [e.kind for e in events] == ["move", "rounded"]


def test_going_round_the_wrong_way_is_no_rounding() -> None:
    race = at_mark(Boat("A", (11, 12), V("0U:1S")))
    race, events = play_all(race, ("A", "0U:1S"), ("A", "0U:1S"))  # over the top, E to W
    assert race.state("A").far == -1
    race, events = play_all(race, ("A", "1D:1S"), ("A", "1D:1S"), ("A", "1D:1S"),
                            ("A", "1D:1S"))  # down the West side: anticlockwise
    assert "rounded" not in [e.kind for e in events] and race.next_mark("A") == "M"


def test_a_mirrored_race_rounds_the_mirrored_marks_alike() -> None:
    race = bot_race(1, 4)
    course = race.course
    width = course.board[0]
    (x1, y), (x2, _) = course.start_line
    mirror = Course(course.board, ((width - x2, y), (width - x1, y)),
                    tuple(m.mirrored(width) for m in course.marks),
                    frozenset((width - x, yy) for x, yy in course.islands), course.laps,
                    course.order)
    start = race.start.position.boats[0]
    other = Race.new([Boat(start.id, (width - start.at[0], start.at[1]))], mirror)
    for move, events in race.played:
        mirrored = Move(move.boat, move.vector.mirrored() if move.vector else None)
        other, seen = other.play(mirrored)
        assert [(e.kind, e.cite, dict(e.data).get("mark")) for e in seen] == \
            [(e.kind, e.cite, dict(e.data).get("mark")) for e in events]
    assert other.finish_order == race.finish_order == ("A",)


def test_in_a_race_a_grounded_boat_loses_two_turns_then_sails_on() -> None:
    course = Course((24, 24), LINE, (Mark("M", (10, 10), "S"),), frozenset({(14, 12)}))
    race = at_mark(Boat("A", (12, 12), V("0U:1P")), course)
    race, events = race.play(Move("A", "0U:2P"))  # (13, 12), then the island at (14, 12)
    assert [(e.kind, str(e.cite)) for e in events] == [("move", "VG-M1"), ("grounded", "VG-I")]
    assert race.position.boat("A") == Boat("A", (13, 12), None, 2)
    assert race.legal_moves("A") == [Move.stand("A")]
    race, first = race.play(Move.stand("A"))
    race, second = race.play(Move.stand("A"))
    assert [(e.kind, dict(e.data)) for e in first + second] == [
        ("repair", {"lost_turns": 1}), ("repair", {"lost_turns": 0})]
    assert race.state("A").moves == 12 and race.position.turn == 12
    race, events = race.play(Move("A", "1S"))
    assert [e.text for e in events] == ["A sails 0U:1S to [12, 12]"]


# --- whole races -----------------------------------------------------------------------------

CITES = {"move": "VG-M1", "grounded": "VG-I", "repair": "VG-I", "stopped": "VG-M2",
         "started": "VG-S2", "rounded": "VG-C1", "finished": "VG-C2"}


@pytest.mark.parametrize("boats", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bot_races_finish_with_no_forbidden_state(boats: int, seed: int) -> None:
    race = vg.random_race(boats, seed)
    rng = random.Random(seed)
    course = race.course
    legs = dict.fromkeys(race.position.boat_ids, 0)
    while not race.is_over():
        boat = race.to_move
        assert boat == race.position.turn_order[0]
        assert race.position.turn == race.state(boat).moves
        move = vg.choose_move(race, rng)
        assert move in race.legal_moves(boat)
        race, _ = race.play(move)
        for b in race.position.boats:
            s = race.state(b.id)
            assert not s.finished and s.leg >= legs[b.id] and 0 <= b.lost_turns <= 2
            assert race.position.mark_at(b.at) is None and b.at not in course.islands
            legs[b.id] = s.leg
    assert race.turn < race.options.max_turns
    assert sorted(race.finish_order) == sorted(legs) and not race.position.boats
    assert [race.state(b).place for b in race.finish_order] == list(range(1, boats + 1))
    played = [e for _, events in race.played for e in events]
    assert all(str(e.cite) == CITES[e.kind] for e in played)
    kinds = Counter((e.kind, e.boat) for e in played)
    for b in legs:
        assert kinds["started", b] == 1 and kinds["finished", b] == 1
        assert kinds["rounded", b] == len(course.sequence)
        assert kinds["repair", b] == 2 * kinds["grounded", b]


def test_a_race_stops_after_max_turns() -> None:
    race = vg.random_race(2, 0, options=RaceOptions(max_turns=6))
    rng = random.Random(0)
    for _ in range(6):
        race, _ = race.play(vg.choose_move(race, rng))
    assert race.is_over() and race.to_move is None and race.finish_order == ()
    with pytest.raises(IllegalMove, match="race is over") as err:
        race.play(Move("A", "1S"))
    assert str(err.value.cite) == "VG-C2"


def test_a_race_remembers_its_moves_and_undoes_the_last() -> None:
    race = bot_race(3, 7)
    assert len(race.moves) == len(race.played) == race.turn
    again = race.start
    for move in race.moves:
        again, _ = again.play(move)
    assert again == race
    previous = race.pop()
    assert previous.turn == race.turn - 1 and previous.moves == race.moves[:-1]
    assert previous.play(race.moves[-1])[0] == race
    with pytest.raises(IndexError):
        race.start.pop()


# --- notation and JSON --------------------------------------------------------------------------


@st.composite
def positions_with_marks(draw: st.DrawFn) -> Position:
    pos = draw(vg_positions())
    taken = {b.at for b in pos.boats} | pos.islands
    assert pos.board is not None
    free = [(x, y) for x in range(pos.board[0] + 1) for y in range(pos.board[1] + 1)
            if (x, y) not in taken]
    spots = draw(st.lists(st.sampled_from(free), max_size=3, unique=True))
    marks = tuple(Mark(f"m{i}", p, draw(st.sampled_from(("S", "P"))))
                  for i, p in enumerate(spots))
    order = draw(st.one_of(st.just(()), st.permutations(pos.boat_ids)))
    board = draw(st.one_of(st.just(pos.board), st.none()))
    return Position(pos.boats, board, pos.islands, pos.start_line, pos.turn, tuple(order),
                    marks)


@settings(max_examples=150, deadline=None)
@given(positions_with_marks())
def test_the_notation_and_json_round_trip_exactly(pos: Position) -> None:
    assert vg.from_notation(vg.notation(pos)) == pos
    assert Position.from_json(json.loads(json.dumps(pos.to_json()))) == pos


@pytest.mark.parametrize(("text", "fragment"), [
    ("20x20 - - - A@5,2 0", "expected 7 space-separated fields"),
    ("20by20 - - - A@5,2 0 -", "board: expected WIDTHxHEIGHT"),
    ("20x20 1,2 - - A@5,2 0 -", "start-line: expected x1,y/x2,y"),
    ("20x20 - 1;2 - A@5,2 0 -", r"islands\[0\]: expected x,y"),
    ("20x20 - - m@3,3:Q A@5,2 0 -", r"marks\[0\]: expected id@x,y:S"),
    ("20x20 - - - A@5,2:9X 0 -", r"boats\[0\]: '9X' is not a vector"),
    ("20x20 - - - A@5,2!3 0 -", r"boats\[0\]: lost_turns"),
    ("20x20 - - - A@5,2 x -", "turn: expected a whole number"),
    ("20x20 - - - A@25,2 0 -", r"boats\.0\.at: boat A at \[25, 2\] is off the page"),
    ("20x20 - - - A@5,2 0 B", "turn_order: turn order"),
])
def test_bad_notation_names_the_field(text: str, fragment: str) -> None:
    with pytest.raises(vg.NotationError, match=fragment):
        vg.from_notation(text)


def test_bad_json_names_the_field() -> None:
    data = Position((Boat("A", (1, 1)),)).to_json()
    with pytest.raises(vg.PositionError, match=r"^boats\[0\]\.at: input should be a valid tuple"):
        Position.from_json({**data, "boats": [{"id": "A", "at": "1,1"}]})
    with pytest.raises(vg.PositionError, match="colour"):
        Position.from_json({**data, "colour": "red"})
    with pytest.raises(vg.PositionError, match=r"^boats\[0\]\.vector: '1X'"):
        Position.from_json({**data, "boats": [{"id": "A", "at": [1, 1], "vector": "1X"}]})


def test_races_round_trip_through_json_at_every_turn() -> None:
    race = bot_race(3, 2)
    node: Race | None = race
    while node is not None:
        data = json.loads(json.dumps(node.to_json()))
        assert Race.from_json(data) == node
        node = node.parent
    assert Course.from_json(json.loads(json.dumps(race.course.to_json()))) == race.course
    with pytest.raises(SetupError, match="boats still racing"):
        Race.from_json({**race.start.to_json(), "boats": []})
    with pytest.raises(SetupError, match=r"^boats\[0\]\.leg: "):
        Race.from_json({**race.to_json(), "boats": [{"id": "A", "leg": -1}]})


# --- game records ----------------------------------------------------------------------------


def test_a_record_replays_every_move_and_event() -> None:
    race = bot_race(4, 11)
    lines = list(race.record_lines())
    setup = json.loads(lines[0])
    assert {k: setup[k] for k in ("type", "format", "version", "ruleset")} == {
        "type": "setup", "format": "rightofway-race", "version": 1, "ruleset": "vector-game"}
    turns = list(vg.replay(lines))
    assert [t.move for t in turns] == list(race.moves)
    assert [t.events for t in turns] == [events for _, events in race.played]
    assert turns[-1].race == race and turns[0].before == race.start


def test_an_altered_record_is_caught_at_its_turn() -> None:
    race = bot_race(2, 3)
    lines = list(race.record_lines())

    def altered(turn: int, change: dict[str, object]) -> list[str]:
        line = json.loads(lines[turn])
        line.update(change)
        return [*lines[:turn], json.dumps(line), *lines[turn + 1:]]

    with pytest.raises(ReplayMismatch, match=r"^turn 12: illegal move") as err:
        list(vg.replay(altered(12, {"vector": "6U:6S"})))
    assert err.value.turn == 12
    with pytest.raises(ReplayMismatch, match=r"^turn 9: illegal move .*'s turn"):
        list(vg.replay(altered(9, {"boat": json.loads(lines[10])["boat"]})))
    events = json.loads(lines[20])["events"]
    wrong = [{**events[0], "to": [0, 0]}, *events[1:]]
    with pytest.raises(ReplayMismatch,
                       match=r"^turn 20: event 1 \(move\): to recorded as \[0, 0\]"):
        list(vg.replay(altered(20, {"events": wrong})))
    with pytest.raises(ReplayMismatch,
                       match=r"^turn 30: event \d+ is recorded but did not happen: A finished"):
        list(vg.replay(altered(30, {"events": [*json.loads(lines[30])["events"],
                                                {"kind": "finished", "text": "A finished"}]})))
    with pytest.raises(RecordError, match=r"^line 6: boat: "):
        list(vg.replay(altered(5, {"boat": 3})))
    with pytest.raises(RecordError, match=r"^line 1: boat \w at \[\d+, 0\] must begin one "
                                          r"square downwind.*\(VG-S1\)$"):
        setup = json.loads(lines[0])
        pos = vg.from_notation(setup["position"])
        first = pos.boats[0]
        setup["position"] = vg.notation(pos.replace_boat(Boat(first.id, (first.at[0], 0))))
        list(vg.replay([json.dumps(setup), *lines[1:]]))


# --- drawings --------------------------------------------------------------------------------


def test_a_race_and_a_position_draw_themselves_with_the_course() -> None:
    race = vg.random_race(3, 1)
    root = ET.fromstring(race._repr_svg_())
    ns = "{http://www.w3.org/2000/svg}"
    groups = [g for g in root.iter(f"{ns}g") if g.get("class") == "mark"]
    assert len(groups) == len(race.course.marks)
    texts = [t.text or "" for t in root.iter(f"{ns}text")]
    assert "turn 0, " + str(race.to_move) + " to move" in texts
    assert any(t.endswith("\u2192 start") for t in texts)
    assert ET.fromstring(race.position._repr_svg_()).tag == f"{ns}svg"


# --- the game API: a race from a number of boats, its result, saved and resumed ---------------


def test_a_race_of_a_number_of_boats_is_the_bots_seeded_set_up() -> None:
    race = Race.new(4, seed=9)
    assert race == vg.random_race(4, 9) and race.course == vg.DEFAULT_COURSE
    assert Race.new(boats=4, seed=9) == race != Race.new(4, seed=10)
    row = vg.DEFAULT_COURSE.line_row - 1
    assert sorted(race.position.boat_ids) == ["A", "B", "C", "D"]
    assert all(b.at[1] == row and b.vector is None for b in race.position.boats)  # VG-S1, S3
    xs = sorted(b.at[0] for b in race.position.boats)
    assert all(b - a >= 2 for a, b in pairwise(xs))  # no two side by side
    assert Race.new(2, ONE_MARK, 3).course == ONE_MARK
    boats = [Boat("B", (9, 1)), Boat("A", (12, 1))]
    assert Race.new(boats, ONE_MARK).position.turn_order == ("B", "A")


@pytest.mark.parametrize(("boats", "course", "error", "fragment"), [
    (ONE_MARK, None, TypeError, "^boats: expected a number of boats or a sequence of Boat"),
    ("AB", None, TypeError, "^boats: "),
    ([Boat("A", (9, 1)), "B"], ONE_MARK, TypeError, "^boats: "),
    (True, None, TypeError, "^boats: "),
    ([Boat("A", (9, 1))], "course", TypeError, "^course: expected a Vector Game Course"),
    (0, None, SetupError, "between 1 and 10 boats"),
    (11, None, SetupError, "between 1 and 10 boats"),
])
def test_a_race_that_cannot_be_set_up_is_refused_naming_the_argument(
        boats: object, course: object, error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        Race.new(boats, course)  # type: ignore[arg-type]


def test_a_race_lists_the_moves_of_the_boat_to_move_and_says_how_it_ended() -> None:
    race = Race.new(2, seed=4)
    assert race.legal_moves() == race.legal_moves(race.to_move)
    assert race.result().to_json() == {"over": False, "finish_order": [], "winner": None,
                                       "reason": "the race goes on after 0 moves", "cite": None}
    done = bot_race(2, 4)
    assert done.legal_moves() == [] and done.to_move is None
    result = done.result()
    assert (result.over, result.finish_order, result.winner) == (
        True, done.finish_order, done.finish_order[0])
    assert (result.reason, str(result.cite)) == ("every boat has finished", "VG-C2")
    stopped = Race.new(2, seed=0, options=RaceOptions(max_turns=6))
    rng = random.Random(0)
    while not stopped.is_over():
        stopped = stopped.push(vg.choose_move(stopped, rng))
    result = stopped.result()
    assert (result.over, result.finish_order, result.winner, result.cite) == (
        True, (), None, None)
    assert result.reason == "stopped after 6 moves, the limit of the race's options (max_turns)"


def test_a_saved_race_loads_with_its_history_and_plays_on(tmp_path: Path) -> None:
    whole = bot_race(3, 6)
    half = whole
    while half.turn > whole.turn // 2:
        half = half.pop()
    saved = half.save(tmp_path / "race.jsonl")
    loaded = Race.load(saved)
    assert loaded == half and loaded.moves == half.moves
    assert loaded.position == half.position and loaded.pop() == half.pop()
    for move in whole.moves[half.turn:]:
        loaded = loaded.push(move)
    assert loaded == whole and loaded.result() == whole.result()
    assert Race.load(whole.save(tmp_path / "whole.jsonl")).played == whole.played
    empty = Race.new(2, seed=1)
    assert Race.load(empty.save(tmp_path / "empty.jsonl")) == empty


def test_a_race_and_its_position_draw_themselves() -> None:
    race = Race.new(3, seed=2)
    assert race.svg() == race._repr_svg_() and race.svg().startswith("<svg")
    assert race.position.svg() == race.position._repr_svg_()
    assert ET.fromstring(race.position.svg()).tag == "{http://www.w3.org/2000/svg}svg"


def test_a_race_refuses_what_is_not_a_move_naming_it() -> None:
    race = Race.new(2, seed=1)
    with pytest.raises(TypeError, match=r"^move: expected a Vector Game Move"):
        race.play("A 1S")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^move: "):
        race.push(None)  # type: ignore[arg-type]
