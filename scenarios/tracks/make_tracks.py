"""Write the hand-made track files of this folder and check the geometry they rest on.

Run from the project root::

    python scenarios/tracks/make_tracks.py          # write every file, then check
    python scenarios/tracks/make_tracks.py --check  # check only; exit 1 if a file differs

Each situation is a few boats sailing *legs* from a starting point: a leg lasts a number
of seconds, during which the heading turns evenly to the leg's heading (the short way
round unless the leg says ``turn``) and the speed changes evenly to the leg's speed.
Motion is integrated in small sub-steps and a fix written every second (x east, y
north, metres; heading degrees true; speed knots).

The geometry checks use this file's own small geometry (hull segments, overlap by the
line abeam from the aftermost point, zone, tack, inside), written from the definitions
of the Racing Rules of Sailing and ``shared/spec/continuous.md``, not the library's:
the expectations in ``*.expect.yaml`` are a second reading of the rules and must not
come from the program they check. Every claim an expectation rests on is asserted
here (``CLAIMS``), with margins far from the borderlines.

The lat/lon versions put the same motion around 50.8 N, 1.3 W (a local tangent plane
with the WGS84 radii of curvature at that latitude); distances computed back with the
haversine formula are checked against the plane's.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
KNOT = 1852.0 / 3600.0          # metres per second
SUB = 20                         # integration sub-steps per second

# --------------------------------------------------------------------------- motion


@dataclass(frozen=True)
class Leg:
    """``seconds`` of sailing; the heading turns evenly to ``heading`` (``turn``:
    "cw", "ccw" or None for the short way) and the speed changes evenly to ``knots``."""

    seconds: int
    heading: float | None = None
    knots: float | None = None
    turn: str | None = None


@dataclass(frozen=True)
class BoatPlan:
    id: str
    at: tuple[float, float]      # metres
    heading: float
    knots: float
    legs: tuple[Leg, ...]
    start: int = 0               # time of the first fix


@dataclass(frozen=True)
class Fix:
    t: int
    x: float
    y: float
    heading: float
    knots: float


def sail(plan: BoatPlan) -> list[Fix]:
    """The boat's fixes, one a second, from ``plan.start`` to the end of her legs."""
    x, y = plan.at
    h, v = plan.heading % 360.0, plan.knots
    t = plan.start
    fixes = [Fix(t, x, y, h, v)]
    for leg in plan.legs:
        h0, v0 = h, v
        h1 = h0 if leg.heading is None else leg.heading % 360.0
        v1 = v0 if leg.knots is None else leg.knots
        d = (h1 - h0) % 360.0
        if leg.turn == "ccw" or (leg.turn is None and d > 180.0):
            d -= 360.0
        n = leg.seconds * SUB
        for i in range(1, n + 1):
            f_mid = (i - 0.5) / n
            hm = math.radians(h0 + d * f_mid)
            vm = (v0 + (v1 - v0) * f_mid) * KNOT / SUB
            x += vm * math.sin(hm)
            y += vm * math.cos(hm)
            if i % SUB == 0:
                f = i / n
                fixes.append(Fix(t + i // SUB, x, y, (h0 + d * f) % 360.0, v0 + (v1 - v0) * f))
        h, v = h1, v1
        t += leg.seconds
    return fixes


# ------------------------------------------------------------------ geometry (hull lengths)

Point = tuple[float, float]


def unit(heading: float) -> Point:
    r = math.radians(heading)
    return (math.sin(r), math.cos(r))


def hull(c: Point, heading: float) -> tuple[Point, Point]:
    """(stern, bow) of a hull one length long centred on ``c``."""
    u = unit(heading)
    return (c[0] - u[0] / 2, c[1] - u[1] / 2), (c[0] + u[0] / 2, c[1] + u[1] / 2)


def point_segment(p: Point, a: Point, b: Point) -> float:
    ab = (b[0] - a[0], b[1] - a[1])
    ap = (p[0] - a[0], p[1] - a[1])
    n = ab[0] ** 2 + ab[1] ** 2
    s = 0.0 if n == 0 else max(0.0, min(1.0, (ap[0] * ab[0] + ap[1] * ab[1]) / n))
    return math.dist(p, (a[0] + s * ab[0], a[1] + s * ab[1]))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segment_distance(s1: tuple[Point, Point], s2: tuple[Point, Point]) -> float:
    (a, b), (c, d) = s1, s2
    d1, d2, d3, d4 = _cross(c, d, a), _cross(c, d, b), _cross(a, b, c), _cross(a, b, d)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return 0.0
    return min(point_segment(a, c, d), point_segment(b, c, d),
               point_segment(c, a, b), point_segment(d, a, b))


def tack_of(wind: float, heading: float, before: str | None = None) -> str:
    """RRS definition Tack: starboard when the wind comes over her starboard side."""
    r = (wind - heading) % 360.0
    if 0 < r < 180:
        return "starboard"
    if 180 < r < 360:
        return "port"
    assert before is not None, "head to wind or dead downwind with no tack before"
    return before


def off_wind(wind: float, heading: float) -> float:
    d = abs(wind - heading) % 360.0
    return min(d, 360.0 - d)


def ahead_of_abeam(p: Point, c: Point, heading: float) -> float:
    """How far ``p`` lies ahead of the line abeam from the stern of the hull at ``c``."""
    stern, _ = hull(c, heading)
    u = unit(heading)
    return (p[0] - stern[0]) * u[0] + (p[1] - stern[1]) * u[1]


def clear_astern(a: Point, ha: float, b: Point, hb: float) -> bool:
    """A is clear astern of B: her whole hull behind the line abeam from B's stern."""
    return all(ahead_of_abeam(p, b, hb) < 0 for p in hull(a, ha))


def side_of(p: Point, c: Point, heading: float) -> float:
    """Positive when ``p`` lies to starboard of the centreline through ``c``."""
    u = unit(heading)
    # starboard of heading u is (u_y, -u_x)
    return (p[0] - c[0]) * u[1] - (p[1] - c[1]) * u[0]


def leeward_sign(tack: str) -> float:
    """Sign of side_of() for the leeward side: a starboard-tack boat's leeward side is
    her port side."""
    return -1.0 if tack == "starboard" else 1.0


def in_zone(c: Point, heading: float, mark: Point, zone: float = 3.0) -> bool:
    return point_segment(mark, *hull(c, heading)) < zone


def bearing(a: Point, b: Point) -> float:
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360.0


# ------------------------------------------------------------------------- scenes


@dataclass
class Scene:
    name: str
    title: str
    source: str
    wind: float
    boats: list[BoatPlan]
    marks: list[dict[str, Any]] = field(default_factory=list)
    obstructions: list[dict[str, Any]] = field(default_factory=list)
    heading_column: bool = True
    speed_column: bool = False
    latlon: bool = False         # also write NAME-latlon.csv and a lat/lon course file
    gpx: str | None = None       # "one" (one file, a named track per boat) or "each"
    hull_length: float = 10.0
    rotate: float = 0.0          # turn the whole scene clockwise by this many degrees

    @property
    def wind_true(self) -> float:
        return (self.wind + self.rotate) % 360.0

    def turn(self, x: float, y: float) -> Point:
        r = math.radians(self.rotate)
        return (x * math.cos(r) + y * math.sin(r), -x * math.sin(r) + y * math.cos(r))

    def fixes(self) -> dict[str, list[Fix]]:
        out = {}
        for b in self.boats:
            out[b.id] = [Fix(f.t, *self.turn(f.x, f.y), (f.heading + self.rotate) % 360.0,
                             f.knots) for f in sail(b)]
        return out


def state(scene: Scene) -> dict[int, dict[str, tuple[Point, float]]]:
    """Per whole second: each boat's (centre in hull lengths, heading)."""
    out: dict[int, dict[str, tuple[Point, float]]] = {}
    for bid, fixes in scene.fixes().items():
        for f in fixes:
            out.setdefault(f.t, {})[bid] = ((f.x / scene.hull_length, f.y / scene.hull_length),
                                            f.heading)
    return dict(sorted(out.items()))


def mark_at(scene: Scene, mid: str) -> Point:
    m = next(m for m in scene.marks if m["id"] == mid)
    x, y = scene.turn(*m["at"])
    return (x / scene.hull_length, y / scene.hull_length)


@dataclass
class Pair:
    """The geometric record of two boats, second by second."""

    scene: Scene
    a: str
    b: str

    def __post_init__(self) -> None:
        self.st = {t: s for t, s in state(self.scene).items() if self.a in s and self.b in s}

    def dist(self, t: int) -> float:
        (pa, ha), (pb, hb) = self.st[t][self.a], self.st[t][self.b]
        return segment_distance(hull(pa, ha), hull(pb, hb))

    def incidents(self, rng: float = 3.0) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        open_t: int | None = None
        last = None
        for t in self.st:
            near = self.dist(t) <= rng
            if near and open_t is None:
                open_t = t
            if not near and open_t is not None:
                out.append((open_t, last))  # type: ignore[arg-type]
                open_t = None
            last = t
        if open_t is not None:
            out.append((open_t, last))  # type: ignore[arg-type]
        return out

    def closest(self, t0: int, t1: int) -> tuple[int, float]:
        t = min(range(t0, t1 + 1), key=self.dist)
        return t, self.dist(t)

    def relation(self, t: int) -> str:
        """'A astern' / 'B astern' / 'overlap' (geometric; the caller says whether the
        overlap terms apply)."""
        (pa, ha), (pb, hb) = self.st[t][self.a], self.st[t][self.b]
        if clear_astern(pa, ha, pb, hb):
            return f"{self.a} astern"
        if clear_astern(pb, hb, pa, ha):
            return f"{self.b} astern"
        return "overlap"

    def leeward(self, t: int) -> str:
        """The boat on the other's leeward side (same tack assumed)."""
        (pa, ha), (pb, _) = self.st[t][self.a], self.st[t][self.b]
        ta = tack_of(self.scene.wind_true, ha)
        s = side_of(pb, pa, ha) * leeward_sign(ta)
        return self.b if s > 0 else self.a


def heading(scene: Scene, bid: str, t: int) -> float:
    return state(scene)[t][bid][1]


def centre(scene: Scene, bid: str, t: int) -> Point:
    return state(scene)[t][bid][0]


def max_turn(scene: Scene, bid: str, t0: int, t1: int, window: int = 3) -> float:
    """The largest heading change over ``window`` seconds between t0 and t1."""
    st = state(scene)
    best = 0.0
    for t in range(t0, t1 - window + 1):
        d = abs((st[t + window][bid][1] - st[t][bid][1] + 180) % 360 - 180)
        best = max(best, d)
    return best


def max_rate(scene: Scene, bid: str, t0: int, t1: int) -> float:
    """The largest heading change in one second between t0 and t1 (degrees a second)."""
    return max_turn(scene, bid, t0, t1, window=1)


# ------------------------------------------------------------------------ situations


def arriving(heading: float, knots: float, seconds: float,
             at: Point = (0.0, 0.0)) -> tuple[float, float]:
    """The starting point (metres, to 0.1 m) of a boat that sails ``heading`` at ``knots``
    and reaches ``at`` after ``seconds``."""
    u, v = unit(heading), knots * KNOT
    return (round(at[0] - u[0] * v * seconds, 1), round(at[1] - u[1] * v * seconds, 1))


def along(heading: float, start: Point, metres_ahead: float,
          metres_starboard: float = 0.0) -> tuple[float, float]:
    """A point ``metres_ahead`` along ``heading`` from ``start`` and ``metres_starboard``
    to her right (to 0.1 m)."""
    u = unit(heading)
    x = start[0] + u[0] * metres_ahead + u[1] * metres_starboard
    y = start[1] + u[1] * metres_ahead - u[0] * metres_starboard
    return (round(x, 1), round(y, 1))


SCENES: list[Scene] = [
    Scene(
        "port-starboard-cross", "Port crosses just ahead of starboard on a beat", "RRS 10",
        wind=0,
        boats=[
            BoatPlan("P", arriving(45, 6, 24.5), 45, 6, (Leg(42),)),
            BoatPlan("S", arriving(315, 6.5, 31), 315, 6.5, (Leg(42),)),
        ],
        heading_column=False, gpx="one",
    ),
    Scene(
        "port-starboard-duck", "Port ducks behind starboard on a beat", "RRS 10",
        wind=0,
        boats=[
            BoatPlan("P", arriving(45, 6, 30), 45, 6,
                     (Leg(21), Leg(4, 95), Leg(6), Leg(5, 45), Leg(9))),
            BoatPlan("S", arriving(315, 6, 30), 315, 6, (Leg(45),)),
        ],
        latlon=True,
    ),
    Scene(
        "port-starboard-avoiding-action",
        "Starboard has to bear away hard to miss a port boat that does not keep clear",
        "RRS 10, 14, 16.1; definition Keep Clear",
        wind=0,
        boats=[
            BoatPlan("P", arriving(45, 4, 40), 45, 4, (Leg(55),)),
            BoatPlan("S", arriving(315, 4, 40), 315, 4, (Leg(32), Leg(2, 255), Leg(21))),
        ],
    ),
    Scene(
        "windward-sails-down", "A windward boat sailing down on a leeward boat keeps clear",
        "RRS 11",
        wind=0, rotate=135,
        boats=[
            BoatPlan("L", (0.0, 0.0), 270, 6, (Leg(44),)),
            BoatPlan("W", (2.0, 16.0), 270, 6,
                     (Leg(10), Leg(3, 258), Leg(13), Leg(3, 280), Leg(15))),
            BoatPlan("X", (-100.0, 0.0), 270, 6, (Leg(44),)),
        ],
        speed_column=True,
    ),
    Scene(
        "leeward-from-astern-within-two",
        "A boat clear astern overlaps to leeward within two lengths: rule 17 limits her",
        "RRS 11, 12, 15, 17",
        wind=0,
        boats=[
            BoatPlan("W", (0.0, 13.0), 270, 5,
                     (Leg(22), Leg(2, 264), Leg(11), Leg(2, 276), Leg(15))),
            BoatPlan("L", (26.0, 0.0), 270, 6.5, (Leg(52),)),
        ],
        heading_column=False, gpx="each", latlon=True,
    ),
    Scene(
        "leeward-from-astern-beyond-two",
        "A boat clear astern overlaps to leeward more than two lengths away: no rule 17",
        "RRS 11, 12, 15, 17",
        wind=0,
        boats=[
            BoatPlan("W", (0.0, 24.0), 270, 5,
                     (Leg(28), Leg(2, 255), Leg(10), Leg(3, 280), Leg(7))),
            BoatPlan("L", (30.0, 0.0), 270, 6.5, (Leg(50),)),
        ],
        heading_column=False,
    ),
    Scene(
        "zone-entry-overlapped",
        "Overlapped at the zone of a leeward mark: the inside leeward boat is owed mark-room",
        "RRS 11, 18.1, 18.2(a); definitions Zone, Mark-Room",
        wind=0,
        marks=[{"id": "leeward", "at": (0.0, 0.0), "leave_to": "port", "role": "leeward"}],
        boats=[
            BoatPlan("L", along(200, (-9.4, 3.4), -90), 200, 6, (Leg(28),)),
            BoatPlan("W", along(200, (-9.4, 3.4), -92, 16), 200, 6,
                     (Leg(19), Leg(2, 186), Leg(4), Leg(2, 206), Leg(1))),
        ],
    ),
    Scene(
        "zone-entry-clear-ahead",
        "Clear ahead at the zone of a windward mark: the boat ahead is owed mark-room",
        "RRS 12, 18.1, 18.2(a); definitions Zone, Mark-Room, Clear Astern and Clear Ahead",
        wind=0,
        marks=[{"id": "windward", "at": (0.0, 0.0), "leave_to": "port", "role": "windward"}],
        boats=[
            BoatPlan("A", along(312, (5.4, 5.9), -100), 312, 6, (Leg(33),)),
            BoatPlan("B", along(312, (5.4, 5.9), -130, 4), 312, 7,
                     (Leg(28), Leg(3, knots=4.5), Leg(2))),
        ],
    ),
    Scene(
        "obstruction-inside-windward",
        "Overlapped at a moored boat ahead: the inside windward boat is owed room",
        "RRS 11, 19.1, 19.2(b), 43.1(b); definitions Obstruction, Room",
        wind=0,
        obstructions=[{"id": "moored", "at": (-110.0, 22.0), "radius": 5.0}],
        boats=[
            BoatPlan("L", (0.0, 0.0), 270, 6, (Leg(45),)),
            BoatPlan("W", (3.0, 14.0), 270, 6,
                     (Leg(15), Leg(2, 262), Leg(12), Leg(2, 274), Leg(14))),
        ],
    ),
    Scene(
        "tack-in-zone",
        "Port tacks in the zone just to leeward of a fetching starboard boat: no mark-room",
        "RRS 11, 13, 15, 18.1, 18.2(c), 18.3",
        wind=0,
        marks=[{"id": "windward", "at": (0.0, 0.0), "leave_to": "port", "role": "windward"}],
        boats=[
            BoatPlan("A", (-4.8, -42.8), 45, 5,
                     (Leg(14), Leg(4, 312, 3, "ccw"), Leg(4, knots=4.5), Leg(5))),
            BoatPlan("S", (76.3, -49.8), 312, 6.5,
                     (Leg(18), Leg(2, 305), Leg(5), Leg(2, 313))),
        ],
    ),
]

SCENE = {s.name: s for s in SCENES}


# -------------------------------------------------------------------- lat/lon, files

ORIGIN = (50.8, -1.3)            # degrees north, east
WGS84_A = 6378137.0
WGS84_F = 1 / 298.257223563
T0 = datetime(2025, 6, 14, 10, 0, 0, tzinfo=UTC)
CSV_ZONE = timezone(timedelta(hours=1))      # the lat/lon CSV writes local summer time


def to_latlon(x: float, y: float) -> tuple[float, float]:
    """Metres east/north of ORIGIN on its tangent plane to degrees (radii of curvature of
    the WGS84 ellipsoid at ORIGIN's latitude)."""
    e2 = WGS84_F * (2 - WGS84_F)
    phi = math.radians(ORIGIN[0])
    w = 1 - e2 * math.sin(phi) ** 2
    m = WGS84_A * (1 - e2) / w ** 1.5       # meridian
    n = WGS84_A / math.sqrt(w)              # prime vertical
    return (ORIGIN[0] + math.degrees(y / m), ORIGIN[1] + math.degrees(x / (n * math.cos(phi))))


def vincenty(p: tuple[float, float], q: tuple[float, float]) -> float:
    """Distance in metres between two (lat, lon) points on the WGS84 ellipsoid
    (Vincenty's inverse formula)."""
    a, f = WGS84_A, WGS84_F
    b = a * (1 - f)
    lam0 = lam = math.radians(q[1] - p[1])
    u1 = math.atan((1 - f) * math.tan(math.radians(p[0])))
    u2 = math.atan((1 - f) * math.tan(math.radians(q[0])))
    su1, cu1, su2, cu2 = math.sin(u1), math.cos(u1), math.sin(u2), math.cos(u2)
    for _ in range(200):
        sl, cl = math.sin(lam), math.cos(lam)
        ss = math.hypot(cu2 * sl, cu1 * su2 - su1 * cu2 * cl)
        if ss == 0:
            return 0.0
        cs = su1 * su2 + cu1 * cu2 * cl
        sig = math.atan2(ss, cs)
        sa = cu1 * cu2 * sl / ss
        c2a = 1 - sa * sa
        c2m = cs - 2 * su1 * su2 / c2a if c2a else 0.0
        c = f / 16 * c2a * (4 + f * (4 - 3 * c2a))
        prev = lam
        lam = lam0 + (1 - c) * f * sa * (sig + c * ss * (c2m + c * cs * (-1 + 2 * c2m * c2m)))
        if abs(lam - prev) < 1e-13:
            break
    u2s = c2a * (a * a - b * b) / (b * b)
    aa = 1 + u2s / 16384 * (4096 + u2s * (-768 + u2s * (320 - 175 * u2s)))
    bb = u2s / 1024 * (256 + u2s * (-128 + u2s * (74 - 47 * u2s)))
    ds = bb * ss * (c2m + bb / 4 * (cs * (-1 + 2 * c2m * c2m)
                                    - bb / 6 * c2m * (-3 + 4 * ss * ss) * (-3 + 4 * c2m * c2m)))
    return b * aa * (sig - ds)


def iso(t: int, zone: timezone = UTC) -> str:
    s = (T0 + timedelta(seconds=t)).astimezone(zone).isoformat()
    return s.replace("+00:00", "Z")


def rows(scene: Scene) -> Iterator[tuple[int, str, Fix]]:
    """Fixes ordered by time, then boat."""
    fixes = scene.fixes()
    yield from sorted((f.t, bid, f) for bid, fs in fixes.items() for f in fs)


def _fixed(v: float) -> str:
    """Two decimals, never a negative zero."""
    s = f"{v:.2f}"
    return "0.00" if s == "-0.00" else s


def csv_xy(scene: Scene) -> str:
    cols = ["time", "boat", "x", "y"] + (["heading"] if scene.heading_column else []) \
        + (["speed"] if scene.speed_column else [])
    out = [",".join(cols)]
    for t, bid, f in rows(scene):
        cells = [str(t), bid, _fixed(f.x), _fixed(f.y)]
        if scene.heading_column:
            cells.append(f"{f.heading:.1f}")
        if scene.speed_column:
            cells.append(f"{f.knots:.2f}")
        out.append(",".join(cells))
    return "\n".join(out) + "\n"


def csv_latlon(scene: Scene) -> str:
    """Rows grouped by boat (any order is allowed), ISO times with a +01:00 zone."""
    cols = ["time", "boat", "lat", "lon"] + (["heading"] if scene.heading_column else [])
    out = [",".join(cols)]
    for bid, fixes in scene.fixes().items():
        for f in fixes:
            lat, lon = to_latlon(f.x, f.y)
            cells = [iso(f.t, CSV_ZONE), bid, f"{lat:.7f}", f"{lon:.7f}"]
            if scene.heading_column:
                cells.append(f"{f.heading:.1f}")
            out.append(",".join(cells))
    return "\n".join(out) + "\n"


def gpx(scene: Scene, boats: list[str]) -> str:
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<gpx version="1.1" creator="rightofway scenarios/tracks/make_tracks.py" '
           'xmlns="http://www.topografix.com/GPX/1/1">']
    fixes = scene.fixes()
    for bid in boats:
        out.append(f"  <trk>\n    <name>{bid}</name>\n    <trkseg>")
        for f in fixes[bid]:
            lat, lon = to_latlon(f.x, f.y)
            out.append(f'      <trkpt lat="{lat:.7f}" lon="{lon:.7f}">'
                       f"<time>{iso(f.t)}</time></trkpt>")
        out.append("    </trkseg>\n  </trk>")
    out.append("</gpx>")
    return "\n".join(out) + "\n"


def _num(v: float) -> str:
    return f"{v:.1f}" if abs(v - round(v, 1)) < 1e-9 else f"{v:.7f}"


def course(scene: Scene, latlon: bool) -> str:
    def point(x: float, y: float) -> str:
        x, y = scene.turn(x, y)
        if latlon:
            lat, lon = to_latlon(x, y)
            return f"{{lat: {lat:.7f}, lon: {lon:.7f}}}"
        return f"[{_num(round(x, 2))}, {_num(round(y, 2))}]"

    lines = [f"# Course of {scene.name}: {scene.title}."
             + (" Coordinates in WGS84 degrees." if latlon else " Coordinates in metres."),
             "# Written by make_tracks.py.",
             f"hull_length: {_num(scene.hull_length)}",
             "beam: 0.3",
             f"wind: {_num(scene.wind_true)}"]
    if scene.marks:
        lines.append("marks:")
        for m in scene.marks:
            lines.append(f"  - {{id: {m['id']}, at: {point(*m['at'])}, "
                         f"leave_to: {m['leave_to']}, role: {m['role']}}}")
    else:
        lines.append("marks: []")
    if scene.obstructions:
        lines.append("obstructions:")
        for o in scene.obstructions:
            lines.append(f"  - {{id: {o['id']}, at: {point(*o['at'])}, "
                         f"radius: {_num(o['radius'])}}}")
    else:
        lines.append("obstructions: []")
    lines.append("lines: []")
    return "\n".join(lines) + "\n"


def variant_expect(scene: Scene, base: str, suffix: str, tracks: list[str]) -> str:
    """The expectations of ``scene`` for another file format: the same incidents; only
    the header (id, title, tracks, course) changes."""
    kind = {"latlon": "lat/lon CSV", "gpx": "GPX"}[suffix]
    out = []
    for line in base.splitlines():
        if line.startswith("id: "):
            line = f"id: tracks-{scene.name}-{suffix}"
        elif line.startswith("title: "):
            line = f'title: "{scene.title} ({kind})"'
        elif line.startswith("tracks: "):
            line = f"tracks: [{', '.join(tracks)}]"
        elif line.startswith("course: "):
            line = f"course: {scene.name}-latlon.course.yaml"
        out.append(line)
    return (f"# The same motion as {scene.name}.csv in {kind} form (written by make_tracks.py\n"
            f"# from {scene.name}.expect.yaml): the same incidents.\n" + "\n".join(out) + "\n")


def outputs(scene: Scene) -> dict[str, str]:
    """Every file the scene writes, by name."""
    out = {f"{scene.name}.csv": csv_xy(scene),
           f"{scene.name}.course.yaml": course(scene, latlon=False)}
    if not (scene.latlon or scene.gpx):
        return out
    out[f"{scene.name}-latlon.course.yaml"] = course(scene, latlon=True)
    base = (HERE / f"{scene.name}.expect.yaml").read_text()
    if scene.latlon:
        out[f"{scene.name}-latlon.csv"] = csv_latlon(scene)
        out[f"{scene.name}-latlon.expect.yaml"] = variant_expect(
            scene, base, "latlon", [f"{scene.name}-latlon.csv"])
    if scene.gpx == "one":
        out[f"{scene.name}.gpx"] = gpx(scene, [b.id for b in scene.boats])
        files = [f"{scene.name}.gpx"]
    elif scene.gpx == "each":
        files = []
        for b in scene.boats:
            out[f"{scene.name}.{b.id}.gpx"] = gpx(scene, [b.id])
            files.append(f"{scene.name}.{b.id}.gpx")
    if scene.gpx:
        out[f"{scene.name}-gpx.expect.yaml"] = variant_expect(scene, base, "gpx", files)
    return out


# ----------------------------------------------------------------------- the checks


def load_expect(name: str) -> dict[str, Any]:
    import yaml

    return dict(yaml.safe_load((HERE / f"{name}.expect.yaml").read_text()))


def avoiding(scene: Scene, row: str, other: str, t0: int, t1: int) -> bool:
    """The right-of-way boat turned more than 20 degrees within 3 s while the other was
    within two hull lengths (spec: the incident report)."""
    st, pair = state(scene), Pair(scene, row, other)
    for t in range(t0, t1 - 2):
        turn = abs((st[t + 3][row][1] - st[t][row][1] + 180) % 360 - 180)
        if turn > 20 and min(pair.dist(u) for u in range(t, t + 4)) < 2:
            return True
    return False


ROW_FROM = {"tack-in-zone": 18}


def check_scene(scene: Scene) -> list[str]:
    """The geometric claims of the scene's expectations; returns what failed."""
    bad: list[str] = []
    exp = load_expect(scene.name)
    found = []
    ids = [b.id for b in scene.boats]
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            pair = Pair(scene, *sorted((a, b)))
            for t in pair.st:       # no sample close to the range's border
                if abs(pair.dist(t) - 3.0) < 0.015:
                    bad.append(f"{scene.name}: {a}-{b} at {t}s is {pair.dist(t):.3f} from the "
                               "range border")
            for t0, t1 in pair.incidents():
                found.append((t0, sorted((a, b)), pair, t1))
    found.sort(key=lambda f: (f[0], f[1]))
    if [f[1] for f in found] != [i["boats"] for i in exp["incidents"]]:
        bad.append(f"{scene.name}: incidents {[f[1] for f in found]} expected "
                   f"{[i['boats'] for i in exp['incidents']]}")
        return bad
    for (t0, _, pair, t1), inc in zip(found, exp["incidents"], strict=True):
        tc, dc = pair.closest(t0, t1)
        lo, hi = inc["closest_time"]
        if not lo <= tc <= hi:
            bad.append(f"{scene.name}: closest at {tc}s outside {lo}-{hi}")
        # every sample within 0.05 of the closest distance lies inside the window too
        for t in range(t0, t1 + 1):
            if pair.dist(t) < dc + 0.02 and not lo <= t <= hi:
                bad.append(f"{scene.name}: near-closest {t}s ({pair.dist(t):.3f}) outside window")
        contact = min(pair.dist(t) for t in range(t0, t1 + 1)) < 0.3
        if contact != inc["contact"] or dc < 0.4:
            bad.append(f"{scene.name}: contact {contact}, closest {dc:.2f}")
        row = inc["ruling"]["right_of_way"]
        other = next(b for b in inc["boats"] if b != row)
        # the right-of-way boat's turns count only while she has right of way: A in
        # tack-in-zone has it from the end of her tack (18 s), not while tacking
        acted = avoiding(scene, row, other, max(t0, ROW_FROM.get(scene.name, t0)), t1)
        if acted != (inc["avoiding_action"] == row):
            bad.append(f"{scene.name}: avoiding action {acted}")
    claims = CLAIMS.get(scene.name)
    if claims:
        bad += [f"{scene.name}: {m}" for m in claims(scene)]
    return bad


def _approaching(scene: Scene, bid: str, t: int, mark: Point, margin: float) -> bool:
    """The mark lies ahead of the line abeam through her centre by ``margin``."""
    return ahead_of_abeam(mark, *state(scene)[t][bid]) - 0.5 > margin


def _inside(scene: Scene, t: int, inner: str, outer: str, obj: Point) -> bool:
    """Definition Inside (spec reading): ``inner`` lies on the object's side of
    ``outer``'s centreline and ``outer`` on the side of ``inner``'s away from it."""
    (pi, hi), (po, ho) = state(scene)[t][inner], state(scene)[t][outer]
    s_obj_o, s_in = side_of(obj, po, ho), side_of(pi, po, ho)
    s_obj_i, s_out = side_of(obj, pi, hi), side_of(po, pi, hi)
    return s_obj_o * s_in > 0 and s_obj_i * s_out < 0


def _tacks(scene: Scene, bid: str) -> set[str]:
    return {tack_of(scene.wind_true, h, "port") for _, h in
            (s[bid] for s in state(scene).values() if bid in s)}


def _steady(scene: Scene, bid: str) -> bool:
    return max_turn(scene, bid, 0, max(state(scene))) < 0.01


def _claims_crossing(scene: Scene) -> Iterator[str]:
    if _tacks(scene, "P") != {"port"} or _tacks(scene, "S") != {"starboard"}:
        yield "P must stay on port and S on starboard"
    if scene.name != "port-starboard-avoiding-action" and not _steady(scene, "S"):
        yield "S must hold her course"
    st = state(scene)
    if scene.name != "port-starboard-avoiding-action" and any(
            off_wind(scene.wind_true, s["S"][1]) >= 90 for s in st.values()):
        yield "S must sail within 90 degrees of the wind"
    pair = Pair(scene, "P", "S")
    tc, _ = pair.closest(*pair.incidents()[0])
    (pp, _), (ps, hs) = st[tc]["P"], st[tc]["S"]
    ahead = ahead_of_abeam(pp, ps, hs) - 0.5
    if scene.name == "port-starboard-duck" and ahead > -0.5:
        yield f"P must pass astern of S ({ahead:.2f})"
    if scene.name != "port-starboard-duck" and ahead < 0.3:
        yield f"P must pass ahead of S ({ahead:.2f})"
    if scene.name == "port-starboard-avoiding-action":
        turn_end = 34
        if max_turn(scene, "S", turn_end, max(st)) > 0.01 or tc < turn_end + 3:
            yield "S must have finished her turn 3 s before the closest approach"
        if max(pair.dist(t) for t in range(32, turn_end + 1)) >= 1.8:
            yield "S's turn must come with P within two lengths"


def _claims_same_tack(scene: Scene, lee: str, win: str) -> Iterator[str]:
    if _tacks(scene, lee) != _tacks(scene, win) or len(_tacks(scene, lee)) != 1:
        yield "both boats must stay on one tack"
    if not _steady(scene, lee):
        yield f"{lee} (right of way) must hold her course"
    pair = Pair(scene, *sorted((lee, win)))
    t0, t1 = pair.incidents()[0]
    tc, _ = pair.closest(t0, t1)
    if pair.relation(tc) != "overlap" or pair.leeward(tc) != lee:
        yield f"at {tc}s {lee} must be overlapped to leeward"


def _claims_from_astern(scene: Scene) -> Iterator[str]:
    yield from _claims_same_tack(scene, "L", "W")
    pair = Pair(scene, "L", "W")
    rel = {t: pair.relation(t) for t in pair.st}
    tov = next(t for t in rel if rel[t] == "overlap")
    if any(rel[t] != "L astern" for t in rel if t < tov):
        yield "L must be clear astern until the overlap begins"
    tc, _ = pair.closest(*pair.incidents()[0])
    if any(rel[t] != "overlap" for t in range(tov, tc + 1)):
        yield "the overlap must last until the closest approach"
    if tc - tov < 12:
        yield "the closest approach must come 12 s or more after the overlap began"
    d = pair.dist(tov)
    within = scene.name.endswith("within-two")
    if (within and not d < 1.6) or (not within and not d > 2.3):
        yield f"the overlap began {d:.2f} lengths apart"
    if pair.leeward(tov) != "L":
        yield "L must overlap to leeward"


def _claims_sails_down(scene: Scene) -> Iterator[str]:
    yield from _claims_same_tack(scene, "L", "W")
    pair = Pair(scene, "L", "W")
    if any(pair.relation(t) != "overlap" or pair.leeward(t) != "L" for t in pair.st):
        yield "L and W must be overlapped, L to leeward, throughout"


def _claims_zone(scene: Scene) -> Iterator[str]:
    a, b = ("L", "W") if scene.name == "zone-entry-overlapped" else ("A", "B")
    yield from (_claims_same_tack(scene, a, b) if a == "L" else ())
    mark = mark_at(scene, scene.marks[0]["id"])
    st = state(scene)
    first = next(t for t in st if any(in_zone(*st[t][x], mark) for x in (a, b)))
    if not in_zone(*st[first][a], mark) or in_zone(*st[first][b], mark):
        yield f"{a} alone must reach the zone first"
    pair = Pair(scene, *sorted((a, b)))
    if a == "L":
        if pair.relation(first) != "overlap" or not _inside(scene, first, "L", "W", mark):
            yield "L must be overlapped inside W when she reaches the zone"
    elif any(pair.relation(t) != "B astern" for t in pair.st):
        yield "B must be clear astern of A throughout"
    if not _steady(scene, a):
        yield f"{a} must hold her course"
    tc, _ = pair.closest(*pair.incidents()[0])
    if tc <= first + 2:
        yield "the closest approach must come after the zone entry"
    if not all(_approaching(scene, x, tc, mark, 0.5) for x in (a, b)):
        yield "both boats must still be approaching the mark at the closest approach"


def _claims_obstruction(scene: Scene) -> Iterator[str]:
    yield from _claims_sails_down(scene)
    o = scene.obstructions[0]
    centre = (o["at"][0] / scene.hull_length, o["at"][1] / scene.hull_length)
    radius = o["radius"] / scene.hull_length
    pair = Pair(scene, "L", "W")
    tc, _ = pair.closest(*pair.incidents()[0])
    if not _inside(scene, tc, "W", "L", centre):
        yield "W must be inside L at the obstruction"
    ahead = ahead_of_abeam(centre, *state(scene)[tc]["W"]) - 0.5
    if not 1.5 < ahead < 2.8:
        yield f"the obstruction must lie 1.5-2.8 lengths ahead ({ahead:.2f})"
    for t, s in state(scene).items():
        if point_segment(centre, *hull(*s["W"])) - radius < 0.4:
            yield f"W passes too near the obstruction at {t}s"


def _claims_tack(scene: Scene) -> Iterator[str]:
    mark = mark_at(scene, "windward")
    st = state(scene)
    wind = scene.wind_true
    a_tacks = [tack_of(wind, s["A"][1], "port") for s in st.values()]
    th = a_tacks.index("starboard")     # first sample past head to wind
    if a_tacks[:th] != ["port"] * th or set(a_tacks[th:]) != {"starboard"}:
        yield "A must tack once, from port to starboard"
    if not (in_zone(*st[th - 1]["A"], mark) and in_zone(*st[th]["A"], mark)):
        yield "A must pass head to wind in the zone"
    tend = next(t for t in st if t > th and off_wind(wind, st[t]["A"][1]) >= 45)
    if (th, tend) != (16, 18):
        yield f"A tacking from {th}s to {tend}s"
    if _tacks(scene, "S") != {"starboard"}:
        yield "S must stay on starboard"
    pair = Pair(scene, "A", "S")
    tc, _ = pair.closest(*pair.incidents()[0])
    if any(pair.relation(t) != "overlap" for t in range(th, tc + 1)):
        yield "A and S must be overlapped from A's tack to the closest approach"
    if pair.leeward(tc) != "A" or not _inside(scene, tc, "A", "S", mark):
        yield "A must be overlapped inside and to leeward of S"
    if tc - tend < 7:
        yield "the closest approach must come 7 s or more after A's tack"
    if not all(_approaching(scene, x, tc, mark, 0.25) for x in ("A", "S")):
        yield "both boats must still be approaching the mark"
    bow = hull(*st[tc]["S"])[1]
    if (wind - bearing(bow, mark)) % 360 < 45:
        yield "S must be fetching the mark"


CLAIMS: dict[str, Callable[[Scene], Iterator[str]]] = {
    "port-starboard-cross": _claims_crossing,
    "port-starboard-duck": _claims_crossing,
    "port-starboard-avoiding-action": _claims_crossing,
    "windward-sails-down": _claims_sails_down,
    "leeward-from-astern-within-two": _claims_from_astern,
    "leeward-from-astern-beyond-two": _claims_from_astern,
    "zone-entry-overlapped": _claims_zone,
    "zone-entry-clear-ahead": _claims_zone,
    "obstruction-inside-windward": _claims_obstruction,
    "tack-in-zone": _claims_tack,
}


def check_latlon(scene: Scene) -> list[str]:
    """Distances computed back from the lat/lon fixes agree with the plane's."""
    bad = []
    fixes = scene.fixes()
    pts = [(f.x, f.y) for fs in fixes.values() for f in fs]
    for i in range(0, len(pts), 7):
        for j in range(i + 3, len(pts), 11):
            p, q = pts[i], pts[j]
            plane = math.dist(p, q)
            back = vincenty(to_latlon(*p), to_latlon(*q))
            if abs(back - plane) > max(0.02, 2e-4 * plane):
                bad.append(f"{scene.name}: {plane:.3f} m on the plane, {back:.3f} m back")
    return bad


def main(argv: list[str]) -> int:
    check_only = "--check" in argv
    bad: list[str] = []
    for scene in SCENES:
        for name, text in outputs(scene).items():
            path = HERE / name
            if check_only:
                if not path.exists() or path.read_text() != text:
                    bad.append(f"{name} differs from what make_tracks.py writes")
            else:
                path.write_text(text)
        bad += check_scene(scene)
        if scene.latlon or scene.gpx:
            bad += check_latlon(scene)
    for line in bad:
        print(line)
    print(f"{len(SCENES)} situations checked" + (f", {len(bad)} problems" if bad else ", all good"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
