"""Modules that an install compiles with mypyc where it can (``hatch_build.py``), loaded
compiled only when built from the source beside them.

A compiled module is an extension beside its source (``_sweep.py`` and
``_sweep.cpython-311-x86_64-linux-gnu.so``); the build writes the SHA-256 of the source it
compiled beside them (``_sweep.sha256``). :func:`load` imports the extension only when that
digest is the source's own: an extension built from another version of the file (the source
edited in a checkout installed in editable mode, or changed by a mutation test) would
silently run old rules, so the source runs instead, with a :class:`RuntimeWarning` saying
how to rebuild. ``RIGHTOFWAY_PURE=1`` in the environment runs every source (and makes the
build skip compiling).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from types import ModuleType

PURE = "RIGHTOFWAY_PURE"
"""The environment variable that runs (and builds) every compiled module from its source."""


def load(name: str) -> ModuleType:
    """The module ``name`` (absolute), compiled when its extension was built from the source
    beside it, else run from that source."""
    origin, source = _found(name)
    if origin == source:
        return importlib.import_module(name)  # no extension here: the source
    if os.environ.get(PURE, "") not in ("", "0"):
        return _run(name, source, register=True)
    digest = source.with_suffix(".sha256")
    try:
        built = digest.read_text(encoding="ascii").strip()
        current = hashlib.sha256(source.read_bytes()).hexdigest()
    except OSError:
        built, current = "", "unreadable"
    if built != current:
        warnings.warn(f"{origin.name} was not compiled from the {source.name} beside it: "
                      f"running the source (reinstall to compile it again)", RuntimeWarning,
                      stacklevel=2)
        return _run(name, source, register=True)
    return importlib.import_module(name)


def source(name: str) -> ModuleType:
    """A fresh module run from the source of ``name`` (absolute), whether or not it is
    compiled, not registered in :data:`sys.modules` (tests compare it with :func:`load`'s)."""
    return _run(f"{name}__source", _found(name)[1])


def compiled(module: ModuleType) -> bool:
    """Whether ``module`` runs compiled (an extension) rather than from Python source."""
    return not str(getattr(module, "__file__", "") or "").endswith(".py")


def _found(name: str) -> tuple[Path, Path]:
    """Where ``name`` imports from (its extension, if there is one), and its source."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise ImportError(f"no module named {name!r}")
    origin = Path(spec.origin)
    return origin, origin.parent / (name.rpartition(".")[2] + ".py")


def _run(name: str, path: Path, register: bool = False) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    if register:
        sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
