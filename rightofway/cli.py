"""The ``rightofway`` command: check scenario catalogues, explain one, print the schema.

Exit status: 0 when every expectation holds, 1 when one fails, 2 on invalid
input (one line per bad file, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rightofway import __version__
from rightofway.registry import get_ruleset, ruleset_names
from rightofway.scenarios import (
    ScenarioError,
    ScenarioReport,
    bundled_catalogue,
    check_file,
    find_scenarios,
    load_scenario,
)

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="rightofway",
        description="Adjudicate sailing-race board games, every ruling explained.",
    )
    p.add_argument("--version", action="version", version=f"rightofway {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="check scenario files against their expectations")
    c.add_argument("paths", nargs="*", type=Path,
                   help="scenario files or folders (default: the bundled catalogue)")
    c.add_argument("--json", action="store_true", help="print JSON for programs")
    c.add_argument("-q", "--quiet", action="store_true",
                   help="one line per scenario, without the explanations")
    e = sub.add_parser("explain", help="print the full explanation of one scenario")
    e.add_argument("file", type=Path)
    e.add_argument("--json", action="store_true", help="print JSON for programs")
    d = sub.add_parser("draw", help="draw a scenario as SVG (before and, with a move, after)")
    d.add_argument("file", type=Path)
    d.add_argument("-o", "--output", type=Path, help="write the SVG here (default: stdout)")
    d.add_argument("--layers", default="claims,contested,engagement",
                   help="Race the Wind layers, comma-separated: claims, contested, shadows, "
                        "engagement (default: %(default)s; 'none' for none)")
    d.add_argument("--size", type=int, default=420, help="width of one panel in pixels")
    pl = sub.add_parser("play", help="race seeded bots to the finish (Race the Wind)")
    pl.add_argument("--boats", type=int, default=2, help="how many boats race (2-10)")
    pl.add_argument("--seed", type=int, default=0, help="seed of the set-up, bots and die")
    pl.add_argument("--course", default="windward-leeward",
                    choices=("windward-leeward", "windward-gate", "triangle"),
                    help="the course: the stick of RTW 1, or a variant of RTW 3.8 with a second "
                         "windward buoy or a reach mark (default: %(default)s)")
    pl.add_argument("--record", type=Path, help="write the game record (JSON Lines) here")
    pl.add_argument("-q", "--quiet", action="store_true", help="only the result")
    rp = sub.add_parser("replay", help="re-adjudicate a game record turn by turn")
    rp.add_argument("file", type=Path)
    rp.add_argument("--full", action="store_true",
                    help="print the ruling's explanation for every move, not only disputed ones")
    rp.add_argument("-q", "--quiet", action="store_true", help="only the verdict")
    s = sub.add_parser("schema", help="print the JSON Schema of scenario files")
    s.add_argument("--ruleset", default="race-the-wind", choices=ruleset_names())
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args.paths, as_json=args.json, quiet=args.quiet)
        if args.command == "explain":
            return _explain(args.file, as_json=args.json)
        if args.command == "draw":
            return _draw(args.file, args.output, args.layers, args.size)
        if args.command == "play":
            return _play(args.boats, args.seed, args.record, quiet=args.quiet,
                         course=args.course)
        if args.command == "replay":
            return _replay(args.file, full=args.full, quiet=args.quiet)
        model = get_ruleset(args.ruleset).scenario_model
        print(json.dumps(model.model_json_schema(), indent=2))
        return 0
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0


def _check(paths: list[Path], *, as_json: bool, quiet: bool) -> int:
    files = list(find_scenarios(paths or [bundled_catalogue()]))
    reports: list[ScenarioReport] = []
    errors: list[ScenarioError] = []
    missing = [f for f in files if not f.exists()]
    for f in missing:
        errors.append(ScenarioError(str(f), "no such file or folder"))
    seen: dict[str, str] = {}
    crashed: list[str] = []
    for f in files:
        if f in missing:
            continue
        try:
            report = check_file(f)
        except ScenarioError as err:
            errors.append(err)
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
        errors.append(ScenarioError(", ".join(map(str, paths)) or "catalogue",
                                    "no scenario files found"))
    passed = sum(r.passed for r in reports)
    failed = len(reports) - passed + len(crashed)
    if as_json:
        out: dict[str, Any] = {
            "passed": passed,
            "failed": failed,
            "invalid": len(errors),
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
            print(r.headline() if quiet and r.passed else r.text(full=not quiet))
            if not quiet:
                print()
        for problem in errors:
            print(f"error: {problem}", file=sys.stderr)
        for text in crashed:
            print(f"error: {text}", file=sys.stderr)
        tail = f", {len(errors)} invalid" if errors else ""
        print(f"{passed} passed, {failed} failed{tail}")
    if errors:
        return 2
    return 1 if failed else 0


def _explain(file: Path, *, as_json: bool) -> int:
    try:
        report = check_file(file)
    except ScenarioError as bad:
        print(f"error: {bad}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(report.text(full=True))
    return 0 if report.passed else 1


LAYERS = ("claims", "contested", "shadows", "engagement")


def _draw(file: Path, output: Path | None, layers: str, size: int) -> int:
    from rightofway import svg

    chosen = [] if layers.strip() == "none" else [x.strip() for x in layers.split(",") if x]
    unknown = [x for x in chosen if x not in LAYERS]
    if unknown:
        print(f"error: --layers: unknown layer {unknown[0]!r}; expected some of: "
              f"{', '.join(LAYERS)}", file=sys.stderr)
        return 2
    try:
        prepared = load_scenario(file)
    except ScenarioError as bad:
        print(f"error: {bad}", file=sys.stderr)
        return 2
    drawing: str
    if prepared.model.ruleset == "race-the-wind":
        drawing = svg.scenario(
            prepared.position, prepared.move, size=size, claims="claims" in chosen,
            contested="contested" in chosen, shadows="shadows" in chosen,
            engagement="engagement" in chosen,
        )
    else:  # other rulesets draw their own way; the layers are Race the Wind's
        drawing = get_ruleset(prepared.model.ruleset).diagram(prepared.position, prepared.move)
    if output is None:
        print(drawing)
        return 0
    try:
        output.write_text(drawing + "\n", encoding="utf-8")
    except OSError as e:
        print(f"error: {output}: cannot write: {e.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {output}")
    return 0


def _play(boats: int, seed: int, record: Path | None, *, quiet: bool,
          course: str = "windward-leeward") -> int:
    import random

    from rightofway.rtw.bots import COURSES, choose_move, random_race
    from rightofway.rtw.race import SetupError
    from rightofway.rtw.record import record_lines

    try:
        first = random_race(boats, seed, course=COURSES[course])
    except SetupError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rng = random.Random(seed)
    race = first
    played = []
    while not race.is_over():
        move = choose_move(race, rng)
        race, events = race.play(move)
        played.append((move, events))
        if not quiet:
            notes = "; ".join(e.text for e in events if e.kind != "move")
            print(f"{race.turn:>5} {move}{'  - ' + notes if notes else ''}")
    order = race.finish_order()
    print(f"finish: {', '.join(f'{i}. {b}' for i, b in enumerate(order, 1)) or 'nobody'}"
          f" after {race.turn} moves")
    unfinished = [b for b, s in race.boats if not s.finished]
    if unfinished:
        print(f"stopped after {race.turn} moves; still racing: {', '.join(unfinished)}")
    if record is not None:
        try:
            record.write_text("\n".join(record_lines(first, played)) + "\n", encoding="utf-8")
        except OSError as e:
            print(f"error: {record}: cannot write: {e.strerror}", file=sys.stderr)
            return 2
        print(f"record written to {record}")
    return 0


def _replay(file: Path, *, full: bool, quiet: bool) -> int:
    from rightofway.explain import render_steps
    from rightofway.rtw import rules
    from rightofway.rtw.position import Move
    from rightofway.rtw.record import RecordError, ReplayMismatch, replay

    try:
        lines = file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: {file}: cannot read: {e}", file=sys.stderr)
        return 2
    last = None
    try:
        for t in replay(lines):
            last = t
            if quiet:
                continue
            print(f"turn {t.turn}: {t.move}")
            for event in t.events:
                if event.kind != "move":
                    print(f"  {event}")
            disputed = any(
                ev.kind in ("infringement", "protest", "start-fault") for ev in t.events
            )
            if isinstance(t.move, Move) and (full or disputed):
                ruling = rules.adjudicate(t.before.position, t.move)
                print(render_steps(ruling.steps, indent="    "))
    except RecordError as e:
        print(f"error: {file}: {e}", file=sys.stderr)
        return 2
    except ReplayMismatch as e:
        print(f"{file}: {e}", file=sys.stderr)
        return 1
    if last is None:
        print(f"{file}: the record has no moves; nothing to check")
        return 0
    order = last.race.finish_order()
    print(f"{file}: {last.turn} moves legal and consistent; finish: "
          f"{', '.join(order) or 'nobody'}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
