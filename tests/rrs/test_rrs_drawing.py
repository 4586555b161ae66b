"""Racing Rules diagrams show what the ruling says: an arrow from the boat that keeps clear
toward the boat with right of way, one from the boat owed mark-room toward the mark, one
from the boat owed room toward the obstruction (a ring for room to tack), each labelled,
the legend listing them; and every label clear of the hulls and of the other labels."""

from __future__ import annotations

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
from rightofway.rrs import Boat, Mark, Obstruction, Position, ruling
from rightofway.rrs import drawing as rrs_drawing
from rightofway.scenarios import bundled_catalogue, load_scenario

FILES = sorted((bundled_catalogue() / "rrs").glob("*.yaml"))


def _covers(polygon: list[Pt], box: Box) -> bool:
    """Whether a hull's outline and a label's box share any point."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    if any(_inside(c, polygon) for c in corners) or any(_point_box(p, box) == 0 for p in polygon):
        return True
    for a, b in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        for i in range(101):
            t = i / 100
            if _point_box((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t), box) == 0:
                return True
    return False


def _labels(root: ET.Element) -> list[tuple[str, str, Box]]:
    """Every label written on the water: its class, its words and the box they cover."""
    out = []
    for t in root.iter(f"{SVG}text"):
        cls = t.get("class") or ""
        if cls == "label" or cls.endswith("-label"):
            words = t.text or ""
            out.append((cls, words, text_box(_f(t, "x"), _f(t, "y"), words, _f(t, "font-size"),
                                             anchor=t.get("text-anchor", "start"),
                                             bold=t.get("font-weight") == "bold")))
    return out


def _end(e: ET.Element) -> tuple[Pt, Pt]:
    """The start and the end of an arrow (a line or a bowed path)."""
    if e.tag == f"{SVG}line":
        return (_f(e, "x1"), _f(e, "y1")), (_f(e, "x2"), _f(e, "y2"))
    words = (e.get("d") or "").split()
    return (float(words[1]), float(words[2])), (float(words[-2]), float(words[-1]))


def _by_class(root: ET.Element, cls: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == cls]


def _centre(polygon: list[Pt]) -> Pt:
    return (sum(p[0] for p in polygon) / len(polygon), sum(p[1] for p in polygon) / len(polygon))


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_the_drawing_shows_the_ruling_with_labels_clear(path: Path) -> None:
    prepared = load_scenario(path)
    rules = get_ruleset("rrs")
    root = ET.fromstring(rules.diagram(prepared.position, prepared.move))
    position = prepared.position
    pair = prepared.move or (position.boats[0].id, position.boats[1].id)
    r = ruling(position, *pair)
    hulls = {e.get("data-boat"): _points(e) for e in _by_class(root, "boat")}
    assert set(hulls) == set(position.boat_ids)
    labels = _labels(root)
    words = [w for _, w, _ in labels]
    # the keep-clear arrow runs from the boat that keeps clear toward the right-of-way boat
    (arrow,) = _by_class(root, "keep-clear")
    start, end = _end(arrow)
    giver, holder = _centre(hulls[r.keep_clear]), _centre(hulls[r.right_of_way])
    assert _inside(start, hulls[r.keep_clear])  # from her middle
    assert math.dist(end, holder) < math.dist(end, giver)
    assert any(w.startswith("keeps clear") for w in words)
    legend = [t.text for g in _by_class(root, "legend") for t in g.iter(f"{SVG}text")]
    assert "keeps clear of" in legend
    # mark-room: from the boat owed it toward a mark
    drawn = _by_class(root, "mark-room")
    assert len(drawn) == (1 if r.mark_room is not None else 0)
    if r.mark_room is not None:
        start, end = _end(drawn[0])
        marks = [(_f(m, "cx"), _f(m, "cy")) for m in _by_class(root, "mark")]
        assert min(math.dist(end, m) for m in marks) < min(math.dist(start, m) for m in marks)
        assert _inside(start, hulls[r.mark_room])
        assert f"mark-room for {r.mark_room} ({r.mark_room_rule})" in words
        assert "mark-room" in legend
    # room: from the boat owed it toward the obstruction, a ring for room to tack
    drawn = _by_class(root, "room")
    assert len(drawn) == (1 if r.room is not None else 0)
    if r.room is not None:
        if drawn[0].tag == f"{SVG}circle":
            assert _inside((_f(drawn[0], "cx"), _f(drawn[0], "cy")), hulls[r.room])
            assert f"room to tack for {r.room} ({r.room_rule})" in words
        else:
            start, _ = _end(drawn[0])
            assert _inside(start, hulls[r.room])
            assert f"room for {r.room} ({r.room_rule})" in words
        assert "room" in legend
    # every boat named, and no label on a hull or on another label
    assert [w for c, w, _ in labels if c == "label"][:len(hulls)] == list(position.boat_ids)
    clashes = [f"{w!r} covers {bid}" for _, w, box in labels for bid, h in hulls.items()
               if _covers(h, box)]
    clashes += [f"{a!r} and {b!r} overlap" for i, (_, a, box_a) in enumerate(labels)
                for _, b, box_b in labels[i + 1:] if overlap(box_a, box_b) > 0]
    assert clashes == []


def test_mark_room_points_from_the_inside_boat_to_the_mark() -> None:
    """Two boats overlapped running to a mark left to port: the inside boat, nearer the
    mark, is owed mark-room (RRS 18.2(a)), and the arrow runs from her toward that mark,
    not toward a mark further off."""
    position = Position(180.0, (Boat("O", (0.6, 2.0), 20.0), Boat("I", (0.0, 2.0), 20.0)),
                        marks=(Mark("m", (-0.8, 3.2), "port"),
                               Mark("far", (-30.0, -30.0), "port")))
    r = ruling(position, "O", "I")
    assert (r.mark_room, r.mark_room_rule) == ("I", "18.2(a)")
    root = ET.fromstring(str(rrs_drawing.board(position, ("O", "I"))))
    (arrow,) = _by_class(root, "mark-room")
    start, end = _end(arrow)
    v = rrs_drawing.view(position)
    inside, mark = (v.x(0.0), v.y(2.0)), (v.x(-0.8), v.y(3.2))
    assert math.dist(start, inside) < 1
    assert math.dist(end, mark) < 12


def test_room_points_from_the_inside_boat_to_the_obstruction() -> None:
    position = Position(0.0, (Boat("A", (0.3, 0.0), 270.0), Boat("B", (0.0, 1.0), 270.0)),
                        obstructions=(Obstruction("rib", at=(-1.6, 1.6), radius=0.3),))
    r = ruling(position)
    assert (r.keep_clear, r.room) == ("B", "B")
    root = ET.fromstring(str(rrs_drawing.board(position)))
    (arrow,) = _by_class(root, "room")
    start, end = _end(arrow)
    v = rrs_drawing.view(position)
    rib = (v.x(-1.6), v.y(1.6))
    assert math.dist(end, rib) < 0.3 * v.scale + 6 < math.dist(start, rib)


def test_a_snapshot_of_one_boat_has_no_arrows_and_no_ruling_in_its_legend() -> None:
    root = ET.fromstring(str(rrs_drawing.board(Position(0.0, (Boat("A", (0.0, 0.0), 45.0),)))))
    assert not any(_by_class(root, c) for c in ("keep-clear", "mark-room", "room", "abeam"))
    legend = [t.text for g in _by_class(root, "legend") for t in g.iter(f"{SVG}text")]
    assert legend == ["starboard", "port"]
