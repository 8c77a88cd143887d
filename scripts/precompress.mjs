#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the built
// client, at the highest levels, once per build; the server sends them as they are.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'web/dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const MIN_BYTES = 1024;

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

let files = 0;
let before = 0;
let after = 0;
for (const file of walk(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const source = fs.readFileSync(file);
  if (source.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(source, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  files += 1;
  before += source.length;
  after += brotli.length;
}
console.log(`Precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with brotli.`);
