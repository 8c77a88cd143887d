import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyTranslator } from '../../i18n';
import { createTranslator } from '../../i18n/translator';
import { oidcLabel } from './OidcButton';

describe("the identity provider's button text", () => {
  it('words the default in the reader\'s language, and keeps a label the site set as it is', () => {
    assert.equal(oidcLabel({ label: null, host: 'auth.example.org' }), 'Sign in with auth.example.org');
    applyTranslator('de', createTranslator('de'));
    try {
      assert.equal(oidcLabel({ label: null, host: 'auth.example.org' }), 'Mit auth.example.org anmelden');
      assert.equal(oidcLabel({ label: 'Sign in with Keycloak', host: 'auth.example.org' }), 'Sign in with Keycloak');
    } finally {
      applyTranslator('en', null);
    }
    assert.equal(oidcLabel({ label: null, host: null }), null, 'no provider, no button');
  });
});
