// Pigment's shader page: draws the program in shader.js (window.PIGMENT_SHADER, written by
// `pigment compile FILE --target web [--vertex-entry V]`) on the reference quad of
// shared/specs/reference-quad.md.
//
// PIGMENT_SHADER = { width, height, fragment: STAGE, vertex: STAGE (optional) } with
// STAGE = { wgsl, wgslReflection, uniformBytes (its std140 buffer), glsl, glslReflection,
//           glslUniforms: [{ name, cg_name, width, length (array elements), int, values }],
//           sizes: [{ size: "picture" | "output", cg_name, offset, width, glsl }] }.
// Both reflections are Pigment's one schema, `pigment-reflection-2` (docs/reflection.md): `entry`,
// `inputs` ({ name, type, semantic, referenced, location?, builtin?, target_name?, target_type? }),
// `uniforms` (naga's with `offset`, `size`), `textures` ({ name, referenced, unit, group?,
// binding?, sampler_binding?, target_name? }) and naga's `uniform_block` ({ group, binding }).
// `sizes` are the uniforms libretro's Cg runtime sets (`IN.video_size`, `IN.texture_size`: the
// picture's size; `IN.output_size`: the page's); the page writes them before drawing.
//
// The quad is a triangle strip over corners (s, t) at clip position (2s - 1, 2t - 1). With a
// vertex stage, its attributes are the quad's by semantic (POSITION, TEXCOORD0 = (s, t, 0, 1),
// TEXCOORD1 = (1 - s, 2t - 1, (s + t) / 2, 1), COLOR0 = (s, t, 1 - s, 1), COLOR1 = (t, s, 0.5, 1), any
// other (0, 0, 0, 1)); without one the page writes a vertex stage giving the fragment program those
// values as its varyings. Every sampler reads `texture.png` (see `picture`). The page draws into a
// float target offscreen and reads it back (#pixels, JSON, row 0 at the bottom, as `pigment run
// --raw`; POSTed to `?report=PATH` for tests, since a headless browser's DOM dump does not wait for
// WebGPU); the canvas shows those pixels through a 2D context.
//
// An ISL scene (the playground's) comes with `mesh` ({attributes: {SEMANTIC: floats, four a vertex},
// indices}): the vertices after the machine's vertex stage, drawn as triangles with a depth test
// (LESS) through the program's own vertex stage; and with `atmosphere` (a STAGE), drawn after over
// the surface's picture (read as its `FB` texture) where the surface was drawn (depth test EQUAL).
//
// Every float uniform (a scalar or a vector, not the libretro sizes) gets a control under the
// picture: its values, separated by commas; a change redraws. `?u.NAME=1,0.5,0` sets uniform NAME
// (its Cg name) before the first drawing, as `pigment render --param NAME=1,0.5,0` does.
"use strict";

// The quad's value of `semantic` at corner (s, t).
function quadValue(semantic, s, t) {
  switch ((semantic || "").toUpperCase()) {
    case "POSITION": case "POSITION0": case "ATTR0": return [2 * s - 1, 2 * t - 1, 0, 1];
    case "TEXCOORD": case "TEXCOORD0": return [s, t, 0, 1];
    case "TEXCOORD1": return [1 - s, 2 * t - 1, (s + t) / 2, 1];
    case "COLOR": case "COLOR0": case "DIFFUSE": return [s, t, 1 - s, 1];
    case "COLOR1": case "SPECULAR": return [t, s, 0.5, 1];
    default: return [0, 0, 0, 1];
  }
}

const CORNERS = [[0, 0], [1, 0], [0, 1], [1, 1]];

// The values of `semantic` at every vertex: the scene's (`mesh`), else the quad's four corners.
function attributeData(semantic, mesh) {
  if (mesh) return new Float32Array(mesh.attributes[(semantic || "").toUpperCase()] || []);
  return new Float32Array(CORNERS.flatMap(([s, t]) => quadValue(semantic, s, t)));
}

// The stages that draw: the vertex stage (when the program has one), the fragment stage and an
// ISL scene's atmosphere.
function stagesOf(shader) {
  return [shader.vertex, shader.fragment, shader.atmosphere].filter((s) => s);
}

// The same values written in a shader, per corner (s, t) variables.
function quadExpression(semantic, vec4) {
  const e = {
    TEXCOORD: "(s, t, 0.0, 1.0)", TEXCOORD0: "(s, t, 0.0, 1.0)",
    TEXCOORD1: "(1.0 - s, 2.0 * t - 1.0, (s + t) / 2.0, 1.0)",
    COLOR: "(s, t, 1.0 - s, 1.0)", COLOR0: "(s, t, 1.0 - s, 1.0)", COLOR1: "(t, s, 0.5, 1.0)",
  }[(semantic || "").toUpperCase()] || "(0.0, 0.0, 0.0, 1.0)";
  return vec4 + e;
}

const WIDTHS = { float: 1, float2: 2, float3: 3, float4: 4, half: 1, half2: 2, half3: 3, half4: 4,
                 fixed: 1, fixed2: 2, fixed3: 3, fixed4: 4, int: 1, int2: 2, int3: 3, int4: 4 };
const SWIZZLES = ["", ".x", ".xy", ".xyz", ""];

function status(text) {
  document.getElementById("status").textContent = text;
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

// The page's own vertex stage: the varyings the fragment program reads, at their locations.
function wgslVertex(reflection) {
  const fields = ["@builtin(position) position: vec4f"];
  const sets = [];
  for (const input of reflection.inputs || []) {
    if (input.location === undefined) continue;
    const n = WIDTHS[input.type] || 4;
    const ty = n === 1 ? "f32" : `vec${n}f`;
    const name = `v${input.location}`;
    fields.push(`@location(${input.location}) ${name}: ${ty}`);
    sets.push(`  out.${name} = ${quadExpression(input.semantic, "vec4f")}${SWIZZLES[n]};`);
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

// A mesh's clip positions are GL's (z from -w to w); WebGPU clips z to [0, w]. z becomes (z + w) / 2
// in place, which is the depth GL's default depth range gives: the same surfaces pass the tests.
function webgpuDepthRange(clip) {
  for (let i = 0; i + 3 < clip.length; i += 4) clip[i + 2] = (clip[i + 2] + clip[i + 3]) / 2;
}

// The vertex state: the program's own (a buffer per attribute) or the page's.
function vertexState(device, shader) {
  if (!shader.vertex) {
    const module = device.createShaderModule({ code: wgslVertex(shader.fragment.wgslReflection) });
    return { state: { module, entryPoint: "main" }, buffers: [] };
  }
  const reflection = shader.vertex.wgslReflection;
  const module = device.createShaderModule({ code: shader.vertex.wgsl });
  const layouts = [];
  const buffers = [];
  for (const input of reflection.inputs || []) {
    if (input.location === undefined) continue;
    const data = attributeData(input.semantic, shader.mesh);
    if (shader.mesh && (input.semantic || "").toUpperCase() === "POSITION") webgpuDepthRange(data);
    const buffer = device.createBuffer({ size: Math.max(data.byteLength, 16),
      usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, data);
    buffers.push(buffer);
    layouts.push({ arrayStride: 16,
      attributes: [{ shaderLocation: input.location, offset: 0, format: "float32x4" }] });
  }
  return { state: { module, entryPoint: reflection.entry, buffers: layouts }, buffers };
}

// Every resource of `stages`: uniform buffers, the picture's texture and its sampler (`frame`'s
// view for the texture `FB`, an atmosphere's).
function resources(device, stages, image, frame) {
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
  const out = [];
  for (const stage of stages) {
    const reflection = stage.wgslReflection;
    const block = reflection.uniform_block;
    if (block) {
      const data = new Uint8Array(stage.uniformBytes);
      const buffer = device.createBuffer({ size: Math.max(data.byteLength, 16),
        usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
      device.queue.writeBuffer(buffer, 0, data);
      out.push({ group: block.group, binding: block.binding, resource: { buffer } });
    }
    for (const t of reflection.textures || []) {
      // A texture the program never reads is declared but unused: the "auto" layout has no slot.
      if (!t.referenced) continue;
      const view = (t.name === "FB" && frame ? frame : texture).createView();
      out.push({ group: t.group, binding: t.binding, resource: view });
      if (t.sampler_binding !== undefined) {
        out.push({ group: t.group, binding: t.sampler_binding, resource: sampler });
      }
    }
  }
  return out;
}

// One render pass of `stages` onto `target` (cleared to (0, 0, 0, 0) unless `load`), with the
// depth buffer `depth` compared by `compare` when the shader has a mesh.
function passWebGPU(device, encoder, shader, { stages, image, target, depth, compare, load, frame }) {
  const vertex = vertexState(device, shader);
  const fragment = stages[stages.length - 1];
  const pipeline = device.createRenderPipeline({
    layout: "auto",
    vertex: vertex.state,
    fragment: { module: device.createShaderModule({ code: fragment.wgsl }),
      entryPoint: fragment.wgslReflection.entry, targets: [{ format: "rgba32float" }] },
    primitive: { topology: shader.mesh ? "triangle-list" : "triangle-strip" },
    depthStencil: depth && { format: "depth32float", depthWriteEnabled: true, depthCompare: compare },
  });
  const bound = resources(device, stages, image, frame);
  const colour = { view: target.createView(), loadOp: load ? "load" : "clear",
    clearValue: [0, 0, 0, 0], storeOp: "store" };
  const pass = encoder.beginRenderPass({ colorAttachments: [colour],
    depthStencilAttachment: depth && { view: depth.createView(), depthLoadOp: load ? "load" : "clear",
      depthClearValue: 1, depthStoreOp: "store" } });
  pass.setPipeline(pipeline);
  vertex.buffers.forEach((buffer, slot) => pass.setVertexBuffer(slot, buffer));
  for (const group of new Set(bound.map((b) => b.group))) {
    const entries = bound.filter((b) => b.group === group)
      .map((b) => ({ binding: b.binding, resource: b.resource }));
    pass.setBindGroup(group, device.createBindGroup({ layout: pipeline.getBindGroupLayout(group),
      entries }));
  }
  if (shader.mesh) {
    const indices = new Uint32Array(shader.mesh.indices);
    const buffer = device.createBuffer({ size: Math.max(indices.byteLength, 16),
      usage: GPUBufferUsage.INDEX | GPUBufferUsage.COPY_DST });
    device.queue.writeBuffer(buffer, 0, indices);
    pass.setIndexBuffer(buffer, "uint32");
    pass.drawIndexed(indices.length);
  } else {
    pass.draw(4);
  }
  pass.end();
}

async function drawWebGPU(shader, image) {
  const adapter = navigator.gpu && await navigator.gpu.requestAdapter();
  if (!adapter) throw new Error("no WebGPU adapter");
  // An atmosphere samples the surface's float picture, which needs filterable float32 textures.
  const filterable = adapter.features.has("float32-filterable");
  if (shader.atmosphere && !filterable) throw new Error("the atmosphere needs float32-filterable");
  const device = await adapter.requestDevice({ requiredFeatures: filterable ? ["float32-filterable"] : [] });
  const { width, height } = shader;
  const colour = () => device.createTexture({ size: [width, height], format: "rgba32float",
    usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC |
      GPUTextureUsage.COPY_DST | GPUTextureUsage.TEXTURE_BINDING });
  const depth = shader.mesh && device.createTexture({ size: [width, height], format: "depth32float",
    usage: GPUTextureUsage.RENDER_ATTACHMENT });
  let target = colour();
  const encoder = device.createCommandEncoder();
  const stages = [shader.vertex, shader.fragment].filter((s) => s);
  passWebGPU(device, encoder, shader, { stages, image, target, depth, compare: "less" });
  if (shader.atmosphere) {
    // Drawn over a copy of the surface's picture, which it reads as `FB`.
    const frame = target;
    target = colour();
    encoder.copyTextureToTexture({ texture: frame }, { texture: target }, [width, height]);
    passWebGPU(device, encoder, shader, { stages: [shader.vertex, shader.atmosphere], image,
      target, depth, compare: "equal", load: true, frame });
  }
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
    out.push(...new Float32Array(bytes.buffer.slice(y * rowBytes, y * rowBytes + width * 16)));
  }
  return out;
}

// ---- WebGL 2 ---------------------------------------------------------------------------------

// The page's own vertex stage for WebGL: the fragment program's varyings, by semantic.
function glslVertex(reflection) {
  const lines = ["#version 300 es", "precision highp float;"];
  const sets = [];
  for (const v of reflection.inputs || []) {
    if (!v.referenced || v.builtin) continue;
    lines.push(`out ${v.target_type} ${v.target_name};`);
    const n = { float: 1, vec2: 2, vec3: 3, vec4: 4 }[v.target_type] || 4;
    sets.push(`  ${v.target_name} = ${quadExpression(v.semantic, "vec4")}${SWIZZLES[n]};`);
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

// The program's vertex attributes from the quad (or the scene's `mesh`), at the locations its
// reflection gives.
function bindAttributes(gl, reflection, mesh) {
  for (const a of reflection.inputs || []) {
    if (!a.referenced || a.builtin || a.location === undefined) continue;
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, attributeData(a.semantic, mesh), gl.STATIC_DRAW);
    gl.enableVertexAttribArray(a.location);
    gl.vertexAttribPointer(a.location, 4, gl.FLOAT, false, 0, 0);
  }
}

function setUniforms(gl, program, stage) {
  for (const u of stage.glslUniforms || []) {
    const location = gl.getUniformLocation(program, u.name);
    if (!location || u.values.length === 0) continue;
    const n = Math.min(Math.max(u.width, 1), 4);
    if (u.int) gl[`uniform${n}iv`](location, new Int32Array(u.values));
    else gl[`uniform${n}fv`](location, new Float32Array(u.values));
  }
}

// The picture as a texture, nearest-filtered and repeating.
function pictureTexture(gl, image) {
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
  return texture;
}

// Every sampler of `stages` reads `picture`, except an atmosphere's `FB`, which reads `frame`.
function bindSamplers(gl, program, stages, picture, frame) {
  for (const stage of stages) {
    for (const s of stage.glslReflection.textures || []) {
      const location = s.referenced && gl.getUniformLocation(program, s.target_name);
      if (!location) continue;
      gl.activeTexture(gl.TEXTURE0 + s.unit);
      gl.bindTexture(gl.TEXTURE_2D, s.name === "FB" && frame ? frame : picture);
      gl.uniform1i(location, s.unit);
    }
  }
}

function linkProgram(gl, vertexText, fragmentText) {
  const program = gl.createProgram();
  gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertexText));
  gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragmentText));
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) throw new Error(gl.getProgramInfoLog(program));
  gl.useProgram(program);
  return program;
}

// A float colour target, a texture (an atmosphere reads the surface's), with the depth buffer
// `depth` when there is one; bound for drawing.
function colourTarget(gl, width, height, depth) {
  const texture = gl.createTexture();
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32F, width, height);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  const fb = gl.createFramebuffer();
  gl.bindFramebuffer(gl.FRAMEBUFFER, fb);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
  if (depth) gl.framebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, depth);
  return { texture, fb };
}

// The quad (a triangle strip), or the scene's triangles.
function drawGeometry(gl, mesh) {
  if (!mesh) {
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    return;
  }
  gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, gl.createBuffer());
  gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, new Uint32Array(mesh.indices), gl.STATIC_DRAW);
  gl.drawElements(gl.TRIANGLES, mesh.indices.length, gl.UNSIGNED_INT, 0);
}

// The atmosphere over a copy of the surface's picture (`surface`), which it reads as `FB`, where
// the surface was drawn (depth EQUAL).
function drawAtmosphereWebGL(gl, shader, vertexText, surface, depth, picture) {
  const { width, height } = shader;
  const target = colourTarget(gl, width, height, depth);
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, surface.fb);
  gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
  gl.bindFramebuffer(gl.FRAMEBUFFER, target.fb);
  const program = linkProgram(gl, vertexText, shader.atmosphere.glsl);
  setUniforms(gl, program, shader.atmosphere);
  bindSamplers(gl, program, [shader.atmosphere], picture, surface.texture);
  gl.depthFunc(gl.EQUAL);
  drawGeometry(gl, shader.mesh);
  return target;
}

function drawWebGL(shader, image) {
  const gl = document.createElement("canvas").getContext("webgl2");
  if (!gl) throw new Error("no WebGL 2");
  if (!gl.getExtension("EXT_color_buffer_float")) throw new Error("no float render targets");
  const { width, height } = shader;
  let depth = null;
  if (shader.mesh) {
    depth = gl.createRenderbuffer();
    gl.bindRenderbuffer(gl.RENDERBUFFER, depth);
    gl.renderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT32F, width, height);
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LESS);
  }
  // The targets are made before the samplers are bound: making one binds its texture.
  let target = colourTarget(gl, width, height, depth);
  const vertexText = shader.vertex ? shader.vertex.glsl : glslVertex(shader.fragment.glslReflection);
  const program = linkProgram(gl, vertexText, shader.fragment.glsl);
  if (shader.vertex) {
    bindAttributes(gl, shader.vertex.glslReflection, shader.mesh);
    setUniforms(gl, program, shader.vertex);
  }
  setUniforms(gl, program, shader.fragment);
  const picture = pictureTexture(gl, image);
  bindSamplers(gl, program, [shader.vertex, shader.fragment].filter((s) => s), picture);
  gl.viewport(0, 0, width, height);
  gl.clearColor(0, 0, 0, 0);
  gl.clearDepth(1);
  gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
  drawGeometry(gl, shader.mesh);
  if (shader.atmosphere) target = drawAtmosphereWebGL(gl, shader, vertexText, target, depth, picture);
  gl.bindFramebuffer(gl.READ_FRAMEBUFFER, target.fb);
  const pixels = new Float32Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.FLOAT, pixels);
  return Array.from(pixels);
}

// ---- the page --------------------------------------------------------------------------------

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

// `?report=PATH` (a test's server): the result is also POSTed there as JSON.
async function report(result) {
  const to = new URLSearchParams(location.search).get("report");
  if (to) await fetch(to, { method: "POST", body: JSON.stringify(result) });
}

// Writes the libretro sizes of every stage into its uniform buffer and GLSL values.
function setSizes(shader, image) {
  for (const stage of stagesOf(shader)) {
    for (const z of stage.sizes || []) {
      const value = z.size === "output" ? [shader.width, shader.height] : [image.width, image.height];
      const full = [value[0], value[1], 0, 1].slice(0, z.width);
      const bytes = new Uint8Array(stage.uniformBytes);
      new Float32Array(bytes.buffer, z.offset, z.width).set(full);
      stage.uniformBytes = Array.from(bytes);
      const u = (stage.glslUniforms || []).find((g) => g.name === z.glsl);
      if (u) u.values = full;
    }
  }
}

// The uniforms a person may set: float scalars and vectors of the stages, by Cg name, with their
// width and current values (from the GLSL list, which carries both).
function settableUniforms(shader) {
  const sizes = new Set();
  const found = new Map();
  for (const stage of stagesOf(shader)) {
    for (const z of stage.sizes || []) sizes.add(z.cg_name);
    for (const u of stage.glslUniforms || []) {
      if (u.int || u.width > 4 || u.values.length !== u.width || sizes.has(u.cg_name)) continue;
      if (u.cg_name.startsWith("FB.")) continue; // an atmosphere's, the server's to set
      if (!found.has(u.cg_name)) found.set(u.cg_name, { width: u.width, values: u.values.slice() });
    }
  }
  return found;
}

// Sets uniform `cgName` of every stage to `values` (missing components keep theirs): in the
// std140 buffer at the member's offset, and in the GLSL values.
function setUniform(shader, cgName, values) {
  for (const stage of stagesOf(shader)) {
    // One value, not an array's elements nor a matrix's rows (whose `size` is more than a row's).
    const member = (stage.wgslReflection.uniforms || [])
      .find((m) => m.name === cgName && !m.array_size && m.size <= 16);
    if (member) {
      const bytes = new Uint8Array(stage.uniformBytes);
      const floats = new Float32Array(bytes.buffer, member.offset, member.size / 4);
      floats.set(values.slice(0, floats.length));
      stage.uniformBytes = Array.from(bytes);
    }
    for (const u of (stage.glslUniforms || []).filter((g) => g.cg_name === cgName)) {
      u.values = u.values.map((v, i) => (i < values.length ? values[i] : v));
    }
  }
}

// One text field per settable uniform; `redraw` runs after a change.
function controls(shader, redraw) {
  const panel = document.getElementById("uniforms");
  for (const [name, u] of settableUniforms(shader)) {
    const label = document.createElement("label");
    label.textContent = `${name} `;
    const field = document.createElement("input");
    field.value = u.values.map((v) => Number(v.toPrecision(6))).join(", ");
    field.size = 24;
    field.addEventListener("change", () => {
      const values = field.value.split(",").map(Number);
      if (values.length === 0 || values.some(Number.isNaN)) { status(`${name}: numbers separated by commas`); return; }
      setUniform(shader, name, values);
      redraw();
    });
    label.appendChild(field);
    panel.appendChild(label);
  }
}

// WebGPU when the browser has it and it finds an adapter, else WebGL 2: many browsers expose
// `navigator.gpu` but find no adapter (no GPU, a blocklisted driver), and would draw nothing.
async function chooseApi() {
  if (!navigator.gpu) return "webgl";
  try {
    return (await navigator.gpu.requestAdapter()) ? "webgpu" : "webgl";
  } catch (e) {
    return "webgl";
  }
}

async function main() {
  const shader = window.PIGMENT_SHADER;
  if (!shader) { status("no shader.js: write one with `pigment compile FILE --target web -o DIR`"); return; }
  const query = new URLSearchParams(location.search);
  if (query.get("size")) [shader.width, shader.height] = query.get("size").split("x").map(Number);
  const canvas = document.getElementById("view");
  canvas.width = shader.width;
  canvas.height = shader.height;
  const scale = Math.max(1, Math.floor(512 / Math.max(shader.width, shader.height)));
  canvas.style.width = `${shader.width * scale}px`;
  canvas.style.height = `${shader.height * scale}px`;
  const api = query.get("api") || await chooseApi();
  for (const [key, value] of query) {
    if (key.startsWith("u.")) setUniform(shader, key.slice(2), value.split(",").map(Number));
  }
  try {
    const image = await picture();
    setSizes(shader, image);
    const draw = async () => {
      const pixels = api === "webgpu" ? await drawWebGPU(shader, image) : drawWebGL(shader, image);
      document.getElementById("pixels").textContent = JSON.stringify(pixels);
      show(canvas, pixels, shader.width, shader.height);
      status(`drawn with ${api === "webgpu" ? "WebGPU (WGSL)" : "WebGL 2 (GLSL ES 3.00)"}`);
      return pixels;
    };
    const pixels = await draw();
    controls(shader, () => draw().catch((e) => status(`${api}: ${e.message}`)));
    await report({ api, pixels });
  } catch (e) {
    status(`${api}: ${e.message}`);
    await report({ api, error: e.message });
  }
}

// The playground (`pigment serve`, web/playground/) loads this file for its drawing and runs its
// own page instead of this one.
window.PigmentWeb = { picture, setSizes, chooseApi, drawWebGPU, drawWebGL, show };
if (!window.PIGMENT_PLAYGROUND) main();
