"""Incidents from boats sampled over time: the :class:`~rightofway.rrs.tracks.Tracker` a
game pushes its boats into, and :func:`~rightofway.rrs.tracks.incidents`, which feeds it
the samples of recorded tracks.

Every step, the boats are dropped into a grid of cells of side ``range + 1`` hull
lengths and only boats of neighbouring cells are measured against each other; a pair
whose hulls come within ``range`` hull lengths is ruled as a two-boat
:class:`~rightofway.rrs.Position` (the course's marks, obstructions and lines near them,
the facts their history shows) on the fast path, :func:`~rightofway.rrs.relations`. The
explained :func:`~rightofway.rrs.ruling` is asked only where the report needs it: where
the pair's ruling or facts change, and at the closest approach (with a short trail of
earlier samples).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Literal

from rightofway import rrs
from rightofway.errors import InputError, shown
from rightofway.geometry import Tack
from rightofway.plane import (
    ANGLE_TOLERANCE,
    TOLERANCE,
    clear_astern,
    overlapped,
    point_segment_distance,
    segment_distance,
)
from rightofway.positions import Line, PositionError
from rightofway.rrs.index import near_pairs
from rightofway.rrs.position import (
    Facts,
    Mark,
    Obstruction,
    Options,
    Position,
    Snapshot,
    ZoneEntry,
)
from rightofway.rrs.rules import relations, ruling
from rightofway.rrs.tracks.derive import (
    ACQUIRED_SECONDS,
    AVOIDING_DEGREES,
    AVOIDING_SECONDS,
    CHANGING_COURSE,
    STILL_KNOTS,
    _astern,
    _Boat,
    _boat_of,
    _changed_tack,
    _hull_of,
    _inside,
    _leeward,
    _moved,
    _moved_obstruction,
    _Open,
    _Pair,
    _Snap,
    _tack_at,
    _time,
    _turn,
    _with,
)
from rightofway.rrs.tracks.read import KNOT, Course, Tracks, samples
from rightofway.rrs.tracks.report import Change, Incident, IncidentEvent, IncidentRuling

__all__ = ["Tracker", "incidents"]

_REUSE = True
"""Whether a pair's fast-path answer is kept while nothing it turns on changed (the
tests compare with asking every sample)."""


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
                 heading_window: float = 3.0, options: rrs.Options | None = None) -> None:
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
        self._ruled: tuple[Any, bool, tuple[IncidentRuling | None, Position | None]] = (
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

    def position(self, a: str, b: str) -> Position | None:
        """The position of the pair ``a``, ``b`` at the last sample, as the tracker rules
        its changes: the two boats re-centred on whole hull lengths, with the course's
        items and the facts derived up to then (no trail); ``None`` when the pair is not
        within range at that sample or cannot be ruled there (hulls touching, a boat
        without a heading yet)."""
        pair = (a, b) if a < b else (b, a)
        ps = self._pairs.get(pair)
        inc = ps.incident if ps is not None else None
        if inc is None or inc.now is None or inc.end != self._time:
            return None
        return self._rule(inc.now, False)[1]

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
                # the short turn from prev to heading passed head to wind (not downwind):
                # her own turn, through the wind's direction now; a shift that carries the
                # wind across a bow she holds changes her tack without her tacking (RRS 13)
                rel_prev = _turn(wind, prev)
                rel_now = _turn(wind, heading)
                if prev != heading and rel_prev * rel_now <= 0.0 \
                        and abs(rel_prev) + abs(rel_now) < 180.0:
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
        """The pairs of boats whose hulls are within range, with that distance: only the
        boats of neighbouring cells of the grid (:func:`rightofway.rrs.index.near_pairs`)
        are measured."""
        rng = self.range
        reach = rng + 1.0  # hulls within range have middles within range + 1
        reach2 = reach * reach
        out = []
        candidates = near_pairs([(st.cx, st.cy) for st in present], reach)
        for st, near in zip(present, candidates, strict=True):
            for j in near:
                o = present[j]
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
        inc.now = snap if relation is not None else None
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
              ) -> tuple[IncidentRuling | None, Position | None]:
        """The explained ruling of a sample, on the position a scenario file writes: the
        pair re-centred on whole hull lengths, with (``with_trail``) the trail of the earlier
        samples both boats have (left out when it cannot be a trail: hulls that touched, a
        tack the wind has since changed); ``None`` when the hulls touch."""
        if self._ruled[0] is snap and self._ruled[1] == with_trail:
            return self._ruled[2]
        found = self._rule_now(snap, with_trail)
        self._ruled = (snap, with_trail, found)
        return found

    def _rule_now(self, snap: _Snap, with_trail: bool
                  ) -> tuple[IncidentRuling | None, Position | None]:
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
            return IncidentRuling(found.right_of_way, found.keep_clear, found.mark_room, found.room,
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


# --- from tracks ------------------------------------------------------------------------------


def incidents(tracks: Tracks, course: Course, *, step: float = 1.0,
              range: float = 3.0, heading_window: float = 3.0,
              options: rrs.Options | None = None,
              on_sample: Callable[[int], None] | None = None) -> list[Incident]:
    """Every incident of ``tracks`` sailing ``course``: the samples of
    :func:`~rightofway.rrs.tracks.samples` every ``step`` seconds pushed through a
    :class:`Tracker`, sorted by start, then boat ids. ``on_sample`` (a progress bar's) is
    called with how many samples have been pushed, after each one."""
    tracker = Tracker(course, range=range, heading_window=heading_window, options=options)
    for n, (t, places, speeds) in enumerate(samples(tracks, step), 1):
        tracker.push(t, places, speeds)
        if on_sample is not None:
            on_sample(n)
    tracker.close()
    return tracker.incidents
