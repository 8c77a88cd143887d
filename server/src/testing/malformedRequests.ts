import * as contract from '@movieclub/contract';
import fc from 'fast-check';
import { z } from 'zod';
import type { RouteEntry } from '../http/inputGuards';

/** Rows that exist in the app under test, so generated ids and names hit real data. */
export interface KnownRows {
  movieIds: number[];
  listIds: number[];
  /** `{id}-{slug}` add-on identifiers, a personal list's secret one included. */
  listIdentifiers: string[];
  usernames: string[];
  tconsts: string[];
  /** Bytes of a real, small picture for uploads. */
  picture: Uint8Array;
}

/** One request as it goes over the wire; `describe` is what a failure report prints. */
export interface MalformedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** Sent with the signed-in user's cookie (before any `cookie` header here), or as a visitor. */
  signedIn: boolean;
}

const TOO_BIG_IDS = ['2147483648', '99999999999', '99999999999999999999', '9'.repeat(400)];
const ODD_NUMBERS = ['0', '-1', '1.5', '1e3', '0x10', 'NaN', 'Infinity', '', ' 1', '01', '+1'];
const TRAVERSALS = ['..', '..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2f', '....//....//', '..%5c..%5cwindows', '%2fetc%2fpasswd', '.'];
const BROKEN_ENCODINGS = ['%', '%zz', '%E0%A4%A', '%ff%fe', '%C0%AF', '%00', 'a%00b'];
const NUL_TEXT = ['\u0000', 'a\u0000b', 'tt0111161\u0000', '\u0000<p>x</p>'];
const LONG_TEXT = ['a'.repeat(300), 'é'.repeat(20_001), 'x'.repeat(100_000), '🎬'.repeat(5_000)];
const WEIRD_TEXT = ['\ud800', '\udfff\ud800', 'ｔｔ０１１１１６１', 'İ', '\u202e', '\ufeffabc', '<script>alert(1)</script>', "'; drop table users; --", '%s%n', '__proto__', 'constructor', '"', 'NEAR(a b)', 'ab*', '^x', 'title:x', '((', '%_', '\\'];

/** Any code point, lone surrogates included, in short strings. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });

/** UTF-8 percent-encoding that never throws (a lone surrogate becomes U+FFFD, as a browser sends it). */
export function percentEncode(text: string): string {
  let encoded = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/** A value for one part of an address, already in the form it takes in the URL. */
function addressPart(rows: KnownRows): fc.Arbitrary<string> {
  const encoded = (arbitrary: fc.Arbitrary<string>) => arbitrary.map(percentEncode);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...rows.movieIds, ...rows.listIds).map(String) },
    { weight: 3, arbitrary: fc.constantFrom(...rows.listIdentifiers, ...rows.usernames, ...rows.tconsts).map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...TOO_BIG_IDS, ...ODD_NUMBERS.filter(Boolean)).map(percentEncode) },
    { weight: 2, arbitrary: fc.constantFrom(...TRAVERSALS, ...BROKEN_ENCODINGS) },
    { weight: 1, arbitrary: fc.constantFrom(...TOO_BIG_IDS).map((id) => `${id}-list`) },
    { weight: 1, arbitrary: encoded(fc.constantFrom(...NUL_TEXT, ...WEIRD_TEXT, 'a/b', 'me', 'mine', 'public', 'movie', 'x.json')) },
    { weight: 1, arbitrary: encoded(fc.constantFrom(...LONG_TEXT.slice(0, 1))) },
    { weight: 2, arbitrary: encoded(anyText.filter((text) => text.length > 0)) },
  );
}

/** The path of a route with every `:param` and `*` filled, sometimes with extra noise after it. */
function pathFor(route: RouteEntry, rows: KnownRows): fc.Arbitrary<string> {
  const segments = route.url.split('/');
  const filled = segments.map((segment) => {
    if (segment === '*') return fc.array(addressPart(rows), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
    const param = /^:([A-Za-z_]+)(.*)$/.exec(segment);
    if (!param) return fc.constant(segment);
    // A parameter followed by fixed text (`:file.json`) keeps that text.
    return addressPart(rows).map((value) => value + param[2]);
  });
  const noise = fc.oneof(
    { weight: 12, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('/', '//', '/..', '/%2e%2e/%2e%2e/package.json', '/x'.repeat(200)) },
  );
  return fc.tuple(fc.tuple(...filled), noise).map(([parts, tail]) => parts.join('/') + tail);
}

/** The object schemas of the contract: every exported one, and each route contract's params, query and body. */
function contractObjects(): z.ZodObject[] {
  const objects: z.ZodObject[] = [];
  for (const value of Object.values(contract)) {
    if (value instanceof z.ZodObject) objects.push(value);
    else if (value && typeof value === 'object' && !(value instanceof z.ZodType)) {
      for (const route of Object.values(value as Record<string, unknown>)) {
        if (!route || typeof route !== 'object' || !('path' in route)) continue;
        const { params, query, body } = route as contract.RouteContract;
        for (const part of [params, query, body]) if (part instanceof z.ZodObject) objects.push(part);
      }
    }
  }
  return objects;
}

/** Every request or query schema the contract defines, field by field. */
function contractFields(): Map<string, z.ZodType[]> {
  const fields = new Map<string, z.ZodType[]>();
  for (const value of contractObjects()) {
    for (const [name, schema] of Object.entries(value.shape as Record<string, z.ZodType>)) {
      fields.set(name, [...(fields.get(name) ?? []), schema]);
    }
  }
  return fields;
}

/** Values a field of this schema plausibly takes, so requests get past validation and reach the database. */
function plausible(schema: z.ZodType, rows: KnownRows): fc.Arbitrary<unknown> {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return fc.oneof({ weight: 4, arbitrary: plausible(schema.unwrap() as z.ZodType, rows) }, fc.constant(null));
  }
  if (schema instanceof z.ZodDefault) return plausible(schema.unwrap() as z.ZodType, rows);
  if (schema instanceof z.ZodPipe) return plausible(schema.in as z.ZodType, rows);
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as (string | number)[]));
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNumber) return fc.integer({ min: 1, max: 10 });
  if (schema instanceof z.ZodArray) return fc.array(plausible(schema.element as z.ZodType, rows), { maxLength: 5 });
  if (schema instanceof z.ZodString) {
    return fc.oneof(
      fc.constantFrom(...rows.usernames, ...rows.tconsts, 'correct horse battery', 'Friday Frights', '<p>A <b>fine</b> list</p>', 'he', '8', '0', '25'),
      fc.string({ maxLength: 20 }),
    );
  }
  // Row ids (a custom check) and anything else: the seeded rows' ids.
  return fc.constantFrom(...rows.movieIds, ...rows.listIds);
}

/** Values no field should accept: wrong types, huge numbers, odd text, nesting. */
function hostile(rows: KnownRows): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    fc.constantFrom(2 ** 31, 2 ** 53 + 2, 1e20, -1, 0, 1.5, -0, Number.MAX_VALUE, 99999999999),
    fc.constantFrom(...TOO_BIG_IDS, ...ODD_NUMBERS, ...NUL_TEXT, ...WEIRD_TEXT, ...LONG_TEXT.slice(0, 3)),
    fc.constantFrom(true, false, null),
    anyText,
    fc.constantFrom(...rows.movieIds).map(String),
  );
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', '\u0000', 'movie_id'), leaf, { maxKeys: 3 }) },
  );
}

/** A JSON object with the contract's fields: most plausible, some hostile, some missing, some extra. */
function objectBody(rows: KnownRows): fc.Arbitrary<Record<string, unknown>> {
  const entries = [...contractFields()].map(([name, schemas]) =>
    fc
      .oneof(
        { weight: 6, arbitrary: fc.oneof(...schemas.map((schema) => plausible(schema, rows))) },
        { weight: 2, arbitrary: hostile(rows) },
        { weight: 2, arbitrary: fc.constant(undefined) },
      )
      .map((value) => [name, value] as const),
  );
  const extra = fc.dictionary(fc.oneof(anyText, fc.constantFrom('__proto__', 'constructor', 'success')), hostile(rows), { maxKeys: 2 });
  return fc.tuple(fc.tuple(...entries), extra).map(([fields, more]) => {
    const body: Record<string, unknown> = { ...more };
    for (const [name, value] of fields) if (value !== undefined) body[name] = value;
    return body;
  });
}

function multipart(boundary: string, type: string, bytes: Uint8Array): Uint8Array {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="p.png"\r\nContent-Type: ${type}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

type Body = Pick<MalformedRequest, 'body'> & { contentType?: string };

/** A body and its declared type: JSON of the contract's shapes, broken JSON, other types, uploads. */
function body(rows: KnownRows): fc.Arbitrary<Body> {
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  const deep = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  return fc.oneof(
    { weight: 12, arbitrary: objectBody(rows).map(json) },
    { weight: 2, arbitrary: hostile(rows).map(json) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...contractFields().keys()).chain((field) =>
        fc.constantFrom(`{"${field}": 1e400}`, `{"${field}": 123456789012345678901234567890}`, `{"${field}": -0.0}`, `{"${field}": "\\u0000"}`, `{"${field}": ${deep(5_000)}}`),
      ).map((text) => ({ body: text, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('', '{', '{"a":', 'nul', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', deep(200_000), '"text"', '[1,2]', ' ')
        .map((text) => ({ body: text, contentType: 'application/json' })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'application/x-www-form-urlencoded',
            'application/json; charset=latin1',
            'application/json; charset=utf-16',
            'multipart/form-data',
            'multipart/form-data; boundary=',
            `multipart/form-data; boundary=${'b'.repeat(300)}`,
            'multipart/mixed; boundary=x',
            'image/png',
            'application/octet-stream',
            '*/*',
            'json',
          ),
          fc.oneof(anyText, fc.constantFrom('username=a&password=b', '{"username":"a"}', 'x'.repeat(2 * 1024 * 1024))),
        )
        .map(([contentType, text]) => ({ body: text, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom('xyz', 'a'.repeat(70), '"quoted"'),
          fc.constantFrom('image/png', 'text/plain', 'image/svg+xml'),
          fc.oneof(fc.constant(rows.picture), fc.uint8Array({ maxLength: 64 }), fc.constant(rows.picture.slice(0, 40))),
          fc.boolean(),
        )
        .map(([boundary, type, bytes, truncated]) => {
          const whole = multipart(boundary.replaceAll('"', ''), type, bytes);
          return { body: truncated ? whole.slice(0, whole.length - 12) : whole, contentType: `multipart/form-data; boundary=${boundary}` };
        }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** A query string: the contract's query fields and `ids` lists, with plausible and hostile values. */
function query(rows: KnownRows): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...rows.movieIds, ...rows.listIds, 1, 8, 50, 1000).map(String) },
    { weight: 2, arbitrary: fc.array(fc.constantFrom(...rows.movieIds, ...TOO_BIG_IDS, 'junk', '-3'), { maxLength: 5 }).map((ids) => ids.join(',')) },
    { weight: 3, arbitrary: fc.constantFrom(...TOO_BIG_IDS, ...ODD_NUMBERS, ...NUL_TEXT, ...WEIRD_TEXT, ...LONG_TEXT.slice(0, 1), 'the', 'mat') },
    { weight: 2, arbitrary: anyText },
  );
  const names = fc.constantFrom('q', 'limit', 'offset', 'ids', 'skip', 'genre', '__proto__', 'ids[]', 'q[a]');
  const pair = fc.tuple(names, value).map(([name, text]) => `${percentEncode(name)}=${percentEncode(text)}`);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`) },
    { weight: 1, arbitrary: fc.constantFrom(...BROKEN_ENCODINGS, '&&&', '=', 'q', 'q=%', 'ids=1&ids=2').map((text) => `?${text}`) },
  );
}

/** Headers a client may add: junk session and device cookies, foreign or broken origins, odd ranges. */
function extraHeaders(): fc.Arbitrary<Record<string, string>> {
  const junk = fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => text.replace(/[^\x20-\x7e]/g, ''));
  const cookie = fc.oneof(
    junk.map((text) => `sid=${text}`),
    junk.map((text) => `device=${text}`),
    fc.constantFrom('sid=', 'device=', 'device=a.b.c', `device=${'A'.repeat(4000)}`, ';;=;', 'sid="unterminated', 'sid=%zz', 'device=%00'),
  );
  const header = fc.oneof(
    cookie.map((value) => ['cookie', value] as const),
    fc.constantFrom('null', 'http://evil.example', 'not a url', 'http://127.0.0.1', 'file://').map((value) => ['origin', value] as const),
    fc.constantFrom('http://evil.example/x', '::', 'http://[::1').map((value) => ['referer', value] as const),
    fc.constantFrom('bytes=99999999999999999999-', 'bytes=5-1', 'bytes=0-0,1-1,2-2', 'items=0-1').map((value) => ['range', value] as const),
    fc.constantFrom('text/html', '*/*', 'application/xml', 'image/webp').map((value) => ['accept', value] as const),
    fc.constantFrom('gzip', 'br', 'identity, x').map((value) => ['content-encoding', value] as const),
    fc.constantFrom('"x"', '*', 'W/"1"').map((value) => ['if-none-match', value] as const),
  );
  return fc.array(header, { maxLength: 3 }).map((pairs) => Object.fromEntries(pairs));
}

/**
 * Malformed requests for the given routes: each picks a route, fills its address,
 * adds a query and (when the method carries one) a body, as a visitor or signed in.
 */
export function malformedRequests(routes: RouteEntry[], rows: KnownRows): fc.Arbitrary<MalformedRequest> {
  const request = fc.constantFrom(...routes).chain((route) => {
    const carriesBody = route.method !== 'GET' && route.method !== 'HEAD';
    return fc.record({
      route: fc.constant(route),
      path: pathFor(route, rows),
      query: query(rows),
      body: carriesBody ? fc.oneof({ weight: 9, arbitrary: body(rows) }, { weight: 1, arbitrary: fc.constant<Body>({}) }) : fc.constant<Body>({}),
      // Signing out would end the shared session; visitors try that.
      signedIn: route.url === '/api/logout' ? fc.constant(false) : fc.boolean(),
      headers: fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders() }),
    });
  });
  return request.map(({ route, path, query: search, body: sent, signedIn, headers }): MalformedRequest => ({
    method: route.method,
    path: path + search,
    headers: { ...headers, ...(sent.contentType ? { 'content-type': sent.contentType } : {}) },
    ...(sent.body !== undefined ? { body: sent.body } : {}),
    signedIn,
  }));
}

/** A short, printable account of a request for failure reports (long bodies are cut). */
export function describeRequest(request: MalformedRequest): string {
  const body =
    request.body === undefined
      ? ''
      : typeof request.body === 'string'
        ? JSON.stringify(request.body.length > 300 ? `${request.body.slice(0, 300)}… (${request.body.length} characters)` : request.body)
        : `<${request.body.length} bytes>`;
  const type = Object.keys(request.headers).length > 0 ? ` ${JSON.stringify(request.headers).slice(0, 300)}` : '';
  return `${request.signedIn ? 'signed in' : 'visitor'}: ${request.method} ${request.path.slice(0, 400)}${type} ${body}`;
}
