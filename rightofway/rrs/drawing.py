"""Diagrams of Racing Rules of Sailing snapshots: hulls to scale on open water, and what
the ruling of the pair judged owes to whom.

Each hull is drawn one hull length long, pointed at the bow, green on
starboard tack and orange on port (grey when the tack is not known), with a
dashed outline while the boat is tacking. Marks are discs with their zone
circle (the ``zone_lengths`` option) and the side they are left on;
obstructions are grey shapes; lines are dashed. For the pair judged, the line
abeam from each boat's stern (what overlap is measured against) is drawn
dotted; a blue arrow labelled *keeps clear* runs from the boat that keeps
clear toward the boat with right of way; a purple dashed arrow labelled
*mark-room* runs from the boat owed mark-room toward the mark, and a sky-blue
one labelled *room* from the boat owed room toward the obstruction (a ring
round her when it is room to tack, RRS 20). Every label is set where it covers
no hull, mark or other label (:mod:`rightofway.labels`). Earlier snapshots of
the trail show as faint hulls. The wind arrow in the corner points where the
wind blows to, with the degrees it comes from; the legend lists only what is
drawn. Built on the primitives of :mod:`rightofway.svg`.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from rightofway import svg
from rightofway.geometry import Tack
from rightofway.labels import Box, box_of, inflate, place_text, segment_boxes
from rightofway.plane import closest_points, heading_vector, tack_of
from rightofway.rrs import rules
from rightofway.rrs.position import Boat, Position
from rightofway.svg import Colors, PlaneView, SvgWrapper, el, fmt, text

__all__ = ["board", "scenario", "view"]

MARGIN = 28.0
MAX_SCALE = 60.0
"""Most pixels per hull length, so that two boats far from anything stay in proportion."""
MARK_ROOM = "#CC79A7"
"""The colour of the mark-room arrow (Okabe-Ito reddish purple)."""
ROOM = "#56B4E9"
"""The colour of the room arrow (Okabe-Ito sky blue)."""

Px = tuple[float, float]
RINGS = (1.0, 2.0, 3.5, 5.0, 7.0, 10.0, 14.0, 20.0)
"""How far off, in gaps, the spots for a label are tried (see labels.place_text)."""


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


def view(position: Position, size: int = 480) -> PlaneView:
    """Where a drawing of ``position`` ``size`` pixels wide puts the water: the map from
    hull lengths to the drawing's pixels."""
    lo, hi = _extent(position)
    return PlaneView(lo, hi, size, margin=MARGIN, max_scale=MAX_SCALE, unit="hull lengths")


def _color(colors: Colors, tack: Tack | None) -> str:
    return colors.tack(tack) if tack is not None else colors.head_to_wind


def _px(v: PlaneView, p: tuple[float, float]) -> Px:
    return v.x(p[0]), v.y(p[1])


def _hull_boxes(v: PlaneView, b: Boat) -> list[Box]:
    """Boxes that together cover a hull on the page, from bow to stern."""
    return segment_boxes(_px(v, b.hull[1]), _px(v, b.hull[0]), 0.17 * v.scale + 1.5)


def _markers(panel: ET.Element) -> None:
    """Arrowheads for the mark-room and room arrows (the others are svg.arrow_markers')."""
    defs = el(panel, "defs")
    for name, color in (("mark-room", MARK_ROOM), ("room", ROOM)):
        marker = el(defs, "marker", id=f"rrs-arrow-{name}", viewBox="0 0 10 10", refX="9",
                    refY="5", markerWidth="6", markerHeight="6", orient="auto-start-reverse")
        el(marker, "path", d="M 0 0 L 10 5 L 0 10 z", fill=color)


class _Labels:
    """What a panel's labels must keep clear of, and the labels set so far."""

    def __init__(self, bounds: Box, halo: str) -> None:
        self.bounds, self.halo = bounds, halo
        self.obstacles: list[Box] = []

    def put(self, parent: ET.Element, near: Box, words: str, size: float, color: str, *,
            bold: bool = False, gap: float = 4.0, own: Sequence[Box] = (),
            rivals: Sequence[Box] = (), css: str = "label") -> Box:
        x, y, box = place_text(words, size, near, gap, self.obstacles, self.bounds, bold=bold,
                               own=own, rivals=rivals, rings=RINGS)
        self.obstacles.append(box)
        text(parent, x, y, words, size, color, font_weight="bold" if bold else None,
             stroke=self.halo, stroke_width="3", paint_order="stroke", class_=css)
        return box


def _cut(centre: Px, towards: Px, b: Boat, scale: float) -> Px:
    """Where the line from a hull's centre towards a point leaves the hull's outline (an
    ellipse as long as the hull and as wide as its beam), 4 pixels further on."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    d = max(math.hypot(dx, dy), 1e-9)
    hx, hy = heading_vector(b.heading)
    along = (dx * hx - dy * hy) / d  # page y grows down
    across = math.sqrt(max(0.0, 1 - along * along))
    a, w = 0.5 * scale, 0.17 * scale
    r = a * w / max(math.hypot(w * along, a * across), 1e-9) + 4
    r = min(r, d / 2)
    return centre[0] + dx / d * r, centre[1] + dy / d * r


def _arrow(panel: ET.Element, start: Px, end: Px, color: str, marker: str, css: str,
           dash: str | None = None, bend: float = 0.0) -> list[Box]:
    """An arrow from ``start`` (a dot) to ``end`` (bowed ``bend`` pixels to its left when not
    0), and the boxes it covers."""
    el(panel, "circle", cx=fmt(start[0]), cy=fmt(start[1]), r="2.5", fill=color,
       class_=f"{css}-tail")
    if bend:
        mx, my = (start[0] + end[0]) / 2, (start[1] + end[1]) / 2
        d = max(math.dist(start, end), 1e-9)
        cx, cy = mx + (end[1] - start[1]) / d * bend, my - (end[0] - start[0]) / d * bend
        el(panel, "path", d=f"M {fmt(start[0])} {fmt(start[1])} Q {fmt(cx)} {fmt(cy)} "
           f"{fmt(end[0])} {fmt(end[1])}", fill="none", stroke=color, stroke_width="2",
           stroke_dasharray=dash, marker_end=marker, class_=css)
        top = ((start[0] + cx) / 2 + (cx + end[0]) / 2) / 2, ((start[1] + cy) / 2 +
                                                             (cy + end[1]) / 2) / 2
        return segment_boxes(start, top, 3) + segment_boxes(top, end, 3)
    el(panel, "line", x1=fmt(start[0]), y1=fmt(start[1]), x2=fmt(end[0]), y2=fmt(end[1]),
       stroke=color, stroke_width="2", stroke_dasharray=dash, marker_end=marker, class_=css)
    return segment_boxes(start, end, 3)


def _mid(boxes: list[Box]) -> Box:
    """The middle one of the boxes covering an arrow: where its label goes."""
    return boxes[len(boxes) // 2]


def _panel(position: Position, pair: tuple[str, str] | None, size: int, colors: Colors,
           title: str) -> ET.Element:
    v = view(position, size)
    panel = ET.Element("svg", {"xmlns": svg.SVG_NS, "width": fmt(size),
                               "height": fmt(v.height)})
    svg.arrow_markers(panel, colors, "rrs-")
    _markers(panel)
    el(panel, "rect", x="0", y="0", width=fmt(size), height=fmt(v.height), fill=colors.background)
    text(panel, 12, 22, title, 14, colors.text)
    text(panel, 12, 40, "1 hull length = " + fmt(v.scale) + " px", 11, colors.text)
    _wind(panel, position.wind, size, colors)
    labels = _Labels((2.0, svg.HEADER, size - 2.0, v.height - 40), colors.background)
    z = position.options.zone_lengths
    for m in position.marks:
        el(panel, "circle", cx=fmt(v.x(m.at[0])), cy=fmt(v.y(m.at[1])), r=fmt(z * v.scale),
           fill=colors.zone, fill_opacity="0.07", stroke=colors.zone, stroke_dasharray="5 3",
           class_="zone")
    obstruction_names: list[tuple[str, Box]] = []
    for o in position.obstructions:
        if o.polygon is not None:
            el(panel, "polygon", points=" ".join(v.pt(p) for p in o.polygon), fill="#999999",
               fill_opacity="0.5", stroke="#555555", class_="obstruction")
            corner = _px(v, o.polygon[0])
            obstruction_names.append((o.id, inflate(box_of([corner]), 2)))
        elif o.at is not None and o.radius is not None:
            el(panel, "circle", cx=fmt(v.x(o.at[0])), cy=fmt(v.y(o.at[1])),
               r=fmt(o.radius * v.scale), fill="#999999", fill_opacity="0.5",
               stroke="#555555", class_="obstruction")
            disc = inflate(box_of([_px(v, o.at)]), o.radius * v.scale)
            labels.obstacles.append(disc)
            obstruction_names.append((o.id, disc))
    for line in position.lines:
        el(panel, "line", x1=fmt(v.x(line.ends[0][0])), y1=fmt(v.y(line.ends[0][1])),
           x2=fmt(v.x(line.ends[1][0])), y2=fmt(v.y(line.ends[1][1])), stroke=colors.text,
           stroke_dasharray="8 4", class_="line")
    for m in position.marks:
        el(panel, "circle", cx=fmt(v.x(m.at[0])), cy=fmt(v.y(m.at[1])), r="6", fill=colors.mark,
           stroke=colors.text, class_="mark")
        labels.obstacles.append(inflate(box_of([_px(v, m.at)]), 7))
    for snap in position.trail:
        for b in snap.boats:
            t = tack_of(b.heading, position.wind, b.tack)
            el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading),
               fill=_color(colors, t), fill_opacity="0.15", stroke=_color(colors, t),
               stroke_opacity="0.4", class_="trail")
            labels.obstacles.extend(_hull_boxes(v, b))
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
    hulls = {b.id: _hull_boxes(v, b) for b in position.boats}
    for b in position.boats:
        t = tack_of(b.heading, position.wind, b.tack)
        el(panel, "polygon", points=svg.hull_outline(v, b.at, b.heading), fill=_color(colors, t),
           stroke=colors.text, stroke_width="1", stroke_dasharray="4 2" if b.tacking else None,
           class_="boat", data_boat=b.id)
        labels.obstacles.extend(hulls[b.id])
    items = [("starboard", colors.starboard, "hull"), ("port", colors.port, "hull")]
    if position.marks:
        items.append(("mark, zone", colors.zone, "zone"))
    if ruling is not None:
        _owed(panel, position, ruling, v, colors, labels, items)
        items.append(("line abeam", colors.text, "arrow"))
    # the boats' names, then the marks' and the obstructions'
    for b in position.boats:
        rivals = [box for bid, boxes in hulls.items() if bid != b.id for box in boxes]
        labels.put(panel, hulls[b.id][0], b.id, 13, colors.text, bold=True, own=hulls[b.id],
                   rivals=rivals)
    for m in position.marks:
        side = "to port" if m.leave_to == "port" else "to starboard"
        labels.put(panel, inflate(box_of([_px(v, m.at)]), 6),
                   f"{m.id} ({m.role + ', ' if m.role else ''}left {side}"
                   f"{', gate' if m.gate else ''})", 11, colors.text, gap=3.0)
    for name, near in obstruction_names:
        labels.put(panel, near, name, 11, colors.text, gap=2.0)
    _legend(panel, size, v.height, colors, items)
    return panel


def _owed(panel: ET.Element, position: Position, ruling: rules.PairRuling, v: PlaneView,
          colors: Colors, labels: _Labels, items: list[tuple[str, str, str]]) -> None:
    """The keep-clear arrow of the pair judged, and the mark-room and room owed, each
    labelled; the legend's entries for them."""
    giver, holder = position.boat(ruling.keep_clear), position.boat(ruling.right_of_way)
    g, h = _px(v, giver.at), _px(v, holder.at)
    end = _cut(h, g, holder, v.scale)
    bend = 0.0
    if math.dist(g, end) < 20:  # boats touching: bowed out, from centre to centre
        end, bend = h, 20.0
    covered = _arrow(panel, g, end, colors.engagement, "url(#rrs-arrow-give)", "keep-clear",
                     bend=bend)
    labels.obstacles.extend(covered)
    basis = f" (rule {ruling.basis})" if ruling.basis else ""
    labels.put(panel, _mid(covered), f"keeps clear{basis}", 11, colors.engagement,
               css="keep-clear-label")
    items.append(("keeps clear of", colors.engagement, "arrow"))
    if ruling.mark_room is not None and position.marks:
        b = position.boat(ruling.mark_room)
        mark = min(position.marks, key=lambda m: _hull_to(b, m.at))
        centre, at = _px(v, b.at), _px(v, mark.at)
        end = _short_of(at, centre, 10)
        covered = _arrow(panel, centre, end, MARK_ROOM, "url(#rrs-arrow-mark-room)",
                         "mark-room", dash="6 3")
        labels.obstacles.extend(covered)
        rule = f" ({ruling.mark_room_rule})" if ruling.mark_room_rule else ""
        labels.put(panel, _mid(covered), f"mark-room for {b.id}{rule}", 11, colors.text,
                   css="mark-room-label")
        items.append(("mark-room", MARK_ROOM, "arrow"))
    if ruling.room is not None:
        b = position.boat(ruling.room)
        rule = ruling.room_rule or ""
        centre = _px(v, b.at)
        target = None if rule.startswith("20") else _obstruction_point(position, b, ruling)
        if target is None:  # room to tack: a ring round her
            r = 0.5 * v.scale + 8
            el(panel, "circle", cx=fmt(centre[0]), cy=fmt(centre[1]), r=fmt(r), fill="none",
               stroke=ROOM, stroke_width="2", stroke_dasharray="3 3", class_="room")
            ring = inflate(box_of([centre]), r)
            words = f"room to tack for {b.id}" if rule.startswith("20") else f"room for {b.id}"
            labels.put(panel, ring, words + (f" ({rule})" if rule else ""), 11, colors.text,
                       gap=2.0, css="room-label")
        else:
            at = _px(v, target)
            end = _short_of(at, centre, 4)
            covered = _arrow(panel, centre, end, ROOM, "url(#rrs-arrow-room)", "room",
                             dash="3 3")
            labels.obstacles.extend(covered)
            labels.put(panel, _mid(covered), f"room for {b.id}" + (f" ({rule})" if rule else ""),
                       11, colors.text, css="room-label")
        items.append(("room", ROOM, "arrow"))


def _hull_to(b: Boat, p: tuple[float, float]) -> float:
    """The distance from a hull to a point."""
    from rightofway.plane import point_segment_distance

    return point_segment_distance(p, b.hull[0], b.hull[1])


def _short_of(at: Px, start: Px, gap: float) -> Px:
    """The point ``gap`` pixels short of ``at`` on the way from ``start``."""
    d = max(math.dist(at, start), 1e-9)
    gap = min(gap, d / 2)
    return at[0] - (at[0] - start[0]) / d * gap, at[1] - (at[1] - start[1]) / d * gap


def _obstruction_point(position: Position, b: Boat, ruling: rules.PairRuling
                       ) -> tuple[float, float] | None:
    """The point of the obstruction nearest the boat owed room: one of the position's, or
    else a third boat (one both of the pair keep clear of)."""
    best: tuple[float, tuple[float, float]] | None = None
    for o in position.obstructions:
        d = o.distance_to(b.hull)
        if best is None or d < best[0]:
            best = (d, o.nearest_point(b.hull))
    if best is not None:
        return best[1]
    others = [c for c in position.boats if c.id not in (ruling.a, ruling.b)]
    for c in others:
        p, q = closest_points(b.hull[0], b.hull[1], c.hull[0], c.hull[1])
        d = math.dist(p, q)
        if best is None or d < best[0]:
            best = (d, q)
    return best[1] if best is not None else None


def _legend(panel: ET.Element, size: int, height: float, colors: Colors,
            items: list[tuple[str, str, str]]) -> None:
    """The legend, each arrow's swatch dashed as the arrow is."""
    svg.legend(panel, 0, height - 36, size, colors, items)
    dashes = {"mark-room": "6 3", "room": "3 3", "line abeam": "2 3"}
    for group in panel.iter("g"):
        if group.get("class") != "legend":
            continue
        children = list(group)
        for swatch, label in zip(children[::2], children[1::2], strict=True):
            if label.text in dashes:
                swatch.set("stroke-dasharray", dashes[label.text])
                if label.text == "line abeam":
                    swatch.set("stroke-width", "1")


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
    """The snapshot; with ``pair``, its ruling drawn too (lines abeam, who keeps clear, the
    mark-room and room owed)."""
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
