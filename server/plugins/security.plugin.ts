import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers for the API and the SPA. The policy fits the Vite build: scripts only from our
 * origin, inline styles allowed because Mantine injects <style> tags at run time, images also
 * from data: and blob: URLs (colour swatches, uploaded previews) and from any https: address:
 * e-mail templates reference remote images, which the visual editor inserts by URL and the
 * sandboxed preview (an srcdoc frame, under this same policy) must show. An image cannot run
 * anything; scripts stay limited to our own files.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          // No upgrade-insecure-requests: it would break installs served over plain HTTP on a LAN.
        },
      },
      // Sent below only over HTTPS: over plain HTTP browsers ignore it and it only misinforms.
      strictTransportSecurity: false,
    });
    // request.protocol is "https" for a TLS socket, or per X-Forwarded-Proto from a trusted proxy.
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    });
  },
  { name: 'security' },
);
