"""The incident report page (``rightofway.rrs.tracks.html``): one section per incident, a
diagram at each closest approach and change with the boats' tracks behind the hulls, the
ruling explained with citations, every id from the files escaped, a well-formed page that
asks nothing of any other site."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from rightofway.rrs import drawing, ruling
from rightofway.rrs.tracks import Course, Incident, Tracks, incidents, read_course, read_tracks
from rightofway.rrs.tracks import html as page
from rightofway.svg import SVG_NS

TRACKS = Path(__file__).resolve().parents[2] / "scenarios" / "tracks"
NS = {"svg": SVG_NS}


def _load(name: str) -> tuple[Tracks, Course]:
    tracks = read_tracks([TRACKS / f"{name}.csv"])
    return tracks, read_course(TRACKS / f"{name}.course.yaml", tracks)


def _parse(doc: str) -> ET.Element:
    """The page as XML (it is written well-formed: a polyglot of HTML and XML)."""
    return ET.fromstring(doc)


def _sections(root: ET.Element) -> list[ET.Element]:
    return [s for s in root.iter("section") if s.get("class") == "incident"]


def _svgs(el: ET.Element) -> list[ET.Element]:
    return list(el.iter(f"{{{SVG_NS}}}svg"))


def _text(el: ET.Element) -> str:
    return "".join(el.itertext())


def _crossing_csv(path: Path, port: str, starboard: str) -> Path:
    """Two crossings with 10 m hulls, a port boat passing 0.8 lengths ahead of a starboard
    boat: ``port`` and ``starboard`` at 20 s, Q and R 1 km east at 30 s."""
    rows = ["time,boat,x,y,heading"]
    for t in range(0, 41):
        rows.append(f"{t},{port},{-100 + 5 * t},{-100 + 5 * t},45")
        rows.append(f"{t},{starboard},{100 - 5 * t},{-85 + 5 * t},315")
        rows.append(f"{t},Q,{1000 - 150 + 5 * t},{-150 + 5 * t},45")
        rows.append(f"{t},R,{1000 + 150 - 5 * t},{-135 + 5 * t},315")
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tack_in_zone() -> tuple[Tracks, Course, list[Incident], str]:
    tracks, course = _load("tack-in-zone")
    found = incidents(tracks, course)
    return tracks, course, found, page.report(found, tracks, course, title="Tack in the zone")


def test_one_section_per_incident_and_a_diagram_per_closest_approach_and_change(
        tmp_path: Path) -> None:
    csv = _crossing_csv(tmp_path / "two.csv", "P", "S")
    tracks = read_tracks([csv])
    course = Course(hull_length=10.0)
    found = incidents(tracks, course)
    assert len(found) == 2  # they cross twice
    doc = page.report(found, tracks, course, title="Two crossings")
    root = _parse(doc)
    sections = _sections(root)
    assert len(sections) == len(found)
    for section, inc in zip(sections, found, strict=True):
        figures = [f for f in section.iter("figure")]
        assert len(_svgs(section)) == 1 + len(inc.changes) == len(figures)
        closest = [f for f in figures if f.get("class") == "diagram diagram-closest"]
        assert len(closest) == 1
        assert float(closest[0].get("data-time", "nan")) == inc.ruled_time
    # the table: a row per incident, each linking to its section
    rows = [tr for tbody in root.iter("tbody") for tr in tbody.iter("tr")]
    assert len(rows) == 2
    links = [a.get("href") for tr in rows for a in tr.iter("a")]
    assert links == ["#incident-1", "#incident-2"]
    assert [s.get("id") for s in sections] == ["incident-1", "incident-2"]


def test_changes_are_drawn_at_their_own_time_with_the_ruling_they_report(
        tack_in_zone: tuple[Tracks, Course, list[Incident], str]) -> None:
    tracks, course, found, _ = tack_in_zone
    (inc,) = found
    assert len(inc.changes) >= 2  # A tacks in the zone: the ruling changes on the way
    shown = page.diagrams(inc, tracks, course)
    assert [d.time for d in shown] == sorted([c.time for c in inc.changes]
                                             + [inc.ruled_time or inc.closest_time])
    for d in shown:
        assert d.position is not None and d.with_facts and d.ruling is not None
        r = ruling(d.position, *inc.boats)
        assert (r.right_of_way, r.keep_clear, r.mark_room, r.room, tuple(r.rules)) == (
            d.ruling.right_of_way, d.ruling.keep_clear, d.ruling.mark_room, d.ruling.room,
            d.ruling.rules)
    # each change's boats stand where the tracks put them at that time, not at the
    # closest approach
    places = {d.time: d.position.boat("A").at for d in shown if d.position is not None}
    assert len(set(places.values())) == len(places)


def test_tracks_are_drawn_behind_the_hulls_and_end_at_them(
        tack_in_zone: tuple[Tracks, Course, list[Incident], str]) -> None:
    tracks, course, found, doc = tack_in_zone
    (inc,) = found
    root = _parse(doc)
    svgs = _svgs(root)
    assert svgs
    for svg in svgs:
        order = list(svg.iter())
        groups = [g for g in order if g.get("class") == "tracks"]
        assert len(groups) == 1
        lines = {g.get("data-boat"): g.find("svg:polyline", NS) for g in groups[0]
                 if g.get("class") == "track"}
        assert set(lines) == set(inc.boats)
        assert all(line is not None for line in lines.values())
        hulls = [i for i, e in enumerate(order) if e.get("class") == "boat"]
        trail = [i for i, e in enumerate(order) if e.get("class") == "trail"]
        assert len(hulls) == 2
        last_track = max(order.index(line) for line in lines.values() if line is not None)
        assert last_track < min(hulls + trail)
    # at the closest approach each track ends at her hull's middle
    assert inc.position is not None
    v = drawing.view(inc.position, page.SIZE)
    closest = _parse(page.incident_svg(inc, tracks, course, inc.ruled_time or 0.0))
    for g in closest.iter():
        if g.get("class") != "track":
            continue
        line = g.find("svg:polyline", NS)
        assert line is not None
        x, y = map(float, line.get("points", "").split()[-1].split(","))
        at = inc.position.boat(g.get("data-boat", "")).at
        assert abs(x - v.x(at[0])) < 0.5 and abs(y - v.y(at[1])) < 0.5


def test_the_ruling_is_explained_with_its_citations(
        tack_in_zone: tuple[Tracks, Course, list[Incident], str]) -> None:
    _, _, found, doc = tack_in_zone
    (inc,) = found
    assert inc.ruling is not None and inc.position is not None
    root = _parse(doc)
    (section,) = _sections(root)
    cites = [_text(s) for s in section.iter("span") if s.get("class") == "cite"]
    for rule in inc.ruling.rules:
        assert f"RRS {rule}" in cites
    steps = ruling(inc.position, *inc.boats).steps
    items = [li for ol in section.iter("ol") if ol.get("class") == "steps"
             for li in ol.iter("li")]
    assert len(items) == len(steps)
    for li, step in zip(items, steps, strict=True):
        assert li.find("span") is not None
        assert _text(li.find("span")) == str(step.cite)  # type: ignore[arg-type]
        assert step.text in _text(li)
    # the table cites the rules of each incident too
    table = next(root.iter("table"))
    assert "RRS 18.3" in [_text(s) for s in table.iter("span") if s.get("class") == "cite"]


def test_ids_from_the_files_are_escaped(tmp_path: Path) -> None:
    port, starboard = '<script>alert("P")</script>', "S&'<b>"
    csv = _crossing_csv(tmp_path / "odd.csv", port, starboard)
    tracks = read_tracks([csv])
    course = Course(hull_length=10.0)
    found = incidents(tracks, course)
    doc = page.report(found, tracks, course, title="<i>odd</i> & \"names\"")
    assert "<script" not in doc and "<b>" not in doc and "<i>" not in doc
    root = _parse(doc)  # escaped well enough to parse
    title = next(root.iter("title"))
    assert title.text == "<i>odd</i> & \"names\""
    heads = [_text(h) for h in root.iter("h2")]
    assert port in heads[0] and starboard in heads[0]
    # the names inside the diagrams (hull labels, track labels) are text, not markup
    labels = [_text(t) for svg in _svgs(root) for t in svg.iter(f"{{{SVG_NS}}}text")]
    assert port in labels and starboard in labels


def test_the_page_stands_alone() -> None:
    tracks, course = _load("obstruction-inside-windward")
    found = incidents(tracks, course)
    doc = page.report(found, tracks, course, title="Obstruction")
    root = _parse(doc)
    assert not list(root.iter("script")) and not list(root.iter("link"))
    assert not list(root.iter("img")) and not list(root.iter("iframe"))
    for el in root.iter():
        for attr, value in el.attrib.items():
            if attr in ("src", "href") or attr.endswith("}href"):
                assert value.startswith("#"), (el.tag, attr, value)
    assert "url(" not in doc.replace("url(#", "")
    assert next(root.iter("style")).text


def test_no_incidents_no_table() -> None:
    tracks, course = _load("port-starboard-cross")
    doc = page.report([], tracks, course, title="Nothing")
    root = _parse(doc)
    assert not list(root.iter("table")) and not _sections(root)
    assert "No two boats" in _text(root)


def test_a_change_the_tracker_did_not_rule_is_drawn_from_the_samples(
        monkeypatch: pytest.MonkeyPatch,
        tack_in_zone: tuple[Tracks, Course, list[Incident], str]) -> None:
    tracks, course, found, _ = tack_in_zone
    (inc,) = found
    exact = page.diagrams(inc, tracks, course)
    monkeypatch.setattr(page.Tracker, "position", lambda *args: None)
    rough = page.diagrams(inc, tracks, course)
    for a, b in zip(exact, rough, strict=True):
        assert a.time == b.time
        assert a.position is not None and b.position is not None
        if a.kind == "closest":  # the incident's own position
            assert b.with_facts
            continue
        assert not b.with_facts
        # the same boats in the same places and headings, without the history's facts
        assert [(x.id, x.at, x.heading) for x in a.position.boats] == \
            [(x.id, x.at, x.heading) for x in b.position.boats]
        assert b.position.facts == type(b.position.facts)()
    figure = page._figure(rough[0], inc, tracks, course)
    assert "without the facts" in figure


def test_iso_times_show_the_clock() -> None:
    path = TRACKS / "port-starboard-duck-latlon.csv"
    tracks = read_tracks([path])
    course = read_course(TRACKS / "port-starboard-duck-latlon.course.yaml", tracks)
    found = incidents(tracks, course)
    assert found
    doc = page.report(found, tracks, course, title="Clock")
    root = _parse(doc)
    heads = [_text(th) for th in next(root.iter("thead")).iter("th")]
    column = heads.index("clock")
    first = min(datetime.fromisoformat(line.split(",")[0])
                for line in path.read_text(encoding="utf-8").splitlines()[1:])
    rows = [tr for tbody in root.iter("tbody") for tr in tbody.iter("tr")]
    for tr, inc in zip(rows, found, strict=True):
        when = (first + timedelta(seconds=inc.closest_time)).astimezone(UTC)
        assert _text(list(tr.iter("td"))[column]) == when.strftime("%H:%M:%S UTC")
