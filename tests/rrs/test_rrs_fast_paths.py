"""The fast paths of the Racing Rules of Sailing give, pair by pair, the answers of the
explained ruling.

:func:`~rightofway.rrs.keep_clear` decides most pairs the short way (rule 10 without the
overlap, the lines abeam worked out once per pair, each boat's facts once per position) and
:func:`~rightofway.rrs.relations` adds mark-room and room without writing the steps, so both
are checked against :func:`~rightofway.rrs.ruling` on random positions: random wind,
headings (any, or on the compass points where the boundaries lie), hulls placed anywhere
or on a half-length grid (bows on lines abeam, boats abreast, boats between others),
tacking boats, unknown tacks, marks, obstructions, facts and a trail.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rightofway.geometry import Tack
from rightofway.plane import TOLERANCE, angle_to_wind, heading_vector, tack_of
from rightofway.positions import PositionError
from rightofway.rrs import (
    Boat,
    Facts,
    Mark,
    Obstruction,
    Position,
    Snapshot,
    ZoneEntry,
    boat_geometry,
    keep_clear,
    pair_facts,
    relations,
    ruling,
    rulings,
)

IDS = "ABCDEFG"


def _heading(draw: Any) -> float:
    if draw(st.booleans()):
        return float(draw(st.integers(0, 15)) * 22.5)
    return float(draw(st.floats(0, 359.99, allow_nan=False)))


def _point(draw: Any, span: float = 4.0) -> tuple[float, float]:
    if draw(st.booleans()):
        half = int(span * 2)
        return (draw(st.integers(-half, half)) / 2, draw(st.integers(-half, half)) / 2)
    coord = st.floats(-span, span, allow_nan=False)
    return (draw(coord), draw(coord))


def _boats(draw: Any, ids: str, wind: float) -> tuple[Boat, ...]:
    boats = []
    for bid in ids:
        heading = _heading(draw)
        # a stated tack stands head to wind, dead downwind and by the lee (up to 30 degrees
        # past dead downwind); elsewhere, now and then, the one the wind gives
        angle = angle_to_wind(heading, wind)
        if angle <= 1e-6 or angle >= 150:
            tack = draw(st.sampled_from([None, Tack.PORT, Tack.STARBOARD, Tack.STARBOARD]))
        else:
            tack = draw(st.sampled_from([None, None, tack_of(heading, wind, None)]))
        boats.append(Boat(bid, _point(draw), heading, draw(st.integers(0, 7)) == 0, tack))
    return tuple(boats)


@st.composite
def positions(draw: Any) -> Position:
    """Any position the ruleset accepts, with whatever it can carry."""
    n = draw(st.integers(2, 7))
    ids = IDS[:n]
    wind = float(draw(st.integers(0, 7)) * 45) if draw(st.booleans()) else draw(
        st.floats(0, 359.99, allow_nan=False))
    boats = _boats(draw, ids, wind)
    marks = tuple(
        Mark(f"m{k}", _point(draw, 5.0), draw(st.sampled_from(["port", "starboard"])),
             draw(st.sampled_from([None, "windward", "leeward", "offset", "start", "finish"])),
             draw(st.booleans()))
        for k in range(draw(st.integers(0, 2))))
    obstructions: tuple[Obstruction, ...] = ()
    if draw(st.integers(0, 3)) == 0:
        obstructions = (Obstruction("rock", _point(draw, 5.0), draw(st.floats(0.2, 1.5))),)
    if draw(st.integers(0, 4)) == 0:  # a shore along the bottom of the area (RRS 19.2(c))
        y = draw(st.floats(-7.0, -5.5))
        obstructions += (Obstruction("shore", polygon=((-9.0, y), (9.0, y), (9.0, y - 3.0),
                                                       (-9.0, y - 3.0)), kind="continuing"),)
    boat_id = st.sampled_from(ids)
    maybe = st.one_of(st.none(), boat_id)
    facts = Facts()
    if draw(st.booleans()):
        first = draw(boat_id)
        facts = Facts(
            zone_entry=draw(st.one_of(st.none(), st.builds(
                ZoneEntry, st.just(first), st.booleans(), st.one_of(st.none(), boat_id),
                st.sampled_from([None, "gained", "broken"])))),
            overlap_from_clear_astern=draw(st.one_of(st.none(), st.tuples(
                boat_id, st.sampled_from(["leeward", "windward"]), st.booleans()))),
            acquired_right_of_way=draw(st.one_of(st.none(), st.tuples(boat_id, st.booleans()))),
            changing_course=draw(st.one_of(st.none(), st.tuples(
                boat_id, st.sampled_from(["luff", "bear-away"])))),
            starting=draw(st.booleans()),
            passed_head_to_wind_in_zone=draw(maybe),
            must_gybe_at_mark=draw(maybe),
            left_zone=draw(maybe),
            overlap_broken=draw(st.booleans()),
            returning_to_start=draw(maybe),
            moving_astern=draw(maybe),
            hail_room_to_tack=draw(maybe),
            hail_passed_on=draw(maybe),
            taking_penalty=draw(maybe),
            capsized_or_aground=draw(maybe),
            not_racing=draw(maybe),
            unable_to_give_room=draw(maybe),
        )
    trail: tuple[Snapshot, ...] = ()
    if draw(st.integers(0, 3)) == 0:
        trail = (Snapshot(_boats(draw, ids, wind)),)
    try:
        return Position(wind, boats, marks, obstructions, (), facts, trail)
    except PositionError:  # hulls touching: no such position
        assume(False)
        raise


SETTINGS = settings(max_examples=400, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


def _outcome(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except PositionError as e:
        return ("error", e.path, e.message)


def _basis(r: Any) -> str:
    """The rule that makes one boat keep clear: the one the conclusion cites."""
    return str(r.steps[-1].cite.section)


@SETTINGS
@given(positions())
def test_keep_clear_and_relations_are_the_ruling_of_every_pair(pos: Position) -> None:
    fast = _outcome(keep_clear, pos)
    related = _outcome(relations, pos)
    full = _outcome(rulings, pos)
    if isinstance(full, tuple):  # an unknown tack: the same error, the same boat
        assert fast == related == full
        return
    ids = pos.boat_ids
    pairs = [(ids[i], ids[j]) for i in range(len(ids)) for j in range(i + 1, len(ids))]
    assert len(fast) == len(full) == len(pairs)
    assert len(related) == len(pairs)
    for (a, b), got, rel, r in zip(pairs, fast, related, full, strict=True):
        assert (r.a, r.b) == (a, b)
        assert rel == (*got, r.mark_room, r.room), (a, b, r.explain())
        assert (r.facts.a, r.facts.b) == (boat_geometry(pos, a), boat_geometry(pos, b))
        assert got == (r.keep_clear, r.right_of_way, _basis(r)), (a, b, r.explain())
        one = ruling(pos, a, b)
        assert (one.keep_clear, one.right_of_way, one.mark_room, one.room, one.rules) == (
            r.keep_clear, r.right_of_way, r.mark_room, r.room, r.rules)


def test_keep_clear_and_relations_of_the_bundled_scenarios_are_their_rulings() -> None:
    from rightofway.scenarios import bundled_catalogue, find_scenarios, load_scenario

    for f in find_scenarios([bundled_catalogue() / "rrs"]):
        pos = load_scenario(f).position
        fast, full = keep_clear(pos), rulings(pos)
        assert fast == [(r.keep_clear, r.right_of_way, _basis(r)) for r in full], f
        assert relations(pos) == [(r.keep_clear, r.right_of_way, _basis(r), r.mark_room, r.room)
                                  for r in full], f


def test_exact_ties_take_the_whole_order() -> None:
    port, starboard = Tack.PORT, Tack.STARBOARD
    # bow to bow on one line, head to wind and dead downwind on the same given tack:
    # overlapped, neither to leeward by the sides, the deeper downwind is leeward
    abreast = Position(0, (Boat("A", (0.0, 0.0), 0, tack=starboard),
                           Boat("B", (0.0, 3.0), 180, tack=starboard)))
    # stern to stern, heading apart, equally far behind each other's line abeam: by the ids
    apart = Position(0, (Boat("B", (0.0, 1.0), 0, tack=port),
                         Boat("A", (0.0, -1.0), 180, tack=port)))
    assert keep_clear(abreast) == [("B", "A", "11")]
    assert keep_clear(apart) == [("A", "B", "12")]
    for pos in (abreast, apart):
        assert keep_clear(pos) == [(r.keep_clear, r.right_of_way, _basis(r))
                                   for r in rulings(pos)]


@pytest.mark.parametrize(("shift", "found"), [
    (0.0, ("A", "C", "12")),     # B's middle square to A's on the line A-C: not between
    (1e-6, ("A", "C", "12")),    # within the tolerance of it: still not between
    (1e-5, ("C", "A", "11")),    # beyond it: A and C overlap through B
])
def test_a_boat_between_at_the_edge_of_the_tolerance(shift: float,
                                                      found: tuple[str, str, str]) -> None:
    # A, B and C on starboard (wind North, heading West). A is clear astern of C; B overlaps
    # both, her middle where the line through A's middle square to A-C crosses her row,
    # moved `shift` towards C: t = 3 * shift / 11.56 along A-C
    pos = Position(0, (Boat("A", (0.0, 0.0), 270), Boat("B", (-0.95, -1.52 / 3 + shift), 270),
                       Boat("C", (-1.6, 3.0), 270)))
    assert keep_clear(pos)[1] == found
    assert keep_clear(pos) == [(r.keep_clear, r.right_of_way, _basis(r)) for r in rulings(pos)]


@pytest.mark.parametrize(("shift", "found"), [
    (0.0, ("A", "C", "12")),     # B's middle square to C's on the line A-C: not between
    (1e-6, ("A", "C", "12")),    # within the tolerance of it: still not between
    (1e-5, ("C", "A", "11")),    # beyond it, towards A: A and C overlap through B
])
def test_a_boat_between_at_the_far_edge_of_the_tolerance(shift: float,
                                                          found: tuple[str, str, str]) -> None:
    # the same boats with B's middle where the line through C's middle square to A-C
    # crosses B's row, moved `shift` back towards A: t = 1 - 3 * shift / 11.56 along A-C
    pos = Position(0, (Boat("A", (0.0, 0.0), 270), Boat("B", (-0.95, 10.04 / 3 - shift), 270),
                       Boat("C", (-1.6, 3.0), 270)))
    assert keep_clear(pos)[1] == found
    assert keep_clear(pos) == [(r.keep_clear, r.right_of_way, _basis(r)) for r in rulings(pos)]


def test_a_boat_on_the_other_tack_between_two_boats_does_not_link_them() -> None:
    """The definitions apply the overlap terms between boats on opposite tacks only when
    rule 18 applies between them or both sail more than 90 degrees from the wind: B, on
    starboard and close-hauled, lies between A (running, port) and C (port), overlapping
    both by the hulls, but links nothing: A is clear astern of C, and rule 12 decides."""
    pos = Position(90, (Boat("A", (-1.0, 1.0), 270, tack=Tack.PORT),
                        Boat("B", (-1.0 + 2e-6, -2.0), 45), Boat("C", (0.0, 1.0), 135)))
    assert pair_facts(pos, "A", "C").overlap_via is None
    assert keep_clear(pos)[1] == ("C", "A", "12")
    assert keep_clear(pos) == [(r.keep_clear, r.right_of_way, _basis(r)) for r in rulings(pos)]


def _on_line(draw: Any, boats: list[Boat], bid: str, wind: float, scale: float,
             arc: tuple[float, float] | None = None) -> Boat:
    """A boat whose bow or stern lies on the line TOLERANCE behind the line abeam from an
    earlier boat's stern, or a hair either side of it (down to the rounding of the
    coordinates), anywhere along it; heading within ``arc`` (first heading, width) if
    given."""
    ref = draw(st.sampled_from(boats))
    dx, dy = heading_vector(ref.heading)
    sx, sy = ref.at[0] - dx / 2, ref.at[1] - dy / 2
    eps = draw(st.sampled_from([-1e-9, -1e-12, -1e-15, 0.0, 1e-15, 1e-12, 1e-9]))
    along = -TOLERANCE + eps * max(1.0, scale)
    side = draw(st.one_of(st.integers(-6, 6).map(lambda k: k / 2),
                          st.floats(-3.0, 3.0, allow_nan=False)))
    qx, qy = sx + along * dx + side * dy, sy + along * dy - side * dx
    heading = _heading(draw) if arc is None else _in_arc(draw, arc)
    hx, hy = heading_vector(heading)
    sign = 1.0 if draw(st.booleans()) else -1.0  # the point is her stern, or her bow
    at = (qx + sign * hx / 2, qy + sign * hy / 2)
    angle = angle_to_wind(heading, wind)
    tack = draw(st.sampled_from([Tack.PORT, Tack.STARBOARD])) if (
        angle <= 1e-6 or angle >= 150) else None
    return Boat(bid, at, heading, draw(st.integers(0, 9)) == 0, tack)


def _water(draw: Any) -> tuple[float, tuple[float, float], float]:
    """``(scale, origin, wind)``: the first boat near the origin or thousands of hull
    lengths away from it, the wind on a compass point."""
    scale = draw(st.sampled_from([1.0, 1e3, 1e5]))
    origin = (draw(st.floats(-1.0, 1.0)) * scale, draw(st.floats(-1.0, 1.0)) * scale)
    return scale, origin, float(draw(st.integers(0, 7)) * 45)


def _lined_up(draw: Any, first: Boat, wind: float, scale: float,
              arc: tuple[float, float] | None = None) -> Position:
    """``first`` and up to eleven more boats, each on the edge of an earlier one's line
    abeam (:func:`_on_line`)."""
    boats = [first]
    for bid in "BCDEFGHIJKL"[:draw(st.integers(1, 11))]:
        boats.append(_on_line(draw, boats, bid, wind, scale, arc))
    try:
        return Position(wind, tuple(boats))
    except PositionError:  # hulls touching, or a tack missing: no such position
        assume(False)
        raise


def _fast_paths_are_the_rulings(pos: Position) -> None:
    """keep_clear and relations of ``pos`` are its rulings, pair by pair (or the same
    error)."""
    fast = _outcome(keep_clear, pos)
    full = _outcome(rulings, pos)
    if isinstance(full, tuple):  # an unknown tack: the same error
        assert fast == full
        return
    assert fast == [(r.keep_clear, r.right_of_way, _basis(r)) for r in full]
    assert relations(pos) == [(r.keep_clear, r.right_of_way, _basis(r), r.mark_room, r.room)
                              for r in full]


@st.composite
def edge_fleets(draw: Any) -> Position:
    """Fleets of up to twelve boats, each but the first with her bow or stern at the edge
    of the tolerance of another's line abeam, near the origin or thousands of hull lengths
    away from it: where the shortcut of the sweep over every pair gives way to the exact
    formula."""
    scale, origin, wind = _water(draw)
    first = Boat("A", origin, _heading(draw), False,
                 Tack.PORT if angle_to_wind(0.0, wind) >= 150 else None)
    return _lined_up(draw, first, wind, scale)


@SETTINGS
@given(edge_fleets())
def test_the_sweep_at_the_edge_of_the_tolerance_is_the_ruling_of_every_pair(
        pos: Position) -> None:
    """Bows and sterns on the lines that decide clear astern, or within a rounding of them:
    the sweep's shortcut (a projection against bounds kept for each boat) must leave every
    such case to the exact formula, so keep_clear and relations are the rulings, pair by
    pair, and the direct overlaps the relations use are those of the hulls."""
    _fast_paths_are_the_rulings(pos)


def _in_arc(draw: Any, arc: tuple[float, float]) -> float:
    start, width = arc
    turn = draw(st.one_of(st.sampled_from([0.0, width]), st.floats(0.0, width)))
    return (start + turn) % 360.0


@st.composite
def aligned_edge_fleets(draw: Any) -> Position:
    """Fleets as :func:`edge_fleets`, but every boat heading within an arc of at most 88.9
    degrees (as a fleet running to a leeward mark): where the sweep judges clear astern by
    the bow alone."""
    scale, origin, wind = _water(draw)
    arc = (_heading(draw), draw(st.sampled_from([0.0, 30.0, 60.0, 88.9])))
    heading = _in_arc(draw, arc)
    angle = angle_to_wind(heading, wind)
    tack = draw(st.sampled_from([Tack.PORT, Tack.STARBOARD])) if (
        angle <= 1e-6 or angle >= 150) else None
    return _lined_up(draw, Boat("A", origin, heading, False, tack), wind, scale, arc)


@SETTINGS
@given(aligned_edge_fleets())
def test_the_sweep_of_an_aligned_fleet_is_the_ruling_of_every_pair(pos: Position) -> None:
    """Every boat heading within 89 degrees of every other, bows and sterns on the lines
    that decide clear astern or within a rounding of them: the sweep tests only the bows
    (a stern is then behind a line abeam whenever the bow is), and must still give the
    rulings, pair by pair."""
    from rightofway.rrs.rules import _boats

    assert _boats(pos).sweep.aligned
    _fast_paths_are_the_rulings(pos)
