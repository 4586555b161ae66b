"""The book's Sphinx extension (docs/_ext/catalogue.py): fails loudly, writes quietly."""

from __future__ import annotations

import re
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
RRS10 = ROOT / "scenarios" / "rrs" / "rrs-23-1-not-racing-port-boat-keeps-clear.yaml"


def build(files: list[Path], tmp_path: Path) -> catalogue.Catalogue:
    return catalogue.build_catalogue(files, folder="catalogue", page_dir=tmp_path / "out",
                                     root=tmp_path, section_titles={})


def test_a_passing_scenario_gets_its_page_diagram_and_index(tmp_path: Path) -> None:
    cat = build([FIG09], tmp_path)
    assert sorted(cat.files) == ["index.rst", "race-the-wind/3-4.rst", "race-the-wind/index.rst",
                                 "rtw-fig09-starboard-free-point.rst",
                                 "rtw-fig09-starboard-free-point.svg"]
    page = cat.files["rtw-fig09-starboard-free-point.rst"]
    assert ".. figure:: rtw-fig09-starboard-free-point.svg" in page
    assert "right_of_way: [[B, A, starboard]]" in page  # the expect block as written
    assert "A owes a penalty" in page  # the live explanation
    assert cat.files["rtw-fig09-starboard-free-point.svg"].startswith("<svg")
    assert [e.sections for e in cat.entries] == [("3.4",)]
    assert [e.figures for e in cat.entries] == [("9",)]


def test_the_navigation_goes_ruleset_section_scenario(tmp_path: Path) -> None:
    """The index lists rulesets, a ruleset its sections, a section its scenarios: no page of
    the navigation lists every scenario."""
    files = [FIG09, CATALOGUE / "rtw-fig13-inside-beats-leeward.yaml", RRS10]
    cat = catalogue.build_catalogue(files, folder="catalogue", page_dir=tmp_path / "out",
                                    root=tmp_path,
                                    section_titles={"race-the-wind": {"3.4": "contests"}})
    index = cat.files["index.rst"]
    toctree = index[index.index(".. toctree::"):]
    assert "   race-the-wind/index\n" in toctree and "   rrs/index\n" in toctree
    assert "rtw-fig09" not in index
    ruleset = cat.files["race-the-wind/index.rst"]
    assert "   3-4\n   3-6\n" in ruleset  # its sections in rulebook order
    assert "rtw-fig09" not in ruleset
    assert ":figures:" in ruleset  # the rulebook's figures, shown by the gallery
    assert ":figures:" not in cat.files["rrs/index.rst"]  # no figure cited
    section = cat.files["race-the-wind/3-4.rst"]
    assert section.startswith(catalogue.HEADER.format(source="the race-the-wind scenarios"))
    assert "RTW 3.4 \N{EM DASH} contests" in section  # its title from the section titles
    assert ".. rightofway-gallery:: 3.4\n   :ruleset: race-the-wind\n   :primary:" in section
    assert "   :hidden:\n\n   /catalogue/rtw-fig09-starboard-free-point\n" in section
    assert ":rightofway-cite:`RTW 3.4`" in section
    page = cat.files["rtw-fig09-starboard-free-point.rst"]
    assert ":doc:`RTW 3.4 \N{EM DASH} contests </catalogue/race-the-wind/3-4>`" in page


def test_a_scenario_page_opens_the_protest_room_from_its_depth(tmp_path: Path) -> None:
    page = build([FIG09], tmp_path).files["rtw-fig09-starboard-free-point.rst"]
    assert ('.. raw:: html\n\n   <p class="rightofway-room"><a href="../room.html?scenario='
            'rtw-fig09-starboard-free-point">Open in the protest room</a></p>') in page
    deeper = catalogue.build_catalogue([FIG09], folder="book/catalogue",
                                       page_dir=tmp_path / "out", root=tmp_path,
                                       section_titles={})
    assert '"../../room.html?scenario=rtw-fig09-starboard-free-point"' in deeper.files[
        "rtw-fig09-starboard-free-point.rst"]


def test_figures_are_read_and_one_scenario_stands_for_each() -> None:
    assert catalogue.cited_figures("Race the Wind rulebook 3.8, figure 15-b") == ("15-b",)
    assert catalogue.cited_figures("RTW 3.6 (figure 14), 2 (beam reach)") == ("14",)
    assert catalogue.cited_figures("RTW 3.6, figures 13 and 14; 3.4, figure 2") == (
        "13", "14", "2")

    def entry(sid: str, source: str) -> catalogue.Entry:
        return catalogue.Entry(sid, sid, "race-the-wind", "Race the Wind", "RTW", source,
                               catalogue.cited_sections(source), Path(f"{sid}.yaml"),
                               f"catalogue/{sid}", catalogue.cited_figures(source))

    chosen = catalogue.by_figure([
        entry("rtw-a-zone", "RTW 3.6, figures 13 and 14"),
        entry("rtw-b-fig14-named", "RTW 3.6, figure 14"),
        entry("rtw-c-fig13-second", "RTW 3.6, figures 2 and 13"),
        entry("rtw-d-figure-2", "RTW 3.4, figure 2"),
    ])
    # named after the figure and citing it first wins; then citing it first; then by id
    assert [(f, e.id) for f, e in chosen] == [
        ("2", "rtw-c-fig13-second"), ("13", "rtw-a-zone"), ("14", "rtw-b-fig14-named")]


def test_a_citation_links_to_the_rule_a_paragraph_belongs_to() -> None:
    assert catalogue.label_candidates("rrs-43.1(c)") == ["rrs-43.1(c)", "rrs-43.1", "rrs-43"]
    assert catalogue.label_candidates("rtw-3.4") == ["rtw-3.4", "rtw-3"]
    assert catalogue.label_candidates("sim-the-start") == ["sim-the-start"]
    assert catalogue.cite("VG", "GW1", joiner="-") == ":rightofway-cite:`VG-GW1`"


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


def test_sync_folder_removes_stale_subfolders_and_nothing_outside(tmp_path: Path) -> None:
    out = tmp_path / "out"
    catalogue.sync_folder(out, {"index.rst": "I", "rrs/10.rst": "R", "rrs/index.rst": "RI"})
    assert (out / "rrs" / "10.rst").read_text() == "R"
    (tmp_path / "outside.rst").write_text("not ours")
    (out / catalogue.MANIFEST).write_text("index.rst\nrrs/10.rst\nrrs/index.rst\n"
                                          "../outside.rst\n")
    assert catalogue.sync_folder(out, {"index.rst": "I"}) == (
        [], ["rrs/10.rst", "rrs/index.rst"])
    assert not (out / "rrs").exists()  # emptied, so gone
    assert (tmp_path / "outside.rst").exists()  # a manifest naming it deletes nothing there


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


def test_galleries_and_citations_link_in_the_built_book(tmp_path: Path) -> None:
    """A gallery's thumbnails lead to their scenario pages; a citation of a section whose
    label is on a paragraph, not a heading, links there; a paragraph's citation links to
    its rule; a gallery showing nothing fails a -W build."""
    scenarios = tmp_path / "scenarios"
    scenarios.mkdir()
    shutil.copy(FIG09, scenarios)
    src = _project(tmp_path, scenarios)
    (src / "rules.rst").write_text(
        "Rules\n=====\n\n.. _rtw-3:\n\nRTW 3\n   Engagements and the rest.\n\n"
        "Cited: :rightofway-cite:`RTW 3.4`, :rightofway-cite:`RTW 3.9(b)`, "
        ":rightofway-cite:`RTW 7`.\n\n"
        ".. rightofway-gallery::\n   :figures:\n")
    index = src / "index.rst"
    index.write_text(index.read_text().replace("   catalogue/index\n",
                                               "   catalogue/index\n   rules\n"))
    out = tmp_path / "html"
    assert build_main(["-W", "-n", "-q", "-b", "html", str(src), str(out)]) == 0
    rules = (out / "rules.html").read_text(encoding="utf-8")
    thumb = rules[rules.index('class="rightofway-gallery'):]
    assert thumb.index('href="catalogue/rtw-fig09-starboard-free-point.html"') < thumb.index(
        "<img")
    assert "<strong>Figure 9</strong>" in thumb
    cites = {m.group(2): m.group(1) for m in re.finditer(
        r'(?:<a [^>]*href="([^"]*)"[^>]*>)?<span class="rightofway-cite">([^<]*)</span>', rules)}
    assert cites == {"RTW 3.4": "#rtw-3", "RTW 3.9(b)": "#rtw-3", "RTW 7": None}
    page = (out / "catalogue" / "rtw-fig09-starboard-free-point.html").read_text()
    assert re.search(r'href="\.\./rules\.html#rtw-3"[^>]*><span class="rightofway-cite">RTW 3\.4<',
                     page)
    assert 'href="../room.html?scenario=rtw-fig09-starboard-free-point"' in page
    section = (out / "catalogue" / "race-the-wind" / "3-4.html").read_text()
    assert 'href="../rtw-fig09-starboard-free-point.html"' in section

    (src / "rules.rst").write_text("Rules\n=====\n\n.. rightofway-gallery:: 9.9\n")
    assert build_main(["-W", "-n", "-q", "-b", "html", str(src), str(tmp_path / "h2")]) != 0
