"""Immutable values of a Race the Wind position: boats, marks, tokens, options.

These are the lean kernel values game programs pass around in search loops:
frozen slotted dataclasses whose ``repr`` evaluates back to an equal value.
A :class:`Position` checks its own invariants when built and raises
:class:`rightofway.positions.PositionError` naming the offending field.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal

from rightofway.errors import InputError, NotationError
from rightofway.geometry import Compass, Point
from rightofway.limits import MAX_COVER_DEPTH
from rightofway.positions import (
    BoatIndex,
    PositionError,
    as_choice,
    as_id,
    as_point,
    as_points,
    as_tuple_of,
    check_instance,
    check_place,
    check_turn_order,
    instance_check,
    shown,
)
from rightofway.results import Protest

if TYPE_CHECKING:
    from rightofway.rtw.formats import PositionModel

__all__ = [
    "ACTIONS",
    "Action",
    "Boat",
    "Leg",
    "Mark",
    "MarkRole",
    "Move",
    "Options",
    "PenaltyTurn",
    "Phase",
    "Position",
    "PositionError",
    "Protest",
]

Action = Literal["A", "R45", "R90", "L45", "L90"]
"""One part of a move: ``A`` advances one intersection; ``R``/``L`` turn clockwise/anticlockwise."""

ACTIONS: tuple[Action, ...] = ("A", "R45", "R90", "L45", "L90")
TURNS: dict[str, int] = {"R45": 45, "R90": 90, "L45": -45, "L90": -90}


class Phase(StrEnum):
    """Where the race stands: the start procedure, the race, or the final leg."""

    START = "start"
    RACE = "race"
    FINAL_LEG = "final-leg"

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class MarkRole(StrEnum):
    """What a mark is for (conventions: the line runs from gate buoy to committee boat)."""

    WINDWARD_MARK = "windward-mark"
    GATE_BUOY = "gate-buoy"
    COMMITTEE_BOAT = "committee-boat"
    EXTRA_MARK = "extra-mark"

    def __repr__(self) -> str:
        return f"MarkRole.{self.name}"

    @property
    def at_gate(self) -> bool:
        """Whether the mark is one end of the starting/finishing gate."""
        return self in (MarkRole.GATE_BUOY, MarkRole.COMMITTEE_BOAT)


Leg = str | tuple[str, ...] | None
"""Which mark a boat is rounding (RTW 3.6): ``"start"``, ``"finish"``, a mark id, or several
mark ids of which it rounds one; ``None`` leaves it to the position's phase."""

LEG_WORDS: frozenset[str] = frozenset({"start", "finish"})


@dataclass(frozen=True, slots=True)
class Boat:
    """A boat: where it stands, where its bow points, whether a lull holds it, its leg."""

    id: str
    at: Point
    heading: Compass
    lull: bool = False
    """A yellow token stopped it: it stands still on its next turn (RTW 3.2)."""
    leg: Leg = None
    """What the boat is sailing for, which decides the zones that govern it (RTW 3.6, 3.7):

    * ``"start"``: it has not started (the start procedure, or still crossing the
      starting line for the first time): it rounds no mark;
    * ``"finish"``: its final leg, sailing for the finish line: it rounds no mark;
    * a mark id: it rounds that mark next; a gate mark stands for the whole gate;
    * a tuple of mark ids: it rounds whichever of them it chooses (a windward gate);
    * ``None``: as the position's phase says (start: none; race: every mark; final
      leg: every mark but the gate's).
    """

    def __post_init__(self) -> None:
        # Kernel values are built in search loops: check the types, convert the obvious.
        if type(self.id) is not str:
            as_id(self.id, "id")
        if type(self.at) is not tuple or len(self.at) != 2 or type(self.at[0]) is not int \
                or type(self.at[1]) is not int:
            object.__setattr__(self, "at", as_point(self.at, "at"))
        if type(self.heading) is not Compass:
            object.__setattr__(self, "heading", Compass.coerce(self.heading, "heading"))
        if type(self.lull) is not bool:
            raise TypeError(f"lull: expected true or false, got {shown(self.lull)}")
        leg = self.leg
        if leg is not None and type(leg) is not str:
            if not isinstance(leg, (tuple, list)) or not leg or not all(
                isinstance(i, str) and i for i in leg
            ):
                raise TypeError("leg: expected 'start', 'finish', a mark id or mark ids, "
                                f"got {shown(leg)}")
            object.__setattr__(self, "leg", tuple(leg))


@dataclass(frozen=True, slots=True)
class Mark:
    """A buoy or the committee boat: an obstacle with a two-length zone."""

    id: str
    at: Point
    role: MarkRole

    def __post_init__(self) -> None:
        check_place(self)
        if not isinstance(self.role, MarkRole):
            try:
                object.__setattr__(self, "role", MarkRole(self.role))
            except (ValueError, TypeError):
                raise InputError(f"role: expected one of {', '.join(r.value for r in MarkRole)}"
                                 f", got {shown(self.role)}") from None


@dataclass(frozen=True, slots=True)
class Options:
    """Ruleset options: matters of taste the rulebook leaves open.

    See the Interpretations page of the docs for each default and the section
    it settles.
    """

    yellow_skips_next_turn: bool = True
    """A boat stopped by a yellow token also stands still on its next turn (RTW 3.2)."""
    cover: bool = True
    """Play with wind cover (RTW 3.5); false is the variant of RTW 3.8."""
    shadow: Literal["point", "cone"] = "point"
    """``point``: the one intersection dead downwind; ``cone``: a 90-degree cone."""
    cover_depth: int = 2
    """How many intersections deep the cone reaches (only with ``shadow="cone"``)."""
    penalty_requires_protest: bool = False
    """When true, an infringement without a protest is not penalised (RTW 3.4)."""
    beam_gust_after_manoeuvre: bool = False
    """A beam reach's manoeuvre + movement earns a gust on a blue token (RTW 3.2).

    The rulebook gives the beam reach a gust only at the end of its second movement,
    so by default only ``[A, A]`` earns one; true also lets ``[turn, A]`` take it."""

    def __post_init__(self) -> None:
        for name in ("yellow_skips_next_turn", "cover", "penalty_requires_protest",
                     "beam_gust_after_manoeuvre"):
            if type(getattr(self, name)) is not bool:
                raise TypeError(f"{name}: expected true or false, got "
                                f"{shown(getattr(self, name))}")
        as_choice(self.shadow, "shadow", ("point", "cone"))
        if type(self.cover_depth) is not int or not 1 <= self.cover_depth <= MAX_COVER_DEPTH:
            raise InputError(f"cover_depth: expected a whole number from 1 to "
                             f"{MAX_COVER_DEPTH}, got {shown(self.cover_depth)}")


@dataclass(frozen=True, slots=True)
class Move:
    """A boat's whole turn as a sequence of actions; ``()`` is standing still."""

    boat: str
    actions: tuple[Action, ...]

    def __post_init__(self) -> None:
        if type(self.boat) is not str:
            as_id(self.boat, "boat")
        acts = self.actions
        if type(acts) is not tuple:
            if isinstance(acts, str) or not isinstance(acts, (list, tuple)):
                raise TypeError(f"actions: expected a sequence of actions such as ('A', 'R45'), "
                                f"got {shown(acts)}")
            acts = tuple(acts)
            object.__setattr__(self, "actions", acts)
        for i, a in enumerate(acts):
            if type(a) is not str or (a not in TURNS and a != "A"):
                raise InputError(f"actions[{i}]: expected one of {', '.join(ACTIONS)}, got "
                                 f"{shown(a)}")

    def __str__(self) -> str:
        return f"{self.boat} [{' '.join(self.actions)}]{'' if self.actions else ' (stands still)'}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """The move written ``text``, as ``str`` writes it: ``"A [A L45]"``, ``"B []"``, and
        a penalty turn ``"A [penalty R90]"`` (a :class:`PenaltyTurn`).

        :class:`~rightofway.errors.NotationError` naming what was expected for any other
        text.

        >>> Move.parse("A [A L45]")
        Move(boat='A', actions=('A', 'L45'))
        >>> str(Move.parse("A [A L45]"))
        'A [A L45]'
        >>> Move.parse("A [penalty R90]")
        PenaltyTurn(boat='A', direction='R90')
        """
        if not isinstance(text, str):
            raise NotationError(f"text: expected a move as text such as 'A [A L45]', got "
                                f"{type(text).__name__} {shown(text)}")
        penalty = _PENALTY.fullmatch(text.strip())
        if penalty is not None:
            return PenaltyTurn(penalty.group(1), penalty.group(2))  # type: ignore[arg-type]
        m = _MOVE.fullmatch(text.strip())
        if m is None:
            raise NotationError(f"expected a move such as 'A [A L45]' or 'A [penalty R90]' "
                                f"(boat, then its actions in brackets), got {shown(text)}")
        actions: tuple[Any, ...] = tuple(m.group(2).split())
        for i, a in enumerate(actions):
            if a not in TURNS and a != "A":
                raise NotationError(f"actions[{i}]: expected one of {', '.join(ACTIONS)}, "
                                    f"got {shown(a, 20)}")
        return Move(m.group(1), actions)


_MOVE = re.compile(r"([A-Za-z0-9_-]+)\s*\[([A-Z0-9 ]*)\](?:\s*\(stands still\))?")
_PENALTY = re.compile(r"([A-Za-z0-9_-]+)\s*\[penalty (R90|L90)\]")


class PenaltyTurn(Move):
    """One of the four 90-degree turns of a penalty, served as a boat's whole move (RTW 3.4):
    a :class:`Move` whose one action is ``R90`` or ``L90``, written ``"A [penalty R90]"``.

    Whether the boat owes a penalty is the race's to know: :meth:`rightofway.rtw.Race.legal_moves`
    offers penalty turns to a boat that owes one, and :func:`rightofway.rtw.legality` says
    whether the boat may serve one where it stands."""

    __slots__ = ()

    def __init__(self, boat: str, direction: Literal["R90", "L90"]) -> None:
        if direction not in ("R90", "L90"):
            raise InputError(f"direction: expected R90 or L90, got {shown(direction, 20)}")
        Move.__init__(self, boat, (direction,))

    @property
    def direction(self) -> Literal["R90", "L90"]:
        """``R90`` (clockwise) or ``L90`` (anticlockwise)."""
        return "R90" if self.actions[0] == "R90" else "L90"

    def __repr__(self) -> str:
        return f"PenaltyTurn(boat={self.boat!r}, direction={self.direction!r})"

    def __str__(self) -> str:
        return f"{self.boat} [penalty {self.direction}]"


@dataclass(frozen=True, slots=True)
class Position(BoatIndex[Boat]):
    """A Race the Wind position. Never changes: :func:`rightofway.rtw.apply` returns a new one.

    ``turn_order`` lists the boats in the order they move from this position
    on; empty means the order of ``boats``.
    """

    wind: Compass
    boats: tuple[Boat, ...]
    marks: tuple[Mark, ...] = ()
    yellow: frozenset[Point] = frozenset()
    blue: frozenset[Point] = frozenset()
    phase: Phase = Phase.RACE
    turn_order: tuple[str, ...] = ()
    options: Options = Options()
    _by_id: dict[str, Boat] = field(init=False, repr=False, compare=False, hash=False)
    _order: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)
    _marks_at: frozenset[Point] = field(init=False, repr=False, compare=False, hash=False)
    _rounding: dict[str, frozenset[str]] | None = field(init=False, repr=False, compare=False,
                                                        hash=False)
    _claims: dict[str, frozenset[Point]] = field(init=False, repr=False, compare=False,
                                                 hash=False)
    """Each boat's claims once worked out (:func:`rightofway.rtw.claims` fills it in)."""

    def __post_init__(self) -> None:
        self._convert()
        by_id: dict[str, Boat] = {}
        occupied: dict[Point, str] = {}
        for i, boat in enumerate(self.boats):
            if boat.id in by_id:
                raise PositionError(("boats", i, "id"), f"boat id {shown(boat.id)} is used twice")
            if boat.at in occupied:
                raise PositionError(
                    ("boats", i, "at"),
                    f"boat {boat.id} stands on {list(boat.at)}, already taken by boat "
                    f"{occupied[boat.at]}; two boats cannot share an intersection",
                )
            by_id[boat.id] = boat
            occupied[boat.at] = boat.id
        mark_ids: set[str] = set()
        for i, mark in enumerate(self.marks):
            if mark.id in mark_ids:
                raise PositionError(("marks", i, "id"), f"mark id {shown(mark.id)} is used twice")
            mark_ids.add(mark.id)
            if mark.at in occupied:
                j = next(k for k, b in enumerate(self.boats) if b.at == mark.at)
                raise PositionError(
                    ("boats", j, "at"),
                    f"boat {occupied[mark.at]} stands on mark {mark.id} at {list(mark.at)}; "
                    "marks are obstacles no boat may occupy",
                )
        marks_at = frozenset(m.at for m in self.marks)
        for colour, tokens in (("yellow", self.yellow), ("blue", self.blue)):
            on_mark = sorted(tokens & marks_at)
            if on_mark:
                raise PositionError(
                    ("tokens", colour), f"a {colour} token lies on a mark at {list(on_mark[0])}"
                )
        both = sorted(self.yellow & self.blue)
        if both:
            raise PositionError(
                ("tokens",), f"{list(both[0])} holds both a yellow and a blue token"
            )
        order = self.turn_order or tuple(b.id for b in self.boats)
        check_turn_order(order, tuple(by_id))
        if any(b.leg is not None for b in self.boats):
            self._check_legs()
        object.__setattr__(self, "_rounding", None)
        object.__setattr__(self, "_claims", {})
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_order", {b: i for i, b in enumerate(order)})
        object.__setattr__(self, "_marks_at", marks_at)

    def _convert(self) -> None:
        """Check the arguments' types; lists and names become the kernel's values."""
        if type(self.wind) is not Compass:
            object.__setattr__(self, "wind", Compass.coerce(self.wind, "wind"))
        object.__setattr__(self, "boats", as_tuple_of(self.boats, Boat, "boats"))
        object.__setattr__(self, "marks", as_tuple_of(self.marks, Mark, "marks"))
        for name in ("yellow", "blue"):
            object.__setattr__(self, name, as_points(getattr(self, name), name))
        if type(self.phase) is not Phase:
            try:
                object.__setattr__(self, "phase", Phase(self.phase))
            except (ValueError, TypeError):
                raise InputError(f"phase: expected start, race or final-leg, got "
                                 f"{shown(self.phase)}") from None
        if type(self.turn_order) is not tuple:
            if isinstance(self.turn_order, str) or not isinstance(self.turn_order, (list, tuple)):
                raise TypeError(f"turn_order: expected a sequence of boat ids, got "
                                f"{shown(self.turn_order)}")
            object.__setattr__(self, "turn_order", tuple(self.turn_order))
        if type(self.options) is not Options:
            raise TypeError(f"options: expected a Race the Wind Options, got "
                            f"{type(self.options).__name__} {shown(self.options)}")

    def _check_legs(self) -> None:
        """Every mark a boat's leg names is in the position."""
        ids = {m.id for m in self.marks}
        for i, b in enumerate(self.boats):
            leg = b.leg
            if leg is None or (isinstance(leg, str) and leg in LEG_WORDS):
                continue
            named = (leg,) if isinstance(leg, str) else leg
            if not named:
                raise PositionError(("boats", i, "leg"), f"boat {b.id}'s leg names no mark")
            for mark_id in named:
                if mark_id not in ids:
                    raise PositionError(
                        ("boats", i, "leg"),
                        f"boat {b.id}'s leg names mark {shown(mark_id)}, which is not in the "
                        f"position (marks: {', '.join(sorted(ids)) or 'none'})",
                    )

    def _rounding_sets(self) -> dict[str, frozenset[str]]:
        """The ids of the marks each boat is rounding (RTW 3.6, 3.7)."""
        gate = frozenset(m.id for m in self.marks if m.role.at_gate)
        if self.phase is Phase.START:
            default: frozenset[str] = frozenset()
        elif self.phase is Phase.FINAL_LEG:
            default = frozenset(m.id for m in self.marks) - gate
        else:
            default = frozenset(m.id for m in self.marks)
        out: dict[str, frozenset[str]] = {}
        for b in self.boats:
            leg = b.leg
            if leg is None:
                out[b.id] = default
            elif isinstance(leg, str) and leg in LEG_WORDS:
                out[b.id] = frozenset()
            else:
                named = frozenset((leg,) if isinstance(leg, str) else leg)
                out[b.id] = named | gate if named & gate else named
        return out

    def rounding(self, boat_id: str) -> frozenset[str]:
        """The ids of the marks the boat is rounding: their zones govern it (RTW 3.6)."""
        self.boat(boat_id)
        sets = self._rounding
        if sets is None:
            sets = self._rounding_sets()
            object.__setattr__(self, "_rounding", sets)
        return sets[boat_id]

    @property
    def mark_points(self) -> frozenset[Point]:
        """The intersections marks stand on."""
        return self._marks_at

    def boat_at(self, point: Point) -> Boat | None:
        """The boat on ``point``, if any."""
        point = as_point(point, "point")
        for b in self.boats:
            if b.at == point:
                return b
        return None

    def replace_boat(self, boat: Boat) -> Position:
        """A new position with the boat of the same id replaced by ``boat``;
        :class:`~rightofway.positions.UnknownId` when the position has no boat of that id."""
        check_boat(boat)
        self.boat(boat.id, "boat.id")
        return replace(self, boats=tuple(boat if b.id == boat.id else b for b in self.boats))

    def _moved(self, boat: Boat) -> Position:
        """Internal: :meth:`replace_boat` for a boat a legal move took to a free intersection
        that holds no mark, her id and leg unchanged. Nothing is validated again; what the
        position derives from its boats is updated for her alone."""
        new = self._with_boat_unchecked(boat, (
            "wind", "marks", "yellow", "blue", "phase", "turn_order", "options", "_order",
            "_marks_at", "_rounding"))
        # the others' claims are the same: a boat's claims depend on her and the water alone
        object.__setattr__(new, "_claims", {k: v for k, v in self._claims.items()
                                            if k != boat.id})
        return new

    def with_wind(self, wind: Compass) -> Position:
        """The same position after a wind shift (RTW 3.3)."""
        return replace(self, wind=wind)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data, in the shape of a scenario file's position (with its options).

        >>> p = Position(Compass.N, (Boat("A", (0, 4), Compass.NE),))
        >>> Position.from_json(p.to_json()) == p
        True
        """
        boats = []
        for b in self.boats:
            row: dict[str, Any] = {"id": b.id, "at": list(b.at), "heading": b.heading.name}
            if b.lull:
                row["lull"] = True
            if b.leg is not None:
                row["leg"] = b.leg if isinstance(b.leg, str) else list(b.leg)
            boats.append(row)
        defaults = Options()
        options = {f.name: getattr(self.options, f.name) for f in fields(Options)
                   if getattr(self.options, f.name) != getattr(defaults, f.name)}
        return {
            "wind": self.wind.name,
            "phase": self.phase.value,
            "marks": [{"id": m.id, "at": list(m.at), "role": m.role.value} for m in self.marks],
            "tokens": {"yellow": [list(p) for p in sorted(self.yellow)],
                       "blue": [list(p) for p in sorted(self.blue)]},
            "boats": boats,
            "turn_order": list(self.turn_order),
            "options": options,
        }

    @classmethod
    def from_model(cls, pm: PositionModel, options: Options) -> Position:
        """The position a validated file model describes (:class:`PositionError` if it
        cannot exist)."""
        from rightofway.rtw.formats import PositionModel

        check_instance(pm, PositionModel, "pm")
        check_instance(options, Options, "options")
        return cls(
            wind=Compass[pm.wind],
            boats=tuple(
                Boat(b.id, b.at, Compass[b.heading], b.lull,
                     tuple(b.leg) if isinstance(b.leg, list) else b.leg)
                for b in pm.boats
            ),
            marks=tuple(Mark(m.id, m.at, MarkRole(m.role)) for m in pm.marks),
            yellow=frozenset(pm.tokens.yellow),
            blue=frozenset(pm.tokens.blue),
            phase=Phase(pm.phase),
            turn_order=tuple(pm.turn_order or ()),
            options=options,
        )

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """The position :meth:`to_json` wrote; :class:`~rightofway.errors.InputError` naming
        the field at fault."""
        from rightofway.rtw.formats import PositionDataModel
        from rightofway.scenarios import read_json

        return read_json(PositionDataModel, data, "position",
                         lambda m: cls.from_model(m, Options(**m.options.model_dump())))

    def svg(self) -> str:
        """The position drawn: grid, wind, marks and their zones, tokens and hulls (SVG)."""
        from rightofway.registry import get_ruleset

        return get_ruleset("race-the-wind").board(self)

    def _repr_svg_(self) -> str:
        return self.svg()


check_position = instance_check(Position, "a Race the Wind Position", "position")
check_boat = instance_check(Boat, "a Race the Wind Boat", "boat")
check_move = instance_check(Move, "a Race the Wind Move such as Move('A', ('A',))", "move")
