"""Race the Wind scenario files: strict pydantic models, kernel values, expectation checks.

The models follow the file format of the conventions; ``expect`` adds a few
keys (``moves``, ``cycles``, ``cover_tokens``, ``after`` and more detail in
``ruling``), documented on the ``Expect`` model.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import ConfigDict, Field, StrictBool, StrictInt, StrictStr

from rightofway import limits, scenarios
from rightofway.geometry import Point
from rightofway.races import plain
from rightofway.results import Basis, Ruling
from rightofway.rtw import moves as mv
from rightofway.rtw import room, rules
from rightofway.rtw.course import SetupError
from rightofway.rtw.formats import (
    ActionName,
    BoatId,
    CourseModel,
    Heading,
    OptionsModel,
    PositionModel,
)
from rightofway.rtw.moves import IllegalMove
from rightofway.rtw.position import (
    Move,
    Options,
    Position,
    PositionError,
)
from rightofway.rtw.race import DEFAULT_DIE, Event, Race
from rightofway.rtw.room import Played
from rightofway.rtw.rules import BoatFacts, Cover
from rightofway.rtw.sections import RTW2
from rightofway.scenarios import (
    Comparison,
    Coord,
    Expectation,
    FieldError,
    ScenarioHeader,
    ScenarioReport,
    StrictModel,
    check_expectations,
    known_boat,
)

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["Expect", "Played", "Prepared", "RtwScenario", "check", "prepare"]

Pair = Annotated[tuple[BoatId, BoatId], Field(strict=False)]
Triple = Annotated[tuple[BoatId, BoatId, Basis], Field(strict=False)]


class MoveModel(StrictModel):
    """The move adjudicated: ``{boat: A, actions: [A, R45]}``; ``[]`` stands still."""

    boat: BoatId
    """The boat that moves."""
    actions: list[ActionName]
    """Its actions in order: A advances, R45/R90 turn clockwise, L45/L90 anticlockwise.

    ``[]`` stands still."""


class ProtestModel(StrictModel):
    """``{by: B, against: A}``."""

    by: BoatId
    """The boat that protests."""
    against: BoatId
    """The boat protested against."""


def _default_die() -> list[Heading]:
    return [face.name for face in DEFAULT_DIE]  # type: ignore[misc]


class RaceOptionsModel(StrictModel):
    """How the race is played (see :class:`rightofway.rtw.RaceOptions`)."""

    start_moves: Annotated[StrictInt, Field(ge=0, le=limits.MAX_START_MOVES)] = 7
    """Moves of the start procedure (RTW 3.1: seven)."""
    wind_shifts: StrictBool = True
    """Play with the wind-change flags (RTW 3.3)."""
    die: Annotated[list[Heading], Field(min_length=1, max_length=limits.MAX_DIE_FACES)] = Field(
        default_factory=_default_die)
    """The compass die's faces."""
    auto_protest: StrictBool = True
    """Every boat denied its right of way protests (and every other boat over a start fault)."""


class BoatStateModel(StrictModel):
    """A boat's race state when a race is taken up mid-way."""

    leg: Annotated[StrictInt, Field(ge=0)] = 0
    """Its race leg: 0 before the start, then 1, 2, ...

    On the windward-leeward course odd legs beat and even legs run."""
    moves: Annotated[StrictInt, Field(ge=0)] = 0
    """Moves it has made (its first seven are the start procedure)."""
    penalties: Annotated[StrictInt, Field(ge=0)] = 0
    """Penalties it owes (RTW 3.4)."""
    cover_token: Coord | None = None
    """Where the yellow token it laid under cover lies, if it has one out (RTW 3.5)."""


class RaceModel(StrictModel):
    """A race scenario's race: the course, options, set-up check and race states."""

    course: CourseModel
    """The course; its marks are the position's marks."""
    options: RaceOptionsModel = RaceOptionsModel()
    """How the race is played."""
    check_setup: StrictBool = True
    """True: the race begins here, placement and tokens are checked (RTW 3.1, 3.2)."""
    boats: dict[BoatId, BoatStateModel] = Field(default_factory=dict)
    """Per boat, its race state when the race is taken up mid-way."""
    seed: StrictInt | None = None
    """Seed of the compass die when a wind shift has no roll given."""


class PlayModel(StrictModel):
    """One move of a race scenario: ``{boat: A, actions: [A]}`` or ``{boat: A, penalty: R90}``."""

    boat: BoatId
    """The boat that moves; it must be its turn."""
    actions: list[ActionName] | None = None
    """Its actions, as in a move."""
    penalty: Literal["R90", "L90"] | None = None
    """Instead of actions: one 90-degree turn of a penalty, R90 or L90 (RTW 3.4)."""
    rolls: list[Heading] = Field(default_factory=list)
    """The compass die's results for the wind shifts the move causes."""
    protests: list[BoatId] | None = None
    """The boats protesting the move; none given: as ``auto_protest`` says."""


class SetupExpect(StrictModel):
    """Whether the race's set-up is allowed, and the section a refusal cites."""

    valid: StrictBool
    """Whether the placement and the tokens are allowed."""
    cite: StrictStr | None = None
    """The section a refusal rests on, e.g. RTW 3.1."""


class IllegalExpect(StrictModel):
    """The first play the race refuses (1 for the first), and the section it cites."""

    play: Annotated[StrictInt, Field(ge=1)]
    """The first play refused, from 1."""
    cite: StrictStr | None = None
    """The section the refusal rests on, e.g. RTW 2."""


class EventExpect(StrictModel):
    """An event: its ``kind`` and any of its boat, play (1 for the first) and data."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)

    kind: Annotated[StrictStr, Field(min_length=1)]
    """The event's kind (move, rounded, finished, start-fault, ...)."""
    play: Annotated[StrictInt, Field(ge=1)] | None = None
    """The play that caused it, from 1 (any play when left out)."""
    boat: BoatId | None = None
    """The boat it concerns."""
    mark: StrictStr | None = None
    """For rounded: windward, reach or gate."""
    leg: StrictInt | None = None
    """For rounded: the leg that begins."""
    place: StrictInt | None = None
    """For finished: the place."""
    against: BoatId | None = None
    """For infringement and protest: the other boat."""
    basis: Basis | None = None
    """For infringement: the right-of-way basis."""
    verdict: Literal["upheld", "dismissed"] | None = None
    """For protest: upheld or dismissed."""
    at: Coord | None = None
    """Where it happened (gust, lull, cover tokens)."""
    by: BoatId | None = None
    """For cover-placed: the covering boat."""
    from_: Heading | None = Field(default=None, alias="from")
    """For wind-shift: the wind before."""
    to: Heading | None = None
    """For wind-shift: the wind after."""
    row: StrictInt | None = None
    """For wind-shift: the flag's row."""
    penalised: StrictBool | None = None
    """For start-fault: whether a penalty is owed for it."""


class FinalBoatExpect(StrictModel):
    """A boat at the end of the plays."""

    at: Coord | None = None
    """Where the boat stands (null once it finished and left the board)."""
    heading: Heading | None = None
    """Its heading."""
    leg: StrictInt | None = None
    """Its race leg (one past the last once finished)."""
    penalties: StrictInt | None = None
    """Penalties it owes."""
    place: StrictInt | None = None
    """Its finishing place, or null."""
    finished: StrictBool | None = None
    """Whether it finished."""
    lull: StrictBool | None = None
    """Whether a lull holds it."""
    cover_token: Coord | None = None
    """Where its cover token lies, or null."""


class FinalExpect(StrictModel):
    """The race at the end of the plays."""

    wind: Heading | None = None
    """The wind after the plays."""
    to_move: BoatId | None = None
    """The boat to move next (null when the race is over)."""
    turn_order: list[BoatId] | None = None
    """The boats in the order they move next."""
    finish_order: list[BoatId] | None = None
    """The boats that finished, first first."""
    boats: dict[BoatId, FinalBoatExpect] | None = None
    """Per boat, its state after the plays."""


class BoatExpect(StrictModel):
    """Facts expected of one boat in the position before the move."""

    tack: Literal["starboard", "port", "none"] | None = None
    """starboard, port or none (head to wind)."""
    point_of_sail: (
        Literal["head-to-wind", "close-hauled", "beam-reach", "broad-reach", "run"] | None
    ) = None
    """The point of sail its heading gives in the wind."""
    speed: Literal["fast", "slow"] | None = None
    """fast (beam and broad reach) or slow (RTW 3.4)."""
    in_zone: StrictBool | None = None
    """Whether it is within two lengths of a mark it is rounding (RTW 3.6)."""


class AfterExpect(StrictModel):
    """Where a boat is after the move."""

    at: Coord | None = None
    """Where the boat stands after the move."""
    heading: Heading | None = None
    """Its heading after the move."""
    lull: StrictBool | None = None
    """Whether a lull holds it for its next turn."""


class RulingExpect(StrictModel):
    """The ruling on the move; each key given is checked (``penalty: null`` too)."""

    penalty: BoatId | None = None
    """The boat penalised for the move, or null."""
    verdict: Literal["upheld", "dismissed"] | None = None
    """The protest's verdict: upheld or dismissed."""
    infringed: list[BoatId] | None = None
    """The exact set of boats the mover infringed against."""
    exonerated: StrictBool | None = None
    """Whether a lull excuses every infringement of the move."""


class Expect(StrictModel):
    """Expected outcome; every key optional, each given must hold.

    ``boats``, ``claims``, ``moves``, ``engaged``, ``right_of_way``,
    ``cycles``, ``covered``, ``cover_tokens`` and ``can_serve_penalty``
    describe the position before the move; ``legal``, ``after`` and
    ``ruling`` describe the move.
    """

    boats: dict[BoatId, BoatExpect] | None = None
    """Facts expected of boats in the position before the move."""
    claims: dict[BoatId, list[Coord]] | None = None
    """Each boat listed: its exact claim set."""
    moves: dict[BoatId, list[list[ActionName]]] | None = None
    """Each boat listed: the exact set of its legal action sequences."""
    engaged: list[Pair] | None = None
    """The exact set of engaged pairs."""
    right_of_way: list[Triple] | None = None
    """[holder, giver, basis] triples that must hold."""
    cycles: list[Annotated[list[BoatId], Field(min_length=2)]] | None = None
    """The exact set of right-of-way cycles, each of at least two boats."""
    covered: list[Pair] | None = None
    """The exact set of [coverer, covered] pairs (RTW 3.5)."""
    cover_tokens: dict[BoatId, Coord | None] | None = None
    """Where each covered boat's token goes (null: it cannot be placed)."""
    can_serve_penalty: dict[BoatId, StrictBool] | None = None
    """Whether each boat listed may serve a penalty where it stands."""
    legal: StrictBool | None = None
    """Whether the move is legal."""
    after: dict[BoatId, AfterExpect] | None = None
    """Where boats are after the move."""
    ruling: RulingExpect | None = None
    """The ruling on the move."""
    setup: SetupExpect | None = None
    """A race scenario: whether its set-up is allowed."""
    illegal: IllegalExpect | None = None
    """A race scenario: the first play the race refuses."""
    events: list[EventExpect] | None = None
    """A race scenario: events that must occur."""
    absent: list[EventExpect] | None = None
    """A race scenario: events that must not occur."""
    final: FinalExpect | None = None
    """A race scenario: the race after the last play."""


class RtwScenario(ScenarioHeader):
    """A Race the Wind scenario file.

    With ``race`` and ``play`` it is a race scenario: the course gives the
    marks, the race states give each boat's leg, and the race engine plays the
    moves of ``play`` in order (``move`` and ``protest`` are then not used).
    """

    ruleset: Literal["race-the-wind"]
    """race-the-wind."""
    options: OptionsModel = OptionsModel()
    """Ruleset options: matters of taste the rulebook leaves open."""
    position: PositionModel
    """The position before the move (or the plays)."""
    move: MoveModel | None = None
    """The move adjudicated."""
    protest: ProtestModel | None = None
    """A protest against the move."""
    race: RaceModel | None = None
    """A race scenario: the race taken up at the position."""
    play: list[PlayModel] | None = None
    """A race scenario: the moves played, in order."""
    expect: Expect = Expect()
    """The outcome expected; every key given must hold."""


@dataclass(frozen=True)
class Prepared(scenarios.Prepared[RtwScenario, Position, Move]):
    """A validated scenario turned into kernel values: the file ``model``, its ``position``,
    the ``move`` adjudicated and a ``protest`` (a :class:`~rightofway.results.Protest`) against
    it; a race scenario is played out, and its race kept beside them."""

    race: Race | None = None
    """A race scenario's race before its plays (``None`` when its set-up is refused)."""
    setup_error: SetupError | None = None
    played: tuple[Played, ...] = ()
    refused: tuple[int, IllegalMove] | None = None
    """The first play the race refused (numbered from 1) and why."""
    final: Race | None = None


def to_position(pm: PositionModel, options: Options) -> Position:
    """Kernel position of a validated model; :class:`FieldError` if it cannot exist."""
    try:
        return Position.from_model(pm, options)
    except PositionError as e:
        raise FieldError(("position", *e.path), e.message) from None


def prepare(sc: RtwScenario, file: str) -> Prepared:
    """Build kernel values and check every boat id the file names.

    The kernel values come from ``rightofway.rtw.room.read``, which reads the file's
    data (less ``expect``) as the protest room does. A race scenario is played out there: a
    play the file cannot have meant (a wind shift with no die result given) is a
    :class:`FieldError`; a play the rules refuse is a finding, kept in
    :attr:`Prepared.refused`.
    """
    data = sc.model_dump(mode="json", by_alias=True, exclude={"expect"}, exclude_unset=True)
    try:
        setup, _ = room.read(data)
    except room.StateError as err:
        raise FieldError(err.loc, err.message) from None
    position = setup.position
    e = sc.expect
    for key in ("boats", "claims", "moves", "cover_tokens", "can_serve_penalty", "after"):
        for bid in getattr(e, key) or {}:
            known_boat(position, ("expect", key, bid), bid)
    for key in ("engaged", "right_of_way", "covered", "cycles"):
        for i, row in enumerate(getattr(e, key) or []):
            for j, bid in enumerate(row[:2] if key == "right_of_way" else row):
                known_boat(position, ("expect", key, i, j), bid)
    if e.ruling is not None:
        for bid in [e.ruling.penalty] if e.ruling.penalty else []:
            known_boat(position, ("expect", "ruling", "penalty"), bid)
        for i, bid in enumerate(e.ruling.infringed or []):
            known_boat(position, ("expect", "ruling", "infringed", i), bid)
    if setup.move is None:
        for key in ("legal", "after", "ruling"):
            if getattr(e, key) is not None:
                raise FieldError(
                    ("expect", key), f"'{key}' describes a move; the scenario has none"
                )
    if sc.race is None:
        for key in ("setup", "illegal", "events", "absent", "final"):
            if getattr(e, key) is not None:
                raise FieldError(("expect", key), f"'{key}' describes a race; the scenario has "
                                 "no 'race'")
        return Prepared(sc, file, position, setup.move, setup.protest)
    for key in ("events", "absent"):
        for i, m in enumerate(getattr(e, key) or []):
            for attr in ("boat", "against", "by"):
                if getattr(m, attr) is not None:
                    known_boat(position, ("expect", key, i, attr), getattr(m, attr))
    if e.final is not None:
        for key in ("to_move",):
            if e.final.to_move is not None:
                known_boat(position, ("expect", "final", key), e.final.to_move)
        for key in ("turn_order", "finish_order"):
            for i, bid in enumerate(getattr(e.final, key) or []):
                known_boat(position, ("expect", "final", key, i), bid)
        for bid in e.final.boats or {}:
            known_boat(position, ("expect", "final", "boats", bid), bid)
    return Prepared(sc, file, position, setup.move, None, race=setup.race,
                    setup_error=setup.setup_error, played=setup.played, refused=setup.refused,
                    final=setup.final)


def _setup(p: Prepared) -> room.Setup:
    """The prepared scenario as the room's kernel values."""
    rm = p.model.race
    return room.Setup(p.position, p.move, p.protest, raced=rm is not None,
                      check_setup=rm.check_setup if rm is not None else True, race=p.race,
                      setup_error=p.setup_error, played=p.played, refused=p.refused,
                      final=p.final)


def _pairs(rows: list[tuple[str, str]] | list[list[str]]) -> frozenset[frozenset[str]]:
    return frozenset(frozenset(r) for r in rows)


def _cycle_key(cycle: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    k = cycle.index(min(cycle))
    return tuple(cycle[k:]) + tuple(cycle[:k])


@dataclass(frozen=True)
class _Judged:
    """What :func:`check` works out once for a scenario, read by the expectation rows."""

    prepared: Prepared
    move: Move | None
    facts: dict[str, BoatFacts]
    claims: dict[str, frozenset[Point]]
    graph: nx.DiGraph
    covers: list[Cover]
    ruling: Ruling[Position, Move] | None

    @property
    def position(self) -> Position:
        return self.prepared.position


Rows = Iterator[tuple[str, Any, Any]]


def _boats(j: _Judged, want: dict[str, BoatExpect]) -> Rows:
    for bid, be in want.items():
        f = j.facts[bid]
        got = {"tack": f.tack.value, "point_of_sail": f.point_of_sail.value, "speed": f.speed,
               "in_zone": rules.zone_mark(j.position, j.position.boat(bid)) is not None}
        for k in sorted(be.model_fields_set):
            yield f"boats.{bid}.{k}", getattr(be, k), got[k]


def _right_of_way(j: _Judged, want: list[tuple[str, str, Basis]]) -> Rows:
    for holder, giver, basis in want:
        row = rules.right_of_way(j.position, holder, giver)
        yield (f"right_of_way.{holder}.{giver}", (holder, giver, basis),
               (row.holder, row.giver, row.basis))


def _can_serve_penalty(j: _Judged, want: dict[str, bool]) -> Rows:
    for bid, can in want.items():
        yield f"can_serve_penalty.{bid}", can, mv.penalty_serving(j.position, bid).value


def _after(j: _Judged, want: dict[str, AfterExpect]) -> Rows:
    assert j.ruling is not None
    after = j.ruling.after
    for bid, ae in want.items():
        moved = after.boat(bid) if after is not None else None
        got: dict[str, Any] = (
            {"at": moved.at, "heading": moved.heading.name, "lull": moved.lull} if moved else {}
        )
        for k in sorted(ae.model_fields_set):
            yield f"after.{bid}.{k}", getattr(ae, k), got.get(k)


def _ruling(j: _Judged, want: RulingExpect) -> Rows:
    ruling = j.ruling
    assert ruling is not None
    got: dict[str, Any] = {"penalty": ruling.penalty, "verdict": ruling.verdict,
                           "infringed": ruling.infringed, "exonerated": ruling.exonerated}
    for k in sorted(want.model_fields_set):
        value = getattr(want, k)
        yield f"ruling.{k}", frozenset(value) if k == "infringed" else value, got[k]


POSITION_EXPECTATIONS: tuple[Expectation[_Judged], ...] = (
    Expectation("boats", _boats),
    Expectation("claims", lambda j, want: (
        (f"claims.{bid}", frozenset(pts), j.claims[bid]) for bid, pts in want.items())),
    Expectation("moves", lambda j, want: (
        (f"moves.{bid}", frozenset(tuple(s) for s in seqs),
         frozenset(m.actions for m in mv.legal_moves(j.position, bid)))
        for bid, seqs in want.items())),
    Expectation("engaged", lambda j, want: [
        ("engaged", _pairs(want), _pairs(list(j.graph.edges())))]),
    Expectation("right_of_way", _right_of_way),
    Expectation("cycles", lambda j, want: [
        ("cycles", frozenset(_cycle_key(c) for c in want),
         frozenset(_cycle_key(c) for c in j.graph.graph["cycles"]))]),
    Expectation("covered", lambda j, want: [
        ("covered", frozenset(tuple(r) for r in want),
         frozenset((c.coverer, c.covered) for c in j.covers))]),
    Expectation("cover_tokens", lambda j, want: [
        ("cover_tokens", dict(want), {c.covered: c.token for c in j.covers})]),
    Expectation("can_serve_penalty", _can_serve_penalty),
)
"""The expectations on the position before the move (``expect`` keys), in the order they
are checked."""

MOVE_EXPECTATIONS: tuple[Expectation[_Judged], ...] = (
    Expectation("legal", lambda j, want: [("legal", want, j.ruling.legal if j.ruling else None)],
                needs_move=True),
    Expectation("after", _after, needs_move=True),
    Expectation("ruling", _ruling, needs_move=True),
)
"""The expectations on the move, checked once the ruling is explained."""


def check(p: Prepared) -> ScenarioReport:
    """Evaluate a scenario: compare every expectation and gather the live explanation.

    The summary and the explanation are ``rightofway.rtw.room.explain``'s, the very
    function the protest room rules with; the questions ``expect`` asks of right of way
    between boats not engaged and of penalty serving add their answers to it."""
    e = p.model.expect
    compare = Comparison()
    asked = room.Asked(tuple((h, g) for h, g, _ in e.right_of_way or ()),
                       tuple(e.can_serve_penalty or ()))
    found = room.explain(_setup(p), asked)
    judged = _Judged(p, p.move, found.facts, found.claims, found.graph, found.covers,
                     found.ruling)
    check_expectations(POSITION_EXPECTATIONS, judged, e, compare)
    if found.ruling is not None:
        check_expectations(MOVE_EXPECTATIONS, judged, e, compare)
    if p.model.race is not None:
        _check_race(p, compare)
    return ScenarioReport(
        id=p.model.id,
        title=p.model.title,
        ruleset=p.model.ruleset,
        source=p.model.source,
        file=p.file,
        mismatches=tuple(compare.mismatches),
        summary=found.summary,
        sections=found.sections,
        checked=tuple(compare.checked),
    )


def _event_data(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": event.kind, "boat": event.boat}
    data.update(event.data)
    return data


def _matches(m: EventExpect, play: int, event: Event) -> bool:
    data = _event_data(event)
    for key, want in m.model_dump(exclude_none=True, by_alias=True).items():
        if key == "play":
            if want != play:
                return False
        elif key not in data or plain(data[key]) != plain(want):
            return False
    return True


def _describe(m: EventExpect) -> str:
    parts = [f"{k}={v}" for k, v in m.model_dump(exclude_none=True, by_alias=True).items()]
    return "{" + ", ".join(parts) + "}"


@dataclass(frozen=True)
class _Raced:
    """A race scenario played out, as its expectation rows read it: the prepared scenario
    and every event with the play (from 1) that caused it."""

    prepared: Prepared
    found: list[tuple[int, Event]]


def _illegal(r: _Raced, want: IllegalExpect) -> Rows:
    refused = r.prepared.refused
    yield "illegal.play", want.play, refused[0] if refused else None
    if want.cite is not None and refused is not None:
        yield "illegal.cite", want.cite, str(refused[1].cite or RTW2)


def _events(key: str, occurs: bool) -> Callable[[_Raced, list[EventExpect]], Rows]:
    """The row of ``events`` (each must occur) or ``absent`` (none may)."""
    def rows(r: _Raced, want: list[EventExpect]) -> Rows:
        for k, m in enumerate(want):
            hit = any(_matches(m, i, ev) for i, ev in r.found)
            yield (f"{key}[{k}] {_describe(m)}", "occurs" if occurs else "does not occur",
                   "occurs" if hit else "does not occur")
    return rows


def _final_boats(race: Race, want: dict[str, FinalBoatExpect]) -> Rows:
    for bid, fb in want.items():
        st = race.state(bid)
        on = race.position.boat(bid) if race.position.has_boat(bid) else None
        got: dict[str, Any] = {
            "at": on.at if on else None, "heading": on.heading.name if on else None,
            "lull": on.lull if on else None, "leg": st.leg, "penalties": st.penalties,
            "place": st.place, "finished": st.finished, "cover_token": st.cover_token,
        }
        for key in sorted(fb.model_fields_set):
            yield f"final.boats.{bid}.{key}", getattr(fb, key), got[key]


RACE_EXPECTATIONS: tuple[Expectation[_Raced], ...] = (
    Expectation("illegal", _illegal),
    Expectation("events", _events("events", occurs=True)),
    Expectation("absent", _events("absent", occurs=False)),
)
"""The expectations on a race scenario whose set-up is allowed, after its plays."""

FINAL_EXPECTATIONS: tuple[Expectation[Race], ...] = (
    Expectation("wind", lambda race, want: [("final.wind", want, race.position.wind.name)]),
    Expectation("to_move", lambda race, want: [("final.to_move", want, race.to_move)],
                null=True),
    Expectation("turn_order", lambda race, want: [
        ("final.turn_order", tuple(want), race.position.turn_order)]),
    Expectation("finish_order", lambda race, want: [
        ("final.finish_order", tuple(want), race.finish_order)]),
    Expectation("boats", _final_boats),
)
"""What ``expect.final`` says of the race after the plays (``to_move: null``: it is over)."""


def _check_race(p: Prepared, compare: Comparison) -> None:
    """Compare a race scenario's expectations: set-up, refused play, events, final state."""
    e = p.model.expect
    if p.setup_error is not None:
        err = p.setup_error
        compare("setup.valid", e.setup.valid if e.setup is not None else True, False)
        if e.setup is not None and e.setup.cite is not None:
            compare("setup.cite", e.setup.cite, str(err.cite) if err.cite else None)
        return
    if e.setup is not None:
        compare("setup.valid", e.setup.valid, True)
    found = [(i, ev) for i, played in enumerate(p.played, 1) for ev in played.events]
    if p.refused is not None and e.illegal is None:
        n, refusal = p.refused
        compare("illegal", None, f"play {n} refused: {refusal.reason}")
    check_expectations(RACE_EXPECTATIONS, _Raced(p, found), e, compare)
    if e.final is not None and p.final is not None:
        check_expectations(FINAL_EXPECTATIONS, p.final, e.final, compare)
