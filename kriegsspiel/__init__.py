"""kriegsspiel: the umpire's table for Kriegsspiel.

Layers (data flows down, nothing below imports anything above it):
``cli`` -> ``app`` -> ``render`` / ``pov`` -> ``tiled`` / ``scenario`` / ``store`` -> ``core``.
"""
from __future__ import annotations

import os

#: The version, in this one place (pyproject.toml reads it; ``kriegsspiel --version`` shows it).
__version__ = "0.1.0"

# pygame-ce greets on stdout when first imported; stdout belongs to the commands (JSON, lists, transcripts), so
# the greeting is silenced here, before any module of the program can import pygame. A user's own setting wins.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# numpy's OpenBLAS starts a thread per core when numpy is imported, and they spin: about 0.1 s of CPU at every
# start (a third of `kriegsspiel verify`'s) for linear algebra the program never does (no matrix products, no
# linalg). One thread is set here, before any module of the program imports numpy; a user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
