"""Ruling a fleet within an interaction range (``within=``) gives the answers of every pair.

:func:`~rightofway.rrs.keep_clear`, :func:`~rightofway.rrs.relations`,
:func:`~rightofway.rrs.rulings` and :func:`~rightofway.rrs.engagement_graph` take
``within`` (hull lengths between the hulls): only the pairs in range are ruled, found through
a grid of the water instead of the pair loop, and a boat between two others links their
overlap only when she is in range of both. So:

* a range that holds every pair gives the answers of the pair loop (``within=None``);
* each pair in range gets the answer the pair loop gives when the position holds only the
  pair and the boats in range of both (the only boats that can matter to it);
* where that differs from the pair loop's answer over the whole fleet, the explained ruling
  shows why: the two overlap only through a boat out of range of one of them;
* the fast paths and the explained rulings agree within a range as they do over all pairs.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rightofway.errors import InputError
from rightofway.geometry import Tack
from rightofway.plane import TOLERANCE, angle_to_wind, hull_distance
from rightofway.positions import PositionError, check_hulls
from rightofway.rrs import (
    Boat,
    Mark,
    Obstruction,
    Position,
    engagement_graph,
    keep_clear,
    relations,
    ruling,
    rulings,
)
from rightofway.rrs.index import near_pairs

SETTINGS = settings(max_examples=150, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


def _heading(draw: Any) -> float:
    if draw(st.booleans()):
        return float(draw(st.integers(0, 15)) * 22.5)
    return float(draw(st.floats(0, 359.99, allow_nan=False)))


@st.composite
def fleets(draw: Any) -> Position:
    """A fleet spread over more water than a few hull lengths: boats anywhere or on a
    half-length grid, any heading (tacks stated where the wind cannot say), some tacking,
    marks and a rock now and then; no facts and no trail (they name boats, which a smaller
    position of some of the boats may not hold)."""
    n = draw(st.integers(2, 14))
    span = draw(st.sampled_from([3.0, 6.0, 12.0]))
    wind = float(draw(st.integers(0, 7)) * 45) if draw(st.booleans()) else draw(
        st.floats(0, 359.99, allow_nan=False))
    boats = []
    for i in range(n):
        heading = _heading(draw)
        angle = angle_to_wind(heading, wind)
        tack = draw(st.sampled_from([Tack.PORT, Tack.STARBOARD])) \
            if angle <= 1e-6 or angle >= 180 - 1e-6 else None
        if draw(st.booleans()):
            half = int(span * 2)
            at = (draw(st.integers(-half, half)) / 2, draw(st.integers(-half, half)) / 2)
        else:
            coord = st.floats(-span, span, allow_nan=False)
            at = (draw(coord), draw(coord))
        boats.append(Boat(f"B{i}", at, heading, draw(st.integers(0, 9)) == 0, tack))
    marks = tuple(Mark(f"m{k}", (draw(st.floats(-span, span)), draw(st.floats(-span, span))),
                       draw(st.sampled_from(["port", "starboard"])),
                       draw(st.sampled_from([None, "windward", "leeward"])))
                  for k in range(draw(st.integers(0, 2))))
    rocks: tuple[Obstruction, ...] = ()
    if draw(st.integers(0, 3)) == 0:
        rocks = (Obstruction("rock", (draw(st.floats(-span, span)),
                                      draw(st.floats(-span, span))), 0.8),)
    try:
        return Position(wind, tuple(boats), marks, rocks)
    except PositionError:  # hulls touching: no such position
        assume(False)
        raise


def _apart(pos: Position, a: int, b: int) -> float:
    return hull_distance(pos.boats[a].hull, pos.boats[b].hull)


def _in_range(pos: Position, within: float) -> list[tuple[int, int]]:
    """The pairs whose hulls come within ``within`` of each other, in the order of the
    answers, measured pair by pair."""
    n = len(pos.boats)
    return [(i, j) for i in range(n) for j in range(i + 1, n)
            if _apart(pos, i, j) <= within + TOLERANCE]


def _all_pairs(pos: Position) -> list[tuple[int, int]]:
    n = len(pos.boats)
    return [(i, j) for i in range(n) for j in range(i + 1, n)]


def _basis(r: Any) -> str:
    return str(r.steps[-1].cite.section)


def _outcome(fn: Any, *args: Any, **kwargs: Any) -> Any:
    try:
        return fn(*args, **kwargs)
    except PositionError as e:  # a boat whose tack is not known
        return ("error", e.path, e.message)


@SETTINGS
@given(fleets())
def test_a_range_holding_every_pair_gives_the_answers_of_every_pair(pos: Position) -> None:
    far = 1e6
    assert _outcome(keep_clear, pos, within=far) == _outcome(keep_clear, pos)
    assert _outcome(relations, pos, within=far) == _outcome(relations, pos)
    every, ranged = _outcome(rulings, pos), _outcome(rulings, pos, within=far)
    if isinstance(every, tuple):
        assert ranged == every
        return
    assert [(r.a, r.b, r.keep_clear, r.mark_room, r.room, r.rules, r.steps) for r in ranged] \
        == [(r.a, r.b, r.keep_clear, r.mark_room, r.room, r.rules, r.steps) for r in every]


@SETTINGS
@given(fleets(), st.sampled_from([0.0, 0.5, 1.0, 2.0, 3.5, 6.0]))
def test_each_pair_in_range_is_ruled_as_among_the_boats_in_range_of_both(
        pos: Position, within: float) -> None:
    got = _outcome(keep_clear, pos, within=within)
    assume(not isinstance(got, tuple))
    pairs = _in_range(pos, within)
    assert len(got) == len(pairs)
    every = keep_clear(pos)
    order = _all_pairs(pos)
    for (a, b), answer in zip(pairs, got, strict=True):
        ids = {pos.boats[a].id, pos.boats[b].id}
        assert set(answer[:2]) == ids
        # the pair and the boats in range of both, in the fleet's order: the pair loop
        keep = [k for k in range(len(pos.boats)) if k in (a, b) or (
            _apart(pos, a, k) <= within + TOLERANCE and _apart(pos, b, k) <= within + TOLERANCE)]
        small = Position(pos.wind, tuple(pos.boats[k] for k in keep), pos.marks,
                         pos.obstructions)
        mine = [(keep.index(a), keep.index(b))]
        assert keep_clear(small)[_all_pairs(small).index(mine[0])] == answer, (a, b)
        whole = every[order.index((a, b))]
        if whole != answer:
            # the whole fleet links them through a boat out of range of one of them
            via = ruling(pos, pos.boats[a].id, pos.boats[b].id).facts.overlap_via
            assert via is not None, (a, b)
            c = pos.boat_ids.index(via)
            assert max(_apart(pos, a, c), _apart(pos, b, c)) > within + TOLERANCE


@SETTINGS
@given(fleets(), st.sampled_from([1.0, 2.5, 4.0]))
def test_within_a_range_the_fast_paths_are_the_explained_rulings(pos: Position,
                                                                 within: float) -> None:
    full = _outcome(rulings, pos, within=within)
    fast = _outcome(keep_clear, pos, within=within)
    related = _outcome(relations, pos, within=within)
    if isinstance(full, tuple):
        assert fast == related == full
        return
    pairs = _in_range(pos, within)
    assert [(pos.boat_ids.index(r.a), pos.boat_ids.index(r.b)) for r in full] == pairs
    assert fast == [(r.keep_clear, r.right_of_way, _basis(r)) for r in full]
    assert related == [(r.keep_clear, r.right_of_way, _basis(r), r.mark_room, r.room)
                       for r in full]
    graph = engagement_graph(pos, within=within)
    assert list(graph.nodes) == list(pos.boat_ids)
    assert sorted(graph.edges) == sorted((r.keep_clear, r.right_of_way) for r in full)


def test_the_bundled_scenarios_within_a_range() -> None:
    from rightofway.scenarios import bundled_catalogue, find_scenarios, load_scenario

    for f in find_scenarios([bundled_catalogue() / "rrs"]):
        pos = load_scenario(f).position
        every, related = keep_clear(pos), relations(pos)
        assert keep_clear(pos, within=1e6) == every, f
        assert relations(pos, within=1e6) == related, f
        order = _all_pairs(pos)
        for within in (0.5, 2.0, 4.0):
            pairs = _in_range(pos, within)
            fast = keep_clear(pos, within=within)
            assert len(fast) == len(pairs), f
            for (a, b), answer in zip(pairs, fast, strict=True):
                via = ruling(pos, pos.boats[a].id, pos.boats[b].id).facts.overlap_via
                c = None if via is None else pos.boat_ids.index(via)
                if c is None or max(_apart(pos, a, c), _apart(pos, b, c)) <= within + TOLERANCE:
                    assert answer == every[order.index((a, b))], (f, a, b)


def test_a_boat_far_abeam_links_an_overlap_only_over_every_pair() -> None:
    """A is clear astern of B, 2.5 hull lengths away, both on starboard heading North-west
    (wind North). C, on starboard too, runs South 30 hull lengths to the West: no hull is
    behind another's line abeam, so by the hulls she overlaps both, and her middle lies
    level between theirs. Over every pair A and B overlap through her, and rule 11 decides;
    within 5 hull lengths she is out of their range: A is clear astern of B, rule 12."""
    pos = Position(0, (Boat("A", (0.0, 0.0), 315), Boat("B", (0.3, 3.0), 315),
                       Boat("C", (-30.0, 4.5), 181)))
    assert ruling(pos, "A", "B").facts.overlap_via == "C"
    assert keep_clear(pos)[0] == ("B", "A", "11")
    assert keep_clear(pos, within=5) == [("A", "B", "12")]
    assert [(r.a, r.b, r.basis) for r in rulings(pos, within=5)] == [("A", "B", "12")]


@pytest.mark.parametrize("bad", [-1, -1e-9, math.inf, math.nan, 10**20])
def test_a_bad_range_is_refused_naming_within(bad: float) -> None:
    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315)))
    for fn in (keep_clear, relations, rulings, engagement_graph):
        with pytest.raises(InputError, match=r"^within: "):
            fn(pos, within=bad)


@pytest.mark.parametrize("bad", ["5", True, (5,)])
def test_a_range_that_is_no_number_is_refused_naming_within(bad: object) -> None:
    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315)))
    for fn in (keep_clear, relations, rulings, engagement_graph):
        with pytest.raises(TypeError, match=r"^within: "):
            fn(pos, within=bad)


def test_a_range_of_nothing_rules_no_pair() -> None:
    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.2), 315)))
    assert keep_clear(pos, within=0) == relations(pos, within=0) == rulings(pos, within=0) \
        == []
    assert keep_clear(pos, within=1.5) == []
    assert keep_clear(pos, within=2.5) == keep_clear(pos)


_COORD = st.one_of(st.floats(-30, 30), st.floats(-1e15, 1e15),
                   st.integers(-60, 60).map(lambda k: k / 2))


@SETTINGS
@given(st.lists(st.tuples(_COORD, _COORD), max_size=60),
       st.one_of(st.floats(0, 12), st.sampled_from([0.5, 1.0, 2.0, 1e9])))
def test_the_grid_lists_every_pair_within_reach(points: list[tuple[float, float]],
                                                reach: float) -> None:
    found = near_pairs(points, reach)
    assert len(found) == len(points)
    for i, near in enumerate(found):
        assert near == sorted(set(near)) and all(j > i for j in near)
        for j in range(i + 1, len(points)):
            if math.dist(points[i], points[j]) <= reach:
                assert j in near, (i, j)


@SETTINGS
@given(st.lists(st.tuples(st.integers(-8, 8), st.integers(-8, 8), st.integers(0, 7)),
                min_size=2, max_size=40))
def test_touching_hulls_are_refused_as_the_pair_loop_refuses_them(
        spots: list[tuple[int, int, int]]) -> None:
    boats = tuple(Boat(f"B{i}", (x / 2, y / 2), h * 45.0 + 10)
                  for i, (x, y, h) in enumerate(spots))
    try:
        check_hulls([b.id for b in boats], [b.hull for b in boats], ("boats",), 1e-6)
        expected = None
    except PositionError as e:
        expected = (e.path, e.message)
    try:
        Position(0, boats)
        got = None
    except PositionError as e:
        got = (e.path, e.message)
    assert got == expected


def test_a_fleet_of_thousands_within_a_range() -> None:
    # a lattice two hull lengths apart, headings 7 degrees apart from boat to boat
    boats = tuple(Boat(f"B{i}", (2.0 * (i % 50), 2.0 * (i // 50)), 7 * i % 360 + 0.5)
                  for i in range(2500))
    pos = Position(0, boats)
    got = keep_clear(pos, within=1.5)
    # each boat and her neighbours along the row and the column (1 length apart), and the
    # diagonal ones (2 * sqrt(2) - 1 = 1.83 apart between the middles, less hull to hull
    # when they point at each other) when their hulls come within range
    pairs = [(i, j) for i in range(2500) for j in (i + 1, i + 49, i + 50, i + 51)
             if j < 2500 and abs(j % 50 - i % 50) <= 1
             and _apart(pos, i, j) <= 1.5 + TOLERANCE]
    assert len(got) == len(pairs)
    assert [set(a[:2]) for a in got] == [{pos.boats[i].id, pos.boats[j].id}
                                         for i, j in sorted(pairs)]


def test_every_pair_of_more_boats_than_a_file_holds_is_refused_naming_within() -> None:
    from rightofway import limits

    n = limits.MAX_BOATS + 1
    # abreast two lengths apart, heading East on port tack (wind North)
    pos = Position(0, tuple(Boat(f"B{i}", (0.0, 2.0 * i), 90) for i in range(n)))
    for fn in (keep_clear, relations, rulings, engagement_graph):
        with pytest.raises(InputError, match=r"^within: every pair of 101 boats"):
            fn(pos)
    # each is to windward of the one south of her, the only boat in range that way (rule 11)
    assert keep_clear(pos, within=2.5) == [(f"B{i + 1}", f"B{i}", "11") for i in range(n - 1)]
    small = Position(0, pos.boats[:limits.MAX_BOATS])
    assert len(keep_clear(small)) == limits.MAX_BOATS * (limits.MAX_BOATS - 1) // 2
