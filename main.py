"""The umpire's window: ``python main.py [SCENARIO|SAVE]`` (no argument: the start menu); ``--version`` as
``kriegsspiel --version``."""
from __future__ import annotations

import sys

from kriegsspiel.cli import main

if __name__ == "__main__":
    args = sys.argv[1:]
    sys.exit(main(args if args == ["--version"] else ["play", *args]))
