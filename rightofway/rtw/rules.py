"""Race the Wind engagements, right of way, cover, penalties and rulings (RTW 3.4-3.7).

The right-of-way cascade is written once, in ``_decide``, and takes an
optional trace: the fast path (``engagements``) passes none, while
``right_of_way`` and the engagement graph record every fact and rule it
used, each with its citation.
"""

from __future__ import annotations

from typing import NamedTuple

import networkx as nx

from rightofway.explain import Step
from rightofway.geometry import (
    Compass,
    Point,
    PointOfSail,
    Tack,
    angle_off_wind,
    chebyshev,
    cone,
    downwind_step,
    euclidean_sq,
    point_of_sail,
    tack,
    within_zone,
)
from rightofway.results import Answer, Basis, Infringement, RightOfWay, Ruling, Verdict
from rightofway.rtw.moves import _after, claims, legality
from rightofway.rtw.position import Boat, Mark, Move, Phase, Position, Protest
from rightofway.rtw.sections import DEFS, RTW2, RTW34, RTW35, RTW36, RTW37

__all__ = [
    "BoatFacts",
    "Cover",
    "adjudicate",
    "boat_facts",
    "can_serve_penalty",
    "covers",
    "engaged_pairs",
    "engagement_graph",
    "engagements",
    "facts",
    "penalty_serving",
    "right_of_way",
    "shadow",
    "zone_mark",
]


FAST = frozenset({PointOfSail.BEAM_REACH, PointOfSail.BROAD_REACH})


class BoatFacts(NamedTuple):
    """What the rules derive about one boat from the position."""

    id: str
    at: Point
    tack: Tack
    point_of_sail: PointOfSail
    fast: bool
    """Beam and broad reach are fast; close-hauled, run and head to wind slow (RTW 3.4)."""
    depth: int
    """Projection on the downwind step: larger is further to leeward."""
    turn: int
    """Index in the turn order (0 moves first)."""

    @property
    def speed(self) -> str:
        """``fast`` or ``slow``."""
        return "fast" if self.fast else "slow"


def _sail(heading: int, wind: int) -> tuple[Tack, PointOfSail, bool]:
    pos = point_of_sail(angle_off_wind(heading, wind))
    return tack(heading, wind), pos, pos in FAST


_SAIL: dict[tuple[int, int], tuple[Tack, PointOfSail, bool]] = {
    (h.value, w.value): _sail(h.value, w.value) for h in Compass for w in Compass
}


def _facts_of(position: Position, b: Boat, d: Point) -> BoatFacts:
    t, pos, fast = _SAIL[b.heading, position.wind]  # IntEnum members hash as their bearings
    return BoatFacts(
        b.id, b.at, t, pos, fast, b.at[0] * d[0] + b.at[1] * d[1], position.turn_index(b.id)
    )


def boat_facts(position: Position, boat_id: str) -> BoatFacts:
    """Tack, point of sail, speed, leeward depth and turn of one boat."""
    return _facts_of(position, position.boat(boat_id), downwind_step(position.wind))


def facts(position: Position) -> dict[str, BoatFacts]:
    """:func:`boat_facts` for every boat."""
    d = downwind_step(position.wind)
    return {b.id: _facts_of(position, b, d) for b in position.boats}


# --- zones -----------------------------------------------------------------


def zone_mark(position: Position, a: Point, b: Point) -> Mark | None:
    """The mark whose two-length zone governs a pair at ``a`` and ``b``, if any (RTW 3.6).

    No zone governs during the start; on the final leg the gate's marks have
    none (RTW 3.7). Of several marks the one nearest either boat governs.
    """
    if not position.marks or position.phase is Phase.START:
        return None
    final = position.phase is Phase.FINAL_LEG
    best: Mark | None = None
    best_d = 0.0
    (ax, ay), (bx, by) = a, b
    for m in position.marks:
        mx, my = m.at
        if (abs(ax - mx) > 2 or abs(ay - my) > 2) and (abs(bx - mx) > 2 or abs(by - my) > 2):
            continue  # neither boat within two lengths (RTW 3.6)
        if final and m.role.at_gate:
            continue
        d = min(euclidean_sq(a, m.at), euclidean_sq(b, m.at))
        if best is None or d < best_d:
            best, best_d = m, d
    return best


def _on_straight_advance(
    target: Point, origin: Point, step: Point, reach: frozenset[Point]
) -> bool:
    """Whether ``target`` lies ahead of ``origin`` along ``step`` and within its claims."""
    if target not in reach:
        return False
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    k = max(abs(dx), abs(dy))
    return k > 0 and dx == k * step[0] and dy == k * step[1]


# --- right of way ------------------------------------------------------------


def _decide(
    position: Position,
    a: BoatFacts,
    b: BoatFacts,
    ca: frozenset[Point],
    cb: frozenset[Point],
    trace: list[Step] | None,
) -> tuple[str, str, Basis]:
    """Who of ``a`` and ``b`` holds right of way: ``(holder, giver, basis)``."""
    mark = zone_mark(position, a.at, b.at)
    if mark is not None:
        da, db = euclidean_sq(a.at, mark.at), euclidean_sq(b.at, mark.at)
        if trace is not None:
            inside = [f.id for f in (a, b) if within_zone(f.at, mark.at)]
            trace.append(
                Step(
                    "fact",
                    f"{' and '.join(inside)} {'is' if len(inside) == 1 else 'are'} within two "
                    f"lengths of {mark.id} at {list(mark.at)}, so its zone governs the pair and "
                    "only the inside position counts",
                    RTW36,
                )
            )
        if da != db:
            inner, outer = (a, b) if da < db else (b, a)
            ci, co = (ca, cb) if da < db else (cb, ca)
            if trace is not None:
                trace.append(
                    Step(
                        "rule",
                        f"{inner.id} is nearer {mark.id} than {outer.id} (squared distances "
                        f"{min(da, db):g} and {max(da, db):g}), so {inner.id} is inside",
                        RTW36,
                    )
                )
            ostep = position.boat(outer.id).heading.step
            istep = position.boat(inner.id).heading.step
            if _on_straight_advance(inner.at, outer.at, ostep, co) and not _on_straight_advance(
                outer.at, inner.at, istep, ci
            ):
                if trace is not None:
                    trace.append(
                        Step(
                            "rule",
                            f"but {inner.id} stands on {outer.id}'s straight-ahead advance: "
                            f"{outer.id} engages it from astern, and in the zone the boat "
                            f"astern has right of way, so {inner.id} may not manoeuvre",
                            RTW36,
                        )
                    )
                return outer.id, inner.id, "astern"
            return inner.id, outer.id, "inside"
        if trace is not None:
            trace.append(
                Step(
                    "rule",
                    f"{a.id} and {b.id} are equally near {mark.id}, so the inside position "
                    "does not decide and the engagement rules apply",
                    RTW36,
                )
            )
    elif trace is not None:
        if position.phase is Phase.START and any(
            within_zone(f.at, m.at) for f in (a, b) for m in position.marks
        ):
            trace.append(
                Step("rule", "at the start the inside position at a mark does not count", RTW36)
            )
        elif position.phase is Phase.FINAL_LEG and any(
            within_zone(f.at, m.at) for f in (a, b) for m in position.marks
        ):
            trace.append(
                Step(
                    "rule",
                    "on the final leg the gate is not rounded: the tack and leeward rules "
                    "apply up to the finish line",
                    RTW37,
                )
            )
    if a.tack is not b.tack:
        if trace is not None:
            trace.append(
                Step("fact", f"{a.id} is on {a.tack} tack, {b.id} on {b.tack} tack", DEFS)
            )
        if a.tack is Tack.NONE or b.tack is Tack.NONE:
            holder, giver = (b, a) if a.tack is Tack.NONE else (a, b)
            if trace is not None:
                trace.append(
                    Step(
                        "rule",
                        f"{giver.id} is head to wind and gives way to {holder.id}, which is on "
                        "a tack",
                        RTW34,
                    )
                )
        else:
            holder, giver = (a, b) if a.tack is Tack.STARBOARD else (b, a)
            if trace is not None:
                trace.append(
                    Step("rule", "the boat on starboard tack has right of way", RTW34)
                )
        return holder.id, giver.id, "starboard"
    if trace is not None:
        trace.append(Step("fact", f"{a.id} and {b.id} are both on {a.tack} tack", DEFS))
    if a.depth != b.depth:
        holder, giver = (a, b) if a.depth > b.depth else (b, a)
        if trace is not None:
            trace.append(
                Step(
                    "fact",
                    f"{holder.id} at {list(holder.at)} is further from where the wind "
                    f"({position.wind.name}) comes from than {giver.id} at {list(giver.at)}: "
                    f"{holder.id} is to leeward",
                    DEFS,
                )
            )
            trace.append(
                Step("rule", "on the same tack the boat to leeward has right of way", RTW34)
            )
        return holder.id, giver.id, "leeward"
    if trace is not None:
        trace.append(
            Step("fact", f"{a.id} and {b.id} are on the same wind line", DEFS)
        )
    if a.fast != b.fast:
        holder, giver = (a, b) if a.fast else (b, a)
        if trace is not None:
            trace.append(
                Step(
                    "fact",
                    f"{holder.id} sails {holder.point_of_sail} (fast), {giver.id} "
                    f"{giver.point_of_sail} (slow)",
                    RTW34,
                )
            )
            trace.append(
                Step(
                    "rule",
                    "on the same tack and wind line the faster point of sail has right of way",
                    RTW34,
                )
            )
        return holder.id, giver.id, "faster"
    holder, giver = (a, b) if a.turn < b.turn else (b, a)
    if trace is not None:
        trace.append(
            Step(
                "fact",
                f"{a.id} ({a.point_of_sail}) and {b.id} ({b.point_of_sail}) are equally "
                f"{a.speed}; {holder.id} comes before {giver.id} in the turn order",
                RTW34,
            )
        )
        trace.append(
            Step("rule", "at equal speed the boat earlier in the turn order has right of way",
                 RTW34)
        )
    return holder.id, giver.id, "turn-order"


def right_of_way(position: Position, a: str, b: str) -> RightOfWay:
    """Who of boats ``a`` and ``b`` has right of way, and every step of why.

    Decided for any pair, engaged or not; outside a two-length zone the order
    is starboard, leeward, faster, turn order (RTW 3.4), in a zone the inside
    boat or the boat astern (RTW 3.6).
    """
    if a == b:
        raise ValueError("right of way needs two different boats")
    fa, fb = boat_facts(position, a), boat_facts(position, b)
    cl = claims(position)
    trace: list[Step] = []
    holder, giver, basis = _decide(position, fa, fb, cl[a], cl[b], trace)
    trace.append(
        Step("conclusion", f"{holder} has right of way over {giver} ({basis})",
             RTW36 if basis in ("inside", "astern") else RTW34)
    )
    return RightOfWay(holder, giver, basis, tuple(trace))


def _contested(fa: BoatFacts, fb: BoatFacts, ca: frozenset[Point],
               cb: frozenset[Point]) -> frozenset[Point]:
    out = ca & cb
    if fa.at in cb:
        out = out | {fa.at}
    if fb.at in ca:
        out = out | {fb.at}
    return out


def _engagement_text(fa: BoatFacts, fb: BoatFacts, ca: frozenset[Point],
                     cb: frozenset[Point]) -> str:
    reasons = []
    common = ca & cb
    if common:
        reasons.append(f"both claim {', '.join(str(list(p)) for p in sorted(common))}")
    if fa.at in cb:
        reasons.append(f"{fb.id} claims {fa.id}'s intersection {list(fa.at)}")
    if fb.at in ca:
        reasons.append(f"{fa.id} claims {fb.id}'s intersection {list(fb.at)}")
    return f"{fa.id} and {fb.id} are engaged: {'; '.join(reasons)}"


def engaged_pairs(position: Position) -> list[tuple[str, str]]:
    """Pairs of engaged boats in listing order.

    Two boats are engaged when their claims meet or one claims the other's
    intersection (RTW 3.4).
    """
    cl = claims(position)
    boats = position.boats
    out = []
    for i, a in enumerate(boats):
        ca = cl[a.id]
        for b in boats[i + 1:]:
            cb = cl[b.id]
            if a.at in cb or b.at in ca or not ca.isdisjoint(cb):
                out.append((a.id, b.id))
    return out


def engagements(
    position: Position, claims_by_boat: dict[str, frozenset[Point]] | None = None
) -> list[tuple[str, str, Basis]]:
    """The fast path: ``(holder, giver, basis)`` for every engaged pair, no explanations.

    Yields the same facts as :func:`engagement_graph` without building a graph,
    for engines that call it in search loops. Pass the claims when already
    computed (:func:`rightofway.rtw.claims`) to skip computing them again.
    """
    cl = claims(position) if claims_by_boat is None else claims_by_boat
    fs: dict[str, BoatFacts] = {}
    d = downwind_step(position.wind)
    boats = position.boats
    out: list[tuple[str, str, Basis]] = []
    for i, a in enumerate(boats):
        ca = cl[a.id]
        for b in boats[i + 1:]:
            cb = cl[b.id]
            if a.at in cb or b.at in ca or not ca.isdisjoint(cb):
                fa = fs.get(a.id) or fs.setdefault(a.id, _facts_of(position, a, d))
                fb = fs.get(b.id) or fs.setdefault(b.id, _facts_of(position, b, d))
                out.append(_decide(position, fa, fb, ca, cb, None))
    return out


def engagement_graph(position: Position) -> nx.DiGraph:
    """The engagement graph of a position.

    A node per boat carrying its facts (``tack``, ``point_of_sail``, ``speed``,
    ``depth``, ``turn``, ``lull``, ``claims``); an edge per engaged pair from
    the give-way boat to the right-of-way boat carrying ``basis``,
    ``contested`` (sorted intersections) and ``steps`` (the explanation).
    ``graph.graph["cycles"]`` lists right-of-way cycles, which zone rules can
    create (see :func:`right_of_way_cycles`); they are reported, never hidden.
    """
    cl = claims(position)
    fs = facts(position)
    g = nx.DiGraph(ruleset="race-the-wind")
    for b in position.boats:
        f = fs[b.id]
        g.add_node(
            b.id,
            at=b.at,
            heading=b.heading.name,
            tack=f.tack.value,
            point_of_sail=f.point_of_sail.value,
            speed=f.speed,
            depth=f.depth,
            turn=f.turn,
            lull=b.lull,
            claims=sorted(cl[b.id]),
        )
    boats = position.boats
    zoned = False
    for i, a in enumerate(boats):
        for b in boats[i + 1:]:
            fa, fb = fs[a.id], fs[b.id]
            ca, cb = cl[a.id], cl[b.id]
            contested = _contested(fa, fb, ca, cb)
            if not contested:
                continue
            trace = [Step("fact", _engagement_text(fa, fb, ca, cb), RTW34)]
            holder, giver, basis = _decide(position, fa, fb, ca, cb, trace)
            trace.append(
                Step("conclusion", f"{holder} has right of way over {giver} ({basis})",
                     RTW36 if basis in ("inside", "astern") else RTW34)
            )
            g.add_edge(giver, holder, basis=basis, contested=sorted(contested),
                       steps=tuple(trace))
            zoned = zoned or basis in ("inside", "astern")
    # Outside zones the order of RTW 3.4 is total, so only zone bases can close a cycle.
    g.graph["cycles"] = right_of_way_cycles(g) if zoned else []
    return g


def right_of_way_cycles(graph: nx.DiGraph) -> list[list[str]]:
    """Cycles of the right-of-way graph.

    Each cycle lists boats so that every boat has right of way over the next
    (and the last over the first), starting at the smallest boat id.
    """
    out = []
    for giving in nx.simple_cycles(graph):  # edges run give-way -> right of way
        cyc = giving[::-1]
        k = cyc.index(min(cyc))
        out.append([str(n) for n in cyc[k:] + cyc[:k]])
    return sorted(out)


# --- cover -------------------------------------------------------------------


class Cover(NamedTuple):
    """``covered`` stands in ``coverer``'s shadow and puts its yellow token at ``token``."""

    coverer: str
    covered: str
    token: Point
    steps: tuple[Step, ...]


def shadow(position: Position, boat_id: str) -> frozenset[Point]:
    """Where a boat dirties the wind: one point dead downwind, or a cone (option)."""
    b = position.boat(boat_id)
    d = downwind_step(position.wind)
    if position.options.shadow == "cone":
        return cone(b.at, d, position.options.cover_depth)
    return frozenset({(b.at[0] + d[0], b.at[1] + d[1])})


def covers(position: Position) -> list[Cover]:
    """Every cover in the position (RTW 3.5); none when playing without cover (RTW 3.8)."""
    if not position.options.cover:
        return []
    out = []
    for a in position.boats:
        sh = shadow(position, a.id)
        for b in position.boats:
            if b.id != a.id and b.at in sh:
                s = b.heading.step
                token = (b.at[0] + 2 * s[0], b.at[1] + 2 * s[1])
                where = (
                    "the intersection dead downwind of"
                    if position.options.shadow == "point"
                    else f"the {position.options.cover_depth}-deep shadow cone of"
                )
                steps = (
                    Step("fact", f"{b.id} at {list(b.at)} lies on {where} {a.id}", RTW35),
                    Step(
                        "rule",
                        f"{b.id} is covered and places its spare yellow token two intersections "
                        f"ahead on its heading, at {list(token)}",
                        RTW35,
                    ),
                )
                out.append(Cover(a.id, b.id, token, steps))
    return out


# --- penalties ---------------------------------------------------------------


def penalty_serving(position: Position, boat_id: str) -> Answer:
    """Whether a boat may serve its 360-degree penalty where it stands, and why (RTW 3.4).

    The four 90-degree turns need at least two intersections from every mark
    and from every other boat.
    """
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


# --- rulings -------------------------------------------------------------------


def _astern_manoeuvres(position: Position, move: Move, steps: list[Step]) -> list[Infringement]:
    """RTW 3.6: in a zone, a boat engaged from astern may not manoeuvre; it must advance.

    Returns an infringement against each boat that, before the move, held right
    of way over the mover on the basis ``astern`` when the move turns at all.
    """
    turns = [a for a in move.actions if a != "A"]
    x = move.boat
    at = position.boat(x).at
    # Only a boat inside a zone can be the inside boat (nearer the mark than one in the zone).
    if not turns or zone_mark(position, at, at) is None:
        return []
    cl = claims(position)
    fs = facts(position)
    found = []
    for other in position.boats:
        if other.id == x or at not in cl[other.id]:  # astern means claiming its intersection
            continue
        holder, _giver, basis = _decide(position, fs[x], fs[other.id], cl[x], cl[other.id], None)
        if holder == other.id and basis == "astern":
            steps.append(
                Step(
                    "rule",
                    f"{x} is engaged from astern by {other.id} inside the zone, so it may not "
                    f"manoeuvre and must advance; its move turns ({' '.join(turns)}): "
                    f"{x} infringes against {other.id}",
                    RTW36,
                )
            )
            found.append(Infringement(x, other.id, position.boat(x).at, "astern"))
    return found


def adjudicate(
    position: Position, move: Move, protest: Protest | None = None
) -> Ruling[Position, Move]:
    """Adjudicate ``move``: legality, infringements, exoneration, penalty and verdict.

    After boat X ends its move on ``q`` it infringes against every boat that,
    in the position after the move, has right of way over X and claims ``q``
    (RTW 3.4). A boat a yellow token stopped is exonerated. The penalty goes to
    the infringing mover; with the option ``penalty_requires_protest`` only on
    a protest. A protest is upheld when it is against the mover by a boat the
    mover infringed against, and the mover is not exonerated.
    """
    if protest is not None:
        for role, bid in (("by", protest.by), ("against", protest.against)):
            if not position.has_boat(bid):
                raise KeyError(f"protest {role}: no boat {bid!r} in this position")
    verdict_of_move = legality(position, move)
    steps: list[Step] = list(verdict_of_move.steps)
    if verdict_of_move.outcome is None:
        if protest is not None:
            steps.append(
                Step(
                    "conclusion",
                    "the move is not legal, so it is not made and the protest is not heard",
                    RTW2,
                )
            )
        return Ruling(move, False, verdict_of_move.reason, (), False, None, None, tuple(steps),
                      None)
    outcome = verdict_of_move.outcome
    after = _after(position, move.boat, outcome)
    x = move.boat
    q = outcome.end
    found: list[Infringement] = _astern_manoeuvres(position, move, steps)
    cl = claims(after)
    fs = facts(after)
    for other in after.boats:
        if other.id == x:
            continue
        co = cl[other.id]
        if q not in co and other.at not in cl[x] and co.isdisjoint(cl[x]):
            continue  # not engaged with the mover after the move: nothing is owed to it
        trace: list[Step] = []
        holder, _giver, basis = _decide(after, fs[x], fs[other.id], cl[x], cl[other.id], trace)
        if holder != other.id or other.id in {i.against for i in found}:
            continue
        if q not in cl[other.id]:
            steps.append(
                Step(
                    "fact",
                    f"{other.id} has right of way over {x} ({basis}) but does not claim "
                    f"{list(q)}, where {x} ended its move",
                    RTW34,
                )
            )
            continue
        steps.extend(trace)
        steps.append(
            Step(
                "rule",
                f"{x} ended its move on {list(q)}, which {other.id} claims while holding right "
                f"of way ({basis}): {x} infringes against {other.id}",
                RTW34,
            )
        )
        found.append(Infringement(x, other.id, q, basis))
    if not found:
        steps.append(
            Step("conclusion", f"{x} took no intersection a right-of-way boat claims", RTW34)
        )
    exonerated = bool(found) and outcome.lulled
    if exonerated:
        steps.append(
            Step(
                "rule",
                f"a yellow token stopped {x} on {list(q)}: a boat forced into a lull cannot be "
                "penalised",
                RTW34,
            )
        )
    guilty = bool(found) and not exonerated
    verdict: Verdict | None = None
    penalty: str | None = None
    if protest is not None:
        upheld = guilty and protest.against == x and protest.by in {i.against for i in found}
        verdict = "upheld" if upheld else "dismissed"
        penalty = x if upheld else None
        if upheld:
            why = f"{x} infringed against {protest.by}"
        elif protest.against != x:
            why = f"{protest.against} did not move; the move was {x}'s"
        elif exonerated:
            why = f"{x} is exonerated by the lull"
        elif protest.by not in {i.against for i in found}:
            why = f"{x} did not infringe against {protest.by}"
        else:  # pragma: no cover - every branch above covers the cases
            why = "no infringement"
        steps.append(
            Step("conclusion", f"protest by {protest.by} against {protest.against} {verdict}: "
                 f"{why}", RTW34)
        )
    elif guilty and not position.options.penalty_requires_protest:
        penalty = x
    elif guilty:
        steps.append(
            Step("rule", "no protest was lodged, and a penalty must be claimed by the "
                 "boat denied its right of way", RTW34)
        )
    if penalty is not None:
        steps.append(
            Step("conclusion", f"{penalty} owes a penalty: a 360-degree turn in four moves",
                 RTW34)
        )
    return Ruling(move, True, verdict_of_move.reason, tuple(found), exonerated, penalty, verdict,
                  tuple(steps), after)
