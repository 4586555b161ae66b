"""Diagrams of Racing Rules of Sailing snapshots: hulls to scale on open water.

Each hull is drawn one hull length long, pointed at the bow, green on
starboard tack and orange on port (grey when the tack is not known), with a
dashed outline while the boat is tacking. Marks are discs with their zone
circle (the ``zone_lengths`` option) and the side they are left on;
obstructions are grey shapes; lines are dashed. For the pair judged, the line
abeam from each boat's stern (what overlap is measured against) is drawn
dotted, and an arrow runs from the boat that keeps clear to the boat with
right of way. Earlier snapshots of the trail show as faint hulls. The wind
arrow in the corner points where the wind blows to, with the degrees it comes
from. Built on the primitives of :mod:`rightofway.svg`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from rightofway import svg
from rightofway.geometry import Tack
from rightofway.plane import heading_vector, tack_of
from rightofway.rrs import rules
from rightofway.rrs.position import Position
from rightofway.svg import Colors, PlaneView, SvgWrapper, el, fmt, text

__all__ = ["board", "scenario", "view"]

MARGIN = 28.0
MAX_SCALE = 60.0
"""Most pixels per hull length, so that two boats far from anything stay in proportion."""


def _extent(position: Position) -> tuple[tuple[float, float], tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for b in position.boats:
        pts.extend(b.hull)
    for snap in position.trail:
        for b in snap.boats:
            pts.extend(b.hull)
    near = list(pts)
    z = position.options.zone_lengths
    for m in position.marks:
        if any(math.dist(m.at, p) <= 3 * z for p in near):
            pts.extend([(m.at[0] - z, m.at[1] - z), (m.at[0] + z, m.at[1] + z)])
        else:
            pts.append(m.at)
    for o in position.obstructions:
        if o.polygon is not None:
            pts.extend(o.polygon)
        elif o.at is not None and o.radius is not None:
            pts.extend([(o.at[0] - o.radius, o.at[1] - o.radius),
                        (o.at[0] + o.radius, o.at[1] + o.radius)])
    for line in position.lines:
        pts.extend(line.ends)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    pad = 1.0
    return (min(xs) - pad, min(ys) - pad), (max(xs) + pad, max(ys) + pad)


def _color(colors: Colors, tack: Tack | None) -> str:
    return colors.tack(tack) if tack is not None else colors.head_to_wind


def view(position: Position, size: int = 480) -> PlaneView:
    """The map from the snapshot's plane (hull lengths) to the drawing :func:`board` makes
    of it at ``size`` pixels."""
    lo, hi = _extent(position)
    return PlaneView(lo, hi, size, margin=MARGIN, max_scale=MAX_SCALE, unit="hull lengths")


def _panel(position: Position, pair: tuple[str, str] | None, size: int, colors: Colors,
           title: str) -> ET.Element:
    v = view(position, size)
    panel = ET.Element("svg", {"xmlns": svg.SVG_NS, "width": fmt(size),
                               "height": fmt(v.height)})
    svg.arrow_markers(panel, colors, "rrs-")
    el(panel, "rect", x="0", y="0", width=fmt(size), height=fmt(v.height), fill=colors.background)
    text(panel, 12, 22, title, 14, colors.text)
    text(panel, 12, 40, "1 hull length = " + fmt(v.scale) + " px", 11, colors.text)
    _wind(panel, position.wind, size, colors)
    z = position.options.zone_lengths
    for m in position.marks:
        el(panel, "circle", cx=fmt(v.x(m.at[0])), cy=fmt(v.y(m.at[1])), r=fmt(z * v.scale),
           fill=colors.zone, fill_opacity="0.07", stroke=colors.zone, stroke_dasharray="5 3",
           class_="zone")
    for o in position.obstructions:
        if o.polygon is not None:
            el(panel, "polygon", points=" ".join(v.pt(p) for p in o.polygon), fill="#999999",
               fill_opacity="0.5", stroke="#555555", class_="obstruction")
        elif o.at is not None and o.radius is not None:
            el(panel, "circle", cx=fmt(v.x(o.at[0])), cy=fmt(v.y(o.at[1])),
               r=fmt(o.radius * v.scale), fill="#999999", fill_opacity="0.5",
               stroke="#555555", class_="obstruction")
        anchor = o.polygon[0] if o.polygon is not None else o.at
        assert anchor is not None
        text(panel, v.x(anchor[0]) + 4, v.y(anchor[1]) - 4, o.id, 11, colors.text)
    for line in position.lines:
        el(panel, "line", x1=fmt(v.x(line.ends[0][0])), y1=fmt(v.y(line.ends[0][1])),
           x2=fmt(v.x(line.ends[1][0])), y2=fmt(v.y(line.ends[1][1])), stroke=colors.text,
           stroke_dasharray="8 4", class_="line")
    for m in position.marks:
        el(panel, "circle", cx=fmt(v.x(m.at[0])), cy=fmt(v.y(m.at[1])), r="6", fill=colors.mark,
           stroke=colors.text, class_="mark")
        side = "to port" if m.leave_to == "port" else "to starboard"
        text(panel, v.x(m.at[0]) + 9, v.y(m.at[1]) + 4,
             f"{m.id} ({m.role + ', ' if m.role else ''}left {side}{', gate' if m.gate else ''})",
             11, colors.text)
    for snap in position.trail:
        for b in snap.boats:
            t = tack_of(b.heading, position.wind, b.tack)
            el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading),
               fill=_color(colors, t), fill_opacity="0.15", stroke=_color(colors, t),
               stroke_opacity="0.4", class_="trail")
    ruling = rules.ruling(position, *pair) if pair is not None else None
    if ruling is not None:
        for bid in pair or ():
            b = position.boat(bid)
            stern = b.hull[0]
            dx, dy = heading_vector(b.heading)
            px, py = dy, -dx
            reach = 2.5
            el(panel, "line", x1=fmt(v.x(stern[0] - px * reach)),
               y1=fmt(v.y(stern[1] - py * reach)),
               x2=fmt(v.x(stern[0] + px * reach)), y2=fmt(v.y(stern[1] + py * reach)),
               stroke=colors.text, stroke_width="1", stroke_dasharray="2 3", class_="abeam")
    for b in position.boats:
        t = tack_of(b.heading, position.wind, b.tack)
        el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading), fill=_color(colors, t),
           stroke=colors.text, stroke_width="1", stroke_dasharray="4 2" if b.tacking else None,
           class_="boat")
        text(panel, v.x(b.at[0]) + 8, v.y(b.at[1]) - 8, b.id, 13, colors.text,
             font_weight="bold", stroke=colors.background, stroke_width="3",
             paint_order="stroke")
    if ruling is not None:
        giver, holder = position.boat(ruling.keep_clear), position.boat(ruling.right_of_way)
        x1, y1 = v.x(giver.at[0]), v.y(giver.at[1])
        x2, y2 = v.x(holder.at[0]), v.y(holder.at[1])
        d = max(math.hypot(x2 - x1, y2 - y1), 1e-9)
        cut = min(14.0, d / 3)
        el(panel, "line", x1=fmt(x1 + (x2 - x1) / d * cut), y1=fmt(y1 + (y2 - y1) / d * cut),
           x2=fmt(x2 - (x2 - x1) / d * cut), y2=fmt(y2 - (y2 - y1) / d * cut),
           stroke=colors.engagement, stroke_width="2", marker_end="url(#rrs-arrow-give)",
           class_="keep-clear")
    items = [("starboard", colors.starboard, "hull"), ("port", colors.port, "hull")]
    if position.marks:
        items.append(("mark, zone", colors.zone, "zone"))
    if ruling is not None:
        items.append(("keeps clear of", colors.engagement, "arrow"))
        items.append(("line abeam", colors.text, "arrow"))
    svg.legend(panel, 0, v.height - 36, size, colors, items)
    return panel


def _wind(panel: ET.Element, wind: float, size: int, colors: Colors) -> None:
    cx, cy, r = size - 30.0, svg.HEADER / 2 + 2, 15.0
    dx, dy = heading_vector(wind + 180.0)  # where it blows to
    ux, uy = dx, -dy
    g = el(panel, "g", class_="wind")
    el(g, "circle", cx=fmt(cx), cy=fmt(cy), r=fmt(r + 5), fill=colors.background,
       stroke=colors.wind, stroke_width="1")
    el(g, "line", x1=fmt(cx - ux * r), y1=fmt(cy - uy * r), x2=fmt(cx + ux * r),
       y2=fmt(cy + uy * r), stroke=colors.wind, stroke_width="3",
       marker_end="url(#rrs-arrow-wind)")
    text(g, cx - r - 10, cy + 4, f"wind {wind:g}\N{DEGREE SIGN}", 12, colors.wind,
         text_anchor="end")


def board(position: Position, pair: tuple[str, str] | None = None, size: int = 480,
          colors: Colors | None = None) -> SvgWrapper:
    """The snapshot; with ``pair``, its ruling drawn too (lines abeam, keep-clear arrow)."""
    colors = colors or Colors()
    if pair is None and len(position.boats) >= 2:
        pair = (position.boats[0].id, position.boats[1].id)
    title = "snapshot" if pair is None else f"{pair[0]} and {pair[1]}"
    return SvgWrapper(ET.tostring(_panel(position, pair, size, colors, title),
                                  encoding="unicode"))


def scenario(position: Position, pair: tuple[str, str] | None = None, *, size: int = 480,
             colors: Colors | None = None) -> SvgWrapper:
    """A scenario's drawing: the snapshot and the pair judged."""
    return board(position, pair, size, colors)
