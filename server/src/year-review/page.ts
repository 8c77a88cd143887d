/** What a link preview of a year in review shows (Open Graph and Twitter card tags). */
export interface LinkPreview {
  title: string;
  description: string;
  /** Absolute addresses: previews are fetched by other sites. None for a quiet year: there is no card to show. */
  image: string | null;
  /** The page's canonical address: the member's name as stored, no query. */
  url: string;
  /** Open Graph's name of the club's language the texts are in ('de_DE'). */
  locale: string;
  /** The same language as the page's `<html lang>` ('de'). */
  lang: string;
}

const escapeAttribute = (text: string) => text.replace(/[<>&"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char]!);

/**
 * The page with the preview's tags in its head (before its closing tag), the title replaced and
 * `<html lang>` set to the preview's language. Without an image, a small card of title and sentence.
 */
export function withLinkPreview(html: string, preview: LinkPreview): string {
  const picture = preview.image
    ? [
        ['og:image', preview.image],
        ['og:image:width', '1200'],
        ['og:image:height', '630'],
      ]
    : [];
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'MovieClub'],
    ['og:locale', preview.locale],
    ['og:title', preview.title],
    ['og:description', preview.description],
    ...picture,
    ['og:url', preview.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeAttribute(content)}" />`)
    .concat(
      preview.image
        ? [`<meta name="twitter:card" content="summary_large_image" />`, `<meta name="twitter:image" content="${escapeAttribute(preview.image)}" />`]
        : [`<meta name="twitter:card" content="summary" />`],
    )
    .join('\n    ');
  const lang = `lang="${escapeAttribute(preview.lang)}"`;
  return html
    .replace(/<html\b([^>]*)>/i, (_, attributes: string) => `<html${/\slang="[^"]*"/i.test(attributes) ? attributes.replace(/\slang="[^"]*"/i, ` ${lang}`) : `${attributes} ${lang}`}>`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttribute(preview.title)}</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
}
