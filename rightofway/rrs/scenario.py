"""Racing Rules of Sailing scenario files: the strict model, turning it into a position,
and checking the expectations.

A file is a snapshot (``position``) of boats in hull lengths, with the facts a
snapshot cannot show (``facts``) or earlier snapshots (``trail``); the pair judged
(``pair``, default the first two boats); and what Part 2 must say about them
(``expect``). See ``continuous.md`` of the conventions and the book's scenario page.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool

from rightofway import scenarios
from rightofway.errors import shown
from rightofway.positions import PositionError
from rightofway.rrs import room, rules
from rightofway.rrs.formats import RrsOptionsModel, RrsPositionModel
from rightofway.rrs.hearings import Decision, Incident
from rightofway.rrs.position import Position, to_position
from rightofway.scenarios import Comparison, Expectation, FieldError, Id, ScenarioReport

__all__ = ["EXPECTATIONS", "DecisionModel", "IncidentModel", "Prepared", "ProtestModel",
           "RrsExpect", "RrsScenario", "RuleNumber", "check", "prepare"]

RuleNumber = Annotated[str, Field(pattern=r"^(C|\d{1,2}(\.\d)?(\([a-z]\))?(\(\d\))?)$")]
"""A rule number as the rulebook writes it: ``"10"``, ``"18.2(a)"``, ``"18.1(a)(1)"``, ``"C"``."""


class ProtestModel(scenarios.StrictModel):
    """A protest: ``{by: A, against: B}``; the decision covers both parties."""

    by: Id
    """The protesting boat."""
    against: Id
    """The protested boat."""


class IncidentModel(scenarios.StrictModel):
    """The facts found about the incident beyond the position; every key optional."""

    contact: StrictBool = False
    """The boats touched."""
    damage: StrictBool = False
    """The contact caused damage or injury."""
    avoiding_action: Id | None = None
    """The right-of-way boat that had to act to avoid the other."""
    room_to_keep_clear: StrictBool = True
    """False: the keep-clear boat had no room to keep clear when the other acquired right of
    way or changed course."""
    room_not_given: Id | None = None
    """The boat not given the room or mark-room owed her."""
    avoidable: Annotated[list[Id], Field(max_length=2)] | None = None
    """The boats for whom avoiding contact was reasonably possible (default: both)."""
    penalty_taken: Id | None = None
    """A boat that took a penalty for the incident (RRS 44.1)."""


class DecisionModel(scenarios.StrictModel):
    """The decision a protest committee would write."""

    broke: dict[Id, list[RuleNumber]] = Field(default_factory=dict)
    """Every rule each boat broke (exact sets; boats that broke none left out)."""
    exonerated: dict[Id, list[RuleNumber]] = Field(default_factory=dict)
    """The exoneration rules applied to each boat (``43.1(a)``, ``43.1(b)``, ``43.1(c)``)."""
    penalised: list[Id] = Field(default_factory=list)
    """The boats penalised, sorted."""


class RrsExpect(scenarios.StrictModel):
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
    decision: DecisionModel | None = None
    """The hearing's decision (needs ``protest``)."""


class RrsScenario(scenarios.ScenarioHeader):
    """A Racing Rules of Sailing scenario file."""

    ruleset: Literal["rrs"]
    """rrs."""
    options: RrsOptionsModel = RrsOptionsModel()
    """Ruleset options."""
    position: RrsPositionModel
    """The snapshot."""
    pair: Annotated[tuple[Id, Id], Field(strict=False)] | None = None
    """The two boats judged (default: the protest's parties, else the first two boats)."""
    protest: ProtestModel | None = None
    """A protest between two boats: the scenario is then a hearing."""
    incident: IncidentModel | None = None
    """The facts found about the incident (needs ``protest``)."""
    expect: RrsExpect = RrsExpect()
    """What Part 2 must say; every key given must hold."""


@dataclass(frozen=True)
class Prepared(scenarios.Prepared[RrsScenario, Position, tuple[str, str]]):
    """A validated scenario as kernel values (:class:`rightofway.scenarios.Prepared`), with
    its ruling: a snapshot has no move, so ``move`` is the pair judged (what the drawings
    take as the move of the other rulesets), and ``protest`` the hearing's protest."""

    ruling: rules.PairRuling | None = None
    """Part 2 between the pair (always given by :func:`prepare`)."""
    decision: Decision | None = None
    """The hearing's decision, when the file carries a protest."""

    @property
    def pair(self) -> tuple[str, str]:
        """The two boats judged."""
        assert self.move is not None  # prepare always gives the pair
        return self.move


def prepare(sc: RrsScenario, file: str) -> Prepared:
    """Kernel values of a validated file and the pair's ruling; :class:`FieldError` for
    what cannot exist (hulls that touch, a fact or a pair naming a boat that is not there,
    a trail of other boats, a boat head to wind without her tack). The hearing, the pair
    and the ruling are those of ``rightofway.rrs.room``, which the protest room calls too."""
    try:
        position = to_position(sc.position, sc.options)
    except PositionError as bad:
        raise FieldError(("position", *bad.path), bad.message) from None
    if sc.protest is None and sc.incident is None and sc.expect.decision is not None:
        raise FieldError(("expect", "decision"), "a decision needs a hearing: give "
                         "protest: {by: ..., against: ...}")
    try:
        protest, incident = room.hearing_of(
            position, (sc.protest.by, sc.protest.against) if sc.protest else None,
            _incident(sc.incident))
        pair = room.parties(position, sc.pair, protest)
    except room.StateError as bad:
        raise FieldError(bad.loc, bad.message) from None
    e = sc.expect
    for key in ("right_of_way", "keep_clear", "mark_room", "room", "clear_astern", "leeward"):
        value = getattr(e, key)
        if value is not None and value not in pair:
            raise FieldError(("expect", key), f"{shown(value)} is not one of the pair judged "
                             f"({pair[0]}, {pair[1]})")
    for key in ("tacks", "in_zone"):
        for bid in getattr(e, key) or ():
            if bid not in pair:
                raise FieldError(("expect", key), f"{shown(bid)} is not one of the pair judged "
                                 f"({pair[0]}, {pair[1]})")
    if e.decision is not None:
        for key in ("broke", "exonerated"):
            for bid in getattr(e.decision, key):
                if bid not in pair:
                    raise FieldError(("expect", "decision", key, bid),
                                     f"{shown(bid)} is not a party to the protest "
                                     f"({pair[0]}, {pair[1]})")
        for i, bid in enumerate(e.decision.penalised):
            if bid not in pair:
                raise FieldError(("expect", "decision", "penalised", i),
                                 f"{shown(bid)} is not a party to the protest "
                                 f"({pair[0]}, {pair[1]})")
    try:
        ruling, decision = room.judge(position, pair, protest, incident)
    except room.StateError as bad:
        raise FieldError(bad.loc, bad.message) from None
    return Prepared(sc, file, position, pair, protest, ruling, decision)


def _incident(m: IncidentModel | None) -> Incident | None:
    if m is None:
        return None
    return Incident(m.contact, m.damage, m.avoiding_action, m.room_to_keep_clear,
                    m.room_not_given, tuple(m.avoidable) if m.avoidable is not None else None,
                    m.penalty_taken)


def _ruling(p: Prepared) -> rules.PairRuling:
    assert p.ruling is not None  # prepare always rules on the pair
    return p.ruling


def _field(key: str, of_facts: bool = False) -> Expectation[Prepared]:
    """The row comparing ``expect.<key>`` with the ruling's (or its facts') value of that
    name; an explicit ``null`` in the file is checked too (nobody)."""

    def compute(p: Prepared, want: Any) -> Iterator[tuple[str, Any, Any]]:
        r = _ruling(p)
        yield key, want, getattr(r.facts if of_facts else r, key)

    return Expectation(key, compute, null=True)


def _rules(p: Prepared, want: list[str]) -> Iterator[tuple[str, Any, Any]]:
    yield "rules", frozenset(want), frozenset(_ruling(p).rules)


def _overlapped(p: Prepared, want: bool) -> Iterator[tuple[str, Any, Any]]:
    yield "overlapped", want, _ruling(p).facts.overlapped


def _tacks(p: Prepared, want: dict[str, str]) -> Iterator[tuple[str, Any, Any]]:
    f = _ruling(p).facts
    for bid, tack in want.items():
        g = f.a if bid == f.a.id else f.b
        yield f"tacks.{bid}", tack, g.tack.value if g.tack else None


def _in_zone(p: Prepared, want: list[str]) -> Iterator[tuple[str, Any, Any]]:
    f = _ruling(p).facts
    yield "in_zone", frozenset(want), frozenset(rules._SectionC(p.position, f.a, f.b).in_zone)


def _decision(p: Prepared, want: DecisionModel) -> Iterator[tuple[str, Any, Any]]:
    d = p.decision
    if d is None:
        return
    # a boat listed with no rules is the same as a boat left out
    yield ("decision.broke", {b: frozenset(v) for b, v in want.broke.items() if v},
           {b: frozenset(v) for b, v in d.broke.items()})
    yield ("decision.exonerated", {b: frozenset(v) for b, v in want.exonerated.items() if v},
           {b: frozenset(v) for b, v in d.exonerated.items()})
    yield "decision.penalised", sorted(want.penalised), list(d.penalised)


EXPECTATIONS: tuple[Expectation[Prepared], ...] = (
    _field("right_of_way"),
    _field("keep_clear"),
    _field("mark_room"),
    _field("room"),
    Expectation("rules", _rules),
    Expectation("overlapped", _overlapped),
    _field("clear_astern", of_facts=True),
    _field("leeward", of_facts=True),
    Expectation("tacks", _tacks),
    Expectation("in_zone", _in_zone),
    Expectation("decision", _decision),
)
"""What an rrs file may expect, in the order it is checked and reported."""


def check(p: Prepared) -> ScenarioReport:
    """Compare every expectation with what Part 2 gives (:data:`EXPECTATIONS`), and gather
    the summary and the explanation (``summary`` and ``sections`` of
    ``rightofway.rrs.room``, what the protest room shows)."""
    compare = Comparison()
    scenarios.check_expectations(EXPECTATIONS, p, p.model.expect, compare)
    r = _ruling(p)
    return ScenarioReport(
        id=p.model.id, title=p.model.title, ruleset=p.model.ruleset, source=p.model.source,
        file=p.file, mismatches=tuple(compare.mismatches), summary=room.summary(r, p.decision),
        sections=room.sections(r, p.decision), checked=tuple(compare.checked),
    )
