import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { imdbId, localDayOf, parseEmby, parseJellyfin, parseMoment, parsePlex, playMoment } from './payloads';
import { fixture } from './testing';

describe('media-server payloads', () => {
  it('reads the finished movie, user, IMDb id and times of each fixture', () => {
    assert.deepEqual(parseJellyfin(fixture('jellyfin-playback-stop-movie')), {
      play: { externalName: 'Neo', isMovie: true, tconst: 'tt0133093', playedAt: new Date('2025-03-14T20:41:07.123Z'), localDay: '2025-03-14' },
    });
    assert.deepEqual(parsePlex(fixture('plex-scrobble-movie')), {
      play: { externalName: 'trinity', isMovie: true, tconst: 'tt0111161', playedAt: null, localDay: null },
    });
    assert.deepEqual(parseEmby(fixture('emby-playback-stop-movie')), {
      play: { externalName: 'Morpheus', isMovie: true, tconst: 'tt0078748', playedAt: new Date('2025-04-02T19:12:44.523Z'), localDay: null },
    });
  });

  it("counts Jellyfin's marked-played events, old and new, and a template's text flags", () => {
    const marked = { ...fixture('jellyfin-playback-stop-movie'), NotificationType: 'UserDataSaved', SaveReason: 'TogglePlayed', Played: 'True' };
    assert.ok('play' in parseJellyfin(marked));
    assert.deepEqual(parseJellyfin({ ...marked, Played: false }), { ignored: 'event' });
    assert.deepEqual(parseJellyfin({ ...marked, SaveReason: 'PlaybackFinished' }), { ignored: 'event' });
    assert.ok('play' in parseJellyfin({ ...fixture('jellyfin-playback-stop-movie'), NotificationType: 'ItemMarkedPlayed', PlayedToCompletion: undefined }));
    assert.ok('play' in parseJellyfin({ ...fixture('jellyfin-playback-stop-movie'), PlayedToCompletion: 'True' }));
    assert.deepEqual(parseJellyfin({ ...fixture('jellyfin-playback-stop-movie'), PlayedToCompletion: 'False' }), { ignored: 'not_completed' });
  });

  it('says unreadable for bodies that are not the server’s payload', () => {
    for (const body of [null, 'text', 42, [], {}]) {
      assert.deepEqual(parseJellyfin(body), { ignored: 'unreadable' });
      assert.deepEqual(parsePlex(body), { ignored: 'unreadable' });
      assert.deepEqual(parseEmby(body), { ignored: 'unreadable' });
    }
    assert.deepEqual(parsePlex({ event: 'media.scrobble' }), { ignored: 'unreadable' });
  });

  it('accepts IMDb ids only as tt and digits', () => {
    assert.equal(imdbId('tt0133093'), 'tt0133093');
    assert.equal(imdbId(' TT0133093 '), 'tt0133093');
    for (const bad of ['0133093', 'tt123', 'nm0000206', 'tt0133093?lang=en', 12, null]) assert.equal(imdbId(bad), null);
  });

  it('reads ISO times (with up to seven decimals) and the invariant .NET form a template renders', () => {
    assert.equal(parseMoment('2025-03-14T20:41:07.1234567Z')?.toISOString(), '2025-03-14T20:41:07.123Z');
    assert.equal(parseMoment('2025-03-14T21:41:07+01:00')?.toISOString(), '2025-03-14T20:41:07.000Z');
    assert.equal(parseMoment('2025-03-14T20:41:07')?.toISOString(), '2025-03-14T20:41:07.000Z');
    assert.equal(parseMoment('03/14/2025 20:41:07')?.toISOString(), '2025-03-14T20:41:07.000Z');
    assert.equal(parseMoment('yesterday'), null);
    assert.equal(localDayOf('2025-03-15T00:30:00.0000000+01:00'), '2025-03-15');
    assert.equal(localDayOf('03/15/2025 00:30:00'), '2025-03-15');
    assert.equal(localDayOf('2025-02-30T00:30:00'), null);
  });

  it("dates a play on the server's local day when it gives one, else the UTC day; an unbelievable time is now", () => {
    const now = new Date('2025-03-20T12:00:00Z');
    const play = { externalName: 'x', isMovie: true, tconst: 'tt0133093', playedAt: new Date('2025-03-14T23:30:00Z'), localDay: '2025-03-15' };
    assert.deepEqual(playMoment(play, now), { playedAt: play.playedAt, watchedOn: '2025-03-15' });
    assert.equal(playMoment({ ...play, localDay: null }, now).watchedOn, '2025-03-14');
    assert.equal(playMoment({ ...play, localDay: '2024-01-01' }, now).watchedOn, '2025-03-14', 'a local day far from the moment is not believed');
    assert.deepEqual(playMoment({ ...play, playedAt: null, localDay: null }, now), { playedAt: now, watchedOn: '2025-03-20' });
    assert.deepEqual(playMoment({ ...play, playedAt: new Date('2025-03-21T12:00:00Z'), localDay: null }, now), { playedAt: now, watchedOn: '2025-03-20' });
    assert.deepEqual(playMoment({ ...play, playedAt: new Date('1990-01-01T00:00:00Z'), localDay: null }, now), { playedAt: now, watchedOn: '2025-03-20' });
  });
});
