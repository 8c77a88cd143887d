import type { OidcConfigReply } from '@movieclub/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { fetchOidcConfig, oidcStartUrl } from '../../api/oidc';
import { t } from '../../i18n';

/** The button's text: OIDC_BUTTON_LABEL as set, else 'Sign in with <issuer host>' in the reader's language. */
export const oidcLabel = (config: Pick<OidcConfigReply, 'label' | 'host'>): string | null =>
  config.label ?? (config.host ? t('Sign in with {{host}}', { host: config.host }) : null);

/** The sign-in settings, read once per visit, with the button's text worded; a failed read offers the password form alone. */
export function useOidcConfig() {
  return useQuery({
    queryKey: ['oidc-config'],
    queryFn: ({ signal }) => fetchOidcConfig(signal),
    select: (config): OidcConfigReply => ({ ...config, label: oidcLabel(config) }),
    staleTime: 5 * 60_000,
  });
}

/**
 * 'Sign in with …': a plain link that leaves for the identity provider, styled as a
 * PrimeReact button; `returnTo` is where the member lands afterwards.
 */
export function OidcButton({ label, returnTo, invite }: { label: string; returnTo: string; invite?: string }) {
  return (
    <a className="p-button p-button-outlined p-component oidc-button" href={oidcStartUrl(returnTo, invite)}>
      <span className="pi pi-sign-in" aria-hidden="true" />
      <span className="p-button-label">{label}</span>
    </a>
  );
}

/** The provider's button under an 'or' rule, beneath a password form. */
export function OidcChoice({ children }: { children: ReactNode }) {
  return (
    <div className="oidc-choice">
      <p className="oidc-or" aria-hidden="true">
        <span>{t('or')}</span>
      </p>
      {children}
    </div>
  );
}
