import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { moduleChunks } from './build/moduleChunks';
import { primereactBaseStyles } from './build/primereactBaseStyles';
import { primereactStylesOnce } from './build/primereactStylesOnce';
import { pwa } from './build/pwa';
import { unusedPrimeReactParts } from './build/unusedPrimeReactParts';
import { unusedThemeRules } from './build/unusedThemeRules';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

// In development the API runs on its own port; the proxy presents it as same-origin,
// rewriting Origin so the server's cross-site check sees its own address.
const proxy = {
  target: apiTarget,
  changeOrigin: true,
  configure(proxyServer: { on(event: 'proxyReq', listener: (request: { setHeader(name: string, value: string): void }) => void): void }) {
    proxyServer.on('proxyReq', (request) => request.setHeader('origin', apiTarget));
  },
};

export default defineConfig({
  // Files refer to each other relatively, so one build serves any BASE_PATH; the server makes the page's own addresses absolute.
  base: './',
  plugins: [
    react(),
    unusedPrimeReactParts(),
    unusedThemeRules(fileURLToPath(new URL('./src', import.meta.url))),
    primereactBaseStyles(),
    primereactStylesOnce(),
    VitePWA(pwa),
    moduleChunks(fileURLToPath(new URL('.', import.meta.url))),
  ],
  server: {
    port: 5173,
    proxy: { '/api': proxy, '/socket.io': { ...proxy, ws: true }, '/uploads': proxy },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    // Chunks under 10 KB that run nothing on load join a chunk loaded alongside them: a movie page
    // asks for 24 scripts instead of 36 (every one a round trip on a phone's line), the same bytes.
    rollupOptions: {
      output: {
        experimentalMinChunkSize: 10_000,
        // The copy helper, used by four screens, in a file of its own: left to the rule above it joins a
        // chunk of theirs and shifts which small chunks the first visit's script takes in (nearly 1 KB).
        manualChunks: (id) => (id.endsWith('/src/lib/clipboard.ts') ? 'clipboard' : undefined),
      },
    },
    minify: 'terser',
    terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
  },
});
