/**
 * Every machine-readable error code, in one place. A failed call answers
 * `{success:false, error:<sentence for people>, code:<one of these>}`; clients branch
 * on the code, never on the status or the sentence.
 */
export const ERROR_CODES = {
  /** 400: a field, parameter or body the server cannot accept (the sentence says which). */
  invalid_input: 400,
  /** 401: the call needs a signed-in user. */
  not_signed_in: 401,
  /** 401: wrong username or password. */
  invalid_credentials: 401,
  /** 401: an `Authorization: Bearer` token that is unknown, revoked or expired; nothing ran. */
  token_invalid: 401,
  /** 401: a media-server webhook without the right secret (or before an admin created one). */
  webhook_secret_wrong: 401,
  /** 401: a /metrics scrape without the right `Authorization: Bearer` metrics token. */
  metrics_token_wrong: 401,
  /** 403: signed in, but not allowed to do this. */
  forbidden: 403,
  /** 403: a password change whose current password is wrong (it counts towards the login lock). */
  current_password_wrong: 403,
  /** 403: a call only the site's admins may make. */
  admin_only: 403,
  /** 403: registration is closed on this site. */
  registration_closed: 403,
  /** 403: registration on this site needs an invitation, and none was given. */
  invite_required: 403,
  /** 403: the invitation given is unknown, used, revoked or expired. */
  invite_invalid: 403,
  /** 403: password login or registration on a site that signs members in through its identity provider only (OIDC_ONLY). */
  password_login_disabled: 403,
  /** 400: a link or new-account call after sign-in through the identity provider, with none waiting (or one too old). */
  oidc_link_expired: 400,
  /** 404: sign-in through an identity provider is not set up on this site. */
  oidc_disabled: 404,
  /** 409: the account is already linked to another identity at this identity provider. */
  oidc_already_linked: 409,
  /** 403: a mutating call from another site (CSRF check). */
  cross_site: 403,
  /** 403: a read-only API token used for a call that writes (POST, PUT, PATCH, DELETE). */
  token_read_only: 403,
  /** 403: an API token used to create, list or revoke API tokens; those need a password session. */
  token_not_allowed: 403,
  /** 404: nothing at this address, or the thing named does not exist. */
  not_found: 404,
  /** 404: no IMDb title with that id in the index. */
  imdb_title_not_found: 404,
  /** 404: no user with that name. */
  user_not_found: 404,
  /** 409: a generic conflict with the current state. */
  conflict: 409,
  /** 409: a reorder that does not name exactly the list's current items. */
  list_changed: 409,
  /** 409: the pick found no list item the picker has not reviewed. */
  no_unreviewed_movies: 409,
  /** 409: the screening was cancelled; nothing more can be done with it. */
  screening_cancelled: 409,
  /** 409: the screening is over (more than six hours past its start). */
  screening_over: 409,
  /** 409: a fourth up-vote or a second veto at one screening. */
  vote_limit: 409,
  /** 409: the pick found no candidate that is not vetoed and unseen by everyone coming. */
  nothing_to_pick: 409,
  /** 409: the movie is already in the catalogue. */
  movie_exists: 409,
  /** 409: a webhook test with no webhook set. */
  no_webhook: 409,
  /** 409: registration with a name that is taken. */
  username_taken: 409,
  /** 409: the user is already a moderator of the list. */
  already_moderator: 409,
  /** 409: the member already holds the most API tokens allowed. */
  token_limit: 409,
  /** 404: no import with that id among the caller's. */
  import_not_found: 404,
  /** 404: no such row in the import. */
  import_row_not_found: 404,
  /** 404: no such list in the import. */
  import_list_not_found: 404,
  /** 409: another import of the caller's is being read or applied. */
  import_running: 409,
  /** 409: the import is not waiting for confirmation (still being read, already applied, or failed). */
  import_not_ready: 409,
  /** 408: the request did not arrive in time; nothing ran. */
  request_timeout: 408,
  /** 413: the body or file is too large. */
  too_large: 413,
  /** 415: the body is not in a format this call accepts. */
  unsupported_media_type: 415,
  /** 431: the address or headers are longer than the server reads (16 KB); nothing ran. */
  headers_too_large: 431,
  /** 429: too many requests; wait and try again. */
  rate_limited: 429,
  /** 429: too many failed logins for this account from untrusted clients. */
  login_locked: 429,
  /** 500: a failure on the server; the sentence carries a reference id for the log. */
  server_error: 500,
  /** 503: the server is busy (or a component it needs is away); try again soon. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export const errorCodes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/** The code used for a status when nothing more specific applies. */
export function defaultErrorCode(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'not_signed_in';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 408:
      return 'request_timeout';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 415:
      return 'unsupported_media_type';
    case 429:
      return 'rate_limited';
    case 431:
      return 'headers_too_large';
    case 503:
      return 'unavailable';
    default:
      return status >= 500 ? 'server_error' : 'invalid_input';
  }
}
