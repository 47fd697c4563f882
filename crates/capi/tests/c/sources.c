/* sources.c: sessions from memory. #includes resolve among the sources added (never on disk
 * unless a search path is given), Parasol imports resolve among units, and check, preprocess,
 * stages, emits, defines and the version work as documented; sessions made on one thread compile
 * on others.
 * argv[1]: a directory holding disk.cgh (which the memory-only session must not read);
 * argv[2]: Pigment's version as Cargo knows it. */
#include "check.h"

#include <pthread.h>

static PigmentRequest *request_for(const char *source, const char *target) {
    PigmentRequest *request = NULL;
    OK(pigment_request_new(source, strlen(source), target, strlen(target), &request));
    return request;
}

static PigmentArtifact *compile(PigmentSession *session, PigmentRequest *request) {
    PigmentArtifact *artifact = NULL;
    OK(pigment_session_compile(session, request, &artifact));
    CHECK(artifact != NULL && pigment_artifact_output_count(artifact) >= 1);
    return artifact;
}

static PigmentOutput output(const PigmentArtifact *artifact, size_t index) {
    PigmentOutput out;
    OK(pigment_artifact_output(artifact, index, &out));
    return out;
}

static void includes_in_memory(const char *dir) {
    PigmentSession *session = pigment_session_new();
    OK(pigment_session_add_source(session, S("lib/colour.cgh"),
                                  S("float4 colour() { return float4(0.25, 0.5, 0.75, 1); }\n")));
    OK(pigment_session_add_source(session, S("lib/main.cg"),
                                  S("#include \"colour.cgh\"\n"
                                    "float4 main() : COLOR { return colour(); }\n")));
    PigmentRequest *request = request_for("lib/main.cg", "fp30");
    PigmentArtifact *fp30 = compile(session, request);
    PigmentOutput out = output(fp30, 0);
    CHECK(contains((const char *)out.bytes, out.bytes_len, "!!FP1.0"));
    CHECK(contains((const char *)out.bytes, out.bytes_len, "0.25"));
    pigment_artifact_free(fp30);

    /* Preprocessing pastes the included text in. */
    PigmentArtifact *preprocessed = NULL;
    OK(pigment_session_preprocess(session, request, &preprocessed));
    CHECK(pigment_artifact_output_count(preprocessed) == 1);
    out = output(preprocessed, 0);
    CHECK(!out.is_binary && out.stage == PIGMENT_STAGE_NONE && out.reflection == NULL);
    CHECK(contains((const char *)out.bytes, out.bytes_len, "float4 colour()"));
    CHECK(pigment_diagnostics_count(pigment_artifact_warnings(preprocessed)) == 0);
    pigment_artifact_free(preprocessed);

    /* A well-formed program checks with no warnings. */
    PigmentDiagnostics *warnings = NULL;
    OK(pigment_session_check(session, request, &warnings));
    CHECK(warnings != NULL && pigment_diagnostics_count(warnings) == 0);
    pigment_diagnostics_free(warnings);
    pigment_request_free(request);

    /* disk.cgh exists in `dir`, but a memory-only session does not read it ... */
    OK(pigment_session_add_source(session, S("uses_disk.cg"),
                                  S("#include \"disk.cgh\"\n"
                                    "float4 main() : COLOR { return from_disk(); }\n")));
    request = request_for("uses_disk.cg", "fp30");
    PigmentArtifact *artifact = NULL;
    PigmentError *error = FAILS(PIGMENT_ERROR_REJECTED,
                                pigment_session_compile(session, request, &artifact));
    PigmentDiagnostic first;
    OK(pigment_diagnostics_get(pigment_error_diagnostics(error), 0, &first));
    CHECK(first.line == 1 && contains(first.message, first.message_len, "disk.cgh"));
    pigment_error_free(error);
    /* ... until its directory is a search path. */
    OK(pigment_session_add_search_path(session, dir, strlen(dir)));
    artifact = compile(session, request);
    out = output(artifact, 0);
    CHECK(contains((const char *)out.bytes, out.bytes_len, "!!FP1.0"));
    pigment_artifact_free(artifact);
    pigment_request_free(request);
    pigment_session_free(session);
}

/* Both stages of a Cg program as GLSL: vertex first, each with its stage. */
static void two_stages(void) {
    PigmentSession *session = pigment_session_new();
    OK(pigment_session_add_source(
        session, S("quad.cg"),
        S("void vmain(float4 p : POSITION, out float4 o : POSITION) { o = p; }\n"
          "float4 fmain() : COLOR { return float4(0, 1, 0, 1); }\n")));
    PigmentRequest *request = request_for("quad.cg", "glsl:330");
    OK(pigment_request_set_entry(request, S("fmain")));
    OK(pigment_request_set_vertex_entry(request, S("vmain")));
    OK(pigment_request_set_precision(request, PIGMENT_PRECISION_FP30));
    PigmentArtifact *glsl = compile(session, request);
    CHECK(pigment_artifact_output_count(glsl) == 2);
    PigmentOutput vertex = output(glsl, 0), fragment = output(glsl, 1);
    CHECK(vertex.stage == PIGMENT_STAGE_VERTEX && fragment.stage == PIGMENT_STAGE_FRAGMENT);
    /* GLSL 3.30 shaders start with their #version line (GLSL 3.30 spec, 3.3). */
    CHECK(memcmp(vertex.bytes, "#version 330", 12) == 0);
    CHECK(memcmp(fragment.bytes, "#version 330", 12) == 0);
    pigment_artifact_free(glsl);
    pigment_request_free(request);

    /* One stage by itself; then the IR instead of fp30's code. */
    request = request_for("quad.cg", "glsl:es300");
    OK(pigment_request_set_language(request, PIGMENT_LANGUAGE_CG));
    OK(pigment_request_set_entry(request, S("vmain")));
    OK(pigment_request_set_stage(request, PIGMENT_STAGE_VERTEX));
    PigmentArtifact *es = compile(session, request);
    PigmentOutput out = output(es, 0);
    CHECK(out.stage == PIGMENT_STAGE_VERTEX && memcmp(out.bytes, "#version 300 es", 15) == 0);
    pigment_artifact_free(es);
    pigment_request_free(request);
    request = request_for("quad.cg", "fp30");
    OK(pigment_request_set_entry(request, S("fmain")));
    OK(pigment_request_set_emit(request, PIGMENT_EMIT_IR));
    PigmentArtifact *ir = compile(session, request);
    out = output(ir, 0);
    CHECK(!out.is_binary && out.bytes_len > 0);
    CHECK(!contains((const char *)out.bytes, out.bytes_len, "!!FP1.0"));
    pigment_artifact_free(ir);
    pigment_request_free(request);
    pigment_session_free(session);
}

/* -D and -U: a macro defined, then undefined again. */
static void defines(void) {
    PigmentSession *session = pigment_session_new();
    OK(pigment_session_add_source(session, S("level.cg"),
                                  S("float4 main() : COLOR { return float4(LEVEL, 0, 0, 1); }\n")));
    PigmentRequest *request = request_for("level.cg", "fp30");
    OK(pigment_request_add_define(request, S("LEVEL"), S("0.375")));
    OK(pigment_request_set_fast_math(request, 0));
    PigmentArtifact *fp30 = compile(session, request);
    PigmentOutput out = output(fp30, 0);
    CHECK(contains((const char *)out.bytes, out.bytes_len, "0.375"));
    pigment_artifact_free(fp30);
    OK(pigment_request_add_undefine(request, S("LEVEL")));
    PigmentArtifact *none = NULL;
    pigment_error_free(FAILS(PIGMENT_ERROR_REJECTED,
                             pigment_session_compile(session, request, &none)));
    pigment_request_free(request);
    pigment_session_free(session);
}

static const char parasol_shaders[] =
    "package demo;\n\n"
    "module Shaders is\n"
    "  shader fragment passing is\n"
    "    in shade : vector_4f;\n"
    "    out colour : vector_4f as 0;\n"
    "  as\n"
    "    out colour = shade;\n"
    "  end;\n"
    "end;\n";
static const char parasol_main[] =
    "package demo;\n\n"
    "module Main is\n"
    "  import demo.Shaders;\n"
    "end;\n";

/* Parasol: an import resolves among the units given with the source. */
static void parasol_units(void) {
    PigmentSession *session = pigment_session_new();
    OK(pigment_session_add_source(session, S("shaders.p"), S(parasol_shaders)));
    OK(pigment_session_add_source(session, S("main.p"), S(parasol_main)));
    PigmentRequest *request = request_for("main.p", "fp30");
    PigmentDiagnostics *warnings = NULL;
    PigmentError *error = FAILS(PIGMENT_ERROR_REJECTED,
                                pigment_session_check(session, request, &warnings));
    PigmentDiagnostic first;
    OK(pigment_diagnostics_get(pigment_error_diagnostics(error), 0, &first));
    CHECK(first.line == 4 && first.column == 3);
    pigment_error_free(error);
    OK(pigment_request_add_unit(request, S("shaders.p")));
    OK(pigment_session_check(session, request, &warnings));
    pigment_diagnostics_free(warnings);
    pigment_request_free(request);
    pigment_session_free(session);
}

/* A session and request made here, compiled on another thread. */
struct job {
    PigmentSession *session;
    PigmentRequest *request;
    size_t outputs;
};

static void *compile_job(void *arg) {
    struct job *job = arg;
    PigmentArtifact *artifact = compile(job->session, job->request);
    job->outputs = pigment_artifact_output_count(artifact);
    pigment_artifact_free(artifact);
    return NULL;
}

/* Two sessions, each handed to a thread of its own, compiling at the same time. */
static void threads(void) {
    struct job jobs[2];
    pthread_t workers[2];
    for (int i = 0; i < 2; i++) {
        jobs[i].session = pigment_session_new();
        OK(pigment_session_add_source(jobs[i].session, S("white.cg"),
                                      S("float4 main() : COLOR { return 1; }\n")));
        jobs[i].request = request_for("white.cg", i == 0 ? "spirv" : "glsl:330");
        jobs[i].outputs = 0;
        CHECK(pthread_create(&workers[i], NULL, compile_job, &jobs[i]) == 0);
    }
    for (int i = 0; i < 2; i++) {
        CHECK(pthread_join(workers[i], NULL) == 0);
        CHECK(jobs[i].outputs == 1);
        pigment_request_free(jobs[i].request);
        pigment_session_free(jobs[i].session);
    }
}

int main(int argc, char **argv) {
    CHECK(argc == 3);
    CHECK(strcmp(pigment_version(), argv[2]) == 0);
    CHECK(pigment_abi_version() == PIGMENT_ABI_VERSION);
    PigmentSession *disk = pigment_session_new_with_disk_access();
    CHECK(disk != NULL);
    pigment_session_free(disk);
    includes_in_memory(argv[1]);
    two_stages();
    defines();
    parasol_units();
    threads();
    return 0;
}
