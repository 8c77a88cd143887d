import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the server reads which chunk holds each source module (server/src/web/screenPreloads.ts). */
export const MODULE_CHUNKS_FILE = '.vite/module-chunks.json';

/**
 * Writes, for each module under `src/`, the file of the chunk that holds it. Vite's manifest names a
 * chunk by its source only when the chunk stands for that one module; a screen merged into a
 * shared chunk (small chunks join others, see vite.config.ts) is named `_MoviePage-….js` there, and
 * the server could not tell which files draw the screen.
 */
export function moduleChunks(root: string): Plugin {
  return {
    name: 'module-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunkOf: Record<string, string> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const id of output.moduleIds) {
          const relative = path.relative(root, id).split(path.sep).join('/');
          if (relative.startsWith('src/')) chunkOf[relative] = output.fileName;
        }
      }
      this.emitFile({ type: 'asset', fileName: MODULE_CHUNKS_FILE, source: JSON.stringify(chunkOf, Object.keys(chunkOf).sort()) });
    },
  };
}
