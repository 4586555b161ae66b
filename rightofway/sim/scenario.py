"""Simulation scenario files: the strict model, kernel values and the expectation checks.

A file holds a position, one boat's turn (``move``) or several in order (``moves``),
the dice rolled (``dice``) and what the rulebook says follows (``expect``): the point of
sail and the units of each boat at the start of her turn, whether the plans are legal and
the section deciding when not, where the boats end (within :data:`AFTER_TOLERANCE`), the
wind after the rolls, the turns before the gun, the play order and the early starters
(SIM The Start: the boats still over the line when the moves are done).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, StrictBool, model_validator

from rightofway import limits
from rightofway.explain import Step
from rightofway.positions import PositionError
from rightofway.scenarios import (
    Comparison,
    FieldError,
    Id,
    ScenarioHeader,
    ScenarioReport,
    StrictModel,
)
from rightofway.sim import moves as sim_moves
from rightofway.sim import rules
from rightofway.sim.formats import (
    Compass,
    DiceModel,
    HeadingDegrees,
    Knots,
    PaperPoint,
    SimMoveModel,
    SimOptionsModel,
    SimPositionModel,
)
from rightofway.sim.position import Position, to_position
from rightofway.sim.sailing import initial_wind, point_of_sail, start_turns, wind_after_round

__all__ = ["AFTER_TOLERANCE", "PointName", "Prepared", "Reason", "SimExpect", "SimScenario",
           "Turn", "check", "early_at_end", "prepare", "to_position"]

AFTER_TOLERANCE = 1e-6
"""Positions and headings in ``expect.after`` are compared within this."""

PointName = Literal["in-irons", "beat", "reach", "broad-reach", "run"]
"""A point of sail as files name it."""
Reason = Annotated[str, Field(pattern=r"^SIM (Wind|Movement|Turning|In Irons|The Start|"
                                      r"Turn Sequence)$")]
"""The section deciding an illegal plan: ``SIM Movement``, ``SIM Turning``, ``SIM In Irons``…"""


class AfterModel(StrictModel):
    """Where a boat ends: ``{at: [1.23, 4.56], heading: 15.0}`` (either key optional)."""

    at: PaperPoint | None = None
    """Her centre, compared within 1e-6."""
    heading: HeadingDegrees | None = None
    """Her heading, compared within 1e-6 degrees."""


class ExpectWindModel(StrictModel):
    """The wind expected: ``{from: NE, knots: 12}``."""

    from_: Compass = Field(alias="from")
    """Where it blows from."""
    knots: Knots
    """Its speed."""


class SimExpect(StrictModel):
    """Expectations of a simulation scenario; every key optional."""

    point_of_sail: dict[Id, PointName] | None = None
    """Each boat listed: her point of sail at the start of her turn."""
    units: dict[Id, Annotated[int, Field(ge=0, le=20)]] | None = None
    """Each boat listed: the units available at the start of her turn."""
    legal: StrictBool | None = None
    """Whether every plan is legal."""
    reason: Reason | None = None
    """When a plan is illegal: the section whose rule decides."""
    after: dict[Id, AfterModel] | None = None
    """Each boat listed: where she is after the moves."""
    wind: ExpectWindModel | None = None
    """The wind after the end-of-round rolls (or the initial rolls)."""
    start_turns: Annotated[int, Field(ge=2, le=5)] | None = None
    """Turns before the starting gun, from ``dice.start``."""
    play_order: list[Id] | None = None
    """SIM Turn Sequence for the position."""
    early: list[Id] | None = None
    """Boats over the start line before the gun once the moves are played (the exact
    set; SIM The Start): one back on the pre-start side at the end of her plan is not."""


class SimScenario(ScenarioHeader):
    """A simulation scenario file."""

    ruleset: Literal["simulation"]
    """simulation."""
    options: SimOptionsModel = SimOptionsModel()
    """Ruleset options."""
    position: SimPositionModel
    """The position."""
    move: SimMoveModel | None = None
    """One boat's turn."""
    moves: Annotated[list[SimMoveModel], Field(max_length=limits.MAX_BOATS)] | None = None
    """Several turns in order (a round), instead of ``move``."""
    dice: DiceModel = DiceModel()
    """Dice rolled."""
    expect: SimExpect = SimExpect()
    """What the rules must say; every key given must hold."""

    @model_validator(mode="after")
    def _one_way_to_move(self) -> SimScenario:
        if self.move is not None and self.moves is not None:
            raise ValueError("give either move or moves, not both")
        return self


@dataclass(frozen=True, slots=True)
class Turn:
    """One boat's turn of the scenario, accounted."""

    accounting: sim_moves.Accounting
    early: bool
    """Over the starting line before the gun at the end of this turn (SIM The Start): she
    went over in this turn or an earlier one and is not back on the pre-start side."""
    start: rules.StartCrossing | None = None
    """How the turn met the starting line, when the position has one and the plan is legal."""


@dataclass(frozen=True, slots=True)
class Prepared:
    """A validated scenario as kernel values, with its turns played."""

    model: SimScenario
    file: str
    position: Position
    turns: tuple[Turn, ...]
    final: Position
    order: rules.PlayOrder | None

    @property
    def move(self) -> tuple[tuple[str, str], ...] | None:
        """The turns played, as ``(boat, plan)`` pairs (what the drawings draw)."""
        if not self.turns:
            return None
        return tuple((t.accounting.boat, str(t.accounting.plan)) for t in self.turns)


def prepare(sc: SimScenario, file: str) -> Prepared:
    """Kernel values of a validated file, its turns played in order (:class:`FieldError`
    for what cannot exist: touching hulls, a move or an expectation naming a boat that is
    not there)."""
    try:
        position = to_position(sc.position, sc.options)
    except PositionError as bad:
        raise FieldError(("position", *bad.path), bad.message) from None
    if sc.dice.initial is not None:
        name, knots = initial_wind(*sc.dice.initial)
        position = position.with_wind(name, knots)
    played = [sc.move] if sc.move is not None else list(sc.moves or ())
    field = "move" if sc.move is not None else "moves"
    ids = position.boat_ids
    for i, mv in enumerate(played):
        if not position.has_boat(mv.boat):
            loc: tuple[str | int, ...] = (field, "boat") if field == "move" else (field, i, "boat")
            raise FieldError(loc, f"no boat {mv.boat!r} in the position (boats: {', '.join(ids)})")
    e = sc.expect
    for key in ("point_of_sail", "units", "after"):
        for bid in getattr(e, key) or ():
            if bid not in ids:
                raise FieldError(("expect", key, bid), f"no boat {bid!r} in the position")
    for key in ("play_order", "early"):
        for i, bid in enumerate(getattr(e, key) or ()):
            if bid not in ids:
                raise FieldError(("expect", key, i), f"no boat {bid!r} in the position")
    start = position.line("start")
    if e.early is not None and start is None:
        raise FieldError(("expect", "early"), "the position has no starting line")
    order = None
    if e.play_order is not None:
        try:
            order = rules.play_order(position)
        except PositionError as bad:
            raise FieldError(("position", *bad.path), bad.message) from None
    turns = []
    current = position
    over: dict[str, bool] = {}
    for mv in played:
        a = sim_moves.account(current, mv.boat, mv.plan)
        crossing = None
        if a.legal and start is not None:
            crossing = rules.start_crossing(current, start, a.path, early=over.get(a.boat, False))
            over[a.boat] = crossing.early
        turns.append(Turn(a, over.get(a.boat, False), crossing))
        if not a.legal:
            break
        current = current._moved(a.end)  # hulls that end touching do not stop the check
    return Prepared(sc, file, position, tuple(turns), current, order)


def early_at_end(p: Prepared) -> frozenset[str]:
    """The boats over the starting line before the gun once every turn is played (SIM The
    Start): each boat as her last turn left her, so that one back on the pre-start side at
    the end of her plan has returned, whether she went over in an earlier turn or in the
    same one."""
    last = {t.accounting.boat: t.early for t in p.turns}
    return frozenset(b for b, early in last.items() if early)


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= AFTER_TOLERANCE


def check(p: Prepared) -> ScenarioReport:
    """Compare every expectation with what the rules give, and gather the explanation."""
    e = p.model.expect
    compare = Comparison()
    first = {t.accounting.boat: t.accounting for t in reversed(p.turns)}
    pos = p.position
    for bid, expected in (e.point_of_sail or {}).items():
        a = first.get(bid)
        actual = a.point_of_sail.value if a else \
            point_of_sail(pos.boat(bid).heading, pos.wind_degrees).value
        compare(f"point_of_sail.{bid}", expected, actual)
    for bid, expected_units in (e.units or {}).items():
        a = first.get(bid)
        compare(f"units.{bid}", expected_units, a.units if a else sim_moves.units(pos, bid))
    legal = all(t.accounting.legal for t in p.turns)
    if e.legal is not None:
        compare("legal", e.legal, legal)
    if "reason" in e.model_fields_set:
        bad = next((t.accounting for t in p.turns if not t.accounting.legal), None)
        compare("reason", e.reason, bad.reason if bad else None)
    for bid, where in (e.after or {}).items():
        b = p.final.boat(bid)
        if where.at is not None:
            ok = _close(b.at[0], where.at[0]) and _close(b.at[1], where.at[1])
            compare(f"after.{bid}.at", tuple(where.at),
                    tuple(where.at) if ok else (round(b.at[0], 9), round(b.at[1], 9)))
        if where.heading is not None:
            diff = abs((b.heading - where.heading + 180.0) % 360.0 - 180.0)
            compare(f"after.{bid}.heading", where.heading,
                    where.heading if diff <= AFTER_TOLERANCE else b.heading)
    wind = (p.final.wind, p.final.knots)
    dice = p.model.dice
    if dice.direction is not None or dice.speed is not None:
        wind = wind_after_round(wind, dice.direction, dice.speed)
    if e.wind is not None:
        compare("wind", f"{e.wind.from_} {e.wind.knots}", f"{wind[0]} {wind[1]}")
    if e.start_turns is not None:
        if dice.start is None:
            compare("start_turns", e.start_turns, "no dice.start rolled")
        else:
            compare("start_turns", e.start_turns, start_turns(dice.start))
    if e.play_order is not None and p.order is not None:
        compare("play_order", tuple(e.play_order), p.order.order)
    if e.early is not None:
        compare("early", frozenset(e.early), early_at_end(p))
    summary = []
    sections: list[tuple[str, tuple[Step, ...]]] = []
    for t in p.turns:
        a = t.accounting
        verdict = "legal" if a.legal else f"illegal ({a.reason})"
        back = t.start is not None and t.start.went_over and t.start.returned
        summary.append(f"{a.boat} {a.plan}: {a.point_of_sail}, {a.units} units, {verdict}"
                       + (", early" if t.early else "")
                       + (", over the starting line and back" if back else ""))
        sections.append((f"{a.boat}'s turn: {a.plan}", a.steps))
    if p.order is not None:
        summary.append("play order: " + ", ".join(p.order.order))
        sections.append(("Play order", p.order.steps))
    summary.append(f"wind: {wind[0]} {wind[1]} knots")
    return ScenarioReport(
        id=p.model.id, title=p.model.title, ruleset=p.model.ruleset, source=p.model.source,
        file=p.file, mismatches=tuple(compare.mismatches), summary=tuple(summary),
        sections=tuple(sections), checked=tuple(compare.checked),
    )
