import fs from 'node:fs';
import path from 'node:path';

const DATASET_FILE = /^title\.(basics|ratings|akas)\.tsv(\.gz)?$/;

/**
 * Expands the import arguments: files stay as given; a folder contributes its
 * title.basics / title.ratings / title.akas files (gzip preferred when both forms are present).
 */
export function datasetFiles(args: string[]): string[] {
  const files: string[] = [];
  for (const arg of args) {
    const stat = fs.statSync(arg, { throwIfNoEntry: false });
    if (!stat) throw new Error(`${arg} does not exist.`);
    if (!stat.isDirectory()) {
      files.push(arg);
      continue;
    }
    const names = fs.readdirSync(arg).filter((name) => DATASET_FILE.test(name));
    for (const base of ['title.basics.tsv', 'title.ratings.tsv', 'title.akas.tsv']) {
      const chosen = names.includes(`${base}.gz`) ? `${base}.gz` : names.includes(base) ? base : null;
      if (chosen) files.push(path.join(arg, chosen));
    }
  }
  return files;
}
