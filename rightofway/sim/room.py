"""The simulation's protest room: a scenario document ruled without pydantic or PyYAML.

The book's protest room (:mod:`rightofway.room`) runs the library in the reader's browser,
where only this package and networkx are loaded. :func:`rule` takes a simulation scenario
document as plain data (what a scenario file holds, as JSON, without its ``expect``
block), reads it the way the file models do (their defaults applied here, every value
built through the kernel's constructors) and answers with:

* ``summary`` and ``explanation``: what ``rightofway check`` reports for the document,
  made by :func:`summarise`, the function the scenario check itself calls
  (:func:`rightofway.sim.scenario.check`);
* ``svg``: the catalogue's drawing of the document (the position after the turns, each
  plotted path from the boat's start);
* ``relations`` and ``graph``: who keeps clear of whom in the position as given (RRS
  Part 2, as the ``rrs`` ruleset rules it, ``rightofway.sim.rules.keep_clear``), and
  the boats in their play order (SIM Turn Sequence) with those keep-clear edges;
* ``board``: what the page may edit, each value with its place in the document.

The turns are played as the scenario check plays them (:func:`play`): in order, up to
the first illegal plan, the position after each turn left standing even where hulls end
touching. A document that cannot be read raises :class:`~rightofway.errors.InputError`
whose message begins with the field at fault (``position.boats[1].at: ...``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rightofway import limits, rrs
from rightofway.errors import InputError, shown
from rightofway.explain import Step, steps_json
from rightofway.geometry import Tack
from rightofway.plain import Loc, StateError, where
from rightofway.plain import ident as _id
from rightofway.plane import is_dead_downwind, is_head_to_wind
from rightofway.positions import Line, PositionError, as_choice, as_int, as_number, as_xy
from rightofway.sim import drawing, moves, rules
from rightofway.sim.plan import Move, Plan
from rightofway.sim.position import Boat, Mark, Position, Vec
from rightofway.sim.sailing import COMPASS, initial_wind, wind_after_round
from rightofway.svg import PlaneView

__all__ = ["Document", "StateError", "Turn", "paths_of", "play", "play_order", "read", "rule",
           "summarise", "wind_after"]

T = TypeVar("T")


# --- the turns of a document and what the check says of them ------------------------------


@dataclass(frozen=True, slots=True)
class Turn:
    """One boat's turn of the scenario, accounted."""

    accounting: moves.Accounting
    early: bool
    """Over the starting line before the gun at the end of this turn (SIM The Start): she
    went over in this turn or an earlier one and is not back on the pre-start side."""
    start: rules.StartCrossing | None = None
    """How the turn met the starting line, when the position has one and the plan is legal."""


def play(position: Position, played: Sequence[Move]) -> tuple[tuple[Turn, ...], Position]:
    """Each move of ``played`` sailed in turn from ``position`` (every boat named is in it),
    up to and with the first illegal plan, and the position they leave: hulls that end
    touching are let stand, so that the accounting is still reported (a race refuses such
    a plan, RRS 14). A boat's early start (SIM The Start) follows her from turn to turn."""
    start = position.line("start")
    turns = []
    current = position
    over: dict[str, bool] = {}
    for mv in played:
        a = moves.account(current, mv.boat, mv.plan)
        crossing = None
        if a.legal and start is not None:
            crossing = rules.start_crossing(current, start, a.path, early=over.get(a.boat, False))
            over[a.boat] = crossing.early
        turns.append(Turn(a, over.get(a.boat, False), crossing))
        if not a.legal:
            break
        current = current._moved(a.end)
    return tuple(turns), current


def wind_after(final: Position, direction: tuple[int, int] | None,
               speed: tuple[int, int] | None) -> tuple[str, int]:
    """The wind once the moves are played and the end-of-round dice (when rolled) read
    (SIM Wind: the rolls are made after every boat has moved)."""
    wind = (final.wind, final.knots)
    if direction is not None or speed is not None:
        wind = wind_after_round(wind, direction, speed)
    return wind


def play_order(position: Position) -> rules.PlayOrder | None:
    """SIM Turn Sequence for a position of two boats or more
    (``rightofway.sim.rules.play_order``), or ``None``: a single boat, or a position
    where the Racing Rules cannot say who keeps clear (a boat head to wind or dead downwind
    whose tack the position leaves open)."""
    if len(position.boats) < 2:
        return None
    try:
        return rules.play_order(position)
    except PositionError:
        return None


def summarise(position: Position, turns: Sequence[Turn], order: rules.PlayOrder | None,
              wind: tuple[str, int]
              ) -> tuple[tuple[str, ...], tuple[tuple[str, tuple[Step, ...]], ...]]:
    """The summary lines and the explanation's sections of a document: each turn's plan,
    point of sail, units and verdict (with an early start, or a crossing and return), the
    play order of a position of two boats or more where it is decided (SIM Turn Sequence;
    ``order`` is :func:`play_order` of ``position``), and the wind after the rolls: what
    the scenario check reports and the protest room shows."""
    summary = []
    sections: list[tuple[str, tuple[Step, ...]]] = []
    for t in turns:
        a = t.accounting
        verdict = "legal" if a.legal else f"illegal ({a.reason})"
        back = t.start is not None and t.start.went_over and t.start.returned
        summary.append(f"{a.boat} {a.plan}: {a.point_of_sail}, {a.units} units, {verdict}"
                       + (", early" if t.early else "")
                       + (", over the starting line and back" if back else ""))
        sections.append((f"{a.boat}'s turn: {a.plan}", a.steps))
    if order is not None and len(position.boats) > 1:
        summary.append("play order: " + ", ".join(order.order))
        sections.append(("Play order", order.steps))
    summary.append(f"wind: {wind[0]} {wind[1]} knots")
    return tuple(summary), tuple(sections)


def paths_of(turns: Sequence[Turn]) -> dict[str, tuple[Vec, ...]]:
    """Each moving boat's plotted path through the turns, from where she began (what the
    drawing plots)."""
    paths: dict[str, tuple[Vec, ...]] = {}
    for t in turns:
        a = t.accounting
        paths[a.boat] = paths[a.boat][:-1] + a.path if a.boat in paths else a.path
    return paths


# --- reading a document -------------------------------------------------------------------


_NAMED = re.compile(r"^([A-Za-z_]\w*)((?:\[\d+\])*): ")
"""The argument a kernel refusal begins with (``ends[1]: ...``)."""


def _at(loc: Loc, problem: Exception, *, join: bool = True) -> InputError:
    """A kernel refusal under the field ``loc``: a position's under the path it names, and
    with ``join`` another's under the argument its message begins with
    (``ends: a line needs two different ends`` at ``position.lines[0].ends``)."""
    if isinstance(problem, PositionError):
        return StateError(loc + problem.path, problem.message)
    text = str(problem)
    m = _NAMED.match(text) if join else None
    if m is None:
        return StateError(loc, text)
    index = tuple(int(i) for i in re.findall(r"\d+", m.group(2)))
    return StateError((*loc, m.group(1), *index), text[m.end():])


def _checked(loc: Loc, check: Callable[..., T], value: object, *args: Any) -> T:
    """``check(value, name, *args)``, a kernel argument check given the field's name, its
    refusal (a :class:`TypeError` too) an :class:`InputError` naming the field."""
    name = where(loc)
    try:
        return check(value, name, *args)
    except (TypeError, ValueError) as bad:
        text = str(bad)
        err = InputError(text)
        err.loc = loc
        err.message = text[len(name):].removeprefix(":").strip() \
            if text.startswith(name + ":") else text
        raise err from None


def _mapping(value: object, loc: Loc, keys: Sequence[str], required: Sequence[str] = ()
             ) -> Mapping[str, Any]:
    """``value`` when it is a mapping holding only ``keys`` and every key of ``required``."""
    if not isinstance(value, Mapping):
        raise StateError(loc, f"expected a mapping of {', '.join(keys)}, got "
                            f"{type(value).__name__} {shown(value)}")
    for key in value:
        if key not in keys:
            raise StateError((*loc, str(key)), f"unknown key; expected one of {', '.join(keys)}")
    for key in required:
        if key not in value:
            raise StateError((*loc, key), "required key is missing")
    return value


def _list(value: object, loc: Loc, most: int, least: int = 0) -> Sequence[Any]:
    if not isinstance(value, (list, tuple)):
        raise StateError(loc, f"expected a list, got {type(value).__name__} {shown(value)}")
    if not least <= len(value) <= most:
        raise StateError(loc, f"expected {least} to {most} items, got {len(value)}")
    return value


def _point(value: object, loc: Loc) -> Vec:
    return _checked(loc, as_xy, value, limits.MAX_COORD)


def _heading(value: object, loc: Loc) -> float:
    h = _checked(loc, as_number, value, 360.0)
    if h < 0:
        raise StateError(loc, f"expected degrees from 0 to 360, got {shown(value)}")
    return h


def _die(value: object, loc: Loc) -> int:
    return _checked(loc, as_int, value, 1, 8)


def _dice(value: object, loc: Loc) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise StateError(loc, f"expected two dice [d1, d2], each 1 to 8, got {shown(value)}")
    return _die(value[0], (*loc, 0)), _die(value[1], (*loc, 1))


def _build(loc: Loc, make: Callable[..., T], *args: Any, join: bool = True) -> T:
    """A kernel value made by ``make``; its refusal names the field under ``loc``
    (:func:`_at`)."""
    try:
        return make(*args)
    except (TypeError, ValueError) as bad:
        raise _at(loc, bad, join=join) from None


HEADER = ("schema_version", "id", "title", "ruleset", "source", "notes")
"""The keys every scenario file starts with: read only for their type."""
TOP = (*HEADER, "options", "position", "move", "moves", "dice", "expect")


@dataclass(frozen=True, slots=True)
class Document:
    """A simulation scenario document as kernel values: the position (in the initial
    wind when ``dice.initial`` is rolled), the moves in order and the end-of-round dice."""

    position: Position
    played: tuple[Move, ...]
    direction: tuple[int, int] | None = None
    speed: tuple[int, int] | None = None
    start: int | None = None
    initial: tuple[int, int] | None = None
    given: Position | None = None
    """The position as the document writes it, before the initial wind (when rolled)."""


def _header(state: Mapping[str, Any]) -> None:
    if "schema_version" in state and (state["schema_version"] != 1
                                      or type(state["schema_version"]) is not int):
        raise StateError(("schema_version",), f"expected 1, got {shown(state['schema_version'])}")
    if "ruleset" in state and state["ruleset"] != "simulation":
        raise StateError(("ruleset",), f"expected simulation, got {shown(state['ruleset'])}")
    for key in ("id", "title", "source", "notes"):
        if key in state and not isinstance(state[key], str):
            raise StateError((key,), f"expected text, got {shown(state[key])}")


def _boat(value: object, loc: Loc) -> Boat:
    b = _mapping(value, loc, ("id", "at", "heading", "tack"), ("id", "at", "heading"))
    tack = b.get("tack")
    if tack is not None:
        tack = Tack(_checked((*loc, "tack"), as_choice, tack, ("starboard", "port")))
    return _build(loc, Boat, _id(b["id"], (*loc, "id")), _point(b["at"], (*loc, "at")),
                  _heading(b["heading"], (*loc, "heading")), tack)


def _mark(value: object, loc: Loc) -> Mark:
    m = _mapping(value, loc, ("id", "at"), ("id", "at"))
    return _build(loc, Mark, _id(m["id"], (*loc, "id")), _point(m["at"], (*loc, "at")))


def _line(value: object, loc: Loc) -> Line:
    ln = _mapping(value, loc, ("id", "kind", "ends"), ("id", "kind", "ends"))
    kind = _checked((*loc, "kind"), as_choice, ln["kind"], ("start", "finish"))
    ends = ln["ends"]
    if not isinstance(ends, (list, tuple)) or len(ends) != 2:
        raise StateError((*loc, "ends"), f"expected two points [[x, y], [x, y]], got "
                                       f"{shown(ends)}")
    return _build(loc, Line, _id(ln["id"], (*loc, "id")), kind,
                  (_point(ends[0], (*loc, "ends", 0)), _point(ends[1], (*loc, "ends", 1))))


def _position(state: Mapping[str, Any]) -> Position:
    options = _mapping(state.get("options", {}), ("options",), ("hull_length",))
    length = _checked(("options", "hull_length"), as_number, options.get("hull_length", 1.0),
                      100.0)
    if length <= 0:
        raise StateError(("options", "hull_length"), f"expected a length above 0, got "
                                                   f"{shown(options['hull_length'])}")
    if "position" not in state:
        raise StateError(("position",), "required key is missing")
    loc: Loc = ("position",)
    p = _mapping(state["position"], loc, ("wind", "marks", "lines", "start_turns_left",
                                          "boats"), ("wind", "boats"))
    wind = _mapping(p["wind"], (*loc, "wind"), ("from", "knots"), ("from", "knots"))
    name = _checked((*loc, "wind", "from"), as_choice, wind["from"], COMPASS)
    knots = _checked((*loc, "wind", "knots"), as_int, wind["knots"], 8, 16)
    boats = tuple(_boat(b, (*loc, "boats", i)) for i, b in enumerate(
        _list(p["boats"], (*loc, "boats"), limits.MAX_BOATS, 1)))
    marks = tuple(_mark(m, (*loc, "marks", i)) for i, m in enumerate(
        _list(p.get("marks", []), (*loc, "marks"), limits.MAX_BOATS)))
    lines = tuple(_line(ln, (*loc, "lines", i)) for i, ln in enumerate(
        _list(p.get("lines", []), (*loc, "lines"), 10)))
    turns_left = _checked((*loc, "start_turns_left"), as_int, p.get("start_turns_left", 0), 0, 5)
    return _build(loc, Position, name, knots, boats, marks, lines, turns_left, length)


def _move(value: object, loc: Loc, position: Position) -> Move:
    m = _mapping(value, loc, ("boat", "plan"), ("boat", "plan"))
    boat = _id(m["boat"], (*loc, "boat"))
    if not position.has_boat(boat):
        raise StateError((*loc, "boat"), f"no boat {shown(boat)} in the position (boats: "
                                       f"{', '.join(position.boat_ids)})")
    text = m["plan"]
    if not isinstance(text, str):
        raise StateError((*loc, "plan"), f"expected a plan such as 'T-30 M4', got "
                                       f"{type(text).__name__} {shown(text)}")
    return Move(boat, _build((*loc, "plan"), Plan.parse, text, join=False))


def read(state: Mapping[str, Any]) -> Document:
    """The document ``state`` (a simulation scenario file's mapping, or the JSON its model
    writes; an ``expect`` block is left unread) as kernel values, the file models'
    defaults applied: :class:`~rightofway.errors.InputError` naming the field for anything
    a file could not hold, a position that cannot exist or a move of a boat not in it."""
    top = _mapping(state, (), TOP)
    _header(top)
    given = _position(top)
    dice = _mapping(top.get("dice", {}), ("dice",), ("direction", "speed", "start", "initial"))
    initial = _dice(dice.get("initial"), ("dice", "initial"))
    position = given
    if initial is not None:
        position = given.with_wind(*initial_wind(*initial))
    if top.get("move") is not None and top.get("moves") is not None:
        raise StateError(("moves",), "give either move or moves, not both")
    played: tuple[Move, ...] = ()
    if top.get("move") is not None:
        played = (_move(top["move"], ("move",), position),)
    elif top.get("moves") is not None:
        played = tuple(_move(m, ("moves", i), position) for i, m in enumerate(
            _list(top["moves"], ("moves",), limits.MAX_BOATS)))
    start = dice.get("start")
    return Document(position, played, _dice(dice.get("direction"), ("dice", "direction")),
                    _dice(dice.get("speed"), ("dice", "speed")),
                    None if start is None else _die(start, ("dice", "start")), initial, given)


# --- the room's answer --------------------------------------------------------------------


WHY = {str(r.cite.section): f"{r.name}: {r.summary[0].lower()}{r.summary[1:]}"
       for r in rrs.RIGHT_OF_WAY}
"""Why a boat keeps clear, by the Racing Rules' rule deciding it."""


def _relations(order: rules.PlayOrder | None) -> list[dict[str, str]]:
    if order is None:
        return []
    return [{"holder": holder, "giver": giver, "cite": f"RRS {rule}",
             "why": WHY.get(rule, f"RRS {rule} decides the pair")}
            for giver, holder, rule in order.keep_clear]


def _field(label: str, path: Loc, value: Any, kind: str,
           choices: Sequence[Any] | None = None) -> dict[str, Any]:
    return {"label": label, "path": list(path), "value": value, "type": kind,
            "choices": None if choices is None else list(choices)}


def _move_fields(state: Mapping[str, Any], ids: list[str]) -> list[dict[str, Any]]:
    if state.get("moves") is not None:
        out = []
        for i, m in enumerate(state["moves"]):
            out.append(_field(f"move {i + 1}: boat", ("moves", i, "boat"), m.get("boat"),
                              "choice", ids))
            out.append(_field(f"move {i + 1}: plan", ("moves", i, "plan"), m.get("plan"),
                              "text"))
        return out
    m = state.get("move") or {}
    return [_field("move: boat", ("move", "boat"), m.get("boat"), "choice", ids),
            _field("move: plan (T<degrees> M<units> P)", ("move", "plan"), m.get("plan"),
                   "text")]


def _board(state: Mapping[str, Any], doc: Document, view: PlaneView) -> dict[str, Any]:
    given = doc.given or doc.position
    items: list[dict[str, Any]] = []
    for i, b in enumerate(given.boats):
        at: Loc = ("position", "boats", i)
        items.append({"id": b.id, "kind": "boat", "path": [*at, "at"], "at": list(b.at),
                      "heading": {"path": [*at, "heading"], "value": b.heading,
                                  "choices": None}})
    for i, m in enumerate(given.marks):
        items.append({"id": m.id, "kind": "mark", "path": ["position", "marks", i, "at"],
                      "at": list(m.at), "heading": None})
    for i, ln in enumerate(given.lines):
        for j, end in enumerate(ln.ends):
            items.append({"id": f"{ln.id} end {j + 1}", "kind": "mark",
                          "path": ["position", "lines", i, "ends", j], "at": list(end),
                          "heading": None})
    ids = list(given.boat_ids)
    wind = None if doc.initial is not None else {
        "path": ["position", "wind", "from"], "value": given.wind, "choices": list(COMPASS)}
    fields = _move_fields(state, ids)
    fields.append(_field("wind knots (8 to 16)", ("position", "wind", "knots"), given.knots,
                         "number"))
    for i, b in enumerate(given.boats):
        w = given.wind_degrees
        if b.tack is not None or is_head_to_wind(b.heading, w) or is_dead_downwind(b.heading, w):
            fields.append(_field(f"{b.id}'s tack (head to wind or dead downwind)",
                                 ("position", "boats", i, "tack"),
                                 None if b.tack is None else b.tack.value, "choice",
                                 ("starboard", "port")))
    fields.append(_field("turns to the starting gun (0 to 5)",
                         ("position", "start_turns_left"), given.start_turns_left, "number"))
    fields.append(_field("hull length (units)", ("options", "hull_length"),
                         given.hull_length, "number"))
    for key, label, dice in (("initial", "initial wind", doc.initial),
                             ("direction", "end-of-round direction", doc.direction),
                             ("speed", "end-of-round speed", doc.speed)):
        for j in (0, 1):
            fields.append(_field(f"{label} die {j + 1} (1 to 8)", ("dice", key, j),
                                 None if dice is None else dice[j], "number"))
    fields.append(_field("start die (1 to 8)", ("dice", "start"), doc.start, "number"))
    x0, y0 = view.x(0.0), view.y(0.0)
    return {"kind": "plane", "snap": 0,
            "to_svg": [view.x(1.0) - x0, 0.0, 0.0, view.y(1.0) - y0, x0, y0],
            "items": items, "wind": wind, "fields": fields}


def rule(state: dict[str, Any]) -> dict[str, Any]:
    """The room's answer for a simulation scenario document (see the module's
    description): :class:`~rightofway.errors.InputError` naming the field at fault for a
    document that cannot be read."""
    doc = read(state)
    position = doc.position
    turns, final = play(position, doc.played)
    order = play_order(position)
    summary, sections = summarise(position, turns, order, wind_after(final, doc.direction,
                                                                     doc.speed))
    paths = paths_of(turns)
    view = drawing.view(final, paths)
    ids = list(order.order) if order is not None else list(position.boat_ids)
    relations = _relations(order)
    return {
        "summary": list(summary),
        "explanation": [{"title": t, "steps": steps_json(s)} for t, s in sections],
        "svg": str(drawing.scenario(position, final, paths)),
        "relations": relations,
        "graph": {"nodes": ids,
                  "edges": [{"from": r["giver"], "to": r["holder"],
                             "label": f"keeps clear ({r['cite']})"} for r in relations]},
        "board": _board(state, doc, view),
    }
