import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { USERNAME_MAX, USERNAME_PATTERN } from '@movieclub/contract';
import { candidateNames, cleanUsername, safeReturnTo, usernameBase, withSuffix } from './names';

describe('names for members who arrive through the identity provider', () => {
  it('cleans a name to the username rules', () => {
    assert.equal(cleanUsername('José Núñez'), 'Jose_Nunez');
    assert.equal(cleanUsername('  ..-d.ocean-..'), 'd.ocean');
    assert.equal(cleanUsername('李小龍'), '');
    assert.equal(cleanUsername('x'.repeat(50)).length, USERNAME_MAX);
    for (const raw of ['a b\tc', 'ünïcödé✓', 'rm -rf /', '<script>']) assert.match(cleanUsername(raw), /^[A-Za-z0-9_.-]*$/);
  });

  it('takes preferred_username, else the email before the @, else "member"', () => {
    assert.equal(usernameBase('tess', 'tess.ocean@example.org'), 'tess');
    assert.equal(usernameBase(undefined, 'tess.ocean@example.org'), 'tess.ocean');
    assert.equal(usernameBase('✓✓', 'frank@example.org'), 'frank');
    assert.equal(usernameBase('jo', 'j@example.org'), 'jo_member', 'too short everywhere: lengthened');
    assert.equal(usernameBase('jo', 'joanna@example.org'), 'joanna', 'a long enough later source wins over a short one');
    assert.equal(usernameBase(undefined, undefined), 'member');
    assert.equal(usernameBase('李', '李@example.org'), 'member');
  });

  it('numbers names from 2, within the length limit', () => {
    assert.deepEqual(candidateNames('rusty').slice(0, 3), ['rusty', 'rusty2', 'rusty3']);
    const long = 'x'.repeat(USERNAME_MAX);
    assert.equal(withSuffix(long, 12), `${'x'.repeat(USERNAME_MAX - 2)}12`);
    assert.ok(candidateNames(long).every((name) => name.length <= USERNAME_MAX && USERNAME_PATTERN.test(name)));
  });

  it('keeps return addresses on this site', () => {
    assert.equal(safeReturnTo('/movie/12?tab=reviews#r3'), '/movie/12?tab=reviews#r3');
    for (const bad of [undefined, '', 'feed', 'https://evil.example/', '//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', '/api/user', '/api', '/login/link']) {
      assert.equal(safeReturnTo(bad), '/', String(bad));
    }
  });
});
