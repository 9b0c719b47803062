import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.ts';
import { signedOutTexts } from './scripts/vite-signed-out-texts.ts';

// The browser app. `npm start` builds it into dist/, which the Fastify server serves;
// `npm run dev` serves it with hot reload and proxies the API to a server on :8080.
export default defineConfig({
  plugins: [react(), signedOutTexts(), precompress()],
  build: {
    outDir: 'dist',
    // Maps stay on the server's disk for debugging but no file points at them and the server
    // refuses to send them, so the source is not published.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks each entry and lazy screen needs (bench/bundle.ts).
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything index.html's script needs before it runs, in one file instead of a
            // handful of shared chunks: every page loads all of it anyway, and one file compresses
            // better (issue 6: the login page's compressed JS).
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
