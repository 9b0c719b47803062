import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The browser app. `npm start` builds it into dist/, which the Fastify server serves;
// `npm run dev` serves it with hot reload and proxies the API to a server on :8080.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
