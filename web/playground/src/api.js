// The server's API as the page calls it: a compile's JSON, the NV machine's picture as a PNG.
export async function compile(body) {
  const response = await fetch("/api/compile", { method: "POST", body: JSON.stringify(body) });
  return { status: response.status, ...(await response.json()) };
}

export async function render(body) {
  const response = await fetch("/api/render", { method: "POST", body: JSON.stringify(body) });
  if (response.ok) return { image: URL.createObjectURL(await response.blob()) };
  return { error: (await response.json()).error };
}

export async function examples() {
  const response = await fetch("/api/examples");
  return response.ok ? response.json() : [];
}
