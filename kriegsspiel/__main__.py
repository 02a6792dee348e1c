"""``python -m kriegsspiel`` is the same as the ``kriegsspiel`` command."""
from __future__ import annotations

import sys

from kriegsspiel.cli import main

sys.exit(main())
