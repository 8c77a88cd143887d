import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INVITE_REQUIRED, OIDC_DISABLED, OIDC_ERRORS, OIDC_LINK_EXPIRED, OIDC_WRONG_PASSWORD, PASSWORD_LOGIN_DISABLED } from '@movieclub/contract';
import { createUser, type SignedInUser } from '../../testing/factories';
import { startTestApp, TEST_DATABASES, type TestApp } from '../../testing/testApp';
import { type Page, TestBrowser } from './testBrowser';
import { startTestProvider, type TestPerson, type TestProvider } from './testProvider';

const LABEL = 'Sign in with the test provider';

/** Whether the provider showed its sign-in page on the way (it does not while its own session lasts). */
const askedAtProvider = (page: Page) => page.hops.some((hop) => hop.location?.includes('/interaction/'));

/** The provider first (its issuer goes into the app's settings), then the app it sends people back to. */
async function startBoth(
  kind: (typeof TEST_DATABASES)[number],
  { only = false, signOutAtProvider = false, label = LABEL as string | null } = {},
): Promise<{ app: TestApp; provider: TestProvider }> {
  let appUrl = '';
  const provider = await startTestProvider({ redirectUri: () => `${appUrl}/api/auth/oidc/callback` });
  const app = await startTestApp(kind, {
    config: {
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, label, only, signOutAtProvider },
      rateLimits: { oidc: 1_000 },
    },
  });
  appUrl = app.url;
  return { app, provider };
}

for (const kind of TEST_DATABASES) {
  describe(`sign-in through an identity provider (${kind})`, () => {
    let app: TestApp;
    let provider: TestProvider;
    let admin: SignedInUser;

    before(async () => {
      ({ app, provider } = await startBoth(kind));
      admin = await createUser(app, 'oidc_admin');
    });
    after(async () => {
      await app?.close();
      await provider?.close();
    });

    /** A fresh browser signing in at the provider as `person`, from the login page's button. */
    const signIn = async (person: TestPerson, query = '') => {
      provider.signInAs(person);
      const browser = new TestBrowser();
      const page = await browser.open(`${app.url}/api/auth/oidc/start${query}`);
      return { browser, page };
    };
    const landed = (page: Page) => `${page.url.pathname}${page.url.search}`;
    const whoIs = async (browser: TestBrowser) => browser.json<{ user?: { id: number; username: string } }>('GET', `${app.url}/api/user`);
    const userCount = async () => Number((await app.database.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const setMode = async (registration: string) => assert.equal((await admin.agent.put('/api/admin/settings', { registration })).status, 200);
    /** Starts a sign-in in `browser` and goes through the provider by hand, up to (not into) the redirect back with the code. */
    const callbackOf = async (browser: TestBrowser, query = ''): Promise<URL> => {
      const start = await browser.send('GET', `${app.url}/api/auth/oidc/start${query}`);
      let location = start.headers.get('location') ?? '';
      for (let hop = 0; hop < 10; hop++) {
        const response = await browser.send('GET', new URL(location, provider.issuer).href);
        location = response.headers.get('location') ?? '';
        if (location.startsWith(`${app.url}/api/auth/oidc/callback`)) return new URL(location);
      }
      throw new Error('the provider did not send the browser back with a code');
    };

    it('signs out here only by default: the provider still knows the browser, and no ID token is kept', async () => {
      const { browser, page } = await signIn({ sub: 'stay-1', preferred_username: 'tishkoff' });
      assert.ok(askedAtProvider(page), "a first sign-in passes the provider's page");
      const session = await app.database.db.selectFrom('sessions').select('oidc_id_token').where('user_id', '=', (await whoIs(browser)).body.user!.id).executeTakeFirstOrThrow();
      assert.equal(session.oidc_id_token, null);
      const out = await browser.json('POST', `${app.url}/api/logout`);
      assert.deepEqual(out, { status: 200, body: { success: true } });
      assert.equal((await whoIs(browser)).status, 401);
      const again = await browser.open(`${app.url}/api/auth/oidc/start`);
      assert.equal(askedAtProvider(again), false, 'straight back from the provider');
      assert.equal((await whoIs(browser)).body.user?.username, 'tishkoff');
    });

    it('tells the login page about the button', async () => {
      const reply = await app.agent().get('/api/auth/oidc/config');
      assert.deepEqual(reply.body, { success: true, enabled: true, label: LABEL, host: '127.0.0.1', only: false });
    });

    it('sends the browser to the provider with PKCE (S256), state and nonce, keeping them in a sealed cookie', async () => {
      const browser = new TestBrowser();
      const response = await browser.send('GET', `${app.url}/api/auth/oidc/start?return_to=/feed`);
      assert.equal(response.status, 302);
      const target = new URL(response.headers.get('location') ?? '');
      assert.equal(target.origin, provider.issuer);
      assert.equal(target.searchParams.get('redirect_uri'), `${app.url}/api/auth/oidc/callback`);
      assert.equal(target.searchParams.get('code_challenge_method'), 'S256');
      assert.match(target.searchParams.get('code_challenge') ?? '', /^[\w-]{43}$/);
      assert.ok(target.searchParams.get('state') && target.searchParams.get('nonce'));
      assert.equal(target.searchParams.get('scope'), 'openid profile email');
      const cookie = response.headers.getSetCookie().find((line) => line.startsWith('oidc_flow='));
      assert.ok(cookie, 'the flow cookie is set');
      assert.match(cookie, /HttpOnly/i);
      assert.match(cookie, /SameSite=Lax/i);
      assert.match(cookie, /Path=\/api\/auth\/oidc/);
      assert.match(cookie, /Max-Age=600/);
      const value = browser.cookiesOf(app.url).get('oidc_flow') ?? '';
      assert.ok(!value.includes(target.searchParams.get('state')!) && !Buffer.from(value, 'base64url').toString('latin1').includes('feed'), 'the cookie cannot be read');
    });

    it('creates a member for a new identity, named after preferred_username, and lands on return_to signed in', async () => {
      const before = await userCount();
      const { browser, page } = await signIn({ sub: 'new-1', preferred_username: 'Tëss Ocean!', email: 'tess@example.org' }, '?return_to=%2Fmovie%2F12%3Ftab%3Dreviews');
      assert.equal(landed(page), '/movie/12?tab=reviews');
      assert.ok(page.hops.some((hop) => hop.url.startsWith(provider.issuer)), 'the browser passed the provider');
      const me = await whoIs(browser);
      assert.equal(me.status, 200);
      assert.equal(me.body.user?.username, 'Tess_Ocean');
      assert.equal(await userCount(), before + 1);
      const link = await app.database.db.selectFrom('oidc_identities').selectAll().where('subject', '=', 'new-1').executeTakeFirstOrThrow();
      assert.deepEqual([link.issuer, link.user_id], [provider.issuer, me.body.user?.id]);
      assert.equal(browser.cookiesOf(app.url).has('oidc_flow'), false, 'the flow cookie is spent');
      // The password nobody knows does not sign in.
      const guess = await app.agent().post('/api/login', { username: 'Tess_Ocean', password: 'new-1' });
      assert.equal(guess.status, 401);
    });

    it('signs the same identity in to the same member the next time, whatever its name now', async () => {
      const first = await signIn({ sub: 'again-1', preferred_username: 'danny' });
      const id = (await whoIs(first.browser)).body.user?.id;
      const before = await userCount();
      const second = await signIn({ sub: 'again-1', preferred_username: 'daniel.ocean' });
      assert.equal(landed(second.page), '/');
      assert.deepEqual((await whoIs(second.browser)).body.user, (await whoIs(first.browser)).body.user);
      assert.equal((await whoIs(second.browser)).body.user?.id, id);
      assert.equal(await userCount(), before, 'no second member');
    });

    it('gives a new identity a free name when its name belongs to a member already linked here', async () => {
      await signIn({ sub: 'rusty-1', preferred_username: 'rusty' });
      const second = await signIn({ sub: 'rusty-2', preferred_username: 'Rusty' });
      assert.equal(landed(second.page), '/');
      assert.equal((await whoIs(second.browser)).body.user?.username, 'Rusty2');
      const third = await signIn({ sub: 'rusty-3', preferred_username: 'RUSTY' });
      assert.equal((await whoIs(third.browser)).body.user?.username, 'RUSTY3');
    });

    it('names a member after the email address, or "member", when the provider gives no usable name', async () => {
      const byEmail = await signIn({ sub: 'mail-1', preferred_username: '★★', email: 'frank.catton@example.org' });
      assert.equal((await whoIs(byEmail.browser)).body.user?.username, 'frank.catton');
      const nameless = await signIn({ sub: 'anon-1' });
      assert.equal((await whoIs(nameless.browser)).body.user?.username, 'member');
      const another = await signIn({ sub: 'anon-2' });
      assert.equal((await whoIs(another.browser)).body.user?.username, 'member2');
    });

    it('links to an existing account only with its password, then signs in to it every time', async () => {
      const linus = await createUser(app, 'linus', 'linus password 1');
      const before = await userCount();
      const { browser, page } = await signIn({ sub: 'linus-sso', preferred_username: 'Linus' }, '?return_to=/feed');
      assert.equal(landed(page), '/login/link', 'asked to link, not linked');
      assert.equal((await whoIs(browser)).status, 401, 'not signed in yet');
      const pending = await browser.json('GET', `${app.url}/api/auth/oidc/pending`);
      assert.deepEqual(pending.body, { success: true, username: 'linus' });

      const wrong = await browser.json('POST', `${app.url}/api/auth/oidc/link`, { password: 'not his password' });
      assert.deepEqual([wrong.status, wrong.body.error, wrong.body.code], [401, OIDC_WRONG_PASSWORD, 'invalid_credentials']);
      assert.equal(await app.database.db.selectFrom('oidc_identities').select('id').where('subject', '=', 'linus-sso').executeTakeFirst(), undefined);

      const right = await browser.json<{ user: { id: number; username: string }; return_to: string }>('POST', `${app.url}/api/auth/oidc/link`, { password: 'linus password 1' });
      assert.equal(right.status, 200, JSON.stringify(right.body));
      assert.deepEqual([right.body.user.id, right.body.return_to], [linus.id, '/feed']);
      assert.equal((await whoIs(browser)).body.user?.username, 'linus');
      assert.equal(await userCount(), before, 'no new member');
      assert.equal((await browser.json('POST', `${app.url}/api/auth/oidc/link`, { password: 'linus password 1' })).status, 400, 'the pending link is spent');

      const again = await signIn({ sub: 'linus-sso', preferred_username: 'Linus' });
      assert.equal(landed(again.page), '/');
      assert.equal((await whoIs(again.browser)).body.user?.id, linus.id);
      assert.equal((await app.agent().post('/api/login', { username: 'linus', password: 'linus password 1' })).status, 200, 'the password still works');
    });

    it('counts wrong link passwords towards the lock of password login', async () => {
      await createUser(app, 'saul', 'saul password 1');
      const { browser } = await signIn({ sub: 'saul-sso', preferred_username: 'saul' });
      let last = 0;
      for (let attempt = 0; attempt < 11 && last !== 429; attempt++) {
        last = (await browser.json('POST', `${app.url}/api/auth/oidc/link`, { password: `wrong ${attempt}` })).status;
      }
      assert.equal(last, 429, 'locked after repeated failures');
      const right = await browser.json('POST', `${app.url}/api/auth/oidc/link`, { password: 'saul password 1' });
      assert.equal(right.status, 429, 'even the right password waits out the lock');
    });

    it('creates a new account under a free name instead of linking, when asked', async () => {
      await createUser(app, 'basher', 'basher password 1');
      const { browser, page } = await signIn({ sub: 'basher-sso', preferred_username: 'basher' }, '?return_to=/club');
      assert.equal(landed(page), '/login/link');
      const created = await browser.json<{ user: { username: string }; return_to: string }>('POST', `${app.url}/api/auth/oidc/create`);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual([created.body.user.username, created.body.return_to], ['basher2', '/club']);
      assert.equal((await whoIs(browser)).body.user?.username, 'basher2');
      const again = await signIn({ sub: 'basher-sso', preferred_username: 'basher' });
      assert.equal((await whoIs(again.browser)).body.user?.username, 'basher2');
    });

    it('refuses link and create calls without a sign-in waiting', async () => {
      const browser = new TestBrowser();
      for (const [method, path, body] of [['GET', 'pending'], ['POST', 'link', { password: 'whatever it is' }], ['POST', 'create']] as const) {
        const reply = await browser.json(method, `${app.url}/api/auth/oidc/${path}`, body);
        assert.deepEqual([reply.status, reply.body.error, reply.body.code], [400, OIDC_LINK_EXPIRED, 'oidc_link_expired'], path);
      }
    });

    it('refuses a callback whose state does not match, or that this browser did not start', async () => {
      const before = await userCount();
      provider.signInAs({ sub: 'state-1', preferred_username: 'mallory' });
      const browser = new TestBrowser();
      const start = await browser.send('GET', `${app.url}/api/auth/oidc/start`);
      // Through the provider by hand, up to the redirect back with the code.
      let location = start.headers.get('location') ?? '';
      let callback: URL | null = null;
      for (let hop = 0; hop < 10 && !callback; hop++) {
        const response = await browser.send('GET', new URL(location, provider.issuer).href);
        location = response.headers.get('location') ?? '';
        if (location.startsWith(`${app.url}/api/auth/oidc/callback`)) callback = new URL(location);
      }
      assert.ok(callback, 'the provider sent the browser back with a code');
      const tampered = new URL(callback);
      tampered.searchParams.set('state', 'forged-state');
      const refused = await browser.open(tampered.href);
      assert.equal(landed(refused), '/login?oidc_error=superseded');
      assert.ok(browser.cookiesOf(app.url).has('oidc_flow'), 'the sign-in this browser did start can still finish');

      // Another browser replaying the genuine address has no flow cookie.
      const other = await new TestBrowser().open(callback.href);
      assert.equal(landed(other), '/login?oidc_error=expired');
      assert.equal((await whoIs(browser)).status, 401);
      assert.equal(await userCount(), before, 'nobody was created');
    });

    it('lets the newer of two sign-ins in two tabs finish when the older comes back first', async () => {
      provider.signInAs({ sub: 'tabs-1', preferred_username: 'tabby' });
      const browser = new TestBrowser();
      const tabA = await callbackOf(browser, '?return_to=/feed');
      const tabB = await callbackOf(browser, '?return_to=/club');
      const first = await browser.open(tabA.href);
      assert.equal(landed(first), '/login?oidc_error=superseded');
      assert.equal(OIDC_ERRORS.superseded, 'A newer sign-in, started in another tab, replaced this one. Finish it there, or try again.');
      assert.equal((await whoIs(browser)).status, 401);
      const second = await browser.open(tabB.href);
      assert.equal(landed(second), '/club');
      assert.equal((await whoIs(browser)).body.user?.username, 'tabby');
    });

    it('sends a signed-in member on to the site from a callback that is stale, replayed or not the current one', async () => {
      provider.signInAs({ sub: 'tabs-2', preferred_username: 'tabitha' });
      const browser = new TestBrowser();
      const tabA = await callbackOf(browser, '?return_to=/feed');
      const tabB = await callbackOf(browser, '?return_to=/club');
      assert.equal(landed(await browser.open(tabB.href)), '/club');
      // Tab A comes back after B signed in: no cookie of its own any more.
      assert.equal(landed(await browser.open(tabA.href)), '/');
      // The finished callback again (the back button): its flow is spent.
      assert.equal(landed(await browser.open(tabB.href)), '/');
      // A mismatching one while a newer sign-in waits: the waiting one is left alone.
      const tabC = await callbackOf(browser, '?return_to=/club');
      const forged = new URL(tabC);
      forged.searchParams.set('state', 'forged-state');
      assert.equal(landed(await browser.open(forged.href)), '/');
      assert.ok(browser.cookiesOf(app.url).has('oidc_flow'));
      assert.equal((await whoIs(browser)).body.user?.username, 'tabitha');
      // Signed out, the same stale callback is refused as before.
      await browser.json('POST', `${app.url}/api/logout`);
      assert.equal(landed(await new TestBrowser().open(tabA.href)), '/login?oidc_error=expired');
    });

    it('spends a waiting sign-in once: its cookie replayed opens no session and is answered as expired', async () => {
      await createUser(app, 'yen', 'yen password 1');
      const { browser, page } = await signIn({ sub: 'yen-sso', preferred_username: 'yen' });
      assert.equal(landed(page), '/login/link');
      const captured = browser.cookiesOf(app.url).get('oidc_link') ?? '';
      assert.ok(captured);
      const created = await browser.json<{ user: { username: string } }>('POST', `${app.url}/api/auth/oidc/create`);
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const before = await userCount();
      const replay = new TestBrowser();
      replay.cookiesOf(app.url).set('oidc_link', captured);
      for (const [method, path, body] of [['POST', 'create'], ['GET', 'pending'], ['POST', 'link', { password: 'yen password 1' }]] as const) {
        const reply = await replay.json(method, `${app.url}/api/auth/oidc/${path}`, body);
        assert.deepEqual([reply.status, reply.body.error, reply.body.code], [400, OIDC_LINK_EXPIRED, 'oidc_link_expired'], path);
      }
      assert.equal((await whoIs(replay)).status, 401, 'no session for the replay');
      assert.equal(await userCount(), before);

      // The same after linking with the password.
      await createUser(app, 'turk', 'turk password 1');
      const linking = await signIn({ sub: 'turk-sso', preferred_username: 'turk' });
      const cookie = linking.browser.cookiesOf(app.url).get('oidc_link') ?? '';
      assert.equal((await linking.browser.json('POST', `${app.url}/api/auth/oidc/link`, { password: 'turk password 1' })).status, 200);
      const again = new TestBrowser();
      again.cookiesOf(app.url).set('oidc_link', cookie);
      const relinked = await again.json('POST', `${app.url}/api/auth/oidc/link`, { password: 'turk password 1' });
      assert.deepEqual([relinked.status, relinked.body.code], [400, 'oidc_link_expired']);
      assert.deepEqual([(await again.json('GET', `${app.url}/api/auth/oidc/pending`)).status, (await whoIs(again)).status], [400, 401]);
    });

    it('shows the provider refusing (access_denied) as a sentence on the login page', async () => {
      provider.setMode('deny');
      try {
        const { browser, page } = await signIn({ sub: 'deny-1', preferred_username: 'denied' });
        assert.equal(landed(page), '/login?oidc_error=access_denied');
        assert.equal((await whoIs(browser)).status, 401);
        assert.ok(OIDC_ERRORS.access_denied.endsWith('.'));
      } finally {
        provider.setMode('approve');
      }
    });

    it('keeps return_to on this site', async () => {
      for (const returnTo of ['https://evil.example/steal', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '/api/user', 'feed']) {
        const { page } = await signIn({ sub: 'return-1', preferred_username: 'returner' }, `?return_to=${encodeURIComponent(returnTo)}`);
        assert.equal(landed(page), '/', returnTo);
      }
      const { page } = await signIn({ sub: 'return-1', preferred_username: 'returner' }, `?return_to=${encodeURIComponent('/user/profile/returner#top')}`);
      assert.equal(`${page.url.pathname}`, '/user/profile/returner');
    });

    it('refuses a new member while registration is closed, but signs in members already linked', async () => {
      await signIn({ sub: 'closed-known', preferred_username: 'known_before' });
      await setMode('closed');
      try {
        const before = await userCount();
        const { browser, page } = await signIn({ sub: 'closed-new', preferred_username: 'newcomer' });
        assert.equal(landed(page), '/login?oidc_error=registration_closed');
        assert.equal(OIDC_ERRORS.registration_closed, 'Registration is closed on this site.');
        assert.equal((await whoIs(browser)).status, 401);
        assert.equal(await userCount(), before);
        const known = await signIn({ sub: 'closed-known', preferred_username: 'known_before' });
        assert.equal((await whoIs(known.browser)).body.user?.username, 'known_before');
      } finally {
        await setMode('open');
      }
    });

    it('asks for an invitation under invite, and spends one passed through the start', async () => {
      await setMode('invite');
      try {
        const refused = await signIn({ sub: 'invite-none', preferred_username: 'uninvited' });
        assert.equal(landed(refused.page), '/login?oidc_error=invite_required');
        assert.ok(OIDC_ERRORS.invite_required.startsWith(INVITE_REQUIRED));
        const invite = (await admin.agent.post('/api/admin/invites', { note: 'For Virgil' })).body.invite as { id: number; url: string };
        const token = new URL(invite.url).searchParams.get('invite') ?? '';
        const { browser, page } = await signIn({ sub: 'invite-1', preferred_username: 'virgil' }, `?invite=${token}&return_to=/club`);
        assert.equal(landed(page), '/club');
        assert.equal((await whoIs(browser)).body.user?.username, 'virgil');
        const listed = (await admin.agent.get('/api/admin/invites')).body.invites.find((row: { id: number }) => row.id === invite.id);
        assert.deepEqual([listed.state, listed.used_by], ['used', 'virgil']);
        const reused = await signIn({ sub: 'invite-2', preferred_username: 'turk' }, `?invite=${token}`);
        assert.equal(landed(reused.page), '/login?oidc_error=invite_invalid');
      } finally {
        await setMode('open');
      }
    });
  });

  describe(`signing out at the identity provider too (${kind})`, () => {
    let app: TestApp;
    let provider: TestProvider;
    before(async () => ({ app, provider } = await startBoth(kind, { signOutAtProvider: true })));
    after(async () => {
      await app?.close();
      await provider?.close();
    });
    it("ends the provider's session too, then the next sign-in asks there again", async () => {
      provider.signInAs({ sub: 'leave-1', preferred_username: 'reuben' });
      const browser = new TestBrowser();
      assert.ok(askedAtProvider(await browser.open(`${app.url}/api/auth/oidc/start`)));
      const me = await browser.json<{ user: { id: number } }>('GET', `${app.url}/api/user`);
      const { oidc_id_token: kept } = await app.database.db.selectFrom('sessions').select('oidc_id_token').where('user_id', '=', me.body.user.id).executeTakeFirstOrThrow();
      assert.match(kept ?? '', /^[\w-]+\.[\w-]+\.[\w-]+$/, 'the ID token is kept with the session');
      // While the provider's session lasts, a sign-in goes straight through it.
      assert.equal(askedAtProvider(await browser.open(`${app.url}/api/auth/oidc/start`)), false);

      const out = await browser.json<{ success: boolean; sign_out_url: string }>('POST', `${app.url}/api/logout`);
      assert.equal(out.status, 200);
      const target = new URL(out.body.sign_out_url);
      assert.equal(target.origin, provider.issuer);
      assert.equal(target.searchParams.get('post_logout_redirect_uri'), `${app.url}/`);
      assert.equal(target.searchParams.get('client_id'), provider.clientId);
      assert.ok(target.searchParams.get('id_token_hint'), 'names the session by its ID token');
      assert.equal((await browser.json('GET', `${app.url}/api/user`)).status, 401, 'signed out here at once');
      const left = await app.database.db.selectFrom('sessions').select('token_hash').where('user_id', '=', me.body.user.id).execute();
      assert.equal(left.length, 1, 'the other session of this browser remains; the one signed out is gone');

      // The provider asks to confirm, then sends the browser back to the home page.
      const confirm = await browser.open(target.href);
      assert.equal(confirm.status, 200);
      const action = /<form[^>]*action="([^"]+)"/.exec(confirm.body)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
      assert.ok(action && xsrf, confirm.body);
      const home = await browser.open(new URL(action, confirm.url).href, 'POST', new URLSearchParams({ xsrf, logout: 'yes' }));
      assert.equal(home.url.href, `${app.url}/`);
      assert.ok(askedAtProvider(await browser.open(`${app.url}/api/auth/oidc/start`)), 'the provider asks again');
    });

    it('keeps the ID token of a session opened by linking an existing account', async () => {
      const member = await createUser(app, 'livingston', 'livingston password 1');
      provider.signInAs({ sub: 'link-leave-1', preferred_username: 'livingston' });
      const browser = new TestBrowser();
      assert.equal((await browser.open(`${app.url}/api/auth/oidc/start`)).url.pathname, '/login/link');
      const linked = await browser.json('POST', `${app.url}/api/auth/oidc/link`, { password: 'livingston password 1' });
      assert.equal(linked.status, 200, JSON.stringify(linked.body));
      const sessions = await app.database.db.selectFrom('sessions').select('oidc_id_token').where('user_id', '=', member.id).execute();
      assert.equal(sessions.filter((session) => session.oidc_id_token).length, 1, 'the linked sign-in, not the password one');
      const out = await browser.json<{ sign_out_url?: string }>('POST', `${app.url}/api/logout`);
      assert.equal(new URL(out.body.sign_out_url ?? '').origin, provider.issuer);
    });

    it('sends a password session to no provider', async () => {
      const member = await createUser(app, 'basher');
      const out = await member.agent.post('/api/logout', {});
      assert.deepEqual([out.status, out.body], [200, { success: true }]);
    });
  });

  describe(`a site that signs members in through its identity provider only (${kind})`, () => {
    let app: TestApp;
    let provider: TestProvider;
    before(async () => ({ app, provider } = await startBoth(kind, { only: true })));
    after(async () => {
      await app?.close();
      await provider?.close();
    });

    it('refuses password login and registration with a sentence, and makes its first member the admin through the provider', async () => {
      assert.deepEqual((await app.agent().get('/api/auth/oidc/config')).body, { success: true, enabled: true, label: LABEL, host: '127.0.0.1', only: true });
      const register = await app.agent().post('/api/register', { username: 'pw_person', password: 'long enough password' });
      assert.deepEqual([register.status, register.body.error, register.body.code], [403, PASSWORD_LOGIN_DISABLED, 'password_login_disabled']);
      const login = await app.agent().post('/api/login', { username: 'pw_person', password: 'long enough password' });
      assert.deepEqual([login.status, login.body.error, login.body.code], [403, PASSWORD_LOGIN_DISABLED, 'password_login_disabled']);
      provider.signInAs({ sub: 'first-1', preferred_username: 'ocean' });
      const browser = new TestBrowser();
      await browser.open(`${app.url}/api/auth/oidc/start`);
      const me = await browser.json<{ user: { username: string; is_admin: boolean } }>('GET', `${app.url}/api/user`);
      assert.deepEqual([me.body.user.username, me.body.user.is_admin], ['ocean', true]);
    });

    it('lets a member delete their account by typing their name, and has no password to change', async () => {
      provider.signInAs({ sub: 'river-1', preferred_username: 'river' });
      const browser = new TestBrowser();
      await browser.open(`${app.url}/api/auth/oidc/start`);
      const change = await browser.json<{ code: string }>('POST', `${app.url}/api/user/password`, { current_password: 'anything at all', new_password: 'something new here' });
      assert.deepEqual([change.status, change.body.code], [403, 'password_login_disabled']);
      for (const body of [{}, { password: 'anything at all' }, { confirm_username: 'rive' }]) {
        const refused = await browser.json<{ error: string }>('DELETE', `${app.url}/api/user`, body);
        assert.deepEqual([refused.status, refused.body.error], [400, 'Type your username exactly to confirm.'], JSON.stringify(body));
      }
      assert.equal((await browser.json('DELETE', `${app.url}/api/user`, { confirm_username: ' RIVER ' })).status, 200);
      assert.equal((await browser.json('GET', `${app.url}/api/user`)).status, 401);
      assert.equal((await app.agent().get('/api/users/river/profile')).status, 404);
    });
  });

  describe(`a site without OIDC_BUTTON_LABEL (${kind})`, () => {
    let app: TestApp;
    let provider: TestProvider;
    before(async () => ({ app, provider } = await startBoth(kind, { label: null })));
    after(async () => {
      await app?.close();
      await provider?.close();
    });

    it("sends no English label but the provider's host, for the client to word the button in its reader's language", async () => {
      assert.deepEqual((await app.agent().get('/api/auth/oidc/config')).body, { success: true, enabled: true, label: null, host: '127.0.0.1', only: false });
    });
  });

  describe(`a site without an identity provider (${kind})`, () => {
    let app: TestApp;
    before(async () => (app = await startTestApp(kind)));
    after(() => app?.close());

    it('offers no button and answers the provider calls with 404', async () => {
      assert.deepEqual((await app.agent().get('/api/auth/oidc/config')).body, { success: true, enabled: false, label: null, host: null, only: false });
      for (const path of ['start?return_to=/', 'callback?code=x&state=y', 'pending']) {
        const reply = await app.agent().get(`/api/auth/oidc/${path}`);
        assert.deepEqual([reply.status, reply.body.error, reply.body.code], [404, OIDC_DISABLED, 'oidc_disabled'], path);
      }
    });
  });
}
