"""The limits on what rightofway reads, checked before any work is done on it.

Scenario files, game records and JSON handed to ``from_json`` come from people
and from other programs. Whatever they hold, reading them must end quickly, in
little memory, with either the data or one clear error. So every reader checks
the input against these limits first, and refuses what exceeds them with an
:class:`LimitError` saying what and where:

=============================  ================  ==========================================
limit                          value             applies to
=============================  ================  ==========================================
:data:`MAX_FILE_BYTES`         1,000,000 bytes   a scenario file, a JSON document
:data:`MAX_RECORD_BYTES`       20,000,000 bytes  a game record (JSON Lines)
:data:`MAX_LINE_BYTES`         1,000,000 bytes   one line of a game record
:data:`MAX_DEPTH`              16 levels         lists and mappings inside each other
:data:`MAX_NODES`              100,000           values (scalars, lists, mappings) in a file
:data:`MAX_TEXT`               10,000 chars      one string
:data:`MAX_NUMBER`             10**15            the magnitude of a number
:data:`MAX_COORD`              1,000             the magnitude of a grid coordinate
:data:`MAX_BOATS`              100               boats in one position
:data:`MAX_COVER_DEPTH`        10                rows of Race the Wind's shadow cone
:data:`MAX_TURNS`              100,000           moves of a race (records, ``max_turns``)
:data:`MAX_LAPS`               20                laps (or legs) of a race's course
:data:`MAX_DIE_FACES`          100               faces of Race the Wind's compass die
:data:`MAX_START_MOVES`        50                moves of a Race the Wind scenario's start
=============================  ================  ==========================================

Besides the limits, text may not hold control characters (other than tab, line
feed and carriage return), invisible format characters (zero-width spaces,
direction overrides) or unpaired surrogates; numbers must be finite; YAML
anchors, aliases and explicit tags are refused (a value is written out where it
is used). Each ruleset adds bounds of its own (the Vector Game's page and
vectors), listed with its file format.

The module is part of the kernel and imports nothing else of rightofway.
"""

from __future__ import annotations

import math
import re
from typing import Any

from rightofway.errors import InputError

__all__ = [
    "MAX_BOATS",
    "MAX_COORD",
    "MAX_COVER_DEPTH",
    "MAX_DEPTH",
    "MAX_DIE_FACES",
    "MAX_FILE_BYTES",
    "MAX_LAPS",
    "MAX_LINE_BYTES",
    "MAX_NODES",
    "MAX_NUMBER",
    "MAX_RECORD_BYTES",
    "MAX_START_MOVES",
    "MAX_TEXT",
    "MAX_TURNS",
    "LimitError",
    "check_data",
    "check_number",
    "check_text",
    "load_json",
    "read_limited",
]

MAX_FILE_BYTES = 1_000_000
"""Largest scenario file or JSON document read, in bytes."""
MAX_RECORD_BYTES = 20_000_000
"""Largest game record read, in bytes."""
MAX_LINE_BYTES = 1_000_000
"""Longest line of a game record, in bytes."""
MAX_DEPTH = 16
"""Deepest nesting of lists and mappings."""
MAX_NODES = 100_000
"""Most values (scalars, lists and mappings) in one file or document."""
MAX_TEXT = 10_000
"""Longest string, in characters."""
MAX_NUMBER = 10**15
"""Largest magnitude of a number."""
MAX_COORD = 1_000
"""Largest magnitude of a grid coordinate (x or y) in a file."""
MAX_BOATS = 100
"""Most boats in one position read from a file."""
MAX_COVER_DEPTH = 10
"""Deepest shadow cone of Race the Wind's option ``cover_depth`` (rows behind the boat)."""
MAX_TURNS = 100_000
"""Most moves of one race: the lines of a record, ``max_turns``."""
MAX_LAPS = 20
"""Most laps of a race's course (the legs of the America's Cup game's race)."""

MAX_DIE_FACES = 100
"""Most faces of Race the Wind's compass die (``RaceOptions.die``)."""
MAX_START_MOVES = 50
"""Most moves of the start procedure a Race the Wind scenario's race may give."""

# C0 and C1 controls but tab, line feed and carriage return; DEL; format characters
# (soft hyphen, zero-width and joiner characters, direction marks and overrides,
# invisible operators, the byte-order mark, interlinear annotation, tags); surrogates.
_FORBIDDEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f"
    "\u0890\u0891\u08e2\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f"
    "\ufeff\ufff9-\ufffb\ud800-\udfff\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]"
)


class LimitError(InputError):
    """Input beyond the file limits (size, depth, characters, numbers): ``loc`` is the field
    path, ``line`` the line (from 1)."""


def _describe(char: str) -> str:
    names = {"\x00": "NUL", "\x7f": "DEL", "\ufeff": "byte-order mark",
             "\u200b": "zero-width space"}
    name = names.get(char)
    code = f"U+{ord(char):04X}"
    if 0xD800 <= ord(char) <= 0xDFFF:
        return f"an unpaired surrogate ({code})"
    kind = "a control character" if ord(char) < 0xA0 else "an invisible format character"
    return f"{kind} ({code}{', ' + name if name else ''})"


def check_text(text: str) -> None:
    """Refuse text holding a control, format or surrogate character, naming its line.

    A byte-order mark opening the text is allowed.
    """
    m = _FORBIDDEN.search(text, 1 if text.startswith("\ufeff") else 0)
    if m is not None:
        line = text.count("\n", 0, m.start()) + 1
        column = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        raise LimitError(f"{_describe(m.group())} at column {column} is not allowed; "
                         "remove it or write the text out plainly", line=line)


def _check_string(value: str, loc: tuple[str | int, ...]) -> None:
    if len(value) > MAX_TEXT:
        raise LimitError(f"text of {len(value)} characters is longer than the limit of "
                         f"{MAX_TEXT}", loc)
    m = _FORBIDDEN.search(value)
    if m is not None:
        raise LimitError(f"{_describe(m.group())} is not allowed in text", loc)


def check_number(value: int | float, loc: tuple[str | int, ...] = ()) -> None:
    """Refuse a number that is not finite or beyond :data:`MAX_NUMBER`."""
    if isinstance(value, float) and not math.isfinite(value):
        raise LimitError(f"{value} is not a finite number", loc)
    if abs(value) > MAX_NUMBER:
        raise LimitError("number out of range: its magnitude may be at most 10**15", loc)


def check_data(data: Any) -> None:
    """Refuse plain data (as ``json.loads`` gives) beyond the limits, naming the field.

    Walks the data without recursion: depth, number of values, strings (length and
    characters), numbers (finite, magnitude) and mapping keys (strings, as JSON's are).
    """
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    nodes = 0
    while stack:
        value, loc = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise LimitError(f"more than {MAX_NODES} values; the limit is {MAX_NODES}")
        if len(loc) > MAX_DEPTH:
            raise LimitError(f"nested more than {MAX_DEPTH} levels deep", loc[:MAX_DEPTH])
        if isinstance(value, str):
            _check_string(value, loc)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, (int, float)):
            check_number(value, loc)
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise LimitError(f"a key of a mapping is {type(key).__name__}, not text: "
                                     "plain data keys its mappings by strings", loc)
                _check_string(key, loc)
                stack.append((item, (*loc, key)))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, (*loc, i)) for i, item in enumerate(value))


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > 16:
        raise LimitError(f"number {text[:20]}{'...' if len(text) > 20 else ''} out of range: "
                         "its magnitude may be at most 10**15")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise LimitError(f"number {text[:20]}... is written with too many digits")
    return float(text)


def _parse_constant(text: str) -> Any:
    raise LimitError(f"{text} is not a number JSON allows")


def load_json(text: str, *, limit: int = MAX_FILE_BYTES) -> Any:
    """Parse JSON within the limits; :class:`LimitError` for anything else.

    Refuses text over ``limit`` bytes, ``NaN`` and ``Infinity``, numbers beyond
    :data:`MAX_NUMBER` (before converting them), nesting deeper than
    :data:`MAX_DEPTH`, and the characters :func:`check_text` refuses.
    """
    import json

    if len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit:
        raise LimitError(f"larger than the limit of {limit:,} bytes")
    depth = 0
    deepest = 0
    # a cheap bound on nesting before parsing: count brackets outside strings
    for m in re.finditer(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', text):
        token = m.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise LimitError(f"nested more than {MAX_DEPTH} levels deep")
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except LimitError:
        raise
    except json.JSONDecodeError as e:
        raise LimitError(f"not JSON: {e.msg} (column {e.colno})") from None
    except (ValueError, RecursionError) as e:  # pragma: no cover - guarded above
        raise LimitError(f"not JSON: {e}") from None
    check_data(data)
    return data


def read_limited(path: Any, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the file at ``path``, refused beyond ``limit`` bytes.

    :class:`LimitError` for a file too large, not UTF-8, or holding a character
    :func:`check_text` refuses; :class:`OSError` when it cannot be read.
    """
    from pathlib import Path

    with Path(path).open("rb") as f:
        data = f.read(limit + 1)
    if len(data) > limit:
        raise LimitError(f"larger than the limit of {limit:,} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise LimitError(f"not UTF-8 text: byte 0x{data[e.start]:02x} cannot be decoded",
                         line=line) from None
    check_text(text)
    return text
