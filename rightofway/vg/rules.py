"""The Sailing Vector Game's rules as ordered tables of cited rules, and the explained
judgement of a move that applies them.

Each :class:`~rightofway.order.Rule` stands beside the rule it implements: its citation
(:mod:`rightofway.vg.sections`), a summary in the project's words, the function that
finds what the rule says of a move and the function that explains it. An exception names
the rules it sets aside (``exception_to``, by their ids) and comes before them.

A move is judged in four tables, in this order:

* :data:`TURN` decides a turn in which the boat does not sail: a repair (VG-I) or a stop
  (VG-M2). When it decides, no other table is asked: the boat sails no path.
* :data:`SAILING`: the manoeuvring rules, the start, islands, the page and marks, each
  asked of the move as a whole. They bind side by side; where an exception applies (a
  first move, a tack, a gybe) the rules it names are not asked.
* :data:`GIVE_WAY`: the give-way rules, asked of the mover and each other boat in turn.
* :data:`NO_FORCING`: VG-GW4, asked of each other boat once the landing is known to take
  no boat's place.

A rule finds the :class:`Finding` of a breach, or nothing (``None``) when the move keeps
it or it does not apply; an exception, and a rule of :data:`TURN`, also finds a
:class:`Finding` with no breach when it applies and the move keeps it, so that the rules
it sets aside are not asked. The engines' fast path (:func:`rightofway.vg.legal_moves`)
asks the same questions without writing the explanation; a property test holds the two
together.

Right of way between two boats is the order :data:`RIGHT_OF_WAY` (starboard over port,
then leeward), applied by :func:`rightofway.order.decide`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from rightofway import results
from rightofway.explain import Citation, Step
from rightofway.geometry import Point
from rightofway.graphs import digraph
from rightofway.order import Decision, Rule, decide
from rightofway.results import RightOfWay
from rightofway.vg.position import (
    Boat,
    Move,
    Position,
    _exits,
    _landings,
    _last_free,
    _path,
    _taken,
    check_move,
    check_position,
    claims,
    engaged_pairs,
)
from rightofway.vg.sections import (
    VG_C3,
    VG_G,
    VG_GW1,
    VG_GW2,
    VG_GW3,
    VG_GW4,
    VG_GW5,
    VG_I,
    VG_M1,
    VG_M2,
    VG_M3,
    VG_M4,
    VG_S1,
    VG_S2,
    VG_S3,
    VG_T,
    cite,
)
from rightofway.vg.vectors import FIRST_MOVES, Vector, _next_vectors, gybe, small_changes, tack

if TYPE_CHECKING:  # networkx loads when a graph is asked for
    import networkx as nx

__all__ = [
    "GIVE_WAY",
    "GW_CLOSE",
    "NO_FORCING",
    "RIGHT_OF_WAY",
    "SAILING",
    "TURN",
    "Finding",
    "Legality",
    "MoveFacts",
    "binding",
    "binding_each",
    "engagement_graph",
    "judge",
    "move_facts",
    "right_of_way",
    "route",
]

GW_CLOSE = 1
"""Half-width of the close zone around a starboard boat (VG-GW1)."""


# --- what the rules find, and what they look at ----------------------------------------------


class Finding(NamedTuple):
    """What a rule found of a move it speaks to: the rule (``"VG-GW3"``), the boat the
    finding concerns (the mover, or the other boat of a give-way rule) and, when the move
    breaks the rule, the breach in words (``""`` when it keeps it)."""

    rule: str
    boat: str
    breach: str


class MoveFacts(NamedTuple):
    """A move in its position, with the facts every rule reads: the boat before it, the
    path it sails (cut before an island or the edge of the page), where it stops, and the
    first island, edge or mark its path meets."""

    position: Position
    boat: Boat
    vector: Vector | None
    """``None``: the boat stands still."""
    before: str
    """The boat's vector before the move, in words."""
    traced: tuple[Point, ...]
    end: Point
    obstacle: Point | None
    wrecked: bool
    """Whether the path met an island or the edge first (VG-I)."""


def move_facts(position: Position, boat: Boat, v: Vector | None) -> MoveFacts:
    """The facts of ``boat`` sailing ``v``; a boat that stands still or repairs sails no
    path."""
    before = f"{boat.vector}" if boat.vector else "no vector yet"
    if v is None or boat.lost_turns:
        return MoveFacts(position, boat, v, before, (), boat.at, None, False)
    traced = _path(boat.at, v)
    end = traced[-1] if traced else boat.at  # a vector of no squares: an empty path (VG-M2)
    marks, islands = position._marks_at, position.islands
    for i, p in enumerate(traced):
        if p in islands or not position._on_page(p):
            return MoveFacts(position, boat, v, before, traced[:i],
                             _last_free(position, boat, traced[:i]), p, True)
        if marks and p in marks:
            return MoveFacts(position, boat, v, before, traced, end, p, False)
    return MoveFacts(position, boat, v, before, traced, end, None, False)


PairCase = tuple[MoveFacts, Boat]
"""What a give-way rule looks at: the move and one other boat."""


def _explain_breach(case: object, found: Finding | None) -> list[Step]:
    """A rule broken, for people: its breach cites the rule."""
    if found is None or not found.breach:
        return []
    return [Step("rule", found.breach, cite(found.rule))]


# --- a turn without sailing: repairs and stops ------------------------------------------------


def _decide_repairs(m: MoveFacts) -> Finding | None:
    b = m.boat
    if not b.lost_turns:
        return None
    if m.vector is None:
        return Finding(str(VG_I), b.id, "")
    return Finding(str(VG_I), b.id, f"{b.id} is repairing and sits out {b.lost_turns} more "
                   f"turn{'s' if b.lost_turns > 1 else ''}: it may only stand still")


def _explain_repairs(m: MoveFacts, found: Finding | None) -> list[Step]:
    if found is None or found.breach:
        return _explain_breach(m, found)
    b = m.boat
    left = b.lost_turns - 1
    return [Step("fact", f"{b.id} is repairing and stands still at {list(b.at)}"
                 + (f"; it loses {left} more turn" if left else
                    "; its repairs are done and it starts again from rest"), VG_I)]


def _legal_vectors(m: MoveFacts) -> list[Vector]:
    """The vectors the boat could legally sail instead of standing still."""
    return [w for w in sorted(_next_vectors(m.boat.vector))
            if judge(m.position, Move(m.boat.id, w)).legal]


def _decide_standing(m: MoveFacts) -> Finding | None:
    if m.vector is not None:
        return None
    able = _legal_vectors(m)
    if not able:
        return Finding(str(VG_M2), m.boat.id, "")
    return Finding(str(VG_M2), m.boat.id, f"{m.boat.id} may not stand still: {_M2}, and it "
                   f"has legal moves ({', '.join(str(w) for w in able)})")


def _explain_standing(m: MoveFacts, found: Finding | None) -> list[Step]:
    if found is None or found.breach:
        return _explain_breach(m, found)
    return [Step("fact", f"{m.boat.id} at {list(m.boat.at)} has no legal move: it stops "
                 "there and starts again from rest with 1S or 1P", VG_M2)]


TURN: tuple[Rule[MoveFacts, Finding], ...] = (
    Rule("repairs", VG_I,
         "A boat that ran aground loses two turns to repairs: in each it stands still, and "
         "it may not sail until they are over; then it starts again from rest.",
         _decide_repairs, _explain_repairs, exception_to="M2"),
    Rule("standing still", VG_M2,
         "Every move covers at least one square: a boat may stand still only when no move "
         "is legal for it, and it then stops and starts again from rest with 1S or 1P (the "
         "project's reading).", _decide_standing, _explain_standing),
)
"""The turns in which a boat does not sail, applied by :func:`rightofway.order.decide`:
the first rule that speaks decides."""


# --- sailing: the manoeuvring rules, the start, islands, the page and marks --------------------

_M1 = "a vector changes by at most 1 in one part, or in both when they are equal"
_M2 = "every move covers at least one square"


def _breach(m: MoveFacts, rule: Citation, why: str) -> Finding:
    v = m.vector
    return Finding(str(rule), m.boat.id, f"{v} after {m.before}: {why}")


def _side_changes(m: MoveFacts) -> bool:
    prev, v = m.boat.vector, m.vector
    return prev is not None and v is not None and v.side != prev.side


def _decide_first(m: MoveFacts) -> Finding | None:
    if m.boat.vector is not None:
        return None
    if m.vector in FIRST_MOVES:
        return Finding(str(VG_S3), m.boat.id, "")
    return _breach(m, VG_S3, "a first move is 1S or 1P")


def _decide_tack(m: MoveFacts) -> Finding | None:
    if not _side_changes(m) or m.vector is None or m.vector.along <= 0:
        return None
    if m.vector == tack(m.boat.vector):
        return Finding(str(VG_T), m.boat.id, "")
    return _breach(m, VG_T, "the side changes only by tacking, to 1U:1 on the other side")


def _decide_gybe(m: MoveFacts) -> Finding | None:
    if not _side_changes(m) or m.vector is None or m.vector.along > 0:
        return None
    if m.vector == gybe(m.boat.vector):
        return Finding(str(VG_G), m.boat.id, "")
    return _breach(m, VG_G, "the side changes only by gybing, one slower in each part "
                   "(never below 1, 0 stays 0)")


def _decide_small_change(m: MoveFacts) -> Finding | None:
    assert m.boat.vector is not None and m.vector is not None  # a first move is VG-S3's
    if m.vector in small_changes(m.boat.vector):
        return None
    return _breach(m, VG_M1, _M1)


def _decide_moving(m: MoveFacts) -> Finding | None:
    assert m.vector is not None
    if m.vector.along == 0 and m.vector.cross == 0:
        return _breach(m, VG_M2, _M2)
    return None


def _decide_upwind(m: MoveFacts) -> Finding | None:
    assert m.vector is not None
    if m.vector.along > m.vector.cross:
        return _breach(m, VG_M3, "upwind the U part may not exceed the cross part")
    return None


def _decide_downwind(m: MoveFacts) -> Finding | None:
    assert m.vector is not None
    if -m.vector.along > m.vector.cross + 3:
        return _breach(m, VG_M4, "downwind the D part may not exceed the cross part by "
                       "more than 3")
    return None


def _decide_starting_row(m: MoveFacts) -> Finding | None:
    # VG-S1 speaks of where boats begin: the first move (a boat restarting from rest
    # after repairs or a stop may be anywhere).
    line, b = m.position.start_line, m.boat
    if line is None or b.vector is not None or m.position.turn != 0 \
            or b.at[1] == line[0][1] - 1:
        return None
    row = line[0][1] - 1
    return Finding(str(VG_S1), b.id, f"{b.id} must begin one square downwind of the line "
                   f"(row {row}), not on row {b.at[1]}")


def _decide_grounding(m: MoveFacts) -> Finding | None:
    if not m.wrecked or m.obstacle is None:
        return None
    p = m.obstacle
    what = "an island" if p in m.position.islands else "the edge of the page"
    return Finding(str(VG_I), m.boat.id, f"{m.boat.id}'s path meets {what} at {list(p)}: it "
                   f"stops at {list(m.end)} and loses two turns for repairs")


def _decide_marks(m: MoveFacts) -> Finding | None:
    mark = m.position._marks_at.get(m.obstacle) if m.obstacle is not None else None
    if mark is None:
        return None
    return Finding(str(VG_C3), m.boat.id, f"{m.boat.id}'s path meets mark {mark.id} at "
                   f"{list(mark.at)}: no boat may sail through or stop on a mark")


def _decide_early(m: MoveFacts) -> Finding | None:
    line, turn = m.position.start_line, m.position.turn + 1
    if line is None or turn > 4:
        return None
    (x1, ly), (x2, _) = line
    early = [p for p in m.traced if p[1] >= ly and x1 <= p[0] <= x2]
    if not early:
        return None
    return Finding(str(VG_S2), m.boat.id, f"in its turn {turn} {m.boat.id} reaches the start "
                   f"line or beyond at {list(early[0])}; that is allowed only after its "
                   "fourth turn")


SAILING: tuple[Rule[MoveFacts, Finding], ...] = (
    Rule("the first move", VG_S3,
         "A boat's first move is 1S or 1P; with no vector before it, the rules of changing "
         "one are not asked.", _decide_first, _explain_breach,
         exception_to="T, G, M1, M2, M3, M4"),
    Rule("tacking", VG_T,
         "A boat may tack at any time: a change of side going upwind is the tack, to 1U:1 "
         "on the other side, whatever its vector was.", _decide_tack, _explain_breach,
         exception_to="M1"),
    Rule("gybing", VG_G,
         "A change of side going downwind or across is the gybe: one square slower in each "
         "part, never below 1 (a part of 0 stays 0; a beam reach bears one square "
         "downwind).", _decide_gybe, _explain_breach, exception_to="M1"),
    Rule("small changes", VG_M1,
         "On one side the vector keeps its last value or changes one part by one square; "
         "when both parts are equal they may change by one together.",
         _decide_small_change, _explain_breach),
    Rule("always moving", VG_M2, "Every move covers at least one square.",
         _decide_moving, _explain_breach),
    Rule("not too close to the wind", VG_M3,
         "Going upwind, the U part may not exceed the cross part (45 degrees).",
         _decide_upwind, _explain_breach),
    Rule("not too deep", VG_M4,
         "Going downwind, the D part may exceed the cross part by three squares at most.",
         _decide_downwind, _explain_breach),
    Rule("the starting row", VG_S1,
         "At the start a boat makes its first move from one square downwind of the line.",
         _decide_starting_row, _explain_breach),
    Rule("islands and the edge", VG_I,
         "A boat whose path meets an island or leaves the page stops at the last free "
         "intersection before it and loses two turns for repairs; the move is legal, but "
         "the boat lands nowhere, so the landing rules (VG-GW2 to GW5) do not ask about "
         "it.", _decide_grounding, _explain_breach),
    Rule("marks are obstacles", VG_C3,
         "No path passes through a mark or stops on one (the project's reading).",
         _decide_marks, _explain_breach),
    Rule("behind the line", VG_S2,
         "No boat is on the start line or beyond it before its fifth turn.",
         _decide_early, _explain_breach),
)
"""The rules of a move that sails, asked of the move as a whole by :func:`binding`."""


def binding(order: Sequence[Rule[MoveFacts, Finding]], case: MoveFacts,
            trace: list[Step]) -> list[Finding]:
    """Ask every rule of ``order`` in turn, as :func:`rightofway.order.applying` does: each
    that finds something adds it, and its explanation to ``trace``. Where an exception
    applies, the rules it names (by their ids) are not asked for the rest of the order."""
    aside: frozenset[str] = frozenset()
    found: list[Finding] = []
    for rule in order:
        if aside and rule.cite.section in aside:
            continue
        one = rule.decide(case)
        if one is None:
            continue
        found.append(one)
        trace.extend(rule.explain(case, one))
        if rule.exception_to is not None:
            aside |= frozenset(rule.exception_to.split(", "))
    return found


def binding_each(order: Sequence[Rule[PairCase, Finding]], m: MoveFacts, others: list[Boat],
                 trace: list[Step]) -> list[Finding]:
    """:func:`binding` of a table of rules between two boats, for the move and each of
    ``others`` in turn (such a table has no exceptions: a test holds it)."""
    found: list[Finding] = []
    for other in others:
        case = (m, other)
        for rule in order:
            one = rule.decide(case)
            if one is not None:
                found.append(one)
                trace.extend(rule.explain(case, one))
    return found


# --- the give-way rules, asked of each other boat ---------------------------------------------


def _decide_close(p: PairCase) -> Finding | None:
    m, other = p
    v = m.vector
    if v is None or other.side != "S" or v.side != "P" or other.vector is None:
        return None
    ox, oy = other.vector.displacement
    ax, ay = other.at
    for q in m.traced:
        i, j = q[0] - ax, q[1] - ay
        if max(abs(i), abs(j)) <= GW_CLOSE and i * ox + j * oy >= 0:
            return Finding(str(VG_GW1), other.id, f"on port, {m.boat.id} passes {list(q)}, "
                           f"close abeam or ahead of {other.id} on starboard at "
                           f"{list(other.at)}")
    return None


def _decide_on_a_boat(p: PairCase) -> Finding | None:
    m, other = p
    if m.wrecked or m.end != other.at:
        return None
    return Finding(str(VG_GW5), other.id, f"{m.boat.id} would land on {other.id} at "
                   f"{list(m.end)}")


def _decide_windward(p: PairCase) -> Finding | None:
    m, other = p
    if m.wrecked or m.vector is None or other.side is None or other.side != m.vector.side \
            or m.end[1] <= other.at[1] or m.end not in _landings(m.position, other):
        return None
    return Finding(str(VG_GW2), other.id, f"{m.boat.id}, to windward of {other.id} on the "
                   f"same side, lands on {list(m.end)}, where {other.id} could land next")


def _decide_port_landing(p: PairCase) -> Finding | None:
    m, other = p
    if m.wrecked or m.vector is None or m.vector.side != "P" or other.side != "S" \
            or m.end not in _landings(m.position, other):
        return None
    return Finding(str(VG_GW3), other.id, f"on port, {m.boat.id} lands on {list(m.end)}, "
                   f"where {other.id} on starboard could land next")


GIVE_WAY: tuple[Rule[PairCase, Finding], ...] = (
    Rule("port keeps clear of starboard's bow", VG_GW1,
         "A boat on port may not pass, at any point of its move, within one square abeam "
         "or ahead of a boat on starboard.", _decide_close, _explain_breach),
    Rule("no landing on a boat", VG_GW5, "No boat may land on another boat.",
         _decide_on_a_boat, _explain_breach),
    Rule("windward keeps clear of leeward", VG_GW2,
         "On one side, a boat landing to windward of another may not land where the other "
         "could land next.", _decide_windward, _explain_breach),
    Rule("port keeps clear of starboard", VG_GW3,
         "A boat on port may not land where a boat on starboard could land next.",
         _decide_port_landing, _explain_breach),
)
"""The give-way rules between the mover and one other boat, every one asked (by
:func:`binding_each`) of each other boat in the position's order."""


def _pins(position: Position, boat: Boat, end: Point, other: Boat) -> bool:
    """Whether ``boat`` landing on ``end`` leaves ``other``, which had a way out, with none
    (VG-GW4). Only the mover changes: she leaves her intersection and takes ``end``, so
    the other's ways out are checked against that, not rebuilt."""
    if other.lost_turns or not _has_way_out(position, other.id):
        return False
    taken = _taken(position)
    return all(e == end or (e in taken and e != boat.at and e != other.at)
               for e in _exits(position, other))


def _has_way_out(position: Position, boat_id: str) -> bool:
    b = position.boat(boat_id)
    if b.lost_turns:
        return True
    taken = _taken(position)
    return any(taken.get(e, boat_id) == boat_id for e in _exits(position, b))


def _decide_forcing(p: PairCase) -> Finding | None:
    m, other = p
    pos = m.position
    if pos.board is None or m.wrecked or m.end in pos._marks_at \
            or _taken(pos).get(m.end, m.boat.id) != m.boat.id:
        return None  # no page to leave; a boat aground or landing on a mark or a boat
    if m.end not in _landings(pos, other) or not _pins(pos, m.boat, m.end, other):
        return None
    return Finding(str(VG_GW4), other.id, f"after {m.boat.id}'s move {other.id} has no move "
                   "left that stays on the page")


NO_FORCING: tuple[Rule[PairCase, Finding], ...] = (
    Rule("no forcing off the page", VG_GW4,
         "No move may leave another boat, which had a move that stays on the page, with "
         "none; only a boat that could land where the mover lands can lose its way out.",
         _decide_forcing, _explain_breach),
)
"""VG-GW4, asked of each other boat once every give-way rule of :data:`GIVE_WAY` has been:
whether a boat keeps a way out depends on where the whole fleet stands."""


# --- the judgement of a move -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Legality(results.Legality[Position, Move]):
    """Whether a move is legal, why (``reason``, ``cite``, ``steps``), and what the rules
    found on the way: the rule ids it breaks (``VG-I`` included: running aground costs two
    turns but is legal), where the boat stops (``end``), the path it sails (``traced``, cut
    before an island or the edge), whether it ran aground (``wrecked``), whether it stands
    still (``stand``) and whether a repairing boat tried to sail (``sitting_out``)."""

    violations: tuple[str, ...]
    end: Point
    traced: tuple[Point, ...]
    wrecked: bool
    sitting_out: bool = False
    stand: bool = False

    @property
    def route(self) -> tuple[Point, ...]:
        """The intersections sailed through up to where the boat stops, its start left out."""
        return route(self.traced, self.end)


def route(traced: tuple[Point, ...], end: Point) -> tuple[Point, ...]:
    """The intersections of a path ``traced`` up to where the boat stops (``end``): none
    when it stops where it was."""
    if end in traced:
        return traced[:traced.index(end) + 1]
    return ()


def judge(position: Position, move: Move) -> Legality:
    """Every rule asked of ``move``, in the order of the tables, each finding explained."""
    check_position(position)
    check_move(move)
    boat = position.boat(move.boat)
    m = move_facts(position, boat, move.vector)
    steps: list[Step] = []
    turn = decide(TURN, m, steps)
    if turn is not None:  # a repair turn, a stop, or a repairing boat that tried to sail
        return _verdict(move, m, [turn], steps, sitting_out=move.vector is not None)
    steps.append(Step("fact", f"{boat.id} at {list(boat.at)} ({m.before}) sails {m.vector}",
                      VG_M1))
    found = binding(SAILING, m, steps)
    others = [o for o in position.boats if o.id != boat.id]
    gave = binding_each(GIVE_WAY, m, others, steps)
    gave += binding_each(NO_FORCING, m, others, steps)
    if not gave:
        steps.append(Step("fact", f"{boat.id} keeps clear of every boat it must give way to",
                          VG_GW1))
    return _verdict(move, m, found + gave, steps)


def _verdict(move: Move, m: MoveFacts, found: list[Finding], steps: list[Step], *,
             sitting_out: bool = False) -> Legality:
    """The verdict of what the rules found: legal when a move breaks nothing but VG-I (which
    costs two turns) and is no repairing boat's attempt to sail."""
    breaches = [f for f in found if f.breach]
    violations = tuple(dict.fromkeys(f.rule for f in breaches))
    stand = move.vector is None
    if sitting_out or any(v != "VG-I" for v in violations):
        return Legality(move, False, f"breaks {', '.join(violations)}: {breaches[0].breach}",
                        cite(violations[0]), tuple(steps), violations, m.end, m.traced,
                        m.wrecked, sitting_out, stand)
    why = breaches[0].breach if breaches else steps[-1].text if stand else "it breaks no rule"
    decides = VG_I if violations or (stand and m.boat.lost_turns) else VG_M2 if stand else VG_M1
    return Legality(move, True, f"{move} is legal: {why}", decides, tuple(steps), violations,
                    m.end, m.traced, m.wrecked, sitting_out, stand)


# --- right of way: who keeps clear of whom ----------------------------------------------------

Pair = tuple[Boat, Boat]
"""What each rule of the right-of-way order looks at: the two boats (both with a side)."""


def _decide_side(p: Pair) -> Decision | None:
    ba, bb = p
    if ba.side == bb.side:
        return None
    holder, giver = (ba, bb) if ba.side == "S" else (bb, ba)
    return holder.id, giver.id, "starboard"


def _explainer(fact: Callable[[Boat, Boat], str], rule: str,
               section: Citation) -> Callable[[Pair, Decision | None], list[Step]]:
    """The explanation of a right-of-way rule that decided: the fact about the holder and
    the giver it rests on, then the rule, both citing ``section``."""

    def explain(p: Pair, found: Decision | None) -> list[Step]:
        if found is None:
            return []
        holder, giver = p if found[0] == p[0].id else (p[1], p[0])
        return [Step("fact", fact(holder, giver), section), Step("rule", rule, section)]

    return explain


def _decide_leeward(p: Pair) -> Decision | None:
    ba, bb = p
    if ba.at[1] == bb.at[1]:
        return None
    holder, giver = (ba, bb) if ba.at[1] < bb.at[1] else (bb, ba)
    return holder.id, giver.id, "leeward"


RIGHT_OF_WAY: tuple[Rule[Pair, Decision], ...] = (
    Rule("starboard over port", VG_GW3,
         "A boat on port keeps clear of a boat on starboard.", _decide_side,
         _explainer(lambda holder, giver: f"{holder.id} sails on starboard ({holder.vector}), "
                    f"{giver.id} on port ({giver.vector})",
                    "a port boat keeps clear of a starboard boat", VG_GW3)),
    Rule("leeward over windward", VG_GW2,
         "On one side the windward boat keeps clear of the leeward boat.", _decide_leeward,
         _explainer(lambda holder, giver: "both sail on "
                    f"{'starboard' if holder.side == 'S' else 'port'}; {holder.id} at "
                    f"{list(holder.at)} is further downwind than {giver.id} at "
                    f"{list(giver.at)}",
                    "on one side the windward boat keeps clear of the leeward boat", VG_GW2)),
)
"""The Vector Game's give-way order (VG-GW3, VG-GW2), applied by
:func:`rightofway.order.decide`; boats on one side and one row are left undecided."""


def right_of_way(position: Position, a: str, b: str) -> RightOfWay | None:
    """Who holds right of way (starboard over port; on one side, leeward), or ``None``.

    ``None`` when a boat has no side yet (or is repairing) or both sail on one
    side on one row: then no give-way rule favours either.
    """
    check_position(position)
    ba, bb = position.boat(a, "a"), position.boat(b, "b")
    if ba.side is None or bb.side is None:
        return None
    steps: list[Step] = []
    found = decide(RIGHT_OF_WAY, (ba, bb), steps)
    if found is None:
        return None
    holder, giver, basis = found
    steps.append(Step("conclusion", f"{holder} has right of way over {giver} ({basis})",
                      VG_GW3 if basis == "starboard" else VG_GW2))
    return RightOfWay(holder, giver, basis, tuple(steps))


def engagement_graph(position: Position) -> nx.DiGraph:
    """Nodes per boat; an edge give-way -> right-of-way per engaged pair a rule decides.

    ``graph.graph["engaged"]`` lists every engaged pair, decided or not.
    """
    check_position(position)
    cl = claims(position)
    nodes = [(b.id, {"at": b.at, "vector": str(b.vector) if b.vector else None, "side": b.side,
                     "lost_turns": b.lost_turns, "claims": sorted(cl[b.id])})
             for b in position.boats]
    pairs = engaged_pairs(position)
    edges = []
    for first, second in pairs:
        row = right_of_way(position, first, second)
        if row is not None:
            edges.append((row.giver, row.holder, {"basis": row.basis, "steps": row.steps,
                                                  "contested": sorted(cl[first] & cl[second])}))
    g = digraph(nodes, edges, ruleset="vector-game")
    g.graph["engaged"] = pairs
    return g
