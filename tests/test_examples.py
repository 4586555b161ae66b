"""The examples in examples/ run and do what they say."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_match_race_example_plays_its_turns() -> None:
    module = runpy.run_path(str(EXAMPLES / "match_race.py"))
    race = module["main"](turns=40, seed=3)
    assert race.turn == 40
    assert race.state("Holder").moves == race.state("Challenger").moves == 20


def test_match_race_example_runs_as_a_script() -> None:
    proc = subprocess.run([sys.executable, str(EXAMPLES / "match_race.py")],
                          capture_output=True, text=True, check=True)
    assert proc.stdout.strip().splitlines()[-1].startswith("after 60 moves: Holder at")
