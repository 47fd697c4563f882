/* preset.c: presets from C. A libretro-style preset with two look-up textures is added to a
 * session from memory (the C program reads the files itself), converted to slang, and every file
 * compared byte for byte with what `pigment preset --convert slang` writes; the converted files
 * are also written into a folder; the preset's chain is rendered on an RGBA8 frame and compared
 * with the command line's picture; a parameter is set from C; every error path is taken.
 *
 * argv[1] is a directory the harness prepared: luts/ (p.cgp, luts.cg, checker.png, ramp.png),
 * params/ (p.cgp, params.cg), missing/p.cgp (a pass that does not exist), and the command
 * line's results: expected/ (the converted files), luts.rgba and params.rgba (the last frame of
 * each chain, RGBA8, top row first). */
#include "check.h"

/* Adds the file `name` of `dir` to the session under its full path, as text or bytes. */
static void add(PigmentSession *session, const char *dir, const char *name, int binary) {
    const char *full = in_dir(dir, name);
    size_t len = 0;
    unsigned char *bytes = read_file(full, &len);
    if (binary) {
        OK(pigment_session_add_bytes(session, full, strlen(full), bytes, len));
    } else {
        OK(pigment_session_add_source(session, full, strlen(full), (const char *)bytes, len));
    }
    free(bytes);
}

/* The input frame: 8x6, red rising to the right, green downwards, blue a pattern. */
enum { IN_W = 8, IN_H = 6, OUT_W = 16, OUT_H = 12 };
static void input_frame(unsigned char *rgba) {
    for (int y = 0; y < IN_H; y++) {
        for (int x = 0; x < IN_W; x++) {
            unsigned char *p = rgba + 4 * (y * IN_W + x);
            p[0] = (unsigned char)(x * 32);
            p[1] = (unsigned char)(y * 40);
            p[2] = (unsigned char)(((x * 7 + y * 3) % 8) * 32);
            p[3] = 255;
        }
    }
}

static void converts_as_the_command_line_does(PigmentSession *session, const char *dir) {
    const char *preset = in_dir(dir, "luts/p.cgp");
    static char preset_path[4096];
    strcpy(preset_path, preset);
    PigmentConverted *converted = NULL;
    OK(pigment_session_convert_preset(session, preset_path, strlen(preset_path),
                                      PIGMENT_RUNTIME_SLANG, &converted));
    CHECK(converted != NULL);
    size_t count = pigment_converted_file_count(converted);
    /* One pass, two look-up textures, the preset last. */
    CHECK(count == 4);
    for (size_t i = 0; i < count; i++) {
        PigmentFile file;
        OK(pigment_converted_file(converted, i, &file));
        CHECK(file.name[file.name_len] == '\0');
        static char name[4096];
        CHECK(snprintf(name, sizeof name, "expected/%s", file.name) < (int)sizeof name);
        same_as_file(dir, name, file.bytes, file.bytes_len);
    }
    PigmentFile last;
    OK(pigment_converted_file(converted, count - 1, &last));
    CHECK(strcmp(last.name, "preset.slangp") == 0);
    /* Past the end: an error, and the file left empty. */
    PigmentError *error = FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                                pigment_converted_file(converted, count, &last));
    CHECK(last.name == NULL && last.bytes_len == 0);
    pigment_error_free(error);
    /* Into a folder: the same files. */
    const char *out = in_dir(dir, "written");
    static char out_path[4096];
    strcpy(out_path, out);
    OK(pigment_converted_write(converted, out_path, strlen(out_path)));
    for (size_t i = 0; i < count; i++) {
        PigmentFile file;
        OK(pigment_converted_file(converted, i, &file));
        static char name[4096];
        CHECK(snprintf(name, sizeof name, "written/%s", file.name) < (int)sizeof name);
        same_as_file(dir, name, file.bytes, file.bytes_len);
    }
    pigment_converted_free(converted);
}

/* Renders `preset` of `dir` and compares the last frame with the file `expected`. */
static void renders_as_the_command_line_does(PigmentSession *session, const char *dir,
                                             const char *preset, const PigmentParameter *params,
                                             size_t param_count, const char *expected) {
    static char preset_path[4096];
    strcpy(preset_path, in_dir(dir, preset));
    unsigned char input[IN_W * IN_H * 4];
    unsigned char output[OUT_W * OUT_H * 4];
    input_frame(input);
    memset(output, 0xAB, sizeof output);
    OK(pigment_session_render_preset(session, preset_path, strlen(preset_path), params,
                                     param_count, input, IN_W, IN_H, output, OUT_W, OUT_H, 2));
    same_as_file(dir, expected, output, sizeof output);
}

static void errors(PigmentSession *session, const char *dir) {
    PigmentConverted *converted = (PigmentConverted *)1;
    /* A preset whose pass is missing names the pass and the file. */
    static char missing[4096];
    strcpy(missing, in_dir(dir, "missing/p.cgp"));
    PigmentError *error = FAILS(PIGMENT_ERROR_REQUEST,
                                pigment_session_convert_preset(session, missing, strlen(missing),
                                                               PIGMENT_RUNTIME_SLANG, &converted));
    size_t len = 0;
    const char *message = pigment_error_message(error, &len);
    CHECK(contains(message, len, "pass 0") && contains(message, len, "gone.cg"));
    CHECK(converted == NULL);
    pigment_error_free(error);
    /* A preset the session does not hold. */
    error = FAILS(PIGMENT_ERROR_NO_SOURCE,
                  pigment_session_convert_preset(session, S("nowhere.cgp"), PIGMENT_RUNTIME_GLSL,
                                                 &converted));
    pigment_error_free(error);
    /* An unknown runtime, NULL pointers, bad UTF-8. */
    error = FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                  pigment_session_convert_preset(session, S("x.cgp"), 7, &converted));
    pigment_error_free(error);
    error = FAILS(PIGMENT_ERROR_NULL_POINTER,
                  pigment_session_convert_preset(NULL, S("x.cgp"), 0, &converted));
    pigment_error_free(error);
    error = FAILS(PIGMENT_ERROR_NULL_POINTER,
                  pigment_session_convert_preset(session, S("x.cgp"), 0, NULL));
    pigment_error_free(error);
    error = FAILS(PIGMENT_ERROR_INVALID_UTF8,
                  pigment_session_convert_preset(session, "\xff", 1, 0, &converted));
    pigment_error_free(error);
    error = FAILS(PIGMENT_ERROR_INVALID_UTF8, pigment_session_add_bytes(session, "\xfe", 1, NULL, 0));
    pigment_error_free(error);
    error = FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_session_add_bytes(session, S("b"), NULL, 4));
    pigment_error_free(error);
    PigmentFile file;
    error = FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_converted_file(NULL, 0, &file));
    pigment_error_free(error);
    CHECK(pigment_converted_file_count(NULL) == 0);
    error = FAILS(PIGMENT_ERROR_NULL_POINTER, pigment_converted_write(NULL, S("dir")));
    pigment_error_free(error);
    pigment_converted_free(NULL);
    /* Rendering: no input, an empty viewport, no frames, an unknown parameter. */
    static char luts[4096];
    strcpy(luts, in_dir(dir, "luts/p.cgp"));
    unsigned char input[IN_W * IN_H * 4];
    unsigned char output[4];
    input_frame(input);
    error = FAILS(PIGMENT_ERROR_NULL_POINTER,
                  pigment_session_render_preset(session, luts, strlen(luts), NULL, 0, NULL, IN_W,
                                                IN_H, output, 1, 1, 1));
    pigment_error_free(error);
    error = FAILS(PIGMENT_ERROR_INVALID_ARGUMENT,
                  pigment_session_render_preset(session, luts, strlen(luts), NULL, 0, input, IN_W,
                                                IN_H, output, 0, 1, 1));
    pigment_error_free(error);
    error = FAILS(PIGMENT_ERROR_REQUEST,
                  pigment_session_render_preset(session, luts, strlen(luts), NULL, 0, input, IN_W,
                                                IN_H, output, 1, 1, 0));
    pigment_error_free(error);
    PigmentParameter unknown = {S("NOPE"), 1.0f};
    error = FAILS(PIGMENT_ERROR_REQUEST,
                  pigment_session_render_preset(session, luts, strlen(luts), &unknown, 1, input,
                                                IN_W, IN_H, output, 1, 1, 1));
    message = pigment_error_message(error, &len);
    CHECK(contains(message, len, "NOPE"));
    pigment_error_free(error);
}

int main(int argc, char **argv) {
    CHECK(argc == 2);
    const char *dir = argv[1];
    /* A session of files from memory: the disk is never read. */
    PigmentSession *session = pigment_session_new();
    CHECK(session != NULL);
    add(session, dir, "luts/p.cgp", 0);
    add(session, dir, "luts/luts.cg", 0);
    add(session, dir, "luts/checker.png", 1);
    add(session, dir, "luts/ramp.png", 1);
    add(session, dir, "params/p.cgp", 0);
    add(session, dir, "params/params.cg", 0);
    add(session, dir, "missing/p.cgp", 0);
    converts_as_the_command_line_does(session, dir);
    renders_as_the_command_line_does(session, dir, "luts/p.cgp", NULL, 0, "luts.rgba");
    PigmentParameter gain = {S("GAIN"), 0.25f};
    renders_as_the_command_line_does(session, dir, "params/p.cgp", &gain, 1, "params.rgba");
    errors(session, dir);
    pigment_session_free(session);
    return 0;
}
