"""Every bundled scenario's explanation is exactly the one recorded in the golden file.

The file was taken before the right-of-way orders became lists of cited rules and the
drawing moved into the rulesets; it stays as a guard for every later change of the
machinery (speed work included) that must not change a word of what a ruling says. A
deliberate change of wording is recorded by running the tests with RIGHTOFWAY_BLESS=1
and reviewing the diff of tests/data/golden/explanations.txt.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

from rightofway.scenarios import bundled_catalogue, check_file, find_scenarios

GOLDEN = Path(__file__).parent.parent / "data" / "golden" / "explanations.txt"


def explanations() -> str:
    out = []
    for f in find_scenarios([bundled_catalogue()]):
        shown = f"scenarios/{f.parent.name}/{f.name}"
        out.append(f"=== {f.stem}\n{check_file(f).text(full=True).replace(str(f), shown)}\n")
    return "".join(out)


def test_explanations_are_those_of_the_golden_file() -> None:
    now = explanations()
    if os.environ.get("RIGHTOFWAY_BLESS"):
        GOLDEN.write_text(now, encoding="utf-8")
    golden = GOLDEN.read_text(encoding="utf-8")
    if now != golden:
        diff = difflib.unified_diff(golden.splitlines(), now.splitlines(), "golden", "now",
                                    lineterm="", n=2)
        raise AssertionError("explanations changed:\n" + "\n".join(list(diff)[:80]))
