"""Sphinx extension: incident reports from tracks, worked out while the book is built.

``.. rightofway-incidents::`` reads one race's tracks and reports its incidents with the
code of ``rightofway incidents`` (:func:`rightofway.rrs.tracks.incidents`): a table of every
incident, each rule cited a link to the rule's paragraph, then the incidents chosen shown in
full: the ruling and its changes in words, the diagrams of
:mod:`rightofway.rrs.tracks.html` (the closest approach, and with ``:changes:`` each change,
the boats' tracks behind the hulls) and, with ``:explain:``, the ruling at the closest
approach explained step by step.

The tracks are either a simulated race, ``:race: BOATS SEED`` (what ``rightofway play
--ruleset simulation --boats BOATS --seed SEED --tracks race.csv`` writes, raced here), or
files of the repository, ``:tracks: PATH ...`` (relative to the book's folder), with the
course file beside the first (``NAME.course.yaml``) or ``:course: PATH``.

Options: ``:show:`` (``all``, ``none`` or the numbers of the incidents shown in full;
default all), ``:changes:``, ``:explain:``, ``:rules:`` (rules the incidents shown must
cite between them, ``10 11 18.2(a)``: the page's text promises them, and a library that
rules otherwise stops the build), ``:report: NAME`` (the whole HTML report, as
``incidents --html`` writes it, put in the built book as ``_static/incidents/NAME.html`` and
linked), ``:heading: CHAR`` (shown incidents get titles underlined with CHAR, default no
titles: rubrics).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles
from sphinx.util.osutil import relative_uri

import rightofway

__all__ = ["IncidentsDirective", "Source", "incidents_rst", "setup"]

OUT_FOLDER = "_static/incidents"


@dataclass(frozen=True)
class Source:
    """Where a directive's tracks come from: a simulated race (``boats``, ``seed``) or
    files (``files``, ``course``)."""

    boats: int = 0
    seed: int = 0
    files: tuple[Path, ...] = ()
    course: Path | None = None

    def load(self, scratch: Path) -> tuple[Any, Any]:
        """The tracks and the course (a race is raced, its files written in ``scratch``)."""
        from rightofway.rrs.tracks import read_course, read_tracks

        files, course = self.files, self.course
        if not files:
            files = (race_tracks(self.boats, self.seed, scratch),)
        if course is None:
            course = files[0].with_name(f"{files[0].stem}.course.yaml")
        tracks = read_tracks(files)
        return tracks, read_course(course, tracks)


def race_tracks(boats: int, seed: int, folder: Path) -> Path:
    """The tracks of ``rightofway play --ruleset simulation --boats BOATS --seed SEED
    --tracks FOLDER/race.csv`` (the command's loop: the seeded race and bots, one random
    generator from the seed), with their course file beside them."""
    import random

    from rightofway.parallel import start_game
    from rightofway.sim.tracks import write_tracks

    bots, race = start_game("simulation", boats, seed, None)
    rng = random.Random(seed)
    while not race.is_over():
        race, _ = race.play(bots.choose_move(race, rng))
    path = folder / "race.csv"
    write_tracks(race, path)
    return path


# --- reStructuredText -------------------------------------------------------------------------


def _escape(text: str) -> str:
    from catalogue import escape

    return escape(text)


def _cite(rule: str) -> str:
    return f":rightofway-cite:`RRS {rule}`"


def _cites(rules: tuple[str, ...] | list[str]) -> str:
    return ", ".join(_cite(r) for r in rules)


def _sentence(r: Any) -> str:
    """A ruling in words (the report's own sentence), its rules cited."""
    from rightofway.rrs.tracks.html import ruling_sentence

    words = _escape(ruling_sentence(r))
    return words if r is None else f"{words} ({_cites(r.rules)})"


def _seconds(t: float) -> str:
    return f"{t:g} s"


def _table(found: list[Any]) -> list[str]:
    none = "\N{EN DASH}"
    out = [".. list-table::", "   :header-rows: 1", "   :class: incident-table", "",
           "   * - #", "     - seconds", "     - closest", "     - keeps clear",
           "     - rules", "     - owed room", "     - contact", "     - avoiding",
           "     - changes"]
    for n, inc in enumerate(found, 1):
        r = inc.ruling
        out += [f"   * - {n}", f"     - {inc.start:g}{none}{inc.end:g}",
                f"     - {inc.closest_time:g} s, {inc.closest_distance:.2f}"]
        if r is None:
            out += [f"     - {_escape(inc.boats[0])}, {_escape(inc.boats[1])} touching"] + \
                [f"     - {none}"] * 2
        else:
            owed = [f"mark-room {_escape(r.mark_room)}"] if r.mark_room else []
            owed += [f"room {_escape(r.room)}"] if r.room else []
            out += [f"     - {_escape(r.keep_clear)} of {_escape(r.right_of_way)}",
                    f"     - {_cites(r.rules)}",
                    f"     - {', '.join(owed) or none}"]
        out += [f"     - {'yes' if inc.contact else 'no'}",
                f"     - {_escape(inc.avoiding_action) if inc.avoiding_action else none}",
                f"     - {len(inc.changes)}"]
    return [*out, ""]


def _raw(svg: str) -> list[str]:
    return [".. raw:: html", "", "   " + svg.replace("\n", " "), ""]


def incidents_rst(found: list[Any], tracks: Any, course: Any, *, show: list[int],
                  changes: bool, explain: bool, heading: str | None) -> list[str]:
    """The reStructuredText of the table and the incidents shown (numbers from 1)."""
    from rightofway.rrs.tracks import html as page

    lines = _table(found)
    for n in show:
        inc = found[n - 1]
        a, b = inc.boats
        title = (f"Incident {n}: {_escape(a)} and {_escape(b)}, {_seconds(inc.start)} to "
                 f"{_seconds(inc.end)}")
        if heading:
            lines += [title, heading * len(title), ""]
        else:
            lines += [f".. rubric:: {title}", ""]
        lines += [f"* Closest approach at {_seconds(inc.closest_time)}, "
                  f"{inc.closest_distance:g} hull lengths between the hulls; the ruling "
                  f"there: {_sentence(inc.ruling)}.",
                  f"* Contact: {'yes' if inc.contact else 'no'}. Avoiding action: "
                  f"{_escape(inc.avoiding_action) + ', the right-of-way boat' if inc.avoiding_action else 'none'}.",  # noqa: E501
                  ]
        if inc.changes:
            lines.append("* The ruling changed at "
                         + "; ".join(f"{_seconds(c.time)}: {_sentence(c.ruling)}"
                                     for c in inc.changes) + ".")
        lines.append("")
        shown = page.diagrams(inc, tracks, course)
        if not changes:
            shown = [d for d in shown if d.kind == "closest"]
        for d in shown:
            if d.position is None:
                continue
            what = "closest approach" if d.kind == "closest" else "the ruling changes"
            lines += _raw(page.draw(d.position, inc.boats, tracks, course, d.time))
            lines += [f"*{_seconds(d.time)}, {what}:* {_sentence(d.ruling)}."
                      + ("" if d.with_facts else
                         " Drawn from the samples alone, without the history's facts."), ""]
        if explain and inc.position is not None:
            when = inc.ruled_time if inc.ruled_time is not None else inc.closest_time
            lines += [f"The ruling at {_seconds(when)}, explained:", ""]
            for i, s in enumerate(page.explanation(inc.position, inc.boats), 1):
                lines.append(f"{i}. {_cite_text(str(s.cite))} {_escape(s.text)}")
            lines.append("")
    return lines


def _cite_text(cite: str) -> str:
    return f":rightofway-cite:`{cite}`" if re.fullmatch(r"\S+ \S.*", cite) else _escape(cite)


# --- the directive ------------------------------------------------------------------------------


def _numbers(text: str) -> tuple[str, ...]:
    return tuple(directives.unchanged_required(text).replace(",", " ").split())


class IncidentsDirective(SphinxDirective):
    """``.. rightofway-incidents::`` (see the module's documentation)."""

    option_spec: ClassVar[dict[str, Any]] = {
        "race": _numbers,
        "tracks": _numbers,
        "course": directives.unchanged_required,
        "show": _numbers,
        "changes": directives.flag,
        "explain": directives.flag,
        "rules": _numbers,
        "report": directives.unchanged_required,
        "heading": directives.single_char_or_whitespace_or_unicode,
    }

    def _source(self) -> Source:
        race, files = self.options.get("race"), self.options.get("tracks")
        if (race is None) == (files is None):
            raise self.error("rightofway-incidents: give :race: BOATS SEED or :tracks: FILES")
        if race is not None:
            if len(race) != 2 or not all(x.isdigit() for x in race):
                raise self.error(f"rightofway-incidents: :race: expected BOATS SEED, got "
                                 f"{' '.join(race)!r}")
            return Source(boats=int(race[0]), seed=int(race[1]))
        root = Path(self.env.srcdir)
        paths = tuple((root / f).resolve() for f in files)
        course = self.options.get("course")
        for p in (*paths, *([root / course] if course else [])):
            if not p.is_file():
                raise self.error(f"rightofway-incidents: no file {p}")
            self.env.note_dependency(str(p))
        return Source(files=paths, course=(root / course).resolve() if course else None)

    def run(self) -> list[nodes.Node]:
        from rightofway.errors import InputError
        from rightofway.rrs.tracks import incidents
        from rightofway.rrs.tracks.html import report

        source = self._source()
        with tempfile.TemporaryDirectory() as scratch:
            try:
                tracks, course = source.load(Path(scratch))
            except InputError as err:
                raise self.error(f"rightofway-incidents: {err}") from None
        found = incidents(tracks, course)
        wanted = self.options.get("show", ("all",))
        if wanted == ("all",):
            show = list(range(1, len(found) + 1))
        elif wanted == ("none",):
            show = []
        else:
            try:
                show = [int(n) for n in wanted]
            except ValueError:
                raise self.error("rightofway-incidents: :show: expected all, none or "
                                 "incident numbers") from None
            bad = [n for n in show if not 1 <= n <= len(found)]
            if bad:
                raise self.error(f"rightofway-incidents: :show: there are {len(found)} "
                                 f"incidents, no {bad[0]}: the race changed; choose again")
        rulings = [found[n - 1].ruling for n in show]
        cited = {r for ruling in rulings if ruling is not None for r in ruling.rules}
        missing = [r for r in self.options.get("rules", ()) if r not in cited]
        if missing:
            raise self.error(f"rightofway-incidents: the incidents shown cite no "
                             f"{', '.join(missing)} (option rules): the page's text promises "
                             "it; choose other incidents")
        for module in sorted(Path(rightofway.__file__).parent.rglob("*.py")):
            self.env.note_dependency(str(module))
        self.env.note_dependency(__file__)
        lines = incidents_rst(found, tracks, course, show=show,
                              changes="changes" in self.options,
                              explain="explain" in self.options,
                              heading=self.options.get("heading"))
        out: list[nodes.Node] = []
        name = self.options.get("report")
        if name:
            if not re.fullmatch(r"[a-z0-9-]+", name):
                raise self.error("rightofway-incidents: :report: expected a name of "
                                 "lower-case letters, digits and hyphens")
            cache = Path(self.env.doctreedir) / "rightofway-incidents"
            cache.mkdir(parents=True, exist_ok=True)
            path = cache / f"{name}.html"
            path.write_text(report(found, tracks, course, title=f"Incidents: {name}"),
                            encoding="utf-8")
            link = report_link(name=name, path=str(path))
            self.set_source_info(link)
            out.append(link)
        holder = nodes.container()
        self.set_source_info(holder)
        nested_parse_with_titles(self.state, StringList(lines, self.env.docname), holder)
        out.extend(holder.children)
        return out


class report_link(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils' case
    """A link to the whole HTML report, copied into the built book."""


def visit_link_html(translator: Any, node: report_link) -> None:
    """Copy the report into the book and link it from the page."""
    builder = translator.builder
    target = Path(builder.outdir) / OUT_FOLDER / f"{node['name']}.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(node["path"], target)
    here = builder.get_target_uri(builder.current_docname)
    uri = relative_uri(here, f"{OUT_FOLDER}/{node['name']}.html")
    translator.body.append(
        f'<p class="incident-report-link">The whole report, as <code>rightofway incidents '
        f'--html</code> writes it: <a href="{uri}">{node["name"]}.html</a>.</p>\n')
    raise nodes.SkipNode


def visit_link_other(translator: Any, node: report_link) -> None:
    """Other builders show no link."""
    raise nodes.SkipNode


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive and its node."""
    skip = (visit_link_other, None)
    app.add_node(report_link, html=(visit_link_html, None), latex=skip, text=skip, man=skip,
                 texinfo=skip)
    app.add_directive("rightofway-incidents", IncidentsDirective)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
