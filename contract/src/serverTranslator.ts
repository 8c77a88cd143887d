// Without zod: the client imports this at run time (see index.ts).

/**
 * Translates the sentences the server sends (error sentences, notification texts, an import's
 * reasons): the server writes English, and a catalogue keyed by its English (`i18n/<language>/server.json`,
 * kept complete by the client's `serverSentences.test.ts`) gives the translation. A key with `{{name}}`
 * placeholders matches any sentence that fills them in; what filled them is put into the
 * translation, itself translated when it is a whole server sentence (a reason inside a sentence).
 * A sentence the catalogue does not know stays as the server wrote it. The client shows its
 * readers the server's sentences this way; the server writes what a member keeps (an import's
 * report) this way.
 */
export type ServerTranslate = (text: string) => string;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/;

interface Pattern {
  names: string[];
  match: RegExp;
  translation: string;
  /** Letters outside the placeholders: the more, the more specific the key. */
  literalLength: number;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `sentence` with its `{{name}}` placeholders filled from `values` (what is filled in is not read again). */
export const fillSentence = (sentence: string, values: Record<string, string>) =>
  sentence.replace(new RegExp(PLACEHOLDER.source, 'g'), (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));

function patternOf(english: string, translation: string): Pattern {
  // split with a capturing group alternates text and placeholder names.
  const parts = english.split(new RegExp(PLACEHOLDER.source, 'g'));
  const names = parts.filter((_, index) => index % 2 === 1);
  const texts = parts.filter((_, index) => index % 2 === 0);
  const source = texts.map(escape).join('([\\s\\S]+?)');
  return { names, match: new RegExp(`^${source}$`), translation, literalLength: texts.join('').length };
}

/** How deep a filled-in value is translated: a reason inside a reason, no deeper. */
const NESTING = 2;
/** A number the server wrote with English grouping ('2,000'), written again the reader's way ('2.000'). */
const ENGLISH_NUMBER = /^\d{1,3}(,\d{3})+$/;

/** Only a value that is itself a sentence is translated (a title or a name never is, unless it reads like one). */
const isSentence = (value: string) => value.includes(' ') && /[.?!]$/.test(value);

/** `formatNumber` writes a number the reader's way. */
export function createServerTranslator(catalogue: Record<string, string>, formatNumber: (value: number) => string): ServerTranslate {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [english, translation] of Object.entries(catalogue)) {
    if (PLACEHOLDER.test(english)) patterns.push(patternOf(english, translation));
    else exact.set(english, translation);
  }
  patterns.sort((a, b) => b.literalLength - a.literalLength);

  const translate = (text: string, depth: number): string => {
    const whole = exact.get(text);
    if (whole !== undefined) return whole;
    for (const pattern of patterns) {
      const found = pattern.match.exec(text);
      if (!found) continue;
      const values: Record<string, string> = {};
      pattern.names.forEach((name, index) => (values[name] = fill(found[index + 1], depth)));
      return fillSentence(pattern.translation, values);
    }
    return text;
  };
  const fill = (value: string, depth: number): string => {
    if (ENGLISH_NUMBER.test(value)) return formatNumber(Number(value.replace(/,/g, '')));
    return depth < NESTING && isSentence(value) ? translate(value, depth + 1) : value;
  };
  return (text) => translate(text, 0);
}
