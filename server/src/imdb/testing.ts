import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '../config';

export const SAMPLE_DIR = path.join(REPO_ROOT, 'server', 'data', 'imdb-sample');
export const SAMPLE_BASICS = path.join(SAMPLE_DIR, 'title.basics.tsv');
export const SAMPLE_RATINGS = path.join(SAMPLE_DIR, 'title.ratings.tsv');

/** Data lines (header excluded) of a sample file. */
export function dataLines(file: string): number {
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length - 1;
}

/** A scratch folder removed by the returned function. */
export function scratchDir(): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-test-'));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export function writeGzip(file: string, text: string | Buffer): void {
  fs.writeFileSync(file, zlib.gzipSync(text));
}
