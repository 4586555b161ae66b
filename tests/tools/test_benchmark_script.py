"""The benchmark script runs and ends with its ratio line (speed itself is not tested)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parent.parent.parent / "benchmarks" / "run.py"


def test_benchmark_prints_its_ratio_line() -> None:
    pytest.importorskip("chess")
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--repeat", "1", "--number", "3", "--races", "1",
         "--fleets", "1", "--track-seconds", "20"],
        capture_output=True, text=True, check=True,
    )
    lines = proc.stdout.strip().splitlines()
    assert re.fullmatch(r"ratio kernel/chess: \d+\.\d\d", lines[-1])
    assert any(line.startswith("rtw engagement_graph") for line in lines)
    for name in ("rrs-fleet", "rrs-fleet-fresh", "rrs-fleet-relations", "rrs-fleet-explained"):
        assert any(re.fullmatch(rf"ratio {name}/chess: \d+\.\d\d", line) for line in lines), name
    assert any(line.startswith("random races (5 boats") for line in lines)
    for name in ("search", "vector", "americas-cup", "graph"):
        assert any(re.match(rf"ratio {name}/chess: \d+\.\d\d", line) for line in lines), name
    assert any(re.fullmatch(r"ratio americas-cup-per-move/chess: \d+\.\d\d \(goal: at most 2\.0\)",
                            line) for line in lines)
    for game in ("americas-cup", "simulation"):
        assert any(re.fullmatch(rf"races per CPU second {game}: \d+\.\d\d", line)
                   for line in lines), game
    assert any(re.fullmatch(r"track samples per CPU second: [\d,]+", line) for line in lines)
    exponents = [line for line in lines if line.startswith("fleet exponent ")]
    assert len(exponents) == 5 and all(re.search(r": \d+\.\d\d \(", x) for x in exponents)
    assert any(x.startswith("fleet exponent rrs: ") for x in exponents)
    assert any(x.startswith("fleet exponent tracks: ") for x in exponents)
    start_up = [line for line in lines if line.startswith("start-up ")]
    assert len(start_up) == 3 and all(re.search(r" \d+ ms CPU$", line) for line in start_up)
