"""What every ruleset's whole races share: events, the errors of set-up, play and replay,
and the history that lets a race undo its last move.

A race is an immutable state: ``play`` returns the next state and the events
the move caused. Each state remembers the one before it, so
:meth:`History.pop` undoes a move and :attr:`History.played` lists every
move since the start with its events, from which a game record is written
without bookkeeping by the caller.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Generic, Self, TypeVar

from rightofway.errors import IllegalMove, InputError, RightOfWayError
from rightofway.explain import Citation

__all__ = [
    "Event",
    "History",
    "IllegalMove",
    "RecordError",
    "ReplayMismatch",
    "ReplayTurn",
    "SetupError",
    "event_difference",
    "plain",
    "read_record_line",
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
                f"{k} recorded as {r.get(k)!r}, the rules give {p.get(k)!r}" for k in keys))
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


@dataclass(frozen=True, slots=True)
class ReplayTurn(Generic[R, M]):
    """One move of a record replayed: the race before and after it and the events the
    rules produced (every game's ``replay`` yields these)."""

    turn: int
    move: M
    events: tuple[Event, ...]
    before: R
    race: R


def validate_record_line(model: type[Any], data: Any, number: int, *,
                         show_input: bool = False) -> Any:
    """``data`` (one line of a record) read by the strict pydantic ``model``;
    :class:`RecordError` naming the line and the field (and with ``show_input`` the value
    given) when it does not fit."""
    from pydantic import ValidationError

    try:
        return model.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        where = ".".join(str(p) for p in err["loc"]) or "line"
        got = f" (got {err.get('input')!r})" if show_input else ""
        raise RecordError(number, f"{where}: {err['msg']}{got}") from None


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
    def start(self) -> Self:
        """The race as it was before its first move."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def pop(self) -> Self:
        """The race before the last move (undo); :class:`IndexError` at the start."""
        if self.parent is None:
            raise IndexError("no move to undo: the race is at its start")
        parent: Self = self.parent
        return parent
