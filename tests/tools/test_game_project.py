"""A game project adopts rightofway: the example project of examples/game-project, built in a
temporary folder, collects its own scenarios with plain pytest and plays whole races of both
games (undo, drawing, a record that ``rightofway replay`` accepts).

The default run uses this environment; the runs marked slow build everything afresh: a new
virtual environment installed from the project's requirements.txt (rightofway from this
repository, by its path: it is on no package index), and the sdist unpacked with its own
tests.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PROJECT = ROOT / "examples" / "game-project"


def _copy_project(dest: Path) -> Path:
    target = dest / "game-project"
    shutil.copytree(PROJECT, target, ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache"))
    return target


@pytest.mark.slow
def test_the_example_project_passes_in_this_environment(pytester: pytest.Pytester) -> None:
    project = _copy_project(pytester.path)
    pytester.chdir()
    result = pytester.runpytest_subprocess(str(project), "-p", "no:cacheprovider", "-v",
                                           "--rootdir", str(project))
    out = result.stdout.str()
    assert "scenarios/our-port-starboard-call.yaml::our-port-starboard-call PASSED" in out
    assert "scenarios/our-vector-game-crossing.yaml::our-vector-game-crossing PASSED" in out
    assert "test_a_race_the_wind_race_to_the_finish PASSED" in out
    assert "test_a_vector_game_race_to_the_finish PASSED" in out
    result.assert_outcomes(passed=4)


def _venv(where: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    python = where / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"],
                   check=True)
    return python


def _requirements() -> list[str]:
    lines = (PROJECT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_the_project_installs_rightofway_from_this_repository_not_an_index() -> None:
    wanted = _requirements()
    paths = [r for r in wanted if r.startswith((".", "/"))]
    assert len(paths) == 1, wanted
    # pip reads the path from the folder it runs in: the project's own, as its README says
    assert (PROJECT / paths[0]).resolve() == ROOT
    assert 'name = "rightofway"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    # nothing asks a package index for rightofway by name
    assert [r for r in wanted if r.lower().startswith("rightofway")] == []
    assert any(r.startswith("pytest") for r in wanted)
    readme = (PROJECT / "README.md").read_text(encoding="utf-8")
    assert "pip install -r requirements.txt" in readme
    assert "pip install rightofway" not in readme


@pytest.mark.slow
def test_a_new_game_project_adopts_rightofway_in_a_fresh_environment(tmp_path: Path) -> None:
    python = _venv(tmp_path / "venv")
    # as the project's README says: its requirements installed from the project's folder
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-r", "requirements.txt"],
                   cwd=PROJECT, check=True)
    found = subprocess.run([str(python), "-m", "pip", "show", "-f", "rightofway"],
                           capture_output=True, text=True, check=True).stdout
    assert "Editable project location" not in found  # a real install, not a link to here
    project = _copy_project(tmp_path)
    proc = subprocess.run([str(python), "-m", "pytest", "-v", "-p", "no:cacheprovider"],
                          cwd=project, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "our-port-starboard-call PASSED" in proc.stdout
    assert "4 passed" in proc.stdout


@pytest.mark.slow
def test_the_sdist_builds_and_its_own_tests_pass(tmp_path: Path) -> None:
    pytest.importorskip("build", reason="building the sdist needs the dev extra")
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(dist), str(ROOT)],
                   check=True, capture_output=True)
    (sdist,) = dist.glob("rightofway-*.tar.gz")
    with tarfile.open(sdist) as tar:
        tar.extractall(tmp_path / "unpacked", filter="data")
    (source,) = (tmp_path / "unpacked").iterdir()
    for needed in ("LICENSE", "README.md", "examples/match_race.py",
                   "examples/game-project/test_game.py", "scenarios", "tests", "conftest.py"):
        assert (source / needed).exists(), needed
    python = _venv(tmp_path / "venv")
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", f"{source}[test]"],
                   check=True)
    # the install from the sdist compiled the sweep (hatch_build.py), and runs it
    compiled = subprocess.run(
        [str(python), "-c", "from rightofway import _compiled; from rightofway.rrs import rules; "
         "print(_compiled.compiled(rules._sweeping))"],
        cwd=tmp_path, capture_output=True, text=True, check=True)
    assert compiled.stdout.strip() == "True", compiled.stdout + compiled.stderr
    proc = subprocess.run([str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x"],
                          cwd=source, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
