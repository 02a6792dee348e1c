/* Line of sight over a raster: the ring sweep of kriegsspiel.core.sight in C.
 *
 * The algorithm is described in kriegsspiel/core/sight.py (the pure numpy reference, which this kernel must
 * match cell for cell). In short: rings of Chebyshev distance k = 1, 2, ... around the observer's cell; each
 * cell of ring k looks at the point where its ray from the observer crosses ring k-1, interpolates the
 * running maximum slope ("horizon") of the two ring k-1 cells around that point, is visible when the slope to
 * its ground is not below that horizon, and passes on max(horizon, slope to its surface) (ground plus any
 * obstacle) to ring k+1. Work is proportional to the window around the observer, not to the map.
 *
 * Plain Python C API and the buffer protocol only (no numpy headers), so it builds wherever CPython does.
 * Every floating-point step is written in the same order as the numpy reference so that both give the same
 * bits; do not "simplify" an expression here without changing the reference the same way.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdlib.h>

/* A cell is seen when its ground slope is at least the horizon minus this: grazing rays count as seen, and
 * equal slopes reached by different rounding paths do not flicker. */
#define SLOPE_TOLERANCE 1e-9

typedef struct {
    const double *ground;
    const double *surface;
    Py_ssize_t rows, cols;
} Heights;

static int get_double_buffer(PyObject *obj, Py_buffer *view, Py_ssize_t expected, const char *name) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return -1;
    if (view->itemsize != sizeof(double) || (view->format && strcmp(view->format, "d") != 0)) {
        PyErr_Format(PyExc_TypeError, "%s must be a C-contiguous float64 buffer", name);
        PyBuffer_Release(view);
        return -1;
    }
    if (view->len != expected * (Py_ssize_t)sizeof(double)) {
        PyErr_Format(PyExc_ValueError, "%s has %zd bytes, expected %zd", name, view->len,
                     expected * (Py_ssize_t)sizeof(double));
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* A read-only int32 or float64 buffer of n items. */
static int get_table(PyObject *obj, Py_buffer *view, Py_ssize_t n, Py_ssize_t itemsize, const char *name) {
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->itemsize != itemsize || view->len != n * itemsize) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd items of %zd bytes", name, n, itemsize);
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* viewshed(ground, surface, rows, cols, obs_row, obs_col, obs_x, obs_y, eye_z, cell_size, sight_range,
 *          out, row0, col0, out_rows, out_cols, reach, dx, dy, own, a, b, t, inv_dist) -> None
 *
 * ground, surface: float64 [rows * cols], heights in levels. The observer stands in cell (obs_row, obs_col)
 * at world point (obs_x, obs_y) with the eye at height eye_z. out: writable uint8 [out_rows * out_cols], the
 * window whose top-left cell is (row0, col0); it must cover every raster cell within ring ``reach`` of the
 * observer's cell. Cells whose centre lies within sight_range of (obs_x, obs_y) and that are seen get 1,
 * every other cell of the window 0.
 *
 * The ring geometry (kriegsspiel.core.sight.ring_geometry(reach)) lists the cells of rings 1..reach in
 * order: offsets dx, dy (int32); own, a, b (int32 indices into the (2 reach + 1)^2 horizon square: the cell
 * itself and the two ring k-1 cells its ray passes between; a = -1 on ring 1, b = -1 when the ray passes
 * through a's centre); t (float64, the weight of b); inv_dist (float64, 1 / distance in cells). Slopes are
 * in levels per cell: only their comparisons matter.
 */
static PyObject *viewshed(PyObject *self, PyObject *args) {
    PyObject *ground_obj, *surface_obj, *out_obj, *dx_obj, *dy_obj, *own_obj, *a_obj, *b_obj, *t_obj, *inv_obj;
    Py_ssize_t rows, cols, obs_row, obs_col, row0, col0, out_rows, out_cols, reach;
    double obs_x, obs_y, eye_z, cell_size, sight_range;
    if (!PyArg_ParseTuple(args, "OOnnnndddddOnnnnnOOOOOOO", &ground_obj, &surface_obj, &rows, &cols, &obs_row,
                          &obs_col, &obs_x, &obs_y, &eye_z, &cell_size, &sight_range, &out_obj, &row0, &col0,
                          &out_rows, &out_cols, &reach, &dx_obj, &dy_obj, &own_obj, &a_obj, &b_obj, &t_obj,
                          &inv_obj))
        return NULL;
    if (rows <= 0 || cols <= 0 || obs_row < 0 || obs_row >= rows || obs_col < 0 || obs_col >= cols) {
        PyErr_SetString(PyExc_ValueError, "the observer's cell is not on the raster");
        return NULL;
    }
    if (!(cell_size > 0.0) || !(sight_range >= 0.0) || !isfinite(sight_range) || !isfinite(eye_z) || reach < 0) {
        PyErr_SetString(PyExc_ValueError, "cell_size must be > 0, sight_range >= 0 and finite, eye_z finite");
        return NULL;
    }
    Py_ssize_t r_lo = obs_row - reach < 0 ? 0 : obs_row - reach;
    Py_ssize_t r_hi = obs_row + reach >= rows ? rows - 1 : obs_row + reach;
    Py_ssize_t c_lo = obs_col - reach < 0 ? 0 : obs_col - reach;
    Py_ssize_t c_hi = obs_col + reach >= cols ? cols - 1 : obs_col + reach;
    if (out_rows < 0 || out_cols < 0 || row0 > r_lo || col0 > c_lo || row0 + out_rows <= r_hi ||
        col0 + out_cols <= c_hi) {
        PyErr_SetString(PyExc_ValueError, "the output window does not cover the observer's sight");
        return NULL;
    }
    Py_ssize_t side = 2 * reach + 1;
    Py_ssize_t n = side * side - 1; /* every cell of rings 1..reach */

    Py_buffer views[11];
    int got = 0;
    PyObject *objs[10] = {ground_obj, surface_obj, out_obj, dx_obj, dy_obj, own_obj, a_obj, b_obj, t_obj, inv_obj};
    if (get_double_buffer(ground_obj, &views[0], rows * cols, "ground") < 0) goto fail;
    got = 1;
    if (get_double_buffer(surface_obj, &views[1], rows * cols, "surface") < 0) goto fail;
    got = 2;
    if (PyObject_GetBuffer(out_obj, &views[2], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) goto fail;
    got = 3;
    if (views[2].len != out_rows * out_cols || views[2].itemsize != 1) {
        PyErr_SetString(PyExc_ValueError, "out must be a writable uint8 buffer of out_rows * out_cols bytes");
        goto fail;
    }
    {
        const char *names[7] = {"dx", "dy", "own", "a", "b", "t", "inv_dist"};
        for (int i = 0; i < 7; i++) {
            Py_ssize_t size = i < 5 ? 4 : 8;
            if (get_table(objs[3 + i], &views[3 + i], n, size, names[i]) < 0) goto fail;
            got = 4 + i;
        }
    }

    const double *ground = (const double *)views[0].buf;
    const double *surface = (const double *)views[1].buf;
    unsigned char *out = (unsigned char *)views[2].buf;
    const int *g_dx = (const int *)views[3].buf, *g_dy = (const int *)views[4].buf;
    const int *g_own = (const int *)views[5].buf, *g_a = (const int *)views[6].buf, *g_b = (const int *)views[7].buf;
    const double *g_t = (const double *)views[8].buf, *g_inv = (const double *)views[9].buf;
    memset(out, 0, (size_t)(out_rows * out_cols));

    double *horizon = (double *)malloc(sizeof(double) * (size_t)(side * side));
    if (!horizon) {
        PyErr_NoMemory();
        goto fail;
    }
    double range_sq = sight_range * sight_range;
    int clipped = (obs_row - reach < 0 || obs_row + reach >= rows || obs_col - reach < 0 || obs_col + reach >= cols);

    Py_BEGIN_ALLOW_THREADS
    {
        double ocx = ((double)obs_col + 0.5) * cell_size - obs_x;
        double ocy = ((double)obs_row + 0.5) * cell_size - obs_y;
        if (ocx * ocx + ocy * ocy <= range_sq) out[(obs_row - row0) * out_cols + (obs_col - col0)] = 1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t row = obs_row + g_dy[i], col = obs_col + g_dx[i];
        if (clipped && (row < 0 || row >= rows || col < 0 || col >= cols)) continue;
        double h;
        int a = g_a[i], b = g_b[i];
        if (a < 0) {
            h = -INFINITY;
        } else if (b < 0) {
            h = horizon[a];
        } else {
            double ha = horizon[a];
            h = ha + g_t[i] * (horizon[b] - ha);
        }
        Py_ssize_t at = row * cols + col;
        double ground_slope = (ground[at] - eye_z) * g_inv[i];
        double surface_slope = (surface[at] - eye_z) * g_inv[i];
        horizon[g_own[i]] = surface_slope > h ? surface_slope : h;
        if (ground_slope >= h - SLOPE_TOLERANCE) {
            double cx = ((double)col + 0.5) * cell_size - obs_x;
            double cy = ((double)row + 0.5) * cell_size - obs_y;
            if (cx * cx + cy * cy <= range_sq) out[(row - row0) * out_cols + (col - col0)] = 1;
        }
    }
    Py_END_ALLOW_THREADS

    free(horizon);
    for (int i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    Py_RETURN_NONE;

fail:
    for (int i = 0; i < got; i++) PyBuffer_Release(&views[i]);
    return NULL;
}

static PyMethodDef methods[] = {
    {"viewshed", viewshed, METH_VARARGS,
     "viewshed(ground, surface, rows, cols, obs_row, obs_col, obs_x, obs_y, eye_z, cell_size, sight_range, "
     "out, row0, col0, out_rows, out_cols, reach, dx, dy, own, a, b, t, inv_dist) -> None: mark the cells seen "
     "from the observer in out (uint8)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_sight",
                                    "Line of sight kernel of kriegsspiel.core.sight.", -1, methods};

PyMODINIT_FUNC PyInit__sight(void) { return PyModule_Create(&module); }
