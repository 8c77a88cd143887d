import type { ImportMatch, ImportRowKind, LanguageCode } from '@movieclub/contract';

const KINDS: Record<ImportRowKind, string> = { rating: 'Bewertung', review: 'Kritik', diary: 'Tagebucheintrag', watched: 'Gesehen', watchlist: 'Merkliste', list: 'Listeneintrag' };
const MATCHES: Record<ImportMatch, string> = { matched: 'Zugeordnet', ambiguous: 'Auswahl nötig', unmatched: 'Nicht gefunden', skipped: 'Weggelassen' };
const OUTCOMES: Record<string, string> = { added: 'Hinzugefügt', skipped: 'Übersprungen', unmatched: 'Nicht zugeordnet' };
/** A stored code in its German word (a code written by a later version shows as it is). */
const inGerman = (words: Record<string, string>, code: string) => (Object.hasOwn(words, code) ? words[code] : code);

/** The words of an import's CSV report in each language the client speaks (the client's words for the same things); reasons come from the server's sentence catalogue. */
export interface ReportTexts {
  header: string[];
  /** English keeps the codes the API uses; another language writes them as its readers say them. */
  kind(kind: string): string;
  match(match: string): string;
  outcome(outcome: string | null): string;
}

export const REPORT_TEXTS: Record<LanguageCode, ReportTexts> = {
  en: {
    header: ['File', 'Line', 'Kind', 'Title', 'Year', 'List', 'Match', 'IMDb id', 'Outcome', 'Reason'],
    kind: (kind) => kind,
    match: (match) => match,
    outcome: (outcome) => outcome ?? 'not imported yet',
  },
  de: {
    header: ['Datei', 'Zeile', 'Art', 'Titel', 'Jahr', 'Liste', 'Zuordnung', 'IMDb-ID', 'Ergebnis', 'Grund'],
    kind: (kind) => inGerman(KINDS, kind),
    match: (match) => inGerman(MATCHES, match),
    outcome: (outcome) => (outcome ? inGerman(OUTCOMES, outcome) : 'Noch nicht importiert'),
  },
};
