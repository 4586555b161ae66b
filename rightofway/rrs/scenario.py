"""Racing Rules of Sailing scenario files: the strict model, turning it into a position,
and checking the expectations.

A file is a snapshot (``position``) of boats in hull lengths, with the facts a
snapshot cannot show (``facts``) or earlier snapshots (``trail``); the pair judged
(``pair``, default the first two boats); and what Part 2 must say about them
(``expect``). See ``continuous.md`` of the conventions and the book's scenario page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, StrictBool

from rightofway.explain import Step
from rightofway.positions import PositionError
from rightofway.rrs import rules
from rightofway.rrs.formats import RrsOptionsModel, RrsPositionModel
from rightofway.rrs.position import Position, to_position
from rightofway.scenarios import (
    Comparison,
    FieldError,
    Id,
    ScenarioHeader,
    ScenarioReport,
    StrictModel,
)

__all__ = ["Prepared", "RrsExpect", "RrsScenario", "RuleNumber", "check", "prepare"]

RuleNumber = Annotated[str, Field(pattern=r"^(C|\d{1,2}(\.\d)?(\([a-z]\))?(\(\d\))?)$")]
"""A rule number as the rulebook writes it: ``"10"``, ``"18.2(a)"``, ``"18.1(a)(1)"``, ``"C"``."""


class RrsExpect(StrictModel):
    """Expectations of an rrs scenario; every key optional."""

    right_of_way: Id | None = None
    """The boat with right of way."""
    keep_clear: Id | None = None
    """The boat that must keep clear."""
    mark_room: Id | None = None
    """The boat entitled to mark-room, or null for none."""
    room: Id | None = None
    """The boat entitled to room at an obstruction (RRS 19, 20), or null for none."""
    rules: list[RuleNumber] | None = None
    """The exact set of deciding rule numbers."""
    overlapped: StrictBool | None = None
    """Whether the pair overlaps (by the definition, whatever their tacks)."""
    clear_astern: Id | None = None
    """The boat clear astern of the other, or null when they overlap."""
    leeward: Id | None = None
    """The leeward boat of two overlapped on the same tack, or null."""
    tacks: dict[Id, Literal["starboard", "port"]] | None = None
    """Each boat listed: her tack."""
    in_zone: list[Id] | None = None
    """The exact set of the pair's boats in the zone of the mark concerned."""


class RrsScenario(ScenarioHeader):
    """A Racing Rules of Sailing scenario file."""

    ruleset: Literal["rrs"]
    """rrs."""
    options: RrsOptionsModel = RrsOptionsModel()
    """Ruleset options."""
    position: RrsPositionModel
    """The snapshot."""
    pair: Annotated[tuple[Id, Id], Field(strict=False)] | None = None
    """The two boats judged (default: the first two boats)."""
    expect: RrsExpect = RrsExpect()
    """What Part 2 must say; every key given must hold."""


@dataclass(frozen=True, slots=True)
class Prepared:
    """A validated scenario as kernel values, with its ruling."""

    model: RrsScenario
    file: str
    position: Position
    pair: tuple[str, str]
    ruling: rules.PairRuling

    @property
    def move(self) -> tuple[str, str]:
        """What the scenario judges: for a snapshot, the pair (the drawings take it as the
        move of the other rulesets)."""
        return self.pair


def prepare(sc: RrsScenario, file: str) -> Prepared:
    """Kernel values of a validated file and the pair's ruling; :class:`FieldError` for
    what cannot exist (hulls that touch, a fact or a pair naming a boat that is not there,
    a trail of other boats, a boat head to wind without her tack)."""
    try:
        position = to_position(sc.position, sc.options)
    except PositionError as bad:
        raise FieldError(("position", *bad.path), bad.message) from None
    ids = position.boat_ids
    pair = sc.pair or (ids[0], ids[1])
    for i, bid in enumerate(pair):
        if not position.has_boat(bid):
            raise FieldError(("pair", i), f"no boat {bid!r} in the position (boats: "
                             f"{', '.join(ids)})")
    if pair[0] == pair[1]:
        raise FieldError(("pair", 1), "a pair is two different boats")
    e = sc.expect
    for key in ("right_of_way", "keep_clear", "mark_room", "room", "clear_astern", "leeward"):
        value = getattr(e, key)
        if value is not None and value not in pair:
            raise FieldError(("expect", key), f"{value!r} is not one of the pair judged "
                             f"({pair[0]}, {pair[1]})")
    for key in ("tacks", "in_zone"):
        for bid in getattr(e, key) or ():
            if bid not in pair:
                raise FieldError(("expect", key), f"{bid!r} is not one of the pair judged "
                                 f"({pair[0]}, {pair[1]})")
    try:
        ruling = rules.ruling(position, pair[0], pair[1])
    except PositionError as bad:
        raise FieldError(("position", *bad.path), bad.message) from None
    return Prepared(sc, file, position, (pair[0], pair[1]), ruling)


def check(p: Prepared) -> ScenarioReport:
    """Compare every expectation with what Part 2 gives, and gather the explanation."""
    e = p.model.expect
    r = p.ruling
    f = r.facts
    compare = Comparison()
    given = e.model_fields_set
    for key in ("right_of_way", "keep_clear", "mark_room", "room"):
        if key in given:
            compare(key, getattr(e, key), getattr(r, key))
    if e.rules is not None:
        compare("rules", frozenset(e.rules), frozenset(r.rules))
    if e.overlapped is not None:
        compare("overlapped", e.overlapped, f.overlapped)
    if "clear_astern" in given:
        compare("clear_astern", e.clear_astern, f.clear_astern)
    if "leeward" in given:
        compare("leeward", e.leeward, f.leeward)
    if e.tacks is not None:
        for bid, tack in e.tacks.items():
            g = f.a if bid == f.a.id else f.b
            compare(f"tacks.{bid}", tack, g.tack.value if g.tack else None)
    if e.in_zone is not None:
        section = rules._SectionC(p.position, f.a, f.b)
        compare("in_zone", frozenset(e.in_zone), frozenset(section.in_zone))
    summary = [
        f"{r.keep_clear} keeps clear of {r.right_of_way}",
        f"mark-room: {r.mark_room or 'nobody'}; room: {r.room or 'nobody'}",
        f"deciding rules: {', '.join(r.rules)}",
    ]
    sections: list[tuple[str, tuple[Step, ...]]] = [
        (f"Part 2 between {p.pair[0]} and {p.pair[1]}", r.steps)]
    return ScenarioReport(
        id=p.model.id, title=p.model.title, ruleset=p.model.ruleset, source=p.model.source,
        file=p.file, mismatches=tuple(compare.mismatches), summary=tuple(summary),
        sections=tuple(sections), checked=tuple(compare.checked),
    )
