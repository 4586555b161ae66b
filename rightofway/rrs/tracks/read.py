"""Reading tracks and course files: CSV and GPX fixes, the course in YAML, the projection
of latitude and longitude to a local plane, and the fixed-step samples the rules are
asked about.

Every refusal is a :class:`TrackError` whose message is one line,
``FILE:LINE: FIELD: what was expected, got what``.
"""

from __future__ import annotations

import bisect
import contextlib
import csv
import io
import itertools
import math
import xml.parsers.expat
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, ValidationError

from rightofway import limits
from rightofway.errors import InputError, shown
from rightofway.plane import norm360
from rightofway.positions import Line
from rightofway.rrs.position import Mark, Obstruction
from rightofway.scenarios import Id, ScenarioError, StrictModel, first_error, read_yaml

__all__ = [
    "KNOT",
    "MAX_TRACK_BYTES",
    "Course",
    "Projection",
    "Track",
    "TrackError",
    "Tracks",
    "read_course",
    "read_tracks",
    "samples",
]

KNOT = 1852.0 / 3600.0
"""One knot in metres a second."""
MAX_TRACK_BYTES = 200_000_000
"""Largest track file read (an hour of a hundred boats at 1 Hz is about 15 MB of CSV)."""

Kind = Literal["xy", "latlon"]
"""How a file gives places: metres east and north (``x``, ``y``) or WGS84 degrees."""
TimeKind = Literal["seconds", "iso"]
"""How a file gives times: seconds (numbers) or ISO 8601 with a time zone."""


class TrackError(InputError):
    """A track or course file the reader refuses: ``str()`` is one line,
    ``FILE:LINE: FIELD: what was expected, got what`` (``FILE: FIELD: ...`` when no line
    applies)."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")
        self.file = file
        self.line = line
        self.field = field
        self.message = message


# --- the tracks ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Track:
    """One boat's fixes in time order: seconds from the first fix of all files, places in
    metres on the plane (x East, y North), and, when the file gives them, headings (degrees)
    and speeds (knots)."""

    boat: str
    times: tuple[float, ...]
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    headings: tuple[float, ...] | None = None
    speeds: tuple[float, ...] | None = None

    @property
    def start(self) -> float:
        """Her first fix's time."""
        return self.times[0]

    @property
    def end(self) -> float:
        """Her last fix's time."""
        return self.times[-1]


@dataclass(frozen=True, slots=True)
class Projection:
    """Latitude and longitude to metres on a plane touching the Earth at ``(lat0, lon0)``
    (the fleet's mean position): the azimuthal equidistant projection of a sphere, its
    north and east scaled to the WGS84 ellipsoid's radii of curvature at the centre
    (meridional and prime vertical). Between any two points within 10 km of the centre
    (20 km across) distances are off by far less than 0.1 % of the geodesic's."""

    lat0: float
    lon0: float

    def __call__(self, lat: float, lon: float) -> tuple[float, float]:
        """``(x, y)`` in metres east and north of the centre."""
        p0, p = math.radians(self.lat0), math.radians(lat)
        dl = math.radians(lon - self.lon0)
        sp0, cp0, sp, cp, cdl = math.sin(p0), math.cos(p0), math.sin(p), math.cos(p), \
            math.cos(dl)
        cos_c = max(-1.0, min(1.0, sp0 * sp + cp0 * cp * cdl))
        c = math.acos(cos_c)
        k = 1.0 if c < 1e-12 else c / math.sin(c)
        w = 1.0 - _E2 * sp0 * sp0
        east = _A / math.sqrt(w)  # the prime vertical radius N
        north = _A * (1.0 - _E2) / (w * math.sqrt(w))  # the meridional radius M
        return (east * k * cp * math.sin(dl), north * k * (cp0 * sp - sp0 * cp * cdl))


_A = 6_378_137.0
"""WGS84's equatorial radius, metres."""
_E2 = (1 / 298.257223563) * (2 - 1 / 298.257223563)
"""WGS84's first eccentricity, squared."""


@dataclass(frozen=True, slots=True)
class Tracks:
    """What :func:`read_tracks` read: each boat's :class:`Track` by id (in the order the
    boats first appear), how the files gave places (``kind``) and times (``time_kind``),
    the projection of latitude and longitude (``None`` for ``x``/``y`` files) and the
    first fix's time as the files wrote it (``origin``: seconds, or for ISO times seconds
    since 1970-01-01T00:00:00Z),
    from which every time is counted."""

    boats: Mapping[str, Track]
    kind: Kind
    time_kind: TimeKind
    origin: float
    projection: Projection | None = None
    files: tuple[str, ...] = ()

    @property
    def start(self) -> float:
        """The first fix's time (0)."""
        return min(t.start for t in self.boats.values())

    @property
    def end(self) -> float:
        """The last fix's time."""
        return max(t.end for t in self.boats.values())

    def seconds(self, value: object, file: str = "", line: int | None = None,
                field: str = "time") -> float:
        """A time as the tracks write it (seconds, or ISO 8601 text with a zone) in seconds
        from the first fix; :class:`TrackError` naming ``file``, ``line`` and ``field`` for
        another kind."""
        if self.time_kind == "seconds":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TrackError(file, line, field, f"expected seconds (a number) as the "
                                 f"tracks write time, got {shown(value)}")
            return _finite(float(value), file, line, field) - self.origin
        if not isinstance(value, (str, datetime)):
            raise TrackError(file, line, field, f"expected an ISO 8601 time with a zone as "
                             f"the tracks write time, got {shown(value)}")
        when = value if isinstance(value, datetime) else _iso(value, file, line, field)
        if when.tzinfo is None:
            raise TrackError(file, line, field, f"expected an ISO 8601 time with a zone, got "
                             f"{shown(str(value))}")
        return when.timestamp() - self.origin


def _finite(value: float, file: str, line: int | None, field: str) -> float:
    if not math.isfinite(value) or abs(value) > limits.MAX_NUMBER:
        raise TrackError(file, line, field, f"expected a finite number, got {value!r}")
    return value


def _iso(text: str, file: str, line: int | None, field: str) -> datetime:
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise TrackError(file, line, field, f"expected seconds or an ISO 8601 time with a "
                         f"zone, got {shown(text)}") from None
    if when.tzinfo is None:
        raise TrackError(file, line, field, f"expected an ISO 8601 time with a zone "
                         f"(2026-06-01T12:00:00Z), got {shown(text)} without one")
    return when


_Row = tuple[str, int, str, "float | datetime", float, float, "float | None", "float | None"]
"""``(file, line, boat, time, x or lat, y or lon, heading, speed)`` of one fix as read."""

_COLUMNS = ("time", "boat", "x", "y", "lat", "lon", "heading", "speed")


def _number(text: str, file: str, line: int, field: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise TrackError(file, line, field, f"expected a number, got {shown(text)}") from None
    return _finite(value, file, line, field)


def _read_text(path: Path) -> str:
    try:
        return limits.read_limited(path, MAX_TRACK_BYTES)
    except OSError as e:
        raise TrackError(str(path), None, "", f"cannot read: {e.strerror or e}") from None
    except limits.LimitError as e:
        raise TrackError(str(path), e.line, "", e.message) from None


def _read_csv(path: Path) -> tuple[Kind, TimeKind | None, list[_Row]]:
    file = str(path)
    text = _read_text(path)
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    try:
        header = next(reader, None)
    except csv.Error as e:
        raise TrackError(file, 1, "header", f"expected CSV, got {e}") from None
    if header is None or not [h for h in header if h.strip()]:
        raise TrackError(file, 1, "header", "expected a header row (time, boat, x, y or "
                         "lat, lon), got an empty file")
    names = [h.strip() for h in header]
    for name in names:
        if name not in _COLUMNS:
            raise TrackError(file, 1, name or "header", f"unknown column; expected "
                             f"{', '.join(_COLUMNS)}, got {shown(name)}")
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise TrackError(file, 1, twice, "a column named twice")
    has = set(names)
    if {"x", "y"} & has and {"lat", "lon"} & has:
        raise TrackError(file, 1, "header", "expected either x, y or lat, lon columns, got "
                         "both kinds")
    kind: Kind = "latlon" if {"lat", "lon"} & has else "xy"
    need = ["time", "boat", *(("lat", "lon") if kind == "latlon" else ("x", "y"))]
    for name in need:
        if name not in has:
            raise TrackError(file, 1, name, f"missing column; expected the columns "
                             f"{', '.join(need)} (heading and speed optional), got "
                             f"{', '.join(names)}")
    at = {n: i for i, n in enumerate(names)}
    ia, ib = (at["lat"], at["lon"]) if kind == "latlon" else (at["x"], at["y"])
    it, iboat = at["time"], at["boat"]
    ih, isp = at.get("heading"), at.get("speed")
    rows: list[_Row] = []
    time_kind: TimeKind | None = None
    try:
        for values in reader:
            line = reader.line_num
            if not values or all(not v.strip() for v in values):
                continue
            if len(values) != len(names):
                raise TrackError(file, line, "row", f"expected {len(names)} fields "
                                 f"({', '.join(names)}), got {len(values)}")
            cells = [v.strip() for v in values]
            for i, cell in enumerate(cells):
                if not cell:
                    raise TrackError(file, line, names[i], "expected a value, got an empty "
                                     "field")
            boat = cells[iboat]
            if len(boat) > 40:
                raise TrackError(file, line, "boat", f"expected a boat id of 1 to 40 "
                                 f"characters, got {shown(boat)}")
            raw = cells[it]
            try:
                when: float | datetime = _finite(float(raw), file, line, "time")
                this: TimeKind = "seconds"
            except ValueError:
                when, this = _iso(raw, file, line, "time"), "iso"
            if time_kind is None:
                time_kind = this
            elif this != time_kind:
                raise TrackError(file, line, "time", f"expected {_TIME_WORDS[time_kind]} "
                                 f"like the rows before, got {shown(raw)}")
            a = _number(cells[ia], file, line, names[ia])
            b = _number(cells[ib], file, line, names[ib])
            if kind == "latlon" and not (-90 <= a <= 90 and -180 <= b <= 180):
                bad = "lat" if not -90 <= a <= 90 else "lon"
                raise TrackError(file, line, bad, f"expected degrees within "
                                 f"±{90 if bad == 'lat' else 180}, got {cells[at[bad]]}")
            heading = None
            if ih is not None:
                heading = _number(cells[ih], file, line, "heading")
                if not 0 <= heading <= 360:
                    raise TrackError(file, line, "heading", f"expected degrees from 0 to 360, "
                                     f"got {cells[ih]}")
            speed = None
            if isp is not None:
                speed = _number(cells[isp], file, line, "speed")
                if speed < 0:
                    raise TrackError(file, line, "speed", f"expected knots, 0 or more, got "
                                     f"{cells[isp]}")
            rows.append((file, line, boat, when, a, b, heading, speed))
    except csv.Error as e:
        raise TrackError(file, reader.line_num, "row", f"expected CSV, got {e}") from None
    if not rows:
        raise TrackError(file, 2, "row", "expected fixes after the header, got none")
    return kind, time_kind, rows


_TIME_WORDS = {"seconds": "seconds (a number)", "iso": "an ISO 8601 time with a zone"}


def _trkpt_lines(text: str) -> list[int]:
    """The line of every ``<trkpt>`` element, in document order."""
    lines: list[int] = []
    parser = xml.parsers.expat.ParserCreate()

    def start(name: str, attrs: Any) -> None:
        if name.rpartition(":")[2] == "trkpt":
            lines.append(parser.CurrentLineNumber)

    parser.StartElementHandler = start
    with contextlib.suppress(xml.parsers.expat.ExpatError):  # gpxpy reports it itself
        parser.Parse(text, True)
    return lines


def _read_gpx(path: Path) -> list[_Row]:
    import gpxpy
    import gpxpy.gpx

    file = str(path)
    text = _read_text(path)
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise TrackError(file, 1, "gpx", "expected GPX without a document type or entities")
    if not text.strip():
        raise TrackError(file, 1, "gpx", "expected a GPX document, got an empty file")
    try:
        gpx = gpxpy.parse(text)
    except gpxpy.gpx.GPXException as e:
        first = str(e).splitlines()[0] if str(e) else type(e).__name__
        raise TrackError(file, None, "gpx", f"expected a GPX document, got: {first}") from None
    lines = _trkpt_lines(text)
    tracks = gpx.tracks
    if not tracks or not any(seg.points for t in tracks for seg in t.segments):
        raise TrackError(file, 1, "trk", "expected at least one track with points, got none")
    unnamed = [t for t in tracks if not (t.name or "").strip()]
    if unnamed and len(tracks) > 1:
        i = tracks.index(unnamed[0])
        raise TrackError(file, None, f"trk[{i}].name", "expected a boat id: a file with more "
                         "than one track names each, got a track without a name")
    rows: list[_Row] = []
    k = 0
    for ti, trk in enumerate(tracks):
        boat = (trk.name or "").strip() or path.stem
        if len(boat) > 40:
            raise TrackError(file, None, f"trk[{ti}].name", f"expected a boat id of 1 to 40 "
                             f"characters, got {shown(boat)}")
        last: datetime | None = None
        for si, seg in enumerate(trk.segments):
            for pi, pt in enumerate(seg.points):
                line = lines[k] if k < len(lines) else None
                k += 1
                where = f"trk[{ti}].trkseg[{si}].trkpt[{pi}]"
                if pt.time is None:
                    raise TrackError(file, line, f"{where}.time", "expected a time, got none")
                if pt.time.tzinfo is None:
                    raise TrackError(file, line, f"{where}.time", "expected a time with a "
                                     f"zone, got {pt.time.isoformat()}")
                if last is not None and pt.time < last:
                    raise TrackError(file, line, f"{where}.time", f"expected a time no "
                                     f"earlier than the point before ({last.isoformat()}): a "
                                     f"track's points are in order, got "
                                     f"{pt.time.isoformat()}")
                last = pt.time
                heading = pt.course if getattr(pt, "course", None) is not None else None
                speed = pt.speed / KNOT if pt.speed is not None else None
                rows.append((file, line or 0, boat, pt.time, float(pt.latitude),
                             float(pt.longitude), heading, speed))
    return rows


def read_tracks(paths: Iterable[str | Path]) -> Tracks:
    """The tracks of CSV and GPX files (by suffix: ``.gpx`` is GPX, anything else CSV), one
    fleet: each boat's fixes from every file, sorted by time, times in seconds from the
    first fix of all files, latitude and longitude projected (:class:`Projection`) about the
    mean of all fixes.

    :class:`TrackError` (``FILE:LINE: FIELD: ...``) for an empty file, an unknown or
    missing column, a missing or non-numeric field, places or times of two kinds in one
    fleet, a GPX point earlier than the one before it, or two fixes of one boat at one
    time.
    """
    files = [Path(p) for p in paths]
    if not files:
        raise TrackError("tracks", None, "", "expected at least one track file, got none")
    kind: Kind | None = None
    time_kind: TimeKind | None = None
    first_file = ""
    rows: list[_Row] = []
    for path in files:
        if path.suffix.lower() == ".gpx":
            this_kind: Kind = "latlon"
            this_time: TimeKind | None = "iso"
            found = _read_gpx(path)
        else:
            this_kind, this_time, found = _read_csv(path)
        if kind is None:
            kind, time_kind, first_file = this_kind, this_time, str(path)
        else:
            if this_kind != kind:
                raise TrackError(str(path), 1, "header", f"expected places as "
                                 f"{_KIND_WORDS[kind]} like {first_file}, got "
                                 f"{_KIND_WORDS[this_kind]}")
            if this_time != time_kind:
                assert this_time is not None and time_kind is not None
                raise TrackError(str(path), found[0][1] or None, "time", f"expected times as "
                                 f"{_TIME_WORDS[time_kind]} like {first_file}, got "
                                 f"{_TIME_WORDS[this_time]}")
        rows.extend(found)
    assert kind is not None and time_kind is not None
    first: float | datetime = min(r[3] for r in rows)
    projection = None
    if kind == "latlon":
        projection = Projection(math.fsum(r[4] for r in rows) / len(rows),
                                _mean_longitude([r[5] for r in rows]))
    by_boat: dict[str, list[tuple[float, int, _Row]]] = {}
    for n, r in enumerate(rows):
        when = r[3]
        t = ((when - first).total_seconds() if isinstance(when, datetime)  # type: ignore[operator]
             else float(when) - float(first))  # type: ignore[arg-type]
        by_boat.setdefault(r[2], []).append((t, n, r))
    boats: dict[str, Track] = {}
    for boat, fixes in by_boat.items():
        fixes.sort(key=lambda f: (f[0], f[1]))
        for (t0, _, r0), (t1, _, r1) in itertools.pairwise(fixes):
            if t1 == t0:
                raise TrackError(r1[0], r1[1] or None, "time", f"expected one fix of boat "
                                 f"{boat} at each time, got a second at {_shown_time(r1[3])} "
                                 f"(the first: {r0[0]}:{r0[1]})")
        headings = [f[2][6] for f in fixes]
        speeds = [f[2][7] for f in fixes]
        xs, ys = [], []
        for _, _, r in fixes:
            x, y = projection(r[4], r[5]) if projection is not None else (r[4], r[5])
            xs.append(x)
            ys.append(y)
        boats[boat] = Track(
            boat, tuple(f[0] for f in fixes), tuple(xs), tuple(ys),
            tuple(norm360(h) for h in headings) if all(h is not None for h in headings)  # type: ignore[arg-type]
            else None,
            tuple(speeds) if all(s is not None for s in speeds) else None)  # type: ignore[arg-type]
    return Tracks(boats, kind, time_kind,
                  first.timestamp() if isinstance(first, datetime) else float(first),
                  projection, tuple(str(p) for p in files))


_KIND_WORDS = {"xy": "x, y (metres)", "latlon": "lat, lon (degrees)"}


def _shown_time(when: float | datetime) -> str:
    return when.isoformat() if isinstance(when, datetime) else f"{when:g}"


def _mean_longitude(lons: Sequence[float]) -> float:
    """The mean of longitudes, across the antimeridian too."""
    s = math.fsum(math.sin(math.radians(x)) for x in lons)
    c = math.fsum(math.cos(math.radians(x)) for x in lons)
    return math.degrees(math.atan2(s, c))


# --- the course ------------------------------------------------------------------------------

Number = Annotated[float, Field(allow_inf_nan=False)]
"""A number (an integer is one too)."""


class CourseMarkModel(StrictModel):
    """A mark: ``{id: windward, at: [120.0, 800.0], leave_to: port, role: windward}``."""

    id: Id
    """The mark's id."""
    at: Any
    """Where it is: ``[x, y]`` in metres, or ``{lat:, lon:}`` with lat/lon tracks."""
    leave_to: Literal["port", "starboard"]
    """The side boats leave it on."""
    role: Literal["windward", "leeward", "offset", "start", "finish"] | None = None
    """windward, leeward, offset, start or finish."""
    gate: StrictBool = False
    """One mark of a gate (RRS 18.4 does not apply there)."""


class CourseObstructionModel(StrictModel):
    """An obstruction, in metres: a circle ``{id, at, radius}`` or a polygon ``{id, polygon}``."""

    id: Id
    """The obstruction's id."""
    at: Any = None
    """The centre of a circle (a point as a mark's)."""
    radius: Annotated[Number, Field(gt=0)] | None = None
    """The radius of a circle, in metres."""
    polygon: Annotated[list[Any], Field(min_length=3, max_length=1000)] | None = None
    """The corners of a polygon, in order."""
    kind: Literal["object", "continuing"] = "object"
    """``continuing`` for an obstruction boats sail along, such as a shore (RRS 19.2(c))."""


class CourseLineModel(StrictModel):
    """A starting or finishing line: ``{id: start, kind: start, ends: [[0, 0], [200, 0]]}``."""

    id: Id
    """The line's id."""
    kind: Literal["start", "finish"]
    """start or finish."""
    ends: Annotated[list[Any], Field(min_length=2, max_length=2)]
    """Its two ends."""


class CourseModel(StrictModel):
    """A course file (YAML): the boats' size, the wind and the marks, obstructions and
    lines, in the tracks' coordinates."""

    hull_length: Annotated[Number, Field(gt=0, le=1000)]
    """The boats' hull length, in metres."""
    beam: Annotated[Number, Field(ge=0, le=10)] = 0.3
    """Hulls closer than this touch, in hull lengths."""
    wind: Any = 0
    """Degrees the wind comes from, or a schedule of shifts ``[{time: 0, from: 0}, ...]``."""
    start: Any = None
    """The starting signal, as the tracks write time."""
    marks: Annotated[list[CourseMarkModel], Field(default_factory=list, max_length=1000)]
    """The marks."""
    obstructions: Annotated[list[CourseObstructionModel],
                            Field(default_factory=list, max_length=1000)]
    """The obstructions (metres)."""
    lines: Annotated[list[CourseLineModel], Field(default_factory=list, max_length=1000)]
    """Starting and finishing lines."""


def _is_number(value: object) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) \
        and math.isfinite(value) and abs(value) <= limits.MAX_NUMBER


@dataclass(frozen=True, slots=True)
class Course:
    """The course the tracks sail, in metres on the tracks' plane: the hull length (metres),
    ``beam`` (hull lengths: hulls closer touch), the wind (a fixed direction, or shifts
    ``(time, from)`` in seconds from the first fix, each blowing until the next), the
    starting signal (seconds from the first fix, or ``None``), and the marks, obstructions
    and lines (their places and sizes in metres)."""

    hull_length: float
    beam: float = 0.3
    wind: tuple[tuple[float, float], ...] = ((0.0, 0.0),)
    start: float | None = None
    marks: tuple[Mark, ...] = ()
    obstructions: tuple[Obstruction, ...] = ()
    lines: tuple[Line, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.hull_length, bool) or not isinstance(self.hull_length,
                                                                (int, float)) \
                or not 0 < self.hull_length <= 1000:
            raise InputError(f"hull_length: expected metres, more than 0 and at most 1000, "
                             f"got {shown(self.hull_length)}")
        if not self.wind:
            raise InputError("wind: expected a direction or at least one shift")
        object.__setattr__(self, "wind", tuple(sorted(
            (float(t), norm360(float(d))) for t, d in self.wind)))

    def wind_at(self, time: float) -> float:
        """Where the wind comes from at ``time``: the latest shift at or before it (the
        first before any)."""
        wind = self.wind
        if len(wind) == 1:
            return wind[0][1]
        i = bisect.bisect_right([t for t, _ in wind], time + 1e-9) - 1
        return wind[max(i, 0)][1]


def read_course(path: str | Path, tracks: Tracks | None = None) -> Course:
    """The course file at ``path`` for ``tracks`` (their kind of places, their projection
    and their times: ``start`` and the wind's shifts are written as the tracks write time).
    Without ``tracks``, places are ``[x, y]`` metres and times seconds as written.

    :class:`TrackError` (``FILE:LINE: FIELD: ...``) for anything that is not a course: a
    missing ``hull_length``, an unknown key, points of the other kind than the tracks'.
    """
    file = str(path)
    try:
        text = limits.read_limited(path, limits.MAX_FILE_BYTES)
        data, lines = read_yaml(text, file)
    except OSError as e:
        raise TrackError(file, None, "", f"cannot read: {e.strerror or e}") from None
    except limits.LimitError as e:
        raise TrackError(file, e.line, "", e.message) from None
    except ScenarioError as e:
        raise TrackError(file, e.line, "", e.message) from None

    def line_of(loc: tuple[str | int, ...]) -> int | None:
        for n in range(len(loc), -1, -1):
            if loc[:n] in lines:
                return lines[loc[:n]]
        return None

    def fail(loc: tuple[str | int, ...], message: str) -> TrackError:
        from rightofway.scenarios import format_loc

        return TrackError(file, line_of(loc), format_loc(loc) or "course", message)

    if not isinstance(data, dict):
        raise TrackError(file, 1, "course", f"expected a mapping with hull_length, got "
                         f"{shown(data)}")
    try:
        model = CourseModel.model_validate(data)
    except ValidationError as e:
        loc, msg = first_error(e, CourseModel)
        msg = msg.replace("Input should be", "expected").replace("input should be", "expected")
        first = next(x for x in e.errors() if tuple(x["loc"]) == loc)
        if "(got" not in msg and first["type"] not in ("missing", "extra_forbidden"):
            msg += f" (got {shown(first.get('input'))})"
        raise fail(loc, msg[:1].lower() + msg[1:]) from None
    kind: Kind = tracks.kind if tracks is not None else "xy"
    projection = tracks.projection if tracks is not None else None

    def point(p: Any, loc: tuple[str | int, ...]) -> tuple[float, float]:
        if isinstance(p, dict):
            if kind != "latlon":
                raise fail(loc, f"expected [x, y] in metres like the tracks, got {shown(p)}")
            if set(p) != {"lat", "lon"} or not all(_is_number(v) for v in p.values()):
                raise fail(loc, f"expected {{lat: degrees, lon: degrees}}, got {shown(p)}")
            if not (-90 <= p["lat"] <= 90 and -180 <= p["lon"] <= 180):
                raise fail(loc, f"expected lat within ±90 and lon within ±180, got {shown(p)}")
            assert projection is not None
            return projection(float(p["lat"]), float(p["lon"]))
        if kind == "latlon":
            raise fail(loc, f"expected {{lat:, lon:}} like the tracks, got {shown(p)}")
        if not isinstance(p, list) or len(p) != 2 or not all(_is_number(v) for v in p):
            raise fail(loc, f"expected a point [x, y] in metres, got {shown(p)}")
        return (float(p[0]), float(p[1]))

    def when(value: Any, loc: tuple[str | int, ...]) -> float:
        if tracks is None:
            if not _is_number(value):
                raise fail(loc, f"expected seconds (a number), got {shown(value)}")
            return float(value)
        try:
            return tracks.seconds(value, file, line_of(loc), "")
        except TrackError as e:
            raise fail(loc, e.message) from None

    try:
        marks = tuple(Mark(m.id, point(m.at, ("marks", i, "at")), m.leave_to, m.role, m.gate)
                      for i, m in enumerate(model.marks))
        obstructions = []
        for i, o in enumerate(model.obstructions):
            if o.polygon is not None:
                if o.at is not None or o.radius is not None:
                    raise fail(("obstructions", i), "expected at and radius (a circle) or "
                               "polygon, not both")
                obstructions.append(Obstruction(o.id, polygon=tuple(
                    point(p, ("obstructions", i, "polygon", k))
                    for k, p in enumerate(o.polygon)), kind=o.kind))
            else:
                if o.at is None or o.radius is None:
                    raise fail(("obstructions", i), "expected at and radius (a circle) or "
                               "polygon")
                obstructions.append(Obstruction(o.id, point(o.at, ("obstructions", i, "at")),
                                                float(o.radius), kind=o.kind))
        course_lines = tuple(Line(ln.id, ln.kind, (point(ln.ends[0], ("lines", i, "ends", 0)),
                                                   point(ln.ends[1], ("lines", i, "ends", 1))))
                             for i, ln in enumerate(model.lines))
    except InputError as e:
        if isinstance(e, TrackError):
            raise
        raise TrackError(file, None, "course", e.message) from None
    wind = _wind(model.wind, when, fail)
    start = when(model.start, ("start",)) if model.start is not None else None
    for name, items in (("marks", marks), ("obstructions", obstructions),
                        ("lines", course_lines)):
        ids = [x.id for x in items]
        for i, x in enumerate(ids):
            if x in ids[:i]:
                raise fail((name, i, "id"), f"expected ids unique among the {name}, got "
                           f"{shown(x)} twice")
    return Course(float(model.hull_length), float(model.beam), wind, start, marks,
                  tuple(obstructions), course_lines)


def _wind(value: Any, when: Any, fail: Any) -> tuple[tuple[float, float], ...]:
    """The course's wind: a direction, or shifts ``[{time:, from:}, ...]``."""
    def direction(d: Any, loc: tuple[str | int, ...]) -> float:
        if not _is_number(d) or not 0 <= d <= 360:
            raise fail(loc, f"expected degrees from 0 to 360 (where the wind comes from), "
                       f"got {shown(d)}")
        return float(d)

    if not isinstance(value, list):
        return ((0.0, direction(value, ("wind",))),)
    if not 1 <= len(value) <= 10_000:
        raise fail(("wind",), f"expected 1 to 10,000 shifts, got {len(value)}")
    out = []
    for i, w in enumerate(value):
        if not isinstance(w, dict) or set(w) - {"time", "from"} or len(w) != 2:
            raise fail(("wind", i), f"expected {{time:, from:}}, got {shown(w)}")
        out.append((when(w["time"], ("wind", i, "time")), direction(w["from"],
                                                                    ("wind", i, "from"))))
    return tuple(out)


# --- samples at a fixed step ---------------------------------------------------------------


def _lerp_angle(a: float, b: float, f: float) -> float:
    d = (b - a + 180.0) % 360.0 - 180.0
    return norm360(a + d * f)


Sample = tuple[float, dict[str, tuple[float, ...]], dict[str, float] | None]
"""``(time, places, speeds)``: each boat's ``(x, y)`` or ``(x, y, heading)`` in metres, and
her speed in knots where the tracks give speeds (else ``None``)."""


def samples(tracks: Tracks, step: float = 1.0) -> Iterator[Sample]:
    """The fleet every ``step`` seconds from the first fix: each boat inside her own time
    span, placed by linear interpolation between her fixes (a given heading interpolated
    the short way round, a given speed linearly). Boats with headings give
    ``(x, y, heading)``; the others ``(x, y)``, the tracker finding their course."""
    if isinstance(step, bool) or not isinstance(step, (int, float)) or not step > 0 \
            or not math.isfinite(step):
        raise InputError(f"step: expected seconds, more than 0, got {shown(step)}")
    step = float(step)
    start, end = tracks.start, tracks.end
    if (end - start) / step > 10_000_000:
        raise InputError(f"step: {step:g} s makes more than 10,000,000 samples of "
                         f"{end - start:g} s")
    order = list(tracks.boats.values())
    cursor = {t.boat: 0 for t in order}
    k = 0
    eps = 1e-9
    while True:
        t = round(start + k * step, 9)
        if t > end + eps:
            return
        k += 1
        places: dict[str, tuple[float, ...]] = {}
        speeds: dict[str, float] = {}
        for tr in order:
            times = tr.times
            if t < times[0] - eps or t > times[-1] + eps:
                continue
            i = cursor[tr.boat]
            n = len(times)
            while i + 1 < n and times[i + 1] <= t + eps:
                i += 1
            cursor[tr.boat] = i
            if i + 1 >= n or abs(times[i] - t) <= eps:
                f, j = 0.0, i
            else:
                j = i + 1
                f = (t - times[i]) / (times[j] - times[i])
            x = tr.xs[i] + (tr.xs[j] - tr.xs[i]) * f
            y = tr.ys[i] + (tr.ys[j] - tr.ys[i]) * f
            if tr.headings is not None:
                places[tr.boat] = (x, y, _lerp_angle(tr.headings[i], tr.headings[j], f))
            else:
                places[tr.boat] = (x, y)
            if tr.speeds is not None:
                speeds[tr.boat] = tr.speeds[i] + (tr.speeds[j] - tr.speeds[i]) * f
        yield (t, places, speeds or None)
