"""The protest room for the Racing Rules of Sailing: a scenario document ruled where the
reader edits it.

:func:`rule` takes the room's *state*, a scenario document of the ``rrs`` ruleset as a dict
(what a scenario file says, without its ``expect``), and gives what the room shows: the
summary and the explanation ``rightofway check`` gives for that document, the catalogue's
drawing, who keeps clear of whom in every pair, the engagement graph, and what the page may
edit (the boats, marks and obstructions on the plane, the wind, and every other input: the
pair judged, the protest and the facts found at the hearing, the facts of the position, the
options).

The document is read here without pydantic (the book runs this module in the browser):
every key is checked as the file's models check it, their defaults are applied, and the
kernel values are built with their constructors; anything else is a :class:`StateError`
naming the field (``position.boats[1].at: ...``). :func:`hearing_of`, :func:`parties`,
:func:`judge`, :func:`summary` and :func:`sections` are what the scenario checks
(:mod:`rightofway.rrs.scenario`) call too, so the room and ``check`` say the same thing of
a document by construction.

A page edits the state one value at a time, so one reading goes past the file format,
for a mapping the page cannot take out whole: a protest, a ``zone_entry``, an
``overlap_from_clear_astern``, an ``acquired_right_of_way`` or a ``changing_course`` whose
boat (``by``, ``first``, ``boat``) is ``null`` or left out is no protest, no fact; and facts
found about an incident that are all the defaults say nothing, with or without a protest.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from rightofway import limits
from rightofway.errors import InputError, shown
from rightofway.explain import Step, steps_json
from rightofway.geometry import Tack
from rightofway.plain import Loc, StateError, where
from rightofway.positions import Line, PositionError
from rightofway.rrs import drawing, rules
from rightofway.rrs.hearings import Decision, Incident, Protest, hearing
from rightofway.rrs.position import (
    Boat,
    Facts,
    Mark,
    Obstruction,
    Options,
    Position,
    Snapshot,
    ZoneEntry,
)

__all__ = ["FACTS", "FACT_BOATS", "FACT_FLAGS", "FACT_OBJECTS", "INCIDENT", "StateError",
           "board", "hearing_of", "judge", "parties", "read", "rule", "sections", "summary",
           "where"]

T = TypeVar("T")


# --- what check and the room share: the hearing, the pair, the ruling and its report --------

NEEDS_HEARING = ("facts found about an incident need a hearing: give protest: "
                 "{by: ..., against: ...}")


def hearing_of(position: Position, protest: tuple[str, str] | None,
               incident: Incident | None) -> tuple[Protest | None, Incident | None]:
    """The protest (``(by, against)``) and the facts found about the incident, checked
    against the position: :class:`StateError` for facts found without a protest, a party
    that is not in the position, a boat protesting herself, or facts naming a boat that is
    not a party."""
    if protest is None:
        if incident is not None:
            raise StateError(("incident",), NEEDS_HEARING)
        return None, None
    for key, bid in zip(("by", "against"), protest, strict=True):
        if not position.has_boat(bid):
            raise StateError(("protest", key), f"no boat {shown(bid)} in the position (boats: "
                             f"{', '.join(position.boat_ids)})")
    if protest[0] == protest[1]:
        raise StateError(("protest", "against"), "a boat cannot protest herself")
    if incident is not None:
        named: list[tuple[Loc, str]] = [
            (("incident", key), getattr(incident, key))
            for key in ("avoiding_action", "room_not_given", "penalty_taken")
            if getattr(incident, key) is not None]
        named += [(("incident", "avoidable", i), b)
                  for i, b in enumerate(incident.avoidable or ())]
        for loc, bid in named:
            if bid not in protest:
                raise StateError(loc, f"{shown(bid)} is not a party to the protest "
                                 f"({protest[0]}, {protest[1]})")
    return Protest(*protest), incident


def parties(position: Position, pair: Sequence[str] | None,
            protest: Protest | None) -> tuple[str, str]:
    """The pair judged: ``pair``, else the protest's parties, else the first two boats;
    :class:`StateError` for a pair that is not the protest's parties, names a boat that is
    not there, or names one boat twice."""
    ids = position.boat_ids
    pair = pair or ((protest.by, protest.against) if protest else (ids[0], ids[1]))
    if protest is not None and set(pair) != {protest.by, protest.against}:
        raise StateError(("pair",), f"the pair judged ({pair[0]}, {pair[1]}) must be the "
                         f"protest's parties ({protest.by}, {protest.against})")
    for i, bid in enumerate(pair):
        if not position.has_boat(bid):
            raise StateError(("pair", i), f"no boat {shown(bid)} in the position (boats: "
                             f"{', '.join(ids)})")
    if pair[0] == pair[1]:
        raise StateError(("pair", 1), "a pair is two different boats")
    return pair[0], pair[1]


def judge(position: Position, pair: tuple[str, str], protest: Protest | None,
          incident: Incident | None) -> tuple[rules.PairRuling, Decision | None]:
    """Part 2 between the pair, and the hearing's decision when there is a protest;
    :class:`StateError` under ``position`` for a position the rules cannot judge (a boat
    head to wind whose tack is not given)."""
    try:
        ruling = rules.ruling(position, pair[0], pair[1])
        decision = hearing(position, protest, incident) if protest is not None else None
    except PositionError as bad:
        raise StateError(("position", *bad.path), bad.message) from None
    return ruling, decision


def summary(ruling: rules.PairRuling, decision: Decision | None) -> tuple[str, ...]:
    """The report's short lines: who keeps clear of whom, who is owed mark-room and room,
    the deciding rules, and with a hearing its decision."""
    lines = [
        f"{ruling.keep_clear} keeps clear of {ruling.right_of_way}",
        f"mark-room: {ruling.mark_room or 'nobody'}; room: {ruling.room or 'nobody'}",
        f"deciding rules: {', '.join(ruling.rules)}",
    ]
    if decision is not None:
        lines.append(decision.summary())
    return tuple(lines)


def sections(ruling: rules.PairRuling, decision: Decision | None
             ) -> tuple[tuple[str, tuple[Step, ...]], ...]:
    """The explanation under its headings: Part 2 between the pair, then the hearing's facts
    found, conclusions and decision."""
    out: list[tuple[str, tuple[Step, ...]]] = [
        (f"Part 2 between {ruling.a} and {ruling.b}", ruling.steps)]
    if decision is not None:
        out.extend(decision.sections())
    return tuple(out)


# --- reading a document without pydantic ---------------------------------------------------

HEADER = ("schema_version", "id", "title", "ruleset", "source", "notes")
DOCUMENT = (*HEADER, "options", "position", "pair", "protest", "incident", "expect")
OPTIONS: tuple[tuple[str, float, float, bool, float], ...] = (
    ("zone_lengths", 0, 10, True, 3.0),
    ("by_the_lee", 0, 90, False, 30.0),
    ("close_hauled", 0, 90, True, 45.0),
    ("room_between", 0, 10, True, 1.0),
)
"""``(name, low, high, low excluded, default)`` of each option (the file's options model)."""
POSITION = ("wind", "marks", "obstructions", "lines", "boats", "facts", "trail")
BOAT = ("id", "at", "heading", "tacking", "tack")
MARK = ("id", "at", "leave_to", "role", "gate")
ROLES = ("windward", "leeward", "offset", "start", "finish")
OBSTRUCTION = ("id", "at", "radius", "polygon", "kind")
MAX_CORNERS = 100
"""Most corners of an obstruction's polygon in a document."""
MAX_TRAIL = 100
"""Most earlier snapshots in a document's trail."""
FACT_BOATS = ("passed_head_to_wind_in_zone", "must_gybe_at_mark", "left_zone",
              "returning_to_start", "moving_astern", "hail_room_to_tack", "hail_passed_on",
              "taking_penalty", "capsized_or_aground", "not_racing", "unable_to_give_room")
"""The facts that name one boat each."""
FACT_FLAGS = ("starting", "overlap_broken")
"""The facts that are true or false."""
FACT_OBJECTS: dict[str, tuple[tuple[str, str], ...]] = {
    "zone_entry": (("first", "id"), ("overlapped", "bool"), ("inside", "id?"),
                   ("doubt", "gained|broken?")),
    "overlap_from_clear_astern": (("boat", "id"), ("side", "leeward|windward"),
                                  ("within_two_lengths", "bool")),
    "acquired_right_of_way": (("boat", "id"), ("by_own_action", "bool")),
    "changing_course": (("boat", "id"), ("direction", "luff|bear-away")),
}
"""The facts given as a mapping: each key and its kind (``id``, ``bool`` or choices joined
by ``|``; a trailing ``?`` for a key that may be null or left out). The first key is the
boat: with none chosen (null or left out) there is no fact."""
FACTS = ("zone_entry", "overlap_from_clear_astern", "acquired_right_of_way", "changing_course",
         "starting", "passed_head_to_wind_in_zone", "must_gybe_at_mark", "left_zone",
         "overlap_broken", "returning_to_start", "moving_astern", "hail_room_to_tack",
         "hail_passed_on", "taking_penalty", "capsized_or_aground", "not_racing",
         "unable_to_give_room")
"""Every fact a position may give, in the spec's order."""
INCIDENT: tuple[tuple[str, str, Any], ...] = (
    ("contact", "bool", False), ("damage", "bool", False), ("avoiding_action", "id?", None),
    ("room_to_keep_clear", "bool", True), ("room_not_given", "id?", None),
    ("avoidable", "ids?", None), ("penalty_taken", "id?", None))
"""The facts found about an incident: name, kind and default."""


def _mapping(value: object, loc: Loc, keys: Sequence[str],
             required: Sequence[str] = ()) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise StateError(loc, f"expected a mapping of {', '.join(keys)}, got {shown(value)}")
    for k in value:
        if k not in keys:
            raise StateError((*loc, k) if isinstance(k, str) else loc,
                             f"unknown key; expected one of: {', '.join(keys)}")
    for k in required:
        if k not in value:
            raise StateError((*loc, k), "required key is missing")
    return value


def _list(value: object, loc: Loc, low: int, high: int) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise StateError(loc, f"expected a list, got {shown(value)}")
    if not low <= len(value) <= high:
        raise StateError(loc, f"expected {low} to {high} items, got {len(value)}")
    return list(value)


def _number(value: object, loc: Loc, low: float, high: float, above: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise StateError(loc, f"expected a number, got {shown(value)}")
    out = math.inf if isinstance(value, int) and not low <= value <= high else float(value)
    if not math.isfinite(out) or not low <= out <= high or (above and out == low):
        bound = f"more than {low:g}" if above else f"at least {low:g}"
        raise StateError(loc, f"expected a finite number {bound} and at most {high:g}, got "
                         f"{shown(value)}")
    return out


def _degrees(value: object, loc: Loc) -> float:
    return _number(value, loc, 0, 360)


def _point(value: object, loc: Loc) -> tuple[float, float]:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise StateError(loc, f"expected a point [x, y] in hull lengths, got {shown(value)}")
    return (_number(value[0], (*loc, 0), -limits.MAX_COORD, limits.MAX_COORD),
            _number(value[1], (*loc, 1), -limits.MAX_COORD, limits.MAX_COORD))


def _id(value: object, loc: Loc) -> str:
    if not isinstance(value, str) or not 1 <= len(value) <= 40:
        raise StateError(loc, f"expected an id (text of 1 to 40 characters), got "
                         f"{shown(value)}")
    return value


def _bool(value: object, loc: Loc) -> bool:
    if not isinstance(value, bool):
        raise StateError(loc, f"expected true or false, got {shown(value)}")
    return value


def _choice(value: object, loc: Loc, choices: Sequence[str | None]) -> Any:
    if value not in choices or isinstance(value, bool):
        said = ", ".join("null" if c is None else c for c in choices)
        raise StateError(loc, f"expected one of {said}, got {shown(value)}")
    return value


def _value(value: object, loc: Loc, kind: str) -> Any:
    """``value`` read as ``kind`` (see :data:`FACT_OBJECTS`)."""
    if kind.endswith("?"):
        if value is None:
            return None
        kind = kind[:-1]
    if kind == "id":
        return _id(value, loc)
    if kind == "bool":
        return _bool(value, loc)
    if kind == "ids":
        return tuple(_id(v, (*loc, i)) for i, v in enumerate(_list(value, loc, 0, 2)))
    return _choice(value, loc, kind.split("|"))


def _built(loc: Loc, make: Callable[..., T], *args: Any) -> T:
    """A kernel value made of checked parts; what its constructor still refuses (two ends of
    a line that meet) as a :class:`StateError` at ``loc``."""
    try:
        return make(*args)
    except PositionError as bad:
        raise StateError((*loc, *bad.path), bad.message) from None
    except (TypeError, ValueError) as bad:
        raise StateError(loc, str(bad)) from None


def _options(value: object) -> Options:
    m = _mapping({} if value is None else value, ("options",), [o[0] for o in OPTIONS])
    values = [_number(m[name], ("options", name), low, high, above) if name in m else default
              for name, low, high, above, default in OPTIONS]
    return Options(*values)  # the bounds were checked above


def _boat(value: object, loc: Loc) -> Boat:
    m = _mapping(value, loc, BOAT, ("id", "at", "heading"))
    tack = _value(m.get("tack"), (*loc, "tack"), "starboard|port?")
    return Boat(_id(m["id"], (*loc, "id")), _point(m["at"], (*loc, "at")),
                _degrees(m["heading"], (*loc, "heading")),
                _bool(m.get("tacking", False), (*loc, "tacking")),
                Tack(tack) if tack is not None else None)


def _mark(value: object, loc: Loc) -> Mark:
    m = _mapping(value, loc, MARK, ("id", "at", "leave_to"))
    return Mark(_id(m["id"], (*loc, "id")), _point(m["at"], (*loc, "at")),
                _choice(m["leave_to"], (*loc, "leave_to"), ("port", "starboard")),
                _value(m.get("role"), (*loc, "role"), "|".join(ROLES) + "?"),
                _bool(m.get("gate", False), (*loc, "gate")))


def _obstruction(value: object, loc: Loc) -> Obstruction:
    m = _mapping(value, loc, OBSTRUCTION, ("id",))
    oid = _id(m["id"], (*loc, "id"))
    kind = _choice(m.get("kind", "object"), (*loc, "kind"), ("object", "continuing"))
    at = None if m.get("at") is None else _point(m["at"], (*loc, "at"))
    radius = (None if m.get("radius") is None
              else _number(m["radius"], (*loc, "radius"), 0, limits.MAX_COORD, above=True))
    polygon = None
    if m.get("polygon") is not None:
        corners = _list(m["polygon"], (*loc, "polygon"), 3, MAX_CORNERS)
        polygon = tuple(_point(p, (*loc, "polygon", i)) for i, p in enumerate(corners))
    if polygon is not None and (at is not None or radius is not None):
        raise StateError(loc, "give either at and radius (a circle) or polygon, not both")
    if polygon is None and (at is None or radius is None):
        raise StateError(loc, "give at and radius (a circle) or polygon")
    return Obstruction(oid, at, radius, polygon, kind)


def _line(value: object, loc: Loc) -> Line:
    m = _mapping(value, loc, ("id", "kind", "ends"), ("id", "kind", "ends"))
    ends = _list(m["ends"], (*loc, "ends"), 2, 2)
    return _built(loc, Line, _id(m["id"], (*loc, "id")),
                  _choice(m["kind"], (*loc, "kind"), ("start", "finish")),
                  (_point(ends[0], (*loc, "ends", 0)), _point(ends[1], (*loc, "ends", 1))))


def _fact_object(name: str, value: object, loc: Loc) -> tuple[Any, ...] | None:
    """A fact given as a mapping, as the values of its keys in order; ``None`` for no fact
    (left out, null, or its boat null)."""
    if value is None:
        return None
    keys = FACT_OBJECTS[name]
    m = _mapping(value, loc, [k for k, _ in keys])
    if m.get(keys[0][0]) is None:
        return None  # no boat chosen: no fact
    for key, kind in keys:
        if key not in m and not kind.endswith("?"):
            raise StateError((*loc, key), "required key is missing")
    return tuple(_value(m.get(k), (*loc, k), kind) for k, kind in keys)


def _facts(value: object, loc: Loc) -> Facts:
    m = _mapping({} if value is None else value, loc, FACTS)
    parts: dict[str, Any] = {}
    for name in FACT_OBJECTS:
        found = _fact_object(name, m.get(name), (*loc, name))
        if found is None:
            parts[name] = None
        elif name == "zone_entry":
            parts[name] = ZoneEntry(*found)
        else:
            parts[name] = found
    for name in FACT_FLAGS:
        parts[name] = _bool(m.get(name, False), (*loc, name))
    for name in FACT_BOATS:
        parts[name] = _value(m.get(name), (*loc, name), "id?")
    return Facts(**parts)


def _position(value: object, options: Options) -> Position:
    loc: Loc = ("position",)
    m = _mapping(value, loc, POSITION, ("wind", "boats"))

    def items(key: str, low: int, high: int) -> list[tuple[Loc, Any]]:
        given = m.get(key)
        if given is None and key != "boats":
            return []
        return [((*loc, key, i), v)
                for i, v in enumerate(_list(given, (*loc, key), low, high))]

    boats = tuple(_boat(v, at) for at, v in items("boats", 2, limits.MAX_BOATS))
    trail = []
    for at, snap in items("trail", 0, MAX_TRAIL):
        s = _mapping(snap, at, ("boats",), ("boats",))
        trail.append(Snapshot(tuple(
            _boat(v, (*at, "boats", i))
            for i, v in enumerate(_list(s["boats"], (*at, "boats"), 1, limits.MAX_BOATS)))))
    return _built(
        loc, Position, _degrees(m["wind"], (*loc, "wind")), boats,
        tuple(_mark(v, at) for at, v in items("marks", 0, 1000)),
        tuple(_obstruction(v, at) for at, v in items("obstructions", 0, 1000)),
        tuple(_line(v, at) for at, v in items("lines", 0, 1000)),
        _facts(m.get("facts"), (*loc, "facts")), tuple(trail), options)


def _incident(value: object) -> Incident | None:
    """The facts found; ``None`` when they are all the defaults (they say nothing)."""
    if value is None:
        return None
    m = _mapping(value, ("incident",), [k for k, _, _ in INCIDENT])
    found = [(_value(m[k], ("incident", k), kind) if k in m else default)
             for k, kind, default in INCIDENT]
    if found == [default for _, _, default in INCIDENT]:
        return None
    return Incident(*found)


def read(state: object) -> tuple[Position, tuple[str, str], Protest | None, Incident | None]:
    """The position of a document (a scenario file's mapping without ``expect``; one with it
    is read the same), the pair judged, the protest and the facts found about the incident;
    :class:`StateError` naming the field for anything a scenario file may not say."""
    doc = _mapping(state, (), DOCUMENT, ("position",))
    for key in HEADER:
        if key == "schema_version":
            if doc.get(key, 1) != 1 or isinstance(doc.get(key), bool):
                raise StateError((key,), f"expected 1, got {shown(doc.get(key))}")
        elif key == "ruleset":
            _choice(doc.get(key, "rrs"), (key,), ("rrs",))
        elif doc.get(key) is not None and not isinstance(doc[key], str):
            raise StateError((key,), f"expected text, got {shown(doc[key])}")
    position = _position(doc["position"], _options(doc.get("options")))
    protest = None
    if doc.get("protest") is not None:
        p = _mapping(doc["protest"], ("protest",), ("by", "against"))
        if p.get("by") is not None:  # no protesting boat chosen: no protest
            if "against" not in p:
                raise StateError(("protest", "against"), "required key is missing")
            protest = (_id(p["by"], ("protest", "by")), _id(p["against"], ("protest", "against")))
    hearing_protest, incident = hearing_of(position, protest, _incident(doc.get("incident")))
    pair: tuple[str, ...] | None = None
    if doc.get("pair") is not None:
        pair = tuple(_id(v, ("pair", i))
                     for i, v in enumerate(_list(doc["pair"], ("pair",), 2, 2)))
    return position, parties(position, pair, hearing_protest), hearing_protest, incident


# --- the room ------------------------------------------------------------------------------


def _field(label: str, path: Loc, value: Any, kind: str,
           choices: Sequence[Any] | None = None) -> dict[str, Any]:
    return {"label": label, "path": list(path), "value": value, "type": kind,
            "choices": None if choices is None else list(choices)}


def _at(doc: dict[str, Any], path: Loc) -> Any:
    """The value at ``path`` in the document, or ``None`` where it is left out."""
    here: Any = doc
    for part in path:
        if isinstance(here, dict) and isinstance(part, str):
            here = here.get(part)
        elif isinstance(here, list) and isinstance(part, int) and part < len(here):
            here = here[part]
        else:
            return None
    return here


def _words(name: str) -> str:
    return name.replace("_", " ")


def board(state: dict[str, Any], position: Position, pair: tuple[str, str],
          protest: Protest | None) -> dict[str, Any]:
    """What the page may edit, each with its path in ``state``: the boats, marks and
    obstructions on the plane (a polygon by its corners), the wind, and the other inputs as
    typed fields; ``to_svg`` maps hull lengths onto the drawing :func:`rule` returns."""
    v = drawing.view(position)
    x0, y0 = v.x(0.0), v.y(0.0)
    ids = list(position.boat_ids)
    boats_or_none: list[str | None] = [None, *ids]
    items: list[dict[str, Any]] = []
    for i, b in enumerate(position.boats):
        items.append({"id": b.id, "kind": "boat", "path": ["position", "boats", i, "at"],
                      "at": list(b.at), "heading": {
                          "path": ["position", "boats", i, "heading"], "value": b.heading,
                          "choices": None}})
    for i, m in enumerate(position.marks):
        items.append({"id": m.id, "kind": "mark", "path": ["position", "marks", i, "at"],
                      "at": list(m.at), "heading": None})
    for i, o in enumerate(position.obstructions):
        if o.polygon is None:
            assert o.at is not None
            items.append({"id": o.id, "kind": "obstruction",
                          "path": ["position", "obstructions", i, "at"], "at": list(o.at),
                          "heading": None})
            continue
        for k, corner in enumerate(o.polygon):
            items.append({"id": f"{o.id}[{k}]", "kind": "obstruction",
                          "path": ["position", "obstructions", i, "polygon", k],
                          "at": list(corner), "heading": None})

    pairs = [[a, b] for n, a in enumerate(ids) for b in ids[n + 1:]]
    if list(pair) not in pairs:
        pairs.append(list(pair))
    fields_: list[dict[str, Any]] = [
        _field("pair judged", ("pair",), list(pair), "choice", pairs),
        _field("protest by", ("protest", "by"), protest.by if protest else None, "choice",
               boats_or_none),
        _field("protest against", ("protest", "against"), protest.against if protest else None,
               "choice", boats_or_none)]
    two = [protest.by, protest.against] if protest else list(pair)
    for name, kind, default in INCIDENT:
        path: Loc = ("incident", name)
        value = _at(state, path)
        value = default if value is None and not kind.endswith("?") else value
        if kind == "bool":
            fields_.append(_field(_words(name), path, value, "bool"))
        elif kind == "ids?":
            fields_.append(_field(_words(name), path, value, "choice",
                                  [None, [], [two[0]], [two[1]], two]))
        else:
            fields_.append(_field(_words(name), path, value, "choice", boats_or_none))
    facts = position.facts
    for name in FACTS:
        path = ("position", "facts", name)
        if name in FACT_OBJECTS:
            given = getattr(facts, name)
            if name == "zone_entry" and given is not None:
                given = (given.first, given.overlapped, given.inside, given.doubt)
            for k, (key, kind) in enumerate(FACT_OBJECTS[name]):
                value = None if given is None else given[k]
                label = f"{_words(name)}: {_words(key)}"
                bare = kind.rstrip("?")
                if bare == "bool":
                    fields_.append(_field(label, (*path, key), value, "bool"))
                elif bare == "id":
                    fields_.append(_field(label, (*path, key), value, "choice", boats_or_none))
                else:
                    fields_.append(_field(label, (*path, key), value, "choice",
                                          [None, *bare.split("|")] if kind.endswith("?")
                                          else bare.split("|")))
        elif name in FACT_FLAGS:
            fields_.append(_field(_words(name), path, getattr(facts, name), "bool"))
        else:
            fields_.append(_field(_words(name), path, getattr(facts, name), "choice",
                                  boats_or_none))
    for i, b in enumerate(position.boats):
        path = ("position", "boats", i)
        fields_.append(_field(f"{b.id} tacking", (*path, "tacking"), b.tacking, "bool"))
        fields_.append(_field(f"{b.id} tack given", (*path, "tack"),
                              b.tack.value if b.tack else None, "choice",
                              [None, "starboard", "port"]))
    for i, m in enumerate(position.marks):
        path = ("position", "marks", i)
        fields_.append(_field(f"mark {m.id} left to", (*path, "leave_to"), m.leave_to, "choice",
                              ["port", "starboard"]))
        fields_.append(_field(f"mark {m.id} role", (*path, "role"), m.role, "choice",
                              [None, *ROLES]))
        fields_.append(_field(f"mark {m.id} gate", (*path, "gate"), m.gate, "bool"))
    for i, o in enumerate(position.obstructions):
        path = ("position", "obstructions", i)
        fields_.append(_field(f"obstruction {o.id} kind", (*path, "kind"), o.kind, "choice",
                              ["object", "continuing"]))
        if o.radius is not None:
            fields_.append(_field(f"obstruction {o.id} radius", (*path, "radius"), o.radius,
                                  "number"))
    for name, *_ in OPTIONS:
        fields_.append(_field(f"option {_words(name)}", ("options", name),
                              getattr(position.options, name), "number"))
    return {
        "kind": "plane",
        "snap": 0,
        "to_svg": [v.x(1.0) - x0, 0.0, 0.0, v.y(1.0) - y0, x0, y0],
        "items": items,
        "wind": {"path": ["position", "wind"], "value": position.wind, "choices": None},
        "fields": fields_,
    }


def _relations(position: Position) -> list[rules.Relation]:
    """Every pair's relation (:func:`rightofway.rrs.relations`); where a boat's tack is not
    known (head to wind, none given), the pairs that can be ruled without her, as the pair
    judged may be."""
    try:
        return rules.relations(position)
    except PositionError:
        pass
    out: list[rules.Relation] = []
    ids = position.boat_ids
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            try:
                r = rules.ruling(position, a, b)
            except PositionError:
                continue
            out.append((r.keep_clear, r.right_of_way, r.basis, r.mark_room, r.room))
    return out


_WHY = {r.cite.section: r for r in rules.RIGHT_OF_WAY}
"""The rules that decide who keeps clear, by number."""


def rule(state: dict[str, Any]) -> dict[str, Any]:
    """The room's answer for a document (see the module's description): ``summary``,
    ``explanation``, ``svg``, ``relations``, ``graph`` and ``board``;
    :class:`StateError` naming the field for a document that cannot be ruled."""
    position, pair, protest, incident = read(state)
    ruling, decision = judge(position, pair, protest, incident)
    try:
        svg = str(drawing.scenario(position, pair))
    except PositionError as bad:
        raise StateError(("position", *bad.path), bad.message) from None
    except InputError as bad:  # a position too wide to draw
        raise StateError(("position",), str(bad)) from None
    relations = []
    edges = []
    for giver, holder, number, mark_room, room in _relations(position):
        found = _WHY.get(number)
        why = found.name if found is not None else f"rule {number}"
        extra = "".join(f"; {who} is entitled to {what}" for who, what in
                        ((mark_room, "mark-room"), (room, "room")) if who is not None)
        relations.append({"holder": holder, "giver": giver, "why": why + extra,
                          "cite": str(rules.cite(number))})
        edges.append({"from": giver, "to": holder, "label": str(rules.cite(number)) + extra})
    return {
        "summary": list(summary(ruling, decision)),
        "explanation": [{"title": t, "steps": steps_json(s)}
                        for t, s in sections(ruling, decision)],
        "svg": svg,
        "relations": relations,
        "graph": {"nodes": list(position.boat_ids), "edges": edges},
        "board": board(state, position, pair, protest),
    }

