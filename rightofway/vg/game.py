"""The Sailing Vector Game's moves: which are legal, making them, and rulings.

A move is checked against the manoeuvring rules (VG-M1..M4, VG-T, VG-G), the start
(VG-S1..S4), islands and the page (VG-I), marks (VG-C3) and the give-way rules
(VG-GW1..GW5), the last checked at every intersection the move passes through where the
rule speaks of the whole manoeuvre. The rules are the cited tables of
:mod:`rightofway.vg.rules`; :func:`rightofway.vg.legality` applies them and explains
every finding, and :func:`rightofway.vg.legal_moves` asks the same questions on the
engines' fast path.

The Vector Game has no penalty turns: a move that breaks a rule is not allowed
(:func:`rightofway.vg.apply` refuses it), so a protest against it is upheld and a protest
against a legal move dismissed (:func:`rightofway.vg.adjudicate`).
"""

from __future__ import annotations

from typing import NamedTuple

from rightofway.errors import IllegalMove, InputError, shown
from rightofway.explain import Step
from rightofway.geometry import Point
from rightofway.results import Protest, Ruling, Verdict
from rightofway.vg.position import (
    Boat,
    Move,
    Position,
    _landings,
    _last_free,
    _path,
    _taken,
    check_move,
    check_position,
)
from rightofway.vg.rules import (
    GW_CLOSE,
    Legality,
    _decide_grounding,
    _pins,
    judge,
    move_facts,
    route,
)
from rightofway.vg.sections import VG_C4, VG_I
from rightofway.vg.vectors import Vector, _manoeuvre_faults, _next_vectors

__all__ = ["adjudicate", "apply", "is_legal", "legal_moves", "legality", "sail", "violations"]


def legality(position: Position, move: Move) -> Legality:
    """Whether ``move`` is legal in ``position``: the reason, the rule that decides, every
    step of the judgement, and what the rules found on the way (:class:`Legality`).

    >>> from rightofway.vg import Boat, Position
    >>> verdict = legality(Position((Boat("A", (5, 5), "2U:2S"),)), Move("A", "2U:1S"))
    >>> verdict.legal, str(verdict.cite), verdict.violations
    (False, 'VG-M3', ('VG-M3',))
    """
    return judge(position, move)


def violations(position: Position, move: Move) -> tuple[str, ...]:
    """The rule ids ``move`` breaks (``VG-I`` included: it costs turns but is legal)."""
    return judge(position, move).violations


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` breaks no rule but possibly VG-I."""
    return judge(position, move).legal


def legal_moves(position: Position, boat_id: str) -> list[Move]:
    """Every legal move of the boat.

    A repairing boat has exactly one, standing still (:meth:`~rightofway.vg.Move.stand`); any
    other boat the vectors the manoeuvring rules allow that break no rule, or,
    when there is none, standing still.
    """
    check_position(position)
    b = position.boat(boat_id)
    if b.lost_turns:
        return [Move(boat_id, None)]
    moves = [Move(boat_id, v) for v in sorted(_next_vectors(b.vector)) if _legal(position, b, v)]
    return moves or [Move(boat_id, None)]


def _legal(position: Position, boat: Boat, v: Vector) -> bool:
    """Whether ``boat`` may sail ``v``: what :func:`legality` says, asked of the same rules
    in the same order without writing the explanation (engines ask it of every candidate;
    a property test holds the two together)."""
    if boat.lost_turns or _manoeuvre_faults(boat.vector, v):
        return False  # VG-I repairs; VG-S3, T, G, M1..M4
    line = position.start_line
    if line is not None and boat.vector is None and position.turn == 0 \
            and boat.at[1] != line[0][1] - 1:
        return False  # VG-S1
    traced = _path(boat.at, v)
    end = traced[-1] if traced else boat.at
    wrecked = False
    marks = position._marks_at
    islands = position.islands
    for i, p in enumerate(traced):
        if p in islands or not position._on_page(p):
            end = _last_free(position, boat, traced[:i])
            traced = traced[:i]
            wrecked = True
            break
        if marks and p in marks:
            return False  # VG-C3
    if line is not None and position.turn + 1 <= 4:
        (x1, ly), (x2, _) = line
        if any(p[1] >= ly and x1 <= p[0] <= x2 for p in traced):
            return False  # VG-S2
    side = v.side
    pinnable: list[Boat] = []
    for other in position.boats:
        if other.id == boat.id:
            continue
        oside = other.side
        if oside == "S" and side == "P" and other.vector is not None:
            ox, oy = other.vector.displacement
            ax, ay = other.at
            for px, py in traced:
                i, j = px - ax, py - ay
                if max(abs(i), abs(j)) <= GW_CLOSE and i * ox + j * oy >= 0:
                    return False  # VG-GW1
        if wrecked:
            continue
        if end == other.at:
            return False  # VG-GW5
        if end in _landings(position, other):
            if (oside == side and oside is not None and end[1] > other.at[1]) or \
                    (side == "P" and oside == "S"):
                return False  # VG-GW2, VG-GW3
            pinnable.append(other)
    if position.board is None or wrecked or not pinnable or end in marks:
        return True
    if _taken(position).get(end, boat.id) != boat.id:
        return True  # landing on a boat was VG-GW5 above
    return not any(_pins(position, boat, end, other) for other in pinnable)  # VG-GW4


def sail(position: Position, move: Move) -> tuple[Position, Legality]:
    """The position after ``move`` and the verdict on it.

    Raises :class:`rightofway.errors.IllegalMove` (a :class:`ValueError`) with
    the reason and the citation of the first rule broken when it is not legal.
    """
    verdict = judge(position, move)
    if not verdict.legal:
        raise IllegalMove(move, verdict.reason, verdict.cite)
    return _after(position, move, verdict.stand, verdict.wrecked, verdict.end), verdict


class Played(NamedTuple):
    """What a race needs of a move it plays: the position after it, where the boat stops,
    the intersections it sails through to get there (its start left out), whether it
    stood still or ran aground, and the words of a stand's or a grounding's event."""

    after: Position
    end: Point
    route: tuple[Point, ...]
    stand: bool
    wrecked: bool
    text: str


def _played(position: Position, move: Move) -> Played:
    """:func:`sail` for a race: a legal move that sails is checked on the engines' fast
    path and its facts worked out without the explanation; a stand, and a move the rules
    refuse (:class:`~rightofway.errors.IllegalMove` with the reason), are judged in full."""
    check_position(position)
    check_move(move)
    b = position.boat(move.boat)
    v = move.vector
    if v is not None and not b.lost_turns and _legal(position, b, v):
        m = move_facts(position, b, v)
        grounded = _decide_grounding(m)
        return Played(_after(position, move, False, m.wrecked, m.end), m.end,
                      route(m.traced, m.end), False, m.wrecked,
                      grounded.breach if grounded is not None else "")
    after, f = sail(position, move)
    text = f.steps[-1].text if f.stand else \
        next((st.text for st in f.steps if st.cite == VG_I), "")
    return Played(after, f.end, f.route, f.stand, f.wrecked, text)


def apply(position: Position, move: Move) -> Position:
    """The position after ``move``; :class:`rightofway.errors.IllegalMove` (a
    :class:`ValueError`) naming the first rule broken when it is not legal.

    Only the mover changes: the turn and the turn order are the race's business
    (:class:`rightofway.vg.race.Race`).
    """
    return sail(position, move)[0]


def _after(position: Position, move: Move, stand: bool, wrecked: bool, end: Point) -> Position:
    """The position after a legal move: only the mover changes."""
    b = position.boat(move.boat)
    if b.lost_turns:
        moved = Boat(b.id, b.at, None, b.lost_turns - 1)
    elif stand:
        moved = Boat(b.id, b.at, None, 0)
    elif wrecked:
        moved = Boat(b.id, end, None, 2)
    else:
        moved = Boat(b.id, end, move.vector, 0)
    return position.replace_boat(moved)


def adjudicate(position: Position, move: Move,
               protest: Protest | None = None) -> Ruling[Position, Move]:
    """Rule on a move: legality, the rules it breaks (each explained) and where the boat ends;
    with a :class:`~rightofway.results.Protest`, its verdict.

    The Vector Game has no penalty turns: a move that breaks a rule is not
    allowed, so ``penalty`` stays empty; a protest against the boat that made an illegal
    move is upheld, any other dismissed, and a last step says why.
    """
    f = judge(position, move)
    after = _after(position, move, f.stand, f.wrecked, f.end) if f.legal else None
    if f.legal:
        reason = "legal" + (" (VG-I: two turns lost)" if f.violations else "")
        if f.stand:
            reason += " (repairs)" if position.boat(move.boat).lost_turns else \
                " (no other move: it stops)"
    else:
        reason = f"breaks {', '.join(f.violations)}"
    steps = [*f.steps, Step("conclusion", f"{move} is {'legal' if f.legal else 'not legal'}"
                            f"{'' if f.legal else ': ' + ', '.join(f.violations)}", f.cite)]
    verdict: Verdict | None = None
    if protest is not None:
        verdict, step = _hearing(position, move, f, protest)
        steps.append(step)
    return Ruling(move, f.legal, reason, (), False, None, verdict, tuple(steps), after,
                  position, "vector-game")


def _hearing(position: Position, move: Move, f: Legality,
             protest: Protest) -> tuple[Verdict, Step]:
    """The verdict on ``protest`` over ``move`` and the step that gives it."""
    if not isinstance(protest, Protest):
        raise TypeError(f"protest: expected a rightofway.results.Protest, got "
                        f"{type(protest).__name__} {shown(protest)}")
    position.boat(protest.by, "protest.by")
    position.boat(protest.against, "protest.against")
    if protest.by == protest.against:
        raise InputError(f"{protest.by} cannot protest itself", ("protest", "against"))
    heard = f"{protest.by}'s protest against {protest.against}"
    if protest.against != move.boat:
        return "dismissed", Step("conclusion", f"{heard} is dismissed: the move is "
                                 f"{move.boat}'s, and {protest.against} made none", VG_C4)
    if f.legal:
        return "dismissed", Step("conclusion", f"{heard} is dismissed: {move} is legal",
                                 f.cite)
    return "upheld", Step("conclusion", f"{heard} is upheld: {move} breaks "
                          f"{', '.join(f.violations)}; the Vector Game has no penalty turns, "
                          "so the move is not allowed and the boat makes another", f.cite)
