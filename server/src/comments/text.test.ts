import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Member, mentionCandidates, renderComment } from './text';

const members = new Map<string, Member>([
  ['ann', { id: 1, username: 'Ann' }],
  ['bob.smith', { id: 2, username: 'bob.smith' }],
  ['x_y-z', { id: 3, username: 'x_y-Z' }],
]);
const html = (text: string) => renderComment(text, members).html;
const mentions = (text: string) => renderComment(text, members).mentionedUserIds;
const ANN = '<a href="/user/profile/Ann">@Ann</a>';
const link = (href: string, text = href) => `<a href="${href}" rel="nofollow noopener noreferrer ugc" target="_blank">${text}</a>`;

describe('comment mentions', () => {
  it('links @name of a member in any case, showing their own spelling', () => {
    assert.equal(html('hi @ann'), `hi ${ANN}`);
    assert.equal(html('@ANN first'), `${ANN} first`);
    assert.equal(html('cc @Bob.Smith'), 'cc <a href="/user/profile/bob.smith">@bob.smith</a>');
    assert.equal(html('@x_y-z!'), '<a href="/user/profile/x_y-Z">@x_y-Z</a>!');
    assert.deepEqual(mentions('@ann @bob.smith @ANN'), [1, 2]);
  });

  it('allows punctuation around a mention', () => {
    assert.equal(html('(@ann)'), `(${ANN})`);
    assert.equal(html('@ann, hi'), `${ANN}, hi`);
    assert.equal(html('Thanks @ann.'), `Thanks ${ANN}.`);
    assert.equal(html('@ann: yes; @ann? "@ann"'), `${ANN}: yes; ${ANN}? "${ANN}"`);
    assert.equal(html('line\n@ann'), `line<br />${ANN}`);
  });

  it('ignores mentions inside words and e-mail addresses', () => {
    for (const text of ['ann@example.org', 'x@ann', 'mail ann@ann.org', 'x.@ann', '@@ann', '@ann@example.org', 'foo_@ann']) {
      assert.deepEqual(mentions(text), [], text);
      assert.ok(!html(text).includes('<a href="/user'), text);
    }
  });

  it('leaves unknown and malformed names as text', () => {
    assert.equal(html('@nobody here'), '@nobody here');
    assert.equal(html('@an'), '@an');
    assert.equal(html(`@${'a'.repeat(33)}`), `@${'a'.repeat(33)}`);
    assert.deepEqual(mentions('@nobody'), []);
  });

  it('lists the names worth looking up, lowercased, once each', () => {
    assert.deepEqual(mentionCandidates('@Ann and @ann and @Nobody, mail ann@x.org, https://x.org/@carl'), ['ann', 'nobody']);
  });
});

describe('comment links and escaping', () => {
  it('turns http(s) and www. addresses into new-tab, unendorsed links', () => {
    assert.equal(html('see https://example.org/a?b=1&c=2'), `see ${link('https://example.org/a?b=1&amp;c=2')}`);
    assert.equal(html('www.example.org.'), `${link('https://www.example.org/', 'www.example.org')}.`);
    assert.equal(html('(http://example.org/x)'), `(${link('http://example.org/x')})`);
    assert.equal(html('https://en.wikipedia.org/wiki/Film_(genre)'), link('https://en.wikipedia.org/wiki/Film_(genre)'));
    assert.equal(html('example.org/www.nope'), 'example.org/www.nope');
    assert.equal(html('mailto:ann@example.org ftp://example.org'), 'mailto:ann@example.org ftp://example.org');
    // A browser reads a backslash as a slash: the link would lead elsewhere than its text says.
    assert.equal(html('https://good.example\\@evil.example/x'), `${link('https://good.example/', 'https://good.example')}\\@evil.example/x`);
  });

  it('escapes markup and keeps line breaks', () => {
    // Quotes are plain text outside attributes; angle brackets and ampersands never are.
    assert.equal(html('a < b && c > "d" \'e\''), 'a &lt; b &amp;&amp; c &gt; "d" \'e\'');
    assert.equal(html('one\ntwo\r\nthree'), 'one<br />two<br />three');
  });

  it('lets no markup through from hostile text', () => {
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">x</a>',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'https://example.org/" onmouseover="alert(1)',
      "https://example.org/' onmouseover='alert(1)",
      'www.example.org/"><script>alert(1)</script>',
      'https://example.org/<svg/onload=alert(1)>',
      '<svg><script>alert(1)</script></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body{display:none}</style>',
      '"><img src=x onerror=alert(1)>',
      '&lt;script&gt;alert(1)&lt;/script&gt;',
      '\uff1cscript\uff1ealert(1)\uff1c/script\uff1e',
      'https://exa\u200bmple.org/\u202e"onclick=alert(1)',
      '@ann"onmouseover="alert(1)',
      '@<script>',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      '<a href="https://example.org" onclick="alert(1)">x</a>',
      '<br onload=alert(1)>',
    ];
    for (const payload of payloads) {
      const out = html(payload);
      // Only our own tags remain, each with only our attributes.
      const tags = out.match(/<[^>]*>/g) ?? [];
      for (const tag of tags) {
        assert.match(
          tag,
          /^(<br \/>|<\/a>|<a href="(\/user\/profile\/[^"<>]+|https?:\/\/[^"<>\s]+)"( rel="nofollow noopener noreferrer ugc" target="_blank")?>)$/,
          `${payload} → ${out}`,
        );
      }
      // What is left of the payload is text: no raw angle bracket outside those tags.
      assert.doesNotMatch(out.replace(/<[^>]*>/g, ''), /[<>]/, `${payload} → ${out}`);
      assert.doesNotMatch(tags.join(''), /javascript:|on\w+=|<(script|img|svg|iframe|style)/i, `${payload} → ${out}`);
    }
  });
});
