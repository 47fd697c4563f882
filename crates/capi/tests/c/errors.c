/* errors.c: every error path of the C API. NULL pointers, lengths without a buffer, bad UTF-8,
 * unknown targets and constants, indices past the end, a missing source, an unreadable file, a
 * missing #include and a syntax error (each diagnostic at the line where the error is), and every
 * function given NULL where NULL is allowed. */
#include "check.h"

static const char bad_utf8[] = {'a', (char)0xff, 'b'};

static void null_and_encoding_errors(void) {
    PigmentSession *session = pigment_session_new();
    CHECK(session != NULL);
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_add_source(NULL, S("a.cg"), S("x"))));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_add_source(session, NULL, 4, S("x"))));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_session_add_source(session, bad_utf8, 3, S("x"))));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_session_add_source(session, S("a.cg"), bad_utf8, 3)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_session_add_file(NULL, S("a"))));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_session_add_file(session, bad_utf8, 3)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_add_search_path(session, NULL, 1)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_add_search_path(NULL, S("."))));

    PigmentRequest *request = (PigmentRequest *)1; /* must be reset to NULL on failure */
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                             pigment_request_new(S("a.cg"), S("fp40"), &request)));
    CHECK(request == NULL);
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_request_new(bad_utf8, 3, S("fp30"), &request)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_request_new(S("a.cg"), S("fp30"), NULL)));
    OK(pigment_request_new(S("a.cg"), S("fp30"), &request));

    /* Constants outside their sets, and the setters given NULL. */
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                             pigment_request_set_language(request, 99)));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_ARGUMENT, pigment_request_set_stage(request, 7)));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_ARGUMENT, pigment_request_set_emit(request, 3)));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                             pigment_request_set_precision(request, 2)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_request_set_language(NULL, PIGMENT_LANGUAGE_CG)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_request_set_stage(NULL, PIGMENT_STAGE_VERTEX)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_request_set_emit(NULL, PIGMENT_EMIT_IR)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_request_set_precision(NULL, PIGMENT_PRECISION_FP30)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_request_set_fast_math(NULL, 0)));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_request_set_entry(request, bad_utf8, 3)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_request_set_vertex_entry(request, NULL, 2)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_request_add_unit(NULL, S("u.p"))));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_request_set_profile(request, bad_utf8, 3)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_request_add_define(request, S("X"), NULL, 2)));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_request_add_define(request, S("X"), bad_utf8, 3)));
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_UTF8,
                             pigment_request_add_undefine(request, bad_utf8, 3)));

    /* Running a request: NULL session, request or out-pointer. */
    PigmentArtifact *artifact = NULL;
    PigmentDiagnostics *warnings = NULL;
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_compile(NULL, request, &artifact)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_compile(session, NULL, &artifact)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_compile(session, request, NULL)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_check(session, NULL, &warnings)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER,
                             pigment_session_preprocess(NULL, request, &artifact)));
    CHECK(artifact == NULL && warnings == NULL);

    /* The source is not in the session; a file that cannot be read; a language no extension names. */
    PigmentError *error = FAILS(PIGMENT_ERROR_NO_SOURCE,
                                pigment_session_compile(session, request, &artifact));
    CHECK(contains(pigment_error_message(error, NULL), strlen(pigment_error_message(error, NULL)),
                   "a.cg"));
    CHECK(pigment_error_diagnostics(error) == NULL);
    pigment_error_free(error);
    pigment_error_free(FAILS(PIGMENT_ERROR_IO,
                             pigment_session_add_file(session, S("/nonexistent/pigment/x.cg"))));
    PigmentRequest *unnamed = NULL;
    OK(pigment_request_new(S("shader.txt"), S("fp30"), &unnamed));
    OK(pigment_session_add_source(session, S("shader.txt"), S("float4 main() : COLOR { return 1; }\n")));
    pigment_error_free(FAILS(PIGMENT_ERROR_REQUEST,
                             pigment_session_compile(session, unnamed, &artifact)));
    pigment_request_free(unnamed);

    pigment_request_free(request);
    pigment_session_free(session);
}

/* A rejected program: the diagnostic is at the line and column where the error is. */
static void rejected(const char *name, const char *text, PigmentStatus status, unsigned line,
                     unsigned column, const char *needle) {
    PigmentSession *session = pigment_session_new();
    OK(pigment_session_add_source(session, name, strlen(name), text, strlen(text)));
    PigmentRequest *request = NULL;
    OK(pigment_request_new(name, strlen(name), S("fp30"), &request));
    PigmentArtifact *artifact = NULL;
    PigmentError *error = FAILS(status, pigment_session_compile(session, request, &artifact));
    CHECK(artifact == NULL);
    const PigmentDiagnostics *found = pigment_error_diagnostics(error);
    CHECK(found != NULL && pigment_diagnostics_count(found) >= 1);
    PigmentDiagnostic first;
    OK(pigment_diagnostics_get(found, 0, &first));
    CHECK(first.severity == PIGMENT_SEVERITY_ERROR);
    CHECK(first.file != NULL && first.file_len == strlen(name) && memcmp(first.file, name, first.file_len) == 0);
    if (first.line != line || (column != 0 && first.column != column)) {
        fprintf(stderr, "%s: diagnostic at %u:%u, expected %u:%u\n%s", name, first.line,
                first.column, line, column, first.rendered);
        exit(1);
    }
    CHECK(contains(first.message, first.message_len, needle));
    /* The rendered form starts `FILE:LINE:COL: error:`, as `pigment` prints it. */
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%s:%u:%u: error", name, first.line, first.column);
    CHECK(first.rendered_len > strlen(prefix) && memcmp(first.rendered, prefix, strlen(prefix)) == 0);
    /* The error's message is every diagnostic rendered, which starts with the first. */
    size_t all_len = 0;
    const char *all = pigment_diagnostics_text(found, &all_len);
    size_t message_len = 0;
    const char *message = pigment_error_message(error, &message_len);
    CHECK(all_len == message_len && memcmp(all, message, all_len) == 0);
    CHECK(all_len >= first.rendered_len && memcmp(all, first.rendered, first.rendered_len) == 0);
    /* Past the end: an error, and the view zeroed. */
    PigmentDiagnostic past;
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                             pigment_diagnostics_get(found, pigment_diagnostics_count(found), &past)));
    CHECK(past.message == NULL && past.line == 0);
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_diagnostics_get(found, 0, NULL)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_diagnostics_get(NULL, 0, &past)));
    pigment_error_free(error);
    pigment_request_free(request);
    pigment_session_free(session);
}

/* Indices past an artifact's outputs. */
static void output_index(void) {
    PigmentSession *session = pigment_session_new();
    OK(pigment_session_add_source(session, S("red.cg"),
                                  S("float4 main() : COLOR { return float4(1, 0, 0, 1); }\n")));
    PigmentRequest *request = NULL;
    OK(pigment_request_new(S("red.cg"), S("fp30"), &request));
    PigmentArtifact *artifact = NULL;
    OK(pigment_session_compile(session, request, &artifact));
    PigmentOutput out;
    pigment_error_free(FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                             pigment_artifact_output(artifact, 1, &out)));
    CHECK(out.bytes == NULL && out.bytes_len == 0 && out.name == NULL);
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_artifact_output(artifact, 0, NULL)));
    pigment_error_free(FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_artifact_output(NULL, 0, &out)));
    pigment_artifact_free(artifact);
    pigment_request_free(request);
    pigment_session_free(session);
}

/* Every function that accepts NULL. */
static void null_is_allowed(void) {
    size_t len = 99;
    CHECK(pigment_error_code(NULL) == PIGMENT_OK);
    CHECK(strcmp(pigment_error_message(NULL, &len), "") == 0 && len == 0);
    CHECK(pigment_error_diagnostics(NULL) == NULL);
    CHECK(pigment_diagnostics_count(NULL) == 0);
    len = 99;
    CHECK(strcmp(pigment_diagnostics_text(NULL, &len), "") == 0 && len == 0);
    CHECK(pigment_artifact_output_count(NULL) == 0);
    CHECK(pigment_artifact_warnings(NULL) == NULL);
    pigment_error_free(NULL);
    pigment_diagnostics_free(NULL);
    pigment_artifact_free(NULL);
    pigment_request_free(NULL);
    pigment_session_free(NULL);
}

int main(void) {
    null_and_encoding_errors();
    /* A missing include: reported at the #include line of the file the user wrote. */
    rejected("shaders/main.cg",
             "float4 tint() { return 1; }\n#include \"missing.cgh\"\n"
             "float4 main() : COLOR { return tint(); }\n",
             PIGMENT_ERROR_REJECTED, 2, 0, "missing.cgh");
    /* A syntax error: the missing `;` is found at the `}` that follows `return 1`. */
    rejected("bad.cg", "float4 main() : COLOR\n{\n  return 1 }\n", PIGMENT_ERROR_REJECTED, 3, 12,
             "");
    output_index();
    null_is_allowed();
    return 0;
}
