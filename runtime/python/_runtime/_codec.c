/* The compiled codec: JSON text straight into the generated models, and models straight to
 * JSON text, driven by a type table (codec.py builds it from each model's pydantic core
 * schema: data, not C per type). An optional extension module, like _policy.c.
 *
 * Decoding only ever accepts. It reads the text with a strict JSON grammar and the payload
 * policy's rules, checks each value against its table node and builds the model objects the
 * way pydantic-core does (__dict__ in field order, __pydantic_fields_set__, the extras).
 * Anything it does not accept, or is unsure of, is "refused": the caller then takes the pure
 * path (models.py), which gives the verdict and the located error. So a refusal is never a
 * verdict, and the codec can only differ from the pure path by accepting what it rejects;
 * tests/python/test_codec.py holds it to the same values on the conformance vectors, the
 * hostile payloads and the bench corpus.
 *
 * Refused (the pure path decides): a byte order mark, invalid UTF-8, a lone surrogate escape,
 * an escaped member name of a model, a duplicate member, nesting deeper than max_depth (or
 * kMaxRecursion), an integer of more than 18 digits, a number with a fraction or an exponent
 * where an integer is expected, a missing required member, an unknown member of a closed
 * model, any value outside its node's rule, and a rule function (a node "after") that raises.
 *
 * Encoding writes what dump_json writes (wire names, members absent when read left out,
 * explicit nulls, compact, UTF-8 kept, serde_json's escapes); it returns None, and the pure
 * path writes, for anything else: a double, a value of an unexpected type, a lone surrogate.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <structmember.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

enum Kind { K_STR, K_BOOL, K_INT, K_LITERAL, K_NULLABLE, K_LIST, K_DICT, K_MODEL, K_TAGGED, K_JSON, K_AFTER };
enum { kMaxRecursion = 256, kMaxDigits = 18 };

typedef struct {
    const char* wire; /* UTF-8 bytes of the member name (owned by `wire_object`) */
    Py_ssize_t wire_length;
    PyObject* wire_object;
    int wire_plain; /* no byte of the name needs an escape: written as it is, else by put_string */
    PyObject* name; /* the field's Python name */
    int node;
    int required;
    PyObject* fallback; /* the default (an immutable value) */
} Field;

typedef struct {
    const char* tag;
    Py_ssize_t tag_length;
    int node;
    PyTypeObject* cls; /* the model class of that node (encoding picks the variant by class) */
    PyObject* value;   /* LITERAL: the str (its bytes are tag, tag_length) */
} Variant;

typedef struct {
    int kind;
    int child;            /* NULLABLE, LIST, DICT, AFTER; MODEL: the extras' node or -1 */
    long long ge, le;     /* INT: the bounds; STR: the bounds of the length */
    PyObject* object;     /* LITERAL: dict str -> str; MODEL: the class; JSON, AFTER: the function */
    PyObject* reserved;   /* MODEL: Python names that are not wire names (never extras) */
    int allow_extra;      /* MODEL */
    int count;            /* MODEL: fields; TAGGED: variants */
    Field* fields;        /* MODEL */
    Variant* variants;    /* TAGGED; LITERAL: the values (count of them), compared as bytes */
    const char* key;      /* TAGGED: the discriminator's member name */
    Py_ssize_t key_length;
    /* MODEL: where the instance keeps __pydantic_fields_set__, __pydantic_extra__ and
     * __pydantic_private__ (BaseModel's slots), read once from the class's member descriptors:
     * setting them through setattr looked each name up in the class's MRO every time. */
    Py_ssize_t fields_set_at, extra_at, private_at;
    PyObject* index_of; /* MODEL: field name -> its index (encoding reads the fields set) */
    PyObject* blank;    /* MODEL: field name -> its default (None for a required field), in order */
} Node;

typedef struct {
    PyObject_HEAD
    Node* nodes;
    int count;
    int root;
    PyObject* keep; /* the table's Python description: owns every string the nodes point into */
} Table;

static PyObject *name_fields_set, *name_extra, *name_private, *name_dict, *empty_tuple, *refused;
static int codec_max_depth = 128;

/* ---- decoding ------------------------------------------------------------------------------ */

typedef struct {
    const unsigned char *p, *end;
    int depth, max_depth, floats;
    Table* table;
    int ascii; /* the last string scan_string read is ASCII */
} Dec;

static inline void skip_ws(Dec* d) {
    while (d->p < d->end && (*d->p == ' ' || *d->p == '\n' || *d->p == '\r' || *d->p == '\t')) d->p++;
}

static int hex4_value(const unsigned char* p) {
    int v = 0;
    for (int k = 0; k < 4; ++k) {
        unsigned char c = p[k];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= c - '0';
        else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
        else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
        else return -1;
    }
    return v;
}

/* Reads a string (d->p at its opening quote): its raw bytes between the quotes and whether it
 * has an escape. 0, or -1 (refused: a control character, a bad escape, no closing quote). */
static int scan_string(Dec* d, const unsigned char** start, Py_ssize_t* length, int* escaped) {
    const unsigned char* p = d->p + 1;
    unsigned char high = 0; /* the bits of every byte, ORed: >= 0x80 means not ASCII */
    *escaped = 0;
    *start = p;
    while (p < d->end) {
#if defined(__SSE2__)
        /* Sixteen bytes at a time while none is a quote, a backslash or a control character
         * (bytes >= 0x80 are left to the UTF-8 decoder). */
        while (p + 16 <= d->end) {
            __m128i bytes = _mm_loadu_si128((const __m128i*)p);
            __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
            __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
            /* c < 0x20 unsigned: (c ^ 0x80) < (0x20 ^ 0x80) signed */
            __m128i control =
                _mm_cmplt_epi8(_mm_xor_si128(bytes, _mm_set1_epi8((char)0x80)), _mm_set1_epi8((char)(0x20 ^ 0x80)));
            int mask = _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control));
            int non_ascii = _mm_movemask_epi8(bytes);
            if (mask != 0) {
                int at = __builtin_ctz((unsigned)mask);
                if ((non_ascii & ((1 << at) - 1)) != 0) high = 0x80; /* the bytes before the stop */
                p += at;
                break;
            }
            if (non_ascii != 0) high = 0x80;
            p += 16;
        }
        if (p >= d->end) break;
#endif
        unsigned char c = *p;
        if (c == '"') {
            *length = p - *start;
            d->p = p + 1;
            d->ascii = high < 0x80;
            return 0;
        }
        high |= c;
        if (c < 0x20) return -1;
        if (c == '\\') {
            *escaped = 1;
            if (p + 1 >= d->end) return -1;
            unsigned char e = p[1];
            if (e == 'u') {
                if (p + 6 > d->end || hex4_value(p + 2) < 0) return -1;
                p += 6;
                continue;
            }
            if (!strchr("\"\\/bfnrt", e) || e == 0) return -1;
            p += 2;
            continue;
        }
        ++p;
    }
    return -1;
}

static int put_utf8(unsigned char* out, long code) {
    if (code < 0x80) { out[0] = (unsigned char)code; return 1; }
    if (code < 0x800) { out[0] = 0xC0 | (code >> 6); out[1] = 0x80 | (code & 0x3F); return 2; }
    if (code < 0x10000) {
        out[0] = 0xE0 | (code >> 12); out[1] = 0x80 | ((code >> 6) & 0x3F); out[2] = 0x80 | (code & 0x3F);
        return 3;
    }
    out[0] = 0xF0 | (code >> 18); out[1] = 0x80 | ((code >> 12) & 0x3F);
    out[2] = 0x80 | ((code >> 6) & 0x3F); out[3] = 0x80 | (code & 0x3F);
    return 4;
}

/* The str of a scanned string; NULL (refused) for invalid UTF-8 or a lone surrogate escape. */
static PyObject* make_string(const unsigned char* s, Py_ssize_t n, int escaped) {
    if (!escaped) return PyUnicode_DecodeUTF8((const char*)s, n, NULL);
    unsigned char small[256];
    unsigned char* out = n <= (Py_ssize_t)sizeof small ? small : PyMem_Malloc((size_t)n);
    if (out == NULL) return PyErr_NoMemory();
    Py_ssize_t o = 0;
    PyObject* result = NULL;
    for (Py_ssize_t i = 0; i < n;) {
        if (s[i] != '\\') { out[o++] = s[i++]; continue; }
        unsigned char e = s[i + 1];
        if (e != 'u') {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            out[o++] = (unsigned char)to[strchr(from, e) - from];
            i += 2;
            continue;
        }
        long code = hex4_value(s + i + 2);
        i += 6;
        if (code >= 0xDC00 && code <= 0xDFFF) goto done; /* a low surrogate alone */
        if (code >= 0xD800 && code <= 0xDBFF) {
            long low = i + 6 <= n && s[i] == '\\' && s[i + 1] == 'u' ? hex4_value(s + i + 2) : -1;
            if (low < 0xDC00 || low > 0xDFFF) goto done; /* a high surrogate alone */
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
            i += 6;
        }
        o += put_utf8(out + o, code); /* never longer than its escape (6 or 12 bytes) */
    }
    result = PyUnicode_DecodeUTF8((const char*)out, o, NULL);
done:
    if (out != small) PyMem_Free(out);
    return result;
}

static PyObject* read_string(Dec* d) {
    const unsigned char* s;
    Py_ssize_t n;
    int escaped;
    if (d->p >= d->end || *d->p != '"' || scan_string(d, &s, &n, &escaped) < 0) return NULL;
    if (!escaped && d->ascii) { /* ASCII: copied, without the UTF-8 decoder's checks */
        PyObject* text = PyUnicode_New(n, 127);
        if (text != NULL) memcpy(PyUnicode_DATA(text), s, (size_t)n);
        return text;
    }
    return make_string(s, n, escaped);
}

/* A number's token; *integer: no fraction, no exponent. 0, or -1 (not JSON's grammar). */
static int scan_number(Dec* d, const unsigned char** start, Py_ssize_t* length, int* integer) {
    const unsigned char *p = d->p, *end = d->end;
    *start = p;
    *integer = 1;
    if (p < end && *p == '-') ++p;
    if (p >= end) return -1;
    if (*p == '0') ++p;
    else if (*p >= '1' && *p <= '9') while (p < end && *p >= '0' && *p <= '9') ++p;
    else return -1;
    if (p < end && *p == '.') {
        *integer = 0;
        if (++p >= end || *p < '0' || *p > '9') return -1;
        while (p < end && *p >= '0' && *p <= '9') ++p;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        *integer = 0;
        if (++p < end && (*p == '+' || *p == '-')) ++p;
        if (p >= end || *p < '0' || *p > '9') return -1;
        while (p < end && *p >= '0' && *p <= '9') ++p;
    }
    *length = p - *start;
    d->p = p;
    return 0;
}

/* An integer token of at most kMaxDigits digits; -1 when longer (refused). */
static int small_integer(const unsigned char* s, Py_ssize_t n, long long* value) {
    int negative = s[0] == '-';
    if (n - negative > kMaxDigits) return -1;
    long long v = 0;
    for (Py_ssize_t i = negative; i < n; ++i) v = v * 10 + (s[i] - '0');
    *value = negative ? -v : v;
    return 0;
}

static int literal(Dec* d, const char* word, Py_ssize_t n) {
    if (d->end - d->p < n || memcmp(d->p, word, (size_t)n) != 0) return -1;
    d->p += n;
    return 0;
}

static PyObject* decode_node(Dec* d, int index);

static int enter(Dec* d) {
    if (d->depth >= d->max_depth || d->depth >= kMaxRecursion) return -1;
    d->depth++;
    d->p++;
    skip_ws(d);
    return 0;
}

/* After a member or an item: 1 at ',' (more follow), 0 at the closing bracket, -1 otherwise. */
static int next_or_close(Dec* d, unsigned char close) {
    skip_ws(d);
    if (d->p < d->end && *d->p == ',') {
        d->p++;
        skip_ws(d);
        return 1;
    }
    if (d->p < d->end && *d->p == close) {
        d->p++;
        d->depth--;
        return 0;
    }
    return -1;
}

/* `"name" :` of an object's member (any name): the name as str; NULL refused. */
static PyObject* member_name(Dec* d) {
    PyObject* key = read_string(d);
    if (key == NULL) return NULL;
    skip_ws(d);
    if (d->p >= d->end || *d->p != ':') { Py_DECREF(key); return NULL; }
    d->p++;
    skip_ws(d);
    return key;
}

/* A free-form value (node JSON, or an object's values of one): dict, list, str, int, float,
 * bool, None as parsed; doubles are counted (d->floats) for the node's function. */
static PyObject* decode_json(Dec* d) {
    if (d->p >= d->end) return NULL;
    unsigned char c = *d->p;
    if (c == '"') return read_string(d);
    if (c == '{') {
        if (enter(d) < 0) return NULL;
        PyObject* dict = PyDict_New();
        if (dict == NULL) return NULL;
        if (d->p < d->end && *d->p == '}') { d->p++; d->depth--; return dict; }
        for (;;) {
            PyObject* key = member_name(d);
            if (key == NULL) break;
            PyObject* value = decode_json(d);
            Py_ssize_t before = PyDict_GET_SIZE(dict);
            int failed = value == NULL || PyDict_SetItem(dict, key, value) < 0 || PyDict_GET_SIZE(dict) == before;
            Py_DECREF(key);
            Py_XDECREF(value);
            if (failed) break; /* (a size that did not grow: a duplicate member) */
            int more = next_or_close(d, '}');
            if (more == 0) return dict;
            if (more < 0) break;
        }
        Py_DECREF(dict);
        return NULL;
    }
    if (c == '[') {
        if (enter(d) < 0) return NULL;
        PyObject* list = PyList_New(0);
        if (list == NULL) return NULL;
        if (d->p < d->end && *d->p == ']') { d->p++; d->depth--; return list; }
        for (;;) {
            PyObject* item = decode_json(d);
            if (item == NULL || PyList_Append(list, item) < 0) { Py_XDECREF(item); break; }
            Py_DECREF(item);
            int more = next_or_close(d, ']');
            if (more == 0) return list;
            if (more < 0) break;
        }
        Py_DECREF(list);
        return NULL;
    }
    if (c == 't') return literal(d, "true", 4) < 0 ? NULL : Py_NewRef(Py_True);
    if (c == 'f') return literal(d, "false", 5) < 0 ? NULL : Py_NewRef(Py_False);
    if (c == 'n') return literal(d, "null", 4) < 0 ? NULL : Py_NewRef(Py_None);
    const unsigned char* s;
    Py_ssize_t n;
    int integer;
    if (scan_number(d, &s, &n, &integer) < 0) return NULL;
    if (integer) {
        long long v;
        return small_integer(s, n, &v) < 0 ? NULL : PyLong_FromLongLong(v);
    }
    char token[64];
    if (n >= (Py_ssize_t)sizeof token) return NULL;
    memcpy(token, s, (size_t)n);
    token[n] = 0;
    double v = PyOS_string_to_double(token, NULL, NULL);
    if (v == -1.0 && PyErr_Occurred()) return NULL;
    d->floats++;
    return PyFloat_FromDouble(v);
}

/* Skips a value (the other members while looking for a union's tag); -1: not JSON. The value
 * is read again, exactly, once the variant is known. */
static int skip_value(Dec* d) {
    int open = 0;
    do {
        skip_ws(d);
        if (d->p >= d->end) return -1;
        unsigned char c = *d->p;
        if (c == '"') {
            const unsigned char* s;
            Py_ssize_t n;
            int escaped;
            if (scan_string(d, &s, &n, &escaped) < 0) return -1;
        } else if (c == '{' || c == '[') {
            ++open;
            d->p++;
        } else if (c == '}' || c == ']') {
            if (--open < 0) return -1;
            d->p++;
        } else {
            d->p++; /* numbers, words, ',' and ':' inside the skipped containers */
        }
    } while (open > 0);
    return 0;
}

/* Sets a slot of BaseModel's (at: slot_offset), or the member `name` of `dict` (at == -1). */
static inline int set_slot(PyObject* obj, PyObject* dict, Py_ssize_t at, PyObject* name, PyObject* value) {
    if (at < 0) return PyDict_SetItem(dict, name, value);
    PyObject** slot = (PyObject**)((char*)obj + at);
    Py_XSETREF(*slot, Py_NewRef(value));
    return 0;
}

static inline PyObject* get_slot(PyObject* obj, PyObject* dict, Py_ssize_t at, PyObject* name) {
    if (at < 0) return PyDict_GetItemWithError(dict, name);
    return *(PyObject**)((char*)obj + at);
}

/* A bare instance of a model class, before build_model sets its __dict__. object.__new__ would
 * also give it an empty dict (or, with Python 3.11's managed dicts, the values of one, which
 * setting __dict__ then turns into a dict to throw away): allocating the object directly leaves
 * its dict pointer empty, which PyObject_GenericSetDict fills, as object.__new__ and then
 * setting __dict__ would. From Python 3.13 the values live inline in the object and must be
 * initialised: there, object.__new__. */
static PyObject* new_instance(PyTypeObject* cls) {
#if PY_VERSION_HEX < 0x030D0000
    if (cls->tp_dictoffset != 0 && !PyType_HasFeature(cls, Py_TPFLAGS_IS_ABSTRACT)) return cls->tp_alloc(cls, 0);
#endif
    return PyBaseObject_Type.tp_new(cls, empty_tuple, NULL);
}

static PyObject* build_model(Node* node, PyObject** values, PyObject* extras) {
    /* A copy of the blank dict (every field, in order, with its default): copying a dict is one
     * memcpy of its table, so only the members present cost a store. Sized for every field and
     * __pydantic_extra__ (slot_offset). */
    PyObject* dict = NULL;
    PyObject* set = NULL;
    PyObject* obj = NULL;
    for (int k = 0; k < node->count; ++k) {
        if (values[k] == NULL && node->fields[k].required) return NULL;
    }
    dict = PyDict_Copy(node->blank);
    set = PySet_New(NULL);
    if (dict == NULL || set == NULL) goto fail;
    for (int k = 0; k < node->count; ++k) {
        Field* f = &node->fields[k];
        if (values[k] != NULL && (PyDict_SetItem(dict, f->name, values[k]) < 0 || PySet_Add(set, f->name) < 0))
            goto fail;
    }
    /* pydantic-core counts the extra members as set too. */
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (extras != NULL && PyDict_Next(extras, &pos, &key, &value)) {
        if (PySet_Add(set, key) < 0) goto fail;
    }
    /* pydantic-core's order: __dict__, then the fields set, the extras and the private
     * attributes (each into the dict, when the class shadows its slot: slot_offset). */
    obj = new_instance((PyTypeObject*)node->object);
    if (obj == NULL || PyObject_GenericSetDict(obj, dict, NULL) < 0 ||
        set_slot(obj, dict, node->fields_set_at, name_fields_set, set) < 0 ||
        set_slot(obj, dict, node->extra_at, name_extra, extras != NULL ? extras : Py_None) < 0 ||
        set_slot(obj, dict, node->private_at, name_private, Py_None) < 0) {
        Py_CLEAR(obj);
    }
fail:
    Py_XDECREF(dict);
    Py_XDECREF(set);
    return obj;
}

static PyObject* decode_model(Dec* d, Node* node) {
    if (d->p >= d->end || *d->p != '{' || enter(d) < 0) return NULL;
    PyObject* small[32];
    PyObject** values = node->count <= 32 ? small : PyMem_Calloc((size_t)node->count, sizeof(PyObject*));
    if (values == NULL) return PyErr_NoMemory();
    if (values == small) memset(small, 0, sizeof(PyObject*) * (size_t)node->count);
    PyObject* extras = node->allow_extra ? PyDict_New() : NULL;
    PyObject* result = NULL;
    int expected = 0; /* members usually come in the fields' order: try the next one first */
    if (node->allow_extra && extras == NULL) goto done;
    if (d->p < d->end && *d->p == '}') {
        d->p++;
        d->depth--;
    } else {
        for (;;) {
            const unsigned char* s;
            Py_ssize_t n;
            int escaped;
            if (d->p >= d->end || *d->p != '"' || scan_string(d, &s, &n, &escaped) < 0 || escaped) goto done;
            skip_ws(d);
            if (d->p >= d->end || *d->p != ':') goto done;
            d->p++;
            skip_ws(d);
            int found = -1;
            for (int k = 0; k < node->count; ++k) {
                int at = (expected + k) % node->count;
                Field* f = &node->fields[at];
                if (f->wire_length == n && memcmp(f->wire, s, (size_t)n) == 0) { found = at; break; }
            }
            if (found >= 0) {
                if (values[found] != NULL) goto done; /* a duplicate */
                values[found] = decode_node(d, node->fields[found].node);
                if (values[found] == NULL) goto done;
                expected = found + 1 == node->count ? 0 : found + 1;
            } else {
                if (!node->allow_extra) goto done;
                PyObject* key = make_string(s, n, 0);
                if (key == NULL) goto done;
                int taken = PySet_Contains(node->reserved, key);
                PyObject* value = taken != 0 ? NULL : decode_node(d, node->child);
                Py_ssize_t before = PyDict_GET_SIZE(extras);
                int failed =
                    value == NULL || PyDict_SetItem(extras, key, value) < 0 || PyDict_GET_SIZE(extras) == before;
                Py_DECREF(key);
                Py_XDECREF(value);
                if (failed) goto done;
            }
            int more = next_or_close(d, '}');
            if (more == 0) break;
            if (more < 0) goto done;
        }
    }
    result = build_model(node, values, extras);
done:
    for (int k = 0; k < node->count; ++k) Py_XDECREF(values[k]);
    if (values != small) PyMem_Free(values);
    Py_XDECREF(extras);
    return result;
}

static PyObject* decode_tagged(Dec* d, Node* node) {
    if (d->p >= d->end || *d->p != '{') return NULL;
    const unsigned char* start = d->p;
    d->p++;
    skip_ws(d);
    int variant = -1;
    while (variant < 0 && d->p < d->end && *d->p == '"') {
        const unsigned char* s;
        Py_ssize_t n;
        int escaped;
        if (scan_string(d, &s, &n, &escaped) < 0 || escaped) return NULL;
        skip_ws(d);
        if (d->p >= d->end || *d->p != ':') return NULL;
        d->p++;
        skip_ws(d);
        if (n == node->key_length && memcmp(s, node->key, (size_t)n) == 0) {
            const unsigned char* t;
            Py_ssize_t m;
            if (d->p >= d->end || *d->p != '"' || scan_string(d, &t, &m, &escaped) < 0 || escaped) return NULL;
            for (int k = 0; k < node->count; ++k) {
                Variant* v = &node->variants[k];
                if (v->tag_length == m && memcmp(v->tag, t, (size_t)m) == 0) variant = k;
            }
            if (variant < 0) return NULL;
            break;
        }
        if (skip_value(d) < 0) return NULL;
        skip_ws(d);
        if (d->p >= d->end || *d->p != ',') return NULL;
        d->p++;
        skip_ws(d);
    }
    if (variant < 0) return NULL;
    d->p = start;
    return decode_node(d, node->variants[variant].node);
}

static PyObject* decode_node(Dec* d, int index) {
    Node* node = &d->table->nodes[index];
    if (d->p >= d->end) return NULL;
    unsigned char c = *d->p;
    switch (node->kind) {
        case K_STR: {
            PyObject* text = c == '"' ? read_string(d) : NULL;
            if (text != NULL && (PyUnicode_GET_LENGTH(text) < node->ge || PyUnicode_GET_LENGTH(text) > node->le))
                Py_CLEAR(text); /* minLength, maxLength: in characters, as pydantic counts */
            return text;
        }
        case K_BOOL:
            if (c == 't') return literal(d, "true", 4) < 0 ? NULL : Py_NewRef(Py_True);
            if (c == 'f') return literal(d, "false", 5) < 0 ? NULL : Py_NewRef(Py_False);
            return NULL;
        case K_INT: {
            const unsigned char* s;
            Py_ssize_t n;
            int integer;
            long long v;
            if (c != '-' && (c < '0' || c > '9')) return NULL;
            if (scan_number(d, &s, &n, &integer) < 0 || !integer || small_integer(s, n, &v) < 0) return NULL;
            if (v < node->ge || v > node->le) return NULL;
            return PyLong_FromLongLong(v);
        }
        case K_LITERAL: {
            const unsigned char* s;
            Py_ssize_t n;
            int escaped;
            if (c != '"' || scan_string(d, &s, &n, &escaped) < 0) return NULL;
            if (escaped) { /* compared as text */
                PyObject* text = make_string(s, n, 1);
                if (text == NULL) return NULL;
                PyObject* value = PyDict_GetItemWithError(node->object, text);
                Py_DECREF(text);
                return value == NULL ? NULL : Py_NewRef(value);
            }
            for (int k = 0; k < node->count; ++k) {
                Variant* v = &node->variants[k];
                if (v->tag_length == n && memcmp(v->tag, s, (size_t)n) == 0) return Py_NewRef(v->value);
            }
            return NULL;
        }
        case K_NULLABLE:
            if (c == 'n') return literal(d, "null", 4) < 0 ? NULL : Py_NewRef(Py_None);
            return decode_node(d, node->child);
        case K_LIST: {
            if (c != '[' || enter(d) < 0) return NULL;
            PyObject* list = PyList_New(0);
            if (list == NULL) return NULL;
            if (d->p < d->end && *d->p == ']') { d->p++; d->depth--; return list; }
            for (;;) {
                PyObject* item = decode_node(d, node->child);
                if (item == NULL || PyList_Append(list, item) < 0) { Py_XDECREF(item); break; }
                Py_DECREF(item);
                int more = next_or_close(d, ']');
                if (more == 0) return list;
                if (more < 0) break;
            }
            Py_DECREF(list);
            return NULL;
        }
        case K_DICT: {
            if (c != '{' || enter(d) < 0) return NULL;
            PyObject* dict = PyDict_New();
            if (dict == NULL) return NULL;
            if (d->p < d->end && *d->p == '}') { d->p++; d->depth--; return dict; }
            for (;;) {
                PyObject* key = member_name(d);
                if (key == NULL) break;
                PyObject* value = decode_node(d, node->child);
                Py_ssize_t before = PyDict_GET_SIZE(dict);
                int failed = value == NULL || PyDict_SetItem(dict, key, value) < 0 || PyDict_GET_SIZE(dict) == before;
                Py_DECREF(key);
                Py_XDECREF(value);
                if (failed) break;
                int more = next_or_close(d, '}');
                if (more == 0) return dict;
                if (more < 0) break;
            }
            Py_DECREF(dict);
            return NULL;
        }
        case K_MODEL:
            return decode_model(d, node);
        case K_TAGGED:
            return decode_tagged(d, node);
        case K_JSON: {
            int before = d->floats;
            PyObject* value = decode_json(d);
            if (value == NULL || d->floats == before || node->object == Py_None) return value;
            /* The rule function checks and respells doubles (values.py's _check_json). */
            PyObject* checked = PyObject_CallOneArg(node->object, value);
            Py_DECREF(value);
            return checked;
        }
        case K_AFTER: {
            PyObject* value = decode_node(d, node->child);
            if (value == NULL) return NULL;
            PyObject* checked = PyObject_CallOneArg(node->object, value);
            Py_DECREF(value);
            return checked;
        }
    }
    return NULL;
}

/* The decoded value of `data` (bytes or str) at node `root`; NULL with no error set: refused. */
static PyObject* decode_text(Table* table, int root, PyObject* data) {
    const char* text;
    Py_ssize_t length;
    if (PyBytes_CheckExact(data)) {
        text = PyBytes_AS_STRING(data);
        length = PyBytes_GET_SIZE(data);
    } else if (PyUnicode_CheckExact(data)) {
        text = PyUnicode_AsUTF8AndSize(data, &length); /* fails on a lone surrogate: refused */
        if (text == NULL) { PyErr_Clear(); return NULL; }
    } else {
        return NULL;
    }
    Dec d = {(const unsigned char*)text, (const unsigned char*)text + length, 0, codec_max_depth, 0, table, 0};
    if (length >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) return NULL; /* a byte order mark */
    skip_ws(&d);
    PyObject* value = decode_node(&d, root);
    if (value != NULL) {
        skip_ws(&d);
        if (d.p == d.end) return value;
        Py_DECREF(value);
    }
    if (PyErr_Occurred()) {
        /* A rule function's error, or a str the UTF-8 decoder refused: the pure path tells.
         * Only running out of memory is an error of the codec's own. */
        if (PyErr_ExceptionMatches(PyExc_MemoryError)) return NULL;
        PyErr_Clear();
    }
    return NULL;
}

/* ---- encoding ------------------------------------------------------------------------------ */

typedef struct {
    char* data;
    Py_ssize_t size, capacity;
    int non_ascii; /* a byte >= 0x80 was written: the text is decoded, not copied */
    char small[1024];
} Out;

static int reserve(Out* o, Py_ssize_t more) {
    if (o->size + more <= o->capacity) return 0;
    Py_ssize_t capacity = o->capacity * 2;
    while (capacity < o->size + more) capacity *= 2;
    char* grown = o->data == o->small ? PyMem_Malloc((size_t)capacity) : PyMem_Realloc(o->data, (size_t)capacity);
    if (grown == NULL) { PyErr_NoMemory(); return -1; }
    if (o->data == o->small) memcpy(grown, o->small, (size_t)o->size);
    o->data = grown;
    o->capacity = capacity;
    return 0;
}

static inline int put(Out* o, const char* s, Py_ssize_t n) {
    if (reserve(o, n) < 0) return -1;
    memcpy(o->data + o->size, s, (size_t)n);
    o->size += n;
    return 0;
}

/* Bytes a string writes as an escape (serde_json's, as pydantic-core writes them): 0 for none. */
static const char escape_of[256] = {
    ['"'] = '"', ['\\'] = '\\', ['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n', ['\r'] = 'r', ['\t'] = 't',
    [0x00] = 'u', [0x01] = 'u', [0x02] = 'u', [0x03] = 'u', [0x04] = 'u', [0x05] = 'u', [0x06] = 'u', [0x07] = 'u',
    [0x0B] = 'u', [0x0E] = 'u', [0x0F] = 'u', [0x10] = 'u', [0x11] = 'u', [0x12] = 'u', [0x13] = 'u', [0x14] = 'u',
    [0x15] = 'u', [0x16] = 'u', [0x17] = 'u', [0x18] = 'u', [0x19] = 'u', [0x1A] = 'u', [0x1B] = 'u', [0x1C] = 'u',
    [0x1D] = 'u', [0x1E] = 'u', [0x1F] = 'u',
};

/* A str as a JSON string; -1 with no error set for a lone surrogate (the pure path writes). */
static int put_string(Out* o, PyObject* s) {
    Py_ssize_t n;
    const char* text = PyUnicode_AsUTF8AndSize(s, &n);
    if (text == NULL) { PyErr_Clear(); return -1; }
    if (!PyUnicode_IS_ASCII(s)) o->non_ascii = 1;
    if (reserve(o, n * 6 + 2) < 0) return -1;
    char* w = o->data + o->size;
    *w++ = '"';
    Py_ssize_t i = 0;
#if defined(__SSE2__)
    /* Sixteen bytes at a time while none needs an escape (as scan_string). */
    while (i + 16 <= n) {
        __m128i bytes = _mm_loadu_si128((const __m128i*)(text + i));
        __m128i quote = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('"'));
        __m128i backslash = _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\\'));
        __m128i control =
            _mm_cmplt_epi8(_mm_xor_si128(bytes, _mm_set1_epi8((char)0x80)), _mm_set1_epi8((char)(0x20 ^ 0x80)));
        if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quote, backslash), control)) != 0) break;
        _mm_storeu_si128((__m128i*)w, bytes);
        w += 16;
        i += 16;
    }
#endif
    for (; i < n; ++i) {
        unsigned char c = (unsigned char)text[i];
        char e = escape_of[c];
        if (e == 0) { *w++ = (char)c; continue; }
        *w++ = '\\';
        *w++ = e;
        if (e == 'u') {
            static const char hex[] = "0123456789abcdef";
            *w++ = '0'; *w++ = '0'; *w++ = hex[c >> 4]; *w++ = hex[c & 15];
        }
    }
    *w++ = '"';
    o->size = w - o->data;
    return 0;
}

static int put_integer(Out* o, PyObject* v) {
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || (x == -1 && PyErr_Occurred())) { PyErr_Clear(); return -1; }
    char digits[24];
    char* w = digits + sizeof digits;
    unsigned long long u = x < 0 ? 0ULL - (unsigned long long)x : (unsigned long long)x;
    do { *--w = (char)('0' + u % 10); u /= 10; } while (u != 0);
    if (x < 0) *--w = '-';
    return put(o, w, digits + sizeof digits - w);
}

static int encode_node(Out* o, Table* t, int index, PyObject* v, int depth);

/* A free-form value: None, bool, int, str, list, dict of str keys; anything else (a double:
 * its canonical spelling is numeric.py's) goes to the pure path. */
static int encode_json(Out* o, PyObject* v, int depth) {
    if (depth > kMaxRecursion) return -1;
    if (v == Py_None) return put(o, "null", 4);
    if (v == Py_True) return put(o, "true", 4);
    if (v == Py_False) return put(o, "false", 5);
    if (PyUnicode_CheckExact(v)) return put_string(o, v);
    if (PyLong_CheckExact(v)) return put_integer(o, v);
    if (PyList_CheckExact(v)) {
        if (put(o, "[", 1) < 0) return -1;
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v); ++i) {
            if ((i > 0 && put(o, ",", 1) < 0) || encode_json(o, PyList_GET_ITEM(v, i), depth + 1) < 0) return -1;
        }
        return put(o, "]", 1);
    }
    if (PyDict_CheckExact(v)) {
        if (put(o, "{", 1) < 0) return -1;
        Py_ssize_t pos = 0, i = 0;
        PyObject *key, *item;
        while (PyDict_Next(v, &pos, &key, &item)) {
            if (!PyUnicode_CheckExact(key)) return -1;
            if ((i++ > 0 && put(o, ",", 1) < 0) || put_string(o, key) < 0 || put(o, ":", 1) < 0 ||
                encode_json(o, item, depth + 1) < 0)
                return -1;
        }
        return put(o, "}", 1);
    }
    return -1;
}

static int encode_model(Out* o, Table* t, Node* node, PyObject* v, int depth) {
    if ((PyObject*)Py_TYPE(v) != node->object || depth > kMaxRecursion) return -1;
    PyObject* dict = PyObject_GenericGetDict(v, NULL);
    if (dict == NULL || !PyDict_CheckExact(dict)) {
        Py_XDECREF(dict);
        return -1;
    }
    PyObject* set = get_slot(v, dict, node->fields_set_at, name_fields_set);
    PyObject* extras = get_slot(v, dict, node->extra_at, name_extra);
    int result = -1, first = 1;
    char small[64];
    char* present = node->count <= 64 ? small : PyMem_Calloc((size_t)node->count, 1);
    if (present == NULL) { Py_XDECREF(dict); PyErr_NoMemory(); return -1; }
    if (present == small) memset(small, 0, sizeof small);
    if (set == NULL || !PySet_CheckExact(set) || extras == NULL || put(o, "{", 1) < 0)
        goto done;
    /* The fields set, in the fields' order: one lookup per member set, not one per field. */
    Py_ssize_t pos = 0;
    Py_hash_t hash;
    PyObject* name;
    while (_PySet_NextEntry(set, &pos, &name, &hash)) {
        PyObject* at = PyDict_GetItemWithError(node->index_of, name);
        if (at != NULL) {
            present[PyLong_AS_LONG(at)] = 1;
            continue;
        }
        /* Not a field: an extra member's name (pydantic-core counts them as set, and writes
         * every extra member), else the pure path writes what pydantic makes of it. */
        if (PyErr_Occurred() || extras == Py_None || !PyDict_CheckExact(extras)) goto done;
        int extra = PyDict_Contains(extras, name);
        if (extra <= 0) goto done;
    }
    /* The values: the dict holds the fields in their order (pydantic-core and the decoder
     * build it so), read alongside; a dict in another order is looked up by name. */
    Py_ssize_t walk = 0;
    for (int k = 0; k < node->count; ++k) {
        Field* f = &node->fields[k];
        PyObject *key = NULL, *value = NULL;
        int in_order = PyDict_Next(dict, &walk, &key, &value) && key == f->name;
        if (!present[k]) continue;
        if (!in_order && (value = PyDict_GetItemWithError(dict, f->name)) == NULL) goto done;
        if (!PyUnicode_IS_ASCII(f->wire_object)) o->non_ascii = 1;
        if (!first && put(o, ",", 1) < 0) goto done;
        if (f->wire_plain ? (put(o, "\"", 1) < 0 || put(o, f->wire, f->wire_length) < 0 || put(o, "\"", 1) < 0)
                          : put_string(o, f->wire_object) < 0)
            goto done;
        if (put(o, ":", 1) < 0 || encode_node(o, t, f->node, value, depth + 1) < 0) goto done;
        first = 0;
    }
    if (extras != Py_None) {
        if (!PyDict_CheckExact(extras)) goto done;
        Py_ssize_t at = 0;
        PyObject *key, *item;
        while (PyDict_Next(extras, &at, &key, &item)) {
            if (!PyUnicode_CheckExact(key)) goto done;
            if ((!first && put(o, ",", 1) < 0) || put_string(o, key) < 0 || put(o, ":", 1) < 0 ||
                encode_json(o, item, depth + 1) < 0)
                goto done;
            first = 0;
        }
    }
    result = put(o, "}", 1);
done:
    if (present != small) PyMem_Free(present);
    Py_XDECREF(dict);
    return result;
}

static int encode_node(Out* o, Table* t, int index, PyObject* v, int depth) {
    Node* node = &t->nodes[index];
    switch (node->kind) {
        case K_STR:
        case K_LITERAL:
            return PyUnicode_CheckExact(v) ? put_string(o, v) : -1;
        case K_BOOL:
            return v == Py_True ? put(o, "true", 4) : v == Py_False ? put(o, "false", 5) : -1;
        case K_INT:
            return PyLong_CheckExact(v) ? put_integer(o, v) : -1;
        case K_NULLABLE:
            return v == Py_None ? put(o, "null", 4) : encode_node(o, t, node->child, v, depth);
        case K_LIST:
            if (!PyList_CheckExact(v) || put(o, "[", 1) < 0) return -1;
            for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v); ++i) {
                if ((i > 0 && put(o, ",", 1) < 0) ||
                    encode_node(o, t, node->child, PyList_GET_ITEM(v, i), depth + 1) < 0)
                    return -1;
            }
            return put(o, "]", 1);
        case K_DICT: {
            if (!PyDict_CheckExact(v) || put(o, "{", 1) < 0) return -1;
            Py_ssize_t pos = 0, i = 0;
            PyObject *key, *item;
            while (PyDict_Next(v, &pos, &key, &item)) {
                if (!PyUnicode_CheckExact(key)) return -1;
                if ((i++ > 0 && put(o, ",", 1) < 0) || put_string(o, key) < 0 || put(o, ":", 1) < 0 ||
                    encode_node(o, t, node->child, item, depth + 1) < 0)
                    return -1;
            }
            return put(o, "}", 1);
        }
        case K_MODEL:
            return encode_model(o, t, node, v, depth);
        case K_TAGGED:
            for (int k = 0; k < node->count; ++k) {
                if (node->variants[k].cls == Py_TYPE(v)) return encode_node(o, t, node->variants[k].node, v, depth);
            }
            return -1;
        case K_JSON:
            return encode_json(o, v, depth);
        case K_AFTER:
            return encode_node(o, t, node->child, v, depth);
    }
    return -1;
}

/* ---- the table ----------------------------------------------------------------------------- */

static void table_free_nodes(Table* t) {
    if (t->nodes == NULL) return;
    for (int i = 0; i < t->count; ++i) {
        Py_CLEAR(t->nodes[i].index_of);
        Py_CLEAR(t->nodes[i].blank);
        PyMem_Free(t->nodes[i].fields);
        PyMem_Free(t->nodes[i].variants);
    }
    PyMem_Free(t->nodes);
    t->nodes = NULL;
    t->count = 0;
}

static int utf8_of(PyObject* s, const char** text, Py_ssize_t* length) {
    if (!PyUnicode_Check(s)) {
        PyErr_SetString(PyExc_TypeError, "a table name must be a str");
        return -1;
    }
    *text = PyUnicode_AsUTF8AndSize(s, length);
    return *text == NULL ? -1 : 0;
}

static int child_of(PyObject* item, Py_ssize_t at, int count, int* child) {
    long v = PyLong_AsLong(PyTuple_GET_ITEM(item, at));
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < -1 || v >= count) {
        PyErr_SetString(PyExc_ValueError, "a table node refers to no node");
        return -1;
    }
    *child = (int)v;
    return 0;
}

/* Where setattr (pydantic-core's, object.__setattr__'s) puts `name`: the offset of the object
 * slot (a member descriptor of BaseModel's __slots__), or -1: the instance's __dict__, which
 * is where it goes when the class shadows the slot with a plain attribute (a model declaring
 * `__pydantic_extra__: ... = Field(init=False)` has a FieldInfo there). */
static int slot_offset(PyObject* cls, PyObject* name, Py_ssize_t* at) {
    PyObject* descr = _PyType_Lookup((PyTypeObject*)cls, name);
    if (descr != NULL && Py_IS_TYPE(descr, &PyMemberDescr_Type) &&
        ((PyMemberDescrObject*)descr)->d_member->type == T_OBJECT_EX) {
        *at = ((PyMemberDescrObject*)descr)->d_member->offset;
        return 0;
    }
    if (descr != NULL && Py_TYPE(descr)->tp_descr_set != NULL) {
        PyErr_Format(PyExc_TypeError, "%R has a descriptor %R of its own", cls, name);
        return -1;
    }
    *at = -1;
    return 0;
}

static const char* const kind_names[] = {"str",  "bool",  "int",    "literal", "nullable", "list",
                                         "dict", "model", "tagged", "json",    "after"};

/* Node i from its description (codec.py's table format, documented there). */
static int compile_node(Table* t, int i, PyObject* item) {
    Node* node = &t->nodes[i];
    if (!PyTuple_Check(item) || PyTuple_GET_SIZE(item) < 1) goto bad;
    const char* kind = PyUnicode_AsUTF8(PyTuple_GET_ITEM(item, 0));
    if (kind == NULL) return -1;
    node->kind = -1;
    for (int k = 0; k <= K_AFTER; ++k) if (strcmp(kind, kind_names[k]) == 0) node->kind = k;
    node->child = -1;
    Py_ssize_t size = PyTuple_GET_SIZE(item);
    switch (node->kind) {
        case K_STR:
            /* ("str",) or ("str", min_length, max_length) */
            node->ge = 0;
            node->le = PY_SSIZE_T_MAX;
            if (size == 1) return 0;
            if (size != 3) goto bad;
            node->ge = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 1));
            node->le = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 2));
            return PyErr_Occurred() ? -1 : 0;
        case K_BOOL: return 0;
        case K_INT:
            if (size != 3) goto bad;
            node->ge = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 1));
            node->le = PyLong_AsLongLong(PyTuple_GET_ITEM(item, 2));
            return PyErr_Occurred() ? -1 : 0;
        case K_LITERAL: {
            if (size != 2 || !PyDict_Check(PyTuple_GET_ITEM(item, 1))) goto bad;
            node->object = PyTuple_GET_ITEM(item, 1);
            node->count = (int)PyDict_GET_SIZE(node->object);
            node->variants = PyMem_Calloc((size_t)node->count + 1, sizeof(Variant));
            if (node->variants == NULL) { PyErr_NoMemory(); return -1; }
            Py_ssize_t pos = 0;
            PyObject *key, *value;
            for (int k = 0; PyDict_Next(node->object, &pos, &key, &value); ++k) {
                node->variants[k].value = value;
                if (utf8_of(value, &node->variants[k].tag, &node->variants[k].tag_length) < 0) return -1;
            }
            return 0;
        }
        case K_NULLABLE: case K_LIST: case K_DICT:
            if (size != 2) goto bad;
            return child_of(item, 1, t->count, &node->child);
        case K_AFTER:
            if (size != 3) goto bad;
            node->object = PyTuple_GET_ITEM(item, 2);
            return child_of(item, 1, t->count, &node->child);
        case K_JSON:
            if (size != 2) goto bad;
            node->object = PyTuple_GET_ITEM(item, 1);
            return 0;
        case K_MODEL: {
            /* ("model", cls, allow_extra, extras node, ((wire, name, node, required, default), ...), reserved) */
            if (size != 6 || !PyType_Check(PyTuple_GET_ITEM(item, 1)) || !PyTuple_Check(PyTuple_GET_ITEM(item, 4)) ||
                !PyFrozenSet_Check(PyTuple_GET_ITEM(item, 5)))
                goto bad;
            node->object = PyTuple_GET_ITEM(item, 1);
            node->allow_extra = PyObject_IsTrue(PyTuple_GET_ITEM(item, 2));
            node->reserved = PyTuple_GET_ITEM(item, 5);
            if (child_of(item, 3, t->count, &node->child) < 0) return -1;
            if (node->allow_extra && node->child < 0) goto bad;
            if (slot_offset(node->object, name_fields_set, &node->fields_set_at) < 0 ||
                slot_offset(node->object, name_extra, &node->extra_at) < 0 ||
                slot_offset(node->object, name_private, &node->private_at) < 0)
                return -1;
            PyObject* fields = PyTuple_GET_ITEM(item, 4);
            node->count = (int)PyTuple_GET_SIZE(fields);
            node->index_of = PyDict_New();
            node->blank = _PyDict_NewPresized(node->count + 1);
            if (node->index_of == NULL || node->blank == NULL) return -1;
            node->fields = PyMem_Calloc((size_t)node->count + 1, sizeof(Field));
            if (node->fields == NULL) { PyErr_NoMemory(); return -1; }
            for (int k = 0; k < node->count; ++k) {
                PyObject* f = PyTuple_GET_ITEM(fields, k);
                Field* field = &node->fields[k];
                if (!PyTuple_Check(f) || PyTuple_GET_SIZE(f) != 5) goto bad;
                field->wire_object = PyTuple_GET_ITEM(f, 0);
                field->name = PyTuple_GET_ITEM(f, 1);
                field->required = PyObject_IsTrue(PyTuple_GET_ITEM(f, 3));
                field->fallback = PyTuple_GET_ITEM(f, 4);
                if (utf8_of(field->wire_object, &field->wire, &field->wire_length) < 0 ||
                    child_of(f, 2, t->count, &field->node) < 0)
                    return -1;
                field->wire_plain = 1;
                for (Py_ssize_t b = 0; b < field->wire_length; ++b) {
                    unsigned char c = (unsigned char)field->wire[b];
                    if (c < 0x20 || c == '"' || c == '\\') field->wire_plain = 0;
                }
                if (field->node < 0) goto bad;
                PyObject* at = PyLong_FromLong(k);
                if (at == NULL || PyDict_SetItem(node->index_of, field->name, at) < 0) { Py_XDECREF(at); return -1; }
                Py_DECREF(at);
                PyObject* blank_value = field->required ? Py_None : field->fallback;
                if (PyDict_SetItem(node->blank, field->name, blank_value) < 0) return -1;
            }
            return 0;
        }
        case K_TAGGED: {
            /* ("tagged", key, ((tag, node), ...)) */
            if (size != 3 || !PyTuple_Check(PyTuple_GET_ITEM(item, 2))) goto bad;
            if (utf8_of(PyTuple_GET_ITEM(item, 1), &node->key, &node->key_length) < 0) return -1;
            PyObject* variants = PyTuple_GET_ITEM(item, 2);
            node->count = (int)PyTuple_GET_SIZE(variants);
            node->variants = PyMem_Calloc((size_t)node->count + 1, sizeof(Variant));
            if (node->variants == NULL) { PyErr_NoMemory(); return -1; }
            for (int k = 0; k < node->count; ++k) {
                PyObject* v = PyTuple_GET_ITEM(variants, k);
                if (!PyTuple_Check(v) || PyTuple_GET_SIZE(v) != 2) goto bad;
                if (utf8_of(PyTuple_GET_ITEM(v, 0), &node->variants[k].tag, &node->variants[k].tag_length) < 0 ||
                    child_of(v, 1, t->count, &node->variants[k].node) < 0)
                    return -1;
                if (node->variants[k].node < 0) goto bad;
            }
            return 0;
        }
    }
bad:
    PyErr_Format(PyExc_ValueError, "table node %d is not of the table format: %R", i, item);
    return -1;
}

/* The class of each variant (the model node it leads to, through AFTER nodes): read once the
 * whole table is compiled, since a variant may refer to a node after it. */
static int resolve_variants(Table* t) {
    for (int i = 0; i < t->count; ++i) {
        Node* node = &t->nodes[i];
        if (node->kind != K_TAGGED) continue;
        for (int k = 0; k < node->count; ++k) {
            Node* target = &t->nodes[node->variants[k].node];
            while (target->kind == K_AFTER) target = &t->nodes[target->child];
            if (target->kind != K_MODEL) {
                PyErr_SetString(PyExc_ValueError, "a union variant is not a model");
                return -1;
            }
            node->variants[k].cls = (PyTypeObject*)target->object;
        }
    }
    return 0;
}

static PyObject* table_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    PyObject* nodes;
    int root;
    static char* keywords[] = {"nodes", "root", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!i:Table", keywords, &PyTuple_Type, &nodes, &root)) return NULL;
    if (root < 0 || root >= PyTuple_GET_SIZE(nodes)) {
        PyErr_SetString(PyExc_ValueError, "the root is not a node of the table");
        return NULL;
    }
    Table* t = (Table*)type->tp_alloc(type, 0);
    if (t == NULL) return NULL;
    t->keep = Py_NewRef(nodes);
    t->root = root;
    t->count = (int)PyTuple_GET_SIZE(nodes);
    t->nodes = PyMem_Calloc((size_t)t->count, sizeof(Node));
    if (t->nodes == NULL) {
        Py_DECREF(t);
        return PyErr_NoMemory();
    }
    for (int i = 0; i < t->count; ++i) {
        if (compile_node(t, i, PyTuple_GET_ITEM(nodes, i)) < 0) {
            Py_DECREF(t);
            return NULL;
        }
    }
    if (resolve_variants(t) < 0) {
        Py_DECREF(t);
        return NULL;
    }
    return (PyObject*)t;
}

static PyObject* table_decode(Table* self, PyObject* data) {
    PyObject* value = decode_text(self, self->root, data);
    if (value == NULL && !PyErr_Occurred()) return Py_NewRef(refused);
    return value;
}

static PyObject* table_dump(Table* self, PyObject* value) {
    Out o;
    o.data = o.small;
    o.size = 0;
    o.capacity = sizeof o.small;
    o.non_ascii = 0;
    PyObject* result = NULL;
    if (encode_node(&o, self, self->root, value, 0) == 0) {
        if (o.non_ascii) {
            result = PyUnicode_DecodeUTF8(o.data, o.size, NULL);
        } else {
            result = PyUnicode_New(o.size, 127);
            if (result != NULL) memcpy(PyUnicode_DATA(result), o.data, (size_t)o.size);
        }
    } else if (!PyErr_Occurred() || !PyErr_ExceptionMatches(PyExc_MemoryError)) {
        PyErr_Clear();
        result = Py_NewRef(Py_None);
    }
    if (o.data != o.small) PyMem_Free(o.data);
    return result;
}

static int table_traverse(Table* self, visitproc visit, void* arg) {
    Py_VISIT(self->keep);
    return 0;
}

static int table_clear(Table* self) {
    table_free_nodes(self);
    Py_CLEAR(self->keep);
    return 0;
}

static void table_dealloc(Table* self) {
    PyObject_GC_UnTrack(self);
    table_clear(self);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static PyMethodDef table_methods[] = {
    {"decode", (PyCFunction)table_decode, METH_O,
     "decode(data: bytes | str): the value at the root, or REFUSED (the pure path decides)"},
    {"dump", (PyCFunction)table_dump, METH_O,
     "dump(value) -> str | None: the JSON text, or None (the pure path writes)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_codec.Table",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Table(nodes, root): a compiled type table (codec.py)",
    .tp_new = table_new,
    .tp_traverse = (traverseproc)table_traverse,
    .tp_clear = (inquiry)table_clear,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_methods = table_methods,
};

/* ---- Entry: a model class's model_validate_json ------------------------------------------ *
 * Entry(table, fallback): called with one argument and no options, the codec decodes; on a
 * refusal, or with options, fallback(*args, **options) (the pure path: models.py). */
typedef struct {
    PyObject_HEAD
    Table* table;
    PyObject* fallback;
    vectorcallfunc vectorcall;
} Entry;

static PyObject* entry_call(PyObject* callable, PyObject* const* args, size_t nargsf, PyObject* kwnames) {
    Entry* self = (Entry*)callable;
    Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
    if (nargs == 1 && (kwnames == NULL || PyTuple_GET_SIZE(kwnames) == 0)) {
        PyObject* value = decode_text(self->table, self->table->root, args[0]);
        if (value != NULL || PyErr_Occurred()) return value;
    }
    return PyObject_Vectorcall(self->fallback, args, nargsf, kwnames);
}

static PyObject* entry_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
    PyObject *table, *fallback;
    static char* keywords[] = {"table", "fallback", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O!O:Entry", keywords, &TableType, &table, &fallback)) return NULL;
    Entry* self = (Entry*)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    self->table = (Table*)Py_NewRef(table);
    self->fallback = Py_NewRef(fallback);
    self->vectorcall = entry_call;
    return (PyObject*)self;
}

static int entry_traverse(Entry* self, visitproc visit, void* arg) {
    Py_VISIT(self->table);
    Py_VISIT(self->fallback);
    return 0;
}

static int entry_clear(Entry* self) {
    Py_CLEAR(self->table);
    Py_CLEAR(self->fallback);
    return 0;
}

static void entry_dealloc(Entry* self) {
    PyObject_GC_UnTrack(self);
    entry_clear(self);
    Py_TYPE(self)->tp_free((PyObject*)self);
}

static PyMemberDef entry_members[] = {
    {"fallback", T_OBJECT, offsetof(Entry, fallback), READONLY, "what a refused text goes to (the pure path)"},
    {NULL, 0, 0, 0, NULL},
};

static PyTypeObject EntryType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "_codec.Entry",
    .tp_basicsize = sizeof(Entry),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
    .tp_doc = "Entry(table, fallback): a model class's model_validate_json through the codec",
    .tp_members = entry_members,
    .tp_new = entry_new,
    .tp_traverse = (traverseproc)entry_traverse,
    .tp_clear = (inquiry)entry_clear,
    .tp_dealloc = (destructor)entry_dealloc,
    .tp_call = PyVectorcall_Call,
    .tp_vectorcall_offset = offsetof(Entry, vectorcall),
};

static PyObject* configure(PyObject* module, PyObject* value) {
    (void)module;
    long max_depth = PyLong_AsLong(value);
    if (max_depth == -1 && PyErr_Occurred()) return NULL;
    if (max_depth < 1 || max_depth > 10000) {
        PyErr_Format(PyExc_ValueError, "max_depth must be within 1..10000, got %ld", max_depth);
        return NULL;
    }
    codec_max_depth = (int)max_depth;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_O, "configure(max_depth: int): the nesting limit of every decode"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef definition = {PyModuleDef_HEAD_INIT, "_codec", NULL, -1, methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__codec(void) {
    name_fields_set = PyUnicode_InternFromString("__pydantic_fields_set__");
    name_extra = PyUnicode_InternFromString("__pydantic_extra__");
    name_private = PyUnicode_InternFromString("__pydantic_private__");
    name_dict = PyUnicode_InternFromString("__dict__");
    empty_tuple = PyTuple_New(0);
    if (name_fields_set == NULL || name_extra == NULL || name_private == NULL || name_dict == NULL ||
        empty_tuple == NULL)
        return NULL;
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&EntryType) < 0) return NULL;
    PyObject* module = PyModule_Create(&definition);
    if (module == NULL) return NULL;
    refused = PyObject_CallNoArgs((PyObject*)&PyBaseObject_Type);
    if (refused == NULL || PyModule_AddObjectRef(module, "REFUSED", refused) < 0 ||
        PyModule_AddObjectRef(module, "Table", (PyObject*)&TableType) < 0 ||
        PyModule_AddObjectRef(module, "Entry", (PyObject*)&EntryType) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
