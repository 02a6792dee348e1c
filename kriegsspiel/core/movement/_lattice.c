/* The movement kernel: exact segment costs over a speed raster and a windowed lattice Dijkstra.
 *
 * Plain Python C API and the buffer protocol (no numpy headers). kriegsspiel/core/movement.py holds a pure
 * Python reference of every function here; tests compare the two on random maps.
 *
 * The speed raster is a C-contiguous float64 array [row, column] of speed multipliers; 0 (or less, or NaN)
 * means the unit cannot enter the cell. Cells outside the raster cannot be entered either. Points are world
 * units; a cell spans cell_size world units. The cost of a segment is the sum over the cells it crosses of
 * (length in the cell / speed of the cell). A segment that passes exactly through a cell corner between two
 * diagonally adjacent cells that cannot be entered is blocked, so nothing slips through a diagonal river.
 * A segment that runs exactly along a grid line takes the cheaper of the two cells beside it.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Two crossings closer than this (as fractions of the segment) are one crossing of a cell corner. */
#define TIE_EPS 1e-10
/* A vertex this close (cell units, on both axes) to a cell corner is on it for the wall at a pinched corner. */
#define PINCH_EPS 1e-8

typedef struct {
    const double *speed;       /* float64 speeds, or NULL when they are float32 (speed32) */
    const float *speed32;      /* float32 speeds: half the memory on a big map */
    Py_ssize_t rows, cols;
    /* the paces of a window of the raster, worked out once (NULL: none): the smoothing walks the same few cells
     * thousands of times, and a load is cheaper than a conversion and a division. Same values as below. */
    const double *pace;
    long prow0, pcol0, prows, pcols;
} Raster;

static inline double pace_at(const Raster *r, long col, long row)
{
    if (r->pace != NULL && (unsigned long)(col - r->pcol0) < (unsigned long)r->pcols &&
        (unsigned long)(row - r->prow0) < (unsigned long)r->prows)
        return r->pace[(row - r->prow0) * r->pcols + (col - r->pcol0)];
    if (col < 0 || row < 0 || col >= r->cols || row >= r->rows) return INFINITY;
    Py_ssize_t at = (Py_ssize_t)row * r->cols + col;
    double s = r->speed ? r->speed[at] : (double)r->speed32[at];
    return (s > 0.0) ? 1.0 / s : INFINITY;
}

/* A point exactly on a cell corner between two diagonally adjacent cells that cannot be entered: a path that
 * bends there could pass from one open side to the other, which segment_cost_cells cannot see (it checks
 * corners inside a segment, not at its ends), so a path with a vertex on such a corner is blocked. */
static int pinch_cells(const Raster *r, double x, double y)
{
    if (!(fabs(x) < 1e15 && fabs(y) < 1e15)) return 0;
    /* within PINCH_EPS of the corner counts as on it: a segment's walk drops the last TIE_EPS of its length, so
     * a vertex a hair beside the corner would pass between the two cells all the same */
    double rx = floor(x + 0.5), ry = floor(y + 0.5);
    if (fabs(x - rx) > PINCH_EPS || fabs(y - ry) > PINCH_EPS) return 0;
    long cx = (long)rx, cy = (long)ry;
    return (pace_at(r, cx, cy - 1) == INFINITY && pace_at(r, cx - 1, cy) == INFINITY) ||
           (pace_at(r, cx - 1, cy - 1) == INFINITY && pace_at(r, cx, cy) == INFINITY);
}

/* Exact cost of the segment (ax, ay)-(bx, by) given in cell units; returns the cost in cell units
 * (multiply by cell_size for world units), INFINITY when blocked. */
static double segment_cost_cells(const Raster *r, double ax, double ay, double bx, double by)
{
    /* beyond any raster (and not a number): also keeps the casts to long below defined */
    if (!(fabs(ax) < 1e15 && fabs(ay) < 1e15 && fabs(bx) < 1e15 && fabs(by) < 1e15)) return INFINITY;
    double dx = bx - ax, dy = by - ay;
    double len = hypot(dx, dy);
    if (len == 0.0) return 0.0;
    long cx = (long)floor(ax), cy = (long)floor(ay);
    int sx = dx > 0.0 ? 1 : (dx < 0.0 ? -1 : 0);
    int sy = dy > 0.0 ? 1 : (dy < 0.0 ? -1 : 0);
    double tdx = sx ? fabs(1.0 / dx) : INFINITY;
    double tdy = sy ? fabs(1.0 / dy) : INFINITY;
    double tmx = sx > 0 ? ((double)cx + 1.0 - ax) / dx : (sx < 0 ? ((double)cx - ax) / dx : INFINITY);
    double tmy = sy > 0 ? ((double)cy + 1.0 - ay) / dy : (sy < 0 ? ((double)cy - ay) / dy : INFINITY);
    /* A segment running exactly along a grid line may use the cheaper cell on either side of it. */
    int along_col_edge = sx == 0 && ax == floor(ax);
    int along_row_edge = sy == 0 && ay == floor(ay);
    double t = 0.0, sum = 0.0;
    if (r->pace != NULL && !along_col_edge && !along_row_edge) {
        /* the walk below, on the pace window when the segment's cells and their neighbours lie in it (the
         * smoothing's segments nearly always do): a cell's pace is a load from a pointer stepped along with the
         * cell, with no bounds to check. The same steps, paces and sums. */
        long c0 = (long)floor(ax < bx ? ax : bx) - 1, c1 = (long)floor(ax < bx ? bx : ax) + 1;
        long r0 = (long)floor(ay < by ? ay : by) - 1, r1 = (long)floor(ay < by ? by : ay) + 1;
        if (c0 >= r->pcol0 && r0 >= r->prow0 && c1 < r->pcol0 + r->pcols && r1 < r->prow0 + r->prows) {
            const double *at = r->pace + (cy - r->prow0) * r->pcols + (cx - r->pcol0);
            long step_y = sy * r->pcols;
            for (;;) {
                double tn = tmx < tmy ? tmx : tmy;
                if (tn > 1.0 - TIE_EPS) tn = 1.0;
                double dt = tn - t;
                if (dt > TIE_EPS) {
                    double p = *at;
                    if (p == INFINITY) return INFINITY;
                    sum += dt * p;
                }
                if (tn >= 1.0) break;
                if (fabs(tmx - tmy) <= TIE_EPS) {
                    if (tn > TIE_EPS && at[sx] == INFINITY && at[step_y] == INFINITY) return INFINITY;
                    at += sx + step_y; t = tn; tmx += tdx; tmy += tdy;
                } else if (tmx < tmy) {
                    at += sx; t = tmx; tmx += tdx;
                } else {
                    at += step_y; t = tmy; tmy += tdy;
                }
            }
            return sum * len;
        }
    }
    for (;;) {
        double tn = tmx < tmy ? tmx : tmy;
        if (tn > 1.0 - TIE_EPS) tn = 1.0;
        double dt = tn - t;
        if (dt > TIE_EPS) {
            double p = pace_at(r, cx, cy);
            if (along_col_edge) p = fmin(p, pace_at(r, cx - 1, cy));
            if (along_row_edge) p = fmin(p, pace_at(r, cx, cy - 1));
            if (p == INFINITY) return INFINITY;
            sum += dt * p;
        }
        if (tn >= 1.0) break;
        if (fabs(tmx - tmy) <= TIE_EPS) {
            /* a corner at the very start is a start, not a passage between the two side cells */
            if (tn > TIE_EPS && pace_at(r, cx + sx, cy) == INFINITY && pace_at(r, cx, cy + sy) == INFINITY)
                return INFINITY;
            cx += sx; cy += sy; t = tn; tmx += tdx; tmy += tdy;
        } else if (tmx < tmy) {
            /* along a grid line, crossing a pinched corner would pass between its two open cells */
            if (along_row_edge && tn > TIE_EPS && pinch_cells(r, (double)(sx > 0 ? cx + 1 : cx), ay)) return INFINITY;
            cx += sx; t = tmx; tmx += tdx;
        } else {
            if (along_col_edge && tn > TIE_EPS && pinch_cells(r, ax, (double)(sy > 0 ? cy + 1 : cy))) return INFINITY;
            cy += sy; t = tmy; tmy += tdy;
        }
    }
    return sum * len;
}

/* ---- the 32-neighbour stencil: offsets (1,0),(1,1),(2,1),(3,1),(3,2) and their symmetries ---- */

#define STENCIL_N 32
#define STENCIL_MAX_CELLS 8
#define STENCIL_MAX_CORNERS 2

typedef struct {
    int dc, dr;                        /* the neighbour, in cells */
    int n;                             /* cells crossed, the origin cell included */
    int cell_dc[STENCIL_MAX_CELLS], cell_dr[STENCIL_MAX_CELLS];
    double cell_len[STENCIL_MAX_CELLS]; /* length in that cell, in cell units */
    int ncorner;                        /* corners crossed: both side cells blocked = edge blocked */
    int corner_dc[STENCIL_MAX_CORNERS][2], corner_dr[STENCIL_MAX_CORNERS][2];
} StencilEdge;

static StencilEdge stencil[STENCIL_N];

/* Trace centre (0.5, 0.5) -> (0.5 + dc, 0.5 + dr) with the same walk as segment_cost_cells. */
static void trace_stencil_edge(StencilEdge *e)
{
    double ax = 0.5, ay = 0.5, dx = e->dc, dy = e->dr;
    double len = hypot(dx, dy);
    long cx = 0, cy = 0;
    int sx = dx > 0.0 ? 1 : (dx < 0.0 ? -1 : 0);
    int sy = dy > 0.0 ? 1 : (dy < 0.0 ? -1 : 0);
    double tdx = sx ? fabs(1.0 / dx) : INFINITY;
    double tdy = sy ? fabs(1.0 / dy) : INFINITY;
    double tmx = sx > 0 ? (1.0 - ax) / dx : (sx < 0 ? (0.0 - ax) / dx : INFINITY);
    double tmy = sy > 0 ? (1.0 - ay) / dy : (sy < 0 ? (0.0 - ay) / dy : INFINITY);
    double t = 0.0;
    e->n = 0;
    e->ncorner = 0;
    for (;;) {
        double tn = tmx < tmy ? tmx : tmy;
        if (tn > 1.0 - TIE_EPS) tn = 1.0;
        double dt = tn - t;
        if (dt > TIE_EPS && e->n < STENCIL_MAX_CELLS) {
            e->cell_dc[e->n] = (int)cx;
            e->cell_dr[e->n] = (int)cy;
            e->cell_len[e->n] = dt * len;
            e->n++;
        }
        if (tn >= 1.0) break;
        if (fabs(tmx - tmy) <= TIE_EPS) {
            if (e->ncorner < STENCIL_MAX_CORNERS) {
                e->corner_dc[e->ncorner][0] = (int)cx + sx; e->corner_dr[e->ncorner][0] = (int)cy;
                e->corner_dc[e->ncorner][1] = (int)cx; e->corner_dr[e->ncorner][1] = (int)cy + sy;
                e->ncorner++;
            }
            cx += sx; cy += sy; t = tn; tmx += tdx; tmy += tdy;
        } else if (tmx < tmy) {
            cx += sx; t = tmx; tmx += tdx;
        } else {
            cy += sy; t = tmy; tmy += tdy;
        }
    }
}

static void build_stencil(void)
{
    static const int base[5][2] = {{1, 0}, {1, 1}, {2, 1}, {3, 1}, {3, 2}};
    int k = 0;
    for (int b = 0; b < 5; b++) {
        int a = base[b][0], c = base[b][1];
        /* all sign and axis variants, without duplicates */
        int cand[8][2] = {{a, c}, {-a, c}, {a, -c}, {-a, -c}, {c, a}, {-c, a}, {c, -a}, {-c, -a}};
        for (int i = 0; i < 8; i++) {
            int dup = 0;
            for (int j = 0; j < k; j++)
                if (stencil[j].dc == cand[i][0] && stencil[j].dr == cand[i][1]) dup = 1;
            if (dup) continue;
            stencil[k].dc = cand[i][0];
            stencil[k].dr = cand[i][1];
            trace_stencil_edge(&stencil[k]);
            k++;
        }
    }
}

/* ---- buffers ---- */

static int get_raster(PyObject *obj, Py_buffer *view, Raster *r)
{
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_ND) < 0) return -1;
    int is64 = view->itemsize == 8 && view->format != NULL && strcmp(view->format, "d") == 0;
    int is32 = view->itemsize == 4 && view->format != NULL && strcmp(view->format, "f") == 0;
    if (view->ndim != 2 || !(is64 || is32)) {
        PyErr_SetString(PyExc_TypeError, "speeds must be a C-contiguous 2-D float64 or float32 array");
        PyBuffer_Release(view);
        return -1;
    }
    r->speed = is64 ? (const double *)view->buf : NULL;
    r->speed32 = is32 ? (const float *)view->buf : NULL;
    r->rows = view->shape[0];
    r->cols = view->shape[1];
    r->pace = NULL;
    r->prow0 = r->pcol0 = r->prows = r->pcols = 0;
    return 0;
}

/* Margin (cells) of the pace window around the points a smoothing starts from: vertices move a cell or two. */
#define PACE_MARGIN 4

/* Give r a window of paces over the cells within PACE_MARGIN of the box [x0, x1] x [y0, y1] (world units),
 * clipped to the raster; *owned receives the block to free (NULL when none was made: pace_at then divides as
 * before, which is also what happens outside the window). Costs what filling the window costs, once a call. */
static void pace_window(Raster *r, double cs, double x0, double y0, double x1, double y1, double **owned)
{
    *owned = NULL;
    if (!(fabs(x0) < 1e15 && fabs(y0) < 1e15 && fabs(x1) < 1e15 && fabs(y1) < 1e15)) return;
    long c0 = (long)floor(x0 / cs) - PACE_MARGIN, c1 = (long)floor(x1 / cs) + PACE_MARGIN + 1;
    long r0 = (long)floor(y0 / cs) - PACE_MARGIN, r1 = (long)floor(y1 / cs) + PACE_MARGIN + 1;
    if (c0 < 0) c0 = 0;
    if (r0 < 0) r0 = 0;
    if (c1 > (long)r->cols) c1 = (long)r->cols;
    if (r1 > (long)r->rows) r1 = (long)r->rows;
    if (c1 <= c0 || r1 <= r0 || (double)(c1 - c0) * (double)(r1 - r0) > 4.0e6) return;
    double *block = (double *)malloc((size_t)(c1 - c0) * (size_t)(r1 - r0) * sizeof(double));
    if (block == NULL) return; /* slower, not wrong */
    for (long i = r0; i < r1; i++)
        for (long j = c0; j < c1; j++) block[(i - r0) * (c1 - c0) + (j - c0)] = pace_at(r, j, i);
    r->pace = block;
    r->prow0 = r0;
    r->pcol0 = c0;
    r->prows = r1 - r0;
    r->pcols = c1 - c0;
    *owned = block;
}

/* The box of the n points p (world units) as pace_window takes it. */
static void pace_window_of(Raster *r, double cs, const double *xy, Py_ssize_t n, double **owned)
{
    *owned = NULL;
    if (n < 1) return;
    double x0 = xy[0], x1 = xy[0], y0 = xy[1], y1 = xy[1];
    for (Py_ssize_t i = 1; i < n; i++) {
        x0 = fmin(x0, xy[2 * i]);
        x1 = fmax(x1, xy[2 * i]);
        y0 = fmin(y0, xy[2 * i + 1]);
        y1 = fmax(y1, xy[2 * i + 1]);
    }
    pace_window(r, cs, x0, y0, x1, y1, owned);
}

static PyObject *py_segment_cost(PyObject *self, PyObject *args)
{
    PyObject *obj;
    double cs, x0, y0, x1, y1;
    if (!PyArg_ParseTuple(args, "Oddddd", &obj, &cs, &x0, &y0, &x1, &y1)) return NULL;
    if (!(cs > 0.0)) { PyErr_SetString(PyExc_ValueError, "cell_size must be positive"); return NULL; }
    Py_buffer view;
    Raster r;
    if (get_raster(obj, &view, &r) < 0) return NULL;
    double c = segment_cost_cells(&r, x0 / cs, y0 / cs, x1 / cs, y1 / cs) * cs;
    PyBuffer_Release(&view);
    return PyFloat_FromDouble(c);
}

/* polyline_cost(speeds, cell_size, coords): coords is a flat sequence x0, y0, x1, y1, ... in world units. */
static PyObject *py_polyline_cost(PyObject *self, PyObject *args)
{
    PyObject *obj, *coords;
    double cs;
    if (!PyArg_ParseTuple(args, "OdO", &obj, &cs, &coords)) return NULL;
    if (!(cs > 0.0)) { PyErr_SetString(PyExc_ValueError, "cell_size must be positive"); return NULL; }
    PyObject *seq = PySequence_Fast(coords, "coords must be a sequence of numbers");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n % 2 != 0) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "coords must hold x, y pairs");
        return NULL;
    }
    Py_buffer view;
    Raster r;
    if (get_raster(obj, &view, &r) < 0) { Py_DECREF(seq); return NULL; }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    double total = 0.0, px = 0.0, py = 0.0;
    for (Py_ssize_t i = 0; i < n; i += 2) {
        double x = PyFloat_AsDouble(items[i]), y = PyFloat_AsDouble(items[i + 1]);
        if (PyErr_Occurred()) { PyBuffer_Release(&view); Py_DECREF(seq); return NULL; }
        if (i > 0 && total != INFINITY) total += segment_cost_cells(&r, px / cs, py / cs, x / cs, y / cs) * cs;
        if (i > 0 && i < n - 2 && pinch_cells(&r, x / cs, y / cs)) total = INFINITY;
        px = x; py = y;
    }
    PyBuffer_Release(&view);
    Py_DECREF(seq);
    return PyFloat_FromDouble(total);
}

/* ---- a binary min-heap of (cost, cell), ordered by cost and then by cell index ----
 * The cell index breaks ties so that cells are settled in one order whatever else is in the heap: a search
 * bounded towards a target then settles its cells exactly as the full search does, with the same predecessors
 * (and as the Python reference, whose heap orders (cost, cell) tuples). */

typedef struct {
    double *key;
    int32_t *idx;
    Py_ssize_t n, cap;
} Heap;

/* Entries before one another: by cost, then by cell index. */
#define HEAP_BEFORE(ka, ia, kb, ib) ((ka) < (kb) || ((ka) == (kb) && (ia) < (ib)))

/* A 4-ary heap: half the levels of a binary one, and the four children of a node side by side in memory. The entries
 * are (cost, cell) pairs, ordered as HEAP_BEFORE says; no two are equal but for a cell pushed twice at one cost, so
 * every heap pops them in the same order. */
static int heap_push(Heap *h, double key, int32_t idx)
{
    if (h->n == h->cap) {
        Py_ssize_t cap = h->cap ? h->cap * 2 : 1024;
        double *k = (double *)realloc(h->key, (size_t)cap * sizeof(double));
        if (k == NULL) return -1;
        h->key = k;
        int32_t *v = (int32_t *)realloc(h->idx, (size_t)cap * sizeof(int32_t));
        if (v == NULL) return -1;
        h->idx = v;
        h->cap = cap;
    }
    Py_ssize_t i = h->n++;
    while (i > 0) {
        Py_ssize_t parent = (i - 1) >> 2;
        if (!HEAP_BEFORE(key, idx, h->key[parent], h->idx[parent])) break;
        h->key[i] = h->key[parent];
        h->idx[i] = h->idx[parent];
        i = parent;
    }
    h->key[i] = key;
    h->idx[i] = idx;
    return 0;
}

static void heap_pop(Heap *h, double *key, int32_t *idx)
{
    *key = h->key[0];
    *idx = h->idx[0];
    Py_ssize_t n = --h->n;
    if (n == 0) return;
    double k = h->key[n];
    int32_t v = h->idx[n];
    Py_ssize_t i = 0;
    for (;;) {
        Py_ssize_t c = 4 * i + 1;
        if (c >= n) break;
        Py_ssize_t last = c + 4 < n ? c + 4 : n, m = c;
        for (Py_ssize_t j = c + 1; j < last; j++)
            if (HEAP_BEFORE(h->key[j], h->idx[j], h->key[m], h->idx[m])) m = j;
        if (!HEAP_BEFORE(h->key[m], h->idx[m], k, v)) break;
        h->key[i] = h->key[m];
        h->idx[i] = h->idx[m];
        i = m;
    }
    h->key[i] = k;
    h->idx[i] = v;
}

/* A C-contiguous 2-D buffer of float64 costs (itemsize 8) or int32 predecessors (itemsize 4): a window, or -1 with
 * the exception set. The format is checked too: an array of Python objects also has 8-byte items (pointers),
 * which read as costs would be garbage. */
static int get_window(PyObject *obj, Py_buffer *view, const char *what, Py_ssize_t itemsize, int writable)
{
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_ND | (writable ? PyBUF_WRITABLE : 0);
    if (PyObject_GetBuffer(obj, view, flags) < 0) return -1;
    const char *format = view->format == NULL ? "B" : view->format;
    if (*format == '<' || *format == '=' || *format == '@') format++;
    /* int32 is 'i', or 'l' where a C long has 4 bytes (Windows) */
    int typed = itemsize == 8 ? strcmp(format, "d") == 0
                              : strcmp(format, "i") == 0 || (sizeof(long) == 4 && strcmp(format, "l") == 0);
    if (view->ndim != 2 || view->itemsize != itemsize || !typed) {
        PyErr_Format(PyExc_TypeError, "%s must be a C-contiguous 2-D array of %s", what,
                     itemsize == 8 ? "float64 costs" : "int32 predecessors");
        PyBuffer_Release(view);
        return -1;
    }
    return 0;
}

/* A window's paces and each stencil edge's cells as offsets in the flat window. */
typedef struct {
    const double *pace;
    Py_ssize_t h, w;
    Py_ssize_t off_v[STENCIL_N], off_cell[STENCIL_N][STENCIL_MAX_CELLS], off_corner[STENCIL_N][STENCIL_MAX_CORNERS][2];
} Lattice;

/* The cost (cell units) of edge s from window cell u, INFINITY when blocked; the neighbour must be inside. */
static inline double edge_cost(const Lattice *lat, Py_ssize_t u, int s)
{
    const StencilEdge *e = &stencil[s];
    double ec = 0.0;
    for (int q = 0; q < e->n; q++) ec += e->cell_len[q] * lat->pace[u + lat->off_cell[s][q]];
    if (ec == INFINITY) return INFINITY;
    for (int q = 0; q < e->ncorner; q++)
        if (lat->pace[u + lat->off_corner[s][q][0]] == INFINITY && lat->pace[u + lat->off_corner[s][q][1]] == INFINITY)
            return INFINITY;
    return ec;
}

/* The cheapest connection (cell units) of the target (tx, ty), world units, as CostField._connect makes it: the
 * straight line from the origin (ax, ay), cell units, when within the limit, or a cell within CONNECT cells of
 * the target's plus the straight line from its centre. Found by an A* over the same lattice with the same
 * limits (costs within lim, cost plus the straight line at the fastest speed within blim), ordered by that sum,
 * which stops once the sum passes the best connection found: every connection left costs at least its sum. Its
 * cost is a real lattice path's, so it is never below the cheapest (what the Dijkstra below finds). ahead holds
 * each cell's straight line to the target at the fastest speed (NaN until worked out), as in cost_field; adds the
 * cells it settles to *settled. Returns INFINITY when nothing connects, -1 when out of memory. */
#define CONNECT 2
static double tighten_bound(const Raster *r, const Lattice *lat, double cs, Py_ssize_t row0, Py_ssize_t col0,
                            double ax, double ay, double tx, double ty, double lim, double blim, double tcol,
                            double trow, double inv_fast, double *ahead, Py_ssize_t *settled)
{
    Py_ssize_t h = lat->h, w = lat->w;
    double txc = tx / cs, tyc = ty / cs;
    long tcell = (long)floor(txc), trcell = (long)floor(tyc);
    double best = segment_cost_cells(r, ax, ay, txc, tyc);
    if (!(best * (1.0 + 1e-9) < lim)) best = INFINITY; /* beyond the search: not known to be the cheapest */
    double *g = (double *)malloc((size_t)(h * w) * sizeof(double));
    Heap heap = {NULL, NULL, 0, 0};
    if (g == NULL) return -1.0;
    for (Py_ssize_t i = 0; i < h * w; i++) g[i] = INFINITY;
#define AHEAD(v, vr, vc) (isnan(ahead[v]) ? (ahead[v] = hypot((double)(vc) - tcol, (double)(vr) - trow) * inv_fast) : ahead[v])
    long ocol = (long)floor(ax), orow = (long)floor(ay);
    for (long dr = -2; dr <= 2; dr++)
        for (long dc = -2; dc <= 2; dc++) {
            long wr = orow + dr - (long)row0, wc = ocol + dc - (long)col0;
            if (wr < 0 || wc < 0 || wr >= h || wc >= w) continue;
            double c = segment_cost_cells(r, ax, ay, (double)(ocol + dc) + 0.5, (double)(orow + dr) + 0.5);
            Py_ssize_t v = wr * w + wc;
            if (c <= lim && c < g[v]) {
                g[v] = c;
                if (heap_push(&heap, c + AHEAD(v, wr, wc), (int32_t)v) < 0) goto oom;
            }
        }
    while (heap.n > 0) {
        double f;
        int32_t u;
        heap_pop(&heap, &f, &u);
        if (f > best) break; /* every connection left costs at least f */
        double k = g[u];
        if (f > k + ahead[u]) continue; /* a stale entry */
        (*settled)++;
        long ur = u / w, uc = u % w;
        long rc = (long)col0 + uc, rr = (long)row0 + ur;
        if (labs(rc - tcell) <= CONNECT && labs(rr - trcell) <= CONNECT) {
            double total = k + segment_cost_cells(r, (double)rc + 0.5, (double)rr + 0.5, txc, tyc);
            if (total < best) best = total;
        }
        for (int s = 0; s < STENCIL_N; s++) {
            const StencilEdge *e = &stencil[s];
            long vr = ur + e->dr, vc = uc + e->dc;
            if (vr < 0 || vc < 0 || vr >= h || vc >= w) continue;
            Py_ssize_t v = u + lat->off_v[s];
            if (g[v] <= k) continue;
            double nc = k + edge_cost(lat, u, s);
            if (nc <= lim && nc < g[v]) {
                double fv = nc + AHEAD(v, vr, vc);
                if (fv > blim) continue;
                g[v] = nc;
                if (heap_push(&heap, fv, (int32_t)v) < 0) goto oom;
            }
        }
    }
#undef AHEAD
    free(g);
    free(heap.key);
    free(heap.idx);
    return best;
oom:
    free(g);
    free(heap.key);
    free(heap.idx);
    return -1.0;
}

/* The search of cost_field (below) on a window of h x w cells at (row0, col0) of r, into cost and pred (h * w
 * each); other is NULL or h * w costs of the search from the other end. Returns the cells settled, or -1 with
 * the exception set (out of memory, or an origin that is no finite point near the raster). */
static Py_ssize_t run_cost_field(const Raster *r, double cs, double ox, double oy, double limit, Py_ssize_t row0,
                                 Py_ssize_t col0, Py_ssize_t h, Py_ssize_t w, double *cost, int32_t *pred, double tx,
                                 double ty, double fastest, double bound, int tighten, const double *other,
                                 double other_slack)
{
    Py_ssize_t status = -1;
    double *pace = NULL;
    Heap heap = {NULL, NULL, 0, 0};
    /* With a target, a cell whose cost plus the straight line to the target at the fastest speed exceeds the
     * limit cannot lie on a path within the limit: it is not kept (an A*-like bound, still exact). */
    int bounded = isfinite(tx) && isfinite(ty) && fastest > 0.0;
    /* one block: the window's paces and, with a target, each cell's straight line to it at the fastest speed
     * (worked out the first time the cell is reached, NaN until then: a cell is reached from many neighbours) */
    pace = (double *)malloc((size_t)(h * w) * (bounded ? 2 : 1) * sizeof(double));
    if (pace == NULL) { PyErr_NoMemory(); goto done; }
    double *ahead = bounded ? pace + h * w : NULL;
    for (Py_ssize_t i = 0; i < h; i++)
        for (Py_ssize_t j = 0; j < w; j++) {
            pace[i * w + j] = pace_at(r, (long)(col0 + j), (long)(row0 + i));
            cost[i * w + j] = INFINITY;
            pred[i * w + j] = -2;
        }
    if (bounded)
        for (Py_ssize_t i = 0; i < h * w; i++) ahead[i] = NAN;
    double lim = limit / cs; /* costs in cell units inside the search */
    double blim = isnan(bound) ? lim : bound / cs;
    double tcol = tx / cs - (double)col0 - 0.5, trow = ty / cs - (double)row0 - 0.5, inv_fast = 1.0 / fastest;
    double ax = ox / cs, ay = oy / cs;
    if (!(fabs(ax) < 1e15 && fabs(ay) < 1e15)) {
        PyErr_SetString(PyExc_ValueError, "the origin must be a finite point near the raster");
        goto done;
    }
    long ocol = (long)floor(ax), orow = (long)floor(ay);
    /* each edge's cells and corners as offsets from its start in the flat window (its width is fixed here) */
    Lattice lat;
    lat.pace = pace;
    lat.h = h;
    lat.w = w;
    for (int s = 0; s < STENCIL_N; s++) {
        const StencilEdge *e = &stencil[s];
        lat.off_v[s] = (Py_ssize_t)e->dr * w + e->dc;
        for (int q = 0; q < e->n; q++) lat.off_cell[s][q] = (Py_ssize_t)e->cell_dr[q] * w + e->cell_dc[q];
        for (int q = 0; q < e->ncorner; q++)
            for (int z = 0; z < 2; z++)
                lat.off_corner[s][q][z] = (Py_ssize_t)e->corner_dr[q][z] * w + e->corner_dc[q][z];
    }
    Py_ssize_t settled = 0;
    if (tighten && bounded) {
        /* the cheapest connection to the target, found first by an A* that stops there: every cell on the
         * cheapest way to it costs, with its straight line to the target, at most that (the estimate is
         * consistent), so it bounds the search below as tightly as it can be bounded (with slack for rounding) */
        double best = tighten_bound(r, &lat, cs, row0, col0, ax, ay, tx, ty, lim, blim, tcol, trow, inv_fast, ahead,
                                    &settled);
        if (best < 0.0) { PyErr_NoMemory(); goto done; }
        best = best * (1.0 + 1e-9) + 1e-9;
        if (best < blim) blim = best;
    }
    for (long dr = -2; dr <= 2; dr++)
        for (long dc = -2; dc <= 2; dc++) {
            long wr = orow + dr - (long)row0, wc = ocol + dc - (long)col0;
            if (wr < 0 || wc < 0 || wr >= h || wc >= w) continue;
            double c = segment_cost_cells(r, ax, ay, (double)(ocol + dc) + 0.5, (double)(orow + dr) + 0.5);
            if (c <= lim && c < cost[wr * w + wc]) {
                cost[wr * w + wc] = c;
                pred[wr * w + wc] = -1;
                if (heap_push(&heap, c, (int32_t)(wr * w + wc)) < 0) { PyErr_NoMemory(); goto done; }
            }
        }
    /* With the field of the search from the other end (`other`, world units, this window), a cell whose cost plus
     * that one's passes olim is left out: every cell of cost plus other cost within olim has its whole cheapest
     * way here within it too (the other field's cost drops along it by at most what this one's rises), so the
     * cells within olim keep this search's costs and predecessors, and no other cell gets a cost. */
    double inv_cs = 1.0 / cs, olim = INFINITY;
    if (other != NULL) {
        if (other_slack < 0.0) {
            olim = lim * (1.0 + 1e-9) + 1e-9; /* the ellipse of the two searches' limit */
        } else {
            /* the finer search's routes: a seed's cost plus the other field's there bounds the cheapest forward
             * plus reverse cost; routes start within other_slack of that. Only when that is below the limit is
             * every cell of such a route reached by the other search too (else nothing is left out) */
            double least = INFINITY;
            for (Py_ssize_t i = 0; i < heap.n; i++) {
                double t = heap.key[i] + other[heap.idx[i]] * inv_cs;
                if (t < least) least = t;
            }
            olim = least * (1.0 + other_slack) * (1.0 + 1e-9) + 1e-9;
            if (!(olim < lim * (1.0 - 1e-9))) other = NULL;
        }
    }
    while (heap.n > 0) {
        double k;
        int32_t u;
        heap_pop(&heap, &k, &u);
        if (k > cost[u]) continue; /* a stale entry */
        settled++;
        long ur = u / w, uc = u % w;
        for (int s = 0; s < STENCIL_N; s++) {
            const StencilEdge *e = &stencil[s];
            long vr = ur + e->dr, vc = uc + e->dc;
            if (vr < 0 || vc < 0 || vr >= h || vc >= w) continue;
            Py_ssize_t v = u + lat.off_v[s];
            /* every edge costs more than nothing, so a cell already reached at k or less gains nothing from this
             * one: skip it before pricing the edge (about half the neighbours of a settled cell are settled) */
            if (cost[v] <= k) continue;
            /* the window is a rectangle, so every cell the edge crosses lies inside it */
            double ec = 0.0;
            for (int q = 0; q < e->n; q++) ec += e->cell_len[q] * pace[u + lat.off_cell[s][q]];
            if (ec == INFINITY) continue;
            int blocked = 0;
            for (int q = 0; q < e->ncorner; q++)
                if (pace[u + lat.off_corner[s][q][0]] == INFINITY && pace[u + lat.off_corner[s][q][1]] == INFINITY)
                    blocked = 1;
            if (blocked) continue;
            double nc = k + ec;
            if (nc <= lim && nc < cost[v]) {
                if (bounded) {
                    if (isnan(ahead[v])) ahead[v] = hypot((double)vc - tcol, (double)vr - trow) * inv_fast;
                    if (nc + ahead[v] > blim) continue;
                }
                /* (the ellipse leaves a cell the other search did not reach to its own test: that search
                 * left it out on its estimate, which a rounding error may tip) */
                if (other != NULL && nc + other[v] * inv_cs > olim && (other_slack >= 0.0 || other[v] != INFINITY))
                    continue;
                cost[v] = nc;
                pred[v] = u;
                if (heap_push(&heap, nc, (int32_t)v) < 0) { PyErr_NoMemory(); goto done; }
            }
        }
    }
    for (Py_ssize_t i = 0; i < h * w; i++)
        if (cost[i] != INFINITY) cost[i] *= cs;
    status = settled;
done:
    free(pace);
    free(heap.key);
    free(heap.idx);
    return status;
}

/* cost_field(speeds, cell_size, ox, oy, limit, row0, col0, cost_out, pred_out[, tx, ty, fastest, bound, tighten,
 *            other, other_slack]) -> settled
 *
 * Dijkstra over the centres of the window cells [row0, row0 + h) x [col0, col0 + w) of the raster, where
 * (h, w) is the shape of cost_out (float64) and pred_out (int32), both C-contiguous and writable. The cells
 * within 2 cells of the origin's cell start at the exact segment cost from (ox, oy); edges are the 32-neighbour
 * stencil with exact segment costs. Costs above `limit` (world units) are left at infinity. pred_out holds the
 * flat window index of each cell's predecessor, -1 for a cell reached straight from the origin, -2 unreached.
 * Given a target (tx, ty) and the fastest speed, cells that cannot lie on a path to the target within the limit
 * are left out (their cost stays infinite): the search is then a bounded A* towards that target. `bound`
 * (world units, default `limit`) is the limit of that test: a cost plus the straight line above it is left out,
 * while `limit` still caps the costs kept (a bound above the limit keeps every cell near the target that the
 * full search reaches within the limit). With `tighten`, that bound is first lowered to the target's cheapest
 * connection (tighten_bound), keeping the cells on the cheapest way to it. `other` (float64, cost_out's shape,
 * world units) is the field of the search from the other end: with other_slack < 0, cells whose cost plus
 * other's passes the limit are left out (where other reached them); with other_slack >= 0, those passing the
 * cheapest seed's cost plus other's raised by other_slack, when that is below the limit (the finer search's
 * routes). The Python reference is cost_field in _lattice_ref.py.
 */
static PyObject *py_cost_field(PyObject *self, PyObject *args)
{
    PyObject *sobj, *cobj, *pobj;
    double cs, ox, oy, limit, tx = NAN, ty = NAN, fastest = 0.0, bound = NAN;
    Py_ssize_t row0, col0;
    int tighten = 0;
    PyObject *oobj = Py_None;
    double other_slack = -1.0;
    if (!PyArg_ParseTuple(args, "OddddnnOO|ddddpOd", &sobj, &cs, &ox, &oy, &limit, &row0, &col0, &cobj, &pobj, &tx,
                          &ty, &fastest, &bound, &tighten, &oobj, &other_slack))
        return NULL;
    if (!(cs > 0.0)) { PyErr_SetString(PyExc_ValueError, "cell_size must be positive"); return NULL; }
    Py_buffer sview, cview, pview;
    Raster r;
    if (get_raster(sobj, &sview, &r) < 0) return NULL;
    if (PyObject_GetBuffer(cobj, &cview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_ND | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&sview);
        return NULL;
    }
    if (PyObject_GetBuffer(pobj, &pview, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | PyBUF_ND | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&sview);
        PyBuffer_Release(&cview);
        return NULL;
    }
    Py_buffer oview;
    const double *other = NULL;
    if (oobj != Py_None) {
        if (get_window(oobj, &oview, "other", 8, 0) < 0) {
            PyBuffer_Release(&sview);
            PyBuffer_Release(&cview);
            PyBuffer_Release(&pview);
            return NULL;
        }
        other = (const double *)oview.buf;
    }
    PyObject *result = NULL;
    if (cview.ndim != 2 || strcmp(cview.format, "d") != 0 || pview.ndim != 2 || pview.itemsize != 4 ||
        (strcmp(pview.format, "i") != 0 && strcmp(pview.format, "=i") != 0 && strcmp(pview.format, "<i") != 0) ||
        pview.shape[0] != cview.shape[0] || pview.shape[1] != cview.shape[1]) {
        PyErr_SetString(PyExc_TypeError, "cost_out must be float64 and pred_out int32 arrays of the same 2-D shape");
        goto done;
    }
    if (other != NULL && (oview.shape[0] != cview.shape[0] || oview.shape[1] != cview.shape[1])) {
        PyErr_SetString(PyExc_ValueError, "other must have cost_out's shape");
        goto done;
    }
    Py_ssize_t h = cview.shape[0], w = cview.shape[1];
    if ((double)h * (double)w > 2.0e9) { PyErr_SetString(PyExc_ValueError, "window too large"); goto done; }
    Py_ssize_t settled = run_cost_field(&r, cs, ox, oy, limit, row0, col0, h, w, (double *)cview.buf,
                                        (int32_t *)pview.buf, tx, ty, fastest, bound, tighten, other, other_slack);
    if (settled >= 0) result = PyLong_FromSsize_t(settled);
done:
    PyBuffer_Release(&sview);
    PyBuffer_Release(&cview);
    PyBuffer_Release(&pview);
    if (oobj != Py_None) PyBuffer_Release(&oview);
    return result;
}

/* ---- smoothing a path: string-pulling and a vertex-by-vertex pattern search, all on exact costs ---- */

typedef struct {
    double x, y;
} Pt;

/* How many failed shortcuts string-pulling tries past the last good one before it gives up. */
#define PULL_LOOKAHEAD 8
#define SMOOTH_ROUNDS 3

static double seg_world(const Raster *r, double cs, Pt a, Pt b)
{
    return segment_cost_cells(r, a.x / cs, a.y / cs, b.x / cs, b.y / cs) * cs;
}

static int pinch_world(const Raster *r, double cs, Pt q)
{
    return pinch_cells(r, q.x / cs, q.y / cs);
}

static double polyline_world(const Raster *r, double cs, const Pt *p, Py_ssize_t n)
{
    double total = 0.0;
    for (Py_ssize_t i = 1; i < n && total != INFINITY; i++) {
        total += seg_world(r, cs, p[i - 1], p[i]);
        if (i < n - 1 && pinch_world(r, cs, p[i])) total = INFINITY;
    }
    return total;
}

/* Replace runs of the path by straight segments that cost no more; in place, returns the new length.
 * prefix must hold n doubles. */
static Py_ssize_t string_pull(const Raster *r, double cs, Pt *p, Py_ssize_t n, double *prefix)
{
    if (n <= 2) return n;
    prefix[0] = 0.0;
    for (Py_ssize_t i = 1; i < n; i++) prefix[i] = prefix[i - 1] + seg_world(r, cs, p[i - 1], p[i]);
    /* a pinched interior vertex stays a wall; skipping it by a shortcut is what string-pulling is for */
    Py_ssize_t m = 1, i = 0;
    /* out[0] = p[0]; writing at m <= the index being read keeps this in place */
    while (i < n - 1) {
        Py_ssize_t best = i + 1;
        int fails = 0;
        for (Py_ssize_t j = i + 2; j < n; j++) {
            double run = prefix[j] - prefix[i];
            if (seg_world(r, cs, p[i], p[j]) <= run * (1.0 + 1e-12)) {
                best = j;
                fails = 0;
            } else if (++fails > PULL_LOOKAHEAD) {
                break;
            }
        }
        p[m++] = p[best];
        i = best;
    }
    return m;
}

/* The 8 compass directions a vertex is moved in: cos and sin of k * 45 degrees, as the Python reference. */
static double dirs[8][2];

static void build_directions(void)
{
    for (int k = 0; k < 8; k++) {
        /* exactly 0 along the axes: a vertex on a grid line then slides along it without leaving it */
        double c = cos(k * M_PI / 4.0), s = sin(k * M_PI / 4.0);
        dirs[k][0] = fabs(c) < 1e-12 ? 0.0 : c;
        dirs[k][1] = fabs(s) < 1e-12 ? 0.0 : s;
    }
}

/* Move the vertices lo .. hi - 1 (interior ones, in that order) by a shrinking pattern search while their two
 * segments get cheaper; the others stay where they are. */
static void refine_range(const Raster *r, double cs, Pt *p, Py_ssize_t n, Py_ssize_t lo, Py_ssize_t hi)
{
    if (lo < 1) lo = 1;
    if (hi > n - 1) hi = n - 1;
    for (Py_ssize_t i = lo; i < hi; i++) {
        Pt a = p[i - 1], b = p[i + 1], q = p[i];
        /* a vertex on a pinched corner is a wall: any move off it is a gain */
        double best = pinch_world(r, cs, q) ? INFINITY : seg_world(r, cs, a, q) + seg_world(r, cs, q, b);
        /* On a grid line a segment may run at the cheaper side's speed (segment_cost_cells): try the vertex on
         * the nearest vertical line, horizontal line and corner, which a pattern search never lands on. */
        double gx = floor(q.x / cs + 0.5) * cs, gy = floor(q.y / cs + 0.5) * cs;
        Pt snaps[3] = {{gx, q.y}, {q.x, gy}, {gx, gy}};
        for (int k = 0; k < 3; k++) {
            if (pinch_world(r, cs, snaps[k])) continue;
            double total = seg_world(r, cs, a, snaps[k]) + seg_world(r, cs, snaps[k], b);
            if (total < best * (1.0 - 1e-12)) {
                best = total;
                q = snaps[k];
            }
        }
        double step = cs;
        /* where the vertex was before its last move: it cost more than now (best only falls), so a candidate
         * landing exactly there (a step back the same way, often to the bit) would be priced only to be refused */
        Pt left = q;
        int has_left = 0;
        while (step > 2e-3 * cs) {
            int moved = 0;
            for (int k = 0; k < 8; k++) {
                Pt c = {q.x + step * dirs[k][0], q.y + step * dirs[k][1]};
                if (has_left && c.x == left.x && c.y == left.y) continue;
                if (pinch_world(r, cs, c)) continue;
                double first = seg_world(r, cs, a, c);
                if (first >= best) continue;
                double total = first + seg_world(r, cs, c, b);
                /* a gain lost in rounding is no gain: it would send the search along the segment */
                if (total < best * (1.0 - 1e-12)) {
                    best = total;
                    left = q;
                    has_left = 1;
                    q = c;
                    moved = 1;
                    break;
                }
            }
            if (!moved) step *= 0.5;
        }
        p[i] = q;
    }
}

/* Move each interior vertex by a shrinking pattern search while its two segments get cheaper. */
static void refine(const Raster *r, double cs, Pt *p, Py_ssize_t n)
{
    refine_range(r, cs, p, n, 1, n - 1);
}

/* The path with a detour along a grid line for every segment whose two ends lie nearest the same line (and
 * not both on it): a -> a on the line -> b on the line -> b. Along a grid line a segment runs at the faster
 * side's speed, a knife edge that moving one vertex at a time never reaches; refining the two new vertices
 * finds where to join and leave the line. out must hold 3 n points; returns its length. */
static Py_ssize_t line_detours(const Raster *r, double cs, const Pt *p, Py_ssize_t n, Pt *out)
{
    Py_ssize_t m = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        out[m++] = p[i];
        if (i + 1 == n) break;
        Pt a = p[i], b = p[i + 1];
        for (int axis = 0; axis < 2; axis++) {
            double la = floor((axis ? a.y : a.x) / cs + 0.5), lb = floor((axis ? b.y : b.x) / cs + 0.5);
            if (la != lb) continue;
            Pt a2 = a, b2 = b;
            if (axis) { a2.y = la * cs; b2.y = la * cs; } else { a2.x = la * cs; b2.x = la * cs; }
            if ((a2.x == a.x && a2.y == a.y) && (b2.x == b.x && b2.y == b.y)) continue;
            if (pinch_world(r, cs, a2) || pinch_world(r, cs, b2)) continue;
            out[m++] = a2;
            out[m++] = b2;
            break;
        }
    }
    return m;
}

/* ---- the path entry points' shared argument handling ---- */

/* Parse (speeds, cell_size, coords) of smooth_path and line_runs: coords a flat sequence of at least two x, y
 * pairs (world units). On success returns 0 with *seq (a new reference) and *view (to release) held by the
 * caller; on failure -1 with the exception set and nothing held. */
static int open_path_args(PyObject *args, PyObject **seq, Py_buffer *view, Raster *r, double *cs)
{
    PyObject *obj, *coords;
    if (!PyArg_ParseTuple(args, "OdO", &obj, cs, &coords)) return -1;
    if (!(*cs > 0.0)) { PyErr_SetString(PyExc_ValueError, "cell_size must be positive"); return -1; }
    *seq = PySequence_Fast(coords, "coords must be a sequence of numbers");
    if (*seq == NULL) return -1;
    Py_ssize_t nc = PySequence_Fast_GET_SIZE(*seq);
    if (nc % 2 != 0 || nc < 4) {
        Py_CLEAR(*seq);
        PyErr_SetString(PyExc_ValueError, "coords must hold at least two x, y pairs");
        return -1;
    }
    if (get_raster(obj, view, r) < 0) { Py_CLEAR(*seq); return -1; }
    return 0;
}

/* The points of the flat sequence seq into p (room for all of them), repeated points dropped; their number,
 * or -1 with the exception set. */
static Py_ssize_t read_points(PyObject *seq, Pt *p)
{
    PyObject **items = PySequence_Fast_ITEMS(seq);
    Py_ssize_t n = 0, pairs = PySequence_Fast_GET_SIZE(seq) / 2;
    for (Py_ssize_t i = 0; i < pairs; i++) {
        Pt q = {PyFloat_AsDouble(items[2 * i]), PyFloat_AsDouble(items[2 * i + 1])};
        if (PyErr_Occurred()) return -1;
        if (n == 0 || q.x != p[n - 1].x || q.y != p[n - 1].y) p[n++] = q;
    }
    return n;
}

/* The points as a new flat list x0, y0, x1, y1, ... of floats, or NULL with the exception set. */
static PyObject *points_list(const Pt *p, Py_ssize_t n)
{
    PyObject *result = PyList_New(2 * n);
    if (result == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = PyFloat_FromDouble(p[i].x), *y = PyFloat_FromDouble(p[i].y);
        if (x == NULL || y == NULL) {
            Py_XDECREF(x);
            Py_XDECREF(y);
            Py_DECREF(result);
            return NULL;
        }
        PyList_SET_ITEM(result, 2 * i, x);
        PyList_SET_ITEM(result, 2 * i + 1, y);
    }
    return result;
}

/* Buffers for smooth_points, grown as needed and reused across calls of one kernel call. */
typedef struct {
    Pt *p, *work;
    double *prefix;
    Py_ssize_t cap;
} SmoothBuf;

static int smooth_reserve(SmoothBuf *b, Py_ssize_t cap)
{
    if (cap <= b->cap) return 0;
    Pt *np_ = (Pt *)realloc(b->p, (size_t)cap * sizeof(Pt));
    if (np_ == NULL) return -1;
    b->p = np_;
    Pt *nw = (Pt *)realloc(b->work, (size_t)cap * sizeof(Pt));
    if (nw == NULL) return -1;
    b->work = nw;
    double *npf = (double *)realloc(b->prefix, (size_t)cap * sizeof(double));
    if (npf == NULL) return -1;
    b->prefix = npf;
    b->cap = cap;
    return 0;
}

static void smooth_free(SmoothBuf *b)
{
    free(b->p);
    free(b->work);
    free(b->prefix);
    b->p = b->work = NULL;
    b->prefix = NULL;
    b->cap = 0;
}

/* Smooth the n points in b->p (repeated points already dropped, n >= 1) in place: string-pulled, then split,
 * refined and straightened while that makes it cheaper, then one detour along grid lines (see smooth_path).
 * Returns the new number of points, or -1 when out of memory. */
static Py_ssize_t smooth_points(const Raster *r, double cs, SmoothBuf *b, Py_ssize_t n)
{
    if (smooth_reserve(b, 2 * n + 2) < 0) return -1;
    if (n == 1) { b->p[1] = b->p[0]; n = 2; }
    n = string_pull(r, cs, b->p, n, b->prefix);
    double cost = polyline_world(r, cs, b->p, n);
    for (int round = 0; round < SMOOTH_ROUNDS; round++) {
        /* split every segment at its middle so that a straight run can bend too, move the vertices,
         * straighten again, and keep the result only when it is cheaper */
        if (smooth_reserve(b, 2 * n) < 0) return -1;
        Pt *p = b->p, *work = b->work;
        Py_ssize_t m = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (i > 0) {
                Pt mid = {(p[i - 1].x + p[i].x) / 2.0, (p[i - 1].y + p[i].y) / 2.0};
                work[m++] = mid;
            }
            work[m++] = p[i];
        }
        refine(r, cs, work, m);
        m = string_pull(r, cs, work, m, b->prefix);
        double c = polyline_world(r, cs, work, m);
        if (!(c < cost * (1.0 - 1e-9))) break;
        memcpy(p, work, (size_t)m * sizeof(Pt));
        n = m;
        cost = c;
    }
    /* one more round with a detour along a grid line wherever a segment lies beside one */
    if (smooth_reserve(b, 3 * n) < 0) return -1;
    Py_ssize_t m = line_detours(r, cs, b->p, n, b->work);
    if (m > n) {
        refine(r, cs, b->work, m);
        m = string_pull(r, cs, b->work, m, b->prefix);
        double c = polyline_world(r, cs, b->work, m);
        if (c < cost * (1.0 - 1e-9)) {
            memcpy(b->p, b->work, (size_t)m * sizeof(Pt));
            n = m;
        }
    }
    return n;
}

/* smooth_path(speeds, cell_size, coords) -> list of floats x0, y0, x1, y1, ... */
static PyObject *py_smooth_path(PyObject *self, PyObject *args)
{
    PyObject *seq;
    double cs;
    Py_buffer view;
    Raster r;
    if (open_path_args(args, &seq, &view, &r, &cs) < 0) return NULL;
    SmoothBuf b = {NULL, NULL, NULL, 0};
    PyObject *result = NULL;
    double *paces = NULL;
    if (smooth_reserve(&b, PySequence_Fast_GET_SIZE(seq) + 2) < 0) { PyErr_NoMemory(); goto done; }
    Py_ssize_t n = read_points(seq, b.p);
    if (n < 0) goto done;
    pace_window_of(&r, cs, (const double *)b.p, n, &paces);
    n = smooth_points(&r, cs, &b, n);
    if (n < 0) { PyErr_NoMemory(); goto done; }
    result = points_list(b.p, n);
done:
    free(paces);
    smooth_free(&b);
    PyBuffer_Release(&view);
    Py_DECREF(seq);
    return result;
}

/* ---- runs along grid lines: the knife edge a vertex-by-vertex search never reaches ---- */

/* Pairs of vertices at most this many segments apart try every grid line between them (farther pairs only the
 * lines both lie next to). */
#define RUN_SPAN 3
/* Candidate paths one scan of line_runs tries at most (each is two vertices refined and a string-pull; a call
 * scans at most twice). */
#define RUN_BUDGET 96
/* After a candidate's new vertices are refined, vertices this far around them are string-pulled. */
#define RUN_PULL 2
/* line_runs last tries each interior vertex on the cell corners this many cells around its nearest one. */
#define CORNER_REACH 2
/* A run's new ends are first tried every 1/SLIDE_STEPS cell along its line (see slide). */
#define SLIDE_STEPS 4

/* Move vertex k (on a grid line of axis) along that line to the cheapest of the positions every 1/SLIDE_STEPS
 * cell from lo to hi (cell units along the line), in place. The cost along a line has a kink at every cell edge,
 * where the pattern search of refine_range stops (a run's end left a cell or two short of its best); that refines
 * from the position found here. */
static void slide(const Raster *r, double cs, Pt *p, Py_ssize_t k, int axis, double lo, double hi)
{
    Pt a = p[k - 1], b = p[k + 1], q = p[k];
    double best = seg_world(r, cs, a, q) + seg_world(r, cs, q, b);
    for (long t = (long)floor(lo) * SLIDE_STEPS; t <= (long)ceil(hi) * SLIDE_STEPS; t++) {
        Pt c = q;
        if (axis == 0) c.y = (double)t * cs / SLIDE_STEPS; else c.x = (double)t * cs / SLIDE_STEPS;
        if (pinch_world(r, cs, c)) continue;
        double total = seg_world(r, cs, a, c) + seg_world(r, cs, c, b);
        if (total < best * (1.0 - 1e-12)) {
            best = total;
            q = c;
        }
    }
    p[k] = q;
}

/* Each interior vertex, in order, moved to the cheapest cell corner within CORNER_REACH cells of its nearest one
 * where that is cheaper; then (with smooth) refined and string-pulled; kept (in p, *n, *cost) when the whole is
 * cheaper, and then 1 is returned. (Before the runs it does not smooth: that may drop a vertex a run would start
 * from.) A best way through corners a cell or two from the path's is a route choice no pattern search reaches.
 * work and prefix hold *n entries. */
static int corner_jumps(const Raster *r, double cs, Pt *p, Py_ssize_t *n, double *cost, Pt *work, double *prefix,
                        int smooth)
{
    Py_ssize_t m = *n;
    memcpy(work, p, (size_t)m * sizeof(Pt));
    int moved = 0;
    for (Py_ssize_t i = 1; i < m - 1; i++) {
        Pt a = work[i - 1], b = work[i + 1], q = work[i];
        double best = pinch_world(r, cs, q) ? INFINITY : seg_world(r, cs, a, q) + seg_world(r, cs, q, b);
        if (!(fabs(q.x / cs) < 1e15 && fabs(q.y / cs) < 1e15)) continue;
        long gx = (long)floor(q.x / cs + 0.5), gy = (long)floor(q.y / cs + 0.5);
        for (long dy = -CORNER_REACH; dy <= CORNER_REACH; dy++) {
            for (long dx = -CORNER_REACH; dx <= CORNER_REACH; dx++) {
                Pt c = {(double)(gx + dx) * cs, (double)(gy + dy) * cs};
                if (pinch_world(r, cs, c)) continue;
                double total = seg_world(r, cs, a, c) + seg_world(r, cs, c, b);
                if (total < best * (1.0 - 1e-12)) {
                    best = total;
                    q = c;
                    moved = 1;
                }
            }
        }
        work[i] = q;
    }
    if (!moved) return 0;
    if (smooth) {
        refine(r, cs, work, m);
        m = string_pull(r, cs, work, m, prefix);
    }
    double c = polyline_world(r, cs, work, m);
    if (!(c < *cost * (1.0 - 1e-9))) return 0;
    memcpy(p, work, (size_t)m * sizeof(Pt));
    *n = m;
    *cost = c;
    return 1;
}

/* One of the two cells beside grid line `line` (a column edge for axis 0, a row edge for axis 1) is faster
 * somewhere between lo and hi (cell units along the line); with need_switch, the faster one is on one side
 * somewhere and on the other side elsewhere: only then does a run exactly along the line beat every run a
 * hair beside it, which refining vertices can reach from afar. */
static int knife_edge(const Raster *r, int axis, long line, double lo, double hi, int need_switch)
{
    if (!(fabs(lo) < 1e15 && fabs(hi) < 1e15)) return 0;
    int seen = 0;
    for (long t = (long)floor(lo); t < (long)ceil(hi); t++) {
        double p = axis == 0 ? pace_at(r, line, t) : pace_at(r, t, line);
        double q = axis == 0 ? pace_at(r, line - 1, t) : pace_at(r, t, line - 1);
        if (p < q) seen |= 1;
        else if (q < p) seen |= 2;
        if (seen == 3 || (seen && !need_switch)) return 1;
    }
    return 0;
}

/* Try the candidates for vertices i < j (see line_runs) into work; 1 when one is cheaper (then p, *n and *cost
 * hold it), 0 when none is, -1 when the budget ran out. work and prefix hold *n + 2 entries. */
static int try_run(const Raster *r, double cs, Pt *p, Py_ssize_t *n, double *cost, Py_ssize_t i, Py_ssize_t j,
                   int *budget, Pt *work, double *prefix)
{
    Pt a = p[i], b = p[j];
    for (int axis = 0; axis < 2; axis++) {
        double av = (axis ? a.y : a.x) / cs, bv = (axis ? b.y : b.x) / cs;
        if (!(fabs(av) < 1e15 && fabs(bv) < 1e15)) continue;
        /* every line between the two for a near pair, else those both lie next to, ascending */
        int span = j - i <= RUN_SPAN;
        long first = (long)floor(fmin(av, bv)), count = (long)ceil(fmax(av, bv)) - first + 1, near[2];
        if (!span) {
            long fa = (long)floor(av), ca = (long)ceil(av), fb = (long)floor(bv), cb = (long)ceil(bv);
            count = 0;
            if (fa == fb || fa == cb) near[count++] = fa;
            if (ca != fa && (ca == fb || ca == cb)) near[count++] = ca;
        }
        for (long k = 0; k < count; k++) {
            long line = span ? first + k : near[k];
            double at = (double)line * cs;
            Pt a2 = a, b2 = b;
            if (axis) { a2.y = at; b2.y = at; } else { a2.x = at; b2.x = at; }
            if (j == i + 1 && a2.x == a.x && a2.y == a.y && b2.x == b.x && b2.y == b.y) continue;
            if (pinch_world(r, cs, a2) || pinch_world(r, cs, b2)) continue;
            double ao = axis ? a2.x : a2.y, bo = axis ? b2.x : b2.y;
            /* a line both ends lie next to needs only a side that is faster (the ends may reach it by a hair
             * beside it no better); any other line one whose faster side switches */
            int near = (line == (long)floor(av) || line == (long)ceil(av)) &&
                       (line == (long)floor(bv) || line == (long)ceil(bv));
            if (!knife_edge(r, axis, line, fmin(ao, bo) / cs, fmax(ao, bo) / cs, !near)) continue;
            if (*budget <= 0) return -1;
            (*budget)--;
            Py_ssize_t m = 0;
            for (Py_ssize_t q = 0; q <= i; q++) work[m++] = p[q];
            work[m++] = a2;
            work[m++] = b2;
            for (Py_ssize_t q = j; q < *n; q++) work[m++] = p[q];
            /* the two new vertices slide to where joining and leaving the line is cheapest: first to the best
             * position every 1/SLIDE_STEPS cell between them, then by the pattern search */
            slide(r, cs, work, i + 1, axis, fmin(ao, bo) / cs, fmax(ao, bo) / cs);
            slide(r, cs, work, i + 2, axis, fmin(ao, bo) / cs, fmax(ao, bo) / cs);
            refine_range(r, cs, work, m, i + 1, i + 3);
            Py_ssize_t d = 0;
            for (Py_ssize_t q = 0; q < m; q++)
                if (d == 0 || work[q].x != work[d - 1].x || work[q].y != work[d - 1].y) work[d++] = work[q];
            /* string-pull around them (the rest was pulled before) */
            Py_ssize_t lo = i > RUN_PULL ? i - RUN_PULL : 0, hi = i + 3 + RUN_PULL < d ? i + 3 + RUN_PULL : d;
            Py_ssize_t kept = string_pull(r, cs, work + lo, hi - lo, prefix);
            memmove(work + lo + kept, work + hi, (size_t)(d - hi) * sizeof(Pt));
            m = d - (hi - lo - kept);
            double c = polyline_world(r, cs, work, m);
            if (c < *cost * (1.0 - 1e-9)) {
                memcpy(p, work, (size_t)m * sizeof(Pt));
                *n = m;
                *cost = c;
                return 1;
            }
        }
    }
    return 0;
}

/* The scan of line_runs over the path p (*n vertices) of exact cost *cost, in place: at most RUN_BUDGET
 * candidates. work and prefix hold *n + 2 RUN_BUDGET + 2 entries. */
static void runs(const Raster *r, double cs, Pt *p, Py_ssize_t *n, double *cost, Pt *work, double *prefix)
{
    int budget = RUN_BUDGET;
    Py_ssize_t i = 0;
    while (i < *n - 1 && budget > 0) {
        int gained = 0;
        for (Py_ssize_t j = i + 1; j < *n; j++) {
            int found = try_run(r, cs, p, n, cost, i, j, &budget, work, prefix);
            if (found > 0) { gained = 1; break; }
            if (budget <= 0) break;
        }
        if (!gained) i++;
    }
}

/* line_runs(speeds, cell_size, coords) -> the path x0, y0, x1, y1, ... with runs exactly along grid lines
 * wherever one is cheaper. Along a grid line a segment runs at the faster side's speed, a knife edge that
 * moving one vertex at a time never reaches. For each vertex i and each later vertex j, the vertices between
 * are replaced by a run along a grid line (every line between the two for pairs at most RUN_SPAN segments
 * apart, else a line both lie next to) where the faster side of the line switches (knife_edge); the run's two
 * ends are refined and the path string-pulled around them; the first cheaper candidate is kept and the scan
 * goes on from the same vertex.
 * At most RUN_BUDGET candidates are tried. The scan runs from the path as given and from the path with its
 * vertices moved to the best cell corners around them (corner_jumps), the cheaper is kept, and its vertices are
 * tried on corners once more. Never raises the exact cost. */
static PyObject *py_line_runs(PyObject *self, PyObject *args)
{
    PyObject *seq;
    double cs;
    Py_buffer view;
    Raster r;
    if (open_path_args(args, &seq, &view, &r, &cs) < 0) return NULL;
    Py_ssize_t nc = PySequence_Fast_GET_SIZE(seq);
    /* every gain adds at most two vertices, and there are at most RUN_BUDGET of them a scan (p and alt each) */
    Py_ssize_t cap = nc / 2 + 2 * RUN_BUDGET + 4;
    Pt *p = (Pt *)malloc((size_t)cap * sizeof(Pt));
    Pt *work = (Pt *)malloc((size_t)cap * sizeof(Pt));
    Pt *alt = (Pt *)malloc((size_t)cap * sizeof(Pt));
    double *prefix = (double *)malloc((size_t)cap * sizeof(double));
    PyObject *result = NULL;
    double *paces = NULL;
    if (p == NULL || work == NULL || alt == NULL || prefix == NULL) { PyErr_NoMemory(); goto done; }
    Py_ssize_t n = read_points(seq, p);
    if (n < 0) goto done;
    pace_window_of(&r, cs, (const double *)p, n, &paces);
    double cost = polyline_world(&r, cs, p, n);
    if (isfinite(cost)) {
        /* the runs from the path as it is and from the path with each vertex on the best cell corner around it
         * (a different start may lead the greedy scan elsewhere); the cheaper, its vertices tried on corners
         * again */
        Py_ssize_t nq = n;
        double cq = cost;
        memcpy(alt, p, (size_t)n * sizeof(Pt));
        int jumped = corner_jumps(&r, cs, alt, &nq, &cq, work, prefix, 0);
        runs(&r, cs, p, &n, &cost, work, prefix);
        if (jumped) {
            runs(&r, cs, alt, &nq, &cq, work, prefix);
            if (cq < cost) {
                memcpy(p, alt, (size_t)nq * sizeof(Pt));
                n = nq;
                cost = cq;
            }
        }
        corner_jumps(&r, cs, p, &n, &cost, work, prefix, 1);
    }
    result = points_list(p, n);
done:
    free(paces);
    free(p);
    free(work);
    free(alt);
    free(prefix);
    PyBuffer_Release(&view);
    Py_DECREF(seq);
    return result;
}

/* ---- the routes of the finer search: every distinct route within the lattice's error, smoothed ---- */

/* Up to FINE_ROUTES distinct routes are smoothed; the next route's lattice cost is within FINE_ROUTE_SLACK of
 * the best (the lattice's angular error is 1.3%: either may be cheaper once straightened). */
#define FINE_ROUTES 3
#define FINE_ROUTE_SLACK 0.02

static PyObject *math_hypot = NULL;

/* math.hypot(dx, dy) exactly as the Python reference computes it (CPython's own algorithm, not libm's), or -1
 * with the exception set. */
static double py_hypot(double dx, double dy)
{
    PyObject *v = PyObject_CallFunction(math_hypot, "dd", dx, dy);
    if (v == NULL) return -1.0;
    double d = PyFloat_AsDouble(v);
    Py_DECREF(v);
    return d;
}


/* The route loop of fine_routes (below) on fields of h x w fine cells; the cheapest smoothed route into *best
 * (malloc'ed, *best_n points; NULL when there is none). Returns 0, or -1 with the exception set. */
static int run_fine_routes(const Raster *speeds, double cs, const double *there_cost, const int32_t *there_pred,
                           const double *back_cost, const int32_t *back_pred, Py_ssize_t h, Py_ssize_t w, double x0,
                           double y0, double fcs, Py_ssize_t k, double ox, double oy, double tx, double ty, Pt **best_out,
                           Py_ssize_t *best_n_out)
{
    Raster r = *speeds; /* its own pace window */
    Py_ssize_t hw = h * w;
    int status = -1;
    unsigned char *covered = NULL, *on_route = NULL;
    int32_t *cells = NULL;
    SmoothBuf b = {NULL, NULL, NULL, 0};
    Pt *best = NULL;
    Py_ssize_t best_n = 0;
    double *paces = NULL;
    covered = (unsigned char *)calloc((size_t)(hw > 0 ? hw : 1), 1);
    on_route = (unsigned char *)malloc((size_t)(hw > 0 ? hw : 1));
    cells = (int32_t *)malloc((size_t)(hw > 0 ? hw : 1) * sizeof(int32_t));
    if (covered == NULL || on_route == NULL || cells == NULL) { PyErr_NoMemory(); goto done; }
    /* the routes lie in the fine window (the ellipse's box), the origin and the target too */
    pace_window(&r, cs, fmin(x0, fmin(ox, tx)), fmin(y0, fmin(oy, ty)), fmax(x0 + (double)w * fcs, fmax(ox, tx)),
                fmax(y0 + (double)h * fcs, fmax(oy, ty)), &paces);
    double best_cost = INFINITY, route_limit = INFINITY;
    for (int route = 0; route < FINE_ROUTES; route++) {
        /* the cheapest cell not covered yet (the first of equals, as numpy's argmin) */
        Py_ssize_t index = 0;
        double lattice_cost = INFINITY;
        int any = 0;
        for (Py_ssize_t i = 0; i < hw; i++) {
            double t = covered[i] ? INFINITY : there_cost[i] + back_cost[i];
            if (!any || t < lattice_cost) { lattice_cost = t; index = i; any = 1; }
        }
        if (!(isfinite(lattice_cost) && lattice_cost <= route_limit)) break;
        double grown = lattice_cost * (1.0 + FINE_ROUTE_SLACK);
        if (grown < route_limit) route_limit = grown;
        /* the route through this cell: back to the origin on the forward field, on to the target on the reverse */
        Py_ssize_t nc = 0;
        for (int32_t i = (int32_t)index; i >= 0 && nc < hw; i = there_pred[i]) cells[nc++] = i;
        for (Py_ssize_t a = 0, z = nc - 1; a < z; a++, z--) { int32_t t = cells[a]; cells[a] = cells[z]; cells[z] = t; }
        for (int32_t i = back_pred[index]; i >= 0 && nc < hw; i = back_pred[i]) cells[nc++] = i;
        if (smooth_reserve(&b, 2 * (nc + 2) + 2) < 0) { PyErr_NoMemory(); goto done; }
        /* origin, the cells' centres, target, repeated points dropped (as smooth_path reads them) */
        Py_ssize_t n = 0;
        for (Py_ssize_t q = -1; q <= nc; q++) {
            Pt v;
            if (q < 0) { v.x = ox; v.y = oy; }
            else if (q == nc) { v.x = tx; v.y = ty; }
            else {
                v.x = x0 + ((double)(cells[q] % w) + 0.5) * fcs;
                v.y = y0 + ((double)(cells[q] / w) + 0.5) * fcs;
            }
            if (n == 0 || v.x != b.p[n - 1].x || v.y != b.p[n - 1].y) b.p[n++] = v;
        }
        n = smooth_points(&r, cs, &b, n);
        if (n < 0) { PyErr_NoMemory(); goto done; }
        double c = polyline_world(&r, cs, b.p, n);
        if (c < best_cost) {
            Pt *nb = (Pt *)realloc(best, (size_t)n * sizeof(Pt));
            if (nb == NULL) { PyErr_NoMemory(); goto done; }
            best = nb;
            memcpy(best, b.p, (size_t)n * sizeof(Pt));
            best_n = n;
            best_cost = c;
        }
        if (route + 1 == FINE_ROUTES) break; /* no next route to keep away from this one */
        /* the next route must keep a cell away from this one, lattice and straightened alike (routes that
         * straighten into the same line are one route): the cells on it, and samples every fine cell or less
         * along each smoothed segment (as the reference's linspace gives them) */
        memset(on_route, 0, (size_t)hw);
        for (Py_ssize_t q = 0; q < nc; q++) on_route[cells[q]] = 1;
        for (Py_ssize_t q = 0; q + 1 < n; q++) {
            Pt a = b.p[q], e = b.p[q + 1];
            double d = py_hypot(e.x - a.x, e.y - a.y);
            if (d < 0.0 && PyErr_Occurred()) goto done;
            Py_ssize_t steps = (Py_ssize_t)ceil(d / fcs) + 1;
            double step = 1.0 / (double)steps;
            for (Py_ssize_t i = 0; i <= steps; i++) {
                double t = i == steps ? 1.0 : (double)i * step;
                double fx = (a.x + (e.x - a.x) * t - x0) / fcs, fy = (a.y + (e.y - a.y) * t - y0) / fcs;
                int64_t col = (int64_t)fx, row = (int64_t)fy;
                if (col < 0) col = 0;
                if (col > w - 1) col = w - 1;
                if (row < 0) row = 0;
                if (row > h - 1) row = h - 1;
                on_route[row * w + col] = 1;
            }
        }
        /* widened by k fine cells in every direction */
        for (Py_ssize_t i = 0; i < h; i++)
            for (Py_ssize_t j = 0; j < w; j++) {
                if (!on_route[i * w + j]) continue;
                Py_ssize_t i0 = i - k < 0 ? 0 : i - k, i1 = i + k > h - 1 ? h - 1 : i + k;
                Py_ssize_t j0 = j - k < 0 ? 0 : j - k, j1 = j + k > w - 1 ? w - 1 : j + k;
                for (Py_ssize_t u = i0; u <= i1; u++) memset(covered + u * w + j0, 1, (size_t)(j1 - j0 + 1));
            }
    }
    status = 0;
done:
    free(paces);
    free(covered);
    free(on_route);
    free(cells);
    smooth_free(&b);
    if (status < 0) {
        free(best);
        best = NULL;
        best_n = 0;
    }
    *best_out = best;
    *best_n_out = best_n;
    return status;
}

/* fine_routes(speeds, cell_size, there_cost, there_pred, back_cost, back_pred, x0, y0, fine_cell, k, ox, oy, tx, ty)
 *   -> flat list x0, y0, ... of the cheapest smoothed route, or None
 *
 * The fine lattice's two fields (from the origin (ox, oy) and from the target (tx, ty), world units; window
 * arrays of one shape whose cell (0, 0) has its corner at (x0, y0), cells fine_cell world units, k fine cells
 * to a map cell). The cell of lowest forward + reverse cost gives the best route (its predecessors back to the
 * origin and on to the target); the next goes through the cheapest cell more than k fine cells (one map cell)
 * from every route taken so far, lattice and straightened alike, while its lattice cost is within
 * FINE_ROUTE_SLACK of the best; at most FINE_ROUTES. Each is smoothed on speeds (smooth_path) and the cheapest
 * wins. The Python reference is fine_routes in _routes_ref.py. */
static PyObject *py_fine_routes(PyObject *self, PyObject *args)
{
    PyObject *sobj, *tco, *tpo, *bco, *bpo;
    double cs, x0, y0, fcs, ox, oy, tx, ty;
    Py_ssize_t k;
    if (!PyArg_ParseTuple(args, "OdOOOOdddndddd", &sobj, &cs, &tco, &tpo, &bco, &bpo, &x0, &y0, &fcs, &k, &ox, &oy,
                          &tx, &ty))
        return NULL;
    if (!(cs > 0.0) || !(fcs > 0.0) || k < 1) {
        PyErr_SetString(PyExc_ValueError, "cell sizes must be positive and k at least 1");
        return NULL;
    }
    Py_buffer sview, tcv, tpv, bcv, bpv;
    Raster r;
    if (get_raster(sobj, &sview, &r) < 0) return NULL;
    int held = 0;
    PyObject *result = NULL;
    Pt *best = NULL;
    Py_ssize_t best_n = 0;
    if (get_window(tco, &tcv, "there_cost", 8, 0) < 0) goto done;
    held = 1;
    if (get_window(tpo, &tpv, "there_pred", 4, 0) < 0) goto done;
    held = 2;
    if (get_window(bco, &bcv, "back_cost", 8, 0) < 0) goto done;
    held = 3;
    if (get_window(bpo, &bpv, "back_pred", 4, 0) < 0) goto done;
    held = 4;
    Py_ssize_t h = tcv.shape[0], w = tcv.shape[1];
    if (tpv.shape[0] != h || bcv.shape[0] != h || bpv.shape[0] != h || tpv.shape[1] != w || bcv.shape[1] != w ||
        bpv.shape[1] != w) {
        PyErr_SetString(PyExc_ValueError, "the four fields must have one shape");
        goto done;
    }
    if (run_fine_routes(&r, cs, (const double *)tcv.buf, (const int32_t *)tpv.buf, (const double *)bcv.buf,
                        (const int32_t *)bpv.buf, h, w, x0, y0, fcs, k, ox, oy, tx, ty, &best, &best_n) < 0)
        goto done;
    if (best == NULL) {
        Py_INCREF(Py_None);
        result = Py_None;
    } else {
        result = points_list(best, best_n);
    }
done:
    free(best);
    if (held >= 4) PyBuffer_Release(&bpv);
    if (held >= 3) PyBuffer_Release(&bcv);
    if (held >= 2) PyBuffer_Release(&tpv);
    if (held >= 1) PyBuffer_Release(&tcv);
    PyBuffer_Release(&sview);
    return result;
}

/* ---- the ellipse search of a cheapest path, in one call ---- */

/* A search window keeps this many cells around its reach (kriegsspiel/core/movement/_field.py, _WINDOW_MARGIN). */
#define WINDOW_MARGIN 6

/* The cells within reach cells of the cell of (x, y) (world units), with the margin, clipped to rows x cols: *row0,
 * *col0, *row1, *col1 (as _square in _field.py). */
static void square_window(Py_ssize_t rows, Py_ssize_t cols, double cs, double x, double y, double reach,
                          Py_ssize_t *row0, Py_ssize_t *col0, Py_ssize_t *row1, Py_ssize_t *col1)
{
    Py_ssize_t radius = rows > cols ? rows : cols;
    if (isfinite(reach)) radius = (Py_ssize_t)ceil(reach) + WINDOW_MARGIN;
    Py_ssize_t ccol = (Py_ssize_t)floor(x / cs), crow = (Py_ssize_t)floor(y / cs);
    *row0 = crow - radius > 0 ? crow - radius : 0;
    *col0 = ccol - radius > 0 ? ccol - radius : 0;
    *row1 = crow + radius + 1 < rows ? crow + radius + 1 : rows;
    *col1 = ccol + radius + 1 < cols ? ccol + radius + 1 : cols;
}

/* The window of a search from (ax, ay) towards (bx, by) up to limit (both on the map): the square of its reach cut
 * to the square around the middle that holds the ellipse (as cost_field in _field.py with toward). */
static void toward_window(Py_ssize_t rows, Py_ssize_t cols, double cs, double fastest, double ax, double ay,
                          double bx, double by, double limit, Py_ssize_t *row0, Py_ssize_t *col0, Py_ssize_t *row1,
                          Py_ssize_t *col1)
{
    square_window(rows, cols, cs, ax, ay, limit * fastest / cs, row0, col0, row1, col1);
    if (isfinite(limit * fastest / cs)) {
        Py_ssize_t r0, c0, r1, c1;
        square_window(rows, cols, cs, (ax + bx) / 2.0, (ay + by) / 2.0, limit * fastest / cs / 2.0, &r0, &c0, &r1,
                      &c1);
        if (r0 > *row0) *row0 = r0;
        if (c0 > *col0) *col0 = c0;
        if (r1 < *row1) *row1 = r1;
        if (c1 < *col1) *col1 = c1;
    }
}

static inline double speed_of(const Raster *r, Py_ssize_t row, Py_ssize_t col)
{
    Py_ssize_t at = row * r->cols + col;
    return r->speed ? r->speed[at] : (double)r->speed32[at];
}

/* ellipse_search(speeds, hopeful, cell_size, fastest, ox, oy, tx, ty, limit, coords, dilation, tiers, route_slack)
 *   -> flat list x0, y0, ... of the cheapest smoothed route of the finer search, or None
 *
 * All of the ellipse search of a cheapest path from (ox, oy) to (tx, ty) (both on the map; world units) in one call:
 * the lattice searches on the hopeful speeds (their largest multiplier: fastest) from both ends up to limit, each
 * bounded towards the other end and the reverse by the forward field; the cells whose two costs fit the limit, the
 * cells of the points of coords (flat x, y) and dilation cells around them are the ellipse, searched again on
 * cells k times finer (tiers: flat k, most pairs, the first with kept cells x k x k <= most, else 1) from both ends
 * (the search back keeping the routes within route_slack); then fine_routes. The Python reference is
 * ellipse_search in _ellipse_ref.py, which says it step by step. */
static PyObject *py_ellipse_search(PyObject *self, PyObject *args)
{
    PyObject *sobj, *hobj, *coords, *tiers_obj;
    double cs, fastest, ox, oy, tx, ty, limit, route_slack;
    Py_ssize_t dilation;
    if (!PyArg_ParseTuple(args, "OOdddddddOnOd", &sobj, &hobj, &cs, &fastest, &ox, &oy, &tx, &ty, &limit, &coords,
                          &dilation, &tiers_obj, &route_slack))
        return NULL;
    if (!(cs > 0.0) || dilation < 0) {
        PyErr_SetString(PyExc_ValueError, "cell_size must be positive and dilation at least 0");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(coords, "coords must be a sequence of numbers");
    if (seq == NULL) return NULL;
    PyObject *tiers = PySequence_Fast(tiers_obj, "tiers must be a sequence of integers");
    if (tiers == NULL) { Py_DECREF(seq); return NULL; }
    Py_buffer sview, hview;
    Raster r, hr;
    if (get_raster(sobj, &sview, &r) < 0) { Py_DECREF(seq); Py_DECREF(tiers); return NULL; }
    if (get_raster(hobj, &hview, &hr) < 0) {
        PyBuffer_Release(&sview);
        Py_DECREF(seq);
        Py_DECREF(tiers);
        return NULL;
    }
    PyObject *result = NULL;
    double *fcost = NULL, *rcost = NULL, *other = NULL, *fine = NULL, *there_cost = NULL, *back_cost = NULL;
    int32_t *fpred = NULL, *rpred = NULL, *there_pred = NULL, *back_pred = NULL;
    unsigned char *mask = NULL, *grown = NULL;
    Pt *best = NULL;
    Py_ssize_t best_n = 0;
    Py_ssize_t npts = PySequence_Fast_GET_SIZE(seq) / 2, ntiers = PySequence_Fast_GET_SIZE(tiers);
    if (PySequence_Fast_GET_SIZE(seq) % 2 != 0 || npts < 1 || ntiers % 2 != 0 || hr.rows != r.rows ||
        hr.cols != r.cols) {
        PyErr_SetString(PyExc_ValueError, "coords must hold x, y pairs, tiers k, most pairs, and the two speed "
                                          "fields one shape");
        goto done;
    }
    Py_ssize_t rows = r.rows, cols = r.cols;
    /* the two lattice searches on the hopeful speeds */
    Py_ssize_t fr0, fc0, fr1, fc1, rr0, rc0, rr1, rc1;
    toward_window(rows, cols, cs, fastest, ox, oy, tx, ty, limit, &fr0, &fc0, &fr1, &fc1);
    toward_window(rows, cols, cs, fastest, tx, ty, ox, oy, limit, &rr0, &rc0, &rr1, &rc1);
    Py_ssize_t fh = fr1 > fr0 ? fr1 - fr0 : 0, fw = fc1 > fc0 ? fc1 - fc0 : 0;
    Py_ssize_t rh = rr1 > rr0 ? rr1 - rr0 : 0, rw = rc1 > rc0 ? rc1 - rc0 : 0;
    if (!fw) fh = 0;
    if (!rw) rh = 0;
    fcost = (double *)malloc((size_t)(fh * fw + 1) * sizeof(double));
    fpred = (int32_t *)malloc((size_t)(fh * fw + 1) * sizeof(int32_t));
    rcost = (double *)malloc((size_t)(rh * rw + 1) * sizeof(double));
    rpred = (int32_t *)malloc((size_t)(rh * rw + 1) * sizeof(int32_t));
    other = (double *)malloc((size_t)(rh * rw + 1) * sizeof(double));
    if (!fcost || !fpred || !rcost || !rpred || !other) { PyErr_NoMemory(); goto done; }
    if (fh && fw &&
        run_cost_field(&hr, cs, ox, oy, limit, fr0, fc0, fh, fw, fcost, fpred, tx, ty, fastest, limit, 0, NULL, -1.0) < 0)
        goto done;
    if (rh && rw) {
        for (Py_ssize_t i = 0; i < rh * rw; i++) other[i] = INFINITY;
        for (Py_ssize_t i = (fr0 > rr0 ? fr0 : rr0); i < (fr0 + fh < rr0 + rh ? fr0 + fh : rr0 + rh); i++)
            for (Py_ssize_t j = (fc0 > rc0 ? fc0 : rc0); j < (fc0 + fw < rc0 + rw ? fc0 + fw : rc0 + rw); j++)
                other[(i - rr0) * rw + (j - rc0)] = fcost[(i - fr0) * fw + (j - fc0)];
        if (run_cost_field(&hr, cs, tx, ty, limit, rr0, rc0, rh, rw, rcost, rpred, ox, oy, fastest, limit, 0, other,
                           -1.0) < 0)
            goto done;
    }
    /* the ellipse: cells whose two costs fit the limit, the path's cells, in a box */
    Py_ssize_t o0 = fr0 > rr0 ? fr0 : rr0, p0 = fc0 > rc0 ? fc0 : rc0;
    Py_ssize_t o1 = fr0 + fh < rr0 + rh ? fr0 + fh : rr0 + rh, p1 = fc0 + fw < rc0 + rw ? fc0 + fw : rc0 + rw;
    Py_ssize_t kr0 = PY_SSIZE_T_MAX, kr1 = PY_SSIZE_T_MIN, kc0 = PY_SSIZE_T_MAX, kc1 = PY_SSIZE_T_MIN;
#define THROUGH(i, j) (fcost[((i) - fr0) * fw + ((j) - fc0)] + rcost[((i) - rr0) * rw + ((j) - rc0)])
    for (Py_ssize_t i = o0; i < o1; i++)
        for (Py_ssize_t j = p0; j < p1; j++)
            if (THROUGH(i, j) <= limit) {
                if (i < kr0) kr0 = i;
                if (i > kr1) kr1 = i;
                if (j < kc0) kc0 = j;
                if (j > kc1) kc1 = j;
            }
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t q = 0; q < npts; q++) {
        double x = PyFloat_AsDouble(items[2 * q]), y = PyFloat_AsDouble(items[2 * q + 1]);
        if (PyErr_Occurred()) goto done;
        if (!(fabs(x / cs) < 1e15 && fabs(y / cs) < 1e15)) {
            PyErr_SetString(PyExc_ValueError, "the path's points must be finite");
            goto done;
        }
        Py_ssize_t i = (Py_ssize_t)floor(y / cs), j = (Py_ssize_t)floor(x / cs);
        if (i < 0 || j < 0 || i >= rows || j >= cols) {
            PyErr_SetString(PyExc_ValueError, "the path's points must lie on the raster");
            goto done;
        }
        if (i < kr0) kr0 = i;
        if (i > kr1) kr1 = i;
        if (j < kc0) kc0 = j;
        if (j > kc1) kc1 = j;
    }
    Py_ssize_t d = dilation;
    Py_ssize_t r0 = kr0 - d > 0 ? kr0 - d : 0, r1 = kr1 + 1 + d < rows ? kr1 + 1 + d : rows;
    Py_ssize_t c0 = kc0 - d > 0 ? kc0 - d : 0, c1 = kc1 + 1 + d < cols ? kc1 + 1 + d : cols;
    Py_ssize_t eh = r1 - r0, ew = c1 - c0;
    mask = (unsigned char *)calloc((size_t)(eh * ew), 1);
    grown = (unsigned char *)calloc((size_t)(eh * ew), 1);
    if (!mask || !grown) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = o0; i < o1; i++)
        for (Py_ssize_t j = p0; j < p1; j++)
            if (THROUGH(i, j) <= limit) mask[(i - r0) * ew + (j - c0)] = 1;
#undef THROUGH
    for (Py_ssize_t q = 0; q < npts; q++) {
        double x = PyFloat_AsDouble(items[2 * q]), y = PyFloat_AsDouble(items[2 * q + 1]);
        mask[((Py_ssize_t)floor(y / cs) - r0) * ew + ((Py_ssize_t)floor(x / cs) - c0)] = 1;
    }
    /* widened by d cells in every direction, clipped to the box (a square dilation) */
    for (Py_ssize_t i = 0; i < eh; i++)
        for (Py_ssize_t j = 0; j < ew; j++) {
            if (!mask[i * ew + j]) continue;
            Py_ssize_t i0 = i - d < 0 ? 0 : i - d, i1 = i + d > eh - 1 ? eh - 1 : i + d;
            Py_ssize_t j0 = j - d < 0 ? 0 : j - d, j1 = j + d > ew - 1 ? ew - 1 : j + d;
            for (Py_ssize_t u = i0; u <= i1; u++) memset(grown + u * ew + j0, 1, (size_t)(j1 - j0 + 1));
        }
    Py_ssize_t kept = 0;
    double fine_fastest = 0.0;
    for (Py_ssize_t i = 0; i < eh; i++)
        for (Py_ssize_t j = 0; j < ew; j++) {
            double v = grown[i * ew + j] ? speed_of(&r, r0 + i, c0 + j) : 0.0;
            kept += grown[i * ew + j];
            if ((i == 0 && j == 0) || v > fine_fastest) fine_fastest = v; /* numpy's max: NaN never, speeds >= 0 */
        }
    Py_ssize_t k = 1;
    PyObject **t_items = PySequence_Fast_ITEMS(tiers);
    for (Py_ssize_t q = 0; q < ntiers; q += 2) {
        Py_ssize_t tk = PyLong_AsSsize_t(t_items[q]), most = PyLong_AsSsize_t(t_items[q + 1]);
        if (PyErr_Occurred()) goto done;
        if (kept * tk * tk <= most) { k = tk; break; }
    }
    if (k < 1) { PyErr_SetString(PyExc_ValueError, "tiers: k must be at least 1"); goto done; }
    /* the ellipse on cells k times finer: speeds inside it, 0 outside */
    Py_ssize_t H = eh * k, W = ew * k;
    fine = (double *)malloc((size_t)(H * W) * sizeof(double));
    there_cost = (double *)malloc((size_t)(H * W) * sizeof(double));
    back_cost = (double *)malloc((size_t)(H * W) * sizeof(double));
    there_pred = (int32_t *)malloc((size_t)(H * W) * sizeof(int32_t));
    back_pred = (int32_t *)malloc((size_t)(H * W) * sizeof(int32_t));
    if (!fine || !there_cost || !back_cost || !there_pred || !back_pred) { PyErr_NoMemory(); goto done; }
    for (Py_ssize_t i = 0; i < H; i++)
        for (Py_ssize_t j = 0; j < W; j++) {
            Py_ssize_t ei = i / k, ej = j / k;
            fine[i * W + j] = grown[ei * ew + ej] ? speed_of(&r, r0 + ei, c0 + ej) : 0.0;
        }
    Raster fr = {fine, NULL, H, W, NULL, 0, 0, 0, 0};
    double fcs = cs / (double)k, x0 = (double)c0 * cs, y0 = (double)r0 * cs;
    double fox = ox - x0, foy = oy - y0, ftx = tx - x0, fty = ty - y0;
    if (run_cost_field(&fr, fcs, fox, foy, limit, 0, 0, H, W, there_cost, there_pred, ftx, fty, fine_fastest, NAN, 0,
                       NULL, -1.0) < 0)
        goto done;
    if (run_cost_field(&fr, fcs, ftx, fty, limit, 0, 0, H, W, back_cost, back_pred, fox, foy, fine_fastest, NAN, 0,
                       there_cost, route_slack) < 0)
        goto done;
    if (run_fine_routes(&r, cs, there_cost, there_pred, back_cost, back_pred, H, W, x0, y0, fcs, k, ox, oy, tx, ty,
                        &best, &best_n) < 0)
        goto done;
    if (best == NULL) {
        Py_INCREF(Py_None);
        result = Py_None;
    } else {
        result = points_list(best, best_n);
    }
done:
    free(fcost);
    free(fpred);
    free(rcost);
    free(rpred);
    free(other);
    free(mask);
    free(grown);
    free(fine);
    free(there_cost);
    free(back_cost);
    free(there_pred);
    free(back_pred);
    free(best);
    PyBuffer_Release(&sview);
    PyBuffer_Release(&hview);
    Py_DECREF(seq);
    Py_DECREF(tiers);
    return result;
}

static PyObject *py_stencil(PyObject *self, PyObject *noargs)
{
    PyObject *out = PyList_New(STENCIL_N);
    if (out == NULL) return NULL;
    for (int s = 0; s < STENCIL_N; s++) {
        PyObject *pair = Py_BuildValue("(ii)", stencil[s].dc, stencil[s].dr);
        if (pair == NULL) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, s, pair);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"segment_cost", py_segment_cost, METH_VARARGS,
     "segment_cost(speeds, cell_size, x0, y0, x1, y1) -> exact cost of the segment in world units (inf if blocked)"},
    {"polyline_cost", py_polyline_cost, METH_VARARGS,
     "polyline_cost(speeds, cell_size, coords) -> exact cost of the polyline x0, y0, x1, y1, ... (world units)"},
    {"cost_field", py_cost_field, METH_VARARGS,
     "cost_field(speeds, cell_size, ox, oy, limit, row0, col0, cost_out, pred_out[, tx, ty, fastest, bound, "
     "tighten, other, other_slack]) -> settled"},
    {"smooth_path", py_smooth_path, METH_VARARGS,
     "smooth_path(speeds, cell_size, coords) -> the path string-pulled and refined, as flat x, y floats"},
    {"line_runs", py_line_runs, METH_VARARGS,
     "line_runs(speeds, cell_size, coords) -> the path with runs exactly along grid lines where cheaper, flat x, y"},
    {"fine_routes", py_fine_routes, METH_VARARGS,
     "fine_routes(speeds, cell_size, there_cost, there_pred, back_cost, back_pred, x0, y0, fine_cell, k, ox, oy, tx, "
     "ty) -> the cheapest smoothed route of the finer search, flat x, y floats, or None"},
    {"ellipse_search", py_ellipse_search, METH_VARARGS,
     "ellipse_search(speeds, hopeful, cell_size, fastest, ox, oy, tx, ty, limit, coords, dilation, tiers, "
     "route_slack) -> the cheapest smoothed route of the finer search over the ellipse, flat x, y floats, or None"},
    {"stencil", py_stencil, METH_NOARGS, "stencil() -> the 32 (dcol, drow) neighbour offsets, in search order"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_lattice",
                                    "Movement kernel: exact segment costs and a windowed lattice Dijkstra.", -1,
                                    methods};

PyMODINIT_FUNC PyInit__lattice(void)
{
    build_stencil();
    build_directions();
    PyObject *math = PyImport_ImportModule("math");
    if (math == NULL) return NULL;
    math_hypot = PyObject_GetAttrString(math, "hypot");
    Py_DECREF(math);
    if (math_hypot == NULL) return NULL;
    return PyModule_Create(&module);
}
