"""The ``rightofway`` command: check, list, explain and draw scenarios, play, replay and draw
races, report the incidents of tracks, print the schema of scenario files.

Exit status: 0 when every expectation holds, 1 when one fails (or a replay
finds an illegal move, a wrong event or a record that stops short), 2 on
invalid input (one line per bad file, never a traceback).

The command stays light: the rulesets, pydantic and networkx load only when
the chosen command needs them.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rightofway import __version__

if TYPE_CHECKING:
    from rightofway.scenarios import ScenarioError, ScenarioReport

__all__ = ["main"]



def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, got {value}")
    return value


def _sub(sub: Any, name: str, summary: str, example: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=summary, description=summary[0].upper() + summary[1:] + ".",
        epilog=f"example:\n  {example}", formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    return parser


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rightofway",
        description="Adjudicate sailing-race board games, every ruling explained with the "
                    "rulebook section it rests on.",
        epilog="examples:\n  rightofway check\n  rightofway explain rtw-fig09-starboard-free-point"
               "\n  rightofway play --boats 4 --seed 7 --record race.jsonl"
               "\n  rightofway replay race.jsonl",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=f"rightofway {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    c = _sub(sub, "check", "check scenario files against their expectations",
             "rightofway check scenarios/race-the-wind -v")
    c.add_argument("paths", nargs="*", metavar="PATH_OR_ID",
                   help="scenario files, folders of them, or ids of bundled scenarios "
                        "(default: the whole bundled catalogue)")
    c.add_argument("--json", action="store_true", help="print JSON for programs")
    verbosity = c.add_mutually_exclusive_group()
    verbosity.add_argument("-v", "--verbose", action="store_true",
                           help="print every scenario's facts, ruling and explanation "
                                "(default: one line per scenario)")
    verbosity.add_argument("-q", "--quiet", action="store_true",
                           help="print only the scenarios that fail, and the summary")

    ls = _sub(sub, "list", "list the bundled scenarios: id and title",
              "rightofway list --ruleset vector-game")
    ls.add_argument("--ruleset", metavar="NAME",
                    help="only this ruleset's scenarios (default: every ruleset)")
    ls.add_argument("--json", action="store_true", help="print JSON for programs")

    e = _sub(sub, "explain", "print the full explanation of one scenario",
             "rightofway explain rtw-fig14-astern-in-zone-beam-reach")
    e.add_argument("file", metavar="FILE_OR_ID", help="a scenario file or a bundled scenario's id")
    e.add_argument("--json", action="store_true", help="print JSON for programs")

    d = _sub(sub, "draw", "draw a scenario as SVG (before and, with a legal move, after), or "
             "a game record's final position (with --track, every boat's track)",
             "rightofway draw rtw-fig09-starboard-free-point -o fig09.svg --layers claims\n"
             "  rightofway draw race.jsonl --track -o race.svg")
    d.add_argument("file", metavar="FILE_OR_ID",
                   help="a scenario file, a bundled scenario's id, or a game record (a .jsonl "
                        "file, as play --record writes, of any ruleset with races)")
    d.add_argument("-o", "--output", type=Path, metavar="OUT.svg",
                   help="write the SVG here (default: print it)")
    d.add_argument("--track", action="store_true",
                   help="a game record only: draw every boat's track through the race, from "
                        "the start, behind the hulls of the final position")
    d.add_argument("--layers", metavar="LIST",
                   help="a scenario only: layers to draw, comma-separated, from those the "
                        "ruleset draws (Race the Wind: claims, contested, shadows, "
                        "engagement), or 'none' (default: the ruleset's own)")
    d.add_argument("--size", type=_positive, metavar="PIXELS",
                   help="a scenario only: width of one panel in pixels, above 0 (default: "
                        f"{DRAW_SIZE})")

    pl = _sub(sub, "play", "race seeded bots through a whole race to the finish",
              "rightofway play --ruleset race-the-wind --boats 4 --seed 7 --record race.jsonl")
    pl.add_argument("--ruleset", default="race-the-wind", metavar="NAME",
                    help="the game to race: any ruleset with races, built in (race-the-wind, "
                         "vector-game, americas-cup, simulation) or installed (default: "
                         "%(default)s)")
    pl.add_argument("--boats", type=_positive, default=2,
                    help="how many boats race, 2 to 10 (default: %(default)s)")
    pl.add_argument("--seed", type=int, default=0,
                    help="seed of the set-up, the bots and the dice (default: %(default)s)")
    pl.add_argument("--course", metavar="NAME",
                    help="a course the ruleset names; Race the Wind: windward-leeward (the "
                         "stick of RTW 1, its default), or windward-gate or triangle (variants "
                         "of RTW 3.8 with a second windward buoy or a reach mark)")
    pl.add_argument("--record", type=Path, metavar="FILE",
                    help="write the game record (JSON Lines) here")
    pl.add_argument("--tracks", type=Path, metavar="FILE",
                    help="simulation only: write the boats' tracks here (CSV, for "
                         "rightofway incidents) and their course file beside it "
                         "(FILE's stem + .course.yaml)")
    pl.add_argument("-q", "--quiet", action="store_true",
                    help="print only the result, not every move")
    many = pl.add_argument_group(
        "many games", "race several games, seeds SEED to SEED+N-1, and print a summary "
        "(games, moves, illegal moves, penalties, seconds)")
    many.add_argument("--games", type=_positive, default=1, metavar="N",
                      help="how many games to race (default: %(default)s)")
    many.add_argument("--record-dir", type=Path, metavar="DIR",
                      help="write each game's record here, as game-SEED.jsonl")
    _parallel_options(many)

    rp = _sub(sub, "replay", "re-adjudicate a game record move by move",
              "rightofway replay race.jsonl --full")
    rp.add_argument("files", nargs="+", type=Path, metavar="FILE",
                    help="game records (JSON Lines), of any ruleset; with several, one line "
                         "per record and a summary")
    rp.add_argument("--full", action="store_true",
                    help="one record only: print the ruling's explanation for every move, "
                         "not only disputed ones")
    rp.add_argument("--partial", action="store_true",
                    help="accept a record that stops before the race is over (a game in "
                         "progress); by default that is reported and exits 1")
    rp.add_argument("-q", "--quiet", action="store_true",
                    help="print only the verdict (several records: only the records that "
                         "fail, and the summary)")
    _parallel_options(rp)

    inc = _sub(sub, "incidents", "report the incidents of a race's tracks: boats within "
               "range of each other, who kept clear of whom and why, by the Racing Rules "
               "over time",
               "rightofway incidents race.csv\n"
               "  rightofway incidents W.gpx L.gpx --course course.yaml --html report.html\n"
               "  rightofway incidents --races day1/*.csv --jobs 2")
    inc.add_argument("files", nargs="+", type=Path, metavar="TRACKS",
                     help="the tracks of one race: CSV files (time, boat, x, y or lat, lon; "
                          "heading and speed optional) and GPX files (a named track per "
                          "boat, or one file per boat); with --races, each file a race of "
                          "its own")
    inc.add_argument("--course", type=Path, metavar="FILE",
                     help="the course file (YAML: hull_length, beam, wind, start, marks, "
                          "obstructions, lines) (default: NAME.course.yaml beside the first "
                          "tracks file, as play --tracks writes it)")
    inc.add_argument("--step", default="1", metavar="SECONDS",
                     help="sample the boats every SECONDS, above 0 and at most 3600 "
                          "(default: %(default)s)")
    inc.add_argument("--range", default="3", metavar="LENGTHS",
                     help="two boats are in an incident while their hulls are within LENGTHS "
                          "hull lengths, above 0 and at most 100 (default: %(default)s)")
    inc.add_argument("--heading-window", default="3", metavar="SECONDS",
                     help="a boat without a heading takes her course over the last SECONDS, "
                          "above 0 and at most 3600 (default: %(default)s)")
    inc.add_argument("--json", action="store_true",
                     help="print the incident report as JSON for programs (an array of "
                          "incidents; with --races, an object of them by file)")
    inc.add_argument("--html", type=Path, metavar="FILE",
                     help="write the report as a web page, a diagram of each incident at its "
                          "closest approach and at each change")
    inc.add_argument("--scenarios", type=Path, metavar="DIR",
                     help="write each incident's closest approach as a scenario file, "
                          "DIR/ID.yaml, which rightofway check passes")
    races = inc.add_argument_group(
        "many races", "with --races each TRACKS file is a race of its own, its course file "
        "beside it (NAME.course.yaml); one line per race and a total")
    races.add_argument("--races", action="store_true",
                       help="each TRACKS file is a race of its own")
    _parallel_options(races)

    s = _sub(sub, "schema", "print the JSON Schema of scenario files",
             "rightofway schema --ruleset vector-game > vector-game.schema.json")
    s.add_argument("--ruleset", metavar="NAME",
                   help="one ruleset's schema (default: the schema of every ruleset's files)")
    return p


def _parallel_options(group: Any) -> None:
    group.add_argument("--jobs", type=_positive, metavar="N",
                       help="run in N worker processes (default: one after the other here)")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="run on the Dask cluster whose scheduler is at ADDRESS, e.g. "
                            "tcp://10.0.0.5:8786 (needs the extra: pip install "
                            "'rightofway[cluster]')")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args.paths, as_json=args.json, verbose=args.verbose, quiet=args.quiet)
        if args.command == "list":
            return _list(args.ruleset, as_json=args.json)
        if args.command == "explain":
            return _explain(args.file, as_json=args.json)
        if args.command == "draw":
            if _is_record(args.file):
                return _draw_record(Path(args.file), args.output, track=args.track,
                                    layers=args.layers, size=args.size)
            if args.track:
                return _fail(f"--track: draws a game record's tracks; {args.file} is a "
                             "scenario (a record is a .jsonl file, as play --record writes)")
            return _draw(args.file, args.output, args.layers, args.size or DRAW_SIZE)
        if args.command == "play":
            if args.games > 1 or args.jobs or args.scheduler or args.record_dir:
                if args.tracks is not None:
                    return _fail("--tracks: one game's tracks; race a single game with it")
                return _play_many(args)
            return _play(args.ruleset, args.boats, args.seed, args.record, quiet=args.quiet,
                         course=args.course, tracks=args.tracks)
        if args.command == "replay":
            if len(args.files) > 1 or args.jobs or args.scheduler:
                return _replay_many(args)
            return _replay(args.files[0], full=args.full, quiet=args.quiet,
                           partial=args.partial)
        if args.command == "incidents":
            return _incidents(args)
        return _schema(args.ruleset)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


# --- scenarios -------------------------------------------------------------------------------


def _bundled() -> dict[str, Path]:
    """Bundled scenario files by id (a catalogue file is named by its id)."""
    from rightofway.scenarios import bundled_catalogue, find_scenarios

    return {f.stem: f for f in find_scenarios([bundled_catalogue()])}


def _resolve(text: str) -> Path:
    """A path as given when it exists, else the bundled scenario of that id."""
    path = Path(text)
    if path.exists() or path.suffix in (".yaml", ".yml") or "/" in text:
        return path
    return _bundled().get(text, path)


def _check(paths: list[str], *, as_json: bool, verbose: bool, quiet: bool) -> int:
    from rightofway.scenarios import (
        ScenarioError,
        bundled_catalogue,
        check_file,
        find_scenarios,
    )

    resolved = [_resolve(p) for p in paths]
    files = list(find_scenarios(resolved or [bundled_catalogue()]))
    reports: list[ScenarioReport] = []
    errors: list[ScenarioError] = []
    missing = [f for f in files if not f.exists()]
    for f in missing:
        errors.append(ScenarioError(str(f), "no such file or folder, nor a bundled scenario id"))
    seen: dict[str, str] = {}
    crashed: list[str] = []
    for f in files:
        if f in missing:
            continue
        # Each file is checked on its own: whatever goes wrong with one (an error, time,
        # memory) is reported against it and the others are checked all the same.
        try:
            with _isolated(FILE_SECONDS, FILE_MEMORY):
                report = check_file(f)
        except ScenarioError as err:
            errors.append(err)
            continue
        except _TimeUp:
            crashed.append(f"{f}: internal error: still checking after {FILE_SECONDS} s, "
                           "stopped; please report it")
            continue
        except MemoryError:
            crashed.append(f"{f}: internal error: needed more than {FILE_MEMORY // 2**20} MB, "
                           "stopped; please report it")
            continue
        except Exception as crash:  # a bug of ours: say so in one line, count it as failed
            crashed.append(f"{f}: internal error while checking ({type(crash).__name__}: "
                           f"{crash}); please report it")
            continue
        if report.id in seen:
            errors.append(ScenarioError(str(f), f"scenario id {report.id!r} is already used by "
                                        f"{seen[report.id]}", ("id",)))
            continue
        seen[report.id] = str(f)
        reports.append(report)
    if not files:
        errors.append(ScenarioError(", ".join(paths) or "catalogue", "no scenario files found"))
    passed = sum(r.passed for r in reports)
    failed = len(reports) - passed
    if as_json:
        out: dict[str, Any] = {
            "passed": passed,
            "failed": failed,
            "invalid": len(errors),
            "internal_errors": len(crashed),
            "scenarios": [r.to_json() for r in reports],
            "crashed": crashed,
            "errors": [
                {"file": e.file, "line": e.line, "field": ".".join(map(str, e.loc)),
                 "message": e.message}
                for e in errors
            ],
        }
        print(json.dumps(out, indent=2))
    else:
        for r in reports:
            if verbose:
                print(r.text(full=True))
                print()
            elif not (quiet and r.passed):
                print(_one_line(r))
        for problem in errors:
            print(f"error: {problem}", file=sys.stderr)
        for text in crashed:
            print(f"error: {text}", file=sys.stderr)
        tail = f", {len(errors)} invalid" if errors else ""
        if crashed:
            tail += f", {len(crashed)} internal error{'s' if len(crashed) > 1 else ''}"
        sys.stdout.flush()
        print(f"{passed} passed, {failed} failed{tail}")
    if errors:
        return 2
    return 1 if failed or crashed else 0


FILE_SECONDS = 60
"""Time after which ``check`` stops working on one file (its input limits keep any valid
file far below it)."""
FILE_MEMORY = 2**30
"""Memory ``check`` lets one file take, over what the process already uses (Linux)."""


class _TimeUp(Exception):
    """One file's check ran past :data:`FILE_SECONDS`."""


@contextlib.contextmanager
def _isolated(seconds: int, memory: int) -> Iterator[None]:
    """Bound the time (a Unix interval timer) and the memory (an address-space limit on
    Linux) of the work inside, so that a runaway check fails alone. Where neither can be
    bounded (another platform, not the main thread) the work runs unbounded."""
    import signal
    import threading

    timed = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    limited = _lower_memory_limit(memory)

    def time_up(signum: int, frame: Any) -> None:
        raise _TimeUp

    if timed:
        previous = signal.signal(signal.SIGALRM, time_up)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        if limited is not None:
            import resource

            resource.setrlimit(resource.RLIMIT_AS, limited)


def _lower_memory_limit(memory: int) -> tuple[int, int] | None:
    """Lower the soft address-space limit to what is in use plus ``memory``; the limits
    before, to restore, or ``None`` where that cannot be done."""
    try:
        import resource

        in_use = int(Path("/proc/self/statm").read_text().split()[0]) * resource.getpagesize()
        before = resource.getrlimit(resource.RLIMIT_AS)
        wanted = in_use + memory
        soft, hard = before
        if soft != resource.RLIM_INFINITY and soft <= wanted:
            return None
        if hard != resource.RLIM_INFINITY:
            wanted = min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
        return before
    except (ImportError, OSError, ValueError, IndexError):
        return None


def _one_line(report: ScenarioReport) -> str:
    if report.passed:
        return report.headline()
    return f"{report.headline()}: " + "; ".join(str(m) for m in report.mismatches)


def _list(ruleset: str | None, *, as_json: bool) -> int:
    from rightofway.registry import get_ruleset
    from rightofway.scenarios import ScenarioError, load_scenario

    if ruleset is not None:
        try:
            get_ruleset(ruleset)
        except KeyError as err:
            return _fail(f"--ruleset: {err.args[0]}")
    rows = []
    for sid, path in sorted(_bundled().items()):
        try:
            model = load_scenario(path).model
        except ScenarioError as err:  # pragma: no cover - the bundled catalogue is valid
            return _fail(str(err))
        if ruleset is None or model.ruleset == ruleset:
            rows.append({"id": sid, "ruleset": model.ruleset, "title": model.title})
    if as_json:
        print(json.dumps(rows, indent=2))
        return 0
    width = max((len(r["id"]) for r in rows), default=0)
    for r in rows:
        print(f"{r['id']:<{width}}  {r['title']}")
    print(f"{len(rows)} scenarios")
    return 0


def _explain(file: str, *, as_json: bool) -> int:
    from rightofway.scenarios import ScenarioError, check_file

    try:
        report = check_file(_resolve(file))
    except ScenarioError as bad:
        return _fail(str(bad))
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(report.text(full=True))
    return 0 if report.passed else 1


def _draw(file: str, output: Path | None, layers: str | None, size: int) -> int:
    from rightofway.registry import RulesetBase, draw, get_ruleset
    from rightofway.scenarios import ScenarioError, load_scenario

    try:
        prepared = load_scenario(_resolve(file))
    except ScenarioError as bad:
        return _fail(str(bad))
    chosen: tuple[str, ...] | None = None
    if layers is not None:
        chosen = () if layers.strip() == "none" else tuple(
            x.strip() for x in layers.split(",") if x.strip())
    ruleset = get_ruleset(prepared.model.ruleset)
    try:
        if chosen and isinstance(ruleset, RulesetBase):
            ruleset.check_layers(chosen)
        elif chosen:
            draw(ruleset, prepared.position, prepared.move, layers=chosen)
    except ValueError as e:
        return _fail(f"--layers: {e}")
    try:
        picture = draw(ruleset, prepared.position, prepared.move, layers=chosen, size=size)
    except ValueError as e:
        return _fail(f"{prepared.file}: cannot draw: {e}")
    return _emit(picture, output)


def _emit(picture: str, output: Path | None) -> int:
    """``draw``'s picture printed, or written to ``output``."""
    if output is None:
        print(picture)
        return 0
    try:
        output.write_text(picture + "\n", encoding="utf-8")
    except OSError as e:
        return _fail(f"{output}: cannot write: {e.strerror}")
    print(f"wrote {output}")
    return 0


DRAW_SIZE = 420
"""Width of one panel of a scenario's drawing, in pixels, unless ``--size`` says."""


def _is_record(text: str) -> bool:
    """Whether ``draw``'s argument is a game record: a ``.jsonl`` (or ``.ndjson``) file, or
    a file that is not YAML whose first line is a record's set-up line."""
    path = Path(text)
    if path.suffix in (".jsonl", ".ndjson"):
        return True
    if path.suffix in (".yaml", ".yml") or not path.is_file():
        return False
    from rightofway import limits

    try:
        with path.open(encoding="utf-8") as f:
            first = f.readline(limits.MAX_LINE_BYTES)
        data = json.loads(first)
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return isinstance(data, dict) and data.get("type") == "setup" and "ruleset" in data


def _draw_record(path: Path, output: Path | None, *, track: bool, layers: str | None,
                 size: int | None) -> int:
    """``draw`` of a game record: the race it reaches, every move replayed and checked as
    ``replay`` does, drawn as the race draws itself (with ``track``, every boat's track)."""
    from rightofway import parallel
    from rightofway.errors import Unsupported

    if layers is not None:
        return _fail("--layers: a game record is drawn as its race draws itself; layers "
                     "are for scenarios")
    if size is not None:
        return _fail("--size: a game record is drawn at its race's own size; --size is for "
                     "scenarios")
    last: list[Any] = []

    def keep(turn: Any) -> None:  # only the last turn: the race remembers the rest
        last[:] = [turn]

    result = parallel.replay_one(path, partial=True, on_turn=keep)
    if result.status in ("invalid", "mismatch"):
        return _fail(result.line())
    race = last[0].race if last else _record_start(path)
    if isinstance(race, str):
        return _fail(f"{path}: {race}")
    try:
        picture = race.svg(tracks=True) if track else race.svg()
    except Unsupported as e:
        return _fail(f"--track: {e}" if track else f"{path}: cannot draw: {e}")
    except NotImplementedError:
        return _fail(f"{path}: cannot draw: its game's races do not draw themselves")
    return _emit(picture, output)


def _record_start(path: Path) -> Any:
    """The race a record of no moves sets up (its ruleset's ``record.start``), or what
    stands in the way, in words."""
    from rightofway import limits
    from rightofway.errors import Unsupported
    from rightofway.parallel import record_ruleset
    from rightofway.registry import RulesetBase, get_ruleset

    lines = limits.read_limited(path, limits.MAX_RECORD_BYTES).splitlines()
    ruleset = get_ruleset(record_ruleset(lines))
    try:
        start = getattr(ruleset.module("record"), "start", None) \
            if isinstance(ruleset, RulesetBase) else None
    except (Unsupported, ImportError):
        start = None
    if start is None:
        return "the record has no moves, and its game has no set-up to draw"
    return start(lines)


def _schema(ruleset: str | None) -> int:
    from rightofway.scenarios import scenario_schema

    try:
        schema = scenario_schema(ruleset)
    except KeyError as err:
        return _fail(f"--ruleset: {err.args[0]}")
    print(json.dumps(schema, indent=2))
    return 0


# --- races -----------------------------------------------------------------------------------


def _game_problem(ruleset: str, course: str | None) -> str | None:
    """What is wrong with ``--ruleset`` and ``--course`` of ``play``, asked of the registry:
    the ruleset must declare races, the course be one it names."""
    from rightofway.parallel import games
    from rightofway.registry import get_ruleset

    known = games()
    if ruleset not in known:
        return (f"--ruleset: expected a ruleset with races, one of {', '.join(known)}; "
                f"got {ruleset!r}")
    if course is None:
        return None
    courses: tuple[str, ...] = getattr(get_ruleset(ruleset), "courses", ())
    if not courses:
        return f"--course: {ruleset} races on its own course"
    if course not in courses:
        return f"--course: expected one of {', '.join(courses)}; got {course!r}"
    return None


def _play(ruleset: str, boats: int, seed: int, record: Path | None, *, quiet: bool,
          course: str | None = None, tracks: Path | None = None) -> int:
    import random

    from rightofway.parallel import start_game
    from rightofway.races import SetupError

    problem = _game_problem(ruleset, course)
    if problem:
        return _fail(problem)
    if tracks is not None and ruleset != "simulation":
        return _fail(f"--tracks: the simulation's races have tracks on the water; "
                     f"{ruleset} is played on a grid or with cards")
    try:
        bots, first = start_game(ruleset, boats, seed, course)
    except SetupError as e:
        return _fail(str(e))
    rng = random.Random(seed)
    race: Any = first
    while not race.is_over():
        move = bots.choose_move(race, rng)
        race, events = race.play(move)
        if not quiet:
            notes = "; ".join(e.text for e in events if e.kind != "move")
            print(f"{len(race.moves):>5} {move}{'  - ' + notes if notes else ''}")
    order = race.finish_order
    print(f"finish: {', '.join(f'{i}. {b}' for i, b in enumerate(order, 1)) or 'nobody'}"
          f" after {len(race.moves)} moves")
    unfinished = [b for b in race.start.position.boat_ids if b not in order]
    if hasattr(race, "winner") and not race.until_all_finish and race.is_over() \
            and race.turn < race.max_turns:
        # a match race ends at the first finish (or with a boat disqualified at the start)
        out = ", ".join(race.out)
        print(f"winner: {race.winner or 'nobody'}"
              f"{f' ({out} disqualified at the start)' if out else ''}")
    elif unfinished:
        print(f"stopped after {len(race.moves)} moves; still racing: {', '.join(unfinished)}")
    if record is not None:
        try:
            record.write_text("\n".join(race.record_lines()) + "\n", encoding="utf-8")
        except OSError as e:
            return _fail(f"{record}: cannot write: {e.strerror}")
        print(f"record written to {record}")
    if tracks is not None:
        from rightofway.sim.tracks import write_tracks

        try:
            course_file = write_tracks(race, tracks)
        except OSError as e:
            return _fail(f"{tracks}: cannot write: {e.strerror}")
        print(f"tracks written to {tracks}, their course to {course_file}")
    return 0


def _replay(file: Path, *, full: bool, quiet: bool, partial: bool) -> int:
    from rightofway import parallel
    from rightofway.explain import render_steps

    def show(t: Any) -> None:
        print(f"turn {t.turn}: {t.move}")
        for event in t.events:
            if event.kind != "move":
                print(f"  {event}")
        disputed = any(
            ev.kind in ("infringement", "protest", "start-fault", "penalty") for ev in t.events
        )
        if full or disputed:
            ruling = t.ruling()  # with the protest that was heard, if any
            if ruling is not None:
                print(render_steps(ruling.steps, indent="    "))

    result = parallel.replay_one(file, partial=partial, on_turn=None if quiet else show)
    if result.status == "invalid":
        return _fail(result.line())
    if result.status == "ok":
        print(result.line())
        return 0
    print(result.line(), file=sys.stderr)  # a mismatch, or a record that stops too soon
    return 1


def _play_many(args: argparse.Namespace) -> int:
    """``play`` of several games: one line per game, and the summary."""
    import time

    from rightofway import parallel
    from rightofway.races import SetupError

    if args.record is not None:
        return _fail("--record: one game's record; for several games give --record-dir")
    problem = _game_problem(args.ruleset, args.course)
    if problem:
        return _fail(problem)
    if args.record_dir is not None:
        try:
            args.record_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return _fail(f"{args.record_dir}: cannot make the folder: {e.strerror}")
    seeds = range(args.seed, args.seed + args.games)
    started = time.perf_counter()
    try:
        games = parallel.play_games(
            args.ruleset, args.boats, seeds, course=args.course,
            record=args.record_dir is not None, jobs=args.jobs or 1, scheduler=args.scheduler,
            progress=parallel.terminal())
    except SetupError as e:
        return _fail(str(e))
    except parallel.ClusterUnavailable as e:
        return _fail(f"--scheduler: {e}")
    seconds = time.perf_counter() - started
    for game in games:
        if args.record_dir is not None and game.record is not None:
            path = args.record_dir / f"game-{game.seed}.jsonl"
            try:
                path.write_text("\n".join(game.record) + "\n", encoding="utf-8")
            except OSError as e:
                return _fail(f"{path}: cannot write: {e.strerror}")
        if not args.quiet:
            print(game.line())
    print(parallel.summarize(games, seconds).line())
    return 0


def _replay_many(args: argparse.Namespace) -> int:
    """``replay`` of several records: one line per record, and the summary."""
    import time

    from rightofway import parallel

    if args.full:
        return _fail("--full: the explanations of one record; give one file")
    started = time.perf_counter()
    try:
        results = parallel.replay_records(
            args.files, partial=args.partial, jobs=args.jobs or 1, scheduler=args.scheduler,
            progress=parallel.terminal())
    except parallel.ClusterUnavailable as e:
        return _fail(f"--scheduler: {e}")
    seconds = time.perf_counter() - started
    for r in results:
        if not (args.quiet and r.status == "ok"):
            print(r.line())
    print(parallel.summarize(results, seconds).line())
    if any(r.status == "invalid" for r in results):
        return 2
    return 1 if any(r.status != "ok" for r in results) else 0


# --- incidents from tracks ---------------------------------------------------------------------

_INCIDENT_OPTIONS = (
    ("step", "--step", "seconds", 3600.0),
    ("range", "--range", "hull lengths", 100.0),
    ("heading_window", "--heading-window", "seconds", 3600.0),
)
"""``incidents``' numeric options: name, flag, unit, the largest value."""


def _incident_options(args: argparse.Namespace) -> dict[str, float] | str:
    """``--step``, ``--range`` and ``--heading-window`` as numbers, or the error."""
    import math

    found: dict[str, float] = {}
    for name, flag, unit, top in _INCIDENT_OPTIONS:
        text = getattr(args, name)
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0 < value <= top:  # NaN fails too
            return f"{flag}: expected {unit}, a number above 0 and at most {top:g}, got {text!r}"
        found[name] = value
    return found


def _incidents(args: argparse.Namespace) -> int:
    options = _incident_options(args)
    if isinstance(options, str):
        return _fail(options)
    if args.races:
        for flag, value in (("--course", args.course), ("--html", args.html),
                            ("--scenarios", args.scenarios)):
            if value is not None:
                return _fail(f"{flag}: one race's; with --races each race's course is the "
                             "file beside its tracks (NAME.course.yaml) and the report is one "
                             "line per race")
        return _incidents_many(args, options)
    for flag, value in (("--jobs", args.jobs), ("--scheduler", args.scheduler)):
        if value is not None:
            return _fail(f"{flag}: spreads many races over workers; give --races, each "
                         "TRACKS file a race of its own")
    return _incidents_one(args, options)


def _incidents_one(args: argparse.Namespace, options: dict[str, float]) -> int:
    """``incidents`` of one race: the table (or JSON), and the files asked for, written
    only once everything is worked out."""
    from rightofway import parallel
    from rightofway.errors import InputError
    from rightofway.rrs.tracks import read_course, read_tracks

    files: list[Path] = args.files
    try:
        tracks = read_tracks(files)
        course_file = args.course or parallel.course_beside(files[0])
        if course_file is None:
            return _fail(f"--course: none given, and no course file beside {files[0]} "
                         f"({files[0].stem}.course.yaml, as play --tracks writes it)")
        course = read_course(course_file, tracks)
        for out in (args.html, args.scenarios):
            problem = _unwritable(out, folder=out is args.scenarios) if out else None
            if problem:
                return _fail(problem)
        found = parallel.incidents_of(
            tracks, course, progress=None if args.json else parallel.terminal(), **options)
    except InputError as e:
        return _fail(str(e))
    outputs: dict[Path, str] = {}
    if args.html is not None:
        try:
            from rightofway.rrs.tracks.html import report
        except ImportError:
            return _fail("--html: the HTML report is not part of this version of rightofway")
        title = "Incidents: " + ", ".join(f.name for f in files)
        outputs[args.html] = report(found, tracks, course, title=title, step=options["step"],
                                    range=options["range"],
                                    heading_window=options["heading_window"])
    skipped = 0
    if args.scenarios is not None:
        import yaml

        for inc in found:
            text = inc.scenario
            if not text:
                skipped += 1  # the hulls touched at every sample: no position to rule
                continue
            path = args.scenarios / f"{yaml.safe_load(text)['id']}.yaml"
            if path in outputs:
                return _fail(f"--scenarios: two incidents' scenarios would both be {path} "
                             "(boat ids that differ only in case or punctuation)")
            outputs[path] = text
    problem = _write_all(outputs, args.scenarios)
    if problem:
        return _fail(problem)
    if args.json:
        print(json.dumps([i.to_json() for i in found], indent=2))
        return 0
    for line in _incident_table(found):
        print(line)
    summary = parallel.IncidentsSummary.of(", ".join(map(str, files)), tracks, found)
    print(summary.message)
    if args.html is not None:
        print(f"report written to {args.html}")
    if args.scenarios is not None:
        written = len(outputs) - (args.html is not None)
        note = f" ({skipped} without a ruling: the hulls touched throughout)" if skipped else ""
        print(f"{written} scenario file{'s' if written != 1 else ''} written to "
              f"{args.scenarios}{note}")
    return 0


def _unwritable(path: Path, *, folder: bool) -> str | None:
    """Why ``path`` (a file, or with ``folder`` a folder to write files in) cannot be
    written, or ``None``: asked before the work, so that a typo costs no time."""
    flag = "--scenarios" if folder else "--html"
    if folder:
        if path.exists() and not path.is_dir():
            return f"{flag}: {path} is a file, not a folder"
        return None
    if path.is_dir():
        return f"{flag}: {path} is a folder; give a file name"
    if not path.parent.is_dir():
        return f"{flag}: {path}: no such folder {path.parent}"
    return None


def _write_all(outputs: dict[Path, str], folder: Path | None) -> str | None:
    """Write every file whole: each to a temporary name beside it first, renamed once all
    are written (on a failure none is left behind); ``folder`` (the scenarios') is made
    first. The error, or ``None``."""
    import os

    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            return f"--scenarios: {folder}: cannot make the folder: {e.strerror}"
    temps: dict[Path, Path] = {}
    target: Path | None = None
    try:
        for target, text in outputs.items():
            temp = target.with_name(f".{target.name}.{os.getpid()}.part")
            temps[target] = temp
            temp.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        for target, temp in temps.items():
            temp.replace(target)
    except OSError as e:
        for temp in temps.values():
            with contextlib.suppress(OSError):
                temp.unlink()
        return f"{target}: cannot write: {e.strerror}"
    return None


def _incident_table(found: Sequence[Any]) -> list[str]:
    """The incidents as a table: one row each, with a header."""
    rows = [["time", "closest", "boats", "ruling", "rules", "room", "contact", "changes"]]
    for inc in found:
        r = inc.ruling
        if r is None:
            ruling, rules, room = "none: the hulls touched throughout", "-", "-"
        else:
            ruling = f"{r.keep_clear} keeps clear of {r.right_of_way}"
            rules = ", ".join(r.rules) or "-"
            rooms = [f"mark-room {r.mark_room}"] if r.mark_room else []
            if r.room:
                rooms.append(f"room {r.room}")
            room = ", ".join(rooms) or "-"
        contact = "yes" if inc.contact else "no"
        if inc.avoiding_action:
            contact += f"; avoiding action by {inc.avoiding_action}"
        rows.append([f"{inc.start:g}-{inc.end:g} s",
                     f"at {inc.closest_time:g} s, {inc.closest_distance:.2f} lengths",
                     ", ".join(inc.boats), ruling, rules, room, contact,
                     str(len(inc.changes))])
    if len(rows) == 1:
        return []
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
            for row in rows]


def _incidents_many(args: argparse.Namespace, options: dict[str, float]) -> int:
    """``incidents --races``: one line per race (the error of one that cannot be read, on
    standard error) and the total; with ``--json`` an object of incident reports by
    file."""
    import time

    from rightofway import parallel

    started = time.perf_counter()
    try:
        results = parallel.incidents_many(
            args.files, jobs=args.jobs or 1, scheduler=args.scheduler,
            progress=None if args.json else parallel.terminal(), **options)
    except parallel.ClusterUnavailable as e:
        return _fail(f"--scheduler: {e}")
    seconds = time.perf_counter() - started
    bad = [r for r in results if r.status == "invalid"]
    if args.json:
        print(json.dumps({r.path: list(r.incidents) for r in results if r.status == "ok"},
                         indent=2))
    else:
        for r in results:
            if r.status == "ok":
                print(r.line())
    sys.stdout.flush()
    for r in bad:
        print(f"error: {r.line()}", file=sys.stderr)
    if not args.json:
        print(parallel.summarize_incidents(results, seconds).line())
    return 2 if bad else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
