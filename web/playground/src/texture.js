// The picture every sampler reads, the same texels on both sides: the web drawing's generated 8x8
// test card, or a picture the person uploads (at most 256x256), as 8-bit RGBA with the bottom row
// first. The browser binds it to every sampler; the server binds it to every texture unit of the
// NV machine (the render request's `texture`).

const $ = (id) => document.getElementById(id);
const MAX_SIDE = 256;

/// The uploaded picture, once read ({width, height, data}), else null.
let uploaded = null;

/// The picture to bind: the upload, else the web drawing's own (its generated test card).
export async function current() {
  return uploaded ?? (await window.PigmentWeb.picture());
}

/// The picture as the render request's `texture`.
export function asRequest(image) {
  return { width: image.width, height: image.height, rgba: Array.from(image.data) };
}

/// Reads `file` into texels: drawn unscaled on a canvas and read back, rows flipped to put t = 0
/// at the bottom, as the machine and the web drawing sample.
async function read(file) {
  const bitmap = await createImageBitmap(file, { premultiplyAlpha: "none", colorSpaceConversion: "none" });
  const { width, height } = bitmap;
  if (width > MAX_SIDE || height > MAX_SIDE) {
    throw new Error(`the picture is ${width}x${height}; at most ${MAX_SIDE}x${MAX_SIDE}`);
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const top = context.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    data.set(top.subarray((height - 1 - y) * width * 4, (height - y) * width * 4), y * width * 4);
  }
  return { width, height, data };
}

/// The upload field: a picture chosen is read and `changed` runs; an unreadable or too large one
/// is said beside it.
export function listen(changed) {
  const field = $("texture");
  field.addEventListener("change", async () => {
    const file = field.files[0];
    try {
      uploaded = file ? await read(file) : null;
      $("texture-note").textContent = uploaded ? `${uploaded.width}x${uploaded.height}` : "test card";
      changed();
    } catch (e) {
      $("texture-note").textContent = e.message;
    }
  });
}
