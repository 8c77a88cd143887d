import { INVITE_REQUIRED, OIDC_ERRORS, type OidcErrorCode, REGISTRATION_CLOSED } from '@movieclub/contract';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inviteRequired, oidcProblem, registrationClosed } from './signInProblems';

describe('sign-in problems', () => {
  it('says in English exactly what the contract says', () => {
    for (const code of Object.keys(OIDC_ERRORS) as OidcErrorCode[]) assert.equal(oidcProblem(code), OIDC_ERRORS[code], code);
    assert.equal(registrationClosed(), REGISTRATION_CLOSED);
    assert.equal(inviteRequired(), INVITE_REQUIRED);
  });

  it('reads an unknown code as a provider error', () => {
    assert.equal(oidcProblem('nonsense'), OIDC_ERRORS.provider_error);
  });
});
