import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>El Namer</title></head>
<body><h1>El Namer server is running</h1>
<p>The browser app is not built. Run <code>npm run build</code> and restart the server.</p>
<p>The API answers under <code>/api/</code>.</p></body></html>
`;

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
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every file name under assets/, so those never change.
        const immutable = filePath.startsWith(path.join(root, 'assets') + path.sep);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  },
  { name: 'spa' },
);
