"""Reading plain data: the room's documents.

The protest rooms (:mod:`rightofway.rtw.room` and the other rulesets' rooms) read a
scenario document as plain data, without pydantic or PyYAML, since the book runs them in
the reader's browser. What their readers share lives here: the field path as messages write
it (:func:`where`), the refusal that names it (:class:`StateError`) and the readers whose
checks and wording are the same in more than one room. A reader whose wording differs from
room to room stays in its room: the rooms' messages are part of what they promise.
"""

from __future__ import annotations

from collections.abc import Sequence

from rightofway.errors import InputError, shown

__all__ = ["Loc", "StateError", "choice", "ident", "where"]

Loc = tuple[str | int, ...]
"""A field's path in a document: keys and list indices."""


def where(loc: Loc) -> str:
    """A field path as messages write it: ``("position", "boats", 1, "at")`` ->
    ``position.boats[1].at``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class StateError(InputError):
    """A document a room refuses: ``loc`` is the path of the field at fault, ``message``
    what was expected; ``str()`` reads ``position.boats[1].at: message`` (the message
    alone when ``loc`` is empty)."""

    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(f"{where(loc)}: {message}" if loc else message)
        self.loc = loc
        self.message = message


def choice(value: object, loc: Loc, choices: Sequence[str]) -> str:
    """``value`` when it is one of the texts ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise StateError(loc, f"expected one of {', '.join(choices)}, got {shown(value)}")
    return value


def ident(value: object, loc: Loc) -> str:
    """``value`` when it is an id: text of 1 to 40 characters."""
    if not isinstance(value, str) or not 1 <= len(value) <= 40:
        raise StateError(loc, f"expected an id of 1 to 40 characters, got {shown(value)}")
    return value
