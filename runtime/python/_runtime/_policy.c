/* The payload policy's checks in one pass of C: an optional extension module.
 *
 * pydantic-core's validate_json is the fastest way from JSON text to a model,
 * but it keeps the last of two members of one name and reads NaN and
 * Infinity, which the payload policy (payload.py) refuses. clean(data,
 * max_depth) tells whether a text is free of everything the policy refuses
 * and validate_json might accept; when it is, models.py hands the text to
 * validate_json directly. "Not clean" is never a verdict: such a text takes
 * the pure-Python way (jiter's duplicate check, then the exact reader), which
 * finds the problem, or accepts what this scanner was only unsure of.
 *
 * Not clean: anything but bytes or str (a str is scanned as its UTF-8, and
 * one holding a lone surrogate is not clean); and, in one pass over the bytes:
 *  - a byte order mark at the start;
 *  - invalid UTF-8 (overlong forms, encoded surrogates, beyond U+10FFFF);
 *  - a control character inside a string, or a text ending inside one;
 *  - a lone surrogate escape (a \uD800-\uDBFF not followed by \uDC00-\uDFFF,
 *    or a \uDC00-\uDFFF alone);
 *  - nesting deeper than max_depth;
 *  - a member name written twice in one object, compared byte for byte; a
 *    name with an escape, or an object of more than kMaxNames names, is not
 *    compared at all (not clean), so that the comparison stays exact and cheap;
 *  - 'N' or 'I' outside strings (NaN, Infinity, -Infinity).
 * Nothing else of JSON's grammar is checked: a text that is not JSON fails in
 * validate_json, and its error is found by the exact reader.
 *
 * Entry (at the end) is a model class's model_validate_json with these steps
 * in C; payload.configure() tells it the nesting limit (configure()).
 *
 * Built by the package's setup (setuptools, optional: without a C compiler
 * the package installs without it and behaves the same, more slowly).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum {
    kMaxNames = 64,      /* member names compared per object */
    kStackFrames = 256,  /* nesting levels held on the C stack (the default limit is 128); deeper: the heap */
    kNameSpans = 256,    /* names held at once, along the open objects; beyond: not clean */
};

typedef struct {
    Py_ssize_t start, length; /* a member name's bytes, between its quotes */
    unsigned long long head;  /* its first 8 bytes (fewer: zero-padded), compared before the rest */
} Name;

typedef struct {
    char is_object;
    char expects_name; /* the next string of this object is a member name */
    Py_ssize_t first_name; /* this object's names start here in the list of names */
} Level;

/* Bytes the scanner acts on outside strings; every other one is skipped. */
static const unsigned char acts_on[256] = {
    ['"'] = 1, ['{'] = 1, ['}'] = 1, ['['] = 1, [']'] = 1, [','] = 1, ['N'] = 1, ['I'] = 1,
};

static int hex_digit(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static long hex4(const unsigned char* p) {
    long value = 0;
    for (int k = 0; k < 4; ++k) {
        int digit = hex_digit(p[k]);
        if (digit < 0) return -1;
        value = value * 16 + digit;
    }
    return value;
}

/* The length of the valid UTF-8 sequence at p (its lead byte >= 0x80), 0 if there is none. */
static int utf8_length(const unsigned char* p, Py_ssize_t left) {
    unsigned char c = p[0];
    if (c >= 0xC2 && c <= 0xDF) return left >= 2 && (p[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (left < 3 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80) return 0;
        if (c == 0xE0 && p[1] < 0xA0) return 0;  /* overlong */
        if (c == 0xED && p[1] >= 0xA0) return 0; /* a surrogate, encoded */
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (left < 4 || (p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80 || (p[3] & 0xC0) != 0x80) return 0;
        if (c == 0xF0 && p[1] < 0x90) return 0;  /* overlong */
        if (c == 0xF4 && p[1] >= 0x90) return 0; /* beyond U+10FFFF */
        return 4;
    }
    return 0;
}

/* The end (the closing quote) of the string whose opening quote is at p[i], or -1 when the
 * string is not clean. *escaped: whether it has an escape. */
static Py_ssize_t string_end(const unsigned char* p, Py_ssize_t n, Py_ssize_t i, int* escaped) {
    Py_ssize_t j = i + 1;
    for (;;) {
#if defined(__SSE2__)
        /* Sixteen bytes at a time while none needs a look: no quote, no backslash, no control
         * character and no non-ASCII byte (>= 0x80 is negative as a signed byte, so one
         * signed compare with 0x20 finds both). */
        while (j + 16 <= n) {
            __m128i bytes = _mm_loadu_si128((const __m128i*)(p + j));
            __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
            __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
            __m128i other = _mm_cmplt_epi8(bytes, _mm_set1_epi8(0x20));
            int mask = _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), other));
            if (mask != 0) {
                j += __builtin_ctz((unsigned)mask);
                break;
            }
            j += 16;
        }
#endif
        if (j >= n) return -1;
        unsigned char b = p[j];
        if (b == '"') return j;
        if (b == '\\') {
            *escaped = 1;
            if (j + 1 >= n) return -1;
            if (p[j + 1] != 'u') {
                j += 2;
                continue;
            }
            if (j + 6 > n) return -1;
            long unit = hex4(p + j + 2);
            if (unit < 0 || (unit >= 0xDC00 && unit <= 0xDFFF)) return -1;
            if (unit >= 0xD800 && unit <= 0xDBFF) {
                if (j + 12 > n || p[j + 6] != '\\' || p[j + 7] != 'u') return -1;
                long low = hex4(p + j + 8);
                if (low < 0xDC00 || low > 0xDFFF) return -1;
                j += 12;
            } else {
                j += 6;
            }
            continue;
        }
        if (b < 0x20) return -1;
        if (b < 0x80) {
            ++j;
            continue;
        }
        int length = utf8_length(p + j, n - j);
        if (length == 0) return -1;
        j += length;
    }
}

/* A name's first 8 bytes as one number (zero-padded). One 8-byte load where the text allows it:
 * filling the number byte by byte and reading it back stalls the processor. */
static unsigned long long name_head(const unsigned char* p, Py_ssize_t n, Py_ssize_t start, Py_ssize_t length) {
    unsigned long long head = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (start + 8 <= n) { /* the same number as the loop below: the first byte is the lowest */
        memcpy(&head, p + start, 8);
        if (length < 8) head &= (1ULL << (8 * length)) - 1;
        return head;
    }
#else
    (void)n;
#endif
    for (Py_ssize_t k = 0; k < length && k < 8; ++k) head |= (unsigned long long)p[start + k] << (8 * k);
    return head;
}

/* Records a member name of the innermost object; 0 when it repeats one, or cannot be compared. */
static int add_name(const unsigned char* p, Py_ssize_t n, Level* level, Name* names, Py_ssize_t* count, Py_ssize_t start,
                    Py_ssize_t length) {
    if (*count - level->first_name >= kMaxNames || *count >= kNameSpans) return 0;
    unsigned long long head = name_head(p, n, start, length);
    for (Py_ssize_t k = level->first_name; k < *count; ++k)
        if (names[k].length == length && names[k].head == head &&
            memcmp(p + names[k].start, p + start, (size_t)length) == 0)
            return 0;
    names[*count].start = start;
    names[*count].length = length;
    names[*count].head = head;
    ++*count;
    level->expects_name = 0;
    return 1;
}

static int scan(const unsigned char* p, Py_ssize_t n, Py_ssize_t max_depth, Level* levels) {
    Name names[kNameSpans];
    Py_ssize_t depth = 0, count = 0, i = 0;
    if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) return 0;
    while (i < n) {
        unsigned char c = p[i];
        if (!acts_on[c]) {
            ++i;
            continue;
        }
        if (c == '"') {
            int escaped = 0;
            Py_ssize_t end = string_end(p, n, i, &escaped);
            if (end < 0) return 0;
            Level* level = depth > 0 ? &levels[depth - 1] : NULL;
            if (level != NULL && level->is_object && level->expects_name) {
                if (escaped || !add_name(p, n, level, names, &count, i + 1, end - i - 1)) return 0;
            }
            i = end + 1;
        } else if (c == '{' || c == '[') {
            if (depth >= max_depth) return 0;
            levels[depth].is_object = c == '{';
            levels[depth].expects_name = c == '{';
            levels[depth].first_name = count;
            ++depth;
            ++i;
        } else if (c == '}' || c == ']') {
            if (depth == 0) return 0;
            --depth;
            count = levels[depth].first_name;
            ++i;
        } else if (c == ',') {
            if (depth > 0 && levels[depth - 1].is_object) levels[depth - 1].expects_name = 1;
            ++i;
        } else { /* 'N' or 'I': NaN, Infinity */
            return 0;
        }
    }
    return 1;
}

#ifdef CONTRACTGEN_POLICY_FUZZ
/* The fuzz harness's way in (tests/fuzz/policy_scan_fuzz.cpp): the scan alone, no Python objects. */
int contractgen_policy_clean(const unsigned char* p, Py_ssize_t n, Py_ssize_t max_depth);
int contractgen_policy_clean(const unsigned char* p, Py_ssize_t n, Py_ssize_t max_depth) {
    Level* levels = malloc(sizeof(Level) * (size_t)max_depth);
    if (levels == NULL) abort();
    int result = scan(p, n, max_depth, levels);
    free(levels);
    return result;
}
#endif

/* 1: `data` (bytes or str) is clean; 0: it is not (or is neither); -1: an error is set. */
static int clean_text(PyObject* data, Py_ssize_t max_depth) {
    const unsigned char* p;
    Py_ssize_t n;
    if (PyBytes_CheckExact(data)) {
        p = (const unsigned char*)PyBytes_AS_STRING(data);
        n = PyBytes_GET_SIZE(data);
    } else if (PyUnicode_CheckExact(data)) {
        /* Its UTF-8 (the str's own bytes when it is ASCII); a lone surrogate has none: not clean. */
        p = (const unsigned char*)PyUnicode_AsUTF8AndSize(data, &n);
        if (p == NULL) {
            PyErr_Clear();
            return 0;
        }
    } else {
        return 0; /* only bytes and str are scanned (saves callers a type test) */
    }
    Level on_stack[kStackFrames];
    Level* levels = on_stack;
    if (max_depth > kStackFrames) {
        levels = PyMem_Malloc(sizeof(Level) * (size_t)max_depth);
        if (levels == NULL) {
            PyErr_NoMemory();
            return -1;
        }
    }
    int result = scan(p, n, max_depth, levels);
    if (levels != on_stack) PyMem_Free(levels);
    return result;
}

static int max_depth_of(PyObject* value, Py_ssize_t* max_depth) {
    *max_depth = PyLong_AsSsize_t(value);
    if (*max_depth == -1 && PyErr_Occurred()) return -1;
    if (*max_depth < 1 || *max_depth > 10000) {
        PyErr_SetString(PyExc_ValueError, "max_depth must be within 1..10000");
        return -1;
    }
    return 0;
}

static PyObject* clean(PyObject* module, PyObject* const* args, Py_ssize_t nargs) {
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "clean(data: bytes | str, max_depth: int)");
        return NULL;
    }
    Py_ssize_t max_depth;
    if (max_depth_of(args[1], &max_depth) < 0) return NULL;
    int result = clean_text(args[0], max_depth);
    if (result < 0) return NULL;
    return PyBool_FromLong(result);
}

/* The nesting limit of the model entries: payload.configure() sets it through configure(). */
static Py_ssize_t entry_max_depth = 128;

static PyObject* configure(PyObject* module, PyObject* value) {
    (void)module;
    Py_ssize_t max_depth;
    if (max_depth_of(value, &max_depth) < 0) return NULL;
    entry_max_depth = max_depth;
    Py_RETURN_NONE;
}

/* ---- Entry: a model class's model_validate_json, in C --------------------------------------
 *
 * Called as Model.model_validate_json(data): with no options and a clean text, the class's
 * pydantic validator reads the text (validate_json); its ValidationError goes to `located`
 * (located(cls, data): the one error, located); everything else to `pure` (the Python
 * classmethod's function, pure(cls, data, **options)). What it saves is the Python frame of
 * the classmethod, about a tenth of a decode.
 */
typedef struct {
    PyObject_HEAD
    PyObject* cls;
    PyObject* pure;
    PyObject* located;
    PyObject* error; /* pydantic's ValidationError */
    vectorcallfunc vectorcall;
} Entry;

static PyObject* name_validator;     /* "__pydantic_validator__" */
static PyObject* name_validate_json; /* "validate_json" */

static PyObject* entry_call(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
    Entry* self = (Entry*)callable;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs == 1 && (kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0)) {
        int verdict = clean_text(args[0], entry_max_depth);
        if (verdict < 0) return NULL;
        if (verdict == 1) {
            /* The class's own validator, from its dictionary: pydantic gives every model class one.
             * One dictionary lookup, where getattr on a model class walks two MROs. */
            PyObject* validator = PyDict_GetItemWithError(((PyTypeObject*)self->cls)->tp_dict, name_validator);
            if (validator != NULL) Py_INCREF(validator);
            else if (!PyErr_Occurred()) validator = PyObject_GetAttr(self->cls, name_validator);
            if (validator == NULL) return NULL;
            PyObject* result = PyObject_CallMethodOneArg(validator, name_validate_json, args[0]);
            Py_DECREF(validator);
            if (result != NULL || !PyErr_ExceptionMatches(self->error)) return result;
            PyErr_Clear();
            return PyObject_CallFunctionObjArgs(self->located, self->cls, args[0], NULL);
        }
    }
    /* pure(cls, *args, **options) */
    Py_ssize_t total = nargs + (kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames));
    PyObject* small[8];
    PyObject** with_cls = total + 1 <= 8 ? small : PyMem_Malloc(sizeof(PyObject*) * (size_t)(total + 1));
    if (with_cls == NULL) return PyErr_NoMemory();
    with_cls[0] = self->cls;
    for (Py_ssize_t k = 0; k < total; ++k) with_cls[k + 1] = args[k];
    PyObject* result = PyObject_Vectorcall(self->pure, with_cls, (size_t)(nargs + 1), kwnames);
    if (with_cls != small) PyMem_Free(with_cls);
    return result;
}

static PyObject* entry_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    PyObject *cls, *pure, *located, *error;
    static char* keywords[] = {"cls", "pure", "located", "error", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!OOO:Entry", keywords, &PyType_Type, &cls, &pure, &located, &error))
        return NULL;
    Entry* self = (Entry*)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    self->cls = Py_NewRef(cls);
    self->pure = Py_NewRef(pure);
    self->located = Py_NewRef(located);
    self->error = Py_NewRef(error);
    self->vectorcall = entry_call;
    return (PyObject*)self;
}

static int entry_traverse(Entry* self, visitproc visit, void* arg) {
    Py_VISIT(self->cls);
    Py_VISIT(self->pure);
    Py_VISIT(self->located);
    Py_VISIT(self->error);
    return 0;
}

static int entry_clear(Entry* self) {
    Py_CLEAR(self->cls);
    Py_CLEAR(self->pure);
    Py_CLEAR(self->located);
    Py_CLEAR(self->error);
    return 0;
}

static void entry_dealloc(Entry* self) {
    PyObject_GC_UnTrack(self);
    entry_clear(self);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static PyObject* entry_repr(Entry* self) {
    return PyUnicode_FromFormat("<compiled model_validate_json of %R>", self->cls);
}

static PyTypeObject EntryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_policy.Entry",
    .tp_basicsize = sizeof(Entry),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Entry(cls, pure, located, error): a model class's model_validate_json, in C",
    .tp_new = entry_new,
    .tp_traverse = (traverseproc)entry_traverse,
    .tp_clear = (inquiry)entry_clear,
    .tp_dealloc = (destructor)entry_dealloc,
    .tp_repr = (reprfunc)entry_repr,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Entry, vectorcall),
};

static PyMethodDef methods[] = {
    {"clean", (PyCFunction)(void (*)(void))clean, METH_FASTCALL,
     "clean(data: bytes | str, max_depth: int) -> bool: free of what the payload policy refuses"},
    {"configure", configure, METH_O, "configure(max_depth: int): the nesting limit of the model entries"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef definition = {PyModuleDef_HEAD_INIT, "_policy", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__policy(void) {
    name_validator = PyUnicode_InternFromString("__pydantic_validator__");
    name_validate_json = PyUnicode_InternFromString("validate_json");
    if (name_validator == NULL || name_validate_json == NULL) return NULL;
    if (PyType_Ready(&EntryType) < 0) return NULL;
    PyObject* module = PyModule_Create(&definition);
    if (module == NULL) return NULL;
    if (PyModule_AddObjectRef(module, "Entry", (PyObject*)&EntryType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
