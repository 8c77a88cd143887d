// Cuts PrimeIcons down to the icons the client names (`npx tsx web/build/subsetIcons.ts`):
// writes web/src/icons/icons.css and its font, in place of the package's 300-odd icons (35 KB of
// font on every first visit). Run it after using a new icon; web/src/icons/icons.test.ts fails
// until then. Needs fonttools (pip install fonttools brotli).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iconCodepoints, usedIconNames } from './iconSubset';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packageDir = path.resolve(web, '../node_modules/primeicons');
const out = path.join(web, 'src/icons');
const codepoints = iconCodepoints(fs.readFileSync(path.join(packageDir, 'primeicons.css'), 'utf8'));

const names = usedIconNames(path.join(web, 'src'));
const missing = names.filter((name) => !codepoints.has(name));
if (missing.length) throw new Error(`Not in PrimeIcons: ${missing.join(', ')}`);
const unicodes = [...new Set(names.map((name) => codepoints.get(name)!))].sort().map((hex) => `U+${hex}`);

execFileSync(
  'pyftsubset',
  [path.join(packageDir, 'fonts/primeicons.woff2'), `--unicodes=${unicodes.join(',')}`, '--flavor=woff2', `--output-file=${path.join(out, 'primeicons-subset.woff2')}`],
  { stdio: 'inherit' },
);

const version = (JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
const rules = names.map((name) => `.pi-${name}:before {\n  content: "\\${codepoints.get(name)}";\n}`);
fs.writeFileSync(
  path.join(out, 'icons.css'),
  `/* Written by web/build/subsetIcons.ts from PrimeIcons ${version}: the icons web/src names. Do not edit. */
@font-face {
  font-family: "primeicons";
  font-display: block;
  src: url("./primeicons-subset.woff2") format("woff2");
  font-weight: normal;
  font-style: normal;
  unicode-range: ${unicodes.join(', ')};
}
.pi {
  font-family: "primeicons";
  speak: none;
  font-style: normal;
  font-weight: normal;
  font-variant: normal;
  text-transform: none;
  line-height: 1;
  display: inline-block;
  -webkit-font-smoothing: antialiased;
  -moz-osx-font-smoothing: grayscale;
}
.pi:before {
  backface-visibility: hidden;
}
${rules.join('\n')}
`,
);
console.log(`${names.length} icons, ${fs.statSync(path.join(out, 'primeicons-subset.woff2')).size} bytes of font`);
