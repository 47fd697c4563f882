// The server's API as the page calls it: a compile's JSON, the NV machine's picture as floats, the
// web target's drawing data, the examples.
async function post(path, body) {
  return fetch(path, { method: "POST", body: JSON.stringify(body) });
}

export async function compile(body) {
  const response = await post("/api/compile", body);
  return { status: response.status, ...(await response.json()) };
}

/// The machine's picture: f32 RGBA, row 0 at the bottom.
export async function render(body) {
  const response = await post("/api/render", { ...body, format: "f32" });
  if (!response.ok) return { error: (await response.json()).error };
  const pixels = new Float32Array(await response.arrayBuffer());
  const size = (name) => Number(response.headers.get(name));
  return { pixels, width: size("X-Width"), height: size("X-Height") };
}

/// The program as web/pigment-web.js draws it (the web target's `shader.js` object).
export async function web(body) {
  const response = await post("/api/web", body);
  const answer = await response.json();
  return response.ok ? { shader: answer.shader } : { error: answer.error };
}

export async function examples() {
  const response = await fetch("/api/examples");
  return response.ok ? response.json() : [];
}
