#!/usr/bin/env node
// Draws the installable app's icons from the club's reel (web/public/logo.svg) and
// writes them as PNGs under web/public/icons/. The PNGs are committed; run this again
// after changing the logo or the colours: `node web/scripts/generate-icons.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../public/icons');

/** The header's blue (--club-blue in web/src/styles.css) and the reel's gold. */
const BLUE = '#0b1f4b';
const GOLD = '#f5c518';

/** The reel of logo.svg, drawn in a 64-unit box centred on (32, 32). */
const reel = `
  <circle cx="32" cy="32" r="30" fill="${GOLD}"/>
  <circle cx="32" cy="32" r="6" fill="${BLUE}"/>
  <circle cx="32" cy="14" r="7" fill="${BLUE}"/>
  <circle cx="32" cy="50" r="7" fill="${BLUE}"/>
  <circle cx="14" cy="32" r="7" fill="${BLUE}"/>
  <circle cx="50" cy="32" r="7" fill="${BLUE}"/>`;

/**
 * A square icon: the reel, `reelShare` of the side wide, centred on a blue square
 * (with rounded corners unless `fullBleed`, for platforms that cut their own shape).
 */
function iconSvg({ reelShare, fullBleed }) {
  const side = 64;
  const scale = reelShare;
  const offset = (side - side * scale) / 2;
  const background = fullBleed
    ? `<rect width="${side}" height="${side}" fill="${BLUE}"/>`
    : `<rect width="${side}" height="${side}" rx="12" fill="${BLUE}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}">${background}<g transform="translate(${offset} ${offset}) scale(${scale})">${reel}</g></svg>`;
}

const ICONS = [
  // 'any' icons: shown as they are, so the reel fills most of the square.
  { file: 'icon-192.png', size: 192, reelShare: 0.8, fullBleed: false },
  { file: 'icon-512.png', size: 512, reelShare: 0.8, fullBleed: false },
  // Maskable: the platform may cut a circle of 80% of the side; the reel stays within 60%.
  { file: 'icon-maskable-512.png', size: 512, reelShare: 0.6, fullBleed: true },
  // iOS rounds the corners itself and shows transparency as black: full bleed.
  { file: 'apple-touch-icon.png', size: 180, reelShare: 0.7, fullBleed: true },
];

fs.mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  const svg = Buffer.from(iconSvg(icon));
  await sharp(svg, { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
  console.log(`Wrote ${path.relative(process.cwd(), path.join(out, icon.file))} (${icon.size}×${icon.size}).`);
}
