"""The protest room of Race the Wind: a scenario document ruled without pydantic.

The book's protest room runs the library in the reader's browser, where neither pydantic
nor PyYAML is loaded. :func:`rule` takes a scenario document as plain data (what a
scenario file holds, ``expect`` left out) and gives the summary and explanation that
``rightofway check`` gives for that document, the catalogue's drawing, who must keep clear
of whom, the engagement graph and a descriptor of what the reader may edit.

The document is read here, strictly and without pydantic: :func:`read` applies the file
format's defaults, refuses what the format refuses (a :class:`StateError` naming the field
path and what was expected) and builds the kernel values through their constructors; a
race scenario (``race`` and ``play``) is set up and played out. :func:`explain` is the one
pure function that turns those values into the summary lines and the explanation:
:func:`rightofway.rtw.scenario.check` calls it too, so both say the same by construction.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

import networkx as nx

from rightofway import limits
from rightofway.errors import IllegalMove, InputError, shown
from rightofway.explain import Step, steps_json
from rightofway.geometry import Compass, Point, Tack
from rightofway.plain import Loc, StateError
from rightofway.plain import choice as _choice
from rightofway.plain import where as where  # the path formatter, as the room had it
from rightofway.positions import PositionError
from rightofway.races import Event, SetupError
from rightofway.results import BASES, Protest, Ruling
from rightofway.rtw import drawing, rules
from rightofway.rtw import moves as mv
from rightofway.rtw.course import EXTRA_ID, LAYOUTS, Course
from rightofway.rtw.position import (
    ACTIONS,
    Boat,
    Mark,
    MarkRole,
    Move,
    Options,
    PenaltyTurn,
    Phase,
    Position,
)
from rightofway.rtw.race import DEFAULT_DIE, Race, RaceOptions
from rightofway.rtw.rules import BoatFacts, Cover
from rightofway.rtw.sections import RTW2, RTW31

__all__ = ["ASKED", "Asked", "Findings", "Played", "Setup", "StateError", "explain", "read",
           "rule"]

ASKED = ("can_serve_penalty", "right_of_way")
"""The keys of a file's ``expect`` that shape its explanation (which boats' penalty turns,
which pairs' right of way it asks about): a room's state keeps them, and :func:`read`
takes from them only the boats they name."""

RULESET = "race-the-wind"
HEADINGS: tuple[str, ...] = tuple(c.name for c in Compass)
"""The eight compass points, as a file writes a heading or a wind."""
ROLES: tuple[str, ...] = tuple(r.value for r in MarkRole)
PHASES: tuple[str, ...] = tuple(p.value for p in Phase)
_ID_PATTERN = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


# --- reading plain data strictly ----------------------------------------------------------


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _mapping(value: object, loc: Loc, keys: Sequence[str],
             required: Sequence[str] = ()) -> dict[str, Any]:
    """``value`` when it is a mapping of ``keys`` holding every ``required`` one."""
    if not isinstance(value, dict):
        raise StateError(loc, f"expected a mapping with keys {', '.join(keys)}, got "
                              f"{_kind(value)} {shown(value)}")
    for key in value:
        if key not in keys:
            raise StateError((*loc, str(key)), f"unknown key; expected one of: {', '.join(keys)}")
    for key in required:
        if key not in value:
            raise StateError((*loc, key), "required key is missing")
    return value


def _list(value: object, loc: Loc, lo: int = 0, hi: int | None = None) -> list[Any]:
    if not isinstance(value, (list, tuple)):
        raise StateError(loc, f"expected a list, got {_kind(value)} {shown(value)}")
    if len(value) < lo or (hi is not None and len(value) > hi):
        span = f"{lo} to {hi}" if hi is not None else f"at least {lo}"
        raise StateError(loc, f"expected a list of {span} items, got {len(value)}")
    return list(value)


def _text(value: object, loc: Loc, lo: int = 1, hi: int = limits.MAX_TEXT) -> str:
    if not isinstance(value, str):
        raise StateError(loc, f"expected text, got {_kind(value)} {shown(value)}")
    if not lo <= len(value) <= hi:
        raise StateError(loc, f"expected text of {lo} to {hi} characters, got "
                              f"{len(value)}")
    return value


def _id(value: object, loc: Loc) -> str:
    """A boat or mark id: text of 1 to 40 characters."""
    return _text(value, loc, 1, 40)


def _int(value: object, loc: Loc, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        raise StateError(loc, f"expected a whole number, got {_kind(value)} {shown(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        span = (f"from {lo} to {hi}" if lo is not None and hi is not None
                else f"at least {lo}" if lo is not None else f"at most {hi}")
        raise StateError(loc, f"expected a whole number {span}, got {value}")
    return value


def _bool(value: object, loc: Loc) -> bool:
    if type(value) is not bool:
        raise StateError(loc, f"expected true or false, got {_kind(value)} {shown(value)}")
    return value


def _coord(value: object, loc: Loc) -> Point:
    """An intersection ``[x, y]``, each a whole number within ±1,000."""
    bound = limits.MAX_COORD
    if not (isinstance(value, (list, tuple)) and len(value) == 2
            and all(type(v) is int for v in value)):
        raise StateError(loc, f"expected an intersection [x, y] of two whole numbers, got "
                              f"{shown(value)}")
    x, y = value
    if not (-bound <= x <= bound and -bound <= y <= bound):
        raise StateError(loc, f"expected coordinates within ±{bound}, got {shown(value)}")
    return (x, y)


def _heading(value: object, loc: Loc) -> Compass:
    return Compass[_choice(value, loc, HEADINGS)]


# --- the document -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Play:
    """One play of a race scenario as read: the move (a penalty turn too), the boats that
    protest it (``None``: as ``auto_protest`` says) and the die's results."""

    move: Move
    protests: tuple[str, ...] | None
    rolls: tuple[Compass, ...]


@dataclass(frozen=True)
class _Race:
    course: dict[str, Any]
    options: RaceOptions
    check_setup: bool
    boats: dict[str, dict[str, Any]]
    seed: int | None


@dataclass(frozen=True)
class _Document:
    """A scenario document read: its parts as kernel values and plain values."""

    options: Options
    wind: Compass
    phase: str | None
    """The phase the document gives; ``None`` when it leaves it out."""
    marks: tuple[Mark, ...]
    yellow: frozenset[Point]
    blue: frozenset[Point]
    boats: tuple[Boat, ...]
    legs_given: tuple[bool, ...]
    turn_order: tuple[str, ...]
    move: Move | None
    protest: tuple[str, str] | None
    race: _Race | None
    play: tuple[_Play, ...] | None
    asked: Asked


def _read_options(value: object) -> Options:
    loc: Loc = ("options",)
    names = [f.name for f in fields(Options)]
    data = _mapping(value, loc, names)
    kw: dict[str, Any] = {}
    for name in names:
        if name not in data:
            continue
        v = data[name]
        if name == "shadow":
            kw[name] = _choice(v, (*loc, name), ("point", "cone"))
        elif name == "cover_depth":
            kw[name] = _int(v, (*loc, name), 1, limits.MAX_COVER_DEPTH)
        else:
            kw[name] = _bool(v, (*loc, name))
    return Options(**kw)


def _read_boat(value: object, loc: Loc) -> tuple[Boat, bool]:
    data = _mapping(value, loc, ("id", "at", "heading", "lull", "leg"), ("id", "at", "heading"))
    leg_value = data.get("leg")
    leg: str | tuple[str, ...] | None = None
    if isinstance(leg_value, (list, tuple)):
        leg = tuple(_id(m, (*loc, "leg", i)) for i, m in enumerate(
            _list(leg_value, (*loc, "leg"), 1)))
    elif leg_value is not None:
        if not isinstance(leg_value, str):
            raise StateError((*loc, "leg"), f"expected start, finish, a mark id or a list of "
                                            f"mark ids, got {shown(leg_value)}")
        leg = _id(leg_value, (*loc, "leg"))
    lull = _bool(data["lull"], (*loc, "lull")) if "lull" in data else False
    boat = Boat(_id(data["id"], (*loc, "id")), _coord(data["at"], (*loc, "at")),
                _heading(data["heading"], (*loc, "heading")), lull, leg)
    return boat, leg_value is not None


def _read_mark(value: object, loc: Loc) -> Mark:
    data = _mapping(value, loc, ("id", "at", "role"), ("id", "at", "role"))
    return Mark(_id(data["id"], (*loc, "id")), _coord(data["at"], (*loc, "at")),
                MarkRole(_choice(data["role"], (*loc, "role"), ROLES)))


def _points(value: object, loc: Loc) -> frozenset[Point]:
    return frozenset(_coord(p, (*loc, i)) for i, p in enumerate(_list(value, loc)))


def _blank(value: object) -> bool:
    """Whether a value is left out as the room's page clears it: null, or missing."""
    return value is None


def _read_move(value: object) -> Move | None:
    """The move ``{boat, actions}``. A move whose boat is cleared (null or left out) and
    that has no actions is no move: the page clears a move so."""
    loc: Loc = ("move",)
    if value is None:
        return None
    data = _mapping(value, loc, ("boat", "actions"))
    if _blank(data.get("boat")) and data.get("actions") in (None, []):
        return None
    for key in ("boat", "actions"):
        if key not in data:
            raise StateError((*loc, key), "required key is missing")
    return Move(_id(data["boat"], (*loc, "boat")), _actions(data["actions"], (*loc, "actions")))


def _actions(value: object, loc: Loc) -> tuple[Any, ...]:
    if not isinstance(value, (list, tuple)):
        raise StateError(loc, f"expected a list of actions such as [\"A\", \"R45\"] (each one "
                              f"of {', '.join(ACTIONS)}), got {_kind(value)} {shown(value)}")
    return tuple(_choice(a, (*loc, i), ACTIONS) for i, a in enumerate(value))


def _read_protest(value: object) -> tuple[str, str] | None:
    """``{by, against}``; both cleared (null or left out, as the page clears them): no
    protest."""
    loc: Loc = ("protest",)
    if value is None:
        return None
    data = _mapping(value, loc, ("by", "against"))
    if _blank(data.get("by")) and _blank(data.get("against")):
        return None
    for key in ("by", "against"):
        if key not in data:
            raise StateError((*loc, key), "required key is missing")
    return _id(data["by"], (*loc, "by")), _id(data["against"], (*loc, "against"))


def _read_race(value: object) -> _Race:
    loc: Loc = ("race",)
    data = _mapping(value, loc, ("course", "options", "check_setup", "boats", "seed"),
                    ("course",))
    cl: Loc = (*loc, "course")
    c = _mapping(data["course"], cl, ("gate_buoy", "committee_boat", "windward", "flags",
                                      "laps", "layout", "extra"),
                 ("gate_buoy", "committee_boat", "windward"))
    course: dict[str, Any] = {k: _coord(c[k], (*cl, k))
                              for k in ("gate_buoy", "committee_boat", "windward")}
    course["flags"] = tuple(_int(r, (*cl, "flags", i)) for i, r in enumerate(
        _list(c.get("flags", []), (*cl, "flags"))))
    course["laps"] = _int(c["laps"], (*cl, "laps"), 1, limits.MAX_LAPS) if "laps" in c else 3
    course["layout"] = (_choice(c["layout"], (*cl, "layout"), LAYOUTS) if "layout" in c
                        else "windward-leeward")
    extra = c.get("extra")
    course["extra"] = None if extra is None else _coord(extra, (*cl, "extra"))
    ol: Loc = (*loc, "options")
    o = _mapping(data.get("options", {}), ol, ("start_moves", "wind_shifts", "die",
                                               "auto_protest"))
    die = (tuple(_heading(f, (*ol, "die", i)) for i, f in enumerate(
        _list(o["die"], (*ol, "die"), 1, limits.MAX_DIE_FACES))) if "die" in o else DEFAULT_DIE)
    options = RaceOptions(
        _bool(o["wind_shifts"], (*ol, "wind_shifts")) if "wind_shifts" in o else True, die,
        _int(o["start_moves"], (*ol, "start_moves"), 0, limits.MAX_START_MOVES)
        if "start_moves" in o else 7,
        _bool(o["auto_protest"], (*ol, "auto_protest")) if "auto_protest" in o else True)
    check_setup = (_bool(data["check_setup"], (*loc, "check_setup")) if "check_setup" in data
                   else True)
    bl: Loc = (*loc, "boats")
    boats_data = data.get("boats", {})
    if not isinstance(boats_data, dict):
        raise StateError(bl, f"expected a mapping of boat ids to race states, got "
                             f"{_kind(boats_data)} {shown(boats_data)}")
    states: dict[str, dict[str, Any]] = {}
    for bid, st in boats_data.items():
        _id(bid, bl)
        sl: Loc = (*bl, bid)
        s = _mapping(st, sl, ("leg", "moves", "penalties", "cover_token"))
        token = s.get("cover_token")
        states[bid] = {
            "leg": _int(s["leg"], (*sl, "leg"), 0) if "leg" in s else 0,
            "moves": _int(s["moves"], (*sl, "moves"), 0) if "moves" in s else 0,
            "penalties": _int(s["penalties"], (*sl, "penalties"), 0) if "penalties" in s else 0,
            "cover_token": None if token is None else _coord(token, (*sl, "cover_token")),
        }
    seed = data.get("seed")
    if seed is not None:
        seed = _int(seed, (*loc, "seed"), -limits.MAX_NUMBER, limits.MAX_NUMBER)
    return _Race(course, options, check_setup, states, seed)


def _read_play(value: object, loc: Loc) -> _Play:
    """A play: ``{boat, actions | penalty, rolls, protests}``."""
    data = _mapping(value, loc, ("boat", "actions", "penalty", "rolls", "protests"), ("boat",))
    boat = _id(data["boat"], (*loc, "boat"))
    actions = data.get("actions")
    penalty = data.get("penalty")
    if (actions is None) == (penalty is None):
        raise StateError(loc, "a play has either 'actions' or 'penalty'")
    move = (Move(boat, _actions(actions, (*loc, "actions"))) if actions is not None
            else PenaltyTurn(boat, _choice(penalty, (*loc, "penalty"), ("R90", "L90"))))  # type: ignore[arg-type]
    rolls = tuple(_heading(r, (*loc, "rolls", i)) for i, r in enumerate(
        _list(data.get("rolls", []), (*loc, "rolls"))))
    protests = data.get("protests")
    if protests is not None:
        protests = tuple(_id(b, (*loc, "protests", i)) for i, b in enumerate(
            _list(protests, (*loc, "protests"))))
    return _Play(move, protests, rolls)


def _read_asked(value: object) -> Asked:
    """The questions a document's ``expect`` asks that add to the explanation: which boats
    may serve a penalty where they stand, and right of way between boats not engaged. The
    rest of ``expect`` is the check's, not the room's: it is not read."""
    if value is None:
        return Asked()
    loc: Loc = ("expect",)
    if not isinstance(value, dict):
        raise StateError(loc, f"expected a mapping, got {_kind(value)} {shown(value)}")
    pairs: list[tuple[str, str]] = []
    if value.get("right_of_way") is not None:
        rl: Loc = (*loc, "right_of_way")
        for i, row in enumerate(_list(value["right_of_way"], rl)):
            items = _list(row, (*rl, i), 3, 3)
            pairs.append((_id(items[0], (*rl, i, 0)), _id(items[1], (*rl, i, 1))))
            _choice(items[2], (*rl, i, 2), BASES)
    boats: list[str] = []
    serving = value.get("can_serve_penalty")
    if serving is not None:
        pl: Loc = (*loc, "can_serve_penalty")
        if not isinstance(serving, dict):
            raise StateError(pl, f"expected a mapping of boat ids to true or false, got "
                                 f"{_kind(serving)} {shown(serving)}")
        for bid, can in serving.items():
            _id(bid, pl)
            _bool(can, (*pl, bid))
            boats.append(bid)
    return Asked(tuple(pairs), tuple(boats))


TOP_KEYS = ("schema_version", "id", "title", "ruleset", "source", "notes", "options",
            "position", "move", "protest", "race", "play", "expect")


def _read_document(state: object) -> _Document:
    """Every field of the document read and its type checked, defaults applied; nothing
    is yet checked against the rest (a boat id against the boats, the race's rules)."""
    if not isinstance(state, dict):
        raise StateError((), f"expected a scenario document (a mapping), got {_kind(state)}")
    try:
        limits.check_data(state)
    except limits.LimitError as err:
        raise StateError(err.loc, err.message) from None
    data = _mapping(state, (), TOP_KEYS, ("position",))
    if "schema_version" in data and (type(data["schema_version"]) is not int
                                     or data["schema_version"] != 1):
        raise StateError(("schema_version",), f"expected 1, got {shown(data['schema_version'])}")
    if "ruleset" in data:
        _choice(data["ruleset"], ("ruleset",), (RULESET,))
    if "id" in data and not _ID_PATTERN.fullmatch(_text(data["id"], ("id",))):
        raise StateError(("id",), f"expected a kebab-case id such as 'rtw-my-case', got "
                                  f"{shown(data['id'])}")
    for key in ("title", "source"):
        if key in data:
            _text(data[key], (key,))
    if data.get("notes") is not None:
        _text(data["notes"], ("notes",), 0)
    options = _read_options(data.get("options", {}))
    pl: Loc = ("position",)
    p = _mapping(data["position"], pl, ("wind", "phase", "marks", "tokens", "boats",
                                       "turn_order"), ("wind", "boats"))
    wind = _heading(p["wind"], (*pl, "wind"))
    phase = _choice(p["phase"], (*pl, "phase"), PHASES) if "phase" in p else None
    marks = tuple(_read_mark(m, (*pl, "marks", i)) for i, m in enumerate(
        _list(p.get("marks", []), (*pl, "marks"))))
    tl: Loc = (*pl, "tokens")
    tokens = _mapping(p.get("tokens", {}), tl, ("yellow", "blue"))
    yellow = _points(tokens.get("yellow", []), (*tl, "yellow"))
    blue = _points(tokens.get("blue", []), (*tl, "blue"))
    read = [_read_boat(b, (*pl, "boats", i)) for i, b in enumerate(
        _list(p["boats"], (*pl, "boats"), 1, limits.MAX_BOATS))]
    order = p.get("turn_order")
    turn_order = () if order is None else tuple(
        _id(b, (*pl, "turn_order", i)) for i, b in enumerate(_list(order, (*pl, "turn_order"))))
    move = _read_move(data.get("move"))
    protest = _read_protest(data.get("protest"))
    race = None if data.get("race") is None else _read_race(data["race"])
    play = None if data.get("play") is None else tuple(
        _read_play(m, ("play", i)) for i, m in enumerate(_list(data["play"], ("play",))))
    return _Document(options, wind, phase, marks, yellow, blue, tuple(b for b, _ in read),
                     tuple(given for _, given in read), turn_order, move, protest,
                     race, play, _read_asked(data.get("expect")))


# --- kernel values ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """One play of a race scenario: the move, the race before it and what it caused."""

    move: Move
    """The move played (a :class:`~rightofway.rtw.PenaltyTurn` too)."""
    before: Race
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Asked:
    """Questions put to a position that add to its explanation (a scenario file asks them
    in ``expect``): right of way between pairs of boats (explained when they are not
    engaged) and whether boats may serve a penalty where they stand."""

    right_of_way: tuple[tuple[str, str], ...] = ()
    """Pairs ``(holder, giver)`` asked about."""
    penalty_serving: tuple[str, ...] = ()
    """Boats asked about, in order."""


@dataclass(frozen=True)
class Setup:
    """A scenario document as kernel values: the ``position``, the ``move`` ruled on (the
    only play of a race scenario that has one move) and a ``protest`` against it; a race
    scenario's race before its plays, the plays it allowed, the first it refused and the
    race after them."""

    position: Position
    move: Move | None = None
    protest: Protest | None = None
    raced: bool = False
    """Whether the document is a race scenario."""
    check_setup: bool = True
    """A race scenario: whether its race begins with the set-up (else it is taken up)."""
    race: Race | None = None
    """A race scenario's race before its plays (``None`` when its set-up is refused)."""
    setup_error: SetupError | None = None
    played: tuple[Played, ...] = ()
    refused: tuple[int, IllegalMove] | None = None
    """The first play the race refused (numbered from 1) and why."""
    final: Race | None = None


def _known(position: Position, loc: Loc, boat_id: str) -> str:
    if not position.has_boat(boat_id):
        raise StateError(loc, f"no boat {boat_id!r} in the position (boats: "
                              f"{', '.join(position.boat_ids)})")
    return boat_id


def _race_header(doc: _Document) -> tuple[Course | None, SetupError | None]:
    """The course of a race scenario, after checking the keys a race scenario may not use."""
    if doc.race is None:
        raise StateError(("play",), "a scenario that plays moves needs its 'race'")
    if doc.move is not None or doc.protest is not None:
        key = "move" if doc.move is not None else "protest"
        raise StateError((key,), "a race scenario plays its moves in 'play' (with their "
                                 "protests); 'move' and 'protest' are for one-move scenarios")
    if doc.marks:
        raise StateError(("position", "marks"), "a race scenario's marks come from its course "
                                                "(race.course); leave 'marks' out")
    if doc.phase is not None:
        raise StateError(("position", "phase"), "a race scenario's phase follows the race (the "
                                                "start procedure while a boat has moves of it "
                                                "left); leave it out")
    for i, given in enumerate(doc.legs_given):
        if given:
            raise StateError(("position", "boats", i, "leg"), "in a race scenario a boat's leg "
                                                              "is its race state: give it in "
                                                              "race.boats")
    c = doc.race.course
    try:
        course = Course(c["gate_buoy"], c["committee_boat"], c["windward"], c["flags"],
                        c["laps"], c["layout"], c["extra"])
    except SetupError as err:
        return None, err
    except InputError as err:
        raise StateError(("race", "course"), str(err)) from None
    for bid, st in doc.race.boats.items():
        if st["leg"] > course.legs:
            raise StateError(("race", "boats", bid, "leg"),
                             f"leg {st['leg']} is past the last leg ({course.legs}) of this "
                             "course")
    if doc.race.check_setup and doc.race.boats:
        raise StateError(("race", "boats"), "a race that begins with its set-up (check_setup: "
                                            "true) has no race states; set check_setup: false "
                                            "to take one up")
    return course, None


def _setup(doc: _Document) -> Setup:
    """The kernel values of a document read, a race scenario played out."""
    course: Course | None = None
    course_error: SetupError | None = None
    if doc.race is not None or doc.play is not None:
        course, course_error = _race_header(doc)
    try:
        position = Position(doc.wind, doc.boats, doc.marks, doc.yellow, doc.blue,
                            Phase(doc.phase or "race"), doc.turn_order, doc.options)
        if course is not None:
            position = replace(position, marks=course.marks())
    except PositionError as err:
        raise StateError(("position", *err.path), err.message) from None
    move = None
    if doc.move is not None:
        _known(position, ("move", "boat"), doc.move.boat)
        move = doc.move
    protest = None
    if doc.protest is not None:
        by, against = doc.protest
        if move is None:
            raise StateError(("protest",), "a protest is about a move; add the move protested")
        _known(position, ("protest", "by"), by)
        _known(position, ("protest", "against"), against)
        if by == against:
            raise StateError(("protest", "by"), "a boat cannot protest against itself")
        protest = Protest(by, against)
    if doc.race is None:
        return Setup(position, move, protest)
    for bid in doc.race.boats:
        _known(position, ("race", "boats", bid), bid)
    for i, play in enumerate(doc.play or ()):
        _known(position, ("play", i, "boat"), play.move.boat)
        for j, bid in enumerate(play.protests or ()):
            _known(position, ("play", i, "protests", j), bid)
    return _play_out(doc, position, course, course_error)


def _play_out(doc: _Document, position: Position, course: Course | None,
              course_error: SetupError | None) -> Setup:
    """Set the race up and play its moves."""
    rm = doc.race
    assert rm is not None
    plays = doc.play or ()
    single = plays[0].move if len(plays) == 1 else None
    if course is None:
        return Setup(position, single, raced=True, check_setup=rm.check_setup,
                     setup_error=course_error)
    try:
        race = Race.new(position.boats, course, rm.seed, rm.options, yellow=position.yellow,
                        blue=position.blue, wind=position.wind, rules_options=position.options,
                        check_setup=rm.check_setup, states=rm.boats)
    except SetupError as err:
        if rm.check_setup:
            return Setup(position, single, raced=True, check_setup=True, setup_error=err)
        raise StateError(("race", "boats"), str(err)) from None
    except PositionError as err:
        raise StateError(("race", "boats"), err.message) from None
    if doc.turn_order:
        race = replace(race, position=replace(race.position, turn_order=doc.turn_order))
    played: list[Played] = []
    current = race
    refused: tuple[int, IllegalMove] | None = None
    for i, play in enumerate(plays):
        try:
            after, events = current.play(play.move, protests=play.protests, rolls=play.rolls)
        except IllegalMove as err:
            refused = (i + 1, err)
            break
        except ValueError as err:
            raise StateError(("play", i, "rolls") if "wind shift" in str(err) else ("play", i),
                             str(err)) from None
        played.append(Played(play.move, current, events))
        current = after
    return Setup(race.position, single, raced=True, check_setup=rm.check_setup, race=race,
                 played=tuple(played), refused=refused, final=current)


def read(state: object) -> tuple[Setup, Asked]:
    """The kernel values of a scenario document (plain data, ``expect`` left out or kept),
    its race played out, and what its ``expect`` asks that adds to the explanation;
    :class:`StateError` naming the field path of anything refused."""
    doc = _read_document(state)
    setup = _setup(doc)
    for i, (holder, giver) in enumerate(doc.asked.right_of_way):
        _known(setup.position, ("expect", "right_of_way", i, 0), holder)
        _known(setup.position, ("expect", "right_of_way", i, 1), giver)
    for bid in doc.asked.penalty_serving:
        _known(setup.position, ("expect", "can_serve_penalty", bid), bid)
    return setup, doc.asked


# --- the summary and the explanation ------------------------------------------------------


Sections = list[tuple[str, tuple[Step, ...]]]


@dataclass(frozen=True)
class Findings:
    """What :func:`explain` works out of a position: its facts, claims, engagement graph,
    covers and the ruling on the move, with the summary lines and the explanation's
    sections (titles and steps)."""

    facts: dict[str, BoatFacts]
    claims: dict[str, frozenset[Point]]
    graph: nx.DiGraph
    covers: list[Cover]
    ruling: Ruling[Position, Move] | None
    summary: tuple[str, ...]
    sections: tuple[tuple[str, tuple[Step, ...]], ...] = field(default=())


def _fmt_pt(p: Point) -> str:
    return f"[{p[0]}, {p[1]}]"


def explain(setup: Setup, asked: Asked | None = None) -> Findings:
    """The summary and the explanation of a scenario: each boat's facts and claims, who has
    right of way over whom, cycles and covers, the answers to ``asked``, the ruling on the
    move, and a race scenario's set-up and plays."""
    asked = asked or Asked()
    pos = setup.position
    summary: list[str] = []
    sections: Sections = []
    fs = rules.facts(pos)
    cl = mv.claims(pos)
    graph = rules.engagement_graph(pos)
    covers = rules.covers(pos)
    if setup.move is not None:
        summary.append("before the move:")
    for b in pos.boats:
        f = fs[b.id]
        zone = rules.zone_mark(pos, b)
        tack = "head to wind" if f.tack is Tack.NONE else f"{f.tack} tack"
        summary.append(
            f"{b.id} at {_fmt_pt(b.at)} heading {b.heading.name}: {tack}, "
            f"{f.point_of_sail} ({f.speed}){', in the zone of ' + zone.id if zone else ''}"
            f"{', held by a lull' if b.lull else ''}; claims "
            f"{' '.join(_fmt_pt(q) for q in sorted(cl[b.id])) or 'nothing'}"
        )
    before = "before the move, " if setup.move is not None else ""
    edges = sorted(graph.edges(data=True), key=lambda t: (t[1], t[0]))
    for giver, holder, data in edges:
        summary.append(f"{holder} has right of way over {giver} ({data['basis']})")
        sections.append((f"{before}right of way: {holder} over {giver}", data["steps"]))
    if not edges:
        summary.append("no boats are engaged")
    for cyc in graph.graph["cycles"]:
        summary.append(f"right-of-way cycle: {' over '.join([*cyc, cyc[0]])}")
    for c in covers:
        sections.append((f"{before}cover: {c.coverer} covers {c.covered}", c.steps))
    for holder, giver in asked.right_of_way:
        row = rules.right_of_way(pos, holder, giver)
        if not graph.has_edge(row.giver, row.holder):
            sections.append((f"{before}right of way: {row.holder} over {row.giver} "
                             "(not engaged)", row.steps))
    for bid in asked.penalty_serving:
        sections.append((f"{before}penalty serving: {bid}", mv.penalty_serving(pos, bid).steps))
    ruling = None
    if setup.move is not None:
        ruling = rules.adjudicate(pos, setup.move, setup.protest)
        summary.append(f"move {setup.move}: {'legal' if ruling.legal else 'ILLEGAL'}"
                       f" - {ruling.reason}")
        if ruling.legal:
            summary.append(
                f"infringed against: {', '.join(sorted(ruling.infringed)) or 'nobody'}"
                f"{' (exonerated)' if ruling.exonerated else ''}; penalty: "
                f"{ruling.penalty or 'none'}"
                f"{'; protest ' + ruling.verdict if ruling.verdict else ''}"
            )
        sections.append((f"ruling on {setup.move}", ruling.steps))
    if setup.raced:
        _explain_race(setup, summary, sections)
    return Findings(fs, cl, graph, covers, ruling, tuple(summary), tuple(sections))


def _explain_race(setup: Setup, summary: list[str], sections: Sections) -> None:
    """A race scenario's set-up, each play and what it caused, and the play refused."""
    if setup.setup_error is not None:
        err = setup.setup_error
        summary.append(f"set-up refused: {err}")
        sections.append(("set-up", (Step("conclusion", err.message, err.cite or RTW31),)))
        return
    summary.append("set-up allowed" if setup.check_setup else "race taken up mid-way")
    for i, played in enumerate(setup.played, 1):
        texts = [ev.text for ev in played.events if ev.kind != "move"]
        summary.append(f"play {i}: {played.move}{' - ' + '; '.join(texts) if texts else ''}")
        steps: list[Step] = []
        if not isinstance(played.move, PenaltyTurn):  # penalty turns are not adjudicated
            steps.extend(rules.adjudicate(played.before.position, played.move).steps)
        steps.extend(Step("fact", ev.text, ev.cite) for ev in played.events)
        sections.append((f"play {i}: {played.move}", tuple(steps)))
    if setup.refused is not None:
        n, refusal = setup.refused
        summary.append(f"play {n}: refused - {refusal.reason}")
        sections.append((f"play {n}: {refusal.move} (refused)",
                         (Step("conclusion", refusal.reason, refusal.cite or RTW2),)))


# --- the room ----------------------------------------------------------------------------------


def _field(label: str, path: list[str | int], value: Any, kind: str,
           choices: list[Any] | None = None) -> dict[str, Any]:
    """A field of the board: its ``label``, ``path`` in the document, ``value``, ``type``
    (text, number, bool or choice) and ``choices`` (``None`` among them: cleared)."""
    return {"label": label, "path": path, "value": value, "type": kind, "choices": choices}


def _board(state: dict[str, Any], setup: Setup, to_svg: tuple[float, ...]) -> dict[str, Any]:
    """What the reader may edit, and where each value lives in the document."""
    position = state["position"]
    raced = setup.raced
    items: list[dict[str, Any]] = []
    for i, b in enumerate(position["boats"]):
        items.append({"id": b["id"], "kind": "boat", "path": ["position", "boats", i, "at"],
                      "at": list(b["at"]),
                      "heading": {"path": ["position", "boats", i, "heading"],
                                  "value": b["heading"], "choices": list(HEADINGS)}})
    if raced:
        course = state["race"]["course"]
        names = {"windward": "windward", "gate-buoy": "gate_buoy",
                 "committee-boat": "committee_boat"}
        layout = course.get("layout", "windward-leeward")
        if course.get("extra") is not None and layout in EXTRA_ID:
            names[EXTRA_ID[layout]] = "extra"
        for mark_id, key in names.items():
            items.append({"id": mark_id, "kind": "mark", "path": ["race", "course", key],
                          "at": list(course[key]), "heading": None})
    else:
        for i, m in enumerate(position.get("marks", [])):
            items.append({"id": m["id"], "kind": "mark", "path": ["position", "marks", i, "at"],
                          "at": list(m["at"]), "heading": None})
    ids = [b["id"] for b in position["boats"]]
    fields_: list[dict[str, Any]] = []
    actions = f"a list of {' '.join(ACTIONS)}"
    if raced:
        for i, play in enumerate(state.get("play") or []):
            fields_.append(_field(f"play {i + 1}: boat", ["play", i, "boat"], play["boat"],
                                  "choice", ids))
            if play.get("penalty") is not None:
                fields_.append(_field(f"play {i + 1}: penalty turn", ["play", i, "penalty"],
                                      play["penalty"], "choice", ["R90", "L90"]))
            else:
                fields_.append(_field(f"play {i + 1}: actions, {actions}",
                                      ["play", i, "actions"], list(play["actions"]), "text"))
    else:
        move, protest = setup.move, setup.protest
        fields_ += [
            _field("move: boat", ["move", "boat"], move.boat if move else None, "choice",
                   [None, *ids]),
            _field(f"move: actions, {actions}", ["move", "actions"],
                   list(move.actions) if move else [], "text"),
            _field("protest: by", ["protest", "by"], protest.by if protest else None, "choice",
                   [None, *ids]),
            _field("protest: against", ["protest", "against"],
                   protest.against if protest else None, "choice", [None, *ids]),
        ]
    for i, b in enumerate(position["boats"]):
        fields_.append(_field(f"{b['id']}: held by a lull", ["position", "boats", i, "lull"],
                              b.get("lull", False), "bool"))
    options = setup.position.options
    for f in fields(Options):
        value = getattr(options, f.name)
        kind = ("choice" if f.name == "shadow" else "number" if f.name == "cover_depth"
                else "bool")
        fields_.append(_field(f"option: {f.name.replace('_', ' ')}", ["options", f.name],
                              value, kind,
                              ["point", "cone"] if f.name == "shadow" else None))
    if raced:
        race_options = state["race"].get("options", {})
        for name, kind, default in (("wind_shifts", "bool", True),
                                    ("auto_protest", "bool", True),
                                    ("start_moves", "number", 7)):
            fields_.append(_field(f"race option: {name.replace('_', ' ')}",
                                  ["race", "options", name],
                                  race_options.get(name, default), kind))
    return {
        "kind": "grid",
        "snap": 1,
        "to_svg": list(to_svg),
        "items": items,
        "wind": {"path": ["position", "wind"], "value": position["wind"],
                 "choices": list(HEADINGS)},
        "fields": fields_,
    }


def rule(state: dict[str, Any]) -> dict[str, Any]:
    """Rule on a scenario document given as plain data (a scenario file's mapping without
    ``expect``, defaults left out or not): the summary and explanation ``rightofway check``
    gives, the catalogue's drawing, right of way, the engagement graph and the board the
    reader edits. :class:`StateError` (an :class:`~rightofway.errors.InputError`) naming
    the field path for a document refused."""
    setup, asked = read(state)
    found = explain(setup, asked)
    try:
        svg = str(drawing.scenario(setup.position, setup.move, claims=True, contested=True,
                                   engagement=True))
        to_svg = drawing.scenario_to_svg(setup.position, setup.move, claims=True)
    except InputError as err:
        raise StateError(("position", "boats"), getattr(err, "message", str(err))) from None
    edges = sorted(found.graph.edges(data=True), key=lambda t: (t[1], t[0]))
    relations = [{"holder": holder, "giver": giver, "why": str(data["basis"]),
                  "cite": str(data["steps"][-1].cite)} for giver, holder, data in edges]
    return {
        "summary": list(found.summary),
        "explanation": [{"title": t, "steps": steps_json(s)} for t, s in found.sections],
        "svg": svg,
        "relations": relations,
        "graph": {"nodes": [b.id for b in setup.position.boats],
                  "edges": [{"from": giver, "to": holder, "label": str(data["basis"])}
                            for giver, holder, data in edges]},
        "board": _board(state, setup, to_svg),
    }
