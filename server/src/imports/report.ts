import { createServerTranslator, type LanguageCode } from '@movieclub/contract';
import { SERVER_CATALOGUES } from '@movieclub/contract/serverCatalogues';
import { stringify } from 'csv-stringify/sync';
import type { ImportRowRecord } from './queries';
import { REPORT_TEXTS } from './reportTexts';

/** Where one of a row's reasons ends and the next begins: each is a sentence, joined by joinReasons. */
const NEXT_REASON = /(?<=[.?!])\s+(?=[A-Z‘'“"])/;

/** A row's reasons as it stores them: one text, in the API as in the report. */
export const joinReasons = (reasons: string[]) => reasons.join(' ');

/** A row's reason as the reader's language writes it: English as stored, another through the server's sentence catalogue. */
function reasonsIn(language: LanguageCode): (reason: string) => string {
  if (language === 'en') return (reason) => reason;
  const numbers = new Intl.NumberFormat(language);
  const translate = createServerTranslator(SERVER_CATALOGUES[language], (value) => numbers.format(value));
  return (reason) => {
    const parts = reason.split(NEXT_REASON);
    const translated = parts.map(translate);
    // Joined reasons are translated one by one; a text whose parts are not all known is one reason ('… the list “Dr. No”.').
    return parts.length > 1 && translated.every((text, index) => text !== parts[index]) ? translated.join(' ') : translate(reason);
  };
}

/**
 * An import's rows as CSV in `language`: where each came from, what it matched, and what happened
 * to it (with a BOM, for spreadsheets). Titles, list names and files stay as the member's file had them.
 */
export function reportCsv(rows: ImportRowRecord[], listNames: Map<number, string>, language: LanguageCode): string {
  const words = REPORT_TEXTS[language];
  const reason = reasonsIn(language);
  const records = rows.map((row) => [
    row.file,
    row.line,
    words.kind(row.kind),
    row.title,
    row.year ?? '',
    row.list_index === null ? '' : (listNames.get(row.list_index) ?? ''),
    words.match(row.match),
    row.tconst ?? '',
    words.outcome(row.outcome),
    row.reason ? reason(row.reason) : '',
  ]);
  return `\uFEFF${stringify([words.header, ...records], { record_delimiter: 'windows' })}`;
}
