"""Racing Rules of Sailing tests for behaviour mutation testing found unpinned.

Mutation testing (docs/mutation-testing.rst) changes ``rightofway/plane.py`` and
``rightofway/rrs/rules.py`` one small step at a time and runs the tests against each
change; the tests here pin down what the changes that survived showed no test held.
Every expectation is worked out by hand from the Racing Rules of Sailing and the
continuous-geometry specification, never copied from the program's output.
"""

from __future__ import annotations

import math

import pytest

from rightofway.geometry import Tack
from rightofway.plane import (
    ANGLE_TOLERANCE,
    bearing_to,
    clear_astern,
    closest_points,
    downwind_depth,
    hull,
    is_head_to_wind,
    norm360,
    point_in_polygon,
    polygon_segment_distance,
    segments_cross,
)
from rightofway.positions import PositionError
from rightofway.rrs import (
    Boat,
    Facts,
    Mark,
    Obstruction,
    Options,
    Position,
    Snapshot,
    boat_geometry,
    engagement_graph,
    keep_clear,
    pair_facts,
    penalty,
    right_of_way,
    ruling,
)

S = math.sqrt(0.5)
"""sin 45 = cos 45."""

# --- the plane ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("deg", "expected"), [
    (-90.0, 270.0),
    (720.0, 0.0),
    # a tiny negative angle is 360 minus almost nothing: that is 0, not 360 ("in [0, 360)")
    (-1e-14, 0.0),
    (-1e-13, 0.0),
])
def test_norm360_stays_below_360(deg: float, expected: float) -> None:
    out = norm360(deg)
    assert 0.0 <= out < 360.0
    assert out == pytest.approx(expected)


@pytest.mark.parametrize(("b", "bearing"), [
    ((0.0, 1.0), 0.0), ((1.0, 0.0), 90.0), ((0.0, -1.0), 180.0), ((-1.0, 0.0), 270.0),
    ((1.0, 1.0), 45.0), ((-2.0, 2.0), 315.0),
])
def test_bearing_to_is_clockwise_from_north(b: tuple[float, float], bearing: float) -> None:
    assert bearing_to((0.0, 0.0), b) == pytest.approx(bearing)
    # from b back to the origin: the opposite bearing
    assert bearing_to(b, (0.0, 0.0)) == pytest.approx((bearing + 180.0) % 360.0)


def test_head_to_wind_includes_the_tolerance_itself() -> None:
    # "a value within the tolerance of a boundary counts as on it": exactly the tolerance off
    # the wind is still head to wind; twice it is not.
    assert is_head_to_wind(0.0, ANGLE_TOLERANCE) is True
    assert is_head_to_wind(0.0, 2 * ANGLE_TOLERANCE) is False


def test_clear_astern_takes_the_foremost_end_of_a_hull_heading_the_other_way() -> None:
    # B heads North, stern at y = 0. A heads South: her bow (the southern end) is 0.2 behind
    # B's line abeam but her stern (the northern end) 0.8 ahead of it, so A is not wholly
    # behind the line: not clear astern.
    b = hull((0.0, 0.5), 0)
    a = hull((2.0, 0.3), 180)
    assert a[1][1] == pytest.approx(-0.2) and a[0][1] == pytest.approx(0.8)
    assert clear_astern(a, b, 0) is False
    # Moved 1 further South, both ends are behind it.
    assert clear_astern(hull((2.0, -0.7), 180), b, 0) is True


def test_closest_points_of_crossing_segments_is_where_they_cross() -> None:
    # (4t, 2t) meets (1 + 2s, 3 - 4s) at t = s = 1/2: (2, 1)
    p, q = closest_points((0.0, 0.0), (4.0, 2.0), (1.0, 3.0), (3.0, -1.0))
    assert p == pytest.approx((2.0, 1.0)) and q == pytest.approx((2.0, 1.0))
    # the same segments moved by (1, 2): the crossing moves with them, to (3, 3)
    p, q = closest_points((1.0, 2.0), (5.0, 4.0), (2.0, 5.0), (4.0, 1.0))
    assert p == pytest.approx((3.0, 3.0)) and q == pytest.approx((3.0, 3.0))
    # the crossing at one third of the first segment: (3t, 3t) meets x = 1 at (1, 1)
    p, q = closest_points((0.0, 0.0), (3.0, 3.0), (1.0, 5.0), (1.0, -2.0))
    assert p == pytest.approx((1.0, 1.0)) and q == pytest.approx((1.0, 1.0))


def test_closest_points_of_apart_segments() -> None:
    # a point 2 above the middle of a horizontal segment: its foot is straight below
    p, q = closest_points((1.0, 3.0), (1.0, 3.0), (-2.0, 1.0), (4.0, 1.0))
    assert p == (1.0, 3.0) and q == pytest.approx((1.0, 1.0))
    # the segment from (5, 2) to (5, 6) and one along y = x up to (4, 4): that end is 1 from
    # (5, 4), nearer than (5, 2) is to the diagonal (1.5 * sqrt 2)
    p, q = closest_points((5.0, 2.0), (5.0, 6.0), (0.0, 0.0), (4.0, 4.0))
    assert p == pytest.approx((5.0, 4.0)) and q == pytest.approx((4.0, 4.0))


SQUARE = ((0.0, 0.0), (4.0, 0.0), (4.0, 2.0), (0.0, 2.0))
NOTCHED = ((0.0, 0.0), (6.0, 0.0), (6.0, 4.0), (3.0, 1.0), (0.0, 4.0))  # a V cut in the top


@pytest.mark.parametrize(("p", "polygon", "inside"), [
    ((1.0, 1.0), SQUARE, True),
    ((3.5, 0.5), SQUARE, True),
    ((5.0, 1.0), SQUARE, False),     # to the right of it
    ((-1.0, 1.0), SQUARE, False),    # to the left of it
    ((2.0, 3.0), SQUARE, False),     # above it
    ((0.5, 3.0), NOTCHED, True),     # in the left horn (below x + y = 4)
    ((5.5, 3.0), NOTCHED, True),     # in the right horn (below y = x - 2)
    ((3.0, 3.0), NOTCHED, False),    # in the notch between them
    ((3.0, 0.5), NOTCHED, True),     # below the notch
])
def test_point_in_polygon(p: tuple[float, float], polygon: tuple[tuple[float, float], ...],
                          inside: bool) -> None:
    assert point_in_polygon(p, polygon) is inside


DIAMOND = ((0.0, -2.0), (2.0, 0.0), (0.0, 2.0), (-2.0, 0.0))


@pytest.mark.parametrize(("p", "inside"), [
    ((-1.0, 0.0), True),    # level with two corners: the ray East passes through (2, 0)
    ((1.5, 0.0), True),
    ((-3.0, 0.0), False),   # level with the corners, outside on the left
    ((3.0, 0.0), False),
    ((0.0, 1.5), True),     # level with no corner
    ((1.5, 1.5), False),
])
def test_point_in_polygon_level_with_a_corner(p: tuple[float, float], inside: bool) -> None:
    assert point_in_polygon(p, DIAMOND) is inside


@pytest.mark.parametrize(("a1", "a2"), [((1.0, 0.0), (1.0, 5.0)), ((1.0, 5.0), (1.0, 0.0))])
def test_segments_that_touch_at_one_end_meet(a1: tuple[float, float],
                                             a2: tuple[float, float]) -> None:
    # a T: one end of the upright lies on the bar ("touching counts"), either end first
    assert segments_cross(a1, a2, (0.0, 0.0), (2.0, 0.0)) is True
    assert segments_cross((0.0, 0.0), (2.0, 0.0), a1, a2) is True
    # lifted 0.1 off the bar they do not meet
    lifted = ((a1[0], a1[1] + 0.1), (a2[0], a2[1] + 0.1))
    assert segments_cross(*lifted, (0.0, 0.0), (2.0, 0.0)) is False


@pytest.mark.parametrize(("p", "wind", "depth"), [
    ((0.0, -5.0), 0.0, 5.0),     # wind from the North: South is downwind
    ((0.0, 5.0), 0.0, -5.0),
    ((3.0, 0.0), 270.0, 3.0),    # wind from the West: East is downwind
    ((0.0, 3.0), 270.0, 0.0),    # across the wind
    ((2.0, 2.0), 225.0, 2.0 * math.sqrt(2.0)),  # from the South-West: North-East downwind
])
def test_downwind_depth_is_measured_along_the_wind(p: tuple[float, float], wind: float,
                                                   depth: float) -> None:
    assert downwind_depth(p, wind) == pytest.approx(depth, abs=1e-9)


def test_a_segment_with_an_end_inside_a_polygon_is_at_distance_zero() -> None:
    assert polygon_segment_distance((1.0, 1.0), (9.0, 1.0), SQUARE) == 0.0
    assert polygon_segment_distance((1.0, 1.0), (1.5, 1.0), SQUARE) == 0.0   # wholly inside
    assert polygon_segment_distance((6.0, 1.0), (9.0, 1.0), SQUARE) == pytest.approx(2.0)
    # across the notch: each end is 0.5 / sqrt 2 from a side of the V (x + y = 4, y = x - 2)
    assert polygon_segment_distance((2.0, 2.5), (4.0, 2.5), NOTCHED) == pytest.approx(0.5 * S)


# --- the ruleset's entry points ----------------------------------------------------------------

PORT_STARBOARD = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315)))
"""A on port (r = 315) and B on starboard (r = 45), both 45 degrees from the wind."""


def test_boat_geometry_measures_one_boat() -> None:
    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315),
                       Boat("C", (0.0, 6.0), 100), Boat("D", (6.0, 6.0), 90)))
    a = boat_geometry(pos, "A")
    assert (a.id, a.tack, a.beyond_90) == ("A", Tack.PORT, False)
    assert a.angle == pytest.approx(45)
    b = boat_geometry(pos, "B")
    assert b.tack is Tack.STARBOARD and b.angle == pytest.approx(45)
    c = boat_geometry(pos, "C")           # r = 260: port, 100 degrees from the wind
    assert c.tack is Tack.PORT and c.beyond_90 and c.angle == pytest.approx(100)
    d = boat_geometry(pos, "D")           # exactly 90 is not more than 90
    assert not d.beyond_90 and d.angle == pytest.approx(90)
    stern, bow = a.hull                   # half a hull length either side of her centre
    assert stern == pytest.approx((-S / 2, -S / 2)) and bow == pytest.approx((S / 2, S / 2))


def test_right_of_way_gives_the_deciding_rule() -> None:
    r = right_of_way(PORT_STARBOARD, "A", "B")
    assert (r.holder, r.giver, r.basis) == ("B", "A", "10")
    assert r.steps and all(str(s.cite).startswith("RRS ") for s in r.steps)
    assert right_of_way(PORT_STARBOARD, "B", "A").holder == "B"


def test_engagement_graph_records_no_cycles_where_there_are_none() -> None:
    # C, clear astern of B on the same tack (starboard), keeps clear of B (RRS 12); A, on port,
    # keeps clear of both (RRS 10): no cycle.
    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315),
                       Boat("C", (5.0, -3.0), 315)))
    g = engagement_graph(pos)
    assert set(g.edges) == {("A", "B"), ("A", "C"), ("C", "B")}
    assert g.edges["C", "B"]["rules"] == ("12",)
    assert g.graph["cycles"] == []
    assert g.edges["C", "B"]["mark_room"] is None and g.edges["C", "B"]["room"] is None
    assert g.nodes["A"]["tack"] == "port" and g.nodes["B"]["tack"] == "starboard"


def test_a_boat_dead_downwind_must_be_given_her_tack() -> None:
    # A heads 180 with the wind from 0: r = 180, dead downwind, her tack unknown
    pos = Position(0, (Boat("A", (0.0, 0.0), 180), Boat("B", (3.0, 0.0), 135)))
    with pytest.raises(PositionError, match="boat A is dead downwind: say which tack") as err:
        ruling(pos)
    assert err.value.path == ("boats", 0, "tack")


def test_penalty_names_the_argument_it_refuses() -> None:
    with pytest.raises(TypeError, match=r"^rule: expected a rule number"):
        penalty(10)  # type: ignore[arg-type]


# --- rule 20: the hailing boat is the one approaching the obstruction ---------------------------


def test_room_to_tack_belongs_to_the_hailing_boat_near_the_obstruction() -> None:
    """RRS 20.1, 20.2(c): a boat approaching an obstruction may hail for room to tack from a
    boat on the same tack. Both close-hauled on starboard (heading 315, wind 0), L to leeward
    and W 2 lengths abeam to windward; a moored boat (a circle of radius 0.5) lies 3.5 lengths
    ahead of L's centre: 2.5 from L's hull, the zone's distance of 3 reaches it (the
    Interpretations page, RRS 20), but sqrt(3^2 + 2^2) - 0.5 = 3.11 from W's hull, beyond it.
    L hails: W must respond and L is owed room to tack; rule 11 makes W keep clear."""
    ahead, abeam = (-S, S), (S, S)       # heading 315 and her starboard (windward) side
    obstruction = Obstruction("moored", at=(3.5 * ahead[0], 3.5 * ahead[1]), radius=0.5)
    for order in (("L", "W"), ("W", "L")):
        boats = {"L": Boat("L", (0.0, 0.0), 315),
                 "W": Boat("W", (2.0 * abeam[0], 2.0 * abeam[1]), 315)}
        pos = Position(0, tuple(boats[i] for i in order), obstructions=(obstruction,),
                       facts=Facts(hail_room_to_tack="L"))
        assert obstruction.distance_to(boats["L"].hull) == pytest.approx(2.5)
        assert obstruction.distance_to(boats["W"].hull) == pytest.approx(math.sqrt(13) - 0.5)
        r = ruling(pos)
        assert (r.right_of_way, r.keep_clear, r.room, r.mark_room) == ("L", "W", "L", None)
        assert r.rules == ("11", "20.2(c)")


# --- rule 18.3: fetching is on the required side --------------------------------------------------


def test_a_starboard_boat_with_the_mark_on_her_starboard_side_is_not_fetching_it() -> None:
    """RRS 18.3 applies only when the starboard-tack boat is fetching the mark: able to leave
    it on the required side without changing tack. The mark, to be left to port, lies 1.99
    ahead of S and 0.49 to her starboard side: on her course she would leave it to starboard,
    so she is not fetching it, rule 18.3 does not switch 18.2 off, and mark-room goes by rule
    18.2. P passed head to wind in the zone, so when the first of them reached it they were on
    opposite tacks on a beat and rule 18 did not apply (18.1(a)(1)): no mark-room was fixed
    then, and rule 18.2(c) gives it to the inside boat of the overlap now, S (between P and
    the mark)."""
    mark = Mark("wm", (1.34, 1.34), "port", "windward")
    p_boat, s_boat = Boat("P", (1.41, -0.99), 315), Boat("S", (2.4, -0.42), 315)
    for boats in ((p_boat, s_boat), (s_boat, p_boat)):
        pos = Position(0, boats, marks=(mark,), facts=Facts(passed_head_to_wind_in_zone="P"))
        r = ruling(pos)
        assert "18.3" not in r.rules and "18.2(c)" in r.rules and "18.2(a)" not in r.rules
        assert r.mark_room == "S"


# --- the wider sample: pair facts, the entry points' errors, rules 15, 16.2, 18 and 20 ---------

AHEAD, ABEAM = (-S, S), (S, S)
"""Heading 315 (close-hauled on starboard in a North wind) and her starboard side."""


def _along(d: float, side: float = 0.0) -> tuple[float, float]:
    """``d`` lengths ahead of the origin on heading 315 and ``side`` to starboard."""
    return (d * AHEAD[0] + side * ABEAM[0], d * AHEAD[1] + side * ABEAM[1])


def test_pair_facts_on_the_same_tack_on_opposite_tacks_and_clear_astern() -> None:
    # L and W side by side on starboard, W 2 lengths to windward (her starboard side)
    pos = Position(0, (Boat("L", (0.0, 0.0), 315), Boat("W", _along(0, 2), 315)))
    f = pair_facts(pos, "L", "W")
    assert (f.overlapped, f.overlap_via, f.clear_astern, f.leeward, f.overlap_applies) == (
        True, None, None, "L", True)
    assert f.distance == pytest.approx(2.0)
    # A on port and B on starboard, overlapped by the hulls, but on opposite tacks with no
    # mark and neither beyond 90 degrees the overlap terms do not apply, and there is no
    # leeward boat
    f = pair_facts(PORT_STARBOARD, "A", "B")
    assert (f.overlapped, f.leeward, f.overlap_applies) == (True, None, False)
    # C, on starboard behind B's line abeam (3.2 lengths back): clear astern
    three = Position(0, (*PORT_STARBOARD.boats, Boat("C", (5.0, -3.0), 315)))
    f = pair_facts(three, "B", "C")
    assert (f.overlapped, f.clear_astern, f.leeward) == (False, "C", None)
    with pytest.raises(ValueError, match=r"^b: a boat has no pair with herself"):
        pair_facts(pos, "L", "L")


def test_a_ruling_s_json_and_the_errors_of_the_entry_points() -> None:
    data = ruling(PORT_STARBOARD).to_json()
    assert {k: v for k, v in data.items() if k != "steps"} == {
        "pair": ["A", "B"], "right_of_way": "B", "keep_clear": "A", "basis": "10",
        "mark_room": None, "mark_room_rule": None, "room": None, "room_rule": None,
        "rules": ["10"], "breaches": []}
    assert data["steps"]
    for f in (engagement_graph, keep_clear):
        with pytest.raises(TypeError, match=r"^position: expected an RRS Position, got str$"):
            f("A port, B starboard")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^b: no boat 'Z'"):
        ruling(PORT_STARBOARD, "A", "Z")


def test_a_hail_far_from_any_obstruction_breaks_20_1_and_is_answered_all_the_same() -> None:
    """RRS 20.1: a boat may hail for room to tack when approaching an obstruction she will
    soon have to change course substantially to avoid. The moored boat is 8 lengths ahead,
    far beyond the zone's distance: the hail breaks rule 20.1(a), but the hailed boat must
    respond all the same (20.2(b)) and give room to tack (20.2(c))."""
    far = Obstruction("moored", at=_along(8.0), radius=0.5)
    pos = Position(0, (Boat("L", (0.0, 0.0), 315), Boat("W", _along(0, 2), 315)),
                   obstructions=(far,), facts=Facts(hail_room_to_tack="L"))
    r = ruling(pos)
    assert (r.right_of_way, r.room, r.room_rule, r.rules) == (
        "L", "L", "20.2(c)", ("11", "20.2(b)", "20.2(c)"))
    assert r.breaches == (("L", "20.1(a)"),)
    # 2.5 lengths ahead: within the zone's distance and on her course, a hail 20.1 allows
    near = Obstruction("moored", at=_along(3.5), radius=0.5)
    r = ruling(Position(0, pos.boats, obstructions=(near,), facts=pos.facts))
    assert (r.room, r.rules, r.breaches) == ("L", ("11", "20.2(c)"), ())


def _hail_at_a_mark(order: tuple[str, str], hail: str | None) -> Position:
    # L, W as in the hail test above, and a mark to be left to port 1.5 ahead of L and 1 to
    # her port side: 1.41 from L's bow, sqrt(1 + 9) = 3.16 from W's, so only L is in its zone.
    boats = {"L": Boat("L", (0.0, 0.0), 315), "W": Boat("W", _along(0, 2), 315)}
    return Position(0, tuple(boats[i] for i in order),
                    marks=(Mark("m", _along(1.5, -1), "port", "leeward"),),
                    obstructions=(Obstruction("moored", at=_along(3.5), radius=0.5),),
                    facts=Facts(hail_room_to_tack=hail))


@pytest.mark.parametrize("order", [("L", "W"), ("W", "L")])
def test_at_a_mark_near_an_obstruction_the_hail_decides_whether_18_2_applies(
        order: tuple[str, str]) -> None:
    """Without a hail, rule 18.2(a): L, the only one in the zone, reaches it first, and they
    are overlapped, so W gives L, inside, mark-room. When L, approaching the obstruction,
    hails for room to tack, rule 18.2 does not apply between them until she has tacked
    (RRS 20.2(e), listed: it takes away the mark-room 18.2(a) would give) and W owes her
    room to tack (RRS 20.2(c))."""
    r = ruling(_hail_at_a_mark(order, None))
    assert (r.right_of_way, r.mark_room, r.room) == ("L", "L", None)
    assert r.rules == ("11", "18.2(a)")
    r = ruling(_hail_at_a_mark(order, "L"))
    assert (r.right_of_way, r.mark_room, r.room) == ("L", None, "L")
    assert r.rules == ("11", "20.2(c)", "20.2(e)")


def test_a_mark_forward_of_her_beam_is_not_one_she_is_leaving() -> None:
    """A boat leaves a mark once it lies abaft her beam, behind the line abeam through her
    centre (the Interpretations page). A heads East (port tack, wind 0), the mark 0.2 ahead
    of her centre and 1 to port: she is still approaching it, and so is B, clear astern of
    her on the same heading, so rule 18 applies (not 18.1(a)(3)). Both are in the zone
    (A 1.0, B sqrt(2.7^2 + 1) = 2.88 from the mark), nothing says how they entered it, so
    as they are now: A, clear ahead and nearer, is owed mark-room (18.2(a)); B keeps clear
    (rule 12)."""
    pos = Position(0, (Boat("A", (0.0, 0.0), 90), Boat("B", (-3.0, 0.0), 90)),
                   marks=(Mark("m", (0.2, 1.0), "port"),))
    for pair in (("A", "B"), ("B", "A")):
        r = ruling(pos, *pair)
        assert (r.right_of_way, r.keep_clear, r.mark_room) == ("A", "B", "A")
        assert r.rules == ("12", "18.2(a)")


@pytest.mark.parametrize(("p_at", "rules"), [
    ((1.0, -3.0), ("10", "16.1", "16.2")),   # course line meets S's track 2.83 behind her
    ((-2.0, -2.0), ("10", "16.1")),          # aimed at S's centre: not passing astern
    ((2.0, 0.0), ("10", "16.1")),            # sailing away: the lines meet behind P
])
def test_rule_16_2_needs_the_port_boat_to_pass_astern(p_at: tuple[float, float],
                                                       rules: tuple[str, ...]) -> None:
    """RRS 16.2: after the start, when the port boat keeps clear by sailing to pass astern
    of the starboard boat, the starboard boat bearing away may not make her change course
    at once. S at the origin heading 315, P heading 45. From (1, -3) P's course crosses S's
    track 2.83 behind S's centre (her stern is 0.5 behind it): passing astern. From (-2, -2)
    it meets S's track at her centre, and from (2, 0) P's course line meets S's track only
    behind P: neither passes astern, so only rule 16.1 limits S."""
    pos = Position(0, (Boat("S", (0.0, 0.0), 315), Boat("P", p_at, 45)),
                   facts=Facts(changing_course=("S", "bear-away")))
    r = ruling(pos)
    assert (r.right_of_way, r.keep_clear) == ("S", "P")
    assert r.rules == rules


def test_a_trail_snapshot_with_both_in_the_zone_names_the_nearer_first() -> None:
    """Wind 0, both heading West on starboard, the mark to be left to port (South of them).
    In the trail B, 1.12 from the mark, is clear ahead of A, 2.51 from it: both are in the
    zone and B, the nearer, reached it first, not overlapped, so A owes B mark-room
    (18.2(a)) and still does now that A has come up overlapped to leeward inside her. A came
    from clear astern to leeward within two lengths (now 0.9 apart): she acquired right of
    way by her own action (rule 15) and may not sail above her proper course (rule 17);
    rule 11 makes B keep clear."""
    now = (Boat("A", (0.2, 0.6), 270), Boat("B", (0.3, 1.5), 270))
    before = Snapshot((Boat("A", (2.8, 1.0), 270), Boat("B", (1.0, 1.0), 270)))
    for boats in (now, now[::-1]):
        pos = Position(0, boats, marks=(Mark("m", (0.0, 0.0), "port"),), trail=(before,))
        r = ruling(pos)
        assert (r.right_of_way, r.keep_clear, r.mark_room) == ("A", "B", "B")
        assert r.rules == ("11", "15", "17", "18.2(a)", "43.1(b)")


def test_right_of_way_gained_when_the_other_boat_drops_astern_is_not_by_own_action() -> None:
    """Rule 15 binds a boat that acquired right of way by her own action: her tack changed
    or she came from clear astern (the Interpretations page). In the trail A is to windward
    of B, overlapped (A keeps clear, rule 11); now A is clear ahead (B keeps clear, rule
    12). A's tack did not change and she did not come from astern: rule 15 does not bind
    her."""
    before = Snapshot((Boat("A", (0.0, 1.0), 270), Boat("B", (0.0, 0.0), 270)))
    pos = Position(0, (Boat("A", (-2.0, 1.0), 270), Boat("B", (0.0, 0.0), 270)),
                   trail=(before,))
    r = ruling(pos)
    assert (r.right_of_way, r.keep_clear, r.rules) == ("A", "B", ("12",))


def test_a_boat_between_them_must_overlap_both() -> None:
    """Definition Overlap: two boats also overlap when a boat between them overlaps both.
    Wind 90, all heading North on starboard. C (1.2, -0.8) overlaps A (0, 0): her bow, at
    y = -0.3, is ahead of A's stern at -0.5. B (2.4, -2.4) has her bow at -1.9, behind C's
    stern at -1.3 and A's: B is clear astern of both. C lies between A and B (0.42 of the
    way along the line joining their centres) but does not overlap B, so A and B do not
    overlap: B, clear astern, keeps clear by rule 12."""
    pos = Position(90, (Boat("A", (0.0, 0.0), 0), Boat("B", (2.4, -2.4), 0),
                        Boat("C", (1.2, -0.8), 0)))
    r = ruling(pos, "A", "B")
    assert (r.facts.overlapped, r.facts.overlap_via, r.facts.clear_astern) == (False, None, "B")
    assert (r.right_of_way, r.keep_clear, r.rules) == ("A", "B", ("12",))


def test_rule_18_is_judged_at_the_nearest_mark_whose_zone_holds_a_boat() -> None:
    """The Interpretations page: rule 18 is judged at the mark whose zone holds at least one
    of the two boats, the nearest if several. A's hull is 1.5 from ``near`` and 2.5 from
    ``far`` (listed first), both within three lengths."""
    pos = Position(0, (Boat("A", (0.0, 0.0), 90), Boat("B", (-3.0, 0.0), 90)),
                   marks=(Mark("far", (0.0, 2.5), "port"), Mark("near", (0.0, 1.5), "port")))
    r = ruling(pos)
    zone = [s.text for s in r.steps if "in the zone of" in s.text]
    assert len(zone) == 1 and "in the zone of near" in zone[0]


def test_a_trail_showing_an_overlap_at_the_zone_gives_the_inside_boat_mark_room() -> None:
    """RRS 18.2(a): boats overlapped when the first of them reaches the zone, the outside
    boat gives the inside boat mark-room, and the duty continues after the overlap is
    broken (the Interpretations page, the continuing duty). Wind 0, both heading West on
    starboard, the mark (left to port) South of their track. In the trail A (2.15 from
    the mark) and B (2.83) are abeam, A nearer: both in the zone, overlapped, A inside.
    Now B has drawn clear ahead (A's bow 0.5 behind B's stern): B keeps right of way by
    rule 12, A still is owed mark-room; B did not acquire right of way by her own action
    (no tack, not from astern), so no rule 15."""
    before = Snapshot((Boat("A", (2.5, 0.8), 270), Boat("B", (2.5, 2.0), 270)))
    now = (Boat("A", (2.0, 0.8), 270), Boat("B", (0.5, 2.0), 270))
    for boats in (now, now[::-1]):
        pos = Position(0, boats, marks=(Mark("m", (0.0, 0.0), "port"),), trail=(before,))
        r = ruling(pos)
        assert (r.right_of_way, r.keep_clear, r.mark_room) == ("B", "A", "A")
        assert r.rules == ("12", "18.2(a)", "43.1(b)")


def test_a_ruling_needs_two_boats_and_known_tacks() -> None:
    with pytest.raises(ValueError, match=r"^position: a ruling needs two boats"):
        ruling(Position(0, (Boat("A", (0.0, 0.0), 45),)))
    # head to wind with no tack given: the fleet's graph names the boat, as a ruling does
    pos = Position(0, (Boat("A", (0.0, 0.0), 0), Boat("B", (3.0, 0.0), 315)))
    with pytest.raises(PositionError, match="boat A is head to wind") as err:
        engagement_graph(pos)
    assert err.value.path == ("boats", 0, "tack")


# --- this commit's sample: boats abreast on one line (Definition Leeward) -----------------------


@pytest.mark.parametrize("order", [("A", "B"), ("B", "A")])
def test_abreast_on_one_line_the_deeper_downwind_is_leeward(order: tuple[str, str]) -> None:
    # Wind from North. A (dead downwind) and B (head to wind), both given starboard, bow to
    # bow on the North-South line through the origin, A 1.5 North of it and B 1.5 South:
    # neither lies on the other's side, so the one deeper downwind, B, is leeward
    # (Interpretations, Leeward), and A keeps clear by rule 11. Their depths are +1.5 and
    # -1.5, equal in size: only their difference tells them apart.
    boats = {"A": Boat("A", (0.0, 1.5), 180, tack=Tack.STARBOARD),
             "B": Boat("B", (0.0, -1.5), 0, tack=Tack.STARBOARD)}
    pos = Position(0, tuple(boats[k] for k in order))
    r = ruling(pos, "A", "B")
    assert (r.keep_clear, r.right_of_way) == ("A", "B")
    assert "11" in r.rules
    assert keep_clear(pos)[0][:2] == ("A", "B")


def test_a_perfect_tie_of_leeward_is_decided_the_same_whatever_the_order() -> None:
    # Side by side on one line square to the wind, at the same depth: A head to wind, B dead
    # downwind, both given starboard, 2 apart. Each lies on the other's starboard side, so
    # the views cancel, and the depths are equal: no side and no depth decides. The rules
    # must still name one boat to keep clear by rule 11, the same one whichever boat is
    # listed first.
    a = Boat("A", (0.0, 0.0), 0, tack=Tack.STARBOARD)
    b = Boat("B", (2.0, 0.0), 180, tack=Tack.STARBOARD)
    first, second = ruling(Position(0, (a, b))), ruling(Position(0, (b, a)))
    assert "11" in first.rules and "11" in second.rules
    assert {first.keep_clear, first.right_of_way} == {"A", "B"}
    assert (first.keep_clear, first.right_of_way) == (second.keep_clear, second.right_of_way)


def test_a_trail_snapshot_with_a_hull_within_the_tolerance_of_the_zone_s_edge() -> None:
    """Interpretations (Boundaries): a length within 10^-6 of a boundary counts as on it,
    and a hull touching the zone's edge is within the zone. With a zone of 3 - 10^-6 hull
    lengths, a hull exactly 3 from the mark is 10^-6 beyond the edge: in the zone.

    Wind 0, both heading East on port tack, the mark (left to port) North of them. In the
    trail B's hull runs along y = -3 past x = 0 (exactly 3 from the mark, the mark ahead
    of her middle), and A, clear astern of her, is 3.47 from it: B reached the zone first,
    clear ahead, so A gives her mark-room (18.2(a)). Now A has come up overlapped on B's
    windward side, nearer the mark: B, to leeward, holds right of way by rule 11, and A
    still owes her mark-room. (Were B's hull out of the zone in the trail, the position as
    it is now would make A, the inside boat, the one owed mark-room.)"""
    before = Snapshot((Boat("A", (-2.4, -2.9), 90), Boat("B", (-0.4, -3.0), 90)))
    now = (Boat("A", (-0.5, -1.2), 90), Boat("B", (-0.2, -2.0), 90))
    options = Options(zone_lengths=3.0 - 1e-6)
    for boats in (now, now[::-1]):
        pos = Position(0, boats, marks=(Mark("m", (0.0, 0.0), "port"),), trail=(before,),
                       options=options)
        r = ruling(pos)
        assert (r.right_of_way, r.keep_clear, r.mark_room) == ("B", "A", "B")
        assert r.rules == ("11", "18.2(a)")


def test_mark_room_ended_by_leaving_the_zone_is_not_renewed_without_an_overlap() -> None:
    """Wind 0, both heading West on starboard, the mark (left to port) South of their
    track, no trail: B, clear ahead and nearer the mark (1 from it, A 2.24), is taken to
    have reached the zone first and to be owed mark-room (18.2(a)). Given that B has
    left the zone, that duty has ended (18.2(b)); the boats are not overlapped, so no new
    mark-room arises between them (18.2(c) needs an overlap), and B keeps right of way
    clear ahead (rule 12)."""
    boats = (Boat("A", (2.5, 1.0), 270), Boat("B", (0.5, 1.0), 270))
    pos = Position(0, boats, marks=(Mark("m", (0.0, 0.0), "port"),),
                   facts=Facts(left_zone="B"))
    r = ruling(pos)
    assert (r.right_of_way, r.keep_clear, r.mark_room) == ("B", "A", None)
    assert r.rules == ("12", "18.2(b)")


def test_a_ruling_s_explanation_states_its_conclusions() -> None:
    # the position of the test above: B keeps right of way clear ahead (rule 12), and the
    # mark-room she was owed has ended (18.2(b)); the explanation states it all, every
    # deciding rule and every step
    boats = (Boat("A", (2.5, 1.0), 270), Boat("B", (0.5, 1.0), 270))
    pos = Position(0, boats, marks=(Mark("m", (0.0, 0.0), "port"),),
                   facts=Facts(left_zone="B"))
    r = ruling(pos)
    text = r.explain()
    assert "A keeps clear of B" in text and "mark-room: nobody" in text
    assert "deciding rules: 12, 18.2(b)" in text
    assert all(step.text in text for step in r.steps)


def test_a_ruling_names_the_argument_with_no_such_boat() -> None:
    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.0), 315)))
    with pytest.raises(ValueError, match=r"^a: no boat 'Z'"):
        ruling(pos, "Z", "B")
    with pytest.raises(ValueError, match=r"^b: no boat 'Z'"):
        ruling(pos, "A", "Z")


def test_a_point_on_any_edge_or_corner_of_a_polygon_is_outside() -> None:
    from rightofway.plane import point_in_polygon

    # point_in_polygon: "the edge counts as outside". The square 0..2 x 0..2: the middle of
    # its right edge (2, 1) and of its top edge (1, 2) are on the edge; (1, 1) is inside,
    # (3, 1) outside. The same answers when the corners are listed the other way round.
    square = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)]
    for poly in (square, square[::-1]):
        assert point_in_polygon((1.0, 1.0), poly)
        assert not point_in_polygon((3.0, 1.0), poly)
        assert not point_in_polygon((2.0, 1.0), poly)
        assert not point_in_polygon((1.0, 2.0), poly)
        # the left and bottom edges and the corners are edge too (the even-odd count
        # alone would put them inside)
        for on_edge in ((0.0, 1.0), (1.0, 0.0), (0.0, 0.0), (2.0, 2.0), (2.0, 0.0)):
            assert not point_in_polygon(on_edge, poly), on_edge


# --- mutation sample seed 12: 19.2(b)'s exception for an outside boat unable to give room ---


def test_the_outside_boat_s_inability_is_no_excuse_when_the_fact_names_the_inside_boat() -> None:
    """RRS 19.2(b): an outside boat need not give room she has been unable to give since the
    overlap began. The position of the catalogue's scenario
    rrs-19-2-b-obstruction-ahead-same-side-windward-inside: A (leeward, outside) and B
    (windward, inside) overlapped on starboard, a rib ahead that both leave to starboard;
    B is owed room. The fact naming the outside boat A removes that room; naming the
    inside boat B, the one owed it, excuses nobody: B is still owed room and the exception
    is not in the explanation."""
    rib = Obstruction("rib", at=(-1.6, 1.6), radius=0.3)
    boats = (Boat("A", (0.3, 0.0), 270), Boat("B", (0.0, 1.0), 270))
    plain = ruling(Position(0, boats, obstructions=(rib,)))
    assert (plain.keep_clear, plain.room) == ("B", "B")
    excused = ruling(Position(0, boats, obstructions=(rib,),
                              facts=Facts(unable_to_give_room="A")))
    assert excused.room is None
    named_inside = ruling(Position(0, boats, obstructions=(rib,),
                                   facts=Facts(unable_to_give_room="B")))
    assert (named_inside.keep_clear, named_inside.room) == ("B", "B")
    assert "unable to give" not in named_inside.explain()


def test_a_port_boat_already_past_the_starboard_boat_s_wake_is_not_passing_astern() -> None:
    """RRS 16.2 limits a starboard boat's change of course while a port boat is sailing to
    pass astern of her. The catalogue's rrs-starboard-bears-away-on-port-passing-astern
    has P at (-1, -3) heading 45 towards S's wake: 16.2 applies. Put P at (3, -2), still
    heading 45: her course line meets S's track at (2.5, -2.5), behind her (P has crossed
    S's wake and sails away from it), so she is not sailing to pass astern and 16.2 does not
    apply; rule 10 (P on port keeps clear) and 16.1 (S changing course) still do."""
    changing = Facts(changing_course=("S", "bear-away"))
    towards = ruling(Position(0, (Boat("S", (0.0, 0.0), 315), Boat("P", (-1.0, -3.0), 45)),
                              facts=changing))
    assert "16.2" in towards.rules
    past = ruling(Position(0, (Boat("S", (0.0, 0.0), 315), Boat("P", (3.0, -2.0), 45)),
                           facts=changing))
    assert (past.right_of_way, past.keep_clear) == ("S", "P")
    assert "16.2" not in past.rules and "16.1" in past.rules


# --- mutation sample seed 12, second batch ---


def test_a_hull_within_the_tolerance_of_the_zone_s_edge_now_is_in_the_zone() -> None:
    """Interpretations (Boundaries): a length within 10^-6 of a boundary counts as on it,
    and a hull touching the zone's edge is within the zone; this time in the position as
    it is (no trail). Wind 0, both heading East on port tack, the mark (left to port) due
    North. I's hull runs along y = -3 past x = 0: exactly 3 from the mark; O, abeam of her
    on her leeward side, is 4.2 from it. With a zone of 3 - 10^-6 hull lengths I is 10^-6
    beyond the edge: in the zone, overlapped, inside, so O gives her mark-room (18.2(a));
    O holds right of way by rule 11. With a zone of 3 - 2*10^-6 neither is in the zone:
    rule 11 alone. Either boat may be listed first."""
    boats = (Boat("I", (-0.4, -3.0), 90), Boat("O", (-0.4, -4.2), 90))
    mark = Mark("m", (0.0, 0.0), "port")
    for order in (boats, boats[::-1]):
        edge = ruling(Position(0, order, marks=(mark,),
                               options=Options(zone_lengths=3.0 - 1e-6)))
        assert (edge.right_of_way, edge.keep_clear, edge.mark_room) == ("O", "I", "I")
        assert "18.2(a)" in edge.rules
        beyond = ruling(Position(0, order, marks=(mark,),
                                 options=Options(zone_lengths=3.0 - 2e-6)))
        assert (beyond.right_of_way, beyond.keep_clear, beyond.mark_room) == ("O", "I", None)
        assert beyond.rules == ("11",)
