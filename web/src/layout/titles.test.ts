import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mainClassForPath, titleForPath } from './titles';

describe('titleForPath', () => {
  it('follows the spec rules', () => {
    assert.equal(titleForPath('/'), 'All Movies');
    assert.equal(titleForPath('/add-movie'), 'Add Movie');
    assert.equal(titleForPath('/movie/12'), 'Movie Details');
    assert.equal(titleForPath('/login'), 'Login');
    assert.equal(titleForPath('/login/link'), 'Link your account');
    assert.equal(titleForPath('/some-odd-page/x'), 'Some Odd Page');
    assert.equal(titleForPath('//'), 'Page');
  });

  it('prefers a title the screen gives', () => {
    assert.equal(titleForPath('/watchlist/mine', 'Watchlists'), 'Watchlists');
    assert.equal(titleForPath('/user/profile/alice', 'Profile'), 'Profile');
  });
});

describe('mainClassForPath', () => {
  it('picks the class by path prefix', () => {
    assert.equal(mainClassForPath('/user/profile/bob'), 'profile');
    assert.equal(mainClassForPath('/movie/3'), 'movie');
    assert.equal(mainClassForPath('/watchlist/mine'), 'watchlist');
    assert.equal(mainClassForPath('/add-movie'), 'add-movie');
    assert.equal(mainClassForPath('/login'), 'login');
    assert.equal(mainClassForPath('/register'), 'register');
    assert.equal(mainClassForPath('/'), 'home');
    assert.equal(mainClassForPath('/nowhere'), 'home');
  });
});
