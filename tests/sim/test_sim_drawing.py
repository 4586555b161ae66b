"""Simulation diagrams show the round's play order (SIM Turn Sequence): a number by each
boat, 1 moving first, and an arrow from each boat that keeps clear toward the boat she keeps
clear of (the keep-clear edges the order rests on); every label and number clear of the
hulls and of each other."""

from __future__ import annotations

import contextlib
import math
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from svg_geometry import SVG, Pt
from svg_geometry import inside as _inside
from svg_geometry import number as _f
from svg_geometry import point_box as _point_box
from svg_geometry import points as _points

from rightofway import get_ruleset
from rightofway.labels import Box, overlap, text_box
from rightofway.positions import PositionError
from rightofway.scenarios import bundled_catalogue, load_scenario
from rightofway.sim import Boat, Position, play_order
from rightofway.sim import drawing as sim_drawing

FILES = sorted((bundled_catalogue() / "simulation").glob("*.yaml"))


def _covers(polygon: list[Pt], box: Box) -> bool:
    """Whether a hull's outline and a box share any point."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    if any(_inside(c, polygon) for c in corners):
        return True
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        for i in range(101):
            t = i / 100
            if _point_box((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), box) == 0:
                return True
    return False


def _by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def _written(root: ET.Element) -> list[tuple[str, Box]]:
    """The labels and the play-order discs: what each says and the box it covers."""
    out = []
    for t in root.iter(f"{SVG}text"):
        cls = t.get("class") or ""
        if cls == "label" or cls.endswith("-label"):
            words = t.text or ""
            out.append((words, text_box(_f(t, "x"), _f(t, "y"), words, _f(t, "font-size"),
                                        anchor=t.get("text-anchor", "start"),
                                        bold=t.get("font-weight") == "bold")))
    for g in _by_class(root, "play-order"):
        disc = g.find(f"{SVG}circle")
        assert disc is not None
        x, y, r = _f(disc, "cx"), _f(disc, "cy"), _f(disc, "r")
        out.append((f"play order of {g.get('data-boat')}", (x - r, y - r, x + r, y + r)))
    return out


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_play_order_and_its_edges_are_drawn_with_labels_clear(path: Path) -> None:
    prepared = load_scenario(path)
    before = prepared.position
    root = ET.fromstring(get_ruleset("simulation").diagram(before, prepared.move))
    boats = {e.get("data-boat"): _points(e) for e in _by_class(root, "boat")}
    starts = [_points(e) for e in _by_class(root, "start")]
    discs = {g.get("data-boat"): g for g in _by_class(root, "play-order")}
    legend = [t.text for g in _by_class(root, "legend") for t in g.iter(f"{SVG}text")]
    order = None
    if len(before.boats) > 1:
        with contextlib.suppress(PositionError):  # a tack the position leaves open
            order = play_order(before)
    if order is None:
        assert discs == {} and _by_class(root, "keep-clear") == []
        assert "play order" not in legend
    else:
        # a disc numbered by its place in the order by each boat, as the round began
        assert {bid: "".join(g.itertext()) for bid, g in discs.items()} == {
            bid: str(n) for n, bid in enumerate(order.order, 1)}
        if prepared.move is None:  # nothing moved: each disc is nearest its own boat
            v = sim_drawing.view(before, {})
            for bid, g in discs.items():
                disc = g.find(f"{SVG}circle")
                assert disc is not None
                nearest = min(before.boats,
                              key=lambda b: math.dist((v.x(b.at[0]), v.y(b.at[1])),
                                                      (_f(disc, "cx"), _f(disc, "cy"))))
                assert nearest.id == bid
        # one arrow for each keep-clear edge, from the boat that keeps clear
        arrows = {(g.get("data-from"), g.get("data-to")) for g in _by_class(root, "keep-clear")}
        assert arrows == {(k, h) for k, h, _ in order.keep_clear}
        words = [w for w, _ in _written(root)]
        for _, _, rule in order.keep_clear:
            assert f"keeps clear (rule {rule})" in words
        assert "play order" in legend
        assert ("keeps clear of" in legend) == bool(order.keep_clear)
        assert order.order[0] in root.findtext(f".//{SVG}text", "")  # the title says it
    written = _written(root)
    clashes = [f"{w!r} covers a hull" for w, box in written
               for hull in [*boats.values(), *starts] if _covers(hull, box)]
    clashes += [f"{a!r} and {b!r} overlap" for i, (a, box_a) in enumerate(written)
                for b, box_b in written[i + 1:] if overlap(box_a, box_b) > 0]
    assert clashes == []


def test_the_arrow_runs_from_the_port_boat_toward_the_starboard_boat() -> None:
    """RRS 10: A on port keeps clear of B on starboard, so B moves first."""
    before = Position("N", 10, (Boat("A", (0.0, 3.0), 45.0), Boat("B", (0.0, 0.0), 315.0)))
    root = ET.fromstring(str(sim_drawing.scenario(before, before, {})))
    (group,) = _by_class(root, "keep-clear")
    assert (group.get("data-from"), group.get("data-to")) == ("A", "B")
    line = group.find(f"{SVG}line")
    assert line is not None
    v = sim_drawing.view(before, {})
    a, b = (v.x(0.0), v.y(3.0)), (v.x(0.0), v.y(0.0))
    start, end = (_f(line, "x1"), _f(line, "y1")), (_f(line, "x2"), _f(line, "y2"))
    assert math.dist(start, a) < 1 and math.dist(end, b) < math.dist(end, a)
    numbers = {g.get("data-boat"): "".join(g.itertext()) for g in _by_class(root, "play-order")}
    assert numbers == {"B": "1", "A": "2"}


def test_the_board_of_a_position_has_no_play_order() -> None:
    position = Position("N", 10, (Boat("A", (0.0, 3.0), 45.0), Boat("B", (0.0, 0.0), 315.0)))
    root = ET.fromstring(str(sim_drawing.board(position)))
    assert _by_class(root, "play-order") == [] and _by_class(root, "keep-clear") == []
