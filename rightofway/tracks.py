"""Each boat's track through a race: where she sailed, from the start to where she stands,
and how the games' drawings show it behind the hulls (``race.svg(tracks=True)``,
``rightofway draw RECORD --track``).

:func:`of_race` follows a race back through the states it remembers
(:class:`rightofway.races.History`) and joins each boat's places: where she stood at the
start, the points her moves passed through (a game's ``move_path``: the intersections of a
grid move, the legs of a plotted plan) and where she stood after every move. :func:`draw`
adds the tracks to a panel, each boat's in a colour and dash of its own from
:func:`style`, a ring where she started and her name by it; a track whose boat has left the
water (finished) ends in a square. This module imports no ruleset: each game's drawing
passes its own map from its points to the page.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Any

from rightofway.svg import Colors, el, fmt, text

__all__ = ["draw", "extent_points", "of_race", "style"]


def of_race(race: Any, move_path: Callable[[Any, Any], Sequence[Any]] | None = None,
            ) -> dict[str, tuple[Any, ...]]:
    """Every boat's track from the start of ``race`` to the state it is in (her points in
    her game's coordinates: intersections, or units of the plane), by boat id in the order
    the boats first appear: her place at the start, the points
    ``move_path(position, move)`` gives for each of her moves (from where she stood before
    it; without ``move_path``, or for an empty list, the move's end alone), and her place
    after every move. A point equal to the one before it is left out, so a boat that stood
    still adds none."""
    chain = []
    node = race
    while node is not None:
        chain.append(node)
        node = node.parent
    chain.reverse()
    out: dict[str, list[Any]] = {}

    def add(boat: str, at: Any) -> None:
        points = out.setdefault(boat, [])
        if not points or points[-1] != at:
            points.append(at)

    for b in chain[0].position.boats:
        add(b.id, b.at)
    for before, after in pairwise(chain):
        move = after.last[0]
        mover = getattr(move, "boat", None)
        if move_path is not None and mover in out:
            for p in move_path(before.position, move):
                add(mover, p)
        for b in after.position.boats:
            add(b.id, b.at)
    return {bid: tuple(points) for bid, points in out.items()}


def extent_points(tracks: Mapping[str, Sequence[Any]] | None) -> list[Any]:
    """Every point of ``tracks``, for a drawing to take into its extent."""
    return [p for points in (tracks or {}).values() for p in points]


_DASHES = (None, "7 4", "2 3")


def style(index: int, colors: Colors) -> tuple[str, str | None]:
    """The colour and dash of the ``index``-th boat's track: four colours none of the hulls
    (starboard, port, head to wind) or marks use, then the same four dashed, then dotted."""
    palette = (colors.engagement, colors.contested, colors.gust, colors.text)
    return palette[index % len(palette)], _DASHES[(index // len(palette)) % len(_DASHES)]


def draw(g: ET.Element, tracks: Mapping[str, Sequence[Any]],
         to_page: Callable[[Any], tuple[float, float]], colors: Colors, *,
         on_water: set[str] | frozenset[str], size: float = 10.0) -> bool:
    """Draw ``tracks`` into ``g`` (before the hulls, so that they cover the tracks' ends):
    each a line through her points mapped by ``to_page``, a ring where she started with her
    name by it and, for a boat not in ``on_water`` (she has finished and left), a square
    where her track ends. Returns whether anything was drawn, for the legend."""
    drawn = False
    group = el(g, "g", class_="tracks")
    for i, (boat, points) in enumerate(tracks.items()):
        if not points:
            continue
        color, dash = style(i, colors)
        page = [to_page(p) for p in points]
        one = el(group, "g", class_="track", data_boat=boat)
        tip = el(one, "title")
        tip.text = (f"{boat}'s track: {len(points)} points"
                    f"{'' if boat in on_water else ', to where she left the water'}")
        if len(page) > 1:
            el(one, "polyline", points=" ".join(f"{fmt(x)},{fmt(y)}" for x, y in page),
               fill="none", stroke=color, stroke_width="2", stroke_opacity="0.75",
               stroke_dasharray=dash, stroke_linejoin="round", stroke_linecap="round")
        sx, sy = page[0]
        el(one, "circle", cx=fmt(sx), cy=fmt(sy), r="4", fill=colors.background, stroke=color,
           stroke_width="2", class_="track-start")
        text(one, sx + 6, sy + 4 + size / 2, boat, size, color, font_weight="bold",
             stroke=colors.background, stroke_width="3", paint_order="stroke",
             class_="track-label")
        if boat not in on_water:
            ex, ey = page[-1]
            el(one, "rect", x=fmt(ex - 4), y=fmt(ey - 4), width="8", height="8", fill=color,
               class_="track-end")
        drawn = True
    return drawn
