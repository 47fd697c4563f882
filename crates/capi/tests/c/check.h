/* check.h: the C tests' assertions. Each failed check prints where it failed and exits 1, so the
 * Rust harness (crates/capi/tests/c_api.rs) sees a failure with its reason on stderr. */
#ifndef PIGMENT_CHECK_H
#define PIGMENT_CHECK_H

#include "pigment.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond)                                                                 \
    do {                                                                            \
        if (!(cond)) {                                                              \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            exit(1);                                                                \
        }                                                                           \
    } while (0)

/* A NUL-terminated literal with its length, for the (pointer, length) arguments. */
#define S(literal) (literal), (sizeof(literal) - 1)

/* Fails unless the call succeeded; prints the error's message first. */
#define OK(call) check_ok((call), __FILE__, __LINE__, #call)

static inline void check_ok(PigmentError *error, const char *file, int line, const char *what) {
    if (error != NULL) {
        fprintf(stderr, "%s:%d: %s failed with status %u: %s\n", file, line, what,
                pigment_error_code(error), pigment_error_message(error, NULL));
        pigment_error_free(error);
        exit(1);
    }
}

/* Fails unless the call failed with `status`; returns the error for further checks (the caller
 * frees it). */
#define FAILS(status, call) check_fails((status), (call), __FILE__, __LINE__, #call)

static inline PigmentError *check_fails(PigmentStatus status, PigmentError *error,
                                        const char *file, int line, const char *what) {
    if (error == NULL || pigment_error_code(error) != status) {
        fprintf(stderr, "%s:%d: %s: expected status %u, got %u (%s)\n", file, line, what, status,
                pigment_error_code(error), pigment_error_message(error, NULL));
        exit(1);
    }
    size_t len = 0;
    const char *message = pigment_error_message(error, &len);
    CHECK(len > 0 && strlen(message) == len);
    return error;
}

/* Whether `text` of `len` bytes contains `needle`. */
static inline int contains(const char *text, size_t len, const char *needle) {
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= len; i++) {
        if (memcmp(text + i, needle, n) == 0) return 1;
    }
    return 0;
}

/* The whole file at `path` (malloc'd, the caller frees it); exits when it cannot be read. */
static inline unsigned char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    CHECK(f != NULL);
    CHECK(fseek(f, 0, SEEK_END) == 0);
    long size = ftell(f);
    CHECK(size >= 0);
    rewind(f);
    unsigned char *bytes = malloc((size_t)size + 1);
    CHECK(bytes != NULL);
    CHECK(fread(bytes, 1, (size_t)size, f) == (size_t)size);
    fclose(f);
    *len = (size_t)size;
    return bytes;
}

/* `dir/name` in a static buffer (valid until the next call). */
static inline const char *in_dir(const char *dir, const char *name) {
    static char path[4096];
    CHECK(snprintf(path, sizeof path, "%s/%s", dir, name) < (int)sizeof path);
    return path;
}

/* Fails unless `len` bytes at `bytes` equal the file `name` in `dir`, the command line's result. */
static inline void same_as_file(const char *dir, const char *name, const void *bytes, size_t len) {
    size_t expected_len = 0;
    unsigned char *expected = read_file(in_dir(dir, name), &expected_len);
    if (expected_len != len || memcmp(expected, bytes, len) != 0) {
        fprintf(stderr, "%s differs from the command line's (%zu bytes, expected %zu)\n", name,
                len, expected_len);
        exit(1);
    }
    free(expected);
}

#endif
