"""Vector Game positions as one line of text (what FEN is to chess), and as JSON data.

Seven space-separated fields::

    board start-line islands marks boats turn turn-order
    32x30 4,3/10,3 15,12;16,12 1@7,24:S;2@26,21:S A@5,2;B@8,4:2U:2S;C@9,9!2 0 B,C,A

* ``board``: ``WIDTHxHEIGHT`` (intersections 0..width, 0..height), ``-`` for an
  unbounded page;
* ``start-line``: ``x1,y/x2,y`` (West end, then East end);
* ``islands``: ``x,y`` joined by ``;``, sorted;
* ``marks``: ``id@x,y:SIDE`` joined by ``;`` in the position's order, ``SIDE``
  ``S`` or ``P``;
* ``boats``: ``id@x,y`` joined by ``;``, then ``:VECTOR`` (``2U:2S``) for a boat
  that has one and ``!N`` for a boat that still loses ``N`` turns to repairs;
* ``turn``: the turns the boat to move has completed;
* ``turn-order``: ids joined by ``,`` (``-``: the order of the boats).

An empty field is ``-``. Ids are letters, digits, ``-`` and ``_``.
:func:`notation` and :func:`from_notation` round-trip exactly:
``from_notation(notation(p)) == p``; so do :meth:`Position.to_json
<rightofway.vg.Position.to_json>` and :meth:`Position.from_json
<rightofway.vg.Position.from_json>`.

>>> from rightofway.vg import Boat, Position, Vector
>>> p = Position((Boat("A", (5, 2)), Boat("B", (8, 4), Vector.parse("2U:2S"))), (20, 20))
>>> notation(p)
'20x20 - - - A@5,2;B@8,4:2U:2S 0 -'
>>> from_notation(notation(p)) == p
True
"""

from __future__ import annotations

import re

from rightofway import limits
from rightofway.errors import NotationError, shown
from rightofway.geometry import Point
from rightofway.positions import as_text
from rightofway.vg.position import Boat, Mark, Position, PositionError
from rightofway.vg.vectors import Vector, VectorError

__all__ = [
    "FIELDS",
    "NotationError",
    "from_notation",
    "notation",
]

FIELDS = ("board", "start-line", "islands", "marks", "boats", "turn", "turn-order")
_ID = re.compile(r"[A-Za-z0-9_-]+")
_NUM = r"-?\d{1,7}"  # at most 7 digits: what no page needs is refused as notation
_POINT = re.compile(rf"({_NUM}),({_NUM})")
_BOAT = re.compile(r"([A-Za-z0-9_-]+)@([^:!]+)(?::([^!]+))?(?:!(\d{1,7}))?")
_MARK = re.compile(r"([A-Za-z0-9_-]+)@([^:]+):(.*)")


def _id(kind: str, name: str) -> str:
    if not _ID.fullmatch(name) or name == "-":
        raise NotationError(f"{kind} id {shown(name, 40)} cannot be written: use letters, digits, "
                            "- or _")
    return name


def _pt(p: Point) -> str:
    return f"{p[0]},{p[1]}"


def notation(position: Position) -> str:
    """The one-line notation of ``position``."""
    if not isinstance(position, Position):
        raise TypeError(f"position: expected a Position, got {type(position).__name__}")
    board = f"{position.board[0]}x{position.board[1]}" if position.board is not None else "-"
    line = "-"
    if position.start_line is not None:
        line = f"{_pt(position.start_line[0])}/{_pt(position.start_line[1])}"
    islands = ";".join(_pt(p) for p in sorted(position.islands)) or "-"
    marks = ";".join(f"{_id('mark', m.id)}@{_pt(m.at)}:{m.side}" for m in position.marks) or "-"
    boats = ";".join(
        f"{_id('boat', b.id)}@{_pt(b.at)}{':' + str(b.vector) if b.vector is not None else ''}"
        f"{'!' + str(b.lost_turns) if b.lost_turns else ''}"
        for b in position.boats
    ) or "-"
    order = ",".join(_id("boat", b) for b in position.turn_order) or "-"
    return " ".join([board, line, islands, marks, boats, str(position.turn), order])


def _point(text: str, where: str) -> Point:
    m = _POINT.fullmatch(text)
    if not m:
        raise NotationError(f"{where}: expected x,y with whole numbers, got {shown(text, 40)}")
    return int(m.group(1)), int(m.group(2))


def _items(text: str) -> list[str]:
    return [] if text == "-" else text.split(";")


def from_notation(text: str) -> Position:
    """The position written in ``text``; :class:`NotationError` naming the field at fault."""
    as_text(text, "text", limits.MAX_LINE_BYTES)
    parts = text.split()
    if len(parts) != len(FIELDS):
        raise NotationError(f"expected {len(FIELDS)} space-separated fields "
                            f"({' '.join(FIELDS)}), got {len(parts)}")
    board_t, line_t, islands_t, marks_t, boats_t, turn_t, order_t = parts
    board: tuple[int, int] | None = None
    if board_t != "-":
        m = re.fullmatch(r"(\d{1,7})x(\d{1,7})", board_t)
        if not m:
            raise NotationError("board: expected WIDTHxHEIGHT (e.g. 32x30) or -, got "
                                f"{shown(board_t, 40)}")
        board = (int(m.group(1)), int(m.group(2)))
    line: tuple[Point, Point] | None = None
    if line_t != "-":
        ends = line_t.split("/")
        if len(ends) != 2:
            raise NotationError(f"start-line: expected x1,y/x2,y or -, got {shown(line_t, 40)}")
        line = (_point(ends[0], "start-line"), _point(ends[1], "start-line"))
    islands = frozenset(_point(p, f"islands[{i}]") for i, p in enumerate(_items(islands_t)))
    marks = []
    for i, item in enumerate(_items(marks_t)):
        m = _MARK.fullmatch(item)
        if not m or m.group(3) not in ("S", "P"):
            raise NotationError(f"marks[{i}]: expected id@x,y:S or id@x,y:P, got {shown(item, 40)}")
        marks.append(Mark(_id("mark", m.group(1)), _point(m.group(2), f"marks[{i}]"),
                          "S" if m.group(3) == "S" else "P"))
    boats = []
    for i, item in enumerate(_items(boats_t)):
        m = _BOAT.fullmatch(item)
        if not m:
            raise NotationError(f"boats[{i}]: expected id@x,y[:vector][!lost turns], "
                                f"got {shown(item, 40)}")
        vector = None
        if m.group(3) is not None:
            try:
                vector = Vector.parse(m.group(3))
            except VectorError as e:
                raise NotationError(f"boats[{i}]: {e}") from None
        try:
            boats.append(Boat(_id("boat", m.group(1)), _point(m.group(2), f"boats[{i}]"),
                              vector, int(m.group(4)) if m.group(4) is not None else 0))
        except (TypeError, ValueError) as e:
            if isinstance(e, NotationError):
                raise
            raise NotationError(f"boats[{i}]: {e}") from None
    if not re.fullmatch(r"\d{1,9}", turn_t):
        raise NotationError(f"turn: expected a whole number from 0, got {shown(turn_t, 40)}")
    order = () if order_t == "-" else tuple(order_t.split(","))
    try:
        return Position(tuple(boats), board, islands, line, int(turn_t), order, tuple(marks))
    except PositionError as e:
        where = ".".join(map(str, e.path))
        raise NotationError(f"{where}: {e.message}") from None
