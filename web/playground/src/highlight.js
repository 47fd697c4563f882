// Cg-like highlighting for the editor: CodeMirror's C-like legacy mode with Cg's types, semantics
// and intrinsics as keywords, so Cg, ISL, Parasol and NV programs all read with some colour.
import { StreamLanguage } from "@codemirror/language";
import { clike } from "@codemirror/legacy-modes/mode/clike";

const words = (text) => Object.fromEntries(text.split(" ").map((w) => [w, true]));

const types = ["float", "half", "fixed", "int", "bool"].flatMap((t) => [
  t, `${t}2`, `${t}3`, `${t}4`, `${t}2x2`, `${t}3x3`, `${t}4x4`,
]);

export const cg = StreamLanguage.define(
  clike({
    name: "cg",
    keywords: words(
      "if else for while do return break continue discard struct uniform varying in out inout " +
        "const static typedef true false surface light atmosphere shader import package module " +
        "function value let begin end",
    ),
    types: words(
      types.join(" ") + " void sampler1D sampler2D sampler3D samplerCUBE samplerRECT",
    ),
    builtin: words(
      "tex1D tex2D tex3D texCUBE texRECT lerp saturate dot cross normalize length pow exp exp2 " +
        "log log2 sin cos abs min max clamp frac floor ceil step smoothstep mul reflect sqrt rsqrt " +
        "ddx ddy fmod sign any all",
    ),
    atoms: words("POSITION COLOR COLOR0 COLOR1 TEXCOORD0 TEXCOORD1 TEXCOORD2 TEXCOORD3 DEPTH"),
    blockKeywords: words("if else for while do struct"),
    defKeywords: words("struct typedef"),
    typeFirstDefinitions: true,
    hooks: { "#": (stream) => (stream.skipToEnd(), "meta"), "!": (stream) => (stream.skipToEnd(), "meta") },
  }),
);
