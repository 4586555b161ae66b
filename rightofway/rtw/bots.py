"""Seeded random set-ups and simple bots that race them to the finish.

A bot picks among its boat's safe moves (legal and incurring no penalty),
falling back to any legal move, preferring moves that bring it nearer the
next waypoint of its leg with a seeded random choice among the best few.
It serves a penalty as soon as it is allowed to. The bots exist to exercise
the rules over whole races; they are no sailors.
"""

from __future__ import annotations

import random

from rightofway.geometry import Point, angle_off_wind, chebyshev
from rightofway.rtw import moves
from rightofway.rtw.course import COURSES, DEFAULT_COURSE, Course
from rightofway.rtw.position import Move, PenaltyTurn
from rightofway.rtw.race import Race, RaceOptions

__all__ = ["COURSES", "DEFAULT_COURSE", "choose_move", "random_race", "waypoint"]


def random_race(boats: int, seed: int, *, course: Course = DEFAULT_COURSE,
                tokens: int = 24, options: RaceOptions | None = None) -> Race:
    """A legal random set-up for ``boats`` boats: placement, headings and tokens from ``seed``
    (:meth:`Race.new <rightofway.rtw.Race.new>` with a number of boats)."""
    return Race.new(boats, course, seed, options, tokens=tokens)


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


def choose_move(race: Race, rng: random.Random) -> Move:
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
    scored: list[tuple[float, int, Move]] = []
    outcomes = {o.actions: o for o in moves.outcomes(race.position, boat)}  # once, not per move
    for m in options:  # no penalty turn among them: one would have been served above
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
