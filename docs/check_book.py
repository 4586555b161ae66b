"""Check a built HTML book: ``python docs/check_book.py BUILD_DIR``.

* every scenario file under ``scenarios/`` has its page in the catalogue, and that page
  shows the scenario's id and links to the protest room with it;
* every rulebook citation (``:rightofway-cite:``) on every page is a link to its rule;
* every ``.svg`` file in the build, and every ``<svg>`` element inlined in an HTML page,
  is well-formed XML;
* every public function and class of the documented modules has an entry in the API page.

Prints a one-line summary and exits 0 when everything holds; otherwise prints each problem
and exits 1 (2 when the arguments are wrong).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import re
import sys
import xml.etree.ElementTree as ET
from html import unescape
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
CATALOGUE = "catalogue"
API_PAGES = "api"
"""The folder of the API reference's pages."""
API_MODULES = (
    "rightofway.room",
    "rightofway.rtw.room",
    "rightofway.vg.room",
    "rightofway.ac.room",
    "rightofway.sim.room",
    "rightofway.rrs.room",
    "rightofway.rtw",
    "rightofway.rtw.ruleset",
    "rightofway.rtw.race",
    "rightofway.rtw.course",
    "rightofway.rtw.notation",
    "rightofway.rtw.record",
    "rightofway.rtw.bots",
    "rightofway.vg",
    "rightofway.vg.ruleset",
    "rightofway.vg.drawing",
    "rightofway.rtw.drawing",
    "rightofway.order",
    "rightofway.graphs",
    "rightofway.rtw.scenario",
    "rightofway.vg.race",
    "rightofway.vg.notation",
    "rightofway.vg.record",
    "rightofway.vg.bots",
    "rightofway.vg.scenario",
    "rightofway.ac",
    "rightofway.ac.ruleset",
    "rightofway.ac.race",
    "rightofway.ac.record",
    "rightofway.ac.bots",
    "rightofway.ac.tournament",
    "rightofway.ac.drawing",
    "rightofway.ac.scenario",
    "rightofway.rrs",
    "rightofway.rrs.ruleset",
    "rightofway.rrs.drawing",
    "rightofway.plane",
    "rightofway.sim",
    "rightofway.sim.race",
    "rightofway.sim.record",
    "rightofway.sim.bots",
    "rightofway.sim.ruleset",
    "rightofway.geometry",
    "rightofway.positions",
    "rightofway.explain",
    "rightofway.results",
    "rightofway.races",
    "rightofway.registry",
    "rightofway.limits",
    "rightofway.plain",
    "rightofway.scenarios",
    "rightofway.svg",
    "rightofway.labels",
    "rightofway.parallel",
)
SCENARIO_MODELS = (
    "RtwScenario", "PositionModel", "BoatModel", "MarkModel", "TokensModel", "MoveModel",
    "ProtestModel", "OptionsModel", "Expect", "BoatExpect", "AfterExpect", "RulingExpect",
)
TAG = re.compile(r"<[^>]+>")
JSON_TITLE = re.compile(r'"title":\s*"(\w+)"')
"""The schema's title, read from the page's text (markup removed, entities decoded, since
Pygments versions differ in how they escape quotes)."""
SVG_TAG = re.compile(r"<svg\b|</svg\s*>", re.IGNORECASE)
CITE = re.compile(r'(<a\b[^>]*>)?<span class="[^"]*\brightofway-cite\b[^"]*">(.*?)</span>',
                  re.DOTALL)
"""A citation as the book's extension writes it: the text in a span of its own, inside the
link to its rule when it has one."""


def scenario_ids(folder: Path) -> dict[str, Path]:
    """Scenario id by file, read from each YAML file's ``id`` (the file name if it has none);
    the folder of track data (``tracks``: course files and expected incidents) holds none."""
    found: dict[str, Path] = {}
    for path in sorted(folder.rglob("*")):
        if path.suffix not in (".yaml", ".yml") or not path.is_file() \
                or "tracks" in path.relative_to(folder).parts:
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError:
            data = None
        sid = data.get("id") if isinstance(data, dict) else None
        found[str(sid) if sid else path.stem] = path
    return found


def check_pages(book: Path, folder: Path) -> tuple[int, list[str]]:
    """Problems with the catalogue pages: each scenario's page exists and names its id."""
    problems = []
    ids = scenario_ids(folder)
    for sid, path in ids.items():
        page = book / CATALOGUE / f"{sid}.html"
        if not page.is_file():
            problems.append(f"no catalogue page for scenario {sid} ({path.relative_to(ROOT)}): "
                            f"{page} is missing")
        else:
            html = page.read_text(encoding="utf-8")
            if sid not in html:
                problems.append(f"catalogue page {page} does not show the scenario id {sid}")
            if f'room.html?scenario={sid}"' not in html:
                problems.append(f"catalogue page {page} does not link to the protest room "
                                f"with ?scenario={sid}")
    return len(ids), problems


def check_cites(book: Path) -> tuple[int, list[str]]:
    """Problems with citations: each one that is not a link, named once with the number of
    times it occurs and the first page showing it."""
    count = 0
    unlinked: dict[str, tuple[int, Path]] = {}
    for page in sorted(book.rglob("*.html")):
        for match in CITE.finditer(page.read_text(encoding="utf-8")):
            count += 1
            if match.group(1) is None:
                text = unescape(TAG.sub("", match.group(2)))
                seen, first = unlinked.get(text, (0, page))
                unlinked[text] = (seen + 1, first)
    problems = [f"citation {text!r} is not a link to its rule ({seen} time"
                f"{'s' if seen > 1 else ''}, first on {first.relative_to(book)})"
                for text, (seen, first) in sorted(unlinked.items())]
    return count, problems


def check_svg(book: Path) -> tuple[int, list[str]]:
    """Problems with SVG: files that do not parse, inline ``<svg>`` elements that do not."""
    problems = []
    count = 0
    for path in sorted(book.rglob("*.svg")):
        count += 1
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as err:
            problems.append(f"{path}: not well-formed XML: {err}")
            continue
        if not root.tag.endswith("svg"):
            problems.append(f"{path}: the root element is <{root.tag}>, not <svg>")
    for page in sorted(book.rglob("*.html")):
        for i, element in enumerate(inline_svgs(page.read_text(encoding="utf-8")), 1):
            count += 1
            try:
                ET.fromstring(element)
            except ET.ParseError as err:
                problems.append(f"{page}: inline <svg> number {i} is not well-formed XML: {err}")
    return count, problems


def inline_svgs(html: str) -> list[str]:
    """The outermost ``<svg>`` elements of a page's text, each with the ones it nests (the
    theme's icons are ``<svg>`` elements inside a hidden ``<svg>`` of symbols). An element
    left open runs to the end of the text, so that it is reported as not well-formed.

    >>> inline_svgs('<p><svg><symbol><svg>a</svg></symbol></svg> <svg>b</svg></p>')
    ['<svg><symbol><svg>a</svg></symbol></svg>', '<svg>b</svg>']
    """
    found = []
    depth = start = 0
    for tag in SVG_TAG.finditer(html):
        if not tag.group(0).startswith("</"):
            if depth == 0:
                start = tag.start()
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                found.append(html[start:tag.end()])
    if depth > 0:
        found.append(html[start:])
    return found


def public_names(module_name: str) -> list[str]:
    """Public functions and classes of a module: those in ``__all__``, or without one, those
    it defines whose names do not start with an underscore."""
    module = importlib.import_module(module_name)
    if hasattr(module, "__all__"):
        candidates = [(n, getattr(module, n)) for n in module.__all__]
    else:
        candidates = [(n, v) for n, v in vars(module).items() if not n.startswith("_")
                      and getattr(v, "__module__", None) == module_name]
    return [n for n, v in candidates if inspect.isfunction(v) or inspect.isclass(v)]


def check_api(book: Path) -> tuple[int, list[str]]:
    """Problems with the API pages: public objects without an entry, models without a schema."""
    pages = sorted((book / API_PAGES).glob("*.html"))
    if not pages:
        return 0, [f"{book / API_PAGES} has no pages"]
    html = "\n".join(p.read_text(encoding="utf-8") for p in pages)
    problems = []
    count = 0
    for module in API_MODULES:
        for name in public_names(module):
            count += 1
            obj = getattr(importlib.import_module(module), name)
            # a name re-exported from another module may be documented where it is defined,
            # or under any module of the reference that exports it
            homes = {module, obj.__module__} | {
                m for m in API_MODULES if getattr(importlib.import_module(m), name, None) is obj
            }
            if not any(f'id="{home}.{name}"' in html for home in homes):
                problems.append(f"{API_PAGES}/: no entry for {module}.{name}")
    def anchor(model: str) -> int:
        # a model is documented in the module that defines it (the file models of positions
        # live in rightofway.rtw.formats)
        found = [
            html.find(f'id="rightofway.rtw.{home}.{model}"') for home in ("scenario", "formats")
        ]
        return max(found)

    anchors = sorted((anchor(m), m) for m in SCENARIO_MODELS)
    for i, (start, model) in enumerate(anchors):
        if start < 0:
            continue  # reported above as a missing entry
        end = anchors[i + 1][0] if i + 1 < len(anchors) else len(html)
        segment = unescape(TAG.sub("", html[start:end]))
        at = segment.find("JSON schema")
        title = JSON_TITLE.search(segment, at) if at >= 0 else None
        if title is None or title.group(1) != model:
            problems.append(f"{API_PAGES}/: the model {model} is not shown with its JSON Schema")
    return count, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("book", type=Path, help="folder of the built HTML book")
    parser.add_argument("--scenarios", type=Path, default=SCENARIOS,
                        help="scenario folder (default: the project's scenarios/)")
    args = parser.parse_args(argv)
    book: Path = args.book
    if not (book / "index.html").is_file():
        print(f"check_book: {book} is not a built HTML book (no index.html)", file=sys.stderr)
        return 2
    scenarios, page_problems = check_pages(book, args.scenarios)
    svgs, svg_problems = check_svg(book)
    api, api_problems = check_api(book)
    cites, cite_problems = check_cites(book)
    problems = page_problems + svg_problems + api_problems + cite_problems
    if scenarios == 0:
        problems.append(f"no scenario files found in {args.scenarios}")
    if problems:
        for problem in problems:
            print(f"check_book: {problem}", file=sys.stderr)
        print(f"check_book: FAILED with {len(problems)} problem"
              f"{'s' if len(problems) > 1 else ''}", file=sys.stderr)
        return 1
    print(f"check_book: OK: {scenarios} scenario pages, {svgs} SVG files well-formed, "
          f"{api} API objects documented, {cites} citations linked in {book}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
