"""Race the Wind engagements, right of way, cover, penalties and rulings (RTW 3.4-3.7).

The right-of-way cascade is written once, in ``_decide``, and takes an
optional trace: the fast path (``engagements``) passes none, while
``right_of_way`` and the engagement graph record every fact and rule it
used, each with its citation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from rightofway import geometry
from rightofway.errors import InputError
from rightofway.explain import Citation, Step
from rightofway.geometry import (
    Compass,
    Point,
    PointOfSail,
    Tack,
    angle_off_wind,
    chebyshev,
    cone,
    downwind_step,
    engaged_index_pairs,
    euclidean_sq,
    point_of_sail,
    tack,
    within_zone,
)
from rightofway.graphs import cycles as graph_cycles
from rightofway.graphs import digraph
from rightofway.order import Decision, Rule
from rightofway.positions import UnknownId, as_point, as_points, shown
from rightofway.results import Basis, Infringement, RightOfWay, Ruling, Verdict
from rightofway.rtw.moves import (
    Legality,
    Outcome,
    _after,
    claims,
    legal_verdict,
    legality,
    outcomes,
)
from rightofway.rtw.position import (
    TURNS,
    Boat,
    Mark,
    Move,
    PenaltyTurn,
    Phase,
    Position,
    Protest,
    check_boat,
    check_move,
    check_position,
)
from rightofway.rtw.sections import DEFS, RTW2, RTW34, RTW35, RTW36, RTW37

if TYPE_CHECKING:  # networkx loads when a graph is asked for, not with the rules
    import networkx as nx

__all__ = [
    "BoatFacts",
    "Cover",
    "adjudicate",
    "boat_facts",
    "covers",
    "engaged_pairs",
    "engagement_graph",
    "engagements",
    "engages_from_astern",
    "facts",
    "right_of_way",
    "right_of_way_cycles",
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


_new_facts = tuple.__new__  # a NamedTuple built straight from its fields, skipping __new__


def _facts_of(position: Position, b: Boat, d: Point) -> BoatFacts:
    t, pos, fast = _SAIL[b.heading, position.wind]  # IntEnum members hash as their bearings
    at = b.at
    return _new_facts(BoatFacts, (b.id, at, t, pos, fast, at[0] * d[0] + at[1] * d[1],
                                  position._order[b.id]))


def boat_facts(position: Position, boat_id: str) -> BoatFacts:
    """Tack, point of sail, speed, leeward depth and turn of one boat."""
    check_position(position)
    return _facts_of(position, position.boat(boat_id), downwind_step(position.wind))


def facts(position: Position) -> dict[str, BoatFacts]:
    """:func:`boat_facts` for every boat."""
    check_position(position)
    d = downwind_step(position.wind)
    return {b.id: _facts_of(position, b, d) for b in position.boats}


# --- zones -----------------------------------------------------------------


def zone_mark(position: Position, a: Boat, b: Boat | None = None) -> Mark | None:
    """The mark whose two-length zone governs boat ``a`` (with ``b``: the pair), if any.

    A zone governs a pair when at least one of the two boats is within two lengths
    of a mark that it is rounding (RTW 3.6): the boat's ``leg``, or its position's
    phase when it has none, says which. So no zone governs a boat before its start,
    and the gate has none for a boat on its final leg (RTW 3.7). Of several marks
    the one nearest either boat governs.
    """
    check_position(position)
    check_boat(a, "a")
    position.boat(a.id, "a.id")
    if b is not None:
        check_boat(b, "b")
        position.boat(b.id, "b.id")
    return _zone_mark(position, a, b)


def _zone_mark(position: Position, a: Boat, b: Boat | None = None) -> Mark | None:
    if not position.marks:
        return None
    best: Mark | None = None
    best_d = 0
    ax, ay = a.at
    bx, by = a.at if b is None else b.at
    for m in position.marks:
        mx, my = m.at
        near_a = -2 <= ax - mx <= 2 and -2 <= ay - my <= 2
        near_b = -2 <= bx - mx <= 2 and -2 <= by - my <= 2
        if not (near_a or near_b):
            continue  # neither boat within two lengths: the rounding sets are not needed
        if not ((near_a and m.id in position.rounding(a.id))
                or (near_b and m.id in position.rounding(a.id if b is None else b.id))):
            continue
        d = min((ax - mx) ** 2 + (ay - my) ** 2, (bx - mx) ** 2 + (by - my) ** 2)
        if best is None or d < best_d:
            best, best_d = m, d
    return best


def _why_no_zone(position: Position, boat: Boat, mark: Mark) -> Step:
    """Why the zone of ``mark``, within two lengths of ``boat``, does not govern it."""
    leg = boat.leg
    if leg == "start" or (leg is None and position.phase is Phase.START):
        return Step("rule", f"{boat.id} has not started yet: at the start the inside position at "
                    f"{mark.id} does not count", RTW36)
    if leg == "finish" or (leg is None and position.phase is Phase.FINAL_LEG):
        return Step("rule", f"{boat.id} is on its final leg and crosses the gate to finish: up to "
                    "the finish line the tack and leeward rules apply", RTW37)
    rounding = ", ".join(sorted(position.rounding(boat.id))) or "no mark"
    return Step("rule", f"{boat.id} is within two lengths of {mark.id} but is rounding "
                f"{rounding}, so the zone of {mark.id} does not govern it", RTW36)


def engages_from_astern(x: Boat, x_claims: frozenset[Point], y_at: Point,
                        y_heading: Compass) -> bool:
    """Whether boat ``x`` engages a boat at ``y_at`` heading ``y_heading`` from astern.

    It does when the other boat stands on ``x``'s straight-ahead advance (an
    intersection ``x`` claims along its own heading) and ``x`` is abaft the other's
    beam, ``(x - y) . step(y.heading) < 0``: ``x`` is in its wake (RTW 3.4, 3.6). A
    boat abeam, or forward of the beam pointing back, does not.
    """
    check_boat(x, "x")
    x_claims = as_points(x_claims, "x_claims")
    y_at = as_point(y_at, "y_at")
    y_heading = Compass.coerce(y_heading, "y_heading")
    return _engages_from_astern(x, x_claims, y_at, y_heading)


def _engages_from_astern(x: Boat, x_claims: frozenset[Point], y_at: Point,
                         y_heading: Compass) -> bool:
    if y_at not in x_claims:
        return False
    sx, sy = _STEP[x.heading]
    dx, dy = y_at[0] - x.at[0], y_at[1] - x.at[1]
    k = max(abs(dx), abs(dy))
    if k == 0 or dx != k * sx or dy != k * sy:
        return False
    tx, ty = _STEP[y_heading]
    return -dx * tx - dy * ty < 0


_STEP: dict[int, Point] = {d.value: d.step for d in Compass}


def _on_tack(t: Tack) -> str:
    """``on starboard tack``, ``on port tack`` or ``head to wind`` (a boat with no tack)."""
    return "head to wind (on no tack)" if t is Tack.NONE else f"on {t.value} tack"


_ON_TACK: dict[Tack, str] = {t: _on_tack(t) for t in Tack}
""":func:`_on_tack` looked up."""


# --- right of way: the order of RTW 3.4 and 3.6, rule by rule ----------------------------


Pair = tuple[Position, "BoatFacts", "BoatFacts", frozenset[Point], frozenset[Point]]
"""What each rule of the order looks at: the position, the two boats' facts and their
claims, ``(position, a, b, claims_a, claims_b)`` (a plain tuple: built for every pair an
engine asks about)."""


def _zone(p: Pair) -> tuple[Mark, float, float] | None:
    """The mark whose zone governs the pair, and each boat's squared distance to it."""
    position, a, b, _, _ = p
    if not position.marks:
        return None
    mark = _zone_mark(position, position.boat(a.id), position.boat(b.id))
    if mark is None:
        return None
    return mark, euclidean_sq(a.at, mark.at), euclidean_sq(b.at, mark.at)


def _near_a_mark(position: Position, a: Point, b: Point) -> bool:
    """Whether ``a`` or ``b`` is within two lengths of a mark: no zone can count otherwise."""
    (ax, ay), (bx, by) = a, b
    for mx, my in position._marks_at:
        if (-2 <= ax - mx <= 2 and -2 <= ay - my <= 2) or (-2 <= bx - mx <= 2
                                                           and -2 <= by - my <= 2):
            return True
    return False


def _decide_zone(p: Pair) -> Decision | None:
    position, a, b, ca, cb = p
    if not _near_a_mark(position, a.at, b.at):
        return None
    mark = _zone_mark(position, position.boat(a.id), position.boat(b.id))
    if mark is None:
        return None
    da, db = euclidean_sq(a.at, mark.at), euclidean_sq(b.at, mark.at)
    if da == db:
        return None
    inner, outer = (a, b) if da < db else (b, a)
    co = cb if da < db else ca
    if _engages_from_astern(position.boat(outer.id), co, inner.at,
                           position.boat(inner.id).heading):
        return outer.id, inner.id, "astern"
    return inner.id, outer.id, "inside"


def _explain_zone(p: Pair, found: Decision | None) -> list[Step]:
    position, a, b, _, _ = p
    if not _near_a_mark(position, a.at, b.at):
        return []
    zone = _zone(p)
    if zone is None:
        return [_why_no_zone(position, position.boat(f.id), m)
                for f in (a, b) for m in position.marks
                if within_zone(f.at, m.at) and m.id not in position.rounding(f.id)]
    mark, da, db = zone
    inside = [f.id for f in (a, b)
              if within_zone(f.at, mark.at) and mark.id in position.rounding(f.id)]
    steps = [Step(
        "fact",
        f"{' and '.join(inside)} {'is' if len(inside) == 1 else 'are'} within two "
        f"lengths of {mark.id} at {list(mark.at)}, which "
        f"{'it is' if len(inside) == 1 else 'they are'} rounding, so its zone "
        "governs the pair and only the inside position counts",
        RTW36,
    )]
    if found is None:
        steps.append(Step("rule", f"{a.id} and {b.id} are equally near {mark.id}, so the inside "
                          "position does not decide and the engagement rules apply", RTW36))
        return steps
    inner, outer = (a, b) if da < db else (b, a)
    steps.append(Step("rule", f"{inner.id} is nearer {mark.id} than {outer.id}, so {inner.id} "
                      "is inside", RTW36,
                      f"squared distances to {mark.id}: {inner.id} {min(da, db):g}, {outer.id} "
                      f"{max(da, db):g}"))
    if found[2] == "astern":
        steps.append(Step(
            "rule",
            f"but {inner.id} stands on {outer.id}'s straight-ahead advance and {outer.id} is "
            f"abaft {inner.id}'s beam: {outer.id} engages it from astern, and in the zone the "
            f"boat astern has right of way, so {inner.id} may not manoeuvre",
            RTW36,
        ))
    return steps


# The steps that state a rule of RTW 3.4 read the same for every pair: built once (a Step
# never changes).
_STARBOARD_RULE = Step("rule", "the boat on starboard tack has right of way", RTW34)
_LEEWARD_RULE = Step("rule", "on the same tack the boat to leeward has right of way", RTW34)
_FASTER_RULE = Step(
    "rule", "on the same tack and wind line the faster point of sail has right of way", RTW34)
_TURN_ORDER_RULE = Step(
    "rule", "at equal speed the boat earlier in the turn order has right of way", RTW34)

_NO_TACK, _STARBOARD = Tack.NONE, Tack.STARBOARD  # looked up once: engines decide often


def _decide_tack(p: Pair) -> Decision | None:
    _, a, b, _, _ = p
    ta, tb = a.tack, b.tack
    if ta is tb:
        return None
    if ta is _NO_TACK or tb is _NO_TACK:
        holder, giver = (b, a) if ta is _NO_TACK else (a, b)
    else:
        holder, giver = (a, b) if ta is _STARBOARD else (b, a)
    return holder.id, giver.id, "starboard"


def _explain_tack(p: Pair, found: Decision | None) -> list[Step]:
    _, a, b, _, _ = p
    ta, tb = a.tack, b.tack
    if found is None:
        both = "both head to wind" if ta is _NO_TACK else f"both {_ON_TACK[ta]}"
        return [Step("fact", f"{a.id} and {b.id} are {both}", DEFS)]
    holder, giver, _ = found
    steps = [Step("fact", f"{a.id} is {_ON_TACK[ta]}, {b.id} {_ON_TACK[tb]}", DEFS)]
    if ta is _NO_TACK or tb is _NO_TACK:
        steps.append(Step("rule", f"{giver} is head to wind and gives way to {holder}, which is "
                          "on a tack", RTW34))
    else:
        steps.append(_STARBOARD_RULE)
    return steps


def _decide_leeward(p: Pair) -> Decision | None:
    _, a, b, _, _ = p
    if a.depth == b.depth:
        return None
    holder, giver = (a, b) if a.depth > b.depth else (b, a)
    return holder.id, giver.id, "leeward"


def _explain_leeward(p: Pair, found: Decision | None) -> list[Step]:
    position, a, b, _, _ = p
    if found is None:
        return [Step("fact", f"{a.id} and {b.id} are on the same wind line", DEFS)]
    holder, giver = (a, b) if found[0] == a.id else (b, a)
    (hx, hy), (gx, gy) = holder.at, giver.at
    return [
        Step("fact", f"{holder.id} at [{hx}, {hy}] is further from where the wind "
             f"({position.wind.name}) comes from than {giver.id} at [{gx}, {gy}]: "
             f"{holder.id} is to leeward", DEFS),
        _LEEWARD_RULE,
    ]


def _decide_faster(p: Pair) -> Decision | None:
    _, a, b, _, _ = p
    if a.fast == b.fast:
        return None
    holder, giver = (a, b) if a.fast else (b, a)
    return holder.id, giver.id, "faster"


def _explain_faster(p: Pair, found: Decision | None) -> list[Step]:
    _, a, b, _, _ = p
    if found is None:
        return []
    holder, giver = (a, b) if found[0] == a.id else (b, a)
    return [
        Step("fact", f"{holder.id} sails {holder.point_of_sail} (fast), {giver.id} "
             f"{giver.point_of_sail} (slow)", RTW34),
        _FASTER_RULE,
    ]


def _decide_turn_order(p: Pair) -> Decision | None:
    _, a, b, _, _ = p
    holder, giver = (a, b) if a.turn < b.turn else (b, a)
    return holder.id, giver.id, "turn-order"


def _explain_turn_order(p: Pair, found: Decision | None) -> list[Step]:
    _, a, b, _, _ = p
    holder, giver = (a, b) if a.turn < b.turn else (b, a)
    return [
        Step("fact", f"{a.id} ({a.point_of_sail}) and {b.id} ({b.point_of_sail}) are equally "
             f"{a.speed}; {holder.id} comes before {giver.id} in the turn order", RTW34),
        _TURN_ORDER_RULE,
    ]


RIGHT_OF_WAY: tuple[Rule[Pair, Decision], ...] = (
    Rule("the inside boat in the zone", RTW36,
         "Within two lengths of a mark a boat is rounding, the boat nearer the mark holds "
         "right of way; but an inside boat in the wake of another (on its straight-ahead "
         "advance, abaft its beam) loses it to the boat astern and may not manoeuvre.",
         _decide_zone, _explain_zone, exception_to="the engagement rules of RTW 3.4"),
    Rule("starboard over port", RTW34,
         "A boat on starboard tack holds right of way over a boat on port; a boat head to "
         "wind gives way to any boat on a tack.", _decide_tack, _explain_tack),
    Rule("leeward over windward", RTW34,
         "On the same tack the boat to leeward holds right of way.",
         _decide_leeward, _explain_leeward),
    Rule("the faster point of sail", RTW34,
         "On the same tack and wind line a beam or broad reach holds right of way over a "
         "close-hauled boat, a run or a boat head to wind.", _decide_faster, _explain_faster),
    Rule("the first to arrive", RTW34,
         "At equal speed the boat earlier in the turn order holds right of way.",
         _decide_turn_order, _explain_turn_order),
)
"""Race the Wind's right-of-way order (RTW 3.4, with the zone's exception of RTW 3.6),
applied as :func:`rightofway.order.decide` applies an order; it is total, so it always decides."""

_DECIDERS = tuple(rule.decide for rule in RIGHT_OF_WAY)


def _decide(
    position: Position,
    a: BoatFacts,
    b: BoatFacts,
    ca: frozenset[Point],
    cb: frozenset[Point],
    trace: list[Step] | None,
) -> Decision:
    """Who of ``a`` and ``b`` holds right of way: ``(holder, giver, basis)``.

    Engines call this for every engaged pair: without a trace only the rules' deciding
    functions run, straight from :data:`_DECIDERS`.
    """
    case = (position, a, b, ca, cb)
    if trace is None:
        for rule_decides in _DECIDERS:
            found = rule_decides(case)
            if found is not None:
                return found
        raise AssertionError("the turn order always decides")
    explain = trace.extend
    for rule in RIGHT_OF_WAY:  # rightofway.order.decide, written out: graphs ask for every pair
        found = rule.decide(case)
        explain(rule.explain(case, found))
        if found is not None:
            return found
    raise AssertionError("the turn order always decides")


_CONCLUDED_BY: dict[str, Citation] = {"inside": RTW36, "astern": RTW36}
"""The section a conclusion cites by its basis: the zone's, or else the engagement rules'."""


def right_of_way(position: Position, a: str, b: str) -> RightOfWay:
    """Who of boats ``a`` and ``b`` has right of way, and every step of why.

    Decided for any pair, engaged or not; outside a two-length zone the order
    is starboard, leeward, faster, turn order (RTW 3.4), in a zone the inside
    boat or the boat astern (RTW 3.6).
    """
    check_position(position)
    position.boat(a, "a")
    position.boat(b, "b")
    if a == b:
        raise InputError(f"b: right of way needs two different boats, got {shown(a)} twice")
    fa, fb = boat_facts(position, a), boat_facts(position, b)
    cl = claims(position)
    trace: list[Step] = []
    holder, giver, basis = _decide(position, fa, fb, cl[a], cl[b], trace)
    trace.append(Step("conclusion", f"{holder} has right of way over {giver} ({basis})",
                      _CONCLUDED_BY.get(basis, RTW34)))
    return RightOfWay(holder, giver, basis, tuple(trace))


def _xy(p: Point) -> str:
    """An intersection as explanations write it, ``[x, y]``."""
    return f"[{p[0]}, {p[1]}]"


def _engagement(fa: BoatFacts, fb: BoatFacts, ca: frozenset[Point], cb: frozenset[Point]
                ) -> tuple[list[Point], Step]:
    """What two engaged boats contest (sorted), and the step that says why they are
    engaged: their claims meet, or one claims the other's intersection (RTW 3.4)."""
    common = sorted(ca & cb)
    contested = common
    reasons = ["both claim " + ", ".join([f"[{x}, {y}]" for x, y in common])] if common else []
    if fa.at in cb:
        reasons.append(f"{fb.id} claims {fa.id}'s intersection {_xy(fa.at)}")
        contested = sorted({*contested, fa.at})
    if fb.at in ca:
        reasons.append(f"{fa.id} claims {fb.id}'s intersection {_xy(fb.at)}")
        contested = sorted({*contested, fb.at})
    return contested, Step("fact", f"{fa.id} and {fb.id} are engaged: {'; '.join(reasons)}",
                           RTW34)


def engaged_pairs(position: Position) -> list[tuple[str, str]]:
    """Pairs of engaged boats in listing order.

    Two boats are engaged when their claims meet or one claims the other's
    intersection (RTW 3.4).
    """
    check_position(position)
    cl = claims(position)
    return [(a.id, b.id) for a, b in _pairs(position, cl)]


def _pairs(position: Position, cl: dict[str, frozenset[Point]]) -> list[tuple[Boat, Boat]]:
    """The engaged pairs of boats, in listing order (a point index in large fleets)."""
    boats = position.boats
    if len(boats) >= geometry.INDEX_FROM:
        return [(boats[i], boats[j]) for i, j in
                engaged_index_pairs([b.at for b in boats], [cl[b.id] for b in boats])]
    # a small fleet: every pair, straight (what the index finds, cheaper below its size)
    pairs = []
    for i, a in enumerate(boats):
        ca, at = cl[a.id], a.at
        for b in boats[i + 1:]:
            cb = cl[b.id]
            if at in cb or b.at in ca or not ca.isdisjoint(cb):
                pairs.append((a, b))
    return pairs


def engagements(
    position: Position, claims_by_boat: dict[str, frozenset[Point]] | None = None
) -> list[tuple[str, str, Basis]]:
    """The fast path: ``(holder, giver, basis)`` for every engaged pair, no explanations.

    Yields the same facts as :func:`engagement_graph` without building a graph,
    for engines that call it in search loops. Pass the claims when already
    computed (:func:`rightofway.rtw.claims`) to skip computing them again.
    """
    check_position(position)
    cl = claims(position) if claims_by_boat is None else claims_by_boat
    out: list[tuple[str, str, Basis]] = []
    try:
        pairs = _pairs(position, cl)
        fs: dict[str, BoatFacts] = {}
        d = downwind_step(position.wind)
        for a, b in pairs:
            fa = fs.get(a.id)
            if fa is None:
                fa = fs[a.id] = _facts_of(position, a, d)
            fb = fs.get(b.id)
            if fb is None:
                fb = fs[b.id] = _facts_of(position, b, d)
            case = (position, fa, fb, cl[a.id], cl[b.id])
            for rule_decides in _DECIDERS:
                found = rule_decides(case)
                if found is not None:
                    out.append(found)
                    break
    except (KeyError, TypeError, AttributeError):
        # the fast path pays nothing for the check: claims given are checked when they fail
        if claims_by_boat is not None:
            check_claims(position, claims_by_boat, "claims_by_boat")
        raise
    return out


def check_claims(position: Position, claims_by_boat: object, name: str) -> None:
    """Refuse claims (``claims_by_boat`` of :func:`engagements`) that are not each boat's
    set of intersections, as :func:`rightofway.rtw.claims` gives them: a
    :class:`TypeError` or :class:`~rightofway.positions.UnknownId` naming the argument."""
    if not isinstance(claims_by_boat, Mapping):
        raise TypeError(f"{name}: expected each boat's claims, as rtw.claims(position) gives "
                        f"them, got {type(claims_by_boat).__name__} {shown(claims_by_boat)}")
    for b in position.boats:
        if b.id not in claims_by_boat:
            raise UnknownId(f"{name}: no claims of boat {shown(b.id)}; pass "
                            "rtw.claims(position)")
        as_points(claims_by_boat[b.id], f"{name}[{shown(b.id, 20)}]")


_NODE_NAMES: dict[int, dict[int, tuple[str, str, str, str]]] = {
    w.value: {h.value: (h.name, _SAIL[h, w][0].value, _SAIL[h, w][1].value,
                        "fast" if _SAIL[h, w][2] else "slow") for h in Compass}
    for w in Compass
}
"""What a graph's node says of a boat's heading, by wind then heading: the heading's name,
the tack, the point of sail and the speed, as plain strings."""


def engagement_graph(position: Position) -> nx.DiGraph:
    """The engagement graph of a position.

    A node per boat carrying its facts (``tack``, ``point_of_sail``, ``speed``,
    ``depth``, ``turn``, ``lull``, ``claims``); an edge per engaged pair from
    the give-way boat to the right-of-way boat carrying ``basis``,
    ``contested`` (sorted intersections) and ``steps`` (the explanation).
    ``graph.graph["cycles"]`` lists right-of-way cycles, which zone rules can
    create (see :func:`right_of_way_cycles`); they are reported, never hidden.
    """
    check_position(position)
    cl = claims(position)
    d = downwind_step(position.wind)
    names = _NODE_NAMES[position.wind]
    fs: dict[str, BoatFacts] = {}
    nodes = []
    for b in position.boats:
        f = fs[b.id] = _facts_of(position, b, d)
        heading, tack_name, sail, speed = names[b.heading]
        nodes.append((b.id, {"at": b.at, "heading": heading, "tack": tack_name,
                             "point_of_sail": sail, "speed": speed, "depth": f.depth,
                             "turn": f.turn, "lull": b.lull, "claims": sorted(cl[b.id])}))
    edges = []
    zoned = False
    for a, b in _pairs(position, cl):
        fa, fb = fs[a.id], fs[b.id]
        ca, cb = cl[a.id], cl[b.id]
        contested, why = _engagement(fa, fb, ca, cb)
        trace = [why]
        holder, giver, basis = _decide(position, fa, fb, ca, cb, trace)
        cite = _CONCLUDED_BY.get(basis, RTW34)
        trace.append(Step("conclusion", f"{holder} has right of way over {giver} ({basis})", cite))
        edges.append((giver, holder, {"basis": basis, "contested": contested,
                                      "steps": tuple(trace)}))
        zoned = zoned or cite is RTW36
    g = digraph(nodes, edges, ruleset="race-the-wind")
    # Outside zones the order of RTW 3.4 is total, so only zone bases can close a cycle.
    found, complete = graph_cycles(g) if zoned else ([], True)
    g.graph["cycles"] = found
    g.graph["cycles_complete"] = complete
    return g


def right_of_way_cycles(graph: nx.DiGraph) -> list[list[str]]:
    """Cycles of the right-of-way graph, at most :data:`rightofway.graphs.CYCLE_LIMIT`.

    Each cycle lists boats so that every boat has right of way over the next
    (and the last over the first), starting at the smallest boat id.
    """
    return graph_cycles(graph)[0]


# --- cover -------------------------------------------------------------------


class Cover(NamedTuple):
    """``covered`` stands in ``coverer``'s shadow and puts its yellow token at ``token``.

    ``token`` is ``None`` when the point two ahead of the covered boat cannot take a
    token: a mark stands there, a token lies there already, or a boat is on it."""

    coverer: str
    covered: str
    token: Point | None
    steps: tuple[Step, ...]


def shadow(position: Position, boat_id: str) -> frozenset[Point]:
    """Where a boat dirties the wind: one point dead downwind, or a cone (option)."""
    check_position(position)
    b = position.boat(boat_id)
    d = downwind_step(position.wind)
    if position.options.shadow == "cone":
        return cone(b.at, d, position.options.cover_depth)
    return frozenset({(b.at[0] + d[0], b.at[1] + d[1])})


def covers(position: Position) -> list[Cover]:
    """Every cover in the position (RTW 3.5); none when playing without cover (RTW 3.8)."""
    check_position(position)
    if not position.options.cover:
        return []
    out = []
    where = (
        "the intersection dead downwind of"
        if position.options.shadow == "point"
        else f"the {position.options.cover_depth}-deep shadow cone of"
    )
    for a in position.boats:
        sh = shadow(position, a.id)
        for b in position.boats:
            if b.id == a.id or b.at not in sh:
                continue
            s = b.heading.step
            spot = (b.at[0] + 2 * s[0], b.at[1] + 2 * s[1])
            taken = _taken(position, spot)
            lay = (
                f"{b.id} is covered and places its spare yellow token two intersections "
                f"ahead on its heading, at {list(spot)}"
                if taken is None else
                f"{b.id} is covered, but the point two intersections ahead on its heading, "
                f"{list(spot)}, {taken}, so no token is placed there"
            )
            steps = (
                Step("fact", f"{b.id} at {list(b.at)} lies on {where} {a.id}", RTW35),
                Step("rule", lay, RTW35),
            )
            out.append(Cover(a.id, b.id, spot if taken is None else None, steps))
    return out


def _taken(position: Position, spot: Point) -> str | None:
    """Why ``spot`` cannot take a cover token, or ``None`` when it can."""
    for m in position.marks:
        if m.at == spot:
            return f"is mark {m.id}"
    if spot in position.yellow or spot in position.blue:
        return "holds a token already"
    boat = position.boat_at(spot)
    if boat is not None:
        return f"is taken by boat {boat.id}"
    return None


# --- rulings -------------------------------------------------------------------


def _manoeuvres_from_astern(
    position: Position, move: Move, steps: list[Step]
) -> list[Infringement]:
    """RTW 3.6: in a zone, the inside boat engaged from astern may not manoeuvre; it must advance.

    Each manoeuvre of the move is judged against the engagement as it stands when
    it is made: where the boat is and where it points after the actions before it.
    A manoeuvre infringes against a boat that then engages the mover from astern in
    a zone where the mover is inside, when the mover could have done without it (a
    legal move shares the actions so far and then advances or ends). A boat with no
    such choice (head to wind after a wind shift, or blocked) is not bound by this
    rule for that manoeuvre; where its move ends is judged as for any move (RTW 3.3), and
    a later manoeuvre of the same move that it could have done without infringes.
    """
    mover = position.boat(move.boat)
    if not position.marks or all(a == "A" for a in move.actions):
        return []
    x = mover.id
    cl: dict[str, frozenset[Point]] | None = None
    at, heading = mover.at, mover.heading
    found: dict[str, Infringement] = {}
    for i, act in enumerate(move.actions):
        if act == "A":
            sx, sy = heading.step
            at = (at[0] + sx, at[1] + sy)
            continue
        # A boat that engages the mover from astern claims its intersection, so it is within
        # three intersections; one of the two must be within two of a mark.
        if all(chebyshev(at, m.at) > 5 for m in position.marks):
            heading = heading.rotate(TURNS[act])
            continue
        if cl is None:
            cl = claims(position)
        here = Boat(x, at, heading, leg=mover.leg)
        for other in position.boats:
            if other.id == x or other.id in found:
                continue
            co = cl[other.id]
            if at not in co or not _engages_from_astern(other, co, at, heading):
                continue
            mark = _zone_mark(position, here, other)
            if mark is None or euclidean_sq(at, mark.at) >= euclidean_sq(other.at, mark.at):
                continue
            where = f"at {list(at)} heading {heading.name}"
            done = move.actions[:i]
            free = any(
                o.actions[:i] == done and (len(o.actions) == i or o.actions[i] == "A")
                for o in outcomes(position, x)
            )
            if not free:  # this manoeuvre only: a later one it could do without still counts
                steps.append(
                    Step(
                        "rule",
                        f"{other.id} engages {x} from astern in the zone of {mark.id} while {x} "
                        f"is inside ({where}), but {x} has no advance to make instead of {act}: "
                        "the rule that it must advance does not bind it, and its move is "
                        "judged on where it ends",
                        RTW36,
                    )
                )
                continue
            steps.append(
                Step(
                    "rule",
                    f"when {x} makes {act} {where}, it is inside in the zone of {mark.id} and "
                    f"{other.id} engages it from astern ({x} stands on {other.id}'s "
                    f"straight-ahead advance, {other.id} abaft its beam): {x} may not "
                    f"manoeuvre but must advance, so it infringes against {other.id}",
                    RTW36,
                )
            )
            found[other.id] = Infringement(x, other.id, at, "astern")
        heading = heading.rotate(TURNS[act])
    return list(found.values())


def adjudicate(
    position: Position, move: Move, protest: Protest | None = None
) -> Ruling[Position, Move]:
    """Adjudicate ``move``: legality, infringements, exoneration, penalty and verdict.

    After boat X ends its move on ``q`` it infringes against every boat that,
    in the position after the move, has right of way over X and claims ``q``
    (RTW 3.4); in a zone the inside boat engaged from astern also infringes by
    manoeuvring (RTW 3.6). A lull excuses ending on the point where it stopped the
    boat, and a boat standing still because a lull holds it cannot infringe. The
    penalty goes to the infringing mover; with the option
    ``penalty_requires_protest`` only on a protest. A protest is upheld when it is
    against the mover by a boat the mover infringed against without excuse.
    """
    check_position(position)
    check_move(move)
    if protest is not None:
        if not isinstance(protest, Protest):
            raise TypeError(f"protest: expected a Protest(by, against) or None, got "
                            f"{type(protest).__name__} {shown(protest)}")
        for role, bid in (("by", protest.by), ("against", protest.against)):
            if not position.has_boat(bid):
                if not isinstance(bid, str):
                    raise TypeError(f"protest.{role}: expected a boat id (a string), got "
                                    f"{shown(bid)}")
                raise UnknownId(f"protest.{role}: no boat {shown(bid)} in this position")
    return _rule(position, move, protest, legality(position, move))


def adjudicate_outcome(position: Position, move: Move, outcome: Outcome) -> Ruling[Position, Move]:
    """:func:`adjudicate` without a protest for a move the engine already holds as one of
    the boat's :func:`~rightofway.rtw.moves.outcomes` (the same ruling, without generating
    the boat's moves again to find it legal)."""
    return _rule(position, move, None, legal_verdict(move, outcome))


def _rule(position: Position, move: Move, protest: Protest | None,
          verdict_of_move: Legality) -> Ruling[Position, Move]:
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
                      None, position, "race-the-wind")
    outcome = verdict_of_move.outcome
    after = _after(position, move.boat, outcome)
    x = move.boat
    q = outcome.end
    found: list[Infringement] = []
    if type(move) is PenaltyTurn:
        steps.append(
            Step("rule", f"{x} turns where it stands serving a penalty; a penalty turn is not "
                 "adjudicated for right of way", RTW34)
        )
    elif position.boat(x).lull:
        steps.append(
            Step(
                "rule",
                f"a lull holds {x}: it stands still this turn, its only move, and a boat "
                "forced by a lull cannot incur a penalty (RTW 3.2)",
                RTW34,
            )
        )
    else:
        found = _manoeuvres_from_astern(position, move, steps)
        found.extend(_where_it_ends(after, x, q, outcome.lulled, found, steps))
    if not found and type(move) is not PenaltyTurn:
        steps.append(
            Step("conclusion", f"{x} took no intersection a right-of-way boat claims", RTW34)
        )
    guilty = any(not i.exonerated for i in found)
    exonerated = bool(found) and not guilty
    verdict: Verdict | None = None
    penalty: str | None = None
    requires = position.options.penalty_requires_protest
    if protest is not None:
        steps.append(Step("fact", f"{protest.by} protests against {protest.against}", RTW34))
        owed = {i.against for i in found if not i.exonerated}
        upheld = protest.against == x and protest.by in owed
        verdict = "upheld" if upheld else "dismissed"
        penalty = x if upheld else None
        if upheld:
            why = f"{x} infringed against {protest.by}"
        elif protest.against != x:
            why = f"{protest.against} did not move; the move was {x}'s"
        elif protest.by in {i.against for i in found}:
            why = f"{x} is exonerated by the lull"
        else:
            why = f"{x} did not infringe against {protest.by}"
        steps.append(
            Step("conclusion", f"protest by {protest.by} against {protest.against} {verdict}: "
                 f"{why}", RTW34)
        )
    elif requires:
        steps.append(
            Step("rule", "no protest was lodged, and with the option penalty_requires_protest a "
                 "penalty is owed only when the boat denied its right of way claims it", RTW34)
        )
    else:
        steps.append(
            Step("rule", "no protest was lodged; by default (option penalty_requires_protest "
                 "off) an infringement is penalised without one", RTW34)
        )
        if guilty:
            penalty = x
    if penalty is not None:
        steps.append(
            Step("conclusion", f"{penalty} owes a penalty: a 360-degree turn in four moves",
                 RTW34)
        )
    return Ruling(move, True, verdict_of_move.reason, tuple(found), exonerated, penalty, verdict,
                  tuple(steps), after, position, "race-the-wind")


def _where_it_ends(
    after: Position,
    x: str,
    q: Point,
    lulled: bool,
    found: list[Infringement],
    steps: list[Step],
) -> list[Infringement]:
    """RTW 3.4: the boats with right of way over ``x`` after its move that claim ``q``.

    The facts are those of the position after the move. An infringement where a
    yellow token stopped ``x`` is exonerated (RTW 3.4).
    """
    mover = after.boat(x)
    steps.append(
        Step(
            "fact",
            f"after the move {x} stands on {list(q)} heading {mover.heading.name}"
            f"{', stopped by a lull' if lulled else ''}; right of way is judged in the position "
            "after the move",
            RTW34,
        )
    )
    cl = claims(after)
    d = downwind_step(after.wind)
    fx = _facts_of(after, mover, d)
    already = {i.against for i in found}
    out: list[Infringement] = []
    for other in after.boats:
        if other.id == x:
            continue
        co = cl[other.id]
        if q not in co and other.at not in cl[x] and co.isdisjoint(cl[x]):
            continue  # not engaged with the mover after the move: nothing is owed to it
        trace: list[Step] = []
        holder, _giver, basis = _decide(after, fx, _facts_of(after, other, d), cl[x],
                                        cl[other.id], trace)
        if holder != other.id or other.id in already:
            continue
        if q not in co:
            steps.append(
                Step(
                    "fact",
                    f"after the move {other.id} has right of way over {x} ({basis}) but does not "
                    f"claim {list(q)}, where {x} ended its move",
                    RTW34,
                )
            )
            continue
        steps.extend(
            Step(t.kind, f"after the move, {t.text}", t.cite) if t.kind == "fact" else t
            for t in trace
        )
        steps.append(
            Step(
                "rule",
                f"{x} ended its move on {list(q)}, which {other.id} claims while holding right "
                f"of way ({basis}): {x} infringes against {other.id}",
                RTW34,
            )
        )
        if lulled:
            steps.append(
                Step(
                    "rule",
                    f"a yellow token stopped {x} on {list(q)}: a boat forced into a lull cannot "
                    f"be penalised for ending there, so this infringement against {other.id} "
                    "is excused",
                    RTW34,
                )
            )
        out.append(Infringement(x, other.id, q, basis, exonerated=lulled))
    return out
