"""Sailing Vector Game rules, case by case, written to kill the mutants the other tests let
live (docs/mutation-testing.rst).

Every expectation is worked out by hand from the rulebook's text and examples, the
ruleset page (docs/vector-game.rst) and the Interpretations page, never taken from the
program's output. The wind blows from the North (down the page); ``S`` moves West and
``P`` East; a path is traced one intersection per square, halves rounded towards the start.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rightofway import results, vg
from rightofway.errors import InputError
from rightofway.explain import Step
from rightofway.order import decide
from rightofway.positions import UnknownId
from rightofway.races import SetupError
from rightofway.registry import get_ruleset
from rightofway.vg import Boat, Mark, Move, Position, Vector, sections
from rightofway.vg.position import engaged_pairs, landings, path
from rightofway.vg.race import COMPASS_NAMES, Course, Race
from rightofway.vg.rules import (
    GIVE_WAY,
    NO_FORCING,
    RIGHT_OF_WAY,
    SAILING,
    TURN,
    Finding,
    binding,
    binding_each,
    move_facts,
)
from rightofway.vg.sections import SECTIONS, cite
from rightofway.vg.vectors import gybe, manoeuvre_faults, next_vectors, shape_faults, tack

V = Vector.parse


@pytest.fixture(autouse=True)
def _cold_caches() -> None:
    """Each test computes next vectors and paths afresh, so that it runs the rules behind
    the caches and not answers an earlier test left in them (mutation runs fork after a
    clean run)."""
    vg.vectors._next_vectors.cache_clear()
    vg.vectors.small_changes.cache_clear()
    vg.vectors._manoeuvre_faults.cache_clear()
    vg.position._offsets.cache_clear()
    vg.position._claimed_offsets.cache_clear()


# --- vectors (VG-M1..M4, VG-T, VG-G): the rulebook's own examples -------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    [
        ("1U:1S", "2U:2S"), ("2U:2S", "3U:3S"), ("3U:3S", "4U:4S"),  # accelerate upwind
        ("2U:2S", "1U:1S"),  # decelerate
        ("2U:2S", "1U:2S"), ("2U:2S", "2U:3S"),  # turn
        ("3U:3S", "1U:1P"), ("1U:1S", "1U:1P"), ("0U:3S", "1U:1P"), ("5D:3P", "1U:1S"),  # tacks
        ("4D:1S", "3D:1P"), ("5D:2S", "4D:1P"), ("3D:0S", "2D:0P"), ("3D:3S", "2D:2P"),
        ("3D:1S", "2D:1P"), ("0D:3P", "1D:2S"), ("1D:1S", "1D:1P"), ("1D:1P", "1D:1S"),
        ("3U:3S", "2D:2P"), ("1U:1S", "1D:1P"),  # gybes
        ("4D:1S", "3D:1S"),  # slow down
    ],
)
def test_the_rulebook_s_allowed_changes(before: str, after: str) -> None:
    assert V(after) in next_vectors(V(before))
    assert manoeuvre_faults(V(before), V(after)) == []


@pytest.mark.parametrize(
    ("before", "after", "faults"),
    [
        ("1U:1S", "2U:1S", ["M3"]),  # too close to the wind
        ("4D:1S", "5D:1S", ["M4"]),  # 4D:1S can not accelerate to 5D:1S
        ("3D:0S", "4D:0S", ["M4"]),
        ("2U:2S", "3U:1S", ["M1", "M3"]),  # two parts changed, and too high
        ("2D:1S", "3D:2S", ["M1"]),  # both parts change only when they are equal
        ("1U:1S", "0U:0S", ["M2"]),  # every move covers a square
        ("2U:2S", "2U:2P", ["T"]),  # a side change upwind that is not the tack
        ("3D:3S", "3D:3P", ["G"]),  # a side change downwind that is not the gybe
        ("0U:3S", "1D:2S", ["M1"]),  # the literal misprint: no side change, two parts
    ],
)
def test_the_rulebook_s_forbidden_changes(before: str, after: str, faults: list[str]) -> None:
    assert manoeuvre_faults(V(before), V(after)) == faults
    assert V(after) not in next_vectors(V(before))


def test_both_equal_parts_speed_up_or_slow_down_together_downwind_too() -> None:
    # "if both vectors equal then the boat can accelerate or decelerate by 1 up AND by 1 cross"
    assert {V("3D:3S"), V("1D:1S")} <= next_vectors(V("2D:2S"))
    assert V("3D:1S") not in next_vectors(V("2D:2S"))
    assert V("1D:3S") not in next_vectors(V("2D:2S"))


def test_the_next_vectors_of_1u_1s_are_exactly_these() -> None:
    # VG-M1 changes that keep to M2..M4, the tack and the gybe; worked out by hand
    assert next_vectors(V("1U:1S")) == {V("1U:1S"), V("0U:1S"), V("1U:2S"), V("2U:2S"),
                                        V("1U:1P"), V("1D:1P")}


@pytest.mark.parametrize(
    ("vector", "faults"),
    [("0U:0S", ["M2"]), ("2U:1S", ["M3"]), ("4D:0S", ["M4"]), ("5D:1S", ["M4"]),
     ("3D:0S", []), ("4D:1P", []), ("5D:2P", []), ("3U:3S", []), ("0D:0P", ["M2"])],
)
def test_the_shape_of_a_vector(vector: str, faults: list[str]) -> None:
    # VG-M2..M4, with the rulebook's examples of deep vectors
    assert shape_faults(V(vector)) == faults


def test_a_first_move_is_1s_or_1p() -> None:
    # VG-S3
    assert next_vectors(None) == {V("1S"), V("1P")}
    assert manoeuvre_faults(None, V("1S")) == [] and manoeuvre_faults(None, V("1P")) == []
    assert manoeuvre_faults(None, V("1U:1S")) == ["S3"]
    assert tack(None) is None and gybe(None) is None


def test_vectors_read_and_write_as_the_rulebook_writes_them() -> None:
    assert V("1U:2S") == Vector(1, 2, "S")
    assert V("3D:0P") == Vector(-3, 0, "P")
    assert V(" 1P ") == Vector(0, 1, "P")
    assert str(Vector(-3, 0, "P")) == "3D:0P"
    assert str(Vector(0, 3, "S")) == "0U:3S"
    # "1U:2S means the boat moves 1 square towards the wind and 2 squares to the left"
    assert V("1U:2S").displacement == (-2, 1)
    assert V("3D:2P").displacement == (2, -3)
    assert V("3D:2P").squares == 3 and V("1U:2S").squares == 2
    assert V("2U:1S").mirrored() == V("2U:1P")
    with pytest.raises(ValueError, match="is not a vector"):
        V("2X:1S")


# --- paths, landings and claims -----------------------------------------------------------


@pytest.mark.parametrize(
    ("vector", "expected"),
    [
        ("2U:1S", [(0, 1), (-1, 2)]),  # the ruleset page's example
        ("1U:2S", [(-1, 0), (-2, 1)]),  # a half rounds towards the start
        ("1D:2P", [(1, 0), (2, -1)]),
        ("3U:1P", [(0, 1), (1, 2), (1, 3)]),
        ("3D:1S", [(0, -1), (-1, -2), (-1, -3)]),
        ("0U:3P", [(1, 0), (2, 0), (3, 0)]),
    ],
)
def test_paths_are_traced_square_by_square(vector: str, expected: list[tuple[int, int]]) -> None:
    assert list(path((0, 0), V(vector))) == expected
    assert list(path((5, 7), V(vector))) == [(x + 5, y + 7) for x, y in expected]


def test_landings_are_where_the_next_vectors_end() -> None:
    pos = Position((Boat("A", (5, 5), V("1U:1S")),))
    # 1U:1S, 0U:1S, 1U:2S, 2U:2S, the tack 1U:1P and the gybe 1D:1P
    assert landings(pos, "A") == {(4, 6), (4, 5), (3, 6), (3, 7), (6, 6), (6, 4)}
    repairing = Position((Boat("A", (5, 5), None, 1),))
    assert landings(repairing, "A") == frozenset()
    assert vg.claims(repairing)["A"] == frozenset()


def test_a_repairing_boat_claiming_nothing_is_still_engaged_by_a_boat_claiming_its_place() -> None:
    # engaged as in Race the Wind: one boat claims the other's intersection
    pos = Position((Boat("A", (0, 0), None, 1), Boat("B", (1, 0))))
    assert vg.claims(pos)["B"] == {(0, 0), (2, 0)}
    assert engaged_pairs(pos) == [("A", "B")]
    far = Position((Boat("A", (0, 0), None, 1), Boat("B", (3, 0))))
    assert engaged_pairs(far) == []


# --- right of way (VG-GW2, VG-GW3) --------------------------------------------------------


def test_right_of_way_needs_both_boats_to_have_a_side() -> None:
    # Interpretations: a boat that has not moved yet, or is repairing, has no side
    moving = Boat("A", (0, 0), V("1U:1S"))
    assert vg.right_of_way(Position((moving, Boat("B", (2, 0)))), "A", "B") is None
    assert vg.right_of_way(Position((Boat("B", (2, 0)), moving)), "A", "B") is None
    repairing = Boat("B", (2, 0), V("1U:1P"), 2)
    assert vg.right_of_way(Position((moving, repairing)), "A", "B") is None
    row = vg.right_of_way(Position((moving, Boat("B", (2, 0), V("1U:1P")))), "A", "B")
    assert row is not None and (row.holder, row.giver, row.basis) == ("A", "B", "starboard")
    assert str(row.steps[-1].cite) == "VG-GW3"


def test_on_one_side_the_leeward_boat_holds_right_of_way() -> None:
    # Interpretations: windward is North; boats on one row are neither
    pos = Position((Boat("A", (0, 5), V("1U:1P")), Boat("B", (3, 2), V("2U:2P"))))
    row = vg.right_of_way(pos, "A", "B")
    assert row is not None and (row.holder, row.giver, row.basis) == ("B", "A", "leeward")
    assert str(row.steps[-1].cite) == "VG-GW2"
    same_row = Position((Boat("A", (0, 5), V("1U:1P")), Boat("B", (3, 5), V("2U:2P"))))
    assert vg.right_of_way(same_row, "A", "B") is None


def test_the_engagement_graph_carries_each_boat_s_facts_and_the_decided_edges() -> None:
    pos = Position((Boat("A", (0, 0), V("1U:1P")), Boat("B", (2, 0), V("1U:1S")),
                    Boat("C", (1, -3), None, 1)))
    graph = vg.engagement_graph(pos)
    cl = vg.claims(pos)
    assert graph.nodes["A"] == {"at": (0, 0), "vector": "1U:1P", "side": "P", "lost_turns": 0,
                                "claims": sorted(cl["A"])}
    assert graph.nodes["C"] == {"at": (1, -3), "vector": None, "side": None, "lost_turns": 1,
                                "claims": []}
    assert graph.graph["engaged"] == [("A", "B")]
    assert list(graph.edges) == [("A", "B")]  # port gives way to starboard
    assert graph.edges["A", "B"]["basis"] == "starboard"
    assert graph.edges["A", "B"]["contested"] == sorted(cl["A"] & cl["B"])
    assert graph.graph["ruleset"] == "vector-game"


# --- rulings -------------------------------------------------------------------------------


def test_a_ruling_names_the_rule_of_its_conclusion() -> None:
    pos = Position((Boat("A", (5, 5), V("1U:1S")), Boat("B", (9, 9), None, 2),
                    Boat("C", (20, 20))))
    legal = vg.adjudicate(pos, Move("A", "1U:1S"))
    assert legal.legal and legal.reason == "legal"
    assert (legal.infringements, legal.exonerated, legal.penalty, legal.verdict) == (
        (), False, None, None)
    assert legal.before == pos and legal.after == vg.apply(pos, Move("A", "1U:1S"))
    assert legal.move == Move("A", "1U:1S") and legal.ruleset == "vector-game"
    assert str(legal.steps[-1].cite) == "VG-M1"
    repair = vg.adjudicate(pos, Move.stand("B"))
    assert repair.legal and str(repair.steps[-1].cite) == "VG-I"
    assert "repairs" in repair.reason
    illegal = vg.adjudicate(pos, Move("A", "2U:1S"))  # one part changed, but too high
    assert not illegal.legal and illegal.after is None
    assert illegal.reason == "breaks VG-M3"
    assert str(illegal.steps[-1].cite) == "VG-M3"
    no_stop = vg.adjudicate(pos, Move.stand("C"))
    assert not no_stop.legal and str(no_stop.steps[-1].cite) == "VG-M2"


def test_a_boat_with_no_move_stops_citing_vg_m2() -> None:
    pinned = Position((Boat("A", (4, 2)), Boat("B", (5, 2)), Boat("C", (6, 2))))
    ruling = vg.adjudicate(pinned, Move.stand("B"))
    assert ruling.legal and str(ruling.steps[-1].cite) == "VG-M2"
    assert "repairs" not in ruling.reason


def test_findings_and_is_legal_agree_with_the_rules() -> None:
    pos = Position((Boat("A", (5, 5), V("2U:2S")),), islands=frozenset({(3, 7)}))
    assert not vg.is_legal(pos, Move("A", "2U:1S"))  # VG-M3
    assert vg.is_legal(pos, Move("A", "1U:2S"))
    # running aground is legal but costly (VG-I): it stops before the island
    f = vg.legality(pos, Move("A", "2U:2S"))
    assert f.legal and f.wrecked and f.violations == ("VG-I",)
    assert (f.end, f.traced) == ((4, 6), ((4, 6),))
    assert vg.is_legal(pos, Move("A", "2U:2S"))


# --- moves and positions -------------------------------------------------------------------


def test_moves_read_back_as_written() -> None:
    assert Move.parse("A 2U:2S") == Move("A", Vector(2, 2, "S"))
    assert Move.parse("  B3 3D:0P ") == Move("B3", Vector(-3, 0, "P"))
    assert Move.parse("C (stands still)") == Move.stand("C")
    for bad in ("A", " 2U:2S", ""):
        with pytest.raises(ValueError, match="expected a move such as"):
            Move.parse(bad)
    with pytest.raises(ValueError, match=r"^vector: "):
        Move.parse("A 2X:2S")


def test_marks_are_found_by_id() -> None:
    one, two = Mark("1", (3, 3), "S"), Mark("2", (9, 9), "P")
    pos = Position((), marks=(one, two))
    assert pos.mark("2") == two and pos.mark("1") == one
    with pytest.raises(KeyError, match="no mark '3'"):
        pos.mark("3")


def test_the_mirrored_page_swaps_sides_everywhere() -> None:
    # Interpretations (Symmetry): x becomes width - x; S and P swap in vectors and marks
    pos = Position((Boat("A", (2, 3), V("1U:2S")), Boat("B", (7, 1), None, 1)), board=(20, 10),
                   islands=frozenset({(4, 5)}), start_line=((3, 2), (8, 2)), turn=3,
                   turn_order=("B", "A"), marks=(Mark("1", (12, 8), "S"),))
    assert pos.mirrored() == Position(
        (Boat("A", (18, 3), V("1U:2P")), Boat("B", (13, 1), None, 1)), board=(20, 10),
        islands=frozenset({(16, 5)}), start_line=((12, 2), (17, 2)), turn=3,
        turn_order=("B", "A"), marks=(Mark("1", (8, 8), "P"),))
    assert Mark("2", (1, 1), "P").mirrored(10) == Mark("2", (9, 1), "S")
    unbounded = Position((Boat("A", (2, 3), V("1U:2S")),))
    assert unbounded.mirrored() == Position((Boat("A", (-2, 3), V("1U:2P")),))


# --- whole races (VG-C1, VG-C2, VG-C4) -------------------------------------------------------

LINE = ((8, 2), (12, 2))
TWO_MARKS = Course((30, 30), LINE, (Mark("1", (10, 14), "S"), Mark("2", (20, 14), "P")))


def test_a_boat_sails_for_the_mark_of_its_leg() -> None:
    # leg k rounds the k-th mark of the sequence; past the last, the finish
    boats = [Boat("A", (9, 1)), Boat("B", (15, 10)), Boat("C", (16, 12)), Boat("D", (3, 20))]
    race = Race.new(boats, TWO_MARKS, check_setup=False,
                    states={"B": {"leg": 1}, "C": {"leg": 2}, "D": {"leg": 3}})
    assert [race.next_mark(b) for b in "ABCD"] == ["start", "1", "2", "finish"]
    assert race.rounding("A") is None and race.rounding("D") is None
    assert race.rounding("C") == TWO_MARKS.roundings[1]


def test_a_race_rules_on_a_move_in_its_position() -> None:
    race = Race.new([Boat("A", (9, 1)), Boat("B", (11, 1))], TWO_MARKS)
    ruling = race.ruling(Move("A", "1S"))
    assert ruling.legal and ruling.before == race.position
    assert ruling.after == vg.apply(race.position, Move("A", "1S"))
    assert not race.ruling(Move("A", "1U:1S")).legal  # VG-S3


def test_roundings_describe_their_side_and_rays() -> None:
    # mark 2 is left to port: anticlockwise. Reached from mark 1 (West of it) and left for
    # the line (South-West): far ray E; the course turns 135 degrees anticlockwise from E
    # (E, NE, N, NW ... to SW is 5 steps anticlockwise), half of it rounded down is 2
    # steps: the leaving ray is N.
    r = TWO_MARKS.roundings[1]
    assert (COMPASS_NAMES[r.far], COMPASS_NAMES[r.leave], r.turn) == ("E", "N", 1)
    assert r.describe() == "mark 2 to port, anticlockwise: across its E ray, then its N ray"


def test_a_45_degree_turn_has_one_ray() -> None:
    # a mark left to starboard whose course turns 45 degrees clockwise: far and leaving
    # ray are one (half of one step, rounded down, is none)
    course = Course((40, 40), ((18, 2), (22, 2)), (Mark("1", (20, 20), "S"),
                                                   Mark("2", (30, 30), "S")))
    r = course.roundings[0]
    assert (COMPASS_NAMES[r.far], COMPASS_NAMES[r.towards]) == ("N", "NE")
    assert r.far == r.leave
    assert r.describe() == "mark 1 to starboard, clockwise: across its N ray"


def _race_json() -> dict[str, object]:
    race = Race.new([Boat("A", (9, 1)), Boat("B", (11, 1))], TWO_MARKS)
    return race.to_json()


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d["position"].update(board=[31, 30]), r"^position\.board: differs"),
        (lambda d: d["boats"].append(dict(d["boats"][0])), "^boats: a boat id is listed twice"),
        (lambda d: d["boats"][1].update(place=1), r"^boats: the boats still racing \(A\) "),
        (lambda d: d["boats"][0].update(leg=4), r"^boats\.A\.leg: 4 is not one of 0\.\.3"),
        (lambda d: d["position"].update(turn_order=[]), r"^position\.turn_order: "),
        (lambda d: d["position"]["boats"][0].update(at=[9, 1, 4]), r"^position\."),
    ],
)
def test_a_saved_race_that_cannot_be_is_refused_naming_the_field(change: object,
                                                                 fragment: str) -> None:
    data = _race_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(SetupError, match=fragment):
        Race.from_json(data)


# --- more of the kernel ----------------------------------------------------------------------


def test_standing_still_when_other_moves_are_legal_is_refused_not_a_grounding() -> None:
    pos = Position((Boat("A", (5, 5), V("1U:1S")),))
    f = vg.legality(pos, Move.stand("A"))
    assert f.stand and not f.legal and not f.wrecked and f.violations == ("VG-M2",)
    pinned = Position((Boat("A", (4, 2)), Boat("B", (5, 2)), Boat("C", (6, 2))))
    stop = vg.legality(pinned, Move.stand("B"))
    assert stop.stand and stop.legal and not stop.wrecked and stop.violations == ()
    assert [str(s.cite) for s in stop.steps] == ["VG-M2"]
    repair = vg.legality(Position((Boat("A", (5, 5), None, 2),)), Move.stand("A"))
    assert repair.stand and repair.legal and not repair.wrecked
    assert [str(s.cite) for s in repair.steps] == ["VG-I"]


def test_a_mark_names_the_field_it_rejects() -> None:
    with pytest.raises(TypeError, match=r"^at: "):
        Mark("m", "bad", "S")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("d", "name"),
    [
        ((1, 0), "E"), ((-1, 0), "W"), ((0, 1), "N"), ((0, -1), "S"),
        ((1, 1), "NE"), ((-1, 1), "NW"), ((-1, -1), "SW"), ((1, -1), "SE"),
        ((2, 1), "NE"), ((5, 2), "E"), ((-5, 2), "W"), ((2, -5), "S"), ((-2, 5), "N"),
        ((5, -2), "E"), ((-7, -3), "SW"), ((3, -7), "SE"), ((-3, 7), "NW"), ((12, 5), "NE"),
    ],
)
def test_the_nearest_compass_direction(d: tuple[int, int], name: str) -> None:
    # the nearest of the eight directions: an axis when the angle off it is under 22.5
    # degrees (tan 22.5 = 0.4142: 2/5 is under it; 5/12 = 0.4167, 3/7 and 1/2 over it)
    assert COMPASS_NAMES[vg.race.nearest_direction(*d)] == name


def test_a_zero_vector_has_no_direction() -> None:
    with pytest.raises(ValueError, match="not zero"):
        vg.race.nearest_direction(0, 0)


def test_the_rays_of_a_three_mark_course() -> None:
    # line middle (10, 10). Mark 1 (S) at (15, 15): reached going NE, left for mark 2 to
    # the East: a 45-degree clockwise turn, one ray, NE. Mark 2 (S) at (25, 15): reached
    # going E, left for mark 3 to the South: 90 degrees clockwise, half is one step: far E,
    # leaving SE. Mark 3 (P) at (25, 5): reached going S, left for the line's middle to the
    # West (15 across, 5 up: 5/15 is under tan 22.5, so W); anticlockwise from S to W is six
    # steps, half is three: far S, leaving NE.
    course = Course((40, 40), ((8, 10), (12, 10)),
                    (Mark("1", (15, 15), "S"), Mark("2", (25, 15), "S"), Mark("3", (25, 5), "P")))
    got = [(r.leg, r.mark.id, COMPASS_NAMES[r.far], COMPASS_NAMES[r.leave],
            COMPASS_NAMES[r.towards], r.turn) for r in course.roundings]
    assert got == [(1, "1", "NE", "NE", "E", -1), (2, "2", "E", "SE", "S", -1),
                   (3, "3", "S", "NE", "W", 1)]
    assert course.roundings[0].describe() == "mark 1 to starboard, clockwise: across its NE ray"


@pytest.mark.parametrize(("data", "fragment"), [([1, 2], "^course: "), ("x", "^course: ")])
def test_a_course_that_is_not_json_of_a_course_names_the_course(data: object,
                                                                fragment: str) -> None:
    with pytest.raises(SetupError, match=fragment):
        Course.from_json(data)


def test_a_race_that_is_not_json_of_a_race_names_the_race() -> None:
    with pytest.raises(SetupError, match=r"^race: "):
        Race.from_json([1, 2])


@pytest.mark.parametrize(
    ("kwargs", "cite", "fragment"),
    [
        ({"board": None}, "VG-C1", "needs a page"),
        ({"start_line": None}, "VG-C1", "needs a page"),
        ({"start_line": ((5, 3), (5, 3))}, "VG-C1", "at least one square"),
        ({"start_line": ((5, 0), (9, 0))}, "VG-S1", "a row below it"),
        ({"start_line": ((5, 3), (99, 3))}, "VG-S1", "on the page"),
        ({"islands": frozenset({(7, 3)})}, "VG-C1", "island lies on the start line"),
        ({"laps": 0}, "VG-C1", "^laps: "),
        ({"laps": "2"}, "VG-C1", "^laps: "),
        ({"marks": (Mark("1", (10, 40), "S"),)}, "VG-C1", r"^marks\.0\.at: "),
        ({"marks": (Mark("1", (10, 10), "S"), Mark("1", (14, 10), "S"))}, "VG-C1",
         r"^marks\.1\.id: "),
    ],
)
def test_a_course_the_rules_refuse(kwargs: dict[str, object], cite: str, fragment: str) -> None:
    base: dict[str, object] = {"board": (30, 30), "start_line": ((5, 3), (9, 3)),
                               "marks": (Mark("1", (10, 10), "S"),)}
    with pytest.raises(SetupError, match=fragment) as raised:
        Course(**{**base, **kwargs})  # type: ignore[arg-type]
    assert str(raised.value.cite) == cite


def test_the_smallest_line_and_the_lowest_row_are_allowed() -> None:
    course = Course((30, 30), ((5, 1), (6, 1)), (Mark("1", (10, 10), "S"),))
    assert course.line_row == 1 and course.on_line((6, 1)) and not course.on_line((7, 1))


def test_a_record_line_writes_standing_still_as_null() -> None:
    # Interpretations (records): one line per move with its vector, null to stand still
    assert vg.race.turn_line(3, Move.stand("A"), ())["vector"] is None
    assert vg.race.turn_line(3, Move("A", "2U:1S"), ())["vector"] == "2U:1S"


def test_a_side_change_that_is_no_tack_breaks_vg_t_when_it_goes_upwind() -> None:
    # Interpretations: neither the tack nor the gybe: VG-T upwind, VG-G otherwise
    assert manoeuvre_faults(V("2U:2S"), V("1U:2P")) == ["T"]
    assert manoeuvre_faults(V("2U:2S"), V("0U:2P")) == ["G"]
    with pytest.raises(TypeError, match=r"^side: "):
        Vector(1, 1, 5)  # type: ignore[arg-type]


def test_a_repairing_boat_that_tries_to_sail_has_not_run_aground_again() -> None:
    f = vg.legality(Position((Boat("A", (5, 5), None, 2),)), Move("A", "1S"))
    assert f.sitting_out and not f.legal and not f.wrecked and f.violations == ("VG-I",)


@pytest.mark.parametrize(
    ("kwargs", "path", "fragment"),
    [
        ({"boats": (Boat("A", (1, 1)), Boat("A", (3, 1)))}, ("boats", 1, "id"), "used twice"),
        ({"boats": (Boat("A", (1, 1)), Boat("B", (1, 1)))}, ("boats", 1, "at"),
         r"stands on \[1, 1\]"),
        ({"boats": (), "marks": (Mark("1", (4, 4), "S"), Mark("2", (4, 4), "P"))},
         ("marks", 1, "at"), r"stands on \[4, 4\]"),
        ({"boats": (Boat("A", (21, 1)),), "board": (20, 10)}, ("boats", 0, "at"),
         r"off the page \(0\.\.20, 0\.\.10\)"),
        ({"boats": (), "board": (0, 10)}, ("board",), "at least 1"),
    ],
)
def test_a_position_that_cannot_be_names_the_field(kwargs: dict[str, object],
                                                    path: tuple[object, ...],
                                                    fragment: str) -> None:
    with pytest.raises(vg.PositionError, match=fragment) as raised:
        Position(**kwargs)  # type: ignore[arg-type]
    assert raised.value.path == path


def test_race_errors_name_the_boat_the_race_and_the_rule() -> None:
    with pytest.raises(SetupError) as raised:
        Race.new([], TWO_MARKS)
    assert str(raised.value.cite) == "VG-S1"
    with pytest.raises(SetupError, match="on row 1") as raised:
        Race.new([Boat("A", (9, 0))], TWO_MARKS)
    assert str(raised.value.cite) == "VG-S1"
    with pytest.raises(SetupError, match=r"^boats\.1\.at: "):
        Race.new([Boat("A", (9, 1)), Boat("B", (9, 1))], TWO_MARKS, check_setup=False)
    race = Race.new([Boat("A", (9, 1))], TWO_MARKS)
    with pytest.raises(KeyError, match="no boat 'Z'"):
        race.state("Z")
    assert vg.race.RaceOptions(max_turns=1).max_turns == 1
    with pytest.raises(ValueError, match="max_turns"):
        vg.race.RaceOptions(max_turns=0)


def test_a_finished_race_refuses_moves_naming_the_move() -> None:
    race = Race.new([Boat("A", (9, 1))], TWO_MARKS, options=vg.race.RaceOptions(max_turns=1))
    race, _ = race.play(Move("A", "1S"))
    with pytest.raises(vg.IllegalMove) as raised:
        race.play(Move("A", "1S"))
    assert raised.value.move == Move("A", "1S") and str(raised.value.cite) == "VG-C2"


def test_race_events_carry_their_data() -> None:
    # VG-I: a grounding says where the boat stopped; a repair turn says so in words
    course = Course((24, 24), ((8, 2), (12, 2)), (Mark("M", (10, 10), "S"),),
                    frozenset({(14, 12)}))
    race = Race.new([Boat("A", (12, 12), V("0U:1P"))], course, check_setup=False,
                    states={"A": {"leg": 1, "moves": 9}})
    race, events = race.play(Move("A", "0U:2P"))
    (grounded,) = [e for e in events if e.kind == "grounded"]
    assert dict(grounded.data) == {"at": (13, 12)}
    race, events = race.play(Move.stand("A"))
    (repair,) = events
    assert repair.kind == "repair" and "A" in repair.text and "repair" in repair.text


def test_a_saved_race_with_a_position_that_cannot_be_names_the_position() -> None:
    data = _race_json()
    data["position"]["boats"][1]["at"] = [9, 1]  # type: ignore[index]
    with pytest.raises(SetupError, match=r"^position\."):
        Race.from_json(data)


def test_a_course_with_its_order_as_a_list_is_the_same_course() -> None:
    marks = (Mark("1", (10, 14), "S"), Mark("2", (20, 14), "P"))
    listed = Course((30, 30), LINE, marks, order=["2", "1"])  # type: ignore[arg-type]
    assert listed == Course((30, 30), LINE, marks, order=("2", "1"))
    assert hash(listed) == hash(Course((30, 30), LINE, marks, order=("2", "1")))


# --- errors name the argument or field at fault ----------------------------------------------


def test_a_vector_s_parts_may_reach_max_squares_either_way() -> None:
    from rightofway.vg.vectors import MAX_SQUARES

    assert Vector(-MAX_SQUARES, 0, "S").along == -MAX_SQUARES
    assert Vector(MAX_SQUARES, MAX_SQUARES, "P").cross == MAX_SQUARES
    with pytest.raises(ValueError, match=r"^along: .* got 101$"):
        Vector(-MAX_SQUARES - 1, 0, "S")
    # cross at its limit is fine: the part over it is along, and the error says so
    with pytest.raises(ValueError, match=r"^along: .* got 101$"):
        Vector(MAX_SQUARES + 1, MAX_SQUARES, "S")
    with pytest.raises(ValueError, match=r"^cross: .* got 101$"):
        Vector(0, MAX_SQUARES + 1, "S")


def test_parse_names_its_argument_and_quotes_the_text() -> None:
    from rightofway.vg.vectors import VectorError

    with pytest.raises(TypeError, match=r"^text: "):
        Vector.parse(21)  # type: ignore[arg-type]
    with pytest.raises(VectorError, match=r"^'101U:1S': along: "):
        Vector.parse("101U:1S")


def test_path_names_its_arguments_and_takes_a_list_for_start() -> None:
    # 2U:1S from (5, 5): one square North and half of one West, the half rounded towards
    # the start, then the landing (4, 7)
    assert path([5, 5], V("2U:1S")) == path((5, 5), V("2U:1S")) == ((5, 6), (4, 7))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^vector: "):
        path((5, 5), "2U:1S")  # type: ignore[arg-type]


def test_check_move_and_mark_name_the_argument() -> None:
    from rightofway.vg.position import check_move

    with pytest.raises(TypeError, match=r"^move: "):
        check_move("A 2U:1S")
    with pytest.raises(TypeError, match=r"^side: "):
        Mark("m", (3, 3), 1)  # type: ignore[arg-type]


def test_a_mark_on_a_boat_names_the_mark_s_position_field() -> None:
    from rightofway.positions import PositionError

    # VG-C3: no boat may stand on a mark
    with pytest.raises(PositionError, match="no boat may stand on a mark") as raised:
        Position((Boat("A", (3, 3), V("1U:1S")),), marks=(Mark("m", (3, 3), "S"),))
    assert raised.value.path == ("marks", 0, "at")


# --- this commit's sample: standing still, the claims' argument ----------------------------------


def test_standing_still_sails_no_path() -> None:
    # Findings.traced is "the path actually sailed": a boat standing still sails none, whether
    # it repairs (VG-I) or stands still when it has legal moves (which breaks VG-M2).
    repairing = Position((Boat("A", (5, 5), None, 1),))
    f = vg.legality(repairing, Move("A", None))
    assert f.stand and f.legal and f.traced == () and f.end == (5, 5)
    free = Position((Boat("A", (5, 5), V("1U:1S")),))
    f = vg.legality(free, Move("A", None))
    assert f.stand and not f.legal and "VG-M2" in f.violations
    assert f.traced == () and f.end == (5, 5)


def test_claims_names_its_argument() -> None:
    with pytest.raises(TypeError, match="position"):
        vg.claims("A")  # type: ignore[arg-type]


def test_a_board_one_square_wide_or_high_is_allowed() -> None:
    # "width and height are at least 1": one is enough, either way
    for board in ((1, 10), (10, 1), (1, 1)):
        assert Position((Boat("A", (0, 0)),), board=board).board == board


# --- the rules as cited tables (rightofway.vg.rules) ------------------------------------------


TABLES = {"TURN": TURN, "SAILING": SAILING, "GIVE_WAY": GIVE_WAY, "NO_FORCING": NO_FORCING,
          "RIGHT_OF_WAY": RIGHT_OF_WAY}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_exception_is_asked_before_the_rules_it_sets_aside(name: str) -> None:
    table = TABLES[name]
    sections = [rule.cite.section for rule in table]
    for i, rule in enumerate(table):
        assert rule.cite in SECTIONS.values() and rule.summary and rule.name
        if rule.exception_to is None:
            continue
        for overridden in rule.exception_to.split(", "):
            later = [k for k, s in enumerate(sections) if s == overridden and k > i]
            assert later, f"{rule.name} ({rule.cite}) must come before rule {overridden}"
    assert len({rule.name for rule in table}) == len(table)


def test_the_tables_between_two_boats_have_no_exceptions() -> None:
    # binding_each asks every rule of them of every other boat: none sets another aside
    assert [r.exception_to for r in GIVE_WAY + NO_FORCING] == [None] * 5


@pytest.mark.parametrize(
    ("before", "after", "found"),
    [
        # a first move is judged by VG-S3 alone: 2U:1S is too high, but M3 is not asked
        (None, "2U:1S", ["VG-S3"]),
        (None, "0U:0S", ["VG-S3"]),
        # the tack and the gybe set VG-M1 aside: a side change is no small change
        ("3U:3S", "1U:1P", []),
        ("5D:2S", "4D:1P", []),
        # a side change that is neither breaks VG-T (upwind) or VG-G, never VG-M1
        ("3U:3S", "2U:2P", ["VG-T"]),
        ("3U:3S", "3D:3P", ["VG-G"]),
        # on one side VG-M1 binds, and the shape rules beside it
        ("1U:1S", "3U:2S", ["VG-M1", "VG-M3"]),
    ],
)
def test_an_exception_sets_aside_the_rules_it_names(before: str | None, after: str,
                                                    found: list[str]) -> None:
    pos = Position((Boat("A", (50, 50), V(before) if before else None),))
    assert list(vg.violations(pos, Move("A", V(after)))) == found


def test_a_repair_turn_is_no_stop_and_asks_no_sailing_rule() -> None:
    # VG-I (repairs) comes before VG-M2 (standing still) and decides a repairing boat's turn
    pos = Position((Boat("A", (5, 5), None, 2), Boat("B", (6, 5), V("1U:1P"))))
    steps: list[Step] = []
    assert decide(TURN, move_facts(pos, pos.boat("A"), None), steps) == ("VG-I", "A", "")
    assert [str(s.cite) for s in steps] == ["VG-I"] and steps[0].kind == "fact"
    sails = vg.legality(pos, Move("A", "1S"))
    assert sails.sitting_out and [str(s.cite) for s in sails.steps] == ["VG-I"]


# --- one module of citations (rightofway.vg.sections) --------------------------------------


def test_every_rule_id_of_the_files_is_a_section_and_reads_as_the_book_writes_it() -> None:
    from typing import get_args

    from rightofway.vg.scenario import RuleId

    assert set(get_args(RuleId)) == {str(c) for c in SECTIONS.values()}
    assert [str(c) for c in SECTIONS.values()][:3] == ["VG-M1", "VG-M2", "VG-M3"]
    assert cite("GW1") is cite("VG-GW1") is SECTIONS["GW1"]
    named = {n.removeprefix("VG_"): getattr(sections, n) for n in sections.__all__
             if n.startswith("VG_")}
    assert named == SECTIONS and list(sections.SUMMARIES) == list(SECTIONS)
    book = (Path(__file__).parents[2] / "docs" / "vector-game.rst").read_text()
    assert all(f"VG-{s}" in book or f"({s})" in book for s in SECTIONS)


def test_an_unknown_rule_id_is_refused_naming_the_rules() -> None:
    for odd in ("GW9", "vg-gw1", 3):
        with pytest.raises(UnknownId, match="no Vector Game rule") as raised:
            cite(odd)  # type: ignore[arg-type]
        assert isinstance(raised.value, InputError) and "GW5" in str(raised.value)


def test_every_citation_of_a_race_comes_from_the_sections() -> None:
    race = vg.Race.new(4, seed=5)
    rng = random.Random(5)
    while not race.is_over():
        move = vg.choose_move(race, rng)
        for step in vg.legality(race.position, move).steps:
            assert step.cite in SECTIONS.values()
        race, events = race.play(move)
        assert all(e.cite in SECTIONS.values() for e in events)


# --- legality: the verdict, its reason and the rule that decides -----------------------------


def test_legality_says_why_and_cites_the_rule_that_decides() -> None:
    pos = Position((Boat("A", (5, 5), V("2U:2S")), Boat("B", (9, 9), None, 2),
                    Boat("C", (20, 20))), islands=frozenset({(2, 8)}))
    cases = [
        (Move("A", "2U:2S"), True, "VG-M1", "A 2U:2S is legal: it breaks no rule"),
        (Move("A", "3U:3S"), True, "VG-I",
         "A 3U:3S is legal: A's path meets an island at [2, 8]: it stops at [3, 7] and loses "
         "two turns for repairs"),
        (Move.stand("B"), True, "VG-I",
         "B (stands still) is legal: B is repairing and stands still at [9, 9]; it loses 1 "
         "more turn"),
        (Move("A", "2U:1S"), False, "VG-M3",
         "breaks VG-M3: 2U:1S after 2U:2S: upwind the U part may not exceed the cross part"),
        (Move.stand("C"), False, "VG-M2",
         "breaks VG-M2: C may not stand still: every move covers at least one square, and it "
         "has legal moves (0U:1P, 0U:1S)"),
    ]
    for move, legal, decides, reason in cases:
        verdict = vg.legality(pos, move)
        assert isinstance(verdict, results.Legality) and isinstance(verdict, vg.Legality)
        assert (verdict.legal, str(verdict.cite), verdict.reason) == (legal, decides, reason)
        assert bool(verdict) is legal and verdict.move == move
        assert verdict.explain().startswith(f"move: {move}\nlegal: {'yes' if legal else 'no'}")
        data = verdict.to_json()
        assert (data["move"], data["cite"], data["steps"][0]["cite"]) == (
            str(move), decides, str(verdict.steps[0].cite))
    pinned = Position((Boat("A", (4, 2)), Boat("B", (5, 2)), Boat("C", (6, 2))))
    stop = vg.legality(pinned, Move.stand("B"))
    assert (stop.legal, str(stop.cite)) == (True, "VG-M2")
    assert stop.reason == ("B (stands still) is legal: B at [5, 2] has no legal move: it stops "
                           "there and starts again from rest with 1S or 1P")


# --- protests: the Vector Game has no penalty turns ------------------------------------------


def test_a_protest_against_an_illegal_move_is_upheld_and_one_against_a_legal_move_dismissed(
) -> None:
    pos = Position((Boat("A", (8, 9), V("2U:2P")), Boat("B", (10, 10), V("1U:1S"))))
    crossing = Move("A", "2U:2P")  # crosses just ahead of B on starboard (VG-GW1)
    ruling = vg.adjudicate(pos, crossing, vg.Protest(by="B", against="A"))
    assert (ruling.legal, ruling.verdict, ruling.penalty) == (False, "upheld", None)
    last = ruling.steps[-1]
    assert (last.kind, str(last.cite)) == ("conclusion", "VG-GW1")
    assert last.text == ("B's protest against A is upheld: A 2U:2P breaks VG-GW1; the Vector "
                         "Game has no penalty turns, so the move is not allowed and the boat "
                         "makes another")
    assert "protest: upheld" in ruling.explain()
    assert ruling.steps[:-1] == vg.adjudicate(pos, crossing).steps
    apart = Position((pos.boat("A"), Boat("B", (20, 20), V("1U:1S"))))
    ruling = vg.adjudicate(apart, crossing, vg.Protest("B", "A"))
    assert (ruling.legal, ruling.verdict) == (True, "dismissed")
    assert ruling.steps[-1].text == "B's protest against A is dismissed: A 2U:2P is legal"
    ruling = vg.adjudicate(pos, crossing, vg.Protest("A", "B"))
    assert ruling.verdict == "dismissed" and str(ruling.steps[-1].cite) == "VG-C4"
    assert ruling.steps[-1].text == ("A's protest against B is dismissed: the move is A's, and "
                                     "B made none")
    assert vg.Protest is results.Protest


def test_a_protest_that_cannot_be_heard_is_refused_naming_the_field() -> None:
    pos = Position((Boat("A", (8, 9), V("2U:2P")), Boat("B", (10, 10), V("1U:1S"))))
    move = Move("A", "2U:2P")
    with pytest.raises(UnknownId, match=r"^protest\.by: no boat 'Z'"):
        vg.adjudicate(pos, move, vg.Protest("Z", "A"))
    with pytest.raises(InputError, match="A cannot protest itself"):
        vg.adjudicate(pos, move, vg.Protest("A", "A"))
    with pytest.raises(TypeError, match=r"^protest: expected a rightofway\.results\.Protest"):
        vg.adjudicate(pos, move, "B protests A")  # type: ignore[arg-type]
    assert get_ruleset("vector-game").adjudicate(pos, move, vg.Protest("B", "A")).verdict == \
        "upheld"


# --- mutation sample seed 12: what the survivors showed untested ------------------------------


def test_a_kept_exception_and_a_give_way_breach_name_their_rule_and_boat() -> None:
    # The module's contract: an exception the move keeps finds a Finding with no breach (the
    # rule, the mover); a give-way rule's Finding concerns the other boat.
    pos = Position((Boat("A", (10, 10), V("3D:3S")),))
    m = move_facts(pos, pos.boat("A"), V("2D:2P"))  # "3D:3S gybe goes to 2D:2P"
    assert binding(SAILING, m, []) == [Finding("VG-G", "A", "")]
    # A on port lands on [8, 12], where B on starboard (1U:1S) could land next (2U:2S).
    pos = Position((Boat("A", (6, 10), V("1U:1P")), Boat("B", (10, 10), V("1U:1S"))))
    m = move_facts(pos, pos.boat("A"), V("2U:2P"))
    (found,) = binding_each(GIVE_WAY, m, [pos.boat("B")], [])
    assert (found.rule, found.boat) == ("VG-GW3", "B") and found.breach


def test_the_explanations_of_a_stop_and_of_right_of_way_are_facts_then_the_rule() -> None:
    pinned = Position((Boat("A", (4, 2)), Boat("B", (5, 2)), Boat("C", (6, 2))))
    (step,) = vg.legality(pinned, Move.stand("B")).steps
    assert (step.kind, str(step.cite)) == ("fact", "VG-M2")
    pos = Position((Boat("A", (5, 5), V("1U:1S")), Boat("B", (9, 7), V("1U:1P"))))
    row = vg.right_of_way(pos, "A", "B")
    assert row is not None and (row.holder, row.giver) == ("A", "B")
    assert [(s.kind, str(s.cite)) for s in row.steps] == [
        ("fact", "VG-GW3"), ("rule", "VG-GW3"), ("conclusion", "VG-GW3")]
    assert row.steps[1].text == "a port boat keeps clear of a starboard boat"


def test_a_repairing_boat_is_told_how_many_turns_it_still_sits_out() -> None:
    pos = Position((Boat("B", (9, 9), None, 2), Boat("C", (9, 3), None, 1)))
    assert vg.legality(pos, Move("B", V("1S"))).reason.endswith(
        "B is repairing and sits out 2 more turns: it may only stand still")
    assert vg.legality(pos, Move("C", V("1S"))).reason.endswith(
        "C is repairing and sits out 1 more turn: it may only stand still")


def test_a_stop_in_a_race_is_an_event_saying_why() -> None:
    course = Course((20, 20), ((2, 3), (10, 3)), (Mark("1", (6, 12), "S"),))
    race = Race.new([Boat("B", (5, 2)), Boat("A", (4, 2)), Boat("C", (6, 2))], course)
    _, events = race.play(Move.stand("B"))  # 1S lands on A, 1P on C (VG-GW5)
    assert [(e.kind, str(e.cite)) for e in events] == [("stopped", "VG-M2")]
    assert "B at [5, 2] has no legal move" in events[0].text


def test_a_mark_where_the_course_turns_45_degrees_is_rounded_in_one_crossing() -> None:
    # Far and leaving ray are one (Interpretations, VG-C1): crossing the N ray of mark 1
    # from West to East, clockwise as an S mark is rounded, rounds it.
    course = Course((40, 40), ((18, 2), (22, 2)), (Mark("1", (20, 20), "S"),
                                                   Mark("2", (30, 30), "S")))
    race = Race.new([Boat("A", (19, 22), V("0U:1P"))], course, check_setup=False,
                    states={"A": {"leg": 1, "moves": 9}})
    race, events = race.play(Move("A", V("0U:1P")))  # onto the ray at [20, 22]
    assert [e.kind for e in events] == ["move"]
    race, events = race.play(Move("A", V("0U:1P")))  # off it to the East
    assert [e.kind for e in events] == ["move", "rounded"]
    assert race.next_mark("A") == "2"


def test_one_step_across_the_far_ray_then_the_leaving_ray_rounds_the_mark() -> None:
    # Mark 1 to port, reached going North and left for mark 2 to the West: the course turns
    # 90 degrees anticlockwise, so the far ray is N and the leaving ray NW (Interpretations,
    # VG-C1). From [21, 22] 2D:2S steps onto the N ray at [20, 21], then in one step to
    # [19, 20] leaves it westwards and crosses the NW ray between intersections: the far
    # ray first, then the leaving ray, both anticlockwise.
    course = Course((40, 40), ((18, 2), (22, 2)), (Mark("1", (20, 20), "P"),
                                                   Mark("2", (5, 20), "S")))
    r = course.roundings[0]
    assert (COMPASS_NAMES[r.far], COMPASS_NAMES[r.leave], r.turn) == ("N", "NW", 1)
    race = Race.new([Boat("A", (21, 22), V("2D:2S"))], course, check_setup=False,
                    states={"A": {"leg": 1, "moves": 9}})
    race, events = race.play(Move("A", V("2D:2S")))
    assert race.position.boat("A").at == (19, 20)
    assert [e.kind for e in events] == ["move", "rounded"] and race.next_mark("A") == "2"
