import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_SECRET_WRONG } from '@movieclub/contract';
import { addImdbTitle, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { embyForm, fixture, plexForm } from './testing';

const MATRIX = 'tt0133093';
const SHAWSHANK = 'tt0111161';
const ALIEN = 'tt0078748';
const BREAKING_BAD_PILOT = 'tt0959621';
const utcToday = () => new Date().toISOString().slice(0, 10);

interface Sent {
  status: number;
  body: any;
}

for (const kind of TEST_DATABASES) {
  describe(`media-server scrobbling (${kind})`, () => {
    let app: TestApp;
    let admin: SignedInUser;
    let neo: SignedInUser;
    let trinity: SignedInUser;
    let morpheus: SignedInUser;
    let secret = '';

    /** Posts like a media server: no cookies, the secret in the address (or a header), the body as that server sends it. */
    const send = async (server: string, body: string | FormData, options: { secret?: string | null; header?: boolean; type?: string } = {}): Promise<Sent> => {
      const given = options.secret === undefined ? secret : options.secret;
      const query = given !== null && !options.header ? `?secret=${encodeURIComponent(given)}` : '';
      const headers: Record<string, string> = {};
      if (given !== null && options.header) headers['x-webhook-secret'] = given;
      if (typeof body === 'string') headers['content-type'] = options.type ?? 'application/json';
      const response = await fetch(`${app.url}/api/integrations/${server}${query}`, { method: 'POST', headers, body });
      return { status: response.status, body: await response.json() };
    };
    const jellyfin = (payload: unknown, options: Parameters<typeof send>[2] = {}) => send('jellyfin', JSON.stringify(payload), options);
    const plex = (payload: unknown, options: Parameters<typeof send>[2] = {}) => send('plex', plexForm(payload), options);
    const emby = (payload: unknown, options: Parameters<typeof send>[2] = {}) => send('emby', JSON.stringify(payload), options);

    const diary = async (user: SignedInUser) => {
      const reply = await app.agent().get(`/api/users/${user.username}/diary`);
      assert.equal(reply.status, 200);
      return reply.body.viewings as Array<{ watched_on: string; rewatch: boolean; movie: { title: string } }>;
    };
    const inCatalogue = async (tconst: string) =>
      (await app.database.db.selectFrom('movies').select('id').where('tconst', '=', tconst).executeTakeFirst()) !== undefined;
    /** Everything a webhook could write. */
    const snapshot = async () => {
      const db = app.database.db;
      return {
        viewings: await db.selectFrom('viewings').selectAll().orderBy('id').execute(),
        movies: await db.selectFrom('movies').select(['id', 'tconst']).orderBy('id').execute(),
        plays: await db.selectFrom('media_server_scrobbles').selectAll().orderBy('id').execute(),
        counts: await db.selectFrom('media_server_counts').selectAll().orderBy('server').orderBy('counter').execute(),
      };
    };
    const counts = async () => (await admin.agent.get('/api/admin/media-servers')).body.counts;
    const expectIgnored = (sent: Sent, reason: string) => {
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.deepEqual(sent.body, { success: true, outcome: 'ignored', reason });
    };
    const expectRecorded = (sent: Sent) => {
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.deepEqual(sent.body, { success: true, outcome: 'recorded', reason: null });
    };
    const map = async (server: string, externalName: string, user: SignedInUser) => {
      const reply = await admin.agent.post('/api/admin/media-servers/mappings', { server, external_name: externalName, username: user.username });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
    };

    before(async () => {
      app = await startTestApp(kind, { config: { publicUrl: 'https://club.example.org' } });
      admin = await createUser(app, 'sc_admin');
      neo = await createUser(app, 'sc_neo');
      trinity = await createUser(app, 'sc_trinity');
      morpheus = await createUser(app, 'sc_morpheus');
      await addImdbTitle(app.database.db, { tconst: MATRIX, primary_title: 'The Matrix', start_year: 1999 });
      await addImdbTitle(app.database.db, { tconst: SHAWSHANK, primary_title: 'The Shawshank Redemption', start_year: 1994 });
      await addImdbTitle(app.database.db, { tconst: ALIEN, primary_title: 'Alien', start_year: 1979 });
      await addImdbTitle(app.database.db, { tconst: BREAKING_BAD_PILOT, title_type: 'tvEpisode', primary_title: 'Pilot', start_year: 2008 });
      // Media-server names match in any case.
      await map('jellyfin', 'neo', neo);
      await map('plex', 'Trinity', trinity);
      await map('emby', 'morpheus', morpheus);
    });
    after(() => app.close());

    it('refuses every webhook while no secret has been created, and writes nothing', async () => {
      const before = await snapshot();
      for (const [server, body] of [
        ['jellyfin', JSON.stringify(fixture('jellyfin-playback-stop-movie'))],
        ['plex', plexForm(fixture('plex-scrobble-movie'))],
        ['emby', JSON.stringify(fixture('emby-playback-stop-movie'))],
      ] as const) {
        for (const given of [null, '', 'guess']) {
          const sent = await send(server, body, { secret: given });
          assert.equal(sent.status, 401);
          assert.deepEqual([sent.body.error, sent.body.code], [WEBHOOK_SECRET_WRONG, 'webhook_secret_wrong']);
        }
      }
      assert.deepEqual(await snapshot(), before);
      assert.equal((await admin.agent.get('/api/admin/media-servers')).body.secret_set, false);
    });

    it('gives the admin the secret once, with the three full webhook addresses', async () => {
      const reply = await admin.agent.post('/api/admin/media-servers/secret', {});
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      secret = reply.body.secret;
      assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
      assert.deepEqual(reply.body.webhook_urls, {
        jellyfin: `https://club.example.org/api/integrations/jellyfin?secret=${secret}`,
        plex: `https://club.example.org/api/integrations/plex?secret=${secret}`,
        emby: `https://club.example.org/api/integrations/emby?secret=${secret}`,
      });
      const status = (await admin.agent.get('/api/admin/media-servers')).body;
      assert.equal(status.secret_set, true);
      assert.equal(JSON.stringify(status).includes(secret), false, 'the secret is never shown again');
      const stored = await app.database.db.selectFrom('app_meta').select('value').where('key', '=', 'media_server_secret_hash').executeTakeFirstOrThrow();
      assert.notEqual(stored.value, secret, 'only a keyed hash is stored');
    });

    it('logs a movie Jellyfin played to the end as a viewing on its day, adding it to the catalogue', async () => {
      assert.equal(await inCatalogue(MATRIX), false);
      expectRecorded(await jellyfin(fixture('jellyfin-playback-stop-movie')));
      assert.equal(await inCatalogue(MATRIX), true);
      const viewings = await diary(neo);
      assert.deepEqual(
        viewings.map((viewing) => [viewing.movie.title, viewing.watched_on, viewing.rewatch]),
        [['The Matrix', '2025-03-14', false]],
      );
      assert.deepEqual(await diary(trinity), [], 'nobody else');
    });

    it('logs nothing twice when Jellyfin sends the same event again', async () => {
      const before = (await snapshot()).viewings;
      expectIgnored(await jellyfin(fixture('jellyfin-playback-stop-movie')), 'duplicate');
      expectIgnored(await jellyfin(fixture('jellyfin-playback-stop-movie'), { header: true }), 'duplicate');
      assert.deepEqual((await snapshot()).viewings, before);
    });

    it('takes the secret as a header and the JSON as text/plain, as the plugin sends it by default; a later play is a rewatch', async () => {
      const payload = fixture('jellyfin-playback-stop-movie');
      payload.UtcTimestamp = '2025-03-20T19:00:00.0000000Z';
      payload.Timestamp = '2025-03-20T20:00:00.0000000+01:00';
      expectRecorded(await jellyfin(payload, { header: true, type: 'text/plain; charset=utf-8' }));
      const viewings = await diary(neo);
      assert.deepEqual(
        viewings.map((viewing) => [viewing.watched_on, viewing.rewatch]),
        [
          ['2025-03-20', true],
          ['2025-03-14', false],
        ],
      );
    });

    it('ignores a Jellyfin play stopped before the end, an episode, an unknown IMDb id, an item without one and an unlinked user', async () => {
      const before = await snapshot();
      const partial = fixture('jellyfin-playback-stop-movie');
      partial.PlayedToCompletion = false;
      partial.UtcTimestamp = '2025-03-25T19:00:00Z';
      expectIgnored(await jellyfin(partial), 'not_completed');
      expectIgnored(await jellyfin(fixture('jellyfin-episode')), 'not_movie');
      const unknown = fixture('jellyfin-playback-stop-movie');
      unknown.Provider_imdb = 'tt9999999';
      unknown.UtcTimestamp = '2025-03-26T19:00:00Z';
      expectIgnored(await jellyfin(unknown), 'unknown_title');
      const bare = fixture('jellyfin-playback-stop-movie');
      delete bare.Provider_imdb;
      bare.UtcTimestamp = '2025-03-27T19:00:00Z';
      expectIgnored(await jellyfin(bare), 'no_imdb_id');
      const stranger = fixture('jellyfin-playback-stop-movie');
      stranger.NotificationUsername = 'Smith';
      stranger.UtcTimestamp = '2025-03-28T19:00:00Z';
      expectIgnored(await jellyfin(stranger), 'unmapped_user');
      expectIgnored(await jellyfin({ ...fixture('jellyfin-playback-stop-movie'), NotificationType: 'PlaybackStart' }), 'event');
      expectIgnored(await send('jellyfin', 'this is not JSON', { type: 'text/plain' }), 'unreadable');
      expectIgnored(await send('jellyfin', '{"broken":', { type: 'application/json' }), 'unreadable');
      const after = await snapshot();
      assert.deepEqual([after.viewings, after.movies, after.plays], [before.viewings, before.movies, before.plays]);
    });

    it('logs a Plex scrobble sent as multipart with a thumbnail, on the day it arrives', async () => {
      assert.equal(await inCatalogue(SHAWSHANK), false);
      expectRecorded(await plex(fixture('plex-scrobble-movie')));
      assert.equal(await inCatalogue(SHAWSHANK), true);
      assert.deepEqual(
        (await diary(trinity)).map((viewing) => [viewing.movie.title, viewing.watched_on]),
        [['The Shawshank Redemption', utcToday()]],
      );
      expectIgnored(await plex(fixture('plex-scrobble-movie')), 'duplicate');
      expectIgnored(await plex(fixture('plex-play-movie')), 'event');
      expectIgnored(await plex(fixture('plex-scrobble-episode')), 'not_movie');
      expectIgnored(await send('plex', plexForm(fixture('plex-scrobble-movie'), false)), 'duplicate');
      assert.equal((await diary(trinity)).length, 1);
    });

    it('finds the IMDb id of a Plex item matched by the legacy IMDb agent', async () => {
      const legacy = fixture('plex-scrobble-movie');
      delete legacy.Metadata.Guid;
      legacy.Metadata.guid = `com.plexapp.agents.imdb://${MATRIX}?lang=en`;
      expectRecorded(await plex(legacy));
      assert.deepEqual(
        (await diary(trinity)).map((viewing) => viewing.movie.title).sort(),
        ['The Matrix', 'The Shawshank Redemption'],
      );
    });

    it('logs an Emby play to completion, as JSON or as the older multipart `data` field', async () => {
      expectRecorded(await emby(fixture('emby-playback-stop-movie')));
      assert.deepEqual(
        (await diary(morpheus)).map((viewing) => [viewing.movie.title, viewing.watched_on]),
        [['Alien', '2025-04-02']],
      );
      expectIgnored(await send('emby', embyForm(fixture('emby-playback-stop-movie'))), 'duplicate');
      expectIgnored(await send('emby', embyForm(fixture('emby-markplayed-episode'))), 'not_movie');
      const marked = fixture('emby-playback-stop-movie');
      marked.Event = 'item.markplayed';
      delete marked.PlaybackInfo;
      marked.Date = '2025-04-10T12:00:00.0000000Z';
      expectRecorded(await send('emby', embyForm(marked)));
      const partial = fixture('emby-playback-stop-movie');
      partial.PlaybackInfo.PlayedToCompletion = false;
      partial.Date = '2025-04-12T12:00:00.0000000Z';
      expectIgnored(await emby(partial), 'not_completed');
      assert.deepEqual(
        (await diary(morpheus)).map((viewing) => viewing.watched_on),
        ['2025-04-10', '2025-04-02'],
      );
    });

    it('logs nothing for a play within six hours of a viewing the member logged by hand', async () => {
      const alien = await app.database.db.selectFrom('movies').select('id').where('tconst', '=', ALIEN).executeTakeFirstOrThrow();
      const logged = await neo.agent.post('/api/viewings', { movie_id: alien.id, watched_on: utcToday() });
      assert.equal(logged.status, 200, JSON.stringify(logged.body));
      const payload = fixture('jellyfin-playback-stop-movie');
      Object.assign(payload, { Name: 'Alien', Provider_imdb: ALIEN, UtcTimestamp: new Date(Date.now() - 2 * 3_600_000).toISOString() });
      delete payload.Timestamp;
      expectIgnored(await jellyfin(payload), 'duplicate');
      assert.equal((await diary(neo)).filter((viewing) => viewing.movie.title === 'Alien').length, 1);
      // Nine hours ago is more than six from both the hand-logged viewing and the play just ignored.
      payload.UtcTimestamp = new Date(Date.now() - 9 * 3_600_000).toISOString();
      expectRecorded(await jellyfin(payload));
      assert.equal((await diary(neo)).filter((viewing) => viewing.movie.title === 'Alien').length, 2);
    });

    it('refuses a wrong or missing secret with 401 and writes nothing', async () => {
      const before = await snapshot();
      const fresh = fixture('jellyfin-playback-stop-movie');
      fresh.UtcTimestamp = '2025-05-01T19:00:00Z';
      for (const options of [{ secret: null }, { secret: 'wrong' }, { secret: `${secret}x` }, { secret: 'wrong', header: true }]) {
        const sent = await jellyfin(fresh, options);
        assert.equal(sent.status, 401);
        assert.equal(sent.body.error, WEBHOOK_SECRET_WRONG);
        const plexSent = await plex(fixture('plex-scrobble-movie'), options);
        assert.equal(plexSent.status, 401);
      }
      assert.deepEqual(await snapshot(), before);
    });

    it('counts every event received, recorded and ignored by reason, per server', async () => {
      const all = await counts();
      assert.deepEqual(all.jellyfin, {
        received: 14,
        recorded: 3,
        ignored: { event: 1, not_completed: 1, not_movie: 1, no_imdb_id: 1, unknown_title: 1, unmapped_user: 1, duplicate: 3, unreadable: 2 },
      });
      assert.deepEqual(all.plex, {
        received: 6,
        recorded: 2,
        ignored: { event: 1, not_completed: 0, not_movie: 1, no_imdb_id: 0, unknown_title: 0, unmapped_user: 0, duplicate: 2, unreadable: 0 },
      });
      assert.equal(all.emby.received, 5);
      assert.equal(all.emby.recorded, 2);
    });

    it('stops taking the old secret once the admin rotates it', async () => {
      const old = secret;
      const reply = await admin.agent.post('/api/admin/media-servers/secret', {});
      assert.equal(reply.status, 200);
      secret = reply.body.secret;
      assert.notEqual(secret, old);
      const payload = fixture('jellyfin-playback-stop-movie');
      payload.UtcTimestamp = '2025-06-01T19:00:00Z';
      delete payload.Timestamp;
      assert.equal((await jellyfin(payload, { secret: old })).status, 401);
      assert.equal((await jellyfin(payload, { secret: old, header: true })).status, 401);
      expectRecorded(await jellyfin(payload));
      assert.ok((await diary(neo)).some((viewing) => viewing.movie.title === 'The Matrix' && viewing.watched_on === '2025-06-01'));
    });
  });
}
