"""The scenario files shown on the scenario-files page are valid and their expectations hold."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rightofway.scenarios import check_file

PAGE = Path(__file__).resolve().parent.parent.parent / "docs" / "scenarios.rst"


def _examples() -> list[str]:
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"\.\. code-block:: yaml\n\n((?:   .*\n|\n)+)", text)
    return [re.sub(r"^   ", "", b, flags=re.M) for b in blocks if "\n   id: " in "\n" + b]


def test_the_page_shows_examples() -> None:
    assert len(_examples()) >= 2


@pytest.mark.parametrize("example", _examples())
def test_every_example_on_the_scenario_page_passes(example: str, tmp_path: Path) -> None:
    file = tmp_path / "example.yaml"
    file.write_text(example, encoding="utf-8")
    report = check_file(file)
    assert report.passed, report.text()
