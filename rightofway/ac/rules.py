"""America's Cup legality as ordered tables of cited rules, the rulings on moves, and the
fast path that lists every legal move.

A move is judged by :data:`~rightofway.ac.rules.LEGALITY`, in the order the spec fixes:
the card, the crew, each action in turn, the points, the final heading, blocking. The
first rule that finds a fault decides, and the reason is its sentence, cited. The card is
judged by its own table, :data:`~rightofway.ac.rules.CARD`, and each action by
:data:`~rightofway.ac.rules.ACTION`; an exception (the start procedure's manoeuvre, a boat
standing still after the start, the 2 played into the wind) names the rules it sets aside
and comes before them. :func:`~rightofway.ac.legality` walks the tables with a trace and
so explains itself; :func:`~rightofway.ac.legal_moves` asks the card table without one and
searches the actions it allows (the fast path, held to :func:`~rightofway.ac.legality` by
tests).

The game has no right of way: hulls may never touch (``AC Boat Position and
Movement``), so :func:`~rightofway.ac.right_of_way` and
:func:`~rightofway.ac.engagement_graph` decline.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, NamedTuple, NoReturn

from rightofway import results
from rightofway.ac.moves import (
    _CREW_BLOCKS,
    _STEPS,
    CREW_ACTIONS,
    MP_ACTIONS,
    Action,
    Move,
    _act,
    _Board,
    _boat,
    _has_action,
    _move,
    _moves,
    _position,
    _racing,
    covered,
    crew_points,
    points_available,
)
from rightofway.ac.position import (
    DEFAULT_COURSE,
    Boat,
    Card,
    CardError,
    Position,
    Status,
    Tack,
    _hull,
    _tack_of,
)
from rightofway.ac.sections import (
    BY_HEADING,
    CREW,
    END,
    FORBIDDEN,
    INTO,
    POSITION,
    SEQUENCE,
    START,
    TURN,
)
from rightofway.errors import IllegalMove, InputError, Unsupported
from rightofway.explain import Citation, Step
from rightofway.geometry import Compass
from rightofway.order import Rule, decide
from rightofway.positions import as_bool, check_instance, shown
from rightofway.results import Protest, Ruling, Verdict

if TYPE_CHECKING:  # networkx loads only where a graph is drawn, never here
    import networkx as nx

__all__ = [
    "ACTION",
    "CARD",
    "LEGALITY",
    "Finding",
    "Judging",
    "Legality",
    "adjudicate",
    "apply",
    "engagement_graph",
    "is_legal",
    "legal_moves",
    "legality",
    "playable",
    "right_of_way",
]

Point = tuple[int, int]


class Finding(NamedTuple):
    """What a rule of the tables found: the move is ``illegal`` (or, where a rule settles
    the card at once, ``legal``) for ``reason``, under the rulebook heading ``section``
    (``Turn Sequence``; :data:`rightofway.ac.sections.BY_HEADING` gives its citation)."""

    outcome: Literal["legal", "illegal"]
    reason: str
    section: str

    @property
    def cite(self) -> Citation:
        """The citation of the section (:class:`~rightofway.errors.InputError` for a section
        that is no heading of the rulebook)."""
        found = BY_HEADING.get(self.section) if isinstance(self.section, str) else None
        if found is None:
            raise InputError(f"section: {shown(self.section)} is no heading of the America's "
                             "Cup rulebook")
        return found


def _illegal(reason: str, where: Citation) -> Finding:
    return Finding("illegal", reason, where.section)


def _legal(reason: str, where: Citation) -> Finding:
    return Finding("legal", reason, where.section)


@dataclass(frozen=True, slots=True)
class Legality(results.Legality[Position, Move]):
    """Whether a move is legal (:class:`rightofway.results.Legality`: ``reason``, ``cite``,
    ``steps``) and what the America's Cup rules work out on the way: the Movement Points and
    crew points the move had, the position after it when it is legal, the start verdicts
    and events it caused, and whether the into-the-wind rule stopped it."""

    points: int | None = None
    """The Movement Points available (``None`` when the card is refused)."""
    crew_points: int | None = None
    """The crew points the card gives (``None`` when the card is refused)."""
    after: Position | None = None
    """The position after the move, when it is legal."""
    verdicts: tuple[tuple[str, str], ...] = ()
    """Start procedure verdicts the move caused: ``(boat, "disqualified" | "stands-still")``."""
    events: tuple[tuple[str, str, str], ...] = ()
    """What the move caused: ``(kind, boat, text)`` (leg completed, finish, stop, verdict)."""
    stopped: bool = False
    """The into-the-wind rule stopped the move."""

    def explain(self) -> str:
        """The ruling, the points and every step it rests on, for people."""
        text = results.Legality.explain(self)
        if self.points is None:
            return text
        head, _, steps = text.partition("\nsteps:\n")
        return (f"{head}\npoints: {self.points}, crew points: {self.crew_points or 0}"
                f"\nsteps:\n{steps}")

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs (the position after the move as its JSON)."""
        out = results.Legality.to_json(self)
        out.update({"points": self.points, "crew_points": self.crew_points,
                    "stopped": self.stopped, "verdicts": [list(v) for v in self.verdicts],
                    "events": [{"kind": k, "boat": b, "text": t} for k, b, t in self.events],
                    "after": self.after.to_json() if self.after is not None else None})
        return out


# --- the case the tables judge ----------------------------------------------------------------


class _Track(NamedTuple):
    """Where the actions of a move take the boat, as far as they are allowed: the first
    fault of an action (or ``None``), the bow and heading reached, the Movement Points spent,
    whether the into-the-wind rule stopped the move, the worst number of hull points over
    the line during the start, whether the boat finished, the events and the steps."""

    fault: Finding | None
    at: Point
    heading: Compass
    spent: int
    stopped: bool
    over_worst: int
    finished: bool
    events: tuple[tuple[str, str, str], ...]
    steps: tuple[Step, ...]


class Judging:
    """One move judged in one position: what the rules of the tables look at, each worked
    out once (the boat, the phase, the card's verdict, the points, the walk of the
    actions)."""

    __slots__ = ("_board", "_card", "_points", "_track", "boat", "move", "options", "position",
                 "start")

    def __init__(self, position: Position, move: Move) -> None:
        _position(position)
        check_instance(move, Move, "move")
        self.position = position
        self.move = move
        self.boat: Boat = position.boat(move.boat, "move.boat")
        self.options = position.options
        self.start = position.phase == "start"
        self._board: _Board | None = None
        self._card: tuple[Finding | None] | None = None
        self._points: tuple[int, list[Step]] | None = None
        self._track: _Track | None = None

    @property
    def card(self) -> Finding | None:
        """What the card table finds (``None``: the card, discard or skip may be used)."""
        if self._card is None:
            self._card = (decide(CARD, self),)
        return self._card[0]

    @property
    def board(self) -> _Board:
        """What blocks the moving boat: the marks and the other hulls."""
        if self._board is None:
            self._board = _Board(self.position, self.boat.id)
        return self._board

    @property
    def points(self) -> tuple[int, list[Step]]:
        """The Movement Points of the move and the steps saying why."""
        if self._points is None:
            self._points = points_available(self.position, self.move)
        return self._points

    @property
    def crew(self) -> int:
        """The crew points the card gives."""
        return crew_points(self.boat, self.move.card, self.position)

    @property
    def where(self) -> Citation:
        """Where hull and point faults are cited: the start procedure during the start."""
        return START if self.start else POSITION

    @property
    def track(self) -> _Track:
        """The walk of the move's actions, each judged by
        :data:`~rightofway.ac.rules.ACTION` in turn."""
        if self._track is None:
            self._track = _walk(self)
        return self._track


def _quiet(case: object, found: Finding | None) -> tuple[Step, ...]:
    """A rule that adds nothing to the explanation (its fault is the conclusion)."""
    return ()


# --- the card ----------------------------------------------------------------------------------


def _allowed_colours(b: Boat) -> tuple[str, ...]:
    t = b.tack
    if t is None:
        return ("G", "R")
    return ("G",) if t == "starboard" else ("R",)


def _calls_for(t: Tack | None) -> str:
    """The colour a heading calls for, as a sentence says it."""
    return {"starboard": "on starboard tack, which calls for a green card",
            "port": "on port tack, which calls for a red card"}.get(
        t or "", "into the wind, where a card of either colour may be played")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _continues(seq: int | None, value: int) -> bool:
    return seq is not None and abs(value - seq) <= 1


def _colours(case: Judging) -> tuple[str, ...]:
    b = case.boat
    return _allowed_colours(b) if b.upwind else ("G", "R")


def _into(case: Judging) -> bool:
    """Whether the boat begins its turn into the wind on an upwind leg under the advanced
    into-the-wind rule."""
    b = case.boat
    return b.upwind and b.tack is None and case.options.into_the_wind


def _disqualified(case: Judging) -> Finding | None:
    b = case.boat
    if b.status == "disqualified":
        return _illegal(f"{b.id} was disqualified at the start and no longer races", START)
    return None


def _finished(case: Judging) -> Finding | None:
    b = case.boat
    return _illegal(f"{b.id} has finished", END) if b.finished else None


def _start_manoeuvre(case: Judging) -> Finding | None:
    if not case.start:
        return None
    if case.move.discard is not None:
        return _illegal("no discards during the start procedure", START)
    if case.move.skip:
        return _illegal("every boat manoeuvres during the start procedure", START)
    return _legal("a start manoeuvre uses any card, whatever the wind", START)


def _standing_still(case: Judging) -> Finding | None:
    b = case.boat
    if b.status != "stands-still":
        return None
    if case.move.skip:
        return _legal(f"{b.id} stands still this turn", START)
    return _illegal(f"{b.id} was over the line with one point on its fifth start manoeuvre: "
                    "it stands still this turn", START)


def _skip(case: Judging) -> Finding | None:
    if not case.move.skip:
        return None
    b, hand = case.boat, case.boat.hand
    colours = _colours(case)
    if hand is not None and b.upwind and any(c.colour in colours for c in hand) \
            and _can_move(case.position, b.id):
        return _illegal(f"{b.id} heads {b.heading.name} {_calls_for(b.tack)}, and it holds "
                        "one, so it may not skip its turn", TURN)
    if hand is not None and not b.upwind and hand and _can_move(case.position, b.id):
        return _illegal("on a downwind leg every card can be played: no skipping", TURN)
    return _legal("the turn is skipped", TURN)


def _in_hand(case: Judging) -> Finding | None:
    move, b = case.move, case.boat
    played = move.card if move.card is not None else move.discard
    if b.hand is not None and played is not None and played not in b.hand:
        return _illegal(f"{played} is not in {b.id}'s hand "
                        f"({' '.join(map(str, b.hand)) or 'empty'})", TURN)
    return None


def _discard(case: Judging) -> Finding | None:
    if case.move.discard is None:
        return None
    b, o = case.boat, case.options
    into = _into(case)
    if not (o.sequence and b.upwind) and not into:
        why = "on a downwind leg" if not b.upwind else "without the sequence rule"
        return _illegal(f"no discard for Movement Points {why}", TURN)
    if b.hand is not None:
        right = [c for c in b.hand if c.colour in _colours(case)]
        twos = [c for c in right if c.up == 2]
        cont = [] if into else [c for c in right if _continues(b.sequence, c.up)]
        if twos or cont:
            held = (twos or cont)[0]
            return _illegal(f"{b.id} may discard only when it can neither continue nor start "
                            f"a sequence, and it holds {held}", TURN)
    return _legal("the discard is allowed", TURN)


def _colour(case: Judging) -> Finding | None:
    c, b = case.move.card, case.boat
    if c is not None and b.upwind and c.colour not in _colours(case):
        return _illegal(f"{c} is {'green' if c.colour == 'G' else 'red'}, but {b.id} heads "
                        f"{b.heading.name} {_calls_for(b.tack)}", TURN)
    return None


def _two_into_the_wind(case: Judging) -> Finding | None:
    c = case.move.card
    if c is None or not _into(case):
        return None
    if c.up != 2:
        return _illegal(f"{case.boat.id} begins its turn into the wind: it may play only a 2 "
                        "(or discard)", INTO)
    return _legal("a 2 of either colour starts a sequence into the wind", INTO)


def _sequence(case: Judging) -> Finding | None:
    c, b = case.move.card, case.boat
    if c is None or not (case.options.sequence and b.upwind):
        return None
    if b.sequence is None:
        if c.up != 2:
            return _illegal(f"no sequence is running: it starts with a 2, not a {c.up}",
                            SEQUENCE)
    elif not _continues(b.sequence, c.up):
        if c.up != 2:
            return _illegal(f"the sequence's last card is {b.sequence}: a {c.up} is neither "
                            "equal nor one more or less", SEQUENCE)
        right = [x for x in (b.hand or ()) if x.colour in _colours(case)]
        cont = [x for x in right if _continues(b.sequence, x.up)]
        if cont:
            return _illegal(f"{b.id} holds {cont[0]}, which continues the sequence at "
                            f"{b.sequence}, so it may not restart with a 2", SEQUENCE)
    return None


_THE_CARD_RULES = "the skip, the card in the hand, the discard, the colour, the 2 into the " \
                  "wind, the sequence"

CARD: tuple[Rule[Judging, Finding], ...] = (
    Rule("a disqualified boat", START,
         "A boat disqualified at the start races no more: it has no move.",
         _disqualified, _quiet),
    Rule("a finished boat", END,
         "A boat that has finished has no move.", _finished, _quiet),
    Rule("the start manoeuvre", START,
         "During the start procedure every boat manoeuvres with the card it drew, whatever "
         "the wind and its colour: no skip, no discard.",
         _start_manoeuvre, _quiet, exception_to=_THE_CARD_RULES),
    Rule("standing still", START,
         "A boat with one hull point over the line on its fifth start manoeuvre stands still "
         "on its first race turn: it skips, and may do nothing else.",
         _standing_still, _quiet, exception_to=_THE_CARD_RULES),
    Rule("the skip", TURN,
         "A boat skips its turn only when it cannot move: upwind, with no card of its "
         "colour that gives a legal move; downwind, with no card that does.",
         _skip, _quiet),
    Rule("the card in the hand", TURN,
         "The card played or discarded comes from the boat's hand (when the hand is known).",
         _in_hand, _quiet),
    Rule("the discard", TURN,
         "A card is discarded for 2 Movement Points only upwind, under the sequence rule or "
         "into the wind, and only when no card of the colour starts or continues a sequence.",
         _discard, _quiet),
    Rule("the colour", TURN,
         "Upwind, the card's colour matches the boat's tack (green on starboard, red on "
         "port, either into the wind); downwind any card goes.", _colour, _quiet),
    Rule("the 2 into the wind", INTO,
         "A boat that begins its turn into the wind plays a 2 of either colour, which starts "
         "a sequence, or discards.", _two_into_the_wind, _quiet, exception_to="the sequence"),
    Rule("the sequence", SEQUENCE,
         "Upwind, a sequence starts with a 2 and goes on with a card equal to the last or one "
         "away; a boat restarts with a 2 only when no card of its colour continues.",
         _sequence, _quiet),
)
"""The rules of the card, discard or skip of a move, in the order they are asked."""


def _card_steps(case: Judging) -> list[Step]:
    """Why the card (or discard) of a move is allowed, for the explanation."""
    if case.start:
        return []
    o, b, move = case.options, case.boat, case.move
    out: list[Step] = []
    c = move.card
    if c is not None and b.upwind:
        out.append(Step("rule", f"{b.id} heads {b.heading.name} {_calls_for(b.tack)}: {c} "
                                "may be played", TURN))
    if not (o.sequence and b.upwind):
        return out
    if move.discard is not None:
        out.append(Step("rule", f"{b.id} can neither continue nor start a sequence: it "
                                "discards for 2 points that start nothing", SEQUENCE))
    elif c is not None and b.tack is None and o.into_the_wind:
        out.append(Step("rule", f"{b.id} begins its turn into the wind: a 2 of either colour "
                                "starts a sequence", INTO))
    elif c is not None and b.sequence is not None and _continues(b.sequence, c.up):
        out.append(Step("rule", f"the sequence stands at {b.sequence}: a {c.up} continues it",
                        SEQUENCE))
    elif c is not None:
        again = "nothing in the hand continues it: " if b.sequence is not None else ""
        out.append(Step("rule", f"{again}a 2 starts a sequence", SEQUENCE))
    return out


# --- the move, stage by stage ------------------------------------------------------------------


def _the_card(case: Judging) -> Finding | None:
    found = case.card
    if found is not None and found.outcome == "illegal":
        return found
    if case.move.skip:
        return _legal("the turn is skipped", TURN)
    return None


def _explain_card(case: Judging, found: Finding | None) -> list[Step]:
    if found is None:
        return [*_card_steps(case), *case.points[1]]
    if found.outcome == "legal":  # the skip
        return [Step("fact", f"{case.boat.id} skips its turn", TURN)]
    return []


def _the_crew(case: Judging) -> Finding | None:
    crew_idx = [i for i, a in enumerate(case.move.actions) if a in CREW_ACTIONS]
    if not crew_idx:
        return None
    if case.start:
        return _illegal("no crew tacks during the start procedure", START)
    if not case.options.crew:
        return _illegal("crew tacks belong to the crew rule, which is off", CREW)
    if crew_idx[-1] - crew_idx[0] + 1 != len(crew_idx):
        return _illegal("crew points are spent in one block, not split between Movement "
                        "Point actions", CREW)
    crew = case.crew
    if len(crew_idx) > crew:
        return _illegal(f"the move has {_plural(len(crew_idx), 'crew tack')} but "
                        f"{'only ' + _plural(crew, 'crew point') if crew else 'no crew points'}",
                        CREW)
    return None


def _explain_crew(case: Judging, found: Finding | None) -> list[Step]:
    b, card = case.boat, case.move.card
    if found is not None or not case.options.crew or case.start or card is None \
            or b.crew is None:
        return []
    crew = case.crew
    matched = [n for n in card.crew if n in b.crew]
    said = {0: "none of the card's numbers matches", 1: "one of the card's numbers matches",
            2: "two of the card's numbers match", 3: "all three of the card's numbers match"}
    return [Step("fact", f"{said.get(len(matched), f'{len(matched)} of its numbers match')} "
                         f"a crew position of {b.id}: "
                         f"{_plural(crew, 'crew point') if crew else 'no crew points'}", CREW,
                 f"crew positions {'-'.join(map(str, b.crew))}, card numbers "
                 f"{'-'.join(map(str, card.crew))}: "
                 f"{', '.join(map(str, matched)) or 'none'} in both")]


class _Action(NamedTuple):
    """One action of a move, judged by :data:`ACTION`: its number (from 1), the action,
    whether the move had already stopped, where it takes the bow and heading, the line the
    bow stepped along (``None`` for a turn), and the move it belongs to."""

    number: int
    action: Action
    stopped: bool
    at: Point
    heading: Compass
    stepped: Compass | None
    case: Judging


def _after_the_stop(a: _Action) -> Finding | None:
    if a.stopped:
        return _illegal(f"action {a.number} ({a.action}) follows the into-the-wind stop: the "
                        "move ended there", INTO)
    return None


def _into_the_wind_step(a: _Action) -> Finding | None:
    if a.stepped is Compass.N and not a.case.start:
        return _illegal(f"action {a.number} ({a.action}) steps straight into the wind",
                        FORBIDDEN)
    return None


def _legal_hull(a: _Action) -> Finding | None:
    problem = a.case.board.problem(a.at, a.heading, a.case.boat.id)
    if problem is not None:
        return _illegal(f"action {a.number} ({a.action}): {problem}", a.case.where)
    return None


ACTION: tuple[Rule[_Action, Finding], ...] = (
    Rule("nothing after the stop", INTO,
         "Once a Movement Point action leaves the boat pointing into the wind the move has "
         "ended: no action follows, crew tacks included.", _after_the_stop, _quiet),
    Rule("no step into the wind", FORBIDDEN,
         "No action steps straight into the wind (A heading N, AR from NW, AL from NE); the "
         "start procedure ignores the wind.", _into_the_wind_step, _quiet),
    Rule("a legal hull", POSITION,
         "After each action the hull is on the board, off the marks, off every other hull "
         "and crosses no diagonal hull (cited AC Start Procedure during the start).",
         _legal_hull, _quiet),
)
"""The rules each action of a move is judged by, in turn."""


def _walk(case: Judging) -> _Track:
    b, o, move, start = case.boat, case.options, case.move, case.start
    points = case.points[0]
    bow, heading = b.at, b.heading
    spent = 0
    stopped = False
    over_worst = 0
    finished = b.finished
    last_leg = b.leg == o.last_leg
    row = o.course.line_row
    events: list[tuple[str, str, str]] = []
    steps: list[Step] = []
    for i, a in enumerate(move.actions):
        nb, nh, stepped = _act(bow, heading, a)
        fault = decide(ACTION, _Action(i + 1, a, stopped, nb, nh, stepped, case))
        if fault is not None:
            return _Track(fault, bow, heading, spent, stopped, over_worst, finished,
                          tuple(events), tuple(steps))
        if a in MP_ACTIONS:
            spent += 1
        if start:
            over_worst = max(over_worst, sum(1 for p in _hull(nb, nh) if p[1] >= row))
        elif last_leg and not finished and o.course._finishes(_hull(bow, heading), _hull(nb, nh)):
            finished = True
            events.append(("finish", b.id, f"{b.id} crosses the finish line between the "
                                           "jury boat and the buoy"))
        bow, heading = nb, nh
        if a in MP_ACTIONS and heading is Compass.N and o.into_the_wind and not start:
            stopped = True
            events.append(("stop", b.id, f"{b.id} points into the wind after action {i + 1}: "
                                         "its move stops"))
            steps.append(Step("rule", f"action {i + 1} ({a}) leaves {b.id} pointing into "
                                      f"the wind: the move stops, {points - spent} point"
                                      f"{'s' if points - spent != 1 else ''} lost", INTO))
    return _Track(None, bow, heading, spent, stopped, over_worst, finished, tuple(events),
                  tuple(steps))


def _each_action(case: Judging) -> Finding | None:
    return case.track.fault


def _explain_actions(case: Judging, found: Finding | None) -> tuple[Step, ...]:
    return case.track.steps


def _the_points(case: Judging) -> Finding | None:
    t, points, o = case.track, case.points[0], case.options
    spent = t.spent
    if t.stopped:
        ok = spent <= points
    elif o.must_use_all_points or case.start:
        ok = spent == points
    else:
        ok = spent <= points
    if ok:
        return None
    return _illegal(f"the move has {_plural(spent, 'Movement Point action')} but "
                    f"{_plural(points, 'point')} to spend", case.where)


def _final_heading(case: Judging) -> Finding | None:
    if not case.start and case.track.heading is Compass.N and not case.options.into_the_wind:
        return _illegal(f"{case.boat.id} would end its move pointing into the wind", FORBIDDEN)
    return None


def _no_blocking(case: Judging) -> Finding | None:
    t = case.track
    who = _blocked(case.position, case.boat, t.at, t.heading, case.start)
    if who is None:
        return None
    return _illegal(f"{case.boat.id}'s move would leave {who} without a legal action",
                    START if case.start else FORBIDDEN)


LEGALITY: tuple[Rule[Judging, Finding], ...] = (
    Rule("the card", TURN,
         "The card played, the discard or the skip, judged by the card's rules (CARD).",
         _the_card, _explain_card),
    Rule("the crew", CREW,
         "Crew tacks need the crew rule (never during the start) and are one block of at "
         "most the crew points the card gives.", _the_crew, _explain_crew),
    Rule("each action in turn", POSITION,
         "Each action in turn, by the action's rules (ACTION); a Movement Point action that "
         "leaves the boat into the wind stops the move under the into-the-wind rule.",
         _each_action, _explain_actions),
    Rule("the points", POSITION,
         "A move spends exactly its Movement Points (option must_use_all_points), fewer when "
         "the into-the-wind rule stopped it.", _the_points, _quiet),
    Rule("the final heading", FORBIDDEN,
         "Under the base rules no move ends pointing into the wind.", _final_heading, _quiet),
    Rule("no blocking", FORBIDDEN,
         "No move leaves another racing boat without a legal action (cited AC Start "
         "Procedure during the start).", _no_blocking, _quiet),
)
"""The order a move is judged in (the spec's): the first rule that finds a fault decides."""


# --- legality ---------------------------------------------------------------------------------


def legality(position: Position, move: Move) -> Legality:
    """Whether ``move`` is legal in ``position``, with its reason, citation and explanation,
    by the rules of :data:`~rightofway.ac.rules.LEGALITY`
    (:class:`~rightofway.positions.UnknownId` for a move of a boat not in the position)."""
    _position(position)
    if not isinstance(move, Move):
        raise TypeError(f"move: expected a Move, not {type(move).__name__}")
    _boat(position, move.boat, "move.boat")
    case = Judging(position, move)
    steps: list[Step] = []
    found = decide(LEGALITY, case, steps)
    b = case.boat
    if found is not None and found.outcome == "illegal":
        where = found.cite
        steps.append(Step("conclusion", f"illegal: {found.reason}", where))
        if found is case.card:
            return Legality(move, False, found.reason, where, tuple(steps))
        return Legality(move, False, found.reason, where, tuple(steps), case.points[0],
                        case.crew)
    if found is not None:  # the skip
        steps.append(Step("conclusion", f"legal: {found.reason}", TURN))
        return Legality(move, True, found.reason, TURN, tuple(steps), 0, 0,
                        _after_skip(position, b, move))
    t = case.track
    points, crew = case.points[0], case.crew
    after, verdicts, more = _after(position, b, move, t.at, t.heading, t.finished, t.stopped,
                                   t.over_worst)
    events = [*t.events, *more]
    crew_tacks = sum(1 for a in move.actions if a in CREW_ACTIONS)
    if crew_tacks:
        tacks = "a crew tack" if crew_tacks == 1 else "crew tacks"
        spent = ("its crew point is" if crew == 1 else f"its {crew} crew points are"
                 if crew_tacks == crew else f"{crew_tacks} of its {crew} crew points "
                 f"{'is' if crew_tacks == 1 else 'are'}")
        steps.append(Step("fact", f"{spent} spent on {tacks} around the bow", CREW))
    where = case.where
    used = (f"its {_plural(points, 'Movement Point')}" if t.spent == points else
            f"{t.spent} of its {_plural(points, 'Movement Point')}")
    steps.append(Step("fact", f"the move spends {used}, every hull position is legal and no "
                              "boat is left without an action", where))
    for kind, _who, text in events:
        steps.append(Step("fact", text, _EVENT_SECTIONS.get(kind, POSITION)))
    steps.append(Step("conclusion", "legal", where))
    return Legality(move, True, "legal", where, tuple(steps), points, crew, after, verdicts,
                    tuple(events), t.stopped)


_EVENT_SECTIONS: dict[str, Citation] = {"finish": END, "leg": END, "verdict": START,
                                        "sequence": SEQUENCE, "stop": INTO}


def is_legal(position: Position, move: Move) -> bool:
    """Whether ``move`` is legal in ``position``."""
    return legality(position, move).legal


def apply(position: Position, move: Move) -> Position:
    """The position after a legal move (pure); otherwise
    :class:`~rightofway.errors.IllegalMove` with the reason and its citation."""
    lg = legality(position, move)
    if not lg.legal or lg.after is None:
        raise IllegalMove(move, lg.reason, lg.cite)
    return lg.after


def _blocked(position: Position, b: Boat, bow: Point, heading: Compass,
             start: bool) -> str | None:
    """The first other boat left without a legal action by ``b`` ending there, or ``None``."""
    mover_hull = _hull(bow, heading)
    for x in position.boats:
        if x.id == b.id or not position.obstacle(x) or not _racing(position, x):
            continue
        xb = _Board(position, x.id, b.id, extra=(mover_hull,))
        if not _has_action(xb, x.at, x.heading, start):
            return x.id
    return None


# --- the position after a move ------------------------------------------------------------------


def _after_skip(position: Position, b: Boat, move: Move) -> Position:
    nb = replace(b, status=None) if b.status == "stands-still" else b
    if move.exchange:
        nb = replace(nb, hand=())
    return position.replaced(nb)


def _after(position: Position, b: Boat, move: Move, bow: Point, heading: Compass,
           finished: bool, stopped: bool, over_worst: int,
           ) -> tuple[Position, tuple[tuple[str, str], ...], list[tuple[str, str, str]]]:
    o = position.options
    events: list[tuple[str, str, str]] = []
    hand = b.hand
    used = move.card if move.card is not None else move.discard
    if hand is not None and used is not None and used in hand:
        lst = list(hand)
        lst.remove(used)
        hand = tuple(lst)
    if position.phase == "start":
        verdicts: list[tuple[str, str]] = []
        status = b.status
        fifth = position.start_round == 4
        if over_worst and (not fifth or over_worst == 2):
            status = "disqualified"
            events.append(("verdict", b.id, f"{b.id} crossed the start line "
                           + ("before the fifth manoeuvre" if not fifth else
                              "with its whole hull on the fifth manoeuvre")
                           + ": disqualified"))
        elif over_worst == 1 and status != "disqualified":
            status = "stands-still"
            events.append(("verdict", b.id, f"{b.id} has one hull point over the line on its "
                                            "fifth manoeuvre: it stands still one turn"))
        if status != b.status and status is not None:
            verdicts.append((b.id, status))
        moved = replace(b, at=bow, heading=heading, hand=hand, status=status)
        ids = position.boat_ids
        rnd = position.start_round
        if ids[-1] == b.id:
            rnd += 1
        after = position.replaced(moved)
        # a boat that is not moving but stands over the line without a verdict (a position
        # given by hand) is judged as it stands, by the manoeuvres it has made
        me = ids.index(b.id)
        for i, x in enumerate(position.boats):
            over = sum(1 for p in x.points if p[1] >= o.course.line_row)
            if x.id == b.id or x.status is not None or not over:
                continue
            made = position.start_round + (1 if i < me else 0)
            verdict: Status = "stands-still" if made == 5 and over == 1 else "disqualified"
            verdicts.append((x.id, verdict))
            events.append(("verdict", x.id, f"{x.id} stands over the line after "
                           f"{made} manoeuvre{'s' if made != 1 else ''}: {verdict}"))
            after = after.replaced(replace(x, status=verdict))
        if rnd >= 5:
            after = replace(after, phase="race", start_round=0)
        else:
            after = replace(after, start_round=rnd)
        return after, tuple(verdicts), events
    seq = b.sequence
    leg = b.leg
    if o.sequence and b.upwind:
        end_tack = _tack_of(heading)
        if move.discard is not None:
            seq = None
        elif move.card is not None:
            if b.tack is None and o.into_wind_two_starts_sequence and move.card.up == 2 \
                    and o.into_the_wind:
                seq = 2
            elif end_tack != b.tack:
                seq = None
                events.append(("sequence", b.id, f"{b.id} changed tack during the move: its "
                                                 "sequence ends"))
            else:
                seq = move.card.up
    elif not o.sequence:
        seq = None
    if not finished:
        if b.upwind and bow[1] > o.course.windward[1]:
            leg += 1
            seq = None
            events.append(("leg", b.id, f"{b.id} completes leg {b.leg} (upwind) with its bow "
                                        f"above the windward buoy's row: cards turned over"))
        elif not b.upwind and b.leg < o.last_leg and bow[1] < o.course.line_row:
            leg += 1
            seq = None
            events.append(("leg", b.id, f"{b.id} completes leg {b.leg} (downwind) with its "
                                        "bow below the leeward buoy's row: cards turned over"))
    if not o.sequence or leg % 2 == 0:
        seq = None
    moved = replace(b, at=bow, heading=heading, leg=leg, sequence=seq, hand=hand,
                    finished=finished)
    return position.replaced(moved), (), events


# --- rulings ----------------------------------------------------------------------------------


_PENALTY = {"disqualified": "disqualified: it loses the race",
            "stands-still": "stands still on its first race turn"}


def adjudicate(position: Position, move: Move,
               protest: Protest | None = None) -> Ruling[Position, Move]:
    """The ruling on a move: its legality with every step, the start verdicts it earns as
    penalties and, with a :class:`~rightofway.results.Protest`, the protest decided.

    The game has no right of way, so no boat infringes against another. A move that breaks
    a rule is not made. A start verdict (disqualified, or standing still one turn) is the
    penalty of the boat it falls on, with or without a protest. A protest is upheld against
    the mover when the move breaks a rule, and against any boat the move earns a start
    verdict; otherwise it is dismissed (docs/interpretations.rst, the protest).
    """
    if protest is not None:
        _check_protest(position, protest)
    lg = legality(position, move)
    steps = list(lg.steps)
    penalties = []
    for boat, status in lg.verdicts:
        penalties.append(f"{boat} {_PENALTY[status]}")
        steps.append(Step("conclusion", f"penalty: {boat} {_PENALTY[status]}", START))
    verdict: Verdict | None = None
    if protest is not None:
        verdict = _hear(protest, move, lg, steps)
    return Ruling(move, lg.legal, lg.reason, (), False, "; ".join(penalties) or None, verdict,
                  tuple(steps), lg.after, position, "americas-cup")


def _check_protest(position: Position, protest: object) -> None:
    if not isinstance(protest, Protest):
        raise TypeError(f"protest: expected a Protest(by, against) or None, got "
                        f"{type(protest).__name__} {shown(protest)}")
    _position(position).boat(protest.by, "protest.by")
    position.boat(protest.against, "protest.against")
    if protest.by == protest.against:
        raise InputError(f"protest: {protest.by} cannot protest against itself")


def _hear(protest: Protest, move: Move, lg: Legality, steps: list[Step]) -> Verdict:
    by, against = protest.by, protest.against
    earned = dict(lg.verdicts).get(against)
    if not lg.legal and against == move.boat:
        why, where, upheld = f"the move breaks a rule ({lg.reason}): it is not made", lg.cite, True
    elif earned is not None:
        why, where, upheld = f"the move earns {against} a start verdict: {_PENALTY[earned]}", \
            START, True
    elif against != move.boat:
        why, where, upheld = f"{against} did not move; the move was {move.boat}'s", TURN, False
    else:
        why, where, upheld = f"{against} broke no rule and earned no start verdict", \
            lg.cite, False
    verdict: Verdict = "upheld" if upheld else "dismissed"
    steps.append(Step("fact", f"{by} protests against {against} over the move {move}", where))
    steps.append(Step("conclusion", f"protest by {by} against {against} {verdict}: {why}",
                      where))
    return verdict


def _no_right_of_way() -> NoReturn:
    raise Unsupported("the America's Cup board game has no right-of-way rules: hulls may never "
                      "touch (AC Boat Position and Movement) and no move may leave a boat "
                      "without one (AC Forbidden Manoeuvres); covered() gives the cover "
                      "between boats")


def right_of_way(position: Position, a: str, b: str) -> results.RightOfWay:
    """Declines: the game has no right-of-way rules (hulls may never touch, ``AC Boat
    Position and Movement``): :class:`~rightofway.errors.Unsupported`."""
    _no_right_of_way()


def engagement_graph(position: Position) -> nx.DiGraph:
    """Declines: with no right of way no boat keeps clear of another
    (:class:`~rightofway.errors.Unsupported`); :func:`rightofway.ac.covered` gives cover."""
    _no_right_of_way()


# --- the fast path: every legal move ------------------------------------------------------------


def playable(position: Position, boat_id: str) -> list[Move]:
    """The cards and discards a boat may choose from at the start of its turn, each as a
    move with no actions yet (by the rules of :data:`~rightofway.ac.rules.CARD`)."""
    b = _boat(position, boat_id, "boat_id")
    return [Move(b.id, c, (), discard=d) for c, d in _playable(position, b.id)]


def _playable(position: Position, boat_id: str) -> tuple[tuple[Card | None, Card | None], ...]:
    """:func:`playable` as (card, discard) pairs, worked out once for each position."""
    key = ("playable", boat_id)
    found: tuple[tuple[Card | None, Card | None], ...] | None = position._memo.get(key)
    if found is None:
        found = position._memo[key] = _hand_allows(position, position.boat(boat_id))
    return found


def _hand_allows(position: Position, b: Boat) -> tuple[tuple[Card | None, Card | None], ...]:
    """The cards of a boat's hand it may play, then those it may discard, in the order of
    the hand (each card once): what :data:`CARD` decides for each, with what the rules ask
    of every card of the hand (the boat's colours, a sequence it holds a card to continue,
    whether it may discard at all) worked out once. A card of the hand passes the rule of
    the card in the hand; the skip is not asked."""
    hand = tuple(dict.fromkeys(b.hand or ()))
    if b.status == "disqualified" or b.finished:  # a disqualified boat, a finished boat
        return ()
    if position.phase == "start":  # the start manoeuvre: any card, no discard
        return tuple((c, None) for c in hand)
    if b.status == "stands-still":  # standing still: nothing but the skip
        return ()
    o = position.options
    upwind = b.upwind
    colours = _allowed_colours(b) if upwind else ("G", "R")
    into = upwind and b.tack is None and o.into_the_wind  # the 2 into the wind
    sequence = o.sequence and upwind
    seq = b.sequence
    right = [c for c in b.hand or () if c.colour in colours]
    continued = any(_continues(seq, c.up) for c in right)
    cards: list[tuple[Card | None, Card | None]] = []
    for c in hand:
        if upwind and c.colour not in colours:  # the colour
            continue
        if into:  # the 2 into the wind decides, the sequence rule is not asked
            if c.up == 2:
                cards.append((c, None))
            continue
        if sequence and c.up != 2 and (seq is None or not _continues(seq, c.up)):
            continue  # the sequence: only a 2 starts or restarts one
        if sequence and c.up == 2 and seq is not None and not _continues(seq, c.up) \
                and continued:
            continue  # the sequence: no restart with a card in hand that continues
        cards.append((c, None))
    # the discard: upwind under the sequence rule or into the wind, with no card of the
    # colour that starts a sequence (a 2) or continues the one running
    if (sequence or into) and not any(c.up == 2 for c in right) \
            and (into or not continued):
        cards.extend((None, c) for c in hand)
    return tuple(cards)


def _card_allows(position: Position, move: Move) -> bool:
    found = decide(CARD, Judging(position, move))
    return found is None or found.outcome == "legal"


def _can_move(position: Position, boat_id: str) -> bool:
    """Whether the boat has a legal move with some card or discard (the first card found
    with one ends the search)."""
    search = _search(position, position.boat(boat_id))
    return any(search.ends(*search.budget(c, d))[0] for c, d in _playable(position, boat_id))


def legal_moves(position: Position, boat_id: str, card: Card | str | None = None, *,
                discard: bool = False) -> list[Move]:
    """Every legal move of a boat with one card (or discarding it, with ``discard``): one
    move for each distinct outcome (where the bow ends, its heading, whether it finished),
    reached by the shortest action sequence found; moves
    that end the same differ in nothing the rules look at afterwards. Without a card:
    the moves of every card and discard it may use, or its skip."""
    b = _boat(position, boat_id, "boat_id")
    as_bool(discard, "discard")
    if card is None:
        found = _generated(position, boat_id)
        if not found:
            return _skips(position, b)
        return [_move(boat_id, c, acts, d) for c, d, acts, _ in found]
    try:
        c = Card.parse(card)
    except CardError as e:
        raise InputError(f"card: {e}") from None
    card_, discard_ = (None, c) if discard else (c, None)
    if b.hand is not None and c in b.hand:  # the cards in hand are judged once
        allowed = (card_, discard_) in _playable(position, boat_id)
    else:
        allowed = _card_allows(position, Move(boat_id, card_, (), discard=discard_))
    if not allowed:
        return []
    search = _search(position, b)
    return _moves(boat_id, card_, search.ends(*search.budget(card_, discard_))[0], discard_)


_End = tuple[Point, Compass, bool]
"""Where a move leaves its boat: the bow, the heading, whether it finished."""


def _generated(position: Position, boat_id: str,
               ) -> list[tuple[Card | None, Card | None, tuple[Action, ...], _End]]:
    """Every legal card move of a boat (the card, the discard, the actions) with where it
    leaves the boat, in :func:`legal_moves`' order; worked out once for each position."""
    key = ("moves", boat_id)
    found: list[tuple[Card | None, Card | None, tuple[Action, ...], _End]] | None = \
        position._memo.get(key)
    if found is None:
        search = _search(position, position.boat(boat_id))
        end = search.end
        found = position._memo[key] = [
            (c, d, acts, end(e))
            for c, d in _playable(position, boat_id)
            for acts, e in zip(*search.ends(*search.budget(c, d)), strict=True)]
    return found


def _skips(position: Position, b: Boat) -> list[Move]:
    """The moves of a boat without a card move: its skip (and in the race, when it has no
    start verdict, the skip that exchanges its hand), when the rules allow it."""
    if not _card_allows(position, Move(b.id)):
        return []
    if position.phase == "race" and b.status is None:
        return [Move(b.id), Move(b.id, exchange=True)]
    return [Move(b.id)]


def _search(position: Position, b: Boat) -> _Search:
    """The move generator's tables for one boat of a position, made once for it (ready for
    the budgets of every card and discard it may use)."""
    key = ("search", b.id)
    found: _Search | None = position._memo.get(key)
    if found is None:
        found = position._memo[key] = _Search(position, b)
        found.wanted.update(found.budget(c, d) for c, d in _playable(position, b.id))
    return found


_Ends = tuple[list[tuple[Action, ...]], list[int]]
"""The ends of a budget: one action sequence for each, and the end (its place's number,
twice, plus one when it finished)."""
_STOPPED, _USED, _SPEND, _FINISHED = 1, 2, 4, 32
"""A state of the search is one number: the place's number, then six bits: finished (32),
Movement Points spent (4 for each), crew block used (2), stopped by the wind (1); its end
(the place's number, twice, plus one when it finished) is the number shifted by 5."""
_HEADINGS = tuple(sorted(Compass, key=lambda h: h.value))
"""The headings by their index, the bearing over 45 (``N`` 0, ``NE`` 1, ... ``NW`` 7)."""
_PAD = 1
"""The margin around the board in the search's table of places: one action moves the bow
one column and one row at most, so a step from the board stays in the table."""


_Steps = tuple[tuple[tuple[tuple[Action], int, int], ...], ...]
_Turns = tuple[tuple[tuple[int, tuple[Action, ...], tuple[int, ...], int], ...], ...]


def _action_tables(rows: int, start: bool, stop: bool) -> tuple[_Steps, _Turns]:
    """For each heading's index, the Movement Point actions a move may make (no step into
    the wind during the race: ``start`` false), each (as a sequence of one action) with
    what it adds to a place's number on a board of ``rows`` rows (padding included) and
    to a state of the search (:meth:`_Search._search`: the place, a Movement Point spent,
    and the stop when the into-the-wind rule, ``stop``, ends the move there); and the
    blocks of crew tacks, with what each tack of the block adds to the place and what the
    whole block adds to a state (the place, the crew block used)."""
    steps = tuple(
        tuple(((a,), d, (d << 6) + _SPEND + (_STOPPED if stop and nh is Compass.N else 0))
              for a, dx, dy, nh, into in _STEPS[hd] if start or not into
              for d in ((dx * rows + dy) * 8 + nh // 45 - i,))
        for i, hd in enumerate(_HEADINGS))
    turns = tuple(
        tuple((k, blk, way, (way[-1] << 6) + _USED)
              for k, blk, headings in _CREW_BLOCKS[hd]
              for way in (tuple(nh // 45 - i for nh in headings),))
        for i, hd in enumerate(_HEADINGS))
    return steps, turns


def _open_board(w: int, h: int) -> bytearray:
    """One byte for each hull place of an empty board ``w`` by ``h``: whether the hull is
    on the board."""
    rows = h + 1 + 2 * _PAD
    legal = bytearray((w + 1 + 2 * _PAD) * rows * 8)
    for i, hd in enumerate(_HEADINGS):
        dx, dy = hd.step
        y0, y1 = max(0, dy), min(h, h + dy)
        ones = b"\x01" * (y1 - y0 + 1)
        for x in range(max(0, dx), min(w, w + dx) + 1):
            first = ((x + _PAD) * rows + y0 + _PAD) * 8 + i
            legal[first:first + 8 * len(ones):8] = ones
    return legal


def _against(rows: int) -> tuple[int, ...]:
    """What takes a place's number with the bow on a point (heading N) to the numbers of the
    hull places with the bow or the stern on that point."""
    out: list[int] = []
    for i, hd in enumerate(_HEADINGS):
        dx, dy = hd.step
        out.append(i)
        out.append((dx * rows + dy) * 8 + i)
    return tuple(out)


_DEFAULT_SIZE = (DEFAULT_COURSE.width, DEFAULT_COURSE.height)
_DEFAULT_ROWS = DEFAULT_COURSE.height + 1 + 2 * _PAD
_DEFAULT_TABLES = {(start, stop): _action_tables(_DEFAULT_ROWS, start, stop)
                   for start in (False, True) for stop in (False, True)}
"""The action tables of the library's course, made once."""
_DEFAULT_OPEN = bytes(_open_board(*_DEFAULT_SIZE))
"""The hull places of the library's empty course."""
_DEFAULT_AGAINST = _against(_DEFAULT_ROWS)
_DEFAULT_BOWS = tuple((x - _PAD, y - _PAD) for x in range(DEFAULT_COURSE.width + 1 + 2 * _PAD)
                      for y in range(_DEFAULT_ROWS))
"""The bow of each place's number on the library's course (the number over 8)."""


class _Search:
    """The legal moves of one boat in one position, worked out once for the position (kept
    in its memo, so that every card and discard shares them).

    A hull place (bow, heading) is a number: the column, the row and the heading's index
    (``((x + 1) * rows + y + 1) * 8 + heading``), so that each action adds the same number to
    it whatever the place. The tables:

    - ``legal``: one byte for each place, whether a hull may stand there (on the board, off
      the marks, off every other hull and crossing no diagonal one);
    - ``steps``: for each heading, the Movement Point actions (no step into the wind during
      the race), each with what it adds to the place and to a state of the search (a
      point spent, the stop when the into-the-wind rule ends the move there); ``turns``:
      the blocks of crew tacks with what each tack adds to the place and the whole block
      to a state;
    - for each budget (Movement Points, crew points), one action sequence for each distinct
      end (bow, heading, finish) whose end is allowed: a breadth-first search, shorter
      sequences first;
    - ``blocking``: the ends that leave another racing boat without a legal action.
    """

    __slots__ = ("_ends", "_row", "blocked", "boat", "course", "covered", "crew_on",
                 "end_into_wind_ok", "last_leg", "legal", "partial", "rows", "start", "steps",
                 "turns", "wanted")

    def __init__(self, position: Position, b: Boat) -> None:
        o = position.options
        self.boat = b
        self.course = c = o.course
        start = self.start = position.phase == "start"
        stop = o.into_the_wind and not start
        self.partial = not o.must_use_all_points and not start
        self.crew_on = o.crew and not start
        self.last_leg = b.leg == o.last_leg and not b.finished and not start
        self.end_into_wind_ok = start or o.into_the_wind
        self.covered = any(y == b.id for _, y in covered(position))
        w, h = c.width, c.height
        rows = self.rows = h + 1 + 2 * _PAD
        if (w, h) == _DEFAULT_SIZE:
            self.steps, self.turns = _DEFAULT_TABLES[start, stop]
            legal = bytearray(_DEFAULT_OPEN)
        else:
            self.steps, self.turns = _action_tables(rows, start, stop)
            legal = _open_board(w, h)
        # no hull on or against a mark or another hull, nor crossing a diagonal one
        board = _Board(position, b.id)
        against = _DEFAULT_AGAINST if rows == _DEFAULT_ROWS else _against(rows)
        for tx, ty in board.taken:
            if 0 <= tx <= w and 0 <= ty <= h:
                on = ((tx + _PAD) * rows + ty + _PAD) * 8
                for d in against:
                    legal[on + d] = 0
        place = self.place
        for pq in board.diagonals:
            (px, py), (qx, qy) = pq
            legal[place((px, qy), Compass.from_step((px - qx, qy - py)))] = 0
            legal[place((qx, py), Compass.from_step((qx - px, py - qy)))] = 0
        self.legal = legal
        self.blocked = self._blocking(position, against)
        """The places of the ends that leave another racing boat without a legal action;
        ``None``: every end does."""
        self._ends: dict[tuple[int, int], _Ends] = {}
        self._row: frozenset[int] | None = None
        self.wanted: set[tuple[int, int]] = set()
        """The budgets the boat's cards and discards will ask for: one search serves every
        budget of the same crew points."""

    def _blocking(self, position: Position, against: tuple[int, ...]) -> frozenset[int] | None:
        """The places of the boat's hull that leave another racing boat without a legal
        action (each other boat's legal actions found once, without this boat: a hull
        blocks a boat when it takes or crosses every one of them); ``None`` (every place)
        when a boat has none whatever this boat does."""
        b, start, rows = self.boat, self.start, self.rows
        out: set[int] = set()
        for x in position.boats:
            if x.id == b.id or not position.obstacle(x) or not _racing(position, x):
                continue
            xb = _Board(position, x.id, b.id)
            kill: set[int] | None = None
            for a in MP_ACTIONS:
                nb, nh, stepped = _act(x.at, x.heading, a)
                if (stepped is Compass.N and not start) or not xb.free(nb, nh):
                    continue
                # the places with the bow or the stern on the hull, or crossing it
                near: set[int] = set()
                (px, py), (qx, qy) = hull = _hull(nb, nh)
                for ux, uy in hull:
                    on = ((ux + _PAD) * rows + uy + _PAD) * 8
                    near.update(map(on.__add__, against))
                if px != qx and py != qy:
                    near.add(self.place((px, qy), Compass.from_step((px - qx, qy - py))))
                    near.add(self.place((qx, py), Compass.from_step((qx - px, py - qy))))
                kill = near if kill is None else kill & near
            if kill is None:
                return None
            out |= kill
        return frozenset(out)

    def place(self, bow: Point, heading: Compass) -> int:
        """The number of a hull place."""
        return ((bow[0] + _PAD) * self.rows + bow[1] + _PAD) * 8 + heading // 45

    def hull(self, q: int) -> tuple[Point, Compass]:
        """The bow and heading of a hull place's number."""
        x, y = divmod(q >> 3, self.rows)
        return (x - _PAD, y - _PAD), _HEADINGS[q & 7]

    def budget(self, card: Card | None, discard: Card | None) -> tuple[int, int]:
        """The Movement Points and crew points of a card played or discarded (what
        :func:`~rightofway.ac.points_available` and :func:`~rightofway.ac.crew_points`
        say, without the steps)."""
        b = self.boat
        if self.start:
            played = card if card is not None else discard
            assert played is not None
            return played.up, 0
        points = 2 if card is None else card.up if b.upwind else card.down
        if self.covered:
            points = max(1, points - 1)
        crew = 0
        if card is not None and b.crew is not None and self.crew_on:
            crew = sum(1 for n in card.crew if n in b.crew)
        return points, crew

    def ends(self, points: int, crew: int) -> _Ends:
        """One action sequence for each distinct end of a move with that budget, the ends
        not allowed (into the wind under the base rules, leaving another boat without an
        action) left out: the sequences, and the ends (:meth:`end` reads one)."""
        found = self._ends.get((points, crew))
        if found is not None:
            return found
        if not self.crew_on:
            crew = 0
        # the search for the most points also finds the moves of fewer (a sequence of
        # fewer points is found as it would be alone): one search for each crew budget,
        # except when a move may leave points unspent
        if self.partial:
            wanted = {points}
        else:
            wanted = {p for p, c in self.wanted if c == crew or not self.crew_on} | {points}
        blocked = self.blocked
        north_ok = self.end_into_wind_ok
        for p, outcomes in self._search(wanted, crew).items():
            if blocked is None:
                self._ends[(p, crew)] = ([], [])
                continue
            if north_ok:
                ends = [e for e in outcomes if e >> 1 not in blocked]
            else:  # no end pointing into the wind (the heading's index 0)
                ends = [e for e in outcomes if e & 14 and e >> 1 not in blocked]
            self._ends[(p, crew)] = (list(map(outcomes.__getitem__, ends)), ends)
        return self._ends[(points, crew)]

    def end(self, end: int) -> _End:
        """Where an end of :meth:`ends` leaves the boat: the bow, the heading, whether it
        finished."""
        q = end >> 1
        if self.rows == _DEFAULT_ROWS:
            bow = _DEFAULT_BOWS[q >> 3]
        else:
            x, y = divmod(q >> 3, self.rows)
            bow = (x - _PAD, y - _PAD)
        return bow, _HEADINGS[q & 7], bool(end & 1)

    def _finishes(self, q: int, nq: int) -> bool:
        """Whether the hull going from place ``q`` to ``nq`` crosses the finish line."""
        return self.course._finishes(_hull(*self.hull(q)), _hull(*self.hull(nq)))

    def _on_row(self) -> frozenset[int]:
        """The hull places with a point on the row of the start and finish line."""
        if self._row is not None:
            return self._row
        c = self.course
        row = c.line_row
        out = set()
        for hd in Compass:
            dx, dy = hd.step
            for x in range(c.width + 1):
                out.add(self.place((x, row), hd))
                out.add(self.place((x + dx, row + dy), hd))
        self._row = frozenset(out)
        return self._row

    def _search(self, wanted: set[int], crew: int) -> dict[int, dict[int, tuple[Action, ...]]]:
        """A breadth-first search over Movement Point actions whose hulls stay legal, with at
        most one block of crew tacks turning one way, before, between or after them: for
        each number of Movement Points wanted, each end (its place's number, twice, plus
        one when it finished) with the first sequence found."""
        b = self.boat
        partial = self.partial
        points = max(wanted)
        found: dict[int, dict[int, tuple[Action, ...]]] = {p: {} for p in sorted(wanted)}
        # a move stopped by the wind ends a move of as many points or more
        stops = [[found[p] for p in found if p >= spent] for spent in range(points + 1)]
        at_spent = [found.get(spent) for spent in range(points + 1)]
        if partial:
            at_spent = [found[points]] * (points + 1)
        steps, legal = self.steps, self.legal
        # the blocks of at most ``crew`` tacks (one, then two, then three: two ways each)
        turns = [t[:2 * crew] for t in self.turns]
        # only a hull with a point on the line's row may cross it, on the last leg
        on_row = self._on_row() if self.last_leg else frozenset()
        finishes = self._finishes
        # a state is one number (the place, finished, points spent, crew block used,
        # stopped: see _STOPPED), with the first sequence found to it; a state with the
        # crew block used whose twin without it was reached (one level before: the same
        # place, points and flags by Movement Point actions alone) is left out, for the
        # twin's sequences reach all it would, each first
        first = self.place(b.at, b.heading) << 6 | b.finished * _FINISHED
        seen = {first}
        frontier: list[tuple[int, tuple[Action, ...]]] = [(first, ())]
        while frontier:
            nxt: list[tuple[int, tuple[Action, ...]]] = []
            add, append = seen.add, nxt.append
            for key, done in frontier:
                spent = key >> 2 & 7
                if key & _STOPPED:
                    for outcomes in stops[spent]:
                        outcomes.setdefault(key >> 5, done)
                    continue
                here = at_spent[spent]
                if here is not None:
                    here.setdefault(key >> 5, done)
                q = key >> 6
                used = key & _USED
                if crew and not used:
                    for _, blk, way, dk in turns[q & 7]:
                        for d in way:
                            if not legal[q + d]:
                                break
                        else:
                            nk = key + dk
                            if on_row and not key & _FINISHED:
                                pq = q
                                for d in way:
                                    if pq in on_row and finishes(pq, q + d):
                                        nk |= _FINISHED
                                        break
                                    pq = q + d
                            if nk not in seen and nk - _USED not in seen:
                                add(nk)
                                append((nk, done + blk))
                if spent == points:
                    continue
                if key & _FINISHED or q not in on_row:  # no step finishes from here
                    for a, d, dk in steps[q & 7]:
                        if legal[q + d]:
                            nk = key + dk
                            if nk not in seen and not (used and nk - _USED in seen):
                                add(nk)
                                append((nk, done + a))
                    continue
                for a, d, dk in steps[q & 7]:
                    if legal[q + d]:
                        nk = key + dk
                        if finishes(q, q + d):
                            nk |= _FINISHED
                        if nk not in seen and not (used and nk - _USED in seen):
                            add(nk)
                            append((nk, done + a))
            frontier = nxt
        return found
