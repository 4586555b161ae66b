"""Race the Wind scenario files: strict pydantic models, kernel values, expectation checks.

The models follow the file format of the conventions; ``expect`` adds a few
keys (``moves``, ``cycles``, ``cover_tokens``, ``after`` and more detail in
``ruling``), documented on the ``Expect`` model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from rightofway.explain import Step
from rightofway.geometry import Compass, Point
from rightofway.results import Basis, Ruling
from rightofway.rtw import moves as mv
from rightofway.rtw import rules
from rightofway.rtw.position import (
    Boat,
    Mark,
    MarkRole,
    Move,
    Options,
    Phase,
    Position,
    PositionError,
    Protest,
)
from rightofway.scenarios import (
    Comparison,
    FieldError,
    ScenarioHeader,
    ScenarioReport,
    StrictModel,
)

__all__ = ["Expect", "Prepared", "RtwScenario", "check", "prepare"]

Coord = Annotated[tuple[StrictInt, StrictInt], Field(strict=False)]
"""An intersection written ``[x, y]``."""
Heading = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
ActionName = Literal["A", "R45", "R90", "L45", "L90"]
BoatId = Annotated[StrictStr, Field(min_length=1)]
Pair = Annotated[tuple[BoatId, BoatId], Field(strict=False)]
Triple = Annotated[tuple[BoatId, BoatId, Basis], Field(strict=False)]


class BoatModel(StrictModel):
    """A boat: ``{id: A, at: [0, 4], heading: NE}``, optionally ``lull: true``."""

    id: BoatId
    at: Coord
    heading: Heading
    lull: StrictBool = False


class MarkModel(StrictModel):
    """A mark: ``{id: windward, at: [0, 12], role: windward-mark}``."""

    id: BoatId
    at: Coord
    role: Literal["windward-mark", "gate-buoy", "committee-boat", "extra-mark"]


class TokensModel(StrictModel):
    """Intersections holding yellow (lull) and blue (gust) tokens."""

    yellow: list[Coord] = Field(default_factory=list)
    blue: list[Coord] = Field(default_factory=list)


class PositionModel(StrictModel):
    """The position before the move."""

    wind: Heading
    phase: Literal["start", "race", "final-leg"] = "race"
    marks: list[MarkModel] = Field(default_factory=list)
    tokens: TokensModel = TokensModel()
    boats: Annotated[list[BoatModel], Field(min_length=1)]
    turn_order: list[BoatId] | None = None


class MoveModel(StrictModel):
    """The move adjudicated: ``{boat: A, actions: [A, R45]}``; ``[]`` stands still."""

    boat: BoatId
    actions: list[ActionName]


class ProtestModel(StrictModel):
    """``{by: B, against: A}``."""

    by: BoatId
    against: BoatId


class OptionsModel(StrictModel):
    """Ruleset options (see :class:`rightofway.rtw.Options`)."""

    yellow_skips_next_turn: StrictBool = True
    cover: StrictBool = True
    shadow: Literal["point", "cone"] = "point"
    cover_depth: Annotated[StrictInt, Field(ge=1, le=10)] = 2
    penalty_requires_protest: StrictBool = False


class BoatExpect(StrictModel):
    """Facts expected of one boat in the position before the move."""

    tack: Literal["starboard", "port", "none"] | None = None
    point_of_sail: (
        Literal["head-to-wind", "close-hauled", "beam-reach", "broad-reach", "run"] | None
    ) = None
    speed: Literal["fast", "slow"] | None = None
    in_zone: StrictBool | None = None


class AfterExpect(StrictModel):
    """Where a boat is after the move."""

    at: Coord | None = None
    heading: Heading | None = None
    lull: StrictBool | None = None


class RulingExpect(StrictModel):
    """The ruling on the move; each key given is checked (``penalty: null`` too)."""

    penalty: BoatId | None = None
    verdict: Literal["upheld", "dismissed"] | None = None
    infringed: list[BoatId] | None = None
    exonerated: StrictBool | None = None


class Expect(StrictModel):
    """Expected outcome; every key optional, each given must hold.

    ``boats``, ``claims``, ``moves``, ``engaged``, ``right_of_way``,
    ``cycles``, ``covered``, ``cover_tokens`` and ``can_serve_penalty``
    describe the position before the move; ``legal``, ``after`` and
    ``ruling`` describe the move.
    """

    boats: dict[BoatId, BoatExpect] | None = None
    claims: dict[BoatId, list[Coord]] | None = None
    moves: dict[BoatId, list[list[ActionName]]] | None = None
    engaged: list[Pair] | None = None
    right_of_way: list[Triple] | None = None
    cycles: list[list[BoatId]] | None = None
    covered: list[Pair] | None = None
    cover_tokens: dict[BoatId, Coord] | None = None
    can_serve_penalty: dict[BoatId, StrictBool] | None = None
    legal: StrictBool | None = None
    after: dict[BoatId, AfterExpect] | None = None
    ruling: RulingExpect | None = None


class RtwScenario(ScenarioHeader):
    """A Race the Wind scenario file."""

    ruleset: Literal["race-the-wind"]
    options: OptionsModel = OptionsModel()
    position: PositionModel
    move: MoveModel | None = None
    protest: ProtestModel | None = None
    expect: Expect = Expect()


@dataclass(frozen=True, slots=True)
class Prepared:
    """A validated scenario turned into kernel values."""

    model: RtwScenario
    file: str
    position: Position
    move: Move | None
    protest: Protest | None


def to_position(pm: PositionModel, options: Options) -> Position:
    """Kernel position of a validated model; :class:`FieldError` if it cannot exist."""
    try:
        return Position(
            wind=Compass[pm.wind],
            boats=tuple(Boat(b.id, b.at, Compass[b.heading], b.lull) for b in pm.boats),
            marks=tuple(Mark(m.id, m.at, MarkRole(m.role)) for m in pm.marks),
            yellow=frozenset(pm.tokens.yellow),
            blue=frozenset(pm.tokens.blue),
            phase=Phase(pm.phase),
            turn_order=tuple(pm.turn_order or ()),
            options=options,
        )
    except PositionError as e:
        raise FieldError(("position", *e.path), e.message) from None


def prepare(sc: RtwScenario, file: str) -> Prepared:
    """Build kernel values and check every boat id the file names."""
    o = sc.options
    options = Options(o.yellow_skips_next_turn, o.cover, o.shadow, o.cover_depth,
                      o.penalty_requires_protest)
    position = to_position(sc.position, options)
    ids = position.boat_ids

    def known(loc: tuple[str | int, ...], bid: str) -> None:
        if not position.has_boat(bid):
            raise FieldError(loc, f"no boat {bid!r} in the position (boats: {', '.join(ids)})")

    move = None
    if sc.move is not None:
        known(("move", "boat"), sc.move.boat)
        move = Move(sc.move.boat, tuple(sc.move.actions))
    protest = None
    if sc.protest is not None:
        if sc.move is None:
            raise FieldError(("protest",), "a protest is about a move; add the move protested")
        known(("protest", "by"), sc.protest.by)
        known(("protest", "against"), sc.protest.against)
        if sc.protest.by == sc.protest.against:
            raise FieldError(("protest", "by"), "a boat cannot protest against itself")
        protest = Protest(sc.protest.by, sc.protest.against)
    e = sc.expect
    for key in ("boats", "claims", "moves", "cover_tokens", "can_serve_penalty", "after"):
        for bid in getattr(e, key) or {}:
            known(("expect", key, bid), bid)
    for key in ("engaged", "right_of_way", "covered", "cycles"):
        for i, row in enumerate(getattr(e, key) or []):
            for j, bid in enumerate(row[:2] if key == "right_of_way" else row):
                known(("expect", key, i, j), bid)
    if e.ruling is not None:
        for bid in [e.ruling.penalty] if e.ruling.penalty else []:
            known(("expect", "ruling", "penalty"), bid)
        for i, bid in enumerate(e.ruling.infringed or []):
            known(("expect", "ruling", "infringed", i), bid)
    if move is None:
        for key in ("legal", "after", "ruling"):
            if getattr(e, key) is not None:
                raise FieldError(
                    ("expect", key), f"'{key}' describes a move; the scenario has none"
                )
    return Prepared(sc, file, position, move, protest)


def _pairs(rows: list[tuple[str, str]] | list[list[str]]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(r) for r in rows)


def _cycle_key(cycle: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    k = cycle.index(min(cycle))
    return tuple(cycle[k:]) + tuple(cycle[:k])


def _fmt_pt(p: Point) -> str:
    return f"[{p[0]}, {p[1]}]"


def check(p: Prepared) -> ScenarioReport:
    """Evaluate a scenario: compare every expectation and gather the live explanation."""
    pos, e = p.position, p.model.expect
    compare = Comparison()
    summary: list[str] = []
    sections: list[tuple[str, tuple[Step, ...]]] = []

    fs = rules.facts(pos)
    cl = mv.claims(pos)
    graph = rules.engagement_graph(pos)
    covers = rules.covers(pos)
    for b in pos.boats:
        f = fs[b.id]
        zone = rules.zone_mark(pos, b.at, b.at)
        summary.append(
            f"{b.id} at {_fmt_pt(b.at)} heading {b.heading.name}: {f.tack} tack, "
            f"{f.point_of_sail} ({f.speed}){', in the zone of ' + zone.id if zone else ''}"
            f"{', held by a lull' if b.lull else ''}; claims "
            f"{' '.join(_fmt_pt(q) for q in sorted(cl[b.id])) or 'nothing'}"
        )
    edges = sorted(graph.edges(data=True), key=lambda t: (t[1], t[0]))
    for giver, holder, data in edges:
        summary.append(f"{holder} has right of way over {giver} ({data['basis']})")
        sections.append((f"right of way: {holder} over {giver}", data["steps"]))
    if not edges:
        summary.append("no boats are engaged")
    for cyc in graph.graph["cycles"]:
        summary.append(f"right-of-way cycle: {' over '.join([*cyc, cyc[0]])}")
    for c in covers:
        sections.append((f"cover: {c.coverer} covers {c.covered}", c.steps))

    if e.boats is not None:
        for bid, be in e.boats.items():
            f = fs[bid]
            got = {"tack": f.tack.value, "point_of_sail": f.point_of_sail.value,
                   "speed": f.speed, "in_zone": rules.zone_mark(pos, f.at, f.at) is not None}
            for k in sorted(be.model_fields_set):
                compare(f"boats.{bid}.{k}", getattr(be, k), got[k])
    if e.claims is not None:
        for bid, pts in e.claims.items():
            compare(f"claims.{bid}", frozenset(pts), cl[bid])
    if e.moves is not None:
        for bid, seqs in e.moves.items():
            compare(f"moves.{bid}", frozenset(tuple(s) for s in seqs),
                    frozenset(m.actions for m in mv.legal_moves(pos, bid)))
    if e.engaged is not None:
        compare("engaged", _pairs(e.engaged), _pairs(list(graph.edges())))
    if e.right_of_way is not None:
        for holder, giver, basis in e.right_of_way:
            row = rules.right_of_way(pos, holder, giver)
            compare(f"right_of_way.{holder}.{giver}", (holder, giver, basis),
                    (row.holder, row.giver, row.basis))
            if not graph.has_edge(giver, holder):
                sections.append((f"right of way: {row.holder} over {row.giver} (not engaged)",
                                 row.steps))
    if e.cycles is not None:
        compare("cycles", frozenset(_cycle_key(c) for c in e.cycles),
                frozenset(_cycle_key(c) for c in graph.graph["cycles"]))
    if e.covered is not None:
        compare("covered", frozenset(tuple(r) for r in e.covered),
                frozenset((c.coverer, c.covered) for c in covers))
    if e.cover_tokens is not None:
        compare("cover_tokens", dict(e.cover_tokens), {c.covered: c.token for c in covers})
    if e.can_serve_penalty is not None:
        for bid, want in e.can_serve_penalty.items():
            ans = rules.penalty_serving(pos, bid)
            compare(f"can_serve_penalty.{bid}", want, ans.value)
            sections.append((f"penalty serving: {bid}", ans.steps))

    ruling: Ruling[Position, Move] | None = None
    if p.move is not None:
        ruling = rules.adjudicate(pos, p.move, p.protest)
        summary.append(f"move {p.move}: {'legal' if ruling.legal else 'ILLEGAL'}"
                       f" - {ruling.reason}")
        if ruling.legal:
            summary.append(
                f"infringed against: {', '.join(sorted(ruling.infringed)) or 'nobody'}"
                f"{' (exonerated)' if ruling.exonerated else ''}; penalty: "
                f"{ruling.penalty or 'none'}"
                f"{'; protest ' + ruling.verdict if ruling.verdict else ''}"
            )
        sections.append((f"ruling on {p.move}", ruling.steps))
        if e.legal is not None:
            compare("legal", e.legal, ruling.legal)
        if e.after is not None:
            after = ruling.after
            for bid, ae in e.after.items():
                moved = after.boat(bid) if after is not None else None
                got_after: dict[str, Any] = (
                    {"at": moved.at, "heading": moved.heading.name, "lull": moved.lull}
                    if moved else {}
                )
                for k in sorted(ae.model_fields_set):
                    compare(f"after.{bid}.{k}", getattr(ae, k), got_after.get(k))
        if e.ruling is not None:
            got_ruling: dict[str, Any] = {
                "penalty": ruling.penalty,
                "verdict": ruling.verdict,
                "infringed": ruling.infringed,
                "exonerated": ruling.exonerated,
            }
            for k in sorted(e.ruling.model_fields_set):
                want = getattr(e.ruling, k)
                compare(f"ruling.{k}", frozenset(want) if k == "infringed" else want,
                        got_ruling[k])
    return ScenarioReport(
        id=p.model.id,
        title=p.model.title,
        ruleset=p.model.ruleset,
        source=p.model.source,
        file=p.file,
        mismatches=tuple(compare.mismatches),
        summary=tuple(summary),
        sections=tuple(sections),
        checked=tuple(compare.checked),
    )

