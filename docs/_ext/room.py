"""Sphinx extension: what the protest room (``room.html``) needs in the built book.

The room runs the library in the reader's browser under Pyodide. When an HTML book is
built, this extension gathers into one folder, copied to the book's root as ``_room/``:

* ``pyodide/``: the runtime, from the npm package ``pyodide`` at the pinned version
  (``rightofway_pyodide_version``), fetched once with ``npm pack`` into the cache folder
  (``rightofway_room_cache``, under ``docs/_build``) and copied from there: the built book
  needs no network, and the page asks nothing of any other site;
* ``wheels/``: the library's own wheel, built from this checkout, and networkx's, at the
  version installed here (``pip download``); ``wheels.json`` lists them;
* ``bundle.zip``: what the page unpacks: the two wheels installed into the runtime by
  Node.js (``room_bundle.mjs``) and compiled there to bytecode, without networkx's tests
  or the catalogue's files, so the first visit compiles nothing;
* ``scenarios/ID.json``: each catalogue scenario's state (the file's document as its
  validated model gives it, without ``expect``), made here so that nothing in the browser
  needs pydantic or PyYAML; ``index.json`` lists id, title and ruleset of each.

``.. rightofway-room-download::`` writes a table of the room's download, file by file.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from importlib.metadata import version as installed_version
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from rightofway.scenarios import find_scenarios, load_scenario, room_state

logger = logging.getLogger(__name__)

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
"""The files of the npm package the page loads (the rest are types, maps and consoles)."""


def _run(command: list[str], what: str, cwd: Path | None = None,
         env: dict[str, str] | None = None) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False,
                          env=None if env is None else {**os.environ, **env})
    if done.returncode != 0:
        raise ExtensionError(f"protest room: {what} failed ({' '.join(command)}):\n"
                             f"{done.stdout[-2000:]}{done.stderr[-2000:]}")


def fetch_runtime(cache: Path, pinned: str) -> Path:
    """The folder holding the runtime files of npm ``pyodide@pinned`` (fetched into
    ``cache`` the first time: ``npm pack`` checks the registry's integrity hash)."""
    folder = cache / f"pyodide-{pinned}"
    if all((folder / name).is_file() for name in RUNTIME_FILES):
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise ExtensionError("protest room: the book needs npm (Node.js) to fetch the "
                             f"Pyodide runtime pyodide@{pinned}; install Node.js and npm")
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        _run([npm, "pack", f"pyodide@{pinned}", "--silent"], "npm pack", Path(tmp))
        packed = next(Path(tmp).glob("pyodide-*.tgz"))
        with tarfile.open(packed) as tar:
            tar.extractall(tmp, filter="data")
        meta = json.loads((Path(tmp) / "package" / "package.json").read_text())
        if meta.get("version") != pinned:
            raise ExtensionError(f"protest room: npm gave pyodide {meta.get('version')}, "
                                 f"not the pinned {pinned}")
        folder.mkdir(parents=True, exist_ok=True)
        for name in RUNTIME_FILES:
            shutil.copy2(Path(tmp) / "package" / name, folder / name)
    return folder


def build_wheels(cache: Path, root: Path) -> list[Path]:
    """This checkout's wheel (rebuilt every time, pure Python: Pyodide runs no extension
    compiled here) and networkx's (fetched once)."""
    own = cache / "wheel"
    shutil.rmtree(own, ignore_errors=True)
    own.mkdir(parents=True)
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(own),
          str(root)], "building the library's wheel", env={"RIGHTOFWAY_PURE": "1"})
    nx = cache / "networkx"
    pinned = installed_version("networkx")
    wheels = sorted(nx.glob(f"networkx-{pinned}-*.whl")) if nx.is_dir() else []
    if not wheels:
        nx.mkdir(parents=True, exist_ok=True)
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
              "--only-binary=:all:", "-d", str(nx), f"networkx=={pinned}"],
             "fetching the networkx wheel")
        wheels = sorted(nx.glob(f"networkx-{pinned}-*.whl"))
    return [*sorted(own.glob("rightofway-*.whl")), *wheels]


def make_bundle(runtime: Path, wheels: list[Path], out: Path) -> None:
    """The wheels installed and compiled in the runtime itself, as one zip
    (``room_bundle.mjs``, run by Node.js)."""
    node = shutil.which("node")
    if node is None:
        raise ExtensionError("protest room: the book needs Node.js to compile the room's "
                             "bundle in the Pyodide runtime")
    script = Path(__file__).with_name("room_bundle.mjs")
    _run([node, str(script), str(runtime), str(out), *map(str, wheels)],
         "compiling the room's bundle")


def write_states(scenarios: Path, out: Path) -> int:
    """Each scenario's state as ``out/ID.json`` and the list as ``out/../index.json``."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    index = []
    for path in find_scenarios([scenarios]):
        model = load_scenario(path).model
        (out / f"{model.id}.json").write_text(json.dumps(room_state(model)),
                                              encoding="utf-8")
        index.append({"id": model.id, "title": model.title, "ruleset": model.ruleset})
    index.sort(key=lambda e: (e["ruleset"], e["id"]))
    (out.parent / "index.json").write_text(json.dumps(index), encoding="utf-8")
    return len(index)


def prepare(app: Sphinx) -> None:
    """Gather ``_room/`` for an HTML build and add it to the book's extra files."""
    if app.builder.format != "html":
        return
    confdir = Path(app.confdir)
    cache = (confdir / app.config.rightofway_room_cache).resolve()
    extra = cache / "extra"
    room = extra / "_room"
    shutil.rmtree(room, ignore_errors=True)
    (room / "pyodide").mkdir(parents=True)
    (room / "wheels").mkdir()
    runtime = fetch_runtime(cache, app.config.rightofway_pyodide_version)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, room / "pyodide" / name)
    wheels = build_wheels(cache, confdir.parent)
    for wheel in wheels:
        shutil.copy2(wheel, room / "wheels" / wheel.name)
    (room / "wheels.json").write_text(json.dumps([w.name for w in wheels]), encoding="utf-8")
    make_bundle(runtime, wheels, room / "bundle.zip")
    count = write_states((confdir / app.config.rightofway_scenarios).resolve(),
                         room / "scenarios")
    logger.info("protest room: runtime pyodide %s, %d wheels, %d scenario states",
                app.config.rightofway_pyodide_version, len(wheels), count)
    if str(extra) not in [str((confdir / p).resolve()) for p in app.config.html_extra_path]:
        app.config.html_extra_path.append(str(extra))
    app.env.rightofway_room_files = download_files(room)  # type: ignore[attr-defined]


def download_files(room: Path) -> list[tuple[str, int]]:
    """The files the page fetches before its first ruling, with their sizes in bytes."""
    names = [f"pyodide/{n}" for n in RUNTIME_FILES] + ["bundle.zip", "index.json"]
    return [(n, (room / n).stat().st_size) for n in names]


class RoomDownload(SphinxDirective):
    """A table of the room's download: the runtime and wheels, file by file, and the sum."""

    def run(self) -> list[nodes.Node]:
        files: list[tuple[str, int]] = getattr(self.env, "rightofway_room_files", [])
        if not files:
            return [nodes.paragraph(text="(The download is listed in HTML builds.)")]
        table = nodes.table()
        group = nodes.tgroup(cols=2)
        table += group
        group += nodes.colspec(colwidth=70)
        group += nodes.colspec(colwidth=30)
        body = nodes.tbody()
        rows = [(name, f"{size / 1e6:.2f} MB") for name, size in files]
        rows.append(("all of it", f"{sum(s for _, s in files) / 1e6:.2f} MB"))
        head = nodes.thead()
        group += head
        for cells, part in [((("file", "size"),), head), (tuple(rows), body)]:
            for cell_texts in cells:
                row = nodes.row()
                for text in cell_texts:
                    entry = nodes.entry()
                    entry += nodes.paragraph(text=text)
                    row += entry
                part += row
        group += body
        return [table]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("rightofway_pyodide_version", "314.0.8", "html")
    app.add_config_value("rightofway_room_cache", "_build/room-cache", "html")
    app.connect("builder-inited", prepare)
    app.add_directive("rightofway-room-download", RoomDownload)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
