#!/usr/bin/env bash
# A contact sheet of well-known libretro presets run by `pigment preset` on one picture (each cell
# the centre of a preset's output at full size).
# Usage: scripts/preset-contact-sheet.sh COMMON_SHADERS_DIR OUT.png [INPUT.png]
# COMMON_SHADERS_DIR is a local checkout of libretro's common-shaders (not part of this repository);
# INPUT.png defaults to the test card of examples/cg/testcard.cg, rendered at 256x224.
set -euo pipefail
cs=${1:?common-shaders directory}; out=${2:?output PNG}; input=${3:-}
presets=(crt/crt-geom.cgp crt/crt-royale.cgp crt/crt-easymode.cgp crt/crt-lottes.cgp
  crt/zfast-crt.cgp ntsc/ntsc-256px-gauss-scanline.cgp xbr/xbr-lv2.cgp xbr/super-xbr-3p-smoother.cgp
  hqx/hq2x.cgp hqx/hq4x.cgp xbrz/2xbrz-linear.cgp crt/GritsScanlines.cgp)
cargo build -q -p pigment --release
tmp=$(mktemp -d)
if [ -z "$input" ]; then
  input="$tmp/testcard.png"
  target/release/pigment render examples/cg/testcard.cg --size 256x224 -o "$input" 2>/dev/null
fi
shots=()
for p in "${presets[@]}"; do
  shot="$tmp/$(echo "$p" | tr / _).png"
  if target/release/pigment preset "$cs/$p" --input "$input" --scale 2 -o "$shot" 2>"$shot.log"; then
    shots+=("$shot")
  else
    echo "preset-contact-sheet: $p failed (see $shot.log)" >&2
  fi
done
cargo run -q -p pigment-preset --release --example contact_sheet -- "$out" "${shots[@]}"
echo "wrote $out (${#shots[@]} of ${#presets[@]} presets)"
