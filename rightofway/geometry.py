"""Shared geometry: wind, headings, tacks, points of sail, leeward, zones, shadows.

Everything here is ruleset-neutral. Bearings are degrees clockwise from North
(``0 <= bearing < 360``, ints on a grid, floats in continuous rulesets); points
are ``(x, y)`` pairs with ``x`` growing East and ``y`` North. The eight compass
directions of the grid rulesets are :class:`Compass` members whose value is
their bearing. The wind is named by the direction it blows *from*.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum, StrEnum
from typing import Final

from rightofway.errors import InputError, shown

__all__ = [
    "INDEX_FROM",
    "Compass",
    "PointOfSail",
    "Tack",
    "angle_off_wind",
    "chebyshev",
    "cone",
    "depth",
    "downwind_step",
    "engaged_index_pairs",
    "euclidean_sq",
    "norm_bearing",
    "point_of_sail",
    "tack",
    "within_zone",
]

Point = tuple[int, int]
"""An intersection of a grid: ``(x, y)``."""


def norm_bearing(bearing: float) -> float:
    """Return ``bearing`` folded into ``[0, 360)``."""
    return bearing % 360


class Compass(IntEnum):
    """The eight compass directions of a grid; the value is the bearing in degrees."""

    N = 0
    NE = 45
    E = 90
    SE = 135
    S = 180
    SW = 225
    W = 270
    NW = 315

    @property
    def step(self) -> Point:
        """The unit grid step towards this direction (diagonals move one in x and y)."""
        return _STEPS[self]

    def rotate(self, degrees: int) -> Compass:
        """This direction turned ``degrees`` clockwise (negative: anticlockwise).

        >>> Compass.NW.rotate(90)
        Compass.NE
        """
        if degrees % 45:
            raise ValueError(f"a compass turn must be a multiple of 45 degrees, not {degrees}")
        return Compass((self.value + degrees) % 360)

    def opposite(self) -> Compass:
        """The direction 180 degrees away."""
        return self.rotate(180)

    @classmethod
    def coerce(cls, value: object, name: str = "heading") -> Compass:
        """``value`` as a direction: a :class:`Compass`, its name (``"NE"``) or its bearing
        (``45``); otherwise a :class:`ValueError` or :class:`TypeError` naming ``name``."""
        if isinstance(value, Compass):
            return value
        if isinstance(value, str):
            try:
                return cls[value]
            except KeyError:
                pass
        elif type(value) is int and value % 45 == 0 and 0 <= value < 360:
            return cls(value)
        else:
            raise TypeError(f"{name}: expected a compass direction, got {shown(value)}")
        raise InputError(f"{name}: expected one of {' '.join(c.name for c in cls)} "
                         f"(or a bearing 0, 45, ... 315), got {shown(value)}")

    @classmethod
    def from_step(cls, step: Point) -> Compass:
        """The direction whose unit step is ``step``."""
        try:
            return _FROM_STEP[step]
        except KeyError:
            raise ValueError(f"{shown(step)} is not a unit compass step") from None

    def __repr__(self) -> str:
        return f"Compass.{self.name}"


_STEPS: Final[dict[Compass, Point]] = {
    Compass.N: (0, 1),
    Compass.NE: (1, 1),
    Compass.E: (1, 0),
    Compass.SE: (1, -1),
    Compass.S: (0, -1),
    Compass.SW: (-1, -1),
    Compass.W: (-1, 0),
    Compass.NW: (-1, 1),
}
_FROM_STEP: Final[dict[Point, Compass]] = {v: k for k, v in _STEPS.items()}


class Tack(StrEnum):
    """Which side the wind comes over; ``NONE`` for a boat head to wind."""

    STARBOARD = "starboard"
    PORT = "port"
    NONE = "none"


class PointOfSail(StrEnum):
    """Named angles off the wind, from head to wind to a run."""

    HEAD_TO_WIND = "head-to-wind"
    CLOSE_HAULED = "close-hauled"
    BEAM_REACH = "beam-reach"
    BROAD_REACH = "broad-reach"
    RUN = "run"


def angle_off_wind(heading: float, wind: float) -> float:
    """Smallest angle between a heading and the wind's bearing, in ``[0, 180]``.

    0 is head to wind, 45 close-hauled, 90 a beam reach, 135 a broad reach,
    180 a run.
    """
    r = (wind - heading) % 360
    return 360 - r if r > 180 else r


def tack(heading: float, wind: float, *, run: Tack = Tack.STARBOARD) -> Tack:
    """The tack of a boat on ``heading`` in a wind from ``wind``.

    With ``r = (wind - heading) mod 360``: ``0 < r < 180`` is starboard (the
    wind meets the right side), ``180 < r < 360`` port, ``r == 0`` head to
    wind. A dead run (``r == 180``) takes the tack given by ``run``: Race the
    Wind puts it on starboard (RTW 2).
    """
    r = (wind - heading) % 360
    if r == 0:
        return Tack.NONE
    if r == 180:
        return run
    return Tack.STARBOARD if r < 180 else Tack.PORT


def point_of_sail(angle: float) -> PointOfSail:
    """Name the point of sail for an angle off the wind.

    The grid's exact angles (0, 45, 90, 135, 180) map to themselves; an angle
    in between belongs to the nearest named one (ties go to the wider angle),
    so continuous rulesets can share this mapping.
    """
    if angle < 22.5:
        return PointOfSail.HEAD_TO_WIND
    if angle < 67.5:
        return PointOfSail.CLOSE_HAULED
    if angle < 112.5:
        return PointOfSail.BEAM_REACH
    if angle < 157.5:
        return PointOfSail.BROAD_REACH
    return PointOfSail.RUN


def downwind_step(wind: Compass) -> Point:
    """The unit grid step of the direction the wind blows *towards*."""
    return _DOWNWIND[wind]


_DOWNWIND: dict[int, Point] = {c.value: c.opposite().step for c in Compass}
"""The downwind step of each wind, looked up (engines ask it for every position)."""


def depth(point: tuple[float, float], downwind: tuple[float, float]) -> float:
    """How far downwind ``point`` lies: its projection on the downwind vector.

    Of two boats the one with the larger depth is to leeward; equal depths
    share a wind line. Grid rulesets pass :func:`downwind_step` (an integer
    vector, so comparisons are exact); continuous ones a unit vector.
    """
    return point[0] * downwind[0] + point[1] * downwind[1]


def chebyshev(p: tuple[int, int], q: tuple[int, int]) -> int:
    """King-move distance between two intersections."""
    return max(abs(p[0] - q[0]), abs(p[1] - q[1]))


def euclidean_sq(p: tuple[float, float], q: tuple[float, float]) -> float:
    """Squared straight-line distance (exact on integers; compare, don't sqrt)."""
    dx = p[0] - q[0]
    dy = p[1] - q[1]
    return dx * dx + dy * dy


def within_zone(point: Point, centre: Point, radius: int = 2) -> bool:
    """Whether ``point`` is within ``radius`` king moves of ``centre``, edge included.

    With the default radius this is the 5 x 5 square of 25 intersections that
    Race the Wind calls the two-length zone (RTW 3.6).
    """
    return chebyshev(point, centre) <= radius


def cone(origin: Point, direction: Point, reach: int) -> frozenset[Point]:
    """Intersections 1..``reach`` king moves from ``origin``, within 45 degrees of ``direction``.

    Used for shadows: ``cone(boat, downwind_step(wind), n)``. ``reach`` 0 gives
    the empty set.
    """
    dx, dy = direction
    dd = dx * dx + dy * dy
    out: set[Point] = set()
    for vx in range(-reach, reach + 1):
        for vy in range(-reach, reach + 1):
            if vx == 0 and vy == 0:
                continue
            dot = vx * dx + vy * dy
            # angle <= 45 degrees  <=>  dot > 0 and cos^2 >= 1/2
            if dot > 0 and 2 * dot * dot >= (vx * vx + vy * vy) * dd:
                out.add((origin[0] + vx, origin[1] + vy))
    return frozenset(out)


INDEX_FROM = 16
"""Fleets of at least this many boats find engaged pairs through a point index; smaller
ones compare every pair, which is faster for them."""


def engaged_index_pairs(ats: Sequence[Point], claims: Sequence[frozenset[Point]],
                        *, index_from: int | None = None) -> list[tuple[int, int]]:
    """Pairs ``(i, j)``, ``i < j`` in ascending order, of boats that are engaged: their
    claims meet, or one claims the other's intersection (the grid games' engagement).

    ``ats[i]`` is boat ``i``'s intersection and ``claims[i]`` what it claims. Fleets of
    ``index_from`` boats or more go through an index from each point to the boats that
    claim it, so the work grows with the claims that meet rather than with every pair;
    smaller fleets compare every pair. Both give the same list. ``index_from`` defaults
    to :data:`INDEX_FROM`.
    """
    n = len(ats)
    if n < (INDEX_FROM if index_from is None else index_from):
        return [(i, j) for i in range(n) for j in range(i + 1, n)
                if ats[i] in claims[j] or ats[j] in claims[i]
                or not claims[i].isdisjoint(claims[j])]
    # Each point keeps the one boat claiming it, or a list once a second boat claims it too:
    # most points have one claimer, and a list for each would cost more than the rest.
    by_point: dict[Point, int | list[int]] = {}
    shared: list[list[int]] = []
    setdefault = by_point.setdefault
    for i, c in enumerate(claims):
        for p in c:
            found = setdefault(p, i)
            if found is i:
                continue  # the first to claim it
            if isinstance(found, int):
                together = [found, i]
                by_point[p] = together
                shared.append(together)
            else:
                found.append(i)
    pairs: set[tuple[int, int]] = set()
    for claimers in shared:  # claims that meet (claimers in ascending order)
        for k, i in enumerate(claimers):
            for j in claimers[k + 1:]:
                pairs.add((i, j))
    for here, at in enumerate(ats):  # a boat on a point others claim
        claimer = by_point.get(at)
        if claimer is None:
            continue
        for i in [claimer] if isinstance(claimer, int) else claimer:
            if i != here:
                pairs.add((i, here) if i < here else (here, i))
    return sorted(pairs)
