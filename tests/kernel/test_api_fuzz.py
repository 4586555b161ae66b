"""The API fuzz suite: every public callable of every ruleset package, called by hypothesis
with wrong types and odd values, refuses them at its boundary.

The walk, the values and the rule are :mod:`api_walk`'s (read its docstring). In short: a
call may return, or raise an exception of the library
(:class:`~rightofway.errors.RightOfWayError` and its subclasses), or a ``TypeError`` /
``ValueError`` whose message begins with the name of one of the callable's parameters
(``boats[2]: ...``), or an ``OSError`` from a callable taking a file ``path``; every
message is non-empty and at most 1,000 characters. Anything else fails the test:
``KeyError``, ``AttributeError``, ``IndexError``, an arithmetic error, a ``TypeError``
from an operator deep inside, a call that does not come back.

* The default run (a few seconds) checks that the walk reaches every public name, calls
  each callable once with valid values, and makes a short sweep of each package.
* The long sweep (``-m slow``; CI runs it) calls each callable a few hundred times, each
  call under a CPU-time alarm of :data:`SLOW_ALARM` seconds and with the process's data memory
  capped :data:`MEMORY_HEADROOM` bytes above what it holds, so that a hang or a
  memory blow-up fails the test instead of the machine. Rerun it with a fresh seed
  (``python -m pytest -m slow tests/kernel/test_api_fuzz.py --hypothesis-seed=N``).
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import resource
from collections.abc import Iterator
from typing import Any

import pytest
from api_walk import (
    PACKAGES,
    Context,
    Refused,
    Target,
    alarm,
    call,
    foreign_values,
    mutated,
    odd_any,
    odd_of_type,
    refusal_problem,
    targets,
    valid_arguments,
    world,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

DEFAULT_ALARM = 20.0
"""Seconds a call of the default run may take: a guard against a call that never comes
back, far beyond any call's time (this is no timed test)."""
SLOW_ALARM = 1.0
"""Seconds a call of the long sweep may take."""
MEMORY_HEADROOM = 2 * 1024**3
"""Bytes of data memory the long sweep's calls may take beyond what the process holds."""


def _constructor(cls: type, package: str) -> Target:
    for t in targets(package):
        if t.kind == "constructor" and t.home is cls:
            return t
    return Target(package, cls.__name__, cls,
                  tuple(inspect.signature(cls).parameters.values()), None, cls, "constructor")


def exercise(data: st.DataObject, target: Target, seconds: float) -> None:
    """One call of ``target``: valid values, one or two of them swapped for odd ones."""
    w = world(target.package)
    ctx: Context = data.draw(st.sampled_from(w.contexts), label="context")

    def pick(xs: list[Any]) -> Any:
        return data.draw(st.sampled_from(xs))

    args = valid_arguments(w, target, ctx, pick)
    assert args is not None, f"{target.id}: no instance to call it on"
    names = [p.name for p in target.params]
    swapped = data.draw(st.lists(st.sampled_from(names), max_size=2, unique=True)
                        if names else st.just([]), label="swapped")
    for name in swapped:
        param = next(p for p in target.params if p.name == name)
        ways = ["any", "typed", "typed", "foreign"]
        if param.default is not param.empty:
            ways.append("default")
        if isinstance(args.get(name), (dict, list, tuple)):
            ways += ["mutated", "mutated"]
        way = data.draw(st.sampled_from(ways), label=f"{name} how")
        if way == "default":
            args.pop(name, None)
            continue
        value = data.draw(
            odd_any() if way == "any" else
            odd_of_type(param.annotation, w, ctx) if way == "typed" else
            mutated(args[name]) if way == "mutated" else
            st.sampled_from(foreign_values(target.package)), label=name)
        if isinstance(value, Refused):
            judge(value.error, _constructor(value.cls, target.package), "building an argument")
            value = None
        args[name] = value
    try:
        with alarm(seconds):
            call(target, args)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # a CallTimeout, a MemoryError: every exception is judged
        judge(e, target, "", args)


def judge(e: BaseException, target: Target, doing: str,
          args: dict[str, Any] | None = None) -> None:
    problem = refusal_problem(e, target, args)
    if problem is not None:
        where = f" ({doing})" if doing else ""
        raise AssertionError(f"{target.id}{where}: {problem}: {type(e).__name__}: "
                             f"{str(e)[:300]}") from e


# --- the walk reaches everything --------------------------------------------------------------


def test_the_packages_are_the_built_in_rulesets() -> None:
    from rightofway.registry import get_ruleset

    for package, folder in PACKAGES.items():
        assert type(get_ruleset(folder)).__module__ == f"rightofway.{package}.ruleset"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_walk_reaches_every_public_name(package: str) -> None:
    pkg = importlib.import_module(f"rightofway.{package}")
    walked = {t.name.split(".")[0] for t in targets(package)}
    for name in pkg.__all__:
        obj = getattr(pkg, name)
        if (inspect.isclass(obj) and not issubclass(obj, BaseException) and not \
                hasattr(obj, "_member_map_")) or inspect.isfunction(obj):
            assert name in walked, name
    w = world(package)
    for t in targets(package):
        assert valid_arguments(w, t, w.contexts[0]) is not None, \
            f"{t.id}: the walk has no {t.owner} to call it on"


@pytest.mark.parametrize("package", PACKAGES)
def test_every_callable_called_with_valid_values_keeps_the_rule(package: str) -> None:
    w = world(package)
    for t in targets(package):
        for ctx in (w.contexts[0], w.contexts[-1]):
            args = valid_arguments(w, t, ctx)
            assert args is not None
            try:
                with alarm(DEFAULT_ALARM):
                    call(t, args)
            except Exception as e:
                judge(e, t, "valid values", args)


# --- the sweeps -------------------------------------------------------------------------------


@pytest.mark.parametrize("package", PACKAGES)
@settings(max_examples=60, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_short_sweep_finds_no_deep_failure(package: str, data: st.DataObject) -> None:
    target = data.draw(st.sampled_from(targets(package)), label="target")
    exercise(data, target, DEFAULT_ALARM)


@contextlib.contextmanager
def memory_cap(headroom: int) -> Iterator[None]:
    """Cap the process's data memory ``headroom`` bytes above what it holds now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[5])  # data + stack
    cap = pages * resource.getpagesize() + headroom
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))


def _all_targets() -> list[Target]:
    return [t for p in PACKAGES for t in targets(p)]


@pytest.mark.slow
@pytest.mark.parametrize("target", _all_targets(), ids=lambda t: t.id)
def test_the_long_sweep_finds_no_deep_failure(target: Target) -> None:
    world(target.package)
    foreign_values(target.package)

    @settings(max_examples=250, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def sweep(data: st.DataObject) -> None:
        exercise(data, target, SLOW_ALARM)

    with memory_cap(MEMORY_HEADROOM):
        sweep()
