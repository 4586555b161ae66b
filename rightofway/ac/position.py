"""America's Cup kernel values: cards, hands, crews, boats of two points, the course,
the ruleset's options and the position, each validated when it is made.

The board is the kernel's square lattice (x East, y North); the wind blows from
the North and never shifts. A boat is its bow point (``at``, as every game names a
boat's place) and its heading; its stern is one step behind the bow, and the hull
occupies both points (``AC Boat
Position and Movement``). A position is legal when every hull is on the board,
on no mark, shares no point with another hull and does not cross another
diagonal hull in an X.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from rightofway import limits
from rightofway.errors import InputError
from rightofway.geometry import Compass
from rightofway.positions import (
    BoatIndex,
    PositionError,
    as_int,
    as_point,
    check_instance,
    shown,
)

__all__ = [
    "ADVANCED_PARTS",
    "DEFAULT_COURSE",
    "Boat",
    "Card",
    "CardError",
    "Colour",
    "Course",
    "Options",
    "Phase",
    "Position",
    "PositionError",
    "Status",
    "Tack",
    "crossing",
    "hull",
    "tack_of",
]

Point = tuple[int, int]
Colour = Literal["G", "R"]
Phase = Literal["start", "race"]
Status = Literal["disqualified", "stands-still"]
Tack = Literal["starboard", "port"]

class CardError(InputError):
    """Text that is not a card (``G3/5/1-4-7``), saying what is wrong; ``loc`` names the
    field of :class:`Card` or the argument at fault, when there is one."""

    def __init__(self, message: str, loc: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.loc = loc


_CARD = re.compile(r"^([GR])([0-9]{1,3})/([0-9]{1,3})/([0-9]{1,3})-([0-9]{1,3})-([0-9]{1,3})$")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: the upwind half (``colour``, ``up`` 2..5), the downwind half (``down`` 1..6)
    and three crew numbers (each 1..8), written ``G3/5/1-4-7`` (``AC The Cards``)."""

    colour: Colour
    up: int
    down: int
    crew: tuple[int, int, int]

    def __post_init__(self) -> None:
        if self.colour not in ("G", "R"):
            raise CardError(f"card colour must be G (green) or R (red), not "
                            f"{shown(self.colour)}", ("colour",))
        if type(self.up) is not int or not 2 <= self.up <= 5:
            raise CardError(f"a card's upwind value is 2..5, not {shown(self.up)}", ("up",))
        if type(self.down) is not int or not 1 <= self.down <= 6:
            raise CardError(f"a card's downwind value is 1..6, not {shown(self.down)}",
                            ("down",))
        if (not isinstance(self.crew, tuple) or len(self.crew) != 3
                or any(type(n) is not int or not 1 <= n <= 8 for n in self.crew)):
            raise CardError(f"a card has three crew numbers, each 1..8, not "
                            f"{shown(self.crew)}", ("crew",))

    @classmethod
    def parse(cls, text: object) -> Card:
        """The card written ``G3/5/1-4-7``; :class:`CardError` naming the problem."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"a card is written like G3/5/1-4-7, not {shown(text)}", ("text",))
        m = _CARD.match(text.strip())
        if m is None:
            raise CardError(f"unknown card notation {shown(text, 40)}: expected colour G or R, "
                            "upwind value, downwind value and three crew numbers, like "
                            "G3/5/1-4-7")
        colour, up, down, a, b, c = m.groups()
        return cls("G" if colour == "G" else "R", int(up), int(down), (int(a), int(b), int(c)))

    def __str__(self) -> str:
        return f"{self.colour}{self.up}/{self.down}/{'-'.join(map(str, self.crew))}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def mirrored(self) -> Card:
        """The same card with the other colour (what East-West mirroring makes of it)."""
        return replace(self, colour="R" if self.colour == "G" else "G")


MAX_HAND = 20
"""Most cards of a hand (the option ``hand_size``)."""
MAX_DECK = 1000
"""Most cards of a deck, and of any hand a position holds."""

ADVANCED_PARTS = ("crew", "into_the_wind", "sequence", "head_cover", "downwind_cover")
"""The five parts of the advanced rules, each a switch of its own."""


@dataclass(frozen=True, slots=True)
class Course:
    """The board (x 0..width, y 0..height), the two buoys and the jury boat.

    The start and finish line is the row of the leeward buoy, between the jury boat and
    the buoy (``AC Preparation``, ``AC Start Procedure``)."""

    width: int = 20
    height: int = 48
    windward: Point = (10, 44)
    leeward: Point = (14, 4)
    jury: Point = (6, 4)

    def __post_init__(self) -> None:
        as_int(self.width, "width", 2, limits.MAX_COORD)
        as_int(self.height, "height", 8, limits.MAX_COORD)
        for name in ("windward", "leeward", "jury"):
            p = getattr(self, name)
            if type(p) is not tuple:
                p = as_point(p, name)
                object.__setattr__(self, name, p)
            else:
                as_point(p, name)
            if not self.on_board(p):
                raise InputError(f"{name}: {list(p)} is off the board")
        if self.jury[1] != self.leeward[1] or self.jury[0] == self.leeward[0]:
            raise InputError("jury: the jury boat and the leeward buoy must be two points of "
                             "one row")
        if self.windward[1] <= self.leeward[1]:
            raise InputError("windward: the windward buoy must lie to windward of (above) the "
                             "leeward buoy")

    @property
    def line_row(self) -> int:
        """The row of the start and finish line."""
        return self.leeward[1]

    @property
    def marks(self) -> frozenset[Point]:
        """The points no hull may touch: the two buoys and the jury boat."""
        return frozenset((self.windward, self.leeward, self.jury))

    def on_board(self, p: Point) -> bool:
        """Whether ``p`` is a dot of the board."""
        if type(p) is not tuple or len(p) != 2 or type(p[0]) is not int \
                or type(p[1]) is not int:
            p = as_point(p, "p")
        return 0 <= p[0] <= self.width and 0 <= p[1] <= self.height

    def between_line_ends(self, x: int) -> bool:
        """Whether column ``x`` lies strictly between the jury boat and the leeward buoy."""
        if type(x) is not int:
            as_int(x, "x")
        return self._between(x)

    def _between(self, x: int) -> bool:
        lo, hi = sorted((self.jury[0], self.leeward[0]))
        return lo < x < hi

    def finishes(self, old: tuple[Point, Point], new: tuple[Point, Point]) -> bool:
        """Whether a hull going from ``old`` to ``new`` (bow and stern) crosses the finish
        line: a point of it on the line row before, the whole hull below the row after, and
        each point that was on the row strictly between the jury boat and the buoy (``AC End
        of the Race``)."""
        return self._finishes(as_hull(old, "old"), as_hull(new, "new"))

    def _finishes(self, old: tuple[Point, Point], new: tuple[Point, Point]) -> bool:
        """:meth:`finishes` unchecked, for the moves' hot paths."""
        row = self.line_row
        on = [p for p in old if p[1] == row]
        return (bool(on) and all(p[1] < row for p in new)
                and all(self._between(p[0]) for p in on))

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"width": self.width, "height": self.height, "windward": list(self.windward),
                "leeward": list(self.leeward), "jury": list(self.jury)}


DEFAULT_COURSE = Course()
"""The library's course: board 0..20 by 0..48, windward buoy [10, 44], leeward buoy
[14, 4], jury boat [6, 4]."""


@dataclass(frozen=True, slots=True)
class Options:
    """The ruleset's options; every advanced part is off by default (base rules).

    ``Options.of({"advanced": True})`` switches on all five advanced parts."""

    crew: bool = False
    into_the_wind: bool = False
    sequence: bool = False
    head_cover: bool = False
    downwind_cover: bool = False
    legs: int = 3
    """Upwind-downwind pairs in a race (``AC End of the Race``)."""
    must_use_all_points: bool = True
    """A move spends exactly the Movement Points available."""
    into_wind_two_starts_sequence: bool = True
    """A boat that begins its turn into the wind and plays a 2 starts a sequence with it,
    although it gets onto a tack during the move (``AC Into the Wind``)."""
    finished_boats_are_obstacles: bool = False
    """Whether a boat that has finished still blocks the board."""
    hand_size: int = 6
    course: Course = DEFAULT_COURSE
    deck: tuple[Card, ...] | None = None
    """The cards whole games deal from; ``None`` is the library's own deck
    (:data:`rightofway.ac.race.DEFAULT_DECK`). Records store every card dealt."""

    def __post_init__(self) -> None:
        for name in (*ADVANCED_PARTS, "must_use_all_points", "into_wind_two_starts_sequence",
                     "finished_boats_are_obstacles"):
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name}: expected true or false, got "
                                f"{shown(getattr(self, name))}")
        if not isinstance(self.course, Course):
            raise TypeError(f"course: expected the board and marks (an America's Cup "
                            f"Course), not {type(self.course).__name__} {shown(self.course)}")
        if self.deck is not None:
            if not isinstance(self.deck, (tuple, list)):
                raise TypeError(f"deck: expected a list of cards, not "
                                f"{type(self.deck).__name__} {shown(self.deck)}")
            if len(self.deck) > MAX_DECK:
                raise InputError(f"deck: a deck has at most {MAX_DECK} cards, not "
                                 f"{len(self.deck)}")
            try:
                deck = tuple(Card.parse(c) for c in self.deck)
            except CardError as e:
                raise InputError(f"deck: {e}") from None
            if not deck:
                raise InputError("deck: a deck has cards")
            object.__setattr__(self, "deck", deck)
        if type(self.legs) is not int or not 1 <= self.legs <= limits.MAX_LAPS:
            raise InputError(f"legs: a race has 1..{limits.MAX_LAPS} upwind-downwind pairs, "
                             f"not {shown(self.legs)}")
        if type(self.hand_size) is not int or not 1 <= self.hand_size <= MAX_HAND:
            raise InputError(f"hand_size: 1..{MAX_HAND} cards, not {shown(self.hand_size)}")

    @classmethod
    def of(cls, data: Mapping[str, Any] | Options | None = None, **kw: Any) -> Options:
        """Options from a mapping of names (``advanced`` sets all five parts at once)."""
        if isinstance(data, Options):
            return replace(data, **kw) if kw else data
        if data is not None and not isinstance(data, Mapping):
            raise TypeError(f"data: expected a mapping of option names to values, Options or "
                            f"None, got {type(data).__name__} {shown(data)}")
        given = dict(data or {})
        try:
            return cls._of({**given, **kw})
        except (TypeError, ValueError) as e:
            raise _named(e, "data", set(given) - set(kw)) from None

    @classmethod
    def _of(cls, values: dict[str, Any]) -> Options:
        """:meth:`of` for the names and values, refusals naming the option at fault."""
        for k in values:
            if type(k) is not str:
                raise TypeError(f"data: expected option names (strings) as keys, got "
                                f"{shown(k)}")
        advanced = values.pop("advanced", None)
        if advanced is not None:
            if not isinstance(advanced, bool):
                raise InputError(f"advanced: expected true or false, got {shown(advanced)}")
            for part in ADVANCED_PARTS:
                values.setdefault(part, advanced)
        unknown = set(values) - set(cls.__dataclass_fields__)
        if unknown:
            raise InputError(f"data: unknown option {shown(sorted(unknown)[0])}; expected one "
                             f"of: advanced, {', '.join(cls.__dataclass_fields__)}")
        course = values.get("course")
        if isinstance(course, Mapping):
            unknown = set(course) - {"width", "height", "windward", "leeward", "jury"}
            if unknown:
                raise InputError(f"course: unknown key {shown(sorted(map(str, unknown))[0])}; "
                                 "expected width, height, windward, leeward, jury")
            fields: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v
                                      for k, v in course.items()}
            values["course"] = Course(**fields)
        if isinstance(values.get("deck"), list):
            values["deck"] = tuple(values["deck"])
        for k, v in values.items():
            if k not in ("legs", "hand_size", "course", "deck") and not isinstance(v, bool):
                raise ValueError(f"{k}: expected true or false, got {shown(v)}")
        return cls(**values)

    @property
    def advanced(self) -> bool:
        """Whether any advanced part is on."""
        return any(getattr(self, p) for p in ADVANCED_PARTS)

    @property
    def last_leg(self) -> int:
        """The number of the last (downwind) leg."""
        return 2 * self.legs

    def to_json(self) -> dict[str, Any]:
        """The options that differ from the defaults, as plain data."""
        out: dict[str, Any] = {}
        default = Options()
        for name in self.__dataclass_fields__:
            v = getattr(self, name)
            if v != getattr(default, name):
                out[name] = v.to_json() if isinstance(v, Course) else \
                    [str(c) for c in v] if name == "deck" else v
        return out


def _named(e: Exception, name: str, keys: set[str]) -> Exception:
    """The refusal ``e`` of an option given in the mapping ``name`` (one of ``keys``),
    named by its place there: ``options.crew: expected true or false``."""
    message = str(e)
    key = message.split(":", 1)[0]
    if key not in keys:
        return e
    if isinstance(e, TypeError):
        return TypeError(f"{name}.{message}")
    return InputError(f"{name}.{message}")


def hull(bow: Point, heading: Compass) -> tuple[Point, Point]:
    """The two points of a hull: ``(bow, stern)``."""
    return _hull(as_point(bow, "bow"), Compass.coerce(heading, "heading"))


def _hull(bow: Point, heading: Compass) -> tuple[Point, Point]:
    """:func:`hull` unchecked, for the moves' hot paths."""
    dx, dy = heading.step
    return bow, (bow[0] - dx, bow[1] - dy)


def as_hull(value: object, name: str) -> tuple[Point, Point]:
    """``value`` as a hull's two points ``(bow, stern)``; else a :class:`TypeError`
    naming the argument ``name``."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{name}: expected a hull's two points (bow, stern), got "
                        f"{type(value).__name__} {shown(value)}")
    return as_point(value[0], name), as_point(value[1], name)


def crossing(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """Whether two diagonal hulls cross in an X (the four corners of one unit square)."""
    return _crossing(as_hull(a, "a"), as_hull(b, "b"))


def _crossing(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """:func:`crossing` unchecked, for the moves' hot paths."""
    (a1, a2), (b1, b2) = a, b
    if a1[0] == a2[0] or a1[1] == a2[1] or b1[0] == b2[0] or b1[1] == b2[1]:
        return False
    sa = {a1, a2}
    sb = {b1, b2}
    xs = {p[0] for p in sa | sb}
    ys = {p[1] for p in sa | sb}
    return len(xs) == 2 and len(ys) == 2 and not (sa & sb)


def tack_of(heading: Compass) -> Tack | None:
    """The tack of a heading with the wind from the North: green (starboard) from NW to S,
    red (port) from SE to NE, none pointing into the wind."""
    return _tack_of(Compass.coerce(heading, "heading"))


def _tack_of(heading: Compass) -> Tack | None:
    """:func:`tack_of` unchecked."""
    r = (0 - heading.value) % 360
    if r == 0:
        return None
    return "starboard" if r <= 180 else "port"


@dataclass(frozen=True, slots=True)
class Boat:
    """A boat: its bow point ``at`` and its heading, its leg (from 1), its crew's three key
    positions, the value of the sequence running, its hand, and whether it finished or has a
    start     verdict (``status``)."""

    id: str
    at: Point
    """The bow point (the stern is one step behind it)."""
    heading: Compass
    leg: int = 1
    crew: tuple[int, ...] | None = None
    sequence: int | None = None
    hand: tuple[Card, ...] | None = None
    finished: bool = False
    status: Status | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not 1 <= len(self.id) <= 40:
            raise PositionError(("id",), f"a boat id is 1 to 40 characters, not "
                                f"{shown(self.id)}")
        object.__setattr__(self, "heading", Compass.coerce(self.heading))
        if (not isinstance(self.at, tuple) or len(self.at) != 2
                or any(type(c) is not int for c in self.at)):
            raise PositionError(("at",), f"at: a bow point is two whole numbers [x, y], not "
                                         f"{shown(self.at)}")
        if type(self.leg) is not int or not 1 <= self.leg <= 2 * limits.MAX_LAPS:
            raise PositionError(("leg",), f"legs count from 1 to {2 * limits.MAX_LAPS}, not "
                                f"{shown(self.leg)}")
        for name in ("crew", "hand"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, tuple):
                raise PositionError((name,), f"{name}: expected a tuple, not {shown(v)}")
        if not isinstance(self.finished, bool):
            raise PositionError(("finished",), f"finished: true or false, not "
                                f"{shown(self.finished)}")
        if self.status not in (None, "disqualified", "stands-still"):
            raise PositionError(("status",), "status: disqualified, stands-still or none, not "
                                             f"{shown(self.status)}")
        if self.crew is not None:
            if (len(self.crew) != 3 or any(type(n) is not int or not 1 <= n <= 8
                                           for n in self.crew)):
                raise PositionError(("crew",), "a crew is three positions, each 1..8, not "
                                               f"{shown(list(self.crew))}")
            if len(set(self.crew)) != 3:
                raise PositionError(("crew",), f"the three crew positions must differ, not "
                                               f"{shown(list(self.crew))}")
        if self.sequence is not None and (type(self.sequence) is not int
                                          or not 2 <= self.sequence <= 5):
            raise PositionError(("sequence",), "the last card of a sequence is 2..5, not "
                                               f"{shown(self.sequence)}")
        if self.hand is not None:
            if len(self.hand) > MAX_DECK:
                raise PositionError(("hand",), f"hand: at most {MAX_DECK} cards, not "
                                    f"{len(self.hand)}")
            for i, c in enumerate(self.hand):
                if not isinstance(c, Card):
                    raise PositionError(("hand", i), f"not a card: {shown(c)}")

    @property
    def stern(self) -> Point:
        """The stern point, one step behind the bow."""
        return _hull(self.at, self.heading)[1]

    @property
    def points(self) -> tuple[Point, Point]:
        """Bow and stern."""
        return _hull(self.at, self.heading)

    @property
    def tack(self) -> Tack | None:
        """Starboard (green), port (red) or ``None`` pointing into the wind."""
        return _tack_of(self.heading)

    @property
    def upwind(self) -> bool:
        """Whether its leg is an upwind (close-hauled) leg: the odd legs."""
        return self.leg % 2 == 1

    def __str__(self) -> str:
        return f"{self.id} bow [{self.at[0]}, {self.at[1]}] {self.heading.name} leg {self.leg}"

    def to_json(self) -> dict[str, Any]:
        """Plain data, as a scenario file writes a boat."""
        out: dict[str, Any] = {"id": self.id, "bow": list(self.at),
                               "heading": self.heading.name, "leg": self.leg}
        if self.crew is not None:
            out["crew"] = list(self.crew)
        out["sequence"] = self.sequence
        if self.hand is not None:
            out["hand"] = [str(c) for c in self.hand]
        if self.finished:
            out["finished"] = True
        if self.status is not None:
            out["status"] = self.status
        return out


_BOAT_KEYS = {"id", "bow", "heading", "leg", "crew", "sequence", "hand", "finished", "status"}


def _boat_from_json(data: Any, i: int) -> Boat:
    """A boat of :meth:`Boat.to_json`'s data, every field checked for its type."""
    if not isinstance(data, dict):
        raise PositionError(("boats", i), f"boats.{i}: expected an object")
    unknown = set(data) - _BOAT_KEYS
    if unknown:
        raise PositionError(("boats", i), f"boats.{i}: unknown key {shown(sorted(unknown)[0])}")
    bow = data.get("bow")
    if (not isinstance(bow, list) or len(bow) != 2
            or any(type(c) is not int for c in bow)):
        raise PositionError(("boats", i, "bow"), f"boats.{i}.bow: expected [x, y]")
    heading = data.get("heading")
    if not isinstance(heading, str) or heading not in Compass.__members__:
        raise PositionError(("boats", i, "heading"), f"boats.{i}.heading: expected one of "
                                                     f"{' '.join(Compass.__members__)}")
    crew = data.get("crew")
    if crew is not None and not isinstance(crew, list):
        raise PositionError(("boats", i, "crew"), f"boats.{i}.crew: expected a list")
    hand = data.get("hand")
    if hand is not None and (not isinstance(hand, list)
                             or not all(isinstance(c, str) for c in hand)):
        raise PositionError(("boats", i, "hand"), f"boats.{i}.hand: expected card texts")
    for key, kind in (("leg", int), ("finished", bool)):
        if key in data and type(data[key]) is not kind:
            raise PositionError(("boats", i, key), f"boats.{i}.{key}: expected {kind.__name__}")
    status = data.get("status")
    if status not in (None, "disqualified", "stands-still"):
        raise PositionError(("boats", i, "status"), f"boats.{i}.status: unknown {shown(status)}")
    bid: Any = data.get("id")
    try:
        return Boat(bid, (bow[0], bow[1]), Compass[heading], data.get("leg", 1),
                    tuple(crew) if crew is not None else None, data.get("sequence"),
                    tuple(Card.parse(c) for c in hand) if hand is not None else None,
                    data.get("finished", False), status)
    except CardError as e:
        raise PositionError(("boats", i, "hand"), f"boats.{i}.hand: {e}") from None
    except PositionError as e:
        raise PositionError(("boats", i, *e.path), f"boats.{i}: {e.message}") from None


@dataclass(frozen=True, slots=True)
class Position(BoatIndex[Boat]):
    """The boats on the board, in turn order, with the ruleset's options; the phase says
    whether the start procedure (``start_round`` manoeuvres made) or the race is on.

    :meth:`~rightofway.positions.BoatIndex.boat` finds a boat by id
    (:class:`~rightofway.positions.UnknownId` naming the boats when there is none),
    :attr:`~rightofway.positions.BoatIndex.boat_ids` lists them in turn order."""

    boats: tuple[Boat, ...]
    options: Options = field(default_factory=Options)
    phase: Phase = "race"
    start_round: int = 0
    _by_id: dict[str, Boat] = field(init=False, repr=False, compare=False, hash=False)
    _memo: dict[Any, Any] = field(init=False, repr=False, compare=False, hash=False)
    """What the move generator worked out for this position (the boards, the searches),
    kept with the position itself: a new position starts empty."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_memo", {})
        if isinstance(self.options, Mapping):
            try:
                object.__setattr__(self, "options", Options._of(dict(self.options)))
            except (TypeError, ValueError) as e:
                raise PositionError(("options",), f"options: {e}") from None
        if not isinstance(self.options, Options):
            raise TypeError(f"options: expected Options, not {type(self.options).__name__}")
        if not isinstance(self.boats, (tuple, list)):
            raise TypeError(f"boats: expected a tuple of boats, not {type(self.boats).__name__}")
        boats = tuple(self.boats)
        object.__setattr__(self, "boats", boats)
        if not boats:
            raise PositionError(("boats",), "a position has at least one boat")
        if len(boats) > limits.MAX_BOATS:
            raise PositionError(("boats",), f"a position holds at most {limits.MAX_BOATS} "
                                f"boats, not {len(boats)}")
        if self.phase not in ("start", "race"):
            raise PositionError(("phase",), f"phase is start or race, not {shown(self.phase)}")
        if type(self.start_round) is not int or not 0 <= self.start_round <= 4:
            raise PositionError(("start_round",), "the start procedure has made 0..4 rounds, "
                                                  f"not {shown(self.start_round)}")
        index: dict[str, Boat] = {}
        for i, b in enumerate(boats):
            if not isinstance(b, Boat):
                raise PositionError(("boats", i), f"not a boat: {shown(b)}")
            if b.id in index:
                raise PositionError(("boats", i, "id"), f"two boats are called {shown(b.id)}")
            if b.leg > self.options.last_leg:
                raise PositionError(("boats", i, "leg"), f"the race has {self.options.last_leg}"
                                                         f" legs, not {b.leg}")
            index[b.id] = b
        object.__setattr__(self, "_by_id", index)
        course = self.options.course
        seen: dict[Point, str] = {}
        for i, b in enumerate(boats):
            if b.finished and not self.options.finished_boats_are_obstacles:
                continue
            for part, p in zip(("bow", "stern"), b.points, strict=True):
                if not course.on_board(p):
                    raise PositionError(("boats", i, "bow"), f"{b.id}'s {part} {list(p)} is off "
                                        f"the board (x 0..{course.width}, y 0..{course.height})")
                if p in course.marks:
                    raise PositionError(("boats", i, "bow"), f"{b.id}'s {part} {list(p)} is on a "
                                                             "mark")
                if p in seen:
                    raise PositionError(("boats", i, "bow"), f"{b.id}'s {part} {list(p)} is on "
                                                             f"{seen[p]}'s hull")
                seen[p] = b.id
        for i, b in enumerate(boats):
            for o in boats[:i]:
                if self.obstacle(b) and self.obstacle(o) and _crossing(b.points, o.points):
                    raise PositionError(("boats", i, "bow"), f"{b.id}'s hull crosses {o.id}'s")

    def obstacle(self, b: Boat) -> bool:
        """Whether a boat's hull blocks the others."""
        if type(b) is not Boat:
            check_instance(b, Boat, "b")
        return not b.finished or self.options.finished_boats_are_obstacles

    def with_boats(self, boats: Iterable[Boat], **kw: Any) -> Position:
        """The same position with other boats (and other fields given by name:
        ``options``, ``phase``, ``start_round``)."""
        if isinstance(boats, (str, bytes, Mapping)) or not isinstance(boats, Iterable):
            raise TypeError(f"boats: expected the boats, got {type(boats).__name__} "
                            f"{shown(boats)}")
        unknown = set(kw) - {"options", "phase", "start_round"}
        if unknown:
            raise TypeError(f"kw: unknown field {shown(sorted(unknown)[0])}; expected "
                            "options, phase or start_round")
        return replace(self, boats=tuple(boats), **kw)

    def replaced(self, boat: Boat) -> Position:
        """The position with one boat replaced (by id);
        :class:`~rightofway.positions.UnknownId` when it has no boat of that id."""
        check_instance(boat, Boat, "boat")
        self.boat(boat.id, "boat.id")
        return self.with_boats(boat if b.id == boat.id else b for b in self.boats)

    def to_json(self) -> dict[str, Any]:
        """Plain data: the scenario file's position with the options that differ from the
        defaults (:meth:`from_json` reads it back)."""
        return {"phase": self.phase, "start_round": self.start_round,
                "options": self.options.to_json(), "boats": [b.to_json() for b in self.boats]}

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """The position of :meth:`to_json`'s data; a :class:`PositionError` (an
        :class:`~rightofway.errors.InputError`) naming the field for anything else."""
        limits.check_data(data)
        if not isinstance(data, dict):
            raise PositionError((), f"a position is a JSON object, not {type(data).__name__}")
        unknown = set(data) - {"phase", "start_round", "options", "boats"}
        if unknown:
            raise PositionError((sorted(unknown)[0],), f"unknown key {shown(sorted(unknown)[0])}")
        raw = data.get("boats")
        if not isinstance(raw, list):
            raise PositionError(("boats",), "boats: expected a list of boats")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise PositionError(("options",), "options: expected an object")
        try:
            opts = Options._of(dict(options))
        except (TypeError, ValueError) as e:
            raise PositionError(("options",), f"options: {e}") from None
        return cls(tuple(_boat_from_json(b, i) for i, b in enumerate(raw)), opts,
                   data.get("phase", "race"), data.get("start_round", 0))

    def svg(self) -> str:
        """The position drawn (SVG): hulls, cover points, the line and the marks."""
        from rightofway.registry import get_ruleset  # the drawing imports this module

        return str(get_ruleset("americas-cup").board(self))

    def _repr_svg_(self) -> str:
        return self.svg()

    def mirrored(self) -> Position:
        """The position mirrored East-West about the board's middle column: headings and
        card colours swap sides, the course mirrored too."""
        c = self.options.course
        w = c.width

        def m(p: Point) -> Point:
            return (w - p[0], p[1])

        course = Course(c.width, c.height, m(c.windward), m(c.leeward), m(c.jury))
        boats = [replace(b, at=m(b.at), heading=Compass((-b.heading.value) % 360),
                         hand=None if b.hand is None else tuple(x.mirrored() for x in b.hand))
                 for b in self.boats]
        return Position(tuple(boats), replace(self.options, course=course), self.phase,
                        self.start_round)
