import { type LanguageCode, SCREENING_EVENTS, screeningRoutes as api, type ScreeningUpdateEvent } from '@movieclub/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clubLanguage } from '../admin/settings';
import { contractRoute } from '../http/contractRoute';
import { siteUrl } from '../http/siteUrl';
import { screeningCancelledEvent, screeningMovedEvent, screeningPickedEvent, screeningScheduledEvent } from '../webhooks/events';
import { notifyLater } from '../notifications/notify';
import { attendanceRecorded, screeningCancelled, screeningChanged, screeningScheduled } from '../notifications/producers';
import { announceListChange } from '../watchlists/announce';
import * as service from './service';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

export async function routes(app: FastifyInstance): Promise<void> {
  /** Tells everyone on the screening's page, on every process, what changed. */
  const announce = async (id: number, what: ScreeningUpdateEvent['what']) => {
    const { event, watchlistId } = await service.screeningUpdate(app.db, id, what);
    app.realtime.toScreening(id, SCREENING_EVENTS.update, event);
    // The list's page shows its next night with the RSVPs and the pick; votes are not on it.
    if (what !== 'votes') announceListChange(app, watchlistId, 'screenings');
  };
  const baseUrl = (request: FastifyRequest) => siteUrl(app, request);
  const sendCalendar = (reply: FastifyReply, body: string, file: string) =>
    reply.type(CALENDAR_TYPE).header('Content-Disposition', `inline; filename="${file}"`).header('Cache-Control', 'public, max-age=300').send(body);

  contractRoute(app, api.create)(async (request) => {
    const site = baseUrl(request);
    const screening = await service.schedule(app.db, request.user, request.body, site);
    const { id, watchlist_id: watchlistId, watchlist_name: listName, starts_at: startsAt } = screening;
    notifyLater(app, 'screening', () => screeningScheduled(app, { screeningId: id, watchlistId, listName, startsAt, actorId: request.user.id }));
    app.clubEvents.post((language) => screeningScheduledEvent(app.db, site, id, language));
    announceListChange(app, watchlistId, 'screenings');
    return { success: true, screening };
  });

  contractRoute(app, api.list)(async (request) => ({ success: true, ...(await service.list(app.db, request.query)) }));

  contractRoute(app, api.prompts)(async (request) => ({ success: true, prompts: await service.prompts(app.db, request.user.id) }));

  contractRoute(app, api.get)(async (request) => {
    const access = await service.accessScreening(app.db, request.params.id, request.user);
    return { success: true, screening: await service.detail(app.db, access, request.user) };
  });

  contractRoute(app, api.change)(async (request) => {
    const access = await service.accessScreening(app.db, request.params.id, request.user);
    const before = service.toScreening(access.screening);
    const screening = await service.change(app.db, access, request.body);
    await announce(screening.id, 'details');
    const move = service.nightMove(before, screening);
    if (move) {
      const { id, watchlist_name: listName, starts_at: startsAt } = screening;
      const changedAt = new Date().toISOString();
      notifyLater(app, 'screening change', () => screeningChanged(app, { screeningId: id, listName, startsAt, move, actorId: request.user.id, changedAt }));
      const site = baseUrl(request);
      app.clubEvents.post((language) => screeningMovedEvent(app.db, site, id, language));
    }
    return { success: true, screening };
  });

  contractRoute(app, api.cancel)(async (request) => {
    const access = await service.accessScreening(app.db, request.params.id, request.user);
    const screening = await service.cancel(app.db, access);
    await announce(screening.id, 'cancelled');
    const { id, watchlist_name: listName, starts_at: startsAt } = screening;
    notifyLater(app, 'screening cancelled', () => screeningCancelled(app, { screeningId: id, listName, startsAt, actorId: request.user.id }));
    const site = baseUrl(request);
    app.clubEvents.post((language) => screeningCancelledEvent(app.db, site, id, language));
    return { success: true, screening };
  });

  contractRoute(app, api.rsvp)(async (request) => {
    const { id } = request.params;
    const access = await service.accessScreening(app.db, id, request.user);
    const rsvps = await service.rsvp(app.db, access, request.user.id, request.body.status);
    await announce(id, 'rsvps');
    return { success: true, my_rsvp: request.body.status, rsvps };
  });

  contractRoute(app, api.vote)(async (request) => {
    const { id } = request.params;
    const access = await service.accessScreening(app.db, id, request.user);
    const myVotes = await service.vote(app.db, access, request.user.id, request.body);
    await announce(id, 'votes');
    return { success: true, my_votes: myVotes };
  });

  contractRoute(app, api.unvote)(async (request) => {
    const { id, movieId } = request.params;
    const access = await service.accessScreening(app.db, id, request.user);
    const myVotes = await service.unvote(app.db, access, request.user.id, movieId);
    await announce(id, 'votes');
    return { success: true, my_votes: myVotes };
  });

  contractRoute(app, api.pick)(async (request) => {
    const { id } = request.params;
    const access = await service.accessScreening(app.db, id, request.user);
    const result = await service.pick(app.db, access, request.user.id);
    await announce(id, 'pick');
    const site = baseUrl(request);
    app.clubEvents.post((language) => screeningPickedEvent(app.db, site, id, language));
    return { success: true, ...result };
  });

  contractRoute(app, api.attendance)(async (request) => {
    const { id } = request.params;
    const access = await service.accessScreening(app.db, id, request.user);
    const result = await service.recordAttendance(app.db, access, request.body.usernames);
    await announce(id, 'attendance');
    const { picked_movie_id: movieId, watchlist_name: listName } = access.screening;
    if (movieId !== null) notifyLater(app, 'rating prompt', () => attendanceRecorded(app, { screeningId: id, listName, movieId }));
    return { success: true, ...result };
  });

  contractRoute(app, api.dismissPrompt)(async (request) => {
    await service.accessScreening(app.db, request.params.id, request.user);
    await service.dismissPrompt(app.db, request.params.id, request.user.id);
    return { success: true };
  });

  // Calendars are public, as the lists that host screenings are: calendar apps cannot sign in.
  // In the language asked for, else the club's.
  const languageOf = async (lang: LanguageCode | undefined) => lang ?? (await clubLanguage(app.db, app.config));
  contractRoute(app, api.calendar)(async (request, reply) => {
    const access = await service.accessScreening(app.db, request.params.id, null);
    return sendCalendar(reply, service.screeningCalendar(access, baseUrl(request), await languageOf(request.query.lang)), `screening-${access.screening.id}.ics`);
  });

  contractRoute(app, api.clubFeed)(async (request, reply) =>
    sendCalendar(reply, await service.clubCalendar(app.db, baseUrl(request), await languageOf(request.query.lang)), 'movie-nights.ics'),
  );

  contractRoute(app, api.memberFeed)(async (request, reply) =>
    sendCalendar(reply, await service.memberCalendar(app.db, request.params.username, baseUrl(request), await languageOf(request.query.lang)), 'my-movie-nights.ics'),
  );

  contractRoute(app, api.feed)(async (request, reply) =>
    sendCalendar(reply, await service.listCalendar(app.db, request.params.id, baseUrl(request), await languageOf(request.query.lang)), 'screenings.ics'),
  );
}
