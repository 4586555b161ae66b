"""Every exception rightofway defines derives from one base (rightofway.errors)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import rightofway
from rightofway.errors import (
    IllegalMove,
    InputError,
    NotationError,
    RightOfWayError,
    Unsupported,
)


def _defined_exceptions() -> list[type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for info in pkgutil.walk_packages(rightofway.__path__, "rightofway."):
        if info.name.endswith("pytest_plugin") or ".cli" in info.name:
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (inspect.isclass(value) and issubclass(value, BaseException)
                    and value.__module__ == info.name and not name.startswith("_")):
                found[f"{info.name}.{name}"] = value
    return list(found.values())


def test_every_public_exception_class_derives_from_the_base() -> None:
    defined = _defined_exceptions()
    assert len(defined) >= 15
    for kind in defined:
        assert issubclass(kind, RightOfWayError), kind
    from rightofway.cli import main  # noqa: F401 - the command line's classes are private
    from rightofway.pytest_plugin import ScenarioFailed

    assert issubclass(ScenarioFailed, RightOfWayError)


def test_each_kind_is_also_the_built_in_a_caller_expects() -> None:
    assert issubclass(InputError, ValueError) and issubclass(IllegalMove, ValueError)
    assert issubclass(Unsupported, NotImplementedError)
    from rightofway.positions import PositionError, UnknownId
    from rightofway.scenarios import FieldError, ScenarioError

    for kind in (PositionError, UnknownId, ScenarioError, FieldError, NotationError):
        assert issubclass(kind, InputError)
    assert issubclass(UnknownId, KeyError)


def test_one_notation_error_for_every_notation() -> None:
    rtw_notation = importlib.import_module("rightofway.rtw.notation")
    vg_notation = importlib.import_module("rightofway.vg.notation")

    assert rtw_notation.NotationError is vg_notation.NotationError is NotationError
    with pytest.raises(InputError, match=r"^expected 8 space-separated fields"):
        rtw_notation.from_notation("wind=Q")


def test_a_ruleset_without_a_capability_says_so_with_unsupported() -> None:
    from rightofway.registry import get_ruleset
    from rightofway.rrs import Boat, Position

    pos = Position(0, (Boat("A", (0.0, 0.0), 45), Boat("B", (3.0, 0.0), 315)))
    with pytest.raises(Unsupported, match="'rrs' has no moves"):
        get_ruleset("rrs").legal_moves(pos, "A")
    with pytest.raises(Unsupported, match="judges snapshots"):
        get_ruleset("rrs").adjudicate(pos, ("A", "B"))
    with pytest.raises(Unsupported, match="'rrs' has no races"):
        get_ruleset("rrs").random_race(2, 1)
