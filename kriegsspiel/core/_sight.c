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

/* viewshed(ground, surface, rows, cols, obs_row, obs_col, obs_x, obs_y, eye_z, cell_size, sight_range,
 *          out, row0, col0, out_rows, out_cols) -> None
 *
 * ground, surface: float64 [rows * cols], heights in world units. The observer stands in cell
 * (obs_row, obs_col) at world point (obs_x, obs_y) with the eye at height eye_z. out: writable uint8
 * [out_rows * out_cols], the window whose top-left cell is (row0, col0); it must contain every cell of the
 * raster within ring floor(sight_range / cell_size + 0.5) of the observer's cell. Cells whose centre lies
 * within sight_range of (obs_x, obs_y) and that are seen get 1, every other cell of the window 0.
 */
static PyObject *viewshed(PyObject *self, PyObject *args) {
    PyObject *ground_obj, *surface_obj, *out_obj;
    Py_ssize_t rows, cols, obs_row, obs_col, row0, col0, out_rows, out_cols;
    double obs_x, obs_y, eye_z, cell_size, sight_range;
    if (!PyArg_ParseTuple(args, "OOnnnndddddOnnnn", &ground_obj, &surface_obj, &rows, &cols, &obs_row, &obs_col,
                          &obs_x, &obs_y, &eye_z, &cell_size, &sight_range, &out_obj, &row0, &col0, &out_rows,
                          &out_cols))
        return NULL;
    if (rows <= 0 || cols <= 0 || obs_row < 0 || obs_row >= rows || obs_col < 0 || obs_col >= cols) {
        PyErr_SetString(PyExc_ValueError, "the observer's cell is not on the raster");
        return NULL;
    }
    if (!(cell_size > 0.0) || !(sight_range >= 0.0) || !isfinite(sight_range) || !isfinite(eye_z)) {
        PyErr_SetString(PyExc_ValueError, "cell_size must be > 0, sight_range >= 0 and finite, eye_z finite");
        return NULL;
    }
    Py_ssize_t reach = (Py_ssize_t)floor(sight_range / cell_size + 0.5);
    Py_ssize_t r_lo = obs_row - reach < 0 ? 0 : obs_row - reach;
    Py_ssize_t r_hi = obs_row + reach >= rows ? rows - 1 : obs_row + reach;
    Py_ssize_t c_lo = obs_col - reach < 0 ? 0 : obs_col - reach;
    Py_ssize_t c_hi = obs_col + reach >= cols ? cols - 1 : obs_col + reach;
    if (row0 > r_lo || col0 > c_lo || row0 + out_rows <= r_hi || col0 + out_cols <= c_hi || out_rows < 0 ||
        out_cols < 0) {
        PyErr_SetString(PyExc_ValueError, "the output window does not cover the observer's sight");
        return NULL;
    }

    Py_buffer gview, sview, oview;
    if (get_double_buffer(ground_obj, &gview, rows * cols, "ground") < 0) return NULL;
    if (get_double_buffer(surface_obj, &sview, rows * cols, "surface") < 0) {
        PyBuffer_Release(&gview);
        return NULL;
    }
    if (PyObject_GetBuffer(out_obj, &oview, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&gview);
        PyBuffer_Release(&sview);
        return NULL;
    }
    if (oview.len != out_rows * out_cols || oview.itemsize != 1) {
        PyErr_SetString(PyExc_ValueError, "out must be a writable uint8 buffer of out_rows * out_cols bytes");
        PyBuffer_Release(&gview);
        PyBuffer_Release(&sview);
        PyBuffer_Release(&oview);
        return NULL;
    }
    const double *ground = (const double *)gview.buf;
    const double *surface = (const double *)sview.buf;
    unsigned char *out = (unsigned char *)oview.buf;
    memset(out, 0, (size_t)(out_rows * out_cols));

    /* The running maximum slope of every cell of the square window around the observer. */
    Py_ssize_t side = 2 * reach + 1;
    double *horizon = (double *)malloc(sizeof(double) * (size_t)(side * side));
    if (!horizon) {
        PyBuffer_Release(&gview);
        PyBuffer_Release(&sview);
        PyBuffer_Release(&oview);
        return PyErr_NoMemory();
    }
    double range_sq = sight_range * sight_range;
    double obs_cx = ((double)obs_col + 0.5) * cell_size - obs_x;
    double obs_cy = ((double)obs_row + 0.5) * cell_size - obs_y;

    Py_BEGIN_ALLOW_THREADS
    /* The observer's own cell. */
    if (obs_cx * obs_cx + obs_cy * obs_cy <= range_sq) out[(obs_row - row0) * out_cols + (obs_col - col0)] = 1;
    horizon[reach * side + reach] = -INFINITY;
    for (Py_ssize_t k = 1; k <= reach; k++) {
        double kd = (double)k;
        for (Py_ssize_t dy = -k; dy <= k; dy++) {
            Py_ssize_t row = obs_row + dy;
            if (row < 0 || row >= rows) continue;
            int full_row = (dy == -k || dy == k);
            Py_ssize_t step = full_row ? 1 : 2 * k;
            for (Py_ssize_t dx = -k; dx <= k; dx += step) {
                Py_ssize_t col = obs_col + dx;
                if (col < 0 || col >= cols) continue;
                double h;
                if (k == 1) {
                    h = -INFINITY;
                } else {
                    Py_ssize_t adx = dx < 0 ? -dx : dx, ady = dy < 0 ? -dy : dy;
                    Py_ssize_t ax, ay, bx, by;
                    double t;
                    if (adx >= ady) { /* the ray crosses column dx -/+ 1 */
                        Py_ssize_t xprev = dx - (dx > 0 ? 1 : -1);
                        double yprev = (double)(dy * (k - 1)) / kd;
                        double y0 = floor(yprev);
                        t = yprev - y0;
                        ax = xprev; ay = (Py_ssize_t)y0; bx = xprev; by = ay + 1;
                    } else { /* the ray crosses row dy -/+ 1 */
                        Py_ssize_t yprev = dy - (dy > 0 ? 1 : -1);
                        double xprev = (double)(dx * (k - 1)) / kd;
                        double x0 = floor(xprev);
                        t = xprev - x0;
                        ax = (Py_ssize_t)x0; ay = yprev; bx = ax + 1; by = yprev;
                    }
                    double ha = horizon[(ay + reach) * side + (ax + reach)];
                    if (t == 0.0) {
                        h = ha;
                    } else {
                        double hb = horizon[(by + reach) * side + (bx + reach)];
                        h = ha + t * (hb - ha);
                    }
                }
                double dist = cell_size * sqrt((double)(dx * dx + dy * dy));
                Py_ssize_t at = row * cols + col;
                double ground_slope = (ground[at] - eye_z) / dist;
                double surface_slope = (surface[at] - eye_z) / dist;
                horizon[(dy + reach) * side + (dx + reach)] = surface_slope > h ? surface_slope : h;
                if (ground_slope >= h - SLOPE_TOLERANCE) {
                    double cx = ((double)col + 0.5) * cell_size - obs_x;
                    double cy = ((double)row + 0.5) * cell_size - obs_y;
                    if (cx * cx + cy * cy <= range_sq) out[(row - row0) * out_cols + (col - col0)] = 1;
                }
            }
        }
    }
    Py_END_ALLOW_THREADS

    free(horizon);
    PyBuffer_Release(&gview);
    PyBuffer_Release(&sview);
    PyBuffer_Release(&oview);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"viewshed", viewshed, METH_VARARGS,
     "viewshed(ground, surface, rows, cols, obs_row, obs_col, obs_x, obs_y, eye_z, cell_size, sight_range, "
     "out, row0, col0, out_rows, out_cols) -> None: mark the cells seen from the observer in out (uint8)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_sight",
                                    "Line of sight kernel of kriegsspiel.core.sight.", -1, methods};

PyMODINIT_FUNC PyInit__sight(void) { return PyModule_Create(&module); }
