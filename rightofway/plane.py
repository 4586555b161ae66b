"""Geometry on the open water: the kernel of the continuous rulesets (``rrs``, ``simulation``).

Points are ``(x, y)`` floats, ``x`` East and ``y`` North, in hull lengths (``rrs``)
or units (``simulation``). Headings and wind directions are degrees clockwise
from North; the wind is named by where it comes from. A boat's hull is the
segment from stern to bow, one hull length long and centred on her point.

Decisions at a boundary (is a bow on the line abeam, is a hull on the edge of
the zone, is a boat exactly head to wind) are taken with fixed tolerances:
:data:`TOLERANCE` for lengths and :data:`ANGLE_TOLERANCE` for angles. A value
within the tolerance of a boundary counts as *on* it, and being on a boundary
counts as the definitions read: a bow on the line abeam is not *behind* it (so
the boats overlap), a hull touching the edge of the zone is *within* it, a
heading exactly into the wind (or dead downwind) keeps the tack the boat had.

Everything here is a pure function of tuples and floats, cheap enough for the
pairwise loops of a fleet.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rightofway.geometry import Tack

__all__ = [
    "ANGLE_TOLERANCE",
    "TOLERANCE",
    "Hull",
    "Vec",
    "angle_to_wind",
    "bearing_to",
    "clear_astern",
    "closest_points",
    "distance",
    "downwind_depth",
    "heading_vector",
    "hull",
    "hull_distance",
    "is_dead_downwind",
    "is_head_to_wind",
    "lateral",
    "leeward_score",
    "norm360",
    "overlapped",
    "point_in_polygon",
    "point_segment_distance",
    "polygon_segment_distance",
    "relative_wind",
    "segment_distance",
    "segments_cross",
    "tack_of",
    "turn_passes",
]

Vec = tuple[float, float]
Hull = tuple[Vec, Vec]
"""A hull as ``(stern, bow)``."""

TOLERANCE = 1e-6
"""Lengths (hull lengths, units) within this of a boundary count as on it."""
ANGLE_TOLERANCE = 1e-6
"""Angles (degrees) within this of a boundary count as on it."""


def norm360(deg: float) -> float:
    """``deg`` in ``[0, 360)``."""
    out = deg % 360.0
    return 0.0 if out >= 360.0 - 1e-12 else out + 0.0


def heading_vector(deg: float) -> Vec:
    """Unit vector of a heading (0 = North, 90 = East)."""
    r = math.radians(deg)
    return (math.sin(r), math.cos(r))


def distance(a: Vec, b: Vec) -> float:
    """Distance between two points."""
    return math.hypot(a[0] - b[0], a[1] - b[1])


def bearing_to(a: Vec, b: Vec) -> float:
    """The bearing from ``a`` to ``b`` (degrees clockwise from North)."""
    return norm360(math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])))


def relative_wind(heading: float, wind: float) -> float:
    """``(wind - heading) mod 360``: below 180 the wind comes over the starboard side."""
    return norm360(wind - heading)


def angle_to_wind(heading: float, wind: float) -> float:
    """Smallest angle between the heading and the wind's direction, in ``[0, 180]``."""
    r = relative_wind(heading, wind)
    return 360.0 - r if r > 180.0 else r


def is_head_to_wind(heading: float, wind: float) -> bool:
    """Whether the bow points into the wind (within :data:`ANGLE_TOLERANCE`)."""
    return angle_to_wind(heading, wind) <= ANGLE_TOLERANCE


def is_dead_downwind(heading: float, wind: float) -> bool:
    """Whether the boat sails straight downwind (within :data:`ANGLE_TOLERANCE`)."""
    return angle_to_wind(heading, wind) >= 180.0 - ANGLE_TOLERANCE


def tack_of(heading: float, wind: float, previous: Tack | None) -> Tack | None:
    """Starboard when the wind comes over the starboard side, port over the port side.

    Head to wind or dead downwind the boat keeps ``previous`` (her tack before, or
    the side her mainsail lies on); ``None`` when that is not known.
    """
    if is_head_to_wind(heading, wind) or is_dead_downwind(heading, wind):
        return previous
    return Tack.STARBOARD if relative_wind(heading, wind) < 180.0 else Tack.PORT


def hull(at: Vec, heading: float, length: float = 1.0) -> Hull:
    """``(stern, bow)`` of a hull of ``length`` centred on ``at``."""
    dx, dy = heading_vector(heading)
    h = length / 2.0
    return ((at[0] - dx * h, at[1] - dy * h), (at[0] + dx * h, at[1] + dy * h))


def _along(p: Vec, origin: Vec, direction: Vec) -> float:
    return (p[0] - origin[0]) * direction[0] + (p[1] - origin[1]) * direction[1]


def lateral(p: Vec, origin: Vec, heading: float) -> float:
    """How far ``p`` lies to starboard (positive) or port (negative) of the line through
    ``origin`` along ``heading``."""
    dx, dy = heading_vector(heading)
    vx, vy = p[0] - origin[0], p[1] - origin[1]
    return vx * dy - vy * dx


def clear_astern(a: Hull, b: Hull, b_heading: float) -> bool:
    """Whether hull ``a`` is wholly behind the line abeam from ``b``'s aftermost point.

    Within :data:`TOLERANCE` of the line counts as on it, which is not behind.
    """
    d = heading_vector(b_heading)
    stern = b[0]
    return max(_along(a[0], stern, d), _along(a[1], stern, d)) < -TOLERANCE


def overlapped(a: Hull, a_heading: float, b: Hull, b_heading: float) -> bool:
    """Neither hull is clear astern of the other (the definition Clear Astern and Clear Ahead;
    Overlap), leaving out boats between them."""
    return not clear_astern(a, b, b_heading) and not clear_astern(b, a, a_heading)


def downwind_depth(p: Vec, wind: float) -> float:
    """How far downwind ``p`` lies, along the direction the wind blows to."""
    dx, dy = heading_vector(wind)
    return -(p[0] * dx + p[1] * dy)


def leeward_score(a_at: Vec, a_heading: float, a_tack: Tack, b_at: Vec, b_heading: float,
                  b_tack: Tack) -> float:
    """Positive when ``b`` lies on ``a``'s leeward side (the leeward boat), negative when
    ``a`` lies on ``b``'s: each boat's leeward side is the one away from the wind, which
    for her tack is port on starboard tack and starboard on port tack. Both boats' views
    are summed so that hulls at an angle to each other are judged on both."""
    sa = lateral(b_at, a_at, a_heading)
    sb = lateral(a_at, b_at, b_heading)
    # starboard tack: leeward side is port (negative lateral)
    la = -sa if a_tack is Tack.STARBOARD else sa
    lb = -sb if b_tack is Tack.STARBOARD else sb
    return la - lb


def point_segment_distance(p: Vec, a: Vec, b: Vec) -> float:
    """Distance from ``p`` to the segment ``a``-``b``."""
    vx, vy = b[0] - a[0], b[1] - a[1]
    n = vx * vx + vy * vy
    if n == 0.0:
        return distance(p, a)
    t = max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n))
    return math.hypot(p[0] - (a[0] + t * vx), p[1] - (a[1] + t * vy))


def _orient(a: Vec, b: Vec, c: Vec) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_cross(a1: Vec, a2: Vec, b1: Vec, b2: Vec) -> bool:
    """Whether two segments meet (touching counts)."""
    return segment_distance(a1, a2, b1, b2) == 0.0


def segment_distance(a1: Vec, a2: Vec, b1: Vec, b2: Vec) -> float:
    """Shortest distance between two segments (0 when they meet)."""
    # a proper crossing; else, touching or apart, the nearest end to the other segment
    d1, d2 = _orient(b1, b2, a1), _orient(b1, b2, a2)
    d3, d4 = _orient(a1, a2, b1), _orient(a1, a2, b2)
    if ((d1 > 0) != (d2 > 0)) and ((d3 > 0) != (d4 > 0)) and d1 and d2 and d3 and d4:
        return 0.0
    return min(point_segment_distance(a1, b1, b2), point_segment_distance(a2, b1, b2),
               point_segment_distance(b1, a1, a2), point_segment_distance(b2, a1, a2))


def _closest_on(p: Vec, a: Vec, b: Vec) -> Vec:
    vx, vy = b[0] - a[0], b[1] - a[1]
    n = vx * vx + vy * vy
    if n == 0.0:
        return a
    t = max(0.0, min(1.0, ((p[0] - a[0]) * vx + (p[1] - a[1]) * vy) / n))
    return (a[0] + t * vx, a[1] + t * vy)


def closest_points(a1: Vec, a2: Vec, b1: Vec, b2: Vec) -> tuple[Vec, Vec]:
    """The nearest points ``(on a, on b)`` of two segments (a shared point when they meet)."""
    if segments_cross(a1, a2, b1, b2):
        # where they meet: solve on the infinite lines, clamped
        d1 = (a2[0] - a1[0], a2[1] - a1[1])
        d2 = (b2[0] - b1[0], b2[1] - b1[1])
        den = d1[0] * d2[1] - d1[1] * d2[0]
        if den != 0.0:
            t = ((b1[0] - a1[0]) * d2[1] - (b1[1] - a1[1]) * d2[0]) / den
            t = max(0.0, min(1.0, t))
            p = (a1[0] + t * d1[0], a1[1] + t * d1[1])
            return p, p
    pairs = [(a1, _closest_on(a1, b1, b2)), (a2, _closest_on(a2, b1, b2)),
             (_closest_on(b1, a1, a2), b1), (_closest_on(b2, a1, a2), b2)]
    return min(pairs, key=lambda pq: distance(pq[0], pq[1]))


def hull_distance(a: Hull, b: Hull) -> float:
    """Shortest distance between two hulls."""
    return segment_distance(a[0], a[1], b[0], b[1])


def point_in_polygon(p: Vec, polygon: Sequence[Vec]) -> bool:
    """Whether ``p`` lies inside the polygon (even-odd rule; the edge counts as outside,
    every edge and corner alike, to within 1e-12 for rounding)."""
    n = len(polygon)
    if any(point_segment_distance(p, polygon[i], polygon[(i + 1) % n]) <= 1e-12
           for i in range(n)):
        return False
    return _crossings_odd(p, polygon)


def _crossings_odd(p: Vec, polygon: Sequence[Vec]) -> bool:
    """The even-odd count alone: whether a ray East from ``p`` crosses the polygon's edges
    an odd number of times (a point on the left or bottom edge counts as inside)."""
    inside = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > p[1]) != (y2 > p[1]):
            x = x1 + (p[1] - y1) * (x2 - x1) / (y2 - y1)
            if p[0] < x:
                inside = not inside
    return inside


def polygon_segment_distance(a: Vec, b: Vec, polygon: Sequence[Vec]) -> float:
    """Shortest distance from segment ``a``-``b`` to a polygon (0 when they meet or the
    segment lies inside)."""
    # an end on an edge is at distance 0 either way, so the even-odd count alone will do
    if _crossings_odd(a, polygon) or _crossings_odd(b, polygon):
        return 0.0
    n = len(polygon)
    return min(segment_distance(a, b, polygon[i], polygon[(i + 1) % n]) for i in range(n))


def turn_passes(start: float, end: float, direction: int, through: float) -> bool:
    """Whether turning from heading ``start`` to ``end``, clockwise (``direction`` 1) or
    anticlockwise (-1), passes through heading ``through`` (ends excluded)."""
    span = norm360((end - start) * direction)
    part = norm360((through - start) * direction)
    return ANGLE_TOLERANCE < part < span - ANGLE_TOLERANCE
