#!/usr/bin/env bash
# Cuts the theme's Inter down to Latin (with Latin-1, punctuation, arrows and stars), which
# is what nearly every page shows: 66 KB instead of 345 KB. Characters outside it still
# come from the whole font (docs/behaviour.md, *Serving the client*). Needs fonttools
# (Debian: apt-get install fonttools python3-brotli). Run after a PrimeReact upgrade.
set -euo pipefail
cd "$(dirname "$0")/.."
FONTS=node_modules/primereact/resources/themes/lara-light-blue/fonts
RANGE="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+2074,U+20AC,U+2122,U+2190-21FF,U+2212,U+2215,U+2605-2606,U+FEFF,U+FFFD"
FEATURES="kern,liga,calt,tnum,case,cv02,cv03,cv04,cv11"
pyftsubset "$FONTS/InterVariable.woff2" --unicodes="$RANGE" --layout-features="$FEATURES" --flavor=woff2 --output-file=web/public/fonts/InterLatin.woff2
pyftsubset "$FONTS/InterVariable-Italic.woff2" --unicodes="$RANGE" --layout-features="$FEATURES" --flavor=woff2 --output-file=web/public/fonts/InterLatin-Italic.woff2

