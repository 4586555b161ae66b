"""The examples in examples/ run and do what they say: a match race played to the finish."""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).parent.parent.parent / "examples"


def test_match_race_example_plays_a_whole_race_to_the_finish() -> None:
    module = runpy.run_path(str(EXAMPLES / "match_race.py"))
    for seed in (1, 3):
        race = module["main"](seed=seed)
        assert sorted(race.finish_order) == ["Challenger", "Holder"], seed
        assert race.is_over() and race.turn < race.options.max_turns
        assert all(s.leg == race.course.legs + 1 for _, s in race.boats)


def test_match_race_example_runs_as_a_script() -> None:
    proc = subprocess.run([sys.executable, str(EXAMPLES / "match_race.py")],
                          capture_output=True, text=True, check=True)
    last = proc.stdout.strip().splitlines()[-1]
    assert last.startswith("after ") and " moves: 1. " in last and "2. " in last
    assert "finishes in place 1" in proc.stdout
