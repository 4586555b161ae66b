"""Build hook: compile the hot path with mypyc where this machine can, else build pure.

The modules of :data:`COMPILED` are plain, typed, self-contained Python. On CPython, unless
``RIGHTOFWAY_PURE`` is set, each is compiled by mypyc into an extension beside its source
(in place, so an editable install finds it too), with the SHA-256 of the source it was built
from (``NAME.sha256``, checked by ``rightofway._compiled`` when importing: an extension older
than its source is not used). When compiling fails (no C compiler, say) the build goes on
pure, with a warning: the source is the reference and runs the same answers, only slower.
The wheel then carries both the extensions and the sources, and is tagged for this Python
and platform; a pure build (the protest room's, for Pyodide) is ``py3-none-any``.
"""

from __future__ import annotations

import hashlib
import os
import platform
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

COMPILED = ["rightofway/rrs/_sweep.py"]
"""The modules compiled, from the project's root."""

PURE = "RIGHTOFWAY_PURE"

SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify

modules = mypycify(["--follow-imports=skip", *sys.argv[3:]], opt_level="3")
setup(name="rightofway-compiled", ext_modules=modules,
      script_args=["build_ext", "--build-temp", sys.argv[1], "--build-lib", sys.argv[2]])
"""
"""Run in a folder of its own, so that neither setuptools nor mypy reads the project's
configuration, on the sources' absolute paths (mypy names each module from the packages
around it, whose imports it does not follow: the compiled modules import nothing of the
library)."""


def _wanted() -> bool:
    return (os.environ.get(PURE, "") in ("", "0")
            and platform.python_implementation() == "CPython")


class CompileHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        return ["mypy>=1.10", "setuptools>=68"] if _wanted() else []

    def clean(self, versions: list[str]) -> None:
        root = Path(self.root)
        for module in COMPILED:
            source = root / module
            for old in source.parent.glob(source.stem + "*"):
                if old.suffix in (".so", ".pyd", ".sha256"):  # with mypyc's shared library
                    old.unlink()

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if not _wanted():  # what an earlier build compiled stays out of the wheel (ignored)
            self.app.display_info("rightofway: building pure Python (no module compiled)")
            return
        root = Path(self.root)
        built = _current(root)
        if built is None:
            built = self._compile(root, version)
            if built is None:
                return
        build_data["artifacts"].extend("/" + path.as_posix() for path in built)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        self.app.display_info(f"rightofway: compiled with mypyc: {', '.join(COMPILED)}")

    def _compile(self, root: Path, version: str) -> list[Path] | None:
        """Compile :data:`COMPILED` in place, with their digests: the files made (from
        ``root``), or ``None`` (and a warning) if mypyc failed. Each file replaces the old
        one whole, so a process that loaded the old extension keeps it."""
        self.clean([version])
        with tempfile.TemporaryDirectory() as temp:
            script, lib = Path(temp) / "setup.py", Path(temp) / "lib"
            script.write_text(SETUP, encoding="utf-8")
            done = subprocess.run(
                [sys.executable, str(script), str(Path(temp) / "build"), str(lib),
                 *(str(root / module) for module in COMPILED)],
                cwd=temp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
            made = [p.relative_to(lib) for p in lib.rglob("*") if p.suffix in (".so", ".pyd")]
            if done.returncode != 0 or not made:
                tail = "\n".join(done.stdout.decode("utf-8", "replace").splitlines()[-15:])
                self.app.display_warning(
                    "rightofway: compiling with mypyc failed, building pure Python "
                    f"(the same answers, slower):\n{tail}")
                return None
            for extension in made:
                _replace(root / extension, (lib / extension).read_bytes())
        for module in COMPILED:
            source = root / module
            digest = hashlib.sha256(source.read_bytes()).hexdigest()
            _replace(source.with_suffix(".sha256"), (digest + "\n").encode("ascii"))
            made.append(Path(module).with_suffix(".sha256"))
        return made


def _current(root: Path) -> list[Path] | None:
    """The compiled files (from ``root``) when every module of :data:`COMPILED` has its
    extension for this interpreter, built from its present source; else ``None``."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    found: list[Path] = []
    for module in COMPILED:
        source = root / module
        digest = source.with_suffix(".sha256")
        extension = source.with_name(source.stem + suffix)
        if not (digest.is_file() and extension.is_file()) or digest.read_text(
                encoding="ascii").strip() != hashlib.sha256(source.read_bytes()).hexdigest():
            return None
        found += [p.relative_to(root) for p in source.parent.glob(source.stem + "*" + suffix)]
        found.append(digest.relative_to(root))
    return found


def _replace(path: Path, data: bytes) -> None:
    """Write ``path`` whole under a new name, then rename it into place."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)
