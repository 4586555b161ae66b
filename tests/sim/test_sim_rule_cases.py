"""The simulation's rules, case by case, written to kill the mutants the other tests let live.

See docs/mutation-testing.rst. Every expectation is worked out by hand from the rulebook
(sailboat-racing-simulation.txt: SIM Wind, Movement, Turning, In Irons, The Start, Turn
Sequence) and the conventions (continuous.md), never taken from the program's output; the
comment beside each case does the sums. The wind is North at 10 knots (no bonus) unless a
case says otherwise: a heading of 90 is a reach (7 units), 45 a beat (5), 135 a broad
reach (6), 180 a run (3), and anything within 45 degrees of North is in irons.
"""

from __future__ import annotations

import math

import pytest

from rightofway import sim
from rightofway.errors import IllegalMove, InputError
from rightofway.geometry import Tack
from rightofway.positions import UnknownId
from rightofway.sim import moves, rules, sailing
from rightofway.sim.moves import Legality
from rightofway.sim.plan import Plan, PlanError, PlanStep
from rightofway.sim.sailing import PointOfSail


def one(heading: float, wind: str = "N", knots: int = 10) -> sim.Position:
    return sim.Position(wind, knots, (sim.Boat("A", (0.0, 0.0), heading),))


def mv(boat: str, plan: str | sim.Plan) -> sim.Move:
    """A move of ``boat`` sailing ``plan`` (text or a Plan)."""
    return sim.Move(boat, plan if isinstance(plan, sim.Plan) else sim.Plan.parse(plan))


def why(position: sim.Position, plan: str | sim.Plan) -> tuple[bool, str | None]:
    """Whether A's plan is legal, and the section that decides when it is not."""
    verdict = sim.legality(position, mv("A", plan))
    return verdict.legal, None if verdict.legal else str(verdict.cite)


def close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return math.isclose(p[0], q[0], abs_tol=1e-9) and math.isclose(p[1], q[1], abs_tol=1e-9)


# --- SIM Wind and The Start: the tables ------------------------------------------------


def test_compass_points_and_degrees() -> None:
    # the eight-point rose, clockwise from North, 45 degrees apart
    assert [sailing.compass_degrees(n) for n in sailing.COMPASS] == [
        0, 45, 90, 135, 180, 225, 270, 315]
    assert sailing.compass_name(315) == "NW" and sailing.compass_name(360) == "N"
    assert sailing.compass_name(90) == "E"


def test_initial_wind_reads_both_dice() -> None:
    # direction 3 = E; speed 5 + 8 = 13 knots
    assert sim.initial_wind(3, 5) == ("E", 13)
    with pytest.raises(ValueError, match=r"^speed_die: "):
        sim.initial_wind(3, 9)
    with pytest.raises(ValueError, match=r"^direction_die: "):
        sim.initial_wind(0, 5)


def test_a_die_is_a_whole_number_on_its_faces() -> None:
    assert sailing.check_die(8, "d") == 8 and sailing.check_die(1, "d") == 1
    assert sailing.check_die(6, "d", sides=6) == 6
    with pytest.raises(ValueError, match=r"d6 shows 1..6, got 7"):
        sailing.check_die(7, "d", sides=6)
    with pytest.raises(TypeError, match=r"d: expected a whole number 1..8"):
        sailing.check_die(True, "d")
    with pytest.raises(TypeError, match=r"whole number"):
        sailing.check_die(3.0, "d")


def test_the_change_rolls_name_their_dice() -> None:
    for call in (sim.direction_change, sim.speed_change):
        with pytest.raises(ValueError, match=r"^d1: "):
            call(0, 4)
        with pytest.raises(ValueError, match=r"^d2: "):
            call(4, 9)


def test_wind_after_a_round() -> None:
    # no roll given: no change
    assert sim.wind_after_round(("SE", 12), None, None) == ("SE", 12)
    # 2 = two points clockwise: N -> E; 16 = two anticlockwise: N -> W (wraps)
    assert sim.wind_after_round(("N", 12), (1, 1), None) == ("E", 12)
    assert sim.wind_after_round(("N", 12), (8, 8), None) == ("W", 12)
    # 3-6 one point clockwise: S -> SW; speed 12-15 +1
    assert sim.wind_after_round(("S", 12), (2, 2), (6, 6)) == ("SW", 13)
    # the limits themselves are allowed: 14 + 2 = 16, 10 - 2 = 8, 15 + 1 = 16
    assert sim.wind_after_round(("N", 14), None, (8, 8)) == ("N", 16)
    assert sim.wind_after_round(("N", 10), None, (1, 1)) == ("N", 8)
    assert sim.wind_after_round(("N", 15), None, (6, 6)) == ("N", 16)
    # 16 + 1 = 17 and 8 - 1 = 7 are no change
    assert sim.wind_after_round(("N", 16), None, (6, 6)) == ("N", 16)
    assert sim.wind_after_round(("N", 8), None, (2, 2)) == ("N", 8)


def test_start_turns_each_face_and_bad_die() -> None:
    assert [sim.start_turns(d) for d in range(1, 9)] == [2, 2, 3, 3, 3, 4, 4, 5]
    with pytest.raises(ValueError, match=r"^die: "):
        sim.start_turns(9)


# --- SIM Movement and Turning: the tables ----------------------------------------------


def test_headings_and_angles() -> None:
    assert sailing.normalise(-45) == 315 and sailing.normalise(360) == 0
    assert sailing.normalise(720.5) == 0.5
    assert sailing.normalise(359.9999999999) == 0  # rounds to 360, which is 0
    assert sailing.angle_to_wind(315, 0) == 45 and sailing.angle_to_wind(190, 0) == 170
    assert sailing.angle_to_wind(10, 350) == 20 and sailing.angle_to_wind(180, 0) == 180
    # rounding: 315 degrees off North is exactly 45, a beat, not in irons
    assert sim.point_of_sail(44.9999999999, 0) is PointOfSail.BEAT


def test_allowance_of_each_point_of_sail_with_bonus() -> None:
    # base 5, 7, 6, 3 (in irons 0); 12-14 knots +1, 15-16 +2
    assert [sim.allowance(p, 12) for p in PointOfSail] == [0, 6, 8, 7, 4]
    assert [sim.allowance(p, 16) for p in PointOfSail] == [0, 7, 9, 8, 5]
    assert [sim.allowance(p, 11) for p in PointOfSail] == [0, 5, 7, 6, 3]
    assert str(PointOfSail.BROAD_REACH) == "broad-reach"


def test_turn_cost_rounds_before_the_ceiling() -> None:
    assert sim.turn_cost(60.0000000001) == 1  # 60 degrees, within rounding
    assert sim.turn_cost(-120) == 2 and sim.turn_cost(360) == 6 and sim.turn_cost(1) == 1


# --- A boat's turn: the accounting ---------------------------------------------------


def test_units_at_the_start_of_a_turn() -> None:
    assert sim.units(one(10), "A") == 0  # in irons
    assert sim.units(one(90, knots=12), "A") == 8  # reach 7 + 1
    assert sim.units(one(180, knots=15), "A") == 5  # run 3 + 2
    with pytest.raises(Exception, match=r"^boat: "):
        sim.units(one(90), "Z")


def test_an_accounting_records_the_start_the_path_and_the_end() -> None:
    a = sim.account(one(90), "A", "M3 M4")
    assert a.boat == "A" and str(a.plan) == "M3 M4" and a.point_of_sail is PointOfSail.REACH
    assert a.units == 7 and a.legal and a.reason is None and a.problem is None
    assert len(a.path) == 3
    assert close(a.path[0], (0, 0)) and close(a.path[1], (3, 0)) and close(a.path[2], (7, 0))
    assert a.end.id == "A" and a.end.heading == 90 and a.left == 0
    assert a.steps[-1].kind == "conclusion" and a.steps[-1].cite == sailing.cite("Movement")
    # a run heads along the heading: 135 is South-East
    b = sim.account(one(135), "A", "M6")
    s = 6 / math.sqrt(2)
    assert close(b.end.at, (s, -s))


def test_the_plan_may_be_a_plan_value_and_must_be_one() -> None:
    a = sim.account(one(90), "A", Plan((PlanStep("M", 7.0),)))
    assert a.legal
    with pytest.raises(TypeError, match=r"^plan: "):
        sim.account(one(90), "A", 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^position: "):
        sim.account("here", "A", "M7")  # type: ignore[arg-type]


def test_units_within_the_tolerance_are_spent() -> None:
    # SIM Movement: a plan spending 6.9999999 of 7 units spends them all, and so does
    # 7.0000001 (closer than 1e-6 is equal)
    assert sim.account(one(90), "A", "M6.9999999").legal
    assert sim.account(one(90), "A", "M7.0000001").legal
    assert not sim.account(one(90), "A", "M6.99").legal


def test_units_left_over() -> None:
    a = sim.account(one(90), "A", "M6")
    assert not a.legal and a.reason == "SIM Movement" and a.left == pytest.approx(1.0)
    assert a.problem is not None and "left over" in a.problem
    assert a.steps[-1].cite == sailing.cite("Movement")


def test_tack_follows_the_heading() -> None:
    # wind N: heading 45 has the wind on her port side (port tack); after T-90 to 315 the
    # wind is on her starboard side; both are beats (same point: 5 - 2 = 3 left)
    assert sim.account(one(45), "A", "M5").end.tack is Tack.PORT
    a = sim.account(one(45), "A", "T-90 M3")
    assert a.legal and a.end.heading == 315 and a.end.tack is Tack.STARBOARD
    assert not sim.account(one(45), "A", "T-90 M4").legal


def test_turn_costing_exactly_what_is_left() -> None:
    # reach 7: M6 leaves 1; T60 to 150 costs 1: 0 left, broad reach min(0, 6) = 0
    a = sim.account(one(90), "A", "M6 T60")
    assert a.legal and a.end.heading == 150
    # M6 T61 costs 2 with 1 left: SIM Turning
    assert why(one(90), "M6 T61") == (False, "SIM Turning")


def test_turn_to_a_slower_point_keeps_at_most_its_allowance() -> None:
    # reach 7: T90 to 180 (run 3) costs 2: 5 left, at most 3
    assert sim.account(one(90), "A", "T90 M3").legal
    assert why(one(90), "T90 M4") == (False, "SIM Turning")
    assert why(one(90), "T90 M2") == (False, "SIM Movement")


def test_turn_to_a_faster_point_counts_runs_already_spent() -> None:
    # run 3 at 180: M1 (2 left, 1 spent); T-90 to 90 (reach 7) costs 2: 0 left, 3 spent;
    # 7 - 3 = 4 is more: 4 left
    assert sim.account(one(180), "A", "M1 T-90 M4").legal
    assert why(one(180), "M1 T-90 M5") == (False, "SIM Turning")
    # reach 7: M4 (3 left, 4 spent); T-45 to 45 (beat 5) costs 1: 2 left, min(2, 5) = 2;
    # M1 (1 left, 6 spent); T45 back to the reach costs 1: 0 left, 7 spent; 7 - 7 = 0
    # gains nothing
    assert sim.account(one(90), "A", "M4 T-45 M1 T45").legal
    assert why(one(90), "M4 T-45 M1 T45 M1") == (False, "SIM Turning")


def test_faster_point_keeps_what_is_left_when_that_is_more() -> None:
    # broad reach 135 at 10 knots: 6. T-45 to 90 (reach 7) costs 1: 5 left, 1 spent;
    # 7 - 1 = 6 is more: 6 left
    assert sim.account(one(135), "A", "T-45 M6").legal
    # run 180 with 3: T-45 to 135 (broad reach 6) costs 1: 2 left, 1 spent; 6 - 1 = 5
    assert sim.account(one(180), "A", "T-45 M5").legal


def test_the_penalty_turn_costs_six_and_counts_as_spent() -> None:
    # broad reach 6: P spends all six
    a = sim.account(one(135), "A", "P")
    assert a.legal and a.end.heading == 135 and close(a.end.at, (0, 0))
    # broad reach at 15 knots: 8. P: 2 left, 6 spent; T-45 to 90 (reach 9) costs 1: 1 left,
    # 7 spent; 9 - 7 = 2 is more: 2 left
    assert sim.account(one(135, knots=15), "A", "P T-45 M2").legal
    assert why(one(135, knots=15), "P T-45 M3") == (False, "SIM Turning")
    # a run of 3 cannot pay for it
    a = sim.account(one(180), "A", "P")
    assert a.reason == "SIM Turning" and a.problem is not None and "6 units" in a.problem


def test_in_irons_the_first_turn_is_paid_from_the_new_allowance() -> None:
    # heading 10 is in irons: units 0; T80 to 90 (reach 7) costs 2: 5 left
    a = sim.account(one(10), "A", "T80 M5")
    assert a.legal and a.units == 0 and a.point_of_sail is PointOfSail.IN_IRONS
    assert a.end.heading == 90 and close(a.end.at, (5, 0))
    # then a second turn is an ordinary one: M1 (4 left, 3 spent); T60 to 150 (broad reach
    # 6) costs 1: 3 left, min(3, 6) = 3
    assert sim.account(one(10), "A", "T80 M1 T60 M3").legal
    assert why(one(10), "T80 M1 T60 M4") == (False, "SIM Turning")


def test_in_irons_turns_that_cannot_be_paid() -> None:
    # T440 to 90 costs 8, more than a reach's 7
    assert why(one(10), "T440") == (False, "SIM In Irons")
    # T5 to 15 is still in irons: no units to pay 1
    assert why(one(10), "T5") == (False, "SIM In Irons")
    # a plan of nothing, or beginning with the penalty turn, does not begin with a turn
    assert why(one(10), Plan(())) == (False, "SIM In Irons")
    a = sim.account(one(10), "A", "P")
    assert a.reason == "SIM In Irons" and a.problem is not None and "begin with a turn" in a.problem


def test_a_turn_ending_in_irons_leaves_nothing_and_ends_the_turn() -> None:
    # reach 7: T-60 to 30 (in irons) costs 1; whatever was left is gone
    a = sim.account(one(90), "A", "T-60")
    assert a.legal and a.end.heading == 30
    a = sim.account(one(90), "A", "T-60 T60")
    assert not a.legal and a.reason == "SIM Turning"


def test_apply_moves_the_boat_or_names_the_rule() -> None:
    p = sim.apply(one(90), mv("A", "M7"))
    assert close(p.boat("A", "boat").at, (7, 0)) and p.wind == "N" and p.knots == 10
    with pytest.raises(IllegalMove, match=r"illegal move A: M6: 1 unit is left over") as e:
        sim.apply(one(90), mv("A", "M6"))
    assert str(e.value.cite) == "SIM Movement"
    assert sim.is_legal(one(90), mv("A", "M7")) and not sim.is_legal(one(90), mv("A", "M6"))


# --- The plans offered to bots and engines ---------------------------------------------


def test_legal_plans_in_right_angles_without_splits() -> None:
    # reach 7 heading 90: one run M7; T-90 to 0 ends in irons (legal, nothing follows);
    # T90 to 180 costs 2, run 3 keeps min(5, 3) = 3; T180 to 270 costs 3, a reach: 4 left
    offered = moves.legal_moves(one(90), "A", step=90, splits=False)
    assert [str(m) for m in offered] == ["A: M7", "A: T-90", "A: T90 M3", "A: T180 M4"]


def test_legal_plans_split_the_run_by_default() -> None:
    texts = {str(m.plan) for m in moves.legal_moves(one(90), "A", step=90)}
    # M1 (6 left) T90 (cost 2: 4, run keeps 3) M3; M5 (2 left) T90 (0 left)
    assert {"M1 T90 M3", "M5 T90", "M1 T-90", "M7"} <= texts
    assert "M6 T90" not in texts  # 1 left cannot pay a turn of 2
    assert not any(t.startswith("P") for t in texts)


def test_legal_plans_with_the_penalty_turn() -> None:
    # broad reach at 15 knots: 8 units; P leaves 2
    offered = moves.legal_moves(one(135, knots=15), "A", step=90, penalty=True)
    texts = [str(m.plan) for m in offered]
    assert "P M2" in texts and "M8" in texts
    assert all(sim.is_legal(one(135, knots=15), m) for m in offered)
    # a reach at 10 knots: 7 units; P leaves 1, run at once
    assert "A: P M1" in [str(m) for m in moves.legal_moves(one(90), "A", step=90, penalty=True)]


@pytest.mark.parametrize("step", [0, 91, 2.5])
def test_legal_plans_step_is_1_to_90_degrees(step: object) -> None:
    with pytest.raises(ValueError, match=r"step"):
        moves.legal_moves(one(90), "A", step=step)  # type: ignore[arg-type]


def test_legal_plans_check_the_position() -> None:
    with pytest.raises(TypeError, match=r"^position: "):
        moves.legal_moves("here", "A")  # type: ignore[arg-type]
    assert moves.legal_moves(one(90), "A", step=1, splits=False)


# --- Plans as text ---------------------------------------------------------------------


def test_plan_limits() -> None:
    assert len(Plan.parse(" ".join(["M1"] * 40)).steps) == 40
    with pytest.raises(PlanError, match=r"41 steps"):
        Plan.parse(" ".join(["M1"] * 41))
    assert Plan.parse("T720 T-720 M100").steps == (
        PlanStep("T", 720.0), PlanStep("T", -720.0), PlanStep("M", 100.0))
    with pytest.raises(PlanError, match=r"720"):
        Plan.parse("T720.5")
    with pytest.raises(PlanError, match=r"step 2 'M100.5'"):
        Plan.parse("M1 M100.5")
    with pytest.raises(TypeError, match=r"^text: "):
        Plan.parse(7)  # type: ignore[arg-type]
    assert str(Plan.parse("T+30 M2.50 P")) == "T30 M2.5 P"
    assert repr(Plan.parse("P M1")) == "Plan.parse('P M1')"


# --- SIM Turn Sequence, The Start and the Racing Rules -----------------------------------


def test_the_racing_rules_measure_in_hull_lengths() -> None:
    # hulls 2 units long: the point (4, 6) is (2, 3) hull lengths; marks are left to port
    p = sim.Position("E", 10, (sim.Boat("A", (4.0, 6.0), 45.0, Tack.PORT),),
                     (sim.Mark("m", (10.0, -2.0)),), hull_length=2.0)
    r = rules.to_rrs(p)
    assert r.wind == 90
    b = r.boats[0]
    # her recorded tack speaks only head to wind or dead downwind: here the wind gives it
    assert (b.id, b.at, b.heading, b.tacking, b.tack) == ("A", (2.0, 3.0), 45.0, False, None)
    head_to_wind = sim.Position("E", 10, (sim.Boat("A", (4.0, 6.0), 90.0, Tack.PORT),))
    assert rules.to_rrs(head_to_wind).boats[0].tack is Tack.PORT
    m = r.marks[0]
    assert (m.id, m.at, m.leave_to) == ("m", (5.0, -1.0), "port")


def test_depth_is_the_distance_downwind() -> None:
    # wind N blows towards the South: depth is -y; wind E towards the West: -x
    assert rules.depth(one(90), (3.0, 5.0)) == pytest.approx(-5.0)
    assert rules.depth(one(90, wind="E"), (3.0, 5.0)) == pytest.approx(-3.0)
    assert rules.depth(one(90, wind="SW"), (1.0, 1.0)) == pytest.approx(math.sqrt(2))


def test_play_order_a_boat_clear_astern_moves_after_even_to_windward() -> None:
    # two boats on starboard (heading 315, wind N); B at (40, 30) lies behind the line abeam
    # of A's stern (40 * -0.71 + 30 * 0.71 < 0): clear astern, she keeps clear (RRS 12) and
    # moves after A although she is further to windward
    p = sim.Position("N", 10, (sim.Boat("A", (0.0, 0.0), 315.0),
                               sim.Boat("B", (40.0, 30.0), 315.0)))
    order = sim.play_order(p)
    assert order.order == ("A", "B") and order.cycles == ()
    assert order.keep_clear == (("B", "A", "12"),)
    assert order.steps[-1].text == "play order: A, B"
    # windward first, as a sentence; the depths behind it in the detail
    assert order.steps[0].text == "B lies to windward of A"
    assert order.steps[0].detail == "depths downwind: B -30.00, A 0.00"
    assert order.steps[1].text == "B keeps clear of A, so B moves after A"
    # a single boat plays alone
    assert sim.play_order(one(90)).order == ("A",)


LINE = sim.Line("start", "start", ((-3.0, 0.0), (3.0, 0.0)))


def test_the_course_side_of_a_starting_line_is_where_the_wind_comes_from() -> None:
    p = sim.Position("N", 10, (sim.Boat("A", (0.0, -2.0), 0.0),), lines=(LINE,))
    assert rules.course_side(p, LINE, (0.0, 2.0)) > 0
    assert rules.course_side(p, LINE, (0.0, -1.0)) < 0
    flipped = sim.Line("start", "start", ((3.0, 0.0), (-3.0, 0.0)))
    assert rules.course_side(p, flipped, (0.0, 2.0)) > 0  # the order of the ends is no matter
    south = sim.Position("S", 10, (sim.Boat("A", (0.0, -2.0), 0.0),), lines=(LINE,))
    assert rules.course_side(south, LINE, (0.0, -1.0)) > 0
    # a line along the wind: the course side is the side of the first mark
    along = sim.Line("start", "start", ((0.0, -3.0), (0.0, 3.0)))
    east = sim.Position("N", 10, (sim.Boat("A", (-5.0, -5.0), 0.0),),
                        (sim.Mark("m", (5.0, 0.0)),), (along,))
    assert rules.course_side(east, along, (2.0, 0.0)) > 0
    assert rules.course_side(east, along, (-2.0, 0.0)) < 0
    west = sim.Position("N", 10, (sim.Boat("A", (-5.0, -5.0), 0.0),),
                        (sim.Mark("m", (-5.0, 0.0)),), (along,))
    assert rules.course_side(west, along, (2.0, 0.0)) < 0


def test_crossing_the_line_towards_the_course_and_back() -> None:
    p = sim.Position("N", 10, (sim.Boat("A", (0.0, -2.0), 0.0),), lines=(LINE,))
    up = ((0.0, -1.0), (0.0, 1.0))
    assert rules.crosses_towards_course(p, LINE, up)
    assert not rules.crosses_towards_course(p, LINE, up[::-1])
    assert rules.crosses_towards_course(p, LINE, ((0.0, -2.0), (0.0, -1.0), (0.0, 1.0)))
    assert not rules.crosses_towards_course(p, LINE, ((5.0, -1.0), (5.0, 1.0)))  # beyond an end
    assert not rules.crosses_towards_course(p, LINE, ((0.0, -2.0),))
    assert rules.crosses_towards_prestart(p, LINE, up[::-1])
    assert rules.crosses_towards_prestart(p, LINE, ((5.0, 1.0), (5.0, -1.0)))  # extensions
    assert not rules.crosses_towards_prestart(p, LINE, up)


def crossing_pair() -> sim.Position:
    # wind N: A on port (heading 90, the wind on her port side) at (-4, 4.5); B on starboard
    # (heading 315) at (0, 5): A keeps clear (RRS 10)
    return sim.Position("N", 10, (sim.Boat("A", (-4.0, 4.5), 90.0),
                                  sim.Boat("B", (0.0, 5.0), 315.0)))


def test_encounters_measure_the_closest_approach() -> None:
    p = crossing_pair()
    # A's run from (-4, 4.5) to (3, 4.5) passes 0.5 below B's centre
    [e] = rules.encounters(p, "A", ((-4.0, 4.5), (3.0, 4.5)))
    assert (e.other, e.keep_clear, e.right_of_way, e.rule) == ("B", "A", "B", "10")
    assert e.closest == pytest.approx(0.5) and e.close and e.infringed
    # stopping at (-2, 4.5): the nearest point is the end, sqrt(4 + 0.25) away
    [e] = rules.encounters(p, "A", ((-4.0, 4.5), (-2.0, 4.5)))
    assert e.closest == pytest.approx(math.sqrt(4.25)) and not e.close and not e.infringed
    # a run exactly one hull length away is not within it
    [e] = rules.encounters(p, "A", ((-4.0, 4.0), (3.0, 4.0)))
    assert e.closest == pytest.approx(1.0) and not e.close
    # a path of one point, and a step of no length
    [e] = rules.encounters(p, "A", ((0.0, 4.2),))
    assert e.closest == pytest.approx(0.8) and e.close
    [e] = rules.encounters(p, "A", ((0.0, 4.2), (0.0, 4.2)))
    assert e.closest == pytest.approx(0.8)
    # B passing close to A has right of way: close, but no infringement
    [e] = rules.encounters(p, "B", ((0.0, 5.0), (-4.0, 5.0)))
    assert e.other == "A" and e.keep_clear == "A" and e.close and not e.infringed
    assert rules.encounters(one(90), "A", ((0.0, 0.0), (7.0, 0.0))) == []
    with pytest.raises(Exception, match=r"^boat: "):
        rules.encounters(p, "Z", ((0.0, 0.0),))


def test_adjudicating_a_turn() -> None:
    p = crossing_pair()
    # A reaches 7 units East: legal, but she came within 0.5 of B: a penalty turn (RRS 44.1)
    r = sim.adjudicate(p, mv("A", "M7"))
    assert r.legal and r.penalty == "A" and r.infringed == {"B"} and r.verdict is None
    assert r.move == mv("A", "M7") and r.ruleset == "simulation" and r.before is p
    assert r.to_json()["move"] == "A: M7" and r.explain().startswith("move: A: M7\n")
    assert r.after is not None and close(r.after.boat("A", "boat").at, (3.0, 4.5))
    assert str(r.steps[-1].cite) == "RRS 44.1" and r.steps[-1].kind == "conclusion"
    near = [s for s in r.steps if "came within" in s.text]
    assert len(near) == 1 and str(near[0].cite) == "SIM Movement"
    # an illegal plan: its problem and section
    bad = sim.adjudicate(p, mv("A", "M6"))
    assert bad.legal is False and bad.after is None and bad.reason.endswith("(SIM Movement)")
    assert bad.infringements == () and bad.penalty is None
    assert bad.before is p and bad.ruleset == "simulation"
    # B's beat (5 units NW) takes her away: legal, nobody infringed
    ok = sim.adjudicate(p, mv("B", "M5"))
    assert ok.legal and ok.penalty is None and ok.infringements == ()
    # a plan ending with hulls touching (A reaches 7 to (-0.5, 5), her bow on B): RRS 14
    touch = sim.Position("N", 10, (sim.Boat("A", (-7.5, 5.0), 90.0),
                                   sim.Boat("B", (0.0, 5.0), 0.0, Tack.STARBOARD)))
    r = sim.adjudicate(touch, mv("A", "M7"))
    assert not r.legal and r.reason.endswith("(RRS 14)") and str(r.steps[-1].cite) == "RRS 14"
    assert r.reason == "the plan ends with A's hull touching B's (RRS 14)"
    assert r.steps[-1].kind == "conclusion" and r.infringements == ()
    assert r.before is touch and r.ruleset == "simulation" and r.after is None
    with pytest.raises(TypeError, match=r"^move: "):
        sim.adjudicate(p, ("A", "M7"))  # type: ignore[arg-type]


def test_legality_is_the_accounting_and_hulls_that_do_not_touch() -> None:
    p = crossing_pair()
    lg = sim.legality(p, mv("A", "M7"))
    assert isinstance(lg, Legality) and lg.legal and lg.reason == "every unit used as the rules ask"
    assert str(lg.cite) == "SIM Movement" and lg.accounting is not None
    assert lg.accounting.units == 7 and lg.steps == lg.accounting.steps
    assert lg.to_json()["move"] == "A: M7" and "legal: yes" in lg.explain()
    bad = sim.legality(p, mv("A", "T10 M3"))  # reach 7 to 100, still a reach: 1 for the turn
    assert not bad and bad.reason == "3 units are left over, and every unit must be used"
    assert bad.steps[-1].text == "illegal: " + bad.reason
    # the accounting is legal, but A's bow ends on B's hull (RRS 14): the move is not
    touch = sim.Position("N", 10, (sim.Boat("A", (-7.5, 5.0), 90.0),
                                   sim.Boat("B", (0.0, 5.0), 0.0, Tack.STARBOARD)))
    t = sim.legality(touch, mv("A", "M7"))
    assert t.accounting is not None and t.accounting.legal and not t.legal
    assert str(t.cite) == "RRS 14" and t.steps[-1].kind == "conclusion"
    assert not sim.is_legal(touch, mv("A", "M7"))
    with pytest.raises(IllegalMove, match="touching") as e:
        sim.apply(touch, mv("A", "M7"))
    assert str(e.value.cite) == "RRS 14"
    # the moves offered never end touching
    offered = sim.legal_moves(touch, "A")
    assert offered and mv("A", "M7") not in offered
    assert all(sim.is_legal(touch, m) for m in offered)
    with pytest.raises(UnknownId, match="no boat 'Z'"):
        sim.legality(p, mv("Z", "M7"))


def test_a_protest_is_decided_on_who_did_not_keep_clear() -> None:
    p = crossing_pair()
    # A did not keep clear of B (RRS 10): B's protest against A is upheld
    r = sim.adjudicate(p, mv("A", "M7"), sim.Protest("B", "A"))
    assert r.verdict == "upheld" and r.penalty == "A"
    assert r.steps[-2].text == "B protests against A" and str(r.steps[-2].cite) == "RRS 63.6"
    assert r.steps[-1].text == ("protest by B against A upheld: A did not keep clear of B "
                                "(RRS 10)")
    assert str(r.steps[-1].cite) == "RRS 64.1" and "protest: upheld" in r.explain()
    # A's protest against B, who did not move: dismissed
    r = sim.adjudicate(p, mv("A", "M7"), sim.Protest("A", "B"))
    assert r.verdict == "dismissed" and r.penalty == "A"
    assert r.steps[-1].text.endswith("dismissed: B did not move; the turn was A's")
    # B (beat 5) bears away to 270, a reach (1 for the turn, 7 - 1 = 6 left), and passes
    # 0.5 from A, who had to keep clear: A's protest is dismissed
    r = sim.adjudicate(p, mv("B", "T-45 M6"), sim.Protest("A", "B"))
    assert r.legal and r.verdict == "dismissed" and r.penalty is None
    assert "did not come within a hull length of A while she had to keep clear" in \
        r.steps[-1].text
    # an illegal plan is not sailed: the protest is not heard
    r = sim.adjudicate(p, mv("A", "M6"), sim.Protest("B", "A"))
    assert not r.legal and r.verdict is None
    assert r.steps[-1].text.endswith("the protest is not heard")
    with pytest.raises(UnknownId, match=r"^protest\.by: "):
        sim.adjudicate(p, mv("A", "M7"), sim.Protest("Z", "A"))
    with pytest.raises(InputError, match="cannot protest herself"):
        sim.adjudicate(p, mv("A", "M7"), sim.Protest("A", "A"))
    with pytest.raises(TypeError, match=r"^protest: "):
        sim.adjudicate(p, mv("A", "M7"), ("B", "A"))  # type: ignore[arg-type]


def test_right_of_way_and_the_engagement_graph_are_the_racing_rules() -> None:
    p = crossing_pair()
    row = sim.right_of_way(p, "A", "B")
    assert (row.holder, row.giver, row.basis) == ("B", "A", "10")
    assert any(str(s.cite) == "RRS 10" for s in row.steps)
    g = sim.engagement_graph(p)
    assert list(g.edges) == [("A", "B")] and g.edges["A", "B"]["rules"] == ("10",)
    with pytest.raises(UnknownId):
        sim.right_of_way(p, "A", "Z")
    with pytest.raises(TypeError, match=r"^position: "):
        sim.engagement_graph("here")  # type: ignore[arg-type]


def test_a_line_across_the_wind_takes_the_wind_side_whatever_the_marks() -> None:
    # the first mark below the line (a leeward mark) does not turn the course side round:
    # it is the side the wind comes from, North
    p = sim.Position("N", 10, (sim.Boat("A", (0.0, -2.0), 0.0),),
                     (sim.Mark("leeward", (0.0, -3.0)),), (LINE,))
    assert rules.course_side(p, LINE, (0.0, 2.0)) > 0
    assert rules.course_side(p, LINE, (0.0, -1.0)) < 0


def test_cycles_are_reported_in_the_listed_order(monkeypatch: pytest.MonkeyPatch) -> None:
    # two keep-clear cycles, Z <-> Y and B <-> A (boats listed Z, Y, B, A): each is
    # reported in the listed order, and so are the cycles, by their first boats
    p = sim.Position("N", 10, tuple(sim.Boat(b, (10.0 * i, -5.0 * i), 90.0)
                                    for i, b in enumerate("ZYBA")))
    edges = [("Z", "Y", "11"), ("Y", "Z", "11"), ("B", "A", "11"), ("A", "B", "11")]
    monkeypatch.setattr(rules, "keep_clear", lambda position: edges)
    order = sim.play_order(p)
    assert order.cycles == (("Z", "Y"), ("B", "A"))
    cycle_steps = [s for s in order.steps if "cycle" in s.text]
    assert len(cycle_steps) == 2
    assert all(str(s.cite) == "SIM Turn Sequence" for s in cycle_steps)


# --- the course of a race -------------------------------------------------------------------


def test_the_triangle_is_laid_from_the_wind() -> None:
    from rightofway.sim.race import Course, RaceOptions

    # wind N: upwind is (0, 1), the left of a boat sailing upwind is West (-1, 0). The line
    # (10 long) across the wind at the origin; windward 20 upwind of its middle; the wing
    # mark half a leg up and half a leg to the left; the leeward mark 3 below the line
    c = Course.triangle("N")
    assert c.wind == "N" and c.line.ends == ((-5.0, 0.0), (5.0, 0.0))
    assert [(m.id, m.at) for m in c.marks] == [
        ("windward", (0.0, 20.0)), ("wing", (-10.0, 10.0)), ("leeward", (0.0, -3.0))]
    # wind E: upwind (1, 0), left North (0, 1); a longer leg and line
    e = Course.triangle("E", RaceOptions(leg=30.0, line_length=6.0))
    assert e.line.ends == ((0.0, 3.0), (0.0, -3.0))
    assert [m.at for m in e.marks] == [(30.0, 0.0), (15.0, 15.0), (-3.0, 0.0)]
    # the legs: from the line's middle up to windward, then down-left to the wing mark
    assert c.leg_direction(0) == pytest.approx((0.0, 1.0))
    s = math.sqrt(0.5)
    assert c.leg_direction(1) == pytest.approx((-s, -s))
    assert c.leg_direction(2) == pytest.approx((10 / math.sqrt(269), -13 / math.sqrt(269)))


@pytest.mark.parametrize(("field", "value"), [
    ("leg", 4.9), ("leg", 500.1), ("line_length", 1.9), ("line_length", 100.1),
    ("hull_length", 0.09), ("hull_length", 10.1), ("leg", True), ("max_rounds", 0),
    ("max_rounds", 10_001), ("max_rounds", True), ("max_rounds", 2.0)])
def test_race_options_limits(field: str, value: object) -> None:
    from rightofway.races import SetupError
    from rightofway.sim.race import RaceOptions

    with pytest.raises(SetupError, match=rf"^{field}: "):
        RaceOptions(**{field: value})  # type: ignore[arg-type]
    for ok in ({"leg": 5.0}, {"leg": 500}, {"line_length": 2.0}, {"hull_length": 10.0},
               {"max_rounds": 1}, {"max_rounds": 10_000}):
        RaceOptions(**ok)


def test_a_new_race_reaches_along_the_line_below_it() -> None:
    from rightofway.races import IllegalMove
    from rightofway.sim.race import Race

    # initial dice 8, 2: wind NW (315) at 10 knots; start die 8: five turns before the gun.
    # The boats reach along the line: heading 315 + 90 = 45 (mod 360)
    r = Race.new(3, seed=1, initial=(8, 2), start=8)
    p = r.position
    assert (p.wind, p.knots, p.start_turns_left) == ("NW", 10, 5)
    assert [(b.id, b.heading) for b in p.boats] == [("A", 45.0), ("B", 45.0), ("C", 45.0)]
    line = p.lines[0]
    assert all(rules.course_side(p, line, b.at) < 0 for b in p.boats)  # below the line
    # the plans offered: none is a penalty turn when no penalty is owed
    who = r.to_move
    assert who is not None
    offered = r.legal_moves()
    assert offered and all(m.boat == who and m.plan.steps[0].kind != "P" for m in offered)
    other = next(b for b in p.boat_ids if b != who)
    with pytest.raises(IllegalMove, match=rf"it is {who}'s turn"):
        r.play(mv(other, "M1"))


def _close_pass() -> sim.Race:
    """As in test_sim: A (port, reaching) at (-4, 4.5), B (starboard) at (0, 5), wind N 10
    knots, A to play: her M7 passes 0.5 from B, within a hull length (RRS 10)."""
    from dataclasses import replace

    race = sim.Race.new(2, seed=1, initial=(1, 2), start=1)
    pos = replace(race.position, boats=(sim.Boat("A", (-4.0, 4.5), 90.0),
                                        sim.Boat("B", (0.0, 5.0), 315.0)))
    return replace(race, position=pos, to_play=("A", "B"))


def _owing_a_penalty_turn() -> sim.Race:
    """The close pass played out: A owes one penalty turn and it is her turn again."""
    race, _ = _close_pass().play(mv("A", "M7"))
    race, _ = race.play(mv("B", "M5"), ((4, 4), (4, 4)))
    race, _ = race.play(mv("B", "M5"))
    assert race.to_move == "A" and race.boat_progress("A").penalties == 1
    return race


def test_a_boat_that_owes_a_penalty_turn_is_offered_it() -> None:


    # as in test_sim: A (port, reaching) passes 0.5 from B (starboard) and owes a penalty
    race = _owing_a_penalty_turn()
    offered = race.legal_moves()
    assert any(m.plan.steps[0].kind == "P" for m in offered)
    assert not any(m.plan.steps[0].kind == "P" for m in race.legal_moves("B"))


def test_crossing_on_the_last_turn_before_the_gun_is_early() -> None:
    from dataclasses import replace

    from rightofway.sim.race import Race

    # SIM The Start: the boats must complete the countdown before crossing the line. With
    # one turn left, A (beat, 5 units at 10 knots) runs from (0, -1) across the line y = 0
    race = Race.new(2, seed=1, initial=(1, 2), start=1)  # wind N, line (-5, 0)-(5, 0)
    pos = replace(race.position, start_turns_left=1,
                  boats=(sim.Boat("A", (0.0, -1.0), 45.0), sim.Boat("B", (-4.0, -1.5), 45.0)))
    race = replace(race, position=pos, to_play=("A", "B"))
    after, events = race.play(mv("A", "M5"))
    assert "early" in [e.kind for e in events]
    assert after.boat_progress("A").early


def test_a_record_keeps_no_state_for_the_set_up_its_recorded_dice_give() -> None:
    from rightofway.sim.race import Race

    # Race.setup_json: the record's set-up writes the dice it was laid from, and a ``state``
    # only when the race is not the one those dice give. A race laid from chosen initial
    # dice (not those its seed would roll) is still the set-up of its recorded dice. Two
    # different choices, so at least one differs from whatever the seed rolls.
    for initial, start in (((1, 2), 1), ((8, 5), 6)):
        race = Race.new(2, seed=1, initial=initial, start=start)
        setup = race.setup_json()
        assert setup["dice"] == {"initial": list(initial), "start": start}
        assert "state" not in setup


# --- mutation sample seed 12, second batch ---


def test_finishing_places_are_written_as_english_ordinals() -> None:
    from rightofway.sim.race import _ordinal

    # a finish event names the place: 1st, 2nd, 3rd, then th, with 11th to 13th in every
    # hundred, and st, nd, rd again from 21 on
    expected = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 9: "9th", 10: "10th",
                11: "11th", 12: "12th", 13: "13th", 14: "14th", 20: "20th", 21: "21st",
                22: "22nd", 23: "23rd", 24: "24th", 25: "25th", 101: "101st",
                111: "111th", 112: "112th", 113: "113th", 122: "122nd"}
    assert {n: _ordinal(n) for n in expected} == expected


def test_an_early_start_cites_sim_the_start() -> None:
    from dataclasses import replace

    from rightofway.sim.race import Race

    # as in test_crossing_on_the_last_turn_before_the_gun_is_early: A goes over with one
    # turn left before the gun; the event cites the rulebook's heading, SIM The Start
    race = Race.new(2, seed=1, initial=(1, 2), start=1)  # wind N, line (-5, 0)-(5, 0)
    pos = replace(race.position, start_turns_left=1,
                  boats=(sim.Boat("A", (0.0, -1.0), 45.0), sim.Boat("B", (-4.0, -1.5), 45.0)))
    race = replace(race, position=pos, to_play=("A", "B"))
    _, events = race.play(mv("A", "M5"))
    early = [e for e in events if e.kind == "early"]
    assert len(early) == 1 and early[0].boat == "A"
    assert str(early[0].cite) == "SIM The Start"


def test_taking_the_penalty_turn_owed_cites_the_racing_rules() -> None:


    # as in test_a_boat_that_owes_a_penalty_turn_is_offered_it: A owes one penalty turn.
    # She takes it (a plan beginning with P): the event cites the Racing Rules' rule on
    # taking a penalty, RRS 44.2, and she owes none after it
    race = _owing_a_penalty_turn()
    turn = next(m for m in race.legal_moves() if m.plan.steps[0].kind == "P")
    race, events = race.play(turn)
    taken = [e for e in events if e.kind == "penalty"]
    assert len(taken) == 1 and taken[0].boat == "A"
    assert str(taken[0].cite) == "RRS 44.2"
    assert race.boat_progress("A").penalties == 0


def test_a_move_played_once_the_race_is_over_is_refused_as_that_move() -> None:
    from rightofway.sim.race import Race, RaceOptions

    # a race of one round (option max_rounds) is over when both boats have moved; a move
    # played then is an illegal move, and the error carries it (IllegalMove.move)
    race = Race.new(2, seed=1, initial=(1, 2), start=1, options=RaceOptions(max_rounds=1))
    for _ in range(2):
        race, _ = race.play(race.legal_moves()[0])
    assert race.is_over() and race.to_move is None
    late = mv("A", "M1")
    with pytest.raises(IllegalMove, match=r"race is over") as caught:
        race.play(late)
    assert caught.value.move == late
    assert str(late) in str(caught.value)
    assert str(caught.value.cite) == "SIM Turn Sequence"


# --- mutation sample seed 12, third batch ---


def test_a_close_pass_is_explained_fact_then_the_keep_clear_rule_then_the_penalty() -> None:
    # SIM Movement and RRS 10: A on port passes 0.5 from B on starboard (the position of
    # test_sim.py's close-pass case); the explanation states the closeness as a fact, the
    # keep-clear rule as a rule (RRS 10) and the penalty turn owed as the conclusion (RRS 44.1)
    ruling, _, _ = rules.judge(_close_pass().position, sim.Move("A", Plan.parse("M7")))
    kinds = [(s.kind, str(s.cite)) for s in ruling.steps if s.kind != "fact"
             or "came within" in s.text]
    assert kinds[-3:] == [("fact", "SIM Movement"), ("rule", "RRS 10"),
                          ("conclusion", "RRS 44.1")]


def test_a_course_holds_1_to_max_marks_marks() -> None:
    from rightofway.sim import race as sim_race

    course = sim.Race.new(2, seed=1).course
    most = tuple(sim_race.Mark(f"m{i}", (float(i), -20.0)) for i in range(sim_race.MAX_MARKS))
    assert len(sim_race.Course(course.wind, course.line, most).marks) == sim_race.MAX_MARKS
    with pytest.raises(InputError, match=r"^marks: "):
        sim_race.Course(course.wind, course.line, (*most, sim_race.Mark("x", (0.0, -30.0))))


def test_a_race_s_round_is_checked_under_its_own_name() -> None:
    from dataclasses import replace

    race = sim.Race.new(2, seed=1)
    for bad in (0, 10**16):
        with pytest.raises(InputError, match=r"^round: "):
            replace(race, round=bad)
    with pytest.raises(InputError, match=r"^seed: "):
        replace(race, seed=10**16)


def test_the_initial_dice_are_two_or_none() -> None:
    # SIM Wind: the initial wind is two dice (direction, speed)
    for bad in ((1, 2, 3), (1,), 5):
        with pytest.raises(TypeError, match=r"^initial: "):
            sim.Race.new(2, seed=1, initial=bad)  # type: ignore[arg-type]


def _heading_94_5() -> sim.Position:
    from dataclasses import replace

    race = sim.Race.new(2, seed=1, initial=(1, 2), start=1)  # wind N
    return replace(race.position, boats=(sim.Boat("A", (0.0, 0.0), 94.5),
                                         sim.Boat("B", (30.0, 30.0), 0.0)))


def test_the_moves_offered_turn_the_shorter_way_and_are_each_offered_once() -> None:
    # legal_moves: every heading of the grid reached by the shorter turn, each plan once.
    # From 94.5, heading 275 is 180.5 to starboard or 179.5 to port: the shorter is T-179.5.
    offered = [str(m) for m in moves.legal_moves(_heading_94_5(), "A")]
    assert "A: T-179.5 M4" in offered and not any("T180.5" in m for m in offered)
    assert len(set(offered)) == len(offered)
    for plan in offered:
        for word in plan.split(": ", 1)[1].split():
            if word.startswith("T"):
                assert abs(float(word[1:])) <= 180.0, plan


def test_legal_accountings_and_check_die_refuse_their_arguments_by_name() -> None:
    with pytest.raises(TypeError, match=r"^penalty: "):
        moves.legal_accountings(_heading_94_5(), "A", penalty=object())  # type: ignore[arg-type]
    for sides in (1, 101):  # a die has 2 to 100 faces
        with pytest.raises(InputError, match=rf"^sides: .*{sides}"):
            sailing.check_die(1, "d", sides)
    assert sailing.check_die(100, "d", 100) == 100


def test_a_plan_step_s_bounds_hold_at_both_ends_and_its_refusals_show_the_value() -> None:
    # SIM Turning and Movement as plan.py states its limits: a turn of at most MAX_TURN
    # degrees either way, a run of more than 0 and at most MAX_RUN units, P without value
    from rightofway.sim.plan import MAX_RUN, MAX_TURN

    for turn in (MAX_TURN, -MAX_TURN):
        assert PlanStep("T", turn).value == turn
        assert PlanStep("T", int(turn)).value == turn  # a whole number is read the same
        with pytest.raises(PlanError, match=rf"^value: .*{turn + math.copysign(1, turn):g}"):
            PlanStep("T", turn + math.copysign(1, turn))
    assert PlanStep("M", MAX_RUN).value == MAX_RUN
    for run in (0.0, -1.0, MAX_RUN + 1):
        with pytest.raises(PlanError, match=rf"^value: .*{run:g}"):
            PlanStep("M", run)
    with pytest.raises(PlanError, match=r"^value: .*3"):
        PlanStep("P", 3.0)


def test_a_plan_keeps_its_steps_as_a_tuple_and_names_what_is_not_a_step() -> None:
    steps = [PlanStep("T", 30.0), PlanStep("M", 4.0)]
    assert Plan(steps).steps == tuple(steps)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^steps"):
        Plan(object())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^steps.*'T30'"):
        Plan((PlanStep("M", 4.0), "T30"))  # type: ignore[arg-type]
