import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { basePath, linksWithBase, withBase } from './basePath';

describe('addresses under the sub-path the site is served at', () => {
  it('prefixes the addresses of this site', () => {
    assert.equal(withBase('/api/posters/tt0000001.svg', '/movies'), '/movies/api/posters/tt0000001.svg');
    assert.equal(withBase('/uploads/avatars/a.webp', '/club/films'), '/club/films/uploads/avatars/a.webp');
    assert.equal(withBase('/', '/movies'), '/movies/');
  });

  it('leaves other sites, relative addresses and the root alone', () => {
    assert.equal(withBase('https://image.tmdb.org/t/p/w342/a.jpg', '/movies'), 'https://image.tmdb.org/t/p/w342/a.jpg');
    assert.equal(withBase('//cdn.example.org/a.jpg', '/movies'), '//cdn.example.org/a.jpg');
    assert.equal(withBase('data:image/png;base64,AAAA', '/movies'), 'data:image/png;base64,AAAA');
    assert.equal(withBase('/api/user', ''), '/api/user');
  });

  it('is the root where no page names a prefix', () => {
    assert.equal(basePath(), '');
    assert.equal(withBase('/api/user'), '/api/user');
  });

  it('puts the links of server-written HTML under the prefix', () => {
    const html = 'cc <a href="/user/profile/Ann">@Ann</a> and <a href="https://example.org/">a site</a>';
    assert.equal(linksWithBase(html, '/movies'), 'cc <a href="/movies/user/profile/Ann">@Ann</a> and <a href="https://example.org/">a site</a>');
    assert.equal(linksWithBase(html, ''), html);
  });
});
