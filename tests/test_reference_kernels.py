"""The Python references of the C kernels (``_lattice_ref``, ``_smooth_ref``, ``_routes_ref``) on the cases the
random comparisons seldom draw: borders, impassable cells, ties, limits."""
from __future__ import annotations

from kriegsspiel.core.movement import _lattice_ref

# the C kernel's stencil (_lattice.c): the offsets (1,0), (1,1), (2,1), (3,1), (3,2), each followed by its
# mirror images in the order (a,c), (-a,c), (a,-c), (-a,-c), (c,a), (-c,a), (c,-a), (-c,-a), repeats left out
C_STENCIL = (
    (1, 0), (-1, 0), (0, 1), (0, -1),
    (1, 1), (-1, 1), (1, -1), (-1, -1),
    (2, 1), (-2, 1), (2, -1), (-2, -1), (1, 2), (-1, 2), (1, -2), (-1, -2),
    (3, 1), (-3, 1), (3, -1), (-3, -1), (1, 3), (-1, 3), (1, -3), (-1, -3),
    (3, 2), (-3, 2), (3, -2), (-3, -2), (2, 3), (-2, 3), (2, -3), (-2, -3),
)


def test_the_reference_has_the_32_neighbour_stencil_of_the_c_kernel_in_its_order() -> None:
    # the order decides which of two equally cheap predecessors a cell keeps, so it must be the C kernel's
    assert _lattice_ref._build_stencil() == C_STENCIL
    assert _lattice_ref.STENCIL == C_STENCIL and len(set(C_STENCIL)) == 32
