import { isOidcErrorCode, type OidcErrorCode } from '@movieclub/contract';
import { t } from '../../i18n';

/**
 * The contract's sentences that this client shows itself (OIDC_ERRORS, REGISTRATION_CLOSED,
 * INVITE_REQUIRED), written out so they can be translated; signInProblems.test.ts keeps the
 * English equal to the contract's.
 */
export function oidcProblem(code: string): string {
  const known: OidcErrorCode = isOidcErrorCode(code) ? code : 'provider_error';
  switch (known) {
    case 'access_denied':
      return t('The identity provider did not let you sign in here.');
    case 'provider_error':
      return t('The identity provider could not sign you in. Try again.');
    case 'expired':
      return t('The sign-in took too long or was started in another browser. Try again.');
    case 'superseded':
      return t('A newer sign-in, started in another tab, replaced this one. Finish it there, or try again.');
    case 'unavailable':
      return t('The identity provider could not be reached. Try again in a moment.');
    case 'failed':
      return t('The answer from the identity provider could not be checked. Try again.');
    case 'registration_closed':
      return registrationClosed();
    case 'invite_required':
      return t('Registration on this site needs an invitation. Open the invitation link you were sent, then sign in from there.');
    case 'invite_invalid':
      return t('This invitation is not valid or has already been used.');
  }
}

export const registrationClosed = () => t('Registration is closed on this site.');
export const inviteRequired = () => t('Registration on this site needs an invitation.');
