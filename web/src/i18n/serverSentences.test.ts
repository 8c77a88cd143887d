import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { COMMENT_TEXT_MAX, DESCRIPTION_MAX, descriptionRequest, REVIEW_TEXT_MAX, reviewPost } from '@movieclub/contract';
import ts from 'typescript';
import { applyTranslator, interpolate, tServer } from './index';
import { serverSentences } from './serverSentenceSource';
import { createServerTranslator } from './serverText';
import { createServerTranslatorFor, SERVER_CATALOGUES } from './translator';

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

/**
 * Texts that end a sentence and then fill in the rest (`… (found ${found}). ${EXPECTED}`): the sentence
 * reader sees a text only when it ends like a sentence, so what such a constant holds reaches people untranslated.
 */
function sentencesEndingInAValue(): string[] {
  const found: string[] = [];
  for (const file of ['server/src', 'contract/src'].flatMap((root) => sourceFiles(path.join(REPO, root)))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isTemplateExpression(node)) {
        const text = node.head.text + node.templateSpans.map((span) => `\${…}${span.literal.text}`).join('');
        if (/^[A-Z‘'“"]/.test(text) && /[.?!][)'’”"]? \$\{…\}$/.test(text)) found.push(`${path.relative(REPO, file)}: ${text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe("the server's sentences in every language", () => {
  const sentences = serverSentences();
  const keys = new Set(sentences.map((sentence) => sentence.key));

  it("reads the sentences from the server's and the contract's source", () => {
    assert.ok(sentences.length > 200, `sentences found: ${sentences.length}`);
    // One of each kind: a constant, a contract's rule, a template with values, a notification.
    for (const key of ['Invalid username or password.', 'Username already taken.', 'Comment cannot be empty.', 'Text review must be at most {{REVIEW_TEXT_MAX}} characters.', 'User {{username}} is already a moderator.', '{{actor}} commented on your review of {{title}}.']) {
      assert.ok(keys.has(key), key);
    }
    // Not for the client's people: the API's descriptions, logs and start-up sentences.
    for (const sentence of sentences) assert.doesNotMatch(sentence.where, /\.test\.ts$|\/testing\/|\/bench\//, sentence.key);
  });

  it('sees every sentence to its end: none ends in a constant that holds more of it', () => {
    assert.deepEqual(sentencesEndingInAValue(), [], 'write the sentence as one text, so its catalogue key is the whole of it');
  });

  for (const [language, catalogue] of Object.entries(SERVER_CATALOGUES)) {
    it(`has every sentence in ${language}, with the same placeholders, and nothing the server no longer sends`, () => {
      const missing = sentences.filter(({ key }) => !catalogue[key]?.trim()).map(({ key, where }) => `${where}: ${JSON.stringify(key)}`);
      assert.deepEqual(missing, [], `${missing.length} server sentences are missing in ${language}/server.json`);
      const unused = Object.keys(catalogue).filter((key) => !keys.has(key));
      assert.deepEqual(unused, [], `${unused.length} sentences in ${language}/server.json are no longer sent`);
      for (const [key, translation] of Object.entries(catalogue)) assert.deepEqual(placeholders(translation), placeholders(key), `${language}: ${key}`);
    });

    it(`finds each sentence in ${language} as the server fills it in`, () => {
      const translateServer = createServerTranslator(catalogue);
      for (const key of keys) {
        const values = Object.fromEntries(placeholders(key).map((name, index) => [name, `Value${index}`]));
        assert.equal(translateServer(interpolate(key, values)), interpolate(catalogue[key], values), key);
      }
    });
  }

  it('puts what the server filled in into the translation, translating a reason that is itself a sentence', () => {
    const translateServer = createServerTranslator({
      'The {{what}} is not valid.': 'Die {{what}} ist ungültig.',
      "The field '{{field}}' is not valid.": 'Das Feld „{{field}}“ ist ungültig.',
      '{{actor}} commented on your review of {{title}}.': '{{actor}} hat deine Kritik zu {{title}} kommentiert.',
      'Import failed: {{reason}}': 'Import fehlgeschlagen: {{reason}}',
      'The file is empty.': 'Die Datei ist leer.',
    });
    // The key with more fixed words wins where two match.
    assert.equal(translateServer("The field 'stars' is not valid."), 'Das Feld „stars“ ist ungültig.');
    assert.equal(translateServer('The query is not valid.'), 'Die query ist ungültig.');
    // Names and titles stay as written, whatever words they hold.
    assert.equal(translateServer('ann commented on your review of The Man Who Knew Too Much.'), 'ann hat deine Kritik zu The Man Who Knew Too Much kommentiert.');
    assert.equal(translateServer('Import failed: The file is empty.'), 'Import fehlgeschlagen: Die Datei ist leer.');
    assert.equal(translateServer('A sentence nobody translated.'), 'A sentence nobody translated.');
  });

  it("tells a movie night's news apart in German, whatever its place is called", () => {
    const translateServer = createServerTranslatorFor('de');
    const cases: [string, string][] = [
      ['The Friday Frights movie night moved to 2026-12-20 at 20:00.', 'Der Filmabend zu Friday Frights wurde auf den 2026-12-20 um 20:00 verschoben.'],
      ["The Friday Frights movie night moved to 2026-12-20 at 20:00, Ann's at the lake, upstairs.", "Der Filmabend zu Friday Frights wurde auf den 2026-12-20 um 20:00 verschoben, Ort: Ann's at the lake, upstairs."],
      ["The Friday Frights movie night is now at Ann's at 5th Street.", "Der Filmabend zu Friday Frights hat einen neuen Ort: Ann's at 5th Street."],
      ['The Friday Frights movie night of 2026-12-20 is cancelled.', 'Der Filmabend zu Friday Frights am 2026-12-20 fällt aus.'],
      ['Reminder: the Friday Frights movie night starts at 20:00 on 2026-12-20.', 'Erinnerung: Der Filmabend zu Friday Frights beginnt am 2026-12-20 um 20:00.'],
    ];
    for (const [english, german] of cases) assert.equal(translateServer(english), german);
  });

  it("gives a failed import's reason in German, with the columns as the file had them", () => {
    const english =
      "The file's columns are not ones this server can import (found foo, bar). Expected a CSV from a Letterboxd export (ratings.csv: Date, Name, Year, Letterboxd URI, Rating), " +
      "an IMDb ratings, list or watchlist export (Const, Your Rating, Date Rated, Title, …), or a CSV with the columns of Letterboxd's importer (any of LetterboxdURI, tmdbID, imdbID).";
    const german = createServerTranslatorFor('de')(english);
    assert.match(german, /^Die Spalten der Datei kann dieser Server nicht importieren \(gefunden: foo, bar\)\. .*\(ratings\.csv: Date, Name, Year, Letterboxd URI, Rating\).*\(eine davon: LetterboxdURI, tmdbID, imdbID\)\.$/);
  });

  it("gives a schema's limit sentence in German, even in a field named like a description", () => {
    const refusal = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message ?? '';
    const review = refusal(reviewPost.safeParse({ movie_id: 1, stars: 5, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) }));
    assert.equal(review, 'Text review must be at most 10,000 characters.');
    const description = refusal(descriptionRequest.safeParse({ description: 'x'.repeat(DESCRIPTION_MAX + 1) }));
    applyTranslator('de', null, createServerTranslatorFor('de'));
    try {
      assert.equal(tServer(review), 'Der Text der Kritik darf höchstens 10.000 Zeichen lang sein.');
      assert.equal(tServer(description), 'Die Beschreibung darf höchstens 20.000 Zeichen lang sein.');
      assert.equal(tServer(`Comment must be at most ${COMMENT_TEXT_MAX.toLocaleString('en')} characters.`), 'Der Kommentar darf höchstens 2.000 Zeichen lang sein.');
    } finally {
      applyTranslator('en', null);
    }
  });

  it('translates through tServer once a language is in use, and not in English', () => {
    assert.equal(tServer('Invalid username or password.'), 'Invalid username or password.');
    applyTranslator('de', null, createServerTranslatorFor('de'));
    try {
      assert.equal(tServer('Invalid username or password.'), SERVER_CATALOGUES.de['Invalid username or password.']);
      assert.notEqual(tServer('Invalid username or password.'), 'Invalid username or password.');
      // Numbers the server grouped the English way are written the German way.
      assert.equal(tServer('Note must be at most 2,000 characters.'), interpolate(SERVER_CATALOGUES.de['Note must be at most {{VIEWING_NOTE_MAX}} characters.'], { VIEWING_NOTE_MAX: '2.000' }));
    } finally {
      applyTranslator('en', null);
    }
    assert.equal(tServer('Invalid username or password.'), 'Invalid username or password.');
  });
});
