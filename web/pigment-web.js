// Pigment's shader page: draws the fragment program in shader.js (window.PIGMENT_SHADER, written by
// `pigment compile FILE --target web`) on the reference quad of shared/specs/reference-quad.md.
//
// PIGMENT_SHADER = { width, height, uniforms: { cgName: [values] },
//                    wgsl, wgslReflection, glsl, glslReflection }
//
// The page supplies the vertex stage itself: four corners (s, t) of a triangle strip at clip
// position (2s - 1, 2t - 1), each varying the fragment program reads given by its semantic as the
// reference quad does (TEXCOORD0 = (s, t, 0, 1), TEXCOORD1 = (1 - s, 2t - 1, (s + t) / 2, 1),
// COLOR0 = (s, t, 1 - s, 1), COLOR1 = (t, s, 0.5, 1), any other (0, 0, 0, 1)). Uniforms take the
// values in `uniforms` by Cg name, else their defaults. It draws into a float target offscreen and
// reads it back (#pixels, JSON, row 0 at the bottom, as `pigment run --raw`); the canvas shows those
// pixels through a 2D context, so that no WebGPU or WebGL surface needs presenting (headless
// browsers have none).
"use strict";

const QUAD_VARYINGS = {
  TEXCOORD0: "vec4f(s, t, 0.0, 1.0)",
  TEXCOORD: "vec4f(s, t, 0.0, 1.0)",
  TEXCOORD1: "vec4f(1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0)",
  COLOR0: "vec4f(s, t, 1.0 - s, 1.0)",
  COLOR: "vec4f(s, t, 1.0 - s, 1.0)",
  COLOR1: "vec4f(t, s, 0.5, 1.0)",
};

function varyingOf(semantic) {
  return QUAD_VARYINGS[(semantic || "").toUpperCase()] || "vec4f(0.0, 0.0, 0.0, 1.0)";
}

const WIDTHS = { float: 1, float2: 2, float3: 3, float4: 4, half: 1, half2: 2, half3: 3, half4: 4,
                 fixed: 1, fixed2: 2, fixed3: 3, fixed4: 4 };
const SWIZZLES = ["", ".x", ".xy", ".xyz", ""];

function status(text) {
  document.getElementById("status").textContent = text;
}

// The value of the uniform `cgName`: the page's, else the default, else zeros.
function uniformValue(shader, cgName, fallback) {
  const given = shader.uniforms && shader.uniforms[cgName];
  if (given) return given;
  return fallback || [];
}

// Defaults by Cg name, from the GLSL reflection (the WGSL one has none).
function glslDefaults(shader) {
  const out = {};
  for (const u of shader.glslReflection.uniforms || []) {
    if (u.default) out[u.cg_name] = u.default.flat();
  }
  return out;
}

// ---- the picture every sampler reads ------------------------------------------------------------

// `texture.png` beside the page where it can be fetched (a page served over HTTP), else a generated
// 8x8 test card; RGBA8, rows bottom first: t = 0 is the picture's bottom row, as Pigment's machine
// loads a PNG. Every sampler reads it, nearest-filtered and repeating (as `pigment render --tex
// NAME=2D:texture.png --filter nearest` binds it).
async function picture() {
  try {
    const response = await fetch("texture.png");
    if (!response.ok) throw new Error(response.statusText);
    // Flipped, unpremultiplied and unconverted: the file's bytes, bottom row first (a 2D canvas
    // would premultiply alpha and round the colours).
    const bitmap = await createImageBitmap(await response.blob(), { imageOrientation: "flipY",
      premultiplyAlpha: "none", colorSpaceConversion: "none" });
    return { width: bitmap.width, height: bitmap.height, bitmap };
  } catch (e) {
    const data = new Uint8Array(8 * 8 * 4);
    for (let i = 0; i < 64; i++) {
      const x = i % 8, y = Math.floor(i / 8);
      data.set([x * 32, y * 32, (x + y) % 2 ? 255 : 64, 255], i * 4);
    }
    return { width: 8, height: 8, data };
  }
}

// ---- WebGPU ----------------------------------------------------------------------------------

function wgslVertex(reflection) {
  const fields = ["@builtin(position) position: vec4f"];
  const sets = [];
  for (const input of reflection.inputs || []) {
    if (!input.binding || input.binding.location === undefined) continue;
    const n = WIDTHS[input.type] || 4;
    const ty = n === 1 ? "f32" : `vec${n}f`;
    const name = `v${input.binding.location}`;
    fields.push(`@location(${input.binding.location}) ${name}: ${ty}`);
    sets.push(`  out.${name} = ${varyingOf(input.semantic)}${SWIZZLES[n]};`);
  }
  return `struct Out {\n  ${fields.join(",\n  ")},\n}
@vertex fn main(@builtin(vertex_index) i: u32) -> Out {
  let s = f32(i & 1u);
  let t = f32(i >> 1u);
  var out: Out;
  out.position = vec4f(2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0);
${sets.join("\n")}
  return out;
}`;
}

// The std140 uniform buffer the reflection describes, filled by Cg name.
function uniformBuffer(shader, resource, defaults) {
  const data = new Float32Array(Math.max(resource.size, 16) / 4);
  for (const m of resource.members) {
    const values = uniformValue(shader, m.name, defaults[m.name]);
    const count = m.array_len || 1;
    const per = (WIDTHS[m.type] || 4);
    for (let e = 0; e < count; e++) {
      for (let c = 0; c < per; c++) {
        const v = values[e * per + c];
        if (v !== undefined) data[(m.offset + e * m.stride) / 4 + c] = v;
      }
    }
  }
  return data;
}

async function drawWebGPU(shader, image) {
  const adapter = navigator.gpu && await navigator.gpu.requestAdapter();
  if (!adapter) throw new Error("no WebGPU adapter");
  const device = await adapter.requestDevice();
  const reflection = shader.wgslReflection;
  const vertex = device.createShaderModule({ code: wgslVertex(reflection) });
  const fragment = device.createShaderModule({ code: shader.wgsl });
  const { width, height } = shader;
  const pipeline = (format) => device.createRenderPipeline({
    layout: "auto",
    vertex: { module: vertex, entryPoint: "main" },
    fragment: { module: fragment, entryPoint: reflection.entry_point, targets: [{ format }] },
    primitive: { topology: "triangle-strip" },
  });
  const defaults = glslDefaults(shader);
  const texture = device.createTexture({ size: [image.width, image.height], format: "rgba8unorm",
    usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST |
      GPUTextureUsage.RENDER_ATTACHMENT });
  if (image.bitmap) {
    device.queue.copyExternalImageToTexture({ source: image.bitmap }, { texture },
      [image.width, image.height]);
  } else {
    device.queue.writeTexture({ texture }, image.data, { bytesPerRow: image.width * 4 },
      [image.width, image.height]);
  }
  const sampler = device.createSampler({ magFilter: "nearest", minFilter: "nearest",
    addressModeU: "repeat", addressModeV: "repeat" });
  const groups = [];
  for (const r of reflection.resources || []) {
    let resource;
    if (r.kind === "uniform_buffer") {
      const data = uniformBuffer(shader, r, defaults);
      const buffer = device.createBuffer({ size: data.byteLength,
        usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      device.queue.writeBuffer(buffer, 0, data);
      resource = { buffer };
    } else if (r.kind === "texture") {
      resource = texture.createView();
    } else if (r.kind === "sampler") {
      resource = sampler;
    } else {
      continue;
    }
    groups.push({ group: r.group, binding: r.binding, resource });
  }
  const target = device.createTexture({ size: [width, height], format: "rgba32float",
    usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
  const encoder = device.createCommandEncoder();
  const p = pipeline("rgba32float");
  const pass = encoder.beginRenderPass({ colorAttachments: [{ view: target.createView(),
    loadOp: "clear", clearValue: [0, 0, 0, 0], storeOp: "store" }] });
  pass.setPipeline(p);
  for (const group of new Set(groups.map((g) => g.group))) {
    const entries = groups.filter((g) => g.group === group)
      .map((g) => ({ binding: g.binding, resource: g.resource }));
    pass.setBindGroup(group, device.createBindGroup({ layout: p.getBindGroupLayout(group), entries }));
  }
  pass.draw(4);
  pass.end();
  const rowBytes = Math.ceil(width * 16 / 256) * 256;
  const readback = device.createBuffer({ size: rowBytes * height,
    usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ });
  encoder.copyTextureToBuffer({ texture: target }, { buffer: readback, bytesPerRow: rowBytes },
    [width, height]);
  device.queue.submit([encoder.finish()]);
  await readback.mapAsync(GPUMapMode.READ);
  const bytes = new Uint8Array(readback.getMappedRange());
  const out = [];
  // WebGPU's row 0 is the top: flip to row 0 at the bottom.
  for (let y = height - 1; y >= 0; y--) {
    const row = new Float32Array(bytes.buffer.slice(y * rowBytes, y * rowBytes + width * 16));
    out.push(...row);
  }
  return out;
}

// ---- WebGL 2 ---------------------------------------------------------------------------------

function glslVertex(reflection) {
  const lines = ["#version 300 es", "precision highp float;"];
  const sets = [];
  for (const v of reflection.varyings_in || []) {
    if (v.builtin) continue;
    lines.push(`out ${v.glsl_type} ${v.name};`);
    const value = varyingOf(v.semantic).replace("vec4f", "vec4");
    const n = { float: 1, vec2: 2, vec3: 3, vec4: 4 }[v.glsl_type] || 4;
    sets.push(`  ${v.name} = ${value}${SWIZZLES[n]};`);
  }
  return `${lines.join("\n")}
void main() {
  float s = float(gl_VertexID & 1);
  float t = float(gl_VertexID >> 1);
  gl_Position = vec4(2.0 * s - 1.0, 2.0 * t - 1.0, 0.0, 1.0);
${sets.join("\n")}
}`;
}

function compile(gl, kind, text) {
  const s = gl.createShader(kind);
  gl.shaderSource(s, text);
  gl.compileShader(s);
  if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) {
    throw new Error(gl.getShaderInfoLog(s) + "\n" + text);
  }
  return s;
}

function setUniforms(gl, program, shader) {
  const defaults = glslDefaults(shader);
  for (const u of shader.glslReflection.uniforms || []) {
    const location = gl.getUniformLocation(program, u.name);
    if (!location) continue;
    const values = new Float32Array(uniformValue(shader, u.cg_name, defaults[u.cg_name]));
    if (values.length === 0) continue;
    const n = { float: 1, vec2: 2, vec3: 3, vec4: 4 }[u.glsl_type];
    if (n) gl[`uniform${n}fv`](location, values);
  }
}

function bindPicture(gl, program, shader, image) {
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  if (image.bitmap) {
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, image.bitmap);
  } else {
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, image.width, image.height, 0, gl.RGBA,
      gl.UNSIGNED_BYTE, image.data);
  }
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.REPEAT);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.REPEAT);
  for (const s of shader.glslReflection.samplers || []) {
    const location = gl.getUniformLocation(program, s.name);
    if (!location) continue;
    gl.activeTexture(gl.TEXTURE0 + s.unit);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.uniform1i(location, s.unit);
  }
}

function drawWebGL(shader, image) {
  const gl = document.createElement("canvas").getContext("webgl2");
  if (!gl) throw new Error("no WebGL 2");
  if (!gl.getExtension("EXT_color_buffer_float")) throw new Error("no float render targets");
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, glslVertex(shader.glslReflection)));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, shader.glsl));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
  gl.useProgram(program);
  setUniforms(gl, program, shader);
  bindPicture(gl, program, shader, image);
  const { width, height } = shader;
  const target = gl.createRenderbuffer();
  gl.bindRenderbuffer(gl.RENDERBUFFER, target);
  gl.renderbufferStorage(gl.RENDERBUFFER, gl.RGBA32F, width, height);
  const fb = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
  gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, target);
  gl.viewport(0, 0, width, height);
  gl.clearColor(0, 0, 0, 0);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  const pixels = new Float32Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, pixels);
  return Array.from(pixels);
}

// Shows the floats (row 0 at the bottom) on the canvas, clamped to [0, 1] in 8 bits.
function show(canvas, pixels, width, height) {
  const context = canvas.getContext("2d");
  const image = context.createImageData(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width * 4; x++) {
      const v = pixels[(height - 1 - y) * width * 4 + x];
      image.data[y * width * 4 + x] = Math.round(Math.min(Math.max(v, 0), 1) * 255);
    }
  }
  context.putImageData(image, 0, 0);
}

// ---- the page --------------------------------------------------------------------------------

// `?report=PATH` (a test's server): the result is also POSTed there as JSON, since a headless
// browser's DOM dump does not wait for WebGPU's asynchronous read-back.
async function report(result) {
  const to = new URLSearchParams(location.search).get("report");
  if (to) await fetch(to, { method: "POST", body: JSON.stringify(result) });
}

async function main() {
  const shader = window.PIGMENT_SHADER;
  if (!shader) { status("no shader.js: write one with `pigment compile FILE --target web -o DIR`"); return; }
  const size = new URLSearchParams(location.search).get("size");
  if (size) [shader.width, shader.height] = size.split("x").map(Number);
  const canvas = document.getElementById("view");
  canvas.width = shader.width;
  canvas.height = shader.height;
  const scale = Math.max(1, Math.floor(512 / Math.max(shader.width, shader.height)));
  canvas.style.width = `${shader.width * scale}px`;
  canvas.style.height = `${shader.height * scale}px`;
  const asked = new URLSearchParams(location.search).get("api");
  const api = asked || (navigator.gpu ? "webgpu" : "webgl");
  try {
    const image = await picture();
    const pixels = api === "webgpu" ? await drawWebGPU(shader, image) : drawWebGL(shader, image);
    document.getElementById("pixels").textContent = JSON.stringify(pixels);
    show(canvas, pixels, shader.width, shader.height);
    status(`drawn with ${api === "webgpu" ? "WebGPU (WGSL)" : "WebGL 2 (GLSL ES 3.00)"}`);
    await report({ api, pixels });
  } catch (e) {
    status(`${api}: ${e.message}`);
    await report({ api, error: e.message });
  }
}

main();
