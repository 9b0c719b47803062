import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>El Namer</title></head>
<body><h1>El Namer server is running</h1>
<p>The browser app is not built. Run <code>npm run build</code> and restart the server.</p>
<p>The API answers under <code>/api/</code>.</p></body></html>
`;

const HIDDEN_FILES = /\.(map|br|gz)$/i;

/**
 * Serves the Vite-built SPA. The app uses hash routing, so only real files are served and no
 * history fallback is needed. A missing build is not fatal: the API must still come up.
 */
export default fp<{ staticDir: string }>(
  async (app, { staticDir }) => {
    const root = path.resolve(staticDir);
    if (!existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ staticDir: root }, 'browser app not built; serving a placeholder page at /');
      app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
      return;
    }
    // Its own encapsulated context: compression stays off the API, whose answers carry tokens
    // next to text the caller chose (BREACH), and the static routes get their own log level.
    await app.register(async (spa) => {
      // Only for files the build did not precompress (see scripts/vite-precompress.ts).
      await spa.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
      await spa.register(fastifyStatic, {
        root,
        // dist/x.js.br and .gz, written by the build, go out when the browser accepts them.
        preCompressed: true,
        // Source maps stay private; .br/.gz are only sent through content negotiation.
        allowedPath: (pathname) => !HIDDEN_FILES.test(pathname),
        // Build metadata such as .vite/manifest.json is not for visitors.
        dotfiles: 'ignore',
        // Every page load fetches dozens of files; an info line for each would bury the API's.
        logLevel: 'warn',
        cacheControl: false,
        setHeaders(res, filePath) {
          // Vite puts a content hash in every file name under assets/, so those never change.
          const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
          res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The same URL answers brotli, gzip or plain text: caches must keep them apart.
          res.setHeader('vary', 'accept-encoding');
        },
      });
    });
  },
  { name: 'spa' },
);
