"""A whole Race the Wind race: turns, the start procedure, wind shifts, cover,
protests, penalties, mark roundings and the finish (RTW 1-3.7).

A :class:`~rightofway.rtw.Race` is an immutable state; :meth:`~rightofway.rtw.Race.play`
returns the next state and the :class:`Event` values the move caused, each citing its
section. A race is the sequence of states it passes through; nothing is ever mutated.

Legs are numbered from 1: on the windward-leeward course odd legs beat up to
the windward mark (or the windward gate), even legs run down to the gate; on
the triangle each lap beats to the windward mark, reaches to the reach mark and
runs to the gate (RTW 3.8). The last leg ends at the finish line. Leg 0 is
before the start, and a finished boat's leg is one past the last. Each boat's
leg tells the kernel which mark it is rounding, so which zones govern it (RTW 3.6).

The position's ``turn_order`` always lists the boats in the order they move
next: after each move the mover goes to the end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from rightofway import races
from rightofway.errors import InputError
from rightofway.explain import Citation
from rightofway.geometry import Compass, Point, chebyshev
from rightofway.limits import MAX_BOATS, MAX_COORD, MAX_DIE_FACES, MAX_NUMBER, MAX_TURNS
from rightofway.positions import (
    UnknownId,
    as_bool,
    as_choice,
    as_int,
    as_point,
    as_points,
    as_seed,
    as_tuple_of,
    check_fields,
    check_instance,
    shown,
)
from rightofway.races import (
    Event,
    IllegalMove,
    SetupError,
    check_boat_states,
    check_history,
    check_states,
)
from rightofway.results import Ruling
from rightofway.rtw import moves, rules
from rightofway.rtw.course import COURSES, DEFAULT_COURSE, Course, check_placement, check_tokens
from rightofway.rtw.notation import notation
from rightofway.rtw.position import (
    Boat,
    Move,
    Options,
    PenaltyTurn,
    Phase,
    Position,
    Protest,
    check_move,
)
from rightofway.rtw.sections import RTW1, RTW2, RTW31, RTW32, RTW33, RTW34, RTW35, RTW37, RTW38

if TYPE_CHECKING:
    from rightofway.rtw.formats import CourseModel, RaceOptionsModel

__all__ = [
    "DEFAULT_DIE",
    "BoatState",
    "Event",
    "PenaltyTurn",
    "Race",
    "RaceOptions",
    "SetupError",
]

DEFAULT_DIE: tuple[Compass, ...] = (Compass.N, Compass.NE, Compass.E, Compass.N, Compass.W,
                                    Compass.NW)
"""Faces of the compass die (RTW 3.3 does not list them; see the Interpretations page)."""
BOAT_IDS = "ABCDEFGHIJ"
"""The ids of the boats of a race set up from a number of boats (:meth:`Race.new`)."""


@dataclass(frozen=True, slots=True)
class RaceOptions:
    """How the race is played: the variants of RTW 3.8 and the engine's own choices."""

    wind_shifts: bool = True
    """Play with the wind-change flags (RTW 3.3); false is a variant of RTW 3.8."""
    die: tuple[Compass, ...] = DEFAULT_DIE
    start_moves: int = 7
    """Moves of the start procedure (RTW 3.1)."""
    auto_protest: bool = True
    """Every boat denied its right of way protests (the players may instead protest by hand)."""
    max_turns: int = 5000
    """Moves after which an unfinished race is stopped."""

    def __post_init__(self) -> None:
        as_bool(self.wind_shifts, "wind_shifts")
        as_bool(self.auto_protest, "auto_protest")
        die = as_tuple_of(self.die, Compass, "die")
        if not 1 <= len(die) <= MAX_DIE_FACES:
            raise InputError(f"die: expected 1 to {MAX_DIE_FACES} faces, got {len(die)}")
        object.__setattr__(self, "die", die)
        as_int(self.start_moves, "start_moves", 0, MAX_TURNS)
        as_int(self.max_turns, "max_turns", 1, MAX_TURNS)


@dataclass(frozen=True, slots=True)
class BoatState:
    """What the race remembers about one boat beyond its place on the board."""

    leg: int = 0
    moves: int = 0
    same_spot: int = 0
    """Consecutive start-procedure moves spent manoeuvring on one intersection."""
    row_side: int = 0
    """Last side of the line's row the boat was on: -1 South, 1 North, 0 not yet known."""
    column_side: int = 0
    """Last side of the column of the mark it rounds: -1 West, 1 East, 0 not yet known."""
    mark_row_side: int = 0
    """Last side of the row of the mark it rounds: -1 South, 1 North, 0 not yet known."""
    over_top: bool = False
    """Half a clockwise rounding: it crossed the mark's column North of it, West to East."""
    penalties: int = 0
    serving: int = 0
    """90-degree turns of the current penalty already made."""
    serving_direction: str | None = None
    cover_token: Point | None = None
    place: int | None = None

    def __post_init__(self) -> None:
        # Built at every move: the types checked cheaply, the ranges when they are wrong.
        for name in ("leg", "moves", "same_spot", "row_side", "column_side", "mark_row_side",
                     "penalties", "serving"):
            v = getattr(self, name)
            if type(v) is not int or not -MAX_NUMBER <= v <= MAX_NUMBER:
                as_int(v, name, -MAX_NUMBER, MAX_NUMBER)
        if type(self.over_top) is not bool:
            as_bool(self.over_top, "over_top")
        if self.serving_direction is not None:
            as_choice(self.serving_direction, "serving_direction", ("R90", "L90"))
        if self.cover_token is not None and type(self.cover_token) is not tuple:
            object.__setattr__(self, "cover_token", as_point(self.cover_token, "cover_token"))
        elif self.cover_token is not None:
            as_point(self.cover_token, "cover_token")
        if self.place is not None and (type(self.place) is not int or self.place < 1):
            as_int(self.place, "place", 1, MAX_NUMBER)

    @property
    def finished(self) -> bool:
        """Whether the boat has crossed the finish."""
        return self.place is not None


STATE_KEYS: tuple[str, ...] = ("leg", "moves", "penalties", "cover_token")
"""The race state a race taken up mid-way may set per boat (:meth:`Race.new`)."""


def _side(value: int, line: int) -> int:
    return 0 if value == line else (1 if value > line else -1)


_FIELDS: tuple[tuple[str, type], ...] = (
    ("course", Course), ("options", RaceOptions), ("position", Position), ("turn", int),
    ("shifts", int))
"""The fields a :class:`Race` checks the types of when built."""


@dataclass(frozen=True)
class Race(races.Race[Move]):
    """The state of a race between turns. Build one with :meth:`Race.new`.

    Each state remembers the one before it: :attr:`~rightofway.races.History.moves`
    and :attr:`~rightofway.races.History.played` list the moves since the start,
    :meth:`~rightofway.races.History.pop` undoes the last one, :meth:`record_lines`
    writes the game record, :meth:`~rightofway.races.Race.save` saves it and
    :meth:`~rightofway.races.Race.load` resumes it.
    """

    record_module: ClassVar[str] = "rightofway.rtw.record"

    course: Course
    options: RaceOptions
    position: Position
    """The board; its ``turn_order`` is the order boats move from here, the first next."""
    boats: tuple[tuple[str, BoatState], ...]
    turn: int = 0
    """Moves played so far."""
    shifts: int = 0
    """Wind shifts so far."""
    flags_done: frozenset[tuple[int, int]] = frozenset()
    """(leg, flag row) pairs that already shifted the wind."""
    seed: int | None = None
    parent: Race | None = field(default=None, repr=False, compare=False)
    """The race before the last move (``None`` at the start)."""
    last: tuple[Move, tuple[Event, ...]] | None = field(default=None, repr=False,
                                                       compare=False)
    """The last move played and the events it caused."""
    _state: dict[str, BoatState] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        check_fields(self, _FIELDS)
        check_boat_states(self.boats, BoatState)
        check_history(self, Move)
        if not (0 <= self.turn <= MAX_NUMBER and 0 <= self.shifts <= MAX_NUMBER):
            as_int(self.turn, "turn", 0, MAX_NUMBER)
            as_int(self.shifts, "shifts", 0, MAX_NUMBER)
        if type(self.flags_done) is not frozenset or not all(
                type(f) is tuple and len(f) == 2 and type(f[0]) is int and type(f[1]) is int
                for f in self.flags_done):
            raise TypeError(f"flags_done: expected a frozenset of (leg, flag row) pairs, got "
                            f"{shown(self.flags_done)}")
        if self.seed is not None and (type(self.seed) is not int
                                      or not -MAX_NUMBER <= self.seed <= MAX_NUMBER):
            as_seed(self.seed)
        state = dict(self.boats)
        object.__setattr__(self, "_state", state)
        # Each boat's leg on the board follows its race leg (RTW 3.6: the zones it rounds),
        # and the turn order is always written out.
        pos = self.position
        boats = tuple(
            b if b.id not in state or b.leg == (leg := self.course.rounding(state[b.id].leg))
            else replace(b, leg=leg)
            for b in pos.boats
        )
        if boats != pos.boats or not pos.turn_order:
            order = pos.turn_order or tuple(b.id for b in pos.boats)
            object.__setattr__(self, "position", replace(pos, boats=boats, turn_order=order))

    # --- set-up -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        boats: int | Sequence[Boat],
        course: Course | str | None = None,
        seed: int | None = None,
        options: RaceOptions | None = None,
        *,
        tokens: int | None = None,
        yellow: frozenset[Point] = frozenset(),
        blue: frozenset[Point] = frozenset(),
        wind: Compass = Compass.N,
        rules_options: Options | None = None,
        check_setup: bool = True,
        states: Mapping[str, Mapping[str, Any]] | None = None,
    ) -> Race:
        """A race at its first move: placement and tokens checked (RTW 3.1, 3.2).

        ``boats`` is a number of boats (2 to 10, called A, B, C, ...) or the boats
        themselves. A number of boats is set up from ``seed`` as the bots race: two boats
        on opposite halves below the line, more on the places RTW 3.1 allows, each
        heading NE, NW, E or W, and ``tokens`` yellow and blue tokens (24 by default)
        laid at random within the limits of RTW 3.2; without a seed one is drawn and
        kept on the race, so that its record replays it. Boats given are listed in
        turn order (with two boats the holder first), on the tokens ``yellow`` and
        ``blue``.

        ``course`` is a :class:`~rightofway.rtw.Course`, the name of one of
        :data:`~rightofway.rtw.course.COURSES` or ``None`` (the windward-leeward course);
        ``seed`` also rolls the compass die when the wind shifts (RTW 3.3);
        ``options`` says how the race is played (:class:`RaceOptions`) and
        ``rules_options`` how the rules read (:class:`~rightofway.rtw.Options`).

        ``check_setup=False`` skips the set-up rules, to take up a race from a
        position reached some other way; ``states`` then gives, per boat id, its
        ``leg``, ``moves`` made, ``penalties`` owed and ``cover_token`` (a yellow
        token it laid, added to the board). What the race tracks of the boat's
        path (which side of the line and of the mark it is on) starts from where
        it stands.

        >>> race = Race.new(3, seed=7)
        >>> race.position.turn_order, race.to_move
        (('A', 'B', 'C'), 'A')
        """
        seed = as_seed(seed)
        if options is not None:
            check_instance(options, RaceOptions, "options")
        if rules_options is not None:
            check_instance(rules_options, Options, "rules_options")
        if tokens is not None:
            as_int(tokens, "tokens", 0, MAX_NUMBER)
        yellow, blue = as_points(yellow, "yellow"), as_points(blue, "blue")
        wind = Compass.coerce(wind, "wind")
        as_bool(check_setup, "check_setup")
        states = check_states(states, STATE_KEYS)
        if isinstance(boats, int) and not isinstance(boats, bool):
            if yellow or blue or states:
                raise SetupError("a race set up from a number of boats lays its own tokens "
                                 "and starts every boat afresh; give the boats to place tokens "
                                 "or take a race up")
            course = _course(course)
            if seed is None:
                seed = random.randrange(2**32)
            boats, yellow, blue = _random_setup(course, boats, random.Random(seed),
                                                24 if tokens is None else tokens)
        elif isinstance(boats, (list, tuple)) and all(isinstance(b, Boat) for b in boats):
            if len(boats) > MAX_BOATS:
                raise SetupError(f"boats: a race has at most {MAX_BOATS} boats, got "
                                 f"{len(boats)}")
            for i, b in enumerate(boats):  # what a game record can hold (rightofway.limits)
                as_point(b.at, f"boats[{i}].at", MAX_COORD)
            for name, tokens_ in (("yellow", yellow), ("blue", blue)):
                for p in tokens_:
                    as_point(p, name, MAX_COORD)
            if tokens is not None:
                raise SetupError("tokens: tokens are laid at random only for a number of boats; "
                                 "give the boats' tokens as yellow and blue")
            course = _course(course)
        else:
            raise TypeError(f"boats: expected a number of boats or a sequence of Boat values "
                            f"(the course comes second), got {type(boats).__name__} "
                            f"{shown(boats)}")
        boats = tuple(boats)
        if not boats:
            raise SetupError("a race needs at least one boat")
        options = options or RaceOptions()
        if check_setup:
            if states:
                raise SetupError("a race that begins with its set-up has no race states yet")
            check_placement(course, boats)
            check_tokens(course, yellow, blue)
        ids = {b.id for b in boats}
        for bid in states:
            if bid not in ids:
                raise SetupError(f"states: no boat {shown(bid)} in the race")
        built = []
        for b in boats:
            given = states.get(b.id, {})
            for key in ("leg", "moves", "penalties"):
                if key in given:
                    as_int(given[key], f"states.{b.id}.{key}", 0, MAX_NUMBER)
            s = BoatState(row_side=_side(b.at[1], course.line_row), **states.get(b.id, {}))
            if not 0 <= s.leg <= course.legs:
                raise SetupError(f"states: {b.id}: leg {s.leg} is not one of 0..{course.legs}")
            built.append((b.id, _towards(course, s, b.at)))
        laid = frozenset(s.cover_token for _, s in built if s.cover_token is not None)
        moves_made = min((s.moves for _, s in built), default=0)
        position = Position(
            wind=wind,
            boats=tuple(replace(b, leg=None) for b in boats),
            marks=course.marks(),
            yellow=yellow | laid,
            blue=blue - laid,
            phase=Phase.START if moves_made < options.start_moves else Phase.RACE,
            turn_order=tuple(b.id for b in boats),
            options=rules_options or Options(),
        )
        return cls(course, options, position, tuple(built), seed=seed)._phase()

    # --- queries --------------------------------------------------------------------

    def state(self, boat: str) -> BoatState:
        """The race state of one boat; :class:`~rightofway.positions.UnknownId` (a
        :class:`KeyError` and a :class:`ValueError`) naming a boat not in the race."""
        try:
            return self._state[boat]
        except (KeyError, TypeError):
            if not isinstance(boat, str):
                raise TypeError(f"boat: expected a boat id (a string), got "
                                f"{shown(boat)}") from None
            raise UnknownId(f"boat: no boat {shown(boat)} in this race (its boats: "
                            f"{shown(', '.join(self._state), 200)})") from None

    @property
    def to_move(self) -> str | None:
        """The boat whose turn it is, or ``None`` when the race is over."""
        if self.is_over():
            return None
        return self.position.turn_order[0]

    def is_over(self) -> bool:
        """Whether every boat finished or the race ran out of moves."""
        return all(s.finished for _, s in self.boats) or self.turn >= self.options.max_turns

    def end_reason(self) -> tuple[str, Citation | None]:
        """Why the race ended: every boat finished (RTW 3.7), or it ran out of moves (the
        option ``max_turns``, which is no rule)."""
        if all(s.finished for _, s in self.boats):
            return "every boat has finished", RTW37
        return (f"the race was stopped after {self.turn} moves (the option max_turns) with "
                f"{len(self.position.boats)} boat{'s' if len(self.position.boats) != 1 else ''}"
                " still racing", None)

    @property
    def finish_order(self) -> tuple[str, ...]:
        """Boats that finished, first first."""
        done = [(s.place, b) for b, s in self.boats if s.place is not None]
        return tuple(b for _, b in sorted(done))

    def ruling(self, move: Move,
               protest: Protest | None = None) -> Ruling[Position, Move] | None:
        """The adjudication of ``move`` in the current position, explained (RTW 3.4); ``None``
        for a penalty turn, which is not adjudicated for right of way."""
        check_move(move)
        if protest is not None:
            check_instance(protest, Protest, "protest")
        if isinstance(move, PenaltyTurn):
            return None
        return rules.adjudicate(self.position, move, protest)

    def in_start_procedure(self) -> bool:
        """Whether the start procedure (the first seven moves of each boat) is under way."""
        return self.position.phase is Phase.START

    def legal_moves(self, boat: str | None = None) -> list[Move]:
        """Every move ``boat`` (by default the boat to move) may make now: the rules' moves
        and, when it owes a penalty and may serve it here, a penalty turn (RTW 2, 3.4).
        None for a boat that finished, or once the race is over."""
        boat = self._boat(boat)
        if boat is None or self.state(boat).finished:
            return []
        return [*moves.legal_moves(self.position, boat), *self._penalty_turns(boat)]

    def _boat(self, boat: str | None) -> str | None:
        """``boat`` (checked by :meth:`state`), or the boat to move when it is ``None``."""
        if boat is None:
            return self.to_move
        self.state(boat)
        return boat

    def _penalty_turns(self, boat: str) -> list[PenaltyTurn]:
        s = self.state(boat)
        if s.penalties and not self.position.boat(boat).lull and \
                moves.can_serve_penalty(self.position, boat):
            dirs = [s.serving_direction] if s.serving else ["R90", "L90"]
            return [PenaltyTurn(boat, d) for d in dirs]  # type: ignore[arg-type]
        return []

    def safe_moves(self, boat: str | None = None) -> list[Move]:
        """The legal moves of ``boat`` (by default the boat to move) that incur no penalty:
        no infringement and no start-procedure fault.

        A boat held by a lull has one move, standing still, and it is always safe
        (RTW 3.4: a boat forced by a lull cannot incur a penalty)."""
        boat = self._boat(boat)
        if boat is None or self.state(boat).finished:
            return []
        out: list[Move] = []
        for outcome in moves.outcomes(self.position, boat):
            m = Move(boat, outcome.actions)
            ruling = rules.adjudicate_outcome(self.position, m, outcome)
            if not (ruling.infringed and not ruling.exonerated) and \
                    not self._start_faults(m, outcome):
                out.append(m)
        return [*out, *self._penalty_turns(boat)]

    # --- playing -------------------------------------------------------------------------

    def play(
        self,
        move: Move,
        *,
        protests: tuple[str, ...] | None = None,
        rolls: tuple[Compass, ...] = (),
    ) -> tuple[Race, tuple[Event, ...]]:
        """Play the move of the boat whose turn it is.

        ``protests`` names the boats that protest this move (default: when
        ``auto_protest``, every boat it infringed against, and every other boat
        over a start fault when penalties need a protest). ``rolls`` are the
        compass die's results for the wind shifts the move causes, in order;
        past them the die is rolled from the race's seed. Raises
        :class:`~rightofway.errors.IllegalMove` (a :class:`ValueError`) for a move out
        of turn or not legal, with the reason and the section it rests on.
        """
        if not isinstance(move, Move):
            raise TypeError(f"move: expected a Move (or a PenaltyTurn), got "
                            f"{type(move).__name__} {shown(move)}")
        if protests is not None:
            as_tuple_of(protests, str, "protests")
        rolls = as_tuple_of(rolls, Compass, "rolls")
        boat = self.to_move
        if boat is None:
            raise IllegalMove(move, "the race is over", RTW37)
        if move.boat != boat:
            raise IllegalMove(move, f"it is {boat}'s turn, not {move.boat}'s", RTW2)
        for i, by in enumerate(protests or ()):
            if by == boat or not self.position.has_boat(by):
                raise InputError(f"protests[{i}]: protest by {shown(by)}: no other boat of "
                                 "that id is racing")
        if isinstance(move, PenaltyTurn):
            return self._penalty_turn(move)
        verdict = moves.legality(self.position, move)
        if verdict.outcome is None:
            raise IllegalMove(move, verdict.reason, verdict.cite)
        outcome = verdict.outcome
        events: list[Event] = []
        state = self.state(boat)
        before = self.position.boat(boat)
        # Infringements are judged on the position the move leaves (RTW 3.4).
        ruling = rules.adjudicate(self.position, move)
        position = ruling.after
        assert position is not None
        events.append(Event("move", boat, f"{move}", RTW2, (("actions", move.actions),
                                                              ("to", outcome.end))))
        events.extend(_gusts_and_lulls(self.position, before, move, outcome))
        penalties = state.penalties
        if state.serving:
            events.append(Event("penalty-interrupted", boat,
                                f"{boat} broke off its penalty turns and must start again",
                                RTW34))
        faults = self._start_faults(move, outcome)
        requires = self.position.options.penalty_requires_protest
        if protests is not None:
            protesting = tuple(sorted(set(protests)))
        elif self.options.auto_protest:
            others = {b.id for b in self.position.boats if b.id != boat} if faults else set()
            protesting = tuple(sorted(set(ruling.infringed) | (others if requires else set())))
        else:
            protesting = ()
        for inf in ruling.infringements:
            excused = " (exonerated by the lull)" if inf.exonerated else ""
            events.append(Event("infringement", boat,
                                f"{boat} infringed against {inf.against} ({inf.basis}){excused}",
                                RTW34, (("against", inf.against), ("basis", inf.basis))))
        upheld = 0
        for by in protesting:
            heard = rules.adjudicate(self.position, move, Protest(by, boat))
            if heard.verdict == "upheld":
                upheld += 1
                text = f"{by} protests against {boat}: upheld"
            elif faults:
                text = f"{by} protests against {boat}'s start fault: upheld"
            else:
                text = f"{by} protests against {boat}: dismissed"
            verdict_text = "upheld" if heard.verdict == "upheld" or faults else "dismissed"
            events.append(Event("protest", by, text, RTW31 if faults and heard.verdict !=
                                "upheld" else RTW34,
                                (("against", boat), ("verdict", verdict_text))))
        if upheld:
            penalties += upheld
        elif ruling.penalty is not None:
            penalties += 1
            against = ", ".join(sorted(i.against for i in ruling.infringements
                                       if not i.exonerated))
            events.append(Event("penalty", boat,
                                f"{boat} owes a penalty for infringing against {against}: by "
                                "default no protest is needed", RTW34, (("against", against),)))
        for text in faults:
            if requires and not protesting:
                events.append(Event("start-fault", boat,
                                    f"{boat} {text}; nobody protested, and with the option "
                                    "penalty_requires_protest no penalty is owed", RTW31,
                                    (("penalised", False),)))
                continue
            penalties += 1
            events.append(Event("start-fault", boat, f"{boat} {text}; it owes a penalty", RTW31,
                                (("penalised", True),)))
        same_spot = state.same_spot + 1 if _turns_on_the_spot(move, before.at, outcome.end) else 0
        new_state = replace(state, moves=state.moves + 1, same_spot=same_spot,
                            penalties=penalties, serving=0, serving_direction=None)
        path = (before.at, *outcome.path)
        new_state, more = self._progress(boat, new_state, path)
        events.extend(more)
        race = self._next(boat, new_state, position)
        race, more = race._cover(boat, move, outcome.path)
        events.extend(more)
        rounded = any(e.kind == "rounded" and ("mark", "windward") in e.data for e in events)
        race, more = race._wind(boat, path, rolls, rounded)
        events.extend(more)
        return race._remember(self, move, events)

    def _remember(self, before: Race, move: Move,
                  events: list[Event]) -> tuple[Race, tuple[Event, ...]]:
        """The next state, its phase brought up to date, remembering ``before``."""
        done = tuple(events)
        return replace(self._phase(), parent=before, last=(move, done)), done

    # --- the parts of a move -----------------------------------------------------------------

    def _start_faults(self, move: Move, outcome: moves.Outcome) -> list[str]:
        """Faults against the start procedure that the legal ``move``, going as ``outcome``
        says, would commit (RTW 3.1). A boat a lull holds stands still by force and
        commits none (RTW 3.4)."""
        if not self.in_start_procedure():
            return []
        state = self.state(move.boat)
        if state.moves >= self.options.start_moves or self.position.boat(move.boat).lull:
            return []
        number = state.moves + 1
        faults = []
        at = self.position.boat(move.boat).at
        if _turns_on_the_spot(move, at, outcome.end) and state.same_spot >= 2:
            faults.append(f"manoeuvred on {list(at)} for a third move running")
        if number >= self.options.start_moves - 1 and any(
            self.course.on_line(p) for p in (at, *outcome.path)
        ):
            faults.append(f"touched the starting line in move {number} of the start procedure")
        return faults

    def _progress(self, boat: str, s: BoatState,
                  path: tuple[Point, ...]) -> tuple[BoatState, list[Event]]:
        """Starts, roundings, laps and the finish along the path just sailed (RTW 1, 3.7, 3.8)."""
        events: list[Event] = []
        course = self.course
        row = course.line_row
        racing = s.moves > self.options.start_moves
        prev = path[0]
        for q in path[1:]:
            kind = course.leg_kind(s.leg)
            if kind == "final" and course.on_line(q) and not s.finished:
                if s.penalties:
                    events.append(Event("finish-refused", boat,
                                        f"{boat} reached the finish owing a penalty; it must "
                                        "serve it first", RTW34))
                else:
                    place = 1 + sum(1 for _, o in self.boats if o.finished)
                    s = replace(s, leg=course.legs + 1, place=place)
                    events.append(Event("finished", boat, f"{boat} finishes in place {place}",
                                        RTW37, (("place", place),)))
                    break
            side = _side(q[1], row)
            if side and s.row_side and side != s.row_side and course.on_line(prev):
                if side == 1 and s.leg == 0 and racing:
                    s = _towards(course, replace(s, leg=1, row_side=side), q)
                    events.append(Event("started", boat, f"{boat} crossed the starting line",
                                        RTW31))
                elif side == -1 and kind == "downwind":
                    s = _towards(course, replace(s, leg=s.leg + 1, row_side=side), q)
                    events.append(Event("rounded", boat,
                                        f"{boat} passed the gate; leg {s.leg} begins", RTW1,
                                        (("mark", "gate"), ("leg", s.leg))))
            if side:
                s = replace(s, row_side=side)
            if kind == "upwind" and course.layout == "windward-gate":
                s, done = _through_windward_gate(course, s, prev, q)
                if done:
                    s = _towards(course, replace(s, leg=s.leg + 1), q)
                    events.append(Event("rounded", boat,
                                        f"{boat} passed the windward gate; leg {s.leg} begins",
                                        RTW38, (("mark", "windward"), ("leg", s.leg))))
            elif kind in ("upwind", "reach"):
                mark = course.windward if kind == "upwind" else course.extra
                assert mark is not None
                s, done = _clockwise(s, mark, prev, q)
                if done:
                    s = _towards(course, replace(s, leg=s.leg + 1), q)
                    name = "windward mark" if kind == "upwind" else "reach mark"
                    events.append(Event("rounded", boat,
                                        f"{boat} rounded the {name}; leg {s.leg} begins",
                                        RTW1 if kind == "upwind" else RTW38,
                                        (("mark", "windward" if kind == "upwind" else "reach"),
                                         ("leg", s.leg))))
            prev = q
        return s, events

    def _next(self, boat: str, s: BoatState, position: Position) -> Race:
        """The race after ``boat``'s move: its state stored, the turn passed on.

        The mover goes to the end of the turn order. A boat that finished leaves
        the board (RTW 3.7: the race is over for it).
        """
        states = tuple((b, s if b == boat else o) for b, o in self.boats)
        order = position.turn_order
        i = order.index(boat)
        order = order[i + 1:] + order[:i + 1]
        boats = position.boats
        if s.finished:
            order = tuple(b for b in order if b != boat)
            boats = tuple(b for b in boats if b.id != boat)
        position = replace(position, boats=boats, turn_order=order)
        return replace(self, position=position, boats=states, turn=self.turn + 1)

    def _cover(self, mover: str, move: Move,
               path: tuple[Point, ...]) -> tuple[Race, list[Event]]:
        """Remove the mover's cover token if it reached it or manoeuvred; place new ones.

        RTW 3.5: a covered boat lays its spare yellow token two ahead, and takes
        it up when it reaches it or manoeuvres.
        """
        events: list[Event] = []
        race = self
        s = race.state(mover)
        token = s.cover_token
        if token is not None and (token in path or any(a != "A" for a in move.actions)):
            why = "reached it" if token in path else "manoeuvred"
            race = race._set_token(mover, None)
            events.append(Event("cover-removed", mover,
                                f"{mover}'s cover token at {list(token)} is removed: it {why}",
                                RTW35, (("at", token),)))
        if not race.position.options.cover:
            return race, events
        for cover in rules.covers(race.position):
            cs = race.state(cover.covered)
            if cs.cover_token is not None or cs.finished:
                continue
            if cover.token is None:
                events.append(Event("cover", cover.covered,
                                    f"{cover.covered} is covered by {cover.coverer} but "
                                    "the point two ahead of it cannot take a token, so none is "
                                    "placed", RTW35))
                continue
            race = race._set_token(cover.covered, cover.token)
            events.append(Event("cover-placed", cover.covered,
                                f"{cover.covered} is covered by {cover.coverer} and places its "
                                f"yellow token at {list(cover.token)}", RTW35,
                                (("at", cover.token), ("by", cover.coverer))))
        return race, events

    def _set_token(self, boat: str, spot: Point | None) -> Race:
        s = self.state(boat)
        yellow = set(self.position.yellow)
        if s.cover_token is not None:
            yellow.discard(s.cover_token)
        if spot is not None:
            yellow.add(spot)
        position = replace(self.position, yellow=frozenset(yellow))
        states = tuple((b, replace(o, cover_token=spot) if b == boat else o)
                       for b, o in self.boats)
        return replace(self, position=position, boats=states)

    def leader(self) -> str | None:
        """The boat in the lead among those racing: furthest through the legs, then nearest
        its next target, then listed first."""
        def key(item: tuple[int, str]) -> tuple[int, int, int]:
            index, b = item
            return (self.state(b).leg, -self._distance(b), -index)
        racing = list(enumerate(b.id for b in self.position.boats))
        return max(racing, key=key)[1] if racing else None

    def _distance(self, boat: str) -> int:
        at = self.position.boat(boat).at
        kind = self.course.leg_kind(self.state(boat).leg)
        if kind == "upwind":
            return max(self.course.windward[1] - at[1], 0)
        if kind == "reach":
            assert self.course.extra is not None
            return chebyshev(at, self.course.extra)
        return abs(at[1] - self.course.line_row)

    def _wind(self, mover: str, path: tuple[Point, ...], rolls: tuple[Compass, ...],
              rounded_windward: bool) -> tuple[Race, list[Event]]:
        """Shift the wind when the leader reaches a flag's row; reset an East-West wind at the
        windward mark (RTW 3.3)."""
        if not self.options.wind_shifts:
            return self, []
        s = self.state(mover)
        events: list[Event] = []
        race = self
        if 1 <= s.leg <= self.course.legs and self.leader() == mover:
            for row in self.course.flags:
                if (s.leg, row) in race.flags_done or not any(p[1] == row for p in path):
                    continue
                new, rolls = (rolls[0], rolls[1:]) if rolls else (race._roll(), ())
                old = race.position.wind
                race = replace(race, position=race.position.with_wind(new),
                               shifts=race.shifts + 1,
                               flags_done=race.flags_done | {(s.leg, row)})
                change = (f"the wind stays {new.name}" if new is old else
                          f"the wind shifts from {old.name} to {new.name}")
                events.append(Event("wind-shift", mover,
                                    f"{mover} leads at the flag on row {row}: the die gives "
                                    f"{new.name}, {change}",
                                    RTW33, (("from", old.name), ("to", new.name),
                                            ("row", row))))
        first = rounded_windward and all(
            o.leg < s.leg for b, o in self.boats if b != mover
        )
        if first and race.position.wind in (Compass.E, Compass.W):
            old = race.position.wind
            race = replace(race, position=race.position.with_wind(Compass.N))
            events.append(Event("wind-shift", mover,
                                f"{mover} rounds the windward mark first with the wind in the "
                                f"{old.name}: the wind returns to the North", RTW33,
                                (("from", old.name), ("to", "N"))))
        return race, events

    def _roll(self) -> Compass:
        if self.seed is None:
            raise ValueError("a wind shift is due: pass the compass die's result in rolls=")
        rng = random.Random(f"{self.seed}/{self.shifts}")
        return rng.choice(self.options.die)

    def to_json(self) -> dict[str, Any]:
        """The race as plain JSON data, between two moves and without its history
        (a game record, :meth:`record_lines`, keeps the history)."""
        from dataclasses import asdict

        return {
            "format": "rightofway-race-state",
            "version": 1,
            "ruleset": "race-the-wind",
            "course": course_json(self.course),
            "options": options_json(self.options),
            "position": self.position.to_json(),
            "boats": {b: {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(s).items()}
                      for b, s in self.boats},
            "turn": self.turn,
            "shifts": self.shifts,
            "flags_done": [list(f) for f in sorted(self.flags_done)],
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: Any) -> Race:
        """The race :meth:`to_json` saved; :class:`~rightofway.errors.InputError` naming the
        field at fault."""
        from rightofway.rtw.formats import RaceStateModel
        from rightofway.scenarios import read_json

        def build(m: RaceStateModel) -> Race:
            try:
                position = Position.from_json(m.position)
            except InputError as e:
                raise InputError(e.message, ("position", *e.loc)) from None
            states = tuple((b, BoatState(**s.model_dump())) for b, s in m.boats.items())
            try:
                course = course_from_model(m.course)
            except SetupError as e:
                raise InputError(str(e), ("course",)) from None
            if set(position.boat_ids) - {b for b, _ in states}:
                raise InputError("every boat on the board needs its race state", ("boats",))
            return Race(course, options_from_model(m.options), position, states, m.turn,
                        m.shifts, frozenset((leg, row) for leg, row in m.flags_done), m.seed)

        return read_json(RaceStateModel, data, "race", build)

    def _repr_svg_(self, *, tracks: bool = False) -> str:
        """The board as it stands (notebooks); with ``tracks``, each boat's track through the
        intersections of her moves (:meth:`~rightofway.races.Race.svg`)."""
        from rightofway import tracks as track_lines
        from rightofway.rtw.drawing import _move_path, board

        title = f"turn {self.turn}: {self.to_move} to move" if self.to_move else "race over"
        if not tracks:
            return str(board(self.position, title=title))
        lines = track_lines.of_race(
            self, lambda p, m: _move_path(p, m) if isinstance(m, Move) else ())
        return str(board(self.position, title=title, tracks=lines))

    def record_lines(self) -> Iterator[str]:
        """The game record of the race so far, as JSON Lines (see :mod:`rightofway.rtw.record`)."""
        return record_lines(self.start, self.played)

    def _penalty_turn(self, move: PenaltyTurn) -> tuple[Race, tuple[Event, ...]]:
        if move not in self.legal_moves(move.boat):
            s = self.state(move.boat)
            if s.penalties and self.position.boat(move.boat).lull:
                raise IllegalMove(move, "a lull holds it: it stands still this turn", RTW32)
            why = ("it owes no penalty" if not s.penalties else
                   f"a penalty is turned one way: {s.serving_direction}" if s.serving else
                   "it is not two intersections clear of every mark and boat")
            raise IllegalMove(move, why, RTW34)
        b = self.position.boat(move.boat)
        turned = replace(b, heading=b.heading.rotate(90 if move.direction == "R90" else -90))
        position = self.position.replace_boat(turned)
        s = self.state(move.boat)
        serving = s.serving + 1
        events = [Event("penalty-turn", move.boat,
                        f"{move.boat} turns {move.direction} ({serving} of 4) serving a penalty",
                        RTW34)]
        if serving == 4:
            s = replace(s, penalties=s.penalties - 1, serving=0, serving_direction=None,
                        moves=s.moves + 1, same_spot=0)
            events.append(Event("penalty-served", move.boat,
                                f"{move.boat} has served a penalty", RTW34))
        else:
            s = replace(s, serving=serving, serving_direction=move.direction,
                        moves=s.moves + 1, same_spot=0)
        race = self._next(move.boat, s, position)
        return race._remember(self, move, events)

    def _phase(self) -> Race:
        racing = [s for _, s in self.boats if not s.finished]
        if any(s.moves < self.options.start_moves for s in racing):
            phase = Phase.START
        elif racing and all(s.leg == self.course.legs for s in racing):
            phase = Phase.FINAL_LEG
        else:
            phase = Phase.RACE
        if phase is self.position.phase:
            return self
        return replace(self, position=replace(self.position, phase=phase))


# --- records and saved races: the writing side (rightofway.rtw.record reads them) --------

FORMAT = "rightofway-race"
"""The ``format`` of a game record's set-up line."""


def course_json(c: Course) -> dict[str, Any]:
    """A course as plain JSON data."""
    return {"gate_buoy": list(c.gate_buoy), "committee_boat": list(c.committee_boat),
            "windward": list(c.windward), "flags": list(c.flags), "laps": c.laps,
            "layout": c.layout, "extra": list(c.extra) if c.extra else None}


def options_json(o: RaceOptions) -> dict[str, Any]:
    """Race options as plain JSON data."""
    return {"wind_shifts": o.wind_shifts, "die": [d.name for d in o.die],
            "start_moves": o.start_moves, "auto_protest": o.auto_protest,
            "max_turns": o.max_turns}


def setup_line(race: Race) -> dict[str, Any]:
    """The set-up line of a race about to be played: its course, options, seed and board,
    and, for a race that is no set-up of those (one taken up mid-way, or read back with
    :meth:`~rightofway.rtw.Race.from_json`), its whole state
    (:meth:`~rightofway.rtw.Race.to_json`)."""
    line = {
        "type": "setup",
        "format": FORMAT,
        "version": 1,
        "ruleset": "race-the-wind",
        "course": course_json(race.course),
        "options": options_json(race.options),
        "position": notation(race.position),
        "seed": race.seed,
    }
    if not _set_up_afresh(race):
        line["state"] = race.to_json()
    return line


def _set_up_afresh(race: Race) -> bool:
    """Whether :meth:`Race.new` sets ``race`` up again from its course, options, seed and
    board, the set-up rules checked (what a set-up line says without a state)."""
    p = race.position
    try:
        again = Race.new(p.boats, race.course, race.seed, race.options, yellow=p.yellow,
                         blue=p.blue, wind=p.wind, rules_options=p.options)
    except SetupError:
        return False
    return again == race


def turn_line(turn: int, move: Move, events: tuple[Event, ...]) -> dict[str, Any]:
    """The record line of one played move."""
    line: dict[str, Any] = {"type": "move", "turn": turn, "boat": move.boat}
    if isinstance(move, PenaltyTurn):
        line["penalty"] = move.direction
    else:
        line["actions"] = list(move.actions)
    line["protests"] = [e.boat for e in events if e.kind == "protest"]
    # The die is rolled at a flag; the return to North at the windward mark is no roll.
    line["rolls"] = [d["to"] for e in events if e.kind == "wind-shift"
                     for d in [dict(e.data)] if "row" in d]
    line["events"] = [e.to_json() for e in events]
    return line


def record_lines(race: Race, played: Iterable[tuple[Move, tuple[Event, ...]]]) -> Iterator[str]:
    """JSON Lines of a whole race: the set-up, then each move."""
    yield json.dumps(setup_line(race))
    for turn, (move, events) in enumerate(played, race.turn + 1):
        yield json.dumps(turn_line(turn, move, events))



def course_from_model(c: CourseModel) -> Course:
    """The course a validated model describes (:class:`SetupError` if the rules refuse it)."""
    return Course(c.gate_buoy, c.committee_boat, c.windward, tuple(c.flags), c.laps, c.layout,
                  c.extra)


def options_from_model(o: RaceOptionsModel) -> RaceOptions:
    """The race options a validated model describes."""
    return RaceOptions(o.wind_shifts, tuple(Compass[d] for d in o.die), o.start_moves,
                       o.auto_protest, o.max_turns)


def _course(course: Course | str | None) -> Course:
    """The course :meth:`Race.new` was given: a course, a name of :data:`COURSES` or ``None``
    (the windward-leeward course)."""
    if course is None:
        return DEFAULT_COURSE
    if isinstance(course, Course):
        return course
    if isinstance(course, str) and course in COURSES:
        return COURSES[course]
    raise SetupError(f"course: expected a Course or one of {', '.join(COURSES)}, got "
                     f"{shown(course)}")


def _random_setup(course: Course, boats: int, rng: random.Random, tokens: int
                  ) -> tuple[tuple[Boat, ...], frozenset[Point], frozenset[Point]]:
    """A legal set-up for ``boats`` boats from ``rng``: placement, headings and tokens."""
    if not 2 <= boats <= len(BOAT_IDS):
        raise SetupError(f"between 2 and {len(BOAT_IDS)} boats can race, not {boats}")
    ids = BOAT_IDS[:boats]
    centre = (course.gate_buoy[0] + course.committee_boat[0]) // 2
    row = course.line_row
    if boats == 2:
        spots = [(centre + rng.randint(2, 6), row - rng.randint(1, 5)),
                 (centre - rng.randint(2, 6), row - rng.randint(1, 5))]
    else:
        spots = rng.sample(sorted(course.start_places(boats)), boats)
    headings = [rng.choice([Compass.NE, Compass.NW, Compass.E, Compass.W]) for _ in ids]
    fleet = tuple(Boat(i, p, h) for i, p, h in zip(ids, spots, headings, strict=True))
    yellow, blue = _random_tokens(course, rng, tokens, set(spots))
    return fleet, yellow, blue


def _random_tokens(course: Course, rng: random.Random, count: int,
                   taken: set[Point]) -> tuple[frozenset[Point], frozenset[Point]]:
    """Up to ``count`` tokens, yellow and blue in turn, on open water North of the line,
    each kept only where the limits of RTW 3.2 allow it."""
    lo, hi = course.gate_buoy[0] - 5, course.committee_boat[0] + 5
    if course.extra is not None:
        lo, hi = min(lo, course.extra[0] - 5), max(hi, course.extra[0] + 5)
    cells = [(x, y) for x in range(lo, hi + 1)
             for y in range(course.line_row + 1, course.windward[1] + 2)]
    marks = set(course.mark_points)
    rng.shuffle(cells)
    yellow: set[Point] = set()
    blue: set[Point] = set()
    for cell in cells:
        if len(yellow) + len(blue) >= count:
            break
        if cell in marks or cell in taken:
            continue
        target = yellow if len(yellow) <= len(blue) else blue
        target.add(cell)
        try:
            check_tokens(course, frozenset(yellow), frozenset(blue))
        except SetupError:
            target.discard(cell)
    return frozenset(yellow), frozenset(blue)


def _towards(course: Course, s: BoatState, at: Point) -> BoatState:
    """``s`` on a new leg at ``at``: which side of its mark's column and row it is on."""
    kind = course.leg_kind(s.leg)
    mark = (course.windward if kind == "upwind" else
            course.extra if kind == "reach" else None)
    if mark is None:
        return replace(s, column_side=0, mark_row_side=0, over_top=False)
    return replace(s, column_side=_side(at[0], mark[0]), mark_row_side=_side(at[1], mark[1]),
                   over_top=False)


def _clockwise(s: BoatState, mark: Point, prev: Point, q: Point) -> tuple[BoatState, bool]:
    """One step of a clockwise rounding of ``mark`` (RTW 1): ``(state, rounded)``.

    The boat crosses the mark's column North of it from West to East (half the
    rounding), then its row East of it from North to South (the rounding is done).
    Crossing back, the column East to West or the row South to North, undoes the
    half: over the top and back again is no rounding.
    """
    mx, my = mark
    cs, rs = _side(q[0], mx), _side(q[1], my)
    over = s.over_top
    if cs and s.column_side and cs != s.column_side and prev[0] == mx and prev[1] > my:
        over = cs == 1
    if rs and s.mark_row_side and rs != s.mark_row_side and prev[1] == my and prev[0] > mx:
        if rs == -1 and over:
            return replace(s, column_side=cs or s.column_side, mark_row_side=rs,
                           over_top=False), True
        over = False
    return replace(s, column_side=cs or s.column_side, mark_row_side=rs or s.mark_row_side,
                   over_top=over), False


def _through_windward_gate(course: Course, s: BoatState, prev: Point,
                           q: Point) -> tuple[BoatState, bool]:
    """One step towards passing the windward gate from South to North between its buoys."""
    assert course.extra is not None
    row = course.windward[1]
    lo, hi = sorted((course.windward[0], course.extra[0]))
    rs = _side(q[1], row)
    done = bool(rs == 1 and s.mark_row_side == -1 and prev[1] == row and lo < prev[0] < hi)
    return replace(s, mark_row_side=rs or s.mark_row_side), done


def _turns_on_the_spot(move: Move, start: Point, end: Point) -> bool:
    """A move that only manoeuvres and ends where it began (the start's same-spot rule)."""
    return bool(move.actions) and "A" not in move.actions and end == start


def _gusts_and_lulls(position: Position, boat: Boat, move: Move,
                     outcome: moves.Outcome) -> list[Event]:
    events = []
    base = 2 - sum(1 for a in move.actions[:2] if a != "A") if _is_beam(position, boat) else 1
    bonus = move.actions.count("A") - base
    if bonus > 0:
        gusts = outcome.path[base - 1:base - 1 + bonus]
        events.append(Event("gust", boat.id,
                            f"{boat.id} took {bonus} gust{'s' if bonus > 1 else ''} at "
                            f"{', '.join(str(list(p)) for p in gusts)}", RTW32,
                            (("at", tuple(gusts)),)))
    if outcome.lulled:
        still = "; it stands still next turn" if position.options.yellow_skips_next_turn else ""
        text = f"a lull stops {boat.id} at {list(outcome.end)}{still}"
        events.append(Event("lull", boat.id, text, RTW32, (("at", outcome.end),)))
    return events


def _is_beam(position: Position, boat: Boat) -> bool:
    return rules.boat_facts(position, boat.id).point_of_sail.value == "beam-reach"

