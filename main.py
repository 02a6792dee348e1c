"""The umpire's window: ``python main.py [SCENARIO|SAVE]`` (no argument: the demo scenario)."""
from __future__ import annotations

import sys

from kriegsspiel.cli import main

if __name__ == "__main__":
    sys.exit(main(["play", *sys.argv[1:]]))
