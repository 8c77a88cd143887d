import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signUpOn, twoServerProcesses } from '../testing/serverProcess';
import { addMovie } from '../testing/factories';
import { TEST_DATABASES } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';
import { startsIn } from './testing';

describe('a movie night across two server processes on PostgreSQL and Redis', { skip: !TEST_DATABASES.includes('postgres') && 'PostgreSQL not in TEST_DATABASES' }, () => {
  const cluster = twoServerProcesses('screenings');

  it('shows attendees on either process a vote and the pick as they happen', async () => {
    const owner = (await signUpOn(cluster.a.url, 'night_owner')).agent;
    const onA = (await signUpOn(cluster.a.url, 'night_alice')).agent;
    // Bob's browser talks to process B for everything, HTTP and socket alike.
    const onB = (await signUpOn(cluster.b.url, 'night_bob')).agent;
    const list = (await owner.post('/api/watchlists/public', { name: 'Across the night' })).body.watchlist;
    const movies = [await addMovie(cluster.database.database.db, { title: 'First Across' }), await addMovie(cluster.database.database.db, { title: 'Second Across' })];
    for (const movie of movies) await owner.post(`/api/watchlists/${list.id}/items`, { movie_id: movie.id });
    const scheduled = await owner.post('/api/screenings', { watchlist_id: list.id, starts_at: startsIn(24) });
    assert.equal(scheduled.status, 200, JSON.stringify(scheduled.body));
    const id = scheduled.body.screening.id as number;

    const open = (url: string, cookie: string) => {
      const socket = connectSocket(url, cookie);
      cluster.sockets.push(socket);
      return socket;
    };
    const alice = open(cluster.a.url, onA.cookieHeader);
    const bob = open(cluster.b.url, onB.cookieHeader);
    for (const socket of [alice, bob]) {
      const init = nextEvent(socket, 'screening:init', 10_000);
      socket.emit('screening:subscribe', { screening_id: id });
      assert.deepEqual(await init, { screening_id: id, what: 'subscribed', status: 'planned', picked_movie: null, picked_at: null });
    }

    // Bob says yes and votes through process B; Alice, on process A, sees the vote arrive.
    const rsvps = [nextEvent(alice, 'screening:update', 10_000), nextEvent(bob, 'screening:update', 10_000)];
    assert.equal((await onB.post(`/api/screenings/${id}/rsvp`, { status: 'yes' })).status, 200);
    for (const event of await Promise.all(rsvps)) assert.equal(event.what, 'rsvps');
    const votes = [nextEvent(alice, 'screening:update', 10_000), nextEvent(bob, 'screening:update', 10_000)];
    const voted = await onB.post(`/api/screenings/${id}/votes`, { movie_id: movies[1].id, vote: 'up' });
    assert.equal(voted.status, 200, JSON.stringify(voted.body));
    for (const event of await Promise.all(votes)) assert.deepEqual(event, { screening_id: id, what: 'votes', status: 'planned', picked_movie: null, picked_at: null });

    // The owner picks through process A; both see the pick, which follows Bob's only vote.
    const picks = [nextEvent(alice, 'screening:update', 10_000), nextEvent(bob, 'screening:update', 10_000)];
    const picked = await owner.post(`/api/screenings/${id}/pick`);
    assert.equal(picked.status, 200, JSON.stringify(picked.body));
    assert.deepEqual(picked.body.picked_movie, { id: movies[1].id, title: 'Second Across', poster: null });
    for (const event of await Promise.all(picks)) {
      assert.deepEqual(event, { screening_id: id, what: 'pick', status: 'planned', picked_movie: picked.body.picked_movie, picked_at: picked.body.picked_at });
    }
  });
});
