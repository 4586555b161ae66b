"""The book's Sphinx extension (docs/_ext/catalogue.py): fails loudly, writes quietly."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

for _module in ("sphinx", "myst_parser", "sphinxcontrib.autodoc_pydantic"):
    pytest.importorskip(_module, reason="the book's tests need the docs extra")
from sphinx.cmd.build import build_main  # noqa: E402
from sphinx.errors import ExtensionError  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

import catalogue  # noqa: E402

CATALOGUE = ROOT / "scenarios" / "race-the-wind"
FIG09 = CATALOGUE / "rtw-fig09-starboard-free-point.yaml"


def build(files: list[Path], tmp_path: Path) -> catalogue.Catalogue:
    return catalogue.build_catalogue(files, folder="catalogue", page_dir=tmp_path / "out",
                                     root=tmp_path, section_titles={})


def test_a_passing_scenario_gets_its_page_diagram_and_index(tmp_path: Path) -> None:
    cat = build([FIG09], tmp_path)
    assert sorted(cat.files) == ["index.rst", "rtw-fig09-starboard-free-point.rst",
                                 "rtw-fig09-starboard-free-point.svg"]
    page = cat.files["rtw-fig09-starboard-free-point.rst"]
    assert ".. figure:: rtw-fig09-starboard-free-point.svg" in page
    assert "right_of_way: [[B, A, starboard]]" in page  # the expect block as written
    assert "A owes a penalty" in page  # the live explanation
    assert cat.files["rtw-fig09-starboard-free-point.svg"].startswith("<svg")
    index = cat.files["index.rst"]
    assert "RTW 3.4" in index
    toctree = index[index.index(".. toctree::"):]  # each section's pages, for the navigation
    assert "   :maxdepth: 1\n\n   rtw-fig09-starboard-free-point\n" in toctree
    assert [e.sections for e in cat.entries] == [("3.4",)]


def test_a_failing_expectation_stops_the_build_naming_the_scenario(tmp_path: Path) -> None:
    bad = tmp_path / "rtw-bad.yaml"
    bad.write_text(FIG09.read_text(encoding="utf-8").replace("[[B, A, starboard]]",
                                                              "[[A, B, starboard]]"))
    with pytest.raises(ExtensionError) as err:
        build([FIG09, bad], tmp_path)
    message = str(err.value)
    assert "scenario rtw-fig09-starboard-free-point (rtw-bad.yaml)" in message
    assert "fails its expectations" in message
    assert "right_of_way" in message


def test_an_invalid_scenario_stops_the_build_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text(FIG09.read_text(encoding="utf-8").replace("heading: NE", "heading: NNE"))
    with pytest.raises(ExtensionError, match=r"invalid scenario broken\.yaml: .*heading"):
        build([bad], tmp_path)


def test_sync_folder_writes_only_changes_and_removes_only_its_own_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert catalogue.sync_folder(out, {"a.rst": "A", "b.rst": "B"}) == (["a.rst", "b.rst"], [])
    (out / "mine.rst").write_text("not generated")
    assert catalogue.sync_folder(out, {"a.rst": "A2"}) == (["a.rst"], ["b.rst"])
    assert catalogue.sync_folder(out, {"a.rst": "A2"}) == ([], [])
    assert (out / "mine.rst").exists()


def _project(tmp_path: Path, scenarios: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
        "extensions = ['catalogue']\n"
        f"rightofway_scenarios = {str(scenarios)!r}\n"
    )
    (src / "index.rst").write_text(
        "Book\n====\n\n.. toctree::\n\n   catalogue/index\n\n"
        ".. rightofway-scenarios:: 3.4\n\n"
        ".. rightofway-diagram::\n   :layers: claims\n\n"
        "   ruleset: race-the-wind\n"
        "   position:\n     wind: N\n     boats: [{id: A, at: [0, 0], heading: NE}]\n"
    )
    return src


def test_the_book_builds_and_fails_with_a_failing_scenario(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    shutil.copy(FIG09, scenarios)
    src = _project(tmp_path, scenarios)
    out = tmp_path / "html"
    assert build_main(["-W", "-n", "-q", "-b", "html", str(src), str(out)]) == 0
    assert (out / "catalogue" / "rtw-fig09-starboard-free-point.html").is_file()
    assert len(list((src / "_diagrams").glob("*.svg"))) == 1
    page = src / "catalogue" / "rtw-fig09-starboard-free-point.rst"
    written = page.stat().st_mtime_ns
    assert build_main(["-W", "-n", "-q", "-b", "html", str(src), str(out)]) == 0
    assert page.stat().st_mtime_ns == written  # unchanged content is not written again

    copy = scenarios / FIG09.name
    copy.write_text(copy.read_text(encoding="utf-8").replace("verdict: upheld",
                                                             "verdict: dismissed"))
    assert build_main(["-W", "-n", "-q", "-b", "html", str(src), str(out)]) != 0


def test_a_diagram_of_an_impossible_position_is_an_error(tmp_path: Path) -> None:
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    shutil.copy(FIG09, scenarios)
    src = _project(tmp_path, scenarios)
    index = src / "index.rst"
    index.write_text(index.read_text().replace("[0, 0], heading: NE}]",
                                               "[0, 0], heading: NE}, {id: A, at: [1, 1], "
                                               "heading: N}]"))
    status = build_main(["-W", "-q", "-b", "html", str(src), str(tmp_path / "html")])
    assert status != 0
