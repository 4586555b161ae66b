"""Sweeps over the whole catalogue, sampled in the default run.

A test parametrized by every catalogue scenario runs a spread of them (every k-th) in the
default ``pytest`` run and the rest, marked ``slow``, in CI's slow run: the default run
stays within its few minutes, and every scenario is still checked in CI.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest


def sampled(values: Iterable[Any], every: int = 6,
            ids: Sequence[str] | None = None) -> list[Any]:
    """``values`` as ``pytest.param`` items, all but every ``every``-th marked slow."""
    values = list(values)
    names = list(ids) if ids is not None else [str(v) for v in values]
    return [pytest.param(v, id=name, marks=() if i % every == 0 else pytest.mark.slow)
            for i, (v, name) in enumerate(zip(values, names, strict=True))]
