#!/usr/bin/env bash
# Cuts the theme's Inter down to Latin (with Latin-1, punctuation, arrows and stars), which
# is what nearly every page shows, and to the weights the styles use (400 to 700; the optical
# sizes stay): 48 KB instead of 345 KB. Characters outside it still come from the whole font
# (docs/behaviour.md, *Serving the client*). Needs fonttools (pip install fonttools brotli).
# Run after a PrimeReact upgrade.
set -euo pipefail
cd "$(dirname "$0")/.."
FONTS=node_modules/primereact/resources/themes/lara-light-blue/fonts
RANGE="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+2074,U+20AC,U+2122,U+2190-21FF,U+2212,U+2215,U+2605-2606,U+FEFF,U+FFFD"
FEATURES="kern,liga,calt,tnum,case,cv02,cv03,cv04,cv11"
WEIGHTS="wght=400:700"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
for NAME in InterVariable:InterLatin InterVariable-Italic:InterLatin-Italic; do
  pyftsubset "$FONTS/${NAME%%:*}.woff2" --unicodes="$RANGE" --layout-features="$FEATURES" --flavor=woff2 --output-file="$TMP/latin.woff2"
  python3 -m fontTools.varLib.instancer "$TMP/latin.woff2" "$WEIGHTS" -o "web/public/fonts/${NAME##*:}.woff2"
done
