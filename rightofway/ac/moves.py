"""America's Cup moves: the notation of a turn, the seven actions, cover, crew points and
the Movement Points a card gives, and who moves first after the start.

A move is the whole of a turn: the card played (or the card discarded for two
Movement Points, or nothing: a skipped turn) and the actions made, written
``A AL AR L R`` (each costs a Movement Point) and ``CL CR`` (crew tacks, each a
crew point). :meth:`Move.parse <rightofway.ac.Move.parse>` reads back what
``str(move)`` prints. Whether a move is legal is the rule tables' business
(:mod:`rightofway.ac.rules`).
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat
from typing import Any, Literal

from rightofway import limits
from rightofway.ac.position import Boat, Card, CardError, Position
from rightofway.ac.sections import CARDS, DOWNWIND, HEAD, SEQUENCE, START, TURN
from rightofway.errors import InputError, NotationError
from rightofway.explain import Step
from rightofway.geometry import Compass
from rightofway.positions import as_bool, as_choice, as_point, check_instance, shown

__all__ = [
    "ACTIONS",
    "CREW_ACTIONS",
    "MP_ACTIONS",
    "Action",
    "Move",
    "act",
    "cover_points",
    "covered",
    "crew_points",
    "first_mover",
    "has_action",
    "points_available",
]

Point = tuple[int, int]
Action = Literal["A", "AL", "AR", "L", "R", "CL", "CR"]
ACTIONS: tuple[Action, ...] = ("A", "AL", "AR", "L", "R", "CL", "CR")
"""The seven actions a move is written with."""
MP_ACTIONS: tuple[Action, ...] = ("A", "AL", "AR", "L", "R")
"""The actions that cost a Movement Point each."""
CREW_ACTIONS: tuple[Action, ...] = ("CL", "CR")
"""The crew tacks about the bow, a crew point each."""

MAX_ACTIONS = 100
"""Most actions of one move (far beyond any card's Movement Points)."""

_TURN = {"AL": -45, "AR": 45, "L": -45, "R": 45, "CL": -45, "CR": 45}
_STEP = {h: h.step for h in Compass}

_ACTION = "|".join(sorted(ACTIONS, key=len, reverse=True))
_MOVE = re.compile(
    rf"(?P<boat>.+?) (?:(?P<skip>skips)(?P<exchange> and exchanges its hand)?"
    rf"|(?:discard (?P<discard>\S+)|(?P<card>\S+)): "
    rf"(?P<actions>-|(?:{_ACTION})(?: (?:{_ACTION}))*))",
    re.DOTALL)
"""A move as ``str(move)`` prints it. The boat is the shortest text that leaves a valid
rest, so that ``blue discard R5/2/1-2-3: A A`` is a discard by ``blue``."""
_PLAYED = re.compile(r"(?P<boat>.+?) (?:discard (?P<discard>\S+)|(?P<card>\S+)): (?P<actions>.*)",
                     re.DOTALL)
"""A card move whose actions may be wrong (to say which one is)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A turn: ``card`` played (or ``discard``: a card given up for 2 Movement Points under
    the sequence rule) and the ``actions``; neither card nor discard is a skipped turn
    (``exchange``: the whole hand is changed for new cards).

    ``str(move)`` writes it as the records and reports do, and :meth:`parse` reads that
    back: ``blue G3/5/1-4-7: A A AR``, ``blue discard R5/2/1-2-3: A A``, ``blue skips``,
    ``blue skips and exchanges its hand``.
    """

    boat: str
    card: Card | None = None
    actions: tuple[Action, ...] = ()
    discard: Card | None = None
    exchange: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.boat, str) or not self.boat:
            raise InputError(f"boat: expected a boat id, got {shown(self.boat)}")
        for name in ("card", "discard"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, Card):
                try:
                    object.__setattr__(self, name, Card.parse(v))
                except CardError as e:
                    raise InputError(f"{name}: {e}") from None
        if self.card is not None and self.discard is not None:
            raise InputError("a move plays a card or discards one, not both")
        if not isinstance(self.actions, (tuple, list)):
            raise TypeError(f"actions: expected a list of actions, not {shown(self.actions)}")
        if not isinstance(self.exchange, bool):
            raise TypeError(f"exchange: expected true or false, not {shown(self.exchange)}")
        acts = tuple(self.actions)
        if len(acts) > MAX_ACTIONS:
            raise InputError(f"actions: a move makes at most {MAX_ACTIONS} actions, not "
                             f"{len(acts)}")
        for i, a in enumerate(acts):
            if not isinstance(a, str) or a not in ACTIONS:
                raise InputError(f"actions[{i}]: {shown(a)} is not an action; expected one of "
                                 f"{' '.join(ACTIONS)}")
        object.__setattr__(self, "actions", acts)
        if self.card is None and self.discard is None and acts:
            raise InputError("a skipped turn (no card, no discard) makes no actions")
        if self.exchange and (self.card is not None or self.discard is not None):
            raise InputError("only a skipped turn exchanges the hand")

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move ``str(move)`` printed: ``BOAT CARD: ACTIONS`` (``-`` for none),
        ``BOAT discard CARD: ACTIONS``, ``BOAT skips`` or ``BOAT skips and exchanges its
        hand``; :class:`~rightofway.errors.NotationError` saying what was expected.

        >>> str(Move.parse("blue G3/5/1-4-7: A A AR"))
        'blue G3/5/1-4-7: A A AR'
        """
        if not isinstance(text, str):
            raise NotationError(f"text: expected the text of a move, got {shown(text)}")
        if len(text) > limits.MAX_TEXT:
            raise NotationError(f"text: {len(text)} characters are longer than the "
                                f"limit of {limits.MAX_TEXT}")
        m = _MOVE.fullmatch(text)
        if m is None:
            loose = _PLAYED.fullmatch(text)
            for i, a in enumerate(loose["actions"].split() if loose else ()):
                if a not in ACTIONS:
                    raise NotationError(f"move: action {i + 1} {shown(a, 20)} is not one of "
                                        f"{' '.join(ACTIONS)} (write '-' for none)")
            raise NotationError(
                f"move: expected 'BOAT CARD: ACTIONS', 'BOAT discard CARD: ACTIONS' or 'BOAT "
                f"skips' (like 'blue G3/5/1-4-7: A A AR'), got {shown(text)}")
        boat = m["boat"]
        if m["skip"]:
            return cls(boat, exchange=m["exchange"] is not None)
        words = [] if m["actions"] == "-" else m["actions"].split(" ")
        acts = tuple(ACTIONS[ACTIONS.index(w)] for w in words)
        name = "discard" if m["discard"] is not None else "card"
        try:
            played = Card.parse(m[name])
        except CardError as e:
            raise NotationError(f"move: {name}: {e}") from None
        if name == "discard":
            return cls(boat, None, acts, discard=played)
        return cls(boat, played, acts)

    @property
    def skip(self) -> bool:
        """Whether the move skips the turn."""
        return self.card is None and self.discard is None

    def __str__(self) -> str:
        if self.skip:
            return f"{self.boat} skips{' and exchanges its hand' if self.exchange else ''}"
        played = f"{self.card}" if self.card is not None else f"discard {self.discard}"
        return f"{self.boat} {played}: {' '.join(self.actions) or '-'}"

    def to_json(self) -> dict[str, object]:
        """Plain data (the record's move fields)."""
        out: dict[str, object] = {"boat": self.boat}
        if self.card is not None:
            out["card"] = str(self.card)
        if self.discard is not None:
            out["discard"] = str(self.discard)
        out["actions"] = list(self.actions)
        if self.exchange:
            out["exchange"] = True
        return out


# --- geometry of actions --------------------------------------------------------------------


def _table() -> dict[tuple[Compass, str], tuple[int, int, Compass, Compass | None]]:
    """For each heading and action: how the bow moves, the new heading, the step's line."""
    out: dict[tuple[Compass, str], tuple[int, int, Compass, Compass | None]] = {}
    for h in Compass:
        hx, hy = h.step
        out[(h, "A")] = (hx, hy, h, h)
        for a, turn in _TURN.items():
            new = h.rotate(turn)
            nx_, ny = new.step
            if a in ("AL", "AR"):
                out[(h, a)] = (nx_, ny, new, new)
            elif a in ("L", "R"):  # around the stern: stern = bow - step(h)
                out[(h, a)] = (nx_ - hx, ny - hy, new, None)
            else:  # crew tack: around the bow
                out[(h, a)] = (0, 0, new, None)
    return out


_ACT = _table()


def act(bow: Point, heading: Compass, action: Action) -> tuple[Point, Compass, Compass | None]:
    """The bow and heading after one action, and the direction the bow stepped in (``None``
    for a turn, which steps along no line of its own)."""
    bow = as_point(bow, "bow")
    heading = Compass.coerce(heading, "heading")
    if action not in ACTIONS:
        as_choice(action, "action", ACTIONS)
    return _act(bow, heading, action)


def _act(bow: Point, heading: Compass, action: Action) -> tuple[Point, Compass, Compass | None]:
    """:func:`act` unchecked, for the moves' hot paths."""
    dx, dy, new, stepped = _ACT[(heading, action)]
    return (bow[0] + dx, bow[1] + dy), new, stepped


_STEPS: dict[Compass, tuple[tuple[Action, int, int, Compass, bool], ...]] = {
    h: tuple((a, *_ACT[(h, a)][:3], _ACT[(h, a)][3] is Compass.N) for a in MP_ACTIONS)
    for h in Compass}
"""For each heading, the Movement Point actions in their order: the action, how the bow
moves, the new heading and whether the bow steps straight into the wind."""

_CREW_BLOCKS: dict[Compass, tuple[tuple[int, tuple[Action, ...], tuple[Compass, ...]], ...]] = {
    h: tuple((k, (a,) * k, tuple(h.rotate(_TURN[a] * i) for i in range(1, k + 1)))
             for k in (1, 2, 3) for a in CREW_ACTIONS)
    for h in Compass}
"""For each heading, the blocks of one to three crew tacks turning one way, in the order the
move generator tries them (``CL``, ``CR``, ``CL CL``, ...): how many, the actions and the
heading after each (a crew tack turns the hull about its bow, which stays put)."""


_set = object.__setattr__


def _move(boat: str, card: Card | None, actions: tuple[Action, ...], discard: Card | None,
          ) -> Move:
    """A card move made without the checks of :class:`Move`, for the move generator, whose
    parts are known good."""
    m = object.__new__(Move)
    _set(m, "boat", boat)
    _set(m, "card", card)
    _set(m, "actions", actions)
    _set(m, "discard", discard)
    _set(m, "exchange", False)
    return m


_FIELDS: tuple[Callable[[Move, Any], None], ...] = tuple(
    vars(Move)[name].__set__ for name in ("boat", "card", "actions", "discard", "exchange"))
"""What fills each field of a :class:`Move` (its slots), past the frozen class's guard."""


def _moves(boat: str, card: Card | None, actions: Sequence[tuple[Action, ...]],
           discard: Card | None) -> list[Move]:
    """:func:`_move` for each action sequence: the moves of one card, each field filled for
    the whole list at once."""
    n = len(actions)
    out = list(map(object.__new__, repeat(Move, n)))
    boat_, card_, actions_, discard_, exchange_ = _FIELDS
    deque(map(boat_, out, repeat(boat, n)), 0)
    deque(map(card_, out, repeat(card, n)), 0)
    deque(map(actions_, out, actions), 0)
    deque(map(discard_, out, repeat(discard, n)), 0)
    deque(map(exchange_, out, repeat(False, n)), 0)
    return out


class _Board:
    """What blocks one boat: the marks, the other hulls and their diagonals."""

    __slots__ = ("course", "diagonals", "taken")

    def __init__(self, position: Position, *skip: str,
                 extra: Iterable[tuple[Point, Point]] = ()) -> None:
        self.course = position.options.course
        taken = set(self.course.marks)
        diagonals: set[frozenset[Point]] = set()
        hulls = [b.points for b in position.boats if b.id not in skip and position.obstacle(b)]
        hulls.extend(extra)
        for a, b in hulls:
            taken.add(a)
            taken.add(b)
            if a[0] != b[0] and a[1] != b[1]:
                diagonals.add(frozenset((a, b)))
        self.taken = taken
        self.diagonals = diagonals

    def problem(self, bow: Point, heading: Compass, who: str) -> str | None:
        """Why a hull there is not allowed, or ``None``."""
        dx, dy = _STEP[heading]
        a = bow
        b = (bow[0] - dx, bow[1] - dy)
        c = self.course
        taken = self.taken
        if (0 <= a[0] <= c.width and 0 <= a[1] <= c.height and a not in taken
                and 0 <= b[0] <= c.width and 0 <= b[1] <= c.height and b not in taken):
            if dx and dy and frozenset(((a[0], b[1]), (b[0], a[1]))) in self.diagonals:
                return f"{who}'s hull would cross another diagonal hull"
            return None
        for part, p in (("bow", a), ("stern", b)):
            if not (0 <= p[0] <= c.width and 0 <= p[1] <= c.height):
                return f"{who}'s {part} would be at {list(p)}, off the board"
            if p in taken:
                what = "a mark" if p in c.marks else "another boat's hull"
                return f"{who}'s {part} would be at {list(p)}, on {what}"
        return None  # pragma: no cover - one of the tests above failed

    def free(self, bow: Point, heading: Compass) -> bool:
        """Whether a hull there is allowed (:meth:`problem` is ``None``), quickly."""
        dx, dy = _STEP[heading]
        ax, ay = bow
        bx, by = ax - dx, ay - dy
        c = self.course
        w, h = c.width, c.height
        if not (0 <= ax <= w and 0 <= ay <= h and 0 <= bx <= w and 0 <= by <= h):
            return False
        taken = self.taken
        if bow in taken or (bx, by) in taken:
            return False
        return not (dx and dy and self.diagonals
                    and frozenset(((ax, by), (bx, ay))) in self.diagonals)


def has_action(position: Position, boat_id: str, *, start: bool | None = None) -> bool:
    """Whether a boat has at least one legal action (``A AL AR L R``) from where it stands:
    a hull still legal after it and, during the race, no step into the wind
    (``AC Forbidden Manoeuvres``)."""
    b = _boat(position, boat_id, "boat_id")
    if start is not None:
        as_bool(start, "start")
    board = _Board(position, boat_id)
    in_start = position.phase == "start" if start is None else start
    return _has_action(board, b.at, b.heading, in_start)


def _position(position: object) -> Position:
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an America's Cup Position, not "
                        f"{type(position).__name__}")
    return position


def _boat(position: object, boat_id: object, name: str = "boat") -> Boat:
    """The boat ``boat_id`` of ``position``: a :class:`TypeError` for what is not a position or
    an id, :class:`~rightofway.positions.UnknownId` naming the boats for an id it lacks
    (the argument called ``name``)."""
    return _position(position).boat(boat_id, name)  # type: ignore[arg-type]


def _has_action(board: _Board, bow: Point, heading: Compass, in_start: bool) -> bool:
    for a in MP_ACTIONS:
        nb, nh, stepped = _act(bow, heading, a)
        if stepped is Compass.N and not in_start:
            continue
        if board.problem(nb, nh, "") is None:
            return True
    return False


# --- cover, points and crew -----------------------------------------------------------------


def cover_points(boat: Boat) -> frozenset[Point]:
    """The points one and two steps dead downwind of a boat's bow and stern, not on its own
    hull (``AC Head Cover``, ``AC Downwind Cover``)."""
    check_instance(boat, Boat, "boat")
    pts = boat.points
    return frozenset((p[0], p[1] - k) for p in pts for k in (1, 2)) - set(pts)


def _racing(position: Position, b: Boat) -> bool:
    return not b.finished and b.status != "disqualified"


def covered(position: Position) -> frozenset[tuple[str, str]]:
    """Every ``(coverer, covered)`` pair: a boat on an upwind leg whose bow or stern is on
    another boat's cover points (head cover), or on a downwind leg whose stern is
    (downwind cover); only with those options on, never during the start."""
    if _position(position).phase == "start":
        return frozenset()
    o = position.options
    out = set()
    boats = [b for b in position.boats if _racing(position, b)]
    for x in boats:
        pts = cover_points(x)
        for y in boats:
            if y.id == x.id:
                continue
            head = y.upwind and o.head_cover and (y.at in pts or y.stern in pts)
            down = not y.upwind and o.downwind_cover and y.stern in pts
            if head or down:
                out.add((x.id, y.id))
    return frozenset(out)


def crew_points(boat: Boat, card: Card | None, position: Position | None = None) -> int:
    """Crew points a played card gives: one for each of its crew numbers among the boat's
    three key positions (``AC The Crew``); none without the crew rule, during the start,
    or for a discard."""
    if not isinstance(boat, Boat):
        raise TypeError(f"boat: expected a Boat, not {type(boat).__name__}")
    if card is not None and not isinstance(card, Card):
        raise TypeError(f"card: expected a Card, not {type(card).__name__}")
    if position is not None:
        _position(position)
    if card is None or boat.crew is None:
        return 0
    if position is not None and (not position.options.crew or position.phase == "start"):
        return 0
    return sum(1 for n in card.crew if n in boat.crew)


def points_available(position: Position, move: Move) -> tuple[int, list[Step]]:
    """The Movement Points of a move and the steps saying why (card value, cover, discard)."""
    _position(position)
    if not isinstance(move, Move):
        raise TypeError(f"move: expected a Move, not {type(move).__name__}")
    b = _boat(position, move.boat, "move.boat")
    steps: list[Step] = []
    if move.skip:
        return 0, [Step("fact", f"{b.id} skips the turn: no Movement Points", TURN)]
    if position.phase == "start":
        assert move.card is not None or move.discard is not None
        c = move.card or move.discard
        assert c is not None
        steps.append(Step("fact", f"start manoeuvre: {c} gives its upwind value, {c.up} "
                                  "points, whatever the wind", START))
        return c.up, steps
    if move.discard is not None:
        base = 2
        steps.append(Step("fact", f"{b.id} discards {move.discard} for 2 Movement Points",
                          SEQUENCE))
    else:
        c = move.card
        assert c is not None
        if b.upwind:
            base = c.up
            steps.append(Step("fact", f"leg {b.leg} is upwind: {c} gives its upwind value, "
                                      f"{c.up} points", TURN))
        else:
            base = c.down
            steps.append(Step("fact", f"leg {b.leg} is downwind: {c} gives its downwind value,"
                                      f" {c.down} points", CARDS))
    coverers = sorted(x for x, y in covered(position) if y == b.id)
    if coverers:
        section = HEAD if b.upwind else DOWNWIND
        part = "bow or stern" if b.upwind else "stern"
        after = max(1, base - 1)
        by = ", ".join(coverers)
        loses = (f"so it loses a point and has {after}" if after < base else
                 f"but a card never gives fewer than 1 point: it keeps {base}")
        steps.append(Step("rule", f"{b.id} begins its turn with its {part} on the cover points "
                                  f"of {by}, {loses}", section,
                          f"{base} - 1 = {base - 1}"
                          f"{'' if after < base else ', raised to 1'}; a boat loses at most "
                          "1 point however many boats cover it"))
        base = after
    elif (b.upwind and position.options.head_cover) or \
            (not b.upwind and position.options.downwind_cover):
        section = HEAD if b.upwind else DOWNWIND
        steps.append(Step("fact", f"no boat covers {b.id} at the beginning of its turn",
                          section))
    return base, steps


# --- the start procedure --------------------------------------------------------------------


def first_mover(position: Position) -> tuple[str | None, list[Step]]:
    """Who moves first after the start procedure, and why: the bow nearer the line row, then
    the bow nearer the leeward buoy; ``None`` when both tie (the card draw decides).
    Disqualified boats are left out (``AC Start Procedure``)."""
    o = _position(position).options
    row = o.course.line_row
    buoy = o.course.leeward
    boats = [b for b in position.boats if b.status != "disqualified"]
    steps: list[Step] = []
    if not boats:
        return None, [Step("fact", "every boat is disqualified", START)]

    def key(b: Boat) -> tuple[int, float]:
        return abs(b.at[1] - row), math.dist(b.at, buoy)

    ranked = sorted(boats, key=key)
    for b in ranked:
        d, e = key(b)
        steps.append(Step("fact", f"{b.id}'s bow is {d} row{'s' if d != 1 else ''} from the "
                                  f"line and {e:.2f} from the leeward buoy", START))
    if len(ranked) > 1 and key(ranked[0]) == key(ranked[1]):
        steps.append(Step("conclusion", "a tie on both measures: the higher of two drawn card "
                                        "values decides", START))
        return None, steps
    steps.append(Step("conclusion", f"{ranked[0].id} moves first", START))
    return ranked[0].id, steps
