/** What a link preview of a year in review shows (Open Graph and Twitter card tags). */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute addresses: previews are fetched by other sites. */
  image: string;
  url: string;
  /** Open Graph's name of the club's language the texts are in ('de_DE'). */
  locale: string;
}

const escapeAttribute = (text: string) => text.replace(/[<>&"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char]!);

/** The page with the preview's tags in its head (before its closing tag), the title replaced. */
export function withLinkPreview(html: string, preview: LinkPreview): string {
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'MovieClub'],
    ['og:locale', preview.locale],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ['og:image', preview.image],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
    ['og:url', preview.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeAttribute(content)}" />`)
    .concat(
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:image" content="${escapeAttribute(preview.image)}" />`,
    )
    .join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(preview.title)}</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
}
