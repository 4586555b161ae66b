"""The kill rate of each rule module, from mutmut's results (docs/mutation-testing.rst).

mutmut keeps its results in ``mutants/`` (``mutants/<module>.meta``). From the root of
the project::

    python tools/mutation.py table                 # the per-module table
    python tools/mutation.py table --rst           # the same as a reStructuredText table
    python tools/mutation.py survivors rtw/rules.py  # what the tests let live, and why
    python tools/mutation.py sample --pending      # mutant names for `mutmut run NAMES...`
    python tools/mutation.py sample plane.py --pending   # ... of one module only
    python tools/mutation.py try NAME tests/rtw/test_rtw_rule_cases.py -k zone
                                                   # one mutant against chosen tests

``--sample N`` (every command) restricts it to a fixed random sample of at most N
mutants per module, drawn with ``--seed`` (default 1) from the sorted mutant names, so
the same sample comes back every time the source is the same. Without it every mutant
counts. The kill rate is killed / (mutants - not run): a timeout or a crash counts as
killed (the tests did not pass), "no tests" and "suspicious" count as survived, and a
mutant not checked yet or skipped is left out of both sides.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MODULES: tuple[str, ...] = tuple(
    tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    ["tool"]["mutmut"]["only_mutate"])
"""The modules mutated: pyproject.toml's ``[tool.mutmut] only_mutate``, written once."""

# mutmut's exit codes (mutmut/stats.py), grouped as the kill rate counts them.
KILLED = {1: "killed", 3: "killed", 36: "timeout", 24: "timeout", -24: "timeout",
          152: "timeout", 255: "timeout", -11: "segfault", -9: "segfault",
          37: "caught by type check"}
SURVIVED = {0: "survived", 5: "no tests", 33: "no tests"}
NOT_RUN = {None: "not checked", 34: "skipped", 2: "interrupted"}


def status(code: int | None) -> str:
    """mutmut's name for an exit code (anything unknown is "suspicious")."""
    for table in (KILLED, SURVIVED, NOT_RUN):
        if code in table:
            return table[code]
    return "suspicious"


def is_killed(code: int | None) -> bool:
    return code in KILLED


def is_not_run(code: int | None) -> bool:
    return code in NOT_RUN


def module_path(module: str) -> str:
    return module if module.startswith("rightofway/") else f"rightofway/{module}"


def results(module: str, sample: int | None = None, seed: int = 1) -> dict[str, int | None]:
    """Mutant name -> exit code for ``module``, or for its sample of ``sample`` mutants."""
    meta = ROOT / "mutants" / f"{module_path(module)}.meta"
    if not meta.exists():
        raise SystemExit(f"no results for {module}: run `mutmut run` first ({meta} is missing)")
    codes: dict[str, int | None] = json.loads(meta.read_text())["exit_code_by_key"]
    if sample is None or len(codes) <= sample:
        return codes
    chosen = random.Random(f"{seed}/{module_path(module)}").sample(sorted(codes), sample)
    return {name: codes[name] for name in sorted(chosen)}


def row(module: str, sample: int | None, seed: int) -> tuple[int, int, int, int, float]:
    """``(mutants, killed, survived, not run, kill rate in percent)`` of one module."""
    codes = list(results(module, sample, seed).values())
    total = len(codes)
    killed = sum(1 for c in codes if is_killed(c))
    not_run = sum(1 for c in codes if is_not_run(c))
    survived = total - killed - not_run
    rate = 100.0 * killed / (total - not_run) if total > not_run else 100.0
    return total, killed, survived, not_run, rate


def table(rst: bool, sample: int | None, seed: int) -> str:
    """The per-module table, plain or as a reStructuredText list-table."""
    rows = [(m.removeprefix("rightofway/"), *row(m, sample, seed)) for m in MODULES]
    totals = [sum(r[i] for r in rows) for i in (1, 2, 3, 4)]
    rate = 100.0 * totals[1] / (totals[0] - totals[3]) if totals[0] > totals[3] else 100.0
    rows.append(("all rule modules", *totals, rate))
    if rst:
        out = [".. list-table::", "   :header-rows: 1", "",
               "   * - module", "     - mutants", "     - killed", "     - survived",
               "     - not run", "     - kill rate"]
        for name, total, killed, survived, not_run, r in rows:
            out += [f"   * - ``{name}``" if name.endswith(".py") else f"   * - {name}",
                    f"     - {total}", f"     - {killed}", f"     - {survived}",
                    f"     - {not_run}", f"     - {r:.1f} %"]
        return "\n".join(out)
    head = f"{'module':<18} {'mutants':>8} {'killed':>7} {'survived':>9} {'not run':>8} {'rate':>7}"
    lines = [head, "-" * len(head)]
    for name, total, killed, survived, not_run, r in rows:
        lines.append(f"{name:<18} {total:>8} {killed:>7} {survived:>9} {not_run:>8} {r:>6.1f}%")
    return "\n".join(lines)


def survivors(module: str, sample: int | None, seed: int) -> str:
    """The mutants of ``module`` that the tests did not kill, with their status."""
    return "\n".join(f"{name}  {status(code)}"
                     for name, code in results(module, sample, seed).items()
                     if not is_killed(code) and not is_not_run(code))


def names(sample: int | None, seed: int, pending: bool, alive: bool,
          module: str | None = None) -> str:
    """Mutant names of every module, or of ``module`` (or its sample): all, those not run
    yet, or those alive."""
    out = []
    for m in (module_path(module),) if module else MODULES:
        for name, code in results(m, sample, seed).items():
            if pending and not is_not_run(code):
                continue
            if alive and (is_killed(code) or is_not_run(code)):
                continue
            out.append(name)
    return "\n".join(out)


COPIED = ("rightofway", "tests", "scenarios", "docs", "conftest.py", "pyproject.toml")
"""What ``try`` copies of the working tree: the package, the tests and what they read."""


def apply_diff(diff: str, root: Path) -> None:
    """Apply one mutant's diff, as ``mutmut show`` prints it, to the files below ``root``.

    mutmut numbers a hunk's lines from the start of the mutated function, not of the file,
    and prints a method's lines unindented, so each hunk is placed by its text, as printed
    or indented one level: its context and removed lines must occur exactly once in the
    file (else :class:`SystemExit` says so)."""
    path: Path | None = None
    hunks: list[tuple[list[str], list[str]]] = []
    changed: list[tuple[list[str], list[str]]] = []  # the same hunks without their context
    for line in diff.splitlines():
        if line.startswith("--- "):
            path = root / line[4:].strip()
        elif line.startswith("@@"):
            hunks.append(([], []))
            changed.append(([], []))
        elif hunks and not line.startswith("+++ "):
            tag, text = (line[:1], line[1:]) if line else (" ", "")
            if tag in " -":
                hunks[-1][0].append(text)
            if tag in " +":
                hunks[-1][1].append(text)
            if tag == "-":
                changed[-1][0].append(text)
            if tag == "+":
                changed[-1][1].append(text)
    if path is None or not hunks:
        raise SystemExit("no diff to apply: is the mutant's name right?")
    source = path.read_text(encoding="utf-8")
    for (full_old, full_new), (old_only, new_only) in zip(hunks, changed, strict=True):
        # a method's lines are printed as if it were a function, its docstring as it is:
        # try them indented too, and then the changed lines without their context
        for old, new, indent in ((full_old, full_new, ""), (full_old, full_new, "    "),
                                 (old_only, new_only, ""), (old_only, new_only, "    ")):
            if not old:
                continue
            before = "".join(f"{indent}{x}\n" if x else "\n" for x in old)
            after = "".join(f"{indent}{x}\n" if x else "\n" for x in new)
            if source.count(before) == 1:
                source = source.replace(before, after)
                break
        else:
            raise SystemExit(f"the mutant's lines are not found once in {path}: the source "
                             "changed since mutmut made it")
    path.write_text(source, encoding="utf-8")


def try_mutant(name: str, pytest_args: list[str]) -> int:
    """Run ``pytest_args`` against one mutant applied to a copy of the working tree (the
    uncommitted tests included): 1 when the tests kill it, 0 when it survives.

    This is how a survivor is checked against tests written after the run, without a new
    mutmut run (which forgets every result when the test selection changes)."""
    shown = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=ROOT,
                           capture_output=True,
                           text=True, check=True).stdout
    diff = shown[shown.index("--- "):] if "--- " in shown else ""
    with tempfile.TemporaryDirectory(prefix="mutant-") as tmp:
        work = Path(tmp)
        for item in COPIED:
            src = ROOT / item
            if src.is_dir():
                shutil.copytree(src, work / item, ignore=shutil.ignore_patterns("__pycache__"))
            elif src.exists():
                shutil.copy2(src, work / item)
        apply_diff(diff, work)
        env = {**os.environ, "PYTHONPATH": str(work)}
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
                              *pytest_args], cwd=work, env=env, capture_output=True, text=True)
    if run.returncode in (2, 3, 4, 5):  # interrupted, internal or usage error, no tests
        raise SystemExit(f"pytest did not run the tests (exit {run.returncode}):\n"
                         f"{run.stdout[-2000:]}{run.stderr[-2000:]}")
    killed = run.returncode != 0
    print(f"{'killed' if killed else 'survived'}: {name}")
    if killed:
        print("\n".join(run.stdout.strip().splitlines()[-3:]))
    return int(killed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("table", "survivors", "sample", "try"))
    parser.add_argument("module", nargs="?",
                        help="survivors: the module, e.g. rtw/rules.py; sample: only this "
                             "module; try: the mutant's name")
    parser.add_argument("--rst", action="store_true", help="table: as reStructuredText")
    parser.add_argument("--sample", type=int, metavar="N",
                        help="a fixed random sample of at most N mutants per module")
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    parser.add_argument("--pending", action="store_true", help="sample: only those not run yet")
    parser.add_argument("--alive", action="store_true",
                        help="sample: only those not killed (to run them again)")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["try"]:  # try NAME PYTEST_ARGS...: the rest goes to pytest as it is
        if len(argv) < 3:
            parser.error("try needs a mutant's name and the tests to run")
        try_mutant(argv[1], argv[2:])
        return 0
    args = parser.parse_args(argv)
    if args.command == "table":
        print(table(args.rst, args.sample, args.seed))
    elif args.command == "survivors":
        if not args.module:
            parser.error("survivors needs a module, e.g. rtw/rules.py")
        print(survivors(args.module, args.sample, args.seed))
    else:
        print(names(args.sample, args.seed, args.pending, args.alive, args.module))
    return 0


if __name__ == "__main__":
    sys.exit(main())
