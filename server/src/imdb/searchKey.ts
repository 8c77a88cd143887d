/**
 * The form in which titles are indexed and queries are looked up, the same on
 * both databases: lowercase, accents dropped ('Amélie' → 'amelie'), apostrophes,
 * periods and hyphens dropped ('Spider-Man' → 'spiderman', 'E.T.' → 'et'), '&'
 * read as 'and', other punctuation as a space, spaces collapsed; the sequel
 * numerals II–IX written as digits ('Part II' → 'part 2'; I, V and X stay words:
 * 'I, Robot', 'V for Vendetta'). Only letters, digits and single spaces remain,
 * so a key needs no escaping in a LIKE pattern.
 *
 * The app computes every key (the importer for each title it writes) into
 * imdb_titles.search_title and imdb_alt_titles, on both databases; SQLite also
 * has it as movieclub_search_key (registered on every connection) for its migrations.
 */

/** ASCII characters read as a space, and ASCII characters dropped. */
const ASCII_SPACE = '\t\n\r!"#$%()*+,/:;<=>?@[\\]^_{|}~';
const ASCII_DROP = "'`.-";
/** Letters NFD does not split into a base letter and an accent, and their base letters. */
const LETTERS_FROM = 'øłđðıħς';
const LETTERS_TO = 'olddihσ';
const LETTER_PAIRS: [string, string][] = [
  ['ß', 'ss'],
  ['æ', 'ae'],
  ['œ', 'oe'],
  ['þ', 'th'],
];
/** Other punctuation read as a space (typographic quotes and dashes, CJK punctuation), and dropped (typographic apostrophes and hyphens, 'WALL·E'). */
const UNICODE_SPACE = '\u00a0\u3000–—―“”„‟«»‹›…•¡¿、。，：；！？（）「」『』【】《》〈〉';
const UNICODE_DROP = '’‘´ʼ‐‑·';

function table(from: string, to: string): Map<string, string> {
  const map = new Map<string, string>();
  const targets = [...to];
  [...from].forEach((char, i) => map.set(char, targets[i] ?? ''));
  return map;
}
const UNICODE_TABLE = table(LETTERS_FROM + UNICODE_SPACE + UNICODE_DROP, LETTERS_TO + ' '.repeat([...UNICODE_SPACE].length));
const translate = (text: string, map: Map<string, string>) => [...text].map((char) => map.get(char) ?? char).join('');
/** Any of these ASCII characters, as a regular expression (one code unit each, so never half of another character). */
const anyOf = (chars: string) => new RegExp(`[${chars.replace(/[\\\]^-]/g, '\\$&')}]`, 'g');
const ASCII_SPACES = anyOf(ASCII_SPACE);
const ASCII_DROPS = anyOf(ASCII_DROP);

/** Text that is a key already: lowercase ASCII words of letters and digits, single spaces between. */
const KEY_LIKE = /^[a-z0-9]+(?: [a-z0-9]+)*$/;
/** A word a key never holds: a numeral it writes as a digit. */
const NUMERAL_WORD = /(?:^| )(?:ii|iii|iv|vi|vii|viii|ix)(?= |$)/;

/** The search key of a title or query (the rule above). */
export function searchKey(text: string): string {
  // A key is its own key, and search makes hundreds a query from names that already are keys: those are returned as they are.
  if (KEY_LIKE.test(text) && !NUMERAL_WORD.test(text)) return text;
  let key = text.toLowerCase();
  if (/[^ -~]/.test(key)) {
    key = key.normalize('NFD').replace(/[\u0300-\u036f]+/g, '').normalize('NFC');
    for (const [from, to] of LETTER_PAIRS) key = key.replaceAll(from, to);
    key = translate(key, UNICODE_TABLE);
  }
  key = key.replaceAll('&', ' and ').replace(ASCII_SPACES, ' ').replace(ASCII_DROPS, '');
  return key
    .split(' ')
    .filter(Boolean)
    .map((word) => NUMERAL_DIGITS.get(word) ?? word)
    .join(' ');
}

/** Roman numerals read as sequel numbers. */
const NUMERALS: [string, string][] = [
  ['ii', '2'],
  ['iii', '3'],
  ['iv', '4'],
  ['vi', '6'],
  ['vii', '7'],
  ['viii', '8'],
  ['ix', '9'],
];
const NUMERAL_DIGITS = new Map(NUMERALS);
