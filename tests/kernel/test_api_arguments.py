"""Every argument is checked under its own name.

The API fuzz suite (``test_api_fuzz.py``) checks that a bad argument is refused by the
library, with a message that begins with the name of *one of* the callable's
parameters. This file asks more of each public function, constructor and method of
every ruleset package: called with valid values (found by :mod:`api_walk`) except for
one argument, which is a bare ``object()`` that no parameter accepts, the call must be
refused with a ``TypeError`` or an :class:`~rightofway.errors.InputError` that names
*that* argument, in its message (``heading: expected ...``, ``boats[2]: ...``) or in the
field path the error carries (``loc``). A check that names the wrong argument, or no
argument, or that was dropped (the junk then reaches the rules) fails here.

Left out, and why:

* the values the library returns as answers (:data:`ANSWERS`: rulings, legalities,
  facts, accountings ...), whose constructors are not an input boundary: programs read
  them, they do not build them from their own data;
* ``data`` of ``from_json``, whose refusal names the JSON document it reads
  (``position: expected a JSON object``), as a file's would;
* a callable the walk cannot call with valid values in its first context (the count of
  arguments checked is held above a floor per package, so the file cannot empty itself).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from api_walk import PACKAGES, Target, call, targets, valid_arguments, world

from rightofway.errors import InputError

ANSWERS = frozenset({
    "Ruling", "Legality", "Outcome", "BoatFacts", "Cover", "Rounding", "Accounting",
    "Encounter", "PlayOrder", "StartCrossing", "Finding", "PairRuling", "PairFacts",
    "Decision", "Penalty", "BoatGeometry",
})
"""Classes whose instances the library builds as its answers (see the module docstring)."""

FLOOR = 20
"""Arguments each package must have checked here at the least."""


def _names(exc: BaseException, name: str) -> bool:
    if re.match(rf"{re.escape(name)}(?![\w])", str(exc)):
        return True
    loc = getattr(exc, "loc", ())
    return isinstance(exc, InputError) and bool(loc) and loc[0] == name


def _checked(t: Target) -> bool:
    owner = (t.home.__name__ if t.home is not None else "")
    return t.kind != "property" and not (t.kind == "constructor" and owner in ANSWERS)


@pytest.mark.parametrize("package", PACKAGES)
def test_a_bad_argument_is_refused_under_its_own_name(package: str) -> None:
    w = world(package)
    ctx = w.contexts[0]
    junk = object()
    problems: list[str] = []
    checked = 0
    for t in targets(package):
        if not _checked(t):
            continue
        args = valid_arguments(w, t, ctx)
        if args is None:
            continue
        try:
            call(t, args)
        except Exception:
            continue  # the walk's values do not fit this callable here
        for name in args:
            if name == "self" or (name == "data" and t.name.endswith("from_json")):
                continue
            bad: dict[str, Any] = {**args, name: junk}
            checked += 1
            try:
                call(t, bad)
            except (TypeError, InputError) as e:
                if not _names(e, name):
                    problems.append(f"{t.id}({name}=object()): {type(e).__name__} does not "
                                    f"name {name!r}: {str(e)[:160]}")
            except Exception as e:
                problems.append(f"{t.id}({name}=object()): {type(e).__name__}: {str(e)[:160]}")
            else:
                problems.append(f"{t.id}({name}=object()): accepted")
    assert not problems, "\n".join(problems)
    assert checked >= FLOOR, f"only {checked} arguments checked in {package}"
