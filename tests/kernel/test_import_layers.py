"""The package's imports run one way: kernel <- rulesets <- tools, and no import circle.

The map is read from the source (every import statement, those inside functions too),
so a lazy import counts as much as one at the top of a module. Imports made only for the
type checker (under ``if TYPE_CHECKING:``) never run, so they cannot close a circle; they
still may not make the kernel depend on a ruleset.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

from rightofway.registry import get_ruleset, ruleset_names

PACKAGE = Path(__file__).resolve().parent.parent.parent / "rightofway"
TOOLS = ("rightofway.cli", "rightofway.pytest_plugin", "rightofway.parallel")


def _package_of(name: str) -> str:
    """The package of a registered ruleset: where its class is defined, less the module."""
    return type(get_ruleset(name)).__module__.rpartition(".")[0]


BUILT_IN = [n for n in ruleset_names() if _package_of(n).startswith("rightofway.")]
RULESETS = tuple(_package_of(n) for n in BUILT_IN)
"""Every ruleset the registry holds that ships with the package: a sixth is covered without
editing this file."""
USES = {_package_of(n): {_package_of(d) for d in getattr(get_ruleset(n), "depends_on", ())}
        for n in BUILT_IN}
"""The rulesets each ruleset declares it uses (the simulation asks the Racing Rules)."""


def _name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_name(p): p for p in PACKAGE.rglob("*.py")}


def _typing_only(tree: ast.Module) -> set[int]:
    """Line numbers of the imports under ``if TYPE_CHECKING:``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                for sub in ast.walk(inner):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        lines.add(sub.lineno)
    return lines


def _resolve(target: str) -> str | None:
    while target and target not in MODULES:
        target = target.rpartition(".")[0]
    return target or None


def imports(*, typing: bool) -> nx.DiGraph:
    """Module -> imported module inside the package (with ``typing``, also typing-only)."""
    graph = nx.DiGraph()
    for name, path in MODULES.items():
        graph.add_node(name)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set() if typing else _typing_only(tree)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)) or node.lineno in skip:
                continue
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parts, base] if base else parts)
                # ``from package import module`` imports the module, not the package.
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                           for a in node.names]
            for target in targets:
                found = _resolve(target)
                if found and found != name:
                    graph.add_edge(name, found)
    return graph


def _ruleset(module: str) -> str | None:
    return next((r for r in RULESETS if module == r or module.startswith(r + ".")), None)


def test_the_map_covers_the_package() -> None:
    graph = imports(typing=True)
    assert {"rightofway.geometry", "rightofway.rtw.rules", "rightofway.vg.game",
            "rightofway.cli"} <= set(graph)
    assert graph.has_edge("rightofway.rtw.rules", "rightofway.rtw.moves")


def test_no_import_circle_anywhere_in_the_package() -> None:
    graph = imports(typing=False)
    cycles = sorted(nx.simple_cycles(graph), key=len)
    assert cycles == [], "import circles: " + "; ".join(" -> ".join(c) for c in cycles[:5])


def test_the_kernel_imports_no_ruleset_and_no_tool() -> None:
    graph = imports(typing=True)
    kernel = [m for m in graph if _ruleset(m) is None and m not in TOOLS]
    assert "rightofway.svg" in kernel and "rightofway.registry" in kernel
    wrong = sorted((m, t) for m in kernel for t in graph.successors(m)
                   if _ruleset(t) is not None or t in TOOLS)
    assert wrong == []


def test_a_ruleset_imports_the_kernel_and_nothing_of_another_ruleset() -> None:
    """Only the rulesets it declares (``depends_on``), and only their public package."""
    assert len(RULESETS) == 5 and "rightofway.rrs" in USES["rightofway.sim"]
    graph = imports(typing=True)
    wrong = sorted((m, t) for m, t in graph.edges
                   if (r := _ruleset(m)) and (t in TOOLS or (_ruleset(t) not in (None, r)
                                                             and t not in USES[r])))
    assert wrong == []
