"""README's code blocks are fenced in pairs: a stray fence turns the prose after it into
code and the next example into prose, on GitHub and on the book's landing page (which
includes README through MyST) alike, while the doctests of README may still pass."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent.parent / "README.md"
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")


def blocks(text: str) -> list[tuple[int, str, list[str]]]:
    """Each fenced block: the line it opens on (1-based), its info string and its lines.
    AssertionError naming the line of a block that never closes."""
    out: list[tuple[int, str, list[str]]] = []
    opened: tuple[int, str, str] | None = None
    body: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        m = FENCE.match(line)
        if opened is None:
            if m:
                opened, body = (number, m.group(1), m.group(2).strip()), []
            continue
        if m and m.group(1)[0] == opened[1][0] and len(m.group(1)) >= len(opened[1]) \
                and not m.group(2).strip():
            out.append((opened[0], opened[2], body))
            opened = None
        else:
            body.append(line)
    assert opened is None, f"README.md line {opened[0]}: a code fence that never closes"
    return out


def test_every_fence_opens_with_its_language_and_closes() -> None:
    found = blocks(README.read_text(encoding="utf-8"))
    assert len(found) >= 8
    # a stray closing fence is read as an opening one, with no language
    assert [line for line, info, _ in found if not info] == []
    assert {info for _, info, _ in found} <= {"python", "sh", "ini", "toml"}


def test_every_python_block_is_a_doctest_session_that_ends_before_its_fence() -> None:
    sessions = [(line, body) for line, info, body in blocks(README.read_text(encoding="utf-8"))
                if info == "python"]
    assert len(sessions) >= 6
    for line, body in sessions:
        assert body[0].startswith(">>> "), f"README.md line {line + 1}: {body[0]!r}"
        # doctest reads expected output up to a blank line: without one the fence would be
        # part of the last example's output
        assert body[-1] == "", f"README.md line {line}: no blank line before the fence"


def test_the_reader_finds_a_stray_fence() -> None:
    text = "```python\n>>> 1\n1\n\n```\n\nProse.\n```\n\n```python\n>>> 2\n2\n\n```\n"
    found = blocks(text)
    assert [(line, info) for line, info, _ in found] == [(1, "python"), (8, "")]
