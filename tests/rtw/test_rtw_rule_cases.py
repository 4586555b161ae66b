"""Race the Wind rules, case by case, written to kill the mutants the other tests let live.

See docs/mutation-testing.rst. Every expectation is worked out by hand from the rulebook
(RTW 1-3.8), the conventions (spec) and the Interpretations page, never taken from the
program's output; the comment beside each case says where it comes from. Positions use
a North wind unless they say otherwise: close-hauled is NE/NW, a beam reach E/W, a broad
reach SE/SW and a run S.
"""

from __future__ import annotations

import json

import pytest

from rightofway.geometry import Compass, Tack
from rightofway.rtw import (
    Boat,
    IllegalMove,
    Mark,
    MarkRole,
    Move,
    Options,
    Phase,
    Position,
    Protest,
    adjudicate,
    apply,
    claims,
    engagement_graph,
    engagements,
    legal_moves,
    legality,
    moves,
    right_of_way,
    rules,
)
from rightofway.rtw.course import Course, SetupError, check_placement, check_tokens
from rightofway.rtw.moves import can_serve_penalty, claims_of, is_legal, penalty_serving
from rightofway.rtw.race import PenaltyTurn, Race, RaceOptions
from rightofway.rtw.rules import covers, engaged_pairs, shadow, zone_mark

N, NE, E, SE, S, SW, W, NW = (Compass.N, Compass.NE, Compass.E, Compass.SE, Compass.S,
                              Compass.SW, Compass.W, Compass.NW)


def one(boat: Boat, **kw: object) -> Position:
    return Position(N, (boat,), **kw)  # type: ignore[arg-type]


def actions(position: Position, boat: str) -> set[tuple[str, ...]]:
    return {m.actions for m in legal_moves(position, boat)}


# --- moves (RTW 2) ------------------------------------------------------------------------


def test_the_manoeuvre_table_is_rtw_2_s() -> None:
    # RTW 2: a manoeuvre turns 45 or 90 degrees either way; it may not end head to wind
    # during the race, and may at the start. The engine builds this table when it loads.
    table = moves._turn_table()
    turns = {"R45": 45, "R90": 90, "L45": -45, "L90": -90}
    for h in Compass:
        for w in Compass:
            for start in (False, True):
                assert dict(table[h.value, w.value, start]) == {
                    name: (h.value + d) % 360 for name, d in turns.items()
                    if start or (h.value + d) % 360 != w.value}
    assert dict(table[NE.value, N.value, False]) == {"R45": 90, "R90": 135, "L90": 315}
    assert dict(table[NE.value, N.value, True]) == {"R45": 90, "R90": 135, "L45": 0, "L90": 315}


@pytest.mark.parametrize(
    ("heading", "wind", "expected"),
    [
        (NE, N, ("port", "close-hauled", False)),
        (W, N, ("starboard", "beam-reach", True)),
        (SE, N, ("port", "broad-reach", True)),
        (S, N, ("starboard", "run", False)),  # a run is on starboard (RTW 2)
        (N, N, ("none", "head-to-wind", False)),
        (N, E, ("starboard", "beam-reach", True)),
        (SW, E, ("port", "broad-reach", True)),
        (NW, NE, ("starboard", "beam-reach", True)),
        (E, NE, ("port", "close-hauled", False)),
    ],
)
def test_tack_point_of_sail_and_speed_of_a_heading(heading: Compass, wind: Compass,
                                                   expected: tuple[str, str, bool]) -> None:
    # conventions: the tack and angle off the wind; fast is a beam or broad reach (RTW 3.4)
    t, pos, fast = rules._sail(heading.value, wind.value)
    assert (t.value, pos.value, fast) == expected
    f = rules.boat_facts(Position(wind, (Boat("A", (0, 0), heading),)), "A")
    assert (f.tack.value, f.point_of_sail.value, f.fast) == expected


def test_close_hauled_moves_one_movement_or_one_manoeuvre_never_head_to_wind() -> None:
    # RTW 2: advance, tack (L90 from NE), bear away 45 to a beam reach or 90 to a broad
    # reach; the 45-degree luff head to wind is forbidden in the race, allowed at the start.
    race = one(Boat("A", (0, 0), NE))
    assert actions(race, "A") == {("A",), ("R45",), ("R90",), ("L90",)}
    start = one(Boat("A", (0, 0), NE), phase=Phase.START)
    assert actions(start, "A") == {("A",), ("R45",), ("R90",), ("L90",), ("L45",)}


def test_a_run_has_one_movement_or_one_of_four_manoeuvres() -> None:
    # RTW 2: on a run, advance, or reach either broad reach or either beam reach.
    assert actions(one(Boat("A", (0, 0), S)), "A") == {
        ("A",), ("R45",), ("R90",), ("L45",), ("L90",)}


def test_a_broad_reach_advances_then_may_manoeuvre() -> None:
    # RTW 2: the movement first, then optionally one of four manoeuvres; from SE none ends
    # head to wind (S, SW, E, NE).
    assert actions(one(Boat("A", (0, 0), SE)), "A") == {
        ("A",), ("A", "R45"), ("A", "R90"), ("A", "L45"), ("A", "L90")}


def test_a_beam_reach_has_two_parts_each_a_movement_or_a_manoeuvre() -> None:
    # RTW 2 and the Interpretations (the second part starts where the first left the
    # boat). From E in a North wind L90 would end head to wind (forbidden in the race).
    moves = actions(one(Boat("A", (0, 0), E)), "A")
    assert ("A", "A") in moves
    assert {m for m in moves if m[0] == "A" and m[1] != "A"} == {
        ("A", "R45"), ("A", "R90"), ("A", "L45")}
    assert {m for m in moves if m[0] != "A" and m[1] == "A"} == {
        ("R45", "A"), ("R90", "A"), ("L45", "A")}
    # two manoeuvres: from SE four, from S four, from NE three (not L45 to N)
    assert len([m for m in moves if "A" not in m]) == 11
    assert ("L45", "L45") not in moves and ("L90", "R45") not in moves
    assert ("R90", "R90") in moves  # the rulebook's reversal of the beam reach
    assert len(moves) == 18


def test_a_boat_head_to_wind_has_one_manoeuvre_and_claims_nothing() -> None:
    # RTW 2 (head to wind: only one manoeuvre) and the Interpretations (it cannot advance)
    pos = one(Boat("A", (0, 0), N))
    assert actions(pos, "A") == {("R45",), ("R90",), ("L45",), ("L90",)}
    assert claims(pos)["A"] == frozenset()
    assert claims_of(pos, "A") == frozenset()


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        (NE, {(1, 1)}),  # close-hauled: the one movement
        (S, {(0, -1)}),  # run
        (SE, {(1, -1)}),  # broad reach: the movement, the manoeuvre stays on the spot
        # beam reach: A A, and manoeuvre + movement to SE, S and NE
        (E, {(1, 0), (2, 0), (1, -1), (0, -1), (1, 1)}),
        (W, {(-1, 0), (-2, 0), (-1, -1), (0, -1), (-1, 1)}),
    ],
)
def test_claims_in_open_water(heading: Compass, expected: set[tuple[int, int]]) -> None:
    # conventions: the intersections any legal next move passes or ends on, own excluded
    pos = one(Boat("A", (0, 0), heading))
    assert claims(pos)["A"] == expected
    assert claims_of(pos, "A") == expected


def test_claims_follow_gusts_and_stop_at_lulls_and_marks() -> None:
    # RTW 3.2: close-hauled on a blue token gains a movement, and a chain goes on
    pos = one(Boat("A", (0, 0), NE), blue=frozenset({(1, 1), (2, 2)}))
    assert claims_of(pos, "A") == {(1, 1), (2, 2), (3, 3)}
    assert ("A", "A", "A") in actions(pos, "A")
    # a mark stops the chain (marks are obstacles, conventions)
    marked = one(Boat("A", (0, 0), NE), blue=frozenset({(1, 1)}),
                 marks=(Mark("m", (2, 2), MarkRole.WINDWARD_MARK),))
    assert claims_of(marked, "A") == {(1, 1)}
    assert actions(marked, "A") == {("A",), ("R45",), ("R90",), ("L90",)}
    # a beam reach's first movement onto a lull ends the move: no second part
    lull = one(Boat("A", (0, 0), E), yellow=frozenset({(1, 0)}))
    assert claims_of(lull, "A") == {(1, 0), (1, -1), (0, -1), (1, 1)}
    assert ("A",) in actions(lull, "A")
    assert not any(len(m) == 2 and m[0] == "A" for m in actions(lull, "A"))


def test_a_beam_reach_gust_comes_only_with_its_second_movement() -> None:
    # RTW 3.2: on a beam reach the gust counts only at the end of the second movement
    second = one(Boat("A", (0, 0), E), blue=frozenset({(2, 0)}))
    assert ("A", "A", "A") in actions(second, "A")
    assert (3, 0) in claims_of(second, "A")
    first = one(Boat("A", (0, 0), E), blue=frozenset({(1, 0)}))
    assert not any(len(m) == 3 for m in actions(first, "A"))
    assert (3, 0) not in claims_of(first, "A")


def test_a_beam_reach_manoeuvre_and_movement_takes_a_gust_only_with_the_option() -> None:
    # Interpretations: beam_gust_after_manoeuvre, default false
    blue = frozenset({(1, -1)})
    literal = one(Boat("A", (0, 0), E), blue=blue)
    assert ("R45", "A", "A") not in actions(literal, "A")
    assert (2, -2) not in claims_of(literal, "A")
    tables = one(Boat("A", (0, 0), E), blue=blue,
                 options=Options(beam_gust_after_manoeuvre=True))
    assert ("R45", "A", "A") in actions(tables, "A")
    assert (2, -2) in claims_of(tables, "A")
    assert (2, -2) in claims(tables)["A"]


def test_a_broad_reach_gust_straight_on_or_after_its_manoeuvre() -> None:
    # RTW 3.2: advance onto the blue token, then either the gust straight on (giving up
    # the manoeuvre) or a manoeuvre and the gust in the new direction
    pos = one(Boat("A", (0, 0), SE), blue=frozenset({(1, -1)}))
    moves = actions(pos, "A")
    assert ("A", "A") in moves
    assert ("A", "R45", "A") in moves  # now heading S: ends on (1, -2)
    assert ("A", "L90", "A") in moves  # now heading NE: ends on (2, 0)
    assert ("A", "A", "R45") not in moves
    assert claims_of(pos, "A") == {(1, -1), (2, -2), (1, -2), (0, -2), (2, -1), (2, 0)}
    assert apply(pos, Move("A", ("A", "R45", "A"))).boat("A").at == (1, -2)
    assert apply(pos, Move("A", ("A", "L90", "A"))).boat("A") == Boat("A", (2, 0), NE)


def test_a_lull_stops_the_boat_and_holds_it_for_a_turn_by_default() -> None:
    # RTW 3.2 and the option yellow_skips_next_turn (default true)
    pos = one(Boat("A", (0, 0), NE), yellow=frozenset({(1, 1)}))
    after = apply(pos, Move("A", ("A",)))
    assert after.boat("A") == Boat("A", (1, 1), NE, lull=True)
    assert actions(after, "A") == {()}
    assert claims_of(after, "A") == frozenset()
    free = apply(one(Boat("A", (0, 0), NE), yellow=frozenset({(1, 1)}),
                     options=Options(yellow_skips_next_turn=False)), Move("A", ("A",)))
    assert free.boat("A").lull is False
    # standing still releases the boat
    assert apply(after, Move("A", ())).boat("A") == Boat("A", (1, 1), NE)


def test_a_boat_blocked_on_every_side_turns_where_it_stands() -> None:
    # Interpretations: a broad reach whose one movement is blocked by a mark may manoeuvre
    pos = one(Boat("A", (0, 0), SE), marks=(Mark("m", (1, -1), MarkRole.GATE_BUOY),))
    assert actions(pos, "A") == {("R45",), ("R90",), ("L45",), ("L90",)}
    assert claims_of(pos, "A") == frozenset()


def test_boats_do_not_pass_through_each_other() -> None:
    # Interpretations: a move may not enter another boat's intersection
    pos = Position(N, (Boat("A", (0, 0), E), Boat("B", (2, 0), N)))
    moves = actions(pos, "A")
    assert ("A", "A") not in moves
    assert ("A", "R45") in moves
    verdict = legality(pos, Move("A", ("A", "A")))
    assert not verdict and verdict.outcome is None
    assert "B" in verdict.reason
    assert str(verdict.steps[-1].cite) == "RTW 3.4"
    assert not is_legal(pos, Move("A", ("A", "A")))
    assert is_legal(pos, Move("A", ("A", "R45")))


@pytest.mark.parametrize(
    ("boat", "move", "cite", "fragment"),
    [
        # luffing head to wind in the race (RTW 2)
        (Boat("A", (0, 0), NE), ("L45",), "RTW 2", "head to wind"),
        # head to wind a boat cannot advance (Interpretations, RTW 2)
        (Boat("A", (0, 0), N), ("A",), "RTW 2", "head to wind"),
        # a mark is an obstacle (RTW 3.6, conventions)
        (Boat("A", (0, 9), NW), ("A",), "RTW 3.6", "mark"),
        # a close-hauled boat has one part only (RTW 2)
        (Boat("A", (0, 0), NE), ("A", "A"), "RTW 2", "no movement left"),
        # a broad reach advances first (RTW 2)
        (Boat("A", (0, 0), SE), ("R45",), "RTW 2", "cannot follow"),
        # a beam reach has two parts (RTW 2): one is not enough
        (Boat("A", (0, 0), E), ("A",), "RTW 2", "compulsory"),
    ],
)
def test_an_illegal_move_cites_the_section_it_breaks(boat: Boat, move: tuple[str, ...],
                                                    cite: str, fragment: str) -> None:
    pos = one(boat, marks=(Mark("m", (-1, 10), MarkRole.WINDWARD_MARK),))
    verdict = legality(pos, Move("A", move))  # type: ignore[arg-type]
    assert not verdict.legal
    assert str(verdict.steps[-1].cite) == cite
    assert fragment in verdict.reason
    with pytest.raises(IllegalMove) as raised:
        apply(pos, Move("A", move))  # type: ignore[arg-type]
    assert str(raised.value.cite) == cite


def test_a_boat_held_by_a_lull_may_only_stand_still() -> None:
    # RTW 3.2: it stands still for one turn
    pos = one(Boat("A", (0, 0), NE, lull=True))
    verdict = legality(pos, Move("A", ("A",)))
    assert not verdict and str(verdict.steps[-1].cite) == "RTW 3.2"
    assert is_legal(pos, Move("A", ()))


def test_standing_still_is_no_move_for_a_free_boat() -> None:
    # RTW 2: the move is compulsory in full
    verdict = legality(one(Boat("A", (0, 0), NE)), Move("A", ()))
    assert not verdict and str(verdict.steps[-1].cite) == "RTW 2"


def test_the_lull_ends_the_move_where_it_stops_the_boat() -> None:
    # RTW 3.2: a beam reach stopped by a lull after its first movement loses the second
    pos = one(Boat("A", (0, 0), E), yellow=frozenset({(1, 0)}))
    verdict = legality(pos, Move("A", ("A", "A")))
    assert not verdict and str(verdict.steps[-1].cite) == "RTW 3.2"
    assert "lull" in verdict.reason
    lulled = legality(pos, Move("A", ("A",)))
    assert lulled and lulled.outcome is not None and lulled.outcome.lulled


def test_no_gust_without_a_blue_token_and_none_for_a_beam_manoeuvre_movement() -> None:
    # RTW 3.2: only a blue token where a movement ends earns another movement
    close = legality(one(Boat("A", (0, 0), NE)), Move("A", ("A", "A")))
    assert not close and str(close.steps[-1].cite) == "RTW 2"
    beam = one(Boat("A", (0, 0), E), blue=frozenset({(1, -1)}))
    verdict = legality(beam, Move("A", ("R45", "A", "A")))
    assert not verdict and str(verdict.steps[-1].cite) == "RTW 3.2"
    assert "beam_gust_after_manoeuvre" in verdict.reason
    # a broad reach that takes its gust straight on has given up its manoeuvre
    broad = one(Boat("A", (0, 0), SE), blue=frozenset({(1, -1)}))
    gave_up = legality(broad, Move("A", ("A", "A", "R45")))
    assert not gave_up and str(gave_up.steps[-1].cite) == "RTW 3.2"


# --- right of way (RTW 3.4) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "order", "expected"),
    [
        # starboard over port (figure 9)
        (Boat("A", (0, 0), NE), Boat("B", (2, 0), NW), None, ("B", "A", "starboard")),
        # same tack: leeward (further South in a North wind) over windward
        (Boat("A", (0, 0), W), Boat("B", (5, 3), W), None, ("A", "B", "leeward")),
        (Boat("A", (0, 3), W), Boat("B", (5, 0), NW), None, ("B", "A", "leeward")),
        # same tack and wind line: the faster point of sail (beam reach over close-hauled)
        (Boat("A", (4, 0), NW), Boat("B", (0, 0), W), None, ("B", "A", "faster")),
        (Boat("A", (4, 0), SW), Boat("B", (0, 0), S), None, ("A", "B", "faster")),
        # equal speed: the first in the turn order
        (Boat("A", (0, 0), NW), Boat("B", (4, 0), NW), ("B", "A"), ("B", "A", "turn-order")),
        (Boat("A", (0, 0), NW), Boat("B", (4, 0), NW), ("A", "B"), ("A", "B", "turn-order")),
        # a boat head to wind gives way to a boat on a tack, even on port (basis starboard)
        (Boat("A", (0, 0), N), Boat("B", (3, -3), NE), None, ("B", "A", "starboard")),
        (Boat("A", (3, -3), NE), Boat("B", (0, 0), N), None, ("A", "B", "starboard")),
    ],
)
def test_right_of_way_outside_zones(a: Boat, b: Boat, order: tuple[str, str] | None,
                                    expected: tuple[str, str, str]) -> None:
    pos = Position(N, (a, b), turn_order=order or ())
    row = right_of_way(pos, "A", "B")
    assert (row.holder, row.giver, row.basis) == expected
    rev = right_of_way(pos, "B", "A")
    assert (rev.holder, rev.giver, rev.basis) == expected
    assert str(row.steps[-1].cite) == "RTW 3.4"


def test_right_of_way_turns_with_the_wind() -> None:
    # an East wind: heading N has the wind on its right (starboard), heading S port;
    # the West (the side the wind blows towards) is to leeward
    pos = Position(E, (Boat("A", (0, 0), N), Boat("B", (-3, 0), S)))
    row = right_of_way(pos, "A", "B")
    assert (row.holder, row.basis) == ("A", "starboard")
    same = Position(E, (Boat("A", (0, 0), N), Boat("B", (-3, 5), N)))
    assert (right_of_way(same, "A", "B").holder, right_of_way(same, "A", "B").basis) == (
        "B", "leeward")


def test_right_of_way_needs_two_boats() -> None:
    with pytest.raises(ValueError, match="two different boats"):
        right_of_way(Position(N, (Boat("A", (0, 0), N),)), "A", "A")


# --- zones (RTW 3.6, 3.7) ---------------------------------------------------------------

W_MARK = Mark("w", (0, 10), MarkRole.WINDWARD_MARK)


def test_in_the_zone_the_inside_boat_holds_right_of_way() -> None:
    # A (port, NE) nearer the mark than B (starboard, NW): inside beats starboard (fig. 13).
    # B's advance reaches A's intersection, but B is abeam of A, not abaft its beam.
    pos = Position(N, (Boat("A", (1, 9), NE), Boat("B", (2, 8), NW)), marks=(W_MARK,))
    row = right_of_way(pos, "A", "B")
    assert (row.holder, row.giver, row.basis) == ("A", "B", "inside")
    assert str(row.steps[-1].cite) == "RTW 3.6"
    assert zone_mark(pos, pos.boat("A"), pos.boat("B")) == W_MARK
    assert zone_mark(pos, pos.boat("B")) == W_MARK


def test_in_the_zone_the_boat_astern_holds_right_of_way() -> None:
    # B in A's wake (both NW, B one step behind A): B engages A from astern (fig. 14)
    pos = Position(N, (Boat("A", (1, 9), NW), Boat("B", (2, 8), NW)), marks=(W_MARK,))
    row = right_of_way(pos, "A", "B")
    assert (row.holder, row.giver, row.basis) == ("B", "A", "astern")
    graph = engagement_graph(pos)
    assert graph.edges["A", "B"]["basis"] == "astern"
    # A's advance runs onto the mark, so only A's own intersection is contested
    assert graph.edges["A", "B"]["contested"] == [(1, 9)]


def test_a_boat_two_steps_astern_also_engages_from_astern_through_a_gust() -> None:
    # the wake is the boat's straight-ahead advance, gusts included (conventions)
    pos = Position(N, (Boat("A", (1, 9), NW), Boat("B", (3, 7), NW)), marks=(W_MARK,),
                   blue=frozenset({(2, 8)}))
    assert (1, 9) in claims_of(pos, "B")
    assert right_of_way(pos, "A", "B").basis == "astern"
    off_line = Position(N, (Boat("A", (1, 9), NW), Boat("B", (3, 8), NW)), marks=(W_MARK,))
    assert right_of_way(off_line, "A", "B").basis == "inside"


def test_equally_near_the_mark_the_engagement_rules_apply() -> None:
    # conventions: equal distance falls back to the list
    pos = Position(N, (Boat("A", (1, 9), NW), Boat("B", (-1, 9), NE)), marks=(W_MARK,))
    row = right_of_way(pos, "A", "B")
    assert (row.holder, row.basis) == ("A", "starboard")


def test_the_zone_is_the_25_intersections_edge_included() -> None:
    # RTW 3.6: two lengths, perimeter included; three is outside
    edge = Position(N, (Boat("A", (2, 8), NE), Boat("B", (5, 5), NW)), marks=(W_MARK,))
    assert right_of_way(edge, "A", "B").basis == "inside"
    outside = Position(N, (Boat("A", (3, 7), NE), Boat("B", (5, 5), NW)), marks=(W_MARK,))
    assert right_of_way(outside, "A", "B").basis == "starboard"
    assert zone_mark(outside, outside.boat("A"), outside.boat("B")) is None
    west = Position(N, (Boat("A", (-2, 12), NE), Boat("B", (-5, 15), NW)), marks=(W_MARK,))
    assert right_of_way(west, "A", "B").basis == "inside"


def test_no_zone_at_the_start_or_at_the_gate_on_the_final_leg() -> None:
    boats = (Boat("A", (1, 9), NE), Boat("B", (2, 8), NW))
    start = Position(N, boats, marks=(W_MARK,), phase=Phase.START)
    assert right_of_way(start, "A", "B").basis == "starboard"  # RTW 3.6: not at the start
    gate = (Mark("g", (0, 10), MarkRole.GATE_BUOY), Mark("c", (8, 10), MarkRole.COMMITTEE_BOAT))
    final = Position(N, boats, marks=gate, phase=Phase.FINAL_LEG)
    assert right_of_way(final, "A", "B").basis == "starboard"  # RTW 3.7
    racing = Position(N, boats, marks=gate, phase=Phase.RACE)
    assert right_of_way(racing, "A", "B").basis == "inside"
    # on the final leg the windward mark's zone still governs
    windward = Position(N, boats, marks=(W_MARK,), phase=Phase.FINAL_LEG)
    assert right_of_way(windward, "A", "B").basis == "inside"


def test_a_zone_governs_when_either_boat_is_rounding_that_mark() -> None:
    # conventions: at least one of the two boats in the zone of a mark it is rounding
    def pos(leg_a: str | None, leg_b: str | None) -> Position:
        return Position(N, (Boat("A", (1, 9), NE, leg=leg_a), Boat("B", (2, 8), NW, leg=leg_b)),
                        marks=(W_MARK, Mark("o", (20, 0), MarkRole.EXTRA_MARK)))

    assert right_of_way(pos("finish", "start"), "A", "B").basis == "starboard"
    assert right_of_way(pos("finish", "w"), "A", "B").basis == "inside"
    assert right_of_way(pos("w", "finish"), "A", "B").basis == "inside"
    assert right_of_way(pos("o", "o"), "A", "B").basis == "starboard"  # not rounding w


def test_of_several_zones_the_mark_nearest_either_boat_governs() -> None:
    # Interpretations: several zones
    m1, m2 = Mark("m1", (0, 10), MarkRole.WINDWARD_MARK), Mark("m2", (6, 10),
                                                               MarkRole.EXTRA_MARK)
    pos = Position(N, (Boat("A", (1, 9), W), Boat("B", (4, 9), E)), marks=(m1, m2))
    assert zone_mark(pos, pos.boat("A"), pos.boat("B")) == m1
    row = right_of_way(pos, "A", "B")
    assert (row.holder, row.basis) == ("A", "inside")
    # the same pair nearer m2: B is inside
    pos2 = Position(N, (Boat("A", (3, 9), W), Boat("B", (5, 9), E)), marks=(m1, m2))
    assert zone_mark(pos2, pos2.boat("A"), pos2.boat("B")) == m2
    assert (right_of_way(pos2, "A", "B").holder, right_of_way(pos2, "A", "B").basis) == (
        "B", "inside")


# --- engagements (RTW 3.4) ----------------------------------------------------------------


def test_engaged_pairs_are_those_whose_claims_meet() -> None:
    # A and B both claim (1, 1) (fig. 9); C's claims meet nobody's; D claims B's point
    pos = Position(N, (Boat("A", (0, 0), NE), Boat("B", (2, 0), NW), Boat("C", (20, 0), NE),
                       Boat("D", (3, -1), NW)))
    assert engaged_pairs(pos) == [("A", "B"), ("B", "D")]
    # both NW on starboard: D, a row further South, is to leeward of B
    assert engagements(pos) == [("B", "A", "starboard"), ("D", "B", "leeward")]


def test_an_engagement_from_astern_is_judged_by_the_list_outside_zones() -> None:
    # conventions: close-hauled the boat astern is to leeward and holds right of way
    pos = Position(N, (Boat("A", (1, 1), NE), Boat("B", (0, 0), NE)))
    assert engaged_pairs(pos) == [("A", "B")]
    assert engagements(pos) == [("B", "A", "leeward")]
    graph = engagement_graph(pos)
    assert list(graph.edges) == [("A", "B")]
    assert graph.edges["A", "B"]["contested"] == [(1, 1)]
    assert graph.graph["cycles"] == []
    # on a run the boat ahead is to leeward
    run = Position(N, (Boat("A", (0, -1), S), Boat("B", (0, 0), S)))
    assert engagements(run) == [("A", "B", "leeward")]


# --- cover (RTW 3.5, 3.8) ---------------------------------------------------------------


def test_the_shadow_is_the_point_dead_downwind_or_a_cone() -> None:
    pos = Position(N, (Boat("A", (0, 5), NW), Boat("B", (0, 4), NW)))
    assert shadow(pos, "A") == {(0, 4)}
    east = Position(E, (Boat("A", (0, 5), N),))
    assert shadow(east, "A") == {(-1, 5)}
    cone = Position(N, (Boat("A", (0, 5), NW),), options=Options(shadow="cone", cover_depth=1))
    assert shadow(cone, "A") == {(-1, 4), (0, 4), (1, 4)}


def test_a_covered_boat_places_its_token_two_ahead() -> None:
    pos = Position(N, (Boat("A", (0, 5), NW), Boat("B", (0, 4), NW)))
    (cover,) = covers(pos)
    assert (cover.coverer, cover.covered, cover.token) == ("A", "B", (-2, 6))
    assert all(str(s.cite) == "RTW 3.5" for s in cover.steps)
    assert covers(Position(N, pos.boats, options=Options(cover=False))) == []


@pytest.mark.parametrize(
    "extra",
    [
        {"marks": (Mark("m", (-2, 6), MarkRole.WINDWARD_MARK),)},
        {"yellow": frozenset({(-2, 6)})},
        {"blue": frozenset({(-2, 6)})},
    ],
)
def test_no_token_where_a_mark_or_a_token_stands(extra: dict[str, object]) -> None:
    # Interpretations: no token on a mark, one token per intersection
    pos = Position(N, (Boat("A", (0, 5), NW), Boat("B", (0, 4), NW)), **extra)  # type: ignore[arg-type]
    (cover,) = covers(pos)
    assert (cover.covered, cover.token) == ("B", None)


def test_no_token_where_a_boat_stands() -> None:
    pos = Position(N, (Boat("A", (0, 5), NW), Boat("B", (0, 4), NW), Boat("C", (-2, 6), E)))
    assert [(c.coverer, c.covered, c.token) for c in covers(pos)] == [("A", "B", None)]


def test_the_cone_reaches_cover_depth_intersections() -> None:
    # Interpretations: 1 to cover_depth king moves within 45 degrees of dead downwind
    boats = (Boat("A", (0, 5), NW), Boat("B", (1, 3), NW))
    assert covers(Position(N, boats)) == []
    deep = Position(N, boats, options=Options(shadow="cone", cover_depth=2))
    assert [(c.coverer, c.covered, c.token) for c in covers(deep)] == [("A", "B", (-1, 5))]
    shallow = Position(N, boats, options=Options(shadow="cone", cover_depth=1))
    assert covers(shallow) == []


# --- penalties (RTW 3.4) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("other", "ok"),
    [
        (Mark("m", (2, 0), MarkRole.WINDWARD_MARK), True),
        (Mark("m", (-2, 2), MarkRole.COMMITTEE_BOAT), True),
        (Mark("m", (1, 1), MarkRole.GATE_BUOY), False),
        (Mark("m", (0, -1), MarkRole.COMMITTEE_BOAT), False),
        (Boat("B", (2, 2), N), True),
        (Boat("B", (-1, 0), N), False),
        (Boat("B", (1, -1), S), False),
    ],
)
def test_a_penalty_needs_two_intersections_from_marks_and_boats(other: Mark | Boat,
                                                                 ok: bool) -> None:
    if isinstance(other, Mark):
        pos = Position(N, (Boat("A", (0, 0), NE),), marks=(other,))
    else:
        pos = Position(N, (Boat("A", (0, 0), NE), other))
    answer = penalty_serving(pos, "A")
    assert answer.value is ok
    assert can_serve_penalty(pos, "A") is ok
    assert str(answer.steps[-1].cite) == "RTW 3.4"


# --- rulings and protests (RTW 3.4) -----------------------------------------------------

FIG9 = Position(N, (Boat("A", (0, 0), NE), Boat("B", (2, 0), NW)))


def test_an_infringement_is_penalised_without_a_protest_by_default() -> None:
    ruling = adjudicate(FIG9, Move("A", ("A",)))
    assert ruling.legal and ruling.penalty == "A" and ruling.verdict is None
    assert ruling.infringed == {"B"}
    assert not ruling.exonerated
    (inf,) = ruling.infringements
    assert (inf.by, inf.against, inf.at, inf.basis) == ("A", "B", (1, 1), "starboard")


def test_with_penalty_requires_protest_an_unprotested_infringement_costs_nothing() -> None:
    pos = Position(N, FIG9.boats, options=Options(penalty_requires_protest=True))
    ruling = adjudicate(pos, Move("A", ("A",)))
    assert ruling.infringed == {"B"} and ruling.penalty is None
    upheld = adjudicate(pos, Move("A", ("A",)), Protest("B", "A"))
    assert (upheld.verdict, upheld.penalty) == ("upheld", "A")


def test_protests_are_upheld_only_against_the_mover_by_a_boat_it_infringed() -> None:
    upheld = adjudicate(FIG9, Move("A", ("A",)), Protest("B", "A"))
    assert (upheld.verdict, upheld.penalty) == ("upheld", "A")
    wrong_boat = adjudicate(FIG9, Move("A", ("A",)), Protest("A", "B"))
    assert (wrong_boat.verdict, wrong_boat.penalty) == ("dismissed", None)
    safe = adjudicate(FIG9, Move("A", ("R45",)), Protest("B", "A"))
    assert (safe.verdict, safe.penalty) == ("dismissed", None)
    assert safe.infringements == ()
    with pytest.raises(KeyError, match=r"protest\.by: no boat 'Z'"):
        adjudicate(FIG9, Move("A", ("A",)), Protest("Z", "A"))
    with pytest.raises(ValueError, match=r"protest\.against: no boat 'Z'"):
        adjudicate(FIG9, Move("A", ("A",)), Protest("B", "Z"))


def test_an_illegal_move_is_not_adjudicated_and_its_protest_not_heard() -> None:
    ruling = adjudicate(FIG9, Move("A", ("L45",)), Protest("B", "A"))
    assert not ruling.legal
    assert (ruling.penalty, ruling.verdict, ruling.after, ruling.infringements) == (
        None, None, None, ())
    assert ruling.before == FIG9


def test_a_lull_exonerates_the_boat_it_stops() -> None:
    # RTW 3.4: a boat forced into a lull cannot incur a penalty
    pos = Position(N, FIG9.boats, yellow=frozenset({(1, 1)}))
    ruling = adjudicate(pos, Move("A", ("A",)), Protest("B", "A"))
    assert ruling.exonerated and ruling.infringed == {"B"}
    assert (ruling.penalty, ruling.verdict) == (None, "dismissed")
    assert all(i.exonerated for i in ruling.infringements)
    assert adjudicate(pos, Move("A", ("A",))).penalty is None
    # held by the lull, standing still infringes nothing
    held = apply(pos, Move("A", ("A",)))
    still = adjudicate(held, Move("A", ()), Protest("B", "A"))
    assert still.infringements == () and still.penalty is None


def test_only_a_boat_with_right_of_way_that_claims_the_end_point_is_owed() -> None:
    # A (port) moves to (1, 1); B (starboard, NW from (4, 0)) claims (3, 1), not (1, 1):
    # nothing is owed to B (figure 10: only where the move ends counts)
    pos = Position(N, (Boat("A", (0, 0), NE), Boat("B", (4, 0), NW)))
    assert adjudicate(pos, Move("A", ("A",))).infringements == ()
    # after the move A stands on (1, 1) and B still claims only (3, 1): no penalty
    ruling = adjudicate(pos, Move("A", ("A",)))
    assert ruling.penalty is None and ruling.after is not None
    assert ruling.after.boat("A").at == (1, 1)


def test_right_of_way_explains_itself_with_its_sections() -> None:
    # every ruling explained with the sections it rests on: the tacks are a definition,
    # the rule is RTW 3.4, and the conclusion names both boats
    row = right_of_way(FIG9, "A", "B")
    assert [(s.kind, str(s.cite)) for s in row.steps] == [
        ("fact", "RTW Definitions"), ("rule", "RTW 3.4"), ("conclusion", "RTW 3.4")]
    assert "B" in row.steps[-1].text and "A" in row.steps[-1].text
    zone = Position(N, (Boat("A", (1, 9), NW), Boat("B", (2, 8), NW)), marks=(W_MARK,))
    steps = right_of_way(zone, "A", "B").steps
    assert steps[-1].kind == "conclusion" and str(steps[-1].cite) == "RTW 3.6"
    assert [str(s.cite) for s in steps[:-1]] == ["RTW 3.6"] * (len(steps) - 1)


def test_apply_names_the_move_and_the_section_it_breaks() -> None:
    move = Move("A", ("L45",))
    with pytest.raises(IllegalMove) as raised:
        apply(FIG9, move)
    assert raised.value.move == move
    assert str(raised.value.cite) == "RTW 2"
    assert "head to wind" in raised.value.reason


def test_engagements_in_a_zone_whichever_boat_is_listed_first() -> None:
    # B in A's wake in the zone: B holds right of way from astern (figure 14)
    ab = Position(N, (Boat("A", (1, 9), NW), Boat("B", (2, 8), NW)), marks=(W_MARK,))
    ba = Position(N, (Boat("B", (2, 8), NW), Boat("A", (1, 9), NW)), marks=(W_MARK,))
    assert engagements(ab) == [("B", "A", "astern")]
    assert engagements(ba) == [("B", "A", "astern")]
    assert engagements(ab, claims(ab)) == [("B", "A", "astern")]


def test_the_engagement_graph_carries_the_lull_and_the_ruleset() -> None:
    pos = Position(N, (Boat("A", (0, 0), NE, lull=True), Boat("B", (2, 0), NW)))
    graph = engagement_graph(pos)
    assert graph.nodes["A"]["lull"] is True and graph.nodes["B"]["lull"] is False
    assert graph.nodes["A"]["claims"] == []  # a boat that must stand still claims nothing
    assert graph.graph["ruleset"] == "race-the-wind"


# --- the course and the set-up (RTW 1, 3.1, 3.2, 3.8) -------------------------------------

@pytest.mark.parametrize(
    ("kwargs", "cite", "fragment"),
    [
        # RTW 1: at least one intersection of line between buoy and committee boat
        ({"committee_boat": (1, 0)}, "RTW 1", "East of the gate buoy"),
        ({"committee_boat": (-3, 0)}, "RTW 1", "East of the gate buoy"),
        ({"windward": (2, 0)}, "RTW 1", "North of the gate"),
        # RTW 1: the line runs between the buoy and the committee boat, on one row
        ({"committee_boat": (2, 1)}, "RTW 1", "on one row"),
        ({"laps": 0}, "RTW 1", "at least one lap"),
        ({"flags": (0,)}, "RTW 1", "wind-change flag on row 0"),
        ({"flags": (10,)}, "RTW 1", "wind-change flag on row 10"),
        ({"layout": "square"}, "RTW 3.8", "layout must be one of"),
        # RTW 3.8: the second buoy and its layout go together
        ({"extra": (5, 10)}, "RTW 3.8", "second buoy"),
        ({"layout": "windward-gate"}, "RTW 3.8", "second buoy, extra"),
        ({"layout": "triangle"}, "RTW 3.8", "second buoy, extra"),
        ({"layout": "windward-gate", "extra": (3, 10)}, "RTW 3.8", "figure 15-a"),
        ({"layout": "windward-gate", "extra": (4, 9)}, "RTW 3.8", "figure 15-a"),
        ({"layout": "triangle", "extra": (3, 9)}, "RTW 3.8", "figure 15-b"),
        ({"layout": "triangle", "extra": (5, 9)}, "RTW 3.8", "figure 15-b"),
        ({"layout": "triangle", "extra": (12, 0)}, "RTW 3.8", "figure 15-b"),
    ],
)
def test_a_course_the_rules_refuse(kwargs: dict[str, object], cite: str, fragment: str) -> None:
    base: dict[str, object] = {"gate_buoy": (0, 0), "committee_boat": (2, 0),
                               "windward": (2, 10)}
    with pytest.raises(SetupError, match=fragment) as raised:
        Course(**{**base, **kwargs})  # type: ignore[arg-type]
    assert str(raised.value.cite) == cite


def test_the_smallest_courses_the_rules_allow() -> None:
    # one intersection of line, one lap, flags on the rows between, second buoys at two
    course = Course((0, 0), (2, 0), (2, 10), flags=(1, 9), laps=1)
    assert course.line == ((1, 0),)
    assert course.legs == 2
    assert Course((0, 0), (2, 0), (2, 10), layout="windward-gate", extra=(4, 10)).legs == 6
    assert Course((0, 0), (2, 0), (2, 10), layout="windward-gate", extra=(0, 10)).legs == 6
    assert Course((0, 0), (2, 0), (2, 10), layout="triangle", extra=(4, 8)).legs == 9
    assert Course((0, 0), (2, 0), (2, 10), layout="triangle", extra=(11, 1)).legs == 9


def test_the_line_lies_strictly_between_the_gate_marks() -> None:
    course = Course((3, 5), (7, 5), (5, 20))
    assert course.line == ((4, 5), (5, 5), (6, 5))
    assert [course.on_line(p) for p in [(3, 5), (4, 5), (6, 5), (7, 5), (5, 6), (5, 4)]] == [
        False, True, True, False, False, False]


def test_legs_and_the_marks_they_round() -> None:
    # RTW 1: three laps up and down; RTW 3.8: the windward gate and the triangle
    stick = Course((0, 0), (4, 0), (2, 12))
    assert [stick.leg_kind(leg) for leg in range(0, 7)] == [
        "start", "upwind", "downwind", "upwind", "downwind", "upwind", "final"]
    assert [stick.rounding(leg) for leg in (0, 1, 2, 6, 7)] == [
        "start", "windward", "gate-buoy", "finish", "finish"]
    assert [m.id for m in stick.marks()] == ["windward", "gate-buoy", "committee-boat"]
    gate = Course((0, 0), (4, 0), (2, 12), layout="windward-gate", extra=(6, 12), laps=2)
    assert gate.rounding(1) == ("windward", "windward-2") and gate.rounding(3) == (
        "windward", "windward-2")
    assert gate.legs == 4 and [m.id for m in gate.marks()][-1] == "windward-2"
    tri = Course((0, 0), (4, 0), (2, 12), layout="triangle", extra=(5, 9), laps=2)
    assert [tri.leg_kind(leg) for leg in range(0, 7)] == [
        "start", "upwind", "reach", "downwind", "upwind", "reach", "final"]
    assert [tri.rounding(leg) for leg in range(1, 7)] == [
        "windward", "reach", "gate-buoy", "windward", "reach", "finish"]
    assert tri.marks()[-1].id == "reach" and tri.marks()[-1].at == (5, 9)


def test_with_two_boats_each_takes_its_half_of_the_racing_area() -> None:
    # RTW 3.1: the holder right (East of the gate's middle), the challenger left (West)
    course = Course((1, 5), (5, 5), (3, 25))
    holder = course.start_places(2, "holder", reach=2)
    assert set(holder) == {(x, y) for x in range(4, 8) for y in range(3, 8)} - {(5, 5)}
    challenger = course.start_places(2, "challenger", reach=2)
    assert set(challenger) == {(x, y) for x in range(-1, 3) for y in range(3, 8)} - {(1, 5)}
    assert [p[1] for p in holder[:3]] == [5, 5, 5]  # nearest the line first
    with pytest.raises(ValueError, match="role"):
        course.start_places(2)
    check_placement(course, [Boat("H", (4, 9), NE), Boat("C", (2, -9), NW)])
    for bad in ([Boat("H", (3, 9), NE), Boat("C", (2, -9), NW)],
                [Boat("H", (4, 9), NE), Boat("C", (3, -9), NW)]):
        with pytest.raises(SetupError) as raised:
            check_placement(course, bad)
        assert str(raised.value.cite) == "RTW 3.1"


def test_with_more_boats_only_the_places_of_rtw_3_1() -> None:
    # above the line 3 from a gate mark, below or level with it 8, never between the marks
    course = Course((0, 0), (4, 0), (2, 20))
    places = set(course.start_places(3))
    assert {(-3, 1), (7, 3), (-8, 0), (12, 0), (-1, -8), (12, -8), (-3, 3)} <= places
    assert not places & {(-3, 0), (-7, 0), (2, 3), (0, -8), (-2, 1), (4, -8), (-9, 0)}
    check_placement(course, [Boat("A", (-3, 1), NE), Boat("B", (7, 3), NW),
                             Boat("C", (-8, 0), NE), Boat("D", (12, 0), NW)])
    for spot in [(-3, 0), (-7, 0), (2, 3), (0, -8), (4, -8), (0, 0)]:
        with pytest.raises(SetupError) as raised:
            check_placement(course, [Boat("A", (-3, 1), NE), Boat("B", (7, 3), NW),
                                     Boat("C", spot, NE)])
        assert str(raised.value.cite) == "RTW 3.1"


def test_token_limits_around_marks_and_on_the_line() -> None:
    # RTW 3.2: at most 10 tokens in a mark's 25 intersections, at most half the line
    course = Course((0, 0), (5, 0), (2, 20))  # a line of four points
    ten = frozenset((x, y) for x in (-2, -1) for y in range(-2, 3))
    check_tokens(course, ten, frozenset())
    check_tokens(course, frozenset({(1, 0)}), frozenset({(2, 0)}))  # half the line
    for yellow, blue in [(ten | {(2, 2)}, frozenset()), (ten, frozenset({(1, -2)})),
                         (frozenset({(1, 0), (2, 0)}), frozenset({(3, 0)})),
                         (frozenset({(2, 20)}), frozenset()),
                         (frozenset({(9, 9)}), frozenset({(9, 9)}))]:
        with pytest.raises(SetupError) as raised:
            check_tokens(course, yellow, blue)
        assert str(raised.value.cite) == "RTW 3.2"


# --- the windward gate (RTW 3.8, figure 15-a) ----------------------------------------------

GATE = Course((0, 0), (4, 0), (0, 20), layout="windward-gate", extra=(8, 20), flags=())


def beating(boat: Boat) -> Race:
    """One boat on its first beat, taken up after the start."""
    return Race.new([boat], GATE, check_setup=False, states={boat.id: {"leg": 1, "moves": 10}})


def sail(race: Race, *moves: tuple[str, ...]) -> tuple[Race, list[str]]:
    kinds: list[str] = []
    for actions_ in moves:
        race, events = race.play(Move("A", actions_))  # type: ignore[arg-type]
        kinds += [e.kind for e in events]
    return race, kinds


def test_passing_between_the_windward_buoys_from_south_to_north_ends_the_beat() -> None:
    race, kinds = sail(beating(Boat("A", (4, 19), NE)), ("A",), ("A",))
    assert "rounded" in kinds and race.state("A").leg == 2


def test_a_boat_that_came_down_and_goes_back_up_through_the_gate_ends_the_beat() -> None:
    # North of the row, down through the gate, then up through it again
    race, kinds = sail(beating(Boat("A", (2, 21), SE)), ("A",), ("A", "L90"), ("A",), ("A",))
    assert kinds.count("rounded") == 1 and race.state("A").leg == 2


@pytest.mark.parametrize(
    ("boat", "moves"),
    [
        (Boat("A", (8, 19), NE), [("A",), ("A",)]),  # outside the gate, East of it
        (Boat("A", (1, 16), NE), [("A",), ("A",)]),  # below the gate
        (Boat("A", (2, 21), SE), [("A",), ("A",)]),  # through it from North to South
        (Boat("A", (9, 22), NE), [("A",), ("A",)]),  # North of it all along
    ],
)
def test_no_other_way_ends_the_beat(boat: Boat, moves: list[tuple[str, ...]]) -> None:
    race, kinds = sail(beating(boat), *moves)
    assert "rounded" not in kinds and race.state("A").leg == 1


def test_a_race_rules_on_a_protest() -> None:
    course = Course((20, -20), (24, -20), (20, 30))
    race = Race.new(list(FIG9.boats), course, check_setup=False,
                    states={"A": {"leg": 1, "moves": 10}, "B": {"leg": 1, "moves": 10}})
    ruling = race.ruling(Move("A", ("A",)), Protest("B", "A"))
    assert ruling is not None and (ruling.verdict, ruling.penalty) == ("upheld", "A")


def test_a_race_saved_as_json_is_plain_json() -> None:
    course = Course((0, 0), (4, 0), (2, 30))
    race = Race.new([Boat("A", (10, 5), NW), Boat("B", (10, 4), NW)], course,
                    check_setup=False, states={"A": {"leg": 1, "moves": 10},
                                               "B": {"leg": 1, "moves": 10}})
    race, _ = race.play(Move("A", ("A",)))  # A to (9, 6)
    race, _ = race.play(Move("B", ("A",)))  # B to (9, 5), dead downwind of A: covered
    data = race.to_json()
    # RTW 3.5: the covered boat lays its token two intersections ahead on its heading
    assert data["boats"]["B"]["cover_token"] == [7, 7]
    assert json.loads(json.dumps(data)) == data
    assert Race.from_json(data).to_json() == data
    with pytest.raises(ValueError, match=r"^boats: every boat on the board"):
        Race.from_json({**data, "boats": {"A": data["boats"]["A"]}})
    with pytest.raises(ValueError, match=r"^course: "):
        Race.from_json({**data, "course": {**data["course"], "windward": [2, -5]}})


# --- whole races (RTW 3.1, 3.3, 3.4) -------------------------------------------------------

OPEN = Course((20, -20), (24, -20), (20, 30), flags=(10,))


def racing(*boats: Boat, penalties: int = 0, **kw: object) -> Race:
    """Boats taken up in the race, far from every mark, after the start procedure."""
    return Race.new(list(boats), OPEN, check_setup=False,
                    states={b.id: {"leg": 1, "moves": 10, "penalties": penalties}
                            for b in boats}, **kw)  # type: ignore[arg-type]


def test_a_race_stops_after_max_turns_moves() -> None:
    race = racing(Boat("A", (0, 0), NW), options=RaceOptions(max_turns=2))
    race, _ = race.play(Move("A", ("A",)))
    assert not race.is_over() and race.to_move == "A"
    race, _ = race.play(Move("A", ("A",)))
    assert race.is_over() and race.to_move is None


def test_a_penalty_is_four_turns_the_same_way_each_a_move() -> None:
    # RTW 3.4: a full 360-degree turn in four moves (Interpretations: one way, one per move)
    race = racing(Boat("A", (0, 0), NW), penalties=1)
    assert {m for m in race.legal_moves("A") if isinstance(m, PenaltyTurn)} == {
        PenaltyTurn("A", "R90"), PenaltyTurn("A", "L90")}
    race, _ = race.play(PenaltyTurn("A", "L90"))
    assert race.state("A").moves == 11 and race.position.boat("A").heading is SW
    assert [m for m in race.legal_moves("A") if isinstance(m, PenaltyTurn)] == [
        PenaltyTurn("A", "L90")]
    with pytest.raises(IllegalMove) as raised:
        race.play(PenaltyTurn("A", "R90"))
    assert str(raised.value.cite) == "RTW 3.4"
    for _ in range(3):
        race, events = race.play(PenaltyTurn("A", "L90"))
    assert race.state("A").penalties == 0 and race.state("A").moves == 14
    assert [e.kind for e in events] == ["penalty-turn", "penalty-served"]
    with pytest.raises(IllegalMove) as raised:
        race.play(PenaltyTurn("A", "L90"))  # it owes none now
    assert str(raised.value.cite) == "RTW 3.4"


def test_breaking_off_penalty_turns_is_an_event() -> None:
    race = racing(Boat("A", (0, 0), NW), penalties=1)
    race, _ = race.play(PenaltyTurn("A", "R90"))
    race, events = race.play(Move("A", ("A",)))  # NW turned R90: close-hauled NE, advances
    broke = [e for e in events if e.kind == "penalty-interrupted"]
    assert len(broke) == 1 and str(broke[0].cite) == "RTW 3.4" and "A" in broke[0].text
    assert race.state("A").serving == 0 and race.state("A").penalties == 1


def test_each_unprotested_infringement_adds_a_penalty() -> None:
    # Interpretations: by default an infringement nobody protested costs one penalty more
    race = racing(*FIG9.boats, penalties=1, options=RaceOptions(auto_protest=False))
    race, events = race.play(Move("A", ("A",)))
    assert race.state("A").penalties == 2
    assert [e.kind for e in events if e.kind in ("penalty", "protest")] == ["penalty"]


def test_a_dismissed_protest_cites_rtw_3_4() -> None:
    race = racing(*FIG9.boats)
    race, events = race.play(Move("A", ("R45",)), protests=("B",))
    (protest,) = [e for e in events if e.kind == "protest"]
    assert dict(protest.data)["verdict"] == "dismissed" and str(protest.cite) == "RTW 3.4"
    assert race.state("A").penalties == 0


def test_safe_moves_leave_out_the_moves_that_infringe() -> None:
    race = racing(*FIG9.boats)
    safe = {m.actions for m in race.safe_moves("A") if isinstance(m, Move)}
    assert ("A",) not in safe  # onto the point B claims with right of way (figure 9)
    assert ("R45",) in safe and ("L90",) in safe


def test_a_move_out_of_turn_or_illegal_names_the_move_and_section() -> None:
    race = racing(*FIG9.boats)
    with pytest.raises(IllegalMove) as raised:
        race.play(Move("B", ("A",)))
    assert raised.value.move == Move("B", ("A",)) and str(raised.value.cite) == "RTW 2"
    with pytest.raises(IllegalMove) as raised:
        race.play(Move("A", ("L45",)))
    assert raised.value.move == Move("A", ("L45",)) and str(raised.value.cite) == "RTW 2"


def test_over_a_start_fault_the_other_boats_protest_when_a_protest_is_needed() -> None:
    # Interpretations: with penalty_requires_protest, every other boat protests a start
    # fault by default (auto_protest); touching the line in move 6 is a fault (RTW 3.1)
    course = Course((0, 0), (6, 0), (3, 20))
    race = Race.new([Boat("A", (2, -1), NE), Boat("B", (12, -12), NW)], course,
                    check_setup=False, states={"A": {"moves": 5}, "B": {"moves": 5}},
                    rules_options=Options(penalty_requires_protest=True))
    race, events = race.play(Move("A", ("A",)))  # its sixth move, onto the line at (3, 0)
    faults = [e for e in events if e.kind == "start-fault"]
    assert len(faults) == 1 and dict(faults[0].data) == {"penalised": True}
    assert race.state("A").penalties == 1
    assert [e.boat for e in events if e.kind == "protest"] == ["B"]


def test_crossing_the_line_in_the_seventh_move_does_not_start_the_race() -> None:
    # RTW 3.1: the race starts with the eighth move
    course = Course((0, 0), (6, 0), (3, 20))
    race = Race.new([Boat("A", (2, -1), NE)], course, check_setup=False,
                    states={"A": {"moves": 5}})
    race, _ = race.play(Move("A", ("A",)))  # sixth: onto the line
    race, events = race.play(Move("A", ("A",)))  # seventh: off it to the North
    assert "started" not in [e.kind for e in events] and race.state("A").leg == 0


def test_the_leader_s_flag_shift_counts_and_a_windward_gate_rounding_resets_an_east_wind() -> None:
    # RTW 3.3: the die is rolled at the flag; the first boat to round the windward mark
    # with the wind in the East returns it to the North (the windward gate is rounded by
    # passing between its buoys, RTW 3.8)
    race = racing(Boat("A", (0, 9), NW))
    race, events = race.play(Move("A", ("A",)), rolls=(Compass.E,))
    assert race.shifts == 1 and race.position.wind is Compass.E
    gate = Race.new([Boat("A", (4, 19), NE)], GATE, check_setup=False, wind=Compass.E,
                    states={"A": {"leg": 1, "moves": 10}})
    gate, _ = gate.play(Move("A", ("A",)))
    gate, events = gate.play(Move("A", ("A",)))
    rounded = [e for e in events if e.kind == "rounded"]
    assert [dict(e.data) for e in rounded] == [{"mark": "windward", "leg": 2}]
    assert gate.position.wind is Compass.N


def test_coming_down_the_east_side_is_no_clockwise_rounding() -> None:
    # Interpretations: rounded once it crossed the mark's column North of it West to East,
    # then its row East of it North to South; coming down the East side is neither
    course = Course((0, 0), (6, 0), (3, 20))
    race = Race.new([Boat("A", (5, 23), S)], course, check_setup=False,
                    states={"A": {"leg": 1, "moves": 10}})
    for _ in range(5):
        race, events = race.play(Move("A", ("A",)))
        assert "rounded" not in [e.kind for e in events]
    assert race.position.boat("A").at == (5, 18) and race.state("A").leg == 1


def test_unknown_race_state_keys_are_named() -> None:
    with pytest.raises(SetupError, match="unknown key 'bogus'"):
        Race.new([Boat("A", (0, 0), NW)], OPEN, check_setup=False,
                 states={"A": {"bogus": 1}})


def test_a_saved_race_names_the_field_at_fault() -> None:
    data = racing(Boat("A", (0, 0), NW)).to_json()
    with pytest.raises(ValueError, match=r"^race: "):
        Race.from_json([1, 2])
    with pytest.raises(ValueError, match=r"^course\.laps: "):
        Race.from_json({**data, "course": {**data["course"], "laps": "many"}})


def test_the_inside_boat_that_manoeuvres_while_engaged_from_astern_infringes() -> None:
    # RTW 3.6, figure 14: inside in the zone and engaged from astern, A may not manoeuvre;
    # it could advance (the mark is not in its way), so tacking infringes, although after
    # the tack B is abeam of A and no longer astern (Interpretations: a manoeuvre made while
    # so engaged infringes even when the move ends where that boat holds no right of way)
    mark = Mark("w", (0, 11), MarkRole.WINDWARD_MARK)
    far = Boat("C", (20, 0), NE)  # listed between them, engaged with neither
    pos = Position(N, (Boat("A", (1, 9), NW), far, Boat("B", (2, 8), NW)), marks=(mark,))
    after = apply(pos, Move("A", ("R90",)))
    assert right_of_way(after, "A", "B").basis == "inside"
    ruling = adjudicate(pos, Move("A", ("R90",)))
    assert [(i.by, i.against, i.at, i.basis) for i in ruling.infringements] == [
        ("A", "B", (1, 9), "astern")]
    assert ruling.penalty == "A"


def test_every_boat_owed_right_of_way_is_found_whatever_the_listing_order() -> None:
    # figure 9 with a third boat, far away, listed between A and B
    pos = Position(N, (Boat("A", (0, 0), NE), Boat("C", (20, 0), NE), Boat("B", (2, 0), NW)))
    ruling = adjudicate(pos, Move("A", ("A",)))
    assert ruling.infringed == {"B"} and ruling.penalty == "A"


@pytest.mark.parametrize(
    ("a", "b", "holder"),
    [
        # B is 1 from m2, A is sqrt(8) from m1: m2 governs, and B is nearer it
        (Boat("A", (2, 8), W), Boat("B", (9, 10), E), "B"),
        # A is 2 from m1, B is sqrt(5) from m2: m1 governs, and A is nearer it
        (Boat("A", (2, 10), W), Boat("B", (9, 12), E), "A"),
    ],
)
def test_the_nearest_of_two_zones_decides_which_boat_is_inside(a: Boat, b: Boat,
                                                               holder: str) -> None:
    # Interpretations: several zones, the mark nearest either boat (Euclidean) governs
    marks = (Mark("m1", (0, 10), MarkRole.WINDWARD_MARK), Mark("m2", (10, 10),
                                                             MarkRole.EXTRA_MARK))
    row = right_of_way(Position(N, (a, b), marks=marks), "A", "B")
    assert (row.holder, row.basis) == (holder, "inside")


def test_set_up_errors_name_the_boat_and_the_intersection() -> None:
    course = Course((0, 0), (4, 0), (2, 20))
    with pytest.raises(SetupError, match="boat C stands on a mark"):
        check_placement(course, [Boat("A", (-3, 1), NE), Boat("B", (7, 3), NW),
                                 Boat("C", (4, 0), NE)])
    with pytest.raises(SetupError, match=r"\[5, 5\] holds both a yellow and a blue token"):
        check_tokens(course, frozenset({(1, 1), (5, 5)}), frozenset({(5, 5), (9, 9)}))


def test_an_unprotested_start_fault_is_recorded_as_not_penalised() -> None:
    # RTW 3.1: "the opponent may ask for a penalty"; with protests required and nobody
    # protesting, the fault costs nothing
    course = Course((0, 0), (6, 0), (3, 20))
    race = Race.new([Boat("A", (2, -1), NE), Boat("B", (12, -12), NW)], course,
                    check_setup=False, states={"A": {"moves": 5}, "B": {"moves": 5}},
                    options=RaceOptions(auto_protest=False),
                    rules_options=Options(penalty_requires_protest=True))
    race, events = race.play(Move("A", ("A",)))
    faults = [e for e in events if e.kind == "start-fault"]
    assert [dict(e.data) for e in faults] == [{"penalised": False}]
    assert race.state("A").penalties == 0


def test_the_lull_event_says_the_boat_stands_still_only_when_it_will() -> None:
    # option yellow_skips_next_turn: when false the lull stops the boat for this move only
    for skips in (True, False):
        race = Race.new([Boat("A", (0, 0), NW)], OPEN, check_setup=False,
                        yellow=frozenset({(-1, 1)}), states={"A": {"leg": 1, "moves": 10}},
                        rules_options=Options(yellow_skips_next_turn=skips))
        race, events = race.play(Move("A", ("A",)))
        (lull,) = [e for e in events if e.kind == "lull"]
        assert ("stands still" in lull.text) is skips
        assert race.position.boat("A").lull is skips


def test_no_move_is_played_once_the_race_is_over() -> None:
    # RTW 3.7 ends the race at the finish; a race stopped after max_turns is over as well,
    # and a move after that is refused, citing the finish.
    race = racing(Boat("A", (0, 0), NW), options=RaceOptions(max_turns=1))
    race, _ = race.play(Move("A", ("A",)))
    assert race.is_over()
    with pytest.raises(IllegalMove, match="the race is over") as raised:
        race.play(Move("A", ("A",)))
    assert str(raised.value.cite) == "RTW 3.7"


def test_an_unprotested_penalty_names_the_boat_infringed() -> None:
    # Figure 9: A (port, NE) advancing infringes against B (starboard); the penalty event
    # names B for programs as well as for people.
    race = racing(*FIG9.boats, options=RaceOptions(auto_protest=False))
    _, events = race.play(Move("A", ("A",)))
    (pen,) = [e for e in events if e.kind == "penalty"]
    assert pen.boat == "A" and dict(pen.data) == {"against": "B"}


def test_a_protest_that_is_not_a_protest_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"^protest: expected a Protest"):
        adjudicate(FIG9, Move("A", ("A",)), "B")  # type: ignore[arg-type]


def test_the_engagement_graph_gives_each_boat_her_place_in_the_turn_order() -> None:
    # the turn order lists the boats as they move (0 moves first), not as they are listed
    pos = Position(N, (Boat("A", (0, 0), NE), Boat("B", (2, 0), NW)), turn_order=("B", "A"))
    graph = engagement_graph(pos)
    assert graph.nodes["B"]["turn"] == 0 and graph.nodes["A"]["turn"] == 1


def test_the_ruling_of_an_illegal_move_names_the_move() -> None:
    # A, head to wind in figure 9, may not turn 45 degrees further (RTW 2): illegal, and the
    # ruling is still about that move, with no position after it
    move = Move("A", ("L45",))
    r = adjudicate(FIG9, move)
    assert not r.legal and r.move == move and r.after is None



def test_a_broad_reach_that_rides_a_chain_of_gusts_straight_on_may_not_manoeuvre() -> None:
    # RTW 3.2: a gust ending on a new blue token gives another movement; a broad reach that
    # takes its gusts straight on has given up its manoeuvre, however many it took
    pos = one(Boat("A", (0, 0), SE), blue=frozenset({(1, -1), (2, -2)}))
    assert ("A", "A", "A") in actions(pos, "A")
    for move in (("A", "A", "R45"), ("A", "A", "A", "R45"), ("A", "A", "A", "L90")):
        verdict = legality(pos, Move("A", move))
        assert not verdict.legal
        assert str(verdict.steps[-1].cite) == "RTW 3.2", move


def test_a_protest_upheld_for_an_infringement_cites_rtw_3_4_even_over_a_start_fault() -> None:
    # A (port, close-hauled NE) sails its sixth move onto the line at (3, 0): a start fault
    # (RTW 3.1). B, on starboard (NW) at (4, -1), claims (3, 0) with right of way, so the
    # same move infringes against B (RTW 3.4). B's protest is upheld for the infringement:
    # it is a protest under RTW 3.4, whatever the start fault adds.
    course = Course((0, 0), (6, 0), (3, 20))
    race = Race.new([Boat("A", (2, -1), NE), Boat("B", (4, -1), NW)], course,
                    check_setup=False, states={"A": {"moves": 5}, "B": {"moves": 5}})
    race, events = race.play(Move("A", ("A",)), protests=("B",))
    assert [e.kind for e in events if e.kind == "start-fault"] == ["start-fault"]
    protest = [e for e in events if e.kind == "protest"]
    assert len(protest) == 1 and dict(protest[0].data)["verdict"] == "upheld"
    assert str(protest[0].cite) == "RTW 3.4"


# --- the rewritten claims and rules: the survivors of their mutation sample ---------------

# conventions, Geometry: the unit step of each bearing
STEPS = {0: (0, 1), 45: (1, 1), 90: (1, 0), 135: (1, -1), 180: (0, -1), 225: (-1, -1),
         270: (-1, 0), 315: (-1, 1)}


def test_each_heading_s_claims_row_holds_its_point_of_sail_and_the_turns_that_move_on() -> None:
    # RTW 2, 3.2. The claims walk one row per heading, wind and phase, built when the
    # engine loads, so the builder is called here. A row gives the angle off the wind
    # (conventions: 0 head to wind ... 180 run), the heading and its step, and for a beam
    # or broad reach the manoeuvres a movement may follow, each with its new heading and
    # step: a beam reach's manoeuvre + movement (RTW 2), never head to wind, where a boat
    # cannot advance, not even at the start; a broad reach's manoeuvre after its gust
    # (RTW 3.2), none of which can end head to wind.
    for w in Compass:
        for h in Compass:
            r = (w.value - h.value) % 360
            angle = min(r, 360 - r)
            for start in (False, True):
                row = moves._row(h.value, w.value, start)
                assert row[:4] == (angle, h.value, *STEPS[h.value]), (h, w, start)
                if angle in (90, 135):
                    turned = {(h.value + d) % 360 for d in (45, 90, -45, -90)} - {w.value}
                    assert sorted(row[4]) == sorted((t, *STEPS[t]) for t in turned)
                assert moves._ROWS[w.value, start][h.value] == row
    # a North wind: heading E is a beam reach; L90 would leave it head to wind
    assert sorted(moves._row(E.value, N.value, True)[4]) == [
        (45, 1, 1), (135, 1, -1), (180, 0, -1)]
    # heading SE is a broad reach: all four manoeuvres may carry on through a gust
    assert sorted(moves._row(SE.value, N.value, False)[4]) == [
        (45, 1, 1), (90, 1, 0), (180, 0, -1), (225, -1, -1)]


def test_a_tack_is_named_in_explanations_and_a_boat_head_to_wind_has_none() -> None:
    # conventions, Geometry: a boat head to wind has no tack. The names explanations give
    # the tacks are looked up in a table built when the rules load, so the builder is
    # called here.
    assert rules._on_tack(Tack.STARBOARD) == "on starboard tack"
    assert rules._on_tack(Tack.PORT) == "on port tack"
    assert "head to wind" in rules._on_tack(Tack.NONE)
    assert "head to wind" not in rules._on_tack(Tack.STARBOARD)
    assert {t: rules._on_tack(t) for t in Tack} == rules._ON_TACK


def test_equally_near_the_mark_the_explanation_says_the_engagement_rules_decide() -> None:
    # RTW 3.6 and the conventions: in the zone the boat nearer the mark holds right of way;
    # at equal distance the inside position does not decide and the list of RTW 3.4 does.
    # A (1, 9) and B (-1, 9) are both sqrt(2) from the mark at (0, 10), on beam reaches
    # towards each other, so both claim (0, 9): A, on starboard, holds right of way.
    pos = Position(N, (Boat("A", (1, 9), W), Boat("B", (-1, 9), E)), marks=(W_MARK,))
    row = right_of_way(pos, "A", "B")
    assert (row.holder, row.basis) == ("A", "starboard")
    for steps in (row.steps, engagement_graph(pos).edges["B", "A"]["steps"]):
        (tie,) = [s for s in steps if "equally near" in s.text]
        assert tie.kind == "rule" and str(tie.cite) == "RTW 3.6"
        assert "A" in tie.text and "B" in tie.text and "w" in tie.text
        assert "does not decide" in tie.text and "engagement rules" in tie.text


def test_the_ruling_of_an_illegal_move_is_race_the_wind_s() -> None:
    # a ruling names the ruleset that made it, legal move or not (figure 9: A close-hauled
    # may not turn head to wind during the race, RTW 2)
    illegal = adjudicate(FIG9, Move("A", ("L45",)))
    assert not illegal.legal and illegal.ruleset == "race-the-wind"
    assert adjudicate(FIG9, Move("A", ("A",))).ruleset == "race-the-wind"


def test_the_engagement_graph_gives_each_boat_its_depth_downwind() -> None:
    # conventions: depth(p) = p . d, d the unit step the wind blows towards; the larger
    # depth is to leeward. A North wind blows towards S, d = (0, -1); an East wind towards
    # W, d = (-1, 0).
    north = Position(N, (Boat("A", (0, 0), NE), Boat("B", (2, -3), NW)))
    graph = engagement_graph(north)
    assert graph.nodes["A"]["depth"] == 0 and graph.nodes["B"]["depth"] == 3
    east = Position(E, (Boat("A", (3, 1), N), Boat("B", (-2, 4), S)))
    graph = engagement_graph(east)
    assert graph.nodes["A"]["depth"] == -3 and graph.nodes["B"]["depth"] == 2


def test_a_boat_too_close_to_serve_its_penalty_is_told_what_is_too_close() -> None:
    # RTW 3.4: the penalty turn needs two intersections from every mark and every other
    # boat; the answer names the boat and what stands within one intersection of it
    pos = Position(N, (Boat("A", (0, 0), NE), Boat("B", (-1, 1), N)),
                   marks=(Mark("gate", (1, -1), MarkRole.GATE_BUOY),))
    answer = penalty_serving(pos, "A")
    assert not answer.value
    assert "A" in answer.reason and "gate" in answer.reason and "B" in answer.reason
    assert answer.steps[-1].text == answer.reason and str(answer.steps[-1].cite) == "RTW 3.4"


# --- mutation sample seed 12 ------------------------------------------------------------------


def test_a_boat_astern_that_is_nearer_the_mark_does_not_hide_another_astern() -> None:
    # RTW 3.6, judged pair by pair. A (beam reach E) at (0, 8) is in the zone of w (-2, 10).
    # B (E, at (-1, 8)) and C (NE, at (-1, 7)) both have A on their straight-ahead advance
    # and both are abaft its beam: (B - A) . (1, 0) = -1, (C - A) . (1, 0) = -1. B is nearer
    # the mark than A (5 against 8, squared), so A is not inside of B; A is nearer than C
    # (8 against 10), so A is inside and engaged from astern by C: it may not manoeuvre. It
    # could have advanced, so its luff infringes against C (and only C), B listed first.
    # It ends on (1, 9), which neither claims.
    mark = Mark("w", (-2, 10), MarkRole.WINDWARD_MARK)
    pos = Position(N, (Boat("A", (0, 8), E), Boat("B", (-1, 8), E), Boat("C", (-1, 7), NE)),
                   marks=(mark,))
    ruling = adjudicate(pos, Move("A", ("L45", "A")))
    assert [(i.by, i.against, i.at, i.basis) for i in ruling.infringements] == [
        ("A", "C", (0, 8), "astern")]


def test_a_boat_the_mover_holds_right_of_way_over_does_not_hide_one_it_infringes() -> None:
    # Figure 9 with C listed between A and B: A (port, NE) advances onto (1, 1), which B
    # (starboard, NW, at (2, 0)) claims: A infringes against B (RTW 3.4). C (port, NE) at
    # (2, 2) stands on A's advance, so it is engaged with A after the move, but on the
    # same tack A is to leeward of it (conventions: leeward over windward) and owes it
    # nothing.
    pos = Position(N, (Boat("A", (0, 0), NE), Boat("C", (2, 2), NE), Boat("B", (2, 0), NW)))
    ruling = adjudicate(pos, Move("A", ("A",)))
    assert [(i.by, i.against, i.at, i.basis) for i in ruling.infringements] == [
        ("A", "B", (1, 1), "starboard")]


def test_the_leader_on_a_beat_is_the_boat_level_with_the_mark() -> None:
    # Interpretations (wind shifts): the leader is the boat furthest through the legs, then
    # nearest its next mark, then listed first. Both beat to w (3, 20): A at (4, 20) is
    # level with the mark, one intersection from it; B at (5, 19), listed first, is a row
    # below and two intersections away. However the distance is counted, A leads.
    course = Course((0, 0), (6, 0), (3, 20))
    race = Race.new([Boat("B", (5, 19), NE), Boat("A", (4, 20), NE)], course,
                    check_setup=False, states={"A": {"leg": 1, "moves": 10},
                                               "B": {"leg": 1, "moves": 10}})
    assert race.leader() == "A"


def test_after_rounding_the_windward_mark_its_sides_are_unknown_again() -> None:
    # RTW 1: the windward mark is rounded clockwise (Interpretations: over its column North
    # of it West to East, then down its row East of it). The run that follows rounds the
    # gate, which the race tracks by the line's row alone: BoatState says 0 for a side of
    # a mark's column and row "not yet known", so neither is carried over from the beat.
    course = Course((0, 0), (6, 0), (3, 20))
    race = Race.new([Boat("A", (2, 21), E)], course, check_setup=False,
                    states={"A": {"leg": 1, "moves": 10}})
    race, _ = race.play(Move("A", ("A", "A")))  # over the top: (3, 21), (4, 21)
    race, _ = race.play(Move("A", ("R90", "A")))  # bears away to S: (4, 20)
    race, events = race.play(Move("A", ("A",)))  # down across the mark's row: (4, 19)
    assert [dict(e.data) for e in events if e.kind == "rounded"] == [
        {"mark": "windward", "leg": 2}]
    s = race.state("A")
    assert (s.leg, s.column_side, s.mark_row_side, s.over_top) == (2, 0, 0, False)


def test_the_record_holds_the_die_rolled_at_a_flag_and_not_the_return_to_north() -> None:
    # rightofway.rtw.record: each move's line holds the compass die's result when the move
    # shifted the wind (RTW 3.3: the die is rolled at a flag); the wind's return to the
    # North when the leader rounds the windward mark with the wind in the East is no roll.
    race = racing(Boat("A", (0, 9), NW))
    race, _ = race.play(Move("A", ("A",)), rolls=(Compass.E,))
    assert json.loads(list(race.record_lines())[-1])["rolls"] == ["E"]
    gate = Race.new([Boat("A", (4, 19), NE)], GATE, check_setup=False, wind=Compass.E,
                    states={"A": {"leg": 1, "moves": 10}})
    gate, _ = gate.play(Move("A", ("A",)))
    gate, events = gate.play(Move("A", ("A",)))
    assert "wind-shift" in [e.kind for e in events]
    assert json.loads(list(gate.record_lines())[-1])["rolls"] == []


def test_a_penalty_turn_while_a_lull_holds_the_boat_is_refused_citing_the_lull() -> None:
    # RTW 3.2: a boat that met a yellow token stands still for a turn, penalty or not
    race = racing(Boat("A", (0, 0), NW, lull=True), penalties=1)
    move = PenaltyTurn("A", "R90")
    with pytest.raises(IllegalMove) as raised:
        race.play(move)
    assert raised.value.move == move and "lull" in raised.value.reason
    assert str(raised.value.cite) == "RTW 3.2"
