"""Set-up shared by every test folder.

* The helpers at this folder's root (``strategies``, ``fuzzing``) are importable from
  each folder's tests.
* One hypothesis profile, ``rightofway``: no deadline (the machines are small and shared),
  no example database (a run depends only on the code), and the blob to reproduce a
  failure printed. A test that needs more or fewer examples sets them itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import settings

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

settings.register_profile("rightofway", deadline=None, database=None, print_blob=True)
settings.load_profile("rightofway")
