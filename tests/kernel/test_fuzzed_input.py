"""Malformed input never gets past the one error path: no traceback, no hang, no blow-up.

Mutants of the bundled scenarios and of recorded races (byte flips, truncation, deleted,
duplicated and renamed keys, wrong types, huge and negative numbers, NaN, odd Unicode,
deep nesting, YAML aliases and tags, multiplied lists) are fed to ``check``, ``explain``,
``draw`` and ``replay``; each must exit 0, 1 or 2, print no traceback and no internal
error, name the file when it exits 2, and stay within 10 s and 500 MB. A quick run is
part of the default suite; the long sweep (``slow``) runs in CI. The inputs the first
fuzzing run of the project found are kept as named cases.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fuzzing import (
    RECORDS,
    SCENARIOS,
    HypothesisChooser,
    api_problems,
    json_position_mutant,
    record_mutant,
    run,
    sweep,
    yaml_mutant,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rightofway import cli

QUICK = settings(max_examples=60, deadline=None, database=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                        HealthCheck.function_scoped_fixture])


def _assert_sound(file: Path, argv: list[str], *, memory: bool = False) -> Any:
    outcome = run([*argv, str(file)], measure_memory=memory)
    problems = outcome.problems(str(file))
    assert not problems, f"{' '.join(argv)} {file.name}:\n" + "\n".join(problems)
    return outcome


@QUICK
@given(st.data(), st.sampled_from([["check"], ["explain"], ["draw"], ["check", "--json"]]))
def test_mutated_scenarios_get_one_clear_answer(tmp_path: Path, data: Any,
                                                command: list[str]) -> None:
    c = HypothesisChooser(data)
    file = tmp_path / "mutant.yaml"
    file.write_bytes(yaml_mutant(c.choice(SCENARIOS), c))
    _assert_sound(file, command)


@QUICK
@given(st.data())
def test_mutated_records_get_one_clear_answer(tmp_path: Path, data: Any) -> None:
    c = HypothesisChooser(data)
    file = tmp_path / "mutant.jsonl"
    file.write_bytes(record_mutant(c.choice(RECORDS), c))
    _assert_sound(file, ["replay", "-q"])


@QUICK
@given(st.data())
def test_mutated_position_json_gets_a_value_or_type_error(data: Any) -> None:
    name, text = json_position_mutant(HypothesisChooser(data))
    assert api_problems(name, text) == []


# --- the inputs of the first fuzzing run, by name -------------------------------------------

SCENARIO = (Path(__file__).parent.parent.parent / "scenarios" / "race-the-wind"
            / "rtw-fig09-starboard-free-point.yaml").read_text()
VG_SCENARIO = (Path(__file__).parent.parent.parent / "scenarios" / "vector-game"
               / "vg-after-tack-1u1p-accelerates.yaml").read_text()

BAD_SCENARIOS = {
    "nul-character": (SCENARIO.replace("title:", "title: a\x00b #", 1), "U+0000, NUL"),
    "del-character": (SCENARIO.replace("title:", "title: a\x7f", 1), "U+007F, DEL"),
    "ruleset-null-list": (SCENARIO.replace("ruleset: race-the-wind", "ruleset: [null]"),
                          "ruleset: expected the name of a ruleset"),
    "recursive-anchor": (SCENARIO + "\nloop: &a [*a]\n", "anchors and aliases"),
    "billion-laughs": ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a]\n"
                       "c: [*b, *b, *b, *b, *b, *b]\n", "anchors and aliases"),
    "int-tag-on-text": (SCENARIO.replace("title:", "title: !!int", 1), "explicit YAML tags"),
    "integer-of-5000-digits": (SCENARIO.replace("at: [0, 0]", "at: [" + "9" * 5000 + ", 0]"),
                               "number out of range"),
    "deep-nesting": (SCENARIO + "\nextra: " + "[" * 5000 + "]" * 5000 + "\n",
                     "nested more than 16 levels"),
    "coordinate-2-to-the-63": (SCENARIO.replace("at: [0, 0]", "at: [9223372036854775808, 0]"),
                               "number out of range"),
    "coordinate-beyond-the-grid": (SCENARIO.replace("at: [0, 0]", "at: [5000, 0]"),
                                   "less than or equal to 1000"),
    "nan": (SCENARIO.replace("at: [0, 0]", "at: [.nan, 0]"), "not a finite number"),
    "unknown-enum-value": (SCENARIO.replace("heading: NE", "heading: NNE", 1), "heading"),
    "empty-cycle": (SCENARIO.replace("  cycles: []", "  cycles: [[]]", 1),
                    "expect.cycles[0]: list should have at least 2 items"),
    "invisible-character-in-vector": (VG_SCENARIO.replace('vector: "2U:2P"}',
                                                          'vector: "2U\u200b:2P"}'),
                                      "U+200B, zero-width space"),
    "vector-of-30-million-squares": (VG_SCENARIO.replace('vector: "2U:2P"}',
                                                         'vector: "30000000U:2P"}'),
                                     "at most 100 squares in each part, got 30000000"),
    "vector-beyond-100-squares": (VG_SCENARIO.replace('vector: "2U:2P"}',
                                                      'vector: "2U:101P"}'),
                                  "cross: a vector has at most 100 squares in each part, got 101"),
    "vector-beyond-100-squares-in-expectation": (
        VG_SCENARIO.replace('vector: "2U:2P", lost_turns', 'vector: "2U:1000P", lost_turns'),
        "expect.after.A.vector: '2U:1000P': cross: a vector has at most 100 squares"),
    "arabic-indic-digit-in-vector": (VG_SCENARIO.replace('vector: "2U:2P"}',
                                                         'vector: "\u0662U:2P"}'),
                                     "not a vector"),
    "thousand-boats": (SCENARIO.replace("  boats:\n", "  boats:\n" + "".join(
        f"    - {{id: X{i}, at: [{i % 900}, {i // 900 + 20}], heading: N}}\n"
        for i in range(1000)), 1), "at most 100"),
    "not-utf8": (SCENARIO.replace("title:", "title: \udcff", 1), "not UTF-8"),
}


@pytest.mark.parametrize("case", sorted(BAD_SCENARIOS))
@pytest.mark.parametrize("command", ["check", "explain", "draw"])
def test_the_first_fuzzing_run_s_scenarios_are_clear_errors(tmp_path: Path, case: str,
                                                            command: str) -> None:
    text, expected = BAD_SCENARIOS[case]
    file = tmp_path / f"{case}.yaml"
    file.write_bytes(text.encode("utf-8", "surrogateescape"))
    outcome = _assert_sound(file, [command], memory=True)
    assert outcome.status == 2
    assert expected in outcome.stderr, outcome.stderr
    assert len(outcome.stderr.strip().splitlines()) == 1, outcome.stderr


RECORD = (Path(__file__).parent.parent / "data" / "records"
          / "rtw-2-boats-seed-3.jsonl").read_text()


def _record_case(line: int, change: Any) -> str:
    lines = RECORD.splitlines()
    data = json.loads(lines[line])
    change(data)
    lines[line] = json.dumps(data)
    return "\n".join(lines) + "\n"


def _drop_event_text(d: dict[str, Any]) -> None:
    d["events"][0].pop("text")


def _protest_by_nobody(d: dict[str, Any]) -> None:
    d["protests"] = ["Q"]


BAD_RECORDS = {
    "event-without-text": (_record_case(3, _drop_event_text), 1, "turn 3: event 1"),
    "protest-by-a-boat-not-there": (_record_case(3, _protest_by_nobody), 1,
                                    "protest by 'Q'"),
    "deeply-nested-json": (RECORD.replace('"events": [', '"events": ' + "[" * 100000 + "]"
                                          * 100000 + ', "x": [', 1), 2,
                           "nested more than 16 levels"),
    "integer-of-5000-digits": (RECORD.replace('"turn": 1,', '"turn": ' + "9" * 5000 + ",", 1),
                               2, "number"),
    "nan": (RECORD.replace('"turn": 1,', '"turn": NaN,', 1), 2, "NaN is not a number"),
    "lone-surrogate": (RECORD.replace('"boat": "A"', '"boat": "\\ud800"', 1), 2,
                       "unpaired surrogate"),
    "nul-character": (RECORD.replace('"boat": "A"', '"boat": "\\u0000"', 1), 2,
                      "U+0000, NUL"),
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_the_first_fuzzing_run_s_records_are_clear_errors(tmp_path: Path, case: str) -> None:
    text, status, expected = BAD_RECORDS[case]
    file = tmp_path / f"{case}.jsonl"
    file.write_text(text)
    outcome = _assert_sound(file, ["replay", "-q"], memory=True)
    assert outcome.status == status, outcome.stderr
    assert expected in outcome.stderr, outcome.stderr


def test_check_json_reports_a_failing_scenario_whose_values_are_vectors(tmp_path: Path) -> None:
    file = tmp_path / "wide.yaml"
    file.write_text(VG_SCENARIO.replace('vector: "2U:2P"}', 'vector: "2U:9P"}'))
    outcome = _assert_sound(file, ["check", "--json"])
    assert outcome.status == 1
    report = json.loads(outcome.stdout)["scenarios"][0]
    assert {"key": "legal", "expected": True, "actual": False} in report["mismatches"]


# --- isolation -------------------------------------------------------------------------------


def test_a_folder_s_bad_files_do_not_touch_the_good_ones(tmp_path: Path) -> None:
    good = SCENARIOS[:: len(SCENARIOS) // 20]
    for f in good:
        shutil.copy(f, tmp_path / f.name)
    for case, (text, _) in sorted(BAD_SCENARIOS.items()):
        (tmp_path / f"zz-{case}.yaml").write_bytes(text.encode("utf-8", "surrogateescape"))
    outcome = run(["check", "-q", str(tmp_path)])
    assert outcome.status == 2
    summary = outcome.stdout.strip().splitlines()[-1]
    assert summary == f"{len(good)} passed, 0 failed, {len(BAD_SCENARIOS)} invalid"
    assert outcome.stderr.count("error: ") == len(BAD_SCENARIOS)


def test_a_crash_a_hang_or_a_blow_up_stops_only_its_own_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from rightofway import scenarios

    good = SCENARIOS[:4]
    for f in good:
        shutil.copy(f, tmp_path / f.name)
    for name in ("crash", "hang", "memory"):
        shutil.copy(good[0], tmp_path / f"zz-{name}.yaml")
    real = scenarios.check_file

    def misbehaving(path: Path | str) -> Any:
        name = Path(path).stem
        if name == "zz-crash":
            raise ZeroDivisionError("a bug")
        if name == "zz-hang":
            time.sleep(30)
        if name == "zz-memory":
            raise MemoryError
        return real(path)

    monkeypatch.setattr(scenarios, "check_file", misbehaving)
    monkeypatch.setattr(cli, "FILE_SECONDS", 1)
    outcome = run(["check", "-q", str(tmp_path)])
    assert outcome.seconds < 10
    assert outcome.status == 1
    assert outcome.stdout.strip().splitlines()[-1] == "4 passed, 0 failed, 3 internal errors"
    assert "zz-crash.yaml: internal error while checking (ZeroDivisionError: a bug)" \
        in outcome.stderr
    assert "zz-hang.yaml: internal error: still checking after 1 s" in outcome.stderr
    assert "zz-memory.yaml: internal error: needed more than 1024 MB" in outcome.stderr


# --- the long sweep --------------------------------------------------------------------------


@pytest.mark.slow
def test_a_sweep_of_2400_mutants(tmp_path: Path) -> None:
    summary = sweep(2400, 20261129, tmp_path, report=lambda _: None)
    assert sum(summary["counts"].values()) == 2400
    assert summary["problems"] == [], "\n\n".join(summary["problems"][:10])
    print(json.dumps({k: v for k, v in summary.items() if k != "problems"}))
