"""Sphinx extension: whole races of the rightofway book, replayed move by move in the page.

``.. rightofway-race:: RULESET`` races the ruleset's seeded bots through a whole race while
the book is built, with the code of ``rightofway play --ruleset RULESET --boats N --seed S
--record FILE``, then re-adjudicates the record with the code of ``rightofway replay FILE``
(:func:`rightofway.parallel.replay_text`). Each move replayed becomes a frame: the title
``replay`` prints for it, the board after the move as the ruleset draws it (SVG), the events
the move caused and the ruling on it, the library's explanation step by step with the
section each step cites. The page gets a player (``docs/_static/races.js``, plain script:
back, forward, play and a range to scrub) and the built book the frames as JSON
(``_static/races/NAME.json``) beside the record itself (``_static/races/NAME.jsonl``), which
``rightofway replay`` reads.

Options: ``:boats:`` (default 2), ``:seed:`` (default 0), ``:laps:`` (Race the Wind: how
many times the course is sailed round; ``play`` sails the three of RTW 1), ``:view:
rrs`` (a simulation race seen through the Racing Rules: each position after a move drawn
and judged by the ``rrs`` ruleset, pair by pair, as :func:`rightofway.sim.to_rrs` hands it
over) and ``:shows:`` (kinds of event the page's text promises, ``infringement
penalty-turn``: a race without one of them stops the build, so that the text stays true
when the library changes the race).

The boards repeat most of their drawing from move to move (the grid, the marks): the
frames keep each distinct piece of SVG once (:class:`Pieces`) and a frame the runs of
pieces it is made of, which :func:`board` (and the player) join back into the drawing.
A race's frames are computed once and kept in the build's cache folder under a key of the
race and the library's source, so that an incremental build does not race again.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.domains.std import StandardDomain
from sphinx.environment import BuildEnvironment
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

import rightofway
from rightofway.explain import Step
from rightofway.registry import get_ruleset, require

__all__ = [
    "FORMAT",
    "Pieces",
    "RaceSpec",
    "Table",
    "board",
    "frames_payload",
    "play_record",
    "replayed",
    "setup",
]

logger = logging.getLogger(__name__)

FORMAT = "rightofway-race-frames"
"""The ``format`` of the frames' JSON (with ``version`` 1)."""
OUT_FOLDER = "_static/races"
"""Where in the built book the frames and records go."""
VIEWS = ("game", "rrs")
MIN_MOVES, MAX_MOVES = 30, 200
"""A race shown in the book has this many moves or more, and this many or fewer: long
enough to show a race, short enough to keep the page's data modest."""
CACHE_VERSION = "1"


@dataclass(frozen=True, slots=True)
class RaceSpec:
    """One race of the book: the ruleset, the boats, the seed of the set-up, the bots and
    the dice, the laps of a Race the Wind course (``None``: the ruleset's own) and the view
    (``game``: the ruleset's own drawing and ruling; ``rrs``: the Racing Rules' view of a
    simulation race)."""

    ruleset: str
    boats: int = 2
    seed: int = 0
    laps: int | None = None
    view: str = "game"

    @property
    def name(self) -> str:
        """The player's name for the race, and its files': the view's ruleset.

        >>> RaceSpec("simulation", view="rrs").name
        'rrs'
        >>> RaceSpec("vector-game").name
        'vector-game'
        """
        return "rrs" if self.view == "rrs" else self.ruleset

    def check(self) -> None:
        """:class:`ValueError` naming the option the library cannot race.

        >>> RaceSpec("vector-game", view="rrs").check()
        Traceback (most recent call last):
        ...
        ValueError: view: rrs judges a simulation race, not a vector-game one
        """
        from rightofway.parallel import games

        known = games()
        if self.ruleset not in known:
            raise ValueError(f"ruleset: expected a ruleset with races, one of "
                             f"{', '.join(known)}; got {self.ruleset!r}")
        if self.view not in VIEWS:
            raise ValueError(f"view: expected one of {', '.join(VIEWS)}; got {self.view!r}")
        if self.view == "rrs" and self.ruleset != "simulation":
            raise ValueError(f"view: rrs judges a simulation race, not a {self.ruleset} one")
        if self.laps is not None and self.ruleset != "race-the-wind":
            raise ValueError(f"laps: only a Race the Wind course has laps, not {self.ruleset}'s")


# --- the race -------------------------------------------------------------------------------


def play_record(spec: RaceSpec) -> list[str]:
    """The game record of the race: the loop of ``rightofway play`` (the ruleset's seeded
    race and bots, one random generator from the seed), on a course of ``spec.laps`` laps
    when given.

    >>> lines = play_record(RaceSpec("vector-game", 2, 1))
    >>> json.loads(lines[0])["ruleset"], len(lines) > 30
    ('vector-game', True)
    """
    from rightofway.parallel import start_game

    spec.check()
    games, race = start_game(spec.ruleset, spec.boats, spec.seed, None)
    if spec.laps is not None:  # Race the Wind's own set-up, on a course of fewer laps
        course = replace(race.course, laps=spec.laps)
        race = games.module("bots").random_race(spec.boats, spec.seed, course=course)
    rng = random.Random(spec.seed)
    while not race.is_over():
        race, _ = race.play(games.choose_move(race, rng))
    return list(race.record_lines())


def replayed(lines: Sequence[str], name: str = "record") -> tuple[list[Any], str]:
    """Every move of a record re-adjudicated by ``rightofway replay``'s code
    (:func:`rightofway.parallel.replay_text`), and its verdict (the line ``replay`` prints
    last). :class:`ValueError` with that verdict when the record is not borne out or stops
    before the race is over."""
    from rightofway.parallel import replay_text

    turns: list[Any] = []
    summary = replay_text(name, "\n".join(lines) + "\n", on_turn=turns.append)
    if summary.status != "ok":
        raise ValueError(f"the race does not replay: {summary.line()}")
    return turns, summary.message


def ruling_steps(turn: Any, ruleset: str) -> tuple[Step, ...] | None:
    """The explanation of a replayed move: the race's ``ruling`` (what ``replay --full``
    prints), or for a race without one the ruleset's ``adjudicate`` of the position before
    the move; ``None`` where the library does not rule on the move (a penalty turn of Race
    the Wind)."""
    if hasattr(turn.before, "ruling"):
        ruling = turn.ruling()  # with the protest that was heard, if any
    else:
        judge: Any = require(get_ruleset(ruleset), "adjudication")
        ruling = judge.adjudicate(turn.before.position, turn.move)
    return None if ruling is None else tuple(ruling.steps)


def _events(turn: Any) -> list[dict[str, str]]:
    """The events ``replay`` prints under a move (all but the move itself)."""
    return [{"kind": e.kind, "cite": str(e.cite), "text": e.text}
            for e in turn.events if e.kind != "move"]


def _game_view(spec: RaceSpec, turn: Any) -> tuple[str, list[tuple[str, tuple[Step, ...]]]]:
    """The board after the move and the ruling on it, as the ruleset gives them."""
    steps = ruling_steps(turn, spec.ruleset)
    return str(turn.race.svg()), [] if steps is None else [("", steps)]


def _rrs_view(race: Any) -> tuple[str, list[tuple[str, tuple[Step, ...]]]]:
    """The position of a simulation race as the Racing Rules see it: drawn with the first
    pair's ruling, and every pair judged."""
    from itertools import combinations

    from rightofway.rrs import rules as rrs_rules
    from rightofway.sim import to_rrs

    position = to_rrs(race.position)
    ids = [b.id for b in position.boats]
    rulings = []
    for a, b in combinations(ids, 2):
        r = rrs_rules.ruling(position, a, b)
        rulings.append((f"{a} and {b}: {r.keep_clear} keeps clear of {r.right_of_way} "
                        f"(RRS {', '.join(r.rules)})", tuple(r.steps)))
    return str(get_ruleset("rrs").diagram(position)), rulings


def frames_payload(spec: RaceSpec, lines: Sequence[str]) -> dict[str, Any]:
    """The frames of a recorded race, as the player reads them (JSON-ready).

    ``frames[0]`` is the start (the board before the first move); ``frames[n]`` move ``n``:
    ``title`` (``replay``'s line for it: ``turn n: MOVE``), ``move``, ``board`` (runs of
    ``pieces``: see :func:`board`), ``events`` (what the move caused) and ``rulings`` (the
    explanation, ``title`` and ``steps`` each; for the ``rrs`` view one per pair of boats).
    A ruling's ``steps`` are indexes into ``steps``, where each distinct step is kept once
    (``kind``, ``text``, ``cite`` and maybe ``detail``: :meth:`rightofway.explain.Step.to_json`).
    """
    turns, verdict = replayed(lines, f"{spec.name}.jsonl")
    if not MIN_MOVES <= len(turns) <= MAX_MOVES:
        raise ValueError(f"the race has {len(turns)} moves; the book shows races of "
                         f"{MIN_MOVES} to {MAX_MOVES}: choose another seed, boats or laps")
    pieces = Pieces()
    steps = Table()

    def rulings(found: list[tuple[str, tuple[Step, ...]]]) -> list[dict[str, Any]]:
        return [{"title": title, "steps": [steps.add(s.to_json()) for s in explained]}
                for title, explained in found]

    start = turns[0].before
    if spec.view == "rrs":
        first_svg, first_rulings = _rrs_view(start)
    else:
        first_svg, first_rulings = str(start.svg()), []
    frames: list[dict[str, Any]] = [{
        "turn": 0, "title": "the start", "move": "", "board": pieces.runs(first_svg),
        "events": [], "rulings": rulings(first_rulings)}]
    for t in turns:
        drawing, found = _rrs_view(t.race) if spec.view == "rrs" else _game_view(spec, t)
        frames.append({"turn": t.turn, "title": f"turn {t.turn}: {t.move}",
                       "move": str(t.move), "board": pieces.runs(drawing),
                       "events": _events(t), "rulings": rulings(found)})
    result = turns[-1].race.result()
    return {
        "format": FORMAT, "version": 1, "name": spec.name, "ruleset": spec.ruleset,
        "view": spec.view, "boats": spec.boats, "seed": spec.seed, "laps": spec.laps,
        "moves": len(turns), "record": f"{spec.name}.jsonl", "verdict": verdict,
        "result": {"finish_order": list(result.finish_order), "reason": result.reason,
                   "cite": str(result.cite) if result.cite else None},
        "pieces": pieces.items, "steps": steps.items, "frames": frames, "links": {},
    }


class Table:
    """Values kept once each, in the order first added: a value's place is its index.

    >>> t = Table()
    >>> [t.add("a"), t.add("b"), t.add("a")], t.items
    ([0, 1, 0], ['a', 'b'])
    """

    def __init__(self) -> None:
        self.items: list[Any] = []
        self._index: dict[str, int] = {}

    def add(self, value: Any) -> int:
        """The index of ``value`` (JSON-ready), added when it is new."""
        key = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
        i = self._index.get(key)
        if i is None:
            i = self._index[key] = len(self.items)
            self.items.append(value)
        return i


class Pieces(Table):
    """The distinct pieces of SVG of a race's boards, each kept once: an element's tag up to
    its ``font-size`` (the attributes that place it), the rest of the tag with the text that
    follows it (how it looks, often the same from move to move). A board is a list of runs
    ``[first, count, first, count, ...]`` of consecutive pieces.

    >>> p = Pieces()
    >>> p.runs("<svg><g>a</g></svg>"), p.runs("<svg><g>b</g></svg>")
    ([0, 4], [0, 1, 4, 1, 2, 2])
    >>> board({"pieces": p.items}, [0, 1, 4, 1, 2, 2])
    '<svg><g>b</g></svg>'
    """

    SPLIT: ClassVar[re.Pattern[str]] = re.compile(r"(?=<)|(?= font-size=)")

    def runs(self, svg: str) -> list[int]:
        """The runs of pieces that make ``svg``, adding the pieces not seen before."""
        out: list[int] = []
        for piece in self.SPLIT.split(svg):
            if not piece:
                continue
            i = self.add(piece)
            if out and out[-2] + out[-1] == i:
                out[-1] += 1
            else:
                out += [i, 1]
        return out


def board(payload: dict[str, Any], runs: Sequence[int]) -> str:
    """The SVG a frame's runs of pieces make (what the player puts on the page)."""
    table = payload["pieces"]
    return "".join(piece for first, count in zip(runs[::2], runs[1::2], strict=True)
                   for piece in table[first:first + count])


def cites(payload: dict[str, Any]) -> set[str]:
    """Every citation the frames show."""
    found = {e["cite"] for f in payload["frames"] for e in f["events"]}
    found |= {s["cite"] for s in payload["steps"]}
    if payload["result"]["cite"]:
        found.add(payload["result"]["cite"])
    return found


# --- Sphinx ---------------------------------------------------------------------------------


def _library_key(spec: RaceSpec) -> str:
    """A key that changes with the race asked for, the library's source and this file."""
    digest = hashlib.sha256(f"{CACHE_VERSION}{spec}{rightofway.__version__}".encode())
    package = Path(rightofway.__file__).parent
    for path in [*sorted(package.rglob("*.py")), Path(__file__)]:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def _cache(env: BuildEnvironment, spec: RaceSpec) -> tuple[Path, Path]:
    """The cached frames and record of ``spec`` (computed when missing)."""
    folder = Path(env.doctreedir) / "rightofway-races"
    key = _library_key(spec)
    frames, record = folder / f"{spec.name}-{key}.json", folder / f"{spec.name}-{key}.jsonl"
    if frames.is_file() and record.is_file():
        return frames, record
    lines = play_record(spec)
    payload = frames_payload(spec, lines)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{spec.name}-*.json*"):
        old.unlink()
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    frames.write_text(json.dumps(payload, separators=(",", ":")), encoding="utf-8")
    logger.info("rightofway races: %s raced, %d moves", spec.name, payload["moves"])
    return frames, record


class race_player(nodes.General, nodes.Element):  # type: ignore[misc]  # docutils' case
    """The player of one race: its name, number of moves and cached files."""


def _kinds(frames: Path) -> set[str]:
    payload = json.loads(frames.read_text(encoding="utf-8"))
    return {e["kind"] for f in payload["frames"] for e in f["events"]}


def _moves_of(frames: Path) -> int:
    moves: int = json.loads(frames.read_text(encoding="utf-8"))["moves"]
    return moves


class RaceDirective(SphinxDirective):
    """``.. rightofway-race:: RULESET`` with ``:boats:``, ``:seed:``, ``:laps:``, ``:view:``
    and ``:shows:``: the player of that race (see the module's documentation)."""

    required_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = {
        "boats": directives.positive_int,
        "seed": directives.nonnegative_int,
        "laps": directives.positive_int,
        "view": lambda text: directives.choice(text, VIEWS),
        "shows": lambda text: tuple(directives.unchanged_required(text).replace(",", " ")
                                    .split()),
    }

    def run(self) -> list[nodes.Node]:
        spec = RaceSpec(self.arguments[0], self.options.get("boats", 2),
                        self.options.get("seed", 0), self.options.get("laps"),
                        self.options.get("view", "game"))
        try:
            frames, record = _cache(self.env, spec)
        except ValueError as err:
            raise self.error(f"rightofway-race: {err}") from None
        missing = sorted(set(self.options.get("shows", ())) - _kinds(frames))
        if missing:
            raise self.error(f"rightofway-race: the {spec.name} race shows no event of the "
                             f"kind {', '.join(missing)} (option shows): the page's text "
                             "promises it; choose another seed")
        players = _players(self.env)
        if self.env.docname in players:
            raise self.error("rightofway-race: one race a page (the player's controls have "
                             "fixed ids)")
        players[self.env.docname] = (spec.name, str(frames), str(record))
        # the race changes with the library, its frames with this file, the player with them
        for module in sorted(Path(rightofway.__file__).parent.rglob("*.py")):
            self.env.note_dependency(str(module))
        self.env.note_dependency(__file__)
        self.env.note_dependency(str(Path(self.env.srcdir) / "_static" / "races.js"))
        node = race_player(name=spec.name, moves=_moves_of(frames))
        self.set_source_info(node)
        return [node]


def _players(env: BuildEnvironment) -> dict[str, tuple[str, str, str]]:
    found: dict[str, tuple[str, str, str]] | None = getattr(env, "rightofway_races", None)
    if found is None:
        found = {}
        env.rightofway_races = found  # type: ignore[attr-defined]
    return found


def purge_players(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """``env-purge-doc``: forget the race of a document about to be read again."""
    _players(env).pop(docname, None)


def merge_players(app: Sphinx, env: BuildEnvironment, docnames: set[str],
                  other: BuildEnvironment) -> None:
    """``env-merge-info``: take the races a parallel reader found."""
    mine = _players(env)
    for docname, found in _players(other).items():
        if docname in docnames:
            mine[docname] = found


PLAYER = """<div class="race-player" data-ruleset="{name}" data-moves="{moves}" \
data-src="{src}">
<div class="race-controls" role="group" aria-label="race controls">
<button type="button" id="race-prev" aria-label="back one move" disabled>&#9664; back</button>
<button type="button" id="race-play" aria-label="play" disabled>&#9654; play</button>
<button type="button" id="race-next" aria-label="forward one move" disabled>forward \
&#9654;</button>
<input type="range" id="race-scrub" min="0" max="{moves}" value="0" step="1" \
aria-label="move" disabled>
</div>
<p id="race-move" class="race-move" aria-live="polite">loading the race of {moves} moves\
&#8230;</p>
<div class="race-body">
<div id="race-board" class="race-board"></div>
<div id="race-ruling" class="race-ruling"></div>
</div>
<noscript><p>The player needs JavaScript; the race's record is
<a href="{record}">{name}.jsonl</a>.</p></noscript>
</div>
"""


def visit_player_html(translator: Any, node: race_player) -> None:
    """The player's markup, its files named relative to the page."""
    builder = translator.builder
    here = builder.get_target_uri(builder.current_docname)
    src = relative_uri(here, f"{OUT_FOLDER}/{node['name']}.json")
    record = relative_uri(here, f"{OUT_FOLDER}/{node['name']}.jsonl")
    translator.body.append(PLAYER.format(name=node["name"], moves=node["moves"], src=src,
                                         record=record))
    raise nodes.SkipNode


def visit_player_other(translator: Any, node: race_player) -> None:
    """Other builders show no player."""
    raise nodes.SkipNode


def _links(app: Sphinx, docname: str, payload: dict[str, Any]) -> dict[str, str]:
    """Each citation of the frames with the address of its rule, relative to the page,
    where the book has a label for it (as ``:rightofway-cite:`` links them)."""
    from catalogue import label_candidates, section_label

    std = app.env.get_domain("std")
    assert isinstance(std, StandardDomain)
    labels = std.anonlabels
    links = {}
    for text in sorted(cites(payload)):
        match = re.fullmatch(r"\s*(\S+?)(?:\s+|-)([^,]+?)\s*(?:,.*)?", text)
        if match is None:
            continue
        label = section_label(match.group(1), match.group(2))
        target = next((labels[c] for c in label_candidates(label) if c in labels), None)
        if target is not None:
            todocname, labelid = target
            uri = app.builder.get_relative_uri(docname, todocname)
            links[text] = f"{uri}#{labelid}" if labelid else uri
    return links


def write_files(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: the frames (with the citations' links) and the record of the
    page's race, written into the built book."""
    found = _players(app.env).get(docname)
    if found is None or app.builder.format != "html":
        return
    name, frames, record = found
    payload = json.loads(Path(frames).read_text(encoding="utf-8"))
    payload["links"] = _links(app, docname, payload)
    out = Path(app.outdir) / OUT_FOLDER
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.json").write_text(json.dumps(payload, separators=(",", ":")),
                                      encoding="utf-8")
    (out / f"{name}.jsonl").write_text(Path(record).read_text(encoding="utf-8"),
                                       encoding="utf-8")


def add_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
               doctree: nodes.document | None) -> None:
    """``html-page-context``: the player's script and style on the pages with a race."""
    if pagename in _players(app.env):
        app.add_css_file("races.css")
        app.add_js_file("races.js", loading_method="defer")


def iter_players(env: BuildEnvironment) -> Iterator[tuple[str, str]]:
    """``(docname, race name)`` of every page with a race."""
    for docname, (name, _, _) in sorted(_players(env).items()):
        yield docname, name


def check_names(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-updated``: two pages may not show races of one name (their files would clash)."""
    seen: dict[str, str] = {}
    for docname, name in iter_players(env):
        if name in seen:
            raise ExtensionError(f"rightofway-race: {docname} and {seen[name]} both show the "
                                 f"{name} race")
        seen[name] = docname
    return []


def _import_record_models() -> None:
    """Import every race's record module now, before any page is read.

    autodoc, documenting :class:`rightofway.scenarios.RecordSetup` on the API pages, copies
    the annotations of pydantic's ``BaseModel`` into the class (``ClassVar[Dict[...]]``,
    from pydantic's source); a set-up model subclassing it defined after that cannot
    resolve ``Dict`` and is left unusable, so that reading a record fails. Models defined
    before are complete and unaffected."""
    from rightofway.parallel import games

    for name in games():
        ruleset = get_ruleset(name)
        module = getattr(ruleset, "module", None)
        if module is not None:
            module("record")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive, its node and the event handlers."""
    _import_record_models()
    skip = (visit_player_other, None)
    app.add_node(race_player, html=(visit_player_html, None), latex=skip, text=skip, man=skip,
                 texinfo=skip)
    app.add_directive("rightofway-race", RaceDirective)
    app.connect("env-purge-doc", purge_players)
    app.connect("env-merge-info", merge_players)
    app.connect("env-updated", check_names)
    app.connect("doctree-resolved", write_files)
    app.connect("html-page-context", add_assets)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True,
            "env_version": 1}
