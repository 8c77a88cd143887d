import { LRUCache } from 'lru-cache';
import sharp from 'sharp';

/** Escapes text for SVG content and attributes. */
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A hue from the IMDb id, so each title keeps its own colour. */
export function posterHue(tconst: string): number {
  let hash = 0;
  for (const char of tconst) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** The sprocket holes of one film-strip edge, 15 of them down the poster. */
function sprockets(x: number): string {
  let holes = '';
  for (let y = 12; y < 450; y += 30) holes += `<rect x="${x}" y="${y}" width="12" height="16" rx="3"/>`;
  return holes;
}

/** A film reel: the rim, the hub and five windows. */
function reel(cx: number, cy: number): string {
  let windows = '';
  for (let i = 0; i < 5; i++) {
    const angle = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    const x = (cx + Math.cos(angle) * 30).toFixed(1);
    const y = (cy + Math.sin(angle) * 30).toFixed(1);
    windows += `<circle cx="${x}" cy="${y}" r="12"/>`;
  }
  return `<circle cx="${cx}" cy="${cy}" r="52" fill="none" stroke="#ffffffaa" stroke-width="5"/>`
    + `<g fill="#ffffff33">${windows}</g><circle cx="${cx}" cy="${cy}" r="7" fill="#ffffffaa"/>`;
}

/**
 * A 2:3 poster drawn by the server for titles without one: a film strip in a
 * colour from the id, a reel and the year. The title is not drawn: every
 * screen, and Stremio, prints it beside the poster; it stays in the image's
 * accessible name for the picture opened on its own.
 */
export function posterSvg(tconst: string, title: string, year: number | null): string {
  const hue = posterHue(tconst);
  const yearText = year
    ? `<text x="150" y="320" font-family="Helvetica, Arial, 'DejaVu Sans', 'Liberation Sans', sans-serif" font-size="40" font-weight="700" text-anchor="middle" fill="#ffffffdd">${year}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450" role="img" aria-label="${xml(title)}${year ? ` (${year})` : ''}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/><stop offset="1" stop-color="hsl(${hue},60%,18%)"/></linearGradient></defs>`
    + `<rect width="300" height="450" fill="#111827"/><rect x="36" width="228" height="450" fill="url(#g)"/>`
    + `<g fill="#f3f4f6">${sprockets(12)}${sprockets(276)}</g>`
    + `${reel(150, 190)}${yearText}</svg>`;
}

export const posterPath = (tconst: string) => `/api/posters/${tconst}.svg`;

/** A drawn poster's stored address (`/api/posters/tt….svg`) as its PNG twin; any other address (OMDb's, TMDB's) as it is. */
export const asPngPoster = (url: string) => url.replace(/^(\/api\/posters\/tt\d{7,12})\.svg$/, '$1.png');

/**
 * Rendered PNGs by the exact SVG text, so a title whose facts change gets a new picture and
 * nothing needs forgetting. A few hundred of some 10 KB each: a Stremio catalogue page
 * (100 posters) asked again and again renders once.
 */
const renderedPngs = new LRUCache<string, Promise<Buffer>>({ max: 300 });

/** The drawn poster as a 300×450 PNG, for apps that draw no SVG (Stremio's native ones). */
export function posterPng(svg: string): Promise<Buffer> {
  let png = renderedPngs.get(svg);
  if (!png) {
    png = sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
    renderedPngs.set(svg, png);
    // A failed render is not kept: the next call tries again.
    png.catch(() => renderedPngs.delete(svg));
  }
  return png;
}
