"""The walk of the API fuzz suite (``test_api_fuzz.py``): every public callable of every
ruleset package, the values each is called with, and the rule its exceptions must keep.

**What is walked.** For each ruleset package (:data:`PACKAGES`, held to the registry's
built-in rulesets by a test), every name in its ``__all__``: each function; each class's
constructor; and each public method, class method, static method and property a class
defines in ``rightofway`` (inherited ones included, such as ``Race.push`` from
:class:`rightofway.races.Race`). Exception classes and enumerations are left out (an
enumeration's call is Python's lookup by value), and so are constants and typing aliases.
Nothing is listed by hand: a new name in ``__all__`` is walked the day it lands.

**What it is called with.** Valid values first, found without a list to keep: the
positions, moves and protests of a sample of the bundled scenarios, races set up with
``Race.new`` and played a few moves, and every value reachable from those and from what
the walk's own calls return (fields of dataclasses and named tuples, items of
containers), kept by type. A parameter gets a valid value from its name and annotation
(a ``Position`` from the context, a boat id of that position, one of its legal moves, an
instance of the annotated class, the default). Then hypothesis swaps any of them for:

* an odd value of any type (``None``, NaN, infinities, huge and negative numbers, empty,
  long and odd strings, containers of junk, a dict where a list goes, a bare object);
* an odd value of the right type (by the annotation: huge, negative, zero or boolean
  numbers, empty or 20,000-character strings, unknown ids, long containers);
* a value of another ruleset (its positions, boats, moves, races);
* an instance of the right class rebuilt with one field odd (the constructor's own
  refusal is judged too, and a value the constructor does not check goes on into the
  call: that is how right types with odd values reach the functions).

**The rule** (:func:`refusal_problem`). A call may return anything or raise:

* an exception of the library (:class:`rightofway.errors.RightOfWayError` and its
  subclasses: ``InputError``, ``IllegalMove``, ``Unsupported`` ...);
* a :class:`TypeError` or :class:`ValueError` that is not the library's but whose message
  begins with the name of one of the callable's parameters, optionally followed by an
  index or field path, then a colon (``boats[2]: expected a Boat, got 'x'``,
  ``ends[0][1]: expected a finite number``);
* an :class:`OSError` from a callable taking a file ``path`` (what the file system says).

Every allowed message must be non-empty and at most :data:`MAX_MESSAGE` characters (a
refusal people read, not an echo of a huge input). Anything else fails: ``KeyError``,
``AttributeError``, ``IndexError``, ``ZeroDivisionError``, ``OverflowError``,
``RecursionError``, ``MemoryError``, a ``TypeError`` from an operator deep inside, a call
that takes longer than the sweep's alarm.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import importlib
import inspect
import itertools
import json
import math
import re
import signal
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from rightofway.errors import RightOfWayError
from rightofway.results import Protest

PACKAGES: dict[str, str] = {
    "rtw": "race-the-wind",
    "vg": "vector-game",
    "ac": "americas-cup",
    "sim": "simulation",
    "rrs": "rrs",
}
"""Each ruleset package and the folder of its bundled scenarios."""

MAX_MESSAGE = 1000
"""Longest message an allowed refusal may have."""

SCENARIOS_PER_RULESET = 14
RACE_SEEDS = (1, 2)
RACE_MOVES = 5
PER_TYPE = 40


# --- the walk ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One public callable: ``fn`` called with ``params``; ``owner`` is the class whose
    instance is ``self`` for a method or property (``None`` otherwise); ``home`` the class
    a constructor, class method or method belongs to."""

    package: str
    name: str
    fn: Callable[..., Any]
    params: tuple[inspect.Parameter, ...]
    owner: type | None = None
    home: type | None = None
    kind: str = "function"

    @property
    def id(self) -> str:
        return f"{self.package}.{self.name}"

    @property
    def param_names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.params)


def _ours(obj: object) -> bool:
    return getattr(obj, "__module__", None) is not None and str(
        obj.__module__).startswith("rightofway")


def _params(fn: Callable[..., Any], drop_first: bool) -> tuple[inspect.Parameter, ...]:
    sig = inspect.signature(fn)
    ps = [p for p in sig.parameters.values()
          if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    return tuple(ps[1:] if drop_first else ps)


def _class_targets(package: str, name: str, cls: type) -> Iterator[Target]:
    yield Target(package, name, cls, _params(cls, False), None, cls, "constructor")
    for attr in sorted(dir(cls)):
        if attr.startswith("_") or "ǁ" in attr:  # mutmut's copies of a method are no API
            continue
        static = inspect.getattr_static(cls, attr)
        qual = f"{name}.{attr}"
        if isinstance(static, (classmethod, staticmethod)):
            fn = static.__func__
            if _ours(fn):
                yield Target(package, qual, getattr(cls, attr), _params(getattr(cls, attr), False),
                             None, cls, "classmethod")
        elif inspect.isfunction(static):
            if _ours(static):
                yield Target(package, qual, static, _params(static, True), cls, cls, "method")
        elif isinstance(static, property) and static.fget is not None and _ours(static.fget):
            yield Target(package, qual, static.fget, (), cls, cls, "property")


@cache
def targets(package: str) -> tuple[Target, ...]:
    """Every public callable of ``rightofway.<package>`` (see the module docstring)."""
    pkg = importlib.import_module(f"rightofway.{package}")
    out: list[Target] = []
    for name in pkg.__all__:
        obj = getattr(pkg, name)
        if inspect.isclass(obj):
            if issubclass(obj, (BaseException, enum.Enum)):
                continue
            out.extend(_class_targets(package, name, obj))
        elif inspect.isfunction(obj) and _ours(obj):
            out.append(Target(package, name, obj, _params(obj, False)))
    return tuple(out)


# --- the rule ---------------------------------------------------------------------------------


class CallTimeout(BaseException):
    """A call that outlived the alarm (a :class:`BaseException`, so that no ``except
    Exception`` of the library swallows it)."""


_NAMED = re.compile(r"(\w+)((?:\[[^\]]*\]|\.\w+)*):")


def refusal_problem(exc: BaseException, target: Target,
                    args: dict[str, Any] | None = None) -> str | None:
    """``None`` when ``exc`` is a refusal the rule allows, else what is wrong with it.
    ``args`` are the arguments of the call: a callable with a ``name`` parameter names the
    argument it checks by that value (``as_vector(value, name)``)."""
    if isinstance(exc, CallTimeout):
        return "the call did not come back in time"
    message = str(exc)
    if isinstance(exc, RightOfWayError):
        pass
    elif isinstance(exc, OSError) and "path" in target.param_names:
        return None
    elif type(exc) in (TypeError, ValueError):
        m = _NAMED.match(message)
        names = set(target.param_names)
        if args is not None and isinstance(args.get("name"), str):
            names.add(args["name"].split("[")[0].split(".")[0])
        if m is None or m.group(1) not in names:
            return (f"{type(exc).__name__} whose message does not begin with the name of an "
                    f"argument ({', '.join(sorted(target.param_names)) or 'none'}) and a colon")
    else:
        return f"{type(exc).__name__} is neither the library's error nor a refusal"
    if not message.strip():
        return f"{type(exc).__name__} without a message"
    if len(message) > MAX_MESSAGE:
        return f"a message of {len(message)} characters (at most {MAX_MESSAGE})"
    return None


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[None]:
    """Raise :class:`CallTimeout` in the block after ``seconds`` of CPU time (the profiling
    timer: a machine busy with other work does not make a call look slow)."""

    def ring(signum: int, frame: Any) -> None:
        raise CallTimeout(f"no answer after {seconds} s of CPU time")

    previous = signal.signal(signal.SIGPROF, ring)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


# --- the values -------------------------------------------------------------------------------


@dataclass
class Context:
    """Values that belong together: a position, the race it stands in (if any), its boat
    ids, moves legal in it."""

    position: Any
    race: Any = None
    moves: list[Any] = field(default_factory=list)

    @property
    def ids(self) -> list[str]:
        return [b.id for b in self.position.boats]


_SCRATCH = tempfile.TemporaryDirectory(prefix="api-fuzz-")
"""Every file the walk writes, removed when the test run ends."""


@dataclass
class World:
    """The valid values of one ruleset package."""

    package: str
    contexts: list[Context] = field(default_factory=list)
    instances: dict[type, list[Any]] = field(default_factory=dict)
    workdir: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(dir=_SCRATCH.name)))
    record: Path | None = None

    def add(self, value: Any, depth: int = 0) -> None:
        """Keep ``value`` and what it holds, by type."""
        if depth > 5 or value is None or isinstance(value, (str, bytes, int, float, bool)):
            return
        if isinstance(value, (tuple, list, frozenset, set)):
            for item in list(value)[:12]:
                self.add(item, depth + 1)
            if not _is_record(value):
                return
        elif isinstance(value, dict):
            for item in list(value.values())[:12]:
                self.add(item, depth + 1)
            return
        kind = type(value)
        if not _ours(kind):
            return
        pool = self.instances.setdefault(kind, [])
        if len(pool) < PER_TYPE and not any(v is value for v in pool):
            pool.append(value)
        for item in _field_values(value):
            self.add(item, depth + 1)

    def of(self, cls: type) -> list[Any]:
        """Every instance kept of ``cls`` or a subclass."""
        return [v for k, vs in self.instances.items() if issubclass(k, cls) for v in vs]

    def classes(self) -> list[type]:
        return list(self.instances)


def _is_record(value: Any) -> bool:
    return isinstance(value, tuple) and hasattr(type(value), "_fields")


def _field_values(value: Any) -> list[Any]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [getattr(value, f.name, None) for f in dataclasses.fields(value)
                if not f.name.startswith("_")]
    if _is_record(value):
        return list(value)
    return []


def init_fields(value: Any) -> dict[str, Any] | None:
    """The constructor arguments that rebuild ``value`` (a dataclass or named tuple)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.init}
    if _is_record(value):
        return dict(value._asdict())
    return None


def _catalogue(folder: str) -> list[Any]:
    from rightofway.scenarios import bundled_catalogue, find_scenarios, load_scenario

    files = sorted(find_scenarios([bundled_catalogue() / folder]))
    step = max(1, len(files) // SCENARIOS_PER_RULESET)
    return [load_scenario(f) for f in files[::step][:SCENARIOS_PER_RULESET]]


def _moves_of(pkg: Any, position: Any, ids: list[str]) -> list[Any]:
    if not hasattr(pkg, "legal_moves"):
        return []
    moves: list[Any] = []
    for boat in ids[:2]:
        with contextlib.suppress(RightOfWayError):
            moves.extend(pkg.legal_moves(position, boat)[:4])
    return moves


@cache
def world(package: str) -> World:
    """The valid values of ``rightofway.<package>`` (built once per test session)."""
    pkg = importlib.import_module(f"rightofway.{package}")
    w = World(package)
    for prepared in _catalogue(PACKAGES[package]):
        position = prepared.position
        if position is None:
            continue
        w.add(prepared.model)
        w.add(_field_values(prepared))
        ctx = Context(position)
        ctx.moves = [m for m in (prepared.move,) if m is not None and not isinstance(m, tuple)]
        ctx.moves += _moves_of(pkg, position, ctx.ids)
        w.contexts.append(ctx)
        w.add(position)
        w.add(ctx.moves)
        w.add(prepared.protest)
    race_cls = getattr(pkg, "Race", None)
    if race_cls is not None:
        for seed in RACE_SEEDS:
            race = race_cls.new(2 + seed % 2, seed=seed)
            for _ in range(RACE_MOVES):
                w.contexts.append(Context(race.position, race, race.legal_moves()[:6]))
                w.add(race)
                if race.is_over() or not race.legal_moves():
                    break
                race, events = race.play(race.legal_moves()[0])
                w.add(events)
            w.add(race.result())
        w.record = race.save(w.workdir / "race.jsonl")
    for ctx in w.contexts:
        w.add(Protest(ctx.ids[0], ctx.ids[-1]))
    # what the walk's own valid calls return (rulings, facts, decisions ...)
    for target in targets(package):
        if target.kind == "constructor":
            continue
        for ctx in w.contexts[::4]:
            with contextlib.suppress(Exception):
                args = valid_arguments(w, target, ctx)
                if args is not None:
                    w.add(call(target, args))
    # values no call returns (a judgement's working state): built from the contexts
    for target in targets(package):
        if target.kind == "constructor" and not w.of(target.fn):  # type: ignore[arg-type]
            for ctx in w.contexts[::4]:
                with contextlib.suppress(Exception):
                    args = valid_arguments(w, target, ctx)
                    if args is not None:
                        w.add(call(target, args))
    return w


WORKDIR = Path(tempfile.mkdtemp(prefix="cwd-", dir=_SCRATCH.name))
"""Where the calls run: a relative path an odd value names is written there."""

OMIT = object()
"""A parameter left to its default."""

ID_NAMES = frozenset({"boat_id", "boat", "a", "b", "by", "against", "coverer", "covered"})


def _words(annotation: Any) -> set[str]:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__",
                                                                  str(annotation))
    return set(re.findall(r"[A-Za-z_]\w*", text))


def _class_named(w: World, words: set[str]) -> type | None:
    for cls in w.classes():
        if cls.__name__ in words:
            return cls
    return None


def valid_value(w: World, target: Target, param: inspect.Parameter, ctx: Context,
                pick: Callable[[list[Any]], Any]) -> Any:
    """A valid value for ``param`` of ``target`` in ``ctx`` (``OMIT`` for the default)."""
    words = _words(param.annotation)
    name = param.name
    home = target.home
    if name == "path":
        if target.name.endswith("load"):
            return w.record
        return w.workdir / "saved.jsonl"
    if name == "data" and home is not None and hasattr(home, "to_json"):
        pool = w.of(home)
        if pool:
            return pick(pool).to_json()
    if name == "text" and home is not None:
        pool = w.of(home)
        if pool:
            return str(pick(pool))
    if name == "lines" and ctx.race is not None:
        return list(ctx.race.record_lines())
    if "Position" in words and "Model" not in " ".join(words):
        return ctx.position
    if "Race" in words:
        return ctx.race if ctx.race is not None else pick(w.of(_race_class(w)) or [None])
    if "Move" in words and ctx.moves:
        return pick(ctx.moves)
    if "Protest" in words:
        by = pick(ctx.ids)
        return Protest(by, pick([i for i in ctx.ids if i != by] or [by]))
    literal = re.findall(r"'([^']*)'", str(param.annotation)) if "Literal" in words else []
    if literal:
        return pick(literal)
    if name in ID_NAMES and "str" in words:
        return pick(ctx.ids)
    if name == "mark_id":
        marks = getattr(ctx.position, "marks", ())
        return pick([m.id for m in marks]) if marks else "1"
    if words & {"Point", "Vec"} and not words & {"Boat", "Position"}:
        return pick([b.at for b in ctx.position.boats])
    if "Boat" in words and "int" not in words:
        return pick(list(ctx.position.boats))
    cls = _class_named(w, words)
    if cls is not None and w.of(cls):
        return pick(w.of(cls))
    if param.default is not param.empty:
        return OMIT
    for word, value in (("int", 1), ("float", 1.0), ("bool", True), ("str", "A")):
        if word in words:
            return value
    return None


def _race_class(w: World) -> type:
    return getattr(importlib.import_module(f"rightofway.{w.package}"), "Race", object)


def valid_arguments(w: World, target: Target, ctx: Context,
                    pick: Callable[[list[Any]], Any] = lambda xs: xs[0]) -> dict[str, Any] | None:
    """Valid keyword arguments (and ``self``) for ``target`` in ``ctx``."""
    args: dict[str, Any] = {}
    if target.owner is not None:
        owner = target.owner
        if isinstance(ctx.position, owner):
            args["self"] = ctx.position
        elif ctx.race is not None and isinstance(ctx.race, owner):
            args["self"] = ctx.race
        else:
            pool = w.of(owner)
            if not pool:
                return None
            args["self"] = pick(pool)
    elif target.kind == "constructor":
        pool = w.of(target.fn)  # type: ignore[arg-type]
        base = init_fields(pick(pool)) if pool else None
        if base is not None:
            args = {k: v for k, v in base.items() if k in target.param_names}
            if {p.name for p in target.params if p.default is p.empty} <= set(args):
                return args
            args = {}
    for p in target.params:
        v = valid_value(w, target, p, ctx, pick)
        if v is not OMIT:
            args[p.name] = v
    return args


def call(target: Target, args: dict[str, Any]) -> Any:
    """Call ``target`` with ``args`` (``self`` first for a method), in the world's folder;
    an iterator it returns is read (its first 100 items), so that a lazy refusal counts."""
    kwargs = dict(args)
    with contextlib.chdir(WORKDIR):
        me = [kwargs.pop("self")] if "self" in kwargs else []
        positional = [kwargs.pop(p.name) for p in target.params
                      if p.kind == p.POSITIONAL_ONLY and p.name in kwargs]
        result = target.fn(*me, *positional, **kwargs)
        if isinstance(result, Iterator):
            result = list(itertools.islice(result, 100))
        return result


# --- the odd values ---------------------------------------------------------------------------

ODD_TEXT = ["", " ", "A" * 20_000, "1" * 5000, "\x00", "\u200bA", "A\nB", "nan", "inf",
            "-1", "1e400", "Z", "None", "start", "finish", "\ud800", "🦆", "A,B", "2U:2S",
            "A [A L45]", "C: T-145 M4", "NE", "beat"]
ODD_NUMBERS: list[Any] = [0, -1, 1, -(10**30), 10**30, 2**63, 10**16, -(10**16), 10**6, True,
                          False, math.nan, math.inf, -math.inf, -0.0, 1e308, 5e-324, 0.5,
                          -1e9, 1e15 + 0.5, 359.99999999, 360, -360, 1000, 1001]


def odd_any() -> st.SearchStrategy[Any]:
    """An odd value of any type."""
    scalar = st.one_of(
        st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(),
        st.sampled_from(ODD_NUMBERS), st.sampled_from(ODD_TEXT), st.text(max_size=6),
        st.just(object()), st.just(b"A"), st.just(1j),
    )
    return st.one_of(
        scalar,
        st.lists(scalar, max_size=3).map(tuple),
        st.lists(scalar, max_size=3),
        st.dictionaries(st.sampled_from(["A", "id", "at", 0]), scalar, max_size=2),
        st.frozensets(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=3),
        st.sampled_from([(math.nan, 0), (10**18, 10**18), (0, 0, 0), ((0, 0), None),
                         (None, None), [None], ("A",) * 300, tuple(range(500)),
                         {"boats": None}, set(), range(3)]),
    )


def odd_of_type(annotation: Any, w: World, ctx: Context) -> st.SearchStrategy[Any]:
    """An odd value of the type the annotation names (a right type, an odd value)."""
    words = _words(annotation)
    options: list[st.SearchStrategy[Any]] = []
    if words & {"int", "float", "Vec", "Point", "Any", "object"}:
        options.append(st.sampled_from(ODD_NUMBERS))
        options.append(st.integers(-(10**20), 10**20))
        options.append(st.floats())
    if words & {"Vec", "Point", "tuple"}:
        n = st.sampled_from(ODD_NUMBERS)
        options.append(st.tuples(n, n))
    if words & {"str", "Any", "object"}:
        options.append(st.sampled_from(ODD_TEXT))
        options.append(st.text(max_size=8))
    if words & {"tuple", "Sequence", "list", "Iterable", "frozenset", "set"}:
        pool = list(ctx.position.boats) + ctx.ids + ctx.moves
        options.append(st.lists(st.sampled_from(pool), max_size=4).map(tuple))
        options.append(st.sampled_from([(), [], tuple(pool) * 60, (None,), ((),)]))
    if words & {"dict", "Mapping"}:
        options.append(st.dictionaries(st.sampled_from([*ctx.ids, "Z", ""]),
                                       odd_any(), max_size=3))
        options.append(st.just({}))
    cls = _class_named(w, words)
    if cls is not None and w.of(cls):
        options.append(mutant(w, cls))
    if not options:
        options.append(odd_any())
    return st.one_of(options)


def mutated(valid: Any, depth: int = 0) -> st.SearchStrategy[Any]:
    """``valid`` (plain data: JSON a ``to_json`` wrote, a record's lines, a tuple of
    values) with one place changed: a value swapped for an odd one, a key or an item
    dropped or doubled, a key added; a line of JSON text is changed as its data."""
    if isinstance(valid, str) and valid[:1] in "{[":
        try:
            data = json.loads(valid)
        except ValueError:
            return odd_any()
        return mutated(data, depth).map(lambda d: json.dumps(d, default=repr))
    leaf = st.one_of(odd_any(), st.sampled_from(ODD_TEXT), st.sampled_from(ODD_NUMBERS))
    if depth > 4 or not isinstance(valid, (dict, list, tuple)) or not valid:
        return leaf

    @st.composite
    def change(draw: st.DrawFn) -> Any:
        if isinstance(valid, dict):
            out = dict(valid)
            key = draw(st.sampled_from(sorted(out, key=str)))
            how = draw(st.sampled_from(["deeper", "deeper", "odd", "drop", "add"]))
            if how == "deeper":
                out[key] = draw(mutated(out[key], depth + 1))
            elif how == "odd":
                out[key] = draw(leaf)
            elif how == "drop":
                del out[key]
            else:
                out[draw(st.sampled_from(["x", "", "id", "A" * 50]))] = draw(leaf)
            return out
        items = list(valid)
        i = draw(st.integers(0, len(items) - 1))
        record = _is_record(valid)
        how = draw(st.sampled_from(["deeper", "deeper", "odd"] if record else
                                   ["deeper", "deeper", "odd", "drop", "double"]))
        if how == "deeper":
            items[i] = draw(mutated(items[i], depth + 1))
        elif how == "odd":
            items[i] = draw(leaf)
        elif how == "drop":
            del items[i]
        else:
            items.insert(i, items[i])
        if record:
            return type(valid)._make(items)  # type: ignore[union-attr]
        return type(valid)(items) if isinstance(valid, tuple) else items

    return change()


def mutant(w: World, cls: type) -> st.SearchStrategy[Any]:
    """An instance of ``cls`` rebuilt with one field swapped for an odd value; when its
    constructor refuses, that refusal (a ``(Target, exception)`` pair) is what is drawn."""

    @st.composite
    def build(draw: st.DrawFn) -> Any:
        base = draw(st.sampled_from(w.of(cls)))
        fields_ = init_fields(base)
        if not fields_:
            return base
        kind = type(base)
        takes = {p.name for p in _params(kind, False)}
        fields_ = {k: v for k, v in fields_.items() if k in takes}
        if not fields_ or not {p.name for p in _params(kind, False)
                               if p.default is p.empty} <= set(fields_):
            return base
        key = draw(st.sampled_from(sorted(fields_)))
        fields_[key] = draw(st.one_of(odd_any(), st.sampled_from(foreign_values(w.package))))
        try:
            return kind(**fields_)
        except BaseException as e:
            return Refused(kind, e)

    return build()


@dataclass(frozen=True)
class Refused:
    """A constructor's refusal met while building an odd value (judged like a call)."""

    cls: type
    error: BaseException


@cache
def foreign_values(package: str) -> tuple[Any, ...]:
    """Positions, boats, moves and races of the other rulesets."""
    out: list[Any] = []
    for other in PACKAGES:
        if other == package:
            continue
        w = world(other)
        for ctx in w.contexts[:3]:
            out.append(ctx.position)
            out.append(ctx.position.boats[0])
            out.extend(ctx.moves[:1])
            if ctx.race is not None:
                out.append(ctx.race)
    return tuple(out)
