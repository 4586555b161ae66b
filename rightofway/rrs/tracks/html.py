"""The incident report as one HTML page: what ``rightofway incidents --html`` writes.

:func:`report` makes a whole, self-contained document (inline CSS and SVG, no script, nothing
fetched from elsewhere): a table of the incidents (when, the boats, who keeps clear of whom
and the rules that say so, mark-room, room, contact, avoiding action), then a section for
each incident with a diagram at its closest approach and one at each change of its ruling,
drawn by :func:`rightofway.rrs.drawing.board` with the two boats' tracks behind the hulls
(:func:`rightofway.tracks.draw`), and the explanation of the ruling at the closest approach,
step by step with the rule each step rests on.

The closest approach is drawn from the incident's own
:attr:`~rightofway.rrs.tracks.Incident.position`. For the changes, :func:`positions_at`
replays the pair's samples through a :class:`~rightofway.rrs.tracks.Tracker` up to each
change and takes the position the tracker ruled there (the pair re-centred on whole hull
lengths, with the facts their history shows); the tracker keeps that position privately, so
this module reads it from the tracker's cache of its last ruling, checked to be of the
sample asked for, and otherwise builds the same snapshot from the samples alone
(:func:`snapshot_at`: places, headings and the course's items, without the facts), which the
page then says.

Every text that comes from the files (boat ids, mark names, the title) is escaped.
"""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from rightofway import tracks as track_lines
from rightofway.explain import Step
from rightofway.positions import Line, PositionError
from rightofway.rrs import drawing, rules
from rightofway.rrs.position import Boat, Mark, Obstruction, Options, Position
from rightofway.rrs.tracks.read import Course, Tracks, samples
from rightofway.rrs.tracks.report import Incident, IncidentRuling
from rightofway.rrs.tracks.tracker import Tracker
from rightofway.svg import Colors

__all__ = [
    "Diagram",
    "diagrams",
    "explanation",
    "incident_svg",
    "positions_at",
    "report",
    "rule_list",
    "snapshot_at",
]

SIZE = 420
"""The width of a diagram, pixels."""
TRACK_SECONDS = 20.0
"""How many seconds of each boat's track a diagram shows, up to its time."""
_EPS = 1e-6


@dataclass(frozen=True, slots=True)
class Diagram:
    """One diagram of an incident: its ``time`` (seconds from the first fix), what it is
    (``closest`` approach or ``change``), the ruling the report gives there, the position
    drawn (``None`` when none could be made: the hulls touched) and whether that position
    carries the history's facts (``False``: built from the samples alone)."""

    time: float
    kind: str
    ruling: IncidentRuling | None
    position: Position | None
    with_facts: bool = True


# --- positions --------------------------------------------------------------------------------


def _scale(course: Course) -> float:
    return 1.0 / course.hull_length


def _pair_samples(tracks: Tracks, pair: Sequence[str], step: float, until: float
                  ) -> Iterable[tuple[float, dict[str, tuple[float, ...]],
                                      dict[str, float] | None]]:
    """The samples of the two boats alone (the facts of a pair turn on the pair alone),
    up to ``until``."""
    for t, places, speeds in samples(tracks, step):
        if t > until + _EPS:
            return
        mine = {b: places[b] for b in pair if b in places}
        fast = {b: speeds[b] for b in pair if speeds is not None and b in speeds}
        yield t, mine, fast or None


def _sample_at(tracks: Tracks, boat: str, time: float) -> tuple[float, float] | None:
    """Boat's place (metres) at ``time`` by linear interpolation between her fixes."""
    tr = tracks.boats.get(boat)
    if tr is None or not tr.times[0] - _EPS <= time <= tr.times[-1] + _EPS:
        return None
    for i in range(len(tr.times) - 1):
        if tr.times[i] - _EPS <= time <= tr.times[i + 1] + _EPS:
            f = (time - tr.times[i]) / (tr.times[i + 1] - tr.times[i])
            f = min(max(f, 0.0), 1.0)
            return (tr.xs[i] + (tr.xs[i + 1] - tr.xs[i]) * f,
                    tr.ys[i] + (tr.ys[i + 1] - tr.ys[i]) * f)
    return tr.xs[-1], tr.ys[-1]


def snapshot_at(tracks: Tracks, course: Course, pair: tuple[str, str], time: float,
                headings: Mapping[str, float | None], *,
                options: Options | None = None) -> Position | None:
    """The pair at ``time`` as a two-boat :class:`~rightofway.rrs.Position` made from the
    samples alone: each boat where the tracks put her (hull lengths, the pair re-centred on
    whole hull lengths as the report's positions are), on the heading ``headings`` gives,
    the wind then, the course's marks, obstructions and lines; no facts and no trail.
    ``None`` when a boat has no place or heading then, or the hulls touch."""
    scale = _scale(course)
    placed = []
    for bid in pair:
        at = _sample_at(tracks, bid, time)
        heading = headings.get(bid)
        if at is None or heading is None:
            return None
        placed.append((bid, round(at[0] * scale, 4), round(at[1] * scale, 4), heading))
    ox = round((placed[0][1] + placed[1][1]) / 2)
    oy = round((placed[0][2] + placed[1][2]) / 2)

    def moved(p: tuple[float, float]) -> tuple[float, float]:
        return (round(p[0] * scale - ox, 4), round(p[1] * scale - oy, 4))

    boats = tuple(Boat(bid, (round(x - ox, 4), round(y - oy, 4)), h)
                  for bid, x, y, h in placed)
    marks = tuple(Mark(m.id, moved(m.at), m.leave_to, m.role, m.gate) for m in course.marks)
    obstructions = []
    for o in course.obstructions:
        if o.polygon is not None:
            obstructions.append(Obstruction(o.id, polygon=tuple(moved(p) for p in o.polygon),
                                            kind=o.kind))
        elif o.at is not None and o.radius is not None:
            obstructions.append(Obstruction(o.id, moved(o.at), o.radius * scale, kind=o.kind))
    lines = tuple(Line(ln.id, ln.kind, (moved(ln.ends[0]), moved(ln.ends[1])))
                  for ln in course.lines)
    try:
        return Position(course.wind_at(time), boats, marks, tuple(obstructions), lines,
                        options=options or Options())
    except PositionError:
        return None


def positions_at(incident: Incident, tracks: Tracks, course: Course,
                 times: Iterable[float], *, step: float = 1.0, range: float = 3.0,
                 heading_window: float = 3.0, options: Options | None = None,
                 ) -> dict[float, tuple[Position | None, bool]]:
    """The pair's position at each of ``times`` (samples of the incident where its ruling
    changed), as the tracker ruled it there: the pair's samples are pushed through a
    :class:`~rightofway.rrs.tracks.Tracker` made as :func:`~rightofway.rrs.tracks.incidents`
    makes it (pass the same ``step``, ``range``, ``heading_window`` and ``options``), and at
    each time the position of the tracker's last ruling is taken when it is of that sample.
    Otherwise (the time is not one the tracker ruled) the snapshot of :func:`snapshot_at`,
    with ``False`` beside it: the position carries no facts."""
    wanted = sorted({round(t, 6) for t in times})
    out: dict[float, tuple[Position | None, bool]] = {}
    if not wanted:
        return out
    tracker = Tracker(course, range=range, heading_window=heading_window, options=options)
    pending = list(wanted)
    for t, places, speeds in _pair_samples(tracks, incident.boats, step, wanted[-1]):
        tracker.push(t, places, speeds)
        while pending and pending[0] <= t + _EPS:
            when = pending.pop(0)
            if abs(when - t) > _EPS:
                continue
            found = tracker.position(*incident.boats)
            if found is not None:
                out[when] = (found, True)
            else:
                out[when] = (snapshot_at(tracks, course, incident.boats, t, tracker.headings,
                                         options=tracker.options), False)
    for when in pending:  # not a sample time: the snapshot between samples
        out[when] = (None, False)
    return out


def diagrams(incident: Incident, tracks: Tracks, course: Course, *, step: float = 1.0,
             range: float = 3.0, heading_window: float = 3.0,
             options: Options | None = None) -> list[Diagram]:
    """The diagrams of an incident, in time order: its closest approach (the sample ruled,
    :attr:`~rightofway.rrs.tracks.Incident.ruled_time`) and each change of its ruling."""
    found = positions_at(incident, tracks, course, [c.time for c in incident.changes],
                         step=step, range=range, heading_window=heading_window,
                         options=options)
    out = [Diagram(c.time, "change", c.ruling, *found[round(c.time, 6)])
           for c in incident.changes]
    closest = incident.ruled_time if incident.ruled_time is not None else incident.closest_time
    out.append(Diagram(closest, "closest", incident.ruling, incident.position))
    out.sort(key=lambda d: (d.time, d.kind != "closest"))
    return out


# --- drawing ----------------------------------------------------------------------------------


_HULLS = re.compile(r'<(?:polygon|line)\b[^>]*\bclass="(?:trail|abeam|boat)"')
"""Where the board starts drawing the boats: the tracks go in before it."""


def _offset(position: Position, tracks: Tracks, course: Course, time: float
            ) -> tuple[float, float] | None:
    """How far the position's frame is moved from the course's (whole hull lengths)."""
    scale = _scale(course)
    for b in position.boats:
        at = _sample_at(tracks, b.id, time)
        if at is not None:
            return (round(at[0] * scale - b.at[0]), round(at[1] * scale - b.at[1]))
    return None


def _track_points(tracks: Tracks, boat: str, since: float, until: float
                  ) -> list[tuple[float, float]]:
    """Boat's fixes from ``since`` to ``until`` (metres), ending at her place at ``until``."""
    tr = tracks.boats.get(boat)
    if tr is None:
        return []
    pts = []
    start = _sample_at(tracks, boat, max(since, tr.times[0]))
    if start is not None:
        pts.append(start)
    pts.extend((x, y) for t, x, y in zip(tr.times, tr.xs, tr.ys, strict=True)
               if since < t < until)
    end = _sample_at(tracks, boat, min(until, tr.times[-1]))
    if end is not None:
        pts.append(end)
    return pts


def draw(position: Position, pair: tuple[str, str], tracks: Tracks, course: Course,
         time: float, *, seconds: float = TRACK_SECONDS, size: int = SIZE,
         colors: Colors | None = None) -> str:
    """``position`` drawn by :func:`rightofway.rrs.drawing.board` with ``pair`` judged, and
    the two boats' tracks over the ``seconds`` before ``time`` behind the hulls."""
    colors = colors or Colors()
    svg = str(drawing.board(position, pair, size, colors))
    offset = _offset(position, tracks, course, time)
    if offset is None:
        return svg
    scale = _scale(course)
    ox, oy = offset
    v = drawing.view(position, size)
    lines = {}
    for bid in pair:
        pts = _track_points(tracks, bid, time - seconds, time)
        if len(pts) > 1:
            lines[bid] = tuple((x * scale - ox, y * scale - oy) for x, y in pts)
    if not lines:
        return svg
    holder = ET.Element("g")
    track_lines.draw(holder, lines, lambda p: (v.x(p[0]), v.y(p[1])), colors,
                     on_water=frozenset(pair))
    drawn = "".join(ET.tostring(child, encoding="unicode") for child in holder)
    match = _HULLS.search(svg)
    at = match.start() if match is not None else svg.rfind("</svg>")
    return svg[:at] + drawn + svg[at:]


def incident_svg(incident: Incident, tracks: Tracks, course: Course, time: float, *,
                 step: float = 1.0, range: float = 3.0, heading_window: float = 3.0,
                 options: Options | None = None, size: int = SIZE) -> str:
    """The diagram of ``incident`` at ``time`` (its closest approach, or a change's time),
    the tracks behind the hulls; empty when there is no position to draw then."""
    if incident.position is not None and incident.ruled_time is not None \
            and abs(time - incident.ruled_time) <= _EPS:
        position: Position | None = incident.position
    else:
        position = positions_at(incident, tracks, course, [time], step=step, range=range,
                                heading_window=heading_window,
                                options=options)[round(time, 6)][0]
    if position is None:
        return ""
    return draw(position, incident.boats, tracks, course, time, size=size)


# --- text ---------------------------------------------------------------------------------------


def rule_list(rules_: Sequence[str]) -> list[str]:
    """The rules of a ruling as citations: ``["RRS 10", "RRS 18.2(a)"]``."""
    return [f"RRS {r}" for r in rules_]


def explanation(position: Position, pair: tuple[str, str]) -> tuple[Step, ...]:
    """The explained ruling of ``pair`` in ``position`` (:func:`rightofway.rrs.ruling`'s
    steps)."""
    return tuple(rules.ruling(position, *pair).steps)


def _seconds(t: float) -> str:
    return f"{t:g}\N{NARROW NO-BREAK SPACE}s"


def _clock(tracks: Tracks, t: float) -> str:
    """The time of day of ``t`` when the tracks gave ISO times (UTC)."""
    if tracks.time_kind != "iso":
        return ""
    return datetime.fromtimestamp(tracks.origin + t, UTC).strftime("%H:%M:%S UTC")


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _cites(items: Sequence[str]) -> str:
    return ", ".join(f'<span class="cite">{_e(c)}</span>' for c in items) or "none"


def _ruling_cells(r: IncidentRuling | None) -> str:
    if r is None:
        return '<td colspan="5">not ruled: the hulls touched at every sample</td>'
    dash = "\N{EN DASH}"
    return (f"<td>{_e(r.keep_clear)}</td><td>{_e(r.right_of_way)}</td>"
            f"<td>{_cites(rule_list(r.rules))}</td>"
            f"<td>{_e(r.mark_room) if r.mark_room else dash}</td>"
            f"<td>{_e(r.room) if r.room else dash}</td>")


def ruling_sentence(r: IncidentRuling | None) -> str:
    """The ruling in words (plain text, not escaped)."""
    if r is None:
        return "not ruled: the hulls touched at every sample"
    words = f"{r.keep_clear} keeps clear of {r.right_of_way}"
    if r.mark_room:
        words += f"; {r.mark_room} is owed mark-room"
    if r.room:
        words += f"; {r.room} is owed room"
    return words


def _sentence(r: IncidentRuling | None) -> str:
    if r is None:
        return _e(ruling_sentence(None))
    return f"{_e(ruling_sentence(r))} ({_cites(rule_list(r.rules))})"


def _steps_html(steps: Sequence[Step]) -> str:
    out = ['<ol class="steps">']
    for s in steps:
        detail = f'<div class="detail">{_e(s.detail)}</div>' if s.detail else ""
        out.append(f'<li class="step step-{_e(s.kind)}"><span class="cite">{_e(s.cite)}'
                   f"</span> {_e(s.text)}{detail}</li>")
    out.append("</ol>")
    return "\n".join(out)


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 72em;
       color: #222; padding: 0 1em; line-height: 1.4; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #bbb; padding: 0.25em 0.5em; text-align: left;
         vertical-align: top; }
th { background: #eee; }
.cite { font-family: ui-monospace, monospace; font-size: 0.9em; white-space: nowrap; }
.incident { border-top: 2px solid #888; margin-top: 2em; }
.figures { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; }
figcaption { font-size: 0.9em; max-width: 420px; }
.steps li { margin: 0.2em 0; }
.detail { font-size: 0.85em; color: #555; margin-left: 1em; }
.note { color: #555; font-size: 0.9em; }
""".strip()


def _table(incidents: Sequence[Incident], tracks: Tracks) -> str:
    clock = tracks.time_kind == "iso"
    head = ("<tr><th>#</th><th>from</th><th>to</th><th>closest</th>"
            + ("<th>clock</th>" if clock else "")
            + "<th>boats</th><th>keeps clear</th><th>right of way</th><th>rules</th>"
            "<th>mark-room</th><th>room</th><th>contact</th><th>avoiding action</th>"
            "<th>changes</th></tr>")
    rows = [f'<table class="incidents">\n<thead>{head}</thead>\n<tbody>']
    for n, inc in enumerate(incidents, 1):
        rows.append(
            f'<tr><td><a href="#incident-{n}">{n}</a></td><td>{_seconds(inc.start)}</td>'
            f"<td>{_seconds(inc.end)}</td>"
            f"<td>{_seconds(inc.closest_time)}, {inc.closest_distance:g} lengths</td>"
            + (f"<td>{_clock(tracks, inc.closest_time)}</td>" if clock else "")
            + f"<td>{_e(inc.boats[0])} and {_e(inc.boats[1])}</td>"
            f"{_ruling_cells(inc.ruling)}"
            f"<td>{'yes' if inc.contact else 'no'}</td>"
            f"<td>{_e(inc.avoiding_action) if inc.avoiding_action else 'none'}</td>"
            f"<td>{len(inc.changes)}</td></tr>")
    rows.append("</tbody>\n</table>")
    return "\n".join(rows)


def _figure(d: Diagram, inc: Incident, tracks: Tracks, course: Course) -> str:
    what = "closest approach" if d.kind == "closest" else "the ruling changes"
    if d.kind == "closest" and inc.ruled_time is not None \
            and abs(inc.ruled_time - inc.closest_time) > _EPS:
        what = (f"nearest the closest approach ({_seconds(inc.closest_time)}) at which the "
                f"hulls did not touch")
    caption = f"{_seconds(d.time)}: {what}. {_sentence(d.ruling)}."
    if not d.with_facts and d.position is not None:
        caption += (' <span class="note">Drawn from the samples alone, without the facts '
                    "the history shows: the arrows may differ from the ruling.</span>")
    if d.position is None:
        return (f'<figure class="diagram diagram-{d.kind}" data-time="{d.time:g}">'
                f'<p class="note">no diagram: the hulls touch</p>'
                f"<figcaption>{caption}</figcaption></figure>")
    picture = draw(d.position, inc.boats, tracks, course, d.time)
    return (f'<figure class="diagram diagram-{d.kind}" data-time="{d.time:g}">{picture}'
            f"<figcaption>{caption}</figcaption></figure>")


def _section(n: int, inc: Incident, tracks: Tracks, course: Course, *, step: float,
             range: float, heading_window: float, options: Options | None) -> str:
    a, b = inc.boats
    out = [f'<section class="incident" id="incident-{n}">',
           f"<h2>Incident {n}: {_e(a)} and {_e(b)}, {_seconds(inc.start)} to "
           f"{_seconds(inc.end)}</h2>",
           "<ul>",
           f"<li>Closest approach {_seconds(inc.closest_time)}"
           f"{' (' + _clock(tracks, inc.closest_time) + ')' if _clock(tracks, 0) else ''}, "
           f"{inc.closest_distance:g} hull lengths between the hulls.</li>",
           f"<li>Ruling there: {_sentence(inc.ruling)}.</li>",
           f"<li>Contact: {'yes, the hulls came within ' + _e(f'{course.beam:g}') + ' hull lengths' if inc.contact else 'no'}.</li>",  # noqa: E501
           f"<li>Avoiding action: "
           f"{_e(inc.avoiding_action) + ', the right-of-way boat, changed course to avoid' if inc.avoiding_action else 'none'}"  # noqa: E501
           ".</li>"]
    if inc.changes:
        out.append("<li>Changes of the ruling: "
                   + "; ".join(f"{_seconds(c.time)}: {_sentence(c.ruling)}"
                               for c in inc.changes) + ".</li>")
    out.append("</ul>")
    figures = diagrams(inc, tracks, course, step=step, range=range,
                       heading_window=heading_window, options=options)
    out.append('<div class="figures">')
    out.extend(_figure(d, inc, tracks, course) for d in figures)
    out.append("</div>")
    if inc.position is not None:
        out.append(f"<h3>The ruling at {_seconds(inc.ruled_time or inc.closest_time)}, "
                   "explained</h3>")
        out.append(_steps_html(explanation(inc.position, inc.boats)))
    out.append("</section>")
    return "\n".join(out)


def report(incidents: Sequence[Incident], tracks: Tracks, course: Course, *, title: str,
           step: float = 1.0, range: float = 3.0, heading_window: float = 3.0,
           options: Options | None = None) -> str:
    """The incident report as a whole HTML document: the table of ``incidents`` (as
    :func:`~rightofway.rrs.tracks.incidents` found them in ``tracks`` sailing ``course``),
    then each incident's section: its diagrams (the closest approach and every change, the
    tracks behind the hulls) and the ruling at the closest approach explained. Pass the
    ``step``, ``range``, ``heading_window`` and ``options`` the incidents were found with:
    the changes' positions are found again with them. Inline CSS and SVG only; every text
    from the files escaped."""
    files = ", ".join(tracks.files) if tracks.files else ""
    boats = ", ".join(tracks.boats)
    intro = (f"{len(incidents)} incident{'' if len(incidents) == 1 else 's'} among "
             f"{len(tracks.boats)} boats ({_e(boats)})"
             + (f" in {_e(files)}" if files else "")
             + f"; hulls {course.hull_length:g} m long, samples every {step:g} s, an "
             f"incident while the hulls are within {range:g} hull lengths. Times in "
             "seconds from the first fix. Rules cited are the Racing Rules of Sailing, "
             "Part 2 (2025-2028), as the rrs ruleset reads them. Each diagram shows the two "
             f"boats' last {TRACK_SECONDS:g} s of track behind their hulls.")
    body = [f"<h1>{_e(title)}</h1>", f"<p>{intro}</p>"]
    if incidents:
        body.append(_table(incidents, tracks))
    else:
        body.append("<p>No two boats came within range of each other.</p>")
    for n, inc in enumerate(incidents, 1):
        body.append(_section(n, inc, tracks, course, step=step, range=range,
                             heading_window=heading_window, options=options))
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n"
            f"<title>{_e(title)}</title>\n<style>\n{_STYLE}\n</style>\n</head>\n<body>\n"
            + "\n".join(body) + "\n</body>\n</html>\n")

