"""The protest room's America's Cup ruling: a scenario document as plain data in, the
summary, explanation, drawing, cover graph and editing descriptor out.

The book's protest room runs the library in the reader's browser, where neither pydantic
nor PyYAML is loaded: :func:`rule` reads a scenario document (what a scenario file holds,
without ``expect``) with checks of its own, applies the defaults of
:mod:`rightofway.ac.scenario`'s models and builds the kernel values through their
constructors. The file models and this module share the builders (:func:`options_of`,
:func:`position_of`, :func:`move_of`) and the explanation (:func:`explain`), so that
``rightofway check`` and the room say the same thing about the same document.

The game has no right of way (hulls may never touch, ``AC Boat Position and Movement``):
the room's relations are empty and its graph is the cover between boats (``AC Head
Cover``, ``AC Downwind Cover``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from rightofway import limits
from rightofway.ac import drawing
from rightofway.ac.moves import ACTIONS, Move, covered, first_mover
from rightofway.ac.position import (
    ADVANCED_PARTS,
    Boat,
    Card,
    Course,
    Options,
    Position,
    PositionError,
)
from rightofway.ac.rules import Legality, legality
from rightofway.ac.sections import DOWNWIND, HEAD
from rightofway.errors import InputError, shown
from rightofway.explain import Step, steps_json
from rightofway.geometry import Compass
from rightofway.plain import Loc, StateError
from rightofway.plain import choice as _choice
from rightofway.plain import ident as _id
from rightofway.svg import Colors, grid_panel

__all__ = ["Ruled", "StateError", "closes_start", "explain", "move_of", "options_of",
           "position_of", "read", "rule"]

Point = tuple[int, int]

SIZE = 420
"""Pixels of one panel of the room's drawing (the catalogue's size)."""
HEADINGS: tuple[str, ...] = tuple(Compass.__members__)
"""The eight headings as files write them."""


# --- reading plain data, as the file models do ---------------------------------------------


def _kind(value: object) -> str:
    return "null" if value is None else {bool: "true or false", int: "a whole number",
                                         float: "a number", str: "text", list: "a list",
                                         dict: "an object"}.get(type(value), type(value).__name__)


def _object(value: object, loc: Loc, keys: frozenset[str], what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise StateError(loc, f"expected {what} (an object), got {_kind(value)}")
    for k in value:
        if k not in keys:
            raise StateError((*loc, str(k)), f"unknown key; expected one of: "
                                             f"{', '.join(sorted(keys))}")
    return value


def _int(value: object, loc: Loc, lo: int, hi: int) -> int:
    if type(value) is not int:
        raise StateError(loc, f"expected a whole number {lo}..{hi}, got {_kind(value)} "
                              f"{shown(value)}")
    if not lo <= value <= hi:
        raise StateError(loc, f"expected a whole number {lo}..{hi}, got {shown(value)}")
    return value


def _bool(value: object, loc: Loc) -> bool:
    if type(value) is not bool:
        raise StateError(loc, f"expected true or false, got {_kind(value)} {shown(value)}")
    return value


def _list(value: object, loc: Loc, lo: int, hi: int, what: str) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise StateError(loc, f"expected a list of {what}, got {_kind(value)} {shown(value)}")
    if not lo <= len(value) <= hi:
        raise StateError(loc, f"expected {lo}..{hi} {what}, got {len(value)}")
    return list(value)


def _coord(value: object, loc: Loc) -> Point:
    m = limits.MAX_COORD
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or any(type(c) is not int for c in value)):
        raise StateError(loc, f"expected a point [x, y] of two whole numbers, got "
                              f"{shown(value)}")
    if not all(-m <= c <= m for c in value):
        raise StateError(loc, f"expected a point [x, y] with coordinates within ±{m}, got "
                              f"{shown(value)}")
    return (value[0], value[1])


def _card(value: object, loc: Loc) -> str:
    if not isinstance(value, str):
        raise StateError(loc, f"expected a card such as G3/5/1-4-7, got {_kind(value)} "
                              f"{shown(value)}")
    try:
        Card.parse(value)
    except InputError as e:
        raise StateError(loc, str(e)) from None
    return value


_HEADER = frozenset({"schema_version", "id", "title", "ruleset", "source", "notes"})
_TOP = _HEADER | {"options", "position", "move"}
_PARTS = frozenset({"advanced", *ADVANCED_PARTS, "must_use_all_points",
                    "into_wind_two_starts_sequence", "finished_boats_are_obstacles"})
_OPTIONS = _PARTS | {"legs", "hand_size", "course", "deck"}
_COURSE = frozenset({"width", "height", "windward", "leeward", "jury"})
_POSITION = frozenset({"wind", "phase", "start_round", "boats", "turn_order"})
_BOAT = frozenset({"id", "bow", "heading", "leg", "crew", "sequence", "hand", "finished",
                   "status"})
_MOVE = frozenset({"boat", "card", "discard", "actions", "exchange"})


def _read_options(value: object) -> dict[str, Any]:
    loc: Loc = ("options",)
    data = _object(value, loc, _OPTIONS, "the ruleset's options")
    out: dict[str, Any] = {}
    for key, v in data.items():
        if v is None:
            continue
        at = (*loc, key)
        if key in _PARTS:
            out[key] = _bool(v, at)
        elif key in ("legs", "hand_size"):
            out[key] = _int(v, at, 1, 20)
        elif key == "deck":
            out[key] = [_card(c, (*at, i))
                        for i, c in enumerate(_list(v, at, 1, 200, "cards"))]
        else:
            course = _object(v, at, _COURSE, "the board and marks")
            out[key] = {k: _int(c, (*at, k), 2 if k == "width" else 8, limits.MAX_COORD)
                        if k in ("width", "height") else _coord(c, (*at, k))
                        for k, c in course.items()}
    return out


def _read_boat(value: object, loc: Loc) -> dict[str, Any]:
    data = _object(value, loc, _BOAT, "a boat")
    for key in ("id", "bow", "heading"):
        if key not in data:
            raise StateError((*loc, key), "required key is missing")
    out: dict[str, Any] = {"id": _id(data["id"], (*loc, "id")),
                           "bow": _coord(data["bow"], (*loc, "bow")),
                           "heading": _choice(data["heading"], (*loc, "heading"), HEADINGS),
                           "leg": _int(data.get("leg", 1), (*loc, "leg"), 1, 40),
                           "finished": _bool(data.get("finished", False), (*loc, "finished"))}
    crew = data.get("crew")
    if crew is not None:
        at = (*loc, "crew")
        out["crew"] = [_int(n, (*at, i), 1, 8)
                       for i, n in enumerate(_list(crew, at, 3, 3, "crew positions"))]
    sequence = data.get("sequence")
    if sequence is not None:
        out["sequence"] = _int(sequence, (*loc, "sequence"), 2, 5)
    hand = data.get("hand")
    if hand is not None:
        at = (*loc, "hand")
        out["hand"] = [_card(c, (*at, i)) for i, c in enumerate(_list(hand, at, 0, 60, "cards"))]
    status = data.get("status")
    if status is not None:
        out["status"] = _choice(status, (*loc, "status"), ("disqualified", "stands-still"))
    return out


def _read_position(value: object) -> dict[str, Any]:
    loc: Loc = ("position",)
    data = _object(value, loc, _POSITION, "the position")
    if "wind" in data:
        _choice(data["wind"], (*loc, "wind"), ("N",))
    if "boats" not in data:
        raise StateError((*loc, "boats"), "required key is missing")
    at = (*loc, "boats")
    boats = [_read_boat(b, (*at, i))
             for i, b in enumerate(_list(data["boats"], at, 1, limits.MAX_BOATS, "boats"))]
    out: dict[str, Any] = {
        "phase": _choice(data.get("phase", "race"), (*loc, "phase"), ("start", "race")),
        "start_round": _int(data.get("start_round", 0), (*loc, "start_round"), 0, 4),
        "boats": boats,
    }
    order = data.get("turn_order")
    if order is not None:
        at = (*loc, "turn_order")
        out["turn_order"] = [_id(b, (*at, i)) for i, b in
                             enumerate(_list(order, at, 0, limits.MAX_BOATS, "boat ids"))]
    return out


def _read_move(value: object) -> dict[str, Any]:
    loc: Loc = ("move",)
    data = _object(value, loc, _MOVE, "the move")
    if "boat" not in data:
        raise StateError((*loc, "boat"), "required key is missing")
    out: dict[str, Any] = {"boat": _id(data["boat"], (*loc, "boat")),
                           "exchange": _bool(data.get("exchange", False), (*loc, "exchange"))}
    for key in ("card", "discard"):
        if data.get(key) is not None:
            out[key] = _card(data[key], (*loc, key))
    at = (*loc, "actions")
    out["actions"] = [_choice(a, (*at, i), ACTIONS)
                      for i, a in enumerate(_list(data.get("actions", []), at, 0, 100,
                                                  "actions"))]
    return out


def read(state: object) -> tuple[Position, Move | None]:
    """The position and the move (``None`` without one) of a scenario document given as
    plain data (``expect`` left out), every field checked as the file models check it;
    :class:`StateError` (an :class:`~rightofway.errors.InputError`) naming the field path
    otherwise."""
    try:
        limits.check_data(state)
    except limits.LimitError as e:
        raise StateError(e.loc, e.message) from None
    data = _object(state, (), _TOP, "an America's Cup scenario document")
    if "ruleset" in data:
        _choice(data["ruleset"], ("ruleset",), ("americas-cup",))
    if "schema_version" in data and (type(data["schema_version"]) is not int
                                     or data["schema_version"] != 1):
        raise StateError(("schema_version",), f"expected 1, got {shown(data['schema_version'])}")
    for key in ("id", "title", "source", "notes"):
        if key in data and not isinstance(data[key], str) and (key != "notes"
                                                               or data[key] is not None):
            raise StateError((key,), f"expected text, got {_kind(data[key])}")
    if "position" not in data:
        raise StateError(("position",), "required key is missing")
    options = options_of(_read_options(data.get("options", {})))
    position = position_of(_read_position(data["position"]), options)
    raw_move = data.get("move")
    move = move_of(_read_move(raw_move), position) if raw_move is not None else None
    return position, move


# --- the kernel values, shared with the file models ----------------------------------------


def options_of(data: Mapping[str, Any]) -> Options:
    """The options a document gives (``None`` values left to the defaults, ``course`` a
    mapping of its keys); :class:`StateError` at ``options`` or ``options.course`` for
    what cannot exist."""
    given = {k: v for k, v in data.items() if v is not None}
    course = given.get("course")
    if course is not None:
        c = {**Course().to_json(), **course}
        try:
            given["course"] = Course(c["width"], c["height"], tuple(c["windward"]),
                                     tuple(c["leeward"]), tuple(c["jury"]))
        except (TypeError, ValueError) as e:
            raise StateError(("options", "course"), str(e)) from None
    try:
        return Options.of(given)
    except (TypeError, ValueError) as e:
        raise StateError(("options",), str(e)) from None


def position_of(data: Mapping[str, Any], options: Options) -> Position:
    """The position a document's ``position`` describes (its ``boats`` mappings of the
    file's keys, defaults left out or given), in ``turn_order`` when it names one;
    :class:`StateError` naming the field for what cannot exist."""
    boats = []
    for i, b in enumerate(data["boats"]):
        crew, hand = b.get("crew"), b.get("hand")
        try:
            boats.append(Boat(b["id"], (b["bow"][0], b["bow"][1]), Compass[b["heading"]],
                              b.get("leg", 1), tuple(crew) if crew is not None else None,
                              b.get("sequence"),
                              tuple(Card.parse(c) for c in hand) if hand is not None else None,
                              b.get("finished", False), b.get("status")))
        except PositionError as err:
            raise StateError(("position", "boats", i, *err.path), err.message) from None
    ids = [b.id for b in boats]
    order = data.get("turn_order")
    if order is not None:
        if sorted(order) != sorted(ids):
            raise StateError(("position", "turn_order"), f"must list every boat once: "
                                                         f"{', '.join(ids)}")
        rank = {bid: i for i, bid in enumerate(order)}
        indexed = sorted(enumerate(boats), key=lambda t: rank[t[1].id])
    else:
        indexed = list(enumerate(boats))
    try:
        return Position(tuple(b for _, b in indexed), options, data.get("phase", "race"),
                        data.get("start_round", 0))
    except PositionError as err:
        path: Loc = err.path
        if len(path) >= 2 and path[0] == "boats" and isinstance(path[1], int):
            path = ("boats", indexed[path[1]][0], *path[2:])
        raise StateError(("position", *path), err.message) from None


def move_of(data: Mapping[str, Any], position: Position) -> Move:
    """The move a document's ``move`` describes, its boat one of the position's;
    :class:`StateError` at ``move.boat`` or ``move`` otherwise."""
    bid = data["boat"]
    if not position.has_boat(bid):
        raise StateError(("move", "boat"), f"no boat {shown(bid)} in the position (boats: "
                                           f"{', '.join(position.boat_ids)})")
    card, discard = data.get("card"), data.get("discard")
    try:
        return Move(bid, Card.parse(card) if card else None, tuple(data.get("actions", ())),
                    Card.parse(discard) if discard else None, data.get("exchange", False))
    except ValueError as bad:
        raise StateError(("move",), str(bad)) from None


# --- what check and the room say -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ruled:
    """A position ruled on: the ``move`` (``None`` without one), the ``ruling`` on it, the
    position ``after`` it (the same after an illegal move or none), and what is said about
    it: the ``summary`` lines and the explanation's ``sections`` (a title and its steps)."""

    position: Position
    move: Move | None
    ruling: Legality | None
    after: Position
    summary: tuple[str, ...]
    sections: tuple[tuple[str, tuple[Step, ...]], ...]


def _boat_line(position: Position, b: Boat) -> str:
    t = b.tack or "into the wind"
    side = "upwind" if b.upwind else "downwind"
    extra = []
    if b.crew is not None:
        extra.append(f"crew {'-'.join(map(str, b.crew))}")
    if position.options.sequence and b.upwind:
        extra.append(f"sequence {b.sequence if b.sequence is not None else 'none'}")
    if b.hand is not None:
        extra.append(f"hand {' '.join(map(str, b.hand)) or 'empty'}")
    if b.finished:
        extra.append("finished")
    if b.status:
        extra.append(b.status)
    tail = f"; {', '.join(extra)}" if extra else ""
    return (f"{b.id}: bow [{b.at[0]}, {b.at[1]}] stern [{b.stern[0]}, {b.stern[1]}] "
            f"{b.heading.name} ({t}), leg {b.leg} {side}{tail}")


def closes_start(position: Position, ruling: Legality | None) -> bool:
    """Whether the move ruled on is the last manoeuvre of the start procedure: legal, and
    the race is on after it (``AC Start Procedure``)."""
    return (position.phase == "start" and ruling is not None and ruling.after is not None
            and ruling.after.phase == "race")


def explain(position: Position, move: Move | None, *, asks_first: bool = False) -> Ruled:
    """The ruling on ``move`` (none without one) and what is said about it: the summary
    (the start round, each boat, the cover, the move's verdict and points) and the
    explanation's sections (the ruling's steps). Who moves first after the start is said
    when the move closes the start procedure (a document says so without expectations,
    and the room shows it), or when ``asks_first`` (a scenario's ``expect.first``) asks it
    of another position."""
    summary: list[str] = []
    sections: list[tuple[str, tuple[Step, ...]]] = []
    if position.phase == "start":
        summary.append(f"start procedure: {position.start_round} round"
                       f"{'s' if position.start_round != 1 else ''} of manoeuvres made")
    summary.extend(_boat_line(position, b) for b in position.boats)
    summary.extend(f"{x} covers {y}" for x, y in sorted(covered(position)))
    lg = legality(position, move) if move is not None else None
    if lg is not None:
        summary.append(f"move {move}: {'legal' if lg.legal else 'ILLEGAL'} - {lg.reason} "
                       f"[{lg.cite}]")
        if lg.points is not None:
            summary.append(f"points: {lg.points}, crew points: {lg.crew_points or 0}")
        sections.append((f"ruling on {move}", lg.steps))
    after = lg.after if lg is not None and lg.after is not None else position
    if asks_first or closes_start(position, lg):
        who, steps = first_mover(after)
        sections.append(("who moves first", tuple(steps)))
        summary.append(f"first to move after the start: {who or 'the card draw decides'}")
    return Ruled(position, move, lg, after, tuple(summary), tuple(sections))


# --- the room --------------------------------------------------------------------------------


def _to_svg(position: Position, move: Move | None, after: Position | None) -> list[float]:
    """The affine map of board points onto the first panel of :func:`drawing.scenario`'s
    drawing: the extent it shows (both panels' when the move is legal) laid out as
    :func:`rightofway.svg.grid_panel` lays it."""
    route = drawing.track(position, move)
    lo, hi = drawing._extent(position, route)
    if after is not None and move is not None:
        lo2, hi2 = drawing._extent(after, route)
        lo, hi = (min(lo[0], lo2[0]), min(lo[1], lo2[1])), (max(hi[0], hi2[0]),
                                                             max(hi[1], hi2[1]))
    c = grid_panel(lo, hi, size=SIZE, title=None, colors=Colors(), left=0.0, prefix="",
                   css_class="americas-cup").canvas
    return [c.unit, 0.0, 0.0, -c.unit, c.x(0), c.y(0)]


def _cover_graph(position: Position) -> dict[str, Any]:
    edges = []
    for x, y in sorted(covered(position)):
        cite = HEAD if position.boat(y).upwind else DOWNWIND
        edges.append({"from": x, "to": y, "label": f"covers ({cite})"})
    return {"nodes": list(position.boat_ids), "edges": edges}


def _field(label: str, path: list[str | int], value: Any, kind: str,
           choices: list[Any] | None = None) -> dict[str, Any]:
    return {"label": label, "path": path, "value": value, "type": kind, "choices": choices}


_CREWS = [list(c) for c in combinations(range(1, 9), 3)]


def _board(state: Mapping[str, Any], position: Position, move: Move | None,
           to_svg: list[float]) -> dict[str, Any]:
    """What the page edits: each boat's bow and heading and the three marks (``items``),
    and the other inputs (``fields``): the move, each boat's leg, crew, sequence, hand,
    finish and start verdict, the phase, and the options. A list (a hand, the actions) is
    one text field the page shows and reads as a JSON list; clearing a field leaves its
    key out (the default)."""
    index = {b["id"]: i for i, b in enumerate(state["position"]["boats"])}
    items: list[dict[str, Any]] = []
    fields = [
        _field("move: boat", ["move", "boat"], move.boat if move else None, "choice",
               list(position.boat_ids)),
        _field("move: card played (like G3/5/1-4-7)", ["move", "card"],
               str(move.card) if move is not None and move.card is not None else None, "text"),
        _field("move: card discarded for 2 points", ["move", "discard"],
               str(move.discard) if move is not None and move.discard is not None else None,
               "text"),
        _field(f"move: actions, a list of {' '.join(ACTIONS)}", ["move", "actions"],
               list(move.actions) if move is not None else [], "text"),
        _field("move: a skipped turn exchanges the hand", ["move", "exchange"],
               move.exchange if move is not None else False, "bool"),
    ]
    for b in position.boats:  # in turn order; the paths index the document's list
        at: list[str | int] = ["position", "boats", index[b.id]]
        items.append({"id": b.id, "kind": "boat", "path": [*at, "bow"], "at": list(b.at),
                      "heading": {"path": [*at, "heading"], "value": b.heading.name,
                                  "choices": list(HEADINGS)}})
        fields += [
            _field(f"{b.id}: leg", [*at, "leg"], b.leg, "number"),
            _field(f"{b.id}: crew's key positions", [*at, "crew"],
                   list(b.crew) if b.crew is not None else None, "choice", [None, *_CREWS]),
            _field(f"{b.id}: sequence's last card", [*at, "sequence"], b.sequence, "choice",
                   [None, 2, 3, 4, 5]),
            _field(f"{b.id}: hand, a list of cards", [*at, "hand"],
                   [str(c) for c in b.hand] if b.hand is not None else None, "text"),
            _field(f"{b.id}: finished", [*at, "finished"], b.finished, "bool"),
            _field(f"{b.id}: start verdict", [*at, "status"], b.status, "choice",
                   [None, "disqualified", "stands-still"]),
        ]
    course = position.options.course
    for name, key, p in (("windward buoy", "windward", course.windward),
                         ("leeward buoy", "leeward", course.leeward),
                         ("jury boat", "jury", course.jury)):
        items.append({"id": name, "kind": "mark", "path": ["options", "course", key],
                      "at": list(p), "heading": None})
    fields += [
        _field("phase", ["position", "phase"], position.phase, "choice", ["start", "race"]),
        _field("start: rounds of manoeuvres made (0..4)", ["position", "start_round"],
               position.start_round, "number"),
    ]
    o = position.options
    given = state.get("options", {})
    fields.append(_field("option: advanced (all five parts)", ["options", "advanced"],
                         bool(given.get("advanced")), "bool"))
    fields += [_field(f"option: {name.replace('_', ' ')}", ["options", name], getattr(o, name),
                      "bool") for name in ADVANCED_PARTS]
    fields.append(_field("option: upwind-downwind legs (1..20)", ["options", "legs"], o.legs,
                         "number"))
    return {"kind": "grid", "snap": 1, "to_svg": to_svg, "items": items, "wind": None,
            "fields": fields}


def rule(state: dict[str, Any]) -> dict[str, Any]:
    """The protest room's answer for an America's Cup scenario document given as plain data
    (what a scenario file holds, ``expect`` left out): the ``summary`` and ``explanation``
    ``rightofway check`` gives (:func:`explain`), the catalogue's drawing (``svg``), no
    right-of-way ``relations`` (the game has none), the cover ``graph`` and the ``board``
    the page edits. :class:`StateError` (an :class:`~rightofway.errors.InputError`) naming
    the field path for a state that is no such document."""
    position, move = read(state)
    ruled = explain(position, move)
    after = ruled.ruling.after if ruled.ruling is not None else None
    svg = str(drawing.scenario(position, move, size=SIZE))
    return {
        "summary": list(ruled.summary),
        "explanation": [{"title": t, "steps": steps_json(s)} for t, s in ruled.sections],
        "svg": svg,
        "relations": [],
        "graph": _cover_graph(position),
        "board": _board(state, position, move, _to_svg(position, move, after)),
    }
