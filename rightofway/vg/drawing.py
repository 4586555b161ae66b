"""Diagrams of Sailing Vector Game positions: vectors as arrows, give-way zones shaded.

Each boat is a hull pointing along its last vector, coloured by its side
(starboard and port as in Race the Wind diagrams), with that vector drawn as a
dashed arrow arriving at it. The move is a solid arrow through the
intersections its path passes. The give-way layer shades what others must keep
clear of: the close zone ahead and abeam of each starboard boat (VG-GW1) and
the next landings of each boat (VG-GW2, VG-GW3). Marks are buoys labelled
with their id and the side they are left on, coloured like that side; a race's
drawing (:func:`race`) shows the whole page and each boat's next mark. Built on
the same ElementTree helpers and colours as :mod:`rightofway.svg`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from rightofway import tracks as track_lines
from rightofway.geometry import Compass, Point
from rightofway.svg import (
    SVG_NS,
    Canvas,
    Colors,
    SvgWrapper,
    clamp,
    el,
    fmt,
    grid_panel,
    side_by_side,
    text,
    wind_rose,
)
from rightofway.vg import game
from rightofway.vg.position import Move, Position, _path, landings

__all__ = ["board", "race", "scenario", "scenario_view"]


def _side_color(colors: Colors, side: str | None) -> str:
    return colors.starboard if side == "S" else colors.port if side == "P" else \
        colors.head_to_wind


def _extent(position: Position, extra: list[Point]) -> tuple[Point, Point]:
    pts: list[Point] = [b.at for b in position.boats] + extra
    for b in position.boats:
        if b.vector is not None:
            dx, dy = b.vector.displacement
            pts.append((b.at[0] - dx, b.at[1] - dy))
        pts.extend(landings(position, b.id))
    if position.start_line is not None:
        pts.extend(position.start_line)
    near = [p for p in position.islands
            if any(max(abs(p[0] - q[0]), abs(p[1] - q[1])) <= 4 for q in pts)]
    pts.extend(near)
    pts.extend(m.at for m in position.marks
               if any(max(abs(m.at[0] - q[0]), abs(m.at[1] - q[1])) <= 4 for q in pts))
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    lo, hi = (min(xs) - 1, min(ys) - 1), (max(xs) + 1, max(ys) + 1)
    if position.board is not None:
        w, h = position.board
        lo, hi = (max(lo[0], 0), max(lo[1], 0)), (min(hi[0], w), min(hi[1], h))
    return lo, hi


def _page(position: Position, extra: Sequence[Point] = ()) -> tuple[Point, Point]:
    """The whole page (or, without a board, everything drawn on it and ``extra``)."""
    if position.board is not None:
        return (0, 0), position.board
    return _extent(position, [m.at for m in position.marks] + sorted(position.islands)
                   + list(extra))


def _route(position: Position, move: Move | None) -> list[Point]:
    if move is None or move.vector is None:
        return []
    b = position.boat(move.boat)
    return [b.at, *_path(b.at, move.vector)]


def _panel(position: Position, *, size: int, move: Move | None, zones: bool,
           title: str | None, colors: Colors, left: float, prefix: str,
           extent: tuple[Point, Point] | None,
           next_marks: dict[str, str] | None = None,
           tracks: Mapping[str, Sequence[Point]] | None = None) -> tuple[ET.Element, Canvas]:
    route = _route(position, move)
    lo, hi = extent or _extent(position, route)
    panel = grid_panel(lo, hi, size=size, title=title, colors=colors, left=left,
                       prefix=prefix, css_class="vector-game", title_size=14)
    svg, g, c, height = panel.svg, panel.g, panel.canvas, panel.height
    unit = c.unit

    def inside(p: Point) -> bool:
        return lo[0] <= p[0] <= hi[0] and lo[1] <= p[1] <= hi[1]

    if position.board is not None:  # the edges of the page that are in view
        w, h = position.board
        edges = [((0, lo[1]), (0, hi[1])) if lo[0] == 0 else None,
                 ((w, lo[1]), (w, hi[1])) if hi[0] == w else None,
                 ((lo[0], 0), (hi[0], 0)) if lo[1] == 0 else None,
                 ((lo[0], h), (hi[0], h)) if hi[1] == h else None]
        for edge in edges:
            if edge is not None:
                (ax, ay), (bx, by) = edge
                el(g, "line", x1=fmt(c.x(ax)), y1=fmt(c.y(ay)), x2=fmt(c.x(bx)),
                    y2=fmt(c.y(by)), stroke=colors.text, stroke_width="2", class_="page-edge")
    for p in sorted(position.islands):
        if inside(p):
            half = unit * 0.4
            el(g, "rect", x=fmt(c.x(p[0]) - half), y=fmt(c.y(p[1]) - half),
                width=fmt(2 * half), height=fmt(2 * half), fill="#8c6d3f",
                stroke=colors.text, stroke_width="1", class_="island")
    if position.start_line is not None:
        (x1, row), (x2, _) = position.start_line
        el(g, "line", x1=fmt(c.x(x1)), y1=fmt(c.y(row)), x2=fmt(c.x(x2)), y2=fmt(c.y(row)),
            stroke=colors.text, stroke_width="4", class_="start-line")
    for m in position.marks:
        if inside(m.at):
            color = _side_color(colors, m.side)
            group = el(g, "g", class_="mark")
            tip = el(group, "title")
            tip.text = (f"mark {m.id}: leave it to {'starboard' if m.side == 'S' else 'port'} "
                        f"({'clockwise' if m.side == 'S' else 'anticlockwise'})")
            el(group, "circle", cx=fmt(c.x(m.at[0])), cy=fmt(c.y(m.at[1])),
                r=fmt(unit * 0.22), fill=color, stroke=colors.text, stroke_width="1.5")
            text(group, c.x(m.at[0]) + unit * 0.3, c.y(m.at[1]) + unit * 0.45,
                  f"{m.id} {m.side}", clamp(unit * 0.36, 10, 14), colors.text,
                  font_weight="bold", stroke=colors.background, stroke_width="3",
                  paint_order="stroke")
    if zones:
        for b in position.boats:
            color = _side_color(colors, b.side)
            if b.side == "S" and b.vector is not None:
                ox, oy = b.vector.displacement
                for i in (-1, 0, 1):
                    for j in (-1, 0, 1):
                        p = (b.at[0] + i, b.at[1] + j)
                        if (i or j) and i * ox + j * oy >= 0 and inside(p):
                            el(g, "rect", x=fmt(c.x(p[0]) - unit / 2),
                                y=fmt(c.y(p[1]) - unit / 2), width=fmt(unit),
                                height=fmt(unit), fill=color, fill_opacity="0.12",
                                class_="close-zone")
            for p in sorted(landings(position, b.id)):
                if inside(p):
                    el(g, "circle", cx=fmt(c.x(p[0])), cy=fmt(c.y(p[1])),
                        r=fmt(unit * 0.14), fill=color, fill_opacity="0.5", class_="landing")
    drawn_tracks = bool(tracks) and track_lines.draw(
        g, tracks or {}, lambda p: (c.x(p[0]), c.y(p[1])), colors,
        on_water=set(position.boat_ids), size=clamp(unit * 0.3, 9, 12))
    if len(route) > 1:
        el(g, "polyline", points=" ".join(",".join(c.xy(p)) for p in route), fill="none",
            stroke=colors.move, stroke_width="2.5", marker_end=c.marker("move"), class_="move")
    for b in position.boats:
        color = _side_color(colors, b.side)
        x, y = c.x(b.at[0]), c.y(b.at[1])
        heading = 0.0
        if b.vector is not None:
            dx, dy = b.vector.displacement
            heading = math.degrees(math.atan2(dx, dy)) % 360
            start = (b.at[0] - dx, b.at[1] - dy)
            el(g, "line", x1=fmt(c.x(start[0])), y1=fmt(c.y(start[1])), x2=fmt(x),
                y2=fmt(y), stroke=color, stroke_width="2", stroke_dasharray="5 4",
                marker_end=c.marker("give"), class_="vector")
        group = el(g, "g", class_="boat", transform=f"translate({fmt(x)},{fmt(y)})")
        tip = el(group, "title")
        tip.text = (f"{b.id}: {b.vector or 'not yet moved'}"
                    f"{f', repairing {b.lost_turns} more turns' if b.lost_turns else ''}"
                    f"{f', next: {next_marks[b.id]}' if next_marks and b.id in next_marks else ''}")
        hull = ((0.0, -0.4), (0.18, -0.1), (0.15, 0.28), (-0.15, 0.28), (-0.18, -0.1))
        el(group, "polygon", points=" ".join(f"{fmt(px * unit)},{fmt(py * unit)}"
                                              for px, py in hull),
            fill=color, stroke=colors.text, stroke_width="1.5", transform=f"rotate({heading:g})")
        label = f"{b.id} {b.vector}" if b.vector else b.id
        if b.lost_turns:
            label += f" (repairs {b.lost_turns})"
        if next_marks and b.id in next_marks:
            label += f" \u2192 {next_marks[b.id]}"
        text(group, unit * 0.3, -unit * 0.3, label, clamp(unit * 0.36, 10, 14), colors.text,
              font_weight="bold", stroke=colors.background, stroke_width="3",
              paint_order="stroke", class_="label")
    wind_rose(g, Compass.N, colors, left + size, c.marker("wind"))
    legend = el(g, "g", class_="legend")
    items = (("starboard", colors.starboard), ("port", colors.port),
             ("next landings, close zone", colors.head_to_wind))
    lx = left + 12.0
    for name, color in items:
        el(legend, "rect", x=fmt(lx - 6), y=fmt(height - 19), width="12", height="10",
            fill=color, stroke=colors.text, stroke_width="1")
        text(legend, lx + 10, height - 10, name, 11, colors.text)
        lx += (size - 24) / 4
    if drawn_tracks:  # at the right end, clear of the long label before it
        right = left + size - 12
        el(legend, "line", x1=fmt(right - 54), y1=fmt(height - 14), x2=fmt(right - 40),
           y2=fmt(height - 14), stroke=colors.engagement, stroke_width="2")
        text(legend, right, height - 10, "tracks", 11, colors.text, text_anchor="end")
    return svg, c


def _affine(c: Canvas) -> tuple[float, float, float, float, float, float]:
    """Where ``c`` draws the intersections: the page's x East and y North to SVG units."""
    x0, y0 = c.x(0), c.y(0)
    return (c.x(1) - x0, 0.0, 0.0, c.y(1) - y0, x0, y0)


def board(position: Position, *, size: int = 420, move: Move | None = None,
          zones: bool = True, title: str | None = None,
          colors: Colors | None = None) -> SvgWrapper:
    """Draw a Vector Game position (with ``move``'s path when given) as SVG."""
    return _board(position, size=size, move=move, zones=zones, title=title,
                  colors=colors or Colors())[0]


def _board(position: Position, *, size: int, move: Move | None, zones: bool,
           title: str | None, colors: Colors) -> tuple[SvgWrapper, Canvas]:
    """:func:`board`'s drawing and the canvas it drew on."""
    svg, c = _panel(position, size=size, move=move, zones=zones, title=title,
                    colors=colors, left=0.0, prefix="", extent=None)
    svg.set("xmlns", SVG_NS)
    svg.set("viewBox", f"0 0 {svg.get('width')} {svg.get('height')}")
    return SvgWrapper(ET.tostring(svg, encoding="unicode")), c


def race(position: Position, *, size: int = 560, title: str | None = None,
         next_marks: dict[str, str] | None = None, zones: bool = False,
         colors: Colors | None = None,
         tracks: Mapping[str, Sequence[Point]] | None = None) -> SvgWrapper:
    """Draw a race's position on its whole page: the course, the boats and, in
    ``next_marks``, what each boat sails for next (a mark id, ``start`` or ``finish``);
    ``tracks`` (each boat's intersections, as :func:`rightofway.tracks.of_race` gives them)
    behind the hulls."""
    svg, _ = _panel(position, size=size, move=None, zones=zones, title=title,
                    colors=colors or Colors(), left=0.0, prefix="",
                    extent=_page(position, track_lines.extent_points(tracks)),
                    next_marks=next_marks, tracks=tracks)
    svg.set("xmlns", SVG_NS)
    svg.set("viewBox", f"0 0 {svg.get('width')} {svg.get('height')}")
    return SvgWrapper(ET.tostring(svg, encoding="unicode"))


def scenario(position: Position, move: Move | None = None, *, size: int = 420,
             zones: bool = True, colors: Colors | None = None) -> SvgWrapper:
    """Before (with the move) and after, side by side; one panel without a legal move."""
    return scenario_view(position, move, size=size, zones=zones, colors=colors)[0]


def scenario_view(position: Position, move: Move | None = None, *, size: int = 420,
                  zones: bool = True, colors: Colors | None = None
                  ) -> tuple[SvgWrapper, tuple[float, float, float, float, float, float]]:
    """:func:`scenario`'s drawing and where it draws the page: the affine map ``(a, b, c,
    d, e, f)`` of an intersection ``(x, y)`` to the SVG units of the first panel (the
    position before the move), ``sx = a*x + c*y + e`` and ``sy = b*x + d*y + f``, so that
    a point on the drawing maps back to the page."""
    colors = colors or Colors()
    ruling = game.adjudicate(position, move) if move is not None else None
    after = ruling.after if ruling is not None else None
    if after is None or move is None:
        drawn, c = _board(position, size=size, move=move, zones=zones, title="position",
                          colors=colors)
        return drawn, _affine(c)
    route = _route(position, move)
    lo1, hi1 = _extent(position, route)
    lo2, hi2 = _extent(after, route)
    extent = ((min(lo1[0], lo2[0]), min(lo1[1], lo2[1])),
              (max(hi1[0], hi2[0]), max(hi1[1], hi2[1])))
    before, c = _panel(position, size=size, move=move, zones=zones, title=f"before: {move}",
                       colors=colors, left=0.0, prefix="before-", extent=extent)
    later, _ = _panel(after, size=size, move=None, zones=zones, title="after", colors=colors,
                      left=float(size), prefix="after-", extent=extent)
    return side_by_side([before, later], size, colors), _affine(c)
