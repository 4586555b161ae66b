"""A ruleset shipped by another project is found by name and checked like the built-in ones.

The toy ruleset of examples/toy-ruleset is installed into a temporary folder as a
distribution would be (its package, and a dist-info folder declaring its entry point in
the ``rightofway.rulesets`` group); ``rightofway check``, ``draw``, ``schema`` and the
pytest plugin then pick it up with no change to rightofway.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

TOY = Path(__file__).resolve().parent.parent.parent / "examples" / "toy-ruleset"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder on which the toy ruleset is installed, with its entry point declared."""
    where = tmp_path / "site"
    shutil.copytree(TOY / "toyrules", where / "toyrules")
    info = where / "toyrules-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toyrules\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text(
        "[rightofway.rulesets]\ntack-and-advance = toyrules.ruleset:TackAndAdvance\n")
    return where


def _run(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])}
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                          cwd=cwd, check=False)


def test_rightofway_check_finds_the_ruleset_by_its_name(site: Path) -> None:
    scenario = TOY / "scenarios" / "toy-starboard-holds.yaml"
    proc = _run(site, "-m", "rightofway.cli", "check", "-v", str(scenario))
    assert proc.returncode == 0, proc.stderr
    assert "PASS toy-starboard-holds" in proc.stdout
    assert "[TOY 1] starboard holds right of way" in proc.stdout
    drawn = _run(site, "-m", "rightofway.cli", "draw", str(scenario))
    assert drawn.returncode == 0 and drawn.stdout.startswith("<svg")
    schema = _run(site, "-m", "rightofway.cli", "schema", "--ruleset", "tack-and-advance")
    assert schema.returncode == 0 and '"tack-and-advance"' in schema.stdout


def test_without_the_package_the_name_is_unknown(tmp_path: Path) -> None:
    scenario = TOY / "scenarios" / "toy-starboard-holds.yaml"
    proc = _run(tmp_path, "-m", "rightofway.cli", "check", str(scenario))
    assert proc.returncode == 2
    assert "unknown ruleset 'tack-and-advance'" in proc.stderr


def test_the_pytest_plugin_collects_the_ruleset_s_scenarios(site: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(TOY / "scenarios", project / "scenarios")
    proc = _run(site, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--rootdir",
                str(project), str(project), cwd=project)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "toy-starboard-holds.yaml::toy-starboard-holds PASSED" in proc.stdout


def test_the_book_catalogues_the_ruleset_s_scenarios(site: Path, tmp_path: Path) -> None:
    """The book's catalogue extension renders a page and a diagram for the toy scenario."""
    pytest.importorskip("sphinx", reason="the book's tests need the docs extra")
    ext = TOY.parent.parent / "docs" / "_ext"
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(ext)!r})\n"
        "from pathlib import Path\n"
        "from catalogue import build_catalogue\n"
        f"toy = Path({str(TOY)!r})\n"
        "cat = build_catalogue([toy / 'scenarios' / 'toy-starboard-holds.yaml'],\n"
        f"    folder='catalogue', page_dir=Path({str(tmp_path)!r}), root=toy,\n"
        "    section_titles={'tack-and-advance': {'1': 'Right of way'}})\n"
        "print(cat.rulesets())\n"
        "print(cat.files['index.rst'])\n"
        "print(cat.files['tack-and-advance/1.rst'])\n"  # the section's page, by its title
        "print(cat.files['toy-starboard-holds.svg'][:4])\n"
    )
    proc = _run(site, "-c", script)
    assert proc.returncode == 0, proc.stderr
    assert "[('tack-and-advance', 'Tack and advance', 'TOY')]" in proc.stdout
    assert "TOY 1 \N{EM DASH} Right of way" in proc.stdout
    assert "<svg" in proc.stdout


@pytest.mark.slow
def test_a_ruleset_that_declares_races_is_played_and_replayed(site: Path,
                                                               tmp_path: Path) -> None:
    """``play`` and ``replay`` ask the registry for the ``races`` capability, so the toy
    ruleset's races run with no change to rightofway; its record resumes with
    ``Race.load`` and a changed move is caught on replay."""
    record = tmp_path / "toy.jsonl"
    played = _run(site, "-m", "rightofway.cli", "play", "--ruleset", "tack-and-advance",
                  "--boats", "3", "--seed", "2", "--record", str(record))
    assert played.returncode == 0, played.stderr
    assert "finish: 1." in played.stdout and record.exists()
    replayed = _run(site, "-m", "rightofway.cli", "replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "legal and consistent" in replayed.stdout
    resumed = _run(site, "-c", "from toyrules.race import Race\n"
                   f"r = Race.load({str(record)!r})\n"
                   "print(len(r.moves), r.result().over, r.pop().turn, r.svg()[:4])")
    assert resumed.returncode == 0, resumed.stderr
    moves, over, before, svg = resumed.stdout.split()
    assert over == "True" and int(before) == int(moves) - 1 and svg == "<svg"
    lines = record.read_text().splitlines()
    first = json.loads(lines[1])
    first["action"] = "T" if first["action"] == "A" else "A"
    lines[1] = json.dumps(first)
    record.write_text("\n".join(lines) + "\n")
    changed = _run(site, "-m", "rightofway.cli", "replay", str(record))
    assert changed.returncode == 1 and "turn 1" in changed.stderr


def test_a_ruleset_without_races_is_refused_by_play(site: Path) -> None:
    proc = _run(site, "-m", "rightofway.cli", "play", "--ruleset", "rrs")
    assert proc.returncode == 2
    assert "expected a ruleset with races" in proc.stderr and "tack-and-advance" in proc.stderr


@pytest.mark.slow
def test_a_ruleset_s_record_is_drawn_and_a_race_without_tracks_says_so(
        site: Path, tmp_path: Path) -> None:
    """``draw`` of a record asks the race to draw itself; the toy race's drawing takes no
    tracks, so ``--track`` is one line of error."""
    record = tmp_path / "toy.jsonl"
    played = _run(site, "-m", "rightofway.cli", "play", "--ruleset", "tack-and-advance",
                  "--boats", "2", "--seed", "1", "--record", str(record))
    assert played.returncode == 0, played.stderr
    drawn = _run(site, "-m", "rightofway.cli", "draw", str(record))
    assert drawn.returncode == 0, drawn.stderr
    assert drawn.stdout.startswith("<svg")
    tracked = _run(site, "-m", "rightofway.cli", "draw", str(record), "--track")
    assert tracked.returncode == 2 and tracked.stdout == ""
    assert tracked.stderr.splitlines() == [
        "error: --track: toyrules.race.Race draws no tracks"]
