import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runServerToExit } from './testing/serverProcess';

/** A start that cannot go on stops with one sentence saying what to fix, without a stack. */
describe('folders the server cannot use at start', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-start-'));
  // A folder the server would create is a file: as with a mistyped path, or a mount not there yet.
  const notAFolder = path.join(dir, 'club');
  fs.writeFileSync(notAFolder, 'notes');
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('stops at a SQLite file it cannot open, naming it, and creates nothing', () => {
    const file = path.join(notAFolder, 'app.db');
    const result = runServerToExit({ DATABASE_URL: `sqlite:${file}` });
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr.trim(),
      `The SQLite database ${file} cannot be opened: EEXIST: file already exists, mkdir '${notAFolder}'. Check DATABASE_URL, and that its folder can be written.`,
    );
    assert.equal(fs.readFileSync(notAFolder, 'utf8'), 'notes');
    assert.deepEqual(fs.readdirSync(dir), ['club']);
  });

  it('stops at an uploads folder it cannot write, before any member finds out by uploading a picture', () => {
    const uploads = path.join(notAFolder, 'uploads');
    const result = runServerToExit({ DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`, UPLOADS_DIR: uploads });
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr.trim(),
      `UPLOADS_DIR ${uploads} cannot be written: ENOTDIR: not a directory, mkdir '${path.join(uploads, 'avatars')}'. Give the server a folder it can write.`,
    );
  });
});
