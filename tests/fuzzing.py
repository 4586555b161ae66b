"""Malformed inputs for the fuzz tests: mutants of the bundled scenarios and recorded races.

A mutant is made by a :class:`Chooser` — :class:`random.Random` for the long deterministic
sweep, :class:`HypothesisChooser` (choices drawn from hypothesis data, so a failing input
shrinks) for the quick run. :func:`run` feeds one input to the command line in this
process and returns an :class:`Outcome`: the exit status, what was printed, the traceback
if one escaped, the time taken and the peak of memory allocated while it ran.

Run as a script it sweeps and prints a summary::

    python tests/fuzzing.py --inputs 2000 --seed 1
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import signal
import sys
import time
import traceback
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

import yaml

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted(f for f in (ROOT / "scenarios").rglob("*.yaml")
                   if "tracks" not in f.relative_to(ROOT / "scenarios").parts)  # not track data
RECORDS = sorted((Path(__file__).parent / "data" / "records").glob("*.jsonl"))

T = TypeVar("T")


class Chooser(Protocol):
    """What a mutation needs of its source of randomness."""

    def choice(self, seq: Sequence[T]) -> T: ...

    def randint(self, a: int, b: int) -> int: ...


class HypothesisChooser:
    """Choices drawn from hypothesis data, so that hypothesis can shrink a failing input."""

    def __init__(self, data: Any) -> None:
        from hypothesis import strategies as st

        self._data = data
        self._st = st

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self._data.draw(self._st.integers(0, len(seq) - 1))]

    def randint(self, a: int, b: int) -> int:
        return int(self._data.draw(self._st.integers(a, b)))


# --- raw values put in place of a field ---------------------------------------------------

YAML_RAW = (
    "9" * 5000,                       # an integer of 5,000 digits
    "-9223372036854775809", "9223372036854775808", "4611686018427387904",
    "1e400", "-1e400", ".nan", ".inf", "-.inf", "-0.0", "0x7fffffffffffffff", "0o777",
    "30000000", "-1", "-30000000", "1_000_000",
    "[" * 60 + "]" * 60,              # nested lists
    "[" * 20000 + "]" * 20000,        # nested deeper than any recursion limit
    "{a: " * 200 + "1" + "}" * 200,
    "!!int abc", "!!float xyz", "!!binary aGVsbG8=", "!!set {a, b}", "!!timestamp 2026-11-29",
    "2026-11-29", "!!python/object:os.system ls", "!!str 5", "!!omap [a: 1]",
    "&a [*a]", "*nowhere", "&x 1",
    '"A\\0B"', '"\\x7f"', '"\\u200b2U:2S"', '"2U\\u200b:2S"', '"\\u0662U:2S"', '"²U:2S"',
    '"\\ufeff"', '"\\u202eN"', '"\\U0001F4A5"', '"\\ud800"', "'" + "x" * 200_000 + "'",
    "''", "null", "~", "true", "[]", "{}", "[null]", "[[]]", "{id: A}",
    '"N"', '"X"', '"start"', '"99U:99S"', '"30000000U:1S"', '"0U:0S"',
)

JSON_RAW = (
    "9" * 5000, "-9223372036854775809", "1e400", "-1e400", "NaN", "Infinity", "-Infinity",
    "-0", "0.5", "30000000", "-1", "[" * 60 + "]" * 60, "[" * 100000 + "]" * 100000,
    '{"a":' * 200 + "1" + "}" * 200, '"\\u0000"', '"\\ud800"', '"\\u200bA"', '"A\\u0000"',
    '"' + "x" * 200_000 + '"', "null", "true", "[]", "{}", '""', '"N"', '"X"', '[null]',
)

BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""

SENTINEL = "RAWVALUE{}"


# --- mutations of text ---------------------------------------------------------------------


def flip_bytes(data: bytes, c: Chooser) -> bytes:
    out = bytearray(data)
    for _ in range(c.randint(1, 8)):
        if not out:
            break
        i = c.randint(0, len(out) - 1)
        out[i] = c.choice((0x00, 0x07, 0x1B, 0x7F, 0xFF, 0xC3, 0x80, 0x22, 0x27, 0x3A, 0x5B,
                           0x7B, 0x2A, 0x26, 0x21, 0x0A, 0x20, 0x09, c.randint(0, 255)))
    return bytes(out)


def truncate(data: bytes, c: Chooser) -> bytes:
    return data[: c.randint(0, max(0, len(data) - 1))]


def edit_lines(data: bytes, c: Chooser) -> bytes:
    lines = data.split(b"\n")
    i = c.randint(0, len(lines) - 1)
    how = c.choice(("delete", "duplicate", "swap", "indent", "dedent"))
    if how == "delete":
        del lines[i]
    elif how == "duplicate":
        lines.insert(i, lines[i])
    elif how == "swap":
        j = c.randint(0, len(lines) - 1)
        lines[i], lines[j] = lines[j], lines[i]
    elif how == "indent":
        lines[i] = b"  " + lines[i]
    else:
        lines[i] = lines[i].lstrip()
    return b"\n".join(lines)


def inflate_number(data: bytes, c: Chooser) -> bytes:
    """A digit run anywhere (inside a vector's text too) made huge, negative or zero."""
    runs = list(re.finditer(rb"\d+", data))
    if not runs:
        return data
    m = c.choice(runs)
    new = c.choice((b"30000000", b"9223372036854775808", b"1" + b"0" * 40, b"0", b"-5",
                    b"9" * 5000, b"99", b"1000"))
    return data[: m.start()] + new + data[m.end():]


TEXT_MUTATIONS: tuple[Callable[[bytes, Chooser], bytes], ...] = (
    flip_bytes, truncate, edit_lines, inflate_number,
)


# --- mutations of structure -------------------------------------------------------------------


def _paths(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, (*path, i))
    return out


def _get(node: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        node = node[p]
    return node


def mutate_tree(tree: Any, c: Chooser, raws: Sequence[str]) -> tuple[Any, dict[str, str]]:
    """One change at a random place of ``tree``; raw text to substitute for sentinels."""
    paths = [p for p in _paths(tree) if p]
    if not paths:
        return tree, {}
    path = c.choice(paths)
    parent = _get(tree, path[:-1])
    key = path[-1]
    how = c.choice(("raw", "raw", "raw", "delete", "wrong-type", "multiply", "rename-key"))
    raw: dict[str, str] = {}
    if how == "delete":
        del parent[key]
    elif how == "wrong-type":
        parent[key] = c.choice(([], {}, "", "text", 0, -1, 1.5, True, None, [parent[key]],
                                {"x": parent[key]}))
    elif how == "multiply" and isinstance(parent[key], list) and parent[key]:
        items = parent[key]
        times = c.choice((2, 10, 120, 1000))
        grown = []
        for n in range(times):
            for item in items:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    item = {**item, "id": f"{item['id']}{n}"}
                grown.append(item)
        parent[key] = grown
    elif how == "rename-key" and isinstance(parent, dict):
        value = parent.pop(key)
        parent[c.choice((f"{key}s", str(key).upper(), "", "x" * 300, f"{key}\u200b"))] = value
    else:
        token = SENTINEL.format(len(raw))
        raw[token] = c.choice(raws)
        parent[key] = token
    return tree, raw


def yaml_mutant(source: Path, c: Chooser) -> bytes:
    """A mutant of a scenario file: text-level, structural, or an alias bomb."""
    data = source.read_bytes()
    kind = c.choice(("text", "text", "tree", "tree", "tree", "bomb"))
    if kind == "text":
        return c.choice(TEXT_MUTATIONS)(data, c)
    if kind == "bomb":
        return c.choice((BILLION_LAUGHS.encode(), b"&a [*a]\n", b"a: &a {b: *a}\n",
                         data + b"\nextra: &x " + b"[" * 5 + b"*x" + b"]" * 5 + b"\n",
                         data.replace(b"position:", b"position: &p", 1)
                         + b"\nbomb: [*p, *p, *p]\n"))
    tree = yaml.safe_load(data)
    tree, raw = mutate_tree(tree, c, YAML_RAW)
    text = yaml.safe_dump(tree, sort_keys=False, allow_unicode=True, width=1_000_000)
    for token, value in raw.items():
        text = text.replace(f"'{token}'", value).replace(token, value)
    return text.encode("utf-8", "surrogatepass")


def record_mutant(source: Path, c: Chooser) -> bytes:
    """A mutant of a game record (JSON Lines)."""
    data = source.read_bytes()
    kind = c.choice(("text", "tree", "tree", "tree"))
    if kind == "text":
        return c.choice(TEXT_MUTATIONS)(data, c)
    lines = data.decode().splitlines()
    i = c.choice((0, 1, c.randint(0, len(lines) - 1), c.randint(0, len(lines) - 1)))
    tree = json.loads(lines[i])
    tree, raw = mutate_tree(tree, c, JSON_RAW)
    text = json.dumps(tree)
    for token, value in raw.items():
        text = text.replace(f'"{token}"', value)
    lines[i] = text
    return "\n".join(lines).encode("utf-8", "surrogatepass")


def json_position_mutant(c: Chooser) -> tuple[str, Any]:
    """``(ruleset, data)``: the JSON of a bundled scenario's position, mutated."""
    from rightofway.scenarios import load_scenario

    source = c.choice(SCENARIOS[:: max(1, len(SCENARIOS) // 40)])
    prepared = load_scenario(source)
    name = prepared.model.ruleset
    tree = prepared.position.to_json()
    tree, raw = mutate_tree(tree, c, JSON_RAW)
    text = json.dumps(tree)
    for token, value in raw.items():
        text = text.replace(f'"{token}"', value)
    return name, text


# --- running an input -------------------------------------------------------------------------


@dataclass
class Outcome:
    """What the command line did with one input."""

    argv: tuple[str, ...]
    status: int | None
    stdout: str
    stderr: str
    escaped: str | None
    """The traceback of an exception that escaped, if any."""
    seconds: float
    peak_bytes: int

    def problems(self, file: str) -> list[str]:
        """Each way the outcome breaks the promise for bad input."""
        out = []
        if self.escaped is not None:
            out.append(f"traceback:\n{self.escaped}")
        if self.status not in (0, 1, 2):
            out.append(f"exit status {self.status}")
        text = self.stdout + self.stderr
        if "Traceback (most recent call last)" in text:
            out.append("a traceback was printed")
        if "internal error" in text:
            out.append("internal error: " + next(
                line for line in text.splitlines() if "internal error" in line))
        said = self.stdout if "--json" in self.argv else self.stderr
        if self.status == 2 and file not in said:
            out.append(f"exit 2 without naming the file: {self.stderr.strip()[:300]!r}")
        if self.seconds > 10:
            out.append(f"took {self.seconds:.1f} s")
        if self.peak_bytes > 500 * 2**20:
            out.append(f"allocated {self.peak_bytes / 2**20:.0f} MB")
        return out


class Hang(BaseException):
    """Raised in a run that goes on past its alarm."""


def _alarm(signum: int, frame: Any) -> None:
    raise Hang("still running after the alarm")


def run(argv: Sequence[str], *, measure_memory: bool = False, alarm: int = 30) -> Outcome:
    """Run ``rightofway ARGV`` in this process, stopped after ``alarm`` seconds (Unix)."""
    from rightofway.cli import main

    timed = hasattr(signal, "SIGALRM")
    if timed:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.alarm(alarm)

    out, err = io.StringIO(), io.StringIO()
    escaped = None
    status: int | None = None
    if measure_memory:
        tracemalloc.start()
    start = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(argv))
    except SystemExit as e:
        status = e.code if isinstance(e.code, int) else 2
    except BaseException:
        escaped = traceback.format_exc()
    finally:
        if timed:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, previous)
    seconds = time.perf_counter() - start
    peak = 0
    if measure_memory:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return Outcome(tuple(argv), status, out.getvalue(), err.getvalue(), escaped, seconds, peak)


def api_problems(ruleset: str, text: str) -> list[str]:
    """Problems of ``Position.from_json`` on mutated JSON: only a clear error is allowed."""
    import importlib

    module = importlib.import_module({"race-the-wind": "rightofway.rtw", "vector-game":
                                      "rightofway.vg", "rrs": "rightofway.rrs",
                                      "simulation": "rightofway.sim",
                                      "americas-cup": "rightofway.ac"}[ruleset])
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return []  # not JSON at all: the caller's json.loads refuses it
    try:
        module.Position.from_json(data)
    except (ValueError, TypeError):
        return []
    except BaseException:
        return [f"Position.from_json raised:\n{traceback.format_exc()}"]
    return []


def sweep(inputs: int, seed: int, folder: Path, *, measure_memory: bool = True,
          report: Callable[[str], None] = print) -> dict[str, Any]:
    """Run ``inputs`` mutants (scenarios, records, positions); return a summary."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    slowest = 0.0
    largest = 0
    counts = {"scenario": 0, "record": 0, "position": 0}
    for n in range(inputs):
        kind = rng.choice(("scenario", "scenario", "scenario", "record", "record", "position"))
        counts[kind] += 1
        if kind == "position":
            name, text = json_position_mutant(rng)
            problems += [f"input {n} ({name} position): {p}" for p in api_problems(name, text)]
            continue
        if kind == "scenario":
            source = rng.choice(SCENARIOS)
            file = folder / f"mutant-{n}.yaml"
            file.write_bytes(yaml_mutant(source, rng))
            command = rng.choice((["check"], ["explain"], ["draw"], ["check", "--json"]))
        else:
            source = rng.choice(RECORDS)
            file = folder / f"mutant-{n}.jsonl"
            file.write_bytes(record_mutant(source, rng))
            command = ["replay", "-q"]
        outcome = run([*command, str(file)], measure_memory=measure_memory)
        slowest = max(slowest, outcome.seconds)
        largest = max(largest, outcome.peak_bytes)
        for p in outcome.problems(str(file)):
            problems.append(f"input {n} ({source.name} -> {file.name}, {' '.join(command)}): {p}")
            report(problems[-1])
    return {"inputs": inputs, "counts": counts, "problems": problems,
            "slowest_seconds": round(slowest, 2), "largest_mb": round(largest / 2**20, 1)}


if __name__ == "__main__":  # pragma: no cover - a manual sweep
    import argparse
    import tempfile

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--inputs", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-memory", action="store_true")
    a = ap.parse_args()
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (4 * 2**30, 4 * 2**30))
    with tempfile.TemporaryDirectory() as tmp:
        summary = sweep(a.inputs, a.seed, Path(tmp), measure_memory=not a.no_memory)
    summary["problems"] = len(summary["problems"])
    print(json.dumps(summary))
    sys.exit(1 if summary["problems"] else 0)
