"""Sailing Vector Game scenario files: strict models, kernel values, expectation checks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, StrictStr

from rightofway import limits, scenarios
from rightofway.errors import InputError
from rightofway.results import Basis
from rightofway.scenarios import (
    Comparison,
    Coord,
    Expectation,
    FieldError,
    Id,
    ScenarioHeader,
    ScenarioReport,
    StrictModel,
    check_expectations,
    known_boat,
    parsed_by,
)
from rightofway.vg import game, room, rules
from rightofway.vg.jsonmodels import BoatModel, MarkModel
from rightofway.vg.position import (
    Move,
    Position,
    claims,
    engaged_pairs,
)
from rightofway.vg.rules import Legality
from rightofway.vg.vectors import Vector, next_vectors

__all__ = ["EXPECTATIONS", "Prepared", "VgScenario", "check", "prepare"]

BoatId = Id
Pair = Annotated[tuple[BoatId, BoatId], Field(strict=False)]
Triple = Annotated[tuple[BoatId, BoatId, Basis], Field(strict=False)]


VectorText = Annotated[StrictStr, parsed_by(Vector.parse),
                       Field(description="a vector such as 2U:1S, 3D:0P or 1S")]
"""A vector's text, checked wherever a file gives one."""


class VgBoatModel(BoatModel):
    """A boat: ``{id: A, at: [3, 4], vector: "2U:2S"}``; no vector before its first move."""

    vector: VectorText | None = None
    """Its last vector; none before its first move or while at rest."""


class BoardModel(StrictModel):
    """The page: intersections 0..width by 0..height."""

    width: Annotated[StrictInt, Field(ge=1)]
    """The last column of the page (x runs 0..width)."""
    height: Annotated[StrictInt, Field(ge=1)]
    """The last row of the page (y runs 0..height)."""


class LineModel(StrictModel):
    """The start line, West end ``from`` to East end ``to`` on one row."""

    from_: Coord = Field(alias="from")
    """The West end of the line."""
    to: Coord
    """The East end of the line, on the same row."""


class VgMarkModel(MarkModel):
    """A mark of the course: ``{id: "1", at: [7, 24], side: S}`` (VG-C1)."""


class VgPositionModel(StrictModel):
    """The position before the move (the wind is always from the North)."""

    wind: Literal["N"] = "N"
    """The wind always blows down the page, from the North."""
    board: BoardModel | None = None
    """The page; none for an unbounded page."""
    islands: list[Coord] = Field(default_factory=list)
    """Intersections that are islands (VG-I)."""
    start_line: LineModel | None = None
    """The start (and finish) line (VG-S1..S4)."""
    marks: list[VgMarkModel] = Field(default_factory=list)
    """The course's marks, each with the side it is left on (VG-C1)."""
    turn: Annotated[StrictInt, Field(ge=0)] = 0
    """Turns the boat to move has completed (VG-S2 counts them)."""
    boats: Annotated[list[VgBoatModel], Field(min_length=1, max_length=limits.MAX_BOATS)]
    """The boats, at least one and at most 100."""
    turn_order: list[BoatId] | None = None
    """The boats in the order they move from here (default: as listed)."""


class VgMoveModel(StrictModel):
    """``{boat: A, vector: "3U:3S"}``; ``vector: null`` stands still (repairs, or no move)."""

    boat: BoatId
    """The boat that moves."""
    vector: VectorText | None
    """The vector it sails, or null to stand still (a repair turn, or when no move is left)."""


class VgAfterExpect(StrictModel):
    """Where a boat is after the move."""

    at: Coord | None = None
    """Where the boat stands after the move."""
    vector: VectorText | None = None
    """Its vector after the move."""
    lost_turns: StrictInt | None = None
    """Turns it still loses to repairs."""


RuleId = Literal[
    "VG-M1", "VG-M2", "VG-M3", "VG-M4", "VG-T", "VG-G", "VG-I", "VG-S1", "VG-S2", "VG-S3",
    "VG-S4", "VG-GW1", "VG-GW2", "VG-GW3", "VG-GW4", "VG-GW5", "VG-C1", "VG-C2", "VG-C3",
    "VG-C4",
]


class VgExpect(StrictModel):
    """Expected outcome; every key optional. ``next_vectors``, ``engaged``, ``right_of_way``
    and ``claims`` describe the position before the move; ``legal``, ``violates`` and
    ``after`` the move."""

    legal: bool | None = None
    """Whether the move is legal."""
    violates: list[RuleId] | None = None
    """The exact set of rule ids the move breaks."""
    next_vectors: dict[BoatId, list[VectorText]] | None = None
    """Each boat listed: the exact set of vectors the manoeuvring rules allow it next."""
    engaged: list[Pair] | None = None
    """The exact set of engaged pairs."""
    right_of_way: list[Triple] | None = None
    """[holder, giver, basis] triples that must hold (starboard or leeward)."""
    undecided: list[Pair] | None = None
    """Pairs for which no give-way rule names a right-of-way holder."""
    claims: dict[BoatId, list[Coord]] | None = None
    """Each boat listed: its exact claim set (the intersections of its next vectors)."""
    after: dict[BoatId, VgAfterExpect] | None = None
    """Where boats are after the move."""


class VgScenario(ScenarioHeader):
    """A Sailing Vector Game scenario file."""

    ruleset: Literal["vector-game"]
    """vector-game."""
    position: VgPositionModel
    """The position before the move."""
    move: VgMoveModel | None = None
    """The move adjudicated."""
    expect: VgExpect = VgExpect()
    """The outcome expected; every key given must hold."""


Prepared = scenarios.Prepared[VgScenario, Position, Move]
"""A Vector Game scenario file as kernel values: the validated file, its position and the
move it rules on (:class:`rightofway.scenarios.Prepared`)."""


def prepare(sc: VgScenario, file: str) -> Prepared:
    """Kernel values of a validated file; :class:`FieldError` for what cannot exist.

    The position and the move are read from the file's plain data by
    :func:`rightofway.vg.room.read`, as the protest room reads them."""
    try:
        position, move = room.read(sc.model_dump(mode="json", by_alias=True,
                                                 exclude={"expect"}))
    except InputError as bad:
        raise FieldError(bad.loc, bad.message) from None
    e = sc.expect
    for key in ("next_vectors", "claims", "after"):
        for bid in getattr(e, key) or {}:
            known_boat(position, ("expect", key, bid), bid)
    for key in ("engaged", "right_of_way", "undecided"):
        for i, row in enumerate(getattr(e, key) or []):
            for j, bid in enumerate(row[:2]):
                known_boat(position, ("expect", key, i, j), bid)
    if move is None:
        for key in ("legal", "violates", "after"):
            if getattr(e, key) is not None:
                raise FieldError(("expect", key),
                                 f"'{key}' describes a move; the scenario has none")
    return Prepared(sc, file, position, move)


# --- the expectations, in the order a report lists them ---------------------------------------

Found = Iterable[tuple[str, Any, Any]]
"""What a row of :data:`EXPECTATIONS` gives: ``(label, expected, actual)`` triples."""


def _next_vectors(p: Prepared, want: dict[str, list[str]]) -> Found:
    for bid, texts in want.items():
        b = p.position.boat(bid)
        yield (f"next_vectors.{bid}", frozenset(Vector.parse(t) for t in texts),
               next_vectors(b.vector) if not b.lost_turns else frozenset())


def _claims(p: Prepared, want: dict[str, list[Coord]]) -> Found:
    cl = claims(p.position)
    for bid, pts in want.items():
        yield f"claims.{bid}", frozenset(pts), cl[bid]


def _engaged(p: Prepared, want: list[tuple[str, str]]) -> Found:
    yield ("engaged", frozenset(frozenset(r) for r in want),
           frozenset(frozenset(r) for r in engaged_pairs(p.position)))


def _decided(p: Prepared, first: str, second: str) -> tuple[str, str, str] | None:
    row = rules.right_of_way(p.position, first, second)
    return (row.holder, row.giver, row.basis) if row else None


def _right_of_way(p: Prepared, want: list[tuple[str, str, str]]) -> Found:
    for holder, giver, basis in want:
        yield f"right_of_way.{holder}.{giver}", (holder, giver, basis), _decided(p, holder, giver)


def _undecided(p: Prepared, want: list[tuple[str, str]]) -> Found:
    for first, second in want:
        yield f"undecided.{first}.{second}", None, _decided(p, first, second)


def _verdict(p: Prepared) -> Legality:
    assert p.move is not None  # rows that read the move run only when there is one
    return game.legality(p.position, p.move)


def _after(p: Prepared, want: dict[str, VgAfterExpect]) -> Found:
    assert p.move is not None
    after = game.adjudicate(p.position, p.move).after
    for bid, ae in want.items():
        moved = after.boat(bid) if after is not None else None
        where: dict[str, Any] = (
            {"at": moved.at, "vector": moved.vector, "lost_turns": moved.lost_turns}
            if moved else {}
        )
        for k in sorted(ae.model_fields_set):
            expected = getattr(ae, k)
            if k == "vector" and expected is not None:
                expected = Vector.parse(expected)
            yield f"after.{bid}.{k}", expected, where.get(k)


EXPECTATIONS: tuple[Expectation[Prepared], ...] = (
    Expectation("next_vectors", _next_vectors),
    Expectation("claims", _claims),
    Expectation("engaged", _engaged),
    Expectation("right_of_way", _right_of_way),
    Expectation("undecided", _undecided),
    Expectation("legal", lambda p, want: [("legal", want, _verdict(p).legal)], needs_move=True),
    Expectation("violates", lambda p, want: [
        ("violates", frozenset(want), frozenset(_verdict(p).violations))], needs_move=True),
    Expectation("after", _after, needs_move=True),
)
"""The keys of ``expect`` a Vector Game file may give, each compared with what the rules
say (:func:`rightofway.scenarios.check_expectations`)."""


def check(p: Prepared) -> ScenarioReport:
    """Compare every expectation with what the rules give, and gather the explanation
    (:func:`rightofway.vg.room.explain`, what the protest room shows)."""
    compare = Comparison()
    found = room.explain(p.position, p.move)
    check_expectations(EXPECTATIONS, p, p.model.expect, compare)
    return ScenarioReport(
        id=p.model.id, title=p.model.title, ruleset=p.model.ruleset, source=p.model.source,
        file=p.file, mismatches=tuple(compare.mismatches), summary=found.summary,
        sections=found.sections, checked=tuple(compare.checked),
    )
