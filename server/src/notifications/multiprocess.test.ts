import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NOTIFICATION_EVENTS, type NotificationsChangedEvent } from '@movieclub/contract';
import { ApiAgent } from '../testing/client';
import { addMovie, addReview } from '../testing/factories';
import { signUpOn, twoServerProcesses } from '../testing/serverProcess';
import { TEST_DATABASES } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';

describe('a notification across two server processes on PostgreSQL and Redis', { skip: !TEST_DATABASES.includes('postgres') && 'PostgreSQL not in TEST_DATABASES' }, () => {
  const cluster = twoServerProcesses('notifications');

  it('reaches the review author on process B when a comment is made through process A', async () => {
    // The author's browser talks to process B; the commenter's to process A.
    const author = await signUpOn(cluster.b.url, 'far_author');
    const commenter = await signUpOn(cluster.a.url, 'far_commenter');
    const movie = await addMovie(cluster.database.database.db, { title: 'Far Away' });
    const review = await addReview(cluster.database.database.db, { user_id: author.id, movie_id: movie.id, stars: 6 });

    const socket = connectSocket(cluster.b.url, author.agent.cookieHeader);
    cluster.sockets.push(socket);
    await nextEvent(socket, 'connect', 10_000);
    const arrived = nextEvent<NotificationsChangedEvent>(socket, NOTIFICATION_EVENTS.changed, 10_000);
    const posted = await commenter.agent.post(`/api/reviews/${review.id}/comments`, { text: 'Seen from afar.' });
    assert.equal(posted.status, 200, JSON.stringify(posted.body));

    const event = await arrived;
    assert.equal(event.unread, 1);
    assert.equal(event.notification?.kind, 'comment');
    assert.equal(event.notification?.text, 'far_commenter commented on your review of Far Away.');
    assert.equal(event.notification?.link, `/movie/${movie.id}#comment-${posted.body.comment.id}`);
    assert.deepEqual((await author.agent.get('/api/notifications')).body.notifications, [event.notification]);

    // Reading through process A updates the socket on process B.
    const reader = new ApiAgent(cluster.a.url);
    assert.equal((await reader.post('/api/login', { username: 'far_author', password: 'correct horse battery' })).status, 200);
    const read = nextEvent<NotificationsChangedEvent>(socket, NOTIFICATION_EVENTS.changed, 10_000);
    assert.deepEqual((await reader.post('/api/notifications/read', {})).body, { success: true, unread: 0 });
    assert.deepEqual(await read, { unread: 0, notification: null });
  });
});
