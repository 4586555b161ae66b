// Build step of the protest room (docs/_ext/room.py): install the wheels into a Pyodide
// runtime, compile every module to bytecode there (the runtime's own Python version), and
// write the installed files as one zip that the page unpacks instead of the wheels, so the
// first visit compiles nothing.
//   node room_bundle.mjs PYODIDE_DIR OUT.zip WHEEL...
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [runtime, out, ...wheels] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: runtime + "/" });
const target = "/home/pyodide/room-bundle";
py.FS.mkdirTree(target);
for (const wheel of wheels) {
  py.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: target });
}
py.runPython(`
import compileall, os, py_compile, zipfile
target = ${JSON.stringify(target)}
ok = compileall.compile_dir(target, quiet=1, workers=1,
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
if not ok:
    raise SystemExit("a module of the wheels does not compile")
with zipfile.ZipFile("/tmp/bundle.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for root, dirs, files in sorted(os.walk(target)):
        dirs.sort()
        rel = os.path.relpath(root, target).replace(os.sep, "/") + "/"
        if "/tests/" in "/" + rel or rel.startswith("rightofway/scenarios/"):
            continue  # networkx's tests, and the catalogue's files (the page has its states)
        for name in sorted(files):
            full = os.path.join(root, name)
            info = zipfile.ZipInfo(os.path.relpath(full, target), (2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(full, "rb") as f:
                z.writestr(info, f.read())
`);
fs.writeFileSync(out, py.FS.readFile("/tmp/bundle.zip"));
