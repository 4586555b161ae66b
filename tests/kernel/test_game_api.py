"""The book's game API table (docs/game-api.rst) and the packages agree.

The test reads the table itself, so a name added to the book without code, or a
ruleset that loses a name, fails here: each ``yes`` must be there, each ``declines``
must be there and raise :class:`~rightofway.errors.Unsupported`, and each ``-`` must be
absent (the concept does not apply).
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from typing import Any

import pytest

from rightofway.errors import Unsupported
from rightofway.registry import get_ruleset
from rightofway.scenarios import load_scenario

TABLE = Path(__file__).resolve().parents[2] / "docs" / "game-api.rst"
RULESETS = {"rtw": "race-the-wind", "vg": "vector-game", "ac": "americas-cup",
            "sim": "simulation", "rrs": "rrs"}
SCENARIOS = Path(__file__).resolve().parents[2] / "scenarios"


def _table() -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The table's columns and its rows ``(name, cells)``."""
    text = TABLE.read_text(encoding="utf-8")
    body = text.split(":name: game-api-table", 1)[1]
    cells: list[str] = []
    for line in body.splitlines()[1:]:
        if not line.strip():
            if cells:
                continue
            continue
        if not line.startswith("   "):
            break
        m = re.match(r"\s+(\*)?\s*- (.*)$", line)
        assert m, f"unexpected line in the table: {line!r}"
        cells.append(m.group(2).strip().strip("`").replace("\\-", "-"))
    width = 6
    rows = [cells[i:i + width] for i in range(0, len(cells), width)]
    header, *data = rows
    return header[1:], [(r[0], r[1:]) for r in data]


COLUMNS, ROWS = _table()


def test_the_table_covers_every_ruleset_and_the_whole_contract() -> None:
    assert list(RULESETS) == COLUMNS
    names = {n for n, _ in ROWS}
    assert {"Position", "Move.parse", "legality", "adjudicate", "Race.new", "Race.save",
            "Race.load", "Race.result", "engagement_graph"} <= names
    assert all(set(cells) <= {"yes", "declines", "-"} for _, cells in ROWS)


def _lookup(module: Any, name: str) -> Any:
    found = module
    for part in name.split("."):
        found = getattr(found, part)
    return found


def _has(module: Any, name: str) -> bool:
    try:
        _lookup(module, name)
    except AttributeError:
        return False
    return True


def _a_position(ruleset: str) -> Any:
    """A position of the ruleset's catalogue with at least two boats."""
    for path in sorted((SCENARIOS / RULESETS[ruleset]).rglob("*.yaml")):
        prepared = load_scenario(path)
        if len(prepared.position.boats) >= 2:
            return prepared.position
    raise AssertionError(f"no scenario of {ruleset} with two boats")


@pytest.mark.parametrize(("pkg", "name"), [(p, n) for n, _ in ROWS for p in RULESETS])
def test_each_ruleset_offers_what_the_table_lists(pkg: str, name: str) -> None:
    cell = dict(ROWS)[name][list(RULESETS).index(pkg)]
    module = importlib.import_module(f"rightofway.{pkg}")
    if cell == "-":
        assert not _has(module, name), f"rightofway.{pkg}.{name} exists; the table says '-'"
        return
    assert _has(module, name), f"rightofway.{pkg} lacks {name}, which the table lists"
    if "." not in name:
        assert name in module.__all__, f"{name} is not in rightofway.{pkg}.__all__"
    if cell == "declines":
        position = _a_position(pkg)
        func = _lookup(module, name)
        ids = position.boat_ids
        args = (position,) if len(inspect.signature(func).parameters) == 1 else \
            (position, ids[0], ids[1])
        with pytest.raises(Unsupported):
            func(*args)


@pytest.mark.parametrize("pkg", list(RULESETS))
def test_the_registry_declares_what_the_package_offers(pkg: str) -> None:
    """A ruleset declares ``moves`` and ``races`` exactly when its package has them."""
    ruleset = get_ruleset(RULESETS[pkg])
    module = importlib.import_module(f"rightofway.{pkg}")
    declared = getattr(ruleset, "capabilities", frozenset())
    assert ("moves" in declared) == _has(module, "legal_moves")
    assert ("races" in declared) == _has(module, "Race")
