"""The command line: check, explain, schema; exit codes and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rightofway.cli import main
from rightofway.scenarios import bundled_catalogue

GOOD = """\
id: cli-fig09
title: Starboard owns the point
ruleset: race-the-wind
source: Race the Wind rulebook 3.4, figure 9
position:
  wind: N
  boats:
    - {id: A, at: [0, 4], heading: NE}
    - {id: B, at: [2, 4], heading: NW}
move: {boat: A, actions: [A]}
protest: {by: B, against: A}
expect:
  engaged: [[A, B]]
  right_of_way: [[B, A, starboard]]
  ruling: {penalty: A, verdict: upheld}
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path



def _scenario_files() -> list[Path]:
    """The catalogue's YAML files, leaving out its folder of track data (course files and
    expected incidents, which are not scenarios)."""
    root = bundled_catalogue()
    return [f for f in root.rglob("*.yaml") if "tracks" not in f.relative_to(root).parts]

def test_check_leaves_out_a_folder_of_track_data(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """Course files and expected incidents in a ``tracks`` folder are not scenario files."""
    one = next(iter(sorted((bundled_catalogue() / "rrs").glob("*.yaml"))))
    (tmp_path / one.name).write_text(one.read_text())
    (tmp_path / "tracks").mkdir()
    (tmp_path / "tracks" / "duck.course.yaml").write_text("hull_length: 10\n")
    assert main(["check", "-q", str(tmp_path)]) == 0
    assert capsys.readouterr().out.strip().splitlines() == ["1 passed, 0 failed"]


def test_bundled_catalogue_passes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "-q"]) == 0
    out = capsys.readouterr().out
    files = _scenario_files()
    assert len(files) >= 40
    assert out.strip().splitlines() == [f"{len(files)} passed, 0 failed"]


def test_check_prints_one_line_per_scenario_and_a_summary_last(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write(tmp_path, "good.yaml", GOOD)
    write(tmp_path, "bad.yaml", GOOD.replace("cli-fig09", "cli-bad").replace("penalty: A",
                                                                              "penalty: null"))
    assert main(["check", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines == [
        "FAIL cli-bad - Starboard owns the point: ruling.penalty: expected null, got A",
        "PASS cli-fig09 - Starboard owns the point",
        "1 passed, 1 failed",
    ]


def test_check_verbose_prints_ruling_and_explanation(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "good.yaml", GOOD)
    assert main(["check", "-v", str(path)]) == 0
    out = capsys.readouterr().out
    assert "PASS cli-fig09" in out
    assert "protest upheld" in out
    assert "[RTW 3.4] the boat on starboard tack has right of way" in out
    assert out.strip().splitlines()[-1] == "1 passed, 0 failed"


def test_failing_expectation_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bad.yaml", GOOD.replace("penalty: A", "penalty: null"))
    assert main(["check", "-v", str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAIL cli-fig09" in out
    assert "MISMATCH ruling.penalty: expected null, got A" in out


def test_bundled_ids_stand_for_their_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "rtw-fig09-starboard-free-point"]) == 0
    assert capsys.readouterr().out.startswith("PASS rtw-fig09-starboard-free-point")
    assert main(["explain", "rtw-fig09-starboard-free-point"]) == 0
    assert "ruling on A [A]" in capsys.readouterr().out
    assert main(["draw", "rtw-fig09-starboard-free-point"]) == 0
    assert capsys.readouterr().out.startswith("<svg")
    assert main(["check", "no-such-scenario"]) == 2
    assert "nor a bundled scenario id" in capsys.readouterr().err


def test_list_names_the_bundled_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list", "--ruleset", "vector-game"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert all(line.startswith("vg-") for line in lines[:-1])
    assert lines[-1] == f"{len(lines) - 1} scenarios"
    assert main(["list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["ruleset"] for r in rows} == {"americas-cup", "race-the-wind", "rrs",
                                            "simulation", "vector-game"}
    assert len(rows) == len(_scenario_files())
    assert main(["list", "--ruleset", "chess"]) == 2
    assert "unknown ruleset 'chess'" in capsys.readouterr().err


def test_options_that_do_not_apply_are_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["draw", "vg-gw1-port-crosses-close-ahead", "--layers", "claims"]) == 2
    assert "--layers: unknown layer 'claims'; vector-game's layers: none" in capsys.readouterr().err
    assert main(["play", "--ruleset", "vector-game", "--course", "triangle"]) == 2
    assert "--course: vector-game races on its own course" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["draw", "rtw-fig09-starboard-free-point", "--size", "0"])
    assert "expected a number above 0" in capsys.readouterr().err


def test_every_command_explains_itself_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("check", "list", "explain", "draw", "play", "replay", "schema"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        text = capsys.readouterr().out
        assert "example:" in text and f"rightofway {command}" in text, command


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "good.yaml", GOOD)
    assert main(["check", "--json", str(path)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["passed"] == 1 and data["failed"] == 0 and data["invalid"] == 0
    (scn,) = data["scenarios"]
    assert scn["id"] == "cli-fig09" and scn["passed"] is True
    assert "ruling" in scn["checked"][-1]
    cites = {s["cite"] for sec in scn["explanation"] for s in sec["steps"]}
    assert "RTW 3.4" in cites


def test_invalid_file_exits_2_with_one_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "typo.yaml", GOOD.replace("  boats:", "  boatz:"))
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert str(path) in err[0] and "boatz" in err[0]


def test_duplicate_ids_are_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write(tmp_path, "a.yaml", GOOD)
    write(tmp_path, "b.yaml", GOOD)
    assert main(["check", str(tmp_path)]) == 2
    assert "already used" in capsys.readouterr().err


def test_missing_path_is_invalid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(tmp_path / "nope.yaml")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_explain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "good.yaml", GOOD)
    assert main(["explain", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ruling on A [A]" in out
    assert "A infringes against B" in out


def test_schema_is_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema", "--ruleset", "race-the-wind"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "urn:rightofway:scenario:race-the-wind:1"
    assert schema["additionalProperties"] is False
    assert {"id", "title", "ruleset", "source", "position"} <= set(schema["required"])


def test_the_schema_covers_every_ruleset_and_explains_every_key(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["$id"] == "urn:rightofway:scenario:1"
    assert [c["$ref"] for c in schema["oneOf"]] == ["#/$defs/americas-cup",
                                                    "#/$defs/race-the-wind", "#/$defs/rrs",
                                                    "#/$defs/simulation", "#/$defs/vector-game"]
    undescribed = []

    def walk(node: object, path: str) -> None:
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                if "description" not in sub:
                    undescribed.append(f"{path}.{key}")
            for key, sub in node.items():
                walk(sub, f"{path}/{key}")
        elif isinstance(node, list):
            for sub in node:
                walk(sub, path)

    walk(schema, "")
    assert undescribed == []
    refs = json.dumps(schema).count('"$ref": "#/$defs/')
    assert refs > 20 and all(
        ref.split("/")[-1] in schema["$defs"]
        for ref in json.dumps(schema).split('"$ref": "')[1:]
        for ref in [ref.split('"')[0]]
    )


def test_console_script_runs_without_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.yaml", "id: [unclosed\n")
    proc = subprocess.run(
        [sys.executable, "-m", "rightofway.cli", "check", str(path)],
        capture_output=True, text=True, check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"error: {path}:")
