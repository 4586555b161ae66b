"""Simulation scenario files: the strict model, kernel values and the expectation checks.

A file holds a position, one boat's turn (``move``) or several in order (``moves``),
the dice rolled (``dice``) and what the rulebook says follows (``expect``): the point of
sail and the units of each boat at the start of her turn, whether the plans are legal and
the section deciding when not, where the boats end (within :data:`AFTER_TOLERANCE`), the
wind after the rolls, the turns before the gun, the play order and the early starters
(SIM The Start: the boats still over the line when the moves are done).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, model_validator

from rightofway import limits, scenarios
from rightofway.errors import shown
from rightofway.positions import PositionError
from rightofway.scenarios import Comparison, Expectation, FieldError, Id, ScenarioReport
from rightofway.sim import moves, room, rules
from rightofway.sim.formats import (
    Compass,
    DiceModel,
    Knots,
    SimMoveModel,
    SimOptionsModel,
    SimPositionModel,
)
from rightofway.sim.plan import Move, Plan
from rightofway.sim.position import Position, to_position
from rightofway.sim.room import Turn
from rightofway.sim.sailing import initial_wind, point_of_sail, start_turns

__all__ = ["AFTER_TOLERANCE", "EXPECTATIONS", "PointName", "Prepared", "Reason", "SimExpect",
           "SimScenario", "Turn", "check", "early_at_end", "prepare", "to_position",
           "wind_after"]

AFTER_TOLERANCE = 1e-6
"""Positions and headings in ``expect.after`` are compared within this."""

PointName = Literal["in-irons", "beat", "reach", "broad-reach", "run"]
"""A point of sail as files name it."""
Reason = Annotated[str, Field(pattern=r"^SIM (Wind|Movement|Turning|In Irons|The Start|"
                                      r"Turn Sequence)$")]
"""The section deciding an illegal plan: ``SIM Movement``, ``SIM Turning``, ``SIM In Irons``…"""


class AfterModel(scenarios.StrictModel):
    """Where a boat ends: ``{at: [1.23, 4.56], heading: 15.0}`` (either key optional)."""

    at: scenarios.PlanePoint | None = None
    """Her centre, compared within 1e-6."""
    heading: scenarios.PlaneHeading | None = None
    """Her heading, compared within 1e-6 degrees."""


class ExpectWindModel(scenarios.StrictModel):
    """The wind expected: ``{from: NE, knots: 12}``."""

    from_: Compass = Field(alias="from")
    """Where it blows from."""
    knots: Knots
    """Its speed."""


class SimExpect(scenarios.StrictModel):
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


class SimScenario(scenarios.ScenarioHeader):
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


@dataclass(frozen=True)
class Prepared(scenarios.Prepared[SimScenario, Position, tuple[Move, ...]]):
    """A validated scenario as kernel values (:class:`rightofway.scenarios.Prepared`), with
    its turns played: ``move`` holds the moves played (what the drawings draw), up to the
    first illegal one."""

    turns: tuple[Turn, ...] = ()
    """Each move played, accounted."""
    final: Position | None = None
    """The position once the moves are played (hulls that end touching are let stand)."""
    order: rules.PlayOrder | None = None
    """SIM Turn Sequence for the position: of two boats or more where the rules decide it
    (:func:`rightofway.sim.room.play_order`), and whenever the file expects it."""


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
            raise FieldError(loc, f"no boat {shown(mv.boat)} in the position (boats: "
                             f"{', '.join(ids)})")
    e = sc.expect
    for key in ("point_of_sail", "units", "after"):
        for bid in getattr(e, key) or ():
            if bid not in ids:
                raise FieldError(("expect", key, bid), f"no boat {shown(bid)} in the position")
    for key in ("play_order", "early"):
        for i, bid in enumerate(getattr(e, key) or ()):
            if bid not in ids:
                raise FieldError(("expect", key, i), f"no boat {shown(bid)} in the position")
    if e.early is not None and position.line("start") is None:
        raise FieldError(("expect", "early"), "the position has no starting line")
    order = room.play_order(position)
    if order is None and e.play_order is not None:
        try:
            order = rules.play_order(position)
        except PositionError as bad:
            raise FieldError(("position", *bad.path), bad.message) from None
    turns, current = room.play(position, [Move(mv.boat, Plan.parse(mv.plan)) for mv in played])
    played_moves = tuple(Move(t.accounting.boat, t.accounting.plan) for t in turns)
    return Prepared(sc, file, position, played_moves or None, None, turns, current, order)


def early_at_end(p: Prepared) -> frozenset[str]:
    """The boats over the starting line before the gun once every turn is played (SIM The
    Start): each boat as her last turn left her, so that one back on the pre-start side at
    the end of her plan has returned, whether she went over in an earlier turn or in the
    same one."""
    last = {t.accounting.boat: t.early for t in p.turns}
    return frozenset(b for b, early in last.items() if early)


def _close(a: float, b: float) -> bool:
    return abs(a - b) <= AFTER_TOLERANCE


def _first_turns(p: Prepared) -> dict[str, moves.Accounting]:
    """Each boat's accounting of her first turn."""
    return {t.accounting.boat: t.accounting for t in reversed(p.turns)}


def _point_of_sail(p: Prepared, want: dict[str, str]) -> Iterator[tuple[str, Any, Any]]:
    first = _first_turns(p)
    for bid, expected in want.items():
        a = first.get(bid)
        actual = a.point_of_sail.value if a else \
            point_of_sail(p.position.boat(bid).heading, p.position.wind_degrees).value
        yield f"point_of_sail.{bid}", expected, actual


def _units(p: Prepared, want: dict[str, int]) -> Iterator[tuple[str, Any, Any]]:
    first = _first_turns(p)
    for bid, expected in want.items():
        a = first.get(bid)
        yield f"units.{bid}", expected, a.units if a else moves.units(p.position, bid)


def _legal(p: Prepared, want: bool) -> Iterator[tuple[str, Any, Any]]:
    yield "legal", want, all(t.accounting.legal for t in p.turns)


def _reason(p: Prepared, want: str | None) -> Iterator[tuple[str, Any, Any]]:
    bad = next((t.accounting for t in p.turns if not t.accounting.legal), None)
    yield "reason", want, bad.reason if bad else None


def _after(p: Prepared, want: dict[str, AfterModel]) -> Iterator[tuple[str, Any, Any]]:
    final = p.final or p.position
    for bid, where in want.items():
        b = final.boat(bid)
        if where.at is not None:
            ok = _close(b.at[0], where.at[0]) and _close(b.at[1], where.at[1])
            yield (f"after.{bid}.at", tuple(where.at),
                   tuple(where.at) if ok else (round(b.at[0], 9), round(b.at[1], 9)))
        if where.heading is not None:
            diff = abs((b.heading - where.heading + 180.0) % 360.0 - 180.0)
            yield (f"after.{bid}.heading", where.heading,
                   where.heading if diff <= AFTER_TOLERANCE else b.heading)


def wind_after(p: Prepared) -> tuple[str, int]:
    """The wind once the moves are played and the file's end-of-round dice rolled."""
    return room.wind_after(p.final or p.position, p.model.dice.direction, p.model.dice.speed)


def _wind(p: Prepared, want: ExpectWindModel) -> Iterator[tuple[str, Any, Any]]:
    wind = wind_after(p)
    yield "wind", f"{want.from_} {want.knots}", f"{wind[0]} {wind[1]}"


def _start_turns(p: Prepared, want: int) -> Iterator[tuple[str, Any, Any]]:
    die = p.model.dice.start
    yield "start_turns", want, "no dice.start rolled" if die is None else start_turns(die)


def _play_order(p: Prepared, want: list[str]) -> Iterator[tuple[str, Any, Any]]:
    if p.order is not None:
        yield "play_order", tuple(want), p.order.order


def _early(p: Prepared, want: list[str]) -> Iterator[tuple[str, Any, Any]]:
    yield "early", frozenset(want), early_at_end(p)


EXPECTATIONS: tuple[Expectation[Prepared], ...] = (
    Expectation("point_of_sail", _point_of_sail),
    Expectation("units", _units),
    Expectation("legal", _legal),
    Expectation("reason", _reason, null=True),
    Expectation("after", _after),
    Expectation("wind", _wind),
    Expectation("start_turns", _start_turns),
    Expectation("play_order", _play_order),
    Expectation("early", _early),
)
"""What a simulation file may expect, in the order it is checked and reported."""


def check(p: Prepared) -> ScenarioReport:
    """Compare every expectation with what the rules give (:data:`EXPECTATIONS`), and
    gather the explanation."""
    compare = Comparison()
    scenarios.check_expectations(EXPECTATIONS, p, p.model.expect, compare)
    summary, sections = room.summarise(p.position, p.turns, p.order, wind_after(p))
    return ScenarioReport(
        id=p.model.id, title=p.model.title, ruleset=p.model.ruleset, source=p.model.source,
        file=p.file, mismatches=tuple(compare.mismatches), summary=summary,
        sections=sections, checked=tuple(compare.checked),
    )
