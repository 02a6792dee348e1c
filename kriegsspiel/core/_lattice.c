/* Placeholder kernel: filled in by the lattice work. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyMethodDef methods[] = {{NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_lattice", NULL, -1, methods};
PyMODINIT_FUNC PyInit__lattice(void) { return PyModule_Create(&module); }
