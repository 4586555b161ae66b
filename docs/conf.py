"""Sphinx configuration for the rightofway book."""

from __future__ import annotations

import importlib.metadata

project = "rightofway"
author = "rightofway developers"
copyright = "2026, rightofway developers"
release = importlib.metadata.version("rightofway")
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
nitpicky = True
nitpick_ignore_regex = [
    # Third-party and typing names without an inventory offline.
    (r"py:.*", r"(nx|networkx|pydantic|typing|collections|pathlib|enum|_pytest|pytest)\..*"),
    (r"py:.*", r"(Point|Loc|Action|Basis|Verdict|StepKind|P|M|BaseModel|DiGraph)"),
    (r"py:class", r"(int|str|bool|float|dict|list|tuple|frozenset|set|object|type|Any|None)"),
    (r"py:class", r"rightofway\..*\.(Point|Loc|Action|Basis|Verdict|StepKind|P|M)"),
]
html_theme = "alabaster"
html_title = "rightofway"
exclude_patterns = ["_build"]
doctest_global_setup = "from rightofway.geometry import Compass"
