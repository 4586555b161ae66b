"""pytest plugin: every scenario file under a ``scenarios`` folder is a test named by its id.

Enable it in a ``conftest.py`` with ``pytest_plugins = ["rightofway.pytest_plugin"]``.
A failing scenario shows each expectation that does not hold (expected and
actual) followed by the explanation the library produced; an invalid file
fails with its one-line error.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rightofway.scenarios import ScenarioError, ScenarioReport, check_file, load_scenario

__all__ = ["ScenarioFile", "ScenarioItem", "pytest_collect_file"]


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    """Collect ``*.yaml``/``*.yml`` files that lie below a folder named ``scenarios``."""
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """One scenario file, yielding one item named by the scenario's id."""

    def collect(self) -> Iterator[pytest.Item]:
        try:
            name = load_scenario(self.path).model.id
        except ScenarioError:
            name = self.path.stem
        yield ScenarioItem.from_parent(self, name=name)


class ScenarioFailed(Exception):
    """Raised by a scenario item whose expectations do not hold."""


class ScenarioItem(pytest.Item):
    """A scenario checked as a test."""

    def runtest(self) -> None:
        try:
            report = check_file(self.path)
        except ScenarioError as err:
            raise ScenarioFailed(f"invalid scenario: {err}") from None
        if not report.passed:
            raise ScenarioFailed(_failure_text(report))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"scenario {self.name}"


def _failure_text(report: ScenarioReport) -> str:
    lines = [f"scenario {report.id} ({report.file}) does not hold:"]
    for m in report.mismatches:
        lines.append(f"  {m.key}")
        lines.append(f"    expected: {m.expected!r}")
        lines.append(f"    actual:   {m.actual!r}")
    lines.append("")
    lines.append(report.text(full=True))
    return "\n".join(lines)
