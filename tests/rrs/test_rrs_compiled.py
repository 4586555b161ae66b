"""The sweep over every pair (``rightofway/rrs/_sweep.py``) runs compiled by mypyc where the
install could: the source and the module in use give the same answers and the same overlaps,
and :mod:`rightofway._compiled` runs the source whenever the extension was not built from it.

The properties of ``test_rrs_fast_paths`` hold the module in use to the explained ruling;
here the source is held to the module in use on the same positions, so both are checked
wherever the tests run compiled (CI: ``.ci/run`` requires it) and the source is never left
untested.
"""

from __future__ import annotations

import hashlib
import math
import sys
import sysconfig
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings

from rightofway import _compiled, rrs
from rightofway.rrs import rules
from tests.rrs.test_rrs_fast_paths import (
    SETTINGS,
    aligned_edge_fleets,
    edge_fleets,
    positions,
)

SOURCE = _compiled.source("rightofway.rrs._sweep")
IN_USE: ModuleType = getattr(rules, "_sweeping")  # noqa: B009

CHECKS = settings(SETTINGS, max_examples=150)


def _sweep_with(module: ModuleType, pos: rrs.Position) -> object:
    """``(answers, masks)`` of the sweep over every pair, run by ``module``, from a fresh
    memo (or the error it raises)."""
    kept = IN_USE
    pos._memo.clear()
    setattr(rules, "_sweeping", module)  # noqa: B010 (a private name of the module)
    try:
        out, links = rules._keep_clear(pos)
    except Exception as error:  # the same refusal either way
        return type(error).__name__, str(error)
    finally:
        setattr(rules, "_sweeping", kept)  # noqa: B010
        pos._memo.clear()
    return out, links.masks


def _same(pos: rrs.Position) -> None:
    assert _sweep_with(SOURCE, pos) == _sweep_with(IN_USE, pos)


def test_the_source_is_a_module_of_its_own() -> None:
    assert not _compiled.compiled(SOURCE)
    assert SOURCE is not IN_USE
    assert SOURCE.__file__ == str(Path(rules.__file__).with_name("_sweep.py"))


@CHECKS
@given(positions())
def test_source_and_module_in_use_agree_on_any_position(pos: rrs.Position) -> None:
    _same(pos)


@CHECKS
@given(edge_fleets())
def test_source_and_module_in_use_agree_at_the_edge_of_the_tolerance(pos: rrs.Position) -> None:
    _same(pos)


@CHECKS
@given(aligned_edge_fleets())
def test_source_and_module_in_use_agree_on_aligned_fleets(pos: rrs.Position) -> None:
    _same(pos)


def _fleet(n: int) -> rrs.Position:
    """A fleet of ``n`` boats rounding a mark in ranks: far pairs linked through boats
    between them, both tacks, a tacking boat."""
    boats = []
    for i in range(n):
        rank, place = divmod(i, 7)
        angle = math.radians(150 - place * 8)
        r = 2.2 + rank * 1.7 + place * 0.15
        boats.append(rrs.Boat(f"B{i:02}", (r * math.cos(angle), r * math.sin(angle) + 0.4 * rank),
                              160.5 + (place - 3) * 9 + rank * 4, tacking=i == 9))
    return rrs.Position(0, tuple(boats), (rrs.Mark("leeward", (0.0, 0.0), "port", "leeward"),))


@pytest.mark.parametrize("n", [2, 20, 70])
def test_source_and_module_in_use_agree_on_fleets_at_a_mark(n: int) -> None:
    pos = _fleet(n)
    found = _sweep_with(SOURCE, pos)
    assert isinstance(found, tuple) and len(found[0]) == n * (n - 1) // 2
    assert found == _sweep_with(IN_USE, pos)


def _package(tmp_path: Path, body: str, digest: str | None) -> Path:
    """A package ``pkgsweep`` with a module ``mod`` beside a stand-in extension (a copy of
    the source under the extension's name) and, unless ``None``, a digest file."""
    pkg = tmp_path / "pkgsweep"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "mod.py").write_text(body, encoding="utf-8")
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    (pkg / f"mod{suffix}").write_bytes(b"not a real extension")
    if digest is not None:
        (pkg / "mod.sha256").write_text(digest + "\n", encoding="ascii")
    return pkg


@pytest.fixture
def importable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.syspath_prepend(str(tmp_path))
    yield tmp_path
    for name in ("pkgsweep", "pkgsweep.mod"):
        sys.modules.pop(name, None)


def test_an_extension_built_from_another_source_is_not_run(importable: Path,
                                                            monkeypatch: pytest.MonkeyPatch,
                                                            ) -> None:
    monkeypatch.delenv(_compiled.PURE, raising=False)
    _package(importable, "ANSWER = 'source'\n", hashlib.sha256(b"ANSWER = 'old'\n").hexdigest())
    with pytest.warns(RuntimeWarning, match=r"was not compiled from the mod\.py beside it"):
        module = _compiled.load("pkgsweep.mod")
    assert module.ANSWER == "source" and not _compiled.compiled(module)


def test_an_extension_without_its_digest_is_not_run(importable: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(_compiled.PURE, raising=False)
    _package(importable, "ANSWER = 'source'\n", None)
    with pytest.warns(RuntimeWarning, match="reinstall to compile it again"):
        assert _compiled.load("pkgsweep.mod").ANSWER == "source"


def test_pure_runs_the_source_even_when_the_extension_is_current(
        importable: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    body = "ANSWER = 'source'\n"
    _package(importable, body, hashlib.sha256(body.encode()).hexdigest())
    monkeypatch.setenv(_compiled.PURE, "1")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = _compiled.load("pkgsweep.mod")
    assert module.ANSWER == "source" and not _compiled.compiled(module)


def test_a_current_extension_is_imported(importable: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # the stand-in is no real extension: importing it fails, which shows it was the one tried
    monkeypatch.delenv(_compiled.PURE, raising=False)
    body = "ANSWER = 'source'\n"
    _package(importable, body, hashlib.sha256(body.encode()).hexdigest())
    with pytest.raises(ImportError):
        _compiled.load("pkgsweep.mod")


def test_a_module_without_extension_is_its_source(importable: Path) -> None:
    pkg = importable / "pkgsweep"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "mod.py").write_text("ANSWER = 'plain'\n", encoding="utf-8")
    assert _compiled.load("pkgsweep.mod").ANSWER == "plain"
    with pytest.raises(ImportError, match=r"no module named 'pkgsweep\.absent'"):
        _compiled.load("pkgsweep.absent")
