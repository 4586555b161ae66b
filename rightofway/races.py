"""What every ruleset's whole races share: events, the errors of set-up, play and replay,
and the history that lets a race undo its last move.

A race is an immutable state: ``play`` returns the next state and the events
the move caused. Each state remembers the one before it, so
:meth:`History.pop` undoes a move and :attr:`History.played` lists every
move since the start with its events, from which a game record is written
without bookkeeping by the caller.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Generic, Self, TypeVar

from rightofway.errors import IllegalMove, InputError, RightOfWayError, Unsupported, shown
from rightofway.explain import Citation

__all__ = [
    "Event",
    "History",
    "IllegalMove",
    "NothingToUndo",
    "Race",
    "RecordError",
    "ReplayMismatch",
    "ReplayTurn",
    "Result",
    "SetupError",
    "check_boat_states",
    "check_history",
    "check_lines",
    "check_states",
    "event_difference",
    "plain",
    "read_record_line",
    "read_setup",
    "replay_turns",
    "validate_record_line",
]


@dataclass(frozen=True, slots=True)
class Event:
    """Something a move caused, for people (``text``) and programs (``kind``, ``data``)."""

    kind: str
    boat: str | None
    text: str
    cite: Citation
    data: tuple[tuple[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        out: dict[str, Any] = {"kind": self.kind, "boat": self.boat, "text": self.text,
                               "cite": str(self.cite)}
        out.update({k: plain(v) for k, v in self.data})
        return out

    def __str__(self) -> str:
        return f"[{self.cite}] {self.text}"


def plain(value: Any) -> Any:
    """``value`` with every tuple a list, as JSON gives it back."""
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return value


class SetupError(InputError):
    """A race set-up the rules do not allow; ``cite`` is the section it breaks."""

    def __init__(self, message: str, cite: Citation | None = None) -> None:
        super().__init__(f"{message} ({cite})" if cite is not None else message)
        self.message = message
        self.cite = cite


class RecordError(InputError):
    """A game record that cannot be read: ``line`` (from 1) and what is wrong."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message


class NothingToUndo(RightOfWayError, IndexError):
    """:meth:`History.pop` at the start of a race: no move to undo (an :class:`IndexError`,
    as popping an empty list is)."""


class ReplayMismatch(RightOfWayError):
    """A record says something the rules do not: an illegal move or a wrong event."""

    def __init__(self, turn: int, message: str) -> None:
        super().__init__(f"turn {turn}: {message}")
        self.turn = turn
        self.message = message


def event_difference(recorded: list[dict[str, Any]], produced: list[dict[str, Any]]) -> str:
    """What differs between the events a record holds and those the rules produce.

    Events are compared in order; for an event both sides have, each key whose
    value differs is named, so two events with the same text but other data
    are told apart."""
    parts: list[str] = []
    for i in range(max(len(recorded), len(produced))):
        r = recorded[i] if i < len(recorded) else None
        p = produced[i] if i < len(produced) else None
        if r == p:
            continue
        if r is None:
            assert p is not None
            parts.append(f"event {i + 1} happened but is not recorded: {p.get('text')}")
        elif p is None:
            parts.append(f"event {i + 1} is recorded but did not happen: {r.get('text')}")
        else:
            keys = [k for k in dict.fromkeys([*r, *p]) if r.get(k) != p.get(k)]
            parts.append(f"event {i + 1} ({p.get('kind')}): " + "; ".join(
                f"{k} recorded as {shown(r.get(k))}, the rules give {shown(p.get(k))}"
                for k in keys))
    return "; ".join(parts) or "the events are the same"


def read_record_line(line: str, number: int) -> Any:
    """One line of a game record as JSON data, within :mod:`rightofway.limits`.

    :class:`RecordError` naming the line for text that is not JSON, too large, too
    deeply nested, or holding a number or character the limits refuse.
    """
    from rightofway import limits

    try:
        return limits.load_json(line, limit=limits.MAX_LINE_BYTES)
    except limits.LimitError as e:
        where = ".".join(map(str, e.loc))
        raise RecordError(number, f"{where + ': ' if where else ''}{e.message}") from None


M = TypeVar("M")
R = TypeVar("R")
S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class ReplayTurn(Generic[R, M]):
    """One move of a record replayed: the race before and after it and the events the
    rules produced (every game's ``replay`` yields these)."""

    turn: int
    move: M
    events: tuple[Event, ...]
    before: R
    race: R

    def ruling(self) -> Any:
        """The move's ruling as the race heard it: the game's ``ruling`` of the move in the
        race before it, with the protest the turn's events name when the game's ruling
        takes one (an upheld protest first), so that its explanation speaks of the protest
        that decided the penalty; ``None`` for a game without a ruling of its own, or a
        move it does not rule on (a Race the Wind penalty turn)."""
        rule = getattr(self.before, "ruling", None)
        if rule is None:
            return None
        protests = [e for e in self.events if e.kind == "protest" and e.boat is not None]
        if protests and "protest" in inspect.signature(rule).parameters:
            from rightofway.results import Protest

            upheld = [e for e in protests if dict(e.data).get("verdict") == "upheld"]
            heard = (upheld or protests)[0]
            against = dict(heard.data).get("against")
            if isinstance(against, str) and heard.boat is not None:
                return rule(self.move, Protest(heard.boat, against))
        return rule(self.move)


def validate_record_line(model: type[Any], data: Any, number: int, *,
                         show_input: bool = False) -> Any:
    """``data`` (one line of a record) read by the strict pydantic ``model``;
    :class:`RecordError` naming the line and the field (and with ``show_input`` the value
    given) when it does not fit."""
    from pydantic import ValidationError

    from rightofway.scenarios import first_error

    try:
        return model.model_validate(data)
    except ValidationError as e:
        loc, msg = first_error(e)
        where = ".".join(map(str, loc)) or "line"
        got = f" (got {e.errors()[0].get('input')!r})" if show_input else ""
        raise RecordError(number, f"{where}: {msg}{got}") from None


def check_boat_states(boats: object, kind: type, name: str = "boats") -> None:
    """:class:`TypeError` naming the argument unless ``boats`` is a tuple of
    ``(boat id, state)`` pairs, each state a ``kind`` (what a grid race keeps per boat)."""
    if type(boats) is not tuple:
        raise TypeError(f"{name}: expected a tuple of (boat id, {kind.__name__}) pairs, got "
                        f"{type(boats).__name__} {shown(boats)}")
    for i, pair in enumerate(boats):
        if type(pair) is not tuple or len(pair) != 2 or type(pair[0]) is not str \
                or type(pair[1]) is not kind:
            raise TypeError(f"{name}[{i}]: expected a (boat id, {kind.__name__}) pair, got "
                            f"{shown(pair)}")


def check_history(race: Any, move_kind: type) -> None:
    """:class:`TypeError` naming the field unless a race's ``parent`` is ``None`` or a race
    of its class and its ``last`` ``None`` or a ``(move, events)`` pair (what
    :class:`History` keeps)."""
    parent, last = race.parent, race.last
    if parent is not None and not isinstance(parent, type(race)):
        raise TypeError(f"parent: expected the race before the last move or None, got "
                        f"{type(parent).__name__} {shown(parent)}")
    if last is not None and (type(last) is not tuple or len(last) != 2
                             or not isinstance(last[0], move_kind)
                             or type(last[1]) is not tuple
                             or not all(type(e) is Event for e in last[1])):
        raise TypeError(f"last: expected the last move and its events or None, got "
                        f"{shown(last)}")


def check_states(states: object, keys: tuple[str, ...],
                 name: str = "states") -> dict[str, dict[str, Any]]:
    """The race states a race taken up mid-way sets per boat id (``Race.new``'s
    ``states``): ``None`` or a mapping of boat ids to mappings of ``keys``, as a dict;
    :class:`TypeError` or :class:`SetupError` naming the argument otherwise."""
    from collections.abc import Mapping

    if states is None:
        return {}
    if not isinstance(states, Mapping):
        raise TypeError(f"{name}: expected a mapping of boat ids to their race states, got "
                        f"{type(states).__name__} {shown(states)}")
    out: dict[str, dict[str, Any]] = {}
    for bid, given in states.items():
        if type(bid) is not str:
            raise TypeError(f"{name}: expected boat ids (strings) as keys, got {shown(bid)}")
        if not isinstance(given, Mapping):
            raise TypeError(f"{name}[{shown(bid, 20)}]: expected a mapping of "
                            f"{', '.join(keys)}, got {type(given).__name__} {shown(given)}")
        for key in given:
            if key not in keys:
                raise SetupError(f"{name}: {shown(bid, 20)}: unknown key {shown(key)}; "
                                 f"expected one of {', '.join(keys)}")
        out[bid] = dict(given)
    return out


def check_lines(lines: object, name: str = "lines") -> None:
    """:class:`TypeError` naming the argument unless ``lines`` is a list (or tuple) of
    strings, the lines of a game record."""
    if not isinstance(lines, (list, tuple)):
        raise TypeError(f"{name}: expected the lines of a game record (a list of strings), "
                        f"got {type(lines).__name__} {shown(lines)}")
    for i, line in enumerate(lines):
        if not isinstance(line, str):
            raise TypeError(f"{name}[{i}]: expected a line of text, got "
                            f"{type(line).__name__} {shown(line)}")


def read_setup(lines: list[str], model: type[S], *, show_input: bool = False) -> S:
    """The first line of a game record read by the strict set-up ``model``;
    :class:`RecordError` for an empty record or a line that does not fit, and
    :class:`TypeError` when ``lines`` is not a list of strings."""
    check_lines(lines)
    if not lines or not lines[0].strip():
        raise RecordError(1, "the record is empty; it starts with a set-up line")
    setup: S = validate_record_line(model, read_record_line(lines[0], 1), 1,
                                    show_input=show_input)
    return setup


def replay_turns(lines: list[str], race: R, turn_model: type[Any],
                 read_move: Callable[[Any, R, int], tuple[M, dict[str, Any]]],
                 ) -> Iterator[ReplayTurn[R, M]]:
    """The one replay loop of every game's records: each line after the set-up read by
    the strict ``turn_model`` (with ``turn`` and optional ``events``), turned into a move
    and the keywords of ``race.play`` by ``read_move(line_model, race, line_number)``,
    played, and its events compared with those recorded.

    :class:`RecordError` names the line that cannot be read (``read_move`` raising an
    :class:`~rightofway.errors.InputError`) or a turn out of sequence;
    :class:`ReplayMismatch` names the turn of a move the rules refuse or of events that
    differ from the rules' (``read_move`` may raise it too).
    """
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        t = validate_record_line(turn_model, read_record_line(line, number), number)
        if t.turn != race.turn + 1:  # type: ignore[attr-defined]
            raise RecordError(number, f"turn {t.turn} follows turn {race.turn}")  # type: ignore[attr-defined]
        try:
            move, extra = read_move(t, race, number)
        except RecordError:
            raise
        except InputError as e:
            raise RecordError(number, str(e)) from None
        before = race
        try:
            race, events = race.play(move, **extra)  # type: ignore[attr-defined]
        except (IllegalMove, KeyError, ValueError) as e:
            raise ReplayMismatch(t.turn, str(e).strip("\"'")) from None
        produced = [e.to_json() for e in events]
        if t.events is not None and produced != t.events:
            raise ReplayMismatch(t.turn, event_difference(t.events, produced))
        yield ReplayTurn(t.turn, move, events, before, race)


@dataclass(frozen=True, slots=True)
class Result:
    """How a race stands or ended: the finish order, the winner of a match race, and why it
    ended (``reason`` a sentence, ``cite`` the section that ends it)."""

    over: bool
    finish_order: tuple[str, ...]
    reason: str
    cite: Citation | None = None
    winner: str | None = None

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {"over": self.over, "finish_order": list(self.finish_order),
                "winner": self.winner, "reason": self.reason,
                "cite": str(self.cite) if self.cite is not None else None}


class History(Generic[M]):
    """Mixin of race states that remember the state before their last move.

    A race class using it declares two fields, ``parent`` (the race before the
    last move, ``None`` at the start) and ``last`` (that move and its events),
    both left out of comparisons; its ``play`` fills them in.
    """

    __slots__ = ()
    parent: Any
    last: tuple[M, tuple[Event, ...]] | None

    def _chain(self) -> Iterator[tuple[M, tuple[Event, ...]]]:
        node: Any = self
        while node is not None and node.last is not None:
            yield node.last
            node = node.parent

    @property
    def played(self) -> tuple[tuple[M, tuple[Event, ...]], ...]:
        """Every move since the start with the events it caused, first first."""
        return tuple(reversed(tuple(self._chain())))

    @property
    def moves(self) -> tuple[M, ...]:
        """Every move since the start, first first."""
        return tuple(m for m, _ in self.played)

    @property
    def states(self) -> tuple[Self, ...]:
        """Every state of the race since the start, the start first and this one last (one
        more than :attr:`moves`)."""
        out = []
        node: Self | None = self
        while node is not None:
            out.append(node)
            node = node.parent
        return tuple(reversed(out))

    @property
    def start(self) -> Self:
        """The race as it was before its first move."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def pop(self) -> Self:
        """The race before the last move (undo); :class:`NothingToUndo` (an
        :class:`IndexError`) at the start."""
        if self.parent is None:
            raise NothingToUndo("no move to undo: the race is at its start")
        parent: Self = self.parent
        return parent


class Race(History[M]):
    """What every game's race offers on top of its own rules (python-chess's ``Board``
    made immutable): ``push`` returns the race after a move, ``pop`` the race before it,
    ``save`` and :meth:`load` write and resume a game record, ``svg`` draws it.

    A game's race class subclasses it and provides ``play(move) -> (race, events)``,
    ``legal_moves(boat=None)``, ``is_over()``, ``finish_order``, ``record_lines()``,
    ``to_json``/``from_json`` and ``_repr_svg_`` (with a keyword ``tracks`` when its drawing
    shows them: :meth:`svg`), and names its record module (whose
    ``replay(lines)`` reads records back) in :attr:`record_module`.
    """

    __slots__ = ()
    record_module: ClassVar[str] = ""
    """The module whose ``replay(lines)`` replays this game's records."""

    def play(self, move: M) -> tuple[Self, tuple[Event, ...]]:
        """The race after ``move`` and the events it caused (:class:`IllegalMove` when the
        rules refuse it)."""
        raise NotImplementedError

    def push(self, move: M) -> Self:
        """The race after ``move`` (:meth:`play` without its events)."""
        return self.play(move)[0]

    def legal_moves(self, boat: str | None = None) -> list[M]:
        """Every legal move of ``boat`` (default the boat to move)."""
        raise NotImplementedError

    def safe_moves(self, boat: str | None = None) -> list[M]:
        """The legal moves that cost no penalty (all of them where the game has none)."""
        return self.legal_moves(boat)

    def is_over(self) -> bool:
        """Whether the race has ended."""
        raise NotImplementedError

    @property
    def finish_order(self) -> tuple[str, ...]:
        """The boats that finished, first first."""
        raise NotImplementedError

    def end_reason(self) -> tuple[str, Citation | None]:
        """Why the race ended, with its citation; games override it for their own ends
        (a match won, a turn limit reached)."""
        return "every boat has finished", None

    def result(self) -> Result:
        """The finish order and why the race ended (or that it goes on)."""
        order = tuple(self.finish_order)
        if not self.is_over():
            return Result(False, order, f"the race goes on after {len(self.moves)} moves")
        reason, cite = self.end_reason()
        return Result(True, order, reason, cite, order[0] if order else None)

    def record_lines(self) -> Iterator[str]:
        """The game record: a set-up line, then one line a move (JSON Lines)."""
        raise NotImplementedError

    def save(self, path: str | Path) -> Path:
        """Write the game record to ``path`` (JSON Lines); :meth:`load` resumes it.
        :class:`TypeError` when ``path`` is not a file path, :class:`OSError` when the
        file cannot be written."""
        from rightofway.positions import as_path

        out = Path(as_path(path))
        out.write_text("\n".join(self.record_lines()) + "\n", encoding="utf-8")
        return out

    @classmethod
    def from_record(cls, lines: list[str]) -> Self:
        """The race a record's lines reach, every move replayed and checked, with its
        history (so :meth:`pop` undoes them); :class:`RecordError` or
        :class:`ReplayMismatch` for a record the rules do not bear out."""
        replay = importlib.import_module(cls.record_module).replay
        race: Self | None = None
        for turn in replay(lines):
            race = turn.race
        if race is None:
            race = importlib.import_module(cls.record_module).start(lines)
        assert race is not None
        return race

    @classmethod
    def load(cls, path: str | Path) -> Self:
        """The race saved in the record file ``path`` (:meth:`save`), to go on with;
        :class:`RecordError` or :class:`ReplayMismatch` for a record that cannot be
        read or is not borne out, :class:`OSError` for a file that cannot be read."""
        from rightofway import limits
        from rightofway.positions import as_path

        text = limits.read_limited(Path(as_path(path)), limits.MAX_RECORD_BYTES)
        return cls.from_record(text.splitlines())

    def svg(self, *, tracks: bool = False) -> str:
        """The race as it stands, drawn (SVG); with ``tracks``, every boat's track from the
        start drawn behind the hulls (:mod:`rightofway.tracks`). :class:`Unsupported` when
        the game's drawing (its ``_repr_svg_``) takes no ``tracks``."""
        if not tracks:
            return str(self._repr_svg_())
        if "tracks" not in inspect.signature(self._repr_svg_).parameters:
            raise Unsupported(f"{type(self).__module__}.{type(self).__name__} draws no tracks")
        return str(self._repr_svg_(tracks=True))  # type: ignore[call-arg]

    def _repr_svg_(self) -> str:
        raise NotImplementedError
