"""The protest room's Sailing Vector Game: a scenario document ruled without pydantic or YAML.

The book's protest room runs the library in the reader's browser, where neither pydantic
nor PyYAML is loaded. :func:`rule` takes a Vector Game scenario document as plain data
(what a scenario file holds, ``expect`` left out, its defaults given or not) and returns
what the room shows: the summary and explanation ``rightofway check`` prints for the
same document, the drawing the catalogue page shows, who keeps clear of whom, the
engagement graph and the descriptor of what the reader may edit (see the protest room's
contract in the docs).

:func:`read` turns the document into kernel values through the kernel's constructors,
refusing bad data with an :class:`~rightofway.errors.InputError` whose message starts
with the field path (``position.boats[1].at: ...``); the scenario files' own reader
(:func:`rightofway.vg.scenario.prepare`) builds its values through it too.
:func:`explain` gives the summary lines and the explanation's sections, for
:func:`rule` and for :func:`rightofway.vg.scenario.check` alike.

>>> result = rule({"position": {"boats": [{"id": "A", "at": [5, 5], "vector": "2U:2S"}]},
...                "move": {"boat": "A", "vector": "2U:1S"}})
>>> last = result["summary"][-1]
>>> last.startswith("move A 2U:1S: ILLEGAL"), "VG-M3" in last
(True, True)
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx  # the room always builds the engagement graph

from rightofway import limits
from rightofway.errors import shown
from rightofway.explain import Step, steps_json
from rightofway.geometry import Point
from rightofway.plain import Loc, StateError
from rightofway.positions import PositionError
from rightofway.results import Ruling
from rightofway.vg import drawing, game, rules
from rightofway.vg.position import Boat, Mark, Move, Position
from rightofway.vg.vectors import Vector, VectorError, next_vectors, shape_faults

__all__ = ["VECTOR_CHOICES", "Explained", "StateError", "explain", "read", "rule"]

Affine = tuple[float, float, float, float, float, float]
"""An affine map ``(a, b, c, d, e, f)`` of intersections ``(x, y)`` to SVG user units:
``sx = a*x + c*y + e``, ``sy = b*x + d*y + f`` (the board's ``to_svg``)."""

HEADER_KEYS = ("schema_version", "id", "title", "ruleset", "source", "notes")
"""The keys every scenario document opens with; the room reads them only to check them."""
DOCUMENT_KEYS = (*HEADER_KEYS, "position", "move", "expect")
"""The keys of a Vector Game scenario document (an ``expect`` given is not read)."""
POSITION_KEYS = ("wind", "board", "islands", "start_line", "marks", "turn", "boats",
                 "turn_order")
BOAT_KEYS = ("id", "at", "vector", "lost_turns")
MARK_KEYS = ("id", "at", "side")
MOVE_KEYS = ("boat", "vector")
MAX_ID = 40
"""Longest boat or mark id, as the scenario files allow."""
_SCENARIO_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

CHOICE_SQUARES = 5
"""Most squares across in a vector the room offers in a boat's list of vectors."""
VECTOR_CHOICES: tuple[str, ...] = tuple(
    str(v) for v in sorted(
        (Vector(along, cross, side) for side in ("S", "P")
         for cross in range(CHOICE_SQUARES + 1) for along in range(cross, -cross - 4, -1)),
        key=lambda v: (v.side == "P", -v.along, v.cross))
    if not shape_faults(v))
"""The vectors the room offers for a boat's last vector: every shape the manoeuvring rules
allow (VG-M2..M4) with at most ``CHOICE_SQUARES`` squares across, starboard first,
from the most upwind to the deepest."""


# --- reading a document -------------------------------------------------------------------


def _kind(value: object) -> str:
    return {dict: "a mapping", list: "a list", tuple: "a list", str: "text", bool: "a bool",
            int: "a whole number", float: "a number", type(None): "null"}.get(
        type(value), type(value).__name__)


def _mapping(value: object, loc: Loc, keys: Sequence[str],
             required: Sequence[str] = ()) -> dict[str, Any]:
    """``value`` when it is a mapping of ``keys`` holding every ``required`` key."""
    if not isinstance(value, dict):
        raise StateError(loc, f"expected a mapping of keys to values, got {_kind(value)} "
                   f"{shown(value)}")
    for key in value:
        if key not in keys:
            close = difflib.get_close_matches(str(key), list(keys), n=1)
            hint = f"did you mean {close[0]!r}?" if close else \
                f"expected one of: {', '.join(keys)}"
            raise StateError((*loc, str(key)), f"unknown key {shown(key, 100)}; {hint}")
    for key in required:
        if key not in value:
            raise StateError((*loc, key), "required key is missing")
    return value


def _list(value: object, loc: Loc, what: str, least: int = 0,
          most: int | None = None) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise StateError(loc, f"expected a list of {what}, got {_kind(value)} {shown(value)}")
    if len(value) < least or (most is not None and len(value) > most):
        span = f"{least} to {most}" if most is not None else f"at least {least}"
        raise StateError(loc, f"expected {span} {what}, got {len(value)}")
    return list(value)


def _int(value: object, loc: Loc, lo: int, hi: int) -> int:
    if type(value) is not int:
        raise StateError(loc, f"expected a whole number from {lo} to {hi}, got {_kind(value)} "
                   f"{shown(value)}")
    if not lo <= value <= hi:
        raise StateError(loc, f"expected a whole number from {lo} to {hi}, got {value}")
    return value


def _text(value: object, loc: Loc, *, least: int = 0, most: int = limits.MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise StateError(loc, f"expected text, got {_kind(value)} {shown(value)}")
    if not least <= len(value) <= most:
        raise StateError(loc, f"expected text of {least} to {most} characters, got {len(value)}")
    return value


def _id(value: object, loc: Loc) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= MAX_ID:
        raise StateError(loc, f"expected an id, text of 1 to {MAX_ID} characters, got "
                   f"{_kind(value)} {shown(value)}")
    return value


def _point(value: object, loc: Loc) -> Point:
    bound = limits.MAX_COORD
    if not (isinstance(value, (list, tuple)) and len(value) == 2
            and all(type(c) is int for c in value)):
        raise StateError(loc, f"expected an intersection [x, y], two whole numbers, got "
                   f"{_kind(value)} {shown(value)}")
    x, y = value
    if not (-bound <= x <= bound and -bound <= y <= bound):
        raise StateError(loc, f"expected an intersection with coordinates within ±{bound}, got "
                   f"{shown(list(value))}")
    return (x, y)


def _vector(value: object, loc: Loc) -> Vector | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise StateError(loc, f"expected a vector such as 2U:1S, 3D:0P or 1S (or null), got "
                   f"{_kind(value)} {shown(value)}")
    try:
        return Vector.parse(value)
    except VectorError as e:
        raise StateError(loc, str(e)) from None


def _header(doc: dict[str, Any]) -> None:
    """Check the keys a document opens with (none of them is needed to rule)."""
    if "schema_version" in doc and (type(doc["schema_version"]) is not int
                                    or doc["schema_version"] != 1):
        raise StateError(("schema_version",), f"expected 1, got {shown(doc['schema_version'])}")
    if "ruleset" in doc and doc["ruleset"] != "vector-game":
        raise StateError(("ruleset",), f"expected 'vector-game', got {shown(doc['ruleset'])}")
    if "id" in doc and not _SCENARIO_ID.fullmatch(_text(doc["id"], ("id",))):
        raise StateError(("id",), f"expected a kebab-case id such as 'vg-gw5-lands-on-boat', got "
                   f"{shown(doc['id'])}")
    for key in ("title", "source"):
        if key in doc:
            _text(doc[key], (key,), least=1)
    if doc.get("notes") is not None:
        _text(doc["notes"], ("notes",))


def _boat(value: object, loc: Loc) -> Boat:
    b = _mapping(value, loc, BOAT_KEYS, ("id", "at"))
    return Boat(_id(b["id"], (*loc, "id")), _point(b["at"], (*loc, "at")),
                _vector(b.get("vector"), (*loc, "vector")),
                _int(b.get("lost_turns", 0), (*loc, "lost_turns"), 0, 2))


def _mark(value: object, loc: Loc) -> Mark:
    m = _mapping(value, loc, MARK_KEYS, MARK_KEYS)
    side = m["side"]
    if side not in ("S", "P"):
        raise StateError((*loc, "side"), f"expected 'S' (left to starboard) or 'P' (to port), got "
                   f"{shown(side)}")
    return Mark(_id(m["id"], (*loc, "id")), _point(m["at"], (*loc, "at")),
                "S" if side == "S" else "P")


def _position(value: object) -> tuple[Position, tuple[Point, ...]]:
    """The position, and its islands in the order the document lists them."""
    loc: Loc = ("position",)
    p = _mapping(value, loc, POSITION_KEYS, ("boats",))
    if p.get("wind", "N") != "N":
        raise StateError((*loc, "wind"), f"expected 'N': the wind always blows from the North in "
                   f"the Vector Game, got {shown(p['wind'])}")
    board = None
    if p.get("board") is not None:
        where: Loc = (*loc, "board")
        b = _mapping(p["board"], where, ("width", "height"), ("width", "height"))
        board = (_int(b["width"], (*where, "width"), 1, limits.MAX_COORD),
                 _int(b["height"], (*where, "height"), 1, limits.MAX_COORD))
    islands = tuple(
        _point(q, (*loc, "islands", i))
        for i, q in enumerate(_list(p.get("islands", []), (*loc, "islands"), "intersections")))
    line = None
    if p.get("start_line") is not None:
        where = (*loc, "start_line")
        s = _mapping(p["start_line"], where, ("from", "to"), ("from", "to"))
        line = (_point(s["from"], (*where, "from")), _point(s["to"], (*where, "to")))
    marks = tuple(_mark(m, (*loc, "marks", i))
                  for i, m in enumerate(_list(p.get("marks", []), (*loc, "marks"), "marks")))
    turn = _int(p.get("turn", 0), (*loc, "turn"), 0, limits.MAX_NUMBER)
    boats = tuple(_boat(b, (*loc, "boats", i)) for i, b in enumerate(
        _list(p["boats"], (*loc, "boats"), "boats", 1, limits.MAX_BOATS)))
    order: tuple[str, ...] = ()
    if p.get("turn_order") is not None:
        order = tuple(_id(b, (*loc, "turn_order", i)) for i, b in enumerate(
            _list(p["turn_order"], (*loc, "turn_order"), "boat ids")))
    try:
        return Position(boats, board, frozenset(islands), line, turn, order, marks), islands
    except PositionError as bad:
        raise StateError((*loc, *bad.path), bad.message) from None


def _move(value: object, position: Position) -> Move | None:
    if value is None:
        return None
    loc: Loc = ("move",)
    m = _mapping(value, loc, MOVE_KEYS, MOVE_KEYS)
    boat = _id(m["boat"], (*loc, "boat"))
    if not position.has_boat(boat):
        raise StateError((*loc, "boat"), f"no boat {boat!r} in the position (boats: "
                   f"{', '.join(position.boat_ids)})")
    return Move(boat, _vector(m["vector"], (*loc, "vector")))


def read(state: object) -> tuple[Position, Move | None]:
    """The position and the move (``None`` without one) of a Vector Game scenario
    document given as plain data, defaults given or left out; an
    :class:`~rightofway.errors.InputError` naming the field path and what was expected
    for anything a scenario file could not hold."""
    position, move, _ = _read(state)
    return position, move


def _read(state: object) -> tuple[Position, Move | None, tuple[Point, ...]]:
    """:func:`read`, and the islands in the document's order (the board's paths index
    them)."""
    try:
        limits.check_data(state)
    except limits.LimitError as e:
        raise StateError(e.loc, e.message) from None
    doc = _mapping(state, (), DOCUMENT_KEYS, ("position",))
    _header(doc)
    position, islands = _position(doc["position"])
    return position, _move(doc.get("move"), position), islands


# --- what the rules say -------------------------------------------------------------------


@dataclass(frozen=True)
class Explained:
    """What the rules say of a position and a move: the summary lines and the
    explanation's sections ``rightofway check`` prints, the engagement graph they were
    read from and the ruling on the move (``None`` without one)."""

    summary: tuple[str, ...]
    sections: tuple[tuple[str, tuple[Step, ...]], ...]
    graph: nx.DiGraph
    ruling: Ruling[Position, Move] | None


def explain(position: Position, move: Move | None = None) -> Explained:
    """Each boat's place, vector and next vectors; who has right of way over whom among
    the engaged boats (VG-GW2, VG-GW3); the ruling on ``move`` when given."""
    summary: list[str] = []
    sections: list[tuple[str, tuple[Step, ...]]] = []
    for b in position.boats:
        nv = " ".join(str(v) for v in sorted(next_vectors(b.vector))) if not b.lost_turns \
            else "none (repairing)"
        summary.append(f"{b.id} at [{b.at[0]}, {b.at[1]}] "
                       f"{'vector ' + str(b.vector) if b.vector else 'not yet moved'}; "
                       f"next vectors: {nv}")
    graph = rules.engagement_graph(position)
    for giver, holder, data in sorted(graph.edges(data=True), key=lambda t: (t[1], t[0])):
        summary.append(f"{holder} has right of way over {giver} ({data['basis']})")
        sections.append((f"right of way: {holder} over {giver}", data["steps"]))
    ruling = None
    if move is not None:
        ruling = game.adjudicate(position, move)
        summary.append(f"move {move}: {'legal' if ruling.legal else 'ILLEGAL'} - "
                       f"{ruling.reason}")
        sections.append((f"ruling on {move}", ruling.steps))
    return Explained(tuple(summary), tuple(sections), graph, ruling)


# --- the room -----------------------------------------------------------------------------


def _relations(graph: nx.DiGraph) -> list[dict[str, str]]:
    """Who keeps clear of whom, in the summary's order (holder, then giver)."""
    return [{"holder": holder, "giver": giver, "why": data["basis"],
             "cite": str(data["steps"][-1].cite)}
            for giver, holder, data in sorted(graph.edges(data=True),
                                              key=lambda t: (t[1], t[0]))]


def _graph(position: Position, graph: nx.DiGraph) -> dict[str, Any]:
    """Every boat, and an edge per engaged pair: from the boat that keeps clear to the one
    with right of way, labelled with the basis; an undecided pair's edge says so."""
    edges = []
    for first, second in graph.graph["engaged"]:
        if graph.has_edge(first, second):
            edges.append({"from": first, "to": second, "label": graph[first][second]["basis"]})
        elif graph.has_edge(second, first):
            edges.append({"from": second, "to": first, "label": graph[second][first]["basis"]})
        else:
            edges.append({"from": first, "to": second, "label": "engaged, undecided"})
    return {"nodes": [b.id for b in position.boats], "edges": edges}


def _vector_choices(current: str | None) -> list[str | None]:
    """``None`` (not yet moved), then :data:`VECTOR_CHOICES`, and the boat's own vector
    when it is none of them."""
    found: list[str | None] = [None, *VECTOR_CHOICES]
    if current is not None and current not in VECTOR_CHOICES:
        found.append(current)
    return found


def _board(position: Position, move: Move | None, islands: tuple[Point, ...],
           to_svg: Affine) -> dict[str, Any]:
    """What the reader may edit: boats (and their vectors), marks and islands on the
    page's grid, the move, the turn, each boat's repairs and each mark's side."""
    items: list[dict[str, Any]] = []
    fields: list[dict[str, Any]] = [
        {"label": "move: boat", "path": ["move", "boat"],
         "value": move.boat if move else None, "type": "choice",
         "choices": list(position.boat_ids)},
        {"label": "move: vector (null stands still)", "path": ["move", "vector"],
         "value": None if move is None or move.vector is None else str(move.vector),
         "type": "text", "choices": None},
        {"label": "turns completed (VG-S2)", "path": ["position", "turn"],
         "value": position.turn, "type": "number", "choices": None},
    ]
    for i, b in enumerate(position.boats):
        vector = str(b.vector) if b.vector is not None else None
        items.append({"id": b.id, "kind": "boat", "path": ["position", "boats", i, "at"],
                      "at": list(b.at),
                      "heading": {"path": ["position", "boats", i, "vector"], "value": vector,
                                  "choices": _vector_choices(vector)}})
        fields.append({"label": f"{b.id}: turns lost to repairs (VG-I)",
                       "path": ["position", "boats", i, "lost_turns"], "value": b.lost_turns,
                       "type": "choice", "choices": [0, 1, 2]})
    for i, m in enumerate(position.marks):
        items.append({"id": f"mark {m.id}", "kind": "mark",
                      "path": ["position", "marks", i, "at"], "at": list(m.at),
                      "heading": None})
        fields.append({"label": f"mark {m.id}: side it is left on (VG-C1)",
                       "path": ["position", "marks", i, "side"], "value": m.side,
                       "type": "choice", "choices": ["S", "P"]})
    for i, q in enumerate(islands):
        items.append({"id": f"island {i}", "kind": "obstruction",
                      "path": ["position", "islands", i], "at": list(q), "heading": None})
    return {"kind": "grid", "snap": 1, "to_svg": list(to_svg), "items": items, "wind": None,
            "fields": fields}


def rule(state: dict[str, Any]) -> dict[str, Any]:
    """What the protest room shows for a Vector Game scenario document (see the module
    docstring): ``summary``, ``explanation``, ``svg``, ``relations``, ``graph`` and
    ``board``, as JSON-ready data. :class:`~rightofway.errors.InputError` naming the
    field path for a document that is no valid scenario."""
    position, move, islands = _read(state)
    found = explain(position, move)
    svg, to_svg = drawing.scenario_view(position, move)
    return {
        "summary": list(found.summary),
        "explanation": [{"title": title, "steps": steps_json(steps)}
                        for title, steps in found.sections],
        "svg": str(svg),
        "relations": _relations(found.graph),
        "graph": _graph(position, found.graph),
        "board": _board(position, move, islands, to_svg),
    }
