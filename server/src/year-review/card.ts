import sharp from 'sharp';

/** What a shared year card shows: who (or the club), the year, four figures and a few titles. */
export interface YearCard {
  /** The line above the heading ('MovieClub · Year in review'), written in capitals. */
  banner: string;
  heading: string;
  year: number;
  figures: { label: string; value: string }[];
  /** 'Top films', 'Favourite genres'…: at most three lines each. */
  lists: { title: string; lines: string[] }[];
}

const WIDTH = 1200;
const HEIGHT = 630;
const FONT = "'Inter', 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** Shortens a line to fit the card, on a character boundary (not inside a surrogate pair). */
function fit(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The card as SVG: the layout is fixed, so link previews look the same everywhere. */
export function yearCardSvg(card: YearCard): string {
  const figures = card.figures.slice(0, 4).map((figure, index) => {
    const x = 60 + index * 275;
    return `<g transform="translate(${x} 230)">
  <rect width="250" height="130" rx="16" fill="#1e3a8a"/>
  <text x="24" y="70" font-size="52" font-weight="700" fill="#ffffff">${escapeXml(fit(figure.value, 8))}</text>
  <text x="24" y="108" font-size="24" fill="#bfdbfe">${escapeXml(fit(figure.label, 16))}</text>
</g>`;
  });
  // A list with nothing in it (no genres yet) leaves its place empty rather than show a bare heading.
  const lists = card.lists.filter((list) => list.lines.length > 0).slice(0, 2).map((list, index) => {
    const x = 60 + index * 550;
    const lines = list.lines.slice(0, 3).map((line, row) => `<text x="0" y="${44 + row * 36}" font-size="26" fill="#e5e7eb">${escapeXml(fit(line, 34))}</text>`);
    return `<g transform="translate(${x} 440)">
  <text x="0" y="0" font-size="22" font-weight="700" fill="#fbbf24" letter-spacing="2">${escapeXml(list.title.toUpperCase())}</text>
  ${lines.join('\n  ')}
</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="${FONT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#0f172a"/>
<rect width="${WIDTH}" height="12" fill="#fbbf24"/>
<text x="60" y="100" font-size="28" fill="#93c5fd" letter-spacing="3">${escapeXml(card.banner.toUpperCase())}</text>
<text x="60" y="180" font-size="64" font-weight="700" fill="#ffffff">${escapeXml(fit(`${card.heading} · ${card.year}`, 32))}</text>
${figures.join('\n')}
${lists.join('\n')}
</svg>`;
}

/** The card as a 1200×630 PNG, the size link previews expect. */
export function yearCardPng(card: YearCard): Promise<Buffer> {
  return sharp(Buffer.from(yearCardSvg(card))).png({ compressionLevel: 9 }).toBuffer();
}
