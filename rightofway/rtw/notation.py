"""A one-line text notation for Race the Wind positions (what FEN is to chess).

Eight space-separated fields::

    wind phase boats marks yellow blue turn-order options
    N race A@0,4:NE;B@2,4:NW! windward@0,12:W 1,6 - - -

* ``boats``: ``id@x,y:HEADING`` joined by ``;``, a trailing ``!`` for a boat
  held by a lull, then ``/leg`` for a boat with a leg: ``/start``, ``/finish``,
  ``/MARK`` or ``/MARK+MARK`` (the marks it rounds, RTW 3.6);
* ``marks``: ``id@x,y:ROLE`` with roles ``W`` windward mark, ``G`` gate buoy,
  ``C`` committee boat, ``X`` extra mark;
* ``yellow``, ``blue``: ``x,y`` joined by ``;``;
* ``turn-order``: ids joined by ``,`` (``-`` for none given: the order of the boats);
* ``options``: ``key=value`` joined by ``,`` for options that differ from the
  defaults: ``skip`` (yellow skips next turn, 0/1), ``cover`` (0/1),
  ``shadow`` (point/cone), ``depth`` (cover depth), ``protest`` (penalty
  requires protest, 0/1), ``beamgust`` (a beam reach's manoeuvre + movement earns
  a gust, 0/1).

An empty field is ``-``. :func:`notation` and :func:`from_notation` round-trip
exactly: ``from_notation(notation(p)) == p``.
"""

from __future__ import annotations

import re
from dataclasses import fields

from rightofway.errors import NotationError, shown
from rightofway.geometry import Compass, Point
from rightofway.rtw.position import (
    Boat,
    Leg,
    Mark,
    MarkRole,
    Options,
    Phase,
    Position,
    PositionError,
)

__all__ = ["NotationError", "from_notation", "notation"]

_ROLE_CODE = {MarkRole.WINDWARD_MARK: "W", MarkRole.GATE_BUOY: "G",
              MarkRole.COMMITTEE_BOAT: "C", MarkRole.EXTRA_MARK: "X"}
_CODE_ROLE = {v: k for k, v in _ROLE_CODE.items()}
_ID = re.compile(r"[A-Za-z0-9_-]+")
_OPTION_KEYS = {"skip": "yellow_skips_next_turn", "cover": "cover", "shadow": "shadow",
                "depth": "cover_depth", "protest": "penalty_requires_protest",
                "beamgust": "beam_gust_after_manoeuvre"}
_FIELDS = ("wind", "phase", "boats", "marks", "yellow", "blue", "turn-order", "options")


def _point(p: Point) -> str:
    return f"{p[0]},{p[1]}"


def _points(ps: frozenset[Point]) -> str:
    return ";".join(_point(p) for p in sorted(ps)) or "-"


def _check_id(kind: str, name: str) -> str:
    if not _ID.fullmatch(name):
        raise NotationError(f"{kind} id {shown(name, 40)} cannot be written: use letters, digits, "
                            "- or _")
    return name


def notation(position: Position) -> str:
    """The one-line notation of ``position``."""
    if not isinstance(position, Position):
        raise TypeError(f"position: expected a Position, got {type(position).__name__}")
    boats = ";".join(
        f"{_check_id('boat', b.id)}@{_point(b.at)}:{b.heading.name}{'!' if b.lull else ''}"
        f"{_leg(b.leg)}"
        for b in position.boats
    ) or "-"
    marks = ";".join(
        f"{_check_id('mark', m.id)}@{_point(m.at)}:{_ROLE_CODE[m.role]}" for m in position.marks
    ) or "-"
    order = ",".join(_check_id("boat", b) for b in position.turn_order) or "-"
    defaults = Options()
    opts = []
    for key, attr in _OPTION_KEYS.items():
        value = getattr(position.options, attr)
        if value != getattr(defaults, attr):
            opts.append(f"{key}={int(value) if isinstance(value, bool) else value}")
    return " ".join([
        position.wind.name, position.phase.value, boats, marks, _points(position.yellow),
        _points(position.blue), order, ",".join(opts) or "-",
    ])


def _leg(leg: Leg) -> str:
    if leg is None:
        return ""
    ids = (leg,) if isinstance(leg, str) else leg
    return "/" + "+".join(_check_id("mark", i) for i in ids)


def _parse_point(text: str, where: str) -> Point:
    m = re.fullmatch(r"(-?\d{1,7}),(-?\d{1,7})", text)  # longer numbers are no notation
    if not m:
        raise NotationError(f"{where}: expected x,y with whole numbers, got {shown(text, 40)}")
    return int(m.group(1)), int(m.group(2))


def _parse_compass(text: str, where: str) -> Compass:
    try:
        return Compass[text]
    except KeyError:
        raise NotationError(
            f"{where}: expected one of {', '.join(c.name for c in Compass)}, got {shown(text, 40)}"
        ) from None


def _items(text: str) -> list[str]:
    return [] if text == "-" else text.split(";")


def from_notation(text: str) -> Position:
    """The position written in ``text``; :class:`NotationError` naming the field at fault."""
    if not isinstance(text, str):
        raise TypeError(f"text: expected the notation as text, got {shown(text)}")
    parts = text.split()
    if len(parts) != len(_FIELDS):
        raise NotationError(
            f"expected {len(_FIELDS)} space-separated fields ({' '.join(_FIELDS)}), "
            f"got {len(parts)}"
        )
    wind_t, phase_t, boats_t, marks_t, yellow_t, blue_t, order_t, opts_t = parts
    wind = _parse_compass(wind_t, "wind")
    try:
        phase = Phase(phase_t)
    except ValueError:
        raise NotationError(
            f"phase: expected start, race or final-leg, got {shown(phase_t, 40)}"
        ) from None
    boats = []
    for i, item in enumerate(_items(boats_t)):
        m = re.fullmatch(r"([A-Za-z0-9_-]+)@([^:]+):([A-Z]+)(!?)(?:/([A-Za-z0-9_+-]+))?", item)
        if not m:
            raise NotationError(f"boats[{i}]: expected id@x,y:HEADING[!][/leg], got "
                                f"{shown(item, 40)}")
        at = _parse_point(m.group(2), f"boats[{i}]")
        leg: Leg = None
        if m.group(5) is not None:
            ids = tuple(m.group(5).split("+"))
            if not all(ids):
                raise NotationError(f"boats[{i}]: a leg is mark ids joined by +, got "
                                    f"{shown(item, 40)}")
            leg = ids[0] if len(ids) == 1 else ids
        boats.append(Boat(m.group(1), at, _parse_compass(m.group(3), f"boats[{i}]"),
                          bool(m.group(4)), leg))
    marks = []
    for i, item in enumerate(_items(marks_t)):
        m = re.fullmatch(r"([A-Za-z0-9_-]+)@([^:]+):([A-Z])", item)
        if not m or m.group(3) not in _CODE_ROLE:
            raise NotationError(f"marks[{i}]: expected id@x,y:W|G|C|X, got {shown(item, 40)}")
        marks.append(Mark(m.group(1), _parse_point(m.group(2), f"marks[{i}]"),
                          _CODE_ROLE[m.group(3)]))
    yellow = frozenset(_parse_point(p, "yellow") for p in _items(yellow_t))
    blue = frozenset(_parse_point(p, "blue") for p in _items(blue_t))
    order = () if order_t == "-" else tuple(order_t.split(","))
    values: dict[str, object] = {}
    for item in [] if opts_t == "-" else opts_t.split(","):
        key, _, value = item.partition("=")
        if key not in _OPTION_KEYS:
            raise NotationError(
                f"options: unknown option {shown(key, 40)}; expected one of "
                f"{', '.join(_OPTION_KEYS)}"
            )
        attr = _OPTION_KEYS[key]
        if attr == "shadow":
            if value not in ("point", "cone"):
                raise NotationError(f"options: shadow is point or cone, got {shown(value, 40)}")
            values[attr] = value
        elif attr == "cover_depth":
            if not re.fullmatch(r"[0-9]{1,3}", value) or int(value) < 1:
                raise NotationError(f"options: depth is a whole number from 1, got "
                                    f"{shown(value, 40)}")
            values[attr] = int(value)
        else:
            if value not in ("0", "1"):
                raise NotationError(f"options: {key} is 0 or 1, got {shown(value, 40)}")
            values[attr] = value == "1"
    known = {f.name for f in fields(Options)}
    options = Options(**{k: v for k, v in values.items() if k in known})  # type: ignore[arg-type]
    try:
        position = Position(wind, tuple(boats), tuple(marks), yellow, blue, phase, order,
                            options)
    except PositionError as e:
        raise NotationError(f"{'.'.join(map(str, e.path))}: {e.message}") from None
    return position
