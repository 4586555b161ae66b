"""Project-wide pytest set-up.

* The scenario catalogue (``scenarios/**/*.yaml``) is collected as items named
  by scenario id (:mod:`rightofway.pytest_plugin`).
* ``pytester`` drives the plugin's own tests.
* Docstring and docs examples may use ``Compass`` without importing it.
"""

from __future__ import annotations

from typing import Any

import pytest

from rightofway.geometry import Compass

pytest_plugins = ["rightofway.pytest_plugin", "pytester"]


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, Any]) -> None:
    doctest_namespace["Compass"] = Compass
