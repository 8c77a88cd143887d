import type { ScreeningCreate } from '@movieclub/contract';
import type { ApiAgent } from '../testing/client';
import { addMovie } from '../testing/factories';
import type { TestApp } from '../testing/testApp';
import { watchlistWorld } from '../watchlists/testing';

/** `hours` from now as ISO with a +02:00 offset (whole seconds), as a client in that zone sends it. */
export function startsIn(hours: number, offsetMinutes = 120): string {
  const local = new Date(Date.now() + hours * 3_600_000 + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The watchlist world (owner, moderator, stranger, a public and a personal list) with six movies on the public list. */
export async function screeningWorld(app: TestApp, prefix: string) {
  const world = await watchlistWorld(app, prefix);
  const extra = [];
  for (let index = 0; index < 3; index++) {
    const movie = await addMovie(app.database.db, { title: `${prefix} extra ${index}`, genres: index === 0 ? 'Horror,Comedy' : 'Drama' });
    await world.owner.agent.post(`/api/watchlists/${world.publicId}/items`, { movie_id: movie.id });
    extra.push(movie);
  }
  const listed = [...world.movies.slice(0, 3), ...extra];
  return { ...world, listed };
}

export async function scheduleScreening(agent: ApiAgent, input: Partial<ScreeningCreate> & { watchlist_id: number }): Promise<number> {
  const reply = await agent.post('/api/screenings', { starts_at: startsIn(48), ...input });
  if (reply.status !== 200) throw new Error(`schedule failed: ${JSON.stringify(reply.body)}`);
  return reply.body.screening.id as number;
}

/** Moves a screening's start `hours` into the past, as time passing would. */
export async function startedHoursAgo(app: Pick<TestApp, 'database'>, screeningId: number, hours: number): Promise<void> {
  const startsAt = new Date(Date.now() - hours * 3_600_000).toISOString();
  await app.database.db.updateTable('screenings').set({ starts_at: startsAt }).where('id', '=', screeningId).execute();
}

/** Makes a night scheduled two days ago start `hours` from now, as time passing would: due for its reminder. */
export async function startingSoon(app: Pick<TestApp, 'database'>, screeningId: number, hours = 2): Promise<void> {
  const now = Date.now();
  const times = { created_at: new Date(now - 48 * 3_600_000).toISOString(), starts_at: new Date(now + hours * 3_600_000).toISOString() };
  await app.database.db.updateTable('screenings').set(times).where('id', '=', screeningId).execute();
}

/** Every row the screening owns, to show a refused call changed nothing. */
export async function screeningRows(app: TestApp, screeningId: number) {
  const db = app.database.db;
  return {
    screening: await db.selectFrom('screenings').selectAll().where('id', '=', screeningId).executeTakeFirst(),
    rsvps: await db.selectFrom('screening_rsvps').selectAll().where('screening_id', '=', screeningId).orderBy('user_id').execute(),
    votes: await db.selectFrom('screening_votes').selectAll().where('screening_id', '=', screeningId).orderBy('user_id').orderBy('movie_id').execute(),
    attendees: await db.selectFrom('screening_attendees').selectAll().where('screening_id', '=', screeningId).orderBy('user_id').execute(),
    viewings: await db.selectFrom('viewings').select(['id', 'user_id', 'movie_id']).orderBy('id').execute(),
  };
}
