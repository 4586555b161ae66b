"""Whole America's Cup games: the match race (with the start procedure under the advanced
rules), the regatta of 2..6 boats under the base rules, and the tournament.

A race is an immutable state between turns: :meth:`Race.play` returns the next
state and the events the move caused, including every card dealt, so that a
record (:mod:`rightofway.ac.record`) replays a game without the deck. The deck
is an option: :data:`DEFAULT_DECK` is the library's own (the printed deck is
not described by the rulebook); when the draw pile runs out it is shuffled
again from the race's seed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from rightofway import limits, races
from rightofway.ac import rules
from rightofway.ac.moves import Move, first_mover
from rightofway.ac.position import (
    MAX_DECK,
    Boat,
    Card,
    CardError,
    Course,
    Options,
    Position,
    _named,
)
from rightofway.ac.sections import (
    CARDS,
    END,
    INTO,
    POSITION,
    PREPARATION,
    REGATTA,
    SEQUENCE,
    START,
    TURN,
)
from rightofway.errors import InputError
from rightofway.explain import Citation
from rightofway.geometry import Compass
from rightofway.positions import (
    as_bool,
    as_int,
    as_seed,
    as_tuple_of,
    check_fields,
    check_instance,
    shown,
)
from rightofway.races import Event, IllegalMove, Result, SetupError, check_history

__all__ = [
    "DEFAULT_DECK",
    "Race",
    "default_deck",
    "record_lines",
    "setup_line",
    "turn_line",
]


def default_deck() -> tuple[Card, ...]:
    """The library's deck of 48 cards: for each colour and each upwind value 2..5, six cards
    whose downwind values run through 1..6 and whose crew numbers are three different
    positions, spread so that every position appears about as often as the others (17 to
    19 times in the 144 crew numbers)."""
    cards = []
    for ci, colour in enumerate(("G", "R")):
        for up in range(2, 6):
            for k in range(6):
                down = 1 + (k + up + 3 * ci) % 6
                base = (3 * k + up + ci) % 8
                crew = (base + 1, (base + 3) % 8 + 1, (base + 5) % 8 + 1)
                cards.append(Card("G" if colour == "G" else "R", up, down, crew))
    return tuple(cards)


DEFAULT_DECK = default_deck()
"""The library's own deck (option ``deck`` of :meth:`Race.new`)."""

MAX_TURNS = 2000

_FIELDS: tuple[tuple[str, type], ...] = (
    ("position", Position), ("order", tuple), ("next_index", int), ("seed", int),
    ("pile", tuple), ("shuffles", int), ("deck", tuple), ("turn", int),
    ("finish_order", tuple), ("out", tuple), ("until_all_finish", bool), ("max_turns", int))
"""The fields a :class:`Race` checks the types of when built."""

def _check_hands(hands: object) -> dict[str, tuple[Card, ...]]:
    """``Race.new``'s ``hands``: a mapping of boat ids to sequences of cards."""
    if not isinstance(hands, Mapping):
        raise TypeError(f"hands: expected a mapping of boat ids to cards, got "
                        f"{type(hands).__name__} {shown(hands)}")
    out: dict[str, tuple[Card, ...]] = {}
    for bid, cards in hands.items():
        if type(bid) is not str:
            raise TypeError(f"hands: expected boat ids (strings) as keys, got {shown(bid)}")
        if isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence):
            raise TypeError(f"hands[{shown(bid, 20)}]: expected a list of cards, got "
                            f"{type(cards).__name__} {shown(cards)}")
        if len(cards) > MAX_DECK:
            raise InputError(f"hands[{shown(bid, 20)}]: at most {MAX_DECK} cards, not "
                             f"{len(cards)}")
        out[bid] = as_tuple_of(list(cards), Card, f"hands[{shown(bid, 20)}]")
    return out


_EVENTS: dict[str, tuple[str, Citation]] = {
    "finish": ("finished", END), "leg": ("leg", END), "verdict": ("start-fault", START),
    "stop": ("stop", INTO), "sequence": ("sequence", SEQUENCE)}
"""The kind of event a game records for each thing a move causes, and its section."""


@dataclass(frozen=True, slots=True)
class Race(races.Race[Move]):
    """The state of a game between turns (:class:`rightofway.races.Race`). Build one with
    :meth:`Race.new`; :meth:`~rightofway.races.Race.push` a move,
    :meth:`~rightofway.races.History.pop` it, :meth:`~rightofway.races.Race.save` the record
    and :meth:`~rightofway.races.Race.load` it to go on.

    ``order`` is the order boats take turns; ``pile`` the cards still to draw. Each state
    remembers the one before it (:attr:`~rightofway.races.History.played`)."""

    record_module: ClassVar[str] = "rightofway.ac.record"

    position: Position
    order: tuple[str, ...]
    next_index: int = 0
    seed: int = 0
    pile: tuple[Card, ...] = ()
    shuffles: int = 0
    deck: tuple[Card, ...] = DEFAULT_DECK
    turn: int = 0
    finish_order: tuple[str, ...] = ()
    out: tuple[str, ...] = ()
    """Boats disqualified at the start."""
    until_all_finish: bool = False
    """A regatta goes on until every boat has finished; a match race ends at the first."""
    max_turns: int = MAX_TURNS
    parent: Race | None = field(default=None, repr=False, compare=False)
    last: tuple[Move, tuple[Event, ...]] | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        check_fields(self, _FIELDS)
        check_history(self, Move)
        for name in ("order", "finish_order", "out"):
            for i, bid in enumerate(getattr(self, name)):
                if type(bid) is not str:
                    raise TypeError(f"{name}[{i}]: expected a boat id, got {shown(bid)}")
        for name in ("pile", "deck"):
            for i, c in enumerate(getattr(self, name)):
                if type(c) is not Card:
                    raise TypeError(f"{name}[{i}]: expected a Card, got {shown(c)}")
        if sorted(self.order) != sorted(self.position.boat_ids):
            raise InputError(f"order: expected each boat of the position once, got "
                             f"{shown(list(self.order))}")
        if not 0 <= self.next_index < len(self.order):
            as_int(self.next_index, "next_index", 0, len(self.order) - 1)
        for name in ("seed", "shuffles", "turn"):
            if not -limits.MAX_NUMBER <= getattr(self, name) <= limits.MAX_NUMBER:
                as_int(getattr(self, name), name, -limits.MAX_NUMBER, limits.MAX_NUMBER)
        if not 0 <= self.max_turns <= limits.MAX_TURNS:
            as_int(self.max_turns, "max_turns", 0, limits.MAX_TURNS)

    # --- set-up -----------------------------------------------------------------------------

    @classmethod
    def new(cls, boats: int | Sequence[Boat], course: Course | None = None,
            seed: int | None = None, options: Options | Mapping[str, Any] | None = None, *,
            start_procedure: bool | None = None, deck: Sequence[Card] | None = None,
            until_all_finish: bool | None = None, max_turns: int = MAX_TURNS,
            hands: Mapping[str, Sequence[Card]] | None = None) -> Race:
        """A game at its first turn. ``boats`` is a number of boats (2..6), placed below the
        line as the bots' :func:`~rightofway.ac.bots.random_race` places them, in an order
        drawn from ``seed``; or the boats themselves, in turn order. ``course`` replaces the
        options' course; ``seed`` (default 0) shuffles the deck.

        The hands are dealt from ``deck`` (else the options' deck, else the library's) or
        taken from ``hands``. The start procedure runs when ``start_procedure`` (default:
        under the advanced rules with two boats); a regatta goes on until every boat has
        finished (``until_all_finish``, default: with more than two boats); the game stops
        at ``max_turns``. :class:`~rightofway.races.SetupError` for a set-up the rules
        refuse."""
        if options is not None and not isinstance(options, (Options, Mapping)):
            raise TypeError(f"options: expected Options, a mapping of options or None, got "
                            f"{type(options).__name__} {shown(options)}")
        try:
            o = options if isinstance(options, Options) else Options._of(dict(options or {}))
        except (TypeError, ValueError) as e:
            raise _named(e, "options", set(options) if isinstance(options, Mapping)
                         else set()) from None
        if course is not None:
            if not isinstance(course, Course):
                raise TypeError(f"course: expected an America's Cup Course, not "
                                f"{type(course).__name__}")
            o = replace(o, course=course)
        seed = as_seed(seed) or 0
        for name, flag in (("start_procedure", start_procedure),
                           ("until_all_finish", until_all_finish)):
            if flag is not None:
                as_bool(flag, name)
        as_int(max_turns, "max_turns", 1, limits.MAX_TURNS)
        if deck is not None:
            if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence):
                raise TypeError(f"deck: expected a list of cards, got {type(deck).__name__} "
                                f"{shown(deck)}")
            if len(deck) > MAX_DECK:
                raise InputError(f"deck: a deck has at most {MAX_DECK} cards, not {len(deck)}")
            deck = as_tuple_of(list(deck), Card, "deck")
        if hands is not None:
            hands = _check_hands(hands)
        if isinstance(boats, (bool, str)) or not isinstance(boats, (int, Sequence)):
            raise TypeError(f"boats: expected a number of boats or a list of boats, got "
                            f"{shown(boats)}")
        n = boats if isinstance(boats, int) else len(boats)
        if not 2 <= n <= 6:
            raise SetupError(f"2 to 6 boats race, not {n}", REGATTA)
        if isinstance(boats, int):
            boats = start_boats(n, o, random.Random(seed))
        for i, b in enumerate(boats):
            if not isinstance(b, Boat):
                raise TypeError(f"boats[{i}]: expected an America's Cup Boat, not "
                                f"{type(b).__name__}")
        if start_procedure is None:
            start_procedure = o.advanced and n == 2
        if start_procedure and n != 2:
            raise SetupError("the start procedure is a match race's: two boats", START)
        cards = tuple(deck) if deck is not None else o.deck or DEFAULT_DECK
        if len(cards) < o.hand_size * n + 2:
            raise SetupError(f"a deck of {len(cards)} cards is too small for {n} hands of "
                             f"{o.hand_size}", PREPARATION)
        for b in boats:
            if b.leg != 1 or b.finished or b.status is not None:
                raise SetupError(f"{b.id} must begin on leg 1, racing", PREPARATION)
            if any(p[1] >= o.course.line_row for p in b.points):
                raise SetupError(f"{b.id} must begin below the line (row "
                                 f"{o.course.line_row})", PREPARATION)
        race = cls(Position(tuple(replace(b, hand=()) for b in boats), o,
                            "start" if start_procedure else "race"),
                   tuple(b.id for b in boats), 0, seed, (), 0, cards,
                   until_all_finish=n > 2 if until_all_finish is None else until_all_finish,
                   max_turns=max_turns)
        race = race._shuffled()
        if hands is not None:
            if set(hands) != set(race.order):
                raise SetupError("a hand for every boat, no more", PREPARATION)
            pos = race.position.with_boats(replace(b, hand=tuple(hands[b.id]))
                                           for b in race.position.boats)
            pile = race.pile
            for bid in race.order:  # the hands dealt from the top of the pile, as new() deals
                for c in hands[bid]:
                    pile = _without(pile, c)
            return replace(race, position=pos, pile=pile)
        if start_procedure:
            race, _ = race._deal(race.order[0], 1, None)
        else:
            for bid in race.order:
                race, _ = race._deal(bid, o.hand_size, None)
        return race

    def _shuffled(self) -> Race:
        rng = random.Random(f"ac-deck:{self.seed}:{self.shuffles}")
        held = [c for b in self.position.boats for c in (b.hand or ())]
        pile = list(self.deck)
        for c in held:
            if c in pile:
                pile.remove(c)
        rng.shuffle(pile)
        return replace(self, pile=tuple(pile), shuffles=self.shuffles + 1)

    def _take(self, n: int, given: list[Card] | None) -> tuple[Race, list[Card]]:
        """``n`` cards from the top of the pile (shuffled again when it runs out), or the
        next ``n`` of ``given`` (a replay), each then taken out of the pile so that a
        replayed game holds the pile the game held."""
        if given is not None and len(given) < n:
            raise IllegalMove("draw", f"the record gives {len(given)} more cards dealt, "
                                      f"the rules deal {n}")
        race = self
        pile = self.pile
        out: list[Card] = []
        while len(out) < n:
            if not pile:
                race = race._shuffled()  # a new pile of what no hand holds
                pile = race.pile
                if not pile and given is None:
                    raise SetupError("the deck has no card left to deal", CARDS)
            card = given.pop(0) if given is not None else pile[0]
            out.append(card)
            pile = _without(pile, card)
        return replace(race, pile=pile), out

    def _deal(self, boat: str, n: int, given: list[Card] | None) -> tuple[Race, list[Card]]:
        race, cards = self._take(n, given)
        b = race.position.boat(boat)
        nb = replace(b, hand=(*(b.hand or ()), *cards))
        return replace(race, position=race.position.replaced(nb)), cards

    # --- reading ----------------------------------------------------------------------------

    @property
    def racing(self) -> tuple[str, ...]:
        """Boats still racing: not finished, not disqualified."""
        return tuple(b for b in self.order if b not in self.finish_order and b not in self.out)

    @property
    def to_move(self) -> str | None:
        """The boat whose turn it is, or ``None`` when the game is over."""
        if self.is_over():
            return None
        return self.order[self.next_index]

    def is_over(self) -> bool:
        """Whether the game has ended: a match race at its first finish (or with one boat
        left), a regatta when every boat has finished, or at the turn limit."""
        if self.turn >= self.max_turns:
            return True
        if not self.racing:
            return True
        if self.until_all_finish:
            return False
        return bool(self.finish_order) or (len(self.racing) < 2 and len(self.order) == 2)

    @property
    def winner(self) -> str | None:
        """The first boat to finish (or the one left after a disqualification)."""
        if self.finish_order:
            return self.finish_order[0]
        if len(self.order) == 2 and len(self.racing) == 1:
            return self.racing[0]
        return None

    def legal_moves(self, boat: str | None = None) -> list[Move]:
        """Every legal move of ``boat`` (default: the boat to move), with every card and
        discard it may use; none for a boat whose turn it is not, or once the game is over
        (:class:`~rightofway.positions.UnknownId` for a boat not in the race)."""
        if boat is not None:
            self.position.boat(boat, "boat")
        who = self.to_move
        if who is None or (boat is not None and boat != who):
            return []
        return rules.legal_moves(self.position, who)

    def ruling(self, move: Move) -> rules.Legality:
        """The ruling on a move in the present position, with every step."""
        check_instance(move, Move, "move")
        return rules.legality(self.position, move)

    def end_reason(self) -> tuple[str, Citation | None]:
        """Why the game ended: the first finish of a match race, every boat finished in a
        regatta, a disqualification at the start, or the turn limit."""
        if self.until_all_finish and not self.racing:
            if self.out:
                return "every boat has finished or was disqualified at the start", END
            return "every boat has finished", END
        if not self.until_all_finish and self.finish_order:
            return (f"{self.finish_order[0]} crossed the finish line first and wins the match "
                    "race"), END
        if not self.until_all_finish and self.out:
            out = " and ".join(self.out)
            if self.winner is not None:
                return (f"{out} was disqualified at the start: {self.winner} wins the match "
                        "race"), START
            return f"{out} were disqualified at the start: nobody wins", START
        return f"the turn limit of {self.max_turns} turns was reached", None

    def result(self) -> Result:
        """The finish order, the winner (of a match race: the first to finish, or the boat
        left after a disqualification at the start) and why the game ended, or that it goes
        on."""
        found = races.Race.result(self)
        return replace(found, winner=self.winner) if found.over else found

    # --- playing ----------------------------------------------------------------------------

    def play(self, move: Move, drawn: Sequence[Card] | None = None,
             ) -> tuple[Race, tuple[Event, ...]]:
        """The game after ``move`` and the events it caused;
        :class:`~rightofway.errors.IllegalMove` with the reason and citation when it is out
        of turn or illegal. ``drawn`` gives the cards the
        turn deals (a replay); without it they come from the pile."""
        if not isinstance(move, Move):
            raise TypeError(f"move: expected a Move, not {type(move).__name__}")
        if drawn is not None and (not isinstance(drawn, (list, tuple))
                                  or not all(isinstance(c, Card) for c in drawn)):
            raise TypeError(f"drawn: expected a list of cards, not {shown(drawn)}")
        who = self.to_move
        if who is None:
            raise IllegalMove(move, "the game is over")
        if move.boat != who:
            raise IllegalMove(move, f"it is {who}'s turn, not {move.boat}'s", TURN)
        lg = rules.legality(self.position, move)
        if not lg.legal or lg.after is None:
            raise IllegalMove(move, lg.reason, lg.cite)
        given = list(drawn) if drawn is not None else None
        events: list[Event] = [Event("move", who, f"{move} ({lg.points} points"
                                     f"{f', {lg.crew_points} crew' if lg.crew_points else ''})",
                                     POSITION,
                                     (("points", lg.points), ("crew_points", lg.crew_points)))]
        for kind, bid, text in lg.events:
            k, section = _EVENTS[kind]
            events.append(Event(k, bid, text, section))
        finish = self.finish_order
        if lg.after.boat(who).finished and who not in finish:
            finish = (*finish, who)
        race = replace(self, position=lg.after, turn=self.turn + 1, finish_order=finish)
        dealt: list[Card] = []
        if self.position.phase == "start":
            race, dealt = race._after_start(who, given, events)
        elif who in race.racing:
            b = race.position.boat(who)
            need = race.position.options.hand_size - len(b.hand or ())
            if need > 0 and (move.card is not None or move.discard is not None or move.exchange):
                race, dealt = race._deal(who, need, given)
        if given:
            raise IllegalMove(move, f"the record gives {len(given)} cards dealt that the rules "
                                    "do not deal")
        if dealt:
            events.append(Event("draw", who, f"cards dealt: {' '.join(map(str, dealt))}",
                                TURN, (("cards", [str(c) for c in dealt]),)))
        done = tuple(events)
        # the race left behind keeps its position but not what the move generator worked
        # out for it (kept along the whole line of parents, it would only weigh on memory)
        self.position._memo.clear()
        return race._advance(parent=self, last=(move, done)), done

    def _after_start(self, who: str, given: list[Card] | None,
                     events: list[Event]) -> tuple[Race, list[Card]]:
        race = self
        pos = race.position
        out = tuple(b.id for b in pos.boats if b.status == "disqualified")
        race = replace(race, out=out)
        dealt: list[Card] = []
        racing = [b for b in race.order if b not in out]
        if pos.phase == "start" and len(racing) == 2:  # the next boat draws its card
            nxt = race.order[(race.order.index(who) + 1) % len(race.order)]
            race, dealt = race._deal(nxt, 1, given)
            return race, dealt
        # the fifth round is over (or a boat is out): who moves first, then the hands
        if len(racing) < 2:
            events.append(Event("start-over", None, "the start procedure is over: "
                                + (f"{racing[0]} alone is left" if racing
                                   else "both boats are disqualified"), START))
            return race, dealt
        first, _ = first_mover(pos)
        why = "its bow is nearer the line, or as near and nearer the buoy"
        while first is None:
            race, pair = race._take(2, given)
            dealt.extend(pair)
            if pair[0].up != pair[1].up:
                first = racing[0] if pair[0].up > pair[1].up else racing[1]
                why = (f"level on both measures, {racing[0]} drew {pair[0]} and {racing[1]} "
                       f"drew {pair[1]}: the higher value moves first")
        order = (first, *[b for b in race.order if b != first])
        events.append(Event("start-over", first, f"the start procedure is over: {first} "
                                                 f"moves first ({why})", START,
                            (("first", first),)))
        race = replace(race, order=order, next_index=len(order) - 1)  # _advance moves on
        for bid in order:
            if bid in out:
                continue
            race, cards = race._deal(bid, race.position.options.hand_size, given)
            dealt.extend(cards)
        return race, dealt

    def _advance(self, **fields: Any) -> Race:
        """The race with the turn passed to the next boat still racing (unless it is over),
        and the other ``fields`` given."""
        if not self.is_over():
            n = len(self.order)
            i = self.next_index
            racing = self.racing
            for _ in range(n):
                i = (i + 1) % n
                if self.order[i] in racing:
                    return replace(self, next_index=i, **fields)
        return replace(self, **fields)

    # --- the state as data -----------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as plain data, without its history (:meth:`from_json` reads it back);
        a record (:meth:`~rightofway.races.Race.save`) keeps the moves."""
        return {"position": self.position.to_json(), "order": list(self.order),
                "next_index": self.next_index, "seed": self.seed,
                "pile": [str(c) for c in self.pile], "shuffles": self.shuffles,
                "deck": [str(c) for c in self.deck], "turn": self.turn,
                "finish_order": list(self.finish_order), "out": list(self.out),
                "until_all_finish": self.until_all_finish, "max_turns": self.max_turns}

    @classmethod
    def from_json(cls, data: Any) -> Race:
        """The state :meth:`to_json` wrote; :class:`~rightofway.errors.InputError` naming the
        field for anything else."""
        from rightofway.ac.formats import RaceModel
        from rightofway.scenarios import validate_json

        m = validate_json(RaceModel, data, "race")
        try:
            position = Position.from_json(m.position)
        except InputError as e:
            err = InputError(f"position: {e}")
            err.loc = ("position", *e.loc)
            raise err from None

        def cards(name: str, texts: list[str]) -> tuple[Card, ...]:
            try:
                return tuple(Card.parse(t) for t in texts)
            except CardError as e:
                raise InputError(str(e), (name,)) from None

        order = tuple(m.order)
        if sorted(order) != sorted(position.boat_ids):
            raise InputError(f"must name every boat of the position once "
                             f"({', '.join(position.boat_ids)})", ("order",))
        if not 0 <= m.next_index < len(order):
            raise InputError(f"0..{len(order) - 1}, not {m.next_index}", ("next_index",))
        for name in ("finish_order", "out"):
            if not set(getattr(m, name)) <= set(order):
                raise InputError("names a boat that is not in the race", (name,))
        return cls(position, order, m.next_index, m.seed, cards("pile", m.pile), m.shuffles,
                   cards("deck", m.deck), m.turn, tuple(m.finish_order), tuple(m.out),
                   m.until_all_finish, m.max_turns)

    def _repr_svg_(self, *, tracks: bool = False) -> str:
        from rightofway import tracks as track_lines
        from rightofway.ac import drawing

        who = self.to_move
        title = f"turn {self.turn}: " + (f"{who} to move" if who else
                                          f"over, winner {self.winner or 'nobody'}")
        lines = track_lines.of_race(self, drawing.track) if tracks else None
        return str(drawing.board(self.position, title=title, tracks=lines))

    # --- records ----------------------------------------------------------------------------

    def record_lines(self) -> Iterator[str]:
        """The game record as JSON Lines: the set-up, then one line per move."""
        return record_lines(self.start, self.played)


def _without(pile: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The pile without the first ``card`` in it (the top card when the game dealt it)."""
    if pile and pile[0] == card:
        return pile[1:]
    if card not in pile:
        return pile
    i = pile.index(card)
    return pile[:i] + pile[i + 1:]


def _boat_json(b: Boat) -> dict[str, Any]:
    out: dict[str, Any] = {"id": b.id, "bow": list(b.at), "heading": b.heading.name}
    if b.crew is not None:
        out["crew"] = list(b.crew)
    out["hand"] = [str(c) for c in (b.hand or ())]
    return out


def setup_line(race: Race) -> dict[str, Any]:
    """The first line of a record: options, boats (with the hands dealt) and phase."""
    return {"type": "setup", "format": "rightofway-race", "version": 1,
            "ruleset": "americas-cup", "options": race.position.options.to_json(),
            "phase": race.position.phase, "until_all_finish": race.until_all_finish,
            "seed": race.seed, "max_turns": race.max_turns,
            "boats": [_boat_json(race.position.boat(b)) for b in race.order]}


def turn_line(turn: int, move: Move, events: tuple[Event, ...]) -> dict[str, Any]:
    """One move of a record, with the cards it dealt and its events."""
    drawn: list[str] = []
    for e in events:
        if e.kind == "draw":
            drawn.extend(dict(e.data)["cards"])
    return {"type": "move", "turn": turn, **move.to_json(), "drawn": drawn,
            "events": [e.to_json() for e in events]}


def record_lines(start: Race,
                 played: Sequence[tuple[Move, tuple[Event, ...]]]) -> Iterator[str]:
    """The record of a game from its start and the moves played."""
    yield json.dumps(setup_line(start), separators=(",", ":"))
    for i, (move, events) in enumerate(played, 1):
        yield json.dumps(turn_line(i, move, events), separators=(",", ":"))


def start_boats(n: int, options: Options, rng: random.Random,
                ids: Sequence[str] | None = None) -> list[Boat]:
    """Boats placed below the line, heading North a few points apart, in a seeded order; with
    the crew rule each chooses three key positions at random."""
    names = list(ids or ("blue", "red", "green", "yellow", "white", "black")[:n])
    rng.shuffle(names)
    c = options.course
    lo, hi = sorted((c.jury[0], c.leeward[0]))
    row = max(c.line_row - 3, 1)
    xs = [lo + 1 + (i * max((hi - lo - 2) // max(n - 1, 1), 2)) for i in range(n)]
    boats = []
    for name, x in zip(names, xs, strict=True):
        crew = tuple(sorted(rng.sample(range(1, 9), 3))) if options.crew else None
        boats.append(Boat(name, (min(x, c.width), row), Compass.N, 1, crew))
    return boats
