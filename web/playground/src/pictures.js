// The two pictures and their difference: the NV machine's rendering of the reference quad (from the
// server) and the browser's own GPU drawing the web target's WGSL (WebGPU) or GLSL ES 3.00 (WebGL 2)
// with web/pigment-web.js, the drawing code of `pigment compile --target web`'s page.
import * as api from "./api.js";
import * as texture from "./texture.js";

const SIZE = 256;
/// How far the two may differ and still agree (as the web page's own test allows).
const TOLERANCE = 2e-3;

const $ = (id) => document.getElementById(id);

/// WebGPU where the browser has it and finds an adapter, else WebGL 2 (`web/pigment-web.js`'s
/// choice, made once); `?api=webgl` or `?api=webgpu` chooses.
let chosen = null;
function chosenApi() {
  const asked = new URLSearchParams(location.search).get("api");
  chosen ??= asked ? Promise.resolve(asked) : window.PigmentWeb.chooseApi();
  return chosen;
}

const API_NAMES = { webgpu: "WebGPU, WGSL", webgl: "WebGL 2, GLSL ES 3.00" };

function paint(id, pixels) {
  const canvas = $(id);
  canvas.width = SIZE;
  canvas.height = SIZE;
  window.PigmentWeb.show(canvas, pixels, SIZE, SIZE);
}

/// The browser's drawing of the program (the object the server writes, with the request's
/// `params` set in it) and that object.
async function browserPixels(body, image) {
  const answer = await api.web({ ...body, target: undefined });
  if (answer.error) throw new Error(answer.error);
  const shader = { ...answer.shader, width: SIZE, height: SIZE };
  const web = window.PigmentWeb;
  web.setSizes(shader, image);
  const drawnWith = await chosenApi();
  const pixels = await (drawnWith === "webgpu" ? web.drawWebGPU(shader, image) : web.drawWebGL(shader, image));
  return { pixels, shader, drawnWith };
}

/// The largest difference of any component (NaN against NaN is no difference) and the difference
/// picture, scaled so that the tolerance is full brightness.
function difference(a, b) {
  const diff = new Float32Array(a.length);
  let largest = 0;
  for (let i = 0; i < a.length; i++) {
    const d = Number.isNaN(a[i]) && Number.isNaN(b[i]) ? 0 : Math.abs(a[i] - b[i]);
    largest = Math.max(largest, Number.isNaN(d) ? Infinity : d);
    diff[i] = i % 4 === 3 ? 1 : d / TOLERANCE;
  }
  return { largest, diff };
}

/// Draws the machine's picture of the request's program and, with `inBrowser`, the browser's, and
/// says whether they agree; the browser's drawing object when it drew one (its uniforms are the
/// controls').
export async function show(body, inBrowser) {
  const note = $("agreement");
  const image = await texture.current();
  const machine = await api.render({
    ...body, target: undefined, width: SIZE, height: SIZE, texture: texture.asRequest(image),
  });
  if (machine.error) {
    note.textContent = machine.error;
    return;
  }
  paint("machine", machine.pixels);
  if (!inBrowser) {
    note.textContent = "The browser draws Cg and Parasol programs and ISL surfaces (through their WGSL or GLSL ES output) only.";
    return;
  }
  let browser, shader, drawnWith;
  try {
    ({ pixels: browser, shader, drawnWith } = await browserPixels(body, image));
  } catch (e) {
    note.textContent = `the browser's ${await chosenApi()}: ${e.message}`;
    return;
  }
  paint("browser", browser);
  const { largest, diff } = difference(machine.pixels, browser);
  paint("difference", diff);
  const verdict = largest <= TOLERANCE ? "agree" : "differ";
  note.dataset.largest = largest;
  note.dataset.api = drawnWith;
  note.textContent = `${verdict}: the largest difference is ${largest.toExponential(2)} ` +
    `(tolerance ${TOLERANCE}; drawn with ${API_NAMES[drawnWith] ?? drawnWith})`;
  return shader;
}
