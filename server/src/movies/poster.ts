/** Escapes text for SVG content and attributes. */
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A hue from the IMDb id, so each title keeps its own colour. */
export function posterHue(tconst: string): number {
  let hash = 0;
  for (const char of tconst) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % 360;
}

/** Breaks a title into at most `maxLines` lines of about `width` characters. */
export function wrapTitle(title: string, width = 16, maxLines = 5): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const piece = word.length > width ? `${word.slice(0, width - 1)}…` : word;
    if (current && current.length + 1 + piece.length > width) {
      lines.push(current);
      current = piece;
    } else {
      current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) lines.push(current);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] = `${lines[maxLines - 1].replace(/.$/, '')}…`;
  }
  return lines;
}

/** A 2:3 poster drawn by the server for titles without one: the title, the year, a colour from the id. */
export function posterSvg(tconst: string, title: string, year: number | null): string {
  const hue = posterHue(tconst);
  const lines = wrapTitle(title);
  const top = 200 - lines.length * 17;
  const text = lines
    .map((line, i) => `<text x="150" y="${top + i * 34}" font-size="28" font-weight="700" text-anchor="middle" fill="#fff">${xml(line)}</text>`)
    .join('');
  const yearText = year ? `<text x="150" y="${top + lines.length * 34 + 24}" font-size="22" text-anchor="middle" fill="#ffffffcc">${year}</text>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="450" viewBox="0 0 300 450" role="img" aria-label="${xml(title)}${year ? ` (${year})` : ''}">`
    + `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,42%)"/><stop offset="1" stop-color="hsl(${hue},60%,18%)"/></linearGradient></defs>`
    + `<rect width="300" height="450" fill="url(#g)"/><rect x="12" y="12" width="276" height="426" fill="none" stroke="#ffffff55" stroke-width="2"/>`
    + `<g font-family="Helvetica, Arial, sans-serif">${text}${yearText}</g></svg>`;
}

export const posterPath = (tconst: string) => `/api/posters/${tconst}.svg`;
