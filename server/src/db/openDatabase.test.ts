import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { runServerToExit } from '../testing/serverProcess';

describe('a SQLite file the server cannot open', () => {
  it('stops the start with one sentence naming the file, without a stack, and creates nothing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'movieclub-open-'));
    // The folder the file would go in is a file: as with a mistyped path or a mount not there yet.
    const notAFolder = path.join(dir, 'club');
    fs.writeFileSync(notAFolder, 'notes');
    const file = path.join(notAFolder, 'app.db');
    try {
      const result = runServerToExit({ DATABASE_URL: `sqlite:${file}` });
      assert.equal(result.status, 1);
      assert.equal(
        result.stderr.trim(),
        `The SQLite database ${file} cannot be opened: EEXIST: file already exists, mkdir '${notAFolder}'. Check DATABASE_URL, and that its folder can be written.`,
      );
      assert.equal(fs.readFileSync(notAFolder, 'utf8'), 'notes');
      assert.deepEqual(fs.readdirSync(dir), ['club']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
