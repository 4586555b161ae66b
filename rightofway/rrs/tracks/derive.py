"""What history shows, kept by a :class:`~rightofway.rrs.tracks.Tracker` between samples:
each boat's state (her place and heading, tack and tacking, her zones) and each pair's
(how they stood, the facts found, the incident being recorded), with the small
measurements they are found by. Internal to :mod:`rightofway.rrs.tracks`."""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace
from typing import Any, Literal

from rightofway.geometry import Tack
from rightofway.plane import (
    TOLERANCE,
    clear_astern,
    downwind_depth,
    lateral,
    leeward_score,
)
from rightofway.positions import Line
from rightofway.rrs.position import Boat, Facts, Mark, Obstruction, ZoneEntry
from rightofway.rrs.tracks.report import Change, IncidentRuling

__all__ = [
    "ACQUIRED_SECONDS",
    "AVOIDING_DEGREES",
    "AVOIDING_SECONDS",
    "CHANGING_COURSE",
    "STILL_KNOTS",
    "TRAIL",
]

CHANGING_COURSE = 10.0
"""Degrees a second above which a boat's heading turning is changing course."""
STILL_KNOTS = 0.5
"""Below this speed a boat's course over ground is no heading: she keeps the one she had."""
AVOIDING_DEGREES = 20.0
"""A right-of-way boat that changes course by more than this ... """
AVOIDING_SECONDS = 3.0
"""... within this many seconds, the keep-clear boat within two hull lengths, took
avoiding action."""
ACQUIRED_SECONDS = 3.0
"""How long after a boat acquires right of way she has *just* acquired it (RRS 15:
initially)."""
TRAIL = 3
"""Earlier samples in the trail of a ruled position."""


# --- each boat ----------------------------------------------------------------------------


_Row = tuple[float, float, float, float, bool, Tack | None]
"""A boat at one sample: ``(time, x, y, heading, tacking, stated tack)``, hull lengths."""


def _turn(a: float, b: float) -> float:
    """Signed degrees from heading ``a`` to ``b`` the short way (clockwise positive)."""
    return (b - a + 180.0) % 360.0 - 180.0


class _Boat:
    """One boat's state between samples."""

    __slots__ = (
        "angle",
        "boat",
        "bx",
        "by",
        "cx",
        "cy",
        "entered",
        "heading",
        "id",
        "left",
        "moves",
        "passed_htw",
        "rate",
        "recent",
        "row",
        "sx",
        "sy",
        "tack",
        "tacked",
        "tacking",
        "time",
        "trail",
        "x",
        "y",
        "zone_dist",
    )

    def __init__(self, boat_id: str) -> None:
        self.id = boat_id
        self.time = -math.inf
        self.x = self.y = 0.0
        self.heading: float | None = None
        self.tack: Tack | None = None
        self.tacking = False
        self.angle = 0.0
        self.rate = 0.0
        self.passed_htw = False
        self.moves: deque[tuple[float, float, float]] = deque()
        """``(time, x, y)`` over the heading window, hull lengths."""
        self.recent: deque[tuple[float, float]] = deque()
        """``(time, heading)`` over the last :data:`AVOIDING_SECONDS`."""
        self.trail: deque[_Row] = deque(maxlen=TRAIL)
        """Her rows at the samples before this one."""
        self.row: _Row | None = None
        self.boat: Boat | None = None
        self.sx = self.sy = self.bx = self.by = self.cx = self.cy = 0.0
        self.entered: dict[int, tuple[float, float, dict[str, tuple[bool, bool, str | None]]]] \
            = {}
        """By mark index: ``(time, distance, others)`` of her entry into its zone, others
        being ``(overlap terms apply, overlapped, inside)`` of each boat near her then."""
        self.left: dict[int, float] = {}
        """By mark index: when she last left its zone."""
        self.tacked: dict[int, float] = {}
        """By mark index: when she last passed head to wind in its zone."""
        self.zone_dist: dict[int, float] = {}
        """By mark index: her distance from each mark whose zone she is in now."""

    def make_boat(self) -> Boat:
        if self.boat is None:
            assert self.row is not None
            _, x, y, h, tacking, stated = self.row
            self.boat = Boat(self.id, (x, y), h, tacking, stated)
        return self.boat


def _boat_of(boat_id: str, row: _Row, dx: float = 0.0, dy: float = 0.0) -> Boat:
    _, x, y, h, tacking, stated = row
    return Boat(boat_id, (round(x - dx, 4), round(y - dy, 4)), h, tacking, stated)


# --- each pair -----------------------------------------------------------------------------


_Items = tuple[tuple[Mark, ...], tuple[Obstruction, ...], tuple[Line, ...]]
_Snap = tuple[float, float, tuple[str, str], _Row, _Row, Facts, tuple[_Row, ...],
              tuple[_Row, ...], _Items]
"""What it takes to rule a pair at one sample: ``(time, wind, pair, row a, row b, facts,
trail a, trail b, (marks, obstructions, lines))``."""


class _Open:
    """An incident being recorded."""

    __slots__ = ("avoiding", "base", "changes", "closest", "closest_time", "contact", "end",
                 "last", "now", "pair", "ruled", "snap", "start")

    def __init__(self, pair: tuple[str, str], time: float) -> None:
        self.pair = pair
        self.start = self.end = time
        self.closest = math.inf
        self.closest_time = time
        self.snap: _Snap | None = None
        """The sample nearest the closest approach at which the pair can be ruled."""
        self.ruled = math.inf
        """The distance of that sample."""
        self.contact = False
        self.avoiding: str | None = None
        self.changes: list[Change] = []
        self.last: IncidentRuling | None = None
        """The ruling found last (``None`` until one is needed)."""
        self.base: _Snap | None = None
        """The incident's first sample that can be ruled, from which changes count."""
        self.now: _Snap | None = None
        """The pair at the incident's last sample (``None`` when it cannot be ruled)."""


class _Pair:
    """What a pair's history shows, kept between samples."""

    __slots__ = ("acquired", "astern", "facts", "facts_key", "incident", "relation", "ruled",
                 "shape", "since", "time", "was", "zone")

    def __init__(self) -> None:
        self.time = -math.inf
        """The last sample at which the pair was within range."""
        self.relation: tuple[str, str, str, str | None, str | None] | None = None
        self.since = -math.inf
        """Since when the right-of-way boat of ``relation`` has held right of way."""
        self.was: str | None = None
        """How they stood at ``time``: ``"over"`` (overlapped, same tack), the id of the
        boat clear astern, or ``None`` (on opposite tacks)."""
        self.astern: tuple[str, Literal["leeward", "windward"], bool] | None = None
        self.acquired: tuple[str, bool, float] | None = None
        self.zone: tuple[int, ZoneEntry, float, float] | None = None
        """``(mark index, entry, time made, time the first boat entered)``."""
        self.facts_key: Any = None
        self.ruled: tuple[float, Any] = (-math.inf, None)
        """The sample ``relation`` was found at, and the pair's ``shape`` then."""
        self.shape: tuple[Any, ...] | None = None
        """What Section A's answer turns on, away from marks and obstructions: the tacks,
        the tacking, and the overlap with the leeward boat or who is clear astern."""
        self.facts: tuple[Any, Facts] | None = None
        """The last facts made and what they were made of."""
        self.incident: _Open | None = None


# --- small pieces -------------------------------------------------------------------------


def _time(t: float) -> float:
    return round(t, 6) + 0.0


def _moved_obstruction(o: Obstruction, ox: float, oy: float) -> Obstruction:
    if o.polygon is not None:
        return Obstruction(o.id, polygon=tuple((round(p[0] - ox, 4), round(p[1] - oy, 4))
                                               for p in o.polygon), kind=o.kind)
    assert o.at is not None and o.radius is not None
    return Obstruction(o.id, (round(o.at[0] - ox, 4), round(o.at[1] - oy, 4)),
                       round(o.radius, 4), kind=o.kind)


def _hull_of(row: _Row) -> tuple[tuple[float, float], tuple[float, float]]:
    _, x, y, h, _, _ = row
    rad = math.radians(h)
    dx, dy = math.sin(rad) * 0.5, math.cos(rad) * 0.5
    return ((x - dx, y - dy), (x + dx, y + dy))


def _tack_at(row: _Row, wind: float) -> Tack | None:
    if row[5] is not None:
        return row[5]
    r = (wind - row[3]) % 360.0
    return Tack.STARBOARD if r < 180.0 else Tack.PORT


def _astern(a: _Boat, b: _Boat) -> bool:
    """Whether ``a`` is clear astern of ``b``."""
    assert b.heading is not None
    return clear_astern(((a.sx, a.sy), (a.bx, a.by)), ((b.sx, b.sy), (b.bx, b.by)), b.heading)


def _leeward(a: _Boat, b: _Boat, wind: float) -> str:
    """The leeward boat of two on the same tack (as the rules find it: each boat's leeward
    side, then the deeper downwind, then the id)."""
    assert a.heading is not None and b.heading is not None and a.tack is not None \
        and b.tack is not None
    score = leeward_score((a.cx, a.cy), a.heading, a.tack, (b.cx, b.cy), b.heading, b.tack)
    if score > TOLERANCE:
        return b.id
    if score < -TOLERANCE:
        return a.id
    da, db = downwind_depth((a.cx, a.cy), wind), downwind_depth((b.cx, b.cy), wind)
    if abs(da - db) > TOLERANCE:
        return a.id if da > db else b.id
    return min(a.id, b.id)


def _inside(x: _Boat, y: _Boat, m: tuple[float, float]) -> str | None:
    """The inside boat of two at ``m``: she lies on ``m``'s side of the other's centreline
    extended, and the other on the side of hers away from ``m`` (the definition Inside)."""
    for p, q in ((x, y), (y, x)):
        assert p.heading is not None and q.heading is not None
        q_m, q_p = lateral(m, (q.cx, q.cy), q.heading), lateral((p.cx, p.cy), (q.cx, q.cy),
                                                                q.heading)
        p_m, p_q = lateral(m, (p.cx, p.cy), p.heading), lateral((q.cx, q.cy), (p.cx, p.cy),
                                                                p.heading)
        if abs(q_m) > TOLERANCE and q_m * q_p > 0 and abs(p_m) > TOLERANCE and p_m * p_q < 0:
            return p.id
    return None


def _changed_tack(st: _Boat, wind: float) -> bool:
    """Whether she changed tack, or began or ended a tack, since the sample before."""
    if not st.trail:
        return False
    before = st.trail[-1]
    return before[4] != st.tacking or _tack_at(before, wind) is not st.tack


def _moved(st: _Boat) -> float:
    if not st.trail:
        return 0.0
    before = st.trail[-1]
    return math.hypot(st.x - before[1], st.y - before[2])


def _with(facts: Facts, **changes: Any) -> Facts:
    return replace(facts, **changes)
