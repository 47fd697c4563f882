/* compile.c: the acceptance case. A C program compiles a Cg shader to SPIR-V and to fp30,
 * reads the code and the reflection, and gets exactly what `pigment compile` writes.
 * argv[1] is a directory the harness prepared: tint.cg (with lib/scale.cgh beside it), and the
 * command line's results for it: tint.spv (`--target spirv -o`), tint.spv.json (`--target spirv
 * --reflect json`), tint.fp (fp30). */
#include "check.h"

/* Compiles `source` (a file added as the command line adds it) to `target` with the command
 * line's defaults: Cg, entry main, profile fp30. */
static PigmentArtifact *compile(PigmentSession *session, const char *source, const char *target) {
    PigmentRequest *request = NULL;
    OK(pigment_request_new(source, strlen(source), target, strlen(target), &request));
    OK(pigment_request_set_language(request, PIGMENT_LANGUAGE_CG));
    OK(pigment_request_set_entry(request, S("main")));
    OK(pigment_request_set_profile(request, S("fp30")));
    PigmentArtifact *artifact = NULL;
    OK(pigment_session_compile(session, request, &artifact));
    pigment_request_free(request);
    CHECK(artifact != NULL);
    return artifact;
}

int main(int argc, char **argv) {
    CHECK(argc == 2);
    const char *dir = argv[1];
    /* The command line's session: the disk open to includes beside the file. */
    PigmentSession *session = pigment_session_new_with_disk_access();
    CHECK(session != NULL);
    const char *source = in_dir(dir, "tint.cg");
    static char source_path[4096];
    strcpy(source_path, source);
    OK(pigment_session_add_file(session, source_path, strlen(source_path)));

    PigmentArtifact *spirv = compile(session, source_path, "spirv");
    CHECK(pigment_artifact_output_count(spirv) == 1);
    PigmentOutput out;
    OK(pigment_artifact_output(spirv, 0, &out));
    CHECK(out.is_binary);
    CHECK(out.stage == PIGMENT_STAGE_FRAGMENT);
    /* SPIR-V's magic number, little-endian, and a whole number of words (SPIR-V spec 2.3). */
    CHECK(out.bytes_len >= 20 && out.bytes_len % 4 == 0);
    CHECK(out.bytes[0] == 0x03 && out.bytes[1] == 0x02 && out.bytes[2] == 0x23 &&
          out.bytes[3] == 0x07);
    same_as_file(dir, "tint.spv", out.bytes, out.bytes_len);
    /* The reflection is the one schema of every target (docs/reflection.md), names the program's
     * uniform with its declared type, and is what `--reflect json` prints. */
    CHECK(out.reflection != NULL);
    CHECK(strlen(out.reflection) == out.reflection_len);
    CHECK(contains(out.reflection, out.reflection_len, "\"schema\": \"pigment-reflection-2\""));
    CHECK(contains(out.reflection, out.reflection_len, "\"name\": \"tint\""));
    CHECK(contains(out.reflection, out.reflection_len, "\"type\": \"float4\""));
    same_as_file(dir, "tint.spv.json", out.reflection, out.reflection_len);
    CHECK(pigment_diagnostics_count(pigment_artifact_warnings(spirv)) == 0);
    pigment_artifact_free(spirv);

    PigmentArtifact *fp30 = compile(session, source_path, "fp30");
    OK(pigment_artifact_output(fp30, 0, &out));
    CHECK(!out.is_binary);
    CHECK(out.name != NULL && strlen(out.name) == out.name_len);
    /* NV_fragment_program text starts with its header (NV_fragment_program spec). */
    CHECK(contains((const char *)out.bytes, out.bytes_len, "!!FP1.0"));
    CHECK(out.bytes[out.bytes_len] == 0);
    same_as_file(dir, "tint.fp", out.bytes, out.bytes_len);
    pigment_artifact_free(fp30);

    pigment_session_free(session);
    return 0;
}
