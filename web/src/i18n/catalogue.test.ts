import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { interpolate, LANGUAGES, preferredLanguage, t, tn, applyTranslator } from './index';
import { CATALOGUES, createTranslator, SERVER_CATALOGUES } from './translator';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A JavaScript string literal's text ('…', "…" or `…` without ${}). */
const literal = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\`(?:[^\`\\$]|\\.)*\``;
const unquote = (text: string) => (JSON.parse(`"${text.slice(1, -1).replace(/\\'/g, "'").replace(/\\`/g, '`').replace(/(?<!\\)"/g, '\\"')}"`) as string);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every key the client asks for: t('…') texts, and tn(n, '…one', '…other') as `<other>_one` and `<other>_other`. */
function keysInSource(): { keys: Map<string, string>; nonLiteral: string[] } {
  const keys = new Map<string, string>();
  const nonLiteral: string[] = [];
  for (const file of sourceFiles(SOURCE)) {
    if (file.includes(`${path.sep}i18n${path.sep}`)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const where = path.relative(SOURCE, file);
    for (const match of text.matchAll(new RegExp(String.raw`\bt\(\s*(${literal})`, 'g'))) keys.set(unquote(match[1]), where);
    for (const match of text.matchAll(new RegExp(String.raw`\btn\(\s*[^,]+,\s*(${literal})\s*,\s*(${literal})`, 'g'))) {
      const other = unquote(match[2]);
      keys.set(`${other}_one`, where);
      keys.set(`${other}_other`, where);
    }
    // A call whose text is not written out cannot be checked or extracted.
    for (const match of text.matchAll(/\bt\(\s*(?!['"`])([^)]{0,40})/g)) nonLiteral.push(`${where}: t(${match[1]}`);
  }
  return { keys, nonLiteral };
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

describe('the client in every language', () => {
  const { keys, nonLiteral } = keysInSource();

  it('writes out the English of every text it translates', () => {
    assert.deepEqual(nonLiteral, []);
    assert.ok(keys.size > 50, `texts found: ${keys.size}`);
  });

  for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    it(`has every text in ${LANGUAGES[language as keyof typeof LANGUAGES]}, with the same placeholders, and nothing unused`, () => {
      const missing = [...keys].filter(([key]) => !catalogue[key]?.trim()).map(([key, file]) => `${file}: ${JSON.stringify(key)}`);
      assert.deepEqual(missing, [], `${missing.length} texts are missing in ${language}`);
      const unused = Object.keys(catalogue).filter((key) => !keys.has(key));
      assert.deepEqual(unused, [], `${unused.length} texts in ${language} are no longer used`);
      for (const [key, translation] of Object.entries(catalogue)) {
        const source = key.replace(/_(one|other)$/, '');
        assert.deepEqual(placeholders(translation).filter((name) => name !== 'count'), placeholders(source).filter((name) => name !== 'count'), `${language}: ${key}`);
      }
    });
  }

  it('keeps one translation for a text used in two parts of the client', () => {
    const folder = path.join(SOURCE, 'i18n', 'de');
    const seen = new Map<string, { file: string; text: string }>();
    const clashes: string[] = [];
    for (const file of fs.readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      for (const [key, text] of Object.entries(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Record<string, string>)) {
        const earlier = seen.get(key);
        if (earlier && earlier.text !== text) clashes.push(`${JSON.stringify(key)}: ${earlier.file} and ${file} differ`);
        seen.set(key, { file, text });
      }
    }
    assert.deepEqual(clashes, []);
  });

  // A phone's column is narrower than some compounds: a word this long breaks where it is marked
  // (with a hyphen), not wherever the browser runs out of room (no hyphenation dictionary is sure).
  it('marks where a long word may break with a soft hyphen', () => {
    const LONGEST_UNMARKED = 16;
    for (const [language, catalogue] of [...Object.entries(CATALOGUES), ...Object.entries(SERVER_CATALOGUES)]) {
      const unmarked = Object.values(catalogue).flatMap((text) => text.match(new RegExp(`\\p{L}{${LONGEST_UNMARKED + 1},}`, 'gu')) ?? []);
      assert.deepEqual([...new Set(unmarked)], [], `${language}: words of more than ${LONGEST_UNMARKED} letters without a soft hyphen (\\u00ad)`);
    }
  });

  it('writes English exactly as i18next would, without loading it', () => {
    const english = createTranslator('en');
    const values = { name: 'Ash', title: 'Alien', count: 3, year: 1979, username: 'ash', n: 2 };
    for (const key of keys.keys()) {
      if (/_(one|other)$/.test(key)) continue;
      assert.equal(interpolate(key, values), english(key, { replace: values, defaultValue: key }), key);
    }
  });

  it('answers in German once its catalogue is in use, and in English again after', () => {
    applyTranslator('de', createTranslator('de'));
    try {
      const [key] = [...keys.keys()].filter((name) => !/_(one|other)$/.test(name) && placeholders(name).length === 0);
      assert.equal(t(key), CATALOGUES.de[key]);
      assert.equal(t('A text nobody translated'), 'A text nobody translated');
    } finally {
      applyTranslator('en', null);
    }
    assert.equal(t('Hello {{name}}', { name: 'Ash' }), 'Hello Ash');
    assert.equal(tn(1, '{{count}} movie', '{{count}} movies'), '1 movie');
    assert.equal(tn(1200, '{{count}} movie', '{{count}} movies'), '1,200 movies');
  });

  it('follows the browser until a language is chosen', () => {
    assert.equal(preferredLanguage(null, ['de-AT', 'en']), 'de');
    assert.equal(preferredLanguage(null, ['fr-FR', 'en-GB']), 'en');
    assert.equal(preferredLanguage(null, ['fr-FR']), 'en');
    assert.equal(preferredLanguage('en', ['de-DE']), 'en');
    assert.equal(preferredLanguage('xx', ['de-DE']), 'de');
  });
});
