#!/usr/bin/env bash
# A contact sheet of well-known libretro presets run by `pigment preset` on one picture.
# Usage: scripts/preset-contact-sheet.sh COMMON_SHADERS_DIR INPUT.png OUT.png
# COMMON_SHADERS_DIR is a local checkout of libretro's common-shaders (not part of this repository).
set -euo pipefail
cs=${1:?common-shaders directory}; input=${2:?input picture}; out=${3:?output PNG}
presets=(crt/crt-geom.cgp crt/crt-royale.cgp crt/crt-easymode.cgp crt/crt-lottes.cgp
  crt/zfast-crt.cgp ntsc/ntsc-256px-gauss-scanline.cgp xbr/xbr-lv2.cgp xbr/super-xbr-3p-smoother.cgp
  hqx/hq2x.cgp hqx/hq4x.cgp xbrz/2xbrz-linear.cgp sabr/sabr-v3.0.cgp)
cargo build -q -p pigment --release
tmp=$(mktemp -d)
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
