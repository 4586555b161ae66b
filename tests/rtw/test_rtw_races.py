"""Whole races: set-up rules, the start procedure, cover, wind shifts, penalties, the finish."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rightofway.geometry import Compass
from rightofway.positions import UnknownId
from rightofway.rtw import Boat, Move, Options, PenaltyTurn, Race, RaceOptions
from rightofway.rtw.bots import random_race
from rightofway.rtw.course import (
    COURSES,
    DEFAULT_COURSE,
    Course,
    SetupError,
    check_placement,
    check_tokens,
)
from rightofway.rtw.race import Event

COURSE = Course(gate_buoy=(0, 0), committee_boat=(6, 0), windward=(3, 18), flags=(6, 12))
N, NE, NW, E, W = Compass.N, Compass.NE, Compass.NW, Compass.E, Compass.W


def duel(a: Boat, b: Boat, **kw: object) -> Race:
    return Race.new([a, b], COURSE, **kw)  # type: ignore[arg-type]


# --- set-up (RTW 1, 3.1, 3.2) -------------------------------------------------------------


def test_course_must_be_a_gate_and_a_windward_mark() -> None:
    with pytest.raises(SetupError, match="one row"):
        Course((0, 0), (6, 1), (3, 18))
    with pytest.raises(SetupError, match="North of the gate"):
        Course((0, 5), (6, 5), (3, 2))
    with pytest.raises(SetupError, match="between the gate"):
        Course((0, 0), (6, 0), (3, 18), flags=(20,))
    assert COURSE.line == ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0))
    assert COURSE.legs == 6


def test_two_boats_take_opposite_halves() -> None:
    check_placement(COURSE, [Boat("H", (8, -3), NE), Boat("C", (-2, 4), NW)])
    with pytest.raises(SetupError, match="holder"):
        check_placement(COURSE, [Boat("H", (1, -3), NE), Boat("C", (-2, 4), NW)])
    with pytest.raises(SetupError, match="challenger"):
        check_placement(COURSE, [Boat("H", (8, -3), NE), Boat("C", (5, 4), NW)])


def test_more_boats_start_from_the_allowed_places() -> None:
    ok = [Boat("A", (-3, 2), NE), Boat("B", (9, -8), NW), Boat("C", (-8, 0), NE)]
    check_placement(COURSE, ok)
    with pytest.raises(SetupError, match="strip between the gate marks"):
        check_placement(COURSE, [*ok[:2], Boat("C", (3, -8), NE)])
    with pytest.raises(SetupError, match=r"exactly 3 intersections \(king moves\) from a gate"):
        check_placement(COURSE, [*ok[:2], Boat("C", (-4, 2), NE)])


def test_token_limits() -> None:
    around = frozenset((x, y) for x in range(-2, 3) for y in range(1, 3))  # 10 near the buoy
    check_tokens(COURSE, around, frozenset())
    with pytest.raises(SetupError, match="at most 10"):
        check_tokens(COURSE, around | {(-2, -1)}, frozenset())
    with pytest.raises(SetupError, match="at most half"):
        check_tokens(COURSE, frozenset({(1, 0), (2, 0)}), frozenset({(3, 0)}))
    with pytest.raises(SetupError, match="on the mark"):
        check_tokens(COURSE, frozenset({(3, 18)}), frozenset())


# --- playing -------------------------------------------------------------------------------


def test_turns_alternate_and_moves_must_be_legal() -> None:
    race = duel(Boat("H", (8, -3), NE), Boat("C", (-2, -3), NW))
    assert race.to_move == "H" and race.in_start_procedure()
    with pytest.raises(ValueError, match="H's turn"):
        race.play(Move("C", ("A",)))
    with pytest.raises(ValueError, match="illegal move"):
        race.play(Move("H", ("A", "A")))
    after, events = race.play(Move("H", ("A",)))
    assert after.to_move == "C" and after.turn == 1
    assert race.position.boat("H").at == (8, -3)  # the old state is untouched
    assert [e.kind for e in events] == ["move"]


def race_of(*boats: Boat, start_moves: int = 0, wind_shifts: bool = False,
            seed: int | None = None, **states: dict[str, object]) -> Race:
    """A race taken up from any position, the boats' race states set as given."""
    race = Race.new(list(boats), COURSE, check_setup=False, seed=seed,
                    options=RaceOptions(start_moves=start_moves, wind_shifts=wind_shifts))
    boat_states = tuple((b, replace(s, **states.get(b, {}))) for b, s in race.boats)
    return replace(race, boats=boat_states)


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [e.kind for e in events]


def test_start_faults_cost_a_penalty() -> None:
    race = duel(Boat("H", (8, -3), E), Boat("C", (-4, -3), NW))
    seen = []
    for c_move in (("R90",), ("A",), ("R90",)):
        race, events = race.play(Move("H", ("R45", "L45")))  # turning on the spot
        seen.append(kinds(events))
        race, _ = race.play(Move("C", c_move))
    assert "start-fault" not in seen[1] and "start-fault" in seen[2]
    assert race.state("H").penalties == 1


def test_touching_the_line_in_move_six_is_a_fault() -> None:
    race = race_of(Boat("H", (3, -1), NE), Boat("C", (-4, -3), NW), start_moves=7,
                   H={"moves": 5})
    race, events = race.play(Move("H", ("A",)))  # onto the line at (4, 0) in move 6
    assert race.position.boat("H").at == (4, 0)
    assert [e.text for e in events if e.kind == "start-fault"] == [
        "H touched the starting line in move 6 of the start procedure; it owes a penalty"
    ]
    early = race_of(Boat("H", (3, -1), NE), Boat("C", (-4, -3), NW), start_moves=7,
                    H={"moves": 4})
    assert "start-fault" not in kinds(early.play(Move("H", ("A",)))[1])


def test_crossing_the_line_after_the_start_procedure_starts_the_race() -> None:
    race = race_of(Boat("H", (4, -1), NE), Boat("C", (-3, -6), NW), H={"row_side": -1})
    race, _ = race.play(Move("H", ("A",)))  # onto the line at (5, 0)
    assert race.state("H").leg == 0
    race, _ = race.play(Move("C", ("A",)))
    race, events = race.play(Move("H", ("A",)))  # off it to the North at (6, 1)
    assert [e.text for e in events if e.kind == "started"] == ["H crossed the starting line"]
    assert race.state("H").leg == 1


def test_crossing_outside_the_gate_does_not_start() -> None:
    race = race_of(Boat("H", (7, -1), NE), Boat("C", (-3, -6), NW), H={"row_side": -1})
    race, _ = race.play(Move("H", ("A",)))  # (8, 0): level with the line, outside the gate
    race, _ = race.play(Move("C", ("A",)))
    race, events = race.play(Move("H", ("A",)))
    assert "started" not in kinds(events) and race.state("H").leg == 0


def test_rounding_the_windward_mark_clockwise() -> None:
    race = race_of(Boat("H", (1, 17), NE), Boat("C", (-6, -6), NW), H={"leg": 1})
    # to (2, 18), over the top at (3, 19) and across to (4, 18), then down past the mark's row
    for h_move in (("A",), ("A",), ("R90",), ("A",)):
        race, events = race.play(Move("H", h_move))
        assert "rounded" not in kinds(events)
        race, _ = race.play(Move("C", ("A",)))
    assert race.state("H").over_top
    race, events = race.play(Move("H", ("A",)))  # (5, 17): across the row East of the mark
    assert [e.text for e in events if e.kind == "rounded"] == [
        "H rounded the windward mark; leg 2 begins"
    ]
    assert race.position.boat("H").leg == "gate-buoy"


def test_over_the_top_and_back_is_no_rounding() -> None:
    race = race_of(Boat("H", (2, 20), E), Boat("C", (-6, -6), NW), H={"leg": 1})
    # across the top to (4, 20), turn round, back across the top to (2, 20), then South
    for h_move in (("A", "A"), ("R90", "R90"), ("A", "A"), ("L90", "A"), ("A",), ("A",)):
        race, events = race.play(Move("H", h_move))
        assert "rounded" not in kinds(events), h_move
        race, _ = race.play(Move("C", ("A",)))
    assert race.position.boat("H").at == (2, 17)
    assert race.state("H").leg == 1 and not race.state("H").over_top


def test_passing_the_windward_mark_anticlockwise_is_no_rounding() -> None:
    race = race_of(Boat("H", (5, 17), NW), Boat("C", (-6, -6), NW),
                   H={"leg": 1, "column_side": 1, "row_side": 1})
    for _ in range(3):  # (4, 18), (3, 19), (2, 20): East to West over the top
        race, events = race.play(Move("H", ("A",)))
        assert "rounded" not in kinds(events)
        race, _ = race.play(Move("C", ("A",)))
    assert race.state("H").leg == 1


def test_cover_places_the_token_and_reaching_it_removes_it() -> None:
    race = race_of(Boat("C", (3, 4), E), Boat("H", (5, 5), NE))
    race, events = race.play(Move("C", ("A", "A")))  # to (5, 4), dead downwind of H
    (placed,) = [e for e in events if e.kind == "cover-placed"]
    assert placed.text == "C is covered by H and places its yellow token at [7, 4]"
    assert (7, 4) in race.position.yellow and race.state("C").cover_token == (7, 4)
    race, _ = race.play(Move("H", ("A",)))
    race, events = race.play(Move("C", ("A", "A")))  # the token stops C where it lies
    assert kinds(events)[1:] == ["lull", "cover-removed"]
    assert race.position.boat("C").at == (7, 4) and race.position.boat("C").lull
    assert (7, 4) not in race.position.yellow and race.state("C").cover_token is None


def test_manoeuvring_takes_up_the_cover_token() -> None:
    race = race_of(Boat("C", (5, 4), E), Boat("H", (9, 9), NE), C={"cover_token": (7, 4)})
    race = replace(race, position=replace(race.position, yellow=frozenset({(7, 4)})))
    race, events = race.play(Move("C", ("R45", "L45")))
    assert kinds(events) == ["move", "cover-removed"]
    assert (7, 4) not in race.position.yellow


def test_a_boat_still_covered_after_manoeuvring_lays_its_token_again() -> None:
    race = race_of(Boat("C", (5, 4), E), Boat("H", (5, 5), NE), C={"cover_token": (7, 4)})
    race = replace(race, position=replace(race.position, yellow=frozenset({(7, 4)})))
    race, events = race.play(Move("C", ("R45", "L45")))
    assert kinds(events) == ["move", "cover-removed", "cover-placed"]


def test_penalty_turns_serve_a_penalty_in_clear_water() -> None:
    race = race_of(Boat("H", (10, 8), NE), Boat("C", (-6, -6), NW), H={"penalties": 1})
    assert PenaltyTurn("H", "R90") in race.legal_moves("H")
    headings = []
    for i in range(4):
        race, events = race.play(PenaltyTurn("H", "R90"))
        headings.append(race.position.boat("H").heading)
        if i < 3:
            assert race.legal_moves("H")[-1] == PenaltyTurn("H", "R90")  # one way only
            race, _ = race.play(Move("C", ("A",)))
    assert headings == [Compass.SE, Compass.SW, Compass.NW, Compass.NE]
    assert kinds(events)[-1] == "penalty-served"
    assert race.state("H").penalties == 0


def test_a_penalty_is_not_served_near_another_boat() -> None:
    race = race_of(Boat("H", (10, 8), NE), Boat("C", (11, 9), NW), H={"penalties": 1})
    assert not [m for m in race.legal_moves("H") if isinstance(m, PenaltyTurn)]
    with pytest.raises(ValueError, match="two intersections clear"):
        race.play(PenaltyTurn("H", "L90"))


def test_the_leader_shifts_the_wind_at_a_flag() -> None:
    race = race_of(Boat("H", (9, 5), NW), Boat("C", (-6, -6), NW), wind_shifts=True,
                   H={"leg": 1})
    race, events = race.play(Move("H", ("A",)), rolls=(Compass.NE,))  # onto row 6
    (shift,) = [e for e in events if e.kind == "wind-shift"]
    assert shift.text == "H leads at the flag on row 6: the die gives NE, the wind shifts " \
        "from N to NE"
    assert race.position.wind is Compass.NE
    again = race_of(Boat("H", (9, 11), NW), Boat("C", (-6, -6), NW), wind_shifts=True,
                    H={"leg": 1})
    with pytest.raises(ValueError, match="wind shift is due"):
        again.play(Move("H", ("A",)))  # row 12 with no die result and no seed


def test_a_seeded_die_is_repeatable() -> None:
    def shifted(seed: int) -> Compass:
        race = race_of(Boat("H", (9, 5), NW), Boat("C", (-6, -6), NW), wind_shifts=True,
                       seed=seed, H={"leg": 1})
        return race.play(Move("H", ("A",)))[0].position.wind

    assert shifted(3) == shifted(3)
    assert {shifted(s) for s in range(30)} <= set(RaceOptions().die)


def test_finishing_and_leaving_the_board() -> None:
    race = race_of(Boat("H", (2, 1), Compass.SE), Boat("C", (-6, -6), NW),
                   H={"leg": 6, "row_side": 1})
    race, events = race.play(Move("H", ("A",)))  # broad reach onto the line at (3, 0)
    assert [e.text for e in events if e.kind == "finished"] == ["H finishes in place 1"]
    assert race.finish_order == ("H",)
    assert not race.position.has_boat("H")
    assert race.to_move == "C"


def test_a_boat_owing_a_penalty_cannot_finish() -> None:
    race = race_of(Boat("H", (2, 1), Compass.SE), Boat("C", (-6, -6), NW),
                   H={"leg": 6, "row_side": 1, "penalties": 1})
    race, events = race.play(Move("H", ("A",)))
    assert [k for k in kinds(events) if k.startswith("finish")] == ["finish-refused"]
    assert race.finish_order == ()


# --- the second reading of RTW 3.1-3.8 -------------------------------------------------------


def test_the_turn_order_rotates_so_it_always_lists_who_moves_next() -> None:
    race = race_of(Boat("H", (10, 8), NE), Boat("C", (-6, -6), NW), Boat("X", (-9, 9), NW))
    assert race.position.turn_order == ("H", "C", "X") and race.to_move == "H"
    race, _ = race.play(Move("H", ("A",)))
    assert race.position.turn_order == ("C", "X", "H") and race.to_move == "C"
    race, _ = race.play(Move("C", ("A",)))
    assert race.position.turn_order == ("X", "H", "C")


def test_a_lulled_boats_stand_still_turn_is_safe_and_costs_nothing() -> None:
    # A lull holds H on the point C claims; C, on starboard, has right of way there.
    race = race_of(Boat("H", (1, 5), NE, lull=True), Boat("C", (2, 4), NW))
    assert race.safe_moves("H") == [Move("H", ())]
    race, events = race.play(Move("H", ()))
    assert "infringement" not in kinds(events) and race.state("H").penalties == 0
    assert not race.position.boat("H").lull


def test_a_start_fault_needs_a_protest_when_penalties_need_one() -> None:
    def third_turn(protests: tuple[str, ...] | None, requires: bool) -> Race:
        race = Race.new([Boat("H", (8, -3), E), Boat("C", (-4, -3), NW)], COURSE,
                        rules_options=Options(penalty_requires_protest=requires),
                        options=RaceOptions(wind_shifts=False, auto_protest=False))
        for i in range(3):
            race, _ = race.play(Move("H", ("R45", "L45")),
                                protests=protests if i == 2 else None)
            race, _ = race.play(Move("C", ("A",)))
        return race

    assert third_turn(None, requires=True).state("H").penalties == 0
    assert third_turn(("C",), requires=True).state("H").penalties == 1
    assert third_turn(None, requires=False).state("H").penalties == 1


def test_an_infringement_nobody_protests_costs_a_penalty_by_default() -> None:
    def bear_away(requires: bool) -> tuple[Race, tuple[Event, ...]]:
        race = Race.new([Boat("A", (0, 4), NE), Boat("B", (2, 4), NW)], COURSE,
                        check_setup=False, states={"A": {"leg": 1, "moves": 9},
                                                   "B": {"leg": 1, "moves": 9}},
                        rules_options=Options(penalty_requires_protest=requires),
                        options=RaceOptions(wind_shifts=False, auto_protest=False))
        return race.play(Move("A", ("A",)))  # onto [1, 5], which B claims on starboard

    race, events = bear_away(requires=False)
    assert race.state("A").penalties == 1 and "penalty" in kinds(events)
    race, events = bear_away(requires=True)
    assert race.state("A").penalties == 0 and "penalty" not in kinds(events)


def test_a_protest_by_a_boat_that_is_not_racing_is_refused() -> None:
    race = race_of(Boat("H", (10, 8), NE), Boat("C", (-6, -6), NW))
    with pytest.raises(ValueError, match="protest by 'Z'"):
        race.play(Move("H", ("A",)), protests=("Z",))


def test_each_boats_leg_names_the_marks_whose_zones_govern_it() -> None:
    race = Race.new([Boat("A", (0, 4), NE), Boat("B", (2, 4), NW),
                     Boat("C", (9, 9), NW), Boat("D", (-5, 5), N)], COURSE,
                    check_setup=False, states={"B": {"leg": 1}, "C": {"leg": 2},
                                               "D": {"leg": 6}})
    legs = {b.id: b.leg for b in race.position.boats}
    assert legs == {"A": "start", "B": "windward", "C": "gate-buoy", "D": "finish"}
    assert race.position.rounding("C") == {"gate-buoy", "committee-boat"}
    with pytest.raises(SetupError, match="leg 7"):
        Race.new([Boat("A", (0, 4), NE)], COURSE, check_setup=False, states={"A": {"leg": 7}})


def test_variant_courses_are_checked() -> None:
    gate = Course((0, 0), (6, 0), (3, 18), layout="windward-gate", extra=(0, 18))
    assert [m.id for m in gate.marks()][-1] == "windward-2" and gate.legs == 6
    tri = Course((0, 0), (6, 0), (3, 18), layout="triangle", extra=(9, 12))
    assert tri.legs == 9 and [tri.leg_kind(n) for n in range(5)] == [
        "start", "upwind", "reach", "downwind", "upwind"]
    assert tri.leg_kind(9) == "final" and tri.rounding(2) == "reach"
    with pytest.raises(SetupError, match="South-East of it on the diagonal") as err:
        Course((0, 0), (6, 0), (3, 18), layout="triangle", extra=(9, 13))
    assert str(err.value.cite) == "RTW 3.8"
    with pytest.raises(SetupError, match="windward mark's row"):
        Course((0, 0), (6, 0), (3, 18), layout="windward-gate", extra=(0, 17))
    with pytest.raises(SetupError, match="needs its second buoy"):
        Course((0, 0), (6, 0), (3, 18), layout="triangle")


def test_a_setup_error_cites_the_section_it_breaks() -> None:
    with pytest.raises(SetupError) as err:
        check_placement(COURSE, [Boat("A", (3, -8), NE), Boat("B", (9, -8), NW),
                                 Boat("C", (-8, 0), NE)])
    assert str(err.value.cite) == "RTW 3.1" and str(err.value).endswith("(RTW 3.1)")
    with pytest.raises(SetupError) as err:
        check_tokens(COURSE, frozenset({(1, 0), (2, 0), (3, 0)}), frozenset())
    assert str(err.value.cite) == "RTW 3.2"


def test_a_race_remembers_its_moves_and_undoes_the_last() -> None:
    start = race_of(Boat("H", (10, 8), NE), Boat("C", (-6, -6), NW))
    one, _ = start.play(Move("H", ("A",)))
    two, events = one.play(Move("C", ("R90",)))
    assert two.moves == (Move("H", ("A",)), Move("C", ("R90",)))
    assert two.played[-1] == (Move("C", ("R90",)), events)
    assert two.pop() is one and two.pop().pop() is start and two.start is start
    assert start.moves == () and start.played == ()
    states = two.states
    assert len(states) == 3 and states[0] is start and states[1] is one and states[2] is two
    assert start.states == (start,)
    with pytest.raises(IndexError, match="no move to undo"):
        start.pop()
    assert one.pop().position == start.position  # undo gives back the earlier state
    lines = list(two.record_lines())
    assert len(lines) == 3 and '"type": "setup"' in lines[0]


def test_start_places_are_the_places_rtw_3_1_allows() -> None:
    places = COURSE.start_places(4)
    assert places and len(set(places)) == len(places)
    check_placement(COURSE, [Boat(f"B{i}", p, NE) for i, p in enumerate(places[:4])])
    holder = COURSE.start_places(2, "holder", reach=3)
    challenger = COURSE.start_places(2, "challenger", reach=3)
    assert all(x > 3 for x, _ in holder) and all(x < 3 for x, _ in challenger)
    check_placement(COURSE, [Boat("H", holder[0], NE), Boat("C", challenger[0], NW)])
    with pytest.raises(ValueError, match="role"):
        COURSE.start_places(2)


# --- the one game API: Race.new, the boat to move, the result --------------------------------


def test_a_race_of_a_number_of_boats_is_set_up_from_its_seed() -> None:
    race = Race.new(4, seed=7)
    assert race.position.boat_ids == ("A", "B", "C", "D") and race.seed == 7
    assert race.course == DEFAULT_COURSE and race.position.turn_order == ("A", "B", "C", "D")
    assert Race.new(4, seed=7) == race == random_race(4, 7)  # the bots race the same set-up
    assert race.position.yellow and race.position.blue
    check_placement(race.course, race.position.boats)  # RTW 3.1
    check_tokens(race.course, race.position.yellow, race.position.blue)  # RTW 3.2
    assert Race.new(2, seed=1, tokens=0).position.yellow == frozenset()
    unseeded = Race.new(3)
    assert unseeded.seed is not None and Race.new(3, seed=unseeded.seed) == unseeded


def test_a_race_is_sailed_on_a_course_or_a_named_one() -> None:
    assert Race.new(2, "triangle", seed=1).course == COURSES["triangle"]
    assert Race.new(2, COURSES["windward-gate"], seed=1).course.layout == "windward-gate"
    assert Race.new([Boat("H", (8, -3), NE), Boat("C", (-2, -3), NW)]).course == DEFAULT_COURSE
    with pytest.raises(SetupError, match="course: expected a Course or one of windward-leeward"):
        Race.new(2, "figure-eight", seed=1)


@pytest.mark.parametrize(
    ("call", "error", "fragment"),
    [
        (lambda: Race.new(COURSE, [Boat("H", (8, -3), NE)]),  # type: ignore[arg-type]
         TypeError, "the course comes second"),
        (lambda: Race.new(True), TypeError, "boats: expected a number of boats"),
        (lambda: Race.new(11, seed=1), SetupError, "between 2 and 10 boats"),
        (lambda: Race.new(2, seed=1, yellow=frozenset({(1, 1)})), SetupError,
         "lays its own tokens"),
        (lambda: Race.new([Boat("H", (8, -3), NE), Boat("C", (-2, -3), NW)], tokens=3),
         SetupError, "tokens are laid at random only for a number of boats"),
        (lambda: Race.new([]), SetupError, "at least one boat"),
    ],
)
def test_a_race_that_cannot_be_set_up_says_why(call: Callable[[], object], error: type,
                                                fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        call()


def test_moves_are_those_of_the_boat_to_move_unless_another_is_named() -> None:
    race = duel(Boat("H", (8, -3), NE), Boat("C", (-2, -3), NW))
    assert race.legal_moves() == race.legal_moves("H") != race.legal_moves("C")
    assert race.safe_moves() == race.safe_moves("H")
    assert race.push(Move("H", ("A",))).legal_moves()[0].boat == "C"
    with pytest.raises(UnknownId, match="no boat 'Z' in this race"):
        race.legal_moves("Z")
    with pytest.raises(KeyError):  # an unknown id is a KeyError and a ValueError
        race.safe_moves("Z")
    over = replace(race, turn=race.options.max_turns)
    assert over.is_over() and over.legal_moves() == [] and over.safe_moves() == []


def test_the_result_says_why_the_race_ended() -> None:
    race = race_of(Boat("H", (2, 1), Compass.SE), H={"leg": 6, "row_side": 1})
    going = race.result()
    assert not going.over and going.reason == "the race goes on after 0 moves"
    done = race.push(Move("H", ("A",))).result()  # broad reach onto the line: finished
    assert done.over and done.finish_order == ("H",) and done.winner == "H"
    assert done.reason == "every boat has finished" and str(done.cite) == "RTW 3.7"
    limited = Race.new(2, seed=3, options=RaceOptions(max_turns=4))
    for _ in range(4):
        limited = limited.push(limited.legal_moves()[0])
    stopped = limited.result()
    assert stopped.over and stopped.cite is None and stopped.winner is None
    assert stopped.reason == ("the race was stopped after 4 moves (the option max_turns) "
                              "with 2 boats still racing")
