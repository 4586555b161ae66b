"""A boat's turn: a plan of steps, its units accounted for step by step, and its result.

A plan is a list of steps, ``T<degrees>`` (a turn, + clockwise), ``M<units>`` (a run along
the heading) and ``P`` (the 360-degree penalty turn). :func:`account` follows the
rulebook (SIM Movement, SIM Turning, SIM In Irons) as the conventions read it:

* the units available are the allowance of the heading at the start of the turn;
* a boat that starts within 45 degrees of the wind (in irons) has none and must begin
  with a turn, paid from the allowance of the heading it turns to;
* every turn costs one unit per 60 degrees or part of 60, paid from what is left;
  turning to a slower point of sail keeps at most the new allowance, to a faster one
  the new allowance less what was spent when that is more; a turn ending in irons ends
  the turn with nothing left;
* the plan must spend exactly the units available.

Every step of the accounting is a cited :class:`~rightofway.explain.Step`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from rightofway import limits, results
from rightofway.errors import IllegalMove, InputError
from rightofway.explain import Citation, Step
from rightofway.geometry import Tack
from rightofway.plane import tack_of
from rightofway.positions import as_bool, check_instance, shown
from rightofway.sim.plan import Move, Plan, PlanStep
from rightofway.sim.position import Boat, Position, Vec, _sailed
from rightofway.sim.sailing import (
    BASE_SPEED,
    TOLERANCE,
    PointOfSail,
    _allowance,
    _angle_to_wind,
    _normalise,
    _point_of_sail,
    _turn_cost,
    bonus,
    cite,
)

__all__ = [
    "Accounting",
    "Legality",
    "account",
    "apply",
    "is_legal",
    "legal_accountings",
    "legal_moves",
    "legality",
    "units",
]

@dataclass(frozen=True, slots=True, eq=False, init=False)
class Accounting:
    """What a plan does: the units at the start, each step explained, whether it is legal
    (with the section that decides when it is not), and where the boat ends.

    The numbers are worked out when the accounting is made; the explanation (``steps``)
    only when it is first asked for. Two accountings are equal when their numbers and
    their steps are."""

    boat: str
    plan: Plan
    point_of_sail: PointOfSail
    units: int
    legal: bool
    reason: str | None
    path: tuple[Vec, ...]
    end: Boat
    left: float
    """Units left where the accounting stopped (over at the end of an illegal plan that
    left units over)."""
    position: Position = field(repr=False)
    """The position the plan is sailed from."""
    _steps: tuple[Step, ...] | None = field(repr=False)

    def __init__(self, boat: str, plan: Plan, point_of_sail: PointOfSail, units: int,
                 legal: bool, reason: str | None, path: tuple[Vec, ...], end: Boat,
                 left: float, position: Position, steps: tuple[Step, ...] | None = None
                 ) -> None:
        # the legal-move search makes hundreds a turn: the fields go straight to their slots
        _set_boat(self, boat)
        _set_plan(self, plan)
        _set_point(self, point_of_sail)
        _set_units(self, units)
        _set_legal(self, legal)
        _set_reason(self, reason)
        _set_path(self, path)
        _set_end(self, end)
        _set_left(self, left)
        _set_position(self, position)
        _set_steps(self, steps)

    @property
    def steps(self) -> tuple[Step, ...]:
        """Each step explained and cited (SIM Movement, SIM Turning, SIM In Irons), the last
        the conclusion: legal, or the step that broke a rule."""
        steps = self._steps
        if steps is None:
            steps = _explained(self.position, self.boat, self.plan).steps
            _set_steps(self, steps)
        return steps

    @property
    def problem(self) -> str | None:
        """The text of the step that made the plan illegal."""
        return None if self.legal else self.steps[-1].text

    def _key(self) -> tuple[object, ...]:
        return (self.boat, self.plan, self.point_of_sail, self.units, self.legal, self.reason,
                self.steps, self.path, self.end, self.left)

    def __eq__(self, other: object) -> bool:
        if type(other) is not Accounting:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


_set_boat = vars(Accounting)["boat"].__set__
_set_plan = vars(Accounting)["plan"].__set__
_set_point = vars(Accounting)["point_of_sail"].__set__
_set_units = vars(Accounting)["units"].__set__
_set_legal = vars(Accounting)["legal"].__set__
_set_reason = vars(Accounting)["reason"].__set__
_set_path = vars(Accounting)["path"].__set__
_set_end = vars(Accounting)["end"].__set__
_set_left = vars(Accounting)["left"].__set__
_set_position = vars(Accounting)["position"].__set__
_set_steps = vars(Accounting)["_steps"].__set__


def units(position: Position, boat: str) -> int:
    """Units available at the start of a boat's turn: the allowance of her heading (none
    in irons)."""
    check_instance(position, Position, "position")
    b = position.boat(boat, "boat")
    return _allowance(_point_of_sail(b.heading, position.wind_degrees), position.knots)


def _fmt(u: float) -> str:
    return f"{round(u, 6):g}"


def _units(u: float) -> str:
    """A number of units as a sentence says it: ``1 unit``, ``2.5 units``, ``none``."""
    n = _fmt(u)
    return "none" if n == "0" else f"{n} unit" if n == "1" else f"{n} units"


def _only(u: float) -> str:
    """Units too few for a step, as a sentence says it: ``only 2 units``, ``none``."""
    said = _units(u)
    return said if said == "none" else "only " + said


_ON = {PointOfSail.IN_IRONS: "in irons", PointOfSail.BEAT: "on a beat",
       PointOfSail.REACH: "on a reach", PointOfSail.BROAD_REACH: "on a broad reach",
       PointOfSail.RUN: "on a run"}
"""Where a point of sail puts a boat, as a sentence says it."""


def _a(point: PointOfSail) -> str:
    """A point of sail with its article: ``a beat``, ``a broad reach``."""
    return _ON[point].removeprefix("on ")


def _turning(step: PlanStep) -> str:
    """How a turn step turns her: ``40 degrees clockwise``."""
    v = step.value
    way = " clockwise" if v > 0 else " anticlockwise" if v < 0 else ""
    return f"{abs(v):g} degree{'' if abs(v) == 1 else 's'}{way}"


def account(position: Position, boat: str, plan: Plan | str) -> Accounting:
    """Follow a plan step by step and account for every unit (SIM Movement, SIM Turning,
    SIM In Irons). Illegal plans stop at the step that breaks a rule; ``reason`` is its
    section: units left over, SIM Movement; a turn costing more than is left, SIM Turning;
    a run longer than what is left, the section that last set the units (the allowance,
    SIM Movement; a change of point of sail, SIM Turning; the turn out of irons, SIM In
    Irons); a boat in irons not starting with a turn, SIM In Irons.

    The numbers are worked out here; the steps that explain them when first asked for."""
    check_instance(position, Position, "position")
    if isinstance(plan, str):
        plan = Plan.parse(plan)
    check_instance(plan, Plan, "plan")
    b = position.boat(boat, "boat")
    wind = position.wind_degrees
    allow = _ALLOWANCES[position.knots]
    start = _start(b, wind, allow)
    s = start
    section: str | None = None
    for step in plan.steps:
        kind = step.kind
        if kind == "M":
            after = _run(s, step.value)
        elif kind == "P":
            after = _penalty(s)
        else:
            v = step.value
            heading = _normalise(s.heading + v)
            point = _point_of_sail(heading, wind)
            after = _turn(s, _turn_cost(v), heading, point, allow[point],
                          tack_of(heading, wind, s.tack))
        if isinstance(after, str):
            section = after
            break
        s = after
    else:
        section = _settle(s)
    return _accounting(position, b.id, plan, start, allow, s, section)


_ALLOWANCES = {knots: {point: _allowance(point, knots) for point in PointOfSail}
               for knots in range(8, 17)}
"""Units of each point of sail in each wind a position may have (8 to 16 knots)."""


class _Sailed(NamedTuple):
    """Where an accounting stands after the first steps of a plan: the numbers of
    :func:`_explained` without its sentences (the hot path of the legal-move search)."""

    at: Vec
    path: tuple[Vec, ...]
    heading: float
    point: PointOfSail
    allowance: int
    """The units ``point`` allows."""
    tack: Tack | None
    remaining: float
    spent: float
    setter: str
    """The section that last set the units: a run longer than what is left breaks it."""
    ended: bool
    """The last turn ended in irons: nothing may follow."""
    waiting: bool
    """In irons with no step taken: the first must be a turn (SIM In Irons)."""


def _start(b: Boat, wind: float, allow: dict[PointOfSail, int]) -> _Sailed:
    """Where a boat's accounting starts: the allowance of her heading, none in irons."""
    point = _point_of_sail(b.heading, wind)
    irons = point is PointOfSail.IN_IRONS
    return _Sailed(b.at, (b.at,), b.heading, point, allow[point],
                   tack_of(b.heading, wind, b.tack), 0.0 if irons else float(allow[point]),
                   0.0, "In Irons" if irons else "Movement", False, irons)


def _run(s: _Sailed, value: float) -> _Sailed | str:
    """A run of ``value`` units, or the section it breaks."""
    if s.ended:
        return "Turning"
    if s.waiting:
        return "In Irons"
    if value > s.remaining + TOLERANCE:
        return s.setter
    rad = math.radians(s.heading)
    at = s.at
    to = (at[0] + value * math.sin(rad), at[1] + value * math.cos(rad))
    if max(abs(to[0]), abs(to[1])) > limits.MAX_COORD:
        return "Movement"
    return _Sailed(to, (*s.path, to), s.heading, s.point, s.allowance, s.tack,
                   s.remaining - value, s.spent + value, s.setter, False, False)


def _penalty(s: _Sailed) -> _Sailed | str:
    """The 360-degree penalty turn, or the section it breaks."""
    if s.ended:
        return "Turning"
    if s.waiting:
        return "In Irons"
    if s.remaining + TOLERANCE < 6:
        return "Turning"
    return _Sailed(s.at, s.path, s.heading, s.point, s.allowance, s.tack, s.remaining - 6,
                   s.spent + 6, s.setter, False, False)


def _turn(s: _Sailed, cost: int, heading: float, point: PointOfSail, allowance: int,
          tack: Tack | None) -> _Sailed | str:
    """A turn costing ``cost`` to ``heading`` (on ``point``, which allows ``allowance``
    units, on ``tack``), or the section it breaks."""
    units = _turned(s, cost, point, allowance)
    if isinstance(units, str):
        return units
    remaining, spent, setter = units
    return _Sailed(s.at, s.path, heading, point, allowance, tack, remaining, spent, setter,
                   point is PointOfSail.IN_IRONS and not s.waiting, False)


def _turned(s: _Sailed, cost: int, point: PointOfSail, allowance: int
            ) -> tuple[float, float, str] | str:
    """The units after a turn costing ``cost`` onto ``point`` (which allows ``allowance``):
    what is left, what has been spent and the section that set them; or the section the
    turn breaks. A turn onto ``IN_IRONS`` (but the first turn out of them) ends the
    boat's turn with nothing left."""
    if s.ended:
        return "Turning"
    if s.waiting:
        if cost > allowance:
            return "In Irons"
        return float(allowance - cost), float(cost), "In Irons"
    remaining = s.remaining
    if cost > remaining + TOLERANCE:
        return "Turning"
    remaining -= cost
    spent = s.spent + cost
    if point is PointOfSail.IN_IRONS:
        return 0.0, spent, "Turning"
    if point is s.point:
        return remaining, spent, s.setter
    if allowance < s.allowance:
        return min(remaining, float(allowance)), spent, "Turning"
    return max(remaining, allowance - spent), spent, "Turning"


def _settle(s: _Sailed) -> str | None:
    """At the end of a plan: the section it breaks, or ``None`` when it is legal."""
    if s.waiting:
        return "In Irons"
    return "Movement" if s.remaining > TOLERANCE else None


def _accounting(position: Position, boat: str, plan: Plan, start: _Sailed,
                allow: dict[PointOfSail, int], s: _Sailed, section: str | None) -> Accounting:
    """The accounting of a plan that stopped at ``s`` (for ``section``, ``None`` when
    legal), its steps left to be explained when asked for."""
    return Accounting(boat, plan, start.point, allow[start.point],
                      section is None, None if section is None else "SIM " + section,
                      s.path, _sailed(boat, s.at, s.heading, s.tack),
                      max(s.remaining, 0.0), position)


def _explained(position: Position, boat: str, plan: Plan) -> Accounting:
    """:func:`account` with its steps: every unit explained and cited."""
    b = position.boat(boat, "boat")
    wind, knots = position.wind_degrees, position.knots
    heading = b.heading
    tack: Tack | None = tack_of(heading, wind, b.tack)
    at = b.at
    path = [at]
    point = first_point = _point_of_sail(heading, wind)
    start_units = _allowance(point, knots)
    out: list[Step] = []
    angle = _angle_to_wind(heading, wind)
    out.append(Step("fact", f"{boat} heads {heading:g}, {angle:g} degrees off the wind from "
                    f"{position.wind}: she is {_ON[point]}", cite("Movement")))

    def done(legal: bool, reason: str | None) -> Accounting:
        end = Boat(b.id, at, heading, tack)
        return Accounting(boat, plan, first_point, 0 if in_irons else start_units, legal, reason,
                          tuple(path), end, max(remaining, 0.0), position, tuple(out))

    def illegal(text: str, section: str) -> Accounting:
        out.append(Step("conclusion", f"illegal: {text}", cite(section)))
        return done(False, f"SIM {section}")

    in_irons = point is PointOfSail.IN_IRONS
    if in_irons:
        remaining = 0.0
        setter = "In Irons"
        out.append(Step("rule", f"{boat} is in irons: no units until she turns; her turn "
                        "must begin with a turn, paid from the new heading's allowance",
                        cite("In Irons")))
        if not plan.steps or plan.steps[0].kind != "T":
            return illegal(f"{boat} is in irons and must begin with a turn "
                           f"(the plan begins with {plan.steps[0] if plan.steps else 'nothing'})",
                           "In Irons")
    else:
        remaining = float(start_units)
        setter = "Movement"
        out.append(Step("rule", f"{_ON[point]} in {knots} knots of wind she may sail "
                        f"{start_units} units", cite("Movement"),
                        f"{BASE_SPEED[point]} for {_a(point)} + {bonus(knots)} wind bonus at "
                        f"{knots} knots = {start_units}"))
    spent = 0.0
    ended = False
    for i, step in enumerate(plan.steps, 1):
        label = f"step {i}, {step}"
        if ended:
            return illegal(f"{label}: the turn before ended in irons, and nothing may "
                           "follow it", "Turning")
        if step.kind == "M":
            if step.value > remaining + TOLERANCE:
                return illegal(f"{label}: she would sail {_units(step.value)} but has "
                               f"{_only(remaining)} left", setter)
            rad = math.radians(heading)
            to = (at[0] + step.value * math.sin(rad), at[1] + step.value * math.cos(rad))
            if max(abs(to[0]), abs(to[1])) > limits.MAX_COORD:
                return illegal(f"{label} would take {boat} to ({to[0]:g}, {to[1]:g}), beyond "
                               f"the {limits.MAX_COORD:g} units from the origin that a position "
                               "may reach", "Movement")
            at = to
            path.append(at)
            remaining -= step.value
            spent += step.value
            out.append(Step("fact", f"{label}: she sails {_units(step.value)} to "
                            f"[{at[0]:.3f}, {at[1]:.3f}] and has {_units(remaining)} left",
                            cite("Movement")))
            continue
        if step.kind == "P":
            if remaining + TOLERANCE < 6:
                return illegal(f"{label}: the penalty turn costs 6 units, and she has "
                               f"{_only(remaining)} left", "Turning")
            remaining -= 6
            spent += 6
            out.append(Step("fact", f"{label}: she makes a 360-degree penalty turn for 6 "
                            f"units, heads {heading:g} again and has {_units(remaining)} left",
                            cite("Turning")))
            continue
        cost = _turn_cost(step.value)
        new_heading = _normalise(heading + step.value)
        new_point = _point_of_sail(new_heading, wind)
        new_allowance = _allowance(new_point, knots)
        onto = ("into irons" if new_point is PointOfSail.IN_IRONS else
                f"still {_ON[new_point]}" if new_point is point else f"now {_ON[new_point]}")
        turned = (f"{label}: she turns {_turning(step)} to {new_heading:g}, {onto}, "
                  f"{'at no cost' if cost == 0 else 'for ' + _units(cost)}")
        off = f"{_angle_to_wind(new_heading, wind):g} degrees off the wind"
        costs = (f"{label}: the turn of {_turning(step)} to {new_heading:g} costs "
                 f"{_units(cost)}")
        if in_irons and i == 1:
            if cost > new_allowance:
                return illegal(f"{costs}, more than the {new_allowance} units "
                               f"{_a(new_point)} allows", "In Irons")
            remaining = float(new_allowance - cost)
            spent = float(cost)
            out.append(Step("rule", f"{turned}; out of irons she may sail what "
                            f"{_a(new_point)} allows less the turn, which leaves her "
                            f"{_units(remaining)}", cite("In Irons"),
                            f"{off}; {new_allowance} for {_a(new_point)} - {cost} for the turn "
                            f"= {_fmt(remaining)}"))
            setter = "In Irons"
        else:
            if cost > remaining + TOLERANCE:
                return illegal(f"{costs}, but she has {_only(remaining)} left", "Turning")
            remaining -= cost
            spent += cost
            old_allowance = _allowance(point, knots)
            after_turn = remaining
            if new_point is PointOfSail.IN_IRONS:
                remaining = 0.0
                ended = True
                note = "she has nothing left and her turn is over"
                detail = off
                setter = "Turning"
            elif new_point is point:
                note = f"she has {_units(remaining)} left"
                detail = off
            elif new_allowance < old_allowance:
                kept = min(remaining, float(new_allowance))
                note = (f"on a slower point of sail she may sail no more than its "
                        f"{new_allowance} units: she has {_units(kept)} left")
                detail = (f"{off}; {_fmt(after_turn)} left after the turn, at most "
                          f"{new_allowance} for {_a(new_point)}")
                remaining = kept
                setter = "Turning"
            else:
                gained = max(remaining, new_allowance - spent)
                more = ("she gains nothing, having spent as much already," if gained == remaining
                        else f"she gains {_units(gained - remaining)}")
                note = (f"on a faster point of sail she may sail what it allows less what she "
                        f"has already spent: {more} and has {_units(gained)} left")
                detail = (f"{off}; {new_allowance} for {_a(new_point)} - {_fmt(spent)} spent = "
                          f"{_fmt(new_allowance - spent)}, against {_fmt(after_turn)} left "
                          "after the turn: the greater stands")
                remaining = gained
                setter = "Turning"
            out.append(Step("rule", f"{turned}; {note}", cite("Turning"), detail))
        heading = new_heading
        point = new_point
        new_tack = tack_of(heading, wind, tack)
        tack = new_tack
    if remaining > TOLERANCE:
        left = _units(remaining)
        return illegal(f"{left} {'is' if left.startswith('1 ') else 'are'} left over, and "
                       "every unit must be used", "Movement")
    out.append(Step("conclusion", f"legal: {boat} used every unit and ends at "
                    f"[{at[0]:.3f}, {at[1]:.3f}] heading {heading:g}", cite("Movement")))
    return done(True, None)


@dataclass(frozen=True, slots=True)
class Legality(results.Legality[Position, Move]):
    """Whether a move is legal (:class:`rightofway.results.Legality`), with the
    :class:`Accounting` of its plan: the units step by step, the path and where the boat
    ends."""

    accounting: Accounting | None = None
    """The plan's accounting (always given by :func:`legality`)."""


RRS14 = Citation("RRS", "14")
"""Hulls may not touch: a plan ending with them touching is refused (RRS 14)."""


def legality(position: Position, move: Move) -> Legality:
    """Whether a move is legal: its plan spends the boat's units as the rules ask (SIM
    Movement, SIM Turning, SIM In Irons) and does not end with her hull touching another
    (RRS 14). ``reason`` says why in a sentence, ``cite`` the section that decides."""
    check_instance(move, Move, "move")
    a = account(position, move.boat, move.plan)
    if not a.legal:
        problem = a.steps[-1]
        return Legality(move, False, problem.text.removeprefix("illegal: "), problem.cite,
                        a.steps, a)
    other = position.touching(a.end)
    if other is not None:
        text = f"the plan ends with {move.boat}'s hull touching {other}'s"
        return Legality(move, False, text, RRS14,
                        (*a.steps, Step("conclusion", f"illegal: {text}", RRS14)), a)
    return Legality(move, True, "every unit used as the rules ask", a.steps[-1].cite, a.steps, a)


def is_legal(position: Position, move: Move) -> bool:
    """Whether a move is legal (see :func:`legality`)."""
    return legality(position, move).legal


def apply(position: Position, move: Move) -> Position:
    """The position after a legal move (the wind does not change: it changes after the
    round); :class:`~rightofway.errors.IllegalMove` with the reason and the section for an
    illegal one."""
    lg = legality(position, move)
    if not lg.legal or lg.accounting is None:
        raise IllegalMove(move, lg.reason, lg.cite)
    return position._moved(lg.accounting.end)


def _shortest(from_heading: float, to_heading: float) -> float:
    d = (to_heading - from_heading) % 360.0
    return d - 360.0 if d > 180.0 else d


def legal_moves(position: Position, boat: str, *, step: int = 5, splits: bool = True,
                penalty: bool = False) -> list[Move]:
    """The boat's legal moves on a grid of headings, for engines and bots: every heading in
    ``step``-degree steps reached by the shorter turn, then a run of what is left; without
    turning, one run; with ``splits``, also a run of whole units before the turn; with
    ``penalty``, the same after a penalty turn ``P``. Runs are whole or half units; a plan
    ending with hulls touching is left out (RRS 14)."""
    return [Move(boat, a.plan) for a in legal_accountings(position, boat, step=step,
                                                           splits=splits, penalty=penalty)]


def legal_accountings(position: Position, boat: str, *, step: int = 5, splits: bool = True,
                      penalty: bool = False) -> list[Accounting]:
    """The accountings of :func:`legal_moves`' plans, in the same order (what a bot
    scores them by: the path and where each ends)."""
    check_instance(position, Position, "position")
    b = position.boat(boat, "boat")
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= 90:
        raise InputError(f"step: expected 1 to 90 degrees, got {shown(step)}")
    as_bool(splits, "splits")
    as_bool(penalty, "penalty")
    point = _point_of_sail(b.heading, position.wind_degrees)
    units = _ALLOWANCES[position.knots][point]
    return [Accounting(b.id, Plan(c.steps), point, units, True, None, c.path,
                       _sailed(b.id, c.path[-1], c.heading, c.tack), c.left, position)
            for c in _legal_plans(position, b, step, splits, penalty)]


def _extent(position: Position) -> float:
    """How far from where she starts a plan may take a boat in the position's wind, with a
    unit to spare: what she spends on runs and turns never exceeds the most units a
    point of sail allows (a turn onto a faster point gives at most its allowance less
    what she has spent), so her track stays within that distance of her start."""
    return max(_ALLOWANCES[position.knots].values()) + 1.0


_Turn = tuple[PlanStep, int, float, PointOfSail, int, Tack | None, float, float]
"""A turn of the legal-move search: the step, its cost, the heading it leaves, her point
of sail there and its allowance, her tack, and the sine and cosine of the heading."""


def _turns(heading: float, wind: float, allow: dict[PointOfSail, int],
           tack: Tack | None, step: int) -> list[_Turn]:
    """The turn to every heading on the ``step``-degree grid by the shorter way, from
    ``heading`` on ``tack`` (neither a run nor P changes them, so every turn of the search
    starts from there). A whole-degree heading in a wind from a compass point (every
    heading of a race) finds its turns in the tables of whole degrees."""
    out: list[_Turn] = []
    if heading.is_integer() and wind.is_integer():
        whole, w = int(heading), int(wind)
        for h in range(0, 360, step):
            d = (h - whole) % 360  # _shortest, in whole degrees
            if d > 180:
                d -= 360
            if d != 0:
                t, cost = _WHOLE_TURNS[d]
                point, fixed = _OFF_THE_WIND[(h - w) % 360]
                sin, cos = _WHOLE_HEADINGS[h]
                out.append((t, cost, float(h), point, allow[point],
                            tack if fixed is None else fixed, sin, cos))
        return out
    for h in range(0, 360, step):
        turn = round(_shortest(heading, float(h)), 6)
        if turn != 0:
            to = _normalise(heading + turn)
            rad = math.radians(to)
            point = _point_of_sail(to, wind)
            out.append((PlanStep("T", turn), _turn_cost(turn), to, point, allow[point],
                        tack_of(to, wind, tack), math.sin(rad), math.cos(rad)))
    return out


_WHOLE_TURNS = {d: (PlanStep("T", float(d)), _turn_cost(float(d)))
                for d in range(-179, 181) if d != 0}
"""Each turn of whole degrees the shorter way (-179 to 180) and its cost."""
_OFF_THE_WIND = tuple((_point_of_sail(float(r), 0.0), tack_of(float(r), 0.0, None))
                      for r in range(360))
"""The point of sail and tack of a heading ``r`` whole degrees clockwise from where a wind
comes from (the angles between whole degrees are exact, so any whole-degree wind gives
the same); the tack ``None`` where she keeps the tack she had (head to wind, dead
downwind)."""
_WHOLE_HEADINGS = tuple((math.sin(math.radians(float(h))), math.cos(math.radians(float(h))))
                        for h in range(360))
"""The sine and cosine of each whole-degree heading (a run's direction)."""


class _Offered(NamedTuple):
    """A legal plan of :func:`_legal_plans` and where it leaves the boat."""

    steps: tuple[PlanStep, ...]
    path: tuple[Vec, ...]
    """The track, from where she starts to where she ends."""
    heading: float
    point: PointOfSail
    """Her point of sail at the end."""
    tack: Tack | None
    left: float
    """Units left (none, to the tolerance)."""


def _legal_plans(position: Position, b: Boat, step: int, splits: bool, penalty: bool
                 ) -> list[_Offered]:
    """:func:`legal_accountings`' plans (arguments checked), each with where it leaves the
    boat: the numbers a bot scores them by, without an accounting made for each.

    Each plan is worked out once, from the accounting of its beginning: the turn to each
    heading is looked up once, the penalty turn and each first run of a split sailed once,
    each turn accounted from them (the probe of the plan's beginning), then the run of
    what it leaves, cut down to half units."""
    wind = position.wind_degrees
    allow = _ALLOWANCES[position.knots]
    start = _start(b, wind, allow)
    start_units = allow[start.point]
    bid = b.id
    turns = _turns(b.heading, wind, allow, start.tack, step)
    runs: dict[float, PlanStep] = {}

    def run(units: float) -> PlanStep:
        found = runs.get(units)
        if found is None:
            found = runs[units] = PlanStep("M", units)
        return found

    # hulls are looked at only when the boat ends near another (Position.touching): none
    # that stands further off than any plan takes her
    reach = position.hull_length + 1e-6 * position.hull_length
    sx, sy = b.at
    far = _extent(position) + reach
    others = [o.at for o in position.boats if o.id != bid
              and abs(o.at[0] - sx) <= far and abs(o.at[1] - sy) <= far]
    # nor the edge of the area a position may reach, unless a plan might take her there
    edge = max(abs(sx), abs(sy)) + _extent(position) >= limits.MAX_COORD

    def touching(at: Vec, heading: float) -> bool:
        x, y = at
        for ox, oy in others:
            if abs(ox - x) <= reach and abs(oy - y) <= reach:
                return position._touching(bid, at, heading) is not None
        return False

    out: list[_Offered] = []
    prefixes: list[tuple[tuple[PlanStep, ...], _Sailed | str]] = [((), start)]
    if penalty:
        prefixes.append(((_P,), _penalty(start)))
    for prefix, sp in prefixes:
        if isinstance(sp, str):
            continue  # P breaks a rule: so does every plan it begins
        left = start_units - (6 if prefix else 0)
        if left > 0:  # no turn: a run of every unit
            s = _run(sp, float(left))
            if not isinstance(s, str) and _settle(s) is None \
                    and not (others and touching(s.at, s.heading)):
                out.append(_Offered((*prefix, run(float(left))), s.path, s.heading, s.point,
                                    s.tack, max(s.remaining, 0.0)))
        # where each turn is accounted from: the prefix, then each first run of a split
        sources = [(prefix, sp)]
        if splits and not prefix and left > 1:
            for first in range(1, left):
                sm = _run(sp, float(first))
                if not isinstance(sm, str):
                    sources.append(((run(float(first)),), sm))
        for t, cost, heading, point, allowance, tack, sin, cos in turns:
            for steps, src in sources:
                units = _turned(src, cost, point, allowance)  # the probe: _turn's units
                if isinstance(units, str):
                    continue
                remaining = units[0]
                if remaining <= TOLERANCE:  # the turn spent every unit (or ended in irons)
                    if not (others and touching(src.at, heading)):
                        out.append(_Offered((*steps, t), src.path, heading, point, tack,
                                            max(remaining, 0.0)))
                    continue
                # _run of what is left, in half units: less than half a unit is left over
                rest = math.floor(remaining * 2 + TOLERANCE) / 2
                if rest <= 0 or rest > remaining + TOLERANCE:
                    continue
                at = src.at
                to = (at[0] + rest * sin, at[1] + rest * cos)
                remaining -= rest
                if remaining > TOLERANCE \
                        or (edge and max(abs(to[0]), abs(to[1])) > limits.MAX_COORD) \
                        or (others and touching(to, heading)):
                    continue
                out.append(_Offered((*steps, t, run(rest)), (*src.path, to), heading, point,
                                    tack, max(remaining, 0.0)))
    return out


_P = PlanStep("P")
