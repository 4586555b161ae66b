"""SVG primitives every ruleset draws its positions with, as pure functions.

A diagram is built with :mod:`xml.etree.ElementTree`, never by pasting strings:
a :class:`Canvas` maps intersections to the page (North up), :func:`grid`
draws the lattice with its coordinates, :data:`HULL` is the outline of a boat
pointing North (rotate it to its heading), :func:`far_mark` points at a mark
beyond the board, :func:`wind_rose` shows where the wind blows, :func:`legend`
keys what a panel shows, and :func:`side_by_side` joins panels. The default
colours are the Okabe-Ito palette, which stays distinct for the common
colour-vision deficiencies; shapes differ as well as colours.

Each ruleset draws its own positions with these: Race the Wind in
:mod:`rightofway.rtw.drawing`, the Sailing Vector Game in
:mod:`rightofway.vg.drawing`. This module imports no ruleset.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Any

from rightofway.errors import InputError
from rightofway.geometry import Compass, Point, Tack

__all__ = [
    "HEADER",
    "HULL",
    "LEGEND_STRIP",
    "MAX_SPAN",
    "MAX_UNIT",
    "SVG_NS",
    "Canvas",
    "Colors",
    "GridPanel",
    "PlaneView",
    "SvgWrapper",
    "arrow_markers",
    "clamp",
    "el",
    "far_mark",
    "fmt",
    "grid",
    "grid_panel",
    "hull_outline",
    "legend",
    "side_by_side",
    "text",
    "towards",
    "wind_rose",
]


SVG_NS = "http://www.w3.org/2000/svg"


class SvgWrapper(str):
    """An SVG document as a string; notebooks display it (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True, slots=True)
class Colors:
    """Colours of a diagram (defaults: Okabe-Ito, safe for colour-blind readers)."""

    background: str = "#ffffff"
    grid: str = "#c8c8c8"
    text: str = "#222222"
    starboard: str = "#009E73"
    port: str = "#D55E00"
    head_to_wind: str = "#7f7f7f"
    mark: str = "#E69F00"
    zone: str = "#E69F00"
    gust: str = "#56B4E9"
    lull: str = "#F0E442"
    wind: str = "#0072B2"
    move: str = "#000000"
    contested: str = "#CC79A7"
    engagement: str = "#0072B2"
    shadow: str = "#000000"

    def tack(self, tack: Tack) -> str:
        """The hull colour of a boat on ``tack``."""
        if tack is Tack.STARBOARD:
            return self.starboard
        if tack is Tack.PORT:
            return self.port
        return self.head_to_wind


def clamp(v: float, lo: float, hi: float) -> float:
    """``v`` kept between ``lo`` and ``hi``."""
    return min(max(v, lo), hi)


def fmt(v: float) -> str:
    """A number as SVG writes it: at most two decimals, no trailing zeros."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


MAX_SPAN = 4_000
"""Most intersections a drawing spans across or down (files keep within ±1,000)."""


class Canvas:
    """Maps intersections to SVG coordinates (North up) and builds elements."""

    def __init__(self, lo: Point, hi: Point, unit: float, margin: float,
                 top: float, left: float, prefix: str) -> None:
        span = max(hi[0] - lo[0], hi[1] - lo[1])
        if span > MAX_SPAN:
            raise InputError(f"the position spans {span} intersections; a drawing shows at "
                             f"most {MAX_SPAN} across")
        self.lo, self.hi, self.unit, self.margin = lo, hi, unit, margin
        self.top, self.left, self.prefix = top, left, prefix

    def marker(self, name: str) -> str:
        """``url(#...)`` of one of this panel's arrowheads."""
        return f"url(#{self.prefix}arrow-{name})"

    def x(self, gx: float) -> float:
        return self.left + self.margin + (gx - self.lo[0]) * self.unit

    def y(self, gy: float) -> float:
        return self.top + self.margin + (self.hi[1] - gy) * self.unit

    def xy(self, p: tuple[float, float]) -> tuple[str, str]:
        return fmt(self.x(p[0])), fmt(self.y(p[1]))


class PlaneView:
    """Maps points of a plane (x East, y North, in the ruleset's unit: the simulation's
    units of paper, the Racing Rules' hull lengths) to a panel ``size`` pixels wide, North
    up: ``lo`` and ``hi`` are the corners shown, at most ``max_scale`` pixels a unit, with
    ``margin`` pixels round them below the header; ``height`` leaves room for a legend."""

    def __init__(self, lo: tuple[float, float], hi: tuple[float, float], size: int, *,
                 margin: float, max_scale: float, unit: str) -> None:
        span = max(hi[0] - lo[0], hi[1] - lo[1], 1.0)
        if span > MAX_SPAN:
            raise InputError(f"the position spans {span:.0f} {unit}; a drawing shows at most "
                             f"{MAX_SPAN} across")
        self.scale = min(max_scale, (size - 2 * margin) / span)
        self.lo, self.hi, self.margin = lo, hi, margin
        self.width = size
        self.height = HEADER + 2 * margin + (hi[1] - lo[1]) * self.scale + 40

    def x(self, v: float) -> float:
        return self.margin + (v - self.lo[0]) * self.scale

    def y(self, v: float) -> float:
        return HEADER + self.margin + (self.hi[1] - v) * self.scale

    def pt(self, p: tuple[float, float]) -> str:
        """A point as a polygon or polyline writes it: ``x,y``."""
        return f"{fmt(self.x(p[0]))},{fmt(self.y(p[1]))}"


def hull_outline(view: PlaneView, at: tuple[float, float], heading: float,
                 length: float = 1.0) -> str:
    """The points of a hull ``length`` long centred on ``at``, pointed at the bow: the
    polygon a plane ruleset draws a boat with."""
    from rightofway.plane import heading_vector, hull

    stern, bow = hull(at, heading, length)
    dx, dy = heading_vector(heading)
    px, py = dy, -dx  # starboard side
    w = 0.17 * length
    pts = [bow,
           (at[0] + dx * 0.1 * length + px * w, at[1] + dy * 0.1 * length + py * w),
           (stern[0] + px * w * 0.8, stern[1] + py * w * 0.8),
           (stern[0] - px * w * 0.8, stern[1] - py * w * 0.8),
           (at[0] + dx * 0.1 * length - px * w, at[1] + dy * 0.1 * length - py * w)]
    return " ".join(view.pt(p) for p in pts)


def el(parent: ET.Element, tag: str, **attrs: Any) -> ET.Element:
    """A child element; ``stroke_width`` is written ``stroke-width``, a trailing ``_``
    dropped (``class_``), ``None`` attributes left out."""
    clean = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items() if v is not None}
    return ET.SubElement(parent, tag, clean)


def text(parent: ET.Element, x: float, y: float, text: str, size: float, color: str,
          **attrs: Any) -> ET.Element:
    """Add a sans-serif label of ``size`` px at ``(x, y)``; ``attrs`` as for :func:`el`."""
    t = el(parent, "text", x=fmt(x), y=fmt(y), font_size=fmt(size), fill=color,
            font_family="sans-serif", **attrs)
    t.text = text
    return t


HEADER = 52.0
"""Height of the band above the board holding the title and the wind."""


MAX_UNIT = 48.0
"""Largest distance between intersections, in pixels, so small boards stay in scale."""


def arrow_markers(svg: ET.Element, colors: Colors, prefix: str) -> None:
    """The arrowheads a panel uses (``move``, ``give``, ``wind``), named with ``prefix`` so
    that panels side by side keep their own (:meth:`Canvas.marker`)."""
    defs = el(svg, "defs")
    for name, color in (("move", colors.move), ("give", colors.engagement),
                        ("wind", colors.wind)):
        marker = el(defs, "marker", id=f"{prefix}arrow-{name}", viewBox="0 0 10 10", refX="9",
                     refY="5", markerWidth="6", markerHeight="6", orient="auto-start-reverse")
        el(marker, "path", d="M 0 0 L 10 5 L 0 10 z", fill=color)


def grid(g: ET.Element, c: Canvas, colors: Colors, coordinates: bool) -> None:
    """The lattice of the canvas's intersections, with their coordinates along the edges."""
    grid = el(g, "g", stroke=colors.grid, stroke_width="1", class_="grid")
    for gx in range(c.lo[0], c.hi[0] + 1):
        el(grid, "line", x1=fmt(c.x(gx)), y1=fmt(c.y(c.hi[1])), x2=fmt(c.x(gx)),
            y2=fmt(c.y(c.lo[1])))
    for gy in range(c.lo[1], c.hi[1] + 1):
        el(grid, "line", x1=fmt(c.x(c.lo[0])), y1=fmt(c.y(gy)), x2=fmt(c.x(c.hi[0])),
            y2=fmt(c.y(gy)))
    if coordinates:
        size = min(11.0, c.unit * 0.45)
        for gx in range(c.lo[0], c.hi[0] + 1):
            text(g, c.x(gx), c.y(c.lo[1]) + 16, str(gx), size, colors.text,
                  text_anchor="middle")
        for gy in range(c.lo[1], c.hi[1] + 1):
            text(g, c.x(c.lo[0]) - 8, c.y(gy) + size / 3, str(gy), size, colors.text,
                  text_anchor="end")


def far_mark(g: ET.Element, c: Canvas, name: str, at: Point, colors: Colors) -> None:
    """A pointer on the board's edge towards a mark beyond it, labelled with its place."""
    ex = min(max(at[0], c.lo[0]), c.hi[0])
    ey = min(max(at[1], c.lo[1]), c.hi[1])
    x, y = c.x(ex), c.y(ey)
    dx, dy = at[0] - ex, -(at[1] - ey)
    norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    ux, uy = dx / norm, dy / norm
    tip = (x + ux * 8, y + uy * 8)
    base = ((x - uy * 6, y + ux * 6), (x + uy * 6, y - ux * 6))
    pts = " ".join(f"{fmt(px)},{fmt(py)}" for px, py in (tip, *base))
    pointer = el(g, "g", class_="far-mark")
    el(pointer, "polygon", points=pts, fill=colors.mark, stroke=colors.text, stroke_width="1")
    anchor = "end" if ux > 0.5 else "start" if ux < -0.5 else "middle"
    ty = y + (16 if uy > 0.5 else -10 if uy < -0.5 else 4)
    tx = x + (-10 if ux > 0.5 else 10 if ux < -0.5 else 0)
    text(pointer, tx, ty, f"{name} [{at[0]}, {at[1]}]", 10, colors.text, text_anchor=anchor,
          stroke=colors.background, stroke_width="3", paint_order="stroke")


HULL = ((0.0, -0.44), (0.2, -0.12), (0.17, 0.3), (-0.17, 0.3), (-0.2, -0.12))
"""A boat's outline in cell units, bow towards negative ``y``; rotate it to the heading."""


def towards(x: float, y: float, tx: float, ty: float, d: float) -> tuple[float, float]:
    """The point ``d`` from ``(x, y)`` towards ``(tx, ty)``."""
    dx, dy = tx - x, ty - y
    n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    return x + dx / n * d, y + dy / n * d


def wind_rose(g: ET.Element, wind_from: Compass, colors: Colors, right: float,
              marker: str) -> None:
    """An arrow in the panel's top right corner showing where the wind blows to."""
    cx, cy, r = right - 28.0, HEADER / 2, 16.0
    step = wind_from.opposite().step  # where the wind blows to
    norm = (step[0] ** 2 + step[1] ** 2) ** 0.5
    ux, uy = step[0] / norm, -step[1] / norm  # screen y grows down
    wind = el(g, "g", class_="wind")
    el(wind, "circle", cx=fmt(cx), cy=fmt(cy), r=fmt(r + 5), fill=colors.background,
        stroke=colors.wind, stroke_width="1")
    el(wind, "line", x1=fmt(cx - ux * r), y1=fmt(cy - uy * r), x2=fmt(cx + ux * r),
        y2=fmt(cy + uy * r), stroke=colors.wind, stroke_width="3",
        marker_end=marker)
    text(wind, cx - r - 10, cy + 4, f"wind {wind_from.name}", 12, colors.wind,
          text_anchor="end")


def legend(g: ET.Element, left: float, top: float, size: int, colors: Colors,
           items: list[tuple[str, str, str]]) -> None:
    """A row of swatches, each ``(label, colour, shape)``, under a panel ``size`` wide.

    Shapes: ``hull``, ``diamond``, ``disc``, ``ring``, ``shade``, ``zone``, ``claim``,
    ``arrow``. A ruleset lists only what its panel shows.
    """
    if not items:
        return
    # Each entry as wide as its label needs; a narrow panel gets smaller type.
    font = 11.0
    widths = [26 + 0.62 * font * len(label) for label, _, _ in items]
    if sum(widths) > size - 24:
        scale = (size - 24) / sum(widths)
        font *= max(scale, 0.7)
        widths = [w * scale for w in widths]
    x = left + 12.0
    y = top + 16.0
    group = el(g, "g", class_="legend")
    for (label, color, shape), step in zip(items, widths, strict=True):
        if shape == "diamond":
            el(group, "polygon", points=f"{fmt(x)},{fmt(y - 6)} {fmt(x + 6)},{fmt(y)} "
                f"{fmt(x)},{fmt(y + 6)} {fmt(x - 6)},{fmt(y)}", fill=color,
                stroke=colors.text, stroke_width="1")
        elif shape == "disc":
            el(group, "circle", cx=fmt(x), cy=fmt(y), r="5", fill=color, stroke=colors.text,
                stroke_width="1")
        elif shape == "ring":
            el(group, "circle", cx=fmt(x), cy=fmt(y), r="5", fill="none", stroke=color,
                stroke_width="2.5")
        elif shape == "shade":
            el(group, "circle", cx=fmt(x), cy=fmt(y), r="5", fill=color, fill_opacity="0.15")
        elif shape == "zone":
            el(group, "rect", x=fmt(x - 6), y=fmt(y - 5), width="12", height="10",
                fill=color, fill_opacity="0.1", stroke=color, stroke_dasharray="3 2")
        elif shape == "claim":
            el(group, "rect", x=fmt(x - 4), y=fmt(y - 4), width="8", height="8",
                fill=colors.starboard, fill_opacity="0.35", stroke=colors.starboard)
        elif shape == "arrow":
            el(group, "line", x1=fmt(x - 7), y1=fmt(y), x2=fmt(x + 7), y2=fmt(y),
                stroke=color, stroke_width="2")
        else:
            el(group, "rect", x=fmt(x - 6), y=fmt(y - 5), width="12", height="10",
                fill=color, stroke=colors.text, stroke_width="1")
        text(group, x + 10, y + 4, label, font, colors.text)
        x += step


def side_by_side(panels: list[ET.Element], size: int, colors: Colors) -> SvgWrapper:
    """One SVG document of panels ``size`` pixels wide each, drawn left to right."""
    width = size * len(panels)
    height = max(float(panel.get("height", "0")) for panel in panels)
    root = ET.Element("svg", {"xmlns": SVG_NS, "width": fmt(width), "height": fmt(height),
                              "viewBox": f"0 0 {fmt(width)} {fmt(height)}"})
    el(root, "rect", x="0", y="0", width=fmt(width), height=fmt(height),
        fill=colors.background)
    for panel in panels:
        for child in list(panel):
            root.append(child)
    return SvgWrapper(ET.tostring(root, encoding="unicode"))


@dataclass(frozen=True, slots=True)
class GridPanel:
    """One board panel of a grid game begun by :func:`grid_panel`: the ``svg`` element,
    the group ``g`` to draw in, the ``canvas`` and the panel's ``height`` (the legend's
    strip is its last :data:`LEGEND_STRIP` pixels)."""

    svg: ET.Element
    g: ET.Element
    canvas: Canvas
    height: float


LEGEND_STRIP = 30.0
"""Height of the legend strip under a grid panel."""


def grid_panel(lo: Point, hi: Point, *, size: int, title: str | None, colors: Colors,
               left: float, prefix: str, css_class: str, title_size: float = 13,
               margin: float = 28.0) -> GridPanel:
    """The start every grid game's board panel shares: the intersections ``lo`` to ``hi``
    centred in a panel ``size`` pixels wide at ``left``, its background, arrowheads,
    title and lattice with coordinates."""
    cols, rows = hi[0] - lo[0], hi[1] - lo[1]
    unit = min((size - 2 * margin) / max(cols, 1), MAX_UNIT)
    height = HEADER + 2 * margin + rows * unit + LEGEND_STRIP
    centred = left + (size - 2 * margin - cols * unit) / 2
    c = Canvas(lo, hi, unit, margin, HEADER, centred, prefix)
    svg = ET.Element("svg", {"width": fmt(size), "height": fmt(height)})
    g = el(svg, "g", class_=f"rightofway-board {css_class}")
    el(g, "rect", x=fmt(left), y="0", width=fmt(size), height=fmt(height),
       fill=colors.background)
    arrow_markers(g, colors, prefix)
    if title:
        text(g, left + 12, 30, title, title_size, colors.text, font_weight="bold")
    grid(g, c, colors, True)
    return GridPanel(svg, g, c, height)
