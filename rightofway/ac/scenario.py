"""America's Cup scenario files: strict models, kernel values, expectation checks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from rightofway import limits
from rightofway.ac import room
from rightofway.ac.formats import Heading
from rightofway.ac.moves import Action, Move, covered, crew_points, first_mover, points_available
from rightofway.ac.position import Card, Options, Position
from rightofway.ac.room import Ruled, StateError
from rightofway.ac.sections import Section
from rightofway.errors import shown
from rightofway.scenarios import (
    Comparison,
    Coord,
    Expectation,
    FieldError,
    Id,
    Prepared,
    ScenarioHeader,
    ScenarioReport,
    StrictModel,
    check_expectations,
    parsed_by,
)

__all__ = ["EXPECTATIONS", "AcPrepared", "AcScenario", "build_position", "check", "prepare"]


CardText = Annotated[StrictStr, parsed_by(Card.parse),
                     Field(description="a card such as G3/5/1-4-7: colour G or R, upwind value "
                                       "2..5, downwind value 1..6, three crew numbers 1..8")]
"""A card's text, checked wherever a file gives one."""
CrewNumber = Annotated[StrictInt, Field(ge=1, le=8)]
Pair = Annotated[tuple[Id, Id], Field(strict=False)]
Verdict = Literal["disqualified", "stands-still", "clear"]


class AcCourseModel(StrictModel):
    """The board and the three marks (option ``course``)."""

    width: Annotated[StrictInt, Field(ge=2, le=limits.MAX_COORD)] = 20
    """The last column of the board (x runs 0..width)."""
    height: Annotated[StrictInt, Field(ge=8, le=limits.MAX_COORD)] = 48
    """The last row of the board (y runs 0..height)."""
    windward: Coord = (10, 44)
    """The windward buoy."""
    leeward: Coord = (14, 4)
    """The leeward (starting) buoy: one end of the start and finish line."""
    jury: Coord = (6, 4)
    """The jury boat: the other end of the line, on the buoy's row."""


class AcOptionsModel(StrictModel):
    """Ruleset options; ``advanced: true`` switches on all five advanced parts."""

    advanced: StrictBool | None = None
    """All five advanced parts at once."""
    crew: StrictBool | None = None
    """Crew points and crew tacks (AC The Crew)."""
    into_the_wind: StrictBool | None = None
    """The advanced into-the-wind stop (AC Into the Wind)."""
    sequence: StrictBool | None = None
    """The sequence of upwind cards and discards (AC Sequence)."""
    head_cover: StrictBool | None = None
    """Head cover on upwind legs (AC Head Cover)."""
    downwind_cover: StrictBool | None = None
    """Downwind cover (AC Downwind Cover)."""
    legs: Annotated[StrictInt, Field(ge=1, le=20)] | None = None
    """Upwind-downwind pairs in the race (default 3)."""
    must_use_all_points: StrictBool | None = None
    """A move spends exactly the points available (default true)."""
    into_wind_two_starts_sequence: StrictBool | None = None
    """A 2 played into the wind starts a sequence (default true)."""
    finished_boats_are_obstacles: StrictBool | None = None
    """Whether finished boats still block the board (default false)."""
    hand_size: Annotated[StrictInt, Field(ge=1, le=20)] | None = None
    """Cards in a hand (default 6)."""
    course: AcCourseModel | None = None
    """The board and marks (default: the library's course)."""
    deck: Annotated[list[CardText], Field(min_length=1, max_length=200)] | None = None
    """The cards whole games deal from (default: the library's own deck)."""


class AcBoatModel(StrictModel):
    """A boat: ``{id: blue, bow: [9, 20], heading: NW, leg: 1, crew: [1, 4, 7], sequence: 3,
    hand: [G3/5/1-4-7]}``."""

    id: Id
    """The boat's id, unique in the position."""
    bow: Coord
    """Its bow point; the stern is one step behind along the heading."""
    heading: Heading
    """Where the bow points."""
    leg: Annotated[StrictInt, Field(ge=1, le=40)] = 1
    """Its leg, from 1 (odd legs upwind, even legs downwind)."""
    crew: Annotated[list[CrewNumber], Field(min_length=3, max_length=3)] | None = None
    """Its three key crew positions, distinct, each 1..8."""
    sequence: Annotated[StrictInt, Field(ge=2, le=5)] | None = None
    """The value of the last card of the sequence running (null: none)."""
    hand: Annotated[list[CardText], Field(max_length=60)] | None = None
    """Its cards (omitted when the scenario does not need them)."""
    finished: StrictBool = False
    """Whether it has finished."""
    status: Literal["disqualified", "stands-still"] | None = None
    """A start verdict it carries (stands still on its first race turn, or disqualified)."""


class AcPositionModel(StrictModel):
    """The position before the move (the wind is always from the North)."""

    wind: Literal["N"] = "N"
    """The wind always blows from the North."""
    phase: Literal["start", "race"] = "race"
    """The start procedure or the race."""
    start_round: Annotated[StrictInt, Field(ge=0, le=4)] = 0
    """During the start: the whole rounds of manoeuvres already made (0..4)."""
    boats: Annotated[list[AcBoatModel], Field(min_length=1, max_length=limits.MAX_BOATS)]
    """The boats."""
    turn_order: list[Id] | None = None
    """The boats in the order they move (default: as listed)."""


class AcMoveModel(StrictModel):
    """``{boat: red, card: G3/5/1-4-7, actions: [A, A]}``, or ``discard: CARD`` for 2 points;
    neither card nor discard: the turn is skipped."""

    boat: Id
    """The boat that moves."""
    card: CardText | None = None
    """The card played."""
    discard: CardText | None = None
    """The card discarded for 2 Movement Points (sequence rule)."""
    actions: Annotated[list[Action], Field(max_length=100)] = Field(default_factory=list)
    """The actions in order: A AL AR L R (a Movement Point each), CL CR (a crew point each)."""
    exchange: StrictBool = False
    """A skipped turn exchanges the whole hand."""


class AcAfterExpect(StrictModel):
    """A boat after the move."""

    bow: Coord | None = None
    """Its bow point."""
    heading: Heading | None = None
    """Its heading."""
    leg: StrictInt | None = None
    """Its leg."""
    finished: StrictBool | None = None
    """Whether it has finished."""
    sequence: StrictInt | None = None
    """The sequence value now running (null: none)."""


class AcExpect(StrictModel):
    """Expected outcome; every key optional. ``covered`` describes the position before the
    move; the rest the move."""

    legal: StrictBool | None = None
    """Whether the move is legal."""
    reason: Section | None = None
    """The section whose rule decides, when the move is illegal."""
    points: dict[Id, StrictInt] | None = None
    """Movement Points available to the moving boat."""
    crew_points: dict[Id, StrictInt] | None = None
    """Crew points of the moving boat."""
    covered: list[Pair] | None = None
    """The exact set of [coverer, covered] pairs."""
    after: dict[Id, AcAfterExpect] | None = None
    """Boats after the move (unchanged after an illegal move)."""
    start: dict[Id, Verdict | None] | None = None
    """Start verdicts after the move (clear or null: none)."""
    first: Id | None = None
    """Who moves first after the start procedure (null: the card draw decides)."""


class AcScenario(ScenarioHeader):
    """An America's Cup scenario file."""

    ruleset: Literal["americas-cup"]
    """americas-cup."""
    options: AcOptionsModel = AcOptionsModel()
    """Ruleset options."""
    position: AcPositionModel
    """The position before the move."""
    move: AcMoveModel | None = None
    """The move adjudicated."""
    expect: AcExpect = AcExpect()
    """The outcome expected; every key given must hold."""


AcPrepared = Prepared[AcScenario, Position, Move]
"""A validated America's Cup scenario as kernel values (:class:`rightofway.scenarios.Prepared`)."""


def _field_error(err: StateError) -> FieldError:
    return FieldError(err.loc, err.message)


def options_of(model: AcOptionsModel) -> Options:
    """The options a file gives."""
    try:
        return room.options_of(model.model_dump())
    except StateError as err:
        raise _field_error(err) from None


def build_position(p: AcPositionModel, options: Options) -> Position:
    """The position a validated model describes; :class:`FieldError` (a ``ValueError``)
    naming the field for what cannot exist."""
    try:
        return room.position_of(p.model_dump(), options)
    except StateError as err:
        raise _field_error(err) from None


def prepare(sc: AcScenario, file: str) -> AcPrepared:
    """Kernel values of a validated file; :class:`FieldError` for what cannot exist."""
    options = options_of(sc.options)
    position = build_position(sc.position, options)
    ids = list(position.boat_ids)

    def known(loc: tuple[str | int, ...], bid: str) -> None:
        if not position.has_boat(bid):
            raise FieldError(loc, f"no boat {shown(bid)} in the position (boats: {', '.join(ids)})")

    move = None
    if sc.move is not None:
        try:
            move = room.move_of(sc.move.model_dump(), position)
        except StateError as err:
            raise _field_error(err) from None
    e = sc.expect
    for key in ("points", "crew_points", "after", "start"):
        for bid in getattr(e, key) or {}:
            known(("expect", key, bid), bid)
    for i, row in enumerate(e.covered or []):
        for j, bid in enumerate(row):
            known(("expect", "covered", i, j), bid)
    if e.first is not None:
        known(("expect", "first"), e.first)
    if move is None:
        for key in ("legal", "reason", "points", "crew_points", "after", "start"):
            if getattr(e, key) is not None:
                raise FieldError(("expect", key), f"'{key}' describes a move; the scenario has "
                                                  "none")
    return Prepared(sc, file, position, move)


_Rows = Iterator[tuple[str, Any, Any]]


def _covered(r: Ruled, want: list[tuple[str, str]]) -> _Rows:
    yield "covered", frozenset(tuple(row) for row in want), covered(r.position)


def _legal(r: Ruled, want: bool) -> _Rows:
    assert r.ruling is not None
    yield "legal", want, r.ruling.legal


def _reason(r: Ruled, want: str) -> _Rows:
    assert r.ruling is not None
    yield "reason", want, str(r.ruling.cite) if not r.ruling.legal else None


def _points(r: Ruled, want: dict[str, int]) -> _Rows:
    assert r.ruling is not None and r.move is not None
    for bid, n in want.items():
        got = r.ruling.points if bid == r.move.boat else None
        if got is None and bid == r.move.boat:  # the card was refused: what it would give
            got = points_available(r.position, r.move)[0] if not r.move.skip else 0
        yield f"points.{bid}", n, got


def _crew_points(r: Ruled, want: dict[str, int]) -> _Rows:
    assert r.move is not None
    for bid, n in want.items():
        got = crew_points(r.position.boat(bid), r.move.card, r.position) \
            if bid == r.move.boat else None
        yield f"crew_points.{bid}", n, got


def _after(r: Ruled, want: dict[str, AcAfterExpect]) -> _Rows:
    for bid, ae in want.items():
        ab = r.after.boat(bid)
        have: dict[str, Any] = {"bow": ab.at, "heading": ab.heading.name, "leg": ab.leg,
                                "finished": ab.finished, "sequence": ab.sequence}
        for k in sorted(ae.model_fields_set):
            given = getattr(ae, k)
            yield f"after.{bid}.{k}", tuple(given) if k == "bow" else given, have[k]


def _start(r: Ruled, want: dict[str, str | None]) -> _Rows:
    assert r.ruling is not None
    verdicts = dict(r.ruling.verdicts)
    for bid, v in want.items():
        status = r.after.boat(bid).status if r.ruling.legal else r.position.boat(bid).status
        yield f"start.{bid}", None if v in (None, "clear") else v, verdicts.get(bid, status)


def _first(r: Ruled, want: str | None) -> _Rows:
    yield "first", want, first_mover(r.after)[0]


EXPECTATIONS: tuple[Expectation[Ruled], ...] = (
    Expectation("covered", _covered),
    Expectation("legal", _legal, needs_move=True),
    Expectation("reason", _reason, needs_move=True),
    Expectation("points", _points, needs_move=True),
    Expectation("crew_points", _crew_points, needs_move=True),
    Expectation("after", _after, needs_move=True),
    Expectation("start", _start, needs_move=True),
    Expectation("first", _first, null=True),
)
"""What a scenario's ``expect`` may say, in the order it is checked: each row the key of
``expect`` and the labelled comparisons it makes (``first: null``, the card draw
decides, is an expectation too)."""


def check(p: AcPrepared) -> ScenarioReport:
    """Compare every expectation with what the rules give (:data:`EXPECTATIONS`), and
    gather the explanation (:func:`rightofway.ac.room.explain`, what the protest room says
    too; ``expect.first`` asks who moves first)."""
    e = p.model.expect
    ruled = room.explain(p.position, p.move, asks_first="first" in e.model_fields_set)
    compare = Comparison()
    check_expectations(EXPECTATIONS, ruled, e, compare)
    return ScenarioReport(
        id=p.model.id, title=p.model.title, ruleset=p.model.ruleset, source=p.model.source,
        file=p.file, mismatches=tuple(compare.mismatches), summary=ruled.summary,
        sections=ruled.sections, checked=tuple(compare.checked),
    )
