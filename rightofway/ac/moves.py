"""America's Cup moves: the seven actions, cover, the card and sequence rules, legality
with its reason and citation, a pure ``apply``, the start procedure's verdicts and who
moves first.

A move is the whole of a turn: the card played (or the card discarded for two
Movement Points, or nothing: a skipped turn) and the actions made, written
``A AL AR L R`` (each costs a Movement Point) and ``CL CR`` (crew tacks, each a
crew point). When a move breaks several rules, the first found decides, in the
order: card, crew, each action in turn, points, final heading, blocking.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from rightofway.ac.position import (
    Boat,
    Card,
    CardError,
    Position,
    Status,
    Tack,
    cite,
    crossing,
    hull,
    tack_of,
)
from rightofway.explain import Citation, Step, render_steps, steps_json
from rightofway.geometry import Compass
from rightofway.races import IllegalMove

__all__ = [
    "ACTIONS",
    "CREW_ACTIONS",
    "MP_ACTIONS",
    "Action",
    "IllegalMove",
    "Legality",
    "Move",
    "act",
    "adjudicate",
    "apply",
    "cover_points",
    "covered",
    "crew_points",
    "first_mover",
    "has_action",
    "is_legal",
    "legal_moves",
    "legality",
    "playable",
    "points_available",
]

Point = tuple[int, int]
Action = Literal["A", "AL", "AR", "L", "R", "CL", "CR"]
ACTIONS: tuple[Action, ...] = ("A", "AL", "AR", "L", "R", "CL", "CR")
MP_ACTIONS: tuple[Action, ...] = ("A", "AL", "AR", "L", "R")
CREW_ACTIONS: tuple[Action, ...] = ("CL", "CR")

POSITION = "Boat Position and Movement"
TURN = "Turn Sequence"
FORBIDDEN = "Forbidden Manoeuvres"
CREW = "The Crew"
START = "Start Procedure"
SEQUENCE = "Sequence"
HEAD = "Head Cover"
DOWNWIND = "Downwind Cover"
INTO = "Into the Wind"
END = "End of the Race"
CARDS = "The Cards"

_TURN = {"AL": -45, "AR": 45, "L": -45, "R": 45, "CL": -45, "CR": 45}
_STEP = {h: h.step for h in Compass}


@dataclass(frozen=True, slots=True)
class Move:
    """A turn: ``card`` played (or ``discard``: a card given up for 2 Movement Points under
    the sequence rule) and the ``actions``; neither card nor discard is a skipped turn
    (``exchange``: the whole hand is changed for new cards)."""

    boat: str
    card: Card | None = None
    actions: tuple[Action, ...] = ()
    discard: Card | None = None
    exchange: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.boat, str) or not self.boat:
            raise ValueError(f"boat: expected a boat id, got {self.boat!r}")
        for name in ("card", "discard"):
            v = getattr(self, name)
            if v is not None and not isinstance(v, Card):
                try:
                    object.__setattr__(self, name, Card.parse(v))
                except CardError as e:
                    raise ValueError(f"{name}: {e}") from None
        if self.card is not None and self.discard is not None:
            raise ValueError("a move plays a card or discards one, not both")
        if not isinstance(self.actions, (tuple, list)):
            raise TypeError(f"actions: expected a list of actions, not {self.actions!r}")
        if not isinstance(self.exchange, bool):
            raise TypeError(f"exchange: expected true or false, not {self.exchange!r}")
        acts = tuple(self.actions)
        for i, a in enumerate(acts):
            if not isinstance(a, str) or a not in ACTIONS:
                raise ValueError(f"actions[{i}]: {a!r} is not an action; expected one of "
                                 f"{' '.join(ACTIONS)}")
        object.__setattr__(self, "actions", acts)
        if self.card is None and self.discard is None and acts:
            raise ValueError("a skipped turn (no card, no discard) makes no actions")
        if self.exchange and (self.card is not None or self.discard is not None):
            raise ValueError("only a skipped turn exchanges the hand")

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
    dx, dy, new, stepped = _ACT[(heading, action)]
    return (bow[0] + dx, bow[1] + dy), new, stepped


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


def has_action(position: Position, boat_id: str, *, start: bool | None = None) -> bool:
    """Whether a boat has at least one legal action (``A AL AR L R``) from where it stands:
    a hull still legal after it and, during the race, no step into the wind
    (``AC Forbidden Manoeuvres``)."""
    b = _boat(position, boat_id)
    board = _Board(position, boat_id)
    in_start = position.phase == "start" if start is None else start
    return _has_action(board, b.bow, b.heading, in_start)


def _position(position: object) -> Position:
    if not isinstance(position, Position):
        raise TypeError(f"position: expected an America's Cup Position, not "
                        f"{type(position).__name__}")
    return position


def _boat(position: object, boat_id: object) -> Boat:
    p = _position(position)
    if not isinstance(boat_id, str) or not p.has_boat(boat_id):
        raise ValueError(f"boat: no boat {boat_id!r} in the position (boats: "
                         f"{', '.join(p.boat_ids)})")
    return p.boat(boat_id)


def _has_action(board: _Board, bow: Point, heading: Compass, in_start: bool) -> bool:
    for a in MP_ACTIONS:
        nb, nh, stepped = act(bow, heading, a)
        if stepped is Compass.N and not in_start:
            continue
        if board.problem(nb, nh, "") is None:
            return True
    return False


# --- cover, points and crew -----------------------------------------------------------------


def cover_points(boat: Boat) -> frozenset[Point]:
    """The points one and two steps dead downwind of a boat's bow and stern, not on its own
    hull (``AC Head Cover``, ``AC Downwind Cover``)."""
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
            head = y.upwind and o.head_cover and (y.bow in pts or y.stern in pts)
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
    if card is None or boat.crew is None:
        return 0
    if position is not None and (not position.options.crew or position.phase == "start"):
        return 0
    return sum(1 for n in card.crew if n in boat.crew)


def points_available(position: Position, move: Move) -> tuple[int, list[Step]]:
    """The Movement Points of a move and the steps saying why (card value, cover, discard)."""
    if not isinstance(move, Move):
        raise TypeError(f"move: expected a Move, not {type(move).__name__}")
    b = _boat(position, move.boat)
    steps: list[Step] = []
    if move.skip:
        return 0, [Step("fact", f"{b.id} skips the turn: no Movement Points", cite(TURN))]
    if position.phase == "start":
        assert move.card is not None or move.discard is not None
        c = move.card or move.discard
        assert c is not None
        steps.append(Step("fact", f"start manoeuvre: {c} gives its upwind value, {c.up} "
                                  "points, whatever the wind", cite(START)))
        return c.up, steps
    if move.discard is not None:
        base = 2
        steps.append(Step("fact", f"{b.id} discards {move.discard} for 2 Movement Points",
                          cite(SEQUENCE)))
    else:
        c = move.card
        assert c is not None
        if b.upwind:
            base = c.up
            steps.append(Step("fact", f"leg {b.leg} is upwind: {c} gives its upwind value, "
                                      f"{c.up} points", cite(TURN)))
        else:
            base = c.down
            steps.append(Step("fact", f"leg {b.leg} is downwind: {c} gives its downwind value,"
                                      f" {c.down} points", cite(CARDS)))
    coverers = sorted(x for x, y in covered(position) if y == b.id)
    if coverers:
        section = HEAD if b.upwind else DOWNWIND
        part = "bow or stern" if b.upwind else "stern"
        after = max(1, base - 1)
        steps.append(Step("rule", f"{b.id} begins its turn with its {part} on the cover points "
                                  f"of {', '.join(coverers)}: it loses 1 point (at most 1, "
                                  f"never below 1): {base} -> {after}", cite(section)))
        base = after
    elif (b.upwind and position.options.head_cover) or \
            (not b.upwind and position.options.downwind_cover):
        section = HEAD if b.upwind else DOWNWIND
        steps.append(Step("fact", f"no boat covers {b.id} at the beginning of its turn",
                          cite(section)))
    return base, steps


def _allowed_colours(b: Boat) -> tuple[str, ...]:
    t = b.tack
    if t is None:
        return ("G", "R")
    return ("G",) if t == "starboard" else ("R",)


def _colour_name(t: Tack | None) -> str:
    return {"starboard": "starboard tack: green", "port": "port tack: red"}.get(
        t or "", "into the wind: either colour")


def _continues(seq: int | None, value: int) -> bool:
    return seq is not None and abs(value - seq) <= 1


def playable(position: Position, boat_id: str) -> list[Move]:
    """The cards and discards a boat may choose from at the start of its turn, each as a
    move with no actions yet (a skip when nothing may be played)."""
    b = _boat(position, boat_id)
    hand = b.hand or ()
    out: list[Move] = []
    for c in dict.fromkeys(hand):
        m = Move(b.id, c, ())
        if _card_problem(position, b, m) is None:
            out.append(m)
    for c in dict.fromkeys(hand):
        m = Move(b.id, None, (), discard=c)
        if _card_problem(position, b, m) is None:
            out.append(m)
    return out


def _card_problem(position: Position, b: Boat, move: Move) -> tuple[str, Citation] | None:
    """Why the card (or discard, or skip) of a move may not be used, or ``None``."""
    o = position.options
    if b.status == "disqualified":
        return f"{b.id} was disqualified at the start and no longer races", cite(START)
    if b.finished:
        return f"{b.id} has finished", cite(END)
    if position.phase == "start":
        if move.discard is not None:
            return "no discards during the start procedure", cite(START)
        if move.skip:
            return "every boat manoeuvres during the start procedure", cite(START)
        return None
    if b.status == "stands-still":
        if move.skip:
            return None
        return (f"{b.id} was over the line with one point on its fifth start manoeuvre: it "
                "stands still this turn", cite(START))
    colours = _allowed_colours(b) if b.upwind else ("G", "R")
    hand = b.hand
    sequence_on = o.sequence and b.upwind
    into = b.upwind and b.tack is None
    if move.skip:
        if hand is not None and b.upwind and any(c.colour in colours for c in hand) \
                and _can_move(position, b.id):
            return (f"{b.id} holds a card of the right colour ({_colour_name(b.tack)}), so it "
                    "may not skip its turn", cite(TURN))
        if hand is not None and not b.upwind and hand and _can_move(position, b.id):
            return "on a downwind leg every card can be played: no skipping", cite(TURN)
        return None
    played = move.card if move.card is not None else move.discard
    assert played is not None
    if hand is not None and played not in hand:
        return (f"{played} is not in {b.id}'s hand ({' '.join(map(str, hand)) or 'empty'})",
                cite(TURN))
    right = [c for c in (hand or ()) if c.colour in colours]
    if move.discard is not None:
        if not sequence_on and not (into and o.into_the_wind):
            why = "on a downwind leg" if not b.upwind else "without the sequence rule"
            return f"no discard for Movement Points {why}", cite(TURN)
        if hand is not None:
            twos = [c for c in right if c.up == 2]
            cont = [c for c in right if _continues(b.sequence, c.up)]
            if into and o.into_the_wind:
                cont = []
            if twos or cont:
                held = (twos or cont)[0]
                return (f"{b.id} may discard only when it can neither continue nor start a "
                        f"sequence, and it holds {held}", cite(TURN))
        return None
    c = move.card
    assert c is not None
    if b.upwind and c.colour not in colours:
        return (f"{c} is {'green' if c.colour == 'G' else 'red'}; {b.id} heads "
                f"{b.heading.name}, on {_colour_name(b.tack)}", cite(TURN))
    if into and o.into_the_wind and c.up != 2:
        return (f"{b.id} begins its turn into the wind: it may play only a 2 (or discard)",
                cite(INTO))
    if sequence_on and not (into and o.into_the_wind):
        if b.sequence is None:
            if c.up != 2:
                return (f"no sequence is running: it starts with a 2, not a {c.up}",
                        cite(SEQUENCE))
        elif not _continues(b.sequence, c.up):
            if c.up != 2:
                return (f"the sequence's last card is {b.sequence}: a {c.up} is neither equal "
                        "nor one more or less", cite(SEQUENCE))
            cont = [x for x in right if _continues(b.sequence, x.up)]
            if cont:
                return (f"{b.id} holds {cont[0]}, which continues the sequence at "
                        f"{b.sequence}, so it may not restart with a 2", cite(SEQUENCE))
    return None


# --- legality -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Legality:
    """Whether a move is legal, why (``reason``, ``cite``), the points it had, the steps of
    the explanation and, when legal, the position after it."""

    legal: bool
    reason: str
    cite: Citation
    steps: tuple[Step, ...]
    points: int | None = None
    crew_points: int | None = None
    after: Position | None = None
    verdicts: tuple[tuple[str, str], ...] = ()
    """Start procedure verdicts the move caused: ``(boat, "disqualified" | "stands-still")``."""
    events: tuple[tuple[str, str, str], ...] = field(default=())
    """What the move caused: ``(kind, boat, text)`` (leg completed, finish, stop, verdict)."""
    stopped: bool = False
    """The into-the-wind rule stopped the move."""

    def __bool__(self) -> bool:
        return self.legal

    def explain(self) -> str:
        """The ruling and every step it rests on, for people."""
        head = f"legal: {'yes' if self.legal else 'no'} - {self.reason} [{self.cite}]"
        if self.points is not None:
            head += f"\npoints: {self.points}, crew points: {self.crew_points or 0}"
        return head + "\nsteps:\n" + render_steps(self.steps)

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs (the position after the move as its JSON)."""
        return {"legal": self.legal, "reason": self.reason, "cite": str(self.cite),
                "points": self.points, "crew_points": self.crew_points,
                "stopped": self.stopped, "verdicts": [list(v) for v in self.verdicts],
                "events": [{"kind": k, "boat": b, "text": t} for k, b, t in self.events],
                "steps": steps_json(self.steps),
                "after": self.after.to_json() if self.after is not None else None}


def _fail(reason: str, where: Citation, steps: list[Step], points: int | None = None,
          crew: int | None = None) -> Legality:
    steps.append(Step("conclusion", f"illegal: {reason}", where))
    return Legality(False, reason, where, tuple(steps), points, crew)


def legality(position: Position, move: Move) -> Legality:
    """Whether ``move`` is legal in ``position``, with its reason, citation and explanation
    (``ValueError`` for a move of a boat that is not in the position)."""
    _position(position)
    if not isinstance(move, Move):
        raise TypeError(f"move: expected a Move, not {type(move).__name__}")
    _boat(position, move.boat)
    return _judge(position, move, _Board(position, move.boat))


def _judge(position: Position, move: Move, board: _Board) -> Legality:
    b = position.boat(move.boat)
    o = position.options
    start = position.phase == "start"
    steps: list[Step] = []
    # 1. the card
    bad = _card_problem(position, b, move)
    if bad is not None:
        return _fail(bad[0], bad[1], steps)
    if move.skip:
        points, psteps = 0, [Step("fact", f"{b.id} skips its turn", cite(TURN))]
        steps.extend(psteps)
        steps.append(Step("conclusion", "legal: the turn is skipped", cite(TURN)))
        return Legality(True, "the turn is skipped", cite(TURN), tuple(steps), 0, 0,
                        _after_skip(position, b, move))
    points, psteps = points_available(position, move)
    steps.extend(_card_steps(position, b, move))
    steps.extend(psteps)
    crew = crew_points(b, move.card, position)
    # 2. the crew
    crew_idx = [i for i, a in enumerate(move.actions) if a in CREW_ACTIONS]
    if crew_idx:
        if start:
            return _fail("no crew tacks during the start procedure", cite(START), steps, points,
                         0)
        if not o.crew:
            return _fail("crew tacks belong to the crew rule, which is off", cite(CREW), steps,
                         points, crew)
        if crew_idx[-1] - crew_idx[0] + 1 != len(crew_idx):
            return _fail("crew points are spent in one block, not split between Movement "
                         "Point actions", cite(CREW), steps, points, crew)
        if len(crew_idx) > crew:
            return _fail(f"{len(crew_idx)} crew tacks but only {crew} crew point"
                         f"{'s' if crew != 1 else ''}", cite(CREW), steps, points, crew)
    if o.crew and not start and move.card is not None and b.crew is not None:
        matched = [n for n in move.card.crew if n in b.crew]
        steps.append(Step("fact", f"crew positions {'-'.join(map(str, b.crew))}; card numbers "
                                  f"{'-'.join(map(str, move.card.crew))}: "
                                  f"{', '.join(map(str, matched)) or 'none'} match: "
                                  f"{crew} crew point{'s' if crew != 1 else ''}", cite(CREW)))
    # 3. each action in turn
    bow, heading = b.bow, b.heading
    pos_cite = cite(START if start else POSITION)
    spent = 0
    stopped = False
    over_worst = 0
    finished = b.finished
    last_leg = b.leg == o.last_leg
    row = o.course.line_row
    events: list[tuple[str, str, str]] = []
    for i, a in enumerate(move.actions):
        if stopped:
            return _fail(f"action {i + 1} ({a}) follows the into-the-wind stop: the move ended "
                         "there", cite(INTO), steps, points, crew)
        nb, nh, stepped = act(bow, heading, a)
        if stepped is Compass.N and not start:
            return _fail(f"action {i + 1} ({a}) steps straight into the wind", cite(FORBIDDEN),
                         steps, points, crew)
        bad_hull = board.problem(nb, nh, b.id)
        if bad_hull is not None:
            return _fail(f"action {i + 1} ({a}): {bad_hull}", pos_cite, steps, points, crew)
        if a in MP_ACTIONS:
            spent += 1
        if start:
            over = sum(1 for p in hull(nb, nh) if p[1] >= row)
            over_worst = max(over_worst, over)
        elif last_leg and not finished:
            old = hull(bow, heading)
            new = hull(nb, nh)
            if (any(p[1] >= row for p in old) and all(p[1] < row for p in new)
                    and all(o.course.between_line_ends(p[0]) for p in old if p[1] == row)
                    and any(p[1] == row for p in old)):
                finished = True
                events.append(("finish", b.id, f"{b.id} crosses the finish line between the "
                                               "jury boat and the buoy"))
        bow, heading = nb, nh
        if (a in MP_ACTIONS and heading is Compass.N and o.into_the_wind and not start):
            stopped = True
            events.append(("stop", b.id, f"{b.id} points into the wind after action {i + 1}: "
                                         "its move stops"))
            steps.append(Step("rule", f"action {i + 1} ({a}) leaves {b.id} pointing into "
                                      f"the wind: the move stops, {points - spent} point"
                                      f"{'s' if points - spent != 1 else ''} lost",
                              cite(INTO)))
    # 4. points
    if stopped:
        ok = spent <= points
    elif o.must_use_all_points or start:
        ok = spent == points
    else:
        ok = spent <= points
    if not ok:
        return _fail(f"{spent} Movement Point action{'s' if spent != 1 else ''} for {points} "
                     "point" + ("s" if points != 1 else "") + " available", pos_cite, steps,
                     points, crew)
    # 5. final heading
    if not start and heading is Compass.N and not o.into_the_wind:
        return _fail(f"{b.id} would end its move pointing into the wind", cite(FORBIDDEN),
                     steps, points, crew)
    # 6. blocking
    blocked_who = _blocked(position, b, bow, heading, start)
    if blocked_who is not None:
        return _fail(f"{b.id}'s move would leave {blocked_who} without a legal action",
                     cite(START if start else FORBIDDEN), steps, points, crew)
    # legal: the position after
    after, verdicts, more = _after(position, b, move, bow, heading, finished, stopped,
                                   over_worst)
    events.extend(more)
    if crew_idx:
        steps.append(Step("fact", f"{len(crew_idx)} of {crew} crew point"
                                  f"{'s' if crew != 1 else ''} spent on crew tacks around "
                                  "the bow", cite(CREW)))
    steps.append(Step("fact", f"{spent} Movement Point action{'s' if spent != 1 else ''} "
                              f"of {points}; every hull position legal; no boat left "
                              "without an action", pos_cite))
    sections = {"finish": END, "leg": END, "verdict": START, "sequence": SEQUENCE,
                "stop": INTO}
    for kind, _who, text in events:
        steps.append(Step("fact", text, cite(sections.get(kind, POSITION))))
    steps.append(Step("conclusion", "legal", pos_cite))
    return Legality(True, "legal", pos_cite, tuple(steps), points, crew, after, verdicts,
                    tuple(events), stopped)


def _blocked(position: Position, b: Boat, bow: Point, heading: Compass,
             start: bool) -> str | None:
    """The first other boat left without a legal action by ``b`` ending there, or ``None``."""
    mover_hull = hull(bow, heading)
    for x in position.boats:
        if x.id == b.id or not position.obstacle(x) or not _racing(position, x):
            continue
        xb = _Board(position, x.id, b.id, extra=(mover_hull,))
        if not _has_action(xb, x.bow, x.heading, start):
            return x.id
    return None


def _card_steps(position: Position, b: Boat, move: Move) -> list[Step]:
    """Why the card (or discard) of a move is allowed, for the explanation."""
    if position.phase == "start":
        return []
    o = position.options
    out: list[Step] = []
    c = move.card
    if c is not None and b.upwind:
        out.append(Step("rule", f"{b.id} heads {b.heading.name}, "
                                f"{_colour_name(b.tack)}: {c} may be played", cite(TURN)))
    if not (o.sequence and b.upwind):
        return out
    if move.discard is not None:
        out.append(Step("rule", f"{b.id} can neither continue nor start a sequence: it "
                                "discards for 2 points that start nothing", cite(SEQUENCE)))
    elif c is not None and b.tack is None and o.into_the_wind:
        out.append(Step("rule", f"{b.id} begins its turn into the wind: a 2 of either colour "
                                "starts a sequence", cite(INTO)))
    elif c is not None and b.sequence is not None and _continues(b.sequence, c.up):
        out.append(Step("rule", f"the sequence stands at {b.sequence}: a {c.up} continues it",
                        cite(SEQUENCE)))
    elif c is not None:
        again = "nothing in the hand continues it: " if b.sequence is not None else ""
        out.append(Step("rule", f"{again}a 2 starts a sequence", cite(SEQUENCE)))
    return out


def _after_skip(position: Position, b: Boat, move: Move) -> Position:
    nb = replace(b, status=None) if b.status == "stands-still" else b
    if move.exchange:
        nb = replace(nb, hand=())
    return position.replaced(nb)


def _after(position: Position, b: Boat, move: Move, bow: Point, heading: Compass,
           finished: bool, stopped: bool, over_worst: int,
           ) -> tuple[Position, tuple[tuple[str, str], ...], list[tuple[str, str, str]]]:
    o = position.options
    events: list[tuple[str, str, str]] = []
    hand = b.hand
    used = move.card if move.card is not None else move.discard
    if hand is not None and used is not None and used in hand:
        lst = list(hand)
        lst.remove(used)
        hand = tuple(lst)
    if position.phase == "start":
        verdicts: list[tuple[str, str]] = []
        status = b.status
        fifth = position.start_round == 4
        if over_worst and (not fifth or over_worst == 2):
            status = "disqualified"
            events.append(("verdict", b.id, f"{b.id} crossed the start line "
                           + ("before the fifth manoeuvre" if not fifth else
                              "with its whole hull on the fifth manoeuvre")
                           + ": disqualified"))
        elif over_worst == 1 and status != "disqualified":
            status = "stands-still"
            events.append(("verdict", b.id, f"{b.id} has one hull point over the line on its "
                                            "fifth manoeuvre: it stands still one turn"))
        if status != b.status and status is not None:
            verdicts.append((b.id, status))
        moved = replace(b, bow=bow, heading=heading, hand=hand, status=status)
        ids = position.boat_ids
        rnd = position.start_round
        if ids[-1] == b.id:
            rnd += 1
        after = position.replaced(moved)
        # a boat that is not moving but stands over the line without a verdict (a position
        # given by hand) is judged as it stands, by the manoeuvres it has made
        me = ids.index(b.id)
        for i, x in enumerate(position.boats):
            over = sum(1 for p in x.points if p[1] >= o.course.line_row)
            if x.id == b.id or x.status is not None or not over:
                continue
            made = position.start_round + (1 if i < me else 0)
            verdict: Status = "stands-still" if made == 5 and over == 1 else "disqualified"
            verdicts.append((x.id, verdict))
            events.append(("verdict", x.id, f"{x.id} stands over the line after "
                           f"{made} manoeuvre{'s' if made != 1 else ''}: {verdict}"))
            after = after.replaced(replace(x, status=verdict))
        if rnd >= 5:
            after = replace(after, phase="race", start_round=0)
        else:
            after = replace(after, start_round=rnd)
        return after, tuple(verdicts), events
    seq = b.sequence
    leg = b.leg
    if o.sequence and b.upwind:
        end_tack = tack_of(heading)
        if move.discard is not None:
            seq = None
        elif move.card is not None:
            if b.tack is None and o.into_wind_two_starts_sequence and move.card.up == 2 \
                    and o.into_the_wind:
                seq = 2
            elif end_tack != b.tack:
                seq = None
                events.append(("sequence", b.id, f"{b.id} changed tack during the move: its "
                                                 "sequence ends"))
            else:
                seq = move.card.up
    elif not o.sequence:
        seq = None
    if not finished:
        if b.upwind and bow[1] > o.course.windward[1]:
            leg += 1
            seq = None
            events.append(("leg", b.id, f"{b.id} completes leg {b.leg} (upwind) with its bow "
                                        f"above the windward buoy's row: cards turned over"))
        elif not b.upwind and b.leg < o.last_leg and bow[1] < o.course.line_row:
            leg += 1
            seq = None
            events.append(("leg", b.id, f"{b.id} completes leg {b.leg} (downwind) with its "
                                        "bow below the leeward buoy's row: cards turned over"))
    if not o.sequence or leg % 2 == 0:
        seq = None
    moved = replace(b, bow=bow, heading=heading, leg=leg, sequence=seq, hand=hand,
                    finished=finished)
    return position.replaced(moved), (), events


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is legal in ``position``."""
    return legality(position, move).legal


def apply(position: Position, move: Move) -> Position:
    """The position after a legal move (pure); otherwise
    :class:`~rightofway.errors.IllegalMove` with the reason and its citation."""
    lg = legality(position, move)
    if not lg.legal or lg.after is None:
        raise IllegalMove(move, lg.reason, lg.cite)
    return lg.after


def adjudicate(position: Position, move: Move) -> Legality:
    """The ruling on a move: its legality with every step (an alias of :func:`legality`)."""
    return legality(position, move)


def _can_move(position: Position, boat_id: str) -> bool:
    """Whether the boat has a legal move with some card or discard."""
    for m in playable(position, boat_id):
        c = m.card if m.card is not None else m.discard
        assert c is not None
        if legal_moves(position, boat_id, c, discard=m.discard is not None):
            return True
    return False


# --- generation -----------------------------------------------------------------------------


def legal_moves(position: Position, boat_id: str, card: Card | str | None = None, *,
                discard: bool = False) -> list[Move]:
    """Every legal move of a boat with one card (or discarding it, with ``discard``): one
    move for each distinct outcome (where the bow ends, its heading, whether it finished),
    reached by the shortest action sequence found; moves
    that end the same differ in nothing the rules look at afterwards. Without a card:
    the moves of every card and discard it may use, or its skip."""
    b = _boat(position, boat_id)
    if card is None:
        out: list[Move] = []
        for m in playable(position, boat_id):
            c = m.card if m.card is not None else m.discard
            assert c is not None
            out.extend(legal_moves(position, boat_id, c, discard=m.discard is not None))
        if not out and _card_problem(position, b, Move(boat_id)) is None:
            out = [Move(boat_id)]
            if position.phase == "race" and b.status is None:
                out.append(Move(boat_id, exchange=True))
        return out
    try:
        c = Card.parse(card)
    except CardError as e:
        raise ValueError(f"card: {e}") from None
    base = Move(boat_id, None if discard else c, (), discard=c if discard else None)
    if _card_problem(position, b, base) is not None:
        return []
    points, _ = points_available(position, base)
    crew = crew_points(b, base.card, position)
    board = _Board(position, boat_id)
    blocking: dict[tuple[Point, Compass], str | None] = {}
    start = position.phase == "start"
    end_into_wind_ok = start or position.options.into_the_wind
    out = []
    # every step of these sequences was checked as it was found (hull, no step into the
    # wind, points, one crew block within the crew points): the end is what is left
    blocked = _blocker(position, b, start)
    for acts, bow, heading in _sequences(position, b, board, points, crew):
        if heading is Compass.N and not end_into_wind_ok:
            continue
        key = (bow, heading)
        if key not in blocking:
            blocking[key] = blocked(bow, heading)
        if blocking[key] is None:
            out.append(Move(boat_id, base.card, acts, discard=base.discard))
    return out


def _blocker(position: Position, b: Boat, start: bool,
             ) -> Callable[[Point, Compass], str | None]:
    """A quick :func:`_blocked` for many ends of one boat's move: each other boat's legal
    actions are found once without the mover, and a boat is left without one when the
    mover's new hull takes or crosses every one of them."""
    others: list[tuple[str, list[tuple[Point, Point]]]] = []
    for x in position.boats:
        if x.id == b.id or not position.obstacle(x) or not _racing(position, x):
            continue
        xb = _Board(position, x.id, b.id)
        found = []
        for a in MP_ACTIONS:
            nb, nh, stepped = act(x.bow, x.heading, a)
            if stepped is Compass.N and not start:
                continue
            if xb.problem(nb, nh, "") is None:
                found.append(hull(nb, nh))
        others.append((x.id, found))

    def blocked(bow: Point, heading: Compass) -> str | None:
        mover = hull(bow, heading)
        for xid, found in others:
            if all(c[0] in mover or c[1] in mover or crossing(c, mover) for c in found):
                return xid
        return None

    return blocked


def _sequences(position: Position, b: Boat, board: _Board, points: int, crew: int,
               ) -> list[tuple[tuple[Action, ...], Point, Compass]]:
    """One action sequence for each distinct outcome (end bow, heading, finish): a
    breadth-first search over Movement Point actions whose hulls stay legal (steps into
    the wind left out during the race), with at most one block of crew tacks turning one
    way, before, between or after them. Shorter sequences come first."""
    o = position.options
    start = position.phase == "start"
    stop = o.into_the_wind and not start
    partial = not o.must_use_all_points and not start
    blocks: list[tuple[Action, ...]] = []
    if crew and o.crew and not start:
        cl: tuple[Action, ...] = ("CL",)
        cr: tuple[Action, ...] = ("CR",)
        for k in range(1, crew + 1):
            blocks.append(cl * k)
            blocks.append(cr * k)
    last_leg = b.leg == o.last_leg and not b.finished and not start
    row = o.course.line_row
    course = o.course
    # state: bow, heading, Movement Points spent, crew block used, finished, stopped
    State = tuple[Point, Compass, int, bool, bool, bool]
    first: State = (b.bow, b.heading, 0, False, b.finished, False)
    seen: set[State] = {first}
    frontier: list[tuple[State, tuple[Action, ...]]] = [(first, ())]
    outcomes: dict[tuple[Point, Compass, bool], tuple[Action, ...]] = {}

    def crossed(old: tuple[Point, Point], new: tuple[Point, Point]) -> bool:
        return (any(p[1] >= row for p in old) and all(p[1] < row for p in new)
                and any(p[1] == row for p in old)
                and all(course.between_line_ends(p[0]) for p in old if p[1] == row))

    while frontier:
        nxt: list[tuple[State, tuple[Action, ...]]] = []
        for (bow, heading, spent, used, fin, stopped), done in frontier:
            if spent == points or stopped or partial:
                outcomes.setdefault((bow, heading, fin), done)
            if stopped:
                continue
            if not used:
                for blk in blocks:
                    nb, nh, ok = _block_end(board, bow, heading, blk)
                    if not ok:
                        continue
                    f2 = fin
                    if last_leg and not fin:
                        pb, ph = bow, heading
                        for a in blk:
                            qb, qh, _ = act(pb, ph, a)
                            if crossed(hull(pb, ph), hull(qb, qh)):
                                f2 = True
                            pb, ph = qb, qh
                    state = (nb, nh, spent, True, f2, False)
                    if state not in seen:
                        seen.add(state)
                        nxt.append((state, done + blk))
            if spent == points:
                continue
            for a in MP_ACTIONS:
                nb, nh, stepped = act(bow, heading, a)
                if stepped is Compass.N and not start:
                    continue
                if board.problem(nb, nh, "") is not None:
                    continue
                f2 = fin or (last_leg and crossed(hull(bow, heading), hull(nb, nh)))
                st = stop and nh is Compass.N
                state = (nb, nh, spent + 1, used, f2, st)
                if state not in seen:
                    seen.add(state)
                    nxt.append((state, (*done, a)))
        frontier = nxt
    return [(acts, bow, heading) for (bow, heading, _), acts in outcomes.items()]


def _block_end(board: _Board, bow: Point, heading: Compass, blk: Sequence[Action],
               ) -> tuple[Point, Compass, bool]:
    for a in blk:
        bow, heading, _ = act(bow, heading, a)
        if board.problem(bow, heading, "") is not None:
            return bow, heading, False
    return bow, heading, True


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
        return None, [Step("fact", "every boat is disqualified", cite(START))]

    def key(b: Boat) -> tuple[int, float]:
        return abs(b.bow[1] - row), math.dist(b.bow, buoy)

    ranked = sorted(boats, key=key)
    for b in ranked:
        d, e = key(b)
        steps.append(Step("fact", f"{b.id}: bow {d} row{'s' if d != 1 else ''} from the line, "
                                  f"{e:.2f} from the leeward buoy", cite(START)))
    if len(ranked) > 1 and key(ranked[0]) == key(ranked[1]):
        steps.append(Step("conclusion", "a tie on both measures: the higher of two drawn card "
                                        "values decides", cite(START)))
        return None, steps
    steps.append(Step("conclusion", f"{ranked[0].id} moves first", cite(START)))
    return ranked[0].id, steps
