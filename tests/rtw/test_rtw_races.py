"""Whole races: set-up rules, the start procedure, cover, wind shifts, penalties, the finish."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rightofway.geometry import Compass
from rightofway.rtw import Boat, Move, Options
from rightofway.rtw.course import Course, SetupError, check_placement, check_tokens
from rightofway.rtw.race import Event, PenaltyTurn, Race, RaceOptions

COURSE = Course(gate_buoy=(0, 0), committee_boat=(6, 0), windward=(3, 18), flags=(6, 12))
N, NE, NW, E, W = Compass.N, Compass.NE, Compass.NW, Compass.E, Compass.W


def duel(a: Boat, b: Boat, **kw: object) -> Race:
    return Race.new(COURSE, [a, b], **kw)  # type: ignore[arg-type]


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
    race = Race.new(COURSE, list(boats), check_setup=False, seed=seed,
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
        race = Race.new(COURSE, [Boat("H", (8, -3), E), Boat("C", (-4, -3), NW)],
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
        race = Race.new(COURSE, [Boat("A", (0, 4), NE), Boat("B", (2, 4), NW)],
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
    race = Race.new(COURSE, [Boat("A", (0, 4), NE), Boat("B", (2, 4), NW),
                             Boat("C", (9, 9), NW), Boat("D", (-5, 5), N)],
                    check_setup=False, states={"B": {"leg": 1}, "C": {"leg": 2},
                                               "D": {"leg": 6}})
    legs = {b.id: b.leg for b in race.position.boats}
    assert legs == {"A": "start", "B": "windward", "C": "gate-buoy", "D": "finish"}
    assert race.position.rounding("C") == {"gate-buoy", "committee-boat"}
    with pytest.raises(SetupError, match="leg 7"):
        Race.new(COURSE, [Boat("A", (0, 4), NE)], check_setup=False, states={"A": {"leg": 7}})


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
