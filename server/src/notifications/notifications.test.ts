import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { NOTIFICATION_EVENTS, type NotificationsChangedEvent } from '@movieclub/contract';
import type { Socket } from 'socket.io-client';
import { HIGH_LIMITS, postComment } from '../comments/testing';
import { remindGuests } from '../screenings/reminders';
import { scheduleScreening, screeningWorld, startedHoursAgo, startingSoon, startsIn } from '../screenings/testing';
import { addMovie, addReview, createUser, type SignedInUser } from '../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../testing/testApp';
import { connectSocket, nextEvent } from '../watchlists/socketClient';
import { notify } from './notify';
import { brief, notificationsOf, settle, waitForNotifications } from './testing';

for (const kind of TEST_DATABASES) {
  describe(`notifications (${kind})`, () => {
    let app: TestApp;
    let counter = 0;
    const sockets: Socket[] = [];

    before(async () => {
      app = await startTestApp(kind, { config: HIGH_LIMITS });
    });
    after(async () => {
      for (const socket of sockets) socket.disconnect();
      await app.close();
    });

    /** Fresh members, so each test counts only its own notifications. */
    const members = async (...names: string[]): Promise<SignedInUser[]> => {
      counter++;
      const made = [];
      for (const name of names) made.push(await createUser(app, `n${counter}_${name}`));
      return made;
    };
    const reviewBy = async (author: SignedInUser, title: string) => {
      const movie = await addMovie(app.database.db, { title });
      const review = await addReview(app.database.db, { user_id: author.id, movie_id: movie.id, stars: 7 });
      return { movie, reviewId: review.id };
    };

    it('tells the review author, earlier commenters and mentioned members of a comment, once each, and never the commenter', async () => {
      const [author, ann, bob, cat] = await members('author', 'ann', 'bob', 'cat');
      const { movie, reviewId } = await reviewBy(author, 'Alien');

      const first = await postComment(ann.agent, reviewId, { text: 'Great.' });
      assert.deepEqual((await waitForNotifications(author.agent, 1)).map(brief), [
        { kind: 'comment', actor: ann.username, text: `${ann.username} commented on your review of Alien.`, link: `/movie/${movie.id}#comment-${first}` },
      ]);

      // Bob replies and mentions Cat (and himself): Ann hears a reply, Cat a mention, the author a comment.
      const second = await postComment(bob.agent, reviewId, { text: `Agreed, @${cat.username} and @${bob.username}.` });
      const link = `/movie/${movie.id}#comment-${second}`;
      assert.deepEqual((await waitForNotifications(author.agent, 2)).map(brief)[0], { kind: 'comment', actor: bob.username, text: `${bob.username} commented on your review of Alien.`, link });
      assert.deepEqual((await waitForNotifications(ann.agent, 1)).map(brief), [
        { kind: 'reply', actor: bob.username, text: `${bob.username} replied on ${author.username}'s review of Alien.`, link },
      ]);
      assert.deepEqual((await waitForNotifications(cat.agent, 1)).map(brief), [
        { kind: 'mention', actor: bob.username, text: `${bob.username} mentioned you in a comment on Alien.`, link },
      ]);

      // The author comments on their own review mentioning Ann: Ann gets the mention only, Bob a reply, the author nothing.
      const third = await postComment(author.agent, reviewId, { text: `Thanks @${ann.username}!` });
      assert.deepEqual((await waitForNotifications(ann.agent, 2)).map(brief)[0], {
        kind: 'mention',
        actor: author.username,
        text: `${author.username} mentioned you in a comment on Alien.`,
        link: `/movie/${movie.id}#comment-${third}`,
      });
      assert.equal((await waitForNotifications(bob.agent, 1))[0].kind, 'reply');
      await settle();
      assert.equal((await notificationsOf(author.agent)).notifications.length, 2, 'nobody hears of their own comment');
      assert.equal((await notificationsOf(ann.agent)).notifications.length, 2, 'one notification per comment per member');
      assert.equal((await notificationsOf(cat.agent)).notifications.length, 1, 'not a reply for a comment one never commented on');
    });

    it('tells members an edited comment names for the first time, and nobody twice', async () => {
      const [author, ann, bob, cat] = await members('author', 'ann', 'bob', 'cat');
      const { movie, reviewId } = await reviewBy(author, 'Aliens');
      const commentId = await postComment(ann.agent, reviewId, { text: `Hello @${bob.username}` });
      const link = `/movie/${movie.id}#comment-${commentId}`;
      await waitForNotifications(bob.agent, 1);
      await waitForNotifications(author.agent, 1);

      const edited = await ann.agent.request('PATCH', `/api/comments/${commentId}`, { text: `Hello @${bob.username}, @${cat.username} and @${author.username}` });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      assert.deepEqual((await waitForNotifications(cat.agent, 1)).map(brief), [
        { kind: 'mention', actor: ann.username, text: `${ann.username} mentioned you in a comment on Aliens.`, link },
      ]);
      // A second edit, and one that changes only the spoiler flag, tell nobody anything new.
      await ann.agent.request('PATCH', `/api/comments/${commentId}`, { text: `Hi @${cat.username} and @${bob.username}` });
      await ann.agent.request('PATCH', `/api/comments/${commentId}`, { spoiler: true });
      await settle();
      assert.equal((await notificationsOf(bob.agent)).notifications.length, 1, 'Bob was mentioned before the edits');
      assert.equal((await notificationsOf(cat.agent)).notifications.length, 1, 'Cat hears of it once');
      assert.equal((await notificationsOf(author.agent)).notifications.length, 1, 'the author already heard of the comment');
    });

    it('tells the author of a review or comment of a reaction, once however often it is toggled, and nobody of their own', async () => {
      const [author, ann] = await members('author', 'ann');
      const { movie, reviewId } = await reviewBy(author, 'Heat');
      for (let round = 0; round < 2; round++) {
        assert.equal((await ann.agent.put(`/api/reviews/${reviewId}/reactions/thumbs_up`)).status, 200);
        assert.equal((await ann.agent.delete(`/api/reviews/${reviewId}/reactions/thumbs_up`)).status, 200);
      }
      assert.deepEqual((await waitForNotifications(author.agent, 1)).map(brief), [
        { kind: 'reaction', actor: ann.username, text: `${ann.username} reacted 👍 to your review of Heat.`, link: `/movie/${movie.id}` },
      ]);
      assert.equal((await author.agent.put(`/api/reviews/${reviewId}/reactions/heart`)).status, 200);

      const commentId = await postComment(ann.agent, reviewId, { text: 'Yes.' });
      await waitForNotifications(author.agent, 2);
      assert.equal((await author.agent.put(`/api/comments/${commentId}/reactions/heart`)).status, 200);
      assert.equal((await ann.agent.put(`/api/comments/${commentId}/reactions/heart`)).status, 200);
      assert.deepEqual((await waitForNotifications(ann.agent, 1)).map(brief), [
        { kind: 'reaction', actor: author.username, text: `${author.username} reacted ❤️ to your comment on Heat.`, link: `/movie/${movie.id}#comment-${commentId}` },
      ]);
      await settle();
      assert.equal((await notificationsOf(author.agent)).notifications.length, 2, 'a reaction to one’s own review tells nobody');
      assert.equal((await notificationsOf(ann.agent)).notifications.length, 1);
    });

    it('takes back what a deleted comment told people, read or not, and tells their open bells; other news stays', async () => {
      const [author, ann, bob, cat] = await members('author', 'ann', 'bob', 'cat');
      const { movie, reviewId } = await reviewBy(author, 'Jaws');
      const kept = await postComment(bob.agent, reviewId, { text: 'Kept.' });
      await waitForNotifications(author.agent, 1);
      const doomed = await postComment(ann.agent, reviewId, { text: `Shark! @${cat.username}` });
      await waitForNotifications(author.agent, 2);
      await waitForNotifications(bob.agent, 1);
      await waitForNotifications(cat.agent, 1);
      assert.equal((await bob.agent.put(`/api/comments/${doomed}/reactions/heart`)).status, 200);
      assert.equal((await cat.agent.put(`/api/comments/${kept}/reactions/heart`)).status, 200);
      await waitForNotifications(ann.agent, 1);
      await waitForNotifications(bob.agent, 2);
      assert.equal((await cat.agent.post('/api/notifications/read', {})).status, 200);

      const socket = connectSocket(app.url, author.agent.cookieHeader);
      sockets.push(socket);
      await nextEvent(socket, 'connect');
      const changed = nextEvent<NotificationsChangedEvent>(socket, NOTIFICATION_EVENTS.changed);
      // The review's author deletes Ann's comment.
      assert.equal((await author.agent.delete(`/api/comments/${doomed}`)).status, 200);
      assert.deepEqual(await changed, { unread: 1, notification: null });

      assert.deepEqual((await notificationsOf(author.agent)).notifications.map((row) => row.link), [`/movie/${movie.id}#comment-${kept}`]);
      assert.deepEqual((await notificationsOf(ann.agent)).notifications, [], 'the reaction to the deleted comment is taken back');
      assert.deepEqual((await notificationsOf(cat.agent)).notifications, [], 'a read mention goes too');
      const bobs = await notificationsOf(bob.agent);
      assert.deepEqual(bobs.notifications.map((row) => row.kind), ['reaction'], 'the reply goes; the reaction to Bob’s own comment stays');
      assert.equal(bobs.unread, 1);
    });

    it('tells the owner, moderators and earlier answerers of a new movie night, and asks attendees without a review to rate', async () => {
      const prefix = `ns${++counter}`;
      const world = await screeningWorld(app, prefix);
      const [guest, other] = await members('guest', 'other');
      const listName = `${prefix} Public List`;
      const firstStart = startsIn(48);
      const first = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: firstStart });
      assert.deepEqual((await waitForNotifications(world.moderator.agent, 1)).map(brief), [
        { kind: 'screening', actor: world.owner.username, text: `A movie night of ${listName} is scheduled for ${firstStart.slice(0, 10)}.`, link: `/screening/${first}` },
      ]);
      assert.equal((await guest.agent.post(`/api/screenings/${first}/rsvp`, { status: 'no' })).status, 200);

      // The moderator schedules the next: the owner and the guest who answered hear of it; the moderator and a stranger do not.
      const secondStart = startsIn(72, -300);
      const second = await scheduleScreening(world.moderator.agent, { watchlist_id: world.publicId, starts_at: secondStart });
      const expected = { kind: 'screening', actor: world.moderator.username, link: `/screening/${second}` };
      for (const member of [world.owner, guest]) {
        const [newest] = await waitForNotifications(member.agent, 1);
        assert.deepEqual(brief(newest), { ...expected, text: `A movie night of ${listName} is scheduled for ${secondStart.slice(0, 10)}.` });
      }
      await settle();
      assert.equal((await notificationsOf(world.moderator.agent)).notifications.length, 1);
      assert.equal((await notificationsOf(other.agent)).notifications.length, 0);
      assert.equal((await notificationsOf(world.stranger.agent)).notifications.length, 0);

      // After the night: the owner reviewed the pick, so only the guest and the stranger are asked; nobody is told of a tag.
      await startedHoursAgo(app, first, 1);
      const picked = await world.owner.agent.post(`/api/screenings/${first}/pick`);
      assert.equal(picked.status, 200, JSON.stringify(picked.body));
      const movie = picked.body.picked_movie as { id: number; title: string };
      await addReview(app.database.db, { user_id: world.owner.id, movie_id: movie.id, stars: 8 });
      const attendance = { usernames: [world.owner.username, guest.username, world.stranger.username] };
      for (let round = 0; round < 2; round++) assert.equal((await world.owner.agent.post(`/api/screenings/${first}/attendance`, attendance)).status, 200);
      for (const member of [guest, world.stranger]) {
        const [newest] = await waitForNotifications(member.agent, member === guest ? 2 : 1);
        assert.deepEqual(brief(newest), { kind: 'rating_prompt', actor: null, text: `You came to the ${listName} movie night: rate ${movie.title}.`, link: `/movie/${movie.id}` });
      }
      await settle();
      assert.equal((await notificationsOf(world.owner.agent)).notifications.length, 1, 'no prompt for a reviewed movie');
      assert.equal((await notificationsOf(guest.agent)).notifications.length, 2, 'recording again asks nobody twice, and attendance tags tell nobody');
    });

    it("tells those coming or maybe coming when a night moves, gets a new place or is cancelled, and nobody of a new note", async () => {
      const prefix = `nm${++counter}`;
      const world = await screeningWorld(app, prefix);
      const [going, maybe, notGoing] = await members('going', 'maybe', 'no');
      const listName = `${prefix} Public List`;
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, place: 'The attic' });
      for (const [member, status] of [[going, 'yes'], [maybe, 'maybe'], [notGoing, 'no'], [world.owner, 'yes']] as const) {
        assert.equal((await member.agent.post(`/api/screenings/${id}/rsvp`, { status })).status, 200);
      }
      const coming = [going, maybe];
      const link = `/screening/${id}`;
      const change = async (body: object) => assert.equal((await world.moderator.agent.request('PATCH', `/api/screenings/${id}`, body)).status, 200);

      await change({ note: 'Bring snacks.' });
      await change({ place: '' });
      await settle();
      for (const member of [...coming, notGoing]) assert.equal((await notificationsOf(member.agent)).notifications.length, 0, 'a note or a place taken away tells nobody');

      // Moved, in the night's own offset (UTC-05:00 here): the day and time as its guests read them.
      const later = startsIn(72, -300);
      await change({ starts_at: later });
      const moved = { kind: 'screening', actor: world.moderator.username, link, text: `The ${listName} movie night moved to ${later.slice(0, 10)} at ${later.slice(11, 16)}.` };
      for (const member of coming) assert.deepEqual((await waitForNotifications(member.agent, 1)).map(brief), [moved]);

      await change({ place: "Bob's den" });
      for (const member of coming) {
        assert.deepEqual(brief((await waitForNotifications(member.agent, 2))[0]), { ...moved, text: `The ${listName} movie night is now at Bob's den.` });
      }
      const laterStill = startsIn(96, -300);
      await change({ starts_at: laterStill, place: 'The roof' });
      const both = `The ${listName} movie night moved to ${laterStill.slice(0, 10)} at ${laterStill.slice(11, 16)}, The roof.`;
      for (const member of coming) assert.equal((await waitForNotifications(member.agent, 3))[0].text, both);

      assert.equal((await world.owner.agent.post(`/api/screenings/${id}/cancel`)).status, 200);
      const cancelled = { kind: 'screening', actor: world.owner.username, link, text: `The ${listName} movie night of ${laterStill.slice(0, 10)} is cancelled.` };
      for (const member of coming) assert.deepEqual(brief((await waitForNotifications(member.agent, 4))[0]), cancelled);
      await settle();
      assert.equal((await notificationsOf(notGoing.agent)).notifications.length, 0, "an answer of 'no' hears nothing");
      assert.equal((await notificationsOf(world.moderator.agent)).notifications.length, 1, 'the mover hears only of the scheduling');
      assert.deepEqual((await notificationsOf(world.owner.agent)).notifications.map(brief).map((row) => row.text).slice(0, 1), [both], 'the canceller is not told of it');
    });

    it('reminds those coming or maybe coming three hours ahead, once per start, unless the night was scheduled at shorter notice', async () => {
      const prefix = `nr${++counter}`;
      const world = await screeningWorld(app, prefix);
      const [going, maybe, notGoing] = await members('going', 'maybe', 'no');
      const listName = `${prefix} Public List`;
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(48, -300) });
      const shortNotice = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(2) });
      for (const [member, status] of [[going, 'yes'], [maybe, 'maybe'], [notGoing, 'no']] as const) {
        for (const night of [id, shortNotice]) assert.equal((await member.agent.post(`/api/screenings/${night}/rsvp`, { status })).status, 200);
      }
      const sweep = () => remindGuests(app.app);
      await sweep();
      await settle();
      assert.equal((await notificationsOf(going.agent)).notifications.length, 0, 'two days ahead is too early; two hours ahead at short notice is no news');

      // Scheduled two days ago, the night now starts in two hours: its guests read the time in its own offset.
      await startingSoon(app, id);
      const local = (await world.owner.agent.get(`/api/screenings/${id}`)).body.screening.starts_at as string;
      assert.match(local, /-05:00$/);
      await sweep();
      const reminder = { kind: 'screening', actor: null, link: `/screening/${id}`, text: `Reminder: the ${listName} movie night starts at ${local.slice(11, 16)} on ${local.slice(0, 10)}.` };
      for (const member of [going, maybe]) assert.deepEqual((await waitForNotifications(member.agent, 1)).map(brief), [reminder]);
      await sweep();
      await settle();
      assert.equal((await notificationsOf(going.agent)).notifications.length, 1, 'a second sweep reminds nobody again');
      assert.equal((await notificationsOf(notGoing.agent)).notifications.length, 0);

      // Moved half an hour later: guests hear of the move, then are reminded of the new start.
      await world.owner.agent.request('PATCH', `/api/screenings/${id}`, { starts_at: startsIn(2.5, -300) });
      await waitForNotifications(going.agent, 2);
      await sweep();
      const [newest] = await waitForNotifications(going.agent, 3);
      const moved = (await world.owner.agent.get(`/api/screenings/${id}`)).body.screening.starts_at as string;
      assert.equal(newest.text, `Reminder: the ${listName} movie night starts at ${moved.slice(11, 16)} on ${moved.slice(0, 10)}.`);
      // A cancelled night is not reminded of.
      assert.equal((await world.owner.agent.post(`/api/screenings/${id}/cancel`)).status, 200);
      await app.database.db.deleteFrom('notifications').where('dedupe_key', 'like', `screening-reminder:${id}:%`).execute();
      await sweep();
      await settle();
      assert.ok((await notificationsOf(going.agent)).notifications.every((row) => !row.text.startsWith('Reminder:')));
    });

    it('tells members newly tagged in a viewing, once per viewing', async () => {
      const [ann, bob, cat, dan] = await members('ann', 'bob', 'cat', 'dan');
      const movie = await addMovie(app.database.db, { title: 'Jaws' });
      const logged = await ann.agent.post('/api/viewings', { movie_id: movie.id, with: [bob.username, cat.username] });
      assert.equal(logged.status, 200, JSON.stringify(logged.body));
      for (const member of [bob, cat]) {
        assert.deepEqual((await waitForNotifications(member.agent, 1)).map(brief), [
          { kind: 'viewing_tag', actor: ann.username, text: `${ann.username} logged Jaws with you.`, link: `/user/profile/${member.username}?tab=diary` },
        ]);
      }
      const id = logged.body.viewing.id as number;
      for (const tagged of [[bob.username, dan.username], [], [bob.username, cat.username, dan.username]]) {
        assert.equal((await ann.agent.request('PATCH', `/api/viewings/${id}`, { with: tagged })).status, 200);
      }
      assert.equal((await waitForNotifications(dan.agent, 1))[0].kind, 'viewing_tag');
      await settle();
      for (const member of [bob, cat]) assert.equal((await notificationsOf(member.agent)).notifications.length, 1);
      assert.equal((await notificationsOf(ann.agent)).notifications.length, 0);
    });

    it('leaves out the kinds a member turned off, and tells of a comment by the next kind that concerns them', async () => {
      const [author, ann, bob] = await members('author', 'ann', 'bob');
      const { movie, reviewId } = await reviewBy(author, 'Tenet');
      const onOff = async (agent: SignedInUser['agent']) => Object.fromEntries(((await agent.get('/api/notifications/settings')).body.kinds as Array<{ kind: string; on: boolean }>).map((row) => [row.kind, row.on]));
      const everyKindOn = { comment: true, reply: true, mention: true, reaction: true, screening: true, rating_prompt: true, viewing_tag: true };
      assert.deepEqual(await onOff(author.agent), everyKindOn, 'a new member has every kind on');

      const off = await author.agent.put('/api/notifications/settings', { kind: 'reaction', on: false });
      assert.equal(off.status, 200, JSON.stringify(off.body));
      assert.deepEqual(off.body.kinds.find((row: { kind: string }) => row.kind === 'reaction'), { kind: 'reaction', on: false });
      assert.equal((await author.agent.put('/api/notifications/settings', { kind: 'reaction', on: false })).status, 200, 'turning off again changes nothing');
      assert.deepEqual(await onOff(author.agent), { ...everyKindOn, reaction: false });
      assert.deepEqual(await onOff(ann.agent), everyKindOn, "one member's settings are theirs alone");

      assert.equal((await ann.agent.put(`/api/reviews/${reviewId}/reactions/heart`)).status, 200);
      // The author turned comments off but hears of one that mentions them, as a mention.
      assert.equal((await author.agent.put('/api/notifications/settings', { kind: 'comment', on: false })).status, 200);
      await postComment(bob.agent, reviewId, { text: 'Plain.' });
      const mentioning = await postComment(ann.agent, reviewId, { text: `Right, @${author.username}?` });
      assert.deepEqual((await waitForNotifications(author.agent, 1)).map(brief), [
        { kind: 'mention', actor: ann.username, text: `${ann.username} mentioned you in a comment on Tenet.`, link: `/movie/${movie.id}#comment-${mentioning}` },
      ]);
      // Bob turned mentions off: a comment mentioning him on a review he commented on reaches him as a reply.
      assert.equal((await bob.agent.put('/api/notifications/settings', { kind: 'mention', on: false })).status, 200);
      const replying = await postComment(ann.agent, reviewId, { text: `And @${bob.username}?` });
      assert.deepEqual((await waitForNotifications(bob.agent, 2)).map(brief)[0], {
        kind: 'reply',
        actor: ann.username,
        text: `${ann.username} replied on ${author.username}'s review of Tenet.`,
        link: `/movie/${movie.id}#comment-${replying}`,
      });

      // Back on: the next reaction arrives; the earlier one stays untold.
      assert.equal((await author.agent.put('/api/notifications/settings', { kind: 'reaction', on: true })).status, 200);
      assert.equal((await bob.agent.put(`/api/reviews/${reviewId}/reactions/laugh`)).status, 200);
      const [newest] = await waitForNotifications(author.agent, 2);
      assert.deepEqual(brief(newest), { kind: 'reaction', actor: bob.username, text: `${bob.username} reacted 😂 to your review of Tenet.`, link: `/movie/${movie.id}` });
      await settle();
      assert.equal((await notificationsOf(author.agent)).notifications.length, 2, 'the comments without a mention and the first reaction told nothing');
    });

    it('refuses a setting that names no kind or is not true or false, and changes nothing', async () => {
      const [member] = await members('member');
      const cases: Array<[unknown, string]> = [
        [{ kind: 'everything', on: false }, 'Kind must be one of comment, reply, mention, reaction, screening, rating_prompt, viewing_tag.'],
        [{ on: false }, 'Kind must be one of comment, reply, mention, reaction, screening, rating_prompt, viewing_tag.'],
        [{ kind: 'reaction', on: 'no' }, 'On must be true or false.'],
        [{ kind: 'reaction' }, 'On must be true or false.'],
      ];
      for (const [body, error] of cases) {
        const reply = await member.agent.put('/api/notifications/settings', body);
        assert.equal(reply.status, 400, JSON.stringify(body));
        assert.equal(reply.body.error, error);
      }
      const rows = await app.database.db.selectFrom('notification_kinds_off').selectAll().where('user_id', '=', member.id).execute();
      assert.deepEqual(rows, []);
    });

    it('reminds nobody who turned movie nights off', async () => {
      const prefix = `nq${++counter}`;
      const world = await screeningWorld(app, prefix);
      const [keen, quiet] = await members('keen', 'quiet');
      const id = await scheduleScreening(world.owner.agent, { watchlist_id: world.publicId, starts_at: startsIn(48) });
      for (const member of [keen, quiet]) assert.equal((await member.agent.post(`/api/screenings/${id}/rsvp`, { status: 'yes' })).status, 200);
      assert.equal((await quiet.agent.put('/api/notifications/settings', { kind: 'screening', on: false })).status, 200);
      await startingSoon(app, id, 1);
      await remindGuests(app.app);
      assert.equal((await waitForNotifications(keen.agent, 1))[0].kind, 'screening');
      await settle();
      assert.equal((await notificationsOf(quiet.agent)).notifications.length, 0);
    });

    it('pages the caller’s own notifications newest first, counts all unread, and ignores repeats and one’s own actions', async () => {
      const [ann, bob] = await members('ann', 'bob');
      const made = async (index: number) =>
        notify(app.app, { userId: ann.id, kind: 'comment', actorId: bob.id, text: `Number ${index}.`, link: '/movie/1', dedupeKey: `test:${index}` });
      for (let index = 1; index <= 5; index++) await made(index);
      await made(3);
      await notify(app.app, { userId: ann.id, kind: 'comment', actorId: ann.id, text: 'Own.', link: '/movie/1' });
      await notify(app.app, { userId: bob.id, kind: 'comment', actorId: ann.id, text: 'For Bob.', link: '/movie/1' });

      const firstPage = await notificationsOf(ann.agent, '?limit=2');
      assert.deepEqual(firstPage.notifications.map((row) => row.text), ['Number 5.', 'Number 4.']);
      assert.equal(firstPage.unread, 5);
      assert.deepEqual(firstPage.notifications[0].actor, { username: bob.username, profile_picture: null });
      assert.equal(firstPage.notifications[0].read, false);
      const secondPage = await notificationsOf(ann.agent, `?limit=2&before=${firstPage.next_before}`);
      assert.deepEqual(secondPage.notifications.map((row) => row.text), ['Number 3.', 'Number 2.']);
      const lastPage = await notificationsOf(ann.agent, `?limit=2&before=${secondPage.next_before}`);
      assert.deepEqual([lastPage.notifications.map((row) => row.text), lastPage.next_before], [['Number 1.'], null]);
      assert.equal((await notificationsOf(ann.agent)).next_before, null);
      assert.deepEqual((await notificationsOf(bob.agent)).notifications.map((row) => row.text), ['For Bob.']);
    });

    it('marks read only the caller’s own notifications, the given ones or all', async () => {
      const [ann, bob] = await members('ann', 'bob');
      for (const [user, actor, text] of [[ann, bob, 'A1.'], [ann, bob, 'A2.'], [ann, bob, 'A3.'], [bob, ann, 'B1.']] as const) {
        await notify(app.app, { userId: user.id, kind: 'reaction', actorId: actor.id, text, link: '/movie/1' });
      }
      const [a3, a2] = (await notificationsOf(ann.agent)).notifications;
      const [b1] = (await notificationsOf(bob.agent)).notifications;
      const marked = await ann.agent.post('/api/notifications/read', { ids: [a3.id, b1.id] });
      assert.deepEqual([marked.status, marked.body], [200, { success: true, unread: 2 }]);
      assert.deepEqual((await notificationsOf(ann.agent)).notifications.map((row) => row.read), [true, false, false]);
      assert.deepEqual((await notificationsOf(bob.agent)).unread, 1, 'another member’s id is ignored');
      assert.deepEqual((await ann.agent.post('/api/notifications/read', { ids: [a2.id, a2.id] })).body, { success: true, unread: 1 });
      assert.deepEqual((await ann.agent.post('/api/notifications/read', {})).body, { success: true, unread: 0 });
      assert.deepEqual((await notificationsOf(ann.agent)).notifications.map((row) => row.read), [true, true, true]);
      assert.equal((await notificationsOf(bob.agent)).unread, 1);
      const refused = await ann.agent.post('/api/notifications/read', { ids: ['x'] });
      assert.deepEqual([refused.status, refused.body.error], [400, 'Ids must be a list of notification ids.']);
    });

    it('sends notifications:changed to the member’s sockets as a notification arrives and as they are read', async () => {
      const [author, ann] = await members('author', 'ann');
      const { movie, reviewId } = await reviewBy(author, 'Rocky');
      const socket = connectSocket(app.url, author.agent.cookieHeader);
      const stranger = connectSocket(app.url, ann.agent.cookieHeader);
      sockets.push(socket, stranger);
      await Promise.all([nextEvent(socket, 'connect'), nextEvent(stranger, 'connect')]);

      const arrived = nextEvent<NotificationsChangedEvent>(socket, NOTIFICATION_EVENTS.changed);
      let strangerHeard = false;
      stranger.on(NOTIFICATION_EVENTS.changed, () => (strangerHeard = true));
      const commentId = await postComment(ann.agent, reviewId, { text: 'Live.' });
      const event = await arrived;
      assert.equal(event.unread, 1);
      assert.ok(event.notification);
      assert.deepEqual(brief(event.notification), {
        kind: 'comment',
        actor: ann.username,
        text: `${ann.username} commented on your review of Rocky.`,
        link: `/movie/${movie.id}#comment-${commentId}`,
      });
      assert.deepEqual(event.notification, (await notificationsOf(author.agent)).notifications[0]);

      const read = nextEvent<NotificationsChangedEvent>(socket, NOTIFICATION_EVENTS.changed);
      assert.equal((await author.agent.post('/api/notifications/read', {})).status, 200);
      assert.deepEqual(await read, { unread: 0, notification: null });
      await settle();
      assert.equal(strangerHeard, false, 'only the member’s own sockets hear of it');
    });
  });
}
