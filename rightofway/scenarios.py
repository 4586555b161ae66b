"""Scenario files: reading YAML strictly, validating it, and checking expectations.

A scenario file is one YAML mapping (see the conventions): a position,
optionally a move and a protest, and the outcome expected. Reading never
guesses: duplicate keys, unknown keys, wrong types and positions that cannot
exist are a :class:`ScenarioError` naming the file, the field path and the
line. Which model validates the file is chosen by its ``ruleset`` key through
the registry (:mod:`rightofway.registry`).
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
)

from rightofway import limits
from rightofway.errors import InputError, shown
from rightofway.explain import Step, render_steps, steps_json

__all__ = [
    "TRACK_DATA",
    "Comparison",
    "Coord",
    "Expectation",
    "FieldError",
    "GridInt",
    "Id",
    "Mismatch",
    "PlaneHeading",
    "PlaneLength",
    "PlaneLineModel",
    "PlanePoint",
    "Prepared",
    "RecordSetup",
    "RecordTurn",
    "ScenarioError",
    "ScenarioHeader",
    "ScenarioReport",
    "StrictModel",
    "bundled_catalogue",
    "check_expectations",
    "check_file",
    "field_error",
    "find_scenarios",
    "first_error",
    "is_track_data",
    "known_boat",
    "load_scenario",
    "parsed_by",
    "read_json",
    "read_yaml",
    "room_state",
    "scenario_schema",
    "validate_json",
]

Loc = tuple[str | int, ...]
M = typing.TypeVar("M", bound=BaseModel)
S = typing.TypeVar("S")
P = typing.TypeVar("P")
Mv = typing.TypeVar("Mv")
Pr = typing.TypeVar("Pr")
T = typing.TypeVar("T")


class ScenarioError(InputError):
    """A file that is not a valid scenario. ``str()`` is one line: file, line, field, problem."""

    def __init__(self, file: str, message: str, loc: Loc = (), line: int | None = None) -> None:
        where = f"{file}:{line}" if line else file
        field_ = f" {format_loc(loc)}:" if loc else ""
        super().__init__(f"{where}:{field_} {message}")
        self.file = file
        self.loc = loc
        self.line = line
        self.message = message


class FieldError(InputError):
    """A semantic problem found after validation, at field path ``loc``."""

    def __init__(self, loc: Loc, message: str) -> None:
        super().__init__(message)
        self.loc = loc
        self.message = message


def format_loc(loc: Loc) -> str:
    """``("position", "boats", 0, "at")`` -> ``position.boats[0].at``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


# --- YAML with line numbers and no duplicate keys ----------------------------------


class _Refused(Exception):
    """Valid YAML the reader does not accept (an alias, a tag, a limit), at ``mark``."""

    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing anchors, aliases and explicit tags, and bounding the
    nesting, the number of values and the length of scalars while composing."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0
        self._nodes = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise _Refused("YAML anchors and aliases (&name, *name) are not accepted; write "
                           "the value out where it is used", event.start_mark)
        tag = getattr(event, "tag", None)
        if tag is not None and tag != "!":
            shown = tag.replace("tag:yaml.org,2002:", "!!")
            raise _Refused(f"explicit YAML tags ({shown}) are not accepted; quote a value to "
                           "make it text", event.start_mark)
        if isinstance(event, yaml.ScalarEvent) and len(event.value) > limits.MAX_TEXT:
            raise _Refused(f"a value of {len(event.value)} characters is longer than the "
                           f"limit of {limits.MAX_TEXT}", event.start_mark)
        self._nodes += 1
        if self._nodes > limits.MAX_NODES:
            raise _Refused(f"more than {limits.MAX_NODES} values; the limit is "
                           f"{limits.MAX_NODES}", event.start_mark)
        self._depth += 1
        if self._depth > limits.MAX_DEPTH + 1:
            raise _Refused(f"nested more than {limits.MAX_DEPTH} levels deep", event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def read_yaml(text: str, file: str) -> tuple[Any, dict[Loc, int]]:
    """Parse YAML into plain data plus a map from field path to 1-based line.

    Duplicate keys, YAML syntax errors and whatever :mod:`rightofway.limits` refuses
    (control characters, anchors and aliases, explicit tags, deep nesting, long text,
    huge or non-finite numbers) raise :class:`ScenarioError`.
    """
    try:
        limits.check_text(text)
    except limits.LimitError as e:
        raise ScenarioError(file, e.message, line=e.line) from None
    loader = _Loader(text)
    lines: dict[Loc, int] = {}
    try:
        node = loader.get_single_node()
        data = _build(loader, node, (), lines, file) if node is not None else None
    except _Refused as e:
        raise ScenarioError(file, e.message, line=e.mark.line + 1 if e.mark else None) from None
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark else None
        problem = e.problem or e.context or "malformed YAML"
        raise ScenarioError(file, f"not valid YAML: {problem}", line=line) from None
    except yaml.YAMLError as e:  # e.g. a character the reader refuses
        raise ScenarioError(file, f"not valid YAML: {e}".splitlines()[0]) from None
    finally:
        loader.dispose()
    return data, lines


_INT_TAG = "tag:yaml.org,2002:int"


def _build(loader: yaml.SafeLoader, node: yaml.Node, loc: Loc, lines: dict[Loc, int],
           file: str) -> Any:
    line = node.start_mark.line + 1
    lines.setdefault(loc, line)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise ScenarioError(file, "YAML merge keys (<<) are not accepted; write the "
                                    "keys out", loc, key_node.start_mark.line + 1)
            key = _scalar(loader, key_node, loc, file)
            if not isinstance(key, str):
                raise ScenarioError(file, f"key {key!r} must be a string", loc,
                                    key_node.start_mark.line + 1)
            if key in out:
                raise ScenarioError(
                    file,
                    f"duplicate key {key!r} (first given on line {lines[(*loc, key)]})",
                    (*loc, key),
                    key_node.start_mark.line + 1,
                )
            lines[(*loc, key)] = key_node.start_mark.line + 1
            out[key] = _build(loader, value_node, (*loc, key), lines, file)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, (*loc, i), lines, file) for i, item in enumerate(node.value)]
    return _scalar(loader, node, loc, file)


def _scalar(loader: yaml.SafeLoader, node: yaml.Node, loc: Loc, file: str) -> Any:
    line = node.start_mark.line + 1
    if not isinstance(node, yaml.ScalarNode):
        raise ScenarioError(file, "a key must be text, not a list or a mapping", loc, line)
    if node.tag == _INT_TAG and len(node.value.replace("_", "").lstrip("+-")) > 18:
        raise ScenarioError(file, "number out of range: its magnitude may be at most 10**15",
                            loc, line)
    try:
        value = loader.construct_object(node, deep=True)
    except (ValueError, OverflowError) as e:  # pragma: no cover - PyYAML resolves carefully
        raise ScenarioError(file, f"cannot read the value {node.value!r}: {e}", loc,
                            line) from None
    if value is not None and not isinstance(value, (str, int, float, bool)):
        raise ScenarioError(
            file, f"{value!r} is a {type(value).__name__}; quote it to make it text", loc, line,
        )
    try:
        if isinstance(value, str):
            limits.check_data(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            limits.check_number(value)
    except limits.LimitError as e:
        raise ScenarioError(file, e.message, loc, line) from None
    return value


def _line_for(loc: Loc, lines: dict[Loc, int]) -> int | None:
    for n in range(len(loc), -1, -1):
        if loc[:n] in lines:
            return lines[loc[:n]]
    return None


# --- pydantic errors as one readable line ------------------------------------------------


def _model_at(model: type[BaseModel], loc: Loc) -> type[BaseModel] | None:
    """The pydantic model that validates the mapping at ``loc`` below ``model``, if any."""
    current: Any = model
    for part in loc:
        if isinstance(current, type) and issubclass(current, BaseModel):
            if not isinstance(part, str) or part not in current.model_fields:
                return None
            current = current.model_fields[part].annotation
        else:
            current = _unwrap_container(current)
            if current is None:
                return None
        current = _unwrap_optional(current)
    current = _unwrap_optional(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return current
    return None


def _unwrap_optional(tp: Any) -> Any:
    origin = typing.get_origin(tp)
    if origin is typing.Annotated:
        return _unwrap_optional(typing.get_args(tp)[0])
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1:
            return _unwrap_optional(args[0])
    return tp


def _unwrap_container(tp: Any) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list and args:
        return args[0]
    if origin is dict and len(args) == 2:
        return args[1]
    return None


def _describe_error(model: type[BaseModel], err: Any) -> tuple[Loc, str]:
    loc: Loc = tuple(err["loc"])
    kind = err["type"]
    given = err.get("input")
    if kind == "extra_forbidden":
        parent = _model_at(model, loc[:-1])
        msg = f"unknown key {shown(loc[-1], 100)}"
        if parent is None:
            return loc, msg
        close = difflib.get_close_matches(str(loc[-1]), list(parent.model_fields), n=1)
        if close:
            return loc, f"{msg}; did you mean {close[0]!r}?"
        return loc, f"{msg}; expected one of: {', '.join(parent.model_fields)}"
    if kind == "missing":
        return loc, "required key is missing"
    msg = str(err["msg"]).removeprefix("Value error, ")
    if kind.startswith("literal") or kind.endswith("_type") or kind in (
        "too_long", "too_short", "greater_than_equal", "less_than_equal",
    ):
        return loc, f"{msg[0].lower()}{msg[1:]} (got {shown(given, 100)})"
    return loc, msg


def validation_error(file: str, model: type[BaseModel], exc: ValidationError,
                     lines: dict[Loc, int]) -> ScenarioError:
    """The first pydantic error as a :class:`ScenarioError` with its line."""
    # A misspelt key is reported as unknown before the key it leaves missing.
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
    loc, msg = _describe_error(model, errors[0])
    if len(errors) > 1:
        msg += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    return ScenarioError(file, msg, loc, _line_for(loc, lines))


def first_error(exc: ValidationError, model: type[BaseModel] | None = None) -> tuple[Loc, str]:
    """Where the first problem pydantic found is and what it is, in the words every file
    error of the library uses (an unknown key before the key it leaves missing)."""
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
    if model is not None:
        return _describe_error(model, errors[0])
    return tuple(errors[0]["loc"]), str(errors[0]["msg"]).removeprefix("Value error, ")


def validate_json(model: type[M], data: Any, what: str) -> M:
    """``data`` read by the strict file ``model``, within :mod:`rightofway.limits`:
    :class:`~rightofway.errors.InputError` ``"FIELD: PROBLEM"`` (``what`` when the whole
    value is at fault) for anything else. What every ``from_json`` of the library uses."""
    if not isinstance(data, dict):
        raise InputError(f"{what}: expected a JSON object, got {type(data).__name__}")
    try:
        limits.check_data(data)
    except limits.LimitError as e:
        raise InputError(f"{format_loc(e.loc) or what}: {e.message}") from None
    try:
        return model.model_validate(data)
    except ValidationError as e:
        loc, msg = first_error(e, model)
        err = InputError(f"{format_loc(loc) or what}: {msg}")
        err.loc, err.message = loc, msg
        raise err from None


def read_json(model: type[M], data: Any, what: str, build: Callable[[M], T]) -> T:
    """The value ``build`` makes of ``data`` read by :func:`validate_json`: a ``from_json``
    in one call. An :class:`~rightofway.errors.InputError` the build raises (a position
    that reads but cannot exist) names its field as a malformed one does
    (:func:`field_error`)."""
    valid = validate_json(model, data, what)
    try:
        return build(valid)
    except InputError as e:
        raise field_error(e.loc, e.message) from None


def field_error(loc: Loc, message: str) -> InputError:
    """The :class:`~rightofway.errors.InputError` ``"FIELD: PROBLEM"`` of a value that reads
    but cannot be (a position whose hulls touch), naming the field as :func:`validate_json`
    does (``boats[1].at: ...``): what a ``from_json`` raises after validation."""
    err = InputError(f"{format_loc(loc)}: {message}" if loc else message)
    err.loc, err.message = loc, message
    return err


# --- what every ruleset's scenario shares -------------------------------------------------


GridInt = Annotated[StrictInt, Field(ge=-limits.MAX_COORD, le=limits.MAX_COORD)]
"""A grid coordinate in a file: a whole number within ±1,000
(:data:`rightofway.limits.MAX_COORD`)."""
Coord = Annotated[tuple[GridInt, GridInt], Field(strict=False)]
"""An intersection written ``[x, y]``, each coordinate within ±1,000."""
Id = Annotated[StrictStr, Field(min_length=1, max_length=40)]
"""The id of a boat or a mark: 1 to 40 characters."""


def parsed_by(parse: Callable[[str], object]) -> AfterValidator:
    """The validator of a file field holding text in a ruleset's notation (a card, a
    vector, a plan): ``Annotated[StrictStr, parsed_by(Card.parse)]`` accepts the text
    ``parse`` accepts and reports its refusal (an :class:`~rightofway.errors.InputError`)
    as the field's error."""

    def check(text: str) -> str:
        try:
            parse(text)
        except InputError as e:
            raise ValueError(str(e)) from None
        return text

    return AfterValidator(check)


class StrictModel(BaseModel):
    """Base of every file model: unknown keys and loose types are errors; values are frozen."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True,
                              use_attribute_docstrings=True)


PlaneLength = Annotated[float, Field(ge=-limits.MAX_COORD, le=limits.MAX_COORD,
                                     allow_inf_nan=False)]
"""A coordinate on a plane (the rulesets that sail on one: the simulation's units of
paper, the Racing Rules' hull lengths), within ±1,000."""
PlanePoint = Annotated[tuple[PlaneLength, PlaneLength], Field(strict=False)]
"""A point ``[x, y]`` on a plane, x East and y North."""
PlaneHeading = Annotated[float, Field(ge=0, le=360, allow_inf_nan=False)]
"""A heading or a wind's direction on a plane: degrees clockwise from North, 0 to 360."""


class PlaneLineModel(StrictModel):
    """A starting or finishing line between two points on a plane
    (:class:`rightofway.positions.Line`): ``{id: start, kind: start, ends: [[-3, 0], [3, 0]]}``."""

    id: Id
    """The line's id."""
    kind: Literal["start", "finish"]
    """start or finish."""
    ends: Annotated[tuple[PlanePoint, PlanePoint], Field(strict=False)]
    """Its two ends."""


class RecordSetup(StrictModel):
    """The keys the first line of every game record starts with; each game's set-up model
    adds its ``ruleset`` and what sets its race up."""

    type: Literal["setup"]
    """``setup``."""
    format: Literal["rightofway-race"]
    """``rightofway-race``."""
    version: Literal[1]
    """1."""


class RecordTurn(StrictModel):
    """The keys every move line of a game record starts with; each game's turn model adds
    the move and ``events``."""

    type: Literal["move"]
    """``move``."""
    turn: Annotated[StrictInt, Field(ge=1)]
    """The turn, from 1."""


class ScenarioHeader(StrictModel):
    """The keys every scenario file starts with, whatever its ruleset."""

    schema_version: Literal[1] = 1
    """Version of the scenario file format (1)."""
    id: Annotated[StrictStr, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
    """Unique id, kebab-case; the catalogue names the file after it."""
    title: Annotated[StrictStr, Field(min_length=1)]
    """One line saying what the scenario shows."""
    source: Annotated[StrictStr, Field(min_length=1)]
    """Where the situation comes from: the rulebook section or figure, in the project's words."""
    notes: StrictStr | None = None
    """How the expectations were derived, for people."""


class Comparison:
    """Collects the expectations a scenario check compared and those that did not hold."""

    def __init__(self) -> None:
        self.checked: list[str] = []
        self.mismatches: list[Mismatch] = []

    def __call__(self, key: str, expected: Any, actual: Any) -> None:
        self.checked.append(key)
        if expected != actual:
            self.mismatches.append(Mismatch(key, expected, actual))


@dataclass(frozen=True)
class Prepared(typing.Generic[S, P, Mv]):
    """A scenario file as kernel values, in every ruleset: the validated ``model``, the
    ``file`` it came from, its ``position`` and the ``move`` it rules on (``None``
    without one). A ruleset whose files say more (a race played, a pair judged) subclasses
    it with those fields."""

    model: S
    file: str
    position: P
    move: Mv | None = None
    protest: Any = None


@dataclass(frozen=True, slots=True)
class Expectation(typing.Generic[Pr]):
    """One row of a ruleset's expectation table, as OpenFisca's test runner reads a test
    case: the ``key`` of ``expect`` in the file, and ``compute``, which turns the prepared
    scenario and the value the file gives into ``(label, expected, actual)`` triples, each
    compared by equality and reported under its label (``claims.A``)."""

    key: str
    compute: Callable[[Pr, Any], Iterable[tuple[str, Any, Any]]]
    needs_move: bool = False
    """Checked only when the file has a move (a file without one is refused before)."""
    null: bool = False
    """An explicit ``null`` the file gives is an expectation too (``mark_room: null``:
    nobody), computed like any value; a key the file leaves out is still skipped."""


def known_boat(position: Any, loc: Loc, boat_id: str) -> str:
    """``boat_id`` when the scenario's position has that boat; :class:`FieldError` at
    ``loc`` naming the boats it has otherwise."""
    if not position.has_boat(boat_id):
        raise FieldError(loc, f"no boat {boat_id!r} in the position (boats: "
                              f"{', '.join(position.boat_ids)})")
    return boat_id


def check_expectations(table: Iterable[Expectation[Pr]], prepared: Pr, expect: Any,
                       compare: Comparison) -> None:
    """Run every row of ``table`` whose key the file's ``expect`` gives (not ``None``,
    unless the row takes an explicit ``null``)."""
    has_move = getattr(prepared, "move", None) is not None
    given: set[str] | frozenset[str] = getattr(expect, "model_fields_set", frozenset())
    for row in table:
        want = getattr(expect, row.key, None)
        if want is None and not (row.null and row.key in given):
            continue
        if row.needs_move and not has_move:
            continue
        for label, expected, actual in row.compute(prepared, want):
            compare(label, expected, actual)


# --- reports -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Mismatch:
    """An expectation that does not hold."""

    key: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.key}: expected {_show(self.expected)}, got {_show(self.actual)}"


def _show(value: Any) -> str:
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(_show(v) for v in value)) + "}"
    if isinstance(value, tuple):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if value is None:
        return "null"
    return str(value)


@dataclass(frozen=True)
class ScenarioReport:
    """The result of checking one scenario: pass/fail, mismatches and the live explanation."""

    id: str
    """Unique id, kebab-case; the catalogue names the file after it."""
    title: str
    """One line saying what the scenario shows."""
    ruleset: str
    source: str
    """Where the situation comes from: the rulebook section or figure, in the project's words."""
    file: str
    mismatches: tuple[Mismatch, ...]
    summary: tuple[str, ...]
    """Short lines: the facts and the ruling."""
    sections: tuple[tuple[str, tuple[Step, ...]], ...]
    """The explanation, grouped under headings."""
    checked: tuple[str, ...] = field(default=())
    """The expectation keys that were checked."""

    @property
    def passed(self) -> bool:
        """Whether every expectation holds."""
        return not self.mismatches

    def headline(self) -> str:
        """``PASS id - title``."""
        return f"{'PASS' if self.passed else 'FAIL'} {self.id} - {self.title}"

    def text(self, *, full: bool = True) -> str:
        """The report for people: headline, mismatches, summary and explanation."""
        out = [self.headline(), f"  file: {self.file}", f"  source: {self.source}"]
        for m in self.mismatches:
            out.append(f"  MISMATCH {m}")
        out.extend(f"  {s}" for s in self.summary)
        if full:
            for title, steps in self.sections:
                out.append(f"  {title}:")
                out.append(render_steps(steps, indent="    "))
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """Plain data for programs."""
        return {
            "id": self.id,
            "title": self.title,
            "ruleset": self.ruleset,
            "source": self.source,
            "file": self.file,
            "passed": self.passed,
            "checked": list(self.checked),
            "mismatches": [
                {"key": m.key, "expected": _jsonable(m.expected), "actual": _jsonable(m.actual)}
                for m in self.mismatches
            ],
            "summary": list(self.summary),
            "explanation": [{"title": t, "steps": steps_json(s)} for t, s in self.sections],
        }


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted((_jsonable(v) for v in value), key=repr)
    if isinstance(value, (tuple, list)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)  # a value of the rules (a vector, a heading) as its text


# --- loading and checking files ------------------------------------------------------------


def load_scenario(path: Path | str) -> Any:
    """Read and validate one scenario file; return the ruleset's scenario object.

    Raises :class:`ScenarioError` for anything that is not a valid scenario.
    """
    from rightofway.registry import get_ruleset, ruleset_names

    file = str(path)
    try:
        text = limits.read_limited(path, limits.MAX_FILE_BYTES)
    except OSError as e:
        raise ScenarioError(file, f"cannot read: {e.strerror or e}") from None
    except limits.LimitError as e:
        raise ScenarioError(file, e.message, line=e.line) from None
    data, lines = read_yaml(text, file)
    if not isinstance(data, dict):
        raise ScenarioError(file, "a scenario must be a YAML mapping of keys to values", line=1)
    name = data.get("ruleset")
    if name is None:
        raise ScenarioError(file, "required key is missing; expected one of: "
                            + ", ".join(ruleset_names()), ("ruleset",), 1)
    if not isinstance(name, str):
        raise ScenarioError(file, f"expected the name of a ruleset, one of: "
                            f"{', '.join(ruleset_names())} (got {name!r})", ("ruleset",),
                            lines.get(("ruleset",)))
    try:
        ruleset = get_ruleset(name)
    except KeyError as e:
        raise ScenarioError(file, str(e.args[0]), ("ruleset",), lines.get(("ruleset",))) from None
    model = ruleset.scenario_model
    try:
        scenario = model.model_validate(data)
        return ruleset.prepare(scenario, file)
    except ValidationError as e:
        raise validation_error(file, model, e, lines) from None
    except FieldError as e:
        raise ScenarioError(file, e.message, e.loc, _line_for(e.loc, lines)) from None


def check_file(path: Path | str) -> ScenarioReport:
    """Load a scenario and check its expectations; :class:`ScenarioError` if invalid."""
    from rightofway.registry import get_ruleset

    scenario = load_scenario(path)
    report: ScenarioReport = get_ruleset(scenario.model.ruleset).check(scenario)
    return report


TRACK_DATA = "tracks"
"""The name of a scenario folder's subfolder of track data: tracks, their course files and
the incidents expected of them, read by ``rightofway incidents`` (:mod:`rightofway.rrs.tracks`).
Its YAML files are not scenario files, so a folder search leaves it out."""


def is_track_data(path: Path, root: Path) -> bool:
    """Whether ``path``, found below the folder ``root``, lies in a folder of track data
    (:data:`~rightofway.scenarios.TRACK_DATA`) rather than being a scenario file."""
    return TRACK_DATA in path.relative_to(root).parts[:-1]


def find_scenarios(paths: Iterable[Path | str]) -> Iterator[Path]:
    """Scenario files named by ``paths``: files as given, folders searched for YAML files
    (leaving out folders of track data, :data:`~rightofway.scenarios.TRACK_DATA`)."""
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from sorted(
                f for f in path.rglob("*") if f.suffix in (".yaml", ".yml") and f.is_file()
                and not is_track_data(f, path)
            )
        else:
            yield path


def bundled_catalogue() -> Path:
    """Folder of the scenario catalogue shipped with the package (or the source checkout's)."""
    packaged = resources.files("rightofway") / "scenarios"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent / "scenarios"


# --- the JSON Schema of scenario files --------------------------------------------------------

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


def room_state(model: ScenarioHeader) -> dict[str, Any]:
    """The protest room's state of a validated scenario file (:mod:`rightofway.room`): its
    document without ``expect``, defaults left out, in the file's own field names; but for
    the questions of ``expect`` that shape the ruleset's explanation (its room module's
    ``ASKED``), so that the room explains what the catalogue explains."""
    import importlib

    from rightofway.room import ROOM_MODULES

    state: dict[str, Any] = model.model_dump(mode="json", by_alias=True, exclude={"expect"},
                                             exclude_defaults=True)
    ruleset = str(model.model_dump(include={"ruleset"})["ruleset"])  # each file model's own
    state.setdefault("ruleset", ruleset)
    keys = getattr(importlib.import_module(ROOM_MODULES[ruleset]), "ASKED", ())
    expect = getattr(model, "expect", None)
    if keys and isinstance(expect, BaseModel):
        found = expect.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        asked = {k: found[k] for k in keys if k in found}
        if asked:
            state["expect"] = asked
    return state


def scenario_schema(ruleset: str | None = None) -> dict[str, Any]:
    """The JSON Schema of scenario files: one ruleset's, or (``None``) every ruleset's.

    It carries ``$schema`` and ``$id``, and a description for every property,
    so that editors complete and explain scenario files. :class:`KeyError` for
    an unknown ruleset.
    """
    from rightofway.registry import get_ruleset, ruleset_names

    if ruleset is not None:
        model = get_ruleset(ruleset).scenario_model
        return {"$schema": SCHEMA_DIALECT, "$id": f"urn:rightofway:scenario:{ruleset}:1",
                **model.model_json_schema()}
    defs: dict[str, Any] = {}
    choices = []
    for name in ruleset_names():
        schema = get_ruleset(name).scenario_model.model_json_schema()
        for key, value in schema.pop("$defs", {}).items():
            defs[f"{name}.{key}"] = _prefix_refs(value, name)
        defs[name] = _prefix_refs(schema, name)
        choices.append({"$ref": f"#/$defs/{name}"})
    return {
        "$schema": SCHEMA_DIALECT,
        "$id": "urn:rightofway:scenario:1",
        "title": "rightofway scenario file",
        "description": "One situation of a sailing-race game: a position, what is played, and "
                       "the outcome expected. The key ruleset says which of the schemas below "
                       "applies.",
        "oneOf": choices,
        "$defs": defs,
    }


def _prefix_refs(node: Any, prefix: str) -> Any:
    if isinstance(node, dict):
        return {
            k: (f"#/$defs/{prefix}.{v.removeprefix('#/$defs/')}"
                if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/")
                else _prefix_refs(v, prefix))
            for k, v in node.items()
        }
    if isinstance(node, list):
        return [_prefix_refs(v, prefix) for v in node]
    return node
