"""Project-wide pytest set-up.

* The scenario catalogue (``scenarios/**/*.yaml``) is collected as items named
  by scenario id by :mod:`rightofway.pytest_plugin`, which installing the
  package registers (its ``pytest11`` entry point).
* ``pytester`` drives the plugin's own tests.
* Docstring and docs examples may use ``Compass`` without importing it.
"""

from __future__ import annotations

from typing import Any

import pytest

from rightofway.geometry import Compass

pytest_plugins = ["pytester"]

# The book's Sphinx configuration and extension are code for Sphinx, not test modules;
# tests/test_docs_catalogue.py builds small books with them instead.
# A module compiled by the install (hatch_build.py) imports as its extension, which the
# doctest collector cannot match with the source file; it holds no examples, and
# tests/rrs/test_rrs_compiled.py runs its source.
collect_ignore = ["docs/conf.py", "docs/_ext", "docs/check_book.py", "rightofway/rrs/_sweep.py"]


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["Compass"] = Compass
