import { SCREENING_UPCOMING_GRACE_HOURS, type ScreeningDetail } from '@movieclub/contract';

const HOUR_MS = 3_600_000;

/**
 * Whether the viewer may answer (or would, once signed in): a member as the server's `rsvp`
 * permission says; a visitor while the night is planned and not over (six hours after its start,
 * the server's rule), so the page invites them to sign in.
 */
export function mayAnswer(screening: Pick<ScreeningDetail, 'status' | 'starts_at' | 'permissions'>, signedIn: boolean, now = Date.now()): boolean {
  if (signedIn) return screening.permissions.rsvp;
  return screening.status === 'planned' && Date.parse(screening.starts_at) >= now - SCREENING_UPCOMING_GRACE_HOURS * HOUR_MS;
}
