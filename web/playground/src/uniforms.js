// The uniform controls beside the pictures: one field per float uniform of the program (as the
// browser's drawing object lists them, both stages), its values separated by commas. A change
// sets the request's `params`, which the server gives both pictures: the NV machine's parameters
// and the browser's uniforms.

const $ = (id) => document.getElementById(id);

/// The float uniforms a person may set, by name: their width and current values (libretro's sizes
/// and an atmosphere's `FB.scale`, which the page and the server set, arrays and matrices are
/// left out).
function settable(shader) {
  const found = new Map();
  for (const stage of [shader.vertex, shader.fragment, shader.atmosphere].filter((s) => s)) {
    const sizes = new Set((stage.sizes || []).map((z) => z.cg_name));
    for (const u of stage.glslUniforms || []) {
      if (u.int || u.width > 4 || u.values.length > u.width || sizes.has(u.cg_name)) continue;
      if (u.cg_name.startsWith("FB.")) continue;
      const values = u.values.length ? u.values : new Array(u.width).fill(0);
      if (!found.has(u.cg_name)) found.set(u.cg_name, { width: u.width, values });
    }
  }
  return found;
}

/// Shows a field per settable uniform of `shader`; `params` ({name: [numbers]}) holds what was
/// set, and `changed` runs after a change. Fields are kept while the uniforms stay the same, so
/// that a redraw does not take the one being edited away.
export function show(shader, params, changed) {
  const panel = $("uniforms");
  const uniforms = settable(shader);
  const key = JSON.stringify([...uniforms].map(([name, u]) => [name, u.width]));
  for (const name of Object.keys(params)) if (!uniforms.has(name)) delete params[name];
  if (panel.dataset.key === key) return;
  panel.dataset.key = key;
  panel.replaceChildren(
    ...[...uniforms].map(([name, u]) => {
      const label = document.createElement("label");
      label.textContent = `${name} `;
      const field = document.createElement("input");
      field.dataset.uniform = name;
      field.size = 20;
      field.value = (params[name] ?? u.values).map((v) => Number(Number(v).toPrecision(6))).join(", ");
      field.addEventListener("change", () => {
        const values = field.value.split(",").map(Number);
        if (values.length > u.width || values.some(Number.isNaN)) {
          field.setCustomValidity(`${u.width} numbers at most, separated by commas`);
          field.reportValidity();
          return;
        }
        field.setCustomValidity("");
        params[name] = values;
        changed();
      });
      label.append(field);
      return label;
    }),
  );
}
