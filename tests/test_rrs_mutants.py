"""Racing Rules of Sailing tests for behaviour mutation testing found unpinned.

Mutation testing (docs/mutation-testing.rst) changes ``rightofway/plane.py`` and
``rightofway/rrs/rules.py`` one small step at a time and runs the tests against each
change; the tests here pin down what the changes that survived showed no test held.
Every expectation is worked out by hand from the Racing Rules of Sailing and the
continuous-geometry specification, never copied from the program's output.
"""

from __future__ import annotations
