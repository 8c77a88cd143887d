import sanitizeHtml from 'sanitize-html';

/**
 * The description allowlist (decisions.md): paragraphs, line breaks, bold,
 * italic, underline, strike, lists, headings, blockquote, code and links with
 * http, https or mailto only. Everything else is dropped; the text inside
 * unknown tags is kept, script and style bodies are not.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'code', 'pre', 'a'],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    // Quill 2 writes bullet lists as <ol><li data-list="bullet">.
    li: ['data-list'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  allowedStyles: {},
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer',
        target: '_blank',
      },
    }),
    li: (tagName, attribs) => {
      const kind = attribs['data-list'];
      const kept: sanitizeHtml.Attributes = kind === 'bullet' || kind === 'ordered' ? { 'data-list': kind } : {};
      return { tagName, attribs: kept };
    },
  },
};

/** Safe HTML for a list description; an editor's empty paragraph becomes ''. */
export function sanitizeDescription(html: string): string {
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const visible = clean.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
  return visible === '' ? '' : clean;
}
