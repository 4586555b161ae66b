"""Seeded random set-ups and simple bots that race them to the finish.

A bot picks among its boat's safe moves (legal and incurring no penalty),
falling back to any legal move, preferring moves that bring it nearer the
next waypoint of its leg with a seeded random choice among the best few.
It serves a penalty as soon as it is allowed to. The bots exist to exercise
the rules over whole races; they are no sailors.
"""

from __future__ import annotations

import random

from rightofway.geometry import Compass, Point, angle_off_wind, chebyshev
from rightofway.rtw import moves
from rightofway.rtw.course import Course, check_tokens
from rightofway.rtw.position import Boat
from rightofway.rtw.race import AnyMove, PenaltyTurn, Race, RaceOptions, SetupError

__all__ = ["COURSES", "DEFAULT_COURSE", "choose_move", "random_race", "waypoint"]

DEFAULT_COURSE = Course(gate_buoy=(0, 0), committee_boat=(6, 0), windward=(3, 18),
                        flags=(6, 12), laps=3)
COURSES: dict[str, Course] = {
    "windward-leeward": DEFAULT_COURSE,
    "windward-gate": Course((0, 0), (6, 0), (3, 18), flags=(6, 12), laps=3,
                            layout="windward-gate", extra=(0, 18)),
    "triangle": Course((0, 0), (6, 0), (3, 18), flags=(6, 12), laps=3, layout="triangle",
                       extra=(9, 12)),
}
"""The courses ``rightofway play --course`` races on (RTW 1, 3.8)."""
BOAT_IDS = "ABCDEFGHIJ"


def random_race(boats: int, seed: int, *, course: Course = DEFAULT_COURSE,
                tokens: int = 24, options: RaceOptions | None = None) -> Race:
    """A legal random set-up for ``boats`` boats: placement, headings and tokens from ``seed``."""
    if not 2 <= boats <= len(BOAT_IDS):
        raise SetupError(f"between 2 and {len(BOAT_IDS)} boats can race, not {boats}")
    rng = random.Random(seed)
    ids = BOAT_IDS[:boats]
    centre = (course.gate_buoy[0] + course.committee_boat[0]) // 2
    row = course.line_row
    if boats == 2:
        spots = [(centre + rng.randint(2, 6), row - rng.randint(1, 5)),
                 (centre - rng.randint(2, 6), row - rng.randint(1, 5))]
    else:
        spots = rng.sample(sorted(course.start_places(boats)), boats)
    headings = [rng.choice([Compass.NE, Compass.NW, Compass.E, Compass.W]) for _ in ids]
    fleet = [Boat(i, p, h) for i, p, h in zip(ids, spots, headings, strict=True)]
    yellow, blue = _tokens(course, rng, tokens, set(spots))
    return Race.new(course, fleet, yellow=yellow, blue=blue, options=options, seed=seed)


def _tokens(course: Course, rng: random.Random, count: int,
            taken: set[Point]) -> tuple[frozenset[Point], frozenset[Point]]:
    lo, hi = course.gate_buoy[0] - 5, course.committee_boat[0] + 5
    if course.extra is not None:
        lo, hi = min(lo, course.extra[0] - 5), max(hi, course.extra[0] + 5)
    cells = [(x, y) for x in range(lo, hi + 1)
             for y in range(course.line_row + 1, course.windward[1] + 2)]
    marks = set(course.mark_points)
    rng.shuffle(cells)
    yellow: set[Point] = set()
    blue: set[Point] = set()
    for cell in cells:
        if len(yellow) + len(blue) >= count:
            break
        if cell in marks or cell in taken:
            continue
        target = yellow if len(yellow) <= len(blue) else blue
        target.add(cell)
        try:
            check_tokens(course, frozenset(yellow), frozenset(blue))
        except SetupError:
            target.discard(cell)
    return frozenset(yellow), frozenset(blue)


def waypoint(race: Race, boat: str) -> Point:
    """Where the boat heads next on its leg (an aim for bots, not a rule)."""
    course = race.course
    s = race.state(boat)
    row = course.line_row
    centre = (course.gate_buoy[0] + course.committee_boat[0]) // 2
    kind = course.leg_kind(s.leg)
    if kind == "start":
        if s.moves < race.options.start_moves - 2:
            return (centre, row - 3)
        if s.moves < race.options.start_moves or s.row_side >= 0:
            return (centre, row - 2)
        return (centre, row + 2)
    if kind == "upwind" and course.layout == "windward-gate":
        assert course.extra is not None
        mid = (course.windward[0] + course.extra[0]) // 2
        my = course.windward[1]
        # Through the gate from South to North; a boat that went round it goes back.
        return (mid, my + 2) if s.mark_row_side == -1 else (mid, my - 2)
    if kind in ("upwind", "reach"):
        mark = course.windward if kind == "upwind" else course.extra
        assert mark is not None
        mx, my = mark
        y = race.position.boat(boat).at[1]
        if s.over_top:  # over the top from West to East: down the East side (clockwise)
            return (mx + 1, my - 2)
        if y > my and s.column_side == -1:
            return (mx + 1, my + 1)
        return (mx - 1, my + 1)
    if kind == "final":
        # A boat owing a penalty serves it in clear water before it may finish (RTW 3.4).
        return (centre, row + 3) if s.penalties else (centre, row)
    # Through the gate from North to South; a boat that slipped past outside it goes back.
    return (centre, row + 2) if s.row_side == -1 else (centre, row - 2)


def choose_move(race: Race, rng: random.Random) -> AnyMove:
    """A bot's move for the boat whose turn it is."""
    boat = race.to_move
    if boat is None:
        raise ValueError("the race is over")
    options = race.safe_moves(boat) or race.legal_moves(boat)
    penalty = [m for m in options if isinstance(m, PenaltyTurn)]
    if penalty:
        return penalty[0]
    target = waypoint(race, boat)
    wind = race.position.wind.value
    scored: list[tuple[float, int, AnyMove]] = []
    outcomes = {o.actions: o for o in moves.outcomes(race.position, boat)}  # once, not per move
    for m in options:
        assert not isinstance(m, PenaltyTurn)
        outcome = outcomes[m.actions]
        end, heading = outcome.end, outcome.heading
        dx, dy = target[0] - end[0], target[1] - end[1]
        bearing = _bearing(dx, dy)
        off = angle_off_wind(heading, bearing) if (dx or dy) else 0.0
        # Close-hauled is as near the wind as a boat sails: aiming closer costs nothing more.
        if angle_off_wind(bearing, wind) < 45:
            off = max(0.0, off - 45)
        score = 2 * chebyshev(end, target) + off / 45 + rng.random() * 0.8
        if end == race.position.boat(boat).at and race.state(boat).same_spot >= 2:
            score += race.state(boat).same_spot  # turning on the spot again and again: move on
        scored.append((score, len(scored), m))
    scored.sort(key=lambda t: (t[0], t[1]))
    pick = rng.randrange(min(2, len(scored))) if rng.random() < 0.2 else 0
    return scored[pick][2]


def _bearing(dx: int, dy: int) -> float:
    import math

    return math.degrees(math.atan2(dx, dy)) % 360
