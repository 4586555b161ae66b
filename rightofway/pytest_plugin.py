"""pytest plugin: every scenario file is a test named by its id.

Installing rightofway registers the plugin (the ``pytest11`` entry point), so
a project collects its own scenario files with plain ``pytest``: every
``*.yaml`` and ``*.yml`` file below the folders of the ini option
``rightofway_scenarios`` (default ``scenarios``, relative to the root of the
project), except those in a folder of track data (``tracks``, read by ``rightofway
incidents``). A failing scenario shows each expectation that does not hold
(expected and actual) followed by the explanation the library produced; an
invalid file fails with its one-line error. ``-p no:rightofway`` switches the
plugin off.

.. code-block:: ini

   [pytest]
   rightofway_scenarios = scenarios figures/protests
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from rightofway.errors import RightOfWayError

if TYPE_CHECKING:
    from rightofway.scenarios import ScenarioReport

__all__ = ["ScenarioFile", "ScenarioItem", "pytest_addoption", "pytest_collect_file"]

INI = "rightofway_scenarios"
_ROOTS = pytest.StashKey[tuple[Path, ...]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    """The ini option naming the folders whose YAML files are scenarios."""
    parser.addini(INI, type="linelist", default=["scenarios"],
                  help="folders (relative to the project root) whose .yaml/.yml files are "
                       "collected as rightofway scenarios (default: scenarios)")


def _roots(config: pytest.Config) -> tuple[Path, ...]:
    roots = config.stash.get(_ROOTS, None)
    if roots is None:
        folders = [w for line in config.getini(INI) for w in str(line).split()]
        roots = tuple((config.rootpath / f).resolve() for f in folders)
        config.stash[_ROOTS] = roots
    return roots


def pytest_collect_file(parent: pytest.Collector, file_path: Path) -> pytest.Collector | None:
    """Collect the ``*.yaml``/``*.yml`` files that lie below a scenario folder (and not in
    its track data)."""
    if file_path.suffix not in (".yaml", ".yml"):
        return None
    from rightofway.scenarios import is_track_data

    resolved = file_path.resolve()
    for root in _roots(parent.config):
        if resolved.is_relative_to(root):
            if is_track_data(resolved, root):
                return None
            return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """One scenario file, yielding one item named by the scenario's id."""

    def collect(self) -> Iterator[pytest.Item]:
        from rightofway.scenarios import ScenarioError, load_scenario

        try:
            name = load_scenario(self.path).model.id
        except ScenarioError:
            name = self.path.stem
        yield ScenarioItem.from_parent(self, name=name)


class ScenarioFailed(RightOfWayError):
    """Raised by a scenario item whose expectations do not hold."""


class ScenarioItem(pytest.Item):
    """A scenario checked as a test."""

    def runtest(self) -> None:
        """Check the scenario; fail with each expectation that does not hold."""
        from rightofway.scenarios import ScenarioError, check_file

        try:
            report = check_file(self.path)
        except ScenarioError as err:
            raise ScenarioFailed(f"invalid scenario: {err}") from None
        if not report.passed:
            raise ScenarioFailed(_failure_text(report))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        """The mismatches and the explanation, instead of a traceback."""
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        """The scenario's file and id, for pytest's report."""
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
