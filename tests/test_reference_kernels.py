"""The Python references of the C kernels (``_lattice_ref``, ``_smooth_ref``, ``_routes_ref``) on the cases the
random comparisons seldom draw: borders, impassable cells, ties, limits."""
from __future__ import annotations
