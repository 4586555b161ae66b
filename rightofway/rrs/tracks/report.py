"""Incidents from boats sampled over time: the :class:`Tracker` a game pushes its boats
into, and :func:`incidents`, which feeds it the samples of recorded tracks.

Every step, the boats are dropped into a grid of cells of side ``range + 1`` hull
lengths and only boats of neighbouring cells are measured against each other; a pair
whose hulls come within ``range`` hull lengths is ruled as a two-boat
:class:`~rightofway.rrs.Position` (the course's marks, obstructions and lines near them,
the facts their history shows) on the fast path, :func:`~rightofway.rrs.relations`. The
explained :func:`~rightofway.rrs.ruling`, with a short trail of earlier samples, is asked
only where the report needs it: when an incident opens, where the pair's ruling or facts
change, and at the closest approach.
"""

from __future__ import annotations

import bisect
import math
import re
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rightofway.errors import InputError, shown
from rightofway.geometry import Tack
from rightofway.plane import (
    ANGLE_TOLERANCE,
    TOLERANCE,
    downwind_depth,
    leeward_score,
    overlapped,
    point_segment_distance,
    segment_distance,
)
from rightofway.positions import Line, PositionError
from rightofway.rrs.position import (
    Boat,
    Facts,
    Mark,
    Obstruction,
    Options,
    Position,
    Snapshot,
    ZoneEntry,
)
from rightofway.rrs.rules import relations, ruling
from rightofway.rrs.tracks.read import KNOT, Course, Tracks, samples

__all__ = [
    "ACQUIRED_SECONDS",
    "AVOIDING_DEGREES",
    "AVOIDING_SECONDS",
    "CHANGING_COURSE",
    "STILL_KNOTS",
    "Change",
    "Incident",
    "IncidentEvent",
    "Ruling",
    "Tracker",
    "incidents",
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
_REUSE = True
"""Whether a pair's fast-path answer is kept while nothing it turns on changed (the
tests compare with asking every sample)."""


# --- what the report says --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ruling:
    """What Part 2 says of a pair: the spec's five keys."""

    right_of_way: str
    keep_clear: str
    mark_room: str | None
    room: str | None
    rules: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"right_of_way", "keep_clear", "mark_room", "room", "rules"}``."""
        return {"right_of_way": self.right_of_way, "keep_clear": self.keep_clear,
                "mark_room": self.mark_room, "room": self.room, "rules": list(self.rules)}


@dataclass(frozen=True, slots=True)
class Change:
    """The pair's ruling from ``time`` on."""

    time: float
    ruling: Ruling

    def to_json(self) -> dict[str, Any]:
        """``{"time", "ruling"}``."""
        return {"time": self.time, "ruling": self.ruling.to_json()}


@dataclass(frozen=True, slots=True)
class Incident:
    """Two boats within range of each other, from ``start`` to ``end`` (seconds from the
    first fix): their closest approach (``closest_time``, ``closest_distance`` between the
    hulls in hull lengths), the ruling there, whether they touched (``contact``), the
    right-of-way boat that took avoiding action (or ``None``), and each change of the
    ruling after ``start``.

    ``position`` is the :class:`~rightofway.rrs.Position` ruled (the pair re-centred on
    whole hull lengths, with the facts and the trail), taken at ``ruled_time``: the closest
    approach, or, where the hulls touched there, the nearest sample of the incident at
    which they did not (``None`` when they touched at every sample). :attr:`scenario`
    writes it as an rrs scenario file."""

    boats: tuple[str, str]
    start: float
    end: float
    closest_time: float
    closest_distance: float
    ruling: Ruling | None
    contact: bool
    avoiding_action: str | None
    changes: tuple[Change, ...]
    position: Position | None = field(default=None, compare=False, repr=False)
    ruled_time: float | None = None

    @property
    def scenario(self) -> str:
        """The ruled sample as an rrs scenario file (YAML): the position, its facts and
        trail, and the ruling as its ``expect``, which ``rightofway check`` passes; empty
        when there is no ruling."""
        if self.position is None or self.ruling is None or self.ruled_time is None:
            return ""
        return _scenario(self.boats[0], self.boats[1], self.ruled_time, self.position,
                         self.ruling)

    def to_json(self) -> dict[str, Any]:
        """The incident as the spec writes it."""
        return {"boats": list(self.boats), "start": self.start, "end": self.end,
                "closest": {"time": self.closest_time, "distance": self.closest_distance},
                "ruling": self.ruling.to_json() if self.ruling is not None else None,
                "contact": self.contact, "avoiding_action": self.avoiding_action,
                "changes": [c.to_json() for c in self.changes], "scenario": self.scenario}


class IncidentEvent:
    """What a sample did to an incident: ``opened`` it, ``changed`` its ruling, or
    ``closed`` it, between ``boats``; :attr:`incident` as it stood then. An open incident
    ends at the sample and is ruled at its closest approach so far on the facts alone; a
    closed one is ruled with the trail as well, as its scenario file writes it (the facts
    carry what the trail shows, so the two agree but for the rare reading only a trail
    gives). An open incident's ruling is worked out when first asked for."""

    __slots__ = ("_incident", "_make", "boats", "kind")

    def __init__(self, kind: Literal["opened", "changed", "closed"],
                 incident: Incident | Callable[[], Incident],
                 boats: tuple[str, str] | None = None) -> None:
        self.kind = kind
        if isinstance(incident, Incident):
            self._incident: Incident | None = incident
            self._make: Callable[[], Incident] | None = None
            self.boats = incident.boats
        else:
            if boats is None:
                raise TypeError("boats: name the pair of an incident made when asked for")
            self._incident, self._make, self.boats = None, incident, boats

    @property
    def incident(self) -> Incident:
        """The incident as it stood at the sample."""
        if self._incident is None:
            assert self._make is not None
            self._incident, self._make = self._make(), None
        return self._incident

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IncidentEvent):
            return NotImplemented
        return (self.kind, self.incident) == (other.kind, other.incident)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"IncidentEvent(kind={self.kind!r}, boats={self.boats!r})"


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
                 "last", "pair", "ruled", "snap", "start")

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
        self.last: Ruling | None = None
        """The ruling found last (``None`` until one is needed)."""
        self.base: _Snap | None = None
        """The incident's first sample that can be ruled, from which changes count."""


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


# --- the tracker --------------------------------------------------------------------------


def _check_boats(boats: object, speeds: object) -> None:
    """Refuse what is not a fleet to push: ids to ``(x, y)`` or ``(x, y, heading)``, and
    ids to knots."""
    if not isinstance(boats, Mapping):
        raise TypeError(f"boats: expected a mapping of boat id to (x, y) or (x, y, "
                        f"heading), got {type(boats).__name__}")
    for bid, place in boats.items():
        if type(bid) is not str or not bid:
            raise InputError(f"boats: expected boat ids (text), got {shown(bid)}")
        if not isinstance(place, (tuple, list)) or len(place) not in (2, 3):
            raise InputError(f"boats[{bid!r}]: expected (x, y) or (x, y, heading), got "
                             f"{shown(place)}")
        for v in place:
            if isinstance(v, bool) or not isinstance(v, (int, float)) \
                    or not math.isfinite(v) or abs(v) > 1e12:
                raise InputError(f"boats[{bid!r}]: expected finite numbers, got "
                                 f"{shown(place)}")
    if speeds is None:
        return
    if not isinstance(speeds, Mapping):
        raise TypeError(f"speeds: expected a mapping of boat id to knots, got "
                        f"{type(speeds).__name__}")
    for bid, knots in speeds.items():
        if isinstance(knots, bool) or not isinstance(knots, (int, float)) \
                or not math.isfinite(knots) or knots < 0:
            raise InputError(f"speeds[{bid!r}]: expected knots, 0 or more, got "
                             f"{shown(knots)}")


def _check_number(value: object, name: str, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value) or not low < value <= high:
        raise InputError(f"{name}: expected a number more than {low:g} and at most "
                         f"{high:g}, got {shown(value)}")
    return float(value)


class Tracker:
    """Incidents from boats pushed one sample at a time (a game's ticks, or the samples of
    recorded tracks: :func:`incidents`).

    ``course`` gives the hull length (boats' places are pushed in the course's metres),
    the wind, the start and the marks. ``range``: hull lengths between hulls within which
    two boats are in an incident (default 3). ``heading_window``: seconds over which a
    boat pushed without a heading takes her course over ground (default 3). ``options``:
    the Racing Rules' options (zone size and others).
    """

    def __init__(self, course: Course, *, range: float = 3.0,
                 heading_window: float = 3.0, options: Options | None = None) -> None:
        if not isinstance(course, Course):
            raise TypeError(f"course: expected a Course, got {type(course).__name__}")
        self.course = course
        self.range = _check_number(range, "range", 0.0, 100.0)
        self.heading_window = _check_number(heading_window, "heading_window", 0.0, 3600.0)
        if options is not None and not isinstance(options, Options):
            raise TypeError(f"options: expected rrs Options, got {type(options).__name__}")
        self.options = options or Options()
        scale = 1.0 / course.hull_length
        self._scale = scale
        self._marks = tuple(Mark(m.id, (m.at[0] * scale, m.at[1] * scale), m.leave_to,
                                 m.role, m.gate) for m in course.marks)
        obstructions = []
        for o in course.obstructions:
            if o.polygon is not None:
                obstructions.append(Obstruction(o.id, polygon=tuple(
                    (p[0] * scale, p[1] * scale) for p in o.polygon), kind=o.kind))
            else:
                assert o.at is not None and o.radius is not None
                obstructions.append(Obstruction(o.id, (o.at[0] * scale, o.at[1] * scale),
                                                o.radius * scale, kind=o.kind))
        self._obstructions = tuple(obstructions)
        self._lines = tuple(Line(ln.id, ln.kind, ((ln.ends[0][0] * scale,
                                                   ln.ends[0][1] * scale),
                                                  (ln.ends[1][0] * scale,
                                                   ln.ends[1][1] * scale)))
                            for ln in course.lines)
        self._boxes: list[tuple[float, float, float, float, int, int]] = []
        """Each course item's bounding box in hull lengths, with its kind (0 mark,
        1 obstruction, 2 line) and index."""
        for i, m in enumerate(self._marks):
            self._boxes.append((m.at[0], m.at[1], m.at[0], m.at[1], 0, i))
        for i, o in enumerate(self._obstructions):
            pts = o.polygon if o.polygon is not None else (
                (o.at[0] - o.radius, o.at[1] - o.radius),  # type: ignore[index,operator]
                (o.at[0] + o.radius, o.at[1] + o.radius))  # type: ignore[index,operator]
            self._boxes.append((min(p[0] for p in pts), min(p[1] for p in pts),
                                max(p[0] for p in pts), max(p[1] for p in pts), 1, i))
        for i, ln in enumerate(self._lines):
            (ax, ay), (bx, by) = ln.ends
            self._boxes.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by), 2, i))
        self._boats: dict[str, _Boat] = {}
        self._pairs: dict[tuple[str, str], _Pair] = {}
        self._done: list[Incident] = []
        self._time = -math.inf
        self._prev_time = -math.inf
        self._wind = course.wind_at(0.0)
        self._shifts = [t for t, _ in course.wind] if len(course.wind) > 1 else []
        self._closed = False
        self._ruled: tuple[Any, bool, tuple[Ruling | None, Position | None]] = (
            None, False, (None, None))
        """The last sample ruled and its ruling (an incident opens, or changes, at its
        closest approach so far)."""

    # --- the public face ---

    @property
    def incidents(self) -> list[Incident]:
        """The incidents closed so far, sorted by start, then boat ids."""
        return sorted(self._done, key=lambda i: (i.start, i.boats))

    @property
    def headings(self) -> dict[str, float | None]:
        """Each boat's heading at the last sample (given, or found from her course over
        ground; ``None`` while she has none yet and so takes no part), for the boats on
        the water then."""
        return {b.id: b.heading for b in self._boats.values() if b.time == self._time}

    @property
    def open(self) -> list[Incident]:
        """The incidents still open, as they stand at the last sample."""
        return sorted((self._incident(ps.incident) for ps in self._pairs.values()
                       if ps.incident is not None), key=lambda i: (i.start, i.boats))

    def push(self, time: float, boats: Mapping[str, Sequence[float]],
             speeds: Mapping[str, float] | None = None) -> list[IncidentEvent]:
        """The fleet at ``time`` (seconds, later than the last push): each boat's ``(x, y)``
        or ``(x, y, heading)`` in the course's metres, and optionally her speed in knots
        (else measured from her places). A boat left out is off the water: her incidents
        close. The events of this sample: incidents closed, then opened, then changed."""
        if self._closed:
            raise InputError("push: the tracker is closed")
        t = _check_number(time, "time", -1e15, 1e15)
        if t <= self._time:
            raise InputError(f"time: expected a time after the last push ({self._time:g}), "
                             f"got {t:g}")
        _check_boats(boats, speeds)
        self._prev_time, self._time = self._time, t
        if self._shifts:
            i = bisect.bisect_right(self._shifts, t + 1e-9) - 1
            self._wind = self.course.wind[max(i, 0)][1]
        present = self._move(t, boats, speeds)
        self._zones(t, present)
        events: list[IncidentEvent] = []
        opened: list[IncidentEvent] = []
        changed: list[IncidentEvent] = []
        seen: set[tuple[str, str]] = set()
        for a, b, dist in self._near(present):
            pair = (a.id, b.id) if a.id < b.id else (b.id, a.id)
            if a.id > b.id:
                a, b = b, a
            seen.add(pair)
            self._step_pair(t, pair, a, b, dist, opened, changed)
        for pair, ps in list(self._pairs.items()):
            if pair in seen:
                continue
            if ps.incident is not None:
                events.append(IncidentEvent("closed", self._finish(ps.incident)))
                ps.incident = None
            if ps.zone is None or not self._zone_alive(pair, ps.zone):
                del self._pairs[pair]
        events.sort(key=lambda e: e.boats)
        opened.sort(key=lambda e: e.boats)
        changed.sort(key=lambda e: e.boats)
        return events + opened + changed

    def close(self) -> list[IncidentEvent]:
        """End every open incident (the tracks end); the events that closed them."""
        events = []
        for ps in self._pairs.values():
            if ps.incident is not None:
                events.append(IncidentEvent("closed", self._finish(ps.incident)))
                ps.incident = None
        self._closed = True
        return sorted(events, key=lambda e: e.boats)

    # --- the boats ---

    def _move(self, t: float, boats: Mapping[str, Sequence[float]],
              speeds: Mapping[str, float] | None) -> list[_Boat]:
        scale = self._scale
        wind = self._wind
        window = self.heading_window
        close_hauled = self.options.close_hauled
        present: list[_Boat] = []
        for bid, place in boats.items():
            st = self._boats.get(bid)
            if st is None:
                st = self._boats[bid] = _Boat(bid)
            elif st.row is not None:
                if st.time == self._prev_time:
                    st.trail.append(st.row)
                else:  # she was off the water: her trail and motion start again
                    st.trail.clear()
                    st.moves.clear()
                    st.recent.clear()
            x, y = round(place[0] * scale, 4), round(place[1] * scale, 4)
            moves = st.moves
            moves.append((t, x, y))
            while moves[0][0] < t - window - 1e-9:
                moves.popleft()
            prev = st.heading
            if len(place) == 3:
                heading: float | None = round(float(place[2]) % 360.0, 2) % 360.0
            else:
                heading = prev
                t0, x0, y0 = moves[0]
                if t0 < t:
                    d = math.hypot(x - x0, y - y0)
                    given = speeds.get(bid) if speeds is not None else None
                    knots = given if given is not None else \
                        d / scale / (t - t0) / KNOT
                    if knots >= STILL_KNOTS and d > 0:
                        heading = round(math.degrees(math.atan2(x - x0, y - y0)) % 360.0,
                                        2) % 360.0
            st.time = t
            st.x, st.y = x, y
            st.boat = None
            st.passed_htw = False
            if heading is None:
                st.row = None
                continue
            r = (wind - heading) % 360.0
            angle = 360.0 - r if r > 180.0 else r
            stated: Tack | None = None
            if angle <= ANGLE_TOLERANCE or angle >= 180.0 - ANGLE_TOLERANCE:
                tack = st.tack or Tack.STARBOARD
                stated = tack
            else:
                tack = Tack.STARBOARD if r < 180.0 else Tack.PORT
            if prev is not None and st.tack is not None and tack is not st.tack:
                # the short turn from prev to heading passed head to wind (not downwind)
                rel_prev = _turn(wind, prev)
                rel_now = _turn(wind, heading)
                if abs(rel_prev) + abs(rel_now) < 180.0:
                    st.tacking = True
                    st.passed_htw = True
                else:
                    st.tacking = False
            if st.tacking and angle >= close_hauled - ANGLE_TOLERANCE:
                st.tacking = False
            if prev is not None and st.row is not None and st.row[0] == self._prev_time:
                st.rate = _turn(prev, heading) / (t - self._prev_time)
            else:
                st.rate = 0.0
            st.angle = angle
            st.tack = tack
            st.heading = heading
            recent = st.recent
            recent.append((t, heading))
            while recent[0][0] < t - AVOIDING_SECONDS - 1e-9:
                recent.popleft()
            st.row = (t, x, y, heading, st.tacking, stated)
            rad = math.radians(heading)
            dx, dy = math.sin(rad) * 0.5, math.cos(rad) * 0.5
            st.sx, st.sy, st.bx, st.by = x - dx, y - dy, x + dx, y + dy
            st.cx, st.cy = x, y
            present.append(st)
        # boats that were not pushed are off the water
        for st in self._boats.values():
            if st.time != t:
                st.row = None
                st.boat = None
                if st.entered:
                    for m in st.entered:
                        st.left[m] = t
                    st.entered.clear()
                    st.zone_dist.clear()
        return present

    def _zones(self, t: float, present: list[_Boat]) -> None:
        """Each boat's zones: entries (with how the boats near her stood), exits and tacks
        in them."""
        marks = self._marks
        if not marks:
            return
        zone = self.options.zone_lengths + TOLERANCE
        quick = (zone + 0.5) ** 2
        entries: list[tuple[_Boat, int, float]] = []
        for st in present:
            st.zone_dist.clear()
            for i, m in enumerate(marks):
                mx, my = m.at
                if (st.cx - mx) ** 2 + (st.cy - my) ** 2 <= quick:
                    d = point_segment_distance(m.at, (st.sx, st.sy), (st.bx, st.by))
                    if d <= zone:
                        st.zone_dist[i] = d
            for i in list(st.entered):
                if i not in st.zone_dist:
                    del st.entered[i]
                    st.left[i] = t
            for i, d in st.zone_dist.items():
                if i not in st.entered:
                    entries.append((st, i, d))
                elif st.passed_htw:
                    st.tacked[i] = t
        reach = (2 * self.options.zone_lengths + 2) ** 2
        for st, i, d in entries:
            others: dict[str, tuple[bool, bool, str | None]] = {}
            for o in present:
                if o is st or (o.cx - st.cx) ** 2 + (o.cy - st.cy) ** 2 > reach:
                    continue
                others[o.id] = self._stood(st, o, marks[i])
            st.entered[i] = (t, d, others)

    def _stood(self, x: _Boat, y: _Boat, m: Mark) -> tuple[bool, bool, str | None]:
        """How ``x`` and ``y`` stand at mark ``m``: whether rule 18 can apply between them
        (not on opposite tacks both sailing within 90 degrees of the wind, RRS 18.1(a)(1)),
        whether they overlap, and the inside boat (the definition Inside)."""
        applies = x.tack is y.tack or x.angle >= 90.0 or y.angle >= 90.0
        if not applies:
            return (False, False, None)
        over = overlapped(((x.sx, x.sy), (x.bx, x.by)), x.row[3],  # type: ignore[index]
                          ((y.sx, y.sy), (y.bx, y.by)), y.row[3])  # type: ignore[index]
        return (True, over, _inside(x, y, m.at) if over else None)

    def _near(self, present: list[_Boat]) -> Iterable[tuple[_Boat, _Boat, float]]:
        """The pairs of boats whose hulls are within range, with that distance."""
        rng = self.range
        size = rng + 1.0
        reach2 = size * size
        cells: dict[tuple[int, int], list[_Boat]] = {}
        floor = math.floor
        keys = []
        for st in present:
            key = (floor(st.cx / size), floor(st.cy / size))
            keys.append(key)
            cell = cells.get(key)
            if cell is None:
                cells[key] = [st]
            else:
                cell.append(st)
        out = []
        for st, (kx, ky) in zip(present, keys, strict=True):
            for dx, dy in ((0, 0), (1, 0), (1, 1), (0, 1), (-1, 1)):
                cell = cells.get((kx + dx, ky + dy))
                if cell is None:
                    continue
                for o in cell:
                    if dx == 0 and dy == 0 and o.id <= st.id:
                        continue
                    ex, ey = o.cx - st.cx, o.cy - st.cy
                    if ex * ex + ey * ey > reach2:
                        continue
                    d = segment_distance((st.sx, st.sy), (st.bx, st.by), (o.sx, o.sy),
                                         (o.bx, o.by))
                    if d <= rng + TOLERANCE:
                        out.append((st, o, d))
        return out

    # --- the pairs ---

    def _items(self, a: _Boat, b: _Boat) -> tuple[tuple[Mark, ...], tuple[Obstruction, ...],
                                                  tuple[Line, ...]]:
        """The course's marks, obstructions and lines near the pair (what the rules can
        see: a zone's distance and a little more)."""
        if not self._boxes:
            return ((), (), ())
        px, py = (a.cx + b.cx) / 2, (a.cy + b.cy) / 2
        reach = self.options.zone_lengths + 2.0 + math.hypot(a.cx - b.cx, a.cy - b.cy) / 2
        marks: list[Mark] = []
        obstructions: list[Obstruction] = []
        lines: list[Line] = []
        for x0, y0, x1, y1, kind, i in self._boxes:
            dx = max(x0 - px, 0.0, px - x1)
            dy = max(y0 - py, 0.0, py - y1)
            if dx * dx + dy * dy <= reach * reach:
                if kind == 0:
                    marks.append(self._marks[i])
                elif kind == 1:
                    obstructions.append(self._obstructions[i])
                else:
                    lines.append(self._lines[i])
        return (tuple(marks), tuple(obstructions), tuple(lines))

    def _zone_alive(self, pair: tuple[str, str], zone: tuple[int, ZoneEntry, float, float]
                    ) -> bool:
        """Whether one boat of the pair has stayed in the mark's zone since the pair's
        zone entry was fixed."""
        i, _, made, _ = zone
        for bid in pair:
            st = self._boats.get(bid)
            if st is not None and i in st.entered and st.entered[i][0] <= made:
                return True
        return False

    def _facts(self, t: float, ps: _Pair, a: _Boat, b: _Boat, dist: float) -> Facts:
        """The facts the pair's history shows at ``t``."""
        pair = (a.id, b.id)
        # the mark whose zone the rules look at: the nearest with one of them in its zone
        mark = None
        best = math.inf
        for st in (a, b):
            for i, d in st.zone_dist.items():
                if d < best:
                    best, mark = d, i
        zone_entry = None
        left = tacker = None
        if mark is not None:
            zone = ps.zone
            if zone is not None and (zone[0] != mark or not self._zone_alive(pair, zone)):
                zone = ps.zone = None
            if zone is None:
                ins = [st for st in (a, b) if mark in st.entered]
                first = min(ins, key=lambda s: (s.entered[mark][0], s.entered[mark][1], s.id))
                other = b if first is a else a
                when, _, others = first.entered[mark]
                stood = others.get(other.id, (True, False, None))
                if not stood[0]:  # rule 18 did not apply then: it begins to now, if at all
                    stood = self._stood(first, other, self._marks[mark])
                    when = t
                if stood[0]:
                    zone = ps.zone = (mark, ZoneEntry(first.id, stood[1], stood[2]), t, when)
            if zone is not None:
                zone_entry = zone[1]
                since = zone[3]
                for st in (a, b):
                    if mark not in st.entered and st.left.get(mark, -math.inf) >= since:
                        left = st.id
                done = [(st.tacked[mark], st.id) for st in (a, b)
                        if st.tacked.get(mark, -math.inf) >= since]
                if done:
                    tacker = max(done)[1]
        # overlap from clear astern: how they stood at the sample before
        was = ps.was if ps.time == self._prev_time else self._was_then(a, b)
        same = a.tack is b.tack
        hull_a = ((a.sx, a.sy), (a.bx, a.by))
        hull_b = ((b.sx, b.sy), (b.bx, b.by))
        now: str | None = None
        shape: tuple[Any, ...] = (a.tack, b.tack, a.tacking, b.tacking)
        if same:
            assert a.heading is not None and b.heading is not None
            if overlapped(hull_a, a.heading, hull_b, b.heading):
                now = "over"
                lee = _leeward(a, b, self._wind)
                shape += (lee,)
            else:
                a_astern = _astern(a, b)
                now = a.id if a_astern else b.id
                shape += (a_astern, _astern(b, a))
        ps.shape = shape
        if now != "over":
            ps.astern = None
        elif was is not None and was != "over":
            came = was
            ps.astern = (came, "leeward" if lee == came else "windward", dist <= 2.0 + TOLERANCE)
        ps.was = now
        acquired = None
        if ps.acquired is not None:
            if t - ps.acquired[2] <= ACQUIRED_SECONDS + 1e-9:
                acquired = (ps.acquired[0], ps.acquired[1])
            else:
                ps.acquired = None
        changing = None
        turning = [st for st in (a, b) if abs(st.rate) > CHANGING_COURSE]
        if turning:
            if len(turning) == 2:
                holder = ps.relation[1] if ps.relation is not None else None
                turning.sort(key=lambda s: (s.id != holder, -abs(s.rate)))
            st = turning[0]
            before = st.trail[-1][3] if st.trail else st.heading
            assert before is not None and st.heading is not None
            r0 = abs(_turn(self._wind, before))
            r1 = abs(_turn(self._wind, st.heading))
            changing = (st.id, "luff" if r1 < r0 else "bear-away")
        start = self.course.start
        starting = start is not None and t < start
        key = (zone_entry, ps.astern, acquired, changing, starting, tacker, left)
        if ps.facts is not None and key == ps.facts[0]:
            return ps.facts[1]
        facts = Facts(zone_entry=zone_entry, overlap_from_clear_astern=ps.astern,
                      acquired_right_of_way=acquired,
                      changing_course=changing,  # type: ignore[arg-type]
                      starting=starting, passed_head_to_wind_in_zone=tacker, left_zone=left)
        ps.facts = (key, facts)
        return facts

    def _was_then(self, a: _Boat, b: _Boat) -> str | None:
        """How the pair stood at the sample before, from the boats' trails, when they were
        both on the water then and on the same tack."""
        if not a.trail or not b.trail or a.trail[-1][0] != self._prev_time \
                or b.trail[-1][0] != self._prev_time:
            return None
        ra, rb = a.trail[-1], b.trail[-1]
        ta = _tack_at(ra, self._wind)
        tb = _tack_at(rb, self._wind)
        if ta is None or ta is not tb:
            return None
        ha, hb = _hull_of(ra), _hull_of(rb)
        if overlapped(ha, ra[3], hb, rb[3]):
            return "over"
        from rightofway.plane import clear_astern

        return a.id if clear_astern(ha, hb, rb[3]) else b.id

    def _step_pair(self, t: float, pair: tuple[str, str], a: _Boat, b: _Boat, dist: float,
                   opened: list[IncidentEvent], changed: list[IncidentEvent]) -> None:
        ps = self._pairs.get(pair)
        if ps is None:
            ps = self._pairs[pair] = _Pair()
        facts = self._facts(t, ps, a, b, dist)
        items = self._items(a, b)
        relation = None
        if (_REUSE and not items[0] and not items[1] and not a.tacking and not b.tacking
                and ps.ruled == (self._prev_time, ps.shape) and dist > 1e-6):
            # away from marks and obstructions, who keeps clear of whom (Section A) turns
            # on the tacks, the overlap, who is clear astern and who is to leeward alone:
            # unchanged since the sample before, so is the fast path's answer
            relation = ps.relation
        elif dist > 1e-6:
            try:
                pos = Position(self._wind, (a.make_boat(), b.make_boat()), items[0], items[1],
                               items[2], facts, options=self.options)
                relation = relations(pos)[0]
            except PositionError:
                relation = None
        if relation is not None and ps.relation is not None and ps.time == self._prev_time \
                and relation[1] != ps.relation[1]:
            # right of way changed hands: by the holder's action when her tack changed and
            # not the other's, or, neither tack changing, when she moved the farther
            holder = a if relation[1] == a.id else b
            other = b if holder is a else a
            mine = _changed_tack(holder, self._wind)
            theirs = _changed_tack(other, self._wind)
            own = mine if mine != theirs else _moved(holder) >= _moved(other)
            ps.acquired = (holder.id, own, t)
            facts = _with(facts, acquired_right_of_way=(holder.id, own))
        assert a.row is not None and b.row is not None
        snap: _Snap = (t, self._wind, pair, a.row, b.row, facts, tuple(a.trail),
                       tuple(b.trail), items)
        key = (facts, relation)
        inc = ps.incident
        if inc is None:
            inc = ps.incident = _Open(pair, t)
            first = True
        else:
            first = False
        inc.end = t
        if dist < inc.closest - 1e-12:
            inc.closest, inc.closest_time = dist, t
        if relation is not None and dist < inc.ruled - 1e-12:
            inc.ruled, inc.snap = dist, snap
        if dist <= self.course.beam + TOLERANCE:
            inc.contact = True
        if relation is not None and (ps.relation is None or ps.time != self._prev_time
                                     or relation[1] != ps.relation[1]):
            ps.since = t
        if inc.avoiding is None and relation is not None and dist <= 2.0 + TOLERANCE:
            # her turn while she held right of way, the other boat within two lengths
            holder_st = a if relation[1] == a.id else b
            h = holder_st.heading
            assert h is not None
            since = max(ps.since, t - AVOIDING_SECONDS - 1e-9)
            if any(abs(_turn(h0, h)) > AVOIDING_DEGREES for t0, h0 in holder_st.recent
                   if t0 >= since):
                inc.avoiding = holder_st.id
        if first:
            inc.base = snap if relation is not None else None
            opened.append(self._event("opened", inc))
        elif relation is not None:
            if inc.base is None and inc.last is None:
                inc.base = snap  # the first sample that can be ruled: what changes start from
            elif key != ps.facts_key:
                if inc.last is None and inc.base is not None:
                    inc.last = self._rule(inc.base, False)[0]
                now = self._rule(snap, False)[0]
                if now is not None and now != inc.last:
                    if inc.last is not None:
                        inc.changes.append(Change(t, now))
                        changed.append(self._event("changed", inc))
                    inc.last = now
        if relation is not None:
            ps.relation = relation
            ps.ruled = (t, ps.shape)
            ps.facts_key = key
        ps.time = t

    # --- rulings and the report ---

    def _rule(self, snap: _Snap, with_trail: bool = True
              ) -> tuple[Ruling | None, Position | None]:
        """The explained ruling of a sample, on the position a scenario file writes: the
        pair re-centred on whole hull lengths, with (``with_trail``) the trail of the earlier
        samples both boats have (left out when it cannot be a trail: hulls that touched, a
        tack the wind has since changed); ``None`` when the hulls touch."""
        if self._ruled[0] is snap and self._ruled[1] == with_trail:
            return self._ruled[2]
        found = self._rule_now(snap, with_trail)
        self._ruled = (snap, with_trail, found)
        return found

    def _rule_now(self, snap: _Snap, with_trail: bool) -> tuple[Ruling | None, Position | None]:
        _, wind, (ida, idb), ra, rb, facts, ta, tb, (marks, obstructions, lines) = snap
        ox, oy = round((ra[1] + rb[1]) / 2), round((ra[2] + rb[2]) / 2)
        boat_a = _boat_of(ida, ra, ox, oy)
        boat_b = _boat_of(idb, rb, ox, oy)
        trail = []
        times_b = {r[0]: r for r in tb} if with_trail else {}
        for r in ta:
            other = times_b.get(r[0])
            if other is None:
                continue
            if segment_distance(*_hull_of(r), *_hull_of(other)) <= 1e-5:
                continue
            trail.append(Snapshot((_boat_of(ida, r, ox, oy), _boat_of(idb, other, ox, oy))))
        moved = (
            tuple(Mark(m.id, (round(m.at[0] - ox, 4), round(m.at[1] - oy, 4)), m.leave_to,
                       m.role, m.gate) for m in marks),
            tuple(_moved_obstruction(o, ox, oy) for o in obstructions),
            tuple(Line(ln.id, ln.kind, ((round(ln.ends[0][0] - ox, 4),
                                         round(ln.ends[0][1] - oy, 4)),
                                        (round(ln.ends[1][0] - ox, 4),
                                         round(ln.ends[1][1] - oy, 4)))) for ln in lines))
        for earlier in ((tuple(trail), ()) if trail else ((),)):
            try:
                pos = Position(wind, (boat_a, boat_b), *moved, facts=facts,
                               trail=earlier, options=self.options)
                found = ruling(pos, ida, idb)
            except PositionError:
                continue
            return Ruling(found.right_of_way, found.keep_clear, found.mark_room, found.room,
                          found.rules), pos
        return None, None

    def _finish(self, inc: _Open) -> Incident:
        done = self._incident(inc, True)
        self._done.append(done)
        return done

    def _incident(self, inc: _Open, final: bool = False) -> Incident:
        return self._made(self._state(inc), final)

    def _event(self, kind: Literal["opened", "changed"], inc: _Open) -> IncidentEvent:
        state = self._state(inc)
        return IncidentEvent(kind, lambda: self._made(state, False), inc.pair)

    @staticmethod
    def _state(inc: _Open) -> tuple[Any, ...]:
        return (inc.pair, inc.start, inc.end, inc.closest_time, inc.closest, inc.contact,
                inc.avoiding, tuple(inc.changes), inc.snap)

    def _made(self, state: tuple[Any, ...], final: bool) -> Incident:
        pair, start, end, closest_time, closest, contact, avoiding, changes, snap = state
        ruled, pos = self._rule(snap, final) if snap is not None else (None, None)
        return Incident(pair, _time(start), _time(end), _time(closest_time),
                        round(closest, 4), ruled, contact, avoiding, changes, pos,
                        _time(snap[0]) if snap is not None and pos is not None else None)


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
    from rightofway.plane import clear_astern

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
    from rightofway.plane import lateral

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
    from dataclasses import replace

    return replace(facts, **changes)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "boat"


def _scenario(a: str, b: str, t: float, pos: Position, r: Ruling) -> str:
    """The closest approach as an rrs scenario file: the position ruled, its facts and
    trail, and the ruling as its expectations."""
    from rightofway.room import yaml_text

    stamp = f"{t:.3f}".rstrip("0").rstrip(".").replace(".", "-")
    data = pos.to_json()
    options = data.pop("options")
    doc: dict[str, Any] = {
        "id": f"track-{_slug(a)}-{_slug(b)}-at-{stamp}s",
        "title": f"{a} and {b} at their closest approach, {t:g} s from the first fix",
        "ruleset": "rrs",
        "source": "Tracks: the sample nearest the closest approach, ruled by rightofway",
        "options": options,
        "position": data,
        "pair": [a, b],
        "expect": r.to_json(),
    }
    return yaml_text(doc)


# --- from tracks ------------------------------------------------------------------------------


def incidents(tracks: Tracks, course: Course, *, step: float = 1.0,
              range: float = 3.0, heading_window: float = 3.0,
              options: Options | None = None) -> list[Incident]:
    """Every incident of ``tracks`` sailing ``course``: the samples of
    :func:`~rightofway.rrs.tracks.samples` every ``step`` seconds pushed through a
    :class:`Tracker`, sorted by start, then boat ids."""
    tracker = Tracker(course, range=range, heading_window=heading_window, options=options)
    for t, places, speeds in samples(tracks, step):
        tracker.push(t, places, speeds)
    tracker.close()
    return tracker.incidents
