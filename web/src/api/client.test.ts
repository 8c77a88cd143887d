import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTranslator } from '../i18n';
import { inReadersLanguage, resolveApiUrl } from './client';

describe('resolveApiUrl', () => {
  const base = 'https://club.example.org';

  it('sends relative paths to the API base', () => {
    assert.equal(resolveApiUrl('/api/movies', base), 'https://club.example.org/api/movies');
  });

  it('rewrites addresses aimed at the development server on port 5000', () => {
    assert.equal(resolveApiUrl('http://192.168.1.5:5000/api/user?x=1', base), 'https://club.example.org/api/user?x=1');
  });

  it('rewrites addresses aimed at localhost on any port', () => {
    assert.equal(resolveApiUrl('http://localhost:8080/api/review', base), 'https://club.example.org/api/review');
  });

  it('leaves other absolute addresses alone', () => {
    assert.equal(resolveApiUrl('https://img.example.com/poster.jpg', base), 'https://img.example.com/poster.jpg');
  });
});

describe('inReadersLanguage', () => {
  it('asks for files to keep in the reader’s language, English included (left out, the club’s language applies)', () => {
    assert.equal(inReadersLanguage('/api/screenings/4.ics'), '/api/screenings/4.ics?lang=en');
    applyTranslator('de', null);
    try {
      assert.equal(inReadersLanguage('/api/screenings/4.ics'), '/api/screenings/4.ics?lang=de');
      assert.equal(inReadersLanguage('/api/club/year/2026/card.png?v=2'), '/api/club/year/2026/card.png?v=2&lang=de');
    } finally {
      applyTranslator('en', null);
    }
  });
});
