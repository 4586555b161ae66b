"""Race the Wind moves (RTW 2, 3.2): generation, claims, legality and ``apply``.

A move is the whole of a boat's turn, written as actions (``A`` advance,
``R45 R90 L45 L90`` turns). What a boat may do depends on its point of sail
when the turn begins (RTW 2):

* head to wind: one manoeuvre;
* close-hauled and run: one movement or one manoeuvre;
* beam reach: two parts, each a movement or a manoeuvre;
* broad reach: a movement, then an optional manoeuvre.

A manoeuvre turns 45 or 90 degrees and may not end head to wind during the
race (it may at the start). Blue tokens (gusts) add movements, yellow tokens
(lulls) end the move at once (RTW 3.2). Marks are obstacles and no boat may
enter another's intersection.

The generator works on plain ints and tuples: game engines call it in search
loops.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from rightofway import results
from rightofway.errors import IllegalMove
from rightofway.explain import Citation, Step
from rightofway.geometry import (
    Compass,
    Point,
    PointOfSail,
    angle_off_wind,
    chebyshev,
    point_of_sail,
)
from rightofway.results import Answer
from rightofway.rtw.position import (
    TURNS,
    Action,
    Boat,
    Move,
    PenaltyTurn,
    Phase,
    Position,
    check_move,
    check_position,
)
from rightofway.rtw.sections import RTW2, RTW32, RTW34, RTW36

__all__ = [
    "IllegalMove",
    "Legality",
    "Outcome",
    "apply",
    "can_serve_penalty",
    "claims",
    "claims_of",
    "is_legal",
    "legal_moves",
    "legality",
    "outcomes",
    "penalty_serving",
]


_STEP: dict[int, Point] = {d.value: d.step for d in Compass}
_TURN_ITEMS: tuple[tuple[Action, int], ...] = (("R45", 45), ("R90", 90), ("L45", -45), ("L90", -90))


class Outcome(NamedTuple):
    """One way a boat's turn can go: its actions and where they take it."""

    actions: tuple[Action, ...]
    path: tuple[Point, ...]
    """Intersections entered, in order; the last is where a moving boat ends."""
    end: Point
    heading: int
    """Bearing of the heading at the end of the move."""
    lulled: bool
    """A yellow token stopped the boat."""


def _turn_table() -> dict[tuple[int, int, bool], tuple[tuple[Action, int], ...]]:
    """Manoeuvres allowed from each heading, per wind and phase (never ending head to
    wind during the race, RTW 2)."""
    table = {}
    for h in Compass:
        for w in Compass:
            for start in (False, True):
                table[h.value, w.value, start] = tuple(
                    (name, (h.value + d) % 360)
                    for name, d in _TURN_ITEMS
                    if start or (h.value + d) % 360 != w.value
                )
    return table


_TURNS = _turn_table()
_ANGLE: dict[int, int] = {r: int(angle_off_wind(0, r)) for r in range(0, 360, 45)}


def _generate(
    at: Point,
    heading: int,
    wind: int,
    start: bool,
    yellow: frozenset[Point],
    blue: frozenset[Point],
    blocked: frozenset[Point] | set[Point],
    beam_gust: bool = False,
) -> list[Outcome]:
    """Every way a turn can go for a boat that is free to move (RTW 2, 3.2).

    ``beam_gust`` is the option ``beam_gust_after_manoeuvre``: whether a beam
    reach's manoeuvre + movement earns a gust."""
    out: list[Outcome] = []
    append = out.append
    turn_table = _TURNS

    def after_advance(acts: tuple[Action, ...], path: tuple[Point, ...], p: Point,
                      h: int) -> None:
        # p has just been entered by a movement that earns a gust on a blue token
        while True:
            if p in yellow:
                append(Outcome(acts, path, p, h, True))
                return
            append(Outcome(acts, path, p, h, False))
            if p not in blue:
                return
            s = _STEP[h]
            q = (p[0] + s[0], p[1] + s[1])
            if q in blocked:
                return
            acts = (*acts, "A")
            path = (*path, q)
            p = q

    x, y = at
    angle = _ANGLE[(wind - heading) % 360]
    sx, sy = _STEP[heading]
    ahead = (x + sx, y + sy)
    can_advance = ahead not in blocked
    turns = turn_table[heading, wind, start]
    if angle == 0:  # head to wind: a single manoeuvre
        for name, nh in turns:
            append(Outcome((name,), (), at, nh, False))
    elif angle == 45 or angle == 180:  # close-hauled or run
        if can_advance:
            after_advance(("A",), (ahead,), ahead, heading)
        for name, nh in turns:
            append(Outcome((name,), (), at, nh, False))
    elif angle == 90:  # beam reach: two parts, a gust only after a final movement
        if can_advance:
            if ahead in yellow:
                append(Outcome(("A",), (ahead,), ahead, heading, True))
            else:
                ahead2 = (ahead[0] + sx, ahead[1] + sy)
                if ahead2 not in blocked:
                    after_advance(("A", "A"), (ahead, ahead2), ahead2, heading)
                for name, nh in turns:
                    append(Outcome(("A", name), (ahead,), ahead, nh, False))
        for n1, h1 in turns:
            s1 = _STEP[h1]
            q = (x + s1[0], y + s1[1])
            if h1 != wind and q not in blocked:  # head to wind a boat cannot advance
                if beam_gust:
                    after_advance((n1, "A"), (q,), q, h1)
                else:  # the one movement of manoeuvre + movement earns no gust (RTW 3.2)
                    append(Outcome((n1, "A"), (q,), q, h1, q in yellow))
            for n2, h2 in turn_table[h1, wind, start]:
                append(Outcome((n1, n2), (), at, h2, False))
    elif can_advance:  # broad reach: movement, then an optional manoeuvre
        if ahead in yellow:
            append(Outcome(("A",), (ahead,), ahead, heading, True))
        else:
            append(Outcome(("A",), (ahead,), ahead, heading, False))
            gust = ahead in blue
            if gust:  # take the gust straight on, or manoeuvre first and then take it
                ahead2 = (ahead[0] + sx, ahead[1] + sy)
                if ahead2 not in blocked:
                    after_advance(("A", "A"), (ahead, ahead2), ahead2, heading)
            for name, nh in turns:
                append(Outcome(("A", name), (ahead,), ahead, nh, False))
                if gust:
                    s1 = _STEP[nh]
                    q = (ahead[0] + s1[0], ahead[1] + s1[1])
                    if q not in blocked:
                        after_advance(("A", name, "A"), (ahead, q), q, nh)
    return out


def outcomes(position: Position, boat_id: str, *, other_boats: bool = True) -> list[Outcome]:
    """Every legal way ``boat_id``'s next turn can go.

    With ``other_boats=False`` the other boats are ignored (as claims do). A
    boat held by a lull has only the empty move. A boat whose every move is
    blocked by marks or boats may make one manoeuvre where it stands instead.
    """
    check_position(position)
    boat = position.boat(boat_id)
    if boat.lull:
        return [Outcome((), (), boat.at, boat.heading.value, False)]
    blocked: frozenset[Point] | set[Point] = position.mark_points
    if other_boats:
        blocked = set(blocked)
        blocked.update(b.at for b in position.boats if b.id != boat_id)
    res = _generate(
        boat.at,
        boat.heading.value,
        position.wind.value,
        position.phase is Phase.START,
        position.yellow,
        position.blue,
        blocked,
        position.options.beam_gust_after_manoeuvre,
    )
    if res:
        return res
    # Blocked on every side the rules give it: it may still turn where it stands.
    return [Outcome((name,), (), boat.at, nh, False)
            for name, nh in _TURNS[boat.heading, position.wind, position.phase is Phase.START]]


_EMPTY: frozenset[Point] = frozenset()
_COMPASS: dict[int, Compass] = {c.value: c for c in Compass}


_START = Phase.START  # looked up once (an enum member is a descriptor lookup on its class)
_Turns = tuple[tuple[int, int, int], ...]
_Row = tuple[int, int, int, int, _Turns]
"""What a boat's claims depend on besides the board, looked up once per boat: angle off
the wind, heading, its step, and the manoeuvres that may go on with a movement (each new
heading and its step)."""


def _row(heading: int, wind: int, start: bool) -> _Row:
    angle = _ANGLE[(wind - heading) % 360]
    turns = _TURNS[heading, wind, start]
    # a beam reach turns then moves, and never moves head to wind; a broad reach moves
    # first, so each of its manoeuvres may go on through a gust
    moving = tuple((h, *_STEP[h]) for _name, h in turns if angle != 90 or h != wind)
    return (angle, heading, *_STEP[heading], moving)


_ROWS: dict[tuple[int, bool], dict[int, _Row]] = {
    (w.value, start): {h.value: _row(h.value, w.value, start) for h in Compass}
    for w in Compass for start in (False, True)
}
""":func:`_row` by wind and phase, then heading (64 x 2 rows)."""


def claims_of(position: Position, boat_id: str) -> frozenset[Point]:
    """The intersections a boat could pass through or end on with any legal next move.

    Tokens count, other boats are ignored, the boat's own intersection is left
    out, and a boat that must stand still claims nothing (conventions, RTW 3.4).
    """
    check_position(position)
    boat = position.boat(boat_id)
    if boat.lull:
        return _EMPTY
    row = _ROWS[position.wind, position.phase is Phase.START][boat.heading]
    return frozenset(_reach(boat.at, row, position.yellow, position.blue, position._marks_at,
                            position.options.beam_gust_after_manoeuvre))


def _run_on(add: Callable[[Point], None], p: Point, h: int, blue: frozenset[Point],
            marks: frozenset[Point]) -> None:
    """Carry a boat that entered blue ``p`` on along heading ``h`` while gusts take it."""
    sx, sy = _STEP[h]
    while p in blue:
        p = (p[0] + sx, p[1] + sy)
        if p in marks:
            return
        add(p)


def _reach(
    at: Point,
    row: _Row,
    yellow: frozenset[Point],
    blue: frozenset[Point],
    marks: frozenset[Point],
    beam_gust: bool,
) -> list[Point]:
    """The intersections :func:`_generate`'s moves enter, without building the moves.

    The hot path of claims. It walks the same rules as :func:`_generate` but
    keeps only intersections (some perhaps twice; never ``at``: every path leaves it);
    tests/test_properties.py checks that both agree on random positions. Yellow and
    blue tokens never share an intersection. Every movement that earns gusts goes on
    through blue (:func:`_run_on`).
    """
    angle, heading, sx, sy, turns = row
    if angle == 0:  # head to wind: manoeuvres only
        return []
    x, y = at
    ahead = (x + sx, y + sy)
    if angle == 45 or angle == 180:  # close-hauled or a run: one movement straight on
        if ahead in marks:
            return []
        run = [ahead]
        while ahead in blue:  # _run_on, written out: most boats sail this way
            ahead = (ahead[0] + sx, ahead[1] + sy)
            if ahead in marks:
                break
            run.append(ahead)
        return run
    pts: list[Point] = []
    add = pts.append
    free = ahead not in marks
    if angle == 90:
        if free:
            add(ahead)
            ahead2 = (ahead[0] + sx, ahead[1] + sy)
            if ahead not in yellow and ahead2 not in marks:
                add(ahead2)
                if ahead2 in blue:
                    _run_on(add, ahead2, heading, blue, marks)
        for h1, tx, ty in turns:
            q = (x + tx, y + ty)
            if q not in marks:
                add(q)
                if beam_gust and q in blue:
                    _run_on(add, q, h1, blue, marks)
        return pts
    if free:  # broad reach
        add(ahead)
        if ahead in blue:
            ahead2 = (ahead[0] + sx, ahead[1] + sy)
            if ahead2 not in marks:
                add(ahead2)
                _run_on(add, ahead2, heading, blue, marks)
            x, y = ahead
            for h1, tx, ty in turns:
                q = (x + tx, y + ty)
                if q not in marks:
                    add(q)
                    _run_on(add, q, h1, blue, marks)
    return pts


def claims(position: Position) -> dict[str, frozenset[Point]]:
    """Claims of every boat, by id.

    The hot path of engines: :func:`claims_of` for every boat, with what the boats share
    (the wind, the phase, the special intersections) looked up once."""
    if not isinstance(position, Position):
        check_position(position)
    known = position._claims
    if len(known) == len(position.boats):
        return dict(known)
    rows = _ROWS[position.wind, position.phase is _START]
    yellow, blue, marks = position.yellow, position.blue, position._marks_at
    beam_gust = position.options.beam_gust_after_manoeuvre
    out: dict[str, frozenset[Point]] = {}
    for boat in position.boats:
        found = known.get(boat.id) if known else None
        if found is not None:  # kept already (a move's position keeps the unmoved boats')
            out[boat.id] = found
        elif boat.lull:
            out[boat.id] = _EMPTY
        else:
            out[boat.id] = frozenset(_reach(boat.at, rows[boat.heading], yellow, blue, marks,
                                            beam_gust))
    # a position never changes: it keeps its claims for the next caller, in its own dict
    known.update(out)
    return out


def legal_moves(position: Position, boat_id: str) -> list[Move]:
    """Every legal move of ``boat_id`` (other boats and marks are in the way)."""
    check_position(position)
    return [Move(boat_id, o.actions) for o in outcomes(position, boat_id)]


@dataclass(frozen=True, slots=True)
class Legality(results.Legality[Position, Move]):
    """Whether a move is legal, why (``reason``, and ``cite`` the section that decides), and
    where it takes the boat when it is (``outcome``; ``None`` for an illegal move)."""

    outcome: Outcome | None = None


_PATTERN: dict[PointOfSail, str] = {
    PointOfSail.HEAD_TO_WIND: "a boat head to wind has exactly one manoeuvre",
    PointOfSail.CLOSE_HAULED: "a close-hauled boat has one movement or one manoeuvre",
    PointOfSail.BEAM_REACH: (
        "a boat on a beam reach has exactly two parts, each a movement or a manoeuvre"
    ),
    PointOfSail.BROAD_REACH: (
        "a boat on a broad reach advances once, then may manoeuvre once"
    ),
    PointOfSail.RUN: "a boat on a run has one movement or one manoeuvre",
}


def _describe(boat: Boat, position: Position) -> tuple[PointOfSail, Step]:
    pos = point_of_sail(angle_off_wind(boat.heading.value, position.wind.value))
    return pos, Step(
        "rule",
        f"{boat.id} begins its turn {pos.value} (heading {boat.heading.name}, wind "
        f"{position.wind.name}): {_PATTERN[pos]}",
        RTW2,
    )


def legal_verdict(move: Move, o: Outcome) -> Legality:
    """The verdict on a move already known to be one of the boat's :func:`outcomes` (what
    :func:`legality` says of it, without generating the moves again)."""
    text = f"{move} is a legal move"
    if o.lulled:
        text += f"; a yellow token at {list(o.end)} stops it there (RTW 3.2)"
    return Legality(move, True, text, RTW2, (Step("rule", text, RTW2),), o)


def legality(position: Position, move: Move) -> Legality:
    """Whether ``move`` is legal in ``position``: the reason, the section that decides
    (``cite``) and the steps, and where the move takes the boat (``outcome``).

    A :class:`~rightofway.rtw.PenaltyTurn` is legal where the boat may serve a penalty
    (:func:`penalty_serving`); whether it owes one is the race's to know."""
    check_position(position)
    check_move(move)
    if type(move) is PenaltyTurn:
        return _penalty_turn(position, move)
    boat = position.boat(move.boat)
    options = outcomes(position, move.boat)
    for o in options:
        if o.actions == move.actions:
            return legal_verdict(move, o)
    pos, pattern = _describe(boat, position)
    reason, cite = _diagnose(position, boat, move, options, pos)
    return Legality(move, False, reason, cite, (pattern, Step("conclusion", reason, cite)))


def _penalty_turn(position: Position, move: PenaltyTurn) -> Legality:
    """A penalty turn turns the boat 90 degrees where it stands, two intersections clear of
    every mark and boat (RTW 3.4), unless a lull holds it (RTW 3.2)."""
    boat = position.boat(move.boat)
    if boat.lull:
        reason = f"{boat.id} was stopped by a lull and must stand still this turn"
        return Legality(move, False, reason, RTW32, (Step("conclusion", reason, RTW32),))
    answer = penalty_serving(position, boat.id)
    if not answer:
        return Legality(move, False, answer.reason, RTW34, answer.steps)
    text = f"{move} is a legal move: {answer.reason}"
    heading = (boat.heading.value + TURNS[move.direction]) % 360
    return Legality(move, True, text, RTW34, (*answer.steps[:-1], Step("rule", text, RTW34)),
                    Outcome(move.actions, (), boat.at, heading, False))


def penalty_serving(position: Position, boat_id: str) -> Answer:
    """Whether a boat may serve its 360-degree penalty where it stands, and why (RTW 3.4).

    The four 90-degree turns need at least two intersections from every mark
    and from every other boat.
    """
    check_position(position)
    b = position.boat(boat_id)
    too_close = [
        f"mark {m.id} at {list(m.at)}" for m in position.marks if chebyshev(b.at, m.at) < 2
    ] + [
        f"boat {o.id} at {list(o.at)}"
        for o in position.boats
        if o.id != b.id and chebyshev(b.at, o.at) < 2
    ]
    rule = Step(
        "rule",
        "a penalty is a full turn in four 90-degree manoeuvres over four moves, at least two "
        "intersections from every mark and every other boat",
        RTW34,
    )
    if too_close:
        reason = f"{b.id} at {list(b.at)} is within one intersection of {', '.join(too_close)}"
        return Answer(False, reason, (rule, Step("conclusion", reason, RTW34)))
    reason = f"{b.id} at {list(b.at)} is clear of every mark and boat by two intersections"
    return Answer(True, reason, (rule, Step("conclusion", reason, RTW34)))


def can_serve_penalty(position: Position, boat_id: str) -> bool:
    """Whether the boat may serve its penalty where it stands; see :func:`penalty_serving`."""
    return penalty_serving(position, boat_id).value


def _diagnose(
    position: Position, boat: Boat, move: Move, options: list[Outcome], pos: PointOfSail
) -> tuple[str, Citation]:
    """Explain the first action of ``move`` that no legal move allows."""
    if boat.lull:
        return (
            f"{boat.id} was stopped by a lull and must stand still this turn",
            RTW32,
        )
    if not move.actions:
        return (f"{boat.id} must make its move in full; standing still is not a move here", RTW2)
    at, heading = boat.at, boat.heading.value
    wind = position.wind.value
    for i, act in enumerate(move.actions):
        prefix = move.actions[: i + 1]
        if any(o.actions[: i + 1] == prefix for o in options):
            if act == "A":
                s = _STEP[heading]
                at = (at[0] + s[0], at[1] + s[1])
            else:
                heading = (heading + TURNS[act]) % 360
            continue
        before = move.actions[:i]
        done = f"[{' '.join(before)}]" if i else "the start of the move"
        whole = i > 0 and any(o.actions == before for o in options)
        if i > 0 and at in position.yellow and before[-1] == "A":
            return (f"the lull at {list(at)} ended {boat.id}'s move there", RTW32)
        if act == "A":
            if heading == wind:
                return (f"after {done} boat {boat.id} is head to wind and cannot advance", RTW2)
            s = _STEP[heading]
            nxt = (at[0] + s[0], at[1] + s[1])
            for m in position.marks:
                if m.at == nxt:
                    return (
                        f"advancing from {list(at)} would run onto mark {m.id} at "
                        f"{list(nxt)}; marks are obstacles",
                        RTW36,
                    )
            other = position.boat_at(nxt)
            if other is not None:
                return (
                    f"advancing from {list(at)} would run into boat {other.id} at {list(nxt)}",
                    RTW34,
                )
            if whole and before[-1] == "A":
                return _no_gust(position, boat, before, at, pos)
        else:
            nh = (heading + TURNS[act]) % 360
            if nh == wind and position.phase is not Phase.START:
                return (
                    f"{act} after {done} would leave boat {boat.id} head to wind, which is "
                    "forbidden during the race",
                    RTW2,
                )
            if pos is PointOfSail.BROAD_REACH and before[:2] == ("A", "A"):
                return (
                    f"after {done} boat {boat.id} took the gust straight on, and a broad reach "
                    "that does so gives up its manoeuvre",
                    RTW32,
                )
        if whole:
            return (f"{done} is already {boat.id}'s whole move: {_PATTERN[pos]}", RTW2)
        return (f"{act} cannot follow {done}: {_PATTERN[pos]}", RTW2)
    return (f"the move stops short: {_PATTERN[pos]}, and the move is compulsory in full", RTW2)


def _no_gust(position: Position, boat: Boat, before: tuple[Action, ...], at: Point,
             pos: PointOfSail) -> tuple[str, Citation]:
    """Why no further advance follows ``before``, a whole move ending with a movement at ``at``."""
    done = f"[{' '.join(before)}]"
    if at in position.blue and pos is PointOfSail.BEAM_REACH and before[0] != "A":
        return (
            f"{done} is a manoeuvre then a movement, and a beam reach earns a gust only for a blue "
            f"token reached by its second movement, so the blue token at {list(at)} gives "
            "nothing (option beam_gust_after_manoeuvre)",
            RTW32,
        )
    return (
        f"after {done} boat {boat.id} has no movement left: {_PATTERN[pos]}; only a blue token "
        f"where a movement ends earns another (RTW 3.2), and there is none at {list(at)}",
        RTW2,
    )


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is legal; see :func:`legality` for the reason."""
    check_position(position)
    check_move(move)
    if type(move) is PenaltyTurn:
        return _penalty_turn(position, move).legal
    return any(o.actions == move.actions for o in outcomes(position, move.boat))


def apply(position: Position, move: Move) -> Position:
    """The position after ``move``; the input is never changed.

    Raises :class:`~rightofway.errors.IllegalMove` with the reason when the move is not legal.
    A boat stopped by a yellow token gets ``lull=True`` when the option
    ``yellow_skips_next_turn`` holds; standing still releases it.
    """
    check_position(position)
    check_move(move)
    if type(move) is not PenaltyTurn:  # the hot path of searches: no verdict to explain
        actions = move.actions
        for o in outcomes(position, move.boat):
            if o.actions == actions:
                return _after(position, move.boat, o)
    verdict = legality(position, move)
    if verdict.outcome is None:
        raise IllegalMove(move, verdict.reason, verdict.cite)
    return _after(position, move.boat, verdict.outcome)


def _after(position: Position, boat_id: str, o: Outcome) -> Position:
    boat = position.boat(boat_id)
    lull = o.lulled and position.options.yellow_skips_next_turn
    # a legal outcome ends on a free intersection that is not a mark: nothing to validate again
    return position._moved(Boat(boat.id, o.end, _COMPASS[o.heading], lull, boat.leg))
