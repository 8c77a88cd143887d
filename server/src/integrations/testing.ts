import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';

const FIXTURES = path.join(REPO_ROOT, 'server', 'src', 'integrations', 'fixtures');

/** A webhook payload as its media server sends it (a fresh copy each call, free to change). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const fixture = (name: string): any => JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));

/** A tiny JPEG header standing in for the poster thumbnail Plex attaches. */
export const PLEX_THUMB = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

/** Plex's webhook body: multipart/form-data with the JSON in `payload` and, for some events, a `thumb` image. */
export function plexForm(payload: unknown, withThumb = true): FormData {
  const form = new FormData();
  form.append('payload', JSON.stringify(payload));
  if (withThumb) form.append('thumb', new Blob([PLEX_THUMB], { type: 'image/jpeg' }), 'thumb.jpg');
  return form;
}

/** Older Emby's webhook body: multipart/form-data with the JSON in `data`. */
export function embyForm(payload: unknown): FormData {
  const form = new FormData();
  form.append('data', JSON.stringify(payload));
  return form;
}
