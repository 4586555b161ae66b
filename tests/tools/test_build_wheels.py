"""The wheels this checkout builds (``hatch_build.py``): compiled for this Python and
platform, carrying each compiled module's extension, source and digest; or, with
``RIGHTOFWAY_PURE=1`` (the protest room's, for Pyodide), pure Python for any platform,
carrying the sources alone.

Marked slow: each build installs its build requirements in an environment of its own.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
SWEEP = "rightofway/rrs/_sweep"


def _wheel(out: Path, pure: bool) -> tuple[str, dict[str, bytes]]:
    env = {k: v for k, v in os.environ.items() if k != "RIGHTOFWAY_PURE"}
    if pure:
        env["RIGHTOFWAY_PURE"] = "1"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                    str(out), str(ROOT)], check=True, env=env, capture_output=True)
    (wheel,) = out.glob("rightofway-*.whl")
    with zipfile.ZipFile(wheel) as z:
        return wheel.name, {n: z.read(n) for n in z.namelist() if n.startswith(SWEEP)}


@pytest.mark.slow
def test_the_wheel_carries_the_compiled_sweep_with_its_source_and_digest(
        tmp_path: Path) -> None:
    name, files = _wheel(tmp_path, pure=False)
    tag = sys.implementation.cache_tag.replace("cpython-", "cp")
    assert f"-{tag}-{tag}-" in name and "none-any" not in name, name
    source = files[f"{SWEEP}.py"]
    assert source == (ROOT / f"{SWEEP}.py").read_bytes()
    assert files[f"{SWEEP}.sha256"].decode().strip() == hashlib.sha256(source).hexdigest()
    assert f"{SWEEP}{sysconfig.get_config_var('EXT_SUFFIX')}" in files


@pytest.mark.slow
def test_the_pure_wheel_carries_sources_alone(tmp_path: Path) -> None:
    name, files = _wheel(tmp_path, pure=True)
    assert name.endswith("-py3-none-any.whl"), name
    assert list(files) == [f"{SWEEP}.py"]
