"""Reading tracks and courses (rightofway.rrs.tracks): CSV and GPX fixes, the course file,
the projection of latitude and longitude, and the fixed-step samples.

Every refusal is one line naming the file, the line and the field."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from rightofway.errors import InputError
from rightofway.rrs.tracks import (
    Projection,
    TrackError,
    read_course,
    read_tracks,
    samples,
)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(paths: list[Path]) -> TrackError:
    with pytest.raises(TrackError) as info:
        read_tracks(paths)
    message = str(info.value)
    assert "\n" not in message
    return info.value


# --- CSV ------------------------------------------------------------------------------------


def test_csv_rows_in_any_order_become_each_boats_fixes_in_time_order(tmp_path: Path) -> None:
    path = write(tmp_path, "race.csv", "time,boat,x,y,heading\n"
                 "12,A,10,0,90\n10,B,0,5,0\n10,A,0,0,90\n11,B,0,6,0\n")
    tracks = read_tracks([path])
    assert list(tracks.boats) == ["A", "B"]
    a = tracks.boats["A"]
    # times count from the first fix of all files (10 s)
    assert a.times == (0.0, 2.0) and a.xs == (0.0, 10.0) and a.headings == (90.0, 90.0)
    assert tracks.boats["B"].times == (0.0, 1.0) and tracks.boats["B"].speeds is None
    assert tracks.kind == "xy" and tracks.time_kind == "seconds" and tracks.origin == 10.0


def test_iso_times_with_a_zone_are_seconds_from_the_first_fix(tmp_path: Path) -> None:
    path = write(tmp_path, "race.csv", "time,boat,x,y\n"
                 "2026-06-01T12:00:05+01:00,A,0,0\n2026-06-01T11:00:00Z,A,1,0\n")
    tracks = read_tracks([path])
    assert tracks.boats["A"].times == (0.0, 5.0)
    assert tracks.boats["A"].xs == (1.0, 0.0)


@pytest.mark.parametrize(("text", "line", "field", "words"), [
    ("time,boat,x,y\n0,A,1\n", 2, "row", "expected 4 fields"),
    ("time,boat,x,y\n0,A,1,\n", 2, "y", "expected a value"),
    ("time,boat,x,y\n0,A,0,0\n1,A,east,0\n", 3, "x", "expected a number, got 'east'"),
    ("time,boat,x,y\nsoon,A,0,0\n", 2, "time", "ISO 8601"),
    ("time,boat,x,y\n2026-06-01T12:00:00,A,0,0\n", 2, "time", "with a zone"),
    ("time,boat,x,y\n0,A,0,0\n2026-06-01T12:00:00Z,A,1,0\n", 3, "time", "like the rows"),
    ("time,boat,x,y,colour\n0,A,0,0,red\n", 1, "colour", "unknown column"),
    ("time,boat,x\n0,A,0\n", 1, "y", "missing column"),
    ("time,boat,x,y,lat,lon\n0,A,0,0,50,1\n", 1, "header", "both kinds"),
    ("time,boat,x,y,heading\n0,A,0,0,400\n", 2, "heading", "0 to 360"),
    ("time,boat,lat,lon\n0,A,95,1\n", 2, "lat", "within ±90"),
    ("time,boat,x,y,speed\n0,A,0,0,-1\n", 2, "speed", "0 or more"),
    ("time,boat,x,y\n0,A,0,0\n0,A,1,1\n", 3, "time", "one fix of boat A at each time"),
    ("time,boat,x,y\n", 2, "row", "got none"),
    ("", 1, "header", "empty file"),
])
def test_a_bad_csv_names_file_line_and_field(tmp_path: Path, text: str, line: int, field: str,
                                             words: str) -> None:
    path = write(tmp_path, "bad.csv", text)
    err = refused([path])
    assert (err.file, err.line, err.field) == (str(path), line, field)
    assert str(err).startswith(f"{path}:{line}: {field}: ")
    assert words in str(err)


def test_duplicate_times_across_files_name_both_lines(tmp_path: Path) -> None:
    one = write(tmp_path, "one.csv", "time,boat,x,y\n0,A,0,0\n")
    two = write(tmp_path, "two.csv", "time,boat,x,y\n1,B,0,0\n0,A,5,5\n")
    err = refused([one, two])
    assert (err.file, err.line) == (str(two), 3)
    assert f"{one}:2" in str(err)


def test_places_or_times_of_two_kinds_in_one_fleet_are_refused(tmp_path: Path) -> None:
    xy = write(tmp_path, "xy.csv", "time,boat,x,y\n0,A,0,0\n")
    ll = write(tmp_path, "ll.csv", "time,boat,lat,lon\n0,B,50,-1\n")
    err = refused([xy, ll])
    assert (err.file, err.line, err.field) == (str(ll), 1, "header")
    assert "lat, lon" in err.message and "x, y" in err.message
    iso = write(tmp_path, "iso.csv", "time,boat,x,y\n2026-06-01T12:00:00Z,B,0,0\n")
    err = refused([xy, iso])
    assert (err.file, err.field) == (str(iso), "time") and "seconds" in err.message


def test_a_missing_file_is_refused_without_a_traceback(tmp_path: Path) -> None:
    err = refused([tmp_path / "nowhere.csv"])
    assert "cannot read" in str(err)


# --- GPX ------------------------------------------------------------------------------------

GPX = """<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
{tracks}
</gpx>
"""


def trk(name: str | None, points: list[tuple[float, float, str | None]]) -> str:
    pts = "\n".join(
        f'      <trkpt lat="{lat}" lon="{lon}">' + (f"<time>{t}</time>" if t else "")
        + "</trkpt>" for lat, lon, t in points)
    head = f"<name>{name}</name>" if name is not None else ""
    return f"  <trk>{head}\n    <trkseg>\n{pts}\n    </trkseg>\n  </trk>"


def test_gpx_tracks_are_boats_named_by_the_track_or_the_file(tmp_path: Path) -> None:
    two = write(tmp_path, "fleet.gpx", GPX.format(tracks="\n".join([
        trk("A", [(50.0, -1.0, "2026-06-01T12:00:00Z"), (50.0001, -1.0, "2026-06-01T12:00:02Z")]),
        trk("B", [(50.0, -1.001, "2026-06-01T12:00:01Z")])])))
    one = write(tmp_path, "Cee.gpx", GPX.format(tracks=trk(None, [
        (50.0005, -1.0005, "2026-06-01T12:00:03Z")])))
    tracks = read_tracks([two, one])
    assert list(tracks.boats) == ["A", "B", "Cee"]
    assert tracks.boats["A"].times == (0.0, 2.0) and tracks.boats["Cee"].times == (3.0,)
    assert tracks.kind == "latlon" and tracks.projection is not None
    # 0.0001 degree of latitude is about 11.1 m north
    a = tracks.boats["A"]
    assert a.ys[1] - a.ys[0] == pytest.approx(vincenty((50.0, -1.0), (50.0001, -1.0)),
                                              rel=1e-5)
    assert a.xs[1] - a.xs[0] == pytest.approx(0.0, abs=1e-3)  # meridians converge a little


def test_a_gpx_point_earlier_than_the_one_before_is_refused_at_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "back.gpx", GPX.format(tracks=trk("A", [
        (50.0, -1.0, "2026-06-01T12:00:05Z"), (50.0, -1.0, "2026-06-01T12:00:04Z")])))
    err = refused([path])
    assert err.line == 6 and err.field == "trk[0].trkseg[0].trkpt[1].time"
    assert "no earlier than the point before" in err.message


def test_a_gpx_point_without_time_or_a_file_with_two_unnamed_tracks(tmp_path: Path) -> None:
    path = write(tmp_path, "notime.gpx", GPX.format(tracks=trk("A", [(50.0, -1.0, None)])))
    err = refused([path])
    assert err.line == 5 and err.field.endswith("trkpt[0].time")
    path = write(tmp_path, "two.gpx", GPX.format(tracks="\n".join([
        trk(None, [(50.0, -1.0, "2026-06-01T12:00:00Z")]),
        trk(None, [(50.0, -1.0, "2026-06-01T12:00:01Z")])])))
    err = refused([path])
    assert err.field == "trk[0].name" and "names each" in err.message


def test_gpx_and_xy_csv_do_not_mix_and_broken_gpx_is_refused(tmp_path: Path) -> None:
    xy = write(tmp_path, "xy.csv", "time,boat,x,y\n0,A,0,0\n")
    gpx = write(tmp_path, "b.gpx", GPX.format(tracks=trk("B", [
        (50.0, -1.0, "2026-06-01T12:00:00Z")])))
    err = refused([xy, gpx])
    assert err.file == str(gpx) and "x, y" in err.message
    broken = write(tmp_path, "broken.gpx", "<gpx><trk>")
    assert "GPX" in str(refused([broken]))
    empty = write(tmp_path, "empty.gpx", "")
    assert "empty file" in str(refused([empty]))


# --- the projection -------------------------------------------------------------------------


MEAN_RADIUS = 6_371_008.8


def haversine(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The great-circle distance on a sphere of the Earth's mean radius."""
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp, dl = p2 - p1, math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * MEAN_RADIUS * math.asin(math.sqrt(h))


def vincenty(a: tuple[float, float], b: tuple[float, float]) -> float:
    """The geodesic distance on the WGS84 ellipsoid (Vincenty's inverse formula)."""
    big, f = 6_378_137.0, 1 / 298.257223563
    small = big * (1 - f)
    u1 = math.atan((1 - f) * math.tan(math.radians(a[0])))
    u2 = math.atan((1 - f) * math.tan(math.radians(b[0])))
    lon = math.radians(b[1] - a[1])
    lam = lon
    for _ in range(200):
        sl, cl = math.sin(lam), math.cos(lam)
        ss = math.hypot(math.cos(u2) * sl,
                        math.cos(u1) * math.sin(u2) - math.sin(u1) * math.cos(u2) * cl)
        if ss == 0:
            return 0.0
        cs = math.sin(u1) * math.sin(u2) + math.cos(u1) * math.cos(u2) * cl
        sigma = math.atan2(ss, cs)
        sa = math.cos(u1) * math.cos(u2) * sl / ss
        c2a = 1 - sa * sa
        c2m = cs - 2 * math.sin(u1) * math.sin(u2) / c2a if c2a else 0.0
        c = f / 16 * c2a * (4 + f * (4 - 3 * c2a))
        before, lam = lam, lon + (1 - c) * f * sa * (
            sigma + c * ss * (c2m + c * cs * (-1 + 2 * c2m * c2m)))
        if abs(lam - before) < 1e-13:
            break
    u_2 = c2a * (big * big - small * small) / (small * small)
    k1 = u_2 / 1024 * (256 + u_2 * (-128 + u_2 * (74 - 47 * u_2)))
    k0 = 1 + u_2 / 16384 * (4096 + u_2 * (-768 + u_2 * (320 - 175 * u_2)))
    ds = k1 * ss * (c2m + k1 / 4 * (cs * (-1 + 2 * c2m * c2m) - k1 / 6 * c2m
                                    * (-3 + 4 * ss * ss) * (-3 + 4 * c2m * c2m)))
    return small * k0 * (sigma - ds)


@pytest.mark.parametrize("lat0", [0.0, 50.8, -33.9, 65.0])
def test_projected_distances_are_within_a_thousandth_over_20_km(lat0: float) -> None:
    """Points up to 10 km from the centre (20 km across): every distance between them on
    the plane is within 0.1 % of the geodesic on the WGS84 ellipsoid, and within the
    sphere's own error (half a percent) of the haversine distance."""
    proj = Projection(lat0, -1.3)
    dlat = 10_000 / MEAN_RADIUS * 180 / math.pi
    dlon = dlat / math.cos(math.radians(lat0))
    points = [(lat0 + dlat * i / 1.5, -1.3 + dlon * j / 1.5)
              for i in (-1, 0, 1) for j in (-1, 0, 1)] + [(lat0 + dlat, -1.3),
                                                            (lat0, -1.3 - dlon)]
    worst = worst_sphere = 0.0
    for p in points:
        for q in points:
            if p == q:
                continue
            flat = math.dist(proj(*p), proj(*q))
            true = vincenty(p, q)
            worst = max(worst, abs(flat - true) / true)
            worst_sphere = max(worst_sphere, abs(flat - haversine(p, q)) / haversine(p, q))
    assert worst < 0.001
    assert worst_sphere < 0.007
    # and much better than that near the centre: a boat length is a boat length
    a, b = (lat0 + dlat / 10, -1.3), (lat0 + dlat / 10 + 0.00007, -1.3 + 0.00005)
    assert math.dist(proj(*a), proj(*b)) == pytest.approx(vincenty(a, b), rel=1e-4)


def test_the_fleets_mean_position_is_the_centre(tmp_path: Path) -> None:
    path = write(tmp_path, "ll.csv", "time,boat,lat,lon\n0,A,50,-1\n0,B,52,-3\n")
    tracks = read_tracks([path])
    assert tracks.projection == Projection(51.0, pytest.approx(-2.0))  # type: ignore[arg-type]
    a, b = tracks.boats["A"], tracks.boats["B"]
    assert a.xs[0] > 0 > b.xs[0] and a.ys[0] < 0 < b.ys[0]


# --- the course -----------------------------------------------------------------------------


def test_a_course_in_metres_and_a_wind_schedule_that_steps(tmp_path: Path) -> None:
    tracks = read_tracks([write(tmp_path, "t.csv", "time,boat,x,y\n100,A,0,0\n700,A,1,1\n")])
    path = write(tmp_path, "course.yaml", """\
hull_length: 7.5
wind: [{time: 100, from: 0}, {time: 700, from: 10}]
start: 160
marks:
  - {id: windward, at: [120.0, 800.0], leave_to: port, role: windward}
obstructions:
  - {id: rib, at: [30, 40], radius: 2}
lines:
  - {id: start, kind: start, ends: [[0, 0], [200, 0]]}
""")
    course = read_course(path, tracks=tracks)
    assert course.hull_length == 7.5 and course.beam == 0.3
    assert course.start == 60.0  # as the tracks write time, from their first fix (100)
    assert course.wind == ((0.0, 0.0), (600.0, 10.0))
    assert [course.wind_at(t) for t in (-5, 0, 599.5, 600, 1e6)] == [0, 0, 0, 10, 10]
    assert course.marks[0].at == (120.0, 800.0) and course.obstructions[0].radius == 2.0
    assert course.lines[0].ends == ((0.0, 0.0), (200.0, 0.0))


def test_a_course_with_lat_lon_points_uses_the_tracks_projection(tmp_path: Path) -> None:
    tracks = read_tracks([write(tmp_path, "ll.csv", "time,boat,lat,lon\n"
                                "2026-06-01T12:00:00Z,A,50,-1\n2026-06-01T12:01:00Z,A,50.01,-1\n")])
    path = write(tmp_path, "course.yaml", "hull_length: 10\nstart: '2026-06-01T12:00:30Z'\n"
                 "marks:\n  - {id: m, at: {lat: 50.005, lon: -1}, leave_to: port}\n")
    course = read_course(path, tracks=tracks)
    assert course.start == 30.0
    assert course.marks[0].at == pytest.approx((0.0, 0.0), abs=1e-6)


@pytest.mark.parametrize(("text", "line", "field", "words"), [
    ("beam: 0.3\n", None, "hull_length", "required"),
    ("hull_length: 7.5\ncolour: red\n", 2, "colour", "unknown key"),
    ("hull_length: 7.5\nmarks:\n  - {id: m, at: {lat: 50, lon: 1}, leave_to: port}\n", 3,
     "marks[0].at", "expected [x, y]"),
    ("hull_length: -1\n", 1, "hull_length", "greater than 0 (got -1)"),
    ("hull_length: 7.5\nwind: [{time: 0, from: 400}]\n", 2, "wind[0].from", "0 to 360"),
    ("hull_length: 7.5\nmarks:\n  - {id: m, at: [0], leave_to: port}\n", 3, "marks[0].at",
     "expected a point [x, y]"),
    ("hull_length: 7.5\nstart: soon\n", 2, "start", "seconds"),
    ("hull_length: 7.5\nmarks:\n  - {id: m, at: [0, 0], leave_to: port}\n"
     "  - {id: m, at: [5, 0], leave_to: port}\n", 4, "marks[1].id", "unique"),
    ("hull_length: 7.5\nobstructions:\n  - {id: o, at: [0, 0]}\n", 3, "obstructions[0]",
     "radius"),
    ("[1, 2]\n", 1, "course", "mapping"),
    ("hull_length: [\n", 2, "", "YAML"),
])
def test_a_bad_course_names_file_line_and_field(tmp_path: Path, text: str, line: int | None,
                                                field: str, words: str) -> None:
    tracks = read_tracks([write(tmp_path, "t.csv", "time,boat,x,y\n0,A,0,0\n")])
    path = write(tmp_path, "course.yaml", text)
    with pytest.raises(TrackError) as info:
        read_course(path, tracks=tracks)
    err = info.value
    assert err.field == field and words in str(err), str(err)
    if line is not None:
        assert err.line == line
    assert str(err).startswith(f"{path}:") and "\n" not in str(err)


def test_lat_lon_tracks_want_lat_lon_points(tmp_path: Path) -> None:
    tracks = read_tracks([write(tmp_path, "ll.csv", "time,boat,lat,lon\n0,A,50,-1\n")])
    path = write(tmp_path, "course.yaml", "hull_length: 7.5\nmarks:\n"
                 "  - {id: m, at: [0, 0], leave_to: port}\n")
    with pytest.raises(TrackError, match=r"course.yaml:3: marks\[0\].at: expected \{lat:"):
        read_course(path, tracks=tracks)


# --- samples --------------------------------------------------------------------------------


def test_samples_interpolate_inside_each_boats_own_span(tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", "time,boat,x,y,heading,speed\n"
                 "0,A,0,0,350,4\n2,A,10,20,10,6\n1,B,5,5,90,3\n3,B,5,5,90,3\n")
    got = list(samples(read_tracks([path]), 1.0))
    assert [t for t, _, _ in got] == [0.0, 1.0, 2.0, 3.0]
    assert got[0][1] == {"A": (0.0, 0.0, 350.0)}
    t1 = got[1][1]
    # half way: places linear, the heading the short way round through north, speed linear
    assert t1["A"] == pytest.approx((5.0, 10.0, 0.0)) and t1["B"] == (5.0, 5.0, 90.0)
    assert got[1][2] == {"A": 5.0, "B": 3.0}
    assert set(got[3][1]) == {"B"}


def test_a_step_must_be_positive(tmp_path: Path) -> None:
    tracks = read_tracks([write(tmp_path, "t.csv", "time,boat,x,y\n0,A,0,0\n")])
    with pytest.raises(InputError, match="step: expected seconds"):
        list(samples(tracks, 0))


def test_gpx_course_and_speed_are_headings_and_knots(tmp_path: Path) -> None:
    path = write(tmp_path, "q.gpx", """<?xml version="1.0"?>
<gpx version="1.0" creator="t" xmlns="http://www.topografix.com/GPX/1/0">
<trk><name>Q</name><trkseg>
<trkpt lat="50" lon="-1"><time>2026-06-01T12:00:00Z</time><course>45</course><speed>2</speed>
</trkpt>
<trkpt lat="50.0001" lon="-1"><time>2026-06-01T12:00:01Z</time><course>50</course>
<speed>2.5</speed></trkpt>
</trkseg></trk></gpx>
""")
    q = read_tracks([path]).boats["Q"]
    assert q.headings == (45.0, 50.0)
    assert q.speeds == pytest.approx((2 * 3600 / 1852, 2.5 * 3600 / 1852))
