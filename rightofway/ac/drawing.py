"""Diagrams of America's Cup positions: hulls of two points, cover points, the start and
finish line, the marks and the card played.

A hull is a thick line from its stern to its bow, the bow a filled dot, coloured
by its tack (green starboard, orange port, grey into the wind); the points a
boat covers are shaded when a cover rule is on. The move is drawn as the track
of the bow through its actions, and the card played is named in the title.
Built on the ElementTree helpers and colours of :mod:`rightofway.svg`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from itertools import pairwise

from rightofway import tracks as track_lines
from rightofway.ac.moves import Move, _act, cover_points
from rightofway.ac.position import Position, tack_of
from rightofway.ac.rules import legality
from rightofway.geometry import Compass
from rightofway.labels import Box, box_of, inflate, place_text, segment_boxes, text_box
from rightofway.svg import (
    HEADER,
    LEGEND_STRIP,
    SVG_NS,
    Canvas,
    Colors,
    SvgWrapper,
    clamp,
    el,
    fmt,
    grid_panel,
    legend,
    side_by_side,
    text,
    wind_rose,
)

__all__ = ["board", "hull_boxes", "scenario", "track"]

Point = tuple[int, int]


def track(position: Position, move: Move | None) -> list[Point]:
    """The bow's points through the move's actions (as far as they go on the board)."""
    if move is None or not position.has_boat(move.boat):
        return []
    b = position.boat(move.boat)
    bow, heading = b.at, b.heading
    out = [bow]
    for a in move.actions:
        bow, heading, _ = _act(bow, heading, a)
        out.append(bow)
    return out


def _extent(position: Position, extra: list[Point]) -> tuple[Point, Point]:
    c = position.options.course
    pts: list[Point] = list(extra)
    for b in position.boats:
        pts.extend(b.points)
    if position.phase == "start" or any(abs(p[1] - c.line_row) <= 4 for p in pts):
        pts.extend((c.jury, c.leeward))
    if any(abs(p[1] - c.windward[1]) <= 4 for p in pts):
        pts.append(c.windward)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    lo = (max(min(xs) - 2, 0), max(min(ys) - 3, 0))
    hi = (min(max(xs) + 2, c.width), min(max(ys) + 2, c.height))
    return lo, hi


def _color(colors: Colors, heading: Compass) -> str:
    t = tack_of(heading)
    return colors.starboard if t == "starboard" else colors.port if t == "port" else \
        colors.head_to_wind


def _panel(position: Position, *, size: int, move: Move | None, title: str | None,
           colors: Colors, left: float, prefix: str,
           extent: tuple[Point, Point] | None,
           tracks: Mapping[str, Sequence[Point]] | None = None) -> ET.Element:
    route = track(position, move)
    lo, hi = extent or _extent(position, route + track_lines.extent_points(tracks))
    panel = grid_panel(lo, hi, size=size, title=title, colors=colors, left=left,
                       prefix=prefix, css_class="americas-cup", title_size=13)
    svg, g, c, height = panel.svg, panel.g, panel.canvas, panel.height
    unit, legend_h = c.unit, LEGEND_STRIP

    def inside(p: Point) -> bool:
        return lo[0] <= p[0] <= hi[0] and lo[1] <= p[1] <= hi[1]

    course = position.options.course
    row = course.line_row
    if lo[1] <= row <= hi[1]:
        x1, x2 = sorted((course.jury[0], course.leeward[0]))
        el(g, "line", x1=fmt(c.x(max(x1, lo[0]))), y1=fmt(c.y(row)),
            x2=fmt(c.x(min(x2, hi[0]))), y2=fmt(c.y(row)), stroke=colors.text,
            stroke_width="3", stroke_dasharray="8 5", class_="start-line")
    marks: list[tuple[ET.Element, str, Box]] = []
    for name, p in (("windward buoy", course.windward), ("leeward buoy", course.leeward),
                    ("jury boat", course.jury)):
        if inside(p):
            group = el(g, "g", class_="mark")
            tip = el(group, "title")
            tip.text = f"{name} [{p[0]}, {p[1]}]"
            el(group, "circle", cx=fmt(c.x(p[0])), cy=fmt(c.y(p[1])), r=fmt(unit * 0.24),
                fill=colors.mark, stroke=colors.text, stroke_width="1.5")
            marks.append((group, name, inflate(box_of([(c.x(p[0]), c.y(p[1]))]),
                                               unit * 0.24 + 1)))
    o = position.options
    if position.phase == "race" and (o.head_cover or o.downwind_cover):
        for b in position.boats:
            if b.finished:
                continue
            for p in sorted(cover_points(b)):
                if inside(p):
                    el(g, "circle", cx=fmt(c.x(p[0])), cy=fmt(c.y(p[1])),
                        r=fmt(unit * 0.3), fill=_color(colors, b.heading),
                        fill_opacity="0.18", class_="cover-point")
    drawn_tracks = bool(tracks) and track_lines.draw(
        g, tracks or {}, lambda p: (c.x(p[0]), c.y(p[1])), colors,
        on_water={b.id for b in position.boats if not b.finished},
        size=clamp(unit * 0.3, 9, 12))
    if len(route) > 1:
        el(g, "polyline", points=" ".join(",".join(c.xy(p)) for p in route), fill="none",
            stroke=colors.move, stroke_width="2", stroke_dasharray="4 3",
            marker_end=c.marker("move"), class_="move")
    # finished boats have left the race: drawn first and faint, so that a boat sailing over
    # their old points stays readable
    hulls: list[tuple[ET.Element, str, list[Box], bool]] = []
    for b in sorted(position.boats, key=lambda x: not x.finished):
        color = _color(colors, b.heading)
        bow, stern = b.points
        group = el(g, "g", class_="boat", opacity="0.35" if b.finished else None)
        tip = el(group, "title")
        tip.text = (f"{b.id}: bow [{bow[0]}, {bow[1]}], stern [{stern[0]}, {stern[1]}], "
                    f"{b.heading.name}, leg {b.leg}"
                    f"{', finished' if b.finished else ''}{', ' + b.status if b.status else ''}")
        el(group, "line", x1=fmt(c.x(stern[0])), y1=fmt(c.y(stern[1])), x2=fmt(c.x(bow[0])),
            y2=fmt(c.y(bow[1])), stroke=color, stroke_width=fmt(max(unit * 0.22, 3)),
            stroke_linecap="round")
        el(group, "circle", cx=fmt(c.x(stern[0])), cy=fmt(c.y(stern[1])),
            r=fmt(unit * 0.14), fill=colors.background, stroke=colors.text,
            stroke_width="1.2")
        el(group, "circle", cx=fmt(c.x(bow[0])), cy=fmt(c.y(bow[1])), r=fmt(unit * 0.17),
            fill=colors.text)
        name = f"{b.id} (finished)" if b.finished else f"{b.id} (leg {b.leg})"
        hulls.append((group, name, hull_boxes(c, b.points), b.finished))
    _labels(g, c, colors, hulls, marks, route, (left + 4, HEADER + 4, left + size - 4,
                                                height - legend_h - 2))
    wind_rose(g, Compass.N, colors, left + size, c.marker("wind"))
    legend(g, left, height - legend_h, size, colors,
           [("starboard", colors.starboard, "hull"), ("port", colors.port, "hull"),
            ("cover point", colors.head_to_wind, "shade"), ("bow track", colors.move, "arrow"),
            *([("tracks", colors.engagement, "arrow")] if drawn_tracks else [])])
    return svg


def hull_boxes(c: Canvas, points: tuple[Point, Point]) -> list[Box]:
    """Boxes that together cover a hull on the page (its ``points``, bow first), as wide as
    the discs at its ends, so that a diagonal hull does not claim the whole square it
    crosses."""
    bow, stern = ((c.x(p[0]), c.y(p[1])) for p in points)
    return segment_boxes(bow, stern, max(c.unit * 0.17, 1.5) + 1.2)


def _labels(g: ET.Element, c: Canvas, colors: Colors,
            hulls: list[tuple[ET.Element, str, list[Box], bool]],
            marks: list[tuple[ET.Element, str, Box]], route: list[Point], bounds: Box) -> None:
    """Each boat's name and leg by her bow, then each mark's name, where they cover no
    hull, mark, point of the move's track or label placed before, and each boat's nearer
    her own hull than any other; a label set further off is joined to its bow by a thin
    line."""
    unit = c.unit
    obstacles = [box for h in hulls for box in h[2]] + [m[2] for m in marks]
    for a, b in pairwise(route):  # the move's track, its arrowhead at the end
        obstacles += segment_boxes((c.x(a[0]), c.y(a[1])), (c.x(b[0]), c.y(b[1])), 3)
    obstacles += [inflate(box_of([(c.x(p[0]), c.y(p[1]))]), 6) for p in route[-1:]]
    # the coordinates along the bottom and left edges, as svg.grid writes them
    digits = min(11.0, unit * 0.45)
    obstacles += [text_box(c.x(gx), c.y(c.lo[1]) + 16, str(gx), digits, anchor="middle")
                  for gx in range(c.lo[0], c.hi[0] + 1)]
    obstacles += [text_box(c.x(c.lo[0]) - 8, c.y(gy) + digits / 3, str(gy), digits,
                           anchor="end") for gy in range(c.lo[1], c.hi[1] + 1)]
    gap = max(unit * 0.12, 3.0)
    rings = (1.0, 3.0, 6.0, 9.0, 13.0)
    for group, name, boxes, finished in hulls:
        size = clamp(unit * (0.3 if finished else 0.34), 9, 12 if finished else 13)
        bow = boxes[0]
        rivals = [box for h in hulls if h[0] is not group for box in h[2]]
        x, y, placed = place_text(name, size, bow, gap, obstacles, bounds, bold=not finished,
                                  rings=rings, own=boxes, rivals=rivals)
        obstacles.append(placed)
        _leader(group, bow, placed, unit * 0.6, colors)
        if finished:
            text(group, x, y, name, size, colors.text, class_="label")
        else:
            text(group, x, y, name, size, colors.text, font_weight="bold",
                 stroke=colors.background, stroke_width="3", paint_order="stroke",
                 class_="label")
    for group, name, box in marks:
        size = clamp(unit * 0.32, 9, 12)
        x, y, placed = place_text(name, size, box, gap, obstacles, bounds, rings=rings)
        obstacles.append(placed)
        text(group, x, y, name, size, colors.text, class_="label")


def _leader(group: ET.Element, hull: Box, label: Box, far: float, colors: Colors) -> None:
    """A thin line from a bow to its label when the label stands more than ``far`` off."""
    hx = clamp((label[0] + label[2]) / 2, hull[0], hull[2])
    hy = clamp((label[1] + label[3]) / 2, hull[1], hull[3])
    lx, ly = clamp(hx, label[0], label[2]), clamp(hy, label[1], label[3])
    if ((lx - hx) ** 2 + (ly - hy) ** 2) ** 0.5 > far:
        el(group, "line", x1=fmt(hx), y1=fmt(hy), x2=fmt(lx), y2=fmt(ly), stroke=colors.text,
           stroke_width="0.8", class_="leader")


def board(position: Position, *, size: int = 420, move: Move | None = None,
          title: str | None = None, colors: Colors | None = None,
          tracks: Mapping[str, Sequence[Point]] | None = None) -> SvgWrapper:
    """Draw a position (with the move's bow track when given) as SVG; ``tracks`` (each
    boat's bow points, as :func:`rightofway.tracks.of_race` gives them) behind the hulls."""
    svg = _panel(position, size=size, move=move, title=title, colors=colors or Colors(),
                 left=0.0, prefix="", extent=None, tracks=tracks)
    svg.set("xmlns", SVG_NS)
    svg.set("viewBox", f"0 0 {svg.get('width')} {svg.get('height')}")
    return SvgWrapper(ET.tostring(svg, encoding="unicode"))


def scenario(position: Position, move: Move | None = None, *, size: int = 420,
             colors: Colors | None = None) -> SvgWrapper:
    """Before (with the move and its card) and after, side by side; one panel when the move
    is illegal or absent."""
    colors = colors or Colors()
    lg = legality(position, move) if move is not None else None
    after = lg.after if lg is not None else None
    if after is None or move is None:
        label = "position" if move is None else f"illegal: {move}"
        return board(position, size=size, move=move, title=label, colors=colors)
    route = track(position, move)
    lo1, hi1 = _extent(position, route)
    lo2, hi2 = _extent(after, route)
    extent = ((min(lo1[0], lo2[0]), min(lo1[1], lo2[1])),
              (max(hi1[0], hi2[0]), max(hi1[1], hi2[1])))
    panels = [
        _panel(position, size=size, move=move, title=f"before: {move}", colors=colors,
               left=0.0, prefix="before-", extent=extent),
        _panel(after, size=size, move=None, title="after", colors=colors, left=float(size),
               prefix="after-", extent=extent),
    ]
    return side_by_side(panels, size, colors)
