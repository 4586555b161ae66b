"""The exceptions of rightofway: one base, so that a program can catch them all.

Every exception class the library defines derives from :class:`RightOfWayError`, and
through it from the built-in exception a caller would expect:

* :class:`InputError` (a :class:`ValueError`): input the library refuses before any work
  (a position that cannot exist, notation, a card, a plan, a scenario file, a record),
  naming the field at fault;
* :class:`IllegalMove` (a :class:`ValueError`): a move the rules do not allow, pushed onto a
  race, with the reason and the section it rests on;
* :class:`Unsupported` (a :class:`NotImplementedError`): a capability a ruleset does not
  have (moves of a ruleset that judges snapshots, claims of one that has none).

The classes of each part derive from these: :class:`~rightofway.positions.PositionError`,
:class:`~rightofway.scenarios.ScenarioError`, :class:`NotationError` and the others.

>>> from rightofway.errors import InputError, RightOfWayError
>>> from rightofway.rtw.notation import from_notation
>>> try:
...     from_notation("wind=Q")
... except InputError as e:
...     isinstance(e, RightOfWayError) and isinstance(e, ValueError)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rightofway.explain import Citation

__all__ = ["IllegalMove", "InputError", "NotationError", "RightOfWayError", "Unsupported",
           "shown"]


def _cut(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters (a message never echoes a huge argument)."""
    return text if len(text) <= width else text[:width - 3] + "..."


def shown(value: object, width: int = 60) -> str:
    """``value`` as a refusal shows it: its ``repr`` cut to ``width`` characters (a number
    too long to write out, or a value whose ``repr`` fails, by its type alone), so that a
    huge argument never makes a huge message.

    >>> shown("A" * 100, 12)
    "'AAAAAAAA..."
    >>> shown(10**5000)
    'an int too large to show'
    """
    try:
        text = repr(value)
    except Exception:
        kind = type(value).__name__
        return f"{'an' if kind[:1] in 'aeiou' else 'a'} {kind} too large to show"
    return _cut(text, width)


class RightOfWayError(Exception):
    """The base of every exception rightofway defines."""


class InputError(RightOfWayError, ValueError):
    """Input refused before any work: ``loc`` is the field path, ``line`` the line (from 1)
    where the input is a file."""

    def __init__(self, message: str, loc: tuple[str | int, ...] = (),
                 line: int | None = None) -> None:
        where = ".".join(map(str, loc))
        super().__init__(f"{where}: {message}" if where else message)
        self.message = message
        self.loc = loc
        self.line = line


class NotationError(InputError):
    """Text that is not a position, a move or a vector in a ruleset's notation; the message
    names the field and what was expected."""


class IllegalMove(RightOfWayError, ValueError):
    """A move the rules do not allow: ``reason`` says why, ``cite`` where (every ruleset)."""

    def __init__(self, move: object, reason: str, cite: Citation | None = None) -> None:
        super().__init__(f"illegal move {_cut(str(move), 200)}: {_cut(str(reason), 600)}")
        self.move = move
        self.reason = reason
        self.cite = cite


class Unsupported(RightOfWayError, NotImplementedError):
    """A capability a ruleset does not have; the message says what to use instead."""
