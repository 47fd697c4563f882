// The playground: an editor whose text is compiled by the server as you type (CodeMirror's linter
// debounces it), the diagnostics as lint marks at their lines, the output with its reflection, and
// the NV machine's picture of the reference quad beside the browser's own drawing of it. The state lives in the URL fragment.
import { EditorView, basicSetup } from "codemirror";
import { linter, lintGutter, setDiagnostics } from "@codemirror/lint";
import { cg } from "./highlight.js";
import * as api from "./api.js";
import * as pictures from "./pictures.js";
import * as uniforms from "./uniforms.js";
import * as texture from "./texture.js";
import { readState, writeState } from "./state.js";

const $ = (id) => document.getElementById(id);
const controls = ["language", "entry", "vertex_entry", "lights", "geometry", "atmosphere", "stage", "target"];
/// The uniform values set beside the pictures ({name: [numbers]}), sent with every request.
const params = {};

const START = `// A Cg fragment program: edit it, and the outputs follow.
float4 main(float2 uv : TEXCOORD0, uniform float3 tint = float3(1.0, 0.5, 0.25)) : COLOR
{
    float rings = frac(length(uv - 0.5) * 8.0);
    return float4(tint * rings, 1.0);
}
`;

/// The main file's name: its language's extension, so the server reads it as that language.
function mainName() {
  const extension = { cg: "cg", isl: "isl", parasol: "p", fp: "fp" }[$("language").value];
  return extension ? `main.${extension}` : "main";
}

function request(text) {
  const body = { sources: [{ name: mainName(), text }], main: mainName(), params };
  for (const id of controls) if ($(id).value) body[id] = $(id).value;
  body.lights = lights();
  return body;
}

/// The ISL surface's light instances: the Lights field's places (a light shader of the file, by
/// name), separated by commas.
function lights() {
  const places = $("lights").value.split(",").map((p) => p.trim()).filter((p) => p);
  return places.map((place) => ({ place }));
}

/// The compile of `body`: a Parasol program (`vertex_entry`) compiles to GLSL only, so for any
/// other target the compile is of the shader `entry` alone (the pictures still draw the program).
function compileBody(body) {
  const parasolShader = body.language === "parasol" && !body.target.startsWith("glsl:");
  return parasolShader ? { ...body, vertex_entry: undefined } : body;
}

/// The character offset of a diagnostic's line and column in the document.
function position(doc, line, column) {
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(at.from + Math.max(column - 1, 0), at.to);
}

function showOutputs(outputs) {
  $("output").textContent = outputs
    .map((o) => (outputs.length > 1 ? `// ${o.name}\n` : "") + (o.text ?? o.asm ?? spirv(o)))
    .join("\n");
  const reflection = outputs.filter((o) => o.reflection).map((o) => o.reflection);
  $("reflection").textContent = reflection.length ? JSON.stringify(reflection, null, 2) : "";
}

/// SPIR-V's words, four to a line, when the server could not disassemble them (and why).
function spirv({ spirv: words = [], asm_error: why }) {
  const hex = words.map((w) => w.toString(16).padStart(8, "0"));
  const note = why ? `; no disassembly: ${why}\n` : "";
  return note + hex.map((h, i) => (i % 4 === 3 ? `${h}\n` : `${h} `)).join("");
}

function showDiagnostics(diagnostics) {
  const list = $("diagnostics");
  list.replaceChildren(
    ...diagnostics.map((d) => {
      const item = document.createElement("li");
      item.className = d.severity;
      item.dataset.line = d.line;
      item.textContent = `${d.file ?? ""}:${d.line}:${d.column}: ${d.severity}: ${d.message}`;
      return item;
    }),
  );
}

/// The pictures: the NV machine draws NV programs, Cg fragment programs (with a vertex entry,
/// through both stages), Parasol programs and ISL surfaces (lit by the Lights field's shaders);
/// the browser draws all but the NV programs.
function showPictures(body, redraw) {
  const note = $("agreement");
  const language = $("language").value;
  const nv = language === "fp" || (language === "" && body.sources[0].text.trimStart().startsWith("!!FP"));
  if (language === "parasol" && !body.vertex_entry) {
    note.textContent = "A Parasol program is drawn: name it (package.Module.name) in Vertex entry / program.";
    return;
  }
  if (!["cg", "fp", "parasol", "isl", ""].includes(language) || $("stage").value === "vertex") {
    note.textContent = "The pictures are drawn for Cg fragment programs, Parasol programs, ISL surfaces and NV programs.";
    return;
  }
  pictures
    .show(body, !nv)
    .then((shader) => shader && uniforms.show(shader, params, redraw))
    .catch((e) => (note.textContent = e.message));
}

/// The newest compile's number: an older answer arriving late must not overwrite a newer one.
let latest = 0;

async function check(view) {
  const ticket = ++latest;
  const text = view.state.doc.toString();
  const body = request(text);
  writeState({ text, params, ...Object.fromEntries(controls.map((id) => [id, $(id).value])) });
  $("status").textContent = "compiling";
  let answer;
  try {
    answer = await api.compile(compileBody(body));
  } catch (e) {
    $("status").textContent = `the server did not answer: ${e}`;
    return [];
  }
  if (ticket !== latest) return [];
  showDiagnostics(answer.diagnostics ?? []);
  if (answer.status === 200) {
    showOutputs(answer.outputs);
    $("status").textContent = "compiled";
    showPictures(body, () => recheck(view));
  } else {
    $("status").textContent = answer.error;
  }
  return (answer.diagnostics ?? [])
    .filter((d) => d.line > 0 && (d.file === null || d.file === body.main))
    .map((d) => {
      const from = position(view.state.doc, d.line, d.column);
      const to = Math.min(from + 1, view.state.doc.line(d.line <= view.state.doc.lines ? d.line : 1).to);
      return { from, to: Math.max(from, to), severity: d.severity === "error" ? "error" : "warning", message: d.message };
    });
}

async function loadExamples(view) {
  const examples = await api.examples();
  const menu = $("example");
  for (const example of examples) menu.append(new Option(example.name, example.name));
  menu.addEventListener("change", () => {
    const example = examples.find((e) => e.name === menu.value);
    if (!example) return;
    $("language").value = example.language;
    $("entry").value = example.entry;
    $("vertex_entry").value = example.vertex_entry;
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: example.text } });
  });
}

/// Compiles at once and sets the marks (the linter runs on edits only).
async function recheck(view) {
  view.dispatch(setDiagnostics(view.state, await check(view)));
}

function start() {
  const state = readState() ?? {};
  for (const id of controls) if (state[id] !== undefined) $(id).value = state[id];
  Object.assign(params, state.params ?? {});
  const view = new EditorView({
    doc: state.text ?? START,
    extensions: [basicSetup, cg, lintGutter(), linter(check, { delay: 300 })],
    parent: $("editor"),
  });
  for (const id of controls) $(id).addEventListener("change", () => recheck(view));
  texture.listen(() => recheck(view));
  loadExamples(view);
  window.playground = view;
}

start();
